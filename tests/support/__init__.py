"""Helpers shared by the tests (they hold no tests): the repository's paths and its example files.

Imported by package path (``from tests.support import EXAMPLES``); the modules beside this one hold
the builders of one protocol (:mod:`tests.support.r19`, :mod:`tests.support.battaglia`) and the
finding of the source documents (:mod:`tests.support.seeds`).
"""

from __future__ import annotations

import json
import subprocess
import sys
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


def estro(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the real command, ``python -m estro_rules ARGS``, in its own process; its output as text."""
    return subprocess.run(
        [sys.executable, "-m", "estro_rules", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def estro_bytes(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    """Run the real command as :func:`estro` does; its output as bytes, as a terminal or a pipe gets them
    (text given as input is sent as UTF-8, lone surrogates included)."""
    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "estro_rules", *args], input=data, capture_output=True, cwd=ROOT, timeout=60
    )
