"""An estimate shared by several processes: ``battle --simulate N --jobs K``.

Battle ``i`` of an estimate always plays with the seed ``seed * 2**32 + i``, so the battles can be
split into disjoint ranges, one per process, and their counts added: the estimate is the same,
count for count, as one process gives. Each process reports its counts after every slice of
about a fifth of a second; a report holds whole battles only, so the estimate so far always adds
up, even after Ctrl-C.

For the command line only: it starts processes, which a browser cannot.

The processes die with their parent. Ctrl-C (SIGINT) and SIGTERM stop the parent's loop, which
stops every process before it exits (SIGTERM then ends it with status 143, as the signal would);
a parent killed outright (SIGKILL) takes them with it too: on Linux the kernel sends each process
SIGKILL when its parent dies (``PR_SET_PDEATHSIG``), and everywhere each process checks between
two slices that its parent is still the one that started it.

>>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
>>> shared = ParallelSimulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=300, seed=1, jobs=2)
>>> while not shared.done:
...     _ = shared.advance_for(0.5)
>>> alone = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=300, seed=1)
>>> shared.estimate == alone.advance(300)
True
"""

from __future__ import annotations

import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # multiprocessing is imported where a process starts: the browser never needs it
    import multiprocessing
    from multiprocessing.process import BaseProcess

from ..i18n import N_
from ..schema import Field, Int
from .simulate import Estimate, EstimateScenario, Simulation
from .teams import Team

#: How many processes may share one estimate.
MAX_JOBS = 64

JOBS = Field(
    "jobs", Int(1, MAX_JOBS), default=1, label=N_("Processes"), help=N_("How many processes share the estimate")
)
"""How many processes an estimate is played in: ``battle --jobs K`` is read through it."""

Report = tuple[int, tuple[int, int, int]]
"""What a process reports: its index, and its counts so far (left wins, draws, right wins)."""

SignalHandler = Callable[[int, FrameType | None], object] | int | None
"""A signal's handler as :func:`signal.signal` takes and gives it back (a function, or a default's number)."""

#: Seconds of battles a process plays between two reports.
REPORT_EVERY = 0.2


def split(battles: int, jobs: int) -> list[tuple[int, int]]:
    """Disjoint ranges ``(first, count)`` that cover battles ``0`` to ``battles - 1``, as even as can be.

    >>> split(10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    size, extra = divmod(battles, jobs)
    ranges, first = [], 0
    for j in range(jobs):
        count = size + (1 if j < extra else 0)
        if count:
            ranges.append((first, count))
        first += count
    return ranges


#: Linux's prctl option that has the kernel send a signal to a process when its parent dies.
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent dies (Linux; elsewhere the slices check)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # no prctl to be had: the check between slices still stops it


def _play_range(
    left: Team,
    right: Team,
    seed: int,
    first: int,
    count: int,
    index: int,
    reports: multiprocessing.Queue[Report],
    parent: int | None = None,
) -> None:
    """Play battles ``first`` to ``first + count - 1`` and report the counts after every slice; as a
    process of ``parent`` (its process ID), stop when that parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops everyone
    if parent is not None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: SIGTERM here ends this process
        _die_with_parent()
    sim = Simulation(left, right, battles=count, seed=seed, first=first)
    while not sim.done:
        if parent is not None and os.getppid() != parent:  # the parent died (before the kernel was asked, or
            return  # where it cannot be)
        est = sim.advance_for(REPORT_EVERY)
        reports.put((index, (est.left_wins, est.draws, est.right_wins)))


class ParallelSimulation:
    """A :class:`~.simulate.Simulation` played by ``jobs`` processes, with the same results."""

    unit = N_("battles")
    """What it counts, for a progress line and an interrupted run's report."""

    def __init__(self, left: Team, right: Team, *, battles: int, seed: int = 0, jobs: int = 2) -> None:
        """``battles`` and ``seed`` are read as an estimate's (:class:`~.simulate.EstimateScenario`), ``jobs``
        as the command line's ``--jobs`` (:data:`JOBS`): the same checks, the same messages."""
        battles = EstimateScenario.parse("battles", battles, "battles")
        seed = EstimateScenario.parse("seed", seed, "seed")
        self._start(left, right, battles, seed, JOBS.type.read(jobs, "--jobs"))

    @classmethod
    def of(cls, scenario: EstimateScenario, jobs: int) -> ParallelSimulation:
        """The estimate of a scenario already read, in ``jobs`` processes (read through :data:`JOBS`)."""
        made = cls.__new__(cls)
        made._start(scenario.left, scenario.right, scenario.battles, scenario.seed, jobs)
        return made

    def _start(self, left: Team, right: Team, battles: int, seed: int, jobs: int) -> None:
        self.battles = battles
        self.seed = seed
        self._stopped = False
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._reports: multiprocessing.Queue[Report] = context.Queue()
        ranges = split(battles, jobs)
        self._counts: list[tuple[int, int, int]] = [(0, 0, 0)] * len(ranges)
        parent = os.getpid()
        self._processes: list[BaseProcess] = [
            context.Process(
                target=_play_range, args=(left, right, seed, first, count, i, self._reports, parent), daemon=True
            )
            for i, (first, count) in enumerate(ranges)
        ]
        self._previous_sigterm = self._stop_on_sigterm()
        for process in self._processes:
            process.start()

    def _stop_on_sigterm(self) -> SignalHandler:
        """While the processes run, SIGTERM raises ``SystemExit(143)`` in the parent, so that the loop
        that waits for reports ends through :meth:`close` (Python's default would end the parent alone)."""
        if threading.current_thread() is not threading.main_thread():
            return None  # only the main thread may set a handler; the processes' own check still holds

        def terminated(signum: int, frame: FrameType | None) -> None:
            raise SystemExit(128 + signum)

        return signal.signal(signal.SIGTERM, terminated)

    @property
    def estimate(self) -> Estimate:
        """The estimate from every process's last report."""
        left, draws, right = (sum(c[k] for c in self._counts) for k in range(3))
        return Estimate(self.battles, left + draws + right, self.seed, left, draws, right)

    @property
    def done(self) -> bool:
        return self._stopped or self.estimate.played >= self.battles

    def advance_for(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> Estimate:
        """Take in the processes' reports for about ``seconds``; the estimate so far."""
        deadline = clock() + seconds
        while not self.done:
            left = deadline - clock()
            if left <= 0:
                break
            try:
                report = self._reports.get(timeout=left)
            except queue.Empty:
                if not any(p.is_alive() for p in self._processes):
                    raise RuntimeError("the processes of the estimate stopped before it was complete") from None
                continue
            index, counts = report
            self._counts[index] = counts
        if self.done:
            self.close()
        return self.estimate

    def progress(self) -> tuple[int, int, str]:
        est = self.estimate
        return est.played, est.battles, est.summary()

    def result(self) -> Estimate:
        """The estimate so far (:class:`~estro_rules.protocol.LongRun`)."""
        return self.estimate

    def stop(self) -> Estimate:
        """Stop for good: the processes end, and the estimate is what they reported."""
        self._stopped = True
        self.close()
        return self.estimate

    def close(self) -> None:
        """Stop every process (at the end, or when the run is interrupted) and give SIGTERM back."""
        for process in self._processes:
            if process.is_alive():
                process.terminate()
        for process in self._processes:
            process.join(timeout=5)
        if self._previous_sigterm is not None:
            signal.signal(signal.SIGTERM, self._previous_sigterm)
            self._previous_sigterm = None
