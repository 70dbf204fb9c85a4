"""The Battaglia benchmark: what it plays, and how it measures it.

The clock is a fake that moves one second each time it is read, and the battles are recorded
instead of played, so the counts and times are exact: the docstring of
``battles_per_second`` is the specification (run the reference matchup for about ``seconds``
without a trace, as the estimate does, then as long one battle at a time with a full trace;
return the battles played, the time taken and the rate for each mode).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pytest

from estro_rules.battaglia import bench
from estro_rules.battaglia.battles import battle_seed
from estro_rules.battaglia.engine import Matchup
from estro_rules.battaglia.rules import MAX_BATTLES
from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT


@dataclass
class Recorded:
    """What the benchmark asked for: the estimates it made and the traced battles it played."""

    simulations: list[dict[str, Any]] = field(default_factory=list)
    advances: list[int] = field(default_factory=list)
    battles: list[dict[str, Any]] = field(default_factory=list)


class Played:
    """What ``Simulation.advance`` returns: here only the count of battles played matters."""

    def __init__(self, played: int) -> None:
        self.played = played


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Recorded:
    """A clock reading 100, 101, 102... seconds, and a Simulation and a battle that only record."""
    record = Recorded()
    ticks = itertools.count(100)
    monkeypatch.setattr(bench.time, "perf_counter", lambda: float(next(ticks)))

    class FakeSimulation:
        def __init__(self, left: object, right: object, **options: Any) -> None:
            record.simulations.append({"left": left, "right": right, **options})
            self.battles = options["battles"]
            self.played = 0

        @property
        def done(self) -> bool:
            return self.played >= self.battles

        def advance(self, count: int) -> Played:
            record.advances.append(count)
            self.played = min(self.battles, self.played + count)
            return Played(self.played)

    def fake_battle(left: object, right: object, **options: Any) -> None:
        record.battles.append({"left": left, "right": right, **options})

    monkeypatch.setattr(bench, "Simulation", FakeSimulation)
    monkeypatch.setattr(bench, "battle", fake_battle)
    return record


def test_default_run_is_two_seconds_for_each_mode(recorded: Recorded) -> None:
    # Clock: 100 start, 101 and 102 after two slices of 500 (102 >= deadline 102: stop); 103
    # start, 104 and 105 after two traced battles (105 >= deadline 105: stop).
    assert bench.battles_per_second() == {
        "battles": 1000.0,
        "seconds": 2.0,
        "battles_per_second": 500.0,
        "trace_battles": 2.0,
        "trace_seconds": 2.0,
        "trace_battles_per_second": 1.0,
    }
    assert recorded.advances == [500, 500]


def test_each_mode_stops_at_the_first_reading_past_its_time(recorded: Recorded) -> None:
    # seconds=3: the untraced run starts at 100 and reads 101, 102, 103 (stops at 103, the
    # deadline itself); the traced run starts at 104 and reads 105, 106, 107.
    assert bench.battles_per_second(3.0) == {
        "battles": 1500.0,
        "seconds": 3.0,
        "battles_per_second": 500.0,
        "trace_battles": 3.0,
        "trace_seconds": 3.0,
        "trace_battles_per_second": 1.0,
    }


def test_a_reading_just_short_of_the_deadline_goes_on(recorded: Recorded) -> None:
    # seconds=1.5: 101 < 101.5 goes on, 102 stops; the traced run starts at 103, 104 < 104.5
    # goes on, 105 stops.
    result = bench.battles_per_second(1.5)
    assert (result["battles"], result["seconds"]) == (1000.0, 2.0)
    assert (result["trace_battles"], result["trace_seconds"]) == (2.0, 2.0)


def test_the_untraced_run_is_the_reference_estimate_with_seed_0(recorded: Recorded) -> None:
    bench.battles_per_second(1.0)
    assert recorded.simulations == [
        {"left": REFERENCE_LEFT, "right": REFERENCE_RIGHT, "battles": MAX_BATTLES, "seed": 0}
    ]


def test_the_untraced_run_stops_when_the_estimate_is_done(recorded: Recorded) -> None:
    # A long time: the run ends with the estimate's last battle, MAX_BATTLES in all.
    result = bench.battles_per_second(10_000.0)
    assert result["battles"] == float(MAX_BATTLES)
    assert recorded.advances == [500] * (MAX_BATTLES // 500)


def test_the_traced_battles_are_the_estimates_first_battles_with_a_full_trace(
    recorded: Recorded,
) -> None:
    bench.battles_per_second(3.0)
    matchups = [call.pop("matchup") for call in recorded.battles]
    # Battle i of the estimate with seed 0 has the seed battle_seed(0, i).
    assert recorded.battles == [
        {"left": REFERENCE_LEFT, "right": REFERENCE_RIGHT, "seed": battle_seed(0, i), "trace": True} for i in range(3)
    ]
    # One matchup, compiled once from the reference teams, for every traced battle.
    first = matchups[0]
    assert isinstance(first, Matchup)
    assert (first.left, first.right) == (REFERENCE_LEFT, REFERENCE_RIGHT)
    assert all(m is first for m in matchups)
