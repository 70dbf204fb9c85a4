"""The heaviest legal inputs of every kind, run through the command line: time and memory.

    .venv/bin/python scripts/bench_limits.py [--rounds N] [--json FILE]

Each input sits at the engine's limits (the largest file, teams, boards and pools the format
allows, built to make the most work), and each runs as a player would run it: ``python -m
estro_rules ...`` in a fresh process. The goal (issue: hostile and huge input) is that any input
within the limits finishes in at most 2 s and 200 MB. As a baseline measured in the same run, the
smallest example is run the same way: the ratio shows what the input itself costs beyond starting
Python. Estimates are the one exception, by design: their work is the number of battles the player
asks for, so they are measured per battle (see the report).

Exit status 1 when an input misses its goal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SECONDS, MEGABYTES = 2.0, 200

# The limits, as the scenario format page states them.
MAX_BYTES = 1_000_000


def heavy_team() -> list[dict[str, Any]]:
    """12 cryptids, each with 8 abilities that hit every enemy on every roll or answer every hit on an ally."""
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    ally = {"when": {"reaction": "ally_damaged"}, "effect": {"damage": 1}, "target": "all_enemies"}
    return [{"name": f"C{i}", "threat": 1, "health": 999, "abilities": [every] * 4 + [ally] * 4} for i in range(12)]


def heavy_sequence(watchers: int = 14, actions: int = 100) -> dict[str, Any]:
    """Locations that each watch every other's flips and then touch every Location: trigger storms
    up to the trigger and log limits, on the largest board and action list."""
    watch = {
        "name": "Watch",
        "type": "triggered",
        "on": "becomes Contested",
        "of": "any",
        "effects": [{"do": "add_counters", "classes": ["Location"], "counter": "Liberation", "n": 1}],
    }
    loc = {
        "id": "LOC",
        "name": "Outpost",
        "faces": {
            "Prime": {"type": "Location", "values": {"DEF": 999, "Rank": 5}},
            "Contested": {"type": "Location", "values": {"DEF": 999, "Rank": 5}},
        },
        "abilities": [watch],
    }
    plain = [
        {"id": f"GU-{i}", "name": f"Unit {i}", "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 5}}}}
        for i in range(99)
    ]
    board = [{"card": "LOC", "id": f"L{i}", "owner": "A"} for i in range(watchers)]
    board += [{"card": f"GU-{i}", "owner": "B"} for i in range(100 - watchers)]
    flips = [
        {"do": "flip", "classes": ["Location"], "to": "Contested" if k % 2 == 0 else "Prime", "cause": "other effect"}
        for k in range(actions)
    ]
    return {"kind": "r19.sequence", "players": ["A", "B"], "cards": [loc, *plain], "board": board, "actions": flips}


def heavy_pool() -> dict[str, Any]:
    """500 cards, each with a bonus to a class that half the pool cannot take."""
    cards = []
    for i in range(500):
        kind = "Character" if i % 2 else "Ground Unit"
        values: dict[str, Any] = {"DEF": "X", "Rank": "X", "CP": 3} if kind == "Character" else {"DEF": 2, "Rank": 1}
        bonus = {"do": "bonus", "classes": ["Unit"], "value": "DEF", "amount": 1}
        ability = {"name": "Drill", "type": "static", "effects": [bonus]}
        cards.append({"id": f"C-{i}", "name": f"Card {i}", "faces": {"Prime": {"type": kind, "values": values}}, "abilities": [ability]})
    return {"cards": cards}


def biggest_destruction() -> dict[str, Any]:
    """A Quadrante table of 100 effects filling a file of nearly 1 MB."""
    text = "x" * ((MAX_BYTES - 2_000) // 100)
    return {"kind": "p07.destruction", "quadrante_table": [text] * 100, "seed": 2**63 - 1}


CASES: dict[str, tuple[list[str], Callable[[], Any]]] = {
    "baseline: the smallest example": (["run"], lambda: {"kind": "p07.combination", "modes": ["Single Player"]}),
    "p07.destruction, a 1 MB Quadrante table": (["run"], biggest_destruction),
    "battaglia.battle, the heaviest teams, full trace": (
        ["battle", "--text"],
        lambda: {"kind": "battaglia.battle", "left": heavy_team(), "right": heavy_team()},
    ),
    "r19.sequence, 100 cards, 100 actions: storms up to the log limit": (["run"], heavy_sequence),
    "r19.sequence, storms just within the log limit (completes)": (["run"], lambda: heavy_sequence(actions=4)),
    "lint, a pool of 500 cards with class bonuses": (["lint"], heavy_pool),
    "a file over the size limit (rejected before reading)": (["run"], lambda: None),
}


def measure(args: list[str], path: Path) -> tuple[float, float, int]:
    """Wall seconds, peak megabytes and exit status of one run in a fresh process."""
    code = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)\n"
    )
    command = [sys.executable, "-m", "estro_rules", *args[:1], str(path), *args[1:]]
    out = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True, cwd=ROOT, check=True)
    seconds, kilobytes, status = out.stdout.split()
    return float(seconds), int(kilobytes) / 1024, int(status)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for i, (name, (_argv, make)) in enumerate(CASES.items()):
            path = Path(tmp) / f"case{i}.json"
            data = make()
            path.write_text(json.dumps(data) if data is not None else " " * (MAX_BYTES * 50))
            paths[name] = path
        runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in CASES}
        for _ in range(args.rounds):  # interleaved, so the machine's drift hits every case alike
            for name, (argv, _make) in CASES.items():
                runs[name].append(measure(argv, paths[name]))
    base = statistics.median(s for s, _m, _c in runs["baseline: the smallest example"])
    failed = False
    print(f"{'input':<60} {'seconds':>8} {'× base':>7} {'MB':>6} {'exit':>5}")
    for name, results in runs.items():
        seconds = statistics.median(s for s, _m, _c in results)
        megabytes = max(m for _s, m, _c in results)
        status = results[-1][2]
        ok = seconds <= SECONDS and megabytes <= MEGABYTES
        failed |= not ok
        figures[name] = {"seconds": round(seconds, 3), "ratio": round(seconds / base, 2), "megabytes": round(megabytes, 1), "exit": status}
        print(f"{name:<60} {seconds:8.2f} {seconds / base:7.1f} {megabytes:6.0f} {status:5d}{'' if ok else '  MISSED'}")
    estimate = per_battle_cost()
    figures["estimate"] = estimate
    print(
        f"battaglia.estimate, the heaviest teams: {estimate['ms_per_battle']:.1f} ms a battle "
        f"(progress at least every second; 100,000 battles would take {estimate['minutes_for_limit']:.0f} min)"
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 1 if failed else 0


def per_battle_cost(seconds: float = 2.0) -> dict[str, float]:
    """How long one battle of the heaviest legal teams takes without a trace (what an estimate plays)."""
    sys.path.insert(0, str(ROOT))
    from estro_rules.battaglia import Simulation, team

    side = team(heavy_team())
    sim = Simulation(side, side, battles=100_000, seed=0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        sim.advance(5)
    elapsed = time.perf_counter() - start
    ms = 1000 * elapsed / sim.estimate.played
    return {"ms_per_battle": round(ms, 2), "minutes_for_limit": round(ms * 100_000 / 60_000, 1)}


if __name__ == "__main__":
    sys.exit(main())
