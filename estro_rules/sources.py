"""The source documents: their paragraphs, fingerprints, and what each ruling restates.

The project restates three rule texts (PROTOCOL_07, Battaglia and
"19. Resolution Rules") in its own words. The texts themselves stay out of the
project: a ruling records only *where* its rule comes from — document, section
and paragraph number, a :class:`Source` — and a fingerprint of that
paragraph's text. :func:`check` reads the documents as they are now and
reports every paragraph that no ruling covers and every ruling whose paragraph
changed, moved or vanished, so that a maintainer knows which rulings to
re-read when a source is edited.

How to read each document — its title line, how it marks headings, how its prose makes paragraphs, its
sections — is its protocol's (a :class:`Reader`, declared in the protocol's package); the functions here
take the readers they are to know. :mod:`estro_rules.source_map` reads with every protocol's.

A document is recognised by its first line (its title), never by its file name:

>>> BAT = Reader("Battaglia", Shape.BLOCKS, standing_alone)
>>> P07 = Reader("PROTOCOL_07", Shape.LINES, all_capitals)
>>> R19 = Reader("19. Resolution Rules", Shape.BLOCKS, numbered)
>>> parse("Battaglia\\n\\nUna regola.\\n", readers=[BAT]).name
'Battaglia'
>>> parse("Notes\\n\\nsomething", readers=[P07, BAT, R19])
Traceback (most recent call last):
...
estro_rules.sources.SourceError: <text>: not a known source document; expected a first line 'PROTOCOL_07', 'Battaglia' or '19. Resolution Rules', got 'Notes'

The paragraph model
-------------------

The text is normalised first (:func:`normalise`): Unicode NFKC, so that the
same text typed with other code points (a no-break space, a full-width digit)
gives the same fingerprint; runs of white space become one space; case is
kept, because in these texts case carries meaning ("Prime", "RK", "DEF") and a
maintainer wants to hear about any edit that could change a ruling.

The first non-blank line is the document's title; it names the document and
is neither a heading nor a paragraph. Every other line is blank, a table row,
a list item, a heading or prose, tried in that order:

* a **heading** starts a section; its text (without a trailing ``#``) is the
  section's name. Each document marks headings its own way:

  - PROTOCOL_07: a line whose letters are all capitals (``INFO``,
    ``RESOLUTION ORDER — DESTRUCTION``, ``INCOMPATIBLE COMBINATIONS``);
  - Battaglia: a line standing alone between blank lines that does not end
    in sentence punctuation (``Minaccia e bersagliamento``);
  - 19. Resolution Rules: a line that starts with a section number
    (``19.8 DEF or Rank Reduced to 0 or Less#``).

  Paragraphs before the first heading belong to a section named after the
  document's title.
* a **list item** is a line that starts with ``-``, ``•`` or ``*`` or a
  number and a full stop, each followed by a space; it is a paragraph of its
  own, marker included (the marker of a numbered step is a fact of order).
* a **table row** is a line that starts with ``|``; each row, the header row
  included, is a paragraph of its own, its text the trimmed cells joined by
  `` | ``. A separator row (only ``|``, ``-``, ``:`` and spaces) is not a
  paragraph.
* **prose**: in PROTOCOL_07, which has no blank lines, each prose line is a
  paragraph; in Battaglia and 19. Resolution Rules, consecutive prose lines
  up to a blank line (or a heading, list item or table row) are joined into
  one paragraph.

Paragraphs are numbered 1, 2, 3, … within their section, in document order,
so an edit in one section never renumbers another. In PROTOCOL_07, for
example, the step line ``2. NecroToken assigned[PASSIVE]`` and the line under
it are two paragraphs (a list item, then prose). The documents as published
have 25 (PROTOCOL_07), 17 (Battaglia) and 41 (19. Resolution Rules) paragraphs.

>>> doc = parse(readers=[R19], text='''19. Resolution Rules
...
... 19.1 Resolution Sequence#
...
... Effects resolve as a sequence.
... No one plays cards meanwhile.
...
... • one
... • two
... ''')
>>> [(p.section, p.number, p.text) for p in doc.paragraphs]
[('19.1 Resolution Sequence', 1, 'Effects resolve as a sequence. No one plays cards meanwhile.'), ('19.1 Resolution Sequence', 2, '• one'), ('19.1 Resolution Sequence', 3, '• two')]
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import Path

from .errors import EstroError
from .inputs import NotAFile, TooLong, read_bounded
from .text import one_line


class SourceError(EstroError):
    """A file that cannot be read, or that is not one of the source documents."""


#: The largest source document read, in bytes (the real ones are tens of kB).
MAX_SOURCE_BYTES = 32_000_000


# --------------------------------------------------------------------------
# Text


_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[^\W_]+")


def normalise(text: str) -> str:
    """The form of a text that is fingerprinted: NFKC, white space collapsed, case kept.

    >>> normalise("  Si tirano\\u00a0due   dadi\\n a sei facce. ")
    'Si tirano due dadi a sei facce.'
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text)).strip()


def fingerprint(text: str) -> str:
    """The first 16 hex digits of the SHA-256 of the normalised text.

    >>> fingerprint("Two dice are rolled.")
    '70937b3a094edf9d'
    >>> fingerprint("Two  dice are\\nrolled. ") == fingerprint("Two dice are rolled.")
    True
    """
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:16]


def words(text: str) -> list[str]:
    """The words of a text as compared for own wording: NFKC, lower case, punctuation dropped.

    Letters and digits make words; every other character separates them, so
    ``self-contained`` is two words, whether written with a hyphen or a space.

    >>> words("Single Player — a self-contained *structure* (§7.7)!")
    ['single', 'player', 'a', 'self', 'contained', 'structure', '7', '7']
    """
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


# --------------------------------------------------------------------------
# Documents


class Shape(Enum):
    """How a document lays out its prose."""

    LINES = "lines"
    """Every prose line is a paragraph (PROTOCOL_07)."""

    BLOCKS = "blocks"
    """Prose lines up to a blank line form one paragraph (Battaglia, §19)."""


@dataclass(frozen=True)
class Paragraph:
    """One numbered paragraph of a source document, as read now."""

    document: str
    """The document's name, its title line (``"PROTOCOL_07"``)."""

    section: str
    """The heading of the section it is in."""

    number: int
    """Its place in the section, from 1."""

    text: str
    """Its normalised text; held in memory to fingerprint it, never printed."""

    line: int
    """The line of the file it starts on, from 1, to help a maintainer find it."""

    @cached_property
    def fingerprint(self) -> str:
        """The fingerprint of :attr:`text` (computed once)."""
        return fingerprint(self.text)

    @property
    def place(self) -> str:
        """Where it is, for a report line: document, section and number."""
        return f"{self.document} › {self.section} ¶{self.number}"


@dataclass(frozen=True)
class Document:
    """A source document split into sections and numbered paragraphs."""

    name: str
    """The document's title line, which identifies it."""

    origin: str
    """Where it was read from (a file name), for messages."""

    paragraphs: tuple[Paragraph, ...]
    """Every paragraph, in document order."""

    def paragraph(self, section: str, number: int) -> Paragraph | None:
        """The paragraph at ``number`` in ``section``, if there is one."""
        return self._places.get((section, number))

    def with_fingerprint(self, fingerprint: str) -> Paragraph | None:
        """The first paragraph whose text has this fingerprint, if there is one."""
        return self._fingerprints.get(fingerprint)

    @cached_property
    def _places(self) -> dict[tuple[str, int], Paragraph]:
        # Indexes built once, so that checking many records is linear in the document's size.
        return {(p.section, p.number): p for p in self.paragraphs}

    @cached_property
    def _fingerprints(self) -> dict[str, Paragraph]:
        found: dict[str, Paragraph] = {}
        for p in self.paragraphs:
            found.setdefault(p.fingerprint, p)
        return found


_LIST_ITEM = re.compile(r"^(?:[-•*]|\d+\.)\s")
_TABLE_SEPARATOR = re.compile(r"^\|[\s|:-]*$")
_SENTENCE_END = (".", ":", ";", "!", "?", "…")
_SECTION_NUMBER = re.compile(r"^\d+\.\d+\s+\S")


def all_capitals(line: str, prev: str, next_: str) -> bool:
    """A heading whose letters are all capitals (``INCOMPATIBLE COMBINATIONS``)."""
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def standing_alone(line: str, prev: str, next_: str) -> bool:
    """A heading standing alone between blank lines that does not end in sentence punctuation."""
    return not prev and not next_ and not line.endswith(_SENTENCE_END)


def numbered(line: str, prev: str, next_: str) -> bool:
    """A heading that starts with a section number (``19.8 DEF or Rank Reduced to 0 or Less#``)."""
    return bool(_SECTION_NUMBER.match(line))


HeadingRule = Callable[[str, str, str], bool]
"""Whether a line is a heading, given it and the lines before and after it."""


@dataclass(frozen=True)
class Reader:
    """How to read one source document: its protocol declares it."""

    title: str
    """Its first line, which names it (``"Battaglia"``)."""

    shape: Shape
    """How its prose makes paragraphs."""

    is_heading: HeadingRule
    """Which lines are its headings."""

    sections: tuple[str, ...] = ()
    """Its sections, in the document's order (the source coverage page lists them so)."""


def _table_row(line: str) -> str:
    cells = [normalise(cell) for cell in line.strip().strip("|").split("|")]
    return " | ".join(cells)


def parse(text: str, origin: str = "<text>", readers: Sequence[Reader] = ()) -> Document:
    """Split a source document into sections and numbered paragraphs (see the module's docstring), with the
    reader among ``readers`` whose title is its first line.

    >>> P07 = Reader("PROTOCOL_07", Shape.LINES, all_capitals)
    >>> doc = parse("PROTOCOL_07\\nINFO\\nModes combine.\\n| A | B |\\n|---|---|\\n| x |  y |\\n", readers=[P07])
    >>> [(p.place, p.text) for p in doc.paragraphs]
    [('PROTOCOL_07 › INFO ¶1', 'Modes combine.'), ('PROTOCOL_07 › INFO ¶2', 'A | B'), ('PROTOCOL_07 › INFO ¶3', 'x | y')]
    >>> parse("", readers=[P07, Reader("Battaglia", Shape.BLOCKS, standing_alone)])
    Traceback (most recent call last):
    ...
    estro_rules.sources.SourceError: <text>: not a known source document; expected a first line 'PROTOCOL_07' or 'Battaglia', got an empty file
    """
    known_readers = {r.title: r for r in readers}
    lines = [normalise(line) for line in text.removeprefix("\ufeff").splitlines()]
    first = next((i for i, line in enumerate(lines) if line), None)
    if first is None or lines[first] not in known_readers:
        got = "an empty file" if first is None else repr(lines[first][:60])
        known = ", ".join(repr(name) for name in known_readers)
        if ", " in known:
            known = known[: known.rindex(", ")] + " or" + known[known.rindex(", ") + 1 :]
        raise SourceError(f"{origin}: not a known source document; expected a first line {known}, got {got}")
    name = lines[first]
    kind = known_readers[name]
    paragraphs: list[Paragraph] = []
    section = name
    counts: dict[str, int] = {}
    prose: list[str] = []
    prose_line = 0

    def emit(text: str, line: int) -> None:
        counts[section] = counts.get(section, 0) + 1
        paragraphs.append(Paragraph(name, section, counts[section], normalise(text), line))

    def end_prose() -> None:
        if prose:
            emit(" ".join(prose), prose_line)
            prose.clear()

    for i in range(first + 1, len(lines)):
        line = lines[i]
        prev = lines[i - 1] if i > first + 1 else ""
        next_ = lines[i + 1] if i + 1 < len(lines) else ""
        if not line:
            end_prose()
        elif line.startswith("|"):
            end_prose()
            if not _TABLE_SEPARATOR.match(line):
                emit(_table_row(line), i + 1)
        elif _LIST_ITEM.match(line):
            end_prose()
            emit(line, i + 1)
        elif kind.is_heading(line, prev, next_):
            end_prose()
            section = line.removesuffix("#").rstrip()
        elif kind.shape is Shape.LINES:
            emit(line, i + 1)
        else:
            if not prose:
                prose_line = i + 1
            prose.append(line)
    end_prose()
    return Document(name, origin, tuple(paragraphs))


def read(path: str | Path, readers: Sequence[Reader] = ()) -> Document:
    """Read and parse one source document (see :func:`parse`); an unreadable file is a :class:`SourceError`.

    >>> read("no/such/file.txt")
    Traceback (most recent call last):
    ...
    estro_rules.sources.SourceError: no/such/file.txt: no such file; expected a source document
    """
    name = str(path)
    try:
        text = read_bounded(name, MAX_SOURCE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise SourceError(f"{name}: no such file; expected a source document") from None
    except IsADirectoryError:
        raise SourceError(f"{name}: a directory; expected a source document file (give its files)") from None
    except NotAFile as err:
        raise SourceError(f"{name}: {err.what}, not a file; expected a source document") from None
    except TooLong:
        raise SourceError(
            f"{name}: longer than {MAX_SOURCE_BYTES:,} bytes; expected a source document (a few hundred kB)"
        ) from None
    except UnicodeDecodeError:
        raise SourceError(f"{name}: not UTF-8 text; expected a source document") from None
    except OSError as err:
        raise SourceError(f"{name}: cannot be read ({err.strerror}); expected a source document") from None
    return parse(text, name, readers)


# --------------------------------------------------------------------------
# Provenance


@dataclass(frozen=True)
class Source:
    """Where a ruling's rule comes from: one paragraph of one source document."""

    document: str
    """The document's name, its title line (``"Battaglia"``)."""

    section: str
    """The heading of the section, as the document writes it (without a trailing ``#``)."""

    paragraph: int
    """The paragraph's number in its section, from 1 (see the module's paragraph model)."""

    fingerprint: str
    """The :func:`fingerprint` of the paragraph's text when the ruling was written."""

    @property
    def place(self) -> str:
        """Where it is, for a report line: document, section and number."""
        return f"{self.document} › {self.section} ¶{self.paragraph}"

    @classmethod
    def of(cls, paragraph: Paragraph) -> Source:
        """The record of a paragraph as it is now."""
        return cls(paragraph.document, paragraph.section, paragraph.number, paragraph.fingerprint)


@dataclass(frozen=True)
class NotARule:
    """A paragraph that deliberately restates no rule (a title, an introduction), and why."""

    source: Source
    """The paragraph, with its fingerprint: a change to it is reported too."""

    reason: str
    """Why it states no rule, in a few words."""


@dataclass(frozen=True)
class SourceDocument:
    """A protocol's source document: how it is read, and where each of its protocol's rulings comes from."""

    reader: Reader
    """How to read it: its title line, headings, prose and sections."""

    records: Mapping[str, tuple[Source, ...]]
    """Every source ruling (not the ``I-`` interpretations) → the paragraphs it restates, in rulebook order.
    Every paragraph is covered by at least one ruling or listed in :attr:`not_rules`."""

    not_rules: tuple[NotARule, ...] = ()
    """The paragraphs that deliberately restate no rule, each with its reason."""

    bases: Mapping[str, str] = field(default_factory=dict)
    """Every interpretation → why the source is silent or ambiguous there, and why this reading."""

    file: str = ""
    """Where the repository keeps the document, from its root (a new protocol's own, ``docs/_sources/documents/``);
    ``""`` for one the repository does not hold (the shared source documents)."""

    @property
    def title(self) -> str:
        return self.reader.title


@dataclass(frozen=True)
class Drift:
    """One record that no longer matches its paragraph."""

    owner: str
    """The ruling ID that cites the paragraph, or ``"not a rule"``."""

    source: Source
    """The record as the project holds it."""

    now: Paragraph | None = None
    """The paragraph that has the record's text now, for a moved one."""


@dataclass(frozen=True)
class Report:
    """What :func:`check` found."""

    documents: tuple[Document, ...]
    """The documents checked."""

    uncovered: tuple[Paragraph, ...] = ()
    """Paragraphs that no ruling and no :class:`NotARule` entry covers."""

    changed: tuple[Drift, ...] = ()
    """Records whose paragraph is still in its place but whose text differs."""

    moved: tuple[Drift, ...] = ()
    """Records whose text is still there, under another number or section."""

    vanished: tuple[Drift, ...] = ()
    """Records whose text is gone and whose place holds another paragraph, or nothing."""

    unchecked: tuple[str, ...] = ()
    """Documents the records cite that were not given."""

    @property
    def in_sync(self) -> bool:
        """True when every paragraph is covered and every record matches."""
        return not (self.uncovered or self.changed or self.moved or self.vanished)

    def lines(self) -> list[str]:
        """The report as plain lines for a maintainer: places and ruling IDs, never source text.

        Headings and file names come from outside, so every line is made safe for a terminal
        (:func:`~estro_rules.text.one_line`: control characters, terminal escapes and bidi controls
        are written as escapes).
        """
        return [one_line(line) for line in self._lines()]

    def _lines(self) -> list[str]:
        out = [f"checked: {d.name} ({d.origin}, {len(d.paragraphs)} paragraphs)" for d in self.documents]
        out += [f"not checked: {name} (no file given)" for name in self.unchecked]
        for d in self.changed:
            out.append(f"changed: {d.owner}: {d.source.place}: its text differs from the text the record was made from")
        for d in self.vanished:
            out.append(f"vanished: {d.owner}: {d.source.place}: its text is no longer in the document")
        for d in self.moved:
            assert d.now is not None
            same = (d.now.document, d.now.section) == (d.source.document, d.source.section)
            now = f"¶{d.now.number}" if same else d.now.place
            out.append(f"moved: {d.owner}: {d.source.place} is now {now} (line {d.now.line})")
        for p in self.uncovered:
            out.append(f"uncovered: {p.place} (line {p.line}): no ruling restates it")
        if self.in_sync:
            total = sum(len(d.paragraphs) for d in self.documents)
            out.append(f"in sync: every one of the {total} paragraphs is covered and unchanged")
        else:
            counts = [
                (len(self.changed), "changed"),
                (len(self.vanished), "vanished"),
                (len(self.moved), "moved"),
                (len(self.uncovered), "uncovered"),
            ]
            out.append("drift: " + ", ".join(f"{n} {what}" for n, what in counts if n))
        return out


def _each_once(docs: Iterable[Document]) -> dict[str, Document]:
    """The documents by their names; a :class:`SourceError` when one is given twice."""
    by_name: dict[str, Document] = {}
    for doc in docs:
        if doc.name in by_name:
            raise SourceError(
                f"{doc.origin}: the same document as {by_name[doc.name].origin}; expected each document once"
            )
        by_name[doc.name] = doc
    return by_name


def check(
    rulings: Mapping[str, Iterable[Source]],
    documents: Iterable[Document],
    not_rules: Iterable[NotARule] = (),
    known: Iterable[str] = (),
) -> Report:
    """Compare the records of ``rulings`` (ruling ID → sources) with the documents as they are now.

    A record matches when its paragraph is in its place with the same
    fingerprint. Otherwise it *moved* when a paragraph with its fingerprint is
    elsewhere in the document; it *changed* when its place holds a paragraph
    that no record matches (the text there was edited); else it *vanished*.
    A paragraph that no record matches and that is not a changed one is
    *uncovered*. Records of documents not given are not checked; ``known`` lists the titles of every
    document there is (those not given are reported as not checked, in that order).

    >>> BAT = [Reader("Battaglia", Shape.BLOCKS, standing_alone)]
    >>> doc = parse("Battaglia\\n\\nUno.\\n\\nDue.\\n", readers=BAT)
    >>> one, two = (Source.of(p) for p in doc.paragraphs)
    >>> check({"BAT-1": [one], "BAT-2": [two]}, [doc]).in_sync
    True
    >>> edited = parse("Battaglia\\n\\nUno!\\n\\nDue.\\n\\nTre.\\n", readers=BAT)
    >>> report = check({"BAT-1": [one], "BAT-2": [two]}, [edited])
    >>> print("\\n".join(report.lines()))
    checked: Battaglia (<text>, 3 paragraphs)
    changed: BAT-1: Battaglia › Battaglia ¶1: its text differs from the text the record was made from
    uncovered: Battaglia › Battaglia ¶3 (line 7): no ruling restates it
    drift: 1 changed, 1 uncovered
    >>> removed = parse("Battaglia\\n\\nDue.\\n", readers=BAT)
    >>> print("\\n".join(check({"BAT-1": [one], "BAT-2": [two]}, [removed]).lines()[1:]))
    vanished: BAT-1: Battaglia › Battaglia ¶1: its text is no longer in the document
    moved: BAT-2: Battaglia › Battaglia ¶2 is now ¶1 (line 3)
    drift: 1 vanished, 1 moved
    """
    docs = tuple(documents)
    by_name = _each_once(docs)
    records = [(owner, s) for owner, sources in rulings.items() for s in sources]
    records += [("not a rule", n.source) for n in not_rules]
    cited = dict.fromkeys([*known, *(s.document for _, s in records)])
    unchecked = [name for name in cited if name not in by_name and any(s.document == name for _, s in records)]
    records = [(owner, s) for owner, s in records if s.document in by_name]

    matched: set[Paragraph] = set()
    pending: list[tuple[str, Source]] = []
    for owner, s in records:
        here = by_name[s.document].paragraph(s.section, s.paragraph)
        if here is not None and here.fingerprint == s.fingerprint:
            matched.add(here)
        else:
            pending.append((owner, s))

    moved: list[Drift] = []
    lost: list[tuple[str, Source]] = []
    for owner, s in pending:
        elsewhere = by_name[s.document].with_fingerprint(s.fingerprint)
        if elsewhere is not None:
            moved.append(Drift(owner, s, elsewhere))
            matched.add(elsewhere)
        else:
            lost.append((owner, s))

    changed: list[Drift] = []
    vanished: list[Drift] = []
    edited: set[Paragraph] = set()
    for owner, s in lost:
        here = by_name[s.document].paragraph(s.section, s.paragraph)
        if here is not None and here not in matched:
            changed.append(Drift(owner, s))
            edited.add(here)
        else:
            vanished.append(Drift(owner, s))

    uncovered = tuple(p for doc in docs for p in doc.paragraphs if p not in matched and p not in edited)
    return Report(docs, uncovered, tuple(changed), tuple(moved), tuple(vanished), tuple(unchecked))
