"""Where the test run's CPU goes: every process sampled from ``/proc`` once a second while the tests run.

    .venv/bin/python scripts/profile_tests.py                # the whole suite, as scripts/test.sh runs it
    .venv/bin/python scripts/profile_tests.py tests/browser  # or any pytest arguments

Prints how busy the cores were, the CPU by program (chromium, python, node, mkdocs…) and by test file and
test. A process's CPU counts to the test its pytest-xdist worker was running at that second, when the
process descends from that worker (Chromium's renderers do: worker, Playwright's driver, Chromium, its
zygote). ``time`` cannot tell this: Chromium's processes are not counted to the command that started them.
Linux only (it reads ``/proc``). The site's build, started by the run's own process, counts to no test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")

#: The pytest plugin each process of the run loads: when each test starts and ends, in which process.
PLUGIN = """
import json, os, time
_out = None
def _log(nodeid, ev):
    global _out
    if _out is None:
        _out = open(os.path.join(os.environ["ESTRO_PROFILE_DIR"], f"tests-{os.getpid()}.jsonl"), "a", buffering=1)
    _out.write(json.dumps({"id": nodeid, "ev": ev, "t": time.time(), "pid": os.getpid()}) + "\\n")
def _runs_tests():  # a pytest-xdist worker, or pytest without workers (not the controller)
    return "PYTEST_XDIST_WORKER" in os.environ or os.environ.get("ESTRO_TEST_WORKERS") == "0"
def pytest_runtest_logstart(nodeid, location):
    if _runs_tests():
        _log(nodeid, "start")
def pytest_runtest_logfinish(nodeid, location):
    if _runs_tests():
        _log(nodeid, "end")
"""


@dataclass(frozen=True)
class Process:
    """One process as ``/proc/PID/stat`` shows it."""

    parent: int
    """Its parent's PID."""

    name: str
    """Its program's name (``comm``)."""

    cpu: float
    """Seconds of CPU it has used (user and system)."""


def processes() -> dict[int, Process]:
    """Every process running now."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # it ended meanwhile
            continue
        name, rest = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
        found[int(entry)] = Process(int(rest[1]), name, (int(rest[11]) + int(rest[12])) / TICK)
    return found


def ancestors(pid: int, table: dict[int, Process]) -> list[int]:
    """``pid`` and the processes it descends from, nearest first."""
    chain: list[int] = []
    while pid in table and pid > 1 and len(chain) < 64:
        chain.append(pid)
        pid = table[pid].parent
    return chain


def main(args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "estro_profile_plugin.py").write_text(PLUGIN)
        env = {
            **os.environ,
            "ESTRO_PROFILE_DIR": folder,
            "PYTHONPATH": os.pathsep.join(filter(None, [folder, os.environ.get("PYTHONPATH")])),
            "PYTEST_ADDOPTS": " ".join(filter(None, [os.environ.get("PYTEST_ADDOPTS"), "-p estro_profile_plugin"])),
            "NO_MKDOCS_2_WARNING": "1",
        }
        if not args:
            env["ESTRO_BUILD_SITE_EARLY"] = "1"  # as scripts/test.sh runs the whole suite
        workers = env.setdefault("ESTRO_TEST_WORKERS", "4")
        command = [sys.executable, "-m", "pytest", "-q", "-n", workers, *args]
        samples: list[tuple[float, dict[int, tuple[float, list[int], str]]]] = []
        seen = processes()
        started = time.time()
        run = subprocess.Popen(command, cwd=ROOT, env=env)
        while run.poll() is None:
            time.sleep(1.0)
            now, table = time.time(), processes()
            used = {}
            for pid, process in table.items():
                before = seen[pid].cpu if pid in seen and seen[pid].name == process.name else 0.0
                if process.cpu > before:
                    used[pid] = (process.cpu - before, ancestors(pid, table), process.name)
            samples.append((now, used))
            seen = table
        wall = time.time() - started
        tests: dict[int, list[tuple[float, float, str]]] = defaultdict(list)
        for log in Path(folder).glob("tests-*.jsonl"):
            begun: dict[str, float] = {}
            for line in log.read_text().splitlines():
                event = json.loads(line)
                if event["ev"] == "start":
                    begun[event["id"]] = event["t"]
                elif event["id"] in begun:
                    tests[event["pid"]].append((begun.pop(event["id"]), event["t"], event["id"]))
    report(samples, tests, wall, os.cpu_count() or 1)
    return run.returncode


def report(
    samples: list[tuple[float, dict[int, tuple[float, list[int], str]]]],
    tests: dict[int, list[tuple[float, float, str]]],
    wall: float,
    cores: int,
) -> None:
    by_program: dict[str, float] = defaultdict(float)
    by_test: dict[str, float] = defaultdict(float)
    for when, used in samples:
        for cpu, chain, name in used.values():
            by_program[name] += cpu
            worker = next((pid for pid in chain if pid in tests), None)
            running = [t for t in tests.get(worker, []) if t[0] <= when and t[1] >= when - 1.0] if worker else []
            by_test[running[-1][2] if running else "(no test: the run's own process, the build, set-up)"] += cpu
    total = sum(by_program.values())
    print(f"\n{wall:.0f} s wall, {total:.0f} s of CPU: the {cores} cores {100 * total / (wall * cores):.0f} % busy")
    print("\nBy program:")
    for name, cpu in sorted(by_program.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {cpu:7.0f} s  {name}")
    by_file: dict[str, float] = defaultdict(float)
    for test, cpu in by_test.items():
        by_file[test.split("::")[0]] += cpu
    print("\nBy test file:")
    for name, cpu in sorted(by_file.items(), key=lambda kv: -kv[1])[:20]:
        print(f"  {cpu:7.0f} s  {name}")
    print("\nThe 25 costliest tests:")
    for name, cpu in sorted(by_test.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {cpu:7.1f} s  {name}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
