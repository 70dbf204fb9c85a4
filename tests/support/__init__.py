"""Helpers shared by the tests (they hold no tests): the repository's paths and its example files.

Imported by package path (``from tests.support import EXAMPLES``); the modules beside this one hold
the builders of one protocol (:mod:`tests.support.r19`, :mod:`tests.support.battaglia`) and the
finding of the source documents (:mod:`tests.support.seeds`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""

EXAMPLES = ROOT / "examples"
"""The example files: scenarios with their expected outcomes, and a few data files."""


def example(relative: str) -> dict[str, Any]:
    """The example file ``examples/<relative>``, parsed."""
    data: dict[str, Any] = json.loads((EXAMPLES / relative).read_text(encoding="utf-8"))
    return data
