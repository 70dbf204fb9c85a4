"""The engine inside Pyodide (under Node, from the vendored npm package) gives what CPython gives."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from estro_rules import web

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
BAD = [
    "{",
    '{"kind": "p07.combination", "modes": ["Single Player", "<img src=x onerror=alert(1)>"]}',
    '{"kind": "p07.destruction", "seed": -3}',
]

pytestmark = pytest.mark.pyodide


def test_examples_and_errors_match_cpython(wheel: Path, node: str) -> None:
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())] + BAD
    done = subprocess.run(
        [node, "scripts/pyodide_run.mjs", str(wheel), "scenarios"],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    in_pyodide = json.loads(done.stdout)
    in_cpython = [json.loads(web.handle(t)) for t in texts]
    assert len(in_pyodide) == len(texts)
    for text, got, want in zip(texts, in_pyodide, in_cpython, strict=True):
        assert got == want, text[:80]
    assert [r["ok"] for r in in_pyodide[-len(BAD) :]] == [False, False, False]
    assert "&lt;img" not in in_pyodide[-2]["error"]  # errors are text, escaped only when shown


def test_pyodide_reports_its_python(wheel: Path, node: str) -> None:
    code = "import sys, estro_rules; print(sys.platform, estro_rules.__version__)"
    done = subprocess.run(
        [node, "scripts/pyodide_run.mjs", str(wheel), "python"],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["emscripten", __import__("estro_rules").__version__]
