"""Win probability: many seeded battles, with partial results as they come.

Battle ``i`` of an estimate with seed ``S`` uses the seed ``S * 2**32 + i``
(:func:`~estro_rules.battaglia.engine.battle_seed`), so any single battle of an
estimate can be replayed, with its trace, in the battle viewer: an estimate's
seed is at most 2³¹ − 1, so every battle's seed is a battle seed (at most 2⁶³ − 1).

>>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
>>> sim = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=300, seed=1)
>>> first = sim.advance(100)
>>> first.played, first.complete, sim.done
(100, False, False)
>>> final = sim.advance(1000)
>>> final.played, final.complete, final.left_wins + final.draws + final.right_wins
(300, True, 300)
>>> final == list(estimate(REFERENCE_LEFT, REFERENCE_RIGHT, battles=300, seed=1))[-1]
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..declare import Declared, declared, record
from ..fields import check_int, number_text
from ..i18n import N_, Message, _, current
from ..schema import Int
from .battles import LEFT_HELP, battle_seed
from .engine import Matchup
from .rules import MAX_BATTLES, MAX_ESTIMATE_SEED, Winner
from .teams import Team

#: The normal quantile for a 95% interval.
Z95 = 1.959963984540054


LEFT, RIGHT = Winner.LEFT, Winner.RIGHT


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(rate: float) -> str:
    """A rate as a percentage with one decimal, written as the current language writes it (:mod:`estro_rules.i18n`).

    >>> from estro_rules.i18n import using
    >>> percent(0.4567), percent(1.0)
    ('45.7%', '100.0%')
    >>> with using("it"):
    ...     percent(0.4567)
    '45,7%'
    """
    text = f"{100 * rate:.1f}%"
    return text.replace(".", ",") if current() == "it" else text


@dataclass(frozen=True)
class Rate:
    """One outcome's rate with its 95% Wilson interval."""

    count: int
    """How many battles ended this way."""

    rate: float
    """``count / played``."""

    low: float
    """Lower end of the 95% interval."""

    high: float
    """Upper end of the 95% interval."""

    def to_json(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "rate": round(self.rate, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
        }


@dataclass(frozen=True)
class Estimate:
    """How often each side wins, so far."""

    battles: int
    """How many battles the estimate will run in all."""

    played: int
    """How many have been played so far."""

    seed: int
    """The master seed."""

    left_wins: int
    """Battles the left side won."""

    draws: int
    """Battles drawn (BAT-10: a draw is not a win)."""

    right_wins: int
    """Battles the right side won."""

    stopped: bool = False
    """Whether the estimate was stopped (cancelled) before every battle was played."""

    @property
    def complete(self) -> bool:
        """Whether every battle has been played."""
        return self.played >= self.battles

    def rate(self, outcome: str) -> Rate:
        """The rate of ``"left"``, ``"draw"`` or ``"right"`` with its interval."""
        count = {"left": self.left_wins, "draw": self.draws, "right": self.right_wins}[outcome]
        low, high = wilson(count, self.played)
        return Rate(count, count / self.played if self.played else 0.0, low, high)

    def summary(self) -> str:
        """The rates so far on one short line (for a progress line)."""
        words = {"left": _("left"), "draw": _("draw"), "right": _("right")}
        return "  ".join(f"{words[k]} {percent(self.rate(k).rate)}" for k in ("left", "draw", "right"))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "battaglia.estimate",
            "battles": self.battles,
            "played": self.played,
            "complete": self.complete,
            "seed": self.seed,
            "left_wins": self.left_wins,
            "draws": self.draws,
            "right_wins": self.right_wins,
            "rates": {k: self.rate(k).to_json() for k in ("left", "draw", "right")},
            "confidence": 0.95,
        }


@record("battaglia.estimate")
@dataclass(frozen=True)
class EstimateScenario(Declared):
    """A win-probability estimate over many seeded battles."""

    left: Team = declared(Team.SCHEMA, label=N_("Left team"), help=LEFT_HELP, missing="a value")
    """The left team."""

    right: Team = declared(Team.SCHEMA, label=N_("Right team"), help=N_("The other team"), missing="a value")
    """The right team."""

    battles: int = declared(
        Int(1, MAX_BATTLES),
        label=N_("Number of battles"),
        help=N_("How many battles to play: more battles, narrower intervals"),
    )
    """How many battles."""

    seed: int = declared(
        Int(0, MAX_ESTIMATE_SEED),
        default=0,
        label=N_("Seed"),
        help=Message(
            "The master seed, at most {most}: battle i plays with the seed seed × 2³² + i, so any one can be replayed "
            "as a battle",
            most=number_text(MAX_ESTIMATE_SEED),
        ),
    )
    """The master seed; battle i uses seed * 2**32 + i."""

    def simulation(self) -> Simulation:
        """The estimate as a long run: in slices, with progress, able to stop."""
        return Simulation.of(self)

    def run(self) -> Estimate:
        """Play every battle at once."""
        return self.simulation().advance(self.battles)


class Simulation:
    """A resumable estimate: call :meth:`advance` or :meth:`advance_for` until :attr:`done`.

    The counts only ever grow by whole battles, so whatever stops a run — a cancel between two
    slices, or Ctrl-C in the middle of a battle — the estimate so far adds up: its three counts sum
    to ``played``, and the battle cut short is not counted. ``first`` and ``battles`` choose a range
    of the estimate's battles (``first`` to ``first + battles - 1``), so that several processes can
    share one estimate without playing a battle twice (:mod:`.parallel`).
    """

    unit = N_("battles")
    """What it counts, for a progress line and an interrupted run's report."""

    def __init__(self, left: Team, right: Team, *, battles: int, seed: int = 0, first: int = 0) -> None:
        """``battles`` and ``seed`` are read through the declarations of :class:`EstimateScenario`."""
        battles = EstimateScenario.parse("battles", battles, "battles")
        seed = EstimateScenario.parse("seed", seed, "seed")
        self._start(left, right, battles, seed, check_int(first, "first", minimum=0, maximum=MAX_BATTLES - battles))

    @classmethod
    def of(cls, scenario: EstimateScenario) -> Simulation:
        """The simulation of a scenario already read."""
        made = cls.__new__(cls)
        made._start(scenario.left, scenario.right, scenario.battles, scenario.seed, 0)
        return made

    def _start(self, left: Team, right: Team, battles: int, seed: int, first: int) -> None:
        self.left = left
        self.right = right
        self.battles = battles
        self.seed = seed
        self.first = first
        self._matchup = Matchup(left, right)
        self._rng = random.Random()
        self._counts = [0, 0, 0]  # left wins, draws, right wins
        self._batch = 10  # battles between two looks at the clock in advance_for; adapts to about 10 ms
        self._stopped = False

    @property
    def played(self) -> int:
        """How many battles have been played: always the sum of the counts."""
        return sum(self._counts)

    @property
    def done(self) -> bool:
        """Whether every battle has been played, or the run was stopped."""
        return self._stopped or self.played >= self.battles

    @property
    def estimate(self) -> Estimate:
        """The estimate so far."""
        left, draws, right = self._counts
        return Estimate(
            self.battles, self.played, self.seed, left, draws, right, self._stopped and self.played < self.battles
        )

    def result(self) -> Estimate:
        """The estimate so far (:class:`~estro_rules.protocol.LongRun`)."""
        return self.estimate

    def close(self) -> None:
        """Nothing to let go of: one process plays every battle."""

    def stop(self) -> Estimate:
        """Stop for good (a cancel): no more battles are played, and the estimate says it was stopped.

        >>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
        >>> sim = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=100)
        >>> sim.advance(30).stopped, sim.stop().played, sim.done, sim.stop().stopped
        (False, 30, True, True)
        """
        self._stopped = True
        return self.estimate

    def advance(self, count: int) -> Estimate:
        """Play up to ``count`` more battles and return the estimate so far."""
        start = self.played
        stop = start if self._stopped else min(self.battles, start + max(0, count))
        play = self._matchup.play
        rng = self._rng
        reseed = rng.seed
        counts = self._counts
        master = self.seed
        first = self.first
        for i in range(start, stop):
            reseed(battle_seed(master, first + i))
            winner = play(rng)
            counts[0 if winner is LEFT else 2 if winner is RIGHT else 1] += 1  # after the battle: interrupt-safe
        return self.estimate

    def advance_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> Estimate:
        """Play battles for about ``seconds`` by the clock (not by count), then return the estimate so far.

        Battles are played in batches sized to take about 10 ms, so the clock is read often whatever
        one battle costs (from well under a millisecond to some 25 ms for the largest teams), and a
        caller that asks for a slice of 0.25 s gets one back within about that.
        """
        deadline = clock() + seconds
        while not self.done:
            began = clock()
            self.advance(self._batch)
            now = clock()
            spent = now - began
            self._batch = max(1, min(10_000, int(self._batch * 0.01 / spent))) if spent > 0 else self._batch * 2
            if now >= deadline:
                break
        return self.estimate

    def progress(self) -> tuple[int, int, str]:
        """How far it is (played, battles) and the rates so far, for a progress line."""
        est = self.estimate
        return est.played, est.battles, est.summary()


def estimate(left: Team, right: Team, *, battles: int, seed: int = 0, chunk: int = 0) -> Iterator[Estimate]:
    """Yield the estimate after every ``chunk`` battles (about 50 updates by default), the last one complete."""
    sim = Simulation(left, right, battles=battles, seed=seed)
    step = chunk if chunk > 0 else max(1, battles // 50)
    while not sim.done:
        yield sim.advance(step)
