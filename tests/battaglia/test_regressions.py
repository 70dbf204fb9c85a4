"""Regression tests for review findings; every expected number is derived by hand from the rule text."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from estro_rules.battaglia import Matchup, Simulation, battle, battle_html, battle_text, team
from estro_rules.battaglia.cli import BATTLE_COMMAND
from estro_rules.battaglia.kinds import load_battle, load_estimate
from estro_rules.battaglia.rules import MAX_SEED, MAX_TRACE_EVENTS, REACTION_CAP
from estro_rules.errors import ScenarioError
from estro_rules.fields import Fields
from estro_rules.protocol import CommandIO

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "battaglia"
HIT = [{"when": "every_roll", "effect": {"damage": 1}}]

# --------------------------------------------------------------------------
# 1. A cryptid that goes down mid-chain fires none of its remaining reactions (I-BAT-3)


def test_down_cryptid_fires_no_more_damaged_reactions() -> None:
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    thorn = team([{"name": "Thorn", "threat": 4, "health": 3, "abilities": [back, back]}])
    striker = team(
        [
            {
                "name": "Striker",
                "threat": 5,
                "health": 9,
                "abilities": HIT + [{"when": {"reaction": "damaged"}, "effect": {"damage": 5}, "target": "source"}],
            }
        ]
    )
    # Step 3: Striker hits Thorn 3 -> 2. Thorn's first reaction hits Striker 9 -> 8; Striker answers with 5,
    # Thorn 2 -> 0: down. Thorn's second reaction must not happen, so Striker ends on 8.
    result = battle(striker, thorn, dice=[[1, 2]])
    events = result.trace[0].events
    assert [e.text for e in events if e.kind == "reaction" and e.actor == "right[0]"] == [
        "Reaction: Thorn (R1) (when damaged: damage 1 → source)"
    ]
    assert result.health == (8, 0) and result.winner.value == "left"


def test_down_cryptid_fires_no_more_healed_reactions() -> None:
    poke = {"when": {"reaction": "healed"}, "effect": {"damage": 1}}
    bait = team(
        [
            {
                "name": "Bait",
                "threat": 5,
                "health": 4,
                "abilities": HIT + [{"when": "every_roll", "effect": {"heal": 1}}, poke, poke],
            }
        ]
    )
    spiky = team(
        [
            {
                "name": "Spiky",
                "threat": 4,
                "health": 9,
                "abilities": [{"when": {"reaction": "damaged"}, "effect": {"damage": 3}, "target": "source"}],
            }
        ]
    )
    # Bait hits Spiky 9 -> 8, Spiky answers 3: Bait 4 -> 1. Bait heals itself 1 -> 2; its first "healed"
    # reaction hits Spiky 8 -> 7, Spiky answers 3: Bait 2 -> 0, down. The second "healed" reaction must not
    # happen, so Spiky keeps 7.
    result = battle(bait, spiky, dice=[[1, 2]])
    events = result.trace[0].events
    assert sum(e.kind == "reaction" and e.actor == "left[0]" for e in events) == 1
    assert result.health == (0, 7) and result.winner.value == "right"


# --------------------------------------------------------------------------
# 2. The reaction cap is logged once per turn; traces stay bounded


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
# 3. A long estimate on the command line can be stopped cleanly


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Run ``battle ARGS`` through the command itself, so a ScenarioError reaches the test."""
    assert argv[0] == BATTLE_COMMAND.name
    parser = argparse.ArgumentParser(prog="estro")
    BATTLE_COMMAND.arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = BATTLE_COMMAND.run(parser.parse_args(argv[1:]), CommandIO(out, err, io.StringIO()))
    return code, out.getvalue(), err.getvalue()


def test_cli_simulate_interrupted_prints_the_partial_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle of a battle: that battle is not counted, and the counts add up to ``played``."""
    real = Matchup.play
    played = []

    def play(self: Matchup, rng: Any) -> Any:
        if len(played) == 1234:
            raise KeyboardInterrupt  # in the middle of the 1,235th battle
        played.append(1)
        return real(self, rng)

    monkeypatch.setattr(Matchup, "play", play)
    code, out, err = run_cli(["battle", str(EXAMPLES / "reference-matchup.json"), "--simulate", "5000"])
    assert code == 130
    data = json.loads(out)
    assert data["played"] == 1234 and data["battles"] == 5000 and not data["complete"]
    assert data["left_wins"] + data["draws"] + data["right_wins"] == 1234
    assert "interrupted: the result below covers 1234 of 5000 battles" in err and "Traceback" not in err


# --------------------------------------------------------------------------
# 4. Seeds and every number are bounded


def battle_data(**extra: Any) -> dict[str, Any]:
    one = {"name": "A", "threat": 1, "health": 3, "abilities": HIT}
    return {"left": [one], "right": [one], **extra}


def load(data: dict[str, Any], loader: Any = load_battle) -> Any:
    f = Fields(data, "")
    scenario = loader(f)
    f.done()
    return scenario


@pytest.mark.parametrize("seed", [2**63, 10**5000], ids=["2**63", "10**5000"])
def test_seed_has_a_maximum(seed: int) -> None:
    with pytest.raises(ScenarioError, match=r"^seed: expected a whole number from 0 to 2⁶³−1"):
        load(battle_data(seed=seed))
    with pytest.raises(ScenarioError, match=r"^seed: "):
        load({**battle_data(seed=seed), "battles": 3}, load_estimate)
    with pytest.raises(ScenarioError, match=r"^seed: "):
        battle(team(battle_data()["left"]), team(battle_data()["right"]), seed=seed)
    with pytest.raises(ScenarioError, match=r"^seed: "):
        Simulation(team(battle_data()["left"]), team(battle_data()["right"]), battles=3, seed=seed)


def test_largest_seed_plays_and_serialises() -> None:
    result = load(battle_data(seed=MAX_SEED)).run()
    assert json.loads(json.dumps(result.to_json()))["seed"] == MAX_SEED == 2**63 - 1
    assert str(MAX_SEED) in battle_html(result, base="")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (battle_data(left=[{"name": "A", "threat": 1, "health": 10**5000}]), r"left\[0\]\.health"),
        (battle_data(left=[{"name": "A", "threat": -(10**5000), "health": 3}]), r"left\[0\]\.threat"),
        (battle_data(dice=[[10**5000, 1]]), r"dice\[0\]\[0\]"),
        (
            battle_data(
                left=[
                    {
                        "name": "A",
                        "threat": 1,
                        "health": 3,
                        "abilities": [{"when": {"total": 10**5000}, "effect": {"damage": 1}}],
                    }
                ]
            ),
            r"left\[0\]\.abilities\[0\]\.when\.total",
        ),
        (
            battle_data(
                left=[
                    {
                        "name": "A",
                        "threat": 1,
                        "health": 3,
                        "abilities": [{"when": "every_roll", "effect": {"damage": 10**5000}}],
                    }
                ]
            ),
            r"left\[0\]\.abilities\[0\]\.effect\.damage",
        ),
        (
            battle_data(
                left=[
                    {
                        "name": "A",
                        "threat": 1,
                        "health": 3,
                        "abilities": [{"when": "every_roll", "effect": {"dot": 1, "rolls": 10**5000}}],
                    }
                ]
            ),
            r"left\[0\]\.abilities\[0\]\.effect\.rolls",
        ),
    ],
    ids=["health", "threat", "dice", "total", "damage", "rolls"],
)
def test_huge_numbers_name_their_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError, match=rf"^{field}: expected a whole number from -?\d+ to \d+, got a number with "):
        load(data)


def test_forced_dice_are_at_most_the_roll_limit() -> None:
    assert len(load(battle_data(dice=[[1, 1]] * 36)).dice) == 36
    with pytest.raises(ScenarioError, match=r"^dice: expected at most 36 rolls"):
        load(battle_data(dice=[[1, 1]] * 37))


def test_cli_seed_too_large() -> None:
    with pytest.raises(ScenarioError, match=r"^--seed: expected a whole number from 0 to"):
        run_cli(["battle", str(EXAMPLES / "threat-order.json"), "--seed", str(2**63)])


# --------------------------------------------------------------------------
# 5. Each trace event cites the ruling that decided it


def test_step_three_rulings() -> None:
    left = team(
        [
            {"name": "W", "threat": 9, "health": 9, "abilities": [{"when": "every_roll", "effect": {"damage": 9}}]},
            {"name": "X", "threat": 1, "health": 9, "abilities": HIT},
        ]
    )
    right = team([{"name": "Y", "threat": 5, "health": 3, "abilities": HIT}])
    events = {e.kind + ":" + (e.actor or ""): e.rulings for e in battle(left, right, dice=[[1, 2]]).trace[0].events}
    assert events["activate:left[0]"] == ("BAT-6.3", "BAT-3")  # step 3 in threat order
    assert events["skip:right[0]"] == ("BAT-6.3", "I-BAT-3")  # skipped at step 3, not step 4
    assert events["no_target:left[1]"] == ("BAT-4", "I-BAT-3")  # the default target found nobody


def test_no_target_of_a_named_target_cites_bat5() -> None:
    left = team(
        [
            {"name": "W", "threat": 9, "health": 9, "abilities": [{"when": "every_roll", "effect": {"damage": 9}}]},
            {
                "name": "X",
                "threat": 1,
                "health": 9,
                "abilities": [{"when": "every_roll", "effect": {"damage": 1}, "target": "lowest_health_enemy"}],
            },
        ]
    )
    right = team([{"name": "Y", "threat": 5, "health": 3}])
    [event] = battle(left, right, dice=[[1, 2]]).events("no_target")
    assert event.rulings == ("BAT-5", "I-BAT-3")


def test_heal_rulings() -> None:
    medic = team(
        [{"name": "Medic", "threat": 1, "health": 9, "abilities": [{"when": {"total": 4}, "effect": {"heal": 5}}]}]
    )
    hitter = team(
        [{"name": "Hit", "threat": 5, "health": 9, "abilities": [{"when": {"total": 3}, "effect": {"damage": 2}}]}]
    )
    # Roll 1 (total 3): Medic 9 -> 7. Roll 2 (total 4): heal 5 is cut to 2 at the starting health 9.
    [heal] = battle(medic, hitter, dice=[[1, 2], [2, 2]]).events("heal", until=2)
    assert heal.amount == 2 and heal.health == 9
    # No target named: the default is the healer itself (I-BAT-14), not the text's enemy default (BAT-4).
    assert heal.rulings == ("I-BAT-14", "I-BAT-3")
    named = team([{"name": "Medic", "threat": 1, "health": 9,
                   "abilities": [{"when": {"total": 4}, "effect": {"heal": 5}, "target": "self"}]}])
    [heal] = battle(named, hitter, dice=[[1, 2], [2, 2]]).events("heal", until=2)
    assert heal.rulings == ("BAT-5", "I-BAT-3")  # a target the ability names


def test_same_side_equal_threat_cites_tie_break() -> None:
    left = team(
        [
            {"name": "A", "threat": 3, "health": 5, "abilities": HIT},
            {"name": "B", "threat": 3, "health": 5, "abilities": HIT},
        ]
    )
    right = team([{"name": "Z", "threat": 1, "health": 50, "abilities": HIT}])
    activations = [e for e in battle(left, right, dice=[[1, 2]]).trace[0].events if e.kind == "activate"]
    assert [e.actor for e in activations] == ["left[0]", "left[1]", "right[0]"]
    assert [("I-BAT-9" in e.rulings) for e in activations] == [True, True, False]


# --------------------------------------------------------------------------
# 6. The stepper's labels


def test_rerolled_panel_shows_earlier_deaths_as_dead() -> None:
    gambler = {
        "name": "Gambler",
        "threat": 5,
        "health": 9,
        "abilities": [{"when": {"total": 7}, "effect": {"damage": 9}}, {"when": {"doubles": True}, "effect": "reroll"}],
    }
    right = team([{"name": "A", "threat": 3, "health": 2}, {"name": "B", "threat": 2, "health": 9}])
    # Roll 1 (7): A is hit for 2 and dies at step 6 of turn 1. Roll 2 (doubles) rerolls turn 2: A is dead,
    # not down. Roll 3 (3): nothing. B survives.
    result = battle(team([gambler]), right, dice=[[3, 4], [2, 2], [1, 2]])
    assert [(r.roll, r.turn, r.restarted) for r in result.trace[:3]] == [(1, 1, False), (2, 2, True), (3, 2, False)]
    panels = re.findall(
        r'<section class="estro-step-panel" data-label="([^"]+)">(.*?)</section>', battle_html(result, base="")
    )
    roll2 = dict(panels)["Roll 2"]
    assert "0/2 (dead)" in roll2 and "(down)" not in roll2


def test_rerolled_panel_shows_this_turns_victims_as_down() -> None:
    left = team(
        [
            {
                "name": "Gambler",
                "threat": 5,
                "health": 9,
                "abilities": [
                    {"when": {"total": 4}, "effect": {"damage": 3}},
                    {"when": {"doubles": True}, "effect": "reroll"},
                ],
            }
        ]
    )
    right = team([{"name": "Kappa", "threat": 3, "health": 3}, {"name": "Yeti", "threat": 1, "health": 4}])
    result = battle(left, right, dice=[[2, 2], [4, 5]])
    panels = dict(
        re.findall(
            r'<section class="estro-step-panel" data-label="([^"]+)">(.*?)</section>', battle_html(result, base="")
        )
    )
    assert "0/3 (down)" in panels["Roll 1"] and "0/3 (dead)" in panels["Roll 2"]


def test_one_turn_is_singular() -> None:
    one = team(
        [{"name": "Wolf", "threat": 5, "health": 4, "abilities": [{"when": {"total": 7}, "effect": {"damage": 4}}]}]
    )
    two = team([{"name": "Yeti", "threat": 3, "health": 4}])
    result = battle(one, two, dice=[[3, 4]])
    assert result.turns == 1
    html = battle_html(result, base="")
    assert "(1 turn)" in html and "(1 turns)" not in html


# --------------------------------------------------------------------------
# 7. Reactions say which step they happened in


def test_reaction_events_name_the_step_they_happen_in() -> None:
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    left = team(
        [{"name": "Wolf", "threat": 5, "health": 9, "abilities": [{"when": {"total": 7}, "effect": {"damage": 1}}]}]
    )
    right = team([{"name": "Thorn", "threat": 3, "health": 9, "abilities": HIT + [back]}])
    events = battle(left, right, dice=[[3, 4]]).trace[0].events
    reactions = [(e.step, e.within) for e in events if e.kind == "reaction"]
    # Thorn's every-roll hit on the Wolf at step 3 does not set off anything (the Wolf has no reaction);
    # the Wolf's hit at step 4 sets off Thorn's reaction: step 5 inside step 4.
    assert reactions == [(5, 4)]
    assert [e.within for e in events if not e.depth] == [0] * sum(not e.depth for e in events)
    assert "[5 in 4]" in battle_text(battle(left, right, dice=[[3, 4]]))
    assert "step 5 (in step 4)" in battle_html(battle(left, right, dice=[[3, 4]]), base="")
