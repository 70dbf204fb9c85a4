"""Reliability of the battle engine: properties over random teams, loops that end, determinism."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estro_rules.battaglia import (
    REACTION_CAP,
    REFERENCE_LEFT,
    REFERENCE_RIGHT,
    ROLL_LIMIT,
    EndReason,
    Simulation,
    Winner,
    battle,
    battle_html,
    battle_text,
    estimate,
    estimate_html,
    team,
)
from estro_rules.battaglia.cli import BATTLE_COMMAND
from estro_rules.errors import ScenarioError
from estro_rules.protocol import CommandIO
from tests.support import EXAMPLES

BATTAGLIA = EXAMPLES / "battaglia"

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


# --------------------------------------------------------------------------
# Loops end, and the trace says which limit applied


def test_reaction_loop_hits_the_cap_every_turn() -> None:
    data = json.loads((BATTAGLIA / "reaction-loop.json").read_text(encoding="utf-8"))
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


# --------------------------------------------------------------------------
# Forced dice, simulation


def test_forced_dice_then_seed() -> None:
    left = team(
        [{"name": "A", "threat": 1, "health": 50, "abilities": [{"when": {"total": 12}, "effect": {"damage": 1}}]}]
    )
    right = team(
        [{"name": "B", "threat": 2, "health": 50, "abilities": [{"when": {"total": 2}, "effect": {"damage": 1}}]}]
    )
    result = battle(left, right, seed=4, dice=[[6, 6], [1, 1]])
    assert [r.forced for r in result.trace[:3]] == [True, True, False]
    assert result.trace[0].dice == (6, 6) and result.trace[1].dice == (1, 1)
    with pytest.raises(ScenarioError, match=r"^dice\[1\]\[0\]: expected a whole number from 1 to 6, got 0"):
        battle(left, right, dice=[[1, 1], [0, 3]])


def test_simulation_resumes_to_the_same_estimate() -> None:
    sim = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3)
    parts = [sim.advance(120) for _ in range(5)]
    assert [p.played for p in parts] == [120, 240, 360, 480, 500] and sim.done
    whole = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3).advance(500)
    assert parts[-1] == whole
    estimates = list(estimate(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3, chunk=100))
    assert len(estimates) == 5 and estimates[-1] == whole and estimates[-1].complete
    j = whole.to_json()
    assert j["left_wins"] + j["draws"] + j["right_wins"] == 500
    for key in ("left", "draw", "right"):
        r = j["rates"][key]
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert "95% interval" in estimate_html(whole, base="")


def test_simulation_bad_input() -> None:
    with pytest.raises(ScenarioError, match="^battles: expected a whole number from 1 to"):
        Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=0)


# --------------------------------------------------------------------------
# Views


def test_names_are_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    left = team(
        [{"name": evil, "threat": 2, "health": 3, "abilities": [{"when": "every_roll", "effect": {"damage": 3}}]}]
    )
    right = team({"name": evil, "cryptids": [{"name": "B", "threat": 1, "health": 3}]})
    html = battle_html(battle(left, right, seed=1), base="../")
    assert evil not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert html.count('class="estro-step-panel"') == 2
    assert '<div class="estro-stepper">' in html and "<meter" in html and "<svg" in html
    assert 'href="../battaglia/#BAT-8"' in html


def test_text_view_lists_rulings() -> None:
    text = battle_text(battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=2))
    assert "[BAT-6.1, I-BAT-1, I-BAT-12]" in text and text.splitlines()[0].endswith(
        ("cryptids left", "same time", "decides")
    )


# --------------------------------------------------------------------------
# Command line


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Run ``battle ARGS`` through the command itself, so a ScenarioError reaches the test."""
    assert argv[0] == BATTLE_COMMAND.name
    parser = argparse.ArgumentParser(prog="estro")
    BATTLE_COMMAND.arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = BATTLE_COMMAND.run(parser.parse_args(argv[1:]), CommandIO(out, err, io.StringIO()))
    return code, out.getvalue(), err.getvalue()


def test_cli_one_battle_text() -> None:
    code, out, _ = run_cli(["battle", str(BATTAGLIA / "threat-order.json"), "--text"])
    assert code == 0 and out.startswith("Left wins after 1 roll (1 turn)")
    assert "Wolf (L1) hits Yeti (R1) for 4 (0 left)" in out


def test_cli_seed_and_json() -> None:
    code, out, _ = run_cli(["battle", str(BATTAGLIA / "reference-matchup.json"), "--seed", "5"])
    data = json.loads(out)
    assert code == 0 and data["seed"] == 5 and data["trace"]


def test_cli_simulate_shows_progress() -> None:
    code, out, err = run_cli(["battle", str(BATTAGLIA / "reference-matchup.json"), "--simulate", "200", "--text"])
    assert code == 0 and "200 of 200 battles" in out
    assert "\r[" in err and "200/200" in err


def test_cli_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"left": [{"name": "A", "health": 3}], "right": []}), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^left\[0\]\.threat: expected a whole number \(missing field\)$"):
        run_cli(["battle", str(path)])
    path.write_text(json.dumps({"left": [{"name": "A", "threat": 1, "health": 3}], "right": []}), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^right: expected at least 1 cryptid"):
        run_cli(["battle", str(path)])
    with pytest.raises(ScenarioError, match=r"^--simulate: expected a whole number from 1 to"):
        run_cli(["battle", str(BATTAGLIA / "threat-order.json"), "--simulate", "0"])
