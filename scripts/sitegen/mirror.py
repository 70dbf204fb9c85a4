"""An Italian rules page is its English page, heading by heading, in the words the glossary gives it.

Checked for every Italian rules page when the site is built (:func:`pages.italian_pages`):

1. **The same page, heading by heading.** An Italian page has the English page's headings at the same levels
   in the same order, the same ruling IDs (its headings carry the Italian titles of the rulebook), and in
   each section the same ``[[ID]]`` citations, the same ``[[page:…]]`` and ``§`` references, the same
   generated tables, the same widgets and the same ```` ```pycon ```` examples' code. So an Italian page
   never cites a ruling that the English page does not cite at that place. What the examples print is in
   the page's language; the build runs them in both languages and compares the data
   (:func:`pages.italian_pages`). Its links to its own headings and widgets resolve.
2. **The glossary decides the words.** Where the glossary gives the Italian pages the Italian word
   (:meth:`Term.word`), the English one does not appear in their prose; where it keeps the English word
   (printed on the cards), its Italian gloss does not appear.

The tests (``tests/pages/test_italian_pages.py``) show each check failing on a page that breaks it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markdown.extensions.toc import slugify  # type: ignore[import-untyped]  # the anchors mkdocs makes (toc)

from estro_rules.glossary import Term
from estro_rules.rulings import Rulebook

if TYPE_CHECKING:  # pages runs these checks
    from .pages import ParsedPage

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
    """The code of its ```pycon blocks (:func:`session`)."""


def prose(page: ParsedPage, start: int, end: int) -> Iterator[str]:
    """The prose lines between two 0-based lines: no code, no headings, no table directives."""
    tables = {i for first, (last, _) in page.tables.items() for i in range(first, last)}
    for i in range(start, end):
        if i not in page.code_lines and i not in page.heading_lines and i not in tables:
            yield page.lines[i]


def sections(page: ParsedPage) -> list[Section]:
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
                tuple(session(e.code) for e in page.examples if start <= e.line - 1 < end),
            )
        )
    return out


# --------------------------------------------------------------------------
# The checks


def mirror_problems(english: ParsedPage, italian: ParsedPage, book: Rulebook) -> list[str]:
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
            problems.append(f"{at}: its ```pycon examples do not run the English section's code")
    return problems


def anchor_problems(page: ParsedPage) -> list[str]:
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


def glossary_problems(page: ParsedPage, terms: Sequence[Term]) -> list[str]:
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


def session(code: str) -> str:
    r"""What an example runs: its ``>>>`` and ``...`` lines, without what it prints (which is in the page's
    language).

    >>> session(">>> say(x)\n'Ammesso.'\n>>> for i in (1, 2):\n...     i\n1\n2")
    '>>> say(x)\n>>> for i in (1, 2):\n...     i'
    """
    return "\n".join(line for line in code.splitlines() if line.startswith((">>>", "... ")) or line == "...")


def problems(english: ParsedPage, italian: ParsedPage, book: Rulebook, terms: Sequence[Term]) -> list[str]:
    """Every way the Italian page of ``book`` is not its English page (1), or uses a word the glossary does not
    give it (2)."""
    own = [t for t in terms if t.protocol == book.key]
    return mirror_problems(english, italian, book) + anchor_problems(italian) + glossary_problems(italian, own)
