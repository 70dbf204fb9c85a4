"""What a protocol is: the contract between a protocol package and everything that uses it.

Each protocol package (``estro_rules/<protocol>/``) ends in one :class:`Protocol` object that says
what it offers: its rulebook, its scenario kinds (with their declared fields), the tables and
widgets of its page, and its command-line subcommands. :mod:`estro_rules.registry` lists the
protocols; the scenario runner, the command line, the site generator and the rulings index all
read that list, so adding a protocol is adding a package and one line there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only in annotations: the browser never imports argparse
    import argparse

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO
from typing import Protocol as TypingProtocol

from .fields import Fields, choose
from .rulings import Rulebook
from .schema import Obj

Table = tuple[list[str], list[list[str]]]
"""A table for a page: a header row and the rows, each a list of Markdown cells."""

WRAPPER_FIELDS = ("title", "description", "expect")
"""Fields any scenario may carry beside ``kind`` that the engine does not read: they describe an
example and, in ``expect``, promise its outcome (``run --check`` compares)."""


class Result(TypingProtocol):
    """What running a scenario gives: anything that can be written as JSON."""

    def to_json(self) -> dict[str, Any]: ...


class Scenario(TypingProtocol):
    """A checked scenario, ready to run."""

    def run(self) -> Any: ...


class HtmlView(TypingProtocol):
    """Renders a result as HTML; ``base`` leads from the page to the site root."""

    def __call__(self, result: Any, *, base: str) -> str: ...


@dataclass(frozen=True)
class ScenarioKind:
    """One kind of scenario: its declared fields, and how its result reads."""

    name: str
    """The value of the scenario's ``kind`` field."""

    summary: str
    """One line for the scenario format page and the command line's help."""

    fields: Obj
    """The kind's own fields, declared once; reading them builds the scenario (``fields.build``)."""

    html: HtmlView
    """The result as HTML; called as ``html(result, base=...)``."""

    text: Callable[[Any], str]
    """The result as readable text for the command line."""

    def load(self, data: object) -> Scenario:
        """Check a scenario of this kind (a parsed JSON object) and make it ready to run.

        The wrapper fields (``kind``, ``title``, ``description``, ``expect``) are read here, for every
        kind, and any key that neither the wrapper nor the kind declares is an error.
        """
        f = Fields(data, "")
        f.raw("kind", default=None)
        for name in WRAPPER_FIELDS:
            f.raw(name, default=None)
        values = self.fields.read_fields(f, {})
        f.done()
        scenario: Scenario = self.fields.finish(values, "")
        return scenario


def find_kind(
    kinds: Sequence[ScenarioKind], data: object, *, default: str | None = None, what: str = "scenario kind"
) -> ScenarioKind:
    """The kind among ``kinds`` that a scenario's ``kind`` field names; ``default`` when it leaves it out.

    >>> from estro_rules.protocol07 import KINDS
    >>> find_kind(KINDS, {"kind": "p07.combo"})
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: kind: expected a known scenario kind, got 'p07.combo' (did you mean 'p07.combination'? known: 'p07.combination', 'p07.destruction')
    """
    f = Fields(data, "")
    names = [k.name for k in kinds]
    if default is None:
        given = f.raw("kind", expected="a scenario kind, one of: " + ", ".join(names))
    else:
        given = f.string("kind", default=default)
    name = choose(given, "kind", names, what)
    return next(k for k in kinds if k.name == name)


@dataclass(frozen=True)
class CommandIO:
    """Where a subcommand reads and writes."""

    out: TextIO
    err: TextIO
    stdin: TextIO | None
    """Standard input; None when the command was started with it closed."""


@dataclass(frozen=True)
class Command:
    """A command-line subcommand a protocol adds: ``python -m estro_rules NAME ...``."""

    name: str
    """The subcommand's name (``battle``)."""

    help: str
    """One line for the main command's help."""

    description: str
    """What it does, for its own ``--help``."""

    arguments: Callable[[argparse.ArgumentParser], None]
    """Adds its arguments to its parser."""

    run: Callable[[argparse.Namespace, CommandIO], int]
    """Runs it; returns the exit status. A :class:`~estro_rules.errors.ScenarioError` becomes exit 2."""


@dataclass(frozen=True)
class WidgetSpec:
    """An interactive widget on the protocol's page: a scenario to start from and what to show."""

    name: str
    """Its name, as the page's ```` ```estro-widget NAME ```` fence gives it."""

    title: str
    """Its heading."""

    default: Mapping[str, Any] | str
    """The scenario it starts from — or the path of an example under ``examples/``, whose ``expect`` is
    left out; its result is rendered when the site is built."""

    controls: tuple[str, ...] = ()
    """The kind's fields the form shows, in this order; empty: every field (each is always in the JSON)."""

    examples: str | None = None
    """A glob under ``examples/`` whose scenarios the widget offers in a picker."""

    mode: str = "run"
    """``run`` (one result) or ``simulate`` (many battles, with progress and Cancel)."""

    note: str = ""
    """One line under the title: what to do with it."""

    samples: tuple[tuple[str, str], ...] = ()
    """Sample values the form offers for every object of a declared name, as (object name, source): the
    source is a JSON file under ``examples/`` and a pointer into it, where ``*`` takes every item of a
    list (``("cryptid", "battaglia/roster.json#/cryptids/*")``)."""

    takes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Scenarios of other kinds whose fields it takes, as (kind, fields). Given one (pasted, picked or
    handed over by another widget), it does not run it: it says so, and offers to run its own scenario
    with those fields (a field the given scenario lacks is left out). The win probability takes a
    battle's teams: ``("battaglia.battle", ("title", "left", "right"))``."""

    offer: str = ""
    """The label of the button that runs what it took (``"Estimate these teams"``)."""

    hand_to: str | None = None
    """Another widget on the page that takes this one's scenario (see :attr:`takes`): a button with
    that widget's :attr:`offer` as its label hands the scenario over and runs it there."""


@dataclass(frozen=True)
class Protocol:
    """One protocol: its rulings, its scenario kinds, its page's tables and widgets, its commands."""

    key: str
    """Short name (``"protocol07"``); also the package's name."""

    rulebook: Rulebook
    """Every ruling and interpretation, in page order."""

    kinds: tuple[ScenarioKind, ...]
    """Its scenario kinds."""

    tables: Mapping[str, Callable[[], Table]] = field(default_factory=dict)
    """The page's generated tables, by the name its source uses (``{{ table NAME }}``)."""

    widgets: tuple[WidgetSpec, ...] = ()
    """The page's widgets."""

    commands: tuple[Command, ...] = ()
    """Command-line subcommands beside ``run``."""

    pages: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    """Further generated pages (Markdown by file name), such as a report."""

    @property
    def page(self) -> str:
        """The page's name: its source is ``docs/_sources/<page>.md``, its URL ``<page>/``."""
        return self.rulebook.page.rstrip("/")
