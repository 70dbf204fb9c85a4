"""The entry point the browser widgets call inside Pyodide.

The Web Worker passes scenario text in and gets JSON text back, so nothing
but strings crosses between JavaScript and Python. A scenario error comes back
as the same message the command line prints; any other failure comes back as
a short message, never as a traceback on the page.

>>> import json
>>> reply = json.loads(handle('{"kind": "p07.combination", "modes": ["Single Player"]}', base="../"))
>>> reply["ok"], reply["result"]["allowed"]
(True, True)
>>> json.loads(handle('{"kind": "p07.combination", "modes": ["Nope"]}'))["error"][:43]
"modes[0]: expected a known mode, got 'Nope'"
"""

from __future__ import annotations

import json
import time
import traceback
from typing import Any

from . import scenarios
from .errors import EstroError, ScenarioError


def respond(data: object, *, base: str = "") -> dict[str, Any]:
    """Run one parsed scenario and describe the outcome for a widget."""
    try:
        loaded = scenarios.load(data)
        result = loaded.run()
        return {"ok": True, "result": result.to_json(), "html": loaded.kind.html(result, base=base)}
    except EstroError as err:
        return {"ok": False, "error": str(err)}
    except RecursionError:
        return {"ok": False, "error": "internal error: the scenario is nested too deeply"}
    except Exception as err:  # the page must get a message, never a traceback
        traceback.print_exc()
        return {"ok": False, "error": f"internal error: {type(err).__name__}: {err}"}


def handle(text: str, base: str = "") -> str:
    """Run scenario text and answer with JSON text (``ok``, ``result``, ``html`` or ``error``)."""
    try:
        data = scenarios.parse(text)
    except EstroError as err:
        return json.dumps({"ok": False, "error": str(err)})
    return json.dumps(respond(data, base=base))


class WebSimulation:
    """Many battles run in time slices, so the worker can report progress and hear "cancel".

    The worker calls :meth:`first`, then :meth:`advance` until the reply says
    ``done``; between calls it yields to its event loop. Each reply has the
    estimate so far as JSON and HTML, with ``completed`` and ``total``.
    """

    #: Seconds of work per slice: short enough for a lively progress bar.
    SLICE_SECONDS = 0.1

    def __init__(self, scenario: Any, kind: Any, base: str) -> None:
        self._simulation = scenario.simulation()
        self._kind = kind
        self._base = base
        self._per_slice = 50
        self._estimate = self._simulation.estimate

    def _reply(self) -> str:
        estimate = self._estimate
        return json.dumps(
            {
                "ok": True,
                "result": estimate.to_json(),
                "html": self._kind.html(estimate, base=self._base),
                "completed": estimate.played,
                "total": self._simulation.battles,
                "done": self._simulation.done,
            }
        )

    def first(self) -> str:
        """A first small batch, for a first estimate on screen at once."""
        return self.advance()

    def advance(self) -> str:
        began = time.perf_counter()
        self._estimate = self._simulation.advance(self._per_slice)
        spent = time.perf_counter() - began
        if spent > 0:  # aim the next slice at SLICE_SECONDS
            rate = self._per_slice / spent
            self._per_slice = max(10, min(20_000, int(rate * self.SLICE_SECONDS)))
        return self._reply()

    def current(self) -> str:
        return self._reply()

    def destroy(self) -> None:
        """Nothing to free; present so the worker can call it on every simulation."""


class FailedSimulation:
    """What :func:`simulation_start` gives for a scenario it cannot run: the error, once."""

    def __init__(self, error: str) -> None:
        self._reply = json.dumps({"ok": False, "error": error})

    def first(self) -> str:
        return self._reply

    advance = current = first

    def destroy(self) -> None:
        pass


def simulation_start(text: str, base: str = "") -> WebSimulation | FailedSimulation:
    """Start a simulation scenario (one whose checked form has ``simulation()``)."""
    try:
        loaded = scenarios.load(scenarios.parse(text))
        if not hasattr(loaded.scenario, "simulation"):
            raise ScenarioError("kind", "a scenario kind that simulates many battles", got=loaded.kind.name)
        return WebSimulation(loaded.scenario, loaded.kind, base)
    except EstroError as err:
        return FailedSimulation(str(err))
