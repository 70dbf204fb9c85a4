"""The ``battle`` subcommand: ``python -m estro_rules battle FILE [--seed N] [--simulate N [--jobs K]] [--text]``.

FILE is a ``battaglia.battle`` or ``battaglia.estimate`` scenario (or any
object with ``left`` and ``right`` teams). Without ``--simulate`` it plays one
battle and prints it with its trace; with ``--simulate N`` (or an estimate
scenario) it plays N seeded battles, in K processes with ``--jobs K`` (the same
counts as one), shows a progress line on standard error at least every second,
and prints the estimate. Ctrl-C during an estimate stops it cleanly: the
estimate so far is printed (``played`` less than ``battles``, and its counts
add up to ``played``) and the exit status is 130.
Output is JSON, or readable text with ``--text``. Bad input raises
:class:`~estro_rules.errors.ScenarioError`, which the main command turns into
``error: FILE: <message>`` and exit status 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only in annotations: the browser never imports argparse
    import argparse

import json
from dataclasses import replace

from ..fields import check_int
from ..inputs import read_json
from ..progress import run_until_done
from ..protocol import Command, CommandIO, find_kind
from .kinds import KINDS, BattleScenario, EstimateScenario
from .parallel import MAX_JOBS, ParallelSimulation
from .rules import MAX_BATTLES, MAX_ESTIMATE_SEED, MAX_SEED
from .simulate import Simulation
from .views import battle_text, estimate_text

_KIND_NAMES = ("battaglia.battle", "battaglia.estimate")


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a battaglia.battle or battaglia.estimate scenario, or - for stdin")
    p.add_argument("--seed", type=int, help="seed (overrides the file's)")
    p.add_argument("--simulate", type=int, metavar="N", help="estimate win rates over N battles")
    p.add_argument(
        "--jobs", type=int, default=1, metavar="K", help="with an estimate: play it in K processes (same counts)"
    )
    p.add_argument("--text", action="store_true", help="print readable text instead of JSON")


def load_file(data: object) -> BattleScenario | EstimateScenario:
    """Read a battle or estimate scenario; ``kind`` may be left out (a battle)."""
    kind = find_kind(KINDS, data, default=_KIND_NAMES[0], what="Battaglia scenario kind")
    scenario: BattleScenario | EstimateScenario = kind.load(data)  # type: ignore[assignment]
    return scenario


def cmd_battle(args: argparse.Namespace, io: CommandIO) -> int:
    scenario = load_file(read_json(args.file, io.stdin))
    battles = args.simulate if args.simulate is not None else getattr(scenario, "battles", None)
    if battles is None:
        assert isinstance(scenario, BattleScenario)
        seed = scenario.seed if args.seed is None else check_int(args.seed, "--seed", minimum=0, maximum=MAX_SEED)
        result = replace(scenario, seed=seed, trace=True).run()  # always with its trace, whatever the file says
        text = battle_text(result) if args.text else json.dumps(result.to_json(), indent=2, ensure_ascii=False)
        print(text, file=io.out)
        return 0
    check_int(battles, "--simulate", minimum=1, maximum=MAX_BATTLES)
    seed = scenario.seed if args.seed is None else check_int(args.seed, "--seed", minimum=0, maximum=MAX_ESTIMATE_SEED)
    check_int(args.jobs, "--jobs", minimum=1, maximum=MAX_JOBS)
    if args.jobs == 1:
        sim: Simulation | ParallelSimulation = Simulation(scenario.left, scenario.right, battles=battles, seed=seed)
    else:
        sim = ParallelSimulation(scenario.left, scenario.right, battles=battles, seed=seed, jobs=args.jobs)
    code = run_until_done(sim, io.err)
    estimate = sim.estimate  # every battle played; one cut short by Ctrl-C is not counted
    print(estimate_text(estimate) if args.text else json.dumps(estimate.to_json(), indent=2), file=io.out)
    return code


BATTLE_COMMAND = Command(
    "battle",
    "play a Battaglia battle (or estimate win rates) from a team file",
    "Play one Battaglia battle with its trace, or estimate win rates with --simulate N.",
    arguments,
    cmd_battle,
)
"""``python -m estro_rules battle FILE [--seed N] [--simulate N] [--text]``."""
