"""The registry: every protocol, in the order the site lists them. Everything else comes from here.

The scenario runner finds kinds here, the command line its subcommands, the site generator its
rules pages, tables and widgets, and the rulings index its rulings. Nothing registers itself by
being imported: a protocol is in the site because it is in :data:`MODULES`.

A protocol's module is imported the first time something asks for it, so a widget on one
protocol's page starts without the others: :func:`kind` imports only the protocol that its
name's prefix points to. :data:`PROTOCOLS`, :data:`KINDS` and :data:`COMMANDS` import all of them.

>>> from estro_rules.registry import MODULES, PROTOCOLS
>>> PROTOCOLS[0].key, [p.key for p in PROTOCOLS] == [module for module, _ in MODULES]
('protocol07', True)
>>> kind("p07.combination").summary
'PROTOCOL_07: may these modes be played together?'
>>> rulebook_of("BAT-7").key
'battaglia'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .glossary import Term, find
from .protocol import Kind, Protocol
from .rulings import Rulebook

if TYPE_CHECKING:
    from .protocol import Command

MODULES: tuple[tuple[str, str], ...] = (
    ("protocol07", "p07"),
    ("battaglia", "battaglia"),
    ("r19", "r19"),
)
"""Every protocol, in site order: the module under ``estro_rules`` that defines it as ``PROTOCOL``,
and the prefix of its scenario kinds' names (``p07`` for ``p07.combination``)."""

if TYPE_CHECKING:  # made on first use by __getattr__ below
    PROTOCOLS: tuple[Protocol, ...]
    """Every protocol, in site order."""

    KINDS: tuple[Kind, ...]
    """Every scenario kind, in the order the site lists them."""

    COMMANDS: tuple[Command, ...]
    """The protocols' command-line subcommands."""

    TERMS: tuple[Term, ...]
    """Every protocol's glossary terms, protocol by protocol, in the order the glossary lists them."""

_LOADED: dict[str, Protocol] = {}
_BOOKS: dict[str, Rulebook] = {}


def protocol(module: str) -> Protocol:
    """The protocol that ``estro_rules.<module>`` defines, imported on first use.

    >>> protocol("r19").key
    'r19'
    """
    loaded = _LOADED.get(module)
    if loaded is None:
        prefix = dict(MODULES)[module]
        loaded = import_module(f"{__package__}.{module}").PROTOCOL
        strays = [k.name for k in loaded.kinds if not k.name.startswith(prefix + ".")]
        if strays:
            raise ValueError(f"the scenario kinds of {module} must be named '{prefix}.…': {strays}")
        _LOADED[module] = loaded
    return loaded


def _load_all() -> None:
    """Import every protocol and index their kinds and rulings (once)."""
    if "PROTOCOLS" in globals():
        return
    protocols = tuple(protocol(module) for module, _ in MODULES)
    kinds = tuple(k for p in protocols for k in p.kinds)
    _index(protocols, kinds)
    globals().update(
        PROTOCOLS=protocols,
        KINDS=kinds,
        COMMANDS=tuple(c for p in protocols for c in p.commands),
        TERMS=tuple(t for p in protocols for t in p.terms),
    )


def __getattr__(name: str) -> object:
    """``PROTOCOLS``, ``KINDS``, ``COMMANDS`` and ``TERMS``: the first to be asked for imports every protocol."""
    if name not in ("PROTOCOLS", "KINDS", "COMMANDS", "TERMS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    _load_all()
    return globals()[name]


def _index(protocols: tuple[Protocol, ...], kinds: tuple[Kind, ...]) -> None:
    names = [k.name for k in kinds]
    if len(set(names)) != len(names):
        raise ValueError(f"a scenario kind is declared twice: {names}")
    for protocol in protocols:
        strays = [t.english for t in protocol.terms if t.protocol != protocol.key]
        if strays:
            raise ValueError(f"the glossary terms of {protocol.key} must say so (protocol={protocol.key!r}): {strays}")
        for ruling in protocol.rulebook:
            other = _BOOKS.setdefault(ruling.id, protocol.rulebook)
            if other is not protocol.rulebook:
                raise ValueError(f"ruling ID {ruling.id!r} is declared by {other.key} and {protocol.rulebook.key}")


def kind(name: str) -> Kind:
    """The scenario kind called ``name`` (a ``KeyError`` if there is none: see :func:`scenarios.kind_of`).

    Only the protocol that the name's prefix points to is imported.
    """
    prefix = name.split(".", 1)[0]
    for module, kinds_prefix in MODULES:
        if kinds_prefix == prefix:
            for found in protocol(module).kinds:
                if found.name == name:
                    return found
    raise KeyError(name)


def term(word: str) -> Term:
    """The glossary term that ``word`` names, in either language or any listed form, among every protocol's."""
    _load_all()
    terms: tuple[Term, ...] = globals()["TERMS"]
    return find(terms, word)


def rulebook_of(ruling_id: str) -> Rulebook:
    """The rulebook that declares ``ruling_id``."""
    _load_all()
    try:
        return _BOOKS[ruling_id]
    except KeyError:
        raise KeyError(f"no rulebook declares ruling {ruling_id!r}") from None
