"""Print how many Battaglia battles per second the engine plays on the reference matchup.

Usage: .venv/bin/python scripts/bench_battaglia.py [SECONDS]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estro_rules.battaglia.bench import battles_per_second

TARGET = 10_000


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    r = battles_per_second(seconds)
    print(f"without trace: {r['battles_per_second']:,.0f} battles/s ({r['battles']:.0f} in {r['seconds']:.2f} s)")
    print(
        f"with trace:    {r['trace_battles_per_second']:,.0f} battles/s "
        f"({r['trace_battles']:.0f} in {r['trace_seconds']:.2f} s)"
    )
    ok = r["battles_per_second"] >= TARGET
    print(f"target {TARGET:,} battles/s without trace: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
