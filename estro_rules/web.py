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
import traceback
from typing import Any

from . import scenarios
from .errors import EstroError


def respond(data: object, *, base: str = "") -> dict[str, Any]:
    """Run one parsed scenario and describe the outcome for a widget."""
    try:
        kind = scenarios.kind_of(data)
        result = scenarios.run(data)
        return {"ok": True, "result": result.to_json(), "html": kind.html(result, base=base)}
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
