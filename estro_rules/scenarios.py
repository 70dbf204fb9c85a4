"""Scenarios: JSON in, an explained result out.

This is the one entry point that the command line, the browser widgets, the examples and the
site generator call. A scenario is a JSON object whose ``kind`` names what to do; the kinds come
from the registry (:data:`estro_rules.registry.KINDS`); a request imports only its kind's protocol.

>>> result = run({"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]})
>>> result.to_json()["allowed"], result.to_json()["rulings"]
(False, ['P07-3.1'])
>>> run({"kind": "p07.combo"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: kind: expected a known scenario kind, got 'p07.combo' (did you mean 'p07.combination'? known: 'p07.combination', 'p07.destruction', 'battaglia.battle', ...)
>>> parse('{"kind": "p07.combination",\\n "modes": [}')
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: scenario: line 2, column 12: expecting value; expected valid JSON
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import plain_errors, registry, schema
from .errors import ScenarioError
from .fields import parse_json
from .protocol import Kind, Loaded, Result, find_kind

__all__ = ["Loaded", "expected", "in_words", "kind_of", "load", "mismatches", "parse", "run"]


def parse(text: str) -> object:
    """Parse scenario text as JSON (see :func:`~estro_rules.fields.parse_json`).

    >>> parse('{"kind": "p07.combination"}')
    {'kind': 'p07.combination'}
    """
    return parse_json(text, "scenario")


def kind_of(
    data: object, *, default: str | None = None, among: Sequence[str] | None = None, what: str = "scenario kind"
) -> Kind:
    """The :class:`~estro_rules.protocol.ScenarioKind` named by a scenario's ``kind`` field.

    ``default`` is the kind of a scenario that leaves the field out; ``among`` narrows the kinds
    accepted and ``what`` names them in errors.
    """
    name = data.get("kind", default) if isinstance(data, dict) else None
    if isinstance(name, str) and (among is None or name in among):
        try:
            return registry.kind(name)  # imports only that kind's protocol
        except KeyError:
            pass
    kinds = registry.KINDS if among is None else tuple(k for k in registry.KINDS if k.name in among)
    return find_kind(kinds, data, default=default, what=what)


def in_words(err: ScenarioError, data: object) -> str:
    """A scenario's error as a player reads it, in the words of the widget's form (see
    :func:`estro_rules.plain_errors.in_words`); a scenario of no known kind has its fields named as they are
    written. The command line prints ``str(err)``, which keeps the path.

    >>> data = {"kind": "battaglia.battle", "left": [{"name": "Nessie", "threat": 3, "health": -2}],
    ...         "right": [{"name": "Kappa", "threat": 2, "health": 4}]}
    >>> try:
    ...     load(data)
    ... except ScenarioError as err:
    ...     print(err)
    ...     print(in_words(err, data))
    left[0].health: expected a whole number from 1 to 999, got -2
    Left team, cryptid 1 (Nessie): health must be a whole number from 1 to 999 (it is -2)
    """
    try:
        root: schema.Type = kind_of(data).fields
    except ScenarioError:  # no known kind (or no JSON): the fields are named as they are written
        root = schema.Obj([], name="scenario")
    return plain_errors.in_words(root, err, data)


def load(
    data: object, *, default: str | None = None, among: Sequence[str] | None = None, what: str = "scenario kind"
) -> Loaded:
    """Check a scenario (a parsed JSON object) and make it ready to run (see :func:`kind_of`): the kind is worked
    out once per request, and the scenario held with it (:class:`~estro_rules.protocol.Loaded`)."""
    return kind_of(data, default=default, among=among, what=what).load(data)


def run(data: object) -> Result:
    """Check and run a scenario; the result explains itself through ruling IDs."""
    return load(data).run().result


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
            n = len(expected)
            return [f"{path}: expected {n} item{'s' if n != 1 else ''}, got {actual!r}"]
        return [
            p for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for p in mismatches(e, a, f"{path}[{i}]")
        ]
    if expected != actual or type(expected) is not type(actual):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []
