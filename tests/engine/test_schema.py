"""Field declarations (:mod:`estro_rules.schema`): each type reads, describes itself and becomes form data.

The promises tested are those of the module's docstrings: a reader checks a value and names the field
(its full path) in every error; ``describe`` is the plain words of the scenario format page;
``to_json`` is what the browser builds its form from. The types are declared here as small
made-up examples, so a change in any protocol does not move these tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.fields import Fields
from estro_rules.schema import (
    NOTHING,
    PLAIN,
    REQUIRED,
    Bool,
    Choice,
    Field,
    Int,
    ListOf,
    MapOf,
    Obj,
    Pair,
    Ref,
    Text,
    plain,
)
from estro_rules.shapes import Keyed, Option, Tagged


def error(read: Any, *args: Any) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        read(*args)
    return err.value


def says(read: Any, *args: Any) -> str:
    return str(error(read, *args))


# --------------------------------------------------------------------------
# Field


def test_a_required_field_that_is_missing_names_what_its_type_expects() -> None:
    field = Field("health", Int(1, 9))
    assert field.required
    for data in ({}, {"health": None}):
        err = error(field.read_from, Fields(data, "left[0]"), NOTHING)
        assert str(err) == "left[0].health: expected a whole number (missing field)"
        assert err.field == "left[0].health"


def test_a_required_field_may_word_what_was_missing() -> None:
    field = Field("kind", Text(), missing="a scenario kind")
    assert says(field.read_from, Fields({}, ""), NOTHING) == "kind: expected a scenario kind (missing field)"


def test_an_optional_field_takes_its_default_unchecked_and_checks_a_given_value() -> None:
    field = Field("seed", Int(0, 9), default=-1)
    assert not field.required
    assert field.read_from(Fields({}, ""), NOTHING) == -1
    assert field.read_from(Fields({"seed": None}, ""), NOTHING) == -1
    assert field.read_from(Fields({"seed": 0}, ""), NOTHING) == 0
    assert says(field.read_from, Fields({"seed": 10}, "p"), NOTHING) == (
        "p.seed: expected a whole number from 0 to 9, got 10"
    )


def test_a_field_with_the_default_none_is_optional() -> None:
    field = Field("note", Text(), default=None)
    assert not field.required
    assert field.read_from(Fields({}, ""), NOTHING) is None


def test_a_field_reads_its_type_with_the_siblings_read_so_far() -> None:
    seen: list[Any] = []

    class Spy(Int):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
            seen.append((value, path, dict(ctx)))
            return 0

    Field("b", Spy()).read_from(Fields({"b": 5}, "x"), {"a": 1})
    assert seen == [(5, "x.b", {"a": 1})]


def test_a_fields_form_data() -> None:
    assert Field("seed", Int(0, 9)).to_json() == {
        "name": "seed",
        "label": "seed",
        "type": {"type": "int", "min": 0, "max": 9, "nonzero": False},
        "required": True,
    }
    assert Field("seed", Bool(), default=False, label="Seed", help="Replays the draw.").to_json() == {
        "name": "seed",
        "label": "Seed",
        "type": {"type": "bool"},
        "help": "Replays the draw.",
        "default": False,
    }
    assert Field("note", Text(), default=None).to_json() == {
        "name": "note",
        "label": "note",
        "type": {"type": "text", "nonempty": False, "what": "text"},
    }
    assert Field("n", Int(), default=0).to_json()["default"] == 0


def test_a_default_that_json_cannot_hold_is_written_as_a_list() -> None:
    assert Field("modes", ListOf(Text()), default=("b", ("c",))).to_json()["default"] == ["b", ["c"]]
    assert Field("modes", ListOf(Text()), default=frozenset({"b", "a"})).to_json()["default"] == ["a", "b"]
    assert Field("modes", ListOf(Text()), default=()).to_json()["default"] == []


def test_required_shows_itself() -> None:
    assert repr(REQUIRED) == "REQUIRED"


# --------------------------------------------------------------------------
# Int and Bool


def test_int_reads_within_its_bounds_on_both_sides() -> None:
    health = Int(1, 999)
    assert health.read(1, "h") == 1 and health.read(999, "h") == 999
    for bad in (0, 1000):
        assert says(health.read, bad, "h") == f"h: expected a whole number from 1 to 999, got {bad}"
    assert says(health.read, True, "h") == "h: expected a whole number, got true"
    assert Int().read(-(10**20), "x") == -(10**20)


def test_int_nonzero_refuses_only_zero() -> None:
    change = Int(-12, 12, nonzero=True)
    assert change.read(-1, "c") == -1 and change.read(1, "c") == 1
    err = error(change.read, 0, "left[0].effect.modify_total")
    assert str(err) == "left[0].effect.modify_total: expected a change other than 0, got 0"
    assert err.field == "left[0].effect.modify_total"
    assert Int(-12, 12).read(0, "c") == 0
    assert says(change.read, 13, "c") == "c: expected a whole number from -12 to 12, got 13"


@pytest.mark.parametrize(
    ("type_", "words"),
    [
        (Int(0, 99), "whole number, 0 to 99"),
        (Int(0, 2**63 - 1), "whole number, 0 to 2⁶³−1"),
        (Int(1, 10_000), "whole number, 1 to 10,000"),
        (Int(0), "whole number ≥ 0"),
        (Int(minimum=-5), "whole number ≥ -5"),
        (Int(maximum=0), "whole number ≤ 0"),
        (Int(maximum=20_000), "whole number ≤ 20,000"),
        (Int(), "whole number"),
        (Int(-12, 12, nonzero=True), "whole number, -12 to 12, not 0"),
        (Int(nonzero=True), "whole number, not 0"),
    ],
)
def test_int_in_plain_words(type_: Int, words: str) -> None:
    assert type_.describe() == words


def test_int_form_data() -> None:
    assert Int().to_json() == {"type": "int", "min": None, "max": None, "nonzero": False}
    assert Int(-3, 3, nonzero=True).to_json() == {"type": "int", "min": -3, "max": 3, "nonzero": True}
    assert Int().expected == "a whole number"


def test_bool() -> None:
    assert Bool().read(True, "b") is True and Bool().read(False, "b") is False
    for bad, shown in ((1, "1"), (0, "0"), ("false", "'false'"), (None, "null")):
        assert says(Bool().read, bad, "face_down") == f"face_down: expected true or false, got {shown}"
    assert (Bool().describe(), Bool().to_json(), Bool().expected) == ("true/false", {"type": "bool"}, "true or false")


# --------------------------------------------------------------------------
# Text, Choice, Ref


@pytest.mark.parametrize("bad", ["a\nb", "a\x1bb", "a\u202eb", "a\tb", "\x00"])
def test_plain_refuses_what_could_forge_a_line(bad: str) -> None:
    err = error(plain, bad, "left[0].name")
    assert str(err).startswith(f"left[0].name: expected {PLAIN}, got ")
    assert err.field == "left[0].name"


def test_plain_accepts_ordinary_text() -> None:
    assert plain("Ogopogo l'ancien — ça va ✓", "n") == "Ogopogo l'ancien — ça va ✓"
    assert plain("", "n") == ""


def test_text_reads_a_string_of_plain_text() -> None:
    assert Text().read("", "n") == ""
    assert Text().read("  ", "n") == "  "
    assert says(Text().read, 3, "n") == "n: expected a string, got 3"
    assert says(Text().read, "a\nb", "n") == f"n: expected {PLAIN}, got 'a\\nb'"


def test_text_nonempty_words_what_a_blank_one_should_have_been() -> None:
    name = Text(nonempty="a non-empty name")
    assert name.read("x", "n") == "x"
    assert name.read(" ", "n") == " "
    assert says(name.read, "", "left[0].name") == "left[0].name: expected a non-empty name, got ''"
    assert says(name.read, 7, "n") == "n: expected a non-empty name, got 7"


def test_text_strip_counts_blank_space_as_empty() -> None:
    name = Text(nonempty="a non-empty name", strip=True)
    assert name.read(" x ", "n") == " x "
    assert says(name.read, "  ", "n") == "n: expected a non-empty name, got '  '"
    assert says(name.read, "", "n") == "n: expected a non-empty name, got ''"
    assert Text(strip=True).read(" ", "n") == " "  # strip alone refuses nothing


def test_text_words_and_form_data() -> None:
    assert Text().describe() == "text"
    assert Text(what="name").describe() == "name"
    assert Text().to_json() == {"type": "text", "nonempty": False, "what": "text"}
    assert Text(nonempty="a name", what="name").to_json() == {"type": "text", "nonempty": True, "what": "name"}
    assert Text().expected == "a string"


def test_choice() -> None:
    mode = Choice(["Solo", "Inferno 2vs2"], "mode", labels={"Solo": "Single Player"})
    assert mode.read("Inferno 2vs2", "modes[0]") == "Inferno 2vs2"
    assert says(mode.read, "Solo ", "modes[0]") == (
        "modes[0]: expected a known mode, got 'Solo ' (did you mean 'Solo'? known: 'Solo', 'Inferno 2vs2')"
    )
    assert says(mode.read, 1, "modes[0]") == "modes[0]: expected a mode name (a string), got 1"
    assert mode.options == ("Solo", "Inferno 2vs2")
    assert mode.expected == "a mode name (a string)"
    assert Choice(["a"], "mode", expected="a mode").expected == "a mode"
    assert mode.describe() == "mode name"
    assert mode.to_json() == {
        "type": "choice",
        "what": "mode",
        "options": [["Solo", "Single Player"], ["Inferno 2vs2", "Inferno 2vs2"]],
    }
    assert Choice(["a"], "x").labels == {}


def test_ref() -> None:
    owner = Ref("players", "player")
    assert owner.read("Ann", "board[0].owner") == "Ann"
    assert says(owner.read, 1, "board[0].owner") == "board[0].owner: expected a string, got 1"
    assert says(owner.read, "A\nB", "o") == f"o: expected {PLAIN}, got 'A\\nB'"
    assert owner.expected == "a string"
    assert owner.describe() == "player (one of `players`)"
    assert owner.to_json() == {"type": "ref", "to": "players", "what": "player"}


# --------------------------------------------------------------------------
# ListOf


def test_a_list_is_read_item_by_item_at_each_items_path() -> None:
    dice = ListOf(Int(1, 6))
    assert dice.read([], "d") == ()
    assert dice.read([1, 6], "d") == (1, 6)
    assert says(dice.read, [1, 6, 7], "left[0].dice") == "left[0].dice[2]: expected a whole number from 1 to 6, got 7"
    assert says(dice.read, {"a": 1}, "d") == "d: expected a list, got an object"
    assert says(ListOf(Int(), expected="a list of dice").read, 3, "d") == "d: expected a list of dice, got 3"


def test_an_items_type_sees_the_context() -> None:
    seen = []

    class Spy(Int):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
            seen.append(dict(ctx))
            return 0

    ListOf(Spy()).read([1], "x", {"mode": "solo"})
    assert seen == [{"mode": "solo"}]


def test_a_list_minimum_on_both_sides() -> None:
    one = ListOf(Int(), min_items=1)
    assert one.read([5], "l") == (5,)
    assert says(one.read, [], "l") == "l: expected at least one item, got an empty list"
    three = ListOf(Int(), min_items=3)
    assert three.read([1, 2, 3], "l") == (1, 2, 3)
    assert says(three.read, [1, 2], "l") == "l: expected at least 3 items, got a list of 2 items"


def test_a_list_maximum_on_both_sides() -> None:
    two = ListOf(Int(), max_items=2)
    assert two.read([1, 2], "l") == (1, 2)
    assert says(two.read, [1, 2, 3], "l") == "l: expected at most 2 items, got a list of 3 items"
    zero = ListOf(Int(), max_items=0)
    assert zero.read([], "l") == ()
    assert says(zero.read, [1], "l") == "l: expected at most 0 items, got a list of 1 item"
    big = ListOf(Int(), max_items=10_000)
    assert says(big.read, [0] * 10_001, "l") == "l: expected at most 10,000 items, got a list of 10001 items"


def test_a_list_with_a_noun_counts_its_items() -> None:
    actions = ListOf(Int(), max_items=2, noun="actions")
    assert actions.read([1, 2], "a") == (1, 2)
    assert says(actions.read, [1, 2, 3], "a") == "a: expected at most 2 actions, got 3"
    cards = ListOf(Int(), max_items=1000, noun="cards")
    assert says(cards.read, [0] * 1001, "c") == "c: expected at most 1,000 cards, got 1001"


def test_a_list_may_word_its_own_bounds() -> None:
    calls: list[list[Any]] = []

    def few(items: list[Any]) -> tuple[str, Any, str]:
        calls.append(items)
        return "at least 2 cryptids", len(items), "a side cannot start empty"

    def many(items: list[Any]) -> tuple[str, Any, str]:
        return "at most 3 cryptids", len(items), "no team is larger"

    team = ListOf(Int(), min_items=2, max_items=3, too_few=few, too_many=many, noun="ignored")
    assert says(team.read, [1], "left") == "left: expected at least 2 cryptids, got 1 (a side cannot start empty)"
    assert calls == [[1]]
    assert says(team.read, [1, 2, 3, 4], "left") == "left: expected at most 3 cryptids, got 4 (no team is larger)"
    assert team.read([1, 2], "left") == (1, 2) and team.read([1, 2, 3], "left") == (1, 2, 3)


@pytest.mark.parametrize(
    ("type_", "words"),
    [
        (ListOf(Int(1, 6)), "list of whole number, 1 to 6"),
        (ListOf(Int(), what="list of dice"), "list of dice"),
        (ListOf(Int(), what="list of dice", min_items=1, max_items=10_000), "list of dice, 1 to 10,000"),
        (ListOf(Int(), what="list of dice", min_items=2), "list of dice, at least 2"),
        (ListOf(Int(), what="list of dice", max_items=20_000), "list of dice, at most 20,000"),
        (ListOf(Int(), what="list of dice", max_items=0), "list of dice, at most 0"),
        (ListOf(Int(), what="list of dice", min_items=0, max_items=3), "list of dice, at most 3"),
    ],
)
def test_a_list_in_plain_words(type_: ListOf, words: str) -> None:
    assert type_.describe() == words


def test_a_lists_form_data() -> None:
    assert ListOf(Bool()).to_json() == {
        "type": "list",
        "item": {"type": "bool"},
        "min": 0,
        "max": None,
        "what": "",
        "across": False,
    }
    assert ListOf(Bool(), min_items=1, max_items=4, what="w", across=True).to_json() == {
        "type": "list",
        "item": {"type": "bool"},
        "min": 1,
        "max": 4,
        "what": "w",
        "across": True,
    }
    assert ListOf(Bool()).expected == "a list"


# --------------------------------------------------------------------------
# Pair


def roll() -> Pair:
    return Pair(Int(1, 6), Int(1, 6), expected="a roll of two dice such as [3, 4]", what="`[a, b]`")


def test_a_pair_is_exactly_two_values_each_at_its_path() -> None:
    assert roll().read([3, 4], "r") == (3, 4)
    assert roll().read((1, 6), "r") == (1, 6)
    for bad, shown in (([3], "a list of 1 item"), ([1, 2, 3], "a list of 3 items"), ({"a": 1}, "an object"), (3, "3")):
        assert (
            says(roll().read, bad, "rolls[0]") == f"rolls[0]: expected a roll of two dice such as [3, 4], got {shown}"
        )
    assert says(roll().read, [0, 4], "rolls[0]") == "rolls[0][0]: expected a whole number from 1 to 6, got 0"
    assert says(roll().read, [1, 7], "rolls[0]") == "rolls[0][1]: expected a whole number from 1 to 6, got 7"


def test_a_pairs_items_see_the_context() -> None:
    seen = []

    class Spy(Int):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
            seen.append((path, dict(ctx)))
            return 0

    Pair(Spy(), Spy(), expected="e", what="w").read([1, 2], "p", {"k": 1})
    assert seen == [("p[0]", {"k": 1}), ("p[1]", {"k": 1})]


def test_a_pair_in_words_and_form_data() -> None:
    assert roll().describe() == "`[a, b]`"
    assert roll().expected == "a roll of two dice such as [3, 4]"
    assert Pair(Int(), Bool(), expected="e", what="w").to_json() == {
        "type": "pair",
        "items": [{"type": "int", "min": None, "max": None, "nonzero": False}, {"type": "bool"}],
    }


# --------------------------------------------------------------------------
# MapOf


def counters(**kwargs: Any) -> MapOf:
    return MapOf(Choice(["poison", "shield"], "counter"), Int(0, 9), what="counter → how many", **kwargs)


def test_a_map_reads_each_key_and_value_in_order() -> None:
    read = counters().read({"shield": 2, "poison": 0}, "cards[0].counters")
    assert read == {"shield": 2, "poison": 0}
    assert list(read) == ["shield", "poison"]
    assert counters().read({}, "c") == {}


def test_a_map_names_the_key_in_its_errors() -> None:
    assert says(counters().read, {"poisn": 1}, "c") == (
        "c.poisn: expected a known counter, got 'poisn' (did you mean 'poison'? known: 'poison', 'shield')"
    )
    assert says(counters().read, {"poison": 10}, "c") == "c.poison: expected a whole number from 0 to 9, got 10"
    assert says(counters().read, [1], "c") == "c: expected a JSON object, got a list of 1 item"
    assert counters().expected == "a JSON object"


def test_a_map_refuses_null_unless_it_has_a_default() -> None:
    err = error(counters().read, {"poison": None}, "c")
    assert err.field == "c.poison" and str(err).endswith("(missing field)")
    assert counters(default=0).read({"poison": None, "shield": 3}, "c") == {"poison": 0, "shield": 3}
    assert counters(default=None).read({"poison": None}, "c") == {"poison": None}


def test_a_maps_value_sees_its_key_and_the_context() -> None:
    seen = []

    class Spy(Int):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
            seen.append((path, dict(ctx)))
            return 0

    MapOf(Text(), Spy(), what="w").read({"a": 1, "b": 2}, "m", {"face": "x"})
    assert seen == [("m.a", {"face": "x", "_key": "a"}), ("m.b", {"face": "x", "_key": "b"})]


def test_a_maps_key_type_sees_the_key_at_its_path() -> None:
    assert says(MapOf(Ref("players", "player"), Int(), what="w").read, {"A\nB": 1}, "m") == (
        f"m.A\\nB: expected {PLAIN}, got 'A\\nB'"
    )


def test_a_map_in_words_and_form_data() -> None:
    assert counters().describe() == "counter → how many"
    assert MapOf(Text(), Bool(), what="w").to_json() == {
        "type": "map",
        "key": {"type": "text", "nonempty": False, "what": "text"},
        "value": {"type": "bool"},
    }


# --------------------------------------------------------------------------
# Obj


SEED = Field("seed", Int(0, 99), default=0, label="Seed", help="The same seed replays the same draw.")
FAST = Field("fast", Bool(), default=False, label="Fast")


def test_an_object_reads_its_declared_fields_in_order() -> None:
    demo = Obj([SEED, FAST], name="demo")
    read = demo.read({"fast": True, "seed": 7}, "")
    assert read == {"seed": 7, "fast": True}
    assert list(read) == ["seed", "fast"]
    assert demo.read({}, "") == {"seed": 0, "fast": False}


def test_an_object_refuses_an_unknown_key_and_a_non_object() -> None:
    demo = Obj([SEED, FAST], name="demo")
    assert says(demo.read, {"seed": 1, "slow": True}, "opts") == "opts.slow: unknown field; expected one of: fast, seed"
    assert says(demo.read, [1], "opts") == "opts: expected a JSON object, got a list of 1 item"
    assert says(demo.read, "x", "") == "scenario: expected a JSON object, got 'x'"


def test_an_objects_fields_see_the_ones_before_them() -> None:
    seen = []

    class Spy(Int):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
            seen.append(dict(ctx))
            return 5

    Obj([Field("a", Int()), Field("b", Spy())], name="o").read({"a": 1, "b": 2}, "")
    assert seen == [{"a": 1}]


def test_an_objects_check_and_build() -> None:
    calls: list[tuple[str, dict[str, Any], str]] = []

    def check(values: dict[str, Any], path: str) -> None:
        calls.append(("check", dict(values), path))
        if values["seed"] == 13:
            raise ScenarioError(path, "an unlucky-free seed", got=13)

    def build(values: dict[str, Any], path: str) -> tuple[str, int]:
        calls.append(("build", dict(values), path))
        return "built", values["seed"]

    demo = Obj([SEED], name="demo", check=check, build=build)
    assert demo.read({"seed": 3}, "opts") == ("built", 3)
    assert calls == [("check", {"seed": 3}, "opts"), ("build", {"seed": 3}, "opts")]
    assert says(demo.read, {"seed": 13}, "opts") == "opts: expected an unlucky-free seed, got 13"
    assert Obj([SEED], name="demo", check=check).read({"seed": 4}, "") == {"seed": 4}


def test_a_shorthand_stands_for_the_whole_object() -> None:
    team = Obj(
        [Field("name", Text(), default="Team"), Field("cryptids", ListOf(Int(1, 9), min_items=1)), FAST],
        name="team",
        shorthand="cryptids",
        expected="a team: a list of cryptids or an object",
        build=lambda values, path: (values["name"], values["cryptids"], values["fast"], path),
    )
    assert team.read([1, 2], "left") == ("Team", (1, 2), False, "left")
    assert team.read({"name": "Reds", "cryptids": [3]}, "left") == ("Reds", (3,), False, "left")
    assert says(team.read, "x", "left") == "left: expected a team: a list of cryptids or an object, got 'x'"
    assert says(team.read, 3, "") == "scenario: expected a team: a list of cryptids or an object, got 3"
    assert says(team.read, [], "left") == "left: expected at least one item, got an empty list"
    assert says(team.read, [0], "left") == "left[0]: expected a whole number from 1 to 9, got 0"


def test_an_object_without_a_shorthand_refuses_a_list() -> None:
    assert says(Obj([SEED], name="o").read, [], "o") == "o: expected a JSON object, got an empty list"


def test_read_fields_leaves_other_keys_to_the_caller() -> None:
    f = Fields({"seed": 4, "extra": 1}, "")
    assert Obj([SEED], name="o").read_fields(f, NOTHING) == {"seed": 4}
    assert f.raw("extra") == 1
    f.done()


def test_an_object_names_a_field_by_name() -> None:
    demo = Obj([SEED, FAST], name="demo")
    assert demo.field("fast") is FAST
    assert demo.field("seed") is SEED


def test_an_object_in_words_and_form_data() -> None:
    demo = Obj([SEED, FAST], name="demo")
    assert demo.describe() == "demo"
    assert demo.expected == "a JSON object"
    assert demo.to_json() == {
        "type": "object",
        "name": "demo",
        "label": "demo",
        "fields": [SEED.to_json(), FAST.to_json()],
    }
    labelled = Obj([SEED], name="team", label="Team", shorthand="seed")
    assert labelled.to_json() == {
        "type": "object",
        "name": "team",
        "label": "Team",
        "fields": [SEED.to_json()],
        "shorthand": "seed",
    }


# --------------------------------------------------------------------------
# Keyed


def even(value: int, path: str) -> int:
    if value % 2:
        raise ScenarioError(path, "an even number", got=value)
    return value * 10


def condition(object_form: bool = True, one_key: str = "") -> Keyed:
    return Keyed(
        [
            Option("every_roll", label="On every roll", help="Always."),
            Option("total", Int(2, 12), form='{"total": 7}', label="The dice total is"),
            Option("even", Int(), check=even),
            Option("dot", Int(1, 9), extra=(Field("rolls", Int(1, 5)),)),
            Option("death"),
        ],
        what="condition",
        expected='one condition, such as "every_roll" or {"total": 7}',
        string_form_message=lambda option: f"the form {option.form or option.name}",
        object_form_message=(lambda option: f'the plain string "{option.name}"') if object_form else None,
        one_key=one_key,
    )


def test_keyed_reads_a_plain_string_form() -> None:
    assert condition().read("every_roll", "when") == ("every_roll", None, {})
    assert condition().read("death", "when") == ("death", None, {})


def test_keyed_reads_an_object_form() -> None:
    assert condition().read({"total": 7}, "when") == ("total", 7, {})
    assert condition().read({"dot": 3, "rolls": 2}, "effect") == ("dot", 3, {"rolls": 2})
    assert condition().read({"rolls": 2, "dot": 3}, "effect") == ("dot", 3, {"rolls": 2})


def test_keyed_checks_an_options_value_at_its_path() -> None:
    assert says(condition().read, {"total": 13}, "left[0].when") == (
        "left[0].when.total: expected a whole number from 2 to 12, got 13"
    )
    assert says(condition().read, {"total": None}, "w") == "w.total: expected a whole number, got null"
    assert condition().read({"even": 4}, "w") == ("even", 40, {})
    err = error(condition().read, {"even": 3}, "w")
    assert (str(err), err.field) == ("w.even: expected an even number, got 3", "w.even")


def test_keyed_unknown_names() -> None:
    assert says(condition().read, "totl", "when") == (
        "when: expected a known condition, got 'totl' (did you mean 'total'? "
        "known: 'every_roll', 'total', 'even', 'dot', 'death')"
    )
    assert says(condition().read, {"totl": 7}, "when") == (
        "when.totl: expected a known condition, got 'totl' (did you mean 'total'? known: 'total', 'even', 'dot')"
    )


def test_keyed_an_option_in_the_wrong_form() -> None:
    assert says(condition().read, "total", "when") == "when: expected the form {\"total\": 7}, got 'total'"
    assert says(condition().read, "dot", "when") == "when: expected the form dot, got 'dot'"
    assert says(condition().read, {"death": True}, "when") == ('when: expected the plain string "death", got an object')


def test_keyed_without_an_object_form_message_knows_only_the_keyed_options() -> None:
    assert says(condition(object_form=False).read, {"death": True}, "when") == (
        "when.death: expected a known condition, got 'death' (known: 'total', 'even', 'dot')"
    )


@pytest.mark.parametrize("bad", [{}, 3, None, [1], True])
def test_keyed_neither_a_string_nor_an_object_with_a_key(bad: Any) -> None:
    err = error(condition().read, bad, "when")
    assert str(err).startswith('when: expected one condition, such as "every_roll" or {"total": 7}, got ')


def test_keyed_one_key_only() -> None:
    two = {"total": 7, "even": 2}
    assert (
        says(condition().read, two, "w")
        == 'w: expected one condition, such as "every_roll" or {"total": 7}, got an object'
    )
    assert says(condition(one_key="exactly one condition").read, two, "w") == (
        "w: expected exactly one condition, got an object"
    )
    assert says(condition(one_key="exactly one").read, {"rolls": 2}, "w") == "w: expected exactly one, got an object"


def test_keyed_extras_belong_to_their_option() -> None:
    assert says(condition().read, {"total": 7, "rolls": 2}, "w") == "w.rolls: unknown field; expected one of: total"
    assert says(condition().read, {"dot": 3}, "w") == "w.rolls: expected a whole number (missing field)"
    assert says(condition().read, {"dot": 3, "rolls": 9}, "w") == "w.rolls: expected a whole number from 1 to 5, got 9"


def test_keyed_names_and_options() -> None:
    keyed = condition()
    assert keyed.names == ("every_roll", "total", "even", "dot", "death")
    assert keyed.option("dot").extra[0].name == "rolls"
    assert keyed.describe() == "condition"


def test_keyed_form_data() -> None:
    data = condition().to_json()
    assert data["type"] == "keyed" and data["what"] == "condition"
    assert data["options"][0] == {
        "name": "every_roll",
        "label": "On every roll",
        "help": "Always.",
        "value": None,
        "extra": [],
    }
    assert data["options"][1] == {
        "name": "total",
        "label": "The dice total is",
        "help": "",
        "value": {"type": "int", "min": 2, "max": 12, "nonzero": False},
        "extra": [],
    }
    assert data["options"][3]["label"] == "dot"
    assert data["options"][3]["extra"] == [Field("rolls", Int(1, 5)).to_json()]


# --------------------------------------------------------------------------
# Tagged


def action(**kwargs: Any) -> Tagged:
    return Tagged(
        "do",
        {
            "move": Obj([Field("to", Int(0, 9))], name="move"),
            "wait": Obj([Field("turns", Int(1, 3), default=1)], name="wait"),
        },
        what="action",
        before=(Field("who", Text()),),
        after=(Field("note", Text(), default=""),),
        **kwargs,
    )


def test_tagged_reads_before_the_tag_the_variant_and_after() -> None:
    read = action().read({"note": "n", "to": 3, "do": "move", "who": "A"}, "actions[0]")
    assert read == {"who": "A", "do": "move", "to": 3, "note": "n"}
    assert list(read) == ["who", "do", "to", "note"]
    assert action().read({"who": "B", "do": "wait"}, "a") == {"who": "B", "do": "wait", "turns": 1, "note": ""}


def test_tagged_errors_come_in_the_order_a_reader_expects() -> None:
    assert says(action().read, {"do": "nope", "to": 99}, "a") == "a.who: expected a string (missing field)"
    assert says(action().read, {"who": "A", "do": "mov", "to": 99}, "a") == (
        "a.do: expected a known action, got 'mov' (did you mean 'move'? known: 'move', 'wait')"
    )
    err = error(action().read, {"who": "A", "to": 99}, "a")
    assert err.field == "a.do" and str(err).endswith("(missing field)")
    assert says(action().read, {"who": "A", "do": "move", "to": 99, "note": 1}, "a") == (
        "a.to: expected a whole number from 0 to 9, got 99"
    )
    assert says(action().read, {"who": "A", "do": "move", "to": 1, "note": 1}, "a") == (
        "a.note: expected a string, got 1"
    )
    assert says(action().read, {"who": "A", "do": "wait", "to": 1}, "a") == (
        "a.to: unknown field; expected one of: do, note, turns, who"
    )
    assert says(action().read, [1], "a") == "a: expected a JSON object, got a list of 1 item"


def test_tagged_runs_the_variants_check_then_its_own_then_builds() -> None:
    calls: list[Any] = []

    def variant_check(values: dict[str, Any], path: str) -> None:
        calls.append(("variant", dict(values), path))

    def check(tag: str, values: dict[str, Any], path: str) -> None:
        calls.append(("check", tag, path))
        if values.get("to") == 0:
            raise ScenarioError(join_path(path, "to"), "a move somewhere", got=0)

    def build(tag: str, values: dict[str, Any], path: str) -> Any:
        calls.append(("build", tag, path))
        return (tag, values["who"])

    tagged = Tagged(
        "do",
        {"move": Obj([Field("to", Int(0, 9))], name="move", check=variant_check, build=lambda v, p: "ignored")},
        what="action",
        before=(Field("who", Text()),),
        check=check,
        build=build,
    )
    assert tagged.read({"who": "A", "do": "move", "to": 2}, "a[0]") == ("move", "A")
    assert calls == [
        ("variant", {"who": "A", "do": "move", "to": 2}, "a[0]"),
        ("check", "move", "a[0]"),
        ("build", "move", "a[0]"),
    ]
    assert says(tagged.read, {"who": "A", "do": "move", "to": 0}, "a[0]") == "a[0].to: expected a move somewhere, got 0"


def join_path(path: str, key: str) -> str:
    return f"{path}.{key}"


def test_tagged_only_keeps_some_variants_and_every_setting_unless_changed() -> None:
    def check(tag: str, values: dict[str, Any], path: str) -> None:
        return None

    def build(tag: str, values: dict[str, Any], path: str) -> Any:
        return ("built", tag)

    whole = action(check=check, build=build, labels={"move": "Move"}, label="Step")
    part = whole.only(["wait"])
    assert list(part.variants) == ["wait"]
    assert (part.tag, part.what, part.before, part.after) == ("do", "action", whole.before, whole.after)
    assert (part.check, part.build, part.labels, part.label) == (check, build, {"move": "Move"}, "Step")
    assert part.read({"who": "A", "do": "wait"}, "e") == ("built", "wait")
    assert says(part.read, {"who": "A", "do": "move", "to": 1}, "e") == (
        "e.do: expected a known action, got 'move' (known: 'wait')"
    )
    renamed = whole.only(["move", "wait"], what="effect", after=())
    assert renamed.what == "effect" and renamed.after == () and renamed.before == whole.before
    assert list(renamed.variants) == ["move", "wait"]
    assert whole.what == "action" and list(whole.variants) == ["move", "wait"]


def test_tagged_in_words_and_form_data() -> None:
    tagged = action(labels={"move": "Move a card"})
    assert tagged.describe() == "action"
    assert tagged.expected == "a JSON object"
    assert tagged.to_json() == {
        "type": "tagged",
        "tag": "do",
        "what": "action",
        "label": "Action",
        "before": [Field("who", Text()).to_json()],
        "after": [Field("note", Text(), default="").to_json()],
        "variants": [
            {"name": "move", "label": "Move a card", "fields": [Field("to", Int(0, 9)).to_json()]},
            {"name": "wait", "label": "wait", "fields": [Field("turns", Int(1, 3), default=1).to_json()]},
        ],
    }
    assert action(label="Step").to_json()["label"] == "Step"


# --------------------------------------------------------------------------
# Context: a type may depend on the fields of its object read before it


class Seen(Int):
    """A whole number that records where it was read and the context it was read with."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def read(self, value: object, path: str, ctx: Any = NOTHING) -> int:
        self.calls.append((path, dict(ctx)))
        return 0


def test_a_shorthand_is_read_with_the_other_fields_defaults() -> None:
    seen = Seen()
    team = Obj(
        [Field("name", Text(), default="Team"), Field("cryptids", ListOf(seen)), FAST], name="t", shorthand="cryptids"
    )
    team.read([5], "left")
    assert seen.calls == [("left[0]", {"name": "Team", "fast": False})]


def test_a_keyed_value_and_its_extras_see_the_context() -> None:
    value, extra = Seen(), Seen()
    keyed = Keyed(
        [Option("dot", value, extra=(Field("rolls", extra),))],
        what="effect",
        expected="an effect",
        string_form_message=lambda option: "an object",
    )
    assert keyed.read({"dot": 3, "rolls": 2}, "e", {"name": "Bite"}) == ("dot", 0, {"rolls": 0})
    assert value.calls == [("e.dot", {"name": "Bite"})]
    assert extra.calls == [("e.rolls", {"name": "Bite"})]


def test_tagged_before_and_after_fields_see_what_was_read_before_them() -> None:
    first, last = Seen(), Seen()
    tagged = Tagged(
        "do",
        {"move": Obj([Field("to", Int())], name="move")},
        what="action",
        before=(Field("who", Text()), Field("first", first)),
        after=(Field("last", last),),
    )
    tagged.read({"who": "A", "first": 1, "do": "move", "to": 2, "last": 3}, "a")
    assert first.calls == [("a.first", {"who": "A"})]
    assert last.calls == [("a.last", {"who": "A", "first": 0, "do": "move", "to": 2})]


def test_keyed_without_its_own_words_for_several_keys_says_what_it_expects() -> None:
    effect = Keyed(
        [Option("damage", Int(1, 9)), Option("heal", Int(1, 9))],
        what="effect",
        expected='an effect such as {"damage": 3}',
        string_form_message=lambda option: "an object",
    )
    assert (
        says(effect.read, {"damage": 1, "heal": 1}, "e") == 'e: expected an effect such as {"damage": 3}, got an object'
    )
    assert says(effect.read, {}, "e") == 'e: expected an effect such as {"damage": 3}, got an empty object'


def test_a_maps_key_type_sees_the_context_too() -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    class Face(Choice):
        def read(self, value: object, path: str, ctx: Any = NOTHING) -> str:
            calls.append((path, dict(ctx)))
            return super().read(value, path, ctx)

    faces = MapOf(Face(["Prime", "Broken"], "face"), Int(), what="face → value")
    assert faces.read({"Prime": 1}, "card.faces", {"type": "Character"}) == {"Prime": 1}
    assert calls == [("card.faces.Prime", {"type": "Character"})]
