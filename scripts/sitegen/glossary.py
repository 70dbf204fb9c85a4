"""The glossary page, and the links from each ruling's first use of a term to its entry.

The terms are data (each protocol's ``terms.py``, :data:`estro_rules.registry.TERMS`). Which rulings use a term is found by
reading the rules pages: a ruling uses a term when its prose (not its code) names one of the
term's forms. On the rules pages, the first use of each term in each ruling links to the term's
entry. Its meaning shows in a popover on hover, on focus and on a tap (``docs/assets/estro/reading.js``),
read from one file the site ships (:func:`meanings_asset`) rather than repeated in a title on every
link (that was 15 kB of each long rules page).

>>> from estro_rules.registry import term
>>> link_terms("A cryptid and another cryptid.", [term("cryptid")], set())
'A [cryptid](glossary.md#cryptid) and another cryptid.'
>>> link_terms("See [the cryptid](x.md) and `cryptid`.", [term("cryptid")], set())
'See [the cryptid](x.md) and `cryptid`.'
>>> link_terms("Cryptids at DEF 0.", [term("cryptid"), term("DEF")], {"cryptid"})
'Cryptids at [<abbr>DEF</abbr>](glossary.md#def) 0.'

On an Italian page, a term is found by the word the glossary gives the Italian pages (:meth:`Term.word`),
and links to the Italian glossary:

>>> link_terms("Un criptide, a cryptid.", [term("cryptid")], set(), language="it")
'Un [criptide](glossary.md#cryptid), a cryptid.'
>>> link_terms("Un Drone, a drone.", [term("Drone")], set(), language="it")  # printed on the cards
'Un [Drone](glossary.md#drone), a drone.'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from estro_rules.glossary import Term, italian_forms

if TYPE_CHECKING:
    from .pages import ParsedPage, Site

PAGE = "glossary.md"

#: Spans of a Markdown line that are never touched: inline code, links (with a title), raw HTML
#: tags, and a not-yet-published section (whose text sits inside a span).
_PROTECTED = re.compile(
    r"`[^`]*`"
    r"|!?\[[^\]]*\]\((?:[^()\"]|\"[^\"]*\")*\)"
    r"|<span class=\"estro-unpublished\".*?</span>"
    r"|<[^>]+>"
)


def _pattern(form: str) -> str:
    """A form as a whole word; a lower-case form also matches with a capital first letter."""
    body = re.escape(form)
    if form[:1].islower():
        body = f"[{form[0]}{form[0].upper()}]{re.escape(form[1:])}"
    return rf"(?<![\w-]){body}(?![\w-])"


def _regex(t: Term, language: str = "") -> re.Pattern[str]:
    """The term's forms (every form; or only the forms of the word that ``language``'s pages use)."""
    return re.compile("|".join(_pattern(f) for f in (forms_in(t, language) if language else t.forms)))


def forms_in(t: Term, language: str) -> tuple[str, ...]:
    """The forms of the word that ``language``'s pages use for ``t`` (:meth:`Term.word`), longest first."""
    if language == "it" and not t.italian_uses_english:
        forms = {t.italian, *t.italian_also}
    else:
        forms = {t.english, *t.also}
    return tuple(sorted(forms, key=len, reverse=True))


def plain_meaning(t: Term, language: str = "en") -> str:
    """The meaning as plain text for a tooltip: ``[[ID]]`` references become the bare ID."""
    meaning = t.italian_meaning if language == "it" else t.meaning
    return re.sub(r"\[\[(?:page:)?([^\]]+)\]\]", r"\1", meaning).replace('"', "'")


MEANINGS = "assets/estro/glossary.json"
"""Where the site keeps every term's meaning for the popovers."""


def meanings_asset(terms: Sequence[Term]) -> dict[str, str]:
    """The popovers' file: each term's anchor → its English and Italian words, its meaning in plain text,
    whether the Italian is our translation, its Italian meaning and the word the Italian pages use; and every
    Italian word, which the page's scripts mark ``lang="it"`` in what the widgets show (as :mod:`.lang`
    does on the pages).

    >>> from estro_rules.registry import term
    >>> meanings_asset([term("cryptid")])[MEANINGS]
    '{"terms":{"cryptid":["cryptid","criptide","A creature in a team; it has a threat, a health and abilities.",false,"Una creatura della squadra, con una minaccia, una salute e delle abilità.","criptide"]},"italian":["criptide","criptidi"]}\\n'
    """
    data = {
        "terms": {
            t.anchor: [
                t.english,
                t.italian,
                plain_meaning(t),
                not t.italian_from_source,
                plain_meaning(t, "it"),
                t.word("it"),
            ]
            for t in terms
        },
        "italian": list(italian_forms(terms)),
    }
    return {MEANINGS: json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"}


def _is_abbreviation(word: str) -> bool:
    return word.isupper() and len(word) <= 4


def link_terms(line: str, terms: Sequence[Term], linked: set[str], *, language: str = "en") -> str:
    """Link the first use of each term of ``terms`` not yet in ``linked`` (anchors), in one Markdown line.

    ``linked`` gains the anchors linked here, so a ruling links each term once. On an English page any form
    of a term (English or Italian) is its use; on an Italian page (``language="it"``), the forms of the word
    the glossary gives the Italian pages.
    """
    parts = _split(line)
    for t in terms:
        if t.anchor in linked:
            continue
        regex = _regex(t, "" if language == "en" else language)
        for i, (text, protected) in enumerate(parts):
            if protected:
                continue
            match = regex.search(text)
            if match is None:
                continue
            word = match.group(0)
            shown = f"<abbr>{word}</abbr>" if _is_abbreviation(word) else word
            link = f"[{shown}]({PAGE}#{t.anchor})"  # each language's glossary, beside its pages
            parts[i : i + 1] = [(text[: match.start()], False), (link, True), (text[match.end() :], False)]
            linked.add(t.anchor)
            break
    return "".join(text for text, _ in parts)


def _split(line: str) -> list[tuple[str, bool]]:
    """The line as (text, protected) pieces."""
    out: list[tuple[str, bool]] = []
    at = 0
    for match in _PROTECTED.finditer(line):
        out.append((line[at : match.start()], False))
        out.append((match.group(0), True))
        at = match.end()
    out.append((line[at:], False))
    return out


def prose_lines(page: ParsedPage, start: int, end: int) -> Iterable[str]:
    """The lines of prose between ``start`` and ``end``: no code, no headings, no generated tables."""
    tables = {i for first, (last, _) in page.tables.items() for i in range(first, last)}
    for i in range(start, end):
        if i not in page.code_lines and i not in page.heading_lines and i not in tables:
            yield page.lines[i]


def uses(site: Site) -> dict[str, list[tuple[str, str]]]:
    """Term anchor → the rulings whose prose uses the term, as (page, ruling ID), in page order."""
    found: dict[str, list[tuple[str, str]]] = {t.anchor: [] for t in site.terms}
    for page in site.pages:
        book = page.source.rulebook
        if book is None:
            continue
        terms = [t for t in site.terms if t.protocol == book.key]
        for ruling in page.rulings:
            text = "\n".join(_unprotected(line) for line in prose_lines(page, ruling.heading_line + 1, ruling.end_line))
            for t in terms:
                if _regex(t).search(text):
                    found[t.anchor].append((page.source.name, ruling.id))
    return found


def _unprotected(line: str) -> str:
    return " ".join(text for text, protected in _split(line) if not protected)


def page(site: Site) -> str:
    """The glossary page: one table per rules page's protocol, in site order; in Italian for the Italian pages."""
    anchors = [t.anchor for t in site.terms]
    twice = sorted({a for a in anchors if anchors.count(a) > 1})
    if twice:
        site.problems.append(f"{PAGE}: two terms share the anchor {', '.join(twice)}")
    used = uses(site)
    rulings = {t.anchor: ", ".join(f"[[{rid}]]" for _, rid in used[t.anchor]) or "—" for t in site.terms}
    if site.language == "it":
        site.problems += [
            f"it/{PAGE}: the term {t.english!r} has no Italian meaning"
            for t in site.terms
            if not t.italian_meaning.strip()
        ]
        return "\n".join(
            ITALIAN_INTRO + _tables(site, "| Italiano | Inglese | Significato | Usata in |", _italian_row, rulings)
        )
    return "\n".join(INTRO + _tables(site, "| English | Italian | Meaning | Used in |", _row, rulings))


INTRO = [
    "# Glossary",
    "",
    "The game's words in English and in Italian, with what each one means. The Battaglia rules are written",
    "in Italian and PROTOCOL_07 keeps Italian names inside English text, so players meet both. Where no",
    "source names a term in Italian, the Italian here is *our translation* and is marked so. On the rules",
    "pages, the first use of a term in each ruling links here; hover over it or focus it to read the meaning.",
    "",
]

ITALIAN_INTRO = [
    "# Glossario",
    "",
    "Le parole del gioco in italiano e in inglese, con il loro significato. Le regole di Battaglia sono scritte",
    "in italiano, PROTOCOL_07 usa nomi italiani dentro un testo inglese, e le carte di §19 stampano parole",
    "inglesi: chi gioca le incontra tutte. Dove nessuna fonte dà la parola italiana, è *una nostra traduzione*",
    "e lo dice. Le parole stampate sulle carte restano in inglese anche nelle pagine italiane: per loro la",
    "colonna «Italiano» ne dà il senso. Nelle pagine delle regole, il primo uso di una parola in ogni regola",
    "porta qui; passaci sopra o selezionala per leggerne il significato.",
    "",
]


def _tables(site: Site, header: str, row: Callable[[Term], list[str]], rulings: dict[str, str]) -> list[str]:
    """One table per rules page's protocol (its terms, a row each: ``row``'s cells, then the rulings that use
    the term), under the page's title."""
    out: list[str] = []
    for p in site.pages:
        terms = [t for t in site.terms if p.source.rulebook is not None and t.protocol == p.source.rulebook.key]
        if not terms:
            continue
        out += [f"## {p.title}", "", header, "|---|---|---|---|"]
        for t in terms:
            cells = [*row(t), rulings[t.anchor]]
            out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        out.append("")
    return out


def _row(t: Term) -> list[str]:
    """The English glossary's cells: the word (the anchor) and its other forms, the Italian, the meaning."""
    italian = t.italian if t.italian_from_source else f"{t.italian} *(our translation)*"
    others = [f for f in (*t.also, *t.italian_also) if f not in (t.english, t.italian)]
    english = f'<dfn id="{t.anchor}">{t.english}</dfn>' + (f" ({', '.join(others)})" if others else "")
    return [english, italian, t.meaning]


def _italian_row(t: Term) -> list[str]:
    """The Italian glossary's cells: the Italian and its other forms, the English, the Italian meaning. The
    anchor (the English page's) is on the word the Italian pages use (:meth:`Term.word`)."""
    italian = t.italian + ("" if t.italian_from_source else " *(nostra traduzione)*")
    english = t.english
    if t.word("it") == t.english:
        english = f'<dfn id="{t.anchor}">{english}</dfn>'
    else:
        italian = f'<dfn id="{t.anchor}">{t.italian}</dfn>' + italian.removeprefix(t.italian)
    others = [f for f in (*t.italian_also, *t.also) if f not in (t.english, t.italian)]
    if others:
        italian += f" ({', '.join(others)})"
    return [italian, english, t.italian_meaning]
