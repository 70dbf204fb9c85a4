"""Errors raised by the engine.

Every error a user can cause is a :class:`ScenarioError`, which subclasses
:class:`ValueError` and names the field that is wrong and what was expected.
The command line and the browser widgets show its message as it is, so the
message is written for a player, not for a programmer.
"""

from __future__ import annotations

import sys

from .text import one_line


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
    'health: expected a whole number from 1 to 999, got a number with more than 4300 digits'
    >>> str(ScenarioError("seed", "a whole number from 0 to 2⁶³−1", got=2**63))
    'seed: expected a whole number from 0 to 2⁶³−1, got 9223372036854775808'
    >>> str(ScenarioError("cards", "at least one item", got=[]))
    'cards: expected at least one item, got an empty list'

    The message is always one line of safe text: a field path or a value that holds a line break, a
    terminal escape or a direction mark shows it escaped, so no input can forge a line of output.

    >>> str(ScenarioError("cards[0].na" + chr(10) + "me", "one of: name", problem="unknown field"))
    'cards[0].na\\\\nme: unknown field; expected one of: name'
    """

    field: str
    """Where the problem is, as a path into the scenario (``"teams.left[0].health"``)."""

    expected: str
    """What the field should hold, in plain words."""

    got: str | None
    """The value given, as the message shows it; ``None`` when the message shows none."""

    hint: str
    """A hint in the message's brackets (``"missing field"``, ``"did you mean 'seed'?"``)."""

    problem: str
    """What is wrong when it is not the value (``"unknown field"``)."""

    def __init__(self, field: str, expected: str, *, got: object = ..., hint: str = "", problem: str = "") -> None:
        self.field = one_line(field)
        self.expected = expected
        self.got = None if got is ... else one_line(_show(got))
        self.hint = one_line(hint)
        self.problem = one_line(problem)
        message = f"{problem}; expected {expected}" if problem else f"expected {expected}"
        if field:
            message = f"{field}: {message}"
        if got is not ...:
            message += f", got {_show(got)}"
        if hint:
            message += f" ({hint})"
        super().__init__(one_line(message))


def _show(value: object) -> str:
    """A short, readable rendering of a bad value for an error message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object" if value else "an empty object"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}" if value else "an empty list"
    if isinstance(value, int) and value.bit_length() > 100:  # more than 30 digits: say how many
        try:
            return f"a number with {len(str(abs(value)))} digits"
        except ValueError:  # past Python's limit for writing a number out
            return f"a number with more than {sys.get_int_max_str_digits()} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
