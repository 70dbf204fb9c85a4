"""The catalogue of rulings: every ruling and interpretation as data, for bots and other tools.

The site publishes it as ``rulings.json`` at its root, and ``python -m estro_rules rulings --json``
prints the same document. Its shape is a stable interface, versioned by :data:`SCHEMA_VERSION`:
fields are only ever added; a change to a field's meaning or a removal raises the version.

Each entry gives ``id``, ``title``, ``url`` (relative to the site's root), ``kind`` (``rule`` or
``interpretation``), ``source`` (for a rule: the paragraphs it restates, as document, section and
paragraph number; ``null`` for an interpretation), ``basis`` (for an interpretation: why the source
is silent and why this reading; ``null`` for a rule), ``examples`` (how many runnable examples the
page shows) and ``cited_by`` (the engine's functions whose decisions cite it).

>>> doc = catalogue({"P07-2": 1})
>>> doc["schema_version"], doc["rulings"][1]["id"], doc["rulings"][1]["url"], doc["rulings"][1]["examples"]
(1, 'P07-2', 'protocol-07/#P07-2', 1)
>>> doc["rulings"][1]["source"]
[{'document': 'PROTOCOL_07', 'section': 'INFO', 'paragraph': 2}]
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .citations import cited_by
from .protocol import Protocol
from .registry import PROTOCOLS
from .sources import Source

SCHEMA_VERSION = 1
"""The version of the catalogue's shape."""

PACKAGE = Path(__file__).resolve().parent


def lock_path(protocol: Protocol) -> Path:
    """Where a protocol keeps the lock of what its rulings' examples print: ``rulings.lock.json`` in its package."""
    return PACKAGE / protocol.key / "rulings.lock.json"


def read_lock(path: Path | None = None) -> dict[str, Any]:
    """A lock file's content (an empty lock when there is none yet); every protocol's together when ``path`` is
    ``None``."""
    if path is None:
        rulings = {r: e for p in PROTOCOLS for r, e in read_lock(lock_path(p))["rulings"].items()}
        return {"version": 1, "rulings": dict(sorted(rulings.items()))}
    if not path.exists():
        return {"version": 1, "rulings": {}}
    lock: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return lock


def example_counts(lock: Mapping[str, Any]) -> dict[str, int]:
    """How many examples each ruling has, as the lock records them."""
    return {ruling: len(entry["examples"]) for ruling, entry in lock.get("rulings", {}).items()}


def records_of(protocol: Protocol) -> Mapping[str, tuple[Source, ...]]:
    """A protocol's rulings → the source paragraphs each restates (none without a source document)."""
    return protocol.source.records if protocol.source else {}


def bases_of(protocol: Protocol) -> Mapping[str, str]:
    """A protocol's interpretations → the basis of each."""
    return protocol.source.bases if protocol.source else {}


def catalogue(examples: Mapping[str, int], *, citations: bool = True) -> dict[str, Any]:
    """Every ruling of every protocol, in site order; ``examples`` counts each ruling's examples.

    ``citations=False`` leaves every ``cited_by`` empty instead of reading the engine's code for them,
    for a listing that does not show them.
    """
    cited = cited_by() if citations else {}
    entries = []
    for protocol in PROTOCOLS:
        book = protocol.rulebook
        records, bases = records_of(protocol), bases_of(protocol)
        for ruling in book:
            entries.append(
                {
                    "id": ruling.id,
                    "title": ruling.title,
                    "url": book.url(ruling.id),
                    "kind": "interpretation" if ruling.interpretation else "rule",
                    "protocol": book.key,
                    "source": None
                    if ruling.interpretation
                    else [
                        {"document": s.document, "section": s.section, "paragraph": s.paragraph}
                        for s in records.get(ruling.id, ())
                    ],
                    "basis": bases.get(ruling.id) if ruling.interpretation else None,
                    "examples": examples.get(ruling.id, 0),
                    "cited_by": cited.get(ruling.id, []),
                }
            )
    return {"schema_version": SCHEMA_VERSION, "rulings": entries}
