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

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TextIO, TypeVar
from typing import Protocol as TypingProtocol

from . import i18n
from .declare import Declared
from .fields import Fields, choose
from .glossary import Term
from .rulings import Rulebook
from .schema import Obj
from .sources import SourceDocument
from .tables import Table

WRAPPER_FIELDS = ("title", "description", "expect")
"""Fields any scenario may carry beside ``kind`` that the engine does not read: they describe an
example and, in ``expect``, promise its outcome (``run --check`` compares)."""


class Result(TypingProtocol):
    """What running a scenario gives: anything that can be written as JSON."""

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=Declared)
R = TypeVar("R", bound=Result)
R_co = TypeVar("R_co", covariant=True)
R_contra = TypeVar("R_contra", contravariant=True)


class HtmlView(TypingProtocol[R_contra]):
    """Renders a result as HTML; ``base`` leads from the page to the site root."""

    def __call__(self, result: R_contra, *, base: str) -> str: ...


class LongRun(TypingProtocol[R_co]):
    """A scenario that runs for long (a Battaglia estimate): in slices, with progress, and able to stop.

    A kind that has long runs says so (:attr:`ScenarioKind.long_run`); the command line draws its progress
    line from it and the widgets run it in slices, with Cancel.
    """

    @property
    def unit(self) -> str:
        """What it counts (``"battles"``), for a progress line and an interrupted run's report."""
        ...

    @property
    def done(self) -> bool:
        """Whether it has finished, or was stopped."""
        ...

    def advance_for(self, seconds: float, clock: Callable[[], float] = ...) -> object:
        """Work for about ``seconds`` by ``clock``."""
        ...

    def progress(self) -> tuple[int, int, str]:
        """Steps done, steps in all, and a short summary of the result so far."""
        ...

    def result(self) -> R_co:
        """The result so far (the whole result once :attr:`done`)."""
        ...

    def stop(self) -> object:
        """Stop for good: the result so far is the result."""
        ...

    def close(self) -> None:
        """Let go of whatever it holds (processes); called once it is over, finished or not."""
        ...


class Outcome(TypingProtocol):
    """A result with the views of its kind: what the command line and the widgets show."""

    @property
    def result(self) -> Result:
        """The result itself."""
        ...

    @property
    def panels(self) -> int:
        """How many panels its stepper shows (the start, then one per step); 0 without a stepper."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def html(self, *, base: str) -> str: ...

    def text(self) -> str: ...

    @property
    def language(self) -> str:
        """The language its views speak now: the current one if its kind speaks it, else English."""
        ...


class Loaded(TypingProtocol):
    """A checked scenario of some kind, ready to run: what the command line and the widgets hold."""

    @property
    def kind(self) -> Kind: ...

    @property
    def scenario(self) -> Declared: ...

    def run(self) -> Outcome:
        """Run it to its end at once."""
        ...

    def long_run(self) -> LongRun[Outcome] | None:
        """Its long run, for a kind that has them; ``None`` for a kind whose scenarios run at once."""
        ...


class Kind(TypingProtocol):
    """A scenario kind as the registry lists it, whatever its scenarios and results are."""

    @property
    def name(self) -> str: ...

    @property
    def summary(self) -> str: ...

    @property
    def fields(self) -> Obj: ...

    @property
    def languages(self) -> tuple[str, ...]: ...

    def load(self, data: object) -> Loaded: ...


def _no_panels(scenario: object, result: object) -> int:
    return 0


@dataclass(frozen=True)
class ScenarioKind(Generic[S, R]):
    """One kind of scenario: the declared class its scenarios are, how one runs, and how its result reads."""

    name: str
    """The value of the scenario's ``kind`` field."""

    summary: str
    """One line for the scenario format page and the command line's help."""

    scenario: type[S]
    """The class of its scenarios: its fields are declared there (:mod:`estro_rules.declare`)."""

    run: Callable[[S], R]
    """Runs a scenario to its end."""

    html: HtmlView[R]
    """The result as HTML; called as ``html(result, base=...)``."""

    text: Callable[[R], str]
    """The result as readable text for the command line."""

    long_run: Callable[[S], LongRun[R]] | None = None
    """A scenario's long run, for a kind whose scenarios can take long (an estimate); ``None`` otherwise."""

    panels: Callable[[S, R], int] = _no_panels
    """How many panels the stepper of ``html`` shows for a result: the start, then one per step (the example
    runner holds the views to it); 0 for a kind without a stepper."""

    languages: tuple[str, ...] = ("en",)
    """The languages its views and its fields' labels speak (:mod:`estro_rules.i18n`): every message they
    show is in the catalogue of each."""

    @property
    def fields(self) -> Obj:
        """The kind's own fields, declared once on :attr:`scenario`."""
        return self.scenario.SCHEMA

    def read(self, data: object) -> S:
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
        scenario: S = self.fields.finish(values, "")
        return scenario

    def load(self, data: object) -> Loaded:
        """:meth:`read`, held with its kind."""
        return _Loaded(self, self.read(data))

    def show(self, scenario: S, result: R) -> Shown[R]:
        """A result of ``scenario`` with this kind's views."""
        return Shown(result, self.html, self.text, self.panels(scenario, result), self.languages)


@dataclass(frozen=True)
class Shown(Generic[R]):
    """A result and the views of its kind (an :class:`Outcome`)."""

    result: R
    views: HtmlView[R]
    words: Callable[[R], str]
    panels: int
    languages: tuple[str, ...] = ("en",)

    @property
    def language(self) -> str:
        return i18n.spoken(self.languages)

    def to_json(self) -> dict[str, Any]:
        return self.result.to_json()

    def html(self, *, base: str) -> str:
        return self.views(self.result, base=base)

    def text(self) -> str:
        return self.words(self.result)


@dataclass(frozen=True)
class _Loaded(Generic[S, R]):
    kind: ScenarioKind[S, R]
    scenario: S

    def run(self) -> Shown[R]:
        return self.kind.show(self.scenario, self.kind.run(self.scenario))

    def long_run(self) -> LongRun[Shown[R]] | None:
        if self.kind.long_run is None:
            return None
        return _ShownRun(self.kind, self.scenario, self.kind.long_run(self.scenario))


@dataclass(frozen=True)
class _ShownRun(Generic[S, R]):
    """A kind's long run whose results come with the kind's views."""

    kind: ScenarioKind[S, R]
    scenario: S
    inner: LongRun[R]

    @property
    def unit(self) -> str:
        return self.inner.unit

    @property
    def done(self) -> bool:
        return self.inner.done

    def advance_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> object:
        return self.inner.advance_for(seconds, clock)

    def progress(self) -> tuple[int, int, str]:
        return self.inner.progress()

    def result(self) -> Shown[R]:
        return self.kind.show(self.scenario, self.inner.result())

    def stop(self) -> object:
        return self.inner.stop()

    def close(self) -> None:
        self.inner.close()


def find_kind(kinds: Sequence[Kind], data: object, *, default: str | None = None, what: str = "scenario kind") -> Kind:
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
class Page:
    """A further page a protocol's package makes (a report), generated when the site is built."""

    title: str
    """Its title in the site's navigation."""

    make: Callable[[], str]
    """Its Markdown, in the current language (:func:`~estro_rules.i18n.using`): the site makes it once in each
    of its languages (the Italian one at ``it/NAME``)."""

    italian: str = ""
    """Its title in the Italian pages' navigation (the site's build wants one for every such page)."""


@dataclass(frozen=True)
class Protocol:
    """Everything a protocol is: its rulings and where they come from, its scenario kinds, its page's tables and
    widgets, its glossary terms, its further pages and commands, and what its examples cannot show."""

    key: str
    """Short name (``"protocol07"``); also the package's name."""

    rulebook: Rulebook
    """Every ruling and interpretation, in page order."""

    kinds: tuple[Kind, ...]
    """Its scenario kinds."""

    tables: Mapping[str, Callable[[], Table]] = field(default_factory=dict)
    """The page's generated tables, by the name its source uses (``{{ table NAME }}``)."""

    widgets: tuple[WidgetSpec, ...] = ()
    """The page's widgets."""

    commands: tuple[Command, ...] = ()
    """Command-line subcommands beside ``run``."""

    pages: Mapping[str, Page] = field(default_factory=dict)
    """Further generated pages (by file name), such as a report."""

    summary: str = ""
    """What its rules cover, in one line, for the home page."""

    question: str = ""
    """The question a player brings to its page, for the home page (``"Who wins this battle, and why?"``)."""

    source: SourceDocument | None = None
    """Its source document: how to read it, and where each ruling comes from."""

    terms: tuple[Term, ...] = ()
    """Its glossary terms, in the order the glossary lists them."""

    uncited: Mapping[str, str] = field(default_factory=dict)
    """The rulings that no example scenario can cite, each with why (a ruling about card design, an error)."""

    data_files: Mapping[str, str] = field(default_factory=dict)
    """The files of its examples that are not scenarios (under ``examples/``), each with what reads them."""

    @property
    def page(self) -> str:
        """The page's name: its source is ``docs/_sources/<page>.md``, its URL ``<page>/``."""
        return self.rulebook.page.rstrip("/")
