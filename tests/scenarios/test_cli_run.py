"""``run FILE`` in this process, through the command line's ``main``: output, ``--check``, exit statuses.

The subprocess tests of test_cli.py show the real command works end to end; these call
:func:`estro_rules.cli.main` with in-memory streams, so every line of the command is checked
on exact output and exact messages (the module docstring of :mod:`estro_rules.cli` is the spec:
exit 0 done, 1 on a ``--check`` difference, 2 on bad input, 3 on an internal error, 130 on Ctrl-C).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from estro_rules import scenarios
from estro_rules.battaglia import Matchup
from estro_rules.cli import main
from tests.support import EXAMPLES, ROOT, example


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``python -m estro_rules ARGV`` in this process: exit status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def path_of(relative: str) -> str:
    return str(EXAMPLES / relative)


# --------------------------------------------------------------------------
# The result


def test_json_output_is_the_result_indented_by_two() -> None:
    # Single Player alone is allowed (P07-1, the example's "expect"); no violation.
    code, out, err = run_cli("run", path_of("p07/single-player-alone.json"))
    assert (code, err) == (0, "")
    assert out == (
        "{\n"
        '  "kind": "p07.combination",\n'
        '  "modes": [\n'
        '    "Single Player"\n'
        "  ],\n"
        '  "allowed": true,\n'
        '  "violations": [],\n'
        '  "rulings": [\n'
        '    "P07-1"\n'
        "  ]\n"
        "}\n"
    )


def test_json_output_keeps_text_as_it_is_written() -> None:
    """Non-ASCII text (the arrow of a trace line) is written as itself, not as a ``\\u`` escape."""
    code, out, err = run_cli("run", path_of("battaglia/equal-health-draw.json"))
    assert (code, err) == (0, "")
    assert '"text": "Ogopogo (R1) (every roll: heal 1 → self) activates",' in out
    assert "\\u" not in out
    result = json.loads(out)
    # The example's "expect": two healers of equal health, a draw for no damage (BAT-9, I-BAT-7, BAT-10).
    assert scenarios.mismatches(example("battaglia/equal-health-draw.json")["expect"], result) == []


def test_json_output_from_standard_input() -> None:
    text = (EXAMPLES / "p07/single-player-alone.json").read_text(encoding="utf-8")
    code, out, err = run_cli("run", "-", stdin=text)
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "kind": "p07.combination",
        "modes": ["Single Player"],
        "allowed": True,
        "violations": [],
        "rulings": ["P07-1"],
    }


def test_text_output_is_the_readme_example() -> None:
    """The README shows this command and its output: both broken rules with their rulings, then I-P07-2."""
    code, out, err = run_cli("run", path_of("p07/cinque-soglie-single-player.json"), "--text")
    assert (code, err) == (0, "")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert out in readme
    assert out == (
        "Cinque Soglie + Single Player: not allowed\n"
        "  - Single Player + Cinque Soglie: Single Player is a world of its own (starships, guardians, "
        "dedicated AI), so it is never played together with another mode [P07-2]\n"
        "  - Cinque Soglie + Single Player: “asymmetric match against starships: no symmetric opponent side "
        "for the Threshold events” (PROTOCOL_07) [P07-3.3]\n"
        "  rulings: P07-2, P07-3.3, I-P07-2\n"
    )


# --------------------------------------------------------------------------
# --check


@pytest.mark.parametrize(
    "relative",
    ["p07/single-player-alone.json", "p07/fessura-self-destruct.json", "battaglia/equal-health-draw.json"],
)
def test_check_passes_on_an_example(relative: str) -> None:
    code, out, err = run_cli("run", path_of(relative), "--check")
    assert (code, err) == (0, "")
    assert json.loads(out) == scenarios.run(example(relative)).to_json()


def test_check_reports_every_difference_and_exits_1() -> None:
    # Single Player with Cinque Soglie breaks P07-2 and P07-3.3 (and I-P07-2: reasons add up), so an
    # "expect" of an allowed combination citing only P07-1 is wrong twice.
    data = {
        "kind": "p07.combination",
        "modes": ["Single Player", "Cinque Soglie"],
        "expect": {"allowed": True, "rulings": ["P07-1"]},
    }
    code, out, err = run_cli("run", "-", "--check", stdin=json.dumps(data))
    assert code == 1
    assert json.loads(out)["rulings"] == ["P07-2", "P07-3.3", "I-P07-2"]
    assert err == (
        "mismatch: allowed: expected True, got False\n"
        "mismatch: rulings: expected 1 item, got ['P07-2', 'P07-3.3', 'I-P07-2']\n"
    )


def test_check_without_expect_is_bad_input() -> None:
    data = {"kind": "p07.combination", "modes": ["Single Player"]}
    code, out, err = run_cli("run", "-", "--check", stdin=json.dumps(data))
    assert code == 2
    assert json.loads(out)["allowed"] is True
    assert err == "error: expect: missing field; expected an object with the expected result (for --check)\n"


def test_without_check_expect_is_not_compared() -> None:
    data = {"kind": "p07.combination", "modes": ["Single Player"], "expect": {"allowed": False}}
    code, out, err = run_cli("run", "-", stdin=json.dumps(data))
    assert (code, err) == (0, "")
    assert json.loads(out)["allowed"] is True


# --------------------------------------------------------------------------
# An estimate: a progress line on standard error, and Ctrl-C keeps what was done


def test_an_estimate_draws_progress_and_checks() -> None:
    # The example: the Brute downs the Snail on every first roll, so the left wins all 200 battles.
    code, out, err = run_cli("run", path_of("battaglia/estimate-one-sided.json"), "--check")
    assert code == 0
    result = json.loads(out)
    assert (result["played"], result["complete"], result["left_wins"], result["draws"], result["right_wins"]) == (
        200,
        True,
        200,
        0,
        0,
    )
    assert err.startswith("\r[")
    assert err.split("\r")[-1] == f"[{'#' * 30}] 200/200  left 100.0%  draw 0.0%  right 0.0%\n"


def test_an_interrupted_estimate_keeps_its_result_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during battle 51: 50 battles are counted; the status is 130 even though --check finds
    differences (the interruption is what the caller needs to know)."""
    real = Matchup.play
    played: list[int] = []

    def play(self: Matchup, rng: Any) -> Any:
        if len(played) == 50:
            raise KeyboardInterrupt
        played.append(1)
        return real(self, rng)

    monkeypatch.setattr(Matchup, "play", play)
    code, out, err = run_cli("run", path_of("battaglia/estimate-one-sided.json"), "--check")
    assert code == 130
    result = json.loads(out)
    assert (result["played"], result["battles"], result["complete"], result["left_wins"]) == (50, 200, False, 50)
    lines = err.split("\n")
    assert "interrupted: the result below covers 50 of 200 battles" in lines
    assert [line for line in lines if line.startswith("mismatch: ")] == [
        "mismatch: played: expected 200, got 50",
        "mismatch: complete: expected True, got False",
        "mismatch: left_wins: expected 200, got 50",
        "mismatch: rates.left.count: expected 200, got 50",
        # the Wilson interval's lower end at 95 % for n of n wins is n / (n + 1.96²): 0.9812 for 200, 0.9287 for 50
        "mismatch: rates.left.low: expected 0.9812, got 0.9287",
    ]
