"""Rulings: the stable IDs that every decision of the engine cites.

Each protocol module declares its :class:`Rulebook`: the rulings taken from
the source text and the interpretations that fill its gaps, each with a stable
ID and a short title. The engine cites rulings only through
:meth:`Rulebook.cite`, which fails at import time for an ID the rulebook does
not declare, and the site generator fails the build when a page and its
rulebook disagree (a ruling missing from the page, a title that differs). The
registry (:mod:`estro_rules.registry`) checks that no ID is declared by two
rulebooks.

>>> book = Rulebook("demo", "Demo", "demo/", [
...     Ruling("D-1", "Dice are rolled", italian="Si tirano i dadi"),
...     Ruling("I-D-1", "A reroll is a roll", interpretation=True),
... ], italian="Prova")
>>> book.cite("D-1")
'D-1'
>>> book.cite("D-9")
Traceback (most recent call last):
...
KeyError: "ruling 'D-9' is not in the demo rulebook"
>>> book["I-D-1"].interpretation
True
>>> book["D-1"].italian, book.italian
('Si tirano i dadi', 'Prova')

Each title has an Italian twin (``italian``): the heading of the ruling on the Italian page
(``docs/_sources/it/``), where the ruling keeps its ID. It is empty only in examples like the one
above; a test holds every rulebook of the registry to a title in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: The shape of a ruling ID: an optional ``I-`` for interpretations, a
#: protocol prefix, then numbers (``P07-3.1``, ``I-BAT-12``, ``R19-8.2``).
RULING_ID = re.compile(r"(?:I-)?[A-Z][A-Z0-9]*-\d+(?:\.\d+)*")


@dataclass(frozen=True)
class Ruling:
    """One ruling or interpretation."""

    id: str
    """Stable ID, used as the page anchor; never reused for another ruling."""

    title: str
    """Short title, the same on the page heading and in the engine."""

    interpretation: bool = False
    """True when the source text is silent and the project chose the answer."""

    italian: str = ""
    """The title in Italian, the same on the Italian page's heading (written for Italian players, not word for
    word)."""

    def title_in(self, language: str) -> str:
        """The title in ``language`` (``"it"``: :attr:`italian`, which is empty until written; else :attr:`title`)."""
        return self.italian if language == "it" else self.title

    def __post_init__(self) -> None:
        if not RULING_ID.fullmatch(self.id):
            raise ValueError(f"malformed ruling ID {self.id!r}")
        if self.interpretation != self.id.startswith("I-"):
            raise ValueError(f"ruling {self.id!r}: interpretation IDs, and only they, start with 'I-'")


class Rulebook:
    """The rulings of one protocol, in page order."""

    key: str
    """Short name of the protocol (``"protocol07"``)."""

    title: str
    """The protocol's name as shown on the site."""

    page: str
    """The page URL relative to the site root (``"protocol-07/"``)."""

    italian: str
    """The protocol's name in Italian: the title of its Italian page."""

    def __init__(self, key: str, title: str, page: str, rulings: Iterable[Ruling], *, italian: str = "") -> None:
        self.key = key
        self.title = title
        self.page = page
        self.italian = italian
        self._rulings: dict[str, Ruling] = {}
        for ruling in rulings:
            if ruling.id in self._rulings:
                raise ValueError(f"ruling ID {ruling.id!r} is declared twice")
            self._rulings[ruling.id] = ruling

    def cite(self, ruling_id: str) -> str:
        """Return ``ruling_id`` after checking that this rulebook declares it."""
        if ruling_id not in self._rulings:
            raise KeyError(f"ruling {ruling_id!r} is not in the {self.key} rulebook")
        return ruling_id

    def keyed(self, values: Mapping[str, T]) -> dict[str, T]:
        """``values`` by ruling ID, each ID checked as :meth:`cite` checks it, once, where they are declared (the
        paragraphs a ruling restates, an interpretation's basis).

        >>> Rulebook("demo", "Demo", "demo/", [Ruling("D-1", "Dice")]).keyed({"D-2": "a basis"})
        Traceback (most recent call last):
        ...
        KeyError: "ruling 'D-2' is not in the demo rulebook"
        """
        return {self.cite(key): value for key, value in values.items()}

    def __getitem__(self, ruling_id: str) -> Ruling:
        return self._rulings[self.cite(ruling_id)]

    def __contains__(self, ruling_id: object) -> bool:
        return ruling_id in self._rulings

    def __iter__(self) -> Iterator[Ruling]:
        return iter(self._rulings.values())

    def __len__(self) -> int:
        return len(self._rulings)

    def url(self, ruling_id: str) -> str:
        """The ruling's address relative to the site root."""
        return f"{self.page}#{self.cite(ruling_id)}"
