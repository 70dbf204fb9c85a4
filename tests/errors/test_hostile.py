"""Hostile input on the command line: bounded work, one clean line of output, never a traceback.

Each test runs the real command (``python -m estro_rules``) in its own process, as a player or a
script would, and checks the exit status, that the message is one line naming the field, and that
no traceback or raw control character reaches the terminal.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT, estro_bytes


def one_clean_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8")
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert "Traceback" not in text
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069" for c in text[:-1])
    return text[:-1]


def test_a_lone_surrogate_is_refused_with_a_message() -> None:
    scenario = '{"kind": "p07.destruction", "quadrante_table": ["Swap\\ud800"]}'
    done = estro_bytes("run", "-", stdin=scenario)
    assert done.returncode == 2
    line = one_clean_line(done.stderr)
    assert line == (
        "error: quadrante_table[0]: expected text without line breaks, control characters or direction marks, "
        "got 'Swap\\ud800'"
    )


@pytest.mark.parametrize(
    ("key", "shown"),
    [
        ("x\nerror: forged", "x\\nerror: forged"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("evil\u202eroot", "evil\\u202eroot"),
    ],
    ids=["newline", "ANSI escape", "right-to-left override"],
)
def test_a_hostile_key_is_shown_escaped_on_one_line(key: str, shown: str) -> None:
    scenario = json.dumps({"kind": "p07.combination", "modes": ["Single Player"], key: 1})
    done = estro_bytes("run", "-", stdin=scenario)
    assert done.returncode == 2
    line = one_clean_line(done.stderr)
    assert line.startswith(f"error: {shown}: unknown field; expected one of: ")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"kind": "p07.combination", "modes": ["' + "x" * 50_000_000 + '"]}')
    done = estro_bytes("run", str(big))
    assert done.returncode == 2
    assert one_clean_line(done.stderr) == (
        f"error: {big}: scenario: the text is longer than 1,000,000 bytes; expected at most 1,000,000 bytes of JSON"
    )
    piped = estro_bytes("run", "-", stdin=" " * 2_000_000)
    assert piped.returncode == 2 and "longer than 1,000,000 bytes" in one_clean_line(piped.stderr)


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"kind": "p07.combination", "modes": ["Single Player"]}).encode())
    done = estro_bytes("run", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["allowed"] is True


def test_a_key_given_twice_is_an_error() -> None:
    done = estro_bytes("run", "-", stdin='{"kind": "p07.destruction", "seed": 1, "seed": 2}')
    assert done.returncode == 2
    assert one_clean_line(done.stderr) == (
        "error: scenario: the key 'seed' is given twice in one object; expected each key once"
    )


def test_text_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"kind": "p07.combination", "modes": ["Caf\xe9"]}')
    done = estro_bytes("run", str(path))
    assert done.returncode == 2
    assert one_clean_line(done.stderr) == f"error: {path}: byte 42 is not UTF-8 text; expected a text file in UTF-8"


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``... | head``: the reader goes away; the command stops without a word, like a Unix tool.

    The battle's trace is far longer than a pipe holds (the heaviest legal teams), so the command is
    still writing when the reader closes its end.
    """
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    ally = {"when": {"reaction": "ally_damaged"}, "effect": {"damage": 1}, "target": "all_enemies"}
    side = [{"name": f"C{i}", "threat": 1, "health": 999, "abilities": [every] * 4 + [ally] * 4} for i in range(12)]
    path = tmp_path / "heavy.json"
    path.write_text(json.dumps({"kind": "battaglia.battle", "left": side, "right": side}))
    process = subprocess.Popen(
        [sys.executable, "-m", "estro_rules", "battle", str(path), "--text"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    code = process.wait(timeout=60)
    assert (code, process.stderr.read()) == (141, b"")


@pytest.mark.parametrize(("jobs", "message"), [("0", "--jobs: expected a whole number from 1 to 64, got 0"), ("65", "got 65")])
def test_jobs_are_bounded(jobs: str, message: str) -> None:
    done = estro_bytes("battle", "examples/battaglia/reference-matchup.json", "--simulate", "10", "--jobs", jobs)
    assert done.returncode == 2 and message in one_clean_line(done.stderr)
