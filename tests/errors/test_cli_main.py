"""The command line's ``main`` in this process: what reaches the user when a command fails or its
reader goes away (the module docstring of :mod:`estro_rules.cli` is the spec).

Bad input: one line ``error: [FILE: ]FIELD: ...`` and status 2; a bug of ours: one line
``internal error: ...`` and status 3, never a traceback; Ctrl-C: ``interrupted`` and 130; a closed
pipe: nothing written, status 141, and standard output pointed at nothing so it cannot fail again.
Text the terminal's encoding cannot write is written as a backslash escape.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from estro_rules import scenarios
from estro_rules.cli import main
from tests.support import EXAMPLES


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, stdin=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


SINGLE_PLAYER = str(EXAMPLES / "p07/single-player-alone.json")


# --------------------------------------------------------------------------
# Bad input: the file first, then the field


def test_a_missing_file_is_named_first() -> None:
    assert run_cli("run", "no/such/file.json") == (
        2,
        "",
        "error: no/such/file.json: no such file; expected an existing scenario file\n",
    )


def test_a_field_of_a_file_comes_after_its_name(tmp_path: Path) -> None:
    path = tmp_path / "modes.json"
    path.write_text('{"kind": "p07.combination", "modes": ["Single Player", "Solo"]}', encoding="utf-8")
    # The known modes of PROTOCOL_07: Single Player, then the modes of its table of incompatible pairs.
    known = "'Single Player', 'Inferno 2vs2', 'Ultimo Bastione', 'Zona di Conquista', 'Cinque Soglie'"
    assert run_cli("run", str(path)) == (
        2,
        "",
        f"error: {path}: modes[1]: expected a known mode, got 'Solo' (known: {known})\n",
    )


def test_standard_input_has_no_name_to_show() -> None:
    assert run_cli("run", "-", stdin="[]") == (2, "", "error: scenario: expected a JSON object, got an empty list\n")


def test_a_command_without_a_file_shows_the_error_alone() -> None:
    # ``sources check`` has FILE..., not ``file``: its error names the document itself.
    assert run_cli("sources", "check", "no/such.txt") == (
        2,
        "",
        "error: no/such.txt: no such file; expected a source document\n",
    )


def test_errors_go_to_standard_error_when_no_stream_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    code = main(["run", "-"], out=out, stdin=io.StringIO("[]"))
    assert (code, out.getvalue()) == (2, "")
    assert capsys.readouterr() == ("", "error: scenario: expected a JSON object, got an empty list\n")


def test_output_goes_to_the_given_stream_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli("run", SINGLE_PLAYER, "--text")
    assert (code, out, err) == (0, "Single Player: allowed\n  rulings: P07-1\n", "")
    assert capsys.readouterr() == ("", "")


# --------------------------------------------------------------------------
# Bugs and Ctrl-C


def test_an_internal_error_is_one_line_with_status_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(data: object) -> object:
        raise RuntimeError("boom\nTraceback (most recent call last):")

    monkeypatch.setattr(scenarios, "load", broken)
    assert run_cli("run", SINGLE_PLAYER) == (
        3,
        "",
        "internal error: RuntimeError: boom\\nTraceback (most recent call last): (please report it with the scenario)\n",
    )


def test_ctrl_c_says_interrupted_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(data: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(scenarios, "load", interrupted)
    assert run_cli("run", SINGLE_PLAYER) == (130, "", "interrupted\n")


# --------------------------------------------------------------------------
# A terminal that cannot write every character


def test_unwritable_characters_are_backslash_escapes() -> None:
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="ascii")
    err = io.TextIOWrapper(err_bytes, encoding="ascii")
    code = main(
        ["run", str(EXAMPLES / "battaglia/equal-health-draw.json"), "--text"], out=out, stdin=io.StringIO(), err=err
    )
    out.flush()
    assert code == 0
    assert b"  [3] Ogopogo (R1) (every roll: heal 1 \\u2192 self) activates [BAT-6.3, I-BAT-17, BAT-3]\n" in out_bytes.getvalue()
    assert err_bytes.getvalue() == b""


def test_an_error_message_with_unwritable_characters_is_escaped() -> None:
    # The seed's limit is 2⁶³−1: '⁶' is U+2076, '³' U+00B3 and '−' U+2212, escaped as Python writes them.
    err_bytes = io.BytesIO()
    err = io.TextIOWrapper(err_bytes, encoding="ascii")
    code = main(["run", "-"], out=io.StringIO(), stdin=io.StringIO('{"kind": "p07.destruction", "seed": -1}'), err=err)
    err.flush()
    assert code == 2
    assert err_bytes.getvalue() == b"error: seed: expected a whole number from 0 to 2\\u2076\\xb3\\u22121, got -1\n"


# --------------------------------------------------------------------------
# A reader that goes away (``... | head``)


def closed_pipe() -> io.TextIOWrapper:
    """A text stream whose reader has closed its end: writing to it raises BrokenPipeError."""
    reader, writer = os.pipe()
    os.close(reader)
    return open(writer, "w", encoding="utf-8")


def test_a_closed_standard_output_ends_quietly_and_points_at_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    stdout = closed_pipe()
    monkeypatch.setattr(sys, "stdout", stdout)
    err = io.StringIO()
    try:
        code = main(["run", SINGLE_PLAYER], out=stdout, stdin=io.StringIO(), err=err)
        assert (code, err.getvalue()) == (141, "")
        assert os.path.samestat(os.fstat(stdout.fileno()), os.stat(os.devnull))
    finally:
        stdout.close()  # its buffered output now goes to the null device: no second error


def test_a_closed_stream_that_is_not_standard_output_leaves_standard_output_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with (tmp_path / "stdout.txt").open("w", encoding="utf-8") as stdout:
        monkeypatch.setattr(sys, "stdout", stdout)
        out = closed_pipe()
        try:
            code = main(["run", SINGLE_PLAYER], out=out, stdin=io.StringIO(), err=io.StringIO())
            assert code == 141
            assert os.path.samestat(os.fstat(stdout.fileno()), os.stat(tmp_path / "stdout.txt"))
        finally:
            with pytest.raises(BrokenPipeError):
                out.close()  # nobody pointed it at the null device: its output still has nowhere to go
