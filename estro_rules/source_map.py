"""Where each ruling comes from: the source paragraphs it restates, and the basis of each interpretation.

:data:`SOURCES` maps every source ruling of the three rulebooks to the
paragraphs it restates (:class:`~estro_rules.sources.Source`: document,
section, paragraph number and fingerprint, as defined in
:mod:`estro_rules.sources`). Every paragraph of every document is cited by at
least one ruling or listed in :data:`NOT_RULES` with the reason it states no
rule. :data:`BASIS` gives, for every interpretation, why the source is silent
or ambiguous on the point and why the engine reads it this way.

``python -m estro_rules sources check FILE...`` compares these records with
the documents as they are now; when a source is edited, it names the rulings
to re-read. After re-reading one, update its records here (the check's
report gives the new places; :meth:`Source.of <estro_rules.sources.Source.of>`
gives a paragraph's record).

>>> SOURCES["P07-2"]
(Source(document='PROTOCOL_07', section='INFO', paragraph=2, fingerprint='3b26ad77d11e8641'),)
>>> [s.paragraph for s in SOURCES["BAT-6"]]
[1, 2, 3, 4, 5, 6]
>>> BASIS["I-R19-3"].startswith("§19.8")
True
"""

from __future__ import annotations

from .sources import NotARule, Source

# The documents, by their title lines.
P07 = "PROTOCOL_07"
BAT = "Battaglia"
R19 = "19. Resolution Rules"

# The longer section headings, as the documents write them.
RESOLUTION_ORDER = "RESOLUTION ORDER — DESTRUCTION"
INCOMPATIBLE = "INCOMPATIBLE COMBINATIONS"
S19_1 = "19.1 Resolution Sequence"
S19_2 = "19.2 State Transitions"
S19_3 = "19.3 Activated Ability Timing"
S19_4 = "19.4 Flipping Does Not Destroy"
S19_5 = "19.5 Visual Identification of Contested, Fallen, and Prime Faces"
S19_6 = "19.6 Numerical Bonuses Do Not Create Abilities or Stats"
S19_7 = "19.7 A Value a Card Does Not Print"
S19_8 = "19.8 DEF or Rank Reduced to 0 or Less"

SECTIONS: dict[str, tuple[str, ...]] = {
    P07: ("MODE COMBINATIONS", "INFO", RESOLUTION_ORDER, INCOMPATIBLE),
    BAT: ("Battaglia", "Il tuo avversario", "Minaccia e bersagliamento", "Un turno, passo dopo passo", "Vincere lo scontro"),
    R19: (S19_1, S19_2, S19_3, S19_4, S19_5, S19_6, S19_7, S19_8),
}
"""Each document's sections, in the document's order (the source coverage page lists them so)."""

SOURCES: dict[str, tuple[Source, ...]] = {
    "P07-1": (Source(P07, "INFO", 1, "e6aa6023a1f03ed2"),),
    "P07-2": (Source(P07, "INFO", 2, "3b26ad77d11e8641"),),
    "P07-3": (
        Source(P07, INCOMPATIBLE, 1, "4916c1b24ea32bb1"),
        Source(P07, INCOMPATIBLE, 2, "8aae87d6ce15afaf"),
        Source(P07, INCOMPATIBLE, 3, "788e18cf3dff365d"),
        Source(P07, INCOMPATIBLE, 4, "3f5f6218d7265174"),
        Source(P07, INCOMPATIBLE, 5, "2341f38c020dc453"),
        Source(P07, INCOMPATIBLE, 6, "60dbc8a780b772c3"),
    ),
    "P07-3.1": (Source(P07, INCOMPATIBLE, 3, "788e18cf3dff365d"),),
    "P07-3.2": (Source(P07, INCOMPATIBLE, 4, "3f5f6218d7265174"),),
    "P07-3.3": (Source(P07, INCOMPATIBLE, 5, "2341f38c020dc453"),),
    "P07-3.4": (Source(P07, INCOMPATIBLE, 6, "60dbc8a780b772c3"),),
    "P07-4": (
        Source(P07, RESOLUTION_ORDER, 1, "97b27291c2df2148"),
        Source(P07, RESOLUTION_ORDER, 2, "327909ab713b1ddb"),
        Source(P07, RESOLUTION_ORDER, 3, "e165455eca3fded5"),
        Source(P07, RESOLUTION_ORDER, 4, "0137b250899ca94f"),
        Source(P07, RESOLUTION_ORDER, 5, "ff2e8788a055e5b7"),
        Source(P07, RESOLUTION_ORDER, 6, "8838a7b8c678642b"),
    ),
    "P07-4.1": (
        Source(P07, RESOLUTION_ORDER, 2, "327909ab713b1ddb"),
        Source(P07, RESOLUTION_ORDER, 7, "0d683176f1985a69"),
        Source(P07, RESOLUTION_ORDER, 8, "4826141e8c33ef99"),
    ),
    "P07-4.2": (
        Source(P07, RESOLUTION_ORDER, 3, "e165455eca3fded5"),
        Source(P07, RESOLUTION_ORDER, 9, "d70a5e5060c4e04b"),
        Source(P07, RESOLUTION_ORDER, 10, "860b9e8e5de693c3"),
    ),
    "P07-4.3": (
        Source(P07, RESOLUTION_ORDER, 4, "0137b250899ca94f"),
        Source(P07, RESOLUTION_ORDER, 11, "6a253386d2bb263f"),
        Source(P07, RESOLUTION_ORDER, 12, "c5d74fada35a4573"),
    ),
    "P07-4.4": (
        Source(P07, RESOLUTION_ORDER, 5, "ff2e8788a055e5b7"),
        Source(P07, RESOLUTION_ORDER, 13, "db4c527033e2b8b2"),
        Source(P07, RESOLUTION_ORDER, 14, "12f49abe9846f6a9"),
    ),
    "P07-4.5": (
        Source(P07, RESOLUTION_ORDER, 6, "8838a7b8c678642b"),
        Source(P07, RESOLUTION_ORDER, 15, "92b4c2ec32fd90b4"),
        Source(P07, RESOLUTION_ORDER, 16, "785ea6ed107dbb36"),
    ),
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
    "R19-1": (
        Source(R19, S19_1, 1, "cd0301eed3e35a2f"),
        Source(R19, S19_1, 2, "c1c932779500c4fc"),
    ),
    "R19-1.1": (Source(R19, S19_1, 1, "cd0301eed3e35a2f"),),
    "R19-1.2": (Source(R19, S19_1, 1, "cd0301eed3e35a2f"),),
    "R19-1.3": (Source(R19, S19_1, 2, "c1c932779500c4fc"),),
    "R19-2": (
        Source(R19, S19_2, 1, "2f6d851c0d774931"),
        Source(R19, S19_2, 6, "9336beffb5ee8f6e"),
        Source(R19, S19_2, 7, "7f9275a015ef31b4"),
        Source(R19, S19_2, 9, "c0b7e4f68e01d4e6"),
    ),
    "R19-2.1": (
        Source(R19, S19_2, 1, "2f6d851c0d774931"),
        Source(R19, S19_2, 2, "64aaf16e4b4e11f3"),
        Source(R19, S19_2, 3, "90a8b381343dfee4"),
        Source(R19, S19_2, 4, "326ad26c13020673"),
        Source(R19, S19_2, 5, "f31ed54b87f1eb41"),
    ),
    "R19-2.2": (Source(R19, S19_2, 6, "9336beffb5ee8f6e"),),
    "R19-2.3": (Source(R19, S19_2, 7, "7f9275a015ef31b4"),),
    "R19-2.4": (Source(R19, S19_2, 7, "7f9275a015ef31b4"),),
    "R19-2.5": (Source(R19, S19_2, 7, "7f9275a015ef31b4"),),
    "R19-2.6": (Source(R19, S19_2, 8, "a44f914ebf9c6646"),),
    "R19-2.7": (
        Source(R19, S19_2, 9, "c0b7e4f68e01d4e6"),
        Source(R19, S19_2, 10, "3d0e11f8ee796f09"),
        Source(R19, S19_2, 11, "88be7135aa8592c2"),
        Source(R19, S19_2, 12, "5471285fa7873a12"),
        Source(R19, S19_2, 13, "7caaab92391425b2"),
    ),
    "R19-2.8": (Source(R19, S19_2, 14, "c4a9519eec65f27c"),),
    "R19-3": (
        Source(R19, S19_3, 1, "37128d35c1a8fc9b"),
        Source(R19, S19_3, 2, "9d59d8790119be5b"),
        Source(R19, S19_3, 3, "519ebd5b3ffcd50e"),
        Source(R19, S19_3, 4, "df31ca5f318714a8"),
    ),
    "R19-3.1": (Source(R19, S19_3, 1, "37128d35c1a8fc9b"),),
    "R19-3.2": (Source(R19, S19_3, 2, "9d59d8790119be5b"),),
    "R19-3.3": (Source(R19, S19_3, 3, "519ebd5b3ffcd50e"),),
    "R19-3.4": (Source(R19, S19_3, 4, "df31ca5f318714a8"),),
    "R19-4": (Source(R19, S19_4, 1, "dceb3209eac321fc"),),
    "R19-4.1": (Source(R19, S19_4, 1, "dceb3209eac321fc"),),
    "R19-4.2": (Source(R19, S19_4, 2, "d6abb12cc1b3db96"),),
    "R19-4.3": (Source(R19, S19_4, 2, "d6abb12cc1b3db96"),),
    "R19-4.4": (Source(R19, S19_4, 2, "d6abb12cc1b3db96"),),
    "R19-5": (Source(R19, S19_5, 1, "42dbc8b8cd55103e"),),
    "R19-5.1": (Source(R19, S19_5, 1, "42dbc8b8cd55103e"),),
    "R19-6": (Source(R19, S19_6, 1, "12f3015494377e49"),),
    "R19-6.1": (
        Source(R19, S19_6, 1, "12f3015494377e49"),
        Source(R19, S19_6, 2, "c55f2fad1374613e"),
    ),
    "R19-6.2": (
        Source(R19, S19_6, 3, "404d1bc6a4a7591e"),
        Source(R19, S19_6, 4, "1ad9f62c440907a0"),
    ),
    "R19-6.3": (
        Source(R19, S19_6, 4, "1ad9f62c440907a0"),
        Source(R19, S19_6, 5, "c7333ce7723a3a58"),
        Source(R19, S19_6, 6, "627f7fe658b536ce"),
    ),
    "R19-7": (
        Source(R19, S19_7, 1, "54a0488752d4792e"),
        Source(R19, S19_7, 2, "f82bca25ed13ae6b"),
        Source(R19, S19_7, 5, "86ebaef9fbcea350"),
    ),
    "R19-7.1": (Source(R19, S19_7, 1, "54a0488752d4792e"),),
    "R19-7.2": (Source(R19, S19_7, 3, "ca13e2c9002d205c"),),
    "R19-7.3": (Source(R19, S19_7, 4, "4e4215509f34d9ec"),),
    "R19-7.4": (Source(R19, S19_7, 4, "4e4215509f34d9ec"),),
    "R19-7.5": (Source(R19, S19_7, 6, "8969f5ab8b9fc5ca"),),
    "R19-8": (
        Source(R19, S19_8, 1, "33a7f22f5edae4f5"),
        Source(R19, S19_8, 6, "1af8585090222332"),
    ),
    "R19-8.1": (
        Source(R19, S19_8, 1, "33a7f22f5edae4f5"),
        Source(R19, S19_8, 2, "f00305f48ac6c73d"),
    ),
    "R19-8.2": (Source(R19, S19_8, 2, "f00305f48ac6c73d"),),
    "R19-8.3": (Source(R19, S19_8, 3, "e2a80e19797fe95e"),),
    "R19-8.4": (Source(R19, S19_8, 3, "e2a80e19797fe95e"),),
    "R19-8.5": (Source(R19, S19_8, 4, "cdc0ca7bae6dbd26"),),
    "R19-8.6": (
        Source(R19, S19_8, 5, "d6eda9180d482317"),
        Source(R19, S19_8, 6, "1af8585090222332"),
    ),
}
"""Every source ruling (not the ``I-`` interpretations) → the paragraphs it restates, in rulebook order."""

NOT_RULES: tuple[NotARule, ...] = (
    NotARule(
        Source(P07, "MODE COMBINATIONS", 1, "a62d8b77dd3a7ece"),
        "the protocol's subtitle: it says what the document covers and states no rule",
    ),
)
"""The paragraphs that deliberately restate no rule, each with its reason."""

BASIS: dict[str, str] = {
    # PROTOCOL_07
    "I-P07-1": "Three destruction steps speak of “the player” without saying whose side is meant, and the Fessura "
    "step names nobody; the Imboscata step can only concern the owner's own face-down card, so all four are read "
    "as acting for the owner.",
    "I-P07-2": "The protocol lists its combination rules but not what to report when one set of modes breaks "
    "several of them, and hiding all but the first would leave a player guessing, so every broken rule is reported.",
    "I-P07-3": "The protocol defines five modes and says nothing about any other name; treating an unknown name "
    "as combinable would silently approve a typo, so it is refused with the list of known modes.",
    "I-P07-4": "The Quadrante's random effect goes through the Tool, whose table the protocol does not publish; "
    "the engine draws a seeded, replayable result number and invents no effect text.",
    "I-P07-5": "The protocol orders effects that belong to particular cards and modes, and a match need not have "
    "them all; an effect that is not in the match cannot resolve, so its step is passed over in the order.",
    "I-P07-6": "The protocol gives the Quadrante no table and no number of results, yet a draw needs a range; "
    "1 to 6, one die, is the smallest familiar one, and a table supplied as data replaces it.",
    "I-P07-7": "The protocol states the NecroToken's condition and the Fessura's as two conditions and never says "
    "whether one destruction can meet both; reading a self-destruct as the card destroying itself, it is not a "
    "destruction by the opponent, so asking for both is refused.",
    # Battaglia
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
    # §19
    "I-R19-1": "§19 leans on sections that are not in this corpus (§7, §11, §12, §13, §18); the engine models only "
    "what §19 itself needs from them and shows the rest as references, so that it invents none of their content.",
    "I-R19-2": "§19.1 lets each player put their own new triggers in any order, which an engine cannot guess; "
    "it takes that order as input and otherwise keeps the order of creation.",
    "I-R19-3": "§19.8 sends a Homeworld to the rules for damage on Homeworlds, which are not in this corpus; "
    "breaking it like a Location is the reading closest to what §19.8 says of Locations.",
    "I-R19-4": "§19.1 orders the triggers a sequence creates but not those created while they fire; gathering "
    "them into a next round with the same order keeps active player first at every round.",
    "I-R19-5": "§19.8 reduces values by Sabotage counters (§18.87) without saying by how much, and §18.87 is not "
    "in this corpus; one DEF per counter is the smallest step that lets §19.8's own examples happen.",
    "I-R19-6": "§19.6 voids a bonus only to a value the card does not print, and a Character does print DEF and "
    "Rank, as X; §19.8 covers penalties to them, not bonuses, so a bonus is read as having no number to add to.",
    "I-R19-7": "§19.2 says only that the Bound Storyline flips (§8.11), and §8.11 is not in this corpus; turning "
    "it to Reversal, and never back, follows §19.5's mention of the Reversal path a Fall makes live.",
    "I-R19-8": "§19.4 scores only the Fall a player causes to their own Character (§8.12), which is not in this "
    "corpus; of the four routes of §7.7, the Character's own Twist is the one a player plainly causes.",
    "I-R19-9": "§19.8 calls a unit at 0 “destroyed and placed” in the Depleted Pile but says only that a broken "
    "Contested Location goes there; reading the missing word as meant, destruction triggers do not fire for it.",
    "I-R19-10": "§19.8 covers a broken Location on its Prime and its Contested face only, yet §19.2 lets a "
    "Location show other faces; treating every face but Prime like Contested is the closest reading.",
    "I-R19-11": "§19.8 acts “the moment” a value reaches 0 and §19.1 orders triggers by player alone, so nothing "
    "gives the order of a board's listing a meaning; what one effect or one check does happens at one moment, and "
    "abilities watching for a card leaving play look back to the board just before it, as card games do.",
    "I-R19-12": "§19.1 defines a sequence for effects that cascade, but whether an effect cascades is known only "
    "once it has resolved; resolving every action as a sequence gives its triggers §19.1's one order either way.",
}
"""Every interpretation (``I-`` ID) → why the source is silent or ambiguous there, and why this reading."""
