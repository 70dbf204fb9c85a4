"""The scenario runner and what it stands on: kinds found by name (:mod:`estro_rules.protocol`), the
registry of protocols (:mod:`estro_rules.registry`) and the entry point (:mod:`estro_rules.scenarios`).

The promises: a scenario's ``kind`` field picks its kind (a near miss gets a "did you mean"); the
wrapper fields ``title``, ``description`` and ``expect`` are allowed beside any kind's own fields and
nothing else is; no kind and no ruling ID is declared twice; an example's ``expect`` is compared on
the keys it names, lists item by item, anything else by value and type.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from estro_rules import protocol07, registry, scenarios
from estro_rules.errors import ScenarioError
from estro_rules.protocol import WRAPPER_FIELDS, Protocol, find_kind
from estro_rules.rulings import Rulebook, Ruling

COMBINATION = {"kind": "p07.combination", "modes": ["Single Player"]}

ALL_KINDS = ["p07.combination", "p07.destruction", "battaglia.battle", "battaglia.estimate", "r19.sequence"]
"""The kinds of the project's first three protocols, in site order (typed from the scenario format)."""


def says(read: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(ScenarioError) as err:
        read(*args, **kwargs)
    return str(err.value)


# --------------------------------------------------------------------------
# Kinds


def test_the_wrapper_fields() -> None:
    assert WRAPPER_FIELDS == ("title", "description", "expect")


def test_a_kind_reads_its_fields_beside_the_wrapper_fields() -> None:
    kind = registry.kind("p07.combination")
    scenario = {**COMBINATION, "title": "T", "description": "D", "expect": {"allowed": True}}
    assert kind.load(scenario).run().to_json()["allowed"] is True
    assert kind.load({"modes": ["Single Player"]}).run().to_json()["allowed"] is True
    assert kind.load({**COMBINATION, "title": None}).run().to_json()["allowed"] is True


def test_a_kind_refuses_any_other_key_naming_what_it_knows() -> None:
    kind = registry.kind("p07.combination")
    assert says(kind.load, {**COMBINATION, "titel": "T"}) == (
        "titel: unknown field; expected one of: description, expect, kind, modes, title (did you mean 'title'?)"
    )
    assert says(kind.load, [COMBINATION]) == "scenario: expected a JSON object, got a list of 1 item"


def test_find_kind_by_name() -> None:
    assert find_kind(protocol07.KINDS, {"kind": "p07.destruction"}).name == "p07.destruction"
    assert find_kind(protocol07.KINDS, {"kind": "p07.combination"}).name == "p07.combination"


def test_find_kind_without_a_default_needs_the_kind_field() -> None:
    for data in ({}, {"kind": None}):
        assert says(find_kind, protocol07.KINDS, data) == (
            "kind: expected a scenario kind, one of: p07.combination, p07.destruction (missing field)"
        )
    assert says(find_kind, protocol07.KINDS, {"kind": 7}) == "kind: expected a scenario kind name (a string), got 7"
    assert says(find_kind, protocol07.KINDS, {"kind": 7}, what="Battaglia kind") == (
        "kind: expected a Battaglia kind name (a string), got 7"
    )


def test_find_kind_with_a_default() -> None:
    assert find_kind(protocol07.KINDS, {}, default="p07.destruction").name == "p07.destruction"
    assert find_kind(protocol07.KINDS, {"kind": "p07.combination"}, default="p07.destruction").name == (
        "p07.combination"
    )
    assert says(find_kind, protocol07.KINDS, {"kind": 7}, default="p07.destruction") == (
        "kind: expected a string, got 7"
    )
    assert says(find_kind, protocol07.KINDS, {"kind": "p07"}, default="p07.destruction", what="PROTOCOL_07 kind") == (
        "kind: expected a known PROTOCOL_07 kind, got 'p07' (known: 'p07.combination', 'p07.destruction')"
    )


def test_find_kind_of_what_is_not_an_object() -> None:
    assert (
        says(find_kind, protocol07.KINDS, "p07.combination")
        == "scenario: expected a JSON object, got 'p07.combination'"
    )


# --------------------------------------------------------------------------
# The registry


def test_every_kind_and_command_in_site_order() -> None:
    """The registry's order is its modules' order; the project's first three protocols come first, and a
    protocol added later comes after them with its kinds and commands."""
    assert [p.key for p in registry.PROTOCOLS] == [module for module, _ in registry.MODULES]
    assert [k.name for k in registry.KINDS] == [k.name for p in registry.PROTOCOLS for k in p.kinds]
    assert [k.name for k in registry.KINDS][: len(ALL_KINDS)] == ALL_KINDS
    assert [c.name for c in registry.COMMANDS][:2] == ["battle", "lint"]
    assert [c.name for c in registry.COMMANDS] == [c.name for p in registry.PROTOCOLS for c in p.commands]


def test_a_kind_by_name() -> None:
    assert registry.kind("r19.sequence").name == "r19.sequence"
    with pytest.raises(KeyError) as err:
        registry.kind("r19")
    assert err.value.args == ("r19",)
    with pytest.raises(KeyError):
        registry.kind("p07.combination.extra")


def test_the_rulebook_that_declares_a_ruling() -> None:
    assert registry.rulebook_of("P07-3.1").key == "protocol07"
    assert registry.rulebook_of("I-BAT-1").key == "battaglia"
    with pytest.raises(KeyError) as err:
        registry.rulebook_of("X-1")
    assert err.value.args[0] == "no rulebook declares ruling 'X-1'"


def test_every_ruling_is_found_in_its_own_rulebook() -> None:
    for protocol in registry.PROTOCOLS:
        for ruling in protocol.rulebook:
            assert registry.rulebook_of(ruling.id) is protocol.rulebook


def fake_protocol(key: str, *ids: str, kinds: tuple[Any, ...] = ()) -> Protocol:
    return Protocol(key, Rulebook(key, key, f"{key}/", [Ruling(i, i) for i in ids]), kinds)


def test_a_ruling_declared_by_two_rulebooks_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_BOOKS", {})
    protocols = (fake_protocol("one", "A-1", "A-2"), fake_protocol("two", "B-1", "A-2"))
    with pytest.raises(ValueError) as err:
        registry._index(protocols, ())
    assert str(err.value) == "ruling ID 'A-2' is declared by one and two"


def test_rulebooks_that_share_no_ruling_are_indexed(monkeypatch: pytest.MonkeyPatch) -> None:
    books: dict[str, Rulebook] = {}
    monkeypatch.setattr(registry, "_BOOKS", books)
    one, two = fake_protocol("one", "A-1", "A-2"), fake_protocol("two", "B-1")
    registry._index((one, two), ())
    assert books == {"A-1": one.rulebook, "A-2": one.rulebook, "B-1": two.rulebook}
    assert registry.rulebook_of("B-1") is two.rulebook


def test_a_kind_declared_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_BOOKS", {})
    combination = registry.kind("p07.combination")
    with pytest.raises(ValueError) as err:
        registry._index((), (combination, registry.kind("r19.sequence"), combination))
    assert str(err.value) == "a scenario kind is declared twice: ['p07.combination', 'r19.sequence', 'p07.combination']"


def test_each_protocol_has_its_own_prefix_and_its_kinds_carry_it() -> None:
    prefixes = [prefix for _, prefix in registry.MODULES]
    assert len(set(prefixes)) == len(prefixes)
    assert [m for m, _ in registry.MODULES] == [p.key for p in registry.PROTOCOLS]
    for (module, prefix), protocol in zip(registry.MODULES, registry.PROTOCOLS, strict=True):
        assert registry.protocol(module) is protocol
        assert protocol.kinds and all(k.name.startswith(prefix + ".") for k in protocol.kinds)
        assert all(registry.kind(k.name) is k for k in protocol.kinds)


def test_a_protocol_whose_kinds_miss_its_prefix_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    stray = fake_protocol("odd", "O-1", kinds=(registry.kind("p07.combination"),))
    monkeypatch.setattr(registry, "MODULES", (("odd", "odd"),))
    monkeypatch.setattr(registry, "_LOADED", {})
    monkeypatch.setattr(registry, "import_module", lambda name: type("Module", (), {"PROTOCOL": stray}))
    with pytest.raises(ValueError) as err:
        registry.protocol("odd")
    assert str(err.value) == "the scenario kinds of odd must be named 'odd.…': ['p07.combination']"




@pytest.mark.parametrize("first", ["PROTOCOLS", "KINDS", "COMMANDS"])
def test_the_full_lists_are_made_whichever_is_asked_for_first(monkeypatch: pytest.MonkeyPatch, first: str) -> None:
    """As in a fresh process: the lists do not exist until one is asked for; then all three do, in
    site order, and every ruling is indexed."""
    for name in ("PROTOCOLS", "KINDS", "COMMANDS"):
        monkeypatch.delattr(registry, name)
    monkeypatch.setattr(registry, "_BOOKS", {})
    assert "KINDS" not in vars(registry)
    getattr(registry, first)
    assert [p.key for p in vars(registry)["PROTOCOLS"]][:3] == ["protocol07", "battaglia", "r19"]
    assert [p.key for p in vars(registry)["PROTOCOLS"]] == [module for module, _ in registry.MODULES]
    assert [k.name for k in vars(registry)["KINDS"]][: len(ALL_KINDS)] == ALL_KINDS
    assert [c.name for c in vars(registry)["COMMANDS"]][:2] == ["battle", "lint"]
    assert registry.rulebook_of("P07-3.1").key == "protocol07"
    assert registry.rulebook_of("R19-4.3").key == "r19"


def test_rulebook_of_indexes_every_protocol_first(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PROTOCOLS", "KINDS", "COMMANDS"):
        monkeypatch.delattr(registry, name)
    monkeypatch.setattr(registry, "_BOOKS", {})
    assert registry.rulebook_of("I-BAT-1").key == "battaglia"


def test_a_refused_index_leaves_no_lists_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PROTOCOLS", "KINDS", "COMMANDS"):
        monkeypatch.delattr(registry, name)

    def refuse(protocols: object, kinds: object) -> None:
        raise ValueError("refused")

    monkeypatch.setattr(registry, "_index", refuse)
    with pytest.raises(ValueError, match="refused"):
        registry.KINDS  # noqa: B018
    assert not {"PROTOCOLS", "KINDS", "COMMANDS"} & set(vars(registry))


def test_any_other_missing_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError) as err:
        registry.KIND  # noqa: B018
    assert str(err.value) == "module 'estro_rules.registry' has no attribute 'KIND'"


def test_a_protocol_is_imported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    imported: list[str] = []

    def counting(name: str) -> Any:
        imported.append(name)
        return protocol07

    monkeypatch.setattr(registry, "_LOADED", {})
    monkeypatch.setattr(registry, "import_module", counting)
    assert registry.protocol("protocol07") is registry.protocol("protocol07") is protocol07.PROTOCOL
    assert registry.kind("p07.destruction").name == "p07.destruction"
    assert imported == ["estro_rules.protocol07"]


def test_the_lists_are_made_once() -> None:
    kinds, protocols = registry.KINDS, registry.PROTOCOLS
    assert registry.rulebook_of("P07-3.1").key == "protocol07"
    assert registry.KINDS is kinds and registry.PROTOCOLS is protocols


def test_a_known_kind_is_found_without_every_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scenario that names its kind (or takes the default one) is read without the full lists,
    which would import every protocol: only an unknown kind needs them, for its message."""

    def forbidden() -> None:
        raise AssertionError("every protocol was imported")

    monkeypatch.setattr(registry, "_load_all", forbidden)
    for name in ("PROTOCOLS", "KINDS", "COMMANDS"):
        monkeypatch.delattr(registry, name)
    assert scenarios.load(COMBINATION).kind.name == "p07.combination"
    assert scenarios.kind_of({"modes": []}, default="p07.destruction").name == "p07.destruction"
    assert scenarios.kind_of({"kind": "r19.sequence"}, default="p07.destruction").name == "r19.sequence"
    among = ["battaglia.estimate"]
    assert scenarios.kind_of({"kind": "battaglia.estimate"}, among=among).name == "battaglia.estimate"
    with pytest.raises(AssertionError):
        scenarios.kind_of({"kind": "p07.nope"})


def test_a_widgets_request_imports_only_its_own_protocol() -> None:
    """The browser's first result waits for the engine's import: a PROTOCOL_07 request must not
    import Battaglia or §19 (each a larger import than PROTOCOL_07 itself)."""
    code = (
        "import json, sys\n"
        "from estro_rules import web\n"
        "reply = json.loads(web.handle('{\"kind\": \"p07.combination\", \"modes\": [\"Single Player\"]}'))\n"
        "assert reply['ok'], reply\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('estro_rules.')}))\n"
        "web.handle('{\"kind\": \"r19.sequence\"}')\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('estro_rules.')}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert "protocol07" in out[0] and "battaglia" not in out[0] and "r19" not in out[0]
    assert "r19" in out[1] and "battaglia" not in out[1]


def test_an_unknown_kind_lists_every_protocols_kinds() -> None:
    known = ", ".join(repr(k.name) for k in registry.KINDS)
    assert known.startswith(", ".join(repr(k) for k in ALL_KINDS))
    assert says(scenarios.load, {"kind": "battaglia.battel"}) == (
        f"kind: expected a known scenario kind, got 'battaglia.battel' (did you mean 'battaglia.battle'? known: {known})"
    )
    assert says(scenarios.load, {"kind": "p07"}).startswith("kind: expected a known scenario kind, got 'p07' (")


def test_a_protocols_page_is_its_rulebooks_page_without_the_slash() -> None:
    assert protocol07.PROTOCOL.page == "protocol-07"
    assert fake_protocol("x", "X-1").page == "x"
    assert Protocol("y", Rulebook("y", "Y", "a/b/", []), ()).page == "a/b"


def test_a_protocol_offers_nothing_beyond_its_kinds_unless_given() -> None:
    bare = fake_protocol("x", "X-1")
    assert (dict(bare.tables), bare.widgets, bare.commands, dict(bare.pages)) == ({}, (), (), {})


# --------------------------------------------------------------------------
# scenarios


def test_parse_names_the_scenario() -> None:
    assert scenarios.parse("[1]") == [1]
    with pytest.raises(ScenarioError) as err:
        scenarios.parse("[1")
    assert err.value.field == "scenario"


def test_kind_of_among_some_kinds() -> None:
    assert scenarios.kind_of(COMBINATION).name == "p07.combination"
    assert scenarios.kind_of({}, default="r19.sequence").name == "r19.sequence"
    among = ["battaglia.battle", "battaglia.estimate"]
    assert scenarios.kind_of({"kind": "battaglia.estimate"}, among=among).name == "battaglia.estimate"
    assert says(scenarios.kind_of, COMBINATION, among=among, what="Battaglia kind") == (
        "kind: expected a known Battaglia kind, got 'p07.combination' (known: 'battaglia.battle', 'battaglia.estimate')"
    )


def test_a_default_kind_stands_for_a_null_kind_field() -> None:
    """As with every field, ``null`` is the same as leaving the field out."""
    assert scenarios.kind_of({"kind": None}, default="r19.sequence").name == "r19.sequence"
    assert says(scenarios.kind_of, {"kind": 5}, default="r19.sequence") == "kind: expected a string, got 5"


def test_load_checks_the_scenario_and_keeps_its_kind() -> None:
    loaded = scenarios.load(COMBINATION)
    assert loaded.kind is registry.kind("p07.combination")
    assert loaded.run().to_json() == scenarios.run(COMBINATION).to_json() == loaded.scenario.run().to_json()
    assert scenarios.load({"modes": ["Single Player"]}, default="p07.combination").kind.name == "p07.combination"
    assert says(scenarios.load, {**COMBINATION, "modes": []}).startswith("modes: ")
    assert says(scenarios.load, COMBINATION, among=["r19.sequence"], what="§19 kind") == (
        "kind: expected a known §19 kind, got 'p07.combination' (known: 'r19.sequence')"
    )


def test_run_gives_the_explained_result() -> None:
    result = scenarios.run({"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]})
    assert result.to_json()["allowed"] is False


@pytest.mark.parametrize(
    ("data", "expect"),
    [
        ({"expect": {"allowed": True}}, {"allowed": True}),
        ({"expect": {}}, {}),
        ({"expect": [1]}, None),
        ({"expect": None}, None),
        ({}, None),
        ([{"expect": {"a": 1}}], None),
        ("expect", None),
    ],
)
def test_expected_is_the_expect_object_if_there_is_one(data: Any, expect: Any) -> None:
    assert scenarios.expected(data) == expect


def test_mismatches_none_when_the_expected_keys_match() -> None:
    assert scenarios.mismatches({"a": 1, "b": [1, {"c": "x"}]}, {"a": 1, "b": [1, {"c": "x", "d": 2}], "e": 3}) == []
    assert scenarios.mismatches({}, {"a": 1}) == []
    assert scenarios.mismatches([], []) == []


def test_mismatches_every_difference_with_its_path() -> None:
    expected = {"allowed": False, "rulings": ["P07-1", "P07-2"], "detail": {"n": 1, "m": 2}, "gone": 0}
    actual = {"allowed": True, "rulings": ["P07-1", "P07-3"], "detail": {"n": 2}}
    assert scenarios.mismatches(expected, actual) == [
        "allowed: expected False, got True",
        "rulings[1]: expected 'P07-2', got 'P07-3'",
        "detail.n: expected 1, got 2",
        "detail.m: missing from the result",
        "gone: missing from the result",
    ]


def test_mismatches_of_shape() -> None:
    assert scenarios.mismatches({"a": 1}, [1]) == ["result: expected an object, got [1]"]
    assert scenarios.mismatches({"x": {"a": 1}}, {"x": 3}) == ["x: expected an object, got 3"]
    assert scenarios.mismatches({"x": [1, 2]}, {"x": [1]}) == ["x: expected 2 items, got [1]"]
    assert scenarios.mismatches({"x": [1]}, {"x": [1, 2]}) == ["x: expected 1 item, got [1, 2]"]
    assert scenarios.mismatches({"x": [1]}, {"x": {"0": 1}}) == ["x: expected 1 item, got {'0': 1}"]
    assert scenarios.mismatches({"x": [[1, 2]]}, {"x": [[1, 3]]}) == ["x[0][1]: expected 2, got 3"]


def test_mismatches_compare_type_as_well_as_value() -> None:
    assert scenarios.mismatches({"n": 1}, {"n": True}) == ["n: expected 1, got True"]
    assert scenarios.mismatches({"n": 1}, {"n": 1.0}) == ["n: expected 1, got 1.0"]
    assert scenarios.mismatches({"n": 0}, {"n": False}) == ["n: expected 0, got False"]
    assert scenarios.mismatches({"n": None}, {"n": None}) == []
    assert scenarios.mismatches(3, 3) == []
    assert scenarios.mismatches(3, 4, "top") == ["top: expected 3, got 4"]


def test_mismatches_at_a_given_path() -> None:
    assert scenarios.mismatches({"a": 1}, {"a": 2}, "result") == ["result.a: expected 1, got 2"]
    assert scenarios.mismatches({"a": 1}, {}, "r") == ["r.a: missing from the result"]
    assert scenarios.mismatches({"a": 1}, 5, "r") == ["r: expected an object, got 5"]


def test_kind_of_calls_an_unknown_kind_a_scenario_kind() -> None:
    assert says(scenarios.kind_of, {"kind": "p07.combo"}).startswith(
        "kind: expected a known scenario kind, got 'p07.combo' (did you mean 'p07.combination'?"
    )
    assert says(scenarios.load, {"kind": 3}) == "kind: expected a scenario kind name (a string), got 3"
