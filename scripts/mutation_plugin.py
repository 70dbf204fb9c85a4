"""pytest plugin for the mutation run (scripts/mutation.sh loads it with ``-p``; never used otherwise).

mutmut runs, for each mutant, only the tests that reached the mutated function, given to pytest
as node IDs, fastest first. The plugin:

- A docs example (```pycon block, run by sybil) shares one namespace with the examples before it
  on its page: ``face_label(...)`` needs the earlier ``from estro_rules.r19 import face_label``.
  So when any example of a page is selected, every example of that page up to the last selected
  one runs, in page order.
- ``--doctest-modules`` would also find each docstring example once per mutated copy of its
  function (``x_f__mutmut_1``, ...): the copies are skipped, the original's example stays (and
  collecting a mutated module stays quick).
- Hypothesis property tests are left out: each draws many inputs through every layer, reaches
  nearly every function and takes seconds, and every mutant that survives would run them all.
  The run measures what the example tests, the doctests and the docs examples catch.
- A mutant the equivalents file lists (tests/mutation/equivalent.toml) is not run: no test can
  catch it, and like any mutant no test catches it would run every test that reaches it. mutmut
  records it as "skipped"; the report counts it as equivalent. ``MUTATION_RUN_EQUIVALENTS=1`` runs
  them as well, and the report then names every entry a test catches.
- A mutant's tests run in stages (``STAGES``): pytest collects only the tests it runs, and most
  mutants fail one of their first few tests, so collecting hundreds of them first (half a second
  for a function that every test reaches) would be wasted. The first stage is the pytest run
  mutmut starts for the mutant; each later one, a run of its own, follows only if it passed.
- The tests that caught a mutant of a function run first for that function's next mutants
  (``KILLERS``): mutants of one function are mostly caught by the same test, which need not be
  among its fastest four.
- Each test of a mutant gets a time limit of its own, mutmut's formula applied to that test
  (``timeout_multiplier`` x (its time in the stats run + ``timeout_constant``)): a mutant that
  loops for ever is a timeout within seconds of the test that loops, where mutmut's own limit is
  that formula over every test of the mutant (minutes for a function most tests reach).
"""

from __future__ import annotations

import doctest
import os
import signal
from collections.abc import Generator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import is_hypothesis_test
from sybil.integration.pytest import SybilFile, SybilItem

STAGES = (4, 32)
"""How many of a mutant's tests (fastest first) the first stages run; the last stage runs the rest."""

SKIPPED = 34
"""mutmut's exit status for a mutant it skipped."""

TIMEOUT = 36
"""mutmut's exit status for a mutant that timed out."""

DURATIONS: Mapping[str, float] | None = None
"""Each test's time in mutmut's stats run, by node ID; read from mutmut's state (which the mutant's process
inherits) on first use."""

FORMULA: tuple[float, float] | None = None
"""mutmut's ``timeout_multiplier`` and ``timeout_constant`` (pyproject.toml), read on first use."""

KILLERS = Path(".killers")
"""Per mutated function, one file (named after it) of the tests that caught one of its mutants, a line each,
written while the run goes (in mutants/, which scripts/mutation.sh empties of all but the mutated package)."""

_in_stage = False
"""True while a stage runs: the stage's own pytest run is not split again."""


def _mutant() -> str | None:
    """The mutant this process tests (mutmut's ``MUTANT_UNDER_TEST``); ``None`` in the stats and clean runs."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    return mutant if "__mutmut_" in mutant else None


_find_doctests = doctest.DocTestFinder._find  # type: ignore[attr-defined]


def _find_doctests_of_originals(self: doctest.DocTestFinder, tests: Any, obj: Any, name: str, *rest: Any) -> None:
    if "__mutmut_" not in name:
        _find_doctests(self, tests, obj, name, *rest)


doctest.DocTestFinder._find = _find_doctests_of_originals  # type: ignore[attr-defined]


def with_earlier_examples(items: list[pytest.Item]) -> list[pytest.Item]:
    """Replace the selected examples of each page by all of that page's examples up to the last one selected."""
    last_line: dict[SybilFile, int] = {}
    for item in items:
        if isinstance(item, SybilItem):
            page = item.parent
            assert isinstance(page, SybilFile)
            last_line[page] = max(last_line.get(page, 0), item.example.line)
    result: list[pytest.Item] = []
    for item in items:
        if not isinstance(item, SybilItem):
            result.append(item)
        elif item.parent in last_line:
            # Collect the page again: the fresh examples share one namespace, in page order.
            page = item.parent
            assert isinstance(page, SybilFile)
            last = last_line.pop(page)
            fresh = page.collect()  # type: ignore[no-untyped-call]
            result += [e for e in fresh if isinstance(e, SybilItem) and e.example.line <= last]
    return result


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the property tests; run the docs examples with the examples they build on.

    Otherwise the tests keep mutmut's order: fastest first.
    """
    properties = [item for item in items if is_hypothesis_test(getattr(item, "obj", None))]
    if properties:
        config.hook.pytest_deselected(items=properties)
    items[:] = with_earlier_examples([item for item in items if item not in properties])


def listed_equivalents() -> frozenset[str]:
    """The mutants the equivalents file lists, read once in mutmut's main process (before it forks).

    mutmut imports this plugin with the working directory in mutants/, after making the mutants.
    Anywhere else, and with ``MUTATION_RUN_EQUIVALENTS`` set, there are none.
    """
    here = Path.cwd()
    if os.environ.get("MUTATION_RUN_EQUIVALENTS") or here.name != "mutants" or not (here / "estro_rules").is_dir():
        return frozenset()
    from scripts.mutation_report import listed_mutants, load_equivalents

    os.chdir(here.parent)
    try:
        return frozenset(listed_mutants(load_equivalents()))
    finally:
        os.chdir(here)


EQUIVALENTS = listed_equivalents()


def _killers_file(mutant: str) -> Path:
    """The file of the tests that caught mutants of this mutant's function (``..._f__mutmut_7`` -> ``..._f``)."""
    return KILLERS / mutant.rsplit("__mutmut_", 1)[0]


def killers_first(tests: list[str], mutant: str) -> list[str]:
    """``tests`` (mutmut's order: fastest first) with those that caught an earlier mutant of the same function
    first, in the same order among themselves."""
    try:
        known = set(_killers_file(mutant).read_text(encoding="utf-8").splitlines())
    except FileNotFoundError:
        return tests
    return [t for t in tests if t in known] + [t for t in tests if t not in known]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note a test that caught a mutant, for the next mutants of its function."""
    mutant = _mutant()
    if report.failed and mutant is not None:
        KILLERS.mkdir(exist_ok=True)
        with _killers_file(mutant).open("a", encoding="utf-8") as file:  # appends of a line do not interleave
            file.write(report.nodeid + "\n")


def stages(tests: list[str]) -> list[list[str]]:
    """A mutant's tests cut into the stages of ``STAGES``, the last holding the rest; none empty."""
    cuts, start = [], 0
    for size in STAGES:
        cuts.append(tests[start : start + size])
        start += size
    return [stage for stage in [*cuts, tests[start:]] if stage]


_later: list[list[str]] = []
"""The stages of this mutant still to run once the first, run by mutmut's own pytest run, has passed."""

_options: list[str] = []
"""mutmut's options for pytest, without the tests: the later stages run with them."""

_PASSED = (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)


def pytest_cmdline_main(config: pytest.Config) -> int | None:
    """Skip a listed equivalent; otherwise run only a mutant's first stage in this run (the later ones follow
    it, see :func:`pytest_sessionfinish`).

    Only a mutant's run is split: the stats and clean runs need mutmut's own plugins in the one run.
    """
    mutant = _mutant()
    if _in_stage or mutant is None:
        return None
    if mutant in EQUIVALENTS:
        return SKIPPED
    tests = killers_first(list(config.args), mutant)
    given = set(tests)
    _options[:] = [arg for arg in config.invocation_params.args if arg not in given]
    first, *_later[:] = stages(tests) or [[]]
    config.args[:] = first
    return None


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After a mutant's first stage has passed, run the later stages, each a pytest run of its own in this
    process (mutmut's child for the mutant), stopping at the first that fails: its status is this run's."""
    global _in_stage
    if _in_stage or not _later:
        return
    later = list(_later)
    _later.clear()
    if exitstatus not in _PASSED:
        return
    for stage in later:
        _in_stage = True
        try:
            code = pytest.main([*_options, *stage])
        finally:
            _in_stage = False
        if code not in _PASSED:
            session.exitstatus = code
            return
    session.exitstatus = pytest.ExitCode.OK


def _time_limit(nodeid: str) -> float | None:
    """Seconds a mutant's test may take: mutmut's timeout formula for that one test; ``None`` for a test
    the stats run did not time (mutmut's limit for the whole mutant still holds)."""
    global DURATIONS, FORMULA
    if DURATIONS is None:
        from mutmut.state import state

        DURATIONS = dict(state().duration_by_test)
    if nodeid not in DURATIONS:
        return None
    if FORMULA is None:
        from mutmut.configuration import config

        FORMULA = (config().timeout_multiplier, config().timeout_constant)
    multiplier, constant = FORMULA
    return multiplier * (DURATIONS[nodeid] + constant)


def _timed_out(signum: int, frame: object) -> None:
    os._exit(TIMEOUT)  # the mutant's process ends at once: mutmut records a timeout


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Run a mutant's test under its own time limit (see :func:`_time_limit`)."""
    limit = _time_limit(item.nodeid) if _mutant() is not None else None
    if limit is None:
        return (yield)
    previous = signal.signal(signal.SIGALRM, _timed_out)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
