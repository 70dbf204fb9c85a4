"""The glossary: every game term of the rules pages, in English and in Italian, with a one-line meaning.

The Battaglia rules are written in Italian, PROTOCOL_07 uses Italian names inside English text, and
§19 is in English; players meet the words in both languages. Each :class:`Term` gives the word used
on this site, the Italian one, and where the Italian comes from: the source itself, or our own
translation (then it is marked as such on the page — the sources do not name it). The glossary page
is generated from this list, the rulings that use each term are found by reading the pages, and
each term's first use in a ruling links to its entry and shows the meaning on hover and on focus.

>>> from estro_rules.registry import TERMS, term
>>> term("criptide").english, term("cryptid").italian
('cryptid', 'criptide')
>>> [t.english for t in TERMS if t.protocol == "protocol07"][:3]
['Single Player', 'Inferno 2vs2', 'Ultimo Bastione']

The glossary also decides which word each language's pages use (:meth:`Term.word`). Battaglia's words
come from its Italian source; PROTOCOL_07's names are the source's own in both languages. For §19, whose
source is English, a word printed on the cards (a state label, a card type, a value, a keyword, a zone)
stays in English on the Italian pages, so that players find on the page the word on the card; the words
of the procedure (sequence, trigger, flip, …) are said in Italian. Each term has an Italian meaning for
the Italian pages (``italian_meaning``).

>>> term("cryptid").word("it"), term("Contested").word("it"), term("Depleted Pile").word("it")
('criptide', 'Contested', 'Depleted Pile')
>>> term("trigger").word("it"), term("Depleted Pile").italian, term("Depleted Pile").word("en")
('innesco', 'Pila esaurita', 'Depleted Pile')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One game term."""

    english: str
    """The word this site uses."""

    italian: str
    """The Italian word."""

    meaning: str
    """What it means, in one line of our own words."""

    protocol: str
    """The protocol it belongs to (``"battaglia"``, ``"protocol07"``, ``"r19"``)."""

    italian_from_source: bool = True
    """Whether a source uses the Italian word; ``False`` when it is our translation."""

    also: tuple[str, ...] = ()
    """Other English forms that name it on the pages (plurals)."""

    italian_also: tuple[str, ...] = ()
    """Other Italian forms that name it on the pages (plurals)."""

    kept: bool = False
    """Whether the word this site uses is the Italian name itself (PROTOCOL_07's modes and effects), so that
    it is Italian wherever it stands."""

    italian_meaning: str = ""
    """What it means, in one line of our own Italian words, for the Italian pages."""

    italian_uses_english: bool = False
    """Whether the Italian pages keep the English word (a word printed on the cards), with ``italian`` as
    its gloss; ``False`` when they use ``italian``."""

    def word(self, language: str) -> str:
        """The word that the pages in ``language`` (``"en"`` or ``"it"``) use for this term."""
        if language == "en":
            return self.english
        if language == "it":
            return self.english if self.italian_uses_english else self.italian
        raise ValueError(f"language: expected 'en' or 'it', got {language!r}")

    @property
    def anchor(self) -> str:
        """The entry's anchor on the glossary page."""
        return re.sub(r"[^a-z0-9]+", "-", self.english.lower()).strip("-")

    @property
    def forms(self) -> tuple[str, ...]:
        """Every form that names it, longest first (so "abilità di morte" wins over "abilità")."""
        return tuple(sorted({self.english, self.italian, *self.also, *self.italian_also}, key=len, reverse=True))

    @property
    def italian_forms(self) -> tuple[str, ...]:
        """The forms that are Italian words, longest first: read with Italian rules (``lang="it"``).

        >>> from estro_rules.registry import term
        >>> term("cryptid").italian_forms, term("Cinque Soglie").italian_forms, term("DEF").italian_forms
        (('criptide', 'criptidi'), ('Cinque Soglie',), ())
        """
        found = {*self.italian_also}
        if self.italian != self.english or self.kept:
            found.add(self.italian)
        if self.kept:
            found.update({self.english, *self.also})
        return tuple(sorted(found, key=lambda f: (-len(f), f)))


def find(terms: Iterable[Term], word: str) -> Term:
    """The term among ``terms`` that ``word`` names, in either language or any listed form (every protocol's
    terms: :func:`estro_rules.registry.term`)."""
    for t in terms:
        if word in t.forms:
            return t
    raise KeyError(f"no glossary term {word!r}")


def italian_forms(terms: Iterable[Term]) -> tuple[str, ...]:
    """Every Italian word of ``terms``, longest first: the site marks each use ``lang="it"`` (WCAG 3.1.2), on
    its pages (``scripts/sitegen/lang.py``, with every protocol's terms) and in what the widgets show
    (``docs/assets/estro/reading.js``).

    >>> from estro_rules.registry import TERMS
    >>> forms = italian_forms(TERMS)
    >>> "criptidi" in forms, "Zona di Conquista" in forms, "cryptid" in forms
    (True, True, False)
    """
    return tuple(sorted({f for t in terms for f in t.italian_forms}, key=lambda f: (-len(f), f)))
