"""Every example scenario in examples/ gives its expected outcome, on the API and on the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from estro_rules import scenarios
from tests.support import ROOT

EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.json") if "kind" in json.loads(p.read_text()))


def test_there_are_examples_of_every_kind() -> None:
    kinds = {json.loads(p.read_text())["kind"] for p in EXAMPLES}
    assert kinds >= {k.name for k in scenarios.KINDS}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example(path: Path) -> None:
    data = json.loads(path.read_text())
    assert data.get("title") and data.get("description"), "every example says what it shows"
    expect = scenarios.expected(data)
    assert expect, "every example states its expected outcome"
    result = scenarios.run(data).to_json()
    assert scenarios.mismatches(expect, result) == []
    assert json.loads(json.dumps(result)) == result, "the result is plain JSON"


def test_mismatches_catch_a_wrong_expectation() -> None:
    actual = scenarios.run({"kind": "p07.combination", "modes": ["Single Player"]}).to_json()
    assert scenarios.mismatches({"allowed": False}, actual) == ["allowed: expected False, got True"]
    assert scenarios.mismatches({"rulings": []}, actual) == ["rulings: expected 0 items, got ['P07-1']"]
    assert scenarios.mismatches({"nope": 1}, actual) == ["nope: missing from the result"]
    assert scenarios.mismatches({"allowed": 1}, actual) != []  # True is not 1 here


def test_cli_check_runs_an_example() -> None:
    path = ROOT / "examples" / "p07" / "cinque-soglie-single-player.json"
    done = subprocess.run(
        [sys.executable, "-m", "estro_rules", "run", str(path), "--check"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rulings"] == ["P07-2", "P07-3.3", "I-P07-2"]


def test_cli_check_fails_on_a_wrong_expectation(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "p07" / "single-player-alone.json").read_text())
    data["expect"] = {"allowed": False}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    done = subprocess.run(
        [sys.executable, "-m", "estro_rules", "run", str(path), "--check"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 1
    assert "mismatch: allowed: expected False, got True" in done.stderr
