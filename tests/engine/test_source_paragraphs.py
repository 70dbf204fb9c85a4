"""The paragraph model of estro_rules.sources on small documents: headings, table rows, a BOM, errors.

Every expected value comes from the model the module's docstring states: the title line is neither a
heading nor a paragraph; a Battaglia heading is a line standing alone between blank lines that does not
end in sentence punctuation; a PROTOCOL_07 heading is a line whose letters are all capitals; a §19
heading starts with a section number and its text is the section's name without a trailing ``#``; a
table row's text is its trimmed cells joined by `` | ``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from estro_rules import battaglia, protocol07, r19, sources
from estro_rules.source_map import parse, read
from estro_rules.sources import NotARule, Source, SourceError, check


def paragraphs(text: str) -> list[tuple[str, int, str]]:
    return [(p.section, p.number, p.text) for p in parse(text).paragraphs]


def test_a_battaglia_heading_stands_alone_between_blank_lines() -> None:
    text = "Battaglia\n\nIntro.\n\nMinaccia e bersagliamento\n\nLa minaccia decide.\n"
    assert paragraphs(text) == [("Battaglia", 1, "Intro."), ("Minaccia e bersagliamento", 1, "La minaccia decide.")]


def test_a_line_right_after_prose_is_not_a_heading() -> None:
    # "Minaccia" follows a prose line (no blank line between): it is not standing alone, so it continues
    # the paragraph, though a blank line comes after it. Once with the prose line first after the title,
    # once further down.
    assert paragraphs("Battaglia\nUna regola.\nMinaccia\n\nAltro.\n") == [
        ("Battaglia", 1, "Una regola. Minaccia"),
        ("Battaglia", 2, "Altro."),
    ]
    assert paragraphs("Battaglia\n\nPrima.\n\nUna regola.\nMinaccia\n\nAltro.\n") == [
        ("Battaglia", 1, "Prima."),
        ("Battaglia", 2, "Una regola. Minaccia"),
        ("Battaglia", 3, "Altro."),
    ]


def test_a_line_right_before_prose_is_not_a_heading() -> None:
    # "Minaccia" has a blank line before it but prose right after it: not alone, so it starts a paragraph.
    assert paragraphs("Battaglia\n\nMinaccia\nsi decide prima.\n") == [("Battaglia", 1, "Minaccia si decide prima.")]
    # The same with no line ending after the last line.
    assert paragraphs("Battaglia\n\nMinaccia\nsi decide prima") == [("Battaglia", 1, "Minaccia si decide prima")]


def test_the_title_is_no_text_before_a_heading_and_the_end_of_the_file_no_text_after_one() -> None:
    # The title is neither a heading nor a paragraph: a line right under it, with a blank line after,
    # stands alone. A last line after a blank line has nothing after it either: a heading with no paragraph.
    assert paragraphs("Battaglia\nMinaccia\n\nLa minaccia decide.\n\nFine") == [("Minaccia", 1, "La minaccia decide.")]


def test_a_protocol07_heading_has_only_capital_letters() -> None:
    text = "PROTOCOL_07\nAI\nModes combine.\n2026\nINFO — 2\nNotes follow.\n"
    assert paragraphs(text) == [
        ("AI", 1, "Modes combine."),  # two capital letters: a heading
        ("AI", 2, "2026"),  # no letters at all: prose
        ("INFO — 2", 1, "Notes follow."),
    ]


def test_a_section_heading_loses_its_trailing_mark_and_the_space_before_it() -> None:
    text = "19. Resolution Rules\n\n19.1 Resolution Sequence #\n\nEffects resolve as a sequence.\n"
    assert paragraphs(text) == [("19.1 Resolution Sequence", 1, "Effects resolve as a sequence.")]


def test_a_table_row_without_spaces_gives_the_same_cells() -> None:
    text = "PROTOCOL_07\nINCOMPATIBLE COMBINATIONS\n|Xeno|Mode B|\n| Xeno | Mode B |\n"
    assert paragraphs(text) == [
        ("INCOMPATIBLE COMBINATIONS", 1, "Xeno | Mode B"),
        ("INCOMPATIBLE COMBINATIONS", 2, "Xeno | Mode B"),
    ]


def test_a_document_saved_with_a_byte_order_mark_is_recognised() -> None:
    doc = parse("\ufeffBattaglia\n\nUna regola.\n")
    assert doc.name == "Battaglia"
    assert [(p.section, p.number, p.text) for p in doc.paragraphs] == [("Battaglia", 1, "Una regola.")]


def test_an_unknown_first_line_is_quoted_up_to_60_characters() -> None:
    # The three protocols' readers, named here: the message lists every reader it was given.
    readers = [document.reader for document in (protocol07.SOURCE, battaglia.SOURCE, r19.SOURCE)]
    first = "N" * 60 + "OPQ"
    with pytest.raises(SourceError) as err:
        sources.parse(first + "\n\ntext\n", "notes.txt", readers)
    assert str(err.value) == (
        "notes.txt: not a known source document; expected a first line 'PROTOCOL_07', 'Battaglia' or "
        f"'19. Resolution Rules', got '{'N' * 60}'"
    )


def test_a_file_that_cannot_be_read_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "battaglia.txt"
    path.write_text("Battaglia\n", encoding="utf-8")

    real_open = os.open

    def denied(name: object, *args: Any, **kwargs: Any) -> int:  # the file is opened to be read: refuse it
        if str(name) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(SourceError) as err:
        read(path)
    assert str(err.value) == f"{path}: cannot be read (Permission denied); expected a source document"


def test_a_changed_paragraph_that_states_no_rule_is_reported_as_not_a_rule() -> None:
    before = parse("Battaglia\n\nUn'introduzione.\n\nUna regola.\n")
    intro, rule = (Source.of(p) for p in before.paragraphs)
    after = parse("Battaglia\n\nUn'altra introduzione.\n\nUna regola.\n")
    report = check({"BAT-1": [rule]}, [after], [NotARule(intro, "an introduction")])
    assert report.lines()[1:] == [
        "changed: not a rule: Battaglia › Battaglia ¶1: its text differs from the text the record was made from",
        "drift: 1 changed",
    ]
