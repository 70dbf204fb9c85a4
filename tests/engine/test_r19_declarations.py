"""§19's declarations: the types §19 adds to the kernel's, and the fields the action classes declare.

Each is checked twice: as the scenario reader uses it (the message a player reads), and called
directly, since the declarations are built once, at import.
"""

from __future__ import annotations

from estro_rules.r19.acting import Targeted
from estro_rules.r19.actions import ACTION
from estro_rules.r19.cards import CARD, Ability
from estro_rules.r19.declarations import Named, Phase, PrintedValue
from estro_rules.r19.moves import Redeem
from estro_rules.r19.rules import MAX_NUMBER
from estro_rules.r19.values import Damage, Grant
from tests.support.r19 import character, error_of, location, permanent, run, scenario

# --------------------------------------------------------------------------
# Phase: any name, with the phases §19 names as suggestions


def test_a_phase_in_words_and_for_the_form() -> None:
    # §19.3 names the Ready, Admin and End Phases; other names are allowed (§10 is not published).
    phase = Phase()
    assert phase.describe() == "phase name"
    assert phase.to_json() == {
        "type": "text",
        "nonempty": True,
        "what": "phase name",
        "label": "Phase",
        "suggestions": ["Ready", "Admin", "End"],
    }


def test_the_set_phase_action_offers_the_phases_by_name() -> None:
    phase = ACTION.variants["set_phase"].field("phase")
    assert phase.type.to_json()["suggestions"] == ["Ready", "Admin", "End"]


# --------------------------------------------------------------------------
# A printed value: a whole number from 0, or X


def test_a_printed_value_for_the_form() -> None:
    # §19.7: printing 0 is printing a value; §19.8: a Character prints DEF X and Rank X.
    assert PrintedValue().to_json() == {"type": "int", "min": 0, "max": MAX_NUMBER, "nonzero": False, "also": ["X"]}


# --------------------------------------------------------------------------
# Named: a name the kind's check reads whole


def test_a_named_choice_is_a_reference_that_expects_any_value() -> None:
    owner = Named("players", "player")
    assert owner.to_json() == {"type": "ref", "to": "players", "what": "player"}
    assert owner.describe() == "player (one of `players`)"
    # Any JSON value is read as it is (the kind's check names the choices), so a missing one is "a value".
    assert owner.expected == "a value"
    assert owner.read(7, "board[0].owner") == 7


def test_a_card_without_an_owner_names_the_field() -> None:
    data = scenario([location("L1", 2, 3)], [{"card": "L1"}], [{"do": "redeem", "card": "L1"}])
    assert error_of(data) == "board[0].owner: expected a value (missing field)"


# --------------------------------------------------------------------------
# Amounts: 1 to MAX_NUMBER, or from 0 where 0 is a value


def damage_to_a_character(amount: object) -> str:
    data = scenario(
        [character("CH-1")], [{"card": "CH-1", "owner": "A"}], [{"do": "damage", "card": "CH-1", "amount": amount}]
    )
    return error_of(data)


def test_an_amount_of_damage_is_from_1_to_the_largest_number() -> None:
    assert damage_to_a_character(0) == "actions[0].amount: expected a whole number from 1 to 999, got 0"
    assert damage_to_a_character(MAX_NUMBER + 1) == "actions[0].amount: expected a whole number from 1 to 999, got 1000"
    for amount in (1, MAX_NUMBER):
        data = scenario(
            [character("CH-1")], [{"card": "CH-1", "owner": "A"}], [{"do": "damage", "card": "CH-1", "amount": amount}]
        )
        assert run(data).steps[0].action.amount == amount


def test_a_granted_value_may_be_0() -> None:
    # §19.7: printing 0 is printing a value, so granting 0 grants a value.
    actions = [{"do": "grant", "card": "CH-1", "value": "Vote", "amount": 0}]
    data = scenario([character("CH-1")], [{"card": "CH-1", "owner": "A"}], actions)
    assert run(data).steps[0].action.amount == 0
    actions[0]["amount"] = -1
    data = scenario([character("CH-1")], [{"card": "CH-1", "owner": "A"}], actions)
    assert error_of(data) == "actions[0].amount: expected a whole number from 0 to 999, got -1"


def test_the_amount_field_declared_on_its_class() -> None:
    assert Damage.SCHEMA.field("amount").to_json() == {
        "name": "amount",
        "label": "Damage",
        "type": {"type": "int", "min": 1, "max": MAX_NUMBER, "nonzero": False},
        "help": "How much damage",
        "required": True,
    }
    granted = Grant.SCHEMA.field("amount")
    assert granted.to_json()["type"] == {"type": "int", "min": 0, "max": MAX_NUMBER, "nonzero": False}


def test_an_action_declared_as_a_class() -> None:
    """An action with no fields of its own has those every targeted action declares, in the same order."""
    redeem = Redeem.SCHEMA
    targeting = [f.name for f in redeem.fields]
    assert (redeem.name, redeem.label, targeting) == (
        "redeem",
        "Redeem clause: flip back to Prime",
        ["card", "cards", "classes", "controller"],
    )
    assert redeem.to_json() == {
        "type": "object",
        "name": "redeem",
        "label": "Redeem clause: flip back to Prime",
        "fields": [f.to_json() for f in redeem.fields],
    }
    assert all(issubclass(cls, Targeted) for cls in (Redeem, Damage, Grant))


# --------------------------------------------------------------------------
# Subtypes: each for the card type that may carry it


def a_face_with_subtypes(card_type: str, subtypes: list[str]) -> dict[str, object]:
    face = {"type": card_type, "values": {"DEF": 2, "Rank": 1}, "subtypes": subtypes}
    return scenario(
        [permanent("P1", {"Prime": face})], [{"card": "P1", "owner": "A"}], [{"do": "destroy", "card": "P1"}]
    )


def test_a_subtype_on_a_type_that_cannot_carry_it_names_the_right_type() -> None:
    # A Drone is a Ground Unit (§19.8 destroys Drones as units); Surface is for Locations (§19.5).
    assert error_of(a_face_with_subtypes("Location", ["Drone"])) == (
        "cards[0].faces.Prime.subtypes[0]: expected a subtype a Location can have, got 'Drone' (Drone is for Ground Units)"
    )
    assert error_of(a_face_with_subtypes("Ground Unit", ["Surface"])) == (
        "cards[0].faces.Prime.subtypes[0]: expected a subtype a Ground Unit can have, got 'Surface' (Surface is for Locations)"
    )


def test_an_unknown_subtype_gets_a_did_you_mean_at_its_place() -> None:
    assert error_of(a_face_with_subtypes("Ground Unit", ["Surface", "Dron"])) == (
        "cards[0].faces.Prime.subtypes[0]: expected a subtype a Ground Unit can have, got 'Surface' (Surface is for Locations)"
    )
    assert error_of(a_face_with_subtypes("Ground Unit", ["Dron"])) == (
        "cards[0].faces.Prime.subtypes[0]: expected a known subtype, got 'Dron' (did you mean 'Drone'? known: 'Drone', 'Surface')"
    )


def test_a_subtype_on_its_own_type_is_read() -> None:
    # The type line as printed: "Surface Location" as §19.5 writes it; other subtypes after a dash.
    assert run(a_face_with_subtypes("Location", ["Surface"])).initial.cards["P1"].type_line == "Surface Location"
    assert run(a_face_with_subtypes("Ground Unit", ["Drone"])).initial.cards["P1"].type_line == "Ground Unit — Drone"


# --------------------------------------------------------------------------
# Cards named in a list: each a non-empty string


def destroy_cards(cards: list[object]) -> dict[str, object]:
    return scenario([location("L1", 2, 3)], [{"card": "L1", "owner": "A"}], [{"do": "destroy", "cards": cards}])


def test_each_card_of_a_list_must_be_a_non_empty_string() -> None:
    assert error_of(destroy_cards(["L1", ""])) == "actions[0].cards[1]: expected a non-empty string, got ''"
    assert error_of(destroy_cards(["L1", 5])) == "actions[0].cards[1]: expected a non-empty string, got 5"
    # A Prime Location destroyed goes to its owner's Depleted Pile.
    assert run(destroy_cards(["L1"])).steps[0].board.cards["L1"].zone == "Depleted Pile"


# --------------------------------------------------------------------------
# Cards: what a card definition must hold together


def card_error(*cards: dict[str, object]) -> str:
    first = str(cards[0]["id"])
    return error_of(scenario(list(cards), [{"card": first, "owner": "A"}], [{"do": "destroy", "card": first}]))


GROUND = {"type": "Ground Unit", "values": {"DEF": 2}}


def test_a_non_capital_spacecraft_has_no_contested_face() -> None:
    # §19.8: a Non-Capital Spacecraft, which has no Contested face, is destroyed.
    ship = {"type": "Non-Capital Spacecraft", "values": {"DEF": 2}}
    assert card_error(permanent("S1", {"Prime": ship, "Contested": ship})) == (
        "cards[0].faces.Contested: expected no Contested face on a Non-Capital Spacecraft (it has none, §19.8), got 'Contested'"
    )
    capital = {"type": "Capital Spacecraft", "values": {"DEF": 2}}
    data = scenario(
        [permanent("S1", {"Prime": capital, "Contested": capital})],
        [{"card": "S1", "owner": "A"}],
        [{"do": "destroy", "card": "S1"}],
    )
    assert run(data).initial.cards["S1"].state == "Prime"


def test_the_faces_of_a_card_hold_together() -> None:
    assert card_error(permanent("U1", {})) == "cards[0].faces: expected at least one face, got an empty object"
    assert card_error(permanent("U1", {"Unlabelled": GROUND, "Prime": GROUND})) == (
        "cards[0].faces.Unlabelled: expected state-labelled faces only, on a card with several faces, got 'Unlabelled'"
    )
    location = {"type": "Location", "values": {"DEF": 2}}
    assert card_error(permanent("U1", {"Prime": GROUND, "Contested": location})) == (
        "cards[0].faces: expected faces of one card type, got 'Ground Unit, Location'"
    )


def test_a_character_face_prints_cp_and_x_for_def_and_rank() -> None:
    # §19.8: a Character prints DEF X and Rank X; no other card does.
    assert card_error(permanent("C1", {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X"}}})) == (
        "cards[0].faces.Prime.values.CP: expected a printed CP (every Character face prints CP) (missing field)"
    )
    assert card_error(
        permanent("C1", {"Prime": {"type": "Character", "values": {"DEF": 2, "Rank": "X", "CP": 2}}})
    ) == ("cards[0].faces.Prime.values.DEF: expected 'X' (a Character prints DEF X and Rank X), got 2")
    assert card_error(permanent("U1", {"Prime": {"type": "Ground Unit", "values": {"DEF": "X"}}})) == (
        "cards[0].faces.Prime.values.DEF: expected a whole number of at least 0 (only a Character prints DEF X and Rank X), got 'X'"
    )


def test_names_and_numbers_are_not_used_twice() -> None:
    alarm = {"name": "Alarm", "type": "static"}
    assert card_error(permanent("U1", {"Prime": {**GROUND, "abilities": [alarm]}}, abilities=[alarm])) == (
        "cards[0].faces.Prime.abilities[0].name: expected a name not used by another ability of the card, got 'Alarm'"
    )
    assert card_error(location("L1", 2, 3), location("L1", 2, 3)) == (
        "cards[1].id: expected a card number not defined twice, got 'L1'"
    )


# --------------------------------------------------------------------------
# Actions: the cards they reach, and what a flip's cause can lead to


def action_error(action: dict[str, object]) -> str:
    board = [{"card": "L1", "owner": "A"}, {"card": "CH-1", "owner": "A"}]
    return error_of(scenario([location("L1", 2, 3), character("CH-1")], board, [action]))


def test_an_action_reaches_its_cards_one_way() -> None:
    assert action_error({"do": "destroy"}) == (
        "actions[0].card: expected exactly one of 'card', 'cards' or 'classes', got null (which cards the action reaches)"
    )
    assert action_error({"do": "destroy", "card": "L1", "cards": ["L1"]}) == (
        "actions[0].card: expected exactly one of 'card', 'cards' or 'classes', got a list of 2 items"
        " (which cards the action reaches)"
    )


def test_a_flip_leads_only_where_its_cause_can() -> None:
    # §19.2: combat destruction makes a card Contested; a Redeem clause flips it back to Prime.
    assert action_error({"do": "flip", "card": "L1", "to": "Fallen", "cause": "combat destruction"}) == (
        "actions[0].to: expected a face that 'combat destruction' can lead to (Contested), got 'Fallen'"
    )
    assert action_error({"do": "flip", "card": "L1", "to": "Contested", "cause": "Redeem"}) == (
        "actions[0].to: expected a face that 'Redeem' can lead to (Prime), got 'Contested'"
    )
    board = [{"card": "L1", "owner": "A"}]
    flip = {"do": "flip", "card": "L1", "to": "Contested", "cause": "combat destruction"}
    assert run(scenario([location("L1", 2, 3)], board, [flip])).steps[0].board.cards["L1"].state == "Contested"


def test_an_effect_is_the_text_of_its_own_card() -> None:
    twist = {"name": "Turn", "type": "activated", "effects": [{"do": "twist", "card": "self", "source": "L1"}]}
    data = scenario(
        [location("L1", 2, 3), character("CH-1", abilities=[twist])],
        [{"card": "L1", "owner": "A"}, {"card": "CH-1", "owner": "A"}],
        [{"do": "destroy", "card": "L1"}],
    )
    # §7.7 (not published) as §19.2 states it: a Storyline's text or the Character's own Twist.
    assert error_of(data) == (
        "cards[1].abilities[0].effects[0].source: expected 'self' (an ability's effect is the text of its own card),"
        " got 'L1' (only a Storyline's own text is a route to Fallen (§7.7))"
    )


# --------------------------------------------------------------------------
# A phase that is no name; what a card's abilities keep; an effect's source


def test_a_phase_must_be_a_name() -> None:
    """Any phase name is allowed (§10 is not published), but a phase is a name: not a number, not blank."""
    board, destroy = [{"card": "L1", "owner": "A"}], [{"do": "destroy", "card": "L1"}]
    for phase, got in ((5, "5"), ("", "''"), ("  ", "'  '"), (["Admin"], "a list of 1 item")):
        message = error_of(scenario([location("L1", 2, 3)], board, destroy, phase=phase))
        assert message == f"phase: expected a phase name (a string), got {got}"
    assert len(run(scenario([location("L1", 2, 3)], board, destroy, phase="Combat")).steps) == 1


def test_a_near_miss_of_a_phase_gets_the_closest_name() -> None:
    board, destroy = [{"card": "L1", "owner": "A"}], [{"do": "destroy", "card": "L1"}]
    message = error_of(scenario([location("L1", 2, 3)], board, destroy, phase="Edn"))
    assert message == "phase: expected a phase name, got 'Edn' (did you mean 'End'?)"


def _abilities(*abilities: dict[str, object]) -> tuple[Ability, ...]:
    card = CARD.read(
        {
            "id": "X",
            "name": "X",
            "faces": {"Prime": {"type": "Ground Unit", "values": {"DEF": 2}, "abilities": list(abilities)}},
        },
        "cards[0]",
    )
    return card.faces["Prime"].abilities


def test_an_ability_keeps_what_its_type_prints_and_the_rest_as_an_ability_without_it() -> None:
    """Each type of ability has its own fields; its printed text is kept for display."""
    assert _abilities(
        {"name": "Overclock", "type": "activated", "use_only": "your turn", "phases": ["Admin"], "text": "Use only."},
        {"name": "Watch", "type": "triggered", "on": "destroyed", "of": "any"},
        {"name": "Echo", "type": "triggered", "on": "destroyed"},
        {"name": "Mine", "type": "resource", "phase": "Ready", "text": "Generates in Ready."},
        {"name": "Occupy", "type": "static", "text": "Units you control gain +1 Vox."},
    ) == (
        Ability("Overclock", "activated", use_only="your turn", phases=("Admin",), text="Use only."),
        Ability("Watch", "triggered", on="destroyed", of="any"),
        Ability("Echo", "triggered", on="destroyed", of="self"),  # "of" left out: this card
        Ability("Mine", "resource", phase="Ready", text="Generates in Ready."),  # its one phase
        Ability("Occupy", "static", text="Units you control gain +1 Vox."),
    )


def test_an_effect_may_say_its_source_is_its_own_card() -> None:
    """In an ability, ``source`` may only be ``self``: its own card, as when it is left out."""
    twist = {"name": "Turn", "type": "activated", "effects": [{"do": "twist", "card": "self", "source": "self"}]}
    [ability] = _abilities(twist)
    assert [(e.do, e.source) for e in ability.effects] == [("twist", "self")]
