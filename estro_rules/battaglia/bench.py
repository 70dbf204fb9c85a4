"""The Battaglia benchmark: battles per second on the reference matchup.

Only the standard library and the engine, so the same function runs in CPython
and inside Pyodide.

>>> result = battles_per_second(0.05)
>>> sorted(result)
['battles', 'battles_per_second', 'seconds', 'trace_battles', 'trace_battles_per_second', 'trace_seconds']
"""

from __future__ import annotations

import time

from .battles import battle, battle_seed
from .engine import Matchup
from .rules import MAX_BATTLES
from .samples import REFERENCE_LEFT, REFERENCE_RIGHT
from .simulate import Simulation


def battles_per_second(seconds: float = 2.0) -> dict[str, float]:
    """Run the reference matchup for about ``seconds`` without a trace (as the estimate
    does), then as long one battle at a time with a full trace.

    Returns the battles played, the time taken and the rate, for each mode.
    """
    m = Matchup(REFERENCE_LEFT, REFERENCE_RIGHT)
    clock = time.perf_counter
    # Without trace: the path the win-probability estimate takes.
    simulation = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=MAX_BATTLES, seed=0)
    start = clock()
    deadline = start + seconds
    while True:
        played = simulation.advance(500).played
        now = clock()
        if now >= deadline or simulation.done:
            break
    elapsed = now - start
    traced = 0
    start = clock()
    deadline = start + seconds
    while True:
        battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=battle_seed(0, traced), trace=True, matchup=m)
        traced += 1
        now = clock()
        if now >= deadline:
            break
    trace_elapsed = now - start
    return {
        "battles": float(played),
        "seconds": elapsed,
        "battles_per_second": played / elapsed,
        "trace_battles": float(traced),
        "trace_seconds": trace_elapsed,
        "trace_battles_per_second": traced / trace_elapsed,
    }
