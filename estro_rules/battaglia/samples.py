"""Sample content: the reference matchup, kept inside the package.

These teams are sample content made for this project, not cards from the game.
The benchmark (:mod:`estro_rules.battaglia.bench`) and the site's default widget
use them; ``examples/battaglia/reference-matchup.json`` holds the same teams (a
test checks they are equal). Both teams use reactions, statuses, dice-total
modifiers and a reroll.

>>> len(REFERENCE_LEFT.cryptids), len(REFERENCE_RIGHT.cryptids)
(5, 5)
>>> REFERENCE_LEFT.health, REFERENCE_RIGHT.health
(35, 36)
"""

from __future__ import annotations

from typing import Any

from .teams import Team, team

REFERENCE_MATCHUP: dict[str, Any] = {
    "left": {
        "name": "Bosco Nero (sample)",
        "cryptids": [
            {
                "name": "Chupacabra",
                "threat": 5,
                "health": 8,
                "abilities": [
                    {"name": "Bite", "when": {"range": [9, 12]}, "effect": {"damage": 3}},
                ],
            },
            {
                "name": "Mothman",
                "threat": 4,
                "health": 6,
                "abilities": [
                    {"name": "Omen", "when": "every_roll", "effect": {"modify_total": 1}},
                    {"name": "Prophecy", "when": {"doubles": True}, "effect": "reroll"},
                ],
            },
            {
                "name": "Jersey Devil",
                "threat": 3,
                "health": 7,
                "abilities": [
                    {
                        "name": "Brimstone",
                        "when": {"parity": "odd"},
                        "effect": {"dot": 1, "rolls": 3},
                        "target": "lowest_health_enemy",
                    },
                ],
            },
            {
                "name": "Wendigo",
                "threat": 6,
                "health": 9,
                "abilities": [
                    {"name": "Hunger", "when": {"total": 12}, "effect": {"damage": 3}, "target": "all_enemies"},
                    {"name": "Vengeance", "when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"},
                ],
            },
            {
                "name": "Fouke Monster",
                "threat": 2,
                "health": 5,
                "abilities": [
                    {
                        "name": "Swamp Balm",
                        "when": {"die_shows": 6},
                        "effect": {"heal": 2},
                        "target": "lowest_health_ally",
                    },
                    {"name": "Last Howl", "when": "death", "effect": {"damage": 2}, "target": "all_enemies"},
                ],
            },
        ],
    },
    "right": {
        "name": "Lago Profondo (sample)",
        "cryptids": [
            {
                "name": "Nessie",
                "threat": 6,
                "health": 10,
                "abilities": [
                    {"name": "Tail Sweep", "when": {"range": [2, 7]}, "effect": {"damage": 3}},
                ],
            },
            {
                "name": "Mokele-mbembe",
                "threat": 5,
                "health": 7,
                "abilities": [
                    {"name": "Mud", "when": {"die_shows": 1}, "effect": {"modify_total": -1}},
                    {"name": "Trample", "when": {"total": 8}, "effect": {"damage": 4}, "target": "lowest_health_enemy"},
                ],
            },
            {
                "name": "Ogopogo",
                "threat": 3,
                "health": 6,
                "abilities": [
                    {
                        "name": "Tide",
                        "when": {"reaction": "ally_damaged"},
                        "effect": {"heal": 1},
                        "target": "lowest_health_ally",
                    },
                ],
            },
            {
                "name": "Bunyip",
                "threat": 4,
                "health": 8,
                "abilities": [
                    {
                        "name": "Leech",
                        "when": {"parity": "even"},
                        "effect": {"dot": 1, "rolls": 3},
                        "target": "random_enemy",
                    },
                ],
            },
            {
                "name": "Kappa",
                "threat": 1,
                "health": 5,
                "abilities": [
                    {"name": "Trick", "when": {"total": 7}, "effect": "reroll"},
                    {"name": "Grudge", "when": {"reaction": "ally_dies"}, "effect": {"damage": 2}},
                ],
            },
        ],
    },
}
"""The reference matchup as JSON data: two teams of five."""

REFERENCE_LEFT: Team = team(REFERENCE_MATCHUP["left"], "left")
REFERENCE_RIGHT: Team = team(REFERENCE_MATCHUP["right"], "right")
