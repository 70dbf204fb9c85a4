"""Bad input on the command line (run, battle, lint): answered with the field, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from estro_rules.errors import ScenarioError
from tests.support import EXAMPLES, estro
from tests.support.battaglia import battle_command
from tests.support.r19 import lint_command


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
    done = estro("run", "-", stdin=scenario)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr


def test_missing_file() -> None:
    done = estro("run", "no/such/file.json")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == "error: no/such/file.json: no such file; expected an existing scenario file"
    )


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
    done = estro("run", "-", stdin=scenario)
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr[:300]
    assert "Traceback" not in done.stderr


def test_cli_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"left": [{"name": "A", "health": 3}], "right": []}), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^left\[0\]\.threat: expected a whole number \(missing field\)$"):
        battle_command(["battle", str(path)])
    path.write_text(json.dumps({"left": [{"name": "A", "threat": 1, "health": 3}], "right": []}), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^right: expected at least 1 cryptid"):
        battle_command(["battle", str(path)])
    with pytest.raises(ScenarioError, match=r"^--simulate: expected a whole number from 1 to"):
        battle_command(["battle", str(EXAMPLES / "battaglia" / "threat-order.json"), "--simulate", "0"])


def test_cli_missing_file_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        lint_command(["lint", "does-not-exist.json"])
