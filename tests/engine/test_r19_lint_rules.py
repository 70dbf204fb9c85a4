"""The design linter rule by rule: which cards each rule flags, with the exact finding a designer reads.

Expected findings come from the rulings as docs/_sources/resolution-19.md states them: R19-8.6 (no
DEF 0 or Rank 0 printed), R19-6.1 and R19-6.3 (a "+N" only reaches a value printed as a number; a
Character prints DEF X and Rank X, §19.8) and R19-2.3 (a Character Falls only by the four routes
of §7.7), and from the docstrings of estro_rules.r19.lint (the findings' fields, the reports).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19.lint import Finding, lint, load_pool, report_markdown, report_text
from tests.support.r19 import character, location, permanent, unit

# --------------------------------------------------------------------------
# Helpers

ZERO = "printed_zero_def_or_rank"
SELF_BONUS = "bonus_to_unprinted_value"
PARTLY_DEAD = "partly_dead_bonus"
DEAD = "dead_bonus"
FALL = "fall_outside_the_four_routes"

FLIP_FALLEN = (
    ": flips a Character to its Fallen face, which is none of the four routes of §7.7 (a Storyline's text, "
    "Morality Penalties to 0 CP, its Bound Storyline leaving play, its own Twist): on a Character it does nothing."
)
"""The tail of an R19-2.3 finding on a flip to Fallen: the four routes as R19-2.3 lists them."""

OTHER_TWIST = ": makes another Character Twist, but only a Character's own Twist is a route to Fallen: it does nothing."
"""The tail of an R19-2.3 finding on an effect making another Character Twist."""


def ability(name: str, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": "activated", "effects": list(effects)}


def bonus(value: str, *, amount: int = 1, **target: Any) -> dict[str, Any]:
    return {"do": "bonus", "value": value, "amount": amount, **target}


def flip_fallen(**target: Any) -> dict[str, Any]:
    return {"do": "flip", "to": "Fallen", **target}


def fort(cid: str, *abilities: dict[str, Any]) -> dict[str, Any]:
    """A Location that prints DEF 2 and Rank 1 on its one face (so no rule but its abilities' can flag it)."""
    return permanent(cid, {"Prime": {"type": "Location", "values": {"DEF": 2, "Rank": 1}}}, abilities=list(abilities))


def findings(*cards: dict[str, Any]) -> list[Finding]:
    return lint({"cards": list(cards)})


# --------------------------------------------------------------------------
# R19-8.6: no card is designed at DEF 0 or Rank 0


def test_def_0_on_a_card_without_state_labels() -> None:
    assert findings(unit("GU-1", {"ATK": 1, "DEF": 0})) == [
        Finding(
            "GU-1",
            "Unit GU-1",
            ZERO,
            "R19-8.6",
            "Its face prints DEF 0: at 0 or less a card is destroyed or broken the moment it enters, "
            "so DEF should never be printed at 0 (§19.7, §19.8).",
        )
    ]


def test_rank_0_names_the_face_that_prints_it() -> None:
    card = permanent(
        "LOC-1",
        {
            "Prime": {"type": "Location", "values": {"DEF": 3, "Rank": 0}},
            "Contested": {"type": "Location", "values": {"DEF": 2}},
        },
    )
    assert findings(card) == [
        Finding(
            "LOC-1",
            "Card LOC-1",
            ZERO,
            "R19-8.6",
            "The Prime face prints Rank 0: at 0 or less a card is destroyed or broken the moment it enters, "
            "so Rank should never be printed at 0 (§19.7, §19.8).",
        )
    ]


def test_def_and_rank_0_on_one_face_are_two_findings_def_first() -> None:
    found = findings(unit("GU-1", {"DEF": 0, "Rank": 0}))
    assert [(f.rule, f.message.split(":")[0]) for f in found] == [
        (ZERO, "Its face prints DEF 0"),
        (ZERO, "Its face prints Rank 0"),
    ]


def test_def_and_rank_1_are_clean() -> None:
    # R19-8.6 is about 0 only: 1 is the lowest value a card may be designed at
    assert findings(unit("GU-1", {"DEF": 1, "Rank": 1}), location("LOC-1", 1, 1, rank=1)) == []


# --------------------------------------------------------------------------
# R19-6.1: a card's "+N" to itself on a face that does not print the value


def test_self_bonus_names_the_one_face_without_the_value() -> None:
    card = permanent(
        "LOC-1",
        {
            "Prime": {"type": "Location", "values": {"DEF": 3, "Vox": 1}},
            "Contested": {"type": "Location", "values": {"DEF": 2}},
        },
        abilities=[ability("Rally", bonus("Vox", amount=2, card="self"))],
    )
    assert findings(card) == [
        Finding(
            "LOC-1",
            "Card LOC-1",
            SELF_BONUS,
            "R19-6.1",
            "Rally: +2 Vox to itself, but its Contested face does not print Vox as a number: the bonus does "
            "nothing there (use granting language to give the value).",
        )
    ]


def test_self_def_bonus_on_a_character_is_dead_on_both_faces() -> None:
    # both faces print DEF X (§19.8): no number for "+1 DEF" to add to
    card = character("CH-1", abilities=[ability("Brace", bonus("DEF", card="self"))])
    assert findings(card) == [
        Finding(
            "CH-1",
            "Character CH-1",
            SELF_BONUS,
            "R19-6.1",
            "Brace: +1 DEF to itself, but its Prime, Fallen faces do not print DEF as a number; a Character prints "
            "DEF X, not a number (§19.8): the bonus does nothing there (use granting language to give the value).",
        )
    ]


def test_a_self_bonus_among_other_cards_is_checked_on_the_card_itself() -> None:
    # R19-6.1 on the card itself: the engine drops this "+1 Vote" on GU-1 (bonus_dead) and adds it on GU-2
    card = unit("GU-1", {"DEF": 1}, abilities=[ability("Rally", bonus("Vote", cards=["self", "GU-2"]))])
    assert findings(card, unit("GU-2", {"DEF": 1, "Vote": 1})) == [
        Finding(
            "GU-1",
            "Unit GU-1",
            SELF_BONUS,
            "R19-6.1",
            "Rally: +1 Vote to itself, but its Unlabelled face does not print Vote as a number: the bonus does "
            "nothing there (use granting language to give the value).",
        )
    ]


def test_self_bonus_printed_on_every_face_is_clean() -> None:
    card = location("LOC-1", 3, 2)
    card["abilities"] = [ability("Wall", bonus("DEF", card="self"))]
    assert findings(card) == []


# --------------------------------------------------------------------------
# R19-6.3: a class bonus should name a class printing the stat


def test_bonus_no_member_prints_is_dead() -> None:
    pool = [
        fort("LOC-1", ability("Muster", bonus("Vote", classes=["Ground Unit"]))),
        unit("GU-2", {"DEF": 2}),
        unit("GU-1", {"DEF": 1}),
    ]
    assert findings(*pool) == [
        Finding(
            "LOC-1",
            "Card LOC-1",
            DEAD,
            "R19-6.3",
            "Muster: “+1 Vote” names Ground Unit, and none of them in the pool prints a Vote number (GU-1, GU-2): "
            "the bonus does nothing at all.",
        )
    ]


def test_rank_bonus_to_characters_is_dead_on_rank_x() -> None:
    pool = [fort("LOC-1", ability("Promote", bonus("Rank", amount=3, classes=["Character"]))), character("CH-1")]
    assert findings(*pool) == [
        Finding(
            "LOC-1",
            "Card LOC-1",
            DEAD,
            "R19-6.3",
            "Promote: “+3 Rank” names Character, and none of them in the pool prints a Rank number (CH-1); "
            "a Character prints Rank X, not a number (§19.8): the bonus does nothing at all.",
        )
    ]


def test_def_bonus_to_two_classes_is_partly_dead_on_the_characters() -> None:
    pool = [
        fort("LOC-1", ability("Walls", bonus("DEF", classes=["Character", "Ground Unit"]))),
        character("CH-1"),
        unit("GU-1", {"DEF": 2}),
    ]
    assert findings(*pool) == [
        Finding(
            "LOC-1",
            "Card LOC-1",
            PARTLY_DEAD,
            "R19-6.3",
            "Walls: “+1 DEF” names Character and Ground Unit, but some of them print no DEF number (CH-1); a "
            "Character prints DEF X, not a number (§19.8): it is dead text on those. Name a class that prints DEF, "
            "print a DEF value on them, or keep it as a deliberate choice.",
        )
    ]


def test_vox_worked_example_is_partly_dead_on_the_ground_units_without_vox() -> None:
    # §19.6's worked example: +1 Vox to Characters and Ground Units; only some Ground Units print Vox
    ilse = permanent("CH-1", {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 3, "Vox": 2}}})
    pool = [
        fort("LOC-1", ability("Occupy", bonus("Vox", classes=["Character", "Ground Unit"]))),
        ilse,
        unit("GU-1", {"DEF": 2, "Vox": 1}),
        unit("GU-2", {"DEF": 2}),
    ]
    assert [f.message for f in findings(*pool)] == [
        "Occupy: “+1 Vox” names Character and Ground Unit, but some of them print no Vox number (GU-2): it is dead "
        "text on those. Name a class that prints Vox, print a Vox value on them, or keep it as a deliberate choice."
    ]


def test_class_bonus_every_member_prints_is_clean() -> None:
    pool = [fort("LOC-1", ability("Walls", bonus("DEF", classes=["Ground Unit"]))), unit("GU-1", {"DEF": 2})]
    assert findings(*pool) == []


def test_granting_and_penalties_are_not_bonuses() -> None:
    # R19-6.2: granting language confers the value, so it is never dead text; a penalty is no "+N"
    grant = {"do": "grant", "classes": ["Ground Unit"], "value": "Vote", "amount": 1}
    penalty = {"do": "penalty", "classes": ["Ground Unit"], "value": "Vote", "amount": 1}
    assert findings(fort("LOC-1", ability("Enfranchise", grant, penalty)), unit("GU-1", {"DEF": 2})) == []


def test_every_effect_of_an_ability_is_checked_whatever_comes_before() -> None:
    effects = [
        {"do": "grant", "classes": ["Ground Unit"], "value": "Vote", "amount": 1},
        bonus("DEF", card="self"),
        bonus("Vote", card="GU-1"),
        bonus("Vote", classes=["Ground Unit"]),
    ]
    found = findings(fort("LOC-1", ability("Muster", *effects)), unit("GU-1", {"DEF": 2}))
    assert [(f.card, f.rule, f.ruling) for f in found] == [("LOC-1", DEAD, "R19-6.3")]


def dead_ids(count: int) -> str:
    """The card numbers a dead_bonus finding lists for ``count`` Ground Units without Vote."""
    pool = [fort("LOC-1", ability("Muster", bonus("Vote", classes=["Ground Unit"])))]
    pool += [unit(f"GU-{i:02}", {"DEF": 1}) for i in range(1, count + 1)]
    (found,) = findings(*pool)
    return found.message.split("(")[1].split(")")[0]


def test_a_message_lists_twelve_card_numbers() -> None:
    assert dead_ids(12) == "GU-01, GU-02, GU-03, GU-04, GU-05, GU-06, GU-07, GU-08, GU-09, GU-10, GU-11, GU-12"


def test_a_message_lists_twelve_card_numbers_and_counts_the_rest() -> None:
    first = "GU-01, GU-02, GU-03, GU-04, GU-05, GU-06, GU-07, GU-08, GU-09, GU-10, GU-11, GU-12"
    assert dead_ids(13) == f"{first} and 1 more"
    assert dead_ids(15) == f"{first} and 3 more"


# --------------------------------------------------------------------------
# R19-2.3: a Character Falls only by the four routes


def test_flipping_a_character_named_by_number_to_fallen() -> None:
    pool = [fort("LOC-1", ability("Push", flip_fallen(card="CH-1")), ability("Bend", {"do": "twist", "card": "CH-1"}))]
    assert findings(*pool, character("CH-1")) == [
        Finding("LOC-1", "Card LOC-1", FALL, "R19-2.3", "Push" + FLIP_FALLEN),
        Finding("LOC-1", "Card LOC-1", FALL, "R19-2.3", "Bend" + OTHER_TWIST),
    ]


def test_flipping_units_to_fallen_may_reach_characters() -> None:
    # the class Unit is Characters and Ground Units
    assert findings(fort("LOC-1", ability("Purge", flip_fallen(classes=["Unit"])))) == [
        Finding("LOC-1", "Card LOC-1", FALL, "R19-2.3", "Purge" + FLIP_FALLEN)
    ]


def test_a_character_flipping_itself_to_fallen() -> None:
    card = character("CH-1", abilities=[ability("Despair", flip_fallen(card="self"))])
    assert findings(card) == [Finding("CH-1", "Character CH-1", FALL, "R19-2.3", "Despair" + FLIP_FALLEN)]


def test_a_character_flipping_itself_and_another_card_to_fallen() -> None:
    # R19-2.3: the engine flips LOC-2 and gives the Character no_effect
    card = character("CH-1", abilities=[ability("Collapse", flip_fallen(cards=["self", "LOC-2"]))])
    assert findings(card, fort("LOC-2")) == [
        Finding("CH-1", "Character CH-1", FALL, "R19-2.3", "Collapse" + FLIP_FALLEN)
    ]


def test_a_characters_own_twist_is_a_route() -> None:
    assert findings(character("CH-1", abilities=[ability("Turn", {"do": "twist", "card": "self"})])) == []


def test_flipping_other_cards_to_fallen_is_clean() -> None:
    # R19-2.2: any card but a Character may become Fallen by any effect
    pool = [
        character("CH-1", abilities=[ability("Raze", flip_fallen(classes=["Location"]))]),
        fort("LOC-1", ability("Ruin", flip_fallen(card="self")), ability("Topple", flip_fallen(card="LOC-2"))),
        fort("LOC-2"),
    ]
    assert findings(*pool) == []


def test_a_card_number_outside_the_pool_is_not_known_to_be_a_character() -> None:
    assert findings(fort("LOC-1", ability("Push", flip_fallen(card="CH-9")))) == []


def test_self_names_the_card_itself_even_beside_a_card_numbered_self() -> None:
    # "self" in an ability names the card itself (estro_rules.r19.cards.Target), never another card
    odd = permanent("self", {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 3}}})
    assert findings(fort("LOC-1", ability("Ruin", flip_fallen(card="self"))), odd) == []


def test_every_effect_is_checked_for_a_fall_whatever_comes_before() -> None:
    effects = [{"do": "end_effect", "effect": "Curfew"}, flip_fallen(classes=["Location"]), flip_fallen(card="CH-1")]
    found = findings(fort("LOC-1", ability("Purge", *effects)), character("CH-1"))
    assert found == [Finding("LOC-1", "Card LOC-1", FALL, "R19-2.3", "Purge" + FLIP_FALLEN)]


# --------------------------------------------------------------------------
# Reading a pool


def test_a_card_number_defined_twice_is_an_error_at_its_second_definition() -> None:
    text = json.dumps({"cards": [unit("GU-1", {"DEF": 1}), unit("GU-1", {"DEF": 2})]})
    with pytest.raises(ScenarioError) as info:
        load_pool(text)
    assert str(info.value) == "cards[1].id: expected a card number not defined twice, got 'GU-1'"


def test_a_pool_may_describe_itself_like_an_example() -> None:
    data = {"title": "T", "description": "D", "expect": {}, "cards": [unit("GU-1", {"DEF": 0})]}
    assert [c.id for c in load_pool(data)] == ["GU-1"]
    with pytest.raises(ScenarioError) as info:
        load_pool({**data, "notes": "N"})
    assert str(info.value) == "notes: unknown field; expected one of: cards, description, expect, title"


# --------------------------------------------------------------------------
# Reports

AWKWARD = Finding("GU-1", 'Tom\'s <Wall> | & "Co"', ZERO, "R19-8.6", "Bad | worse <b> & 'quoted' \"text\"")
"""A finding whose name and message hold every character Markdown tables or HTML care about."""

PLAIN = Finding("GU-2", "Glass Wall", ZERO, "R19-8.6", "Its face prints DEF 0.")


def test_finding_to_json() -> None:
    assert PLAIN.to_json() == {
        "card": "GU-2",
        "name": "Glass Wall",
        "rule": ZERO,
        "ruling": "R19-8.6",
        "message": "Its face prints DEF 0.",
    }


def test_markdown_report_of_one_finding() -> None:
    assert report_markdown([PLAIN]) == (
        "1 finding.\n"
        "\n"
        "| Card | Ruling | Finding |\n"
        "|---|---|---|\n"
        "| Glass Wall (GU-2) | [[R19-8.6]] | Its face prints DEF 0. |"
    )


def test_markdown_report_escapes_html_and_table_pipes_but_not_quotes() -> None:
    assert report_markdown([AWKWARD, PLAIN]) == (
        "2 findings.\n"
        "\n"
        "| Card | Ruling | Finding |\n"
        "|---|---|---|\n"
        '| Tom\'s &lt;Wall&gt; \\| &amp; "Co" (GU-1) | [[R19-8.6]] | Bad \\| worse &lt;b&gt; &amp; \'quoted\' "text" |\n'
        "| Glass Wall (GU-2) | [[R19-8.6]] | Its face prints DEF 0. |"
    )


def test_text_report() -> None:
    assert report_text([]) == "no findings"
    assert report_text([PLAIN, AWKWARD]) == (
        "GU-2 Glass Wall: [R19-8.6] Its face prints DEF 0.\n"
        'GU-1 Tom\'s <Wall> | & "Co": [R19-8.6] Bad | worse <b> & \'quoted\' "text"'
    )
