"""Battaglia battles per second on the reference matchup, in CPython and inside Pyodide.

    .venv/bin/python scripts/bench_battaglia.py [--seconds S] [--no-pyodide] [--json FILE]

Both runs call the same function, ``estro_rules.battaglia.bench.battles_per_second``:
CPython here (one process, so one core), then Pyodide under Node from the
vendored npm package with the engine's wheel built from this repo. Targets
(issue: Battaglia): at least 10,000 battles/s in CPython without trace, and
Pyodide no more than 3 times slower. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from estro_rules.battaglia.bench import battles_per_second  # noqa: E402
from scripts.sitegen.assets import build_wheel  # noqa: E402

CPYTHON_TARGET = 10_000
PYODIDE_MAX_SLOWDOWN = 3.0


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
    args = parser.parse_args()

    figures: dict[str, object] = {"cpython": battles_per_second(args.seconds)}
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
