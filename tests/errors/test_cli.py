"""The command line: readable output, and bad input answered with the field, exit 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support import ROOT


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "estro_rules", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_text_output_names_rulings() -> None:
    done = run_cli("run", "examples/p07/fessura-self-destruct.json", "--text")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1. FIRES Card destroyed")
    assert lines[4].startswith("5. FIRES Fessura Dimensionale") and "P07-4.5" in lines[4]


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (
            "{",
            "error: scenario: line 1, column 2: expecting property name enclosed in double quotes; expected valid JSON",
        ),
        ("[]", "error: scenario: expected a JSON object, got an empty list"),
        ('{"modes": []}', "error: kind: expected a scenario kind, one of: p07.combination, p07.destruction"),
        ('{"kind": "p07.combination"}', "error: modes: expected a list (missing field)"),
        (
            '{"kind": "p07.combination", "modes": ["Single Player", "Solo"]}',
            "error: modes[1]: expected a known mode, got 'Solo'",
        ),
        (
            '{"kind": "p07.destruction", "seed": -1}',
            "error: seed: expected a whole number from 0 to 2⁶³−1, got -1",
        ),
        ('{"kind": "p07.destruction", "seed": 1.5}', "error: seed: expected a whole number, got 1.5"),
        ('{"kind": "p07.destruction", "face_down": 1}', "error: face_down: expected true or false, got 1"),
        (
            '{"kind": "p07.destruction", "destroyed_by_opponent": true, "fessura_self_destruct": true}',
            "error: fessura_self_destruct: expected false when destroyed_by_opponent is true",
        ),
        ('{"kind": "p07.destruction", "facedown": true}', "error: facedown: unknown field; expected one of:"),
    ],
)
def test_bad_scenarios_get_a_clear_error(scenario: str, message: str) -> None:
    done = run_cli("run", "-", stdin=scenario)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr


def test_missing_file() -> None:
    done = run_cli("run", "no/such/file.json")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == "error: no/such/file.json: no such file; expected an existing scenario file"
    )


def test_json_output_is_the_api_result() -> None:
    from estro_rules import scenarios

    text = (ROOT / "examples/p07/destroyed-by-opponent-face-down.json").read_text()
    done = run_cli("run", "-", stdin=text)
    assert json.loads(done.stdout) == scenarios.run(json.loads(text)).to_json()


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (
            '{"kind": "p07.destruction", "seed": ' + "9" * 5000 + "}",
            "error: scenario: a number is too long; expected valid JSON with numbers of at most 4300 digits",
        ),
        (
            '{"kind": "p07.combination", "modes": ' + "[" * 5000 + "]" * 5000 + "}",
            "error: scenario: expected JSON nested at most 32 levels deep",
        ),
        (
            '{"kind": "p07.destruction", "seed": ' + "9" * 4000 + "}",
            "error: seed: expected a whole number from 0 to 2⁶³−1, got a number with 4000 digits",
        ),
    ],
)
def test_hostile_json_gets_a_clear_error(scenario: str, message: str) -> None:
    done = run_cli("run", "-", stdin=scenario)
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr[:300]
    assert "Traceback" not in done.stderr
