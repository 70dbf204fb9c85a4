"""Bad input always gets a ScenarioError naming a field — never a crash, whatever the scenario.

The one fuzzer. Every example scenario of every kind the registry lists (:mod:`estro_rules.registry`)
is changed in one place — a value replaced by any JSON value, a key deleted, or a key added — and
run. Either the run ends in a ScenarioError whose message starts with the field it names (a field of
this scenario) and says what was expected, or it gives a result that reads as JSON, text and HTML.
The values drawn are any JSON, numbers at and past every bound (huge, negative, fractional), and
the words the scenario and its kind's declarations use (card IDs, faces, field names), so a change
often lands on something the engine reads further.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from estro_rules import ScenarioError, registry, scenarios, web
from estro_rules.battaglia.rules import MAX_BATTLES
from estro_rules.protocol import ScenarioKind
from tests.support import EXAMPLES


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


SCENARIOS = [path for path in sorted(EXAMPLES.rglob("*.json")) if "kind" in read(path)]

CASES = [
    pytest.param(kind, path, id=str(path.relative_to(EXAMPLES)))
    for kind in registry.KINDS
    for path in SCENARIOS
    if read(path)["kind"] == kind.name
]
"""Every example scenario of every kind in the registry, named by its path under examples/."""

#: An estimate plays at most this many battles here, so that each run stays small.
FEW_BATTLES = 20


def small(kind: ScenarioKind, scenario: Any) -> Any:
    """The scenario as the fuzzer runs it: a battle without its trace, an estimate of a few battles.

    Only values the engine would accept are made smaller; a value past a bound is left to be refused.
    """
    if isinstance(scenario, dict) and scenario.get("kind") == kind.name == "battaglia.estimate":
        battles = scenario.get("battles")
        if type(battles) is int and FEW_BATTLES < battles <= MAX_BATTLES:
            scenario["battles"] = FEW_BATTLES
    return scenario


def start(kind: ScenarioKind, example: dict[str, Any]) -> dict[str, Any]:
    """The example the changes start from: without its ``expect``, and small (see :func:`small`)."""
    scenario = {key: value for key, value in copy.deepcopy(example).items() if key != "expect"}
    if kind.name == "battaglia.battle":
        scenario["trace"] = False  # keep each run small; the views of a traced battle: test_any_text_in_a_widget
    if kind.name == "battaglia.estimate":
        scenario["battles"] = FEW_BATTLES
    return scenario


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a scenario where a value can be replaced (the scenario itself left out)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


def strings(value: Any) -> set[str]:
    """Every string in a scenario: its card IDs, face names, modes, players..."""
    if isinstance(value, str):
        return {value}
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    found: set[str] = set()
    for key, item in items:
        found |= ({key} if isinstance(key, str) else set()) | strings(item)
    return found


def declared(kind: ScenarioKind) -> tuple[set[str], set[str]]:
    """The field names the kind declares, at every depth, and the values its choices and suggestions name."""
    names: set[str] = set()
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for field in value.get("fields", ()):
                names.add(field["name"])
            for option in value.get("options", ()):
                # a choice's options are [value, label]; a keyed type's, objects with a name
                words.add(option[0] if isinstance(option, list) else option.get("name") if isinstance(option, dict) else option)
            words.update(value.get("suggestions", ()))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(kind.fields.to_json())
    return names, {w for w in words if isinstance(w, str)}


#: Field names of §19 scenarios, the first protocol fuzzed this way (each kind adds its own declared names).
FIELD_NAMES = ["face", "counters", "bind", "source", "classes", "cards", "card", "controller", "zone", "bound_to", "n"]
#: Words §19's engine reads, the first protocol fuzzed this way (each scenario adds its own).
WORDS = ["self", "you", "Prime", "Fallen", "Reversal", "Map", "X", "CH-B", "LOC-101", "Sabotage"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def near_values(words: list[str]) -> st.SearchStrategy[Any]:
    """Values near what the engine reads: small numbers, numbers at and past the bounds, its words;
    in lists and in objects whose keys may be numbers (not valid JSON keys, but a Python caller's)."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-5, max_value=5),
        st.integers(4990, 5000).map(lambda d: 10**d),
        st.sampled_from([-(10**30), 999, 1000]),
        st.floats(allow_nan=False),
        st.text(max_size=4),
        st.sampled_from(words),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.one_of(st.text(max_size=3), st.integers(0, 3)), inner, max_size=3),
        ),
        max_leaves=6,
    )


def r19_reads_whole(data: Any, result: Any, kind: ScenarioKind) -> None:
    """A §19 sequence: one step per action, a stepper panel for the start and each step, the initial state first."""
    assert len(result.steps) == len(data["actions"])
    assert kind.html(result, base="../").count('class="estro-step-panel"') == len(result.steps) + 1
    assert kind.text(result).startswith("Initial state:")


#: What else a result of a kind must satisfy.
AFTER_A_RUN: dict[str, Callable[[Any, Any, ScenarioKind], None]] = {"r19.sequence": r19_reads_whole}


@functools.cache
def prepared(
    kind: ScenarioKind, path: Path
) -> tuple[dict[str, Any], st.SearchStrategy[tuple[Any, ...]], st.SearchStrategy[Any], st.SearchStrategy[str]]:
    """For one case: the scenario the changes start from, and what to draw: a place, a value, a key to add."""
    example = start(kind, read(path))
    names, words = declared(kind)
    values = json_values | near_values(sorted({*WORDS, *words, *strings(example)}))
    keys = st.sampled_from(sorted({*FIELD_NAMES, *names})) | st.text(max_size=8)
    return example, st.sampled_from(paths(example)), values, keys


@pytest.mark.parametrize(("kind", "path"), CASES)
@settings(max_examples=85, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_field_with_any_value(kind: ScenarioKind, path: Path, data: st.DataObject) -> None:
    example, places, values, keys = prepared(kind, path)
    where = data.draw(places, label="where")
    how = data.draw(st.sampled_from(["replace", "delete", "add"]), label="how")
    value = data.draw(values, label="value")
    scenario = copy.deepcopy(example)
    parent: Any = scenario
    for step in where[:-1]:
        parent = parent[step]
    if how == "delete" and isinstance(parent, dict):
        del parent[where[-1]]
    elif how == "add" and isinstance(parent[where[-1]], dict):
        key = data.draw(keys, label="key")
        parent[where[-1]][key] = value
    else:
        parent[where[-1]] = value
    scenario = small(kind, scenario)
    try:
        result = scenarios.run(scenario)
    except ScenarioError as err:
        event("refused")  # --hypothesis-show-statistics: how many changes were refused, how many ran
        # The message names a field of this scenario (or the scenario itself) and says what was expected.
        top = re.split(r"[.\[]", err.field)[0]
        assert top in {*example, *scenario, "scenario"}, (err.field, str(err))
        assert str(err).startswith(f"{err.field}: ") and "expected " in str(err), str(err)
        return
    event("ran")
    ran = registry.kind(scenario["kind"])
    assert json.loads(json.dumps(result.to_json()))["kind"] == ran.name
    assert ran.text(result) and ran.html(result, base="../")
    if ran.name in AFTER_A_RUN:
        AFTER_A_RUN[ran.name](scenario, result, ran)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60) | json_values.map(json.dumps))
def test_any_text_in_a_widget(text: str) -> None:
    reply = json.loads(web.handle(text))
    assert reply["ok"] or not reply["error"].startswith("internal error"), reply
