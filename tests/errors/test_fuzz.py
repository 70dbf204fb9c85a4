"""Bad input always gets a ScenarioError naming a field — never a crash, whatever the scenario."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estro_rules import ScenarioError, scenarios, web
from tests.support import ROOT

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
