"""The Battaglia rulebook, the numbers of the rule text and the ordered list of a turn's steps.

Every decision of the engine cites the IDs declared here, through :func:`cite`,
so a misspelt ID fails at import time.

>>> cite("BAT-6.4"), RULEBOOK["I-BAT-1"].title
('BAT-6.4', 'A reroll is a roll')
>>> [step.name for step in TURN_STEPS]
['Roll the dice', 'Status effects', 'Every-roll abilities', 'Abilities in threat order', 'Reactions', 'Deaths']
"""

from __future__ import annotations

from typing import NamedTuple

from ..rulings import Rulebook, Ruling

RULEBOOK = Rulebook(
    "battaglia",
    "Battaglia — battles",
    "battaglia/",
    [
        Ruling("BAT-1", "Battles play themselves"),
        Ruling("BAT-2", "The opponent is a snapshot"),
        Ruling("BAT-3", "Threat order"),
        Ruling("BAT-4", "The default target"),
        Ruling("BAT-5", "Abilities that name another target"),
        Ruling("BAT-6", "A turn, step by step"),
        Ruling("BAT-6.1", "Roll two six-sided dice"),
        Ruling("BAT-6.2", "Status effects apply"),
        Ruling("BAT-6.3", "Every-roll abilities and dice-total modifiers"),
        Ruling("BAT-6.4", "Abilities resolve in threat order"),
        Ruling("BAT-6.5", "Reactions resolve at once and chain"),
        Ruling("BAT-6.6", "Deaths at the end of the turn"),
        Ruling("BAT-7", "A reroll restarts the turn"),
        Ruling("BAT-8", "A side with no cryptids left"),
        Ruling("BAT-9", "36 rolls, or no damage possible"),
        Ruling("BAT-10", "A draw costs no lives and is not a win"),
        Ruling("BAT-11", "Sudden death"),
        Ruling("BAT-12", "Battles change the score"),
        Ruling("I-BAT-1", "A reroll is a roll", interpretation=True),
        Ruling("I-BAT-2", "Sudden-death bonus", interpretation=True),
        Ruling("I-BAT-3", "Down, not yet dead", interpretation=True),
        Ruling("I-BAT-4", "Restarting a turn", interpretation=True),
        Ruling("I-BAT-5", "Deaths chain within step 6", interpretation=True),
        Ruling("I-BAT-6", "Who wins when both sides empty", interpretation=True),
        Ruling("I-BAT-7", "“Neither side can damage the other”", interpretation=True),
        Ruling("I-BAT-8", "The 36th roll is the last", interpretation=True),
        Ruling("I-BAT-9", "Tie-breaks", interpretation=True),
        Ruling("I-BAT-10", "Reaction chains end", interpretation=True),
        Ruling("I-BAT-11", "Dice-total modifiers", interpretation=True),
        Ruling("I-BAT-12", "Randomness", interpretation=True),
    ],
)
cite = RULEBOOK.cite

#: Two dice with six faces each (BAT-6.1).
DICE = 2
FACES = 6

#: The battle ends after the turn of this roll (BAT-9, I-BAT-8).
ROLL_LIMIT = 36

#: Sudden death starts at this roll; the bonus on roll r is r - 15 (BAT-11, I-BAT-2).
SUDDEN_DEATH_FROM = 16

#: Reaction activations allowed in one turn, restarts included (I-BAT-10).
REACTION_CAP = 20

#: Engine limits on team size and ability count (not in the rule text; they keep battles quick in a browser).
MAX_CRYPTIDS = 12
MAX_ABILITIES = 8
MAX_HEALTH = 999
MAX_THREAT = 99
MAX_AMOUNT = 99

#: The largest seed a battle or an estimate accepts (a signed 64-bit whole number, safe in JSON tools).
MAX_SEED = 2**63 - 1


def sudden_death_bonus(roll: int) -> int:
    """The extra damage of every ability damage instance on roll ``roll`` (I-BAT-2).

    >>> [sudden_death_bonus(r) for r in (1, 15, 16, 17, 36)]
    [0, 0, 1, 2, 21]
    """
    return roll - SUDDEN_DEATH_FROM + 1 if roll >= SUDDEN_DEATH_FROM else 0


class TurnStep(NamedTuple):
    """One step of a turn (BAT-6)."""

    number: int
    """The step's number in the rule text, 1 to 6."""

    name: str
    """Short English name."""

    italian: str
    """The key Italian words, so players of the Italian text recognise it."""

    what: str
    """What happens, in our words."""

    rulings: tuple[str, ...]
    """The rulings that govern it."""


TURN_STEPS: tuple[TurnStep, ...] = (
    TurnStep(
        1,
        "Roll the dice",
        "tira i dadi",
        "Two six-sided dice are rolled; every roll, reroll or not, counts.",
        (cite("BAT-6.1"), cite("I-BAT-1")),
    ),
    TurnStep(
        2,
        "Status effects",
        "effetti di stato",
        "Damage over time ticks on every cryptid that carries it (no sudden-death bonus, no reactions).",
        (cite("BAT-6.2"), cite("I-BAT-2")),
    ),
    TurnStep(
        3,
        "Every-roll abilities",
        "abilità di ogni tiro",
        "Abilities that act on every roll, including dice-total modifiers, in threat order; "
        "modifiers change the total before any check.",
        (cite("BAT-6.3"), cite("I-BAT-11")),
    ),
    TurnStep(
        4,
        "Abilities in threat order",
        "ordine di minaccia",
        "Abilities whose condition the roll meets resolve, highest threat first on both sides; "
        "a cryptid at 0 health does not act.",
        (cite("BAT-6.4"), cite("BAT-3"), cite("I-BAT-3"), cite("I-BAT-9")),
    ),
    TurnStep(
        5,
        "Reactions",
        "reazioni",
        "Damage or healing that an ability deals triggers reactions at once; they can chain, up to the cap.",
        (cite("BAT-6.5"), cite("I-BAT-10")),
    ),
    TurnStep(
        6,
        "Deaths",
        "morti",
        "Every cryptid at 0 health dies; death abilities resolve in threat order, and so on until none is down.",
        (cite("BAT-6.6"), cite("I-BAT-5")),
    ),
)
"""The six steps of a turn, in order (BAT-6). The engine's turn loop follows
this list; every trace event carries the number of the step it belongs to."""

STEP_ROLL, STEP_STATUS, STEP_EVERY_ROLL, STEP_ABILITIES, STEP_REACTIONS, STEP_DEATHS = (s.number for s in TURN_STEPS)
