"""The entry point the browser widgets call inside Pyodide.

The Web Worker passes scenario text in and gets JSON text back, so nothing
but strings crosses between JavaScript and Python. A scenario error comes back
as the same message the command line prints; any other failure comes back as
a short message, never as a traceback on the page.

Two ways in:

- :func:`handle` runs a scenario to its end at once (the tests compare it with
  the command line and with CPython);
- :func:`start` makes a :class:`Job`, which the worker runs in time slices so
  that one long request never blocks the others (see ``docs/assets/estro/worker.js``).

>>> import json
>>> reply = json.loads(handle('{"kind": "p07.combination", "modes": ["Single Player"]}', base="../"))
>>> reply["ok"], reply["result"]["allowed"]
(True, True)
>>> reply = json.loads(handle('{"kind": "p07.combination", "modes": ["Nope"]}'))
>>> reply["error"][:43], reply["field"]
("modes[0]: expected a known mode, got 'Nope'", 'modes[0]')

An error in a scenario names the field it is about (``field``, a path such as
``left[0].abilities[1].when.total``), so a form can show the message on that control.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable
from typing import Any

from . import scenarios
from .errors import EstroError, ScenarioError
from .i18n import _, check, using
from .protocol import LongRun, Outcome

#: Seconds of work per step of a job: long enough to get work done, short enough
#: that a request queued behind it is answered quickly and a progress bar moves.
SLICE_SECONDS = 0.1

Reply = dict[str, Any]


def _words(err: ScenarioError, data: object) -> str:
    """The error in the words of the widget's form, never failing (then the message as it is)."""
    try:
        return scenarios.in_words(err, data)
    except Exception:  # a bug here must not hide the message itself
        return str(err)


def _guarded(work: Callable[[], Reply], data: Callable[[], object] = lambda: None) -> Reply:
    """Run ``work``; any failure becomes an error reply (a message, never a traceback). A scenario's error
    comes as the command line prints it, in the current language (``error``, with the field's path), in the
    form's words
    (``words``: what the widget shows, see :func:`estro_rules.scenarios.in_words`) and with the path
    alone (``field``: which control it is about). ``data`` gives the scenario, for the words."""
    try:
        return work()
    except ScenarioError as err:
        try:
            given = data()
        except Exception:  # the text is not JSON: the message says so
            given = None
        return {"ok": False, "error": err.said(), "words": _words(err, given), "field": err.field}
    except EstroError as err:
        return {"ok": False, "error": str(err)}
    except RecursionError:
        return {"ok": False, "error": _("internal error: the scenario is nested too deeply")}
    except Exception as err:  # the page must get a message, never a traceback
        traceback.print_exc()
        return {"ok": False, "error": _("internal error: {error}").format(error=f"{type(err).__name__}: {err}")}


def _result_reply(outcome: Outcome, base: str) -> Reply:
    """A result for a widget: its JSON (English), its HTML in the current language if its kind speaks it, and
    the language of the HTML (``lang``)."""
    return {"ok": True, "result": outcome.to_json(), "html": outcome.html(base=base), "lang": outcome.language}


def respond(data: object, *, base: str = "") -> Reply:
    """Run one parsed scenario and describe the outcome for a widget."""

    def work() -> Reply:
        return _result_reply(scenarios.load(data).run(), base)

    return _guarded(work, lambda: data)


def handle(text: str, base: str = "", language: str = "en") -> str:
    """Run scenario text and answer with JSON text (``ok``, ``result``, ``html`` or ``error``); the result reads
    in ``language`` where its kind speaks it (:mod:`estro_rules.i18n`)."""
    try:
        check(language)
    except ValueError as err:  # an answer like any other: the page shows it
        return json.dumps({"ok": False, "error": str(err)})
    with using(language):
        return json.dumps(_guarded(lambda: respond(scenarios.parse(text), base=base), lambda: scenarios.parse(text)))


class Job:
    """One request from a widget, run in time slices: the worker's unit of work.

    The worker calls :meth:`step` until a reply says ``"done": true``, and goes
    back to its event loop between steps, so that other requests and "cancel"
    get in. Every reply is JSON text with ``ok`` and ``done``, then either
    ``result`` and ``html`` or ``error``:

    - a scenario of an ordinary kind (and any scenario with an error) is done
      in one step;
    - a scenario of a kind with long runs (:attr:`~estro_rules.protocol.ScenarioKind.long_run`, an estimate)
      works for about ``slice_seconds`` per step, measured by the clock, not counted; each reply holds the
      result so far with ``completed`` and ``total``.

    :meth:`cancel` ends a job and gives its final reply, with
    ``"cancelled": true`` and, for a long run, the result so far.

    >>> job = start('{"kind": "p07.combination", "modes": ["Single Player"]}')
    >>> reply = json.loads(job.step())
    >>> reply["ok"], reply["done"], reply["result"]["allowed"]
    (True, True, True)
    >>> json.loads(start("[1, 2]").step())  # doctest: +NORMALIZE_WHITESPACE
    {'ok': False, 'error': 'scenario: expected a JSON object, got a list of 2 items',
     'words': 'The scenario must be a JSON object (it is a list of 2 items)', 'field': 'scenario', 'done': True}
    """

    def __init__(
        self,
        text: str,
        base: str = "",
        language: str = "en",
        *,
        slice_seconds: float = SLICE_SECONDS,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.text = text
        """The scenario text as the widget sent it."""

        self.base = base
        """Leads from the widget's page to the site root (for ruling links)."""

        self.language = "en"
        """The language of the widget's page: the result reads in it where its kind speaks it."""

        self.slice_seconds = slice_seconds
        """How long one step of an estimate plays battles."""

        self._clock = clock
        self._final: Reply | None = None
        try:
            self.language = check(language)
        except ValueError as err:  # the job's one reply names it
            self._final = {"ok": False, "error": str(err), "done": True}
        self._long: LongRun[Outcome] | None = None  # a long run, once one has begun

    @property
    def done(self) -> bool:
        """Whether the job has given its final reply."""
        return self._final is not None

    def step(self) -> str:
        """Do up to one slice of work and answer with the reply so far (JSON text)."""
        if self._final is None:
            deadline = self._clock() + self.slice_seconds
            with using(self.language):
                reply = _guarded(lambda: self._work(deadline), lambda: scenarios.parse(self.text))
            if reply["ok"] and self._long is not None and not self._long.done:
                return json.dumps({**reply, "done": False})
            self._final = {**reply, "done": True}
        return json.dumps(self._final)

    def cancel(self) -> str:
        """End the job now; the final reply says ``cancelled`` (unless the job had already finished)."""
        if self._final is None:
            long = self._long
            if long is not None:
                long.stop()
                with using(self.language):
                    reply = _guarded(lambda: self._long_reply(long))
            else:
                with using(self.language):
                    reply = {"ok": False, "error": _("cancelled before it ran")}
            self._final = {**reply, "done": True, "cancelled": True}
        return json.dumps(self._final)

    def _work(self, deadline: float) -> Reply:
        long = self._long
        if long is None:
            loaded = scenarios.load(scenarios.parse(self.text))
            long = self._long = loaded.long_run()
            if long is None:
                return _result_reply(loaded.run(), self.base)
        long.advance_for(max(0.0, deadline - self._clock()), self._clock)
        return self._long_reply(long)

    def _long_reply(self, long: LongRun[Outcome]) -> Reply:
        completed, total, _ = long.progress()
        return {**_result_reply(long.result(), self.base), "completed": completed, "total": total}


def start(text: str, base: str = "", language: str = "en") -> Job:
    """Make the :class:`Job` that answers a widget's request (nothing runs until its first step)."""
    return Job(text, base, language)
