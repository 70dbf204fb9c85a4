"""Bad §19 scenarios and card pools are rejected with a message naming the field path."""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19.lint import lint
from tests.support.r19 import STORY, character, error_of, load_like_runner, location, looping, scenario, unit

CARDS = [unit("XX-GRD-001", {"ATK": 1, "DEF": 2}), location("LOC-1", 2, 1), character("CH-1")]
BOARD = [{"card": "XX-GRD-001", "owner": "A"}, {"card": "LOC-1", "owner": "B"}, {"card": "CH-1", "owner": "A"}]


def test_unknown_card_in_action_lists_known_cards() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "damage", "card": "XX-GRD-009", "amount": 1}]))
    assert msg == (
        "actions[0].card: expected a card on the board, got 'XX-GRD-009' (known: 'XX-GRD-001', 'LOC-1', 'CH-1')"
    )


def test_unknown_card_in_a_list_names_its_index() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "bonus", "cards": ["LOC-1", "NOPE"], "value": "Vox", "amount": 1}]))
    assert msg.startswith("actions[0].cards[1]: expected a card on the board, got 'NOPE'")


def test_face_the_card_does_not_have() -> None:
    board = [{"card": "XX-GRD-001", "owner": "A", "face": "Contested"}]
    msg = error_of(scenario(CARDS, board, [{"do": "destroy", "card": "XX-GRD-001"}]))
    assert msg.startswith("board[0].face: expected a face Unit XX-GRD-001 (XX-GRD-001) has, got 'Contested'")
    msg = error_of(scenario(CARDS, BOARD, [{"do": "flip", "card": "LOC-1", "to": "Fallen"}]))
    assert msg.startswith("actions[0].to: expected a face Location LOC-1 (LOC-1) has, got 'Fallen'")


def test_value_of_the_wrong_type() -> None:
    cards = [unit("U", {"DEF": "2"})]
    msg = error_of(scenario(cards, [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    assert msg == "cards[0].faces.Unlabelled.values.DEF: expected a whole number, got '2'"


def test_character_must_print_def_x() -> None:
    cards = [{"id": "C", "name": "C", "faces": {"Prime": {"type": "Character", "values": {"DEF": 2, "CP": 2}}}}]
    msg = error_of(scenario(cards, [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}]))
    assert msg.startswith("cards[0].faces.Prime.values.DEF: expected 'X'")


def test_amount_must_be_positive() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "damage", "card": "CH-1", "amount": 0}]))
    assert msg == "actions[0].amount: expected a whole number from 1 to 999, got 0"


def test_unknown_action_and_unknown_key() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "damge", "card": "CH-1", "amount": 1}]))
    assert msg.startswith("actions[0].do: expected a known action, got 'damge' (did you mean 'damage'?")
    msg = error_of(scenario(CARDS, BOARD, [{"do": "damage", "card": "CH-1", "amount": 1, "amont": 2}]))
    assert msg.startswith("actions[0].amont: unknown field")


def test_unknown_player_and_phase() -> None:
    msg = error_of(scenario(CARDS, [{"card": "LOC-1", "owner": "Z"}], [{"do": "destroy", "card": "LOC-1"}]))
    assert msg.startswith("board[0].owner: expected a known player, got 'Z'")
    msg = error_of(scenario(CARDS, BOARD, [{"do": "set_phase", "phase": "Raedy"}]))
    assert msg == "actions[0].phase: expected a phase name, got 'Raedy' (did you mean 'Ready'?)"


def test_liberation_counters_on_a_card_without_rank() -> None:
    board = [{"card": "XX-GRD-001", "owner": "A", "counters": {"Liberation": 1}}]
    msg = error_of(scenario(CARDS, board, [{"do": "destroy", "card": "XX-GRD-001"}]))
    assert msg.startswith("board[0].counters.Liberation: expected no Liberation counters on a card that prints no Rank")


def test_bound_to_must_be_a_storyline() -> None:
    board = [*BOARD[:2], {"card": "CH-1", "owner": "A", "bound_to": "LOC-1"}]
    msg = error_of(scenario(CARDS, board, [{"do": "destroy", "card": "CH-1"}]))
    assert msg == "board[2].bound_to: expected a Storyline on the board, got 'LOC-1' (none defined)"


def test_effect_reference_in_a_card_definition() -> None:
    bad = unit(
        "U",
        {"DEF": 2},
        abilities=[
            {
                "name": "Boom",
                "type": "triggered",
                "on": "destroyed",
                "effects": [{"do": "damage", "card": "GHOST", "amount": 1}],
            }
        ],
    )
    msg = error_of(scenario([bad], [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    assert msg.startswith("cards[0].abilities[0].effects[0].card: expected a card on the board, got 'GHOST'")


def test_ability_must_exist_and_trigger_order_keys_are_checked() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "can_activate", "card": "CH-1", "ability": "Fly"}]))
    assert msg == "actions[0].ability: expected an ability of Character CH-1, got 'Fly' (none defined)"
    zapper = unit("Z", {"DEF": 2}, abilities=[{"name": n, "type": "static"} for n in ("Zap", "Zip")])
    msg = error_of(
        scenario([zapper], [{"card": "Z", "owner": "A"}], [{"do": "can_activate", "card": "Z", "ability": "Fly"}])
    )
    assert msg == "actions[0].ability: expected an ability of Unit Z, got 'Fly' (known: 'Zap', 'Zip')"
    action = {"do": "destroy", "card": "CH-1", "trigger_order": {"A": ["CH-1/War Crime"]}}
    msg = error_of(scenario(CARDS, BOARD, [action]))
    assert msg.startswith("actions[0].trigger_order.A[0]: expected a trigger as 'card/ability'")


def test_duplicate_instance_needs_its_own_id() -> None:
    board = [{"card": "LOC-1", "owner": "A"}, {"card": "LOC-1", "owner": "B"}]
    msg = error_of(scenario(CARDS, board, [{"do": "destroy", "card": "LOC-1"}]))
    assert msg.startswith("board[1].id: expected an ID no other card on the board has, got 'LOC-1'")


def test_non_capital_spacecraft_has_no_contested_face() -> None:
    sc = {
        "id": "S",
        "name": "S",
        "faces": {
            "Prime": {"type": "Non-Capital Spacecraft", "values": {"DEF": 1}},
            "Contested": {"type": "Non-Capital Spacecraft", "values": {"DEF": 1}},
        },
    }
    msg = error_of(scenario([sc], [{"card": "S", "owner": "A"}], [{"do": "destroy", "card": "S"}]))
    assert msg.startswith("cards[0].faces.Contested: expected no Contested face on a Non-Capital Spacecraft")


def test_flip_cause_must_fit_the_face() -> None:
    msg = error_of(scenario(CARDS, BOARD, [{"do": "flip", "card": "LOC-1", "to": "Prime", "cause": "Liberation"}]))
    assert msg == "actions[0].to: expected a face that 'Liberation' can lead to (Contested), got 'Prime'"


def test_an_endless_trigger_loop_is_an_error_naming_the_action() -> None:
    ping = looping(
        {
            "id": "P",
            "name": "Ping",
            "faces": {
                "Prime": {"type": "Location", "values": {"DEF": 3}},
                "Contested": {"type": "Location", "values": {"DEF": 3}},
            },
        }
    )
    data = scenario([ping], [{"card": "P", "owner": "A"}], [{"do": "flip", "card": "P", "to": "Contested"}])
    with pytest.raises(ScenarioError) as info:
        load_like_runner(data).run()
    assert str(info.value).startswith("actions[0]: expected a resolution that ends (more than 200 triggers fired)")


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"do": "enter", "classes": ["Storyline"], "bind": ["C"]}, "actions[0].bind"),
        ({"do": "enter", "classes": ["Unit"], "face": "Prime"}, "actions[0].face"),
    ],
)
def test_enter_with_classes_and_face_or_bind(action: dict[str, Any], field: str) -> None:
    data = scenario(
        [character("C"), STORY], [{"card": "C", "owner": "A"}, {"card": "ST", "owner": "A", "zone": "hand"}], [action]
    )
    assert error_of(data).startswith(field + ":")


@pytest.mark.parametrize("face", [["Prime"], {"a": 1}, 3])
def test_board_face_of_the_wrong_type(face: object) -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A", "face": face}], [{"do": "destroy", "card": "C"}])
    assert error_of(data).startswith("board[0].face: expected")


def test_non_string_keys_are_errors() -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data["cards"][0]["faces"]["Prime"]["values"][5] = 1
    assert error_of(data).startswith("cards[0].faces.Prime.values: expected")
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data[7] = 1
    assert "expected" in error_of(data)
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data["actions"][0]["trigger_order"] = {1: []}
    assert error_of(data).startswith("actions[0].trigger_order: expected")
    with pytest.raises(ScenarioError):
        lint({"cards": [{"id": "A", "name": "A", "faces": {5: {}}}]})


def test_counters_only_on_cards_on_the_map() -> None:
    data = scenario(
        [location("L", 3, 2)], [{"card": "L", "owner": "A", "zone": "hand", "counters": {"Sabotage": 1}}], []
    )
    data["actions"] = [{"do": "enter", "card": "L"}]
    assert error_of(data).startswith("board[0].counters.Sabotage: expected")


def test_bad_pool_raises_scenario_error_with_path() -> None:
    with pytest.raises(ScenarioError, match=r"^cards\[0\]\.faces\.Prime\.type: expected a known card type"):
        lint({"cards": [{"id": "A", "name": "A", "faces": {"Prime": {"type": "Starship"}}}]})
    with pytest.raises(
        ScenarioError,
        match="^pool: line 1, column 2: expecting property name enclosed in double quotes; expected valid JSON$",
    ):
        lint("{")
