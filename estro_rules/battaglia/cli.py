"""The ``battle`` subcommand: ``python -m estro_rules battle FILE [--seed N] [--simulate N] [--text]``.

FILE is a ``battaglia.battle`` or ``battaglia.estimate`` scenario (or any
object with ``left`` and ``right`` teams). Without ``--simulate`` it plays one
battle and prints it with its trace; with ``--simulate N`` it plays N seeded
battles, shows a progress bar on standard error and prints the estimate.
Ctrl-C during an estimate stops it cleanly: the estimate so far is printed
(``played`` less than ``battles``) and the exit status is 130.
Output is JSON, or readable text with ``--text``. Bad input raises
:class:`~estro_rules.errors.ScenarioError`, which the main command turns into
``error: FILE: <message>`` and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..fields import check_int
from ..inputs import read_json
from ..protocol import Command, CommandIO, find_kind
from .kinds import KINDS, BattleScenario, EstimateScenario
from .rules import MAX_BATTLES, MAX_SEED
from .simulate import Estimate, Simulation
from .views import battle_text, estimate_text

#: The exit status after Ctrl-C, as for any program stopped by SIGINT.
EXIT_INTERRUPTED = 130

_KIND_NAMES = ("battaglia.battle", "battaglia.estimate")


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a battaglia.battle or battaglia.estimate scenario, or - for stdin")
    p.add_argument("--seed", type=int, default=None, help="seed (overrides the file's)")
    p.add_argument("--simulate", type=int, default=None, metavar="N", help="estimate win rates over N battles")
    p.add_argument("--text", action="store_true", help="print readable text instead of JSON")


def load_file(data: object) -> BattleScenario | EstimateScenario:
    """Read a battle or estimate scenario; ``kind`` may be left out (a battle)."""
    kind = find_kind(KINDS, data, default=_KIND_NAMES[0], what="Battaglia scenario kind")
    scenario: BattleScenario | EstimateScenario = kind.load(data)  # type: ignore[assignment]
    return scenario


def cmd_battle(args: argparse.Namespace, io: CommandIO) -> int:
    err = io.err
    scenario = load_file(read_json(args.file, io.stdin))
    seed = scenario.seed if args.seed is None else check_int(args.seed, "--seed", minimum=0, maximum=MAX_SEED)
    battles = args.simulate if args.simulate is not None else getattr(scenario, "battles", None)
    if battles is not None:
        check_int(battles, "--simulate", minimum=1, maximum=MAX_BATTLES)
        sim = Simulation(scenario.left, scenario.right, battles=battles, seed=seed)
        code = 0
        try:
            est = run_with_progress(sim, err)
        except KeyboardInterrupt:
            est = sim.estimate  # every battle played so far; the one cut short is not counted
            err.write(f"\ninterrupted: the estimate below covers {est.played} of {est.battles} battles\n")
            code = EXIT_INTERRUPTED
        print(estimate_text(est) if args.text else json.dumps(est.to_json(), indent=2), file=io.out)
        return code
    assert isinstance(scenario, BattleScenario)
    result = BattleScenario(scenario.left, scenario.right, seed, scenario.dice, True).run()
    print(battle_text(result) if args.text else json.dumps(result.to_json(), indent=2, ensure_ascii=False), file=io.out)
    return 0


BATTLE_COMMAND = Command(
    "battle",
    "play a Battaglia battle (or estimate win rates) from a team file",
    "Play one Battaglia battle with its trace, or estimate win rates with --simulate N.",
    arguments,
    cmd_battle,
)
"""``python -m estro_rules battle FILE [--seed N] [--simulate N] [--text]``."""


def run_with_progress(sim: Simulation, err: TextIO, width: int = 30) -> Estimate:
    """Advance ``sim`` in chunks, drawing a progress bar on ``err``."""
    chunk = max(1, min(2000, sim.battles // 50))
    est = sim.estimate
    while not sim.done:
        est = sim.advance(chunk)
        filled = width * est.played // est.battles
        rates = "  ".join(f"{k} {100 * est.rate(k).rate:.1f}%" for k in ("left", "draw", "right"))
        err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {est.played}/{est.battles}  {rates}")
        err.flush()
    err.write("\n")
    return est
