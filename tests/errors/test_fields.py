"""The field reader every scenario goes through (:mod:`estro_rules.fields`), rule by rule.

Its promises, from its docstrings and the error-message convention (a message names the field by
its full path, says what was expected and, where there is one, what was given): paths join with a
dot, list indexes without; a missing or ``null`` field is "missing"; a key nobody read is unknown;
bounds hold on both sides; JSON is bounded in nesting before it is parsed. The expected messages
below are written from those rules, not copied from the engine's output.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.fields import MAX_DEPTH, MAX_DIGITS, Fields, check_int, choose, join, number_text, parse_json


def message(err: pytest.ExceptionInfo[ScenarioError]) -> str:
    return str(err.value)


# --------------------------------------------------------------------------
# Paths


@pytest.mark.parametrize(
    ("path", "key", "joined"),
    [
        ("", "seed", "seed"),
        ("", "[0]", "[0]"),
        ("left", "health", "left.health"),
        ("left[0]", "abilities", "left[0].abilities"),
        ("modes", "[3]", "modes[3]"),
        ("a.b", "c", "a.b.c"),
    ],
)
def test_join_puts_a_dot_before_a_name_and_nothing_before_an_index(path: str, key: str, joined: str) -> None:
    assert join(path, key) == joined


# --------------------------------------------------------------------------
# choose


def test_choose_returns_a_known_name_as_it_is() -> None:
    assert choose("Cinque Soglie", "modes[1]", ["Inferno 2vs2", "Cinque Soglie"], "mode") == "Cinque Soglie"


def test_choose_refuses_a_value_that_is_not_a_string_naming_the_kind_of_name() -> None:
    with pytest.raises(ScenarioError) as err:
        choose(3, "modes[0]", ["Inferno 2vs2"], "mode")
    assert message(err) == "modes[0]: expected a mode name (a string), got 3"
    assert err.value.field == "modes[0]"


def test_choose_without_a_close_name_lists_every_known_one_in_order() -> None:
    with pytest.raises(ScenarioError) as err:
        choose("Zzz", "kind", ["alpha", "beta"], "scenario kind")
    assert message(err) == "kind: expected a known scenario kind, got 'Zzz' (known: 'alpha', 'beta')"


def test_choose_suggests_only_the_closest_name() -> None:
    with pytest.raises(ScenarioError) as err:
        choose("betta", "kind", ["alpha", "beta", "bet"], "kind")
    assert (
        message(err) == "kind: expected a known kind, got 'betta' (did you mean 'beta'? known: 'alpha', 'beta', 'bet')"
    )


def test_choose_is_exact_about_case() -> None:
    with pytest.raises(ScenarioError, match=r"did you mean 'Solo'\?"):
        choose("solo", "mode", ["Solo"], "mode")


# --------------------------------------------------------------------------
# Fields: the object itself


@pytest.mark.parametrize(("data", "shown"), [([], "an empty list"), ("x", "'x'"), (None, "null"), (3, "3")])
def test_fields_of_something_other_than_an_object(data: Any, shown: str) -> None:
    with pytest.raises(ScenarioError) as err:
        Fields(data, "left[0]")
    assert message(err) == f"left[0]: expected a JSON object, got {shown}"


def test_the_top_level_object_is_called_scenario() -> None:
    with pytest.raises(ScenarioError) as err:
        Fields([1], "")
    assert message(err) == "scenario: expected a JSON object, got a list of 1 item"
    assert err.value.field == "scenario"


def test_an_object_whose_key_is_not_a_string() -> None:
    with pytest.raises(ScenarioError) as err:
        Fields({"seed": 1, 2: "x"}, "")
    assert message(err) == "scenario: expected an object whose keys are strings, got 2"
    with pytest.raises(ScenarioError) as err:
        Fields({"ok": 1, (1,): "x"}, "left")
    assert message(err) == "left: expected an object whose keys are strings, got (1,)"


def test_keys_in_the_order_they_were_written() -> None:
    assert Fields({"b": 1, "a": 2, "c": None}, "").keys() == ["b", "a", "c"]


def test_has_counts_null_as_absent() -> None:
    f = Fields({"seed": 0, "face_down": False, "note": None}, "")
    assert f.has("seed") and f.has("face_down")
    assert not f.has("note")
    assert not f.has("other")


def test_the_path_is_kept() -> None:
    assert Fields({}, "teams.left").path == "teams.left"


# --------------------------------------------------------------------------
# Missing fields


@pytest.mark.parametrize("data", [{}, {"seed": None}], ids=["absent", "null"])
def test_a_missing_field_names_its_full_path_and_the_type_expected(data: dict[str, Any]) -> None:
    f = Fields(data, "left[0]")
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: f.integer("seed"), "a whole number"),
        (lambda: f.string("seed"), "a string"),
        (lambda: f.boolean("seed"), "true or false"),
        (lambda: f.items("seed"), "a list"),
        (lambda: f.obj("seed"), "a JSON object"),
        (lambda: f.raw("seed"), "a value"),
        (lambda: f.raw("seed", expected="a mode"), "a mode"),
    ]
    for read, expected in cases:
        with pytest.raises(ScenarioError) as err:
            read()
        assert message(err) == f"left[0].seed: expected {expected} (missing field)"
        assert err.value.field == "left[0].seed"


@pytest.mark.parametrize("data", [{}, {"seed": None}], ids=["absent", "null"])
def test_a_missing_field_takes_its_default(data: dict[str, Any]) -> None:
    f = Fields(data, "")
    assert f.integer("seed", default=5) == 5
    assert f.string("seed", default="x") == "x"
    assert f.boolean("seed", default=True) is True
    assert f.raw("seed", default="d") == "d"
    assert list(f.items("seed", default=[])) == []
    assert f.obj("seed", default={"a": 1}).keys() == ["a"]
    f.done()


def test_a_given_value_is_checked_even_when_the_field_has_a_default() -> None:
    f = Fields({"given": "7"}, "")
    with pytest.raises(ScenarioError, match=r"^given: expected a whole number, got '7'$"):
        f.integer("given", default=0)


# --------------------------------------------------------------------------
# Each getter


def test_string() -> None:
    f = Fields({"name": "Nessie", "empty": "", "n": 3}, "left[0]")
    assert f.string("name") == "Nessie"
    assert f.string("empty") == ""
    with pytest.raises(ScenarioError) as err:
        f.string("n")
    assert message(err) == "left[0].n: expected a string, got 3"


@pytest.mark.parametrize(("value", "shown"), [(1, "1"), (0, "0"), ("true", "'true'")])
def test_boolean_is_only_true_or_false(value: Any, shown: str) -> None:
    f = Fields({"face_down": value, "yes": True, "no": False}, "p")
    assert f.boolean("yes") is True
    assert f.boolean("no") is False
    with pytest.raises(ScenarioError) as err:
        f.boolean("face_down")
    assert message(err) == f"p.face_down: expected true or false, got {shown}"


def test_integer_with_bounds_names_the_full_path() -> None:
    f = Fields({"health": 0, "seed": 9}, "left[2]")
    assert f.integer("seed", minimum=0, maximum=9) == 9
    with pytest.raises(ScenarioError) as err:
        f.integer("health", minimum=1, maximum=999)
    assert message(err) == "left[2].health: expected a whole number from 1 to 999, got 0"


def test_integer_refuses_true() -> None:
    with pytest.raises(ScenarioError, match=r"^seed: expected a whole number, got true$"):
        Fields({"seed": True}, "").integer("seed")


def test_raw_gives_the_value_as_it_is() -> None:
    value = {"x": [1, None]}
    f = Fields({"v": value, "zero": 0, "no": False}, "")
    assert f.raw("v") is value
    assert f.raw("zero") == 0 and f.raw("no") is False  # falsy values are not missing


def test_items_are_paths_and_values() -> None:
    f = Fields({"modes": ["A", "B", {"c": 1}]}, "teams")
    assert list(f.items("modes")) == [("teams.modes[0]", "A"), ("teams.modes[1]", "B"), ("teams.modes[2]", {"c": 1})]
    assert list(Fields({"m": ["x"]}, "").items("m")) == [("m[0]", "x")]


def test_items_refuses_what_is_not_a_list() -> None:
    with pytest.raises(ScenarioError) as err:
        Fields({"modes": {"a": 1}}, "").items("modes")
    assert message(err) == "modes: expected a list, got an object"
    with pytest.raises(ScenarioError) as err:
        Fields({"modes": "A"}, "x").items("modes")
    assert message(err) == "x.modes: expected a list, got 'A'"


def test_items_minimum_on_both_sides() -> None:
    f = Fields({"none": [], "one": ["a"], "two": ["a", "b"]}, "")
    assert len(list(f.items("one", min_items=1))) == 1
    assert len(list(f.items("two", min_items=2))) == 2
    assert len(list(f.items("none", min_items=0))) == 0
    with pytest.raises(ScenarioError) as err:
        f.items("none", min_items=1)
    assert message(err) == "none: expected a list of at least 1 item, got an empty list"
    with pytest.raises(ScenarioError) as err:
        f.items("one", min_items=2)
    assert message(err) == "one: expected a list of at least 2 items, got a list of 1 item"
    with pytest.raises(ScenarioError) as err:
        f.items("two", min_items=3)
    assert message(err) == "two: expected a list of at least 3 items, got a list of 2 items"


def test_obj_reads_a_nested_object_at_its_path() -> None:
    f = Fields({"teams": {"left": {"health": "x"}}}, "")
    left = f.obj("teams").obj("left")
    assert left.path == "teams.left"
    with pytest.raises(ScenarioError) as err:
        left.integer("health")
    assert message(err) == "teams.left.health: expected a whole number, got 'x'"
    with pytest.raises(ScenarioError) as err:
        Fields({"teams": [1, 2]}, "").obj("teams")
    assert message(err) == "teams: expected a JSON object, got a list of 2 items"


# --------------------------------------------------------------------------
# done: unknown keys


def test_done_accepts_an_object_whose_every_key_was_read() -> None:
    f = Fields({"seed": 1, "face_down": True, "note": None}, "")
    f.integer("seed")
    f.boolean("face_down")
    f.raw("note", default=None)
    f.done()


def test_done_counts_a_key_read_with_its_default_as_read() -> None:
    f = Fields({"seed": None}, "")
    f.integer("seed", default=0)
    f.done()


def test_a_key_that_is_asked_about_but_not_read_is_unknown() -> None:
    f = Fields({"seed": 1}, "")
    assert f.has("seed")
    with pytest.raises(ScenarioError, match=r"^seed: unknown field"):
        f.done()


def test_done_names_the_first_unknown_key_and_every_known_one_sorted() -> None:
    f = Fields({"zeta": 1, "seed": 1, "alpha": 2, "qqqq": 3, "xyzw": 4}, "teams.left")
    f.integer("zeta")
    f.integer("seed")
    f.integer("alpha")
    with pytest.raises(ScenarioError) as err:
        f.done()
    assert message(err) == "teams.left.qqqq: unknown field; expected one of: alpha, seed, zeta"
    assert err.value.field == "teams.left.qqqq"


def test_done_suggests_the_closest_known_key() -> None:
    f = Fields({"seed": 1, "sede": 2}, "")
    f.integer("seed")
    f.integer("speed", default=0)
    with pytest.raises(ScenarioError) as err:
        f.done()
    assert message(err) == "sede: unknown field; expected one of: seed, speed (did you mean 'seed'?)"


def test_done_suggests_nothing_when_no_known_key_is_close() -> None:
    f = Fields({"seed": 1, "kind": 2}, "s")
    f.integer("seed")
    with pytest.raises(ScenarioError) as err:
        f.done()
    assert message(err) == "s.kind: unknown field; expected one of: seed"


# --------------------------------------------------------------------------
# Numbers


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "0"),
        (9_999, "9999"),
        (10_000, "10,000"),
        (1_234_567, "1,234,567"),
        (-9_999, "-9999"),
        (-10_000, "-10,000"),
        (2**63 - 1, "2⁶³−1"),
        (2**63 - 2, "9,223,372,036,854,775,806"),
        (2**63, "9,223,372,036,854,775,808"),
        (2**31 - 1, "2³¹−1"),
        (2**31, "2,147,483,648"),
    ],
)
def test_number_text(n: int, text: str) -> None:
    assert number_text(n) == text


def test_check_int_gives_the_number_back() -> None:
    assert check_int(7, "x") == 7
    assert check_int(-7, "x", maximum=0) == -7
    assert check_int(10**30, "x", minimum=0) == 10**30


@pytest.mark.parametrize("value", [True, False, 1.0, 2.5, "1", None, [1]])
def test_check_int_refuses_what_is_not_a_whole_number(value: Any) -> None:
    with pytest.raises(ScenarioError) as err:
        check_int(value, "seed", minimum=0, maximum=10)
    assert message(err).startswith("seed: expected a whole number, got ")


def test_check_int_from_minimum_to_maximum_on_both_sides() -> None:
    assert check_int(1, "health", minimum=1, maximum=999) == 1
    assert check_int(999, "health", minimum=1, maximum=999) == 999
    for bad in (0, 1000):
        with pytest.raises(ScenarioError) as err:
            check_int(bad, "health", minimum=1, maximum=999)
        assert message(err) == f"health: expected a whole number from 1 to 999, got {bad}"


def test_check_int_minimum_only_on_both_sides() -> None:
    assert check_int(0, "threat", minimum=0) == 0
    with pytest.raises(ScenarioError) as err:
        check_int(-1, "threat", minimum=0)
    assert message(err) == "threat: expected a whole number of at least 0, got -1"
    with pytest.raises(ScenarioError) as err:
        check_int(9_999, "n", minimum=10_000)
    assert message(err) == "n: expected a whole number of at least 10,000, got 9999"


def test_check_int_maximum_only_on_both_sides() -> None:
    assert check_int(12, "count", maximum=12) == 12
    assert check_int(-50, "count", maximum=12) == -50
    with pytest.raises(ScenarioError) as err:
        check_int(13, "count", maximum=12)
    assert message(err) == "count: expected a whole number of at most 12, got 13"
    with pytest.raises(ScenarioError) as err:
        check_int(2**63, "seed", maximum=2**63 - 1)
    assert message(err) == "seed: expected a whole number of at most 2⁶³−1, got 9223372036854775808"


def test_check_int_bounds_of_zero_count() -> None:
    """0 is a bound like any other (not "no bound")."""
    with pytest.raises(ScenarioError, match=r"^x: expected a whole number from 0 to 0, got 1$"):
        check_int(1, "x", minimum=0, maximum=0)
    with pytest.raises(ScenarioError, match=r"^x: expected a whole number of at most 0, got 1$"):
        check_int(1, "x", maximum=0)
    assert check_int(0, "x", minimum=0, maximum=0) == 0


# --------------------------------------------------------------------------
# parse_json


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_nesting_up_to_the_limit_is_read_and_one_more_level_is_refused() -> None:
    assert MAX_DEPTH == 32
    assert parse_json(nested(32), "scenario") == json.loads(nested(32))
    with pytest.raises(ScenarioError) as err:
        parse_json(nested(33), "pool")
    assert message(err) == "pool: expected JSON nested at most 32 levels deep, got '33 levels'"
    assert err.value.field == "pool"


def test_objects_count_as_levels_too() -> None:
    text = '{"a": ' * 32 + "1" + "}" * 32
    assert parse_json(text, "s") is not None
    with pytest.raises(ScenarioError, match=r"got '33 levels'"):
        parse_json('{"a": ' * 33 + "1" + "}" * 33, "s")
    with pytest.raises(ScenarioError, match=r"got '34 levels'"):
        parse_json('{"a": ' + nested(33) + "}", "s")


def test_nesting_is_the_deepest_point_not_the_number_of_brackets() -> None:
    many = "[" + ",".join([nested(31)] * 40) + "]"
    assert len(parse_json(many, "s")) == 40  # type: ignore[arg-type]
    assert parse_json("[" + ",".join(["{}"] * 100) + "]", "s") == [{}] * 100


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"name": "[" * 100 + "{" * 100})
    assert parse_json(text, "s") == {"name": "[" * 100 + "{" * 100}
    closing = json.dumps({"name": "]" * 100, "deep": json.loads(nested(30))})
    assert parse_json(closing, "s") == json.loads(closing)


def test_an_escaped_quote_does_not_end_a_string() -> None:
    text = json.dumps({"name": '"' + "[" * 100})
    assert parse_json(text, "s") == {"name": '"' + "[" * 100}


def test_an_escaped_backslash_does_not_escape_the_closing_quote() -> None:
    inside = "\\"  # the string holds one backslash, written as two in JSON
    text = '{"name": ' + json.dumps(inside) + ', "deep": ' + nested(33) + "}"
    with pytest.raises(ScenarioError, match=r"got '34 levels'"):
        parse_json(text, "s")
    text = '{"name": ' + json.dumps(inside) + ', "deep": ' + nested(31) + "}"
    assert parse_json(text, "s") == {"name": inside, "deep": json.loads(nested(31))}


def test_a_byte_order_mark_is_allowed_only_at_the_start() -> None:
    assert parse_json("\ufeff[1]", "s") == [1]
    assert parse_json("\ufeff" + nested(32), "s") == json.loads(nested(32))
    with pytest.raises(ScenarioError, match=r"^s: line 1, column 1: unexpected UTF-8 BOM"):
        parse_json("\ufeff\ufeff[1]", "s")


def test_a_key_given_twice() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_json('{"left": {"name": "a", "name": "b"}}', "battle")
    assert message(err) == "battle: the key 'name' is given twice in one object; expected each key once"
    assert err.value.field == "battle"
    assert parse_json('[{"name": "a"}, {"name": "b"}]', "s") == [{"name": "a"}, {"name": "b"}]


def test_invalid_json_names_line_and_column_in_lower_case() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_json('{\n  "seed": 1\n  "face_down": true}', "scenario")
    assert message(err) == "scenario: line 3, column 3: expecting ',' delimiter; expected valid JSON"
    with pytest.raises(ScenarioError) as err:
        parse_json("", "pool")
    assert message(err) == "pool: line 1, column 1: expecting value; expected valid JSON"


def test_numbers_up_to_the_digit_limit_are_read_and_longer_ones_refused() -> None:
    assert MAX_DIGITS == 4300
    assert parse_json("[" + "9" * 4300 + "]", "s") == [int("9" * 4300)]
    with pytest.raises(ScenarioError) as err:
        parse_json("[" + "9" * 4301 + "]", "cards")
    assert message(err) == "cards: a number is too long; expected valid JSON with numbers of at most 4300 digits"
    assert err.value.field == "cards"


def test_an_empty_string_ends_where_it_ends() -> None:
    """The first string of the text is read like any other: ``""`` is empty, not the start of a longer one."""
    with pytest.raises(ScenarioError, match=r"got '33 levels'"):
        parse_json('["", ' + nested(32) + "]", "s")
    assert parse_json('["", ' + nested(31) + "]", "s") == ["", json.loads(nested(31))]


def test_text_that_is_not_json_is_invalid_json_not_deep_json() -> None:
    """Only brackets nest: other characters outside strings, however many, are not levels."""
    for text in ("X" * 40, "nullnull" * 10, "1e5" * 40, "}" * 40 + "[]"):
        with pytest.raises(ScenarioError) as err:
            parse_json(text, "s")
        assert message(err).endswith("; expected valid JSON"), text


def test_closing_a_bracket_goes_back_one_level() -> None:
    with pytest.raises(ScenarioError, match=r"got '33 levels'"):
        parse_json("[[[], " + nested(31) + "]]", "s")
    assert parse_json("[[], " + nested(31) + "]", "s") == [[], json.loads(nested(31))]


def test_nesting_is_bounded_before_anything_else_is_checked() -> None:
    """Too deep is the message, whatever else is wrong with the text: letters outside strings close nothing."""
    for text in ("X" + nested(33), "nul" + nested(33), nested(33) + "}}}}"):
        with pytest.raises(ScenarioError, match=r"^s: expected JSON nested at most 32 levels deep, got '33 levels'$"):
            parse_json(text, "s")
