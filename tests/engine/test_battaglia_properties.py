"""Reliability of the battle engine: properties over random teams, determinism.

The loops that end at a limit are in tests/engine/test_limits.py.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from estro_rules.battaglia import (
    REACTION_CAP,
    REFERENCE_LEFT,
    REFERENCE_RIGHT,
    ROLL_LIMIT,
    EndReason,
    Winner,
    battle,
    team,
)

# --------------------------------------------------------------------------
# Random teams within sensible bounds

conditions = st.one_of(
    st.just("every_roll"),
    st.builds(lambda t: {"total": t}, st.integers(2, 12)),
    st.builds(lambda a, b: {"range": [min(a, b), max(a, b)]}, st.integers(2, 12), st.integers(2, 12)),
    st.builds(lambda p: {"parity": p}, st.sampled_from(["odd", "even"])),
    st.just({"doubles": True}),
    st.builds(lambda n: {"die_shows": n}, st.integers(1, 6)),
)
reactions = st.builds(lambda r: {"reaction": r}, st.sampled_from(["damaged", "ally_damaged", "ally_dies"]))
enemy = st.sampled_from(["highest_threat_enemy", "lowest_health_enemy", "all_enemies", "random_enemy"])
ally = st.sampled_from(["self", "lowest_health_ally", "all_allies"])
roll_abilities = st.one_of(
    st.builds(lambda w, n, t: {"when": w, "effect": {"damage": n}, "target": t}, conditions, st.integers(1, 4), enemy),
    st.builds(lambda w, n, t: {"when": w, "effect": {"heal": n}, "target": t}, conditions, st.integers(1, 3), ally),
    st.builds(
        lambda w, n, r: {"when": w, "effect": {"dot": n, "rolls": r}}, conditions, st.integers(1, 2), st.integers(1, 4)
    ),
    st.builds(lambda n: {"when": "every_roll", "effect": {"modify_total": n}}, st.sampled_from([-2, -1, 1, 2])),
    st.builds(lambda w: {"when": w, "effect": "reroll"}, conditions),
)
reactive_abilities = st.one_of(
    st.builds(lambda w, n: {"when": w, "effect": {"damage": n}, "target": "source"}, reactions, st.integers(1, 2)),
    st.builds(lambda n: {"when": {"reaction": "healed"}, "effect": {"damage": n}}, st.integers(1, 2)),
    st.builds(lambda n, t: {"when": "death", "effect": {"damage": n}, "target": t}, st.integers(1, 3), enemy),
)
cryptids = st.builds(
    lambda name, threat, health, abilities: {"name": name, "threat": threat, "health": health, "abilities": abilities},
    st.sampled_from(["Nessie", "Kappa", "Yeti", "<b>Mothman</b>"]),
    st.integers(0, 6),
    st.integers(1, 15),
    st.lists(st.one_of(roll_abilities, reactive_abilities), max_size=3),
)
teams = st.lists(cryptids, min_size=1, max_size=5)
seeds = st.integers(0, 2**40)


@settings(max_examples=150, deadline=None)
@given(teams, teams, seeds)
def test_every_battle_ends_within_bounds(left_data: list[Any], right_data: list[Any], seed: int) -> None:
    left, right = team(left_data, "left"), team(right_data, "right")
    result = battle(left, right, seed=seed)
    assert 1 <= result.rolls <= ROLL_LIMIT
    starts = [c.health for c in left.cryptids + right.cryptids]
    for rec in result.trace:
        assert rec.roll <= ROLL_LIMIT
        assert all(0 <= h <= s for h, s in zip(rec.health, starts, strict=True))
        reactions = [e for e in rec.events if e.kind == "reaction"]
        assert len(reactions) <= REACTION_CAP
    assert result.trace[-1].roll == result.rolls
    # The outcome agrees with the final health.
    lh, rh = result.health
    n = len(left.cryptids)
    alive_left = any(result.final_health[:n])
    alive_right = any(result.final_health[n:])
    if result.reason is EndReason.BOTH_EMPTY:
        assert (lh, rh, result.winner) == (0, 0, Winner.DRAW)
    elif result.reason is EndReason.SIDE_EMPTY:
        assert alive_left != alive_right
        assert result.winner is (Winner.LEFT if alive_left else Winner.RIGHT)
    else:
        assert alive_left and alive_right
        assert result.winner is (Winner.LEFT if lh > rh else Winner.RIGHT if rh > lh else Winner.DRAW)
    if result.reason is EndReason.ROLL_LIMIT:
        assert result.rolls == ROLL_LIMIT
    assert result.costs_life("left") == (result.winner is Winner.RIGHT)
    assert result.counts_as_win("left") == (result.winner is Winner.LEFT)


@settings(max_examples=60, deadline=None)
@given(teams, teams, seeds)
def test_same_seed_same_trace_and_fast_path_agrees(left_data: list[Any], right_data: list[Any], seed: int) -> None:
    left, right = team(left_data, "left"), team(right_data, "right")
    a = battle(left, right, seed=seed)
    b = battle(left, right, seed=seed)
    assert a.to_json() == b.to_json()
    fast = battle(left, right, seed=seed, trace=False)
    assert (fast.winner, fast.reason, fast.rolls, fast.final_health, fast.limits) == (
        a.winner,
        a.reason,
        a.rolls,
        a.final_health,
        a.limits,
    )


def test_different_seeds_give_different_battles() -> None:
    outcomes = {battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=s, trace=False).final_health for s in range(20)}
    assert len(outcomes) > 5
