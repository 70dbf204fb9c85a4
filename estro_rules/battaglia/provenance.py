"""Where Battaglia's rulings come from: its source document, how it is read, the paragraphs each ruling
restates, and the basis of each interpretation (see :mod:`estro_rules.sources`).

>>> [s.paragraph for s in SOURCE.records["BAT-6"]]
[1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

from ..sources import Reader, Shape, Source, SourceDocument, standing_alone
from .rulebook import RULEBOOK

BAT = "Battaglia"
"""The document, by its title line."""

SOURCE = SourceDocument(
    Reader(
        BAT,
        Shape.BLOCKS,
        standing_alone,
        ("Battaglia", "Il tuo avversario", "Minaccia e bersagliamento", "Un turno, passo dopo passo", "Vincere lo scontro"),
    ),
    RULEBOOK.keyed(
        {
            "BAT-1": (
                Source(BAT, "Battaglia", 1, "aa7941a9b079b224"),
                Source(BAT, "Battaglia", 2, "b1314ae869f0888a"),
            ),
            "BAT-2": (Source(BAT, "Il tuo avversario", 1, "c56f008d198ecace"),),
            "BAT-3": (Source(BAT, "Minaccia e bersagliamento", 1, "685d42ee2d8f2ac9"),),
            "BAT-4": (Source(BAT, "Minaccia e bersagliamento", 2, "39dd3b2f1be0fb6f"),),
            "BAT-5": (Source(BAT, "Minaccia e bersagliamento", 2, "39dd3b2f1be0fb6f"),),
            "BAT-6": (
                Source(BAT, "Un turno, passo dopo passo", 1, "37d1b377a4090fbb"),
                Source(BAT, "Un turno, passo dopo passo", 2, "95af7eb32bfdbdc7"),
                Source(BAT, "Un turno, passo dopo passo", 3, "2f0679a4bf5081d3"),
                Source(BAT, "Un turno, passo dopo passo", 4, "8b2f08d17a503b64"),
                Source(BAT, "Un turno, passo dopo passo", 5, "b38cbf3ef27647ba"),
                Source(BAT, "Un turno, passo dopo passo", 6, "f9fae2bd1e8cdc09"),
            ),
            "BAT-6.1": (Source(BAT, "Un turno, passo dopo passo", 1, "37d1b377a4090fbb"),),
            "BAT-6.2": (Source(BAT, "Un turno, passo dopo passo", 2, "95af7eb32bfdbdc7"),),
            "BAT-6.3": (Source(BAT, "Un turno, passo dopo passo", 3, "2f0679a4bf5081d3"),),
            "BAT-6.4": (Source(BAT, "Un turno, passo dopo passo", 4, "8b2f08d17a503b64"),),
            "BAT-6.5": (Source(BAT, "Un turno, passo dopo passo", 5, "b38cbf3ef27647ba"),),
            "BAT-6.6": (Source(BAT, "Un turno, passo dopo passo", 6, "f9fae2bd1e8cdc09"),),
            "BAT-7": (Source(BAT, "Un turno, passo dopo passo", 7, "c75ee593d8b91464"),),
            "BAT-8": (
                Source(BAT, "Battaglia", 1, "aa7941a9b079b224"),
                Source(BAT, "Vincere lo scontro", 1, "f42c27d3f6ce66c9"),
            ),
            "BAT-9": (Source(BAT, "Vincere lo scontro", 2, "15e371c10ec16e0d"),),
            "BAT-10": (Source(BAT, "Vincere lo scontro", 3, "9320bd4a20d00895"),),
            "BAT-11": (Source(BAT, "Vincere lo scontro", 4, "56d28376f424fcbd"),),
            "BAT-12": (Source(BAT, "Vincere lo scontro", 5, "0dc168c8307d2035"),),
        }
    ),
    bases=RULEBOOK.keyed(
        {
            "I-BAT-1": "A reroll restarts the turn with fresh dice, but the text does not say whether that roll counts "
            "toward roll 16 and roll 36; counting every roll is what guarantees that a battle ends.",
            "I-BAT-2": "Sudden death adds 1 damage from roll 16 and keeps growing, but the text fixes neither the step "
            "nor what it is added to; the engine adds r − 15 on roll r to each hit an ability deals, not to status ticks.",
            "I-BAT-3": "The text stops a cryptid at 0 health from activating and removes the dead only at step 6, "
            "without naming the state in between; the engine calls it down and lets it neither act, react nor be targeted.",
            "I-BAT-4": "A reroll restarts the turn at step 1 and keeps the damage dealt, but the text is silent on the rest; "
            "the engine replays every step with the new dice and keeps down cryptids down until step 6.",
            "I-BAT-5": "Deaths at the end of the turn can set off death abilities, and the text does not say what happens "
            "when those down further cryptids; the engine lets them die in the same step, round after round.",
            "I-BAT-6": "The text calls it a draw when both last cryptids go at the same moment, yet deaths at step 6 "
            "resolve one by one; the engine counts both sides empty after step 6 as that same moment.",
            "I-BAT-7": "The battle ends when neither side can damage the other, but the text gives no test for it; the "
            "engine looks at each turn's end for a living damage dealer or an active damage over time.",
            "I-BAT-8": "The text sets 36 rolls as a limit without saying whether the turn of the 36th is played out; the "
            "engine finishes that turn, deaths included, and allows no reroll after it.",
            "I-BAT-9": "The text settles only a tie between targets of equal threat (the leftmost); the engine applies "
            "leftmost-first to every tie within a side and lets the seeded generator settle equal threat across sides.",
            "I-BAT-10": "Reactions may chain with no stated limit, so two cryptids answering every hit would never stop; "
            "the engine caps reactions per turn and lets damage or healing of 0 trigger nothing.",
            "I-BAT-11": "Dice-total modifiers act before any check on the roll, but the text does not say which checks see "
            "the change; totals use the modified sum, while conditions on the faces read the dice as thrown.",
            "I-BAT-12": "The text does not say where a battle's chance comes from; drawing it all from one seed makes a "
            "battle a pure function of the two teams and the seed, so it replays exactly anywhere.",
            "I-BAT-13": "The text says a draw costs no lives and sends scoring to Matchmaking, which is not published; "
            "marking only the losing side as the one a battle can cost lives is the reading the draw rule leaves.",
            "I-BAT-14": "The text gives a default target only for abilities that hit an enemy; a healing ability that "
            "names none heals itself, the one cryptid sure to be on its side.",
            "I-BAT-15": "The text numbers reactions as step 5 yet says they go off at once and chain; resolving them "
            "inside the step that set them off keeps both statements true.",
            "I-BAT-16": "Step 6 lets deaths set off death abilities, and the text is silent on a reaction to an ally's "
            "death; the engine lets the survivors answer first, then the dead strike back.",
            "I-BAT-17": "Step 3 activates the “abilità di ogni tiro”, dice-total changes among them, before any check on the "
            "roll; abilities that act whatever the dice show need no check, so the engine reads the words as those and "
            "leaves every ability that waits for a particular roll to step 4.",
            "I-BAT-18": "Step 5 lets an ability that deals damage or heals set off others at once; a damage-over-time tick "
            "is a status effect applying at step 2, not an ability dealing damage, so it sets off no reaction.",
            "I-BAT-19": "Step 5 says reactions go off at once but gives no order when one hit sets off several; the hit "
            "cryptid answers first, in its abilities' order, then its allies in threat order.",
        }
    ),
)
"""Battaglia: every source ruling → the paragraphs it restates; every interpretation → its basis."""
