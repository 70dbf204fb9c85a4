"""Pages claim no more than the sources: a summary may only cite rulings that support it (issue 26).

The places that summarise rather than rule — each rules page's "At a glance" section, the lines of a
vocabulary ("How the words fit together"), every cell of every generated table, and the glossary's
meanings — are read claim by claim. A claim is one clause of prose (split at ``.`` and ``;``), one list
item's clause, one table row or one glossary meaning; its citations are its ``[[ID]]`` references and, in a
table, the IDs of its "Rulings" column. Three checks:

1. **Citations resolve, to the same protocol.** Every ID a claim cites is a ruling of the rulebook of the
   page it is on (a glossary meaning: of its term's protocol).
2. **Defaults, exceptions and orders are cited.** A claim that names one (``default``, ``unless``,
   ``except``, ``otherwise``, ``instead``, ``first``, ``before``, ``after``, ``order``, ``highest``,
   ``leftmost``, ``clockwise``…) carries at least one citation.
3. **Each citation is about the claim, and together they cover it.** A claim's *terms* are the game terms it
   names: the glossary's terms of its protocol (every form, English and Italian) and a few more nouns and
   verbs listed below. A cited ruling *supports* a term when its own text names it: its title, its section's
   prose, its examples (code and output) and the tables generated inside its section — less every sentence
   of it that cites another ruling, since such a sentence hands the point over rather than makes it. Every
   cited ruling must support at least one of the claim's terms, and the cited rulings together must support
   all of them.

What it can catch: a citation that does not exist or belongs to another page; a default, an exception or
an order stated with no ruling behind it; a claim citing a ruling about something else (the ``self`` target,
"the default for healing", citing BAT-4, whose own text never speaks of healing); a claim naming a game term
that none of its rulings speaks of (triggers that "wait for the sequence to end" citing R19-2.8, which says
nothing of sequences).

What it cannot catch: a cited ruling that names the right terms but says something else about them (a claim
broader than its ruling — "an attack goes for the enemy of highest threat" cites BAT-4 and shares its terms);
a source rule presented where only an interpretation would do, when both name the same terms; a claim that
uses no game term and no order word at all; a wrong number or a wrong order (the examples and the ordered
tables check those against the engine); prose outside the places listed. Those still need a reader: this
test keeps the summaries anchored, and the unit tests below show each check failing on the statements
issue 26 found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pytest

from estro_rules.registry import PROTOCOLS, TERMS
from estro_rules.rulings import RULING_ID, Rulebook
from scripts.sitegen import pages, registry

#: Words that name a default, an exception or an order.
ORDER_WORDS = re.compile(
    r"\b(default|defaults|unless|except|exception|otherwise|instead|first|before|after|order|ordered|"
    r"highest|lowest|leftmost|clockwise|precedes?|ahead)\b",
    re.IGNORECASE,
)

#: Game words the glossary does not list, by protocol: they count as terms a citation must support (a
#: protocol added later has none until it is given some here).
MORE_TERMS: dict[str, tuple[str, ...]] = {
    "protocol07": ("destruction", "destroy", "combine"),
    "battaglia": ("heal", "damage", "reroll", "death", "enemy", "ally"),
    "r19": ("destroy", "destruction", "damage", "counter", "bonus", "penalty", "resource"),
}

#: Glossary terms so general that a page names them everywhere: no citation needs to speak of them.
EVERYWHERE: dict[str, tuple[str, ...]] = {
    "protocol07": (),
    "battaglia": ("cryptid", "ability", "battle", "team"),
    "r19": (),
}

_CITATION = re.compile(r"\[\[(?!page:)([^\]]+)\]\]")
_RULINGS_COLUMNS = ("Rulings", "Source", "Ruling")
_CLAUSE = re.compile(r"(?<=[.;])\s+")


@dataclass(frozen=True)
class Claim:
    """One thing a summary says, and the rulings it cites for it."""

    where: str
    """Where it is: ``battaglia.md:24`` or ``table battaglia.abilities, row 13``."""

    protocol: str
    """The protocol whose rulebook its citations must come from."""

    text: str
    """What it says, without its citations."""

    cites: tuple[str, ...]
    """The IDs it cites."""

    segments: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The words each citation follows, with the IDs cited there (the whole claim, when empty)."""


# --------------------------------------------------------------------------
# Reading the pages


@cache
def books() -> dict[str, Rulebook]:
    return {p.key: p.rulebook for p in PROTOCOLS}


@cache
def parsed() -> dict[str, pages.ParsedPage]:
    """Every rules page, parsed, by its protocol's key."""
    out = {}
    for protocol in PROTOCOLS:
        source = pages.PageSource(protocol.page, protocol.rulebook)
        out[protocol.key] = pages.parse(source, registry.SOURCE_DIR / f"{protocol.page}.md")
    return out


def _plain(text: str) -> str:
    """Prose without its citations and markup."""
    text = _CITATION.sub(" ", text)
    text = re.sub(r"\[\[page:([^\]]+)\]\]", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[*_`]", "", text)


def clauses(text: str, where: str, protocol: str) -> list[Claim]:
    """A paragraph or list item, clause by clause; a citation belongs to the clause it is in."""
    out = []
    for clause in _CLAUSE.split(text.strip()):
        if clause.strip():
            cites = tuple(_CITATION.findall(clause))
            out.append(Claim(where, protocol, _plain(clause).strip(), cites, _segments(clause)))
    return out


def _segments(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The words each citation (or run of citations) follows, back to the one before: what it vouches for."""
    out = []
    start = 0
    for match in re.finditer(r"(?:\(?\s*(?:\[\[(?!page:)[^\]]+\]\][,\s]*)+\)?)", text):
        ids = tuple(_CITATION.findall(match.group(0)))
        out.append((_plain(text[start : match.start()]), ids))
        start = match.end()
    return tuple(out)


def _blocks(page: pages.ParsedPage, start: int, end: int) -> list[tuple[int, str]]:
    """The paragraphs and list items between two lines (code, tables, widgets and headings left out)."""
    blocks: list[tuple[int, str]] = []
    current: list[str] = []
    first = start

    def flush() -> None:
        if current:
            blocks.append((first, " ".join(current)))
            current.clear()

    for i in range(start, end):
        line = page.lines[i]
        if i in page.code_lines or i in page.heading_lines or i in page.tables or not line.strip():
            flush()
            continue
        item = re.match(r"^\s*(?:[-*]|\d+\.)\s+(.*)$", line)
        if item:
            flush()
            first = i
            current.append(item.group(1))
        else:
            if not current:
                first = i
            current.append(line.strip())
    flush()
    return blocks


def _section(page: pages.ParsedPage, title: re.Pattern[str]) -> list[tuple[int, int]]:
    """The line ranges of the sections whose heading matches ``title`` (to the next heading of its level or higher)."""
    ranges = []
    for i in sorted(page.heading_lines):
        match = re.match(r"^(#+)\s+(.*)$", page.lines[i])
        if match and title.search(match.group(2)):
            level = len(match.group(1))
            end = next(
                (
                    j
                    for j in sorted(page.heading_lines)
                    if j > i and len(re.match(r"^(#+)", page.lines[j]).group(1)) <= level  # type: ignore[union-attr]
                ),
                len(page.lines),
            )
            ranges.append((i + 1, end))
    return ranges


def glance_and_vocabulary_claims() -> list[Claim]:
    """The "At a glance" sections, and the list of how a vocabulary's words fit together."""
    out = []
    for key, page in parsed().items():
        for start, end in _section(page, re.compile(r"at a glance", re.IGNORECASE)):
            for line, text in _blocks(page, start, end):
                out += clauses(text, f"{page.path.name}:{line + 1}", key)
        for start, end in _section(page, re.compile(r"vocabulary", re.IGNORECASE)):
            items = [
                (line, text) for line, text in _blocks(page, start, end) if re.match(r"^\s*[-*]\s", page.lines[line])
            ]
            for line, text in items:
                out += clauses(text, f"{page.path.name}:{line + 1}", key)
    return out


def table_claims() -> list[Claim]:
    """Every row of every generated table a rules page shows."""
    out = []
    for key, page in parsed().items():
        for _, name in page.tables.values():
            header, rows = registry.TABLES[name]()
            ruled = [i for i, h in enumerate(header) if h in _RULINGS_COLUMNS]
            for n, row in enumerate(rows, start=1):
                cites = [c for cell in row for c in _CITATION.findall(cell)]
                for i in ruled:
                    cites += RULING_ID.findall(_CITATION.sub(" ", row[i]))
                said = " | ".join(_plain(cell) for i, cell in enumerate(row) if i not in ruled)
                # a citation in a cell vouches for its cell; a Rulings column, for the whole row
                segments = [(_plain(c), tuple(_CITATION.findall(c))) for c in row if _CITATION.search(c)]
                if ruled:
                    segments.append((said, tuple(r for i in ruled for r in RULING_ID.findall(row[i]))))
                out.append(Claim(f"table {name}, row {n}", key, said, tuple(dict.fromkeys(cites)), tuple(segments)))
    return out


def glossary_claims() -> list[Claim]:
    """Each term's meaning, which the glossary page shows and every ruling's first use of the term shows on
    hover: a line of vocabulary."""
    return [c for t in TERMS for c in clauses(f"{t.english}: {t.meaning}", f"glossary: {t.english}", t.protocol)]


def every_claim() -> list[Claim]:
    return glance_and_vocabulary_claims() + table_claims() + glossary_claims()


# --------------------------------------------------------------------------
# What each ruling itself says


@cache
def own_texts() -> dict[str, str]:
    """Each ruling's own words: title, prose, examples and the tables in its section, less every sentence
    that cites another ruling (that sentence hands the point to the other ruling)."""
    out = {}
    for key, page in parsed().items():
        book = books()[key]
        for ruling in page.rulings:
            parts = [book[ruling.id].title if ruling.id in book else ruling.title]
            for i in range(ruling.heading_line + 1, ruling.end_line):
                if i in page.tables:
                    header, rows = registry.TABLES[page.tables[i][1]]()
                    parts += [" ".join(header), *(" ".join(row) for row in rows)]
            for _, text in _blocks(page, ruling.heading_line + 1, ruling.end_line):
                parts += [c for c in _CLAUSE.split(text) if not (set(_CITATION.findall(c)) - {ruling.id})]
            parts += [example.code for example in ruling.examples]
            out[ruling.id] = " ".join(parts)
    return out


@cache
def terms_of(protocol: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The protocol's game terms, each with a pattern for every form of it (longest forms first)."""
    found = []
    for t in TERMS:
        if t.protocol == protocol and t.english not in EVERYWHERE.get(protocol, ()):
            found.append((t.english, _any_form(t.forms, "s|es")))  # the glossary lists a term's other forms
    for word in MORE_TERMS.get(protocol, ()):
        found.append((word, _any_form((word, word.removesuffix("e")), "s|es|e|ed|d|ing|ion")))
    return tuple(found)


def _any_form(forms: tuple[str, ...], endings: str) -> re.Pattern[str]:
    """Any of ``forms``, with one of ``endings`` or none (``damage``: damages, damaged, damaging)."""
    alternatives = "|".join(re.escape(f) for f in sorted(set(forms), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:{endings})?(?![\w-])", re.IGNORECASE)


def named_terms(text: str, protocol: str) -> set[str]:
    """The game terms ``text`` names."""
    return {name for name, pattern in terms_of(protocol) if pattern.search(text)}


# --------------------------------------------------------------------------
# The checks


def problems(claims: list[Claim], texts: dict[str, str]) -> list[str]:
    found = []
    for claim in claims:
        book = books()[claim.protocol]
        for rid in claim.cites:
            if rid not in book:
                owner = next((k for k, b in books().items() if rid in b), None)
                why = f"a ruling of {owner}" if owner else "no ruling"
                found.append(f"{claim.where}: cites {rid}, {why}, on a {claim.protocol} page: “{claim.text}”")
        if ORDER_WORDS.search(claim.text) and not claim.cites:
            word = ORDER_WORDS.search(claim.text).group(0)  # type: ignore[union-attr]
            found.append(
                f"{claim.where}: names a default, an exception or an order (“{word}”) and cites nothing: “{claim.text}”"
            )
        cited = [rid for rid in claim.cites if rid in book and rid in texts]
        terms = named_terms(claim.text, claim.protocol)
        if not cited or not terms:
            continue
        supported: set[str] = set()
        for rid in cited:
            supported |= named_terms(texts[rid], claim.protocol) & terms
        for words, ids in claim.segments or ((claim.text, claim.cites),):
            vouched = named_terms(words, claim.protocol)
            for rid in ids:
                if rid in texts and vouched and not named_terms(texts[rid], claim.protocol) & vouched:
                    found.append(
                        f"{claim.where}: cites {rid} for words naming {sorted(vouched)}, none of which its own "
                        f"text names: “{claim.text}”"
                    )
        if terms - supported:
            found.append(
                f"{claim.where}: names {sorted(terms - supported)}, which none of {cited} speaks of: “{claim.text}”"
            )
    return found


def test_the_places_are_found() -> None:
    """The test reads what it says it reads: each page's "At a glance", the vocabulary, the tables, the
    glossary (if a heading were renamed, the test would silently read nothing)."""
    claims = every_claim()
    where = {c.where.split(":")[0] for c in glance_and_vocabulary_claims()}
    assert where >= {"protocol-07.md", "battaglia.md", "resolution-19.md"}  # and a protocol's added later
    assert sum(c.where.startswith("battaglia.md") and "fire only on damage" in c.text for c in claims) == 1
    assert {c.where.split(",")[0] for c in table_claims()} >= {"table battaglia.abilities", "table r19.leave-steps"}
    assert len({c.where for c in claims if c.where.startswith("glossary:")}) == len(TERMS)
    assert sum(bool(c.cites) for c in claims) > 100


def test_summaries_cite_rulings_that_support_them() -> None:
    assert problems(every_claim(), own_texts()) == []


# --------------------------------------------------------------------------
# Each check fails on what issue 26 found (the statements as they stood)


def claim(text: str, protocol: str, where: str = "page.md:1") -> list[Claim]:
    return clauses(text, where, protocol)


def test_a_citation_of_another_protocol_or_of_nothing_fails() -> None:
    found = problems(claim("Cryptids act by threat, highest first ([[R19-1.3]]).", "battaglia"), own_texts())
    assert found[0].startswith("page.md:1: cites R19-1.3, a ruling of r19, on a battaglia page")
    found = problems(claim("Cryptids act by threat, highest first ([[BAT-99]]).", "battaglia"), own_texts())
    assert found[0].startswith("page.md:1: cites BAT-99, no ruling")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # issue 26, statement 6: turn step 2 and the vocabulary stated these with no ID
        ("The damaged cryptid's own reactions go first, then its allies', in threat order.", "first"),
        ("Each player's triggers in the order they choose; creation order when none is given.", "order"),
        ("An ability that hits one enemy goes, by default, for the one of highest threat.", "default"),
    ],
)
def test_a_default_an_exception_or_an_order_without_a_citation_fails(text: str, word: str) -> None:
    found = problems(claim(text, "battaglia"), own_texts())
    assert found and f"(“{word}”) and cites nothing" in found[0]


def test_a_citation_of_a_ruling_about_something_else_fails() -> None:
    """Statement 7: the abilities table gave the ``self`` target "(the default for healing)" and cited BAT-4,
    the enemy default; the default for healing is I-BAT-14."""
    text = "target | self | Itself | the cryptid itself (the default for healing)"
    row = [Claim("table battaglia.abilities, row 13", "battaglia", text, ("BAT-4",), ((text, ("BAT-4",)),))]
    assert problems(row, own_texts()) == [
        f"table battaglia.abilities, row 13: names ['heal'], which none of ['BAT-4'] speaks of: “{text}”"
    ]
    fixed = [Claim(row[0].where, "battaglia", text, ("BAT-5", "I-BAT-14"), ((text, ("BAT-5", "I-BAT-14")),))]
    assert problems(fixed, own_texts()) == []


def test_a_term_no_cited_ruling_speaks_of_fails() -> None:
    """Statement 11: At a glance 3 cited R19-2.8 for triggers waiting until the sequence ends; that is §19.1's
    (R19-1.1). R19-2.8 speaks of triggers, not of sequences."""
    old = (
        "Becoming Contested, Fallen or Prime ([[R19-2]]) keeps the card in play ([[R19-4.1]]); triggers keyed to "
        "the change wait for the sequence to end ([[R19-2.8]])."
    )
    assert problems(claim(old, "r19"), own_texts()) == [
        "page.md:1: names ['sequence'], which none of ['R19-2.8'] speaks of: “triggers keyed to the change wait for "
        "the sequence to end ( ).”"
    ]
    assert problems(claim(old.replace("[[R19-2.8]]", "[[R19-1.1]]"), "r19"), own_texts()) == []


def test_a_sentence_that_hands_the_point_to_another_ruling_is_not_the_rulings_own() -> None:
    """BAT-4's section mentions healing only in the sentence that hands it to I-BAT-14: that sentence is not
    BAT-4's own text, so BAT-4 does not support a claim about healing, and I-BAT-14 does."""
    section = parsed()["battaglia"].lines
    assert any("[[I-BAT-14]]" in line for line in section)
    assert "heal" not in named_terms(own_texts()["BAT-4"], "battaglia")
    assert "heal" in named_terms(own_texts()["I-BAT-14"], "battaglia")
