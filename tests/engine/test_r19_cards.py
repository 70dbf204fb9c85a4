"""§19 cards as the engine holds them: what a player reads of a target and an action, and what a face is.

The step labels ("1. damage 2 to CH") and the "no card matches (…)" notes are what a player reads of an
action, so each branch's wording is pinned here whole. The classes and type lines follow §19's own
names (:data:`estro_rules.r19.rules.CLASSES`).
"""

from __future__ import annotations

import pytest

from estro_rules.r19.acting import Action, Target
from estro_rules.r19.actions import ACTIONS
from estro_rules.r19.cards import Ability, CardDef, Face

BY_NAME = {a.name: a for a in ACTIONS}


def act(do: str, target: Target | None = None, **kw: object) -> Action:
    """The action ``do`` made from Python: ``target`` as its ``card``, ``cards`` or ``classes`` field, ``amount``
    as the number of counters (``n``) for the counter actions."""
    fields: dict[str, object] = dict(kw)
    if target is not None:
        if target.cards:
            fields.update({"card": target.cards[0]} if len(target.cards) == 1 and target.key == "card" else {"cards": target.cards})
        else:
            fields["classes"] = target.classes
        if target.controller is not None:
            fields["controller"] = target.controller
    if do in ("add_counters", "remove_counters") and "amount" in fields:
        fields["n"] = fields.pop("amount")
    return BY_NAME[do](path="actions[0]", **fields)


ONE = Target(cards=("CH",))
TWO = Target(cards=("CH", "GU"), key="cards")


# --------------------------------------------------------------------------
# Targets


def test_named_cards_are_listed_in_the_order_given() -> None:
    assert ONE.describe() == "CH"
    assert TWO.describe() == "CH, GU"
    assert Target(cards=("GU", "CH")).describe() == "GU, CH"


def test_a_controller_narrows_named_cards_as_it_reads() -> None:
    """The controller filters named cards too ("only the cards this player controls"), so the label says so:
    "destroy GU, GV" that destroys only GV would misread."""
    assert Target(cards=("CH", "GU"), controller="A").describe() == "CH, GU controlled by A"
    assert Target(cards=("GU",), controller="you").describe() == "GU controlled by you"


def test_classes_read_as_plural_names_joined_by_and() -> None:
    assert Target(classes=("Character",)).describe() == "Characters"
    assert Target(classes=("Character", "Ground Unit")).describe() == "Characters and Ground Units"
    assert Target(classes=("Drone", "Surface Location", "Homeworld")).describe() == (
        "Drones and Surface Locations and Homeworlds"
    )


def test_spacecraft_is_its_own_plural() -> None:
    """Spacecraft takes no "s": §19 writes "Locations and Spacecraft break"."""
    assert Target(classes=("Spacecraft",)).describe() == "Spacecraft"
    assert Target(classes=("Capital Spacecraft", "Non-Capital Spacecraft")).describe() == (
        "Capital Spacecraft and Non-Capital Spacecraft"
    )


def test_a_name_already_ending_in_s_gets_no_second_s() -> None:
    assert Target(classes=("Units",)).describe() == "Units"


def test_a_controller_narrows_classes_in_words() -> None:
    assert Target(classes=("Unit",), controller="A").describe() == "Units controlled by A"
    assert Target(classes=("Character", "Storyline"), controller="you").describe() == (
        "Characters and Storylines controlled by you"
    )


def test_a_target_defaults_to_no_cards_no_classes_any_controller_and_the_card_field() -> None:
    assert Target() == Target(cards=(), classes=(), controller=None, key="card")


# --------------------------------------------------------------------------
# Actions: the step label of each


@pytest.mark.parametrize(
    ("action", "label"),
    [
        (act("damage", ONE, amount=2), "damage 2 to CH"),
        (act("cp_loss", ONE, amount=1), "CP loss 1 to CH"),
        (act("morality_penalty", TWO, amount=3), "morality penalty 3 to CH, GU"),
        (act("add_counters", ONE, amount=1, counter="Liberation"), "add 1 Liberation counter on CH"),
        (act("add_counters", ONE, amount=2, counter="Sabotage"), "add 2 Sabotage counters on CH"),
        (act("remove_counters", ONE, amount=1, counter="damage"), "remove 1 damage counter on CH"),
        (act("remove_counters", TWO, amount=3, counter="damage"), "remove 3 damage counters on CH, GU"),
        (act("penalty", ONE, amount=1, value="DEF"), "-1 DEF to CH"),
        (
            act("bonus", Target(classes=("Unit",), controller="A"), amount=2, value="ATK"),
            "+2 ATK to Units controlled by A",
        ),
        (act("grant", ONE, amount=1, value="Vox"), "CH gain Vox 1"),
        (act("lose", TWO, value="Vox"), "CH, GU lose Vox"),
        (act("end_effect", effect="Shield Wall"), "end effect Shield Wall"),
        (act("flip", ONE, to="Fallen", cause="damage"), "flip CH to Fallen (damage)"),
        (act("storyline_leaves", Target(cards=("ST",)), to="discard"), "Storyline ST leaves play to discard"),
        (act("enter", Target(cards=("GU",))), "GU enters the Map"),
        (act("set_phase", phase="Combat", active="B"), "B: Combat Phase"),
        (act("set_phase", phase="End"), "same player: End Phase"),
        (act("can_activate", ONE, ability="Zap"), "can CH activate Zap now?"),
        (act("capabilities", ONE), "what can CH do?"),
        (act("activate", ONE, ability="Zap"), "activate Zap of CH"),
        (act("destroy", TWO), "destroy CH, GU"),
        (act("redeem", ONE), "redeem CH"),
        (act("liberate", ONE), "liberate CH"),
        (act("twist", ONE), "twist CH"),
    ],
    ids=lambda v: v if isinstance(v, str) else v.do,
)
def test_each_action_reads_as_a_one_line_label(action: Action, label: str) -> None:
    assert action.describe() == label


def test_an_action_without_a_target_reads_as_its_name_alone() -> None:
    assert act("destroy").describe() == "destroy"


def test_an_action_defaults_to_nothing_beyond_its_name_and_place() -> None:
    action = act("destroy")
    assert (action.card, action.cards, action.classes, action.controller, action.trigger_order) == (None,) * 5
    assert (action.do, action.path) == ("destroy", "actions[0]")
    flip = act("flip", ONE, to="Fallen")
    assert (flip.cause, flip.source) == ("other effect", None)
    ask = act("can_activate", ONE, ability="Zap")
    assert (ask.player, ask.phase, ask.during_sequence) == (None, None, False)
    enter = act("enter", ONE)
    assert (enter.face, enter.bind) == (None, ())


# --------------------------------------------------------------------------
# Faces and cards


def test_a_value_not_printed_is_absent_never_zero() -> None:
    """§19.7: a value the face does not print is not 0."""
    face = Face("Prime", "Character", values={"CP": 0, "DEF": "X"})
    assert (face.value("CP"), face.value("DEF"), face.value("Rank")) == (0, "X", None)


@pytest.mark.parametrize(
    ("type_", "subtypes", "line"),
    [
        ("Ground Unit", (), "Ground Unit"),
        ("Ground Unit", ("Drone",), "Ground Unit — Drone"),
        ("Location", ("Surface",), "Surface Location"),
        ("Location", ("Surface", "Ruin", "Vault"), "Surface Location — Ruin Vault"),
        ("Location", ("Ruin", "Surface"), "Surface Location — Ruin"),
    ],
)
def test_the_type_line_puts_surface_before_the_type_and_other_subtypes_after_a_dash(
    type_: str, subtypes: tuple[str, ...], line: str
) -> None:
    assert Face(None, type_, subtypes).type_line == line


@pytest.mark.parametrize(
    ("type_", "unit"),
    [("Character", True), ("Ground Unit", True), ("Location", False), ("Storyline", False), ("Homeworld", False)],
)
def test_units_are_characters_and_ground_units(type_: str, unit: bool) -> None:
    """§19.8: units are Characters and Ground Units."""
    assert Face(None, type_).is_unit is unit


def test_a_class_takes_in_its_types_and_asks_for_its_subtype() -> None:
    drone = Face(None, "Ground Unit", ("Drone",))
    plain = Face(None, "Ground Unit")
    surface = Face(None, "Location", ("Surface",))
    orbit = Face(None, "Location")
    character = Face("Prime", "Character")
    capital = Face(None, "Capital Spacecraft")
    assert [f.is_a("Drone") for f in (drone, plain)] == [True, False]
    assert [f.is_a("Ground Unit") for f in (drone, plain, character)] == [True, True, False]
    assert [f.is_a("Unit") for f in (drone, character, surface)] == [True, True, False]
    assert [f.is_a("Surface Location") for f in (surface, orbit)] == [True, False]
    assert [f.is_a("Location") for f in (surface, orbit)] == [True, True]
    assert [f.is_a("Spacecraft") for f in (capital, Face(None, "Non-Capital Spacecraft"), orbit)] == [True, True, False]


def test_a_face_defaults_to_no_subtypes_values_or_abilities() -> None:
    face = Face(None, "Storyline")
    assert (face.subtypes, face.values, face.abilities) == ((), None, ())  # no values printed
    assert face.value("DEF") is None


def test_a_face_has_the_cards_abilities_first_then_its_own() -> None:
    common = Ability("Common", "static")
    prime_only = Ability("Bright", "activated")
    fallen_only = Ability("Dark", "triggered", on="flip")
    card = CardDef(
        "CH-001",
        "Hero",
        {
            "Prime": Face("Prime", "Character", abilities=(prime_only,)),
            "Fallen": Face("Fallen", "Character", abilities=(fallen_only,)),
        },
        abilities=(common,),
    )
    assert card.abilities_of("Prime") == (common, prime_only)
    assert card.abilities_of("Fallen") == (common, fallen_only)
    assert card.every_ability() == (common, prime_only, fallen_only)
    assert card.first_face == "Prime"


def test_an_ability_defaults_to_keying_on_its_own_card_with_no_text() -> None:
    ability = Ability("Zap", "activated")
    assert (ability.on, ability.of, ability.effects, ability.use_only, ability.phases, ability.text) == (
        None,
        "self",
        (),
        None,
        (),
        "",
    )
