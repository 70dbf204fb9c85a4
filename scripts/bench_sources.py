"""``sources check`` on large source documents: time against size, to show it grows linearly.

    .venv/bin/python scripts/bench_sources.py [--sizes 1 4 13] [--rounds 3] [--compare REV] [--json FILE]

Two shapes of document of about N MB, in which no paragraph is one a ruling restates (every record is
looked for elsewhere: the most work a check can do): a Battaglia document of many short paragraphs,
with a heading that carries a terminal escape and a bidi override (the report must print them
escaped), and a PROTOCOL_07 document of long paragraphs (about 100 kB each: the check before this
one normalised and hashed every paragraph once per record, so its cost was the records times the
size). ``--compare REV`` runs revision REV's command on the same documents in the same run
(exported as scripts/bench_update.py does it). Each runs as a
maintainer would run it, ``python -m estro_rules sources check FILE``, in a fresh process. As a
baseline measured in the same run, the smallest document (one paragraph) is checked the same way.
The figure that matters is the cost per MB above the baseline at each size: constant when the check
is linear (a quadratic check costs 13 times as much per MB at 13 MB as at 1 MB).

Exit status 1 when the cost per MB at the largest size is over twice the cost at the smallest.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: A heading a hostile document might carry: a terminal escape (clear the screen) and a bidi override.
HOSTILE_HEADING = "Regole \x1b[2J speciali \u202eelor"


def document(megabytes: float) -> str:
    """A Battaglia document of about ``megabytes`` MB: sections of paragraphs that no ruling restates."""
    lines = ["Battaglia", "", HOSTILE_HEADING, "", "Un paragrafo sotto un titolo ostile.", ""]
    size, n = 0, 0
    while size < megabytes * 1_000_000:
        if n % 50 == 0:
            lines += [f"Sezione {n // 50}", ""]
        paragraph = f"Paragrafo {n}: i dadi si tirano di nuovo e il valore {n} conta una volta sola."
        lines += [paragraph, ""]
        size += len(paragraph) + 2
        n += 1
    return "\n".join(lines) + "\n"


def long_paragraphs(megabytes: float) -> str:
    """A PROTOCOL_07 document of about ``megabytes`` MB in paragraphs of about 100 kB."""
    paragraph = " ".join(f"parola{j % 977}" for j in range(12_000))
    count = max(1, round(megabytes * 1_000_000 / len(paragraph)))
    return "\n".join(["PROTOCOL_07", "", "INFO", "", *(f"Paragrafo {i}: {paragraph}" for i in range(count))]) + "\n"


def measure(path: Path, root: Path = ROOT) -> tuple[float, int, str]:
    """CPU seconds (user and system: what the check costs, whatever else the machine runs), exit status and
    standard output of one ``sources check`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "estro_rules", "sources", "check", str(path)], capture_output=True, text=True, cwd=root
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.returncode, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1.0, 4.0, 13.0], help="document sizes in MB")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", metavar="REV", help="also run revision REV's command, in the same run")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    other: Path | None = None
    if args.compare:
        sys.path.insert(0, str(ROOT))
        from scripts.bench_update import export

        other = export(args.compare).root
    with tempfile.TemporaryDirectory() as tmp:
        paths = {0.0: Path(tmp) / "baseline.txt"}
        paths[0.0].write_text("Battaglia\n\nUn paragrafo.\n", encoding="utf-8")
        for mb in args.sizes:
            paths[mb] = Path(tmp) / f"doc-{mb}.txt"
            paths[mb].write_text(document(mb), encoding="utf-8")
        long_doc = Path(tmp) / "long.txt"
        long_doc.write_text(long_paragraphs(args.sizes[-1]), encoding="utf-8")
        runs: dict[float, list[float]] = {mb: [] for mb in paths}
        outputs: dict[float, str] = {}
        long_runs: dict[str, list[float]] = {"this checkout": [], **({args.compare: []} if other else {})}
        for _ in range(args.rounds):  # interleaved, so the machine's drift hits every size alike
            for mb, path in paths.items():
                seconds, status, out = measure(path)
                assert status in (0, 1), f"sources check exited {status}"
                runs[mb].append(seconds)
                outputs[mb] = out
            for name in long_runs:
                long_runs[name].append(measure(long_doc, other if other is not None and name == args.compare else ROOT)[0])
    escaped = all("\x1b" not in out and "\u202e" not in out for out in outputs.values())
    shown = "\\x1b[2J" in outputs[args.sizes[0]] and "\\u202e" in outputs[args.sizes[0]]
    base = statistics.median(runs[0.0])
    figures: dict[str, object] = {"baseline_seconds": round(base, 3), "escaped": escaped and shown}
    print(f"baseline (one paragraph): {base:.2f} CPU s")
    print(f"{'MB':>6} {'CPU s':>8} {'s per MB above baseline':>24}")
    per_mb = {}
    for mb in args.sizes:
        seconds = statistics.median(runs[mb])
        per_mb[mb] = (seconds - base) / mb
        figures[f"{mb:g} MB"] = {"seconds": round(seconds, 2), "per_mb": round(per_mb[mb], 3)}
        print(f"{mb:6.1f} {seconds:8.2f} {per_mb[mb]:24.3f}")
    growth = per_mb[args.sizes[-1]] / per_mb[args.sizes[0]]
    figures["growth"] = round(growth, 2)
    print(f"cost per MB at {args.sizes[-1]:g} MB / at {args.sizes[0]:g} MB: {growth:.2f} (linear: about 1)")
    for name, times in long_runs.items():
        figures[f"long paragraphs, {args.sizes[-1]:g} MB, {name}"] = round(statistics.median(times), 2)
        print(f"long paragraphs, {args.sizes[-1]:g} MB, {name}: {statistics.median(times):.2f} CPU s")
    print(
        f"headings with a terminal escape and a bidi override printed escaped: {'yes' if figures['escaped'] else 'NO'}"
    )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0 if growth <= 2 and figures["escaped"] else 1


if __name__ == "__main__":
    sys.exit(main())
