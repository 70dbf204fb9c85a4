"""Exact citations on every event of an example: each decision cites the rulings that decided it.

Checking only that a ruling appears somewhere in a result lets a citation move to the wrong event or
vanish from the one it belongs to. Here every event of a few examples is listed in order with the
rulings the rule texts give it, typed by hand from the pages and the sources; and a few decisions
made on purpose (a skip, a heal, a tie, a destruction trigger) are checked for the ruling each cites.
"""

from __future__ import annotations

import json
from typing import Any

from estro_rules import scenarios
from estro_rules.battaglia import battle, team
from estro_rules.r19 import RULEBOOK
from tests.support import EXAMPLES, example
from tests.support.battaglia import HIT
from tests.support.r19 import character, scenario, unit
from tests.support.r19 import run as run_sequence


def run_example(relative: str) -> Any:
    return scenarios.run(json.loads((EXAMPLES / relative).read_text(encoding="utf-8")))


def test_p07_every_step_of_a_fessura_self_destruct() -> None:
    steps = [(s.number, s.fires, s.rulings) for s in run_example("p07/fessura-self-destruct.json").steps]
    assert steps == [
        (1, True, ("P07-4", "P07-4.1")),
        (2, False, ("P07-4", "P07-4.2")),  # not by the opponent: nobody receives anything
        (3, True, ("P07-4", "P07-4.3", "I-P07-1", "I-P07-4", "I-P07-6")),  # the owner; no table: 1 to 6
        (4, False, ("P07-4", "P07-4.4", "I-P07-1")),  # face-down, but the owner holds no Illusio
        (5, True, ("P07-4", "P07-4.5", "I-P07-1")),  # the owner draws from the Mazzo Dimensionale
    ]


def test_p07_every_step_with_nothing_in_play() -> None:
    steps = [(s.number, s.fires, s.rulings) for s in run_example("p07/only-necrotoken-in-play.json").steps]
    assert steps == [
        (1, True, ("P07-4", "P07-4.1")),
        (2, True, ("P07-4", "P07-4.2", "I-P07-1")),
        (3, False, ("P07-4", "P07-4.3", "I-P07-5")),  # not in play in this match: it does not fire
        (4, False, ("P07-4", "P07-4.4", "I-P07-5")),
        (5, False, ("P07-4", "P07-4.5", "I-P07-5")),
    ]


def events(relative: str) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(e.step, e.kind, e.rulings) for e in run_example(relative).events()]


ROLL = ("BAT-6.1", "I-BAT-1", "I-BAT-12")


def test_battaglia_threat_order_every_event() -> None:
    assert events("battaglia/threat-order.json") == [
        (1, "roll", ROLL),
        (4, "activate", ("BAT-6.4", "BAT-3")),  # the Wolf, higher threat, acts first
        (4, "damage", ("BAT-4",)),  # at the highest-threat enemy: the default target
        (4, "down", ("I-BAT-3",)),
        (4, "skip", ("BAT-6.4", "I-BAT-3")),  # the Yeti, down, does not activate
        (6, "death", ("BAT-6.6", "I-BAT-5")),
        (0, "end", ("BAT-8", "I-BAT-13")),  # one side has no cryptids left; only the loser can lose lives
    ]


def test_battaglia_both_empty_every_event() -> None:
    assert events("battaglia/both-empty-draw.json") == [
        (1, "roll", ROLL),
        (4, "activate", ("BAT-6.4", "BAT-3")),
        (4, "damage", ("BAT-4",)),
        (4, "down", ("I-BAT-3",)),
        (6, "death", ("BAT-6.6", "I-BAT-5")),
        (6, "death_ability", ("BAT-6.6", "I-BAT-5")),
        (6, "damage", ("BAT-5",)),  # "all enemies" is a target the ability names
        (6, "down", ("I-BAT-3",)),
        (6, "death", ("BAT-6.6", "I-BAT-5")),  # dies in the same step (deaths chain)
        (0, "end", ("BAT-8", "I-BAT-6", "BAT-10")),  # both empty: a draw, no lives, no win
    ]


def test_battaglia_draw_decided_by_health_cites_the_draw_rule() -> None:
    result = run_example("battaglia/equal-health-draw.json")
    end = result.events("end")
    assert [(e.kind, e.rulings) for e in end] == [("end", ("BAT-9", "I-BAT-7", "BAT-10"))]
    assert result.rulings == ("BAT-9", "I-BAT-7", "BAT-10")
    won = run_example("battaglia/no-damage.json")
    assert won.rulings == ("BAT-9", "I-BAT-7", "I-BAT-13")  # a win on health is no draw: BAT-10 is not cited


def test_r19_second_break_cites_the_check_on_the_new_face() -> None:
    step = run_example("r19/sabotage-breaks-location.json").steps[0]
    assert [(e.kind, e.card, e.rulings) for e in step.events] == [
        ("sequence_start", None, ("R19-1.1", "R19-1.2", "I-R19-12")),
        ("counters_added", "LOC-017", ("I-R19-1", "I-R19-5")),  # a Sabotage counter as -1 DEF stands in for §18.87
        ("break", "LOC-017", ("R19-8", "R19-8.3")),  # DEF 0: the Prime Location breaks
        ("face_change", "LOC-017", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),  # becomes Contested, a flip
        ("counters_removed", "LOC-017", ("R19-8.5",)),  # Liberation counters come off in the flip
        ("counters_kept", "LOC-017", ("R19-8.5",)),  # the others persist
        ("left_play", "LOC-017", ("R19-8", "R19-8.3", "R19-8.5", "I-R19-9")),  # checked again; placed, not destroyed
        ("counters_removed", "LOC-017", ("I-R19-1",)),
        ("sequence_end", None, ("R19-1.1",)),
    ]


# --------------------------------------------------------------------------
# Battaglia: each trace event cites the ruling that decided it


def test_step_three_rulings() -> None:
    left = team(
        [
            {"name": "W", "threat": 9, "health": 9, "abilities": [{"when": "every_roll", "effect": {"damage": 9}}]},
            {"name": "X", "threat": 1, "health": 9, "abilities": HIT},
        ]
    )
    right = team([{"name": "Y", "threat": 5, "health": 3, "abilities": HIT}])
    events = {e.kind + ":" + (e.actor or ""): e.rulings for e in battle(left, right, dice=[[1, 2]]).trace[0].events}
    assert events["activate:left[0]"] == ("BAT-6.3", "I-BAT-17", "BAT-3")  # step 3 (I-BAT-17's reading), threat order
    assert events["skip:right[0]"] == ("BAT-6.3", "I-BAT-17", "I-BAT-3")  # skipped at step 3, not step 4
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
# §19: destruction events and triggers cite the destruction rulings; the second round its interpretation


def test_destruction_triggers_cite_the_destruction_rulings() -> None:
    crime = {"name": "War Crime", "type": "triggered", "on": "destroyed"}
    result = run_sequence(
        scenario(
            [character("C", 2, abilities=[crime]), unit("U", {"DEF": 2}, abilities=[crime])],
            [{"card": "C", "owner": "A"}, {"card": "U", "owner": "A"}],
            [
                {"do": "damage", "card": "C", "amount": 2},
                {"do": "penalty", "card": "U", "value": "DEF", "amount": 2},
            ],
        )
    )
    for step, want in zip(result.steps, ("R19-4.3", "R19-8.1"), strict=True):
        created = [e for e in step.events if e.kind == "trigger_created"]
        assert len(created) == 1 and want in created[0].rulings and "R19-4" not in created[0].rulings
        for e in step.events:
            if e.kind in ("destroyed", "trigger_created"):
                assert not {"R19-4", "R19-4.1"} & set(e.rulings), e


def test_destroy_action_does_not_cite_flipping() -> None:
    step = run_sequence(scenario([unit("U", {"DEF": 2})], [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    destroyed = [e for e in step.steps[0].events if e.kind == "destroyed"]
    assert len(destroyed) == 1 and not {"R19-4", "R19-4.1"} & set(destroyed[0].rulings)


def test_second_round_cites_its_interpretation() -> None:
    assert RULEBOOK["I-R19-4"].interpretation and RULEBOOK["I-R19-4"].title == "Triggers created while triggers fire"
    step = run_sequence(example("r19/four-players-trigger-order.json")).steps[0]
    rounds = [e for e in step.events if e.kind == "trigger_order"]
    assert len(rounds) == 2
    assert "I-R19-4" not in rounds[0].rulings and "I-R19-4" in rounds[1].rulings
