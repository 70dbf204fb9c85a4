"""``battle --simulate N --jobs K``: the processes that play the estimate die with the command.

The real command runs a long estimate in 2 processes; once both are busy, the command gets SIGTERM,
SIGINT, or is killed outright (SIGKILL, which it cannot catch). Each time every process must be gone
within a few seconds (a process left as a zombie for an init that does not reap counts as gone: it
runs nothing). Before the fix they played on at full CPU after SIGTERM and SIGKILL.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import ROOT, example

#: The battles asked for: far more than the few seconds a test waits can play.
BATTLES = "100000"


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def wait_for(condition: object, seconds: float) -> bool:
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def interruptible() -> None:
    """SIGINT at its default in the command, as in a terminal where Ctrl-C reaches it. A test run started
    in the background (``cmd &`` in a script, ``nohup``) ignores SIGINT, every process it starts inherits
    that, and Python then leaves SIGINT ignored, as a program should: the command would play on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture()
def long_estimate(tmp_path: Path) -> Path:
    path = tmp_path / "matchup.json"
    path.write_text(json.dumps(example("battaglia/reference-matchup.json")), encoding="utf-8")
    return path


@pytest.mark.parametrize(("how", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGKILL, -9)])
def test_the_processes_die_with_the_command(long_estimate: Path, how: signal.Signals, status: int) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.fail("this test reads /proc (Linux)")
    command = subprocess.Popen(
        [sys.executable, "-m", "estro_rules", "battle", str(long_estimate), "--simulate", BATTLES, "--jobs", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=interruptible,
    )
    workers: list[int] = []
    try:
        assert wait_for(lambda: len(children(command.pid)) >= 2, 30), "the two processes did not start"
        time.sleep(0.5)  # both busy playing
        workers = children(command.pid)
        assert all(running(p) for p in workers)
        os.kill(command.pid, how)  # the command alone, as `kill PID` or a supervisor sends it
        command.wait(timeout=20)
        assert command.returncode == status, command.stderr.read() if command.stderr else ""
        assert wait_for(lambda: not any(running(p) for p in workers), 5), [p for p in workers if running(p)]
    finally:
        if command.poll() is None:
            command.kill()
        command.wait(timeout=20)
        for p in workers:  # whatever failed above, leave nothing running
            if running(p):
                os.kill(p, signal.SIGKILL)


def test_a_process_whose_parent_is_gone_stops_by_itself(long_estimate: Path) -> None:
    """The check between slices alone (as where the kernel cannot be asked): a shell starts the command
    and its processes and is killed; the kernel's parent-death signal is off in this run."""
    script = (
        "import sys\n"
        "from estro_rules.battaglia import parallel\n"
        "parallel._die_with_parent = lambda: None\n"
        "from estro_rules.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    command = subprocess.Popen(
        [sys.executable, "-c", script, "battle", str(long_estimate), "--simulate", BATTLES, "--jobs", "2"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        assert wait_for(lambda: len(children(command.pid)) >= 2, 30)
        workers = children(command.pid)
        command.kill()
        command.wait(timeout=20)
        assert wait_for(lambda: not any(running(p) for p in workers), 5), [p for p in workers if running(p)]
    finally:
        if command.poll() is None:
            command.kill()
            command.wait(timeout=20)
        for p in workers:
            if running(p):
                os.kill(p, signal.SIGKILL)
