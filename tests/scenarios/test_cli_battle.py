"""``battle FILE`` in this process, through the command line's ``main``: what it reads, what it plays, what it prints.

The command's docstring (:mod:`estro_rules.battaglia.cli`) is the spec: FILE is a ``battaglia.battle`` or
``battaglia.estimate`` scenario (``kind`` may be left out: a battle) or ``-`` for standard input; without
``--simulate`` it plays one battle and prints it *with its trace*; with ``--simulate N``, or on an estimate
scenario, it plays N seeded battles (``--jobs K``: in K processes, the same counts) and prints the estimate;
JSON indented by two, or text with ``--text``; bad input is ``error: FILE: <message>`` and exit status 2.
The subprocess tests of test_cli.py run the real command end to end; these see every line of it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from estro_rules.battaglia import cli
from estro_rules.battaglia.parallel import ParallelSimulation
from estro_rules.battaglia.teams import Team
from tests.scenarios.test_cli_run import path_of, run_cli
from tests.support import example

THREAT_ORDER = "battaglia/threat-order.json"
"""One battle on forced dice 3 + 4: the Wolf (threat 5) downs the Yeti first; left wins after 1 roll."""
ONE_SIDED = "battaglia/estimate-one-sided.json"
"""An estimate of 200 battles, seed 7, that the left side wins every time (the Brute downs the Snail at once)."""


def battle_json(*argv: str, stdin: str = "") -> dict[str, Any]:
    code, out, err = run_cli("battle", *argv, stdin=stdin)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def without_kind(relative: str) -> str:
    """An example's scenario as text, its ``kind`` and ``expect`` left out."""
    data = example(relative)
    return json.dumps({k: v for k, v in data.items() if k not in ("kind", "expect")})


# --------------------------------------------------------------------------
# One battle


def test_one_battle_is_printed_as_json_indented_by_two_with_text_as_written() -> None:
    """JSON indented by two spaces; a name outside ASCII stays itself, not a \\u escape."""
    team = example(THREAT_ORDER)
    team["left"][0]["name"] = "Lupo Città"
    code, out, err = run_cli("battle", "-", stdin=json.dumps(team))
    assert (code, err) == (0, "")
    assert out == json.dumps(json.loads(out), indent=2, ensure_ascii=False) + "\n"
    assert "Lupo Città" in out and "\\u" not in out


def test_one_battle_plays_the_files_forced_dice_and_gives_the_examples_outcome() -> None:
    data = battle_json(path_of(THREAT_ORDER))
    expect = example(THREAT_ORDER)["expect"]
    assert (data["kind"], data["winner"], data["reason"], data["rolls"]) == (
        "battaglia.battle",
        expect["winner"],
        expect["reason"],
        expect["rolls"],
    )
    assert data["health"] == expect["health"]
    assert [(r["dice"], r["forced"]) for r in data["trace"]] == [([3, 4], True)]


def test_one_battle_is_printed_with_its_trace_even_when_the_file_asks_for_none() -> None:
    """The command shows the battle with its trace; ``"trace": false`` is for the engine's callers."""
    scenario = {**example(THREAT_ORDER), "trace": False}
    data = battle_json("-", stdin=json.dumps(scenario))
    assert [len(r["events"]) > 0 for r in data["trace"]] == [True]


def test_a_scenario_without_a_kind_is_one_battle() -> None:
    data = battle_json("-", stdin=without_kind(THREAT_ORDER))
    assert (data["kind"], data["winner"], data["rolls"]) == ("battaglia.battle", "left", 1)


def test_the_seed_option_replaces_the_files_seed_of_one_battle() -> None:
    assert battle_json(path_of(THREAT_ORDER))["seed"] == 0
    assert battle_json(path_of(THREAT_ORDER), "--seed", "12")["seed"] == 12


# --------------------------------------------------------------------------
# An estimate


def test_an_estimate_scenario_plays_its_own_number_of_battles_with_its_own_seed() -> None:
    data = battle_json(path_of(ONE_SIDED))
    assert (data["kind"], data["battles"], data["played"], data["seed"]) == ("battaglia.estimate", 200, 200, 7)
    assert (data["left_wins"], data["draws"], data["right_wins"]) == (200, 0, 0)


def test_an_estimate_is_printed_as_json_indented_by_two() -> None:
    code, out, err = run_cli("battle", path_of(ONE_SIDED), "--simulate", "10")
    assert code == 0
    assert out == json.dumps(json.loads(out), indent=2) + "\n"
    assert out.startswith('{\n  "kind": "battaglia.estimate",\n  "battles": 10,\n')


def test_simulate_and_seed_replace_the_files_battles_and_seed() -> None:
    data = battle_json(path_of(ONE_SIDED), "--simulate", "30", "--seed", "5")
    assert (data["battles"], data["played"], data["seed"], data["left_wins"]) == (30, 30, 5, 30)


def test_simulate_turns_a_battle_scenario_into_an_estimate_from_its_seed() -> None:
    """The battle file's seed (0) is the estimate's; the Wolf downs the Yeti on a 7 only, so both sides win some."""
    data = battle_json(path_of(THREAT_ORDER), "--simulate", "40")
    assert (data["kind"], data["battles"], data["seed"]) == ("battaglia.estimate", 40, 0)
    assert data["left_wins"] + data["draws"] + data["right_wins"] == 40


def test_an_estimate_runs_in_this_one_process_unless_jobs_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_processes(*args: object, **kwargs: object) -> None:
        raise AssertionError("an estimate without --jobs started processes")

    monkeypatch.setattr(cli, "ParallelSimulation", no_processes)
    assert battle_json(path_of(ONE_SIDED), "--simulate", "5")["played"] == 5
    assert battle_json(path_of(ONE_SIDED), "--simulate", "5", "--jobs", "1")["played"] == 5


def test_jobs_is_how_many_processes_play_the_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    class Counted(ParallelSimulation):
        def _start(self, left: Team, right: Team, battles: int, seed: int, jobs: int) -> None:
            asked.append(jobs)
            super()._start(left, right, battles, seed, jobs)

    monkeypatch.setattr(cli, "ParallelSimulation", Counted)
    assert battle_json(path_of(ONE_SIDED), "--simulate", "9", "--jobs", "3")["played"] == 9
    assert asked == [3]


def test_two_jobs_give_the_counts_of_one_with_the_same_seed() -> None:
    """``--jobs 2`` splits the seeds into two disjoint ranges: the same battles, so the same counts."""
    alone = battle_json(path_of(THREAT_ORDER), "--simulate", "60", "--seed", "9")
    shared = battle_json(path_of(THREAT_ORDER), "--simulate", "60", "--seed", "9", "--jobs", "2")
    assert shared == alone
    assert (shared["battles"], shared["played"], shared["seed"]) == (60, 60, 9)


# --------------------------------------------------------------------------
# Refusals: the option or field, what was expected, exit 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--simulate", "10", "--seed", "-1"), "--seed: expected a whole number from 0 to 2³¹−1, got -1"),
        (("--simulate", "10", "--seed", str(2**31)), "--seed: expected a whole number from 0 to 2³¹−1, got 2147483648"),
        (("--simulate", "10", "--jobs", "0"), "--jobs: expected a whole number from 1 to 64, got 0"),
        (("--simulate", "10", "--jobs", "65"), "--jobs: expected a whole number from 1 to 64, got 65"),
        (("--simulate", "0"), "--simulate: expected a whole number from 1 to 100,000, got 0"),
    ],
)
def test_an_estimates_options_are_checked_at_both_ends(argv: tuple[str, ...], message: str) -> None:
    code, out, err = run_cli("battle", path_of(THREAT_ORDER), *argv)
    assert (code, out, err) == (2, "", f"error: {path_of(THREAT_ORDER)}: {message}\n")


def test_an_estimate_seed_of_0_and_of_the_largest_are_accepted() -> None:
    assert battle_json(path_of(ONE_SIDED), "--simulate", "3", "--seed", "0")["seed"] == 0
    assert battle_json(path_of(ONE_SIDED), "--simulate", "3", "--seed", str(2**31 - 1))["seed"] == 2**31 - 1


def test_an_unknown_kind_is_named_as_a_battaglia_scenario_kind() -> None:
    """Read from standard input, the message has no file name to start with."""
    code, out, err = run_cli("battle", "-", stdin='{"kind": "battaglia.battel"}')
    assert (code, out) == (2, "")
    assert err == (
        "error: kind: expected a known Battaglia scenario kind, got 'battaglia.battel' "
        "(did you mean 'battaglia.battle'? known: 'battaglia.battle', 'battaglia.estimate')\n"
    )
