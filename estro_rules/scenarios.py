"""Scenarios: JSON in, an explained result out.

This is the one entry point that the command line, the browser widgets, the
examples and the site generator call. A scenario is a JSON object whose
``kind`` names what to do; :data:`KINDS` lists every kind in one place.

>>> result = run({"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]})
>>> result.to_json()["allowed"], result.to_json()["rulings"]
(False, ['P07-3.1'])
>>> run({"kind": "p07.combo"})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: kind: expected a known scenario kind, got 'p07.combo' (did you mean 'p07.combination'? known: 'p07.combination', 'p07.destruction', 'battaglia.battle', 'battaglia.estimate', 'r19.sequence')
>>> parse('{"kind": "p07.combination",\\n "modes": [}')
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: scenario: expected valid JSON, got 'line 2, column 12: Expecting value'
"""

from __future__ import annotations

from typing import Any

from . import battaglia, protocol07, protocol07_view, r19
from .fields import Fields, choose, parse_json
from .kinds import Result, Scenario, ScenarioKind

KINDS: tuple[ScenarioKind, ...] = (
    ScenarioKind(
        "p07.combination",
        "PROTOCOL_07: may these modes be played together?",
        protocol07.load_combination,
        protocol07_view.combination_html,
        protocol07_view.combination_text,
    ),
    ScenarioKind(
        "p07.destruction",
        "PROTOCOL_07: which effects fire on one destruction, in which order?",
        protocol07.load_destruction,
        protocol07_view.destruction_html,
        protocol07_view.destruction_text,
    ),
    *battaglia.KINDS,
    *r19.KINDS,
)
"""Every scenario kind, in the order the site lists them."""

_KIND_BY_NAME = {k.name: k for k in KINDS}

#: Fields any scenario may carry that the engine does not read.
COMMON_FIELDS = ("title", "description", "expect")


def parse(text: str) -> object:
    """Parse scenario text as JSON (see :func:`~estro_rules.fields.parse_json`).

    >>> parse('{"kind": "p07.combination"}')
    {'kind': 'p07.combination'}
    """
    return parse_json(text, "scenario")


def kind_of(data: object) -> ScenarioKind:
    """The :class:`ScenarioKind` named by a scenario's ``kind`` field."""
    f = Fields(data, "")
    names = list(_KIND_BY_NAME)
    kind = f.raw("kind", expected="a scenario kind, one of: " + ", ".join(names))
    return _KIND_BY_NAME[choose(kind, "kind", names, "scenario kind")]


def load(data: object) -> Scenario:
    """Check a scenario (a parsed JSON object) and make it ready to run."""
    kind = kind_of(data)
    f = Fields(data, "")
    f.string("kind")
    for name in COMMON_FIELDS:
        f.raw(name, default=None)
    scenario = kind.load(f)
    f.done()
    return scenario


def run(data: object) -> Result:
    """Check and run a scenario; the result explains itself through ruling IDs."""
    result: Result = load(data).run()
    return result


def expected(data: object) -> dict[str, Any] | None:
    """The ``expect`` field of an example scenario, if it has one."""
    expect = data.get("expect") if isinstance(data, dict) else None
    return expect if isinstance(expect, dict) else None


def mismatches(expected: object, actual: object, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``.

    Objects are compared on the keys ``expected`` names; lists item by item
    and must have the same length; anything else must be equal.

    >>> mismatches({"allowed": False, "rulings": ["P07-2"]}, {"allowed": False, "rulings": ["P07-1"], "x": 1})
    ["rulings[0]: expected 'P07-2', got 'P07-1'"]
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or 'result'}: expected an object, got {actual!r}"]
        problems = []
        for key, value in expected.items():
            where = f"{path}.{key}" if path else key
            if key not in actual:
                problems.append(f"{where}: missing from the result")
            else:
                problems.extend(mismatches(value, actual[key], where))
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {len(expected)} items, got {actual!r}"]
        return [
            p for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for p in mismatches(e, a, f"{path}[{i}]")
        ]
    if expected != actual or type(expected) is not type(actual):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []
