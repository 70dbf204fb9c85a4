"""``sources check FILE...`` through the command line's ``main``, with its own output stream: the report
goes to that stream and nowhere else, and the status is 0 in sync, 1 on drift (estro_rules.sources_cli).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from estro_rules.cli import main
from tests.support.seeds import seed_files


def sources_check(capsys: pytest.CaptureFixture[str], *files: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["sources", "check", *map(str, files)], out=out, stdin=io.StringIO(), err=err)
    assert capsys.readouterr() == ("", "")  # nothing reaches the process's own streams
    return code, out.getvalue(), err.getvalue()


def test_the_seeds_are_in_sync(capsys: pytest.CaptureFixture[str]) -> None:
    files = seed_files()
    code, out, err = sources_check(capsys, *files)
    assert (code, err) == (0, "")
    # 25 + 17 + 41 paragraphs, counted by hand in test_sources.py::test_paragraph_counts_follow_the_model; a
    # document the repository keeps (a protocol added later) comes after them.
    lines = out.splitlines()
    assert lines[:3] == [
        f"checked: PROTOCOL_07 ({files[0]}, 25 paragraphs)",
        f"checked: Battaglia ({files[1]}, 17 paragraphs)",
        f"checked: 19. Resolution Rules ({files[2]}, 41 paragraphs)",
    ]
    more = [int(line.rsplit(", ", 1)[1].split()[0]) for line in lines[3:-1]]
    assert [line.startswith("checked: ") for line in lines[3:-1]] == [True] * len(more)
    assert lines[-1] == f"in sync: every one of the {83 + sum(more)} paragraphs is covered and unchanged"


def test_a_changed_paragraph_is_drift(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # "36 tiri" is the roll limit of "Vincere lo scontro" ¶2, which BAT-9 restates.
    copies = []
    for path in seed_files():
        copy = tmp_path / path.name
        copy.write_text(path.read_text(encoding="utf-8").replace("arriva a 36 tiri", "arriva a 40 tiri"), "utf-8")
        copies.append(copy)
    code, out, err = sources_check(capsys, *copies)
    assert (code, err) == (1, "")
    assert [line for line in out.splitlines() if not line.startswith("checked: ")] == [
        "changed: BAT-9: Battaglia › Vincere lo scontro ¶2: its text differs from the text the record was made from",
        "drift: 1 changed",
    ]
