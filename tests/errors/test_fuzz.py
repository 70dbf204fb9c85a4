"""Bad input always gets a ScenarioError naming a field — never a crash, whatever the scenario."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estro_rules import ScenarioError, scenarios, web
from estro_rules.r19 import html, text
from tests.support import ROOT
from tests.support.r19 import run

EXAMPLES = [
    data
    for p in sorted((ROOT / "examples").rglob("*.json"))
    if "kind" in (data := json.loads(p.read_text())) and data["kind"] != "battaglia.estimate"
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a scenario where a value can be replaced."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            found += paths(item, (*prefix, i))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: str(e.get("title", ""))[:40])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_field_with_any_value(example: dict[str, Any], data: st.DataObject) -> None:
    example = {k: v for k, v in example.items() if k != "expect"}
    if example["kind"] == "battaglia.battle":
        example["trace"] = False  # keep each run small; the views are fuzzed below on a subset
    where = data.draw(st.sampled_from(paths(example)))
    scenario = replaced(example, where, data.draw(json_values))
    try:
        scenarios.run(scenario)
    except ScenarioError as err:
        # The message names a field of this scenario (or the scenario itself) and says what was expected.
        top = re.split(r"[.\[]", err.field)[0]
        assert top in {*scenario, "scenario"}, (err.field, str(err))
        assert str(err).startswith(f"{err.field}: ") and "expected " in str(err), str(err)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60) | json_values.map(json.dumps))
def test_any_text_in_a_widget(text: str) -> None:
    reply = json.loads(web.handle(text))
    assert reply["ok"] or not reply["error"].startswith("internal error"), reply


# --------------------------------------------------------------------------
# §19: every field of three examples replaced, deleted or given an extra key


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


FUZZ_EXAMPLES = [
    json.loads((ROOT / "examples" / "r19" / name).read_text("utf-8"))
    for name in ("four-players-trigger-order.json", "morality-fall.json", "character-penalties-and-entry.json")
]


PATHS = [
    (i, p)
    for i, example in enumerate(FUZZ_EXAMPLES)
    for p in _paths(example)
    if p and p[0] not in ("kind", "title", "description", "expect")
]


FIELD_NAMES = ["face", "counters", "bind", "source", "classes", "cards", "card", "controller", "zone", "bound_to", "n"]


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=5),
    st.integers(4990, 5000).map(lambda d: 10**d),
    st.sampled_from([-(10**30), 999, 1000]),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["self", "you", "Prime", "Fallen", "Reversal", "Map", "X", "CH-B", "LOC-101", "Sabotage"]),
)


JSONISH = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers(0, 3)), inner, max_size=3),
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSONISH, st.sampled_from(["replace", "delete", "add"]), st.sampled_from(FIELD_NAMES))
def test_fuzz_every_field_gives_scenario_error_or_a_result(
    where: tuple[int, tuple[Any, ...]], value: Any, how: str, extra: str
) -> None:
    example, path = where
    data = copy.deepcopy(FUZZ_EXAMPLES[example])
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if how == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent[path[-1]], dict):
        parent[path[-1]][extra] = value
    else:
        parent[path[-1]] = value
    try:
        result = run(data)
    except ScenarioError as err:
        assert str(err).startswith(f"{err.field}: ") and "expected " in str(err), str(err)
        return
    assert len(result.steps) == len(data["actions"])
    assert json.loads(json.dumps(result.to_json()))["kind"] == "r19.sequence"
    assert html(result, base="../").count('class="estro-step-panel"') == len(result.steps) + 1
    assert text(result).startswith("Initial state:")
