"""Reading JSON scenarios field by field, with errors that name the field.

A :class:`Fields` wraps one JSON object and the path that leads to it. Each
getter checks one key and raises :class:`~estro_rules.errors.ScenarioError`
naming the full path when the value is missing or of the wrong kind;
:meth:`Fields.done` rejects keys nobody asked for, so a typo such as
``"destroyed_by_oponent"`` is an error rather than a silently ignored field.

>>> f = Fields({"seed": 3, "face_down": True}, "")
>>> f.integer("seed", minimum=0), f.boolean("face_down"), f.boolean("illusio_in_hand", default=False)
(3, True, False)
>>> f.done()
>>> Fields({"seed": "3"}, "").integer("seed")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: seed: expected a whole number, got '3'
>>> g = Fields({"sed": 3}, "scenario")
>>> g.integer("seed", default=0)
0
>>> g.done()
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: scenario.sed: unknown field; expected one of: seed (did you mean 'seed'?)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from difflib import get_close_matches
from typing import Any, TypeVar

from .errors import ScenarioError
from .i18n import N_, Message

_MISSING: Any = object()
T = TypeVar("T")


def join(path: str, key: str) -> str:
    """The path of ``key`` inside ``path``.

    >>> join("", "modes"), join("teams", "left"), join("modes", "[2]")
    ('modes', 'teams.left', 'modes[2]')
    """
    if not path:
        return key
    return f"{path}{key}" if key.startswith("[") else f"{path}.{key}"


def choose(value: object, path: str, choices: Sequence[str], what: str) -> str:
    """Check that ``value`` is one of ``choices``; suggest a close match if not.

    >>> choose("Inferno 2v2", "modes[0]", ["Inferno 2vs2", "Cinque Soglie"], "mode")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: modes[0]: expected a known mode, got 'Inferno 2v2' (did you mean 'Inferno 2vs2'? known: 'Inferno 2vs2', 'Cinque Soglie')
    """
    if not isinstance(value, str):
        raise ScenarioError(path, Message("a {what} name (a string)", what=Message.kept(what)), got=value)
    if value in choices:
        return value
    known = ", ".join(repr(c) for c in choices)
    close = get_close_matches(value, list(choices), n=1, cutoff=0.6)
    hint = (
        Message("did you mean {close}? known: {known}", close=repr(close[0]), known=known)
        if close
        else Message("known: {known}", known=known)
    )
    raise ScenarioError(path, Message("a known {what}", what=Message.kept(what)), got=value, hint=hint)


class Fields:
    """One JSON object of a scenario, read key by key."""

    path: str
    """Where this object sits in the scenario; ``""`` for the top level."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise ScenarioError(path or "scenario", N_("a JSON object"), got=data)
        for key in data:
            if not isinstance(key, str):
                raise ScenarioError(path or "scenario", N_("an object whose keys are strings"), got=key)
        self.path = path
        self._data: dict[str, Any] = data
        self._seen: set[str] = set()

    def keys(self) -> list[str]:
        """The object's keys, in the order they were written."""
        return list(self._data)

    def has(self, key: str) -> bool:
        """Whether ``key`` is present (and not ``null``)."""
        return self._data.get(key) is not None

    def _get(self, key: str, default: Any, expected: str) -> Any:
        self._seen.add(key)
        value = self._data.get(key)
        if value is None:
            if default is _MISSING:
                raise ScenarioError(join(self.path, key), expected, hint=N_("missing field"))
            return default
        return value

    def raw(self, key: str, *, default: Any = _MISSING, expected: str = N_("a value")) -> Any:
        """The value as it is, for values checked by the caller."""
        return self._get(key, default, expected)

    def string(self, key: str, *, default: Any = _MISSING) -> str:
        value = self._get(key, default, N_("a string"))
        if not isinstance(value, str):
            raise ScenarioError(join(self.path, key), N_("a string"), got=value)
        return value

    def boolean(self, key: str, *, default: Any = _MISSING) -> bool:
        value = self._get(key, default, N_("true or false"))
        if not isinstance(value, bool):
            raise ScenarioError(join(self.path, key), N_("true or false"), got=value)
        return value

    def integer(
        self,
        key: str,
        *,
        default: Any = _MISSING,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int:
        value = self._get(key, default, N_("a whole number"))
        return check_int(value, join(self.path, key), minimum=minimum, maximum=maximum)

    def items(self, key: str, *, default: Any = _MISSING, min_items: int = 0) -> Iterator[tuple[str, Any]]:
        """The items of a list as ``(path, item)`` pairs."""
        value = self._get(key, default, N_("a list"))
        path = join(self.path, key)
        if not isinstance(value, list):
            raise ScenarioError(path, N_("a list"), got=value)
        if len(value) < min_items:
            at_least = (
                N_("a list of at least 1 item")
                if min_items == 1
                else Message("a list of at least {count} items", count=min_items)
            )
            raise ScenarioError(path, at_least, got=value)
        return ((join(path, f"[{i}]"), item) for i, item in enumerate(value))

    def obj(self, key: str, *, default: Any = _MISSING) -> Fields:
        value = self._get(key, default, N_("a JSON object"))
        return Fields(value, join(self.path, key))

    def done(self) -> None:
        """Reject every key that no getter asked for."""
        unknown = [k for k in self._data if k not in self._seen]
        if unknown:
            known = ", ".join(sorted(self._seen))
            close = get_close_matches(unknown[0], sorted(self._seen), n=1, cutoff=0.6)
            hint = Message("did you mean {close}?", close=repr(close[0])) if close else ""
            raise ScenarioError(
                join(self.path, unknown[0]),
                Message("one of: {known}", known=known),
                problem=N_("unknown field"),
                hint=hint,
            )


def number_text(n: int) -> str:
    """A bound as a player reads it: ``2⁶³−1`` rather than its 19 digits, thousands separated.

    >>> number_text(2**63 - 1), number_text(2**31 - 1), number_text(10_000), number_text(999), number_text(-5)
    ('2⁶³−1', '2³¹−1', '10,000', '999', '-5')
    """
    powers = {2**63 - 1: "2⁶³−1", 2**31 - 1: "2³¹−1"}
    if n in powers:
        return powers[n]
    return f"{n:,}" if abs(n) >= 10_000 else str(n)


def check_int(value: object, path: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """Check a whole number within bounds (``true`` is not a number).

    >>> check_int(-1, "health", minimum=0)
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: health: expected a whole number of at least 0, got -1
    >>> check_int(-1, "seed", minimum=0, maximum=2**63 - 1)
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: seed: expected a whole number from 0 to 2⁶³−1, got -1
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(path, N_("a whole number"), got=value)
    low = "" if minimum is None else number_text(minimum)
    high = "" if maximum is None else number_text(maximum)
    if minimum is not None and maximum is not None and not minimum <= value <= maximum:
        raise ScenarioError(path, Message("a whole number from {low} to {high}", low=low, high=high), got=value)
    if minimum is not None and value < minimum:
        raise ScenarioError(path, Message("a whole number of at least {low}", low=low), got=value)
    if maximum is not None and value > maximum:
        raise ScenarioError(path, Message("a whole number of at most {high}", high=high), got=value)
    return value


#: How deeply user JSON may nest lists and objects; real scenarios use a handful of levels.
MAX_DEPTH = 32

#: The longest number user JSON may hold (Python's own limit for turning digits into a number).
MAX_DIGITS = 4300


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateKey(key)
        data[key] = value
    return data


def parse_json(text: str, field: str) -> object:
    """Parse JSON text that a user gave for ``field``, with a readable position on error.

    Nesting and number length are bounded first, so hostile text gets a message, not a crash; a
    key given twice in one object is an error (JSON readers disagree on which one wins); a byte
    order mark at the start is allowed.

    >>> parse_json(chr(0xFEFF) + '{"seed": 3}', "scenario")
    {'seed': 3}
    >>> parse_json("[" * 100 + "]" * 100, "scenario")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: scenario: expected JSON nested at most 32 levels deep, got '100 levels'
    >>> parse_json('{"seed": ' + "9" * 5000 + "}", "scenario")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: scenario: a number is too long; expected valid JSON with numbers of at most 4300 digits
    >>> parse_json('{"seed": 1, "seed": 2}', "scenario")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: scenario: the key 'seed' is given twice in one object; expected each key once
    >>> parse_json('{"seed": }', "pool")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: pool: line 1, column 10: expecting value; expected valid JSON
    """
    text = text.removeprefix(chr(0xFEFF))
    depth = _depth(text)
    if depth > MAX_DEPTH:
        nested = Message("JSON nested at most {depth} levels deep", depth=MAX_DEPTH)
        raise ScenarioError(field, nested, got=Message("{count} levels", count=depth))
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as err:
        twice = Message("the key {key} is given twice in one object", key=repr(err.key))
        raise ScenarioError(field, N_("each key once"), problem=twice) from None
    except json.JSONDecodeError as err:
        said = _JSON_REASONS.get(err.msg)
        reason = Message.kept(said) if said else f"{err.msg[:1].lower()}{err.msg[1:]}"
        where = Message("line {line}, column {column}: {reason}", line=err.lineno, column=err.colno, reason=reason)
        raise ScenarioError(field, N_("valid JSON"), problem=where) from None
    except ValueError:  # an integer literal past Python's digit limit
        raise ScenarioError(
            field,
            Message("valid JSON with numbers of at most {digits} digits", digits=MAX_DIGITS),
            problem=N_("a number is too long"),
        ) from None


_JSON_REASONS = {
    "Expecting value": N_("expecting value"),
    "Expecting property name enclosed in double quotes": N_("expecting property name enclosed in double quotes"),
    "Expecting ',' delimiter": N_("expecting ',' delimiter"),
    "Expecting ':' delimiter": N_("expecting ':' delimiter"),
    "Extra data": N_("extra data"),
    "Unterminated string starting at": N_("unterminated string starting at"),
    "Invalid control character at": N_("invalid control character at"),
    "Invalid \\escape": N_("invalid \\escape"),
    "Invalid \\uXXXX escape": N_("invalid \\uXXXX escape"),
    # Python 3.13 and later (Pyodide's), where a trailing comma has a message of its own.
    "Illegal trailing comma before end of object": N_("illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array": N_("illegal trailing comma before end of array"),
}
"""Every reason the JSON reader gives (Python 3.11 to 3.14), in words the catalogue has (the English as the
reader says it); one it may add later is said as it is."""


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings (before parsing, so parsing cannot overflow)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest
