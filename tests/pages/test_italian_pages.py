"""The Italian rules pages (``docs/_sources/it/``) mirror the English ones, in our own Italian words (issue 29).

The site in Italian is built later; these pages are its content, and these checks keep them in step now:

1. **Titles in both languages.** Every rulebook, ruling and interpretation has an Italian title
   (:attr:`Ruling.italian`), and every glossary term an Italian meaning.
2. **The same page, heading by heading.** An Italian page has the English page's headings at the same
   levels in the same order, the same ruling IDs (its headings carry the Italian titles of the rulebook),
   and in each section the same ``[[ID]]`` citations, the same ``[[page:…]]`` and ``§`` references, the
   same generated tables, the same widgets and the same ```` ```pycon ```` examples, code and output
   alike. So an Italian page never cites a ruling that the English page does not cite at that place. Its
   links to its own headings and widgets resolve.
3. **The glossary decides the words.** Where the glossary gives the Italian pages the Italian word
   (:meth:`Term.word`), the English one does not appear in their prose; where it keeps the English word
   (printed on the cards), its Italian gloss does not appear.
4. **Own words in Italian.** No run of 12 or more consecutive words of a source document — Battaglia's
   Italian ``001_…`` above all — in the Italian pages, the Italian ruling titles or the Italian meanings
   of the glossary, except in a marked quotation: the same matcher as :mod:`tests.pages.test_own_words`.

Each check is a function returning problems; the tests at the end show each one failing on a page that
breaks it, then hold the real pages to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify  # type: ignore[import-untyped]  # the anchors mkdocs makes (toc)

from estro_rules.glossary import Term
from estro_rules.protocol import Protocol
from estro_rules.registry import PROTOCOLS, TERMS
from estro_rules.rulings import Rulebook, Ruling
from estro_rules.sources import words
from scripts.sitegen import pages
from scripts.sitegen.registry import SOURCE_DIR
from tests.pages.test_own_words import Segment, Sources, _tokens, page_segments
from tests.support.seeds import seed_documents, seed_files

ITALIAN_DIR = SOURCE_DIR / "it"
NOTES = ITALIAN_DIR / "NOTES.md"

_CITATION = re.compile(r"\[\[(?!page:)([^\]]+)\]\]")
_PAGE_REF = re.compile(r"\[\[page:([^\]]+)\]\]")
_SECTION_REF = re.compile(r"§\s?(\d+(?:\.\d+)*)")
_ANCHOR_LINK = re.compile(r"\]\(#([^)\s]+)\)")
_INLINE_CODE = re.compile(r"`[^`]*`")
_QUOTE = re.compile(r"<q\b[^>]*>.*?</q>", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")

#: English words of a term that are Italian words too, so an Italian page may use them as Italian.
ALSO_ITALIAN: dict[str, str] = {"dice": "“dice” is Italian for “says” (il testo dice …)"}


# --------------------------------------------------------------------------
# Reading a page


@dataclass(frozen=True)
class Section:
    """What one section of a page (a heading and the lines up to the next heading) holds."""

    level: int
    """The heading's level (1 for ``#``); 0 for the lines before the first heading."""

    ruling: str | None
    """The ruling ID of a ruling's heading."""

    line: int
    """1-based line of the heading."""

    citations: frozenset[str]
    pages: frozenset[str]
    sections: frozenset[str]
    tables: tuple[str, ...]
    widgets: tuple[tuple[str, str], ...]
    examples: tuple[str, ...]
    """The code of its ```pycon blocks, as written."""


def parse(path: Path, book: Rulebook | None, name: str) -> pages.ParsedPage:
    return pages.parse(pages.PageSource(name, book), path)


def prose(page: pages.ParsedPage, start: int, end: int) -> Iterator[str]:
    """The prose lines between two 0-based lines: no code, no headings, no table directives."""
    tables = {i for first, (last, _) in page.tables.items() for i in range(first, last)}
    for i in range(start, end):
        if i not in page.code_lines and i not in page.heading_lines and i not in tables:
            yield page.lines[i]


def sections(page: pages.ParsedPage) -> list[Section]:
    starts = [0, *sorted(page.heading_lines)] if 0 not in page.heading_lines else sorted(page.heading_lines)
    rulings = {r.heading_line: r.id for r in page.rulings}
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(page.lines)
        if start in page.heading_lines:
            level = len(re.match(r"^(#+)", page.lines[start]).group(1))  # type: ignore[union-attr]
        else:
            level = 0
        text = "\n".join(prose(page, start, end))
        out.append(
            Section(
                level,
                rulings.get(start),
                start + 1,
                frozenset(c.strip() for c in _CITATION.findall(text)),
                frozenset(p.strip() for p in _PAGE_REF.findall(text)),
                frozenset(_SECTION_REF.findall(text)),
                tuple(name for line, (_, name) in sorted(page.tables.items()) if start <= line < end),
                tuple((name, opts) for line, (_, name, opts) in sorted(page.widgets.items()) if start <= line < end),
                tuple(e.code for e in page.examples if start <= e.line - 1 < end),
            )
        )
    return out


# --------------------------------------------------------------------------
# The checks


def mirror_problems(english: pages.ParsedPage, italian: pages.ParsedPage, book: Rulebook) -> list[str]:
    """Where the Italian page is not the English page heading by heading (see the module docstring, 2)."""
    where = f"it/{italian.path.name}"
    problems = []
    if italian.title != book.italian:
        problems.append(f"{where}: titled {italian.title!r}, but the rulebook's Italian title is {book.italian!r}")
    en_ids, it_ids = [r.id for r in english.rulings], [r.id for r in italian.rulings]
    for missing in [i for i in en_ids if i not in it_ids]:
        problems.append(f"{where}: ruling {missing} of the English page has no heading here")
    for extra in [i for i in it_ids if i not in en_ids]:
        problems.append(f"{where}: ruling {extra} has a heading here but not on the English page")
    if en_ids != it_ids and set(en_ids) == set(it_ids):
        problems.append(f"{where}: the rulings are in another order than on the English page")
    for ruling in italian.rulings:
        if ruling.id in book and ruling.title != book[ruling.id].italian:
            problems.append(
                f"{where}:{ruling.heading_line + 1}: {ruling.id} is titled {ruling.title!r} here but "
                f"{book[ruling.id].italian!r} in the rulebook"
            )
    ours, theirs = sections(italian), sections(english)
    shape = [(s.level, s.ruling) for s in ours], [(s.level, s.ruling) for s in theirs]
    if shape[0] != shape[1]:
        problems.append(f"{where}: its headings (level, ruling) are {shape[0]}, the English page's are {shape[1]}")
        return problems
    for it, en in zip(ours, theirs, strict=True):
        at = f"{where}:{it.line} (English line {en.line})"
        for what in ("citations", "pages", "sections"):
            mine, yours = getattr(it, what), getattr(en, what)
            if mine - yours:
                problems.append(f"{at}: cites {sorted(mine - yours)} ({what}), which the English section does not")
            if yours - mine:
                problems.append(f"{at}: does not cite {sorted(yours - mine)} ({what}), which the English section does")
        for what in ("tables", "widgets"):
            if getattr(it, what) != getattr(en, what):
                problems.append(f"{at}: {what} {getattr(it, what)} differ from the English {getattr(en, what)}")
        if it.examples != en.examples:
            problems.append(f"{at}: its ```pycon examples are not the English section's, code and output alike")
    return problems


def anchor_problems(page: pages.ParsedPage) -> list[str]:
    """Links to ``#anchor`` on the page must reach one of its headings, rulings or widgets."""
    anchors = {r.id for r in page.rulings}
    anchors |= {slugify(re.sub(r"^#+\s*", "", page.lines[i]), "-") for i in page.heading_lines}
    anchors |= {f"widget-{name}" for _, name, _ in page.widgets.values()}
    problems = []
    for i, line in enumerate(page.lines):
        if i in page.code_lines:
            continue
        for anchor in _ANCHOR_LINK.findall(line):
            if anchor not in anchors:
                problems.append(f"it/{page.path.name}:{i + 1}: the link to #{anchor} reaches nothing on the page")
    return problems


def _word(form: str) -> re.Pattern[str]:
    flags = re.IGNORECASE if form[:1].islower() else 0
    return re.compile(rf"(?<![\w-]){re.escape(form)}(?![\w-])", flags)


def glossary_problems(page: pages.ParsedPage, terms: list[Term]) -> list[str]:
    """Words the glossary does not give the Italian pages, used in the Italian page's prose (module docstring, 3)."""
    problems = []
    for i, raw in enumerate(page.lines):
        if i in page.code_lines or i in page.tables:
            continue
        line = _INLINE_CODE.sub(" ", _QUOTE.sub(" ", _LINK_TARGET.sub("]", raw)))
        for t in terms:
            used = t.word("it")
            banned = t.italian if t.italian_uses_english else t.english
            if banned == used or banned in ALSO_ITALIAN:
                continue
            if _word(banned).search(line):
                problems.append(
                    f"it/{page.path.name}:{i + 1}: says {banned!r}, but the glossary gives the Italian pages {used!r}"
                )
    return problems


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
        ((">>> 1 + 1\n2", ">>> 1 + 1\n3"), "examples are not the English section's"),
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
