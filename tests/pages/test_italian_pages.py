"""The Italian rules pages (``docs/_sources/it/``) mirror the English ones, in our own Italian words (issue 29).

1. **Titles in both languages.** Every rulebook, ruling and interpretation has an Italian title
   (:attr:`Ruling.italian`), and every glossary term an Italian meaning.
2. **The same page, heading by heading**, and **the glossary decides the words**: the build's checks
   (:mod:`scripts.sitegen.mirror`, run for every Italian rules page by :func:`pages.italian_pages`).
3. **Own words in Italian.** No run of 12 or more consecutive words of a source document — Battaglia's
   Italian ``001_…`` above all — in the Italian pages, the Italian ruling titles or the Italian meanings
   of the glossary, except in a marked quotation: the same matcher as :mod:`tests.pages.test_own_words`.

The tests show each check failing on a page that breaks it, then hold the real pages to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from estro_rules.protocol import Protocol
from estro_rules.registry import PROTOCOLS, TERMS
from estro_rules.rulings import Rulebook, Ruling
from estro_rules.sources import words
from scripts.sitegen import pages
from scripts.sitegen.mirror import anchor_problems, glossary_problems, mirror_problems
from scripts.sitegen.registry import SOURCE_DIR
from tests.pages.test_own_words import Segment, Sources, _tokens, page_segments
from tests.support.seeds import seed_documents, seed_files

ITALIAN_DIR = SOURCE_DIR / "it"
NOTES = ITALIAN_DIR / "NOTES.md"


def parse(path: Path, book: Rulebook | None, name: str) -> pages.ParsedPage:
    return pages.parse(pages.PageSource(name, book), path)


def italian_segments() -> Iterator[Segment]:
    """What must be in our own words in Italian: the Italian pages, ruling titles and glossary meanings."""
    for path in sorted(ITALIAN_DIR.glob("*.md")):
        yield from page_segments(path, f"docs/_sources/it/{path.name}")
    for protocol in PROTOCOLS:
        book = protocol.rulebook
        yield Segment(f"rulebook {book.key}", tuple(_tokens(book.italian, 0)), "Italian rulebook title")
        for ruling in book:
            yield Segment(f"rulebook {book.key}", tuple(_tokens(ruling.italian, 0)), f"Italian title of {ruling.id}")
    for protocol in PROTOCOLS:
        for t in protocol.terms:
            yield Segment(
                f"estro_rules/{protocol.key}/terms.py", tuple(_tokens(t.italian_meaning, 0)), f"Italian meaning of {t.english}"
            )


def copies(segments: Iterator[Segment]) -> list[str]:
    sources = Sources(seed_files())
    return [str(c) for seg in segments for c in sources.copies(seg)]


# --------------------------------------------------------------------------
# The checks can fail


DEMO = Rulebook(
    "demo",
    "Demo",
    "demo/",
    [Ruling("D-1", "One", italian="Uno"), Ruling("D-2", "Two", italian="Due")],
    italian="Prova",
)

ENGLISH_DEMO = """# Demo

Intro citing [[D-1]]. See [the list](#the-list).

## The list

### D-1 One

Text, with [[page:Elsewhere]] and §7.7.

{{ table demo.table }}

```pycon
>>> 1 + 1
2
```

### D-2 Two

Text citing [[D-1]].

```pycon
>>> 2 + 2
4
```
"""


def _demo(tmp_path: Path, english: str, italian: str) -> list[str]:
    (tmp_path / "en").mkdir(exist_ok=True)
    (tmp_path / "it").mkdir(exist_ok=True)
    (tmp_path / "en" / "demo.md").write_text(english, encoding="utf-8")
    (tmp_path / "it" / "demo.md").write_text(italian, encoding="utf-8")
    en = parse(tmp_path / "en" / "demo.md", DEMO, "demo")
    it = parse(tmp_path / "it" / "demo.md", DEMO, "demo")
    return mirror_problems(en, it, DEMO) + anchor_problems(it)


ITALIAN_DEMO = (
    ENGLISH_DEMO.replace("# Demo", "# Prova")
    .replace("Intro citing", "Introduzione che cita")
    .replace("See [the list](#the-list)", "Vedi [l'elenco](#lelenco)")
    .replace("## The list", "## L'elenco")
    .replace("D-1 One", "D-1 Uno")
    .replace("D-2 Two", "D-2 Due")
    .replace("Text, with", "Testo, con")
    .replace("Text citing", "Testo che cita")
)


def test_a_faithful_mirror_passes(tmp_path: Path) -> None:
    assert _demo(tmp_path, ENGLISH_DEMO, ITALIAN_DEMO) == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("Testo che cita [[D-1]]", "Testo che cita [[D-1]] e [[D-2]]"),
            "cites ['D-2'] (citations), which the English",
        ),
        (("Testo che cita [[D-1]]", "Testo senza citazioni"), "does not cite ['D-1'] (citations)"),
        (("[[page:Elsewhere]]", "Altrove"), "does not cite ['Elsewhere'] (pages)"),
        (("§7.7", "§7.8"), "cites ['7.8'] (sections)"),
        (("{{ table demo.table }}", "{{ table demo.other }}"), "tables ('demo.other',) differ"),
        ((">>> 1 + 1\n2", ">>> 1 + 2\n3"), "examples do not run the English section's code"),
        (("### D-2 Due", "### D-2 Two"), "D-2 is titled 'Two' here but 'Due' in the rulebook"),
        (("### D-2 Due", "### Due"), "ruling D-2 of the English page has no heading here"),
        (("# Prova", "# Demo"), "titled 'Demo', but the rulebook's Italian title is 'Prova'"),
        (("## L'elenco", "#### L'elenco"), "its headings (level, ruling)"),
        (("(#lelenco)", "(#the-list)"), "the link to #the-list reaches nothing"),
    ],
)
def test_the_mirror_check_finds_what_differs(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    old, new = change
    assert old in ITALIAN_DEMO
    found = _demo(tmp_path, ENGLISH_DEMO, ITALIAN_DEMO.replace(old, new, 1))
    assert any(problem in p for p in found), found


def test_an_example_may_print_in_italian(tmp_path: Path) -> None:
    """What an example prints is in the page's language: the mirror compares the code (the build compares the
    data, by running both)."""
    assert _demo(tmp_path, ENGLISH_DEMO, ITALIAN_DEMO.replace(">>> 1 + 1\n2", ">>> 1 + 1\nDue")) == []


def test_the_glossary_check_finds_the_other_word(tmp_path: Path) -> None:
    page = tmp_path / "demo.md"
    page.write_text(
        "# Prova\n\nUn cryptid attacca; il testo dice `threat`.\n\nLa carta va nella Pila esaurita.\n\n"
        "La carta va nella Depleted Pile, non «cryptid» tra <q>Pila esaurita</q>.\n",
        encoding="utf-8",
    )
    parsed = parse(page, None, "demo")
    terms = [t for t in TERMS if t.english in ("cryptid", "dice", "threat", "Depleted Pile")]
    found = glossary_problems(parsed, terms)
    assert found == [
        "it/demo.md:3: says 'cryptid', but the glossary gives the Italian pages 'criptide'",
        "it/demo.md:5: says 'Pila esaurita', but the glossary gives the Italian pages 'Depleted Pile'",
        "it/demo.md:7: says 'cryptid', but the glossary gives the Italian pages 'criptide'",
    ]


def test_the_own_words_check_finds_a_copy_of_the_italian_source(tmp_path: Path) -> None:
    paragraph = seed_documents()["Battaglia"].paragraph("Minaccia e bersagliamento", 2)
    assert paragraph is not None and len(words(paragraph.text)) >= 12
    sentence = paragraph.text
    page = tmp_path / "demo.md"
    page.write_text(f"# Prova\n\n{sentence}\n\nCitato: <q>{sentence}</q>.\n", encoding="utf-8")
    found = copies(page_segments(page, "demo.md"))
    assert len(found) == 1 and found[0].startswith("demo.md:3: ") and "of Battaglia" in found[0], found


# --------------------------------------------------------------------------
# The real pages


def test_every_ruling_and_term_has_its_italian() -> None:
    missing = [f"rulebook {p.rulebook.key}" for p in PROTOCOLS if not p.rulebook.italian.strip()]
    missing += [f"{r.id} (title)" for p in PROTOCOLS for r in p.rulebook if not r.italian.strip()]
    missing += [f"{t.english} (meaning)" for t in TERMS if not t.italian_meaning.strip()]
    assert not missing, missing


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=[p.key for p in PROTOCOLS])
def test_the_italian_page_mirrors_the_english_page(protocol: Protocol) -> None:
    book = protocol.rulebook
    path = ITALIAN_DIR / f"{protocol.page}.md"
    assert path.is_file(), (
        f"{path}: protocol {protocol.key} has no Italian page (rulebook {book.key}); write it beside its English "
        "page, heading by heading (python -m scripts.new_protocol writes one for a new protocol)"
    )
    english = parse(SOURCE_DIR / f"{protocol.page}.md", book, protocol.page)
    italian = parse(path, book, protocol.page)
    assert [r.id for r in italian.rulings] == [r.id for r in book]
    problems = mirror_problems(english, italian, book) + anchor_problems(italian)
    problems += glossary_problems(italian, [t for t in TERMS if t.protocol == book.key])
    assert not problems, "\n".join(problems)


def test_the_italian_text_is_in_our_own_words() -> None:
    offenders = copies(italian_segments())
    assert not offenders, "Italian text repeating 12 or more words of a source:\n" + "\n".join(offenders)


def test_the_notes_name_real_rulings() -> None:
    """The notes for the issue's closing note list the rulings a translation touched: each must exist."""
    known = {r.id for p in PROTOCOLS for r in p.rulebook}
    prefixes = "|".join(sorted({re.escape(i.removeprefix("I-").split("-")[0]) for i in known}))
    named = set(re.findall(rf"(?<![\w-])(?:I-)?(?:{prefixes})-\d+(?:\.\d+)*", NOTES.read_text(encoding="utf-8")))
    assert named, "the notes name no ruling"
    assert named <= known, sorted(named - known)
