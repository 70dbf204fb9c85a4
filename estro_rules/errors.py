"""Errors raised by the engine.

Every error a user can cause is a :class:`ScenarioError`, which subclasses
:class:`ValueError` and names the field that is wrong and what was expected.
The command line and the browser widgets show its message as it is, so the
message is written for a player, not for a programmer.
"""

from __future__ import annotations

import sys

from .i18n import Message, _, ngettext, say, using
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
        self._said = (expected, got, hint, problem)  # as given: marked messages are said in a language later
        with using("en"):  # the exception's own text is English, as --json and the tests read it
            super().__init__(self.said())

    def said(self) -> str:
        """The message in the current language (:mod:`estro_rules.i18n`): what the command line prints and a
        widget shows. The field's path stays as the scenario writes it; what was expected, the value given
        and the hint are said where the code marked them.

        >>> from estro_rules.i18n import Message, using
        >>> err = ScenarioError("left[0].health", Message("a whole number from {low} to {high}", low=1, high=999), got=[1, 2])
        >>> with using("it"):
        ...     err.said()
        'left[0].health: atteso un numero intero da 1 a 999, ricevuto un elenco di 2 elementi'
        >>> str(err)
        'left[0].health: expected a whole number from 1 to 999, got a list of 2 items'
        """
        expected, got, hint, problem = self._said
        if problem:
            message = _("{problem}; expected {expected}").format(problem=say(problem), expected=say(expected))
        else:
            message = _("expected {expected}").format(expected=say(expected))
        if self.field:
            message = f"{self.field}: {message}"
        if got is not ...:
            message += _(", got {value}").format(value=_show(got))
        if hint:
            message += f" ({say(hint)})"
        return one_line(message)

    def parts(self) -> tuple[str, str | None, str, str]:
        """What was expected, the value given (``None``: not shown), the hint and the problem, each in the
        current language (:mod:`estro_rules.plain_errors` words them for a form)."""
        expected, got, hint, problem = self._said
        shown = None if got is ... else one_line(_show(got))
        return say(expected), shown, one_line(say(hint)), one_line(say(problem))


def _show(value: object) -> str:
    """A short, readable rendering of a bad value for an error message, in the current language (a value
    written as JSON writes it stays as it is)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Message):  # a value in words ("100 levels"), quoted as a string would be
        return repr(say(value))
    if isinstance(value, dict):
        return _("an object") if value else _("an empty object")
    if isinstance(value, list):
        if not value:
            return _("an empty list")
        return ngettext("a list of {count} item", "a list of {count} items", len(value)).format(count=len(value))
    if isinstance(value, int) and value.bit_length() > 100:  # more than 30 digits: say how many
        try:
            digits = len(str(abs(value)))
            return ngettext("a number with {count} digit", "a number with {count} digits", digits).format(count=digits)
        except ValueError:  # past Python's limit for writing a number out
            limit = sys.get_int_max_str_digits()
            return ngettext(
                "a number with more than {count} digit", "a number with more than {count} digits", limit
            ).format(count=limit)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
