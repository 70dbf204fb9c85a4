"""The engine at its limits: caps and bounds that stop a loop or a record, and what each one leaves.

Every expected number is worked out by hand from the rule text. The refusals of values past a
limit are in tests/errors/test_limits.py.
"""

from __future__ import annotations

import json
from typing import Any

from estro_rules.battaglia import ROLL_LIMIT, EndReason, battle, team
from estro_rules.battaglia.rules import MAX_TRACE_EVENTS, REACTION_CAP
from tests.support import EXAMPLES
from tests.support.battaglia import HIT

# --------------------------------------------------------------------------
# Battaglia: the reaction cap is logged once per turn; traces stay bounded


def echo(name: str, extra: list[dict[str, Any]]) -> dict[str, Any]:
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    return {"name": name, "threat": 3, "health": 40, "abilities": extra + [back]}


def test_reaction_cap_is_one_event_per_turn() -> None:
    result = battle(team([echo("Echo", HIT)]), team([echo("Mirror", [])]), seed=5)
    caps_per_turn = [
        sum(e.kind == "cap" for r in result.trace if r.turn == t for e in r.events) for t in range(1, result.turns + 1)
    ]
    # Turn 1: Echo hits Mirror and the two answer each other until the cap, which stops the 21st reaction.
    assert caps_per_turn[0] == 1 and max(caps_per_turn) == 1


def worst_team() -> list[dict[str, Any]]:
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    ally = {"when": {"reaction": "ally_damaged"}, "effect": {"damage": 1}, "target": "all_enemies"}
    return [{"name": f"C{i}", "threat": 1, "health": 999, "abilities": [every] * 4 + [ally] * 4} for i in range(12)]


def test_worst_case_trace_is_bounded() -> None:
    """The heaviest legal team's trace stays bounded (its speed is measured in scripts/, not here)."""
    side = team(worst_team())
    result = battle(side, side, seed=1)
    events = result.events()
    caps = [e for e in events if e.kind == "cap"]
    assert len(events) <= MAX_TRACE_EVENTS + 2  # the truncation note and the end of the battle
    assert len(caps) <= result.turns
    # The cap reports how many reactions it stopped: at least one (the one that did not react).
    assert all(c.amount is not None and c.amount >= 1 for c in caps)
    assert result.trace_cut and result.to_json()["trace_cut"] is True
    assert [e.kind for e in events].count("trace_cut") == 1
    assert len(json.dumps(result.to_json())) < 20_000_000
    # The trace limit cuts the record, never the battle.
    fast = battle(side, side, seed=1, trace=False)
    assert (fast.winner, fast.rolls, fast.final_health) == (result.winner, result.rolls, result.final_health)
    assert len(result.trace) == result.rolls


def test_cap_counts_every_skipped_reaction() -> None:
    # Echo (threat 4) hits Mirror at step 3; they answer each other: reactions 1, 3, ..., 19 are Mirror's,
    # 2, 4, ..., 20 Echo's. The 21st (Mirror's) is the first one the cap stops. Then Poker's two every-roll
    # hits on Echo would each set off Echo's reaction: 3 stopped in all, logged once.
    left = team([{**echo("Echo", HIT), "threat": 4}])
    right = team([echo("Mirror", []), {"name": "Poker", "threat": 1, "health": 40, "abilities": HIT + HIT}])
    record = battle(left, right, dice=[[1, 2]]).trace[0]
    assert sum(e.kind == "reaction" for e in record.events) == REACTION_CAP == 20
    [cap] = [e for e in record.events if e.kind == "cap"]
    assert cap.amount == 3 and cap.actor == "right[0]"
    assert cap.text.startswith("Reaction cap reached (20 reactions this turn): Mirror (R1)")
    assert "2 more" in cap.text
    # Echo: 10 of Mirror's answers and 2 of Poker's hits; Mirror: Echo's hit and 10 answers.
    assert record.health == (28, 29, 40)


# --------------------------------------------------------------------------
# Battaglia: loops end, and the trace says which limit applied


def test_reaction_loop_hits_the_cap_every_turn() -> None:
    data = json.loads((EXAMPLES / "battaglia" / "reaction-loop.json").read_text(encoding="utf-8"))
    result = battle(team(data["left"], "left"), team(data["right"], "right"), seed=1)
    assert "reaction_cap" in result.limits
    first_turn = result.trace[0]
    assert sum(e.kind == "reaction" for e in first_turn.events) == REACTION_CAP
    caps = [e for e in first_turn.events if e.kind == "cap"]
    assert len(caps) == 1 and caps[0].rulings == ("I-BAT-10",)


def test_reroll_on_every_roll_ends_at_the_limit() -> None:
    loop = team([{"name": "Loop", "threat": 3, "health": 5, "abilities": [{"when": "every_roll", "effect": "reroll"}]}])
    idle = team(
        [{"name": "Idle", "threat": 1, "health": 5, "abilities": [{"when": {"total": 12}, "effect": {"damage": 1}}]}]
    )
    result = battle(loop, idle, seed=3)
    assert result.rolls == ROLL_LIMIT and result.turns == 1
    assert result.reason is EndReason.ROLL_LIMIT
    assert result.limits == ("reroll_denied", "roll_limit")
    denied = [e for r in result.trace for e in r.events if e.kind == "reroll_denied"]
    assert len(denied) == 1 and denied[0].rulings == ("I-BAT-8",)
    assert sum(r.restarted for r in result.trace) == ROLL_LIMIT - 1


def test_mutual_healers_and_dots_end() -> None:
    a = team(
        [
            {
                "name": "A",
                "threat": 2,
                "health": 9,
                "abilities": [
                    {"when": {"reaction": "damaged"}, "effect": {"heal": 1}},
                    {"when": {"reaction": "healed"}, "effect": {"damage": 1}},
                    {"when": "every_roll", "effect": {"dot": 1, "rolls": 36}},
                ],
            }
        ]
    )
    result = battle(a, a, seed=9)
    assert result.rolls <= ROLL_LIMIT
