"""Scenarios on the command line: readable output, the API's result as JSON, checks, estimates."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from estro_rules.battaglia import Matchup
from tests.support import EXAMPLES, ROOT, estro, estro_bytes
from tests.support.battaglia import battle_command
from tests.support.r19 import lint_command

# --------------------------------------------------------------------------
# run


def test_text_output_names_rulings() -> None:
    done = estro("run", "examples/p07/fessura-self-destruct.json", "--text")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1. FIRES Card destroyed")
    assert lines[4].startswith("5. FIRES Fessura Dimensionale") and "P07-4.5" in lines[4]


def test_json_output_is_the_api_result() -> None:
    from estro_rules import scenarios

    text = (ROOT / "examples/p07/destroyed-by-opponent-face-down.json").read_text()
    done = estro("run", "-", stdin=text)
    assert json.loads(done.stdout) == scenarios.run(json.loads(text)).to_json()


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


# --------------------------------------------------------------------------
# battle, and run on an estimate


def test_cli_one_battle_text() -> None:
    code, out, _ = battle_command(["battle", str(EXAMPLES / "battaglia" / "threat-order.json"), "--text"])
    assert code == 0 and out.startswith("Left wins after 1 roll (1 turn)")
    assert "Wolf (L1) hits Yeti (R1) for 4 (0 left)" in out


def test_cli_seed_and_json() -> None:
    code, out, _ = battle_command(["battle", str(EXAMPLES / "battaglia" / "reference-matchup.json"), "--seed", "5"])
    data = json.loads(out)
    assert code == 0 and data["seed"] == 5 and data["trace"]


def test_cli_simulate_shows_progress() -> None:
    code, out, err = battle_command(["battle", str(EXAMPLES / "battaglia" / "reference-matchup.json"), "--simulate", "200", "--text"])
    assert code == 0 and "200 of 200 battles" in out
    assert "\r[" in err and "200/200" in err


def test_cli_simulate_interrupted_prints_the_partial_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle of a battle: that battle is not counted, and the counts add up to ``played``."""
    real = Matchup.play
    played = []

    def play(self: Matchup, rng: Any) -> Any:
        if len(played) == 1234:
            raise KeyboardInterrupt  # in the middle of the 1,235th battle
        played.append(1)
        return real(self, rng)

    monkeypatch.setattr(Matchup, "play", play)
    code, out, err = battle_command(["battle", str(EXAMPLES / "battaglia" / "reference-matchup.json"), "--simulate", "5000"])
    assert code == 130
    data = json.loads(out)
    assert data["played"] == 1234 and data["battles"] == 5000 and not data["complete"]
    assert data["left_wins"] + data["draws"] + data["right_wins"] == 1234
    assert "interrupted: the result below covers 1234 of 5000 battles" in err and "Traceback" not in err


def test_jobs_give_the_same_counts_as_one_process() -> None:
    """``--jobs K`` plays disjoint ranges of the same battles: the estimate is the same, count for count."""
    path = "examples/battaglia/reference-matchup.json"
    alone = estro_bytes("battle", path, "--simulate", "700", "--seed", "9")
    shared = estro_bytes("battle", path, "--simulate", "700", "--seed", "9", "--jobs", "3")
    assert alone.returncode == shared.returncode == 0, shared.stderr
    assert json.loads(alone.stdout) == json.loads(shared.stdout)
    assert json.loads(shared.stdout)["played"] == 700


def test_an_estimate_scenario_run_shows_progress() -> None:
    """``run`` on an estimate scenario draws the same progress line as ``battle --simulate``."""
    path = ROOT / "examples/battaglia/estimate-one-sided.json"
    battles = json.loads(path.read_text())["battles"]
    done = estro_bytes("run", str(path))
    assert done.returncode == 0
    last = done.stderr.decode().split("\r")[-1]
    assert last.startswith(f"[{'#' * 30}] {battles}/{battles}  left ") and last.endswith("\n")
    assert json.loads(done.stdout)["complete"] is True


# --------------------------------------------------------------------------
# lint


def test_cli_prints_findings_and_exits_0() -> None:
    code, out = lint_command(["lint", str(EXAMPLES / "r19" / "card-pool.json")])
    assert code == 0 and "GU-203 Glass Sentinel: [R19-8.6]" in out
    code, out = lint_command(["lint", str(EXAMPLES / "r19" / "card-pool.json"), "--json"])
    assert code == 0 and len(json.loads(out)) == 6
