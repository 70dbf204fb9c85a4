"""Ordered rules: a named list of rule objects that an engine runs in order and a page shows as a table.

Whenever the rules fix an order — the effects that resolve on a destruction, the steps of a turn,
the state-based checks — that order is written once, as a :class:`RuleList`. The engine runs the
list; the site's table of the order is generated from the same list, so the two cannot drift.
Modelled on markdown-it-py's ``Ruler``: rules are found by name, and a variant of a protocol can
insert, replace or drop one by name without copying the list.

>>> steps = RuleList([
...     Rule("roll", lambda: "rolled", "Roll the dice.", ("D-1",)),
...     Rule("score", lambda: "scored", "Count the points.", ("D-2",)),
... ])
>>> steps.names
('roll', 'score')
>>> [rule.fn() for rule in steps]
['rolled', 'scored']
>>> steps.before("score", Rule("reroll", lambda: "again", "Roll again on doubles.", ("D-3",))).names
('roll', 'reroll', 'score')
>>> steps["score"].summary
'Count the points.'
>>> steps["nope"]
Traceback (most recent call last):
...
KeyError: "no rule named 'nope' (rules: roll, score)"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Rule(Generic[F]):
    """One rule of an ordered list: what it does, and how the page states it."""

    name: str
    """A stable machine name (``"turn_face"``); the page's table shows it, tests pin it."""

    fn: F
    """What the rule does when the engine reaches it."""

    summary: str
    """One line for the page's table: what happens at this point, in plain words."""

    rulings: tuple[str, ...]
    """The rulings that put it here."""

    title: str = ""
    """A short title for people, where the table shows one (``"Roll the dice"``)."""

    note: str = ""
    """Anything else the table shows beside it (Battaglia: the Italian words)."""


class RuleList(Generic[F]):
    """Rules in the order they apply; every name once."""

    def __init__(self, rules: Iterable[Rule[F]]) -> None:
        self._rules: tuple[Rule[F], ...] = tuple(rules)
        names = [rule.name for rule in self._rules]
        duplicated = sorted({name for name in names if names.count(name) > 1})
        if duplicated:
            raise ValueError(f"rule names must be unique: {', '.join(duplicated)}")
        self.fns: tuple[F, ...] = tuple(rule.fn for rule in self._rules)
        """The rules' functions in order, for the engine's loop."""

    @property
    def names(self) -> tuple[str, ...]:
        """The rules' names in order."""
        return tuple(rule.name for rule in self._rules)

    def __iter__(self) -> Iterator[Rule[F]]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, name: str) -> Rule[F]:
        for rule in self._rules:
            if rule.name == name:
                return rule
        raise KeyError(f"no rule named {name!r} (rules: {', '.join(self.names)})")

    def index(self, name: str) -> int:
        """The place of the rule called ``name``, from 0."""
        return self.names.index(self[name].name)

    def before(self, name: str, rule: Rule[F]) -> RuleList[F]:
        """A copy with ``rule`` inserted just before the rule called ``name``."""
        at = self.index(name)
        return RuleList((*self._rules[:at], rule, *self._rules[at:]))

    def after(self, name: str, rule: Rule[F]) -> RuleList[F]:
        """A copy with ``rule`` inserted just after the rule called ``name``."""
        at = self.index(name) + 1
        return RuleList((*self._rules[:at], rule, *self._rules[at:]))

    def replace(self, name: str, fn: F) -> RuleList[F]:
        """A copy in which the rule called ``name`` does ``fn`` instead."""
        return RuleList(replace(rule, fn=fn) if rule.name == name else rule for rule in self._rules)

    def without(self, name: str) -> RuleList[F]:
        """A copy without the rule called ``name``."""
        self[name]
        return RuleList(rule for rule in self._rules if rule.name != name)

    def __repr__(self) -> str:
        return f"RuleList({', '.join(self.names)})"
