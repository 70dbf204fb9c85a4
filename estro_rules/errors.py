"""Errors raised by the engine.

Every error a user can cause is a :class:`ScenarioError`, which subclasses
:class:`ValueError` and names the field that is wrong and what was expected.
The command line and the browser widgets show its message as it is, so the
message is written for a player, not for a programmer.
"""

from __future__ import annotations


class EstroError(ValueError):
    """Base class of every error the engine raises on purpose."""


class ScenarioError(EstroError):
    """A scenario, team, card or mode name that the engine cannot accept.

    >>> str(ScenarioError("modes[1]", "a known mode name", got="Foo"))
    "modes[1]: expected a known mode name, got 'Foo'"
    >>> str(ScenarioError("seed", "an integer"))
    'seed: expected an integer'
    >>> str(ScenarioError("sed", "one of: seed", problem="unknown field"))
    'sed: unknown field; expected one of: seed'
    >>> str(ScenarioError("health", "a whole number from 1 to 999", got=10**5000))
    'health: expected a whole number from 1 to 999, got a number with thousands of digits'
    """

    field: str
    """Where the problem is, as a path into the scenario (``"teams.left[0].health"``)."""

    expected: str
    """What the field should hold, in plain words."""

    def __init__(self, field: str, expected: str, *, got: object = ..., hint: str = "", problem: str = "") -> None:
        self.field = field
        self.expected = expected
        message = f"{problem}; expected {expected}" if problem else f"expected {expected}"
        if field:
            message = f"{field}: {message}"
        if got is not ...:
            message += f", got {_show(got)}"
        if hint:
            message += f" ({hint})"
        super().__init__(message)


def _show(value: object) -> str:
    """A short, readable rendering of a bad value for an error message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (dict, list)):
        kind = "an object" if isinstance(value, dict) else "a list"
        return kind
    if isinstance(value, int) and abs(value) >= 10**18:
        return f"a number with {len(str(abs(value))) if value.bit_length() < 14_000 else 'thousands of'} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
