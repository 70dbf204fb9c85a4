"""Every protocol's source document, as the registry lists them: how each is read, and where each ruling
comes from.

Each protocol declares its own (:attr:`~estro_rules.protocol.Protocol.source`, in its package's
``provenance.py``): the reader of its document, the paragraphs each of its rulings restates
(:class:`~estro_rules.sources.Source`: document, section, paragraph number and fingerprint), the paragraphs
that state no rule, and the basis of each interpretation. This module puts them together for what reads
every document at once: ``python -m estro_rules sources check FILE...``, ``rulings.json`` and the source
coverage page. When a source is edited, the check names the rulings to re-read; after re-reading one,
update its records in its protocol's package (the check's report gives the new places).

>>> from estro_rules.source_map import BASIS, SOURCES
>>> SOURCES["P07-2"]
(Source(document='PROTOCOL_07', section='INFO', paragraph=2, fingerprint='3b26ad77d11e8641'),)
>>> [s.paragraph for s in SOURCES["BAT-6"]]
[1, 2, 3, 4, 5, 6]
>>> BASIS["I-R19-3"].startswith("§19.8")
True
>>> parse("Battaglia\\n\\nUna regola.\\n").name
'Battaglia'
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import registry, sources
from .sources import Document, NotARule, Reader, Source, SourceDocument

if TYPE_CHECKING:  # made on first use by __getattr__ below
    KNOWN: dict[str, Reader]
    """Every document's reader, by its title line, in site order."""

    SECTIONS: dict[str, tuple[str, ...]]
    """Each document's sections, in the document's order."""

    SOURCES: dict[str, tuple[Source, ...]]
    """Every source ruling (not the ``I-`` interpretations) → the paragraphs it restates, in site order."""

    NOT_RULES: tuple[NotARule, ...]
    """The paragraphs that deliberately restate no rule, each with its reason."""

    BASIS: dict[str, str]
    """Every interpretation → why the source is silent or ambiguous there, and why this reading."""


def documents() -> tuple[SourceDocument, ...]:
    """Every protocol's source document, in site order."""
    return tuple(p.source for p in registry.PROTOCOLS if p.source is not None)


def parse(text: str, origin: str = "<text>") -> Document:
    """Split a source document into sections and paragraphs with its protocol's reader (:func:`sources.parse`)."""
    return sources.parse(text, origin, [d.reader for d in documents()])


def read(path: str | Path) -> Document:
    """Read and parse one source document with its protocol's reader (:func:`sources.read`)."""
    return sources.read(path, [d.reader for d in documents()])


def check(given: list[Document]) -> sources.Report:
    """The documents given against every ruling's records (:func:`sources.check`)."""
    docs = documents()
    records = {r: s for d in docs for r, s in d.records.items()}
    not_rules = [n for d in docs for n in d.not_rules]
    return sources.check(records, given, not_rules, [d.title for d in docs])


def __getattr__(name: str) -> object:
    """The tables put together from every protocol's source document."""
    docs = documents()
    made: dict[str, object] = {
        "KNOWN": {d.title: d.reader for d in docs},
        "SECTIONS": {d.title: d.reader.sections for d in docs},
        "SOURCES": {r: s for d in docs for r, s in d.records.items()},
        "NOT_RULES": tuple(n for d in docs for n in d.not_rules),
        "BASIS": {r: b for d in docs for r, b in d.bases.items()},
    }
    if name not in made:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return made[name]
