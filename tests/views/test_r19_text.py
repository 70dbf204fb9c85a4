"""§19's text view, line by line: the setup, each action, the trigger order and the board after.

The scenario: two Locations with Sabotage counters (each -1 DEF, I-R19-1), one broken at setup and
one by the action (§19.8: a Prime Location at DEF 0 flips to Contested, R19-8.3), and two Spotters,
one a seat, whose Alarm waits for each sequence to end and fires active player first (R19-1.3).
"""

from __future__ import annotations

from typing import Any

from estro_rules.r19 import text
from tests.support.r19 import STORY, character, location, run, scenario, unit

ALARM = {"name": "Alarm", "type": "triggered", "on": "becomes Contested", "of": "any"}


def broken_locations() -> dict[str, Any]:
    spotter = unit("GU-SPOT", {"ATK": 1, "DEF": 2, "Rank": 1}, abilities=[ALARM])
    return scenario(
        [location("L1", 2, 3), spotter, STORY, character("CH-1")],
        [
            {"card": "L1", "owner": "A", "counters": {"Sabotage": 2}},
            {"card": "L1", "id": "L2", "owner": "B", "counters": {"Sabotage": 1}},
            {"card": "GU-SPOT", "id": "W-A", "owner": "A", "counters": {"Liberation": 1, "Sabotage": 1}},
            {"card": "GU-SPOT", "id": "W-B", "owner": "B"},
            {"card": "ST", "owner": "A"},
            {"card": "CH-1", "owner": "A", "counters": {"damage": 1}, "bound_to": "ST"},
        ],
        [{"do": "add_counters", "card": "L2", "counter": "Sabotage", "n": 1}],
    )


# The board after setup and after the action. L1: Contested DEF 3 less 2 Sabotage (the counters stay
# in the flip, R19-8.5). L2: Prime DEF 2 less 1, then Contested DEF 3 less 2. W-A: DEF 2 less 1. A
# Storyline prints no value; a Ground Unit's face has no state label; CH-1 is at CP 3 less 1 damage.
BOARD_AFTER_SETUP = [
    "  board: A's turn, Admin Phase; seats A, B",
    "    L1           Map           [Contested] Location; DEF 1; counters: 2 Sabotage",
    "    L2           Map           [Prime] Location; DEF 1, Rank 1; counters: 1 Sabotage",
    "    W-A          Map           [unlabelled] Ground Unit; ATK 1, DEF 1, Rank 1; counters: 1 Liberation, 1 Sabotage",
    "    W-B          Map           [unlabelled] Ground Unit; ATK 1, DEF 2, Rank 1",
    "    ST           Map           [Prime] Storyline; no values",
    "    CH-1         Map           [Prime] Character; DEF X, Rank X, CP 2; counters: 1 damage; bound to ST",
]
BOARD_AFTER_ACTION = [
    *BOARD_AFTER_SETUP[:2],
    "    L2           Map           [Contested] Location; DEF 1; counters: 2 Sabotage",
    *BOARD_AFTER_SETUP[3:],
]


def test_text_view_outside_the_events() -> None:
    lines = text(run(broken_locations())).split("\n")
    # The events are the engine's (tested with it); the view's own lines are all the others.
    assert [line for line in lines if not line.startswith("  - ")] == [
        "Initial state:",
        # R19-1.3: the active player A's trigger first, then B's, clockwise.
        "  round 1 order: A: W-A/Alarm -> B: W-B/Alarm",
        *BOARD_AFTER_SETUP,
        "Action 1. add 1 Sabotage counter on L2",
        "  round 1 order: A: W-A/Alarm -> B: W-B/Alarm",
        *BOARD_AFTER_ACTION,
    ]


def test_text_view_gives_each_event_with_its_rulings() -> None:
    lines = text(run(broken_locations())).split("\n")
    # The setup's events come right after its heading, the action's right after its own.
    assert lines[1] == (
        "  - Sequence begins: the starting board is checked before the first action. No card may be played"
        " and no ability activated until it ends. [R19-1.1, R19-1.2, I-R19-12]"
    )
    action = lines.index("Action 1. add 1 Sabotage counter on L2")
    assert lines[action + 1 : action + 3] == [
        "  - Sequence begins: add 1 Sabotage counter on L2. No card may be played and no ability activated"
        " until it ends. [R19-1.1, R19-1.2, I-R19-12]",
        "  - 1 Sabotage counter on Location L1 (L2) (now 2): DEF 0. [I-R19-1, I-R19-5]",
    ]


def test_text_view_without_setup_events_or_triggers() -> None:
    # A settled board (nothing checked before the first action) and an action that sets off nothing.
    data = scenario(
        [location("L1", 2, 3)],
        [{"card": "L1", "owner": "A"}],
        [{"do": "add_counters", "card": "L1", "counter": "Liberation", "n": 1}],
    )
    lines = text(run(data)).split("\n")
    assert [line for line in lines if not line.startswith("  - ")] == [
        "Initial state:",
        "  board: A's turn, Admin Phase; seats A, B",
        "    L1           Map           [Prime] Location; DEF 2, Rank 1",
        "Action 1. add 1 Liberation counter on L1",
        "  board: A's turn, Admin Phase; seats A, B",
        "    L1           Map           [Prime] Location; DEF 2, Rank 1; counters: 1 Liberation",
    ]
    assert lines[1] == "  board: A's turn, Admin Phase; seats A, B"
