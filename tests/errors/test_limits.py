"""Every limit a scenario meets, checked on both sides: the last value allowed runs, the next is refused.

The numbers are typed here from the scenario format page and the rule texts, not read from the
engine's constants, so a changed limit fails this file as well as the page that states it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from estro_rules import ScenarioError, battaglia, scenarios
from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, Simulation, battle_html, team
from estro_rules.battaglia.kinds import load_battle, load_estimate
from estro_rules.battaglia.rules import MAX_SEED
from estro_rules.fields import Fields, parse_json
from tests.support import EXAMPLES
from tests.support.battaglia import HIT, KAPPA, NESSIE, battle_command
from tests.support.r19 import character, error_of, scenario, unit


def battle(**changes: Any) -> dict[str, Any]:
    return {"kind": "battaglia.battle", "left": [NESSIE], "right": [KAPPA], "trace": False, **changes}


def with_cryptid(**changes: Any) -> dict[str, Any]:
    return battle(left=[{**NESSIE, **changes}])


def with_ability(ability: dict[str, Any]) -> dict[str, Any]:
    return with_cryptid(abilities=[ability])


def destruction(**changes: Any) -> dict[str, Any]:
    return {"kind": "p07.destruction", **changes}


def r19(**changes: Any) -> dict[str, Any]:
    unit = {"id": "GU", "name": "Trooper", "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 3}}}}
    base: dict[str, Any] = {
        "kind": "r19.sequence",
        "players": ["A", "B"],
        "cards": [unit],
        "board": [{"card": "GU", "owner": "A"}],
        "actions": [{"do": "capabilities", "card": "GU"}],
    }
    return {**base, **changes}


def r19_value(value: int) -> dict[str, Any]:
    data = r19()
    data["cards"] = copy.deepcopy(data["cards"])
    data["cards"][0]["faces"]["Unlabelled"]["values"]["ATK"] = value
    return data


# (name, scenario for a value, the values at the edge that run, the values just past it that are refused,
#  the start of the message for a refused value)
Limit = tuple[str, Callable[[Any], dict[str, Any]], list[Any], list[Any], str]

LIMITS: list[Limit] = [
    # PROTOCOL_07
    ("p07 seed", lambda v: destruction(seed=v), [0, 2**63 - 1], [-1, 2**63], "seed: expected a whole number"),
    (
        "p07 Quadrante table: at most 100 effects",
        lambda n: destruction(quadrante_table=[f"Effect {i}" for i in range(n)]),
        [1, 100],
        [101],
        "quadrante_table: expected at most 100 effects",
    ),
    ("p07 modes: at least one", lambda n: {"kind": "p07.combination", "modes": ["Cinque Soglie"] * n}, [1], [0], "modes"),
    # Battaglia teams and cryptids
    ("cryptids per team: 1 to 12", lambda n: battle(left=[NESSIE] * n), [1, 12], [0, 13], "left"),
    ("abilities per cryptid: 0 to 8", lambda n: with_cryptid(abilities=NESSIE["abilities"] * n), [0, 8], [9], "left[0].abilities"),
    ("threat: 0 to 99", lambda v: with_cryptid(threat=v), [0, 99], [-1, 100], "left[0].threat: expected a whole number from 0 to 99"),
    ("health: 1 to 999", lambda v: with_cryptid(health=v), [1, 999], [0, 1000], "left[0].health: expected a whole number from 1 to 999"),
    (
        "damage: 1 to 99",
        lambda v: with_ability({"when": {"total": 7}, "effect": {"damage": v}}),
        [1, 99],
        [0, 100],
        "left[0].abilities[0].effect.damage: expected a whole number from 1 to 99",
    ),
    (
        "heal: 1 to 99",
        lambda v: with_ability({"when": {"total": 7}, "effect": {"heal": v}}),
        [1, 99],
        [0, 100],
        "left[0].abilities[0].effect.heal: expected a whole number from 1 to 99",
    ),
    (
        "damage over time per roll: 1 to 99",
        lambda v: with_ability({"when": {"total": 7}, "effect": {"dot": v, "rolls": 2}}),
        [1, 99],
        [0, 100],
        "left[0].abilities[0].effect.dot: expected a whole number from 1 to 99",
    ),
    (
        "damage over time rolls: 1 to 36",
        lambda v: with_ability({"when": {"total": 7}, "effect": {"dot": 1, "rolls": v}}),
        [1, 36],
        [0, 37],
        "left[0].abilities[0].effect.rolls: expected a whole number from 1 to 36",
    ),
    (
        "modify_total: -12 to 12",
        lambda v: with_ability({"when": "every_roll", "effect": {"modify_total": v}}),
        [-12, -1, 1, 12],
        [-13, 13],
        "left[0].abilities[0].effect.modify_total: expected a whole number from -12 to 12",
    ),
    (
        "modify_total: never 0",
        lambda v: with_ability({"when": "every_roll", "effect": {"modify_total": v}}),
        [],
        [0],
        "left[0].abilities[0].effect.modify_total: expected a change other than 0, got 0",
    ),
    (
        "total: 2 to 12",
        lambda v: with_ability({"when": {"total": v}, "effect": {"damage": 1}}),
        [2, 12],
        [1, 13],
        "left[0].abilities[0].when.total: expected a whole number from 2 to 12",
    ),
    (
        "range: 2 to 12, low before high",
        lambda v: with_ability({"when": {"range": v}, "effect": {"damage": 1}}),
        [[2, 2], [2, 12], [12, 12]],
        [[1, 5], [5, 13], [6, 5]],
        "left[0].abilities[0].when.range",
    ),
    (
        "die shows: 1 to 6",
        lambda v: with_ability({"when": {"die_shows": v}, "effect": {"damage": 1}}),
        [1, 6],
        [0, 7],
        "left[0].abilities[0].when.die_shows: expected a whole number from 1 to 6",
    ),
    ("forced dice: at most 36 rolls", lambda n: battle(dice=[[1, 2]] * n), [0, 36], [37], "dice: expected at most 36 rolls"),
    ("forced dice: faces 1 to 6", lambda v: battle(dice=[[v, 1]]), [1, 6], [0, 7], "dice[0][0]: expected a whole number from 1 to 6"),
    ("battle seed", lambda v: battle(seed=v), [0, 2**63 - 1], [-1, 2**63], "seed: expected a whole number from 0 to"),
    (
        "battles in an estimate: 1 to 100,000",
        lambda n: {"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": n},
        [1],
        [0, 100_001],
        "battles: expected a whole number from 1 to 100,000",
    ),
    # §19
    ("r19 printed value: 0 to 999", r19_value, [0, 999], [-1, 1000], "cards[0].faces.Unlabelled.values.ATK: expected a whole number from 0 to 999"),
    (
        "r19 amount: 1 to 999",
        lambda v: r19(actions=[{"do": "penalty", "card": "GU", "value": "DEF", "amount": v}]),
        [1, 999],
        [0, 1000],
        "actions[0].amount: expected a whole number from 1 to 999",
    ),
    (
        "r19 counters: 1 to 999",
        lambda v: r19(actions=[{"do": "add_counters", "card": "GU", "counter": "Sabotage", "n": v}]),
        [1, 999],
        [0, 1000],
        "actions[0].n: expected a whole number from 1 to 999",
    ),
    ("r19 players: at least one", lambda n: r19(players=["A", "B", "C"][:n]), [1], [0], "players: expected at least one item"),
    ("r19 actions: at least one", lambda n: r19(actions=[{"do": "capabilities", "card": "GU"}] * n), [1], [0], "actions: expected at least one item"),
]


@pytest.mark.parametrize(("name", "make", "good", "bad", "message"), LIMITS, ids=[limit[0] for limit in LIMITS])
def test_limit_on_both_sides(name: str, make: Callable[[Any], dict[str, Any]], good: list[Any], bad: list[Any], message: str) -> None:
    for value in good:
        scenarios.run(make(value))  # runs without complaint
    for value in bad:
        with pytest.raises(ScenarioError) as err:
            scenarios.run(make(value))
        assert str(err.value).startswith(message), (value, str(err.value))


@pytest.mark.parametrize(
    "scenario",
    [
        destruction(seed=True),
        battle(seed=True),
        with_cryptid(threat=True),
        with_cryptid(health=True),
        with_ability({"when": {"total": 7}, "effect": {"damage": True}}),
        {"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": True},
        r19(actions=[{"do": "penalty", "card": "GU", "value": "DEF", "amount": True}]),
        r19_value(True),
    ],
    ids=["p07 seed", "battle seed", "threat", "health", "damage", "battles", "r19 amount", "r19 value"],
)
def test_true_is_not_a_whole_number(scenario: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError, match="expected a whole number.*, got true$"):
        scenarios.run(scenario)


@pytest.mark.parametrize(
    "scenario",
    [destruction(face_down=1), destruction(destroyed_by_opponent=0), battle(trace=1)],
    ids=["face_down", "destroyed_by_opponent", "trace"],
)
def test_a_number_is_not_true_or_false(scenario: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError, match="expected true or false, got [01]$"):
        scenarios.run(scenario)


def test_json_nesting_at_most_32_levels() -> None:
    assert parse_json("[" * 32 + "]" * 32, "scenario") is not None
    with pytest.raises(ScenarioError, match="^scenario: expected JSON nested at most 32 levels deep, got '33 levels'$"):
        parse_json("[" * 33 + "]" * 33, "scenario")


def test_json_numbers_at_most_4300_digits() -> None:
    assert parse_json('{"seed": ' + "9" * 4300 + "}", "scenario") == {"seed": int("9" * 4300)}
    with pytest.raises(ScenarioError, match="numbers of at most 4300 digits"):
        parse_json('{"seed": ' + "9" * 4301 + "}", "scenario")


def watcher(card_id: str, abilities: int) -> dict[str, Any]:
    watch = [{"name": f"Watch {i}", "type": "triggered", "on": "becomes Contested", "of": "any"} for i in range(abilities)]
    return {
        "id": card_id,
        "name": "Watcher",
        "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 2}}},
        "abilities": watch,
    }


def watchers(n: int) -> dict[str, Any]:
    """A Location flips to Contested and ``n`` abilities watching for it trigger: ``n`` triggers fire."""
    location = {
        "id": "LOC",
        "name": "Outpost",
        "faces": {"Prime": {"type": "Location", "values": {"DEF": 3}}, "Contested": {"type": "Location", "values": {"DEF": 2}}},
    }
    full, rest = divmod(n, 8)  # at most 8 abilities on a card
    cards = [location, watcher("W8", 8)] + ([watcher("W1", rest)] if rest else [])
    board = [{"card": "LOC", "owner": "A"}] + [{"card": "W8", "id": f"W8-{i}", "owner": "A"} for i in range(full)]
    board += [{"card": "W1", "owner": "A"}] if rest else []
    return r19(
        cards=cards,
        board=board,
        actions=[{"do": "flip", "card": "LOC", "to": "Contested", "cause": "combat destruction"}],
    )


def test_at_most_200_triggers_fire_in_one_action() -> None:
    result = scenarios.run(watchers(200)).to_json()
    assert len(result["steps"][0]["fired"]) == 200
    with pytest.raises(ScenarioError, match=r"^actions\[0\]: expected a resolution that ends \(more than 200 triggers fired\)"):
        scenarios.run(watchers(201))


def unit_card(i: int, abilities: int = 0) -> dict[str, Any]:
    plain = {"name": f"A{i}", "type": "activated"}
    return {
        "id": f"GU-{i}",
        "name": f"Unit {i}",
        "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 2}}},
        "abilities": [{**plain, "name": f"A{k}"} for k in range(abilities)],
    }


R19_COUNTS: list[Limit] = [
    (
        "r19 card definitions: 1 to 100",
        lambda n: r19(cards=[unit_card(i) for i in range(n)], board=[{"card": "GU-0", "owner": "A"}],
                      actions=[{"do": "capabilities", "card": "GU-0"}]),
        [1, 100],
        [101],
        "cards: expected at most 100 card definitions, got 101",
    ),
    (
        "r19 cards on the board: 1 to 100",
        lambda n: r19(cards=[unit_card(0)], board=[{"card": "GU-0", "id": f"I{i}", "owner": "A"} for i in range(n)],
                      actions=[{"do": "capabilities", "card": "I0"}]),
        [1, 100],
        [101],
        "board: expected at most 100 cards on the board, got 101",
    ),
    (
        "r19 actions: 1 to 100",
        lambda n: r19(actions=[{"do": "capabilities", "card": "GU"}] * n),
        [1, 100],
        [101],
        "actions: expected at most 100 actions, got 101",
    ),
    (
        "r19 abilities on a card: 0 to 8",
        lambda n: r19(cards=[unit_card(0, n)], board=[{"card": "GU-0", "owner": "A"}],
                      actions=[{"do": "capabilities", "card": "GU-0"}]),
        [0, 8],
        [9],
        "cards[0].abilities: expected at most 8 abilities, got 9",
    ),
    (
        "r19 effects of an ability: 0 to 8",
        lambda n: r19(
            cards=[{**unit_card(0), "abilities": [{"name": "Burst", "type": "activated",
                    "effects": [{"do": "destroy", "card": "self"}] * n}]}],
            board=[{"card": "GU-0", "owner": "A"}],
            actions=[{"do": "capabilities", "card": "GU-0"}],
        ),
        [0, 8],
        [9],
        "cards[0].abilities[0].effects: expected at most 8 effects, got 9",
    ),
]


@pytest.mark.parametrize(("name", "make", "good", "bad", "message"), R19_COUNTS, ids=[limit[0] for limit in R19_COUNTS])
def test_r19_counts_on_both_sides(name: str, make: Callable[[Any], dict[str, Any]], good: list[Any], bad: list[Any], message: str) -> None:
    test_limit_on_both_sides(name, make, good, bad, message)


def test_a_pool_holds_at_most_500_cards() -> None:
    from estro_rules.r19.lint import lint

    assert lint({"cards": [unit_card(i) for i in range(500)]}) == []
    with pytest.raises(ScenarioError, match="^cards: expected at most 500 card definitions, got 501$"):
        lint({"cards": [unit_card(i) for i in range(501)]})


def test_a_log_holds_at_most_10000_events() -> None:
    """Every event counts, setup and every action together; the action that passes the limit is named."""
    card = {**unit_card(0), "abilities": [{"name": "Watch", "type": "triggered", "on": "destroyed", "of": "any"}]}
    # Each destroy logs a handful of events; many actions on a full board run the log past its limit.
    board = [{"card": "GU-0", "id": f"I{i}", "owner": "A"} for i in range(100)]
    actions = [{"do": "destroy", "card": f"I{i}"} for i in range(100)]
    with pytest.raises(ScenarioError, match=r"^actions\[\d+\]: the resolution runs past the limit of the log here; expected a scenario whose log stays within 10,000 events"):
        scenarios.run(r19(cards=[card], board=board, actions=actions))
    fewer = scenarios.run(r19(cards=[card], board=board, actions=actions[:3])).to_json()
    assert sum(len(step["events"]) for step in fewer["steps"]) < 10_000


def test_a_log_of_exactly_10000_events_runs_and_one_more_is_refused() -> None:
    """The limit counts every event, and 10,000 is allowed: 98 units, and each of 100 bonuses to them logs its
    sequence's start and end and one event per unit, 100 events. Reaching one card more in the last action
    makes 10,001, and that action is named."""
    outpost = {"id": "L", "name": "Outpost", "faces": {"Unlabelled": {"type": "Location", "values": {"DEF": 2}}}}
    cards = [unit_card(0), outpost]
    board = [*({"card": "GU-0", "id": f"I{i}", "owner": "A"} for i in range(98)), {"card": "L", "owner": "A"}]
    bonus = {"do": "bonus", "classes": ["Ground Unit"], "value": "DEF", "amount": 1}
    result = scenarios.run(r19(cards=cards, board=board, actions=[bonus] * 100)).to_json()
    assert result["setup"]["events"] == [] and [len(step["events"]) for step in result["steps"]] == [100] * 100
    wider = {**bonus, "classes": ["Ground Unit", "Location"]}
    with pytest.raises(ScenarioError) as refused:
        scenarios.run(r19(cards=cards, board=board, actions=[*[bonus] * 99, wider]))
    message = str(refused.value)
    assert message.startswith("actions[99]: the resolution runs past the limit of the log here")
    assert "within 10,000 events" in message and re.search(r"\(fewer .*actions\)$", message)  # says how to stay in


def test_input_text_of_at_most_1000000_bytes() -> None:
    import io

    from estro_rules.inputs import read_json

    assert read_json("-", io.StringIO(" " * 999_998 + "{}")) == {}
    with pytest.raises(ScenarioError, match="longer than 1,000,000 bytes"):
        read_json("-", io.StringIO(" " * 999_999 + "{}"))


# --------------------------------------------------------------------------
# Battaglia: seeds and every number are bounded


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
        battaglia.battle(team(battle_data()["left"]), team(battle_data()["right"]), seed=seed)
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
        battle_command(["battle", str(EXAMPLES / "battaglia" / "threat-order.json"), "--seed", str(2**63)])


# --------------------------------------------------------------------------
# §19: every number is bounded


@pytest.mark.parametrize("big", [10**5000, -(10**5000), 1000], ids=["huge", "huge-negative", "1000"])
def test_numbers_have_sane_bounds(big: int) -> None:
    cases = [
        ({"do": "damage", "card": "C", "amount": big}, "actions[0].amount"),
        ({"do": "add_counters", "card": "C", "counter": "damage", "n": big}, "actions[0].n"),
        ({"do": "grant", "card": "C", "value": "Vote", "amount": big}, "actions[0].amount"),
        ({"do": "liberate", "card": "C", "cp_loss": big}, "actions[0].cp_loss"),
    ]
    for action, field in cases:
        msg = error_of(scenario([character("C")], [{"card": "C", "owner": "A"}], [action]))
        assert msg.startswith(field + ": expected a whole number from"), msg
        assert "999" in msg
    board = [{"card": "C", "owner": "A", "counters": {"damage": big}}]
    msg = error_of(scenario([character("C")], board, [{"do": "destroy", "card": "C"}]))
    assert msg.startswith("board[0].counters.damage: expected a whole number from 0 to 999")
    cards = [unit("U", {"DEF": big})]
    msg = error_of(scenario(cards, [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    assert msg.startswith("cards[0].faces.Unlabelled.values.DEF: expected a whole number from 0 to 999")


def test_a_huge_number_where_a_string_belongs() -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": 10**5000}])
    assert error_of(data).startswith("actions[0].card: expected")


def test_simulation_bad_input() -> None:
    with pytest.raises(ScenarioError, match="^battles: expected a whole number from 1 to"):
        Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=0)
