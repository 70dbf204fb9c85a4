"""The shared pieces every protocol is built from: ordered rule lists (:mod:`estro_rules.ordered`) and
rulebooks (:mod:`estro_rules.rulings`).

What is checked is what their docstrings promise: a rule list keeps its order and every name once, finds
rules by name and makes changed copies without touching the original; a ruling ID has one shape, and
interpretations, and only they, start with ``I-``; a rulebook cites only what it declares.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.ordered import Rule, RuleList
from estro_rules.rulings import RULING_ID, Rulebook, Ruling

# --------------------------------------------------------------------------
# Ordered rules


def rule(name: str, result: str = "") -> Rule[Any]:
    return Rule(name, lambda: result or name, f"{name.capitalize()}.", (f"D-{len(name)}",))


def three() -> RuleList[Any]:
    return RuleList([rule("roll"), rule("score"), rule("end")])


def test_a_rule_has_no_title_or_note_unless_given() -> None:
    bare = rule("roll")
    assert (bare.title, bare.note) == ("", "")
    full = Rule("roll", print, "Roll.", ("D-1",), "Roll the dice", "tira")
    assert (full.title, full.note, full.summary, full.rulings) == ("Roll the dice", "tira", "Roll.", ("D-1",))


def test_a_rule_list_keeps_its_order() -> None:
    steps = three()
    assert steps.names == ("roll", "score", "end")
    assert [r.name for r in steps] == ["roll", "score", "end"]
    assert [fn() for fn in steps.fns] == ["roll", "score", "end"]
    assert len(steps) == 3
    assert repr(steps) == "RuleList(roll, score, end)"


def test_an_empty_rule_list() -> None:
    empty: RuleList[Any] = RuleList([])
    assert (empty.names, empty.fns, len(empty), list(empty)) == ((), (), 0, [])
    with pytest.raises(KeyError) as err:
        empty["roll"]
    assert err.value.args[0] == "no rule named 'roll' (rules: )"


def test_a_rule_list_takes_any_iterable_once() -> None:
    steps = RuleList(rule(n) for n in ["a", "b"])
    assert steps.names == ("a", "b")
    assert steps.names == ("a", "b")
    assert len(list(steps)) == 2 and len(list(steps)) == 2


def test_every_name_once() -> None:
    with pytest.raises(ValueError) as err:
        RuleList([rule("roll"), rule("score"), rule("roll"), rule("end"), rule("end"), rule("end")])
    assert str(err.value) == "rule names must be unique: end, roll"
    with pytest.raises(ValueError, match=r"^rule names must be unique: b$"):
        RuleList([rule("b"), rule("b")])


def test_rules_are_found_by_name() -> None:
    steps = three()
    assert steps["score"].summary == "Score."
    assert steps["end"].fn() == "end"
    assert [steps.index(n) for n in ("roll", "score", "end")] == [0, 1, 2]
    with pytest.raises(KeyError) as err:
        steps["nope"]
    assert err.value.args[0] == "no rule named 'nope' (rules: roll, score, end)"
    with pytest.raises(KeyError, match="no rule named 'nope'"):
        steps.index("nope")


def test_before_and_after_at_every_place() -> None:
    steps = three()
    new = rule("new")
    assert steps.before("roll", new).names == ("new", "roll", "score", "end")
    assert steps.before("score", new).names == ("roll", "new", "score", "end")
    assert steps.before("end", new).names == ("roll", "score", "new", "end")
    assert steps.after("roll", new).names == ("roll", "new", "score", "end")
    assert steps.after("score", new).names == ("roll", "score", "new", "end")
    assert steps.after("end", new).names == ("roll", "score", "end", "new")
    assert [fn() for fn in steps.after("score", new).fns] == ["roll", "score", "new", "end"]
    assert steps.names == ("roll", "score", "end"), "the original is unchanged"


def test_inserting_refuses_an_unknown_place_and_a_taken_name() -> None:
    steps = three()
    with pytest.raises(KeyError, match="no rule named 'nope'"):
        steps.before("nope", rule("new"))
    with pytest.raises(KeyError, match="no rule named 'nope'"):
        steps.after("nope", rule("new"))
    with pytest.raises(ValueError, match="unique: score"):
        steps.after("end", rule("score"))


def test_replace_changes_only_what_the_named_rule_does() -> None:
    steps = three()
    changed = steps.replace("score", lambda: "counted")
    assert changed.names == ("roll", "score", "end")
    assert [fn() for fn in changed.fns] == ["roll", "counted", "end"]
    assert changed["score"].summary == "Score." and changed["score"].rulings == ("D-5",)
    assert changed["roll"] is steps["roll"]
    assert [fn() for fn in steps.fns] == ["roll", "score", "end"], "the original is unchanged"


def test_without_drops_only_the_named_rule() -> None:
    steps = three()
    assert steps.without("score").names == ("roll", "end")
    assert steps.without("roll").names == ("score", "end")
    assert [fn() for fn in steps.without("end").fns] == ["roll", "score"]
    assert steps.names == ("roll", "score", "end")
    with pytest.raises(KeyError, match="no rule named 'nope'"):
        steps.without("nope")


# --------------------------------------------------------------------------
# Rulings


@pytest.mark.parametrize("ruling_id", ["P07-3", "P07-3.1", "BAT-12", "R19-8.2", "R19-8.2.10", "D-1", "X9Y-0"])
def test_ruling_ids_of_the_source(ruling_id: str) -> None:
    assert RULING_ID.fullmatch(ruling_id)
    assert Ruling(ruling_id, "A title").interpretation is False
    assert RULING_ID.fullmatch("I-" + ruling_id)
    assert Ruling("I-" + ruling_id, "A title", interpretation=True).interpretation is True


@pytest.mark.parametrize(
    "ruling_id",
    [
        "",
        "P07",
        "P07-",
        "P07-3.",
        "P07-3..1",
        "p07-3",
        "7P-3",
        "P07-3a",
        "P07_3",
        "-3",
        "I-",
        "I-p07-3",
        "i-P07-3",
        "P07-3 ",
    ],
)
def test_malformed_ruling_ids(ruling_id: str) -> None:
    with pytest.raises(ValueError) as err:
        Ruling(ruling_id, "A title")
    assert str(err.value) == f"malformed ruling ID {ruling_id!r}"


def test_interpretations_and_only_they_start_with_i() -> None:
    with pytest.raises(ValueError) as err:
        Ruling("I-P07-1", "A title")
    assert str(err.value) == "ruling 'I-P07-1': interpretation IDs, and only they, start with 'I-'"
    with pytest.raises(ValueError) as err:
        Ruling("P07-1", "A title", interpretation=True)
    assert str(err.value) == "ruling 'P07-1': interpretation IDs, and only they, start with 'I-'"


def book() -> Rulebook:
    return Rulebook(
        "demo",
        "Demo",
        "demo/",
        [Ruling("D-2", "Second"), Ruling("D-1", "First"), Ruling("I-D-1", "Chosen", interpretation=True)],
    )


def test_a_rulebook_keeps_its_page_order() -> None:
    demo = book()
    assert (demo.key, demo.title, demo.page) == ("demo", "Demo", "demo/")
    assert [r.id for r in demo] == ["D-2", "D-1", "I-D-1"]
    assert len(demo) == 3
    assert demo["D-1"].title == "First"
    assert demo["I-D-1"] == Ruling("I-D-1", "Chosen", interpretation=True)


def test_a_rulebook_cites_only_what_it_declares() -> None:
    demo = book()
    assert demo.cite("D-2") == "D-2"
    assert "D-1" in demo and "I-D-1" in demo
    assert "D-9" not in demo and 3 not in demo
    for bad in ("D-9", "d-1"):
        with pytest.raises(KeyError) as err:
            demo.cite(bad)
        assert err.value.args[0] == f"ruling {bad!r} is not in the demo rulebook"
        with pytest.raises(KeyError) as err:
            demo[bad]
        assert err.value.args[0] == f"ruling {bad!r} is not in the demo rulebook"
        with pytest.raises(KeyError):
            demo.url(bad)


def test_a_ruling_declared_twice() -> None:
    with pytest.raises(ValueError) as err:
        Rulebook("demo", "Demo", "demo/", [Ruling("D-1", "One"), Ruling("D-2", "Two"), Ruling("D-1", "Again")])
    assert str(err.value) == "ruling ID 'D-1' is declared twice"


def test_a_rulings_address_is_its_page_and_its_id() -> None:
    assert book().url("I-D-1") == "demo/#I-D-1"
    assert Rulebook("x", "X", "", [Ruling("X-1", "One")]).url("X-1") == "#X-1"
