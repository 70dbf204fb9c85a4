"""The ``battle`` subcommand: ``python -m estro_rules battle FILE [--seed N] [--simulate N [--jobs K]] [--text]``.

FILE is a ``battaglia.battle`` or ``battaglia.estimate`` scenario (or any
object with ``left`` and ``right`` teams). Without ``--simulate`` it plays one
battle and prints it with its trace; with ``--simulate N`` (or an estimate
scenario) it plays N seeded battles, in K processes with ``--jobs K`` (the same
counts as one), shows a progress line on standard error at least every second,
and prints the estimate. Ctrl-C during an estimate stops it cleanly: the
estimate so far is printed (``played`` less than ``battles``, and its counts
add up to ``played``) and the exit status is 130.
Output is JSON, or readable text with ``--text``, in the language of ``--lang L`` (after the command or before
it, as for ``run``; JSON is the same in both). Bad input raises
:class:`~estro_rules.errors.ScenarioError`, which the main command turns into
``error: FILE: <message>`` and exit status 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only in annotations: the browser never imports argparse
    import argparse

import json

from ..declare import replaced
from ..inputs import read_json
from ..progress import run_until_done
from ..protocol import Command, CommandIO, find_kind
from .battles import BattleScenario
from .kinds import BATTLE, ESTIMATE, KINDS
from .parallel import JOBS, ParallelSimulation
from .simulate import EstimateScenario, Simulation
from .views import battle_text, estimate_text


def arguments(p: argparse.ArgumentParser) -> None:
    import argparse  # here: the browser never imports argparse

    from ..cli import language_argument  # here: the main command line imports this module

    p.add_argument("file", metavar="FILE", help="a battaglia.battle or battaglia.estimate scenario, or - for stdin")
    p.add_argument("--seed", type=int, help="seed (overrides the file's)")
    p.add_argument("--simulate", type=int, metavar="N", help="estimate win rates over N battles")
    p.add_argument(
        "--jobs", type=int, default=1, metavar="K", help="with an estimate: play it in K processes (same counts)"
    )
    p.add_argument("--text", action="store_true", help="print readable text instead of JSON")
    language_argument(p, default=argparse.SUPPRESS)  # also after the command: battle FILE --text --lang it


def load_file(data: object) -> BattleScenario | EstimateScenario:
    """Read a battle or estimate scenario; ``kind`` may be left out (a battle)."""
    kind = find_kind(KINDS, data, default=BATTLE.name, what="Battaglia scenario kind")
    return ESTIMATE.read(data) if kind is ESTIMATE else BATTLE.read(data)


def cmd_battle(args: argparse.Namespace, io: CommandIO) -> int:
    """The options are read through the declarations of the fields they override, with the option as the path:
    the same bounds, the same messages as the file's fields."""
    scenario = load_file(read_json(args.file, io.stdin))
    if args.simulate is None and isinstance(scenario, BattleScenario):
        given: int = scenario.seed if args.seed is None else BattleScenario.parse("seed", args.seed, "--seed")
        played = replaced(scenario, seed=given, trace=True).run()  # always with its trace, whatever the file says
        text = battle_text(played) if args.text else json.dumps(played.to_json(), indent=2, ensure_ascii=False)
        print(text, file=io.out)
        return 0
    if args.simulate is not None:
        battles: int = EstimateScenario.parse("battles", args.simulate, "--simulate")
    else:
        assert isinstance(scenario, EstimateScenario)  # a battle without --simulate was played above
        battles = scenario.battles
    if args.seed is not None:
        seed: int = EstimateScenario.parse("seed", args.seed, "--seed")
    elif isinstance(scenario, EstimateScenario):
        seed = scenario.seed
    else:  # a battle's seed, as an estimate's
        seed = EstimateScenario.parse("seed", scenario.seed, "seed")
    jobs: int = JOBS.type.read(args.jobs, "--jobs")
    estimate = EstimateScenario(scenario.left, scenario.right, battles, seed)
    sim = Simulation.of(estimate) if jobs == 1 else ParallelSimulation.of(estimate, jobs)
    code = run_until_done(sim, io.err)
    result = sim.result()  # every battle played; one cut short by Ctrl-C is not counted
    print(estimate_text(result) if args.text else json.dumps(result.to_json(), indent=2), file=io.out)
    return code


BATTLE_COMMAND = Command(
    "battle",
    "play a Battaglia battle (or estimate win rates) from a team file",
    "Play one Battaglia battle with its trace, or estimate win rates with --simulate N.",
    arguments,
    cmd_battle,
)
"""``python -m estro_rules battle FILE [--seed N] [--simulate N] [--text]``."""
