"""Show that a change of structure changed no behaviour: the same JSON before and after, byte for byte.

    .venv/bin/python scripts/same_behaviour.py BASE        # compare the work tree with commit BASE
    .venv/bin/python scripts/same_behaviour.py --snapshot  # print this tree's snapshot (JSON)

A snapshot holds, as JSON text:

- every example scenario's result (``examples/**/*.json``), or its error message;
- every doctest of the engine's modules and of the pages (``docs/_sources/*.md``): each example's
  source and the output it really gives when run;
- 200 seeded battles of the reference matchup, each with its full trace.

``BASE`` is checked out into a temporary git worktree and snapshotted there by its own code, then
the two snapshots are compared; any difference is printed and the exit status is 1.
"""

from __future__ import annotations

import argparse
import doctest
import importlib
import json
import pkgutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BATTLES = 200


def _run_doctest(test: doctest.DocTest) -> list[list[str]]:
    """Each example of ``test`` with the output it gives (not the output it promises)."""
    got: list[list[str]] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)

    class Recorder(doctest.OutputChecker):
        def check_output(self, want: str, out: str, optionflags: int) -> bool:
            got.append([want, out])
            return super().check_output(want, out, optionflags)

    runner._checker = Recorder()  # type: ignore[attr-defined]
    runner.run(test, out=lambda _text: None)
    return [[example.source, output] for example, (_want, output) in zip(test.examples, got, strict=False)]


def doctests() -> dict[str, list[list[str]]]:
    """Every doctest's examples and real outputs, keyed by the doctest's own code.

    Keyed by content, not by place, so a doctest that moves to another module is still the same one;
    a doctest whose code changed shows up as one gone and one new.
    """
    import estro_rules

    found: dict[str, list[list[str]]] = {}
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(estro_rules.__path__, "estro_rules."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for test in finder.find(module):
            if test.examples and test.name.startswith(info.name):  # each docstring once, where it is defined
                found["".join(e.source for e in test.examples)] = _run_doctest(test)
    parser = doctest.DocTestParser()
    for page in sorted((ROOT / "docs" / "_sources").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        blocks = text.split("```pycon\n")[1:]
        globs: dict[str, Any] = {"__name__": page.stem}
        for i, block in enumerate(blocks):
            code = block.split("```", 1)[0]
            test = parser.get_doctest(code, globs, f"{page.name}[{i}]", str(page), 0)
            found[f"{page.name}: " + "".join(e.source for e in test.examples)] = _run_doctest(test)
            globs = test.globs
    return found


def examples() -> dict[str, Any]:
    from estro_rules import scenarios
    from estro_rules.errors import EstroError

    results: dict[str, Any] = {}
    for path in sorted((ROOT / "examples").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "kind" not in data:
            continue
        try:
            results[str(path.relative_to(ROOT))] = scenarios.run(data).to_json()
        except EstroError as err:
            results[str(path.relative_to(ROOT))] = {"error": str(err)}
    return results


def battles() -> list[Any]:
    from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, battle

    return [battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=seed).to_json() for seed in range(BATTLES)]


def snapshot() -> dict[str, Any]:
    return {"examples": examples(), "doctests": doctests(), "battles": battles()}


def snapshot_of(tree: Path) -> dict[str, Any]:
    """A snapshot made by ``tree``'s own code, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--snapshot"],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"snapshot failed in {tree}:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    problems = []
    for part in ("examples", "doctests"):
        old, new = before[part], after[part]
        for key in sorted(set(old) | set(new)):
            if key not in new:
                problems.append(f"{part}: {key} is gone")
            elif key not in old:
                problems.append(f"{part}: {key} is new")
            elif json.dumps(old[key], sort_keys=True) != json.dumps(new[key], sort_keys=True):
                problems.append(f"{part}: {key} differs")
        problems = [p if len(p) < 300 else p[:297] + "..." for p in problems]
    for seed, (old, new) in enumerate(zip(before["battles"], after["battles"], strict=True)):
        if json.dumps(old, sort_keys=True) != json.dumps(new, sort_keys=True):
            problems.append(f"battles: seed {seed} differs")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", help="the commit to compare with (a git revision)")
    parser.add_argument("--snapshot", action="store_true", help="print this tree's snapshot as JSON")
    args = parser.parse_args()
    if args.snapshot:
        sys.path.insert(0, str(Path.cwd()))
        json.dump(snapshot(), sys.stdout, sort_keys=True)
        return 0
    if not args.base:
        parser.error("give a commit to compare with, or --snapshot")
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base_tree), args.base], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            # The base may predate this script: run today's script on the base's code.
            before = snapshot_of(base_tree)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=True)
    after = snapshot_of(ROOT)
    problems = differences(before, after)
    counts = f"{len(after['examples'])} examples, {len(after['doctests'])} doctests, {len(after['battles'])} battles"
    if problems:
        print(f"behaviour changed ({counts} compared):")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print(f"same behaviour: {counts}, byte-identical JSON")
    return 0


if __name__ == "__main__":
    sys.exit(main())
