"""Battaglia battles per second on the reference matchup, in CPython and inside Pyodide.

    .venv/bin/python scripts/bench_battaglia.py [--seconds S] [--no-pyodide] [--json FILE]
    .venv/bin/python scripts/bench_battaglia.py --compare BASE [--rounds N] [--battles N] [--repeats N] [--json FILE]
    .venv/bin/python scripts/bench_battaglia.py --jobs K [--rounds N] [--battles N] [--json FILE]

Both runs call the same function, ``estro_rules.battaglia.bench.battles_per_second``:
CPython here (one process, so one core), then Pyodide under Node from the
vendored npm package with the engine's wheel built from this repo. Targets
(issue: Battaglia): at least 10,000 battles/s in CPython without trace, and
Pyodide no more than 3 times slower. Exits 1 when a target is missed.

``--compare BASE`` measures this tree against the git revision BASE in the same run, so that a
change is judged by a ratio rather than by figures taken on a busy machine at another time: BASE is
checked out into a temporary git worktree, and each round measures both trees, each in a fresh
CPython process running its own engine on the same battles (see ``MEASURE``; the first to run
alternates from round to round, so a slow drift of the machine favours neither). It prints each
round, the medians and the ratios this tree / BASE, in battles per second without and with a trace,
and exits 1 when the battles without a trace are more than 5% slower than BASE's.

``--jobs K`` times the whole command ``battle FILE --simulate N --jobs K`` against ``--jobs 1`` on the
reference matchup, in turns (the first alternates from round to round), checks that both print the
same estimate, and prints the medians and the speedup. Target (issue: first result): at least 1.7x
with 2 jobs on 2 cores for 20,000 battles (``--battles 20000``, the default for ``--jobs``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from estro_rules.battaglia.bench import battles_per_second  # noqa: E402
from scripts.sitegen.assets import build_wheel  # noqa: E402

CPYTHON_TARGET = 10_000
PYODIDE_MAX_SLOWDOWN = 3.0
COMPARE_MAX_SLOWDOWN = 0.05
"""How much slower than BASE the battles without a trace may be, in ``--compare``."""


def in_pyodide(seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        code = (
            "import json\n"
            "from estro_rules.battaglia.bench import battles_per_second\n"
            f"print('RESULT ' + json.dumps(battles_per_second({seconds!r})))\n"
        )
        done = subprocess.run(
            ["node", "scripts/pyodide_run.mjs", str(wheel), "python"],
            input=code,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=600,
            check=True,
        )
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    result: dict[str, float] = json.loads(line.removeprefix("RESULT "))
    return result


MEASURE = """
import json, time
from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, Matchup, Simulation, battle, battle_seed

def best(run, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)

plain, traced, repeats = {plain}, {traced}, {repeats}
m = Matchup(REFERENCE_LEFT, REFERENCE_RIGHT)
untraced = best(lambda: Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=plain, seed=0).advance(plain), repeats)
with_trace = best(
    lambda: [battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=battle_seed(0, i), matchup=m) for i in range(traced)], repeats
)
print("RESULT " + json.dumps({{"battles_per_second": plain / untraced, "trace_battles_per_second": traced / with_trace}}))
"""
"""What ``--compare`` runs in each tree: the same battles every time, timed in CPU time (the machine may be
shared, and wall time would count the time spent waiting for other processes), the best of a few repeats.
Only names both trees export are used, so the workload is the same whatever the trees' own benchmark does."""


def in_fresh_cpython(tree: Path, plain: int, repeats: int) -> dict[str, float]:
    """Battles per second, without and with a trace, of ``tree``'s own code in a new CPython process."""
    code = MEASURE.format(plain=plain, traced=max(1, plain // 10), repeats=repeats)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    result: dict[str, float] = json.loads(line.removeprefix("RESULT "))
    return result


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def compare(base: str, rounds: int, plain: int, repeats: int) -> dict[str, object]:
    """Measure ``base`` and this tree in turn, ``rounds`` times each; the medians and their ratios."""
    runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base_tree), base], cwd=ROOT, check=True, capture_output=True
        )
        try:
            trees = {"base": base_tree, "new": ROOT}
            for n in range(rounds):
                for name in ("base", "new") if n % 2 == 0 else ("new", "base"):
                    r = in_fresh_cpython(trees[name], plain, repeats)
                    runs[name].append(r)
                    print(
                        f"round {n + 1}  {name:>4}: {r['battles_per_second']:>8,.0f} battles/s without trace, "
                        f"{r['trace_battles_per_second']:>6,.0f} with trace",
                        flush=True,
                    )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=True)
    figures: dict[str, object] = {"base": base, "rounds": rounds, "battles": plain, "repeats": repeats, "runs": runs}
    for key, label in (("battles_per_second", "without trace"), ("trace_battles_per_second", "with trace")):
        old = median([r[key] for r in runs["base"]])
        new = median([r[key] for r in runs["new"]])
        best = max(r[key] for r in runs["new"]) / max(r[key] for r in runs["base"])
        figures[key] = {"base_median": old, "new_median": new, "ratio": new / old, "best_ratio": best}
        print(
            f"median {label}: base {old:,.0f}, this tree {new:,.0f} battles/s; ratio this tree / base {new / old:.3f}"
            f" (best rounds: {best:.3f})"
        )
    return figures


REFERENCE = ROOT / "examples" / "battaglia" / "reference-matchup.json"
PARALLEL_TARGET = 1.7
"""The speedup ``--jobs 2`` must give over ``--jobs 1`` (2 cores, 20,000 battles)."""


def timed_estimate(battles: int, jobs: int) -> tuple[float, str]:
    """Wall time of the command ``battle --simulate battles --jobs jobs``, and what it printed."""
    command = [sys.executable, "-m", "estro_rules", "battle", str(REFERENCE), "--simulate", str(battles)]
    began = time.perf_counter()
    done = subprocess.run([*command, "--jobs", str(jobs)], cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - began, done.stdout


def parallel(jobs: int, rounds: int, battles: int) -> dict[str, object]:
    """``--jobs jobs`` against ``--jobs 1``, ``rounds`` times each; the medians and the speedup."""
    times: dict[int, list[float]] = {1: [], jobs: []}
    outputs: set[str] = set()
    for n in range(rounds):
        for k in (1, jobs) if n % 2 == 0 else (jobs, 1):
            seconds, out = timed_estimate(battles, k)
            times[k].append(seconds)
            outputs.add(out)
            print(f"round {n + 1}  --jobs {k}: {seconds:.2f} s for {battles:,} battles", flush=True)
    if len(outputs) != 1:
        raise SystemExit("the estimates differ between --jobs 1 and --jobs K: a bug, not a measurement")
    one, many = median(times[1]), median(times[jobs])
    speedup = one / many
    print(f"median: --jobs 1 {one:.2f} s, --jobs {jobs} {many:.2f} s; speedup {speedup:.2f}x (same estimate)")
    return {"battles": battles, "jobs": jobs, "rounds": rounds, "times": times, "speedup": speedup}


def show(name: str, r: dict[str, float]) -> None:
    print(
        f"{name:>8} without trace: {r['battles_per_second']:>9,.0f} battles/s ({r['battles']:,.0f} in {r['seconds']:.2f} s)"
    )
    print(
        f"{name:>8}    with trace: {r['trace_battles_per_second']:>9,.0f} battles/s "
        f"({r['trace_battles']:,.0f} in {r['trace_seconds']:.2f} s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--no-pyodide", action="store_true", help="measure CPython only")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--compare", metavar="BASE", help="compare with the git revision BASE (CPython only)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of --compare (each measures both trees)")
    parser.add_argument(
        "--battles",
        type=int,
        help="battles without trace per --compare measurement (a tenth traced; 2,000 unless given), "
        "or per --jobs command (20,000 unless given)",
    )
    parser.add_argument("--repeats", type=int, default=5, help="repeats per --compare measurement; the best counts")
    parser.add_argument("--jobs", type=int, help="time battle --simulate with this many jobs against one")
    args = parser.parse_args()

    if args.jobs:
        figures = parallel(args.jobs, args.rounds, args.battles or 20_000)
        met = figures["speedup"] >= PARALLEL_TARGET  # type: ignore[operator]
        print(f"target: at least {PARALLEL_TARGET}x with --jobs {args.jobs}: {'met' if met else 'NOT met'}")
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
        return 0 if met else 1

    if args.compare:
        figures = compare(args.compare, args.rounds, args.battles or 2000, args.repeats)
        ratio = figures["battles_per_second"]["ratio"]  # type: ignore[index]
        within = ratio >= 1 - COMPARE_MAX_SLOWDOWN
        print(
            f"target: without trace at most {100 * COMPARE_MAX_SLOWDOWN:g}% slower than {args.compare}: "
            f"{'met' if within else 'NOT met'}"
        )
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
        return 0 if within else 1

    figures = {"cpython": battles_per_second(args.seconds)}
    show("CPython", figures["cpython"])  # type: ignore[arg-type]
    ok = figures["cpython"]["battles_per_second"] >= CPYTHON_TARGET  # type: ignore[index]
    print(f"target: >= {CPYTHON_TARGET:,} battles/s in CPython without trace: {'met' if ok else 'NOT met'}")
    if not args.no_pyodide:
        figures["pyodide"] = pyodide = in_pyodide(args.seconds)
        show("Pyodide", pyodide)
        slowdown = figures["cpython"]["battles_per_second"] / pyodide["battles_per_second"]  # type: ignore[index]
        figures["pyodide_slowdown"] = round(slowdown, 2)
        within = slowdown <= PYODIDE_MAX_SLOWDOWN
        ok = ok and within
        print(
            f"target: Pyodide at most {PYODIDE_MAX_SLOWDOWN:g}x slower: {slowdown:.2f}x, {'met' if within else 'NOT met'}"
        )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
