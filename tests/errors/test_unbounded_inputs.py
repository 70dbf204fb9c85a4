"""The last inputs without a bound, closed: what the command line reads and writes at the edges.

Every case runs the real command (``python -m estro_rules``) in its own process with a time limit, so
a read that never ends fails the test instead of hanging it: ``/dev/zero`` by name and as standard
input, a named pipe with no writer, an endless ``/proc`` file, standard input closed or not UTF-8,
a full disk, standard output closed, and a source document whose headings carry terminal escapes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT

SCENARIO = '{"kind": "p07.combination", "modes": ["Single Player"]}'
TOO_LONG = "the text is longer than 1,000,000 bytes; expected at most 1,000,000 bytes of JSON"


def run(
    args: list[str], *, stdin: object = subprocess.DEVNULL, env: dict[str, str] | None = None, shell_redirect: str = ""
) -> subprocess.CompletedProcess[bytes]:
    """``python -m estro_rules ARGS``, with a time limit; ``shell_redirect`` is added to a shell command
    line (``>&-``, ``<&-``) where a stream must be closed rather than redirected."""
    command = [sys.executable, "-m", "estro_rules", *args]
    if shell_redirect:
        line = " ".join(f"'{part}'" for part in command) + " " + shell_redirect
        return subprocess.run(["sh", "-c", line], capture_output=True, cwd=ROOT, timeout=60, env=env)
    return subprocess.run(command, stdin=stdin, capture_output=True, cwd=ROOT, timeout=60, env=env)  # type: ignore[call-overload]


@pytest.fixture()
def scenario_file(tmp_path: Path) -> Path:
    path = tmp_path / "ok.json"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_dev_zero_by_name_is_refused_before_a_byte_is_read() -> None:
    done = run(["run", "/dev/zero"])
    assert done.returncode == 2
    assert done.stderr.decode() == "error: /dev/zero: a device, not a file; expected a scenario file\n"


def test_dev_zero_as_standard_input_is_read_up_to_the_limit_only() -> None:
    with open("/dev/zero", "rb") as zero:
        done = run(["run", "-"], stdin=zero)
    assert done.returncode == 2
    assert done.stderr.decode() == f"error: scenario: {TOO_LONG}\n"


def test_a_named_pipe_without_a_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for args in (["run", str(fifo)], ["lint", str(fifo)], ["battle", str(fifo)], ["sources", "check", str(fifo)]):
        done = run(args)  # opening a FIFO for reading would wait for a writer for ever
        assert done.returncode == 2, args
        assert "a named pipe (FIFO), not a file; expected a" in done.stderr.decode(), (args, done.stderr)


def test_an_endless_proc_file_is_read_up_to_the_limit_only() -> None:
    """/proc/self/pagemap says it is empty and reads on for gigabytes (8 bytes per page of address space)."""
    pagemap = Path("/proc/self/pagemap")
    if not pagemap.exists():
        pytest.fail("this test needs Linux's /proc")
    assert pagemap.stat().st_size == 0, "its size is no guide"
    done = run(["run", str(pagemap)])
    assert done.returncode == 2
    assert done.stderr.decode() == f"error: {pagemap}: scenario: {TOO_LONG}\n"
    done = run(["sources", "check", str(pagemap)])
    assert done.returncode == 2
    assert "longer than 32,000,000 bytes; expected a source document" in done.stderr.decode()


def test_a_plain_proc_file_is_a_file() -> None:
    done = run(["run", "/proc/self/status"])  # a regular file: read, and refused as JSON
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: /proc/self/status: scenario: line 1, column 1: expecting value")


def test_standard_input_closed() -> None:
    done = run(["run", "-"], shell_redirect="<&-")
    assert done.returncode == 2
    assert done.stderr.decode() == "error: standard input is closed; expected a scenario on standard input\n"


def test_standard_input_is_utf8_whatever_the_locale() -> None:
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    text = SCENARIO[:-1] + ', "title": "Caffè — «prova»"}'
    done = subprocess.run(
        [sys.executable, "-X", "utf8=0", "-m", "estro_rules", "run", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert b'"allowed": true' in done.stdout
    prefix = SCENARIO[:-1] + ', "title": "Caff'
    latin1 = subprocess.run(
        [sys.executable, "-m", "estro_rules", "run", "-"],
        input=prefix.encode() + '\xe8"}'.encode("latin-1"),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert latin1.returncode == 2
    assert latin1.stderr.decode() == f"error: byte {len(prefix)} is not UTF-8 text; expected text in UTF-8\n"


def test_a_full_disk_is_a_clear_error(scenario_file: Path) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "estro_rules", "run", str(scenario_file)],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
        )
    assert done.returncode == 74
    assert done.stderr.decode() == "error: cannot write the output: no space left on the device\n"


def test_standard_output_closed_is_a_clear_error(scenario_file: Path) -> None:
    done = run(["run", str(scenario_file)], shell_redirect=">&-")
    assert done.returncode == 74
    assert done.stderr.decode() == "error: cannot write the output: standard output is closed\n"


def test_sources_check_prints_hostile_headings_escaped(tmp_path: Path) -> None:
    document = tmp_path / "battaglia.txt"
    document.write_text(
        "Battaglia\n\nRegole \x1b[2J speciali \u202eelor\n\nUn paragrafo.\n\nTitolo\u2066 isolato\u2069\n\nUn altro.\n",
        encoding="utf-8",
    )
    done = run(["sources", "check", str(document)])
    assert done.returncode == 1
    out = done.stdout.decode("utf-8")
    assert "\x1b" not in out and "\u202e" not in out and "\u2066" not in out
    assert "uncovered: Battaglia › Regole \\x1b[2J speciali \\u202eelor ¶1 (line 5): no ruling restates it" in out
    assert "uncovered: Battaglia › Titolo\\u2066 isolato\\u2069 ¶1 (line 9): no ruling restates it" in out


def test_sources_check_escapes_the_file_name_it_prints(tmp_path: Path) -> None:
    document = tmp_path / "a\x1b]0;title\x07.txt"
    document.write_text("Battaglia\n\nUn paragrafo.\n", encoding="utf-8")
    done = run(["sources", "check", str(document)])
    first = done.stdout.decode("utf-8").splitlines()[0]
    assert first == f"checked: Battaglia ({tmp_path}/a\\x1b]0;title\\x07.txt, 1 paragraphs)"
