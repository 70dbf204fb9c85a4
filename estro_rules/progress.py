"""Long runs on the command line: a progress line at least every second, and an honest stop.

A long run (a Battaglia estimate) advances by the clock, a slice at a time, and after each slice
the line on standard error is redrawn: so it moves at least every second whatever one step costs.
Ctrl-C stops it between two battles at worst; what was played so far is what the run reports.

>>> import io
>>> class Count:
...     unit = "counts"
...     def __init__(self): self.n = 0
...     done = property(lambda self: self.n >= 3)
...     def advance_for(self, seconds): self.n += 1
...     def progress(self): return self.n, 3, f"{self.n} counted"
...     def close(self): pass
>>> err = io.StringIO()
>>> run_with_progress(Count(), err, width=6)
>>> err.getvalue().split("\\r")[-1]
'[######] 3/3  3 counted\\n'
"""

from __future__ import annotations

from typing import Protocol, TextIO

#: Seconds between two redraws of the progress line (well under the promised second).
EVERY = 0.25


class LongRun(Protocol):
    """What :func:`run_with_progress` needs of a run (a :class:`estro_rules.protocol.LongRun` has it)."""

    @property
    def unit(self) -> str:
        """What it counts (``"battles"``)."""
        ...

    @property
    def done(self) -> bool: ...

    def advance_for(self, seconds: float) -> object: ...

    def progress(self) -> tuple[int, int, str]:
        """Steps done, steps in all, and a short summary of the result so far."""
        ...

    def close(self) -> None:
        """Let go of what it holds, once it is over."""
        ...


def run_with_progress(run: LongRun, err: TextIO, *, every: float = EVERY, width: int = 30) -> None:
    """Advance ``run`` slice by slice until it is done, redrawing a progress line on ``err`` after each."""
    while not run.done:
        run.advance_for(every)
        done, total, summary = run.progress()
        filled = width * done // total if total else width
        err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}  {summary}")
        err.flush()
    err.write("\n")


#: The exit status after Ctrl-C, as for any program stopped by SIGINT.
EXIT_INTERRUPTED = 130


def run_until_done(run: LongRun, err: TextIO) -> int:
    """:func:`run_with_progress`, ended early by Ctrl-C: then a line says how much of the run the result
    covers, and the exit status is 130 (0 when the run completed). The run is closed either way."""
    try:
        run_with_progress(run, err)
        return 0
    except KeyboardInterrupt:
        done, total, _ = run.progress()
        err.write(f"\ninterrupted: the result below covers {done} of {total} {run.unit}\n")
        return EXIT_INTERRUPTED
    finally:
        run.close()
