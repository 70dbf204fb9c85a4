"""The registry: every protocol, in the order the site lists them. Everything else comes from here.

The scenario runner finds kinds here, the command line its subcommands, the site generator its
rules pages, tables and widgets, and the rulings index its rulings. Nothing registers itself by
being imported: a protocol is in the site because it is in :data:`PROTOCOLS`.

>>> [p.key for p in PROTOCOLS]
['protocol07', 'battaglia', 'r19']
>>> kind("p07.combination").summary
'PROTOCOL_07: may these modes be played together?'
>>> rulebook_of("BAT-7").key
'battaglia'
"""

from __future__ import annotations

from . import battaglia, protocol07, r19
from .protocol import Command, Protocol, ScenarioKind
from .rulings import Rulebook

PROTOCOLS: tuple[Protocol, ...] = (protocol07.PROTOCOL, battaglia.PROTOCOL, r19.PROTOCOL)
"""Every protocol, in site order."""

KINDS: tuple[ScenarioKind, ...] = tuple(k for p in PROTOCOLS for k in p.kinds)
"""Every scenario kind, in the order the site lists them."""

COMMANDS: tuple[Command, ...] = tuple(c for p in PROTOCOLS for c in p.commands)
"""The protocols' command-line subcommands."""

_KINDS = {k.name: k for k in KINDS}
_BOOKS: dict[str, Rulebook] = {}


def _index() -> None:
    names = [k.name for k in KINDS]
    if len(set(names)) != len(names):
        raise ValueError(f"a scenario kind is declared twice: {names}")
    for protocol in PROTOCOLS:
        for ruling in protocol.rulebook:
            other = _BOOKS.setdefault(ruling.id, protocol.rulebook)
            if other is not protocol.rulebook:
                raise ValueError(f"ruling ID {ruling.id!r} is declared by {other.key} and {protocol.rulebook.key}")


_index()


def kind(name: str) -> ScenarioKind:
    """The scenario kind called ``name`` (a ``KeyError`` if there is none: see :func:`scenarios.kind_of`)."""
    return _KINDS[name]


def rulebook_of(ruling_id: str) -> Rulebook:
    """The rulebook that declares ``ruling_id``."""
    try:
        return _BOOKS[ruling_id]
    except KeyError:
        raise KeyError(f"no rulebook declares ruling {ruling_id!r}") from None
