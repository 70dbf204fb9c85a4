"""A §19 scenario's cross-field checks (kinds.check_sequence): each refused input gets one message that
names the field and says what was expected.

The messages are written out whole, by hand, from what each check promises; the scenarios are small:
a Ground Unit, a Location (Prime with Rank, Contested without), a Character and a Storyline.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19.kinds import SEQUENCE
from tests.support.r19 import STORY, character, error_of, load_like_runner, location, scenario, unit

CARDS = [unit("GU", {"ATK": 1, "DEF": 2}), location("LOC", 3, 2), character("CH"), STORY]
BOARD = [
    {"card": "GU", "owner": "A"},
    {"card": "LOC", "owner": "B"},
    {"card": "CH", "owner": "A"},
    {"card": "ST", "owner": "A"},
]
ASK = [{"do": "capabilities", "card": "GU"}]
ON_BOARD = "known: 'GU', 'LOC', 'CH', 'ST'"
PLAYERS = "known: 'A', 'B'"


def placed(**fields: Any) -> list[dict[str, Any]]:
    """The board with its first card (the Ground Unit) given ``fields`` as well."""
    return [{**BOARD[0], **fields}, *BOARD[1:]]


def action_error(*actions: dict[str, Any], **extra: Any) -> str:
    return error_of(scenario(CARDS, BOARD, list(actions), **extra))


def with_effect(effect: dict[str, Any]) -> dict[str, Any]:
    """The scenario with a Ground Unit whose one activated ability has ``effect``."""
    gu = unit("GU", {"ATK": 1, "DEF": 2}, abilities=[{"name": "Go", "type": "activated", "effects": [effect]}])
    return scenario([gu, *CARDS[1:]], BOARD, ASK)


def effect_error(effect: dict[str, Any]) -> str:
    return error_of(with_effect(effect))


def assert_effect_loads(effect: dict[str, Any]) -> None:
    load_like_runner(with_effect(effect))


def loads(data: dict[str, Any]) -> None:
    load_like_runner(data)


# --------------------------------------------------------------------------
# Players and the active player


def test_a_player_listed_twice_is_named_by_its_second_place() -> None:
    msg = error_of(scenario(CARDS, BOARD, ASK, players=["A", "B", "A"]))
    assert msg == "players[2]: expected each player once, got 'A' (listed twice)"


def test_the_active_player_must_be_one_of_the_players() -> None:
    assert error_of(scenario(CARDS, BOARD, ASK, active="Z")) == f"active: expected a known player, got 'Z' ({PLAYERS})"
    assert error_of(scenario(CARDS, BOARD, ASK, active=1)) == "active: expected a player name (a string), got 1"


# --------------------------------------------------------------------------
# A card on the board


def test_a_placed_card_must_be_defined() -> None:
    board = [*BOARD, {"card": "NOPE", "owner": "A"}]
    assert error_of(scenario(CARDS, board, ASK)) == (
        "board[4].card: expected a card defined in 'cards', got 'NOPE' (known: 'GU', 'LOC', 'CH', 'ST')"
    )


def test_a_second_copy_without_its_own_id_is_refused() -> None:
    board = [*BOARD, {"card": "LOC", "owner": "A"}]
    assert error_of(scenario(CARDS, board, ASK)) == (
        "board[4].id: expected an ID no other card on the board has, got 'LOC' (give each copy its own 'id')"
    )


def test_an_id_may_not_repeat_another_cards_number() -> None:
    board = [*BOARD, {"card": "LOC", "id": "GU", "owner": "A"}]
    assert error_of(scenario(CARDS, board, ASK)).startswith("board[4].id: expected an ID no other card")


def test_copies_with_their_own_ids_are_accepted() -> None:
    board = [*BOARD, {"card": "LOC", "id": "LOC-2", "owner": "A"}]
    loads(scenario(CARDS, board, [{"do": "destroy", "card": "LOC-2"}]))


def test_self_is_no_id_on_the_board() -> None:
    # "self" in an ability's effect is the ability's own card: no card on the board may be called so,
    # by its own 'id' or by its card number
    expected = "board[0].id: expected an ID other than 'self', got 'self' ('self' names an ability's own card)"
    assert error_of(scenario(CARDS, placed(id="self"), ASK)) == expected
    card = unit("self", {"DEF": 2})
    assert (
        error_of(scenario([card], [{"card": "self", "owner": "A"}], [{"do": "destroy", "cards": ["self"]}])) == expected
    )


def test_the_owner_and_the_controller_must_be_players() -> None:
    assert (
        error_of(scenario(CARDS, placed(owner="Z"), ASK))
        == f"board[0].owner: expected a known player, got 'Z' ({PLAYERS})"
    )
    msg = error_of(scenario(CARDS, placed(controller="Z"), ASK))
    assert msg == f"board[0].controller: expected a known player, got 'Z' ({PLAYERS})"
    msg = error_of(scenario(CARDS, placed(controller=["A"]), ASK))
    assert msg == "board[0].controller: expected a player name (a string), got a list of 1 item"


def test_a_face_the_card_does_not_have_lists_its_faces() -> None:
    board = [BOARD[0], {**BOARD[1], "face": "Fallen"}]
    assert error_of(scenario(CARDS, board, ASK)) == (
        "board[1].face: expected a face Location LOC (LOC) has, got 'Fallen' (faces: Prime, Contested)"
    )
    assert error_of(scenario(CARDS, placed(face=2), ASK)) == (
        "board[0].face: expected a face Unit GU (GU) has, got 2 (faces: Unlabelled)"
    )


def test_counters_off_the_map_are_refused_but_zero_of_them_is_none() -> None:
    msg = error_of(scenario(CARDS, placed(zone="hand", counters={"Sabotage": 1}), ASK))
    assert msg == (
        "board[0].counters.Sabotage: expected counters only on a card on the Map "
        "(they come off as a card leaves it), got 1"
    )
    loads(scenario(CARDS, placed(zone="hand", counters={"Sabotage": 0}), [{"do": "enter", "card": "GU"}]))


def test_liberation_counters_need_a_printed_rank_on_the_face_shown() -> None:
    # R19-6.2: a card that prints no Rank cannot be Liberated; the Location prints Rank on Prime only
    board = [BOARD[0], {**BOARD[1], "face": "Contested", "counters": {"Liberation": 2}}]
    assert error_of(scenario(CARDS, board, ASK)) == (
        "board[1].counters.Liberation: expected no Liberation counters on a card that prints no Rank "
        "(it cannot be Liberated), got 2"
    )
    board = [BOARD[0], {**BOARD[1], "face": "Contested", "counters": {"Liberation": 0}}]
    loads(scenario(CARDS, board, ASK))
    board = [BOARD[0], {**BOARD[1], "counters": {"Liberation": 2}}]
    loads(scenario(CARDS, board, ASK))


def test_damage_counters_go_on_characters_only() -> None:
    msg = error_of(scenario(CARDS, placed(counters={"damage": 1}), ASK))
    assert (
        msg
        == "board[0].counters.damage: expected damage counters on Characters only (the engine models CP damage), got 1"
    )
    loads(scenario(CARDS, placed(counters={"damage": 0}), ASK))
    loads(scenario(CARDS, [*BOARD[:2], {**BOARD[2], "counters": {"damage": 1}}, BOARD[3]], ASK))


def test_only_a_character_is_bound_to_a_storyline() -> None:
    msg = error_of(scenario(CARDS, placed(bound_to="ST"), ASK))
    assert msg == "board[0].bound_to: expected nothing on a card that is not a Character, got 'ST'"


def test_bound_to_names_a_storyline_on_the_board() -> None:
    story2 = {**STORY, "id": "ST2"}
    board = [*BOARD, {"card": "ST2", "owner": "B"}]
    for to in ("LOC", "NOPE"):
        board[2] = {"card": "CH", "owner": "A", "bound_to": to}
        assert error_of(scenario([*CARDS, story2], board, ASK)) == (
            f"board[2].bound_to: expected a Storyline on the board, got '{to}' (known: 'ST', 'ST2')"
        )
    board[2] = {"card": "CH", "owner": "A", "bound_to": "ST2"}
    loads(scenario([*CARDS, story2], board, ASK))


# --------------------------------------------------------------------------
# What an action names


def test_an_action_names_cards_on_the_board() -> None:
    assert action_error({"do": "destroy", "card": "NOPE"}) == (
        f"actions[0].card: expected a card on the board, got 'NOPE' ({ON_BOARD})"
    )
    assert action_error({"do": "destroy", "cards": ["GU", "NOPE"]}) == (
        f"actions[0].cards[1]: expected a card on the board, got 'NOPE' ({ON_BOARD})"
    )


def test_self_is_a_card_only_in_an_ability() -> None:
    assert action_error({"do": "destroy", "card": "self"}) == (
        f"actions[0].card: expected a card on the board, got 'self' ({ON_BOARD})"
    )
    assert_effect_loads({"do": "destroy", "card": "self"})
    # so no card entering is ever "self": its card is refused before its face
    assert action_error({"do": "enter", "card": "self", "face": "Prime"}) == (
        f"actions[0].card: expected a card on the board, got 'self' ({ON_BOARD})"
    )


def test_an_action_on_the_second_action_is_named_by_its_index() -> None:
    msg = action_error(*ASK, {"do": "destroy", "card": "NOPE"})
    assert msg.startswith("actions[1].card: expected a card on the board, got 'NOPE'")


def test_an_actions_controller_is_a_player_and_you_only_in_an_ability() -> None:
    assert action_error({"do": "destroy", "classes": ["Location"], "controller": "you"}) == (
        f"actions[0].controller: expected a known player, got 'you' ({PLAYERS})"
    )
    loads(scenario(CARDS, BOARD, [{"do": "destroy", "classes": ["Location"], "controller": "B"}]))


def test_an_effects_controller_is_you_or_a_player() -> None:
    assert effect_error({"do": "destroy", "classes": ["Location"], "controller": "Z"}) == (
        f"cards[0].abilities[0].effects[0].controller: expected a known player, got 'Z' ({PLAYERS})"
    )
    for controller in ("you", "B"):
        assert_effect_loads({"do": "destroy", "classes": ["Location"], "controller": controller})


def test_a_source_is_a_card_on_the_board() -> None:
    assert action_error({"do": "twist", "card": "CH", "source": "NOPE"}) == (
        f"actions[0].source: expected a card on the board, got 'NOPE' ({ON_BOARD})"
    )


def test_who_uses_an_ability_and_who_becomes_active_are_players() -> None:
    gu = unit("GU", {"DEF": 2}, abilities=[{"name": "Go", "type": "activated"}])
    data = scenario([gu, *CARDS[1:]], BOARD, [{"do": "can_activate", "card": "GU", "ability": "Go", "player": "Z"}])
    assert error_of(data) == f"actions[0].player: expected a known player, got 'Z' ({PLAYERS})"
    assert action_error({"do": "set_phase", "phase": "End", "active": "Z"}) == (
        f"actions[0].active: expected a known player, got 'Z' ({PLAYERS})"
    )


def test_an_ability_printed_on_a_face_is_an_ability_of_the_card() -> None:
    gu = unit("GU", {"DEF": 2})
    gu["faces"]["Unlabelled"]["abilities"] = [{"name": "Dig", "type": "activated"}]
    loads(scenario([gu, *CARDS[1:]], BOARD, [{"do": "activate", "card": "GU", "ability": "Dig"}]))


# --------------------------------------------------------------------------
# An entering card: its face and the Characters it Binds


def test_face_and_bind_only_for_one_entering_card() -> None:
    hint = "(an entering card's face and the Characters it Binds belong to that one card)"
    for key, value in (("face", "Prime"), ("bind", ["CH"])):
        assert action_error({"do": "enter", "cards": ["LOC", "ST"], key: value}) == (
            f"actions[0].{key}: expected '{key}' only when one card enters, named by 'card' {hint}"
        )
        assert action_error({"do": "enter", "classes": ["Storyline"], key: value}) == (
            f"actions[0].{key}: expected '{key}' only when one card enters, named by 'card' {hint}"
        )


def test_an_empty_bind_is_no_bind() -> None:
    loads(scenario(CARDS, BOARD, [{"do": "enter", "classes": ["Storyline"], "bind": []}]))


def test_a_storyline_binds_characters_on_the_board() -> None:
    assert action_error({"do": "enter", "card": "ST", "bind": ["CH", "NOPE"]}) == (
        f"actions[0].bind[1]: expected a card on the board, got 'NOPE' ({ON_BOARD})"
    )
    assert action_error({"do": "enter", "card": "ST", "bind": ["CH", "LOC"]}) == (
        "actions[0].bind[1]: expected a Character, got 'LOC'"
    )
    loads(scenario(CARDS, BOARD, [{"do": "enter", "card": "ST", "bind": ["CH"]}]))


def test_self_binds_nothing() -> None:
    assert action_error({"do": "enter", "card": "ST", "bind": ["self"]}) == (
        f"actions[0].bind[0]: expected a card on the board, got 'self' ({ON_BOARD})"
    )


def test_only_a_storyline_binds() -> None:
    assert action_error({"do": "enter", "card": "LOC", "bind": ["CH"]}) == (
        "actions[0].bind: expected nothing unless the entering card is a Storyline, got a list of 1 item"
    )


def test_an_entering_card_enters_on_a_face_it_has() -> None:
    assert action_error({"do": "enter", "card": "ST", "face": "Fallen"}) == (
        "actions[0].face: expected a face Story has, got 'Fallen' (faces: Prime, Reversal)"
    )
    loads(scenario(CARDS, BOARD, [{"do": "enter", "card": "ST", "face": "Reversal"}]))


# --------------------------------------------------------------------------
# Flips and the abilities an action names


def test_a_flip_names_a_face_each_of_its_cards_has() -> None:
    story2 = {**STORY, "id": "ST2", "name": "Saga"}
    cards = [*CARDS, story2]
    board = [*BOARD, {"card": "ST2", "owner": "B"}]
    data = scenario(cards, board, [{"do": "flip", "cards": ["ST", "ST2", "LOC"], "to": "Reversal"}])
    assert (
        error_of(data)
        == "actions[0].to: expected a face Location LOC (LOC) has, got 'Reversal' (faces: Prime, Contested)"
    )
    loads(scenario(cards, board, [{"do": "flip", "cards": ["ST", "ST2"], "to": "Reversal"}]))


def test_an_effect_flipping_itself_and_another_card_checks_the_other() -> None:
    effect = {"do": "flip", "cards": ["self", "LOC"], "to": "Reversal"}
    st = {**STORY, "abilities": [{"name": "Turn", "type": "activated", "effects": [effect]}]}
    data = scenario([*CARDS[:3], st], BOARD, ASK)
    assert error_of(data) == (
        "cards[3].abilities[0].effects[0].to: expected a face Location LOC (LOC) has, got 'Reversal' "
        "(faces: Prime, Contested)"
    )


def test_a_storyline_leaves_for_a_zone_not_a_face() -> None:
    # 'to' of storyline_leaves is a zone (Depleted Pile, Burned, hand): no card has a face of that name
    loads(scenario(CARDS, BOARD, [{"do": "storyline_leaves", "card": "ST", "to": "Burned"}]))


def test_an_ability_the_card_does_not_have_lists_its_abilities() -> None:
    gu = unit("GU", {"DEF": 2}, abilities=[{"name": "Zap", "type": "activated"}])
    gu["faces"]["Unlabelled"]["abilities"] = [{"name": "Dig", "type": "activated"}]
    data = scenario([gu, *CARDS[1:]], BOARD, [{"do": "activate", "card": "GU", "ability": "Fly"}])
    assert error_of(data) == "actions[0].ability: expected an ability of Unit GU, got 'Fly' (known: 'Zap', 'Dig')"


# --------------------------------------------------------------------------
# Trigger orders


def test_a_trigger_order_is_given_by_a_player() -> None:
    msg = action_error({"do": "destroy", "card": "GU", "trigger_order": {"Z": []}})
    assert msg == f"actions[0].trigger_order.Z: expected a known player, got 'Z' ({PLAYERS})"


def test_each_trigger_is_a_card_on_the_board_and_its_ability() -> None:
    gu = unit("GU", {"DEF": 2}, abilities=[{"name": "Ruin", "type": "triggered", "on": "destroyed", "of": "any"}])
    cards = [gu, *CARDS[1:]]
    expected = "a trigger as 'card/ability' (a card on the board and its ability)"
    for key in ("GU/Fly", "NOPE/Ruin", "GU", "LOC/Ruin"):
        data = scenario(cards, BOARD, [{"do": "destroy", "card": "LOC", "trigger_order": {"A": ["GU/Ruin", key]}}])
        assert error_of(data) == f"actions[0].trigger_order.A[1]: expected {expected}, got '{key}'"
    loads(scenario(cards, BOARD, [{"do": "destroy", "card": "LOC", "trigger_order": {"A": ["GU/Ruin"]}}]))


# --------------------------------------------------------------------------
# The checks read inside a larger document name every field from where the scenario sits


def test_a_scenario_read_at_a_path_names_its_fields_from_there() -> None:
    def at_path(data: dict[str, Any]) -> str:
        del data["kind"]
        with pytest.raises(ScenarioError) as info:
            SEQUENCE.read(data, "suite[2]")
        return str(info.value)

    assert at_path(scenario(CARDS, BOARD, ASK, players=["A", "A"])) == (
        "suite[2].players[1]: expected each player once, got 'A' (listed twice)"
    )
    assert (
        at_path(scenario(CARDS, BOARD, ASK, active="Z"))
        == f"suite[2].active: expected a known player, got 'Z' ({PLAYERS})"
    )
    assert at_path(scenario([*CARDS, CARDS[0]], BOARD, ASK)) == (
        "suite[2].cards[4].id: expected a card number not defined twice, got 'GU'"
    )
    assert at_path(scenario(CARDS, placed(owner="Z"), ASK)) == (
        f"suite[2].board[0].owner: expected a known player, got 'Z' ({PLAYERS})"
    )
    board = [*BOARD[:2], {**BOARD[2], "bound_to": "LOC"}, BOARD[3]]
    assert at_path(scenario(CARDS, board, ASK)) == (
        "suite[2].board[2].bound_to: expected a Storyline on the board, got 'LOC' (known: 'ST')"
    )
    assert at_path(scenario(CARDS, BOARD, [{"do": "destroy", "card": "NOPE"}])) == (
        f"suite[2].actions[0].card: expected a card on the board, got 'NOPE' ({ON_BOARD})"
    )
