"""Where §19's rulings come from: its source document, how it is read, the paragraphs each ruling restates,
and the basis of each interpretation (see :mod:`estro_rules.sources`).

>>> SOURCE.bases["I-R19-3"].startswith("§19.8")
True
"""

from __future__ import annotations

from ..sources import Reader, Shape, Source, SourceDocument, numbered
from .rulebook import RULEBOOK

R19 = "19. Resolution Rules"
"""The document, by its title line."""

S19_1 = "19.1 Resolution Sequence"
S19_2 = "19.2 State Transitions"
S19_3 = "19.3 Activated Ability Timing"
S19_4 = "19.4 Flipping Does Not Destroy"
S19_5 = "19.5 Visual Identification of Contested, Fallen, and Prime Faces"
S19_6 = "19.6 Numerical Bonuses Do Not Create Abilities or Stats"
S19_7 = "19.7 A Value a Card Does Not Print"
S19_8 = "19.8 DEF or Rank Reduced to 0 or Less"

SOURCE = SourceDocument(
    Reader(R19, Shape.BLOCKS, numbered, (S19_1, S19_2, S19_3, S19_4, S19_5, S19_6, S19_7, S19_8)),
    RULEBOOK.keyed(
        {
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
    ),
    bases=RULEBOOK.keyed(
        {
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
    ),
)
"""§19: every source ruling → the paragraphs it restates; every interpretation → its basis."""
