"""`sources check`: the rulings' records against the source documents, as they are and after edits.

The edits are made on copies in a temporary folder; the expected ruling IDs
come from reading the source paragraph that was edited (which rule does it
state?), not from the command's output.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from estro_rules import source_map
from estro_rules.cli import main
from estro_rules.registry import PROTOCOLS
from estro_rules.source_map import parse, read
from estro_rules.sources import Source, check
from tests.support.seeds import ROOT, seed_documents, seed_files

RULEBOOKS = tuple(p.rulebook for p in PROTOCOLS)


def sources_check(*files: Path | str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m estro_rules sources check FILE...`` in this process (as the CLI's ``main``)."""
    args = ["sources", "check", *map(str, files)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args, out=out)
        except SystemExit as stop:  # argparse's usage errors
            code = int(stop.code or 0)
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def sources_check_subprocess(*files: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "estro_rules", "sources", "check", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def edited_copies(tmp_path: Path, edit: dict[str, tuple[str, str]]) -> list[Path]:
    """Copy the seeds into ``tmp_path``, replacing ``old`` by ``new`` once in the document named by the key."""
    copies = []
    for path in seed_files():
        text = path.read_text(encoding="utf-8")
        name = parse(text).name
        if name in edit:
            old, new = edit[name]
            assert text.count(old) == 1, f"the edit must hit exactly one place in {name}: {old!r}"
            text = text.replace(old, new)
        copy = tmp_path / path.name
        copy.write_text(text, encoding="utf-8")
        copies.append(copy)
    return copies


def drift_lines(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stdout.splitlines() if not line.startswith(("checked:", "drift:"))]


# --------------------------------------------------------------------------
# The records


def test_seeds_are_in_sync() -> None:
    done = sources_check_subprocess(*seed_files())
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(" (")[0] for line in lines[:3]] == [
        "checked: PROTOCOL_07",
        "checked: Battaglia",
        "checked: 19. Resolution Rules",
    ]
    # A document the repository keeps (a protocol added later) comes after the three seeds.
    assert [line.startswith("checked: ") for line in lines[3:-1]] == [True] * (len(lines) - 4)
    more = sum(int(line.rsplit(", ", 1)[1].split()[0]) for line in lines[3:-1])
    assert lines[-1] == f"in sync: every one of the {83 + more} paragraphs is covered and unchanged"
    assert done.stderr == ""


def test_paragraph_counts_follow_the_model() -> None:
    # Counted by hand from the texts with the rules of the module docstring:
    # PROTOCOL_07: 1 subtitle line, 2 INFO lines, 16 lines under RESOLUTION ORDER,
    # 1 line and 5 table rows (header included, separator not) under INCOMPATIBLE COMBINATIONS.
    # Battaglia: 2 + 1 + 2 + (6 steps + 1) + 5 blocks. §19: 2 + 14 + 4 + 2 + 1 + 6 + 6 + 6.
    docs = seed_documents()
    assert {name: len(docs[name].paragraphs) for name in ("PROTOCOL_07", "Battaglia", "19. Resolution Rules")} == {
        "PROTOCOL_07": 25,
        "Battaglia": 17,
        "19. Resolution Rules": 41,
    }
    sections = {name: list(dict.fromkeys(p.section for p in doc.paragraphs)) for name, doc in docs.items()}
    assert sections["PROTOCOL_07"] == [
        "MODE COMBINATIONS",
        "INFO",
        "RESOLUTION ORDER — DESTRUCTION",
        "INCOMPATIBLE COMBINATIONS",
    ]
    assert sections["Battaglia"] == [
        "Battaglia",
        "Il tuo avversario",
        "Minaccia e bersagliamento",
        "Un turno, passo dopo passo",
        "Vincere lo scontro",
    ]
    assert [s.split(" ")[0] for s in sections["19. Resolution Rules"]] == [f"19.{n}" for n in range(1, 9)]
    assert sections["19. Resolution Rules"][7] == "19.8 DEF or Rank Reduced to 0 or Less"


def test_every_source_ruling_has_records_and_every_interpretation_a_basis() -> None:
    rules = [r.id for book in RULEBOOKS for r in book if not r.interpretation]
    interpretations = [r.id for book in RULEBOOKS for r in book if r.interpretation]
    assert list(source_map.SOURCES) == rules
    assert all(source_map.SOURCES[rid] for rid in rules)
    assert list(source_map.BASIS) == interpretations
    for rid, basis in source_map.BASIS.items():
        body = basis.rstrip(".")
        assert basis.endswith(".") and ". " not in body, f"{rid}: the basis should be one sentence"


def test_every_record_names_a_real_paragraph() -> None:
    docs = seed_documents()
    for rid, records in source_map.SOURCES.items():
        for s in records:
            paragraph = docs[s.document].paragraph(s.section, s.paragraph)
            assert paragraph is not None, f"{rid}: {s.place} does not exist"
            assert Source.of(paragraph) == s, rid


def test_the_file_name_does_not_matter_and_neither_do_line_endings(tmp_path: Path) -> None:
    copies = []
    for i, path in enumerate(reversed(seed_files())):
        copy = tmp_path / f"document-{i}.md"
        text = path.read_text(encoding="utf-8").replace("\n", "\r\n").replace(" ", "\u00a0", 3)
        copy.write_bytes(text.encode("utf-8"))
        copies.append(copy)
    done = sources_check(*copies)
    assert done.returncode == 0, done.stdout


def test_one_document_checks_only_its_records() -> None:
    [p07] = [path for path in seed_files() if read(path).name == "PROTOCOL_07"]
    done = sources_check(p07)
    assert done.returncode == 0
    assert "not checked: Battaglia (no file given)" in done.stdout
    assert done.stdout.splitlines()[-1] == "in sync: every one of the 25 paragraphs is covered and unchanged"


# --------------------------------------------------------------------------
# Drift


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        # "36 tiri" is the roll limit of "Vincere lo scontro" ¶2: BAT-9.
        (
            {"Battaglia": ("arriva a 36 tiri", "arriva a 40 tiri")},
            ["changed: BAT-9: Battaglia › Vincere lo scontro ¶2"],
        ),
        # The 16th roll starts sudden death, ¶4 of the same section: BAT-11.
        ({"Battaglia": ("al 16° tiro", "al 18° tiro")}, ["changed: BAT-11: Battaglia › Vincere lo scontro ¶4"]),
        # The NecroToken count is the body of step 2 (¶10 of RESOLUTION ORDER): P07-4.2.
        (
            {"PROTOCOL_07": ("receives 1 NecroToken", "receives 2 NecroToken")},
            ["changed: P07-4.2: PROTOCOL_07 › RESOLUTION ORDER — DESTRUCTION ¶10"],
        ),
        # The date of the Drone ruling, §19.7 ¶6: R19-7.5.
        (
            {"19. Resolution Rules": ("Ruled 2026-10-17", "Ruled 2026-10-19")},
            ["changed: R19-7.5: 19. Resolution Rules › 19.7 A Value a Card Does Not Print ¶6"],
        ),
        # A table row of the incompatible pairs: P07-3 (the table) and P07-3.2 (that pair).
        (
            {"PROTOCOL_07": ("5 flat zones", "6 flat zones")},
            [
                "changed: P07-3: PROTOCOL_07 › INCOMPATIBLE COMBINATIONS ¶4",
                "changed: P07-3.2: PROTOCOL_07 › INCOMPATIBLE COMBINATIONS ¶4",
            ],
        ),
    ],
)
def test_a_changed_number_names_the_ruling(
    tmp_path: Path, edit: dict[str, tuple[str, str]], expected: list[str]
) -> None:
    done = sources_check(*edited_copies(tmp_path, edit))
    assert done.returncode == 1, done.stdout
    assert [line.split(": its text")[0] for line in drift_lines(done)] == expected
    assert done.stdout.splitlines()[-1] == f"drift: {len(expected)} changed"


def test_a_removed_paragraph_is_vanished_by_ruling_id(tmp_path: Path) -> None:
    # "Un pareggio non costa vite..." is ¶3 of "Vincere lo scontro", restated by BAT-10;
    # the two paragraphs after it move up one place.
    removed = "Un pareggio non costa vite e non conta come vittoria.\n\n"
    done = sources_check(*edited_copies(tmp_path, {"Battaglia": (removed, "")}))
    assert done.returncode == 1
    assert drift_lines(done) == [
        "vanished: BAT-10: Battaglia › Vincere lo scontro ¶3: its text is no longer in the document",
        "moved: BAT-11: Battaglia › Vincere lo scontro ¶4 is now ¶3 (line 34)",
        "moved: BAT-12: Battaglia › Vincere lo scontro ¶5 is now ¶4 (line 36)",
    ]


def test_a_removed_step_of_the_destruction_order(tmp_path: Path) -> None:
    # Step 4's heading line and body (¶13 and ¶14 of RESOLUTION ORDER) are P07-4.4's;
    # its list item (¶5) stays. Step 5's two lines move up two places.
    copies = edited_copies(tmp_path, {})
    [p07] = [c for c in copies if read(c).name == "PROTOCOL_07"]
    lines = p07.read_text(encoding="utf-8").splitlines()
    at = lines.index("4. Imboscata Illusoria")
    p07.write_text("\n".join(lines[:at] + lines[at + 2 :]), encoding="utf-8")
    done = sources_check(*copies)
    assert done.returncode == 1
    assert drift_lines(done) == [
        "vanished: P07-4.4: PROTOCOL_07 › RESOLUTION ORDER — DESTRUCTION ¶13: its text is no longer in the document",
        "vanished: P07-4.4: PROTOCOL_07 › RESOLUTION ORDER — DESTRUCTION ¶14: its text is no longer in the document",
        "moved: P07-4.5: PROTOCOL_07 › RESOLUTION ORDER — DESTRUCTION ¶15 is now ¶13 (line 20)",
        "moved: P07-4.5: PROTOCOL_07 › RESOLUTION ORDER — DESTRUCTION ¶16 is now ¶14 (line 21)",
    ]


def test_a_new_paragraph_is_uncovered(tmp_path: Path) -> None:
    new = "Flip Back. A new paragraph stating a new rule.\n\n19.4 Flipping"
    done = sources_check(*edited_copies(tmp_path, {"19. Resolution Rules": ("19.4 Flipping", new)}))
    assert done.returncode == 1
    assert drift_lines(done) == [
        "uncovered: 19. Resolution Rules › 19.3 Activated Ability Timing ¶5 (line 43): no ruling restates it"
    ]
    assert done.stdout.splitlines()[-1] == "drift: 1 uncovered"


def test_a_new_table_row_and_a_new_section_are_uncovered(tmp_path: Path) -> None:
    row = "| Cinque Soglie | Ultimo Bastione |"
    copies = edited_copies(tmp_path, {"PROTOCOL_07": (row, "| Inferno 2vs2 | Single Player | a new reason |\n" + row)})
    battaglia = next(c for c in copies if read(c).name == "Battaglia")
    battaglia.write_text(battaglia.read_text(encoding="utf-8") + "\n\nNegozio\n\nUna nuova regola.\n", encoding="utf-8")
    done = sources_check(*copies)
    assert done.returncode == 1
    lines = drift_lines(done)
    assert lines[0] == "moved: P07-3: PROTOCOL_07 › INCOMPATIBLE COMBINATIONS ¶6 is now ¶7 (line 32)"
    assert lines[1] == "moved: P07-3.4: PROTOCOL_07 › INCOMPATIBLE COMBINATIONS ¶6 is now ¶7 (line 32)"
    assert lines[2:] == [
        "uncovered: PROTOCOL_07 › INCOMPATIBLE COMBINATIONS ¶6 (line 31): no ruling restates it",
        "uncovered: Battaglia › Negozio ¶1 (line 42): no ruling restates it",
    ]


def test_a_renamed_heading_moves_its_paragraphs(tmp_path: Path) -> None:
    done = sources_check(*edited_copies(tmp_path, {"Battaglia": ("\nIl tuo avversario\n", "\nL'avversario\n")}))
    assert done.returncode == 1
    assert drift_lines(done) == [
        "moved: BAT-2: Battaglia › Il tuo avversario ¶1 is now Battaglia › L'avversario ¶1 (line 9)"
    ]


def test_the_report_never_shows_source_text(tmp_path: Path) -> None:
    done = sources_check(*edited_copies(tmp_path, {"Battaglia": ("arriva a 36 tiri", "arriva a 40 tiri")}))
    shown = done.stdout.replace(str(tmp_path), "<copies>")  # pytest's folder can be numbered 36 too
    assert "<copies>" in shown and "tiri" not in shown and "36" not in shown


def test_check_without_the_cli() -> None:
    docs = list(seed_documents().values())
    report = check(source_map.SOURCES, docs, source_map.NOT_RULES)
    assert report.in_sync
    without_subtitle = check(source_map.SOURCES, docs)
    assert [p.place for p in without_subtitle.uncovered] == ["PROTOCOL_07 › MODE COMBINATIONS ¶1"]


# --------------------------------------------------------------------------
# Bad input: one line, exit 2, no traceback


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.txt", "missing.txt: no such file; expected a source document"),
        (lambda d: d, "a directory; expected a source document file (give its files)"),
        (
            lambda d: _write(d / "notes.txt", "# Notes\n\nNothing here.\n"),
            # The three seeds' first lines, then those of any protocol added later.
            ("notes.txt: not a known source document; expected a first line 'PROTOCOL_07', 'Battaglia'",
             "'19. Resolution Rules'", "got '# Notes'"),
        ),
        (lambda d: _write(d / "empty.txt", "\n\n"), "empty.txt: not a known source document"),
        (lambda d: _write_bytes(d / "latin1.txt", "Battaglia\n\nCittà\n".encode("latin-1")), "not UTF-8 text"),
    ],
)
def test_bad_input_exits_2(tmp_path: Path, make: Callable[[Path], Path], message: str | tuple[str, ...]) -> None:
    done = sources_check(make(tmp_path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: ")
    for part in [message] if isinstance(message, str) else message:
        assert part in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_the_seeds_readme_is_not_a_document() -> None:
    readme = seed_files()[0].parent / "README.md"
    done = sources_check_subprocess(*seed_files(), readme)
    assert done.returncode == 2 and "README.md: not a known source document" in done.stderr


def test_the_same_document_twice_is_bad_input(tmp_path: Path) -> None:
    first = seed_files()[0]
    copy = _write(tmp_path / "again.txt", first.read_text(encoding="utf-8"))
    done = sources_check(first, copy)
    assert done.returncode == 2
    assert "again.txt: the same document as" in done.stderr and "expected each document once" in done.stderr


def test_no_file_is_a_usage_error() -> None:
    done = sources_check()
    assert done.returncode == 2 and "FILE" in done.stderr


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _write_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_the_sections_are_listed_in_each_documents_order() -> None:
    from estro_rules.source_map import SECTIONS

    documents = seed_documents()
    assert {name: tuple(dict.fromkeys(p.section for p in doc.paragraphs)) for name, doc in documents.items()} == SECTIONS
