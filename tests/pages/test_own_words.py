"""Own words: no page text, ruling title or engine string repeats 12 or more consecutive words of a source.

What is checked:

* **page text**: ``docs/_sources/*.md``, ``docs/*.md`` and the README — prose, headings,
  list items and table rows, and the output lines of ```` ```pycon ```` and
  ```` ```console ```` blocks (readers see them as the example's answer).
  Code lines (``>>>``, ``...``, ``$``) are not text, and neither are widget
  fences, ``{{ table }}`` lines (the tables come from engine strings, checked
  below) or link targets;
* **ruling titles**: every title of the three rulebooks;
* **engine strings**: every string literal in ``estro_rules/**/*.py``, read
  with ``ast`` — docstrings included. An f-string, or a ``+`` of strings, is
  read as its constant parts with a gap for each interpolated value; a gap may
  stand for 1 to 8 words of the source, so a message that rebuilds a source
  sentence around an interpolated phrase is caught too.

Words are compared as :func:`estro_rules.sources.words` gives them (NFKC,
lower case, punctuation dropped). A copy is a run of 12 or more consecutive
source words. The one exception is text marked as a quotation: inside
``<q>…</q>``, or a Markdown blockquote whose text names the source document.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from estro_rules.battaglia.rulebook import RULEBOOK as BATTAGLIA
from estro_rules.protocol07 import RULEBOOK as PROTOCOL07
from estro_rules.r19.rulebook import RULEBOOK as R19
from estro_rules.source_map import KNOWN
from estro_rules.sources import words
from tests.support.seeds import ROOT, seed_documents, seed_files

#: How many consecutive source words make a copy.
RUN = 12

#: The most source words one interpolated value of an f-string may stand for.
GAP = 8

#: Names that attribute a blockquote to a source document.
SOURCE_NAMES = (*KNOWN, "§19", "Section 19")

BREAK = "\x00"  # in text: no run may cross it

# --------------------------------------------------------------------------
# Matching


@dataclass(frozen=True)
class Token:
    word: str | None
    """The word, or ``None`` for a gap (an interpolated value)."""

    line: int


@dataclass(frozen=True)
class Segment:
    """One piece of text that a copy cannot cross: a paragraph, a table row, a string literal."""

    path: str
    tokens: tuple[Token, ...]
    what: str = ""


@dataclass(frozen=True)
class Copy:
    segment: Segment
    line: int
    document: str
    shared: tuple[str, ...]

    def __str__(self) -> str:
        what = f" ({self.segment.what})" if self.segment.what else ""
        return (
            f"{self.segment.path}:{self.line}{what}: {len(self.shared)} words of {self.document}: "
            f"“{' '.join(self.shared)}”"
        )


class Sources:
    """The source documents' words, indexed for finding runs."""

    def __init__(self, files: list[Path]) -> None:
        self.documents: list[tuple[str, list[str]]] = []
        self.index: dict[str, list[tuple[int, int]]] = {}
        for path in files:
            text = path.read_text(encoding="utf-8")
            name = text.strip().splitlines()[0].strip()
            ws = words(text)
            d = len(self.documents)
            self.documents.append((name, ws))
            for j, w in enumerate(ws):
                self.index.setdefault(w, []).append((d, j))

    def _run(self, tokens: tuple[Token, ...], i: int, src: list[str], j: int) -> tuple[int, int]:
        """Source words covered from (i, j), and how many of them are the text's own words."""
        covered = own = 0
        while i < len(tokens) and j < len(src):
            word = tokens[i].word
            if word is None:
                best = (0, 0)
                nxt = tokens[i + 1].word if i + 1 < len(tokens) else None
                for k in range(1, GAP + 1):
                    if nxt is not None and j + k < len(src) and src[j + k] == nxt:
                        sub = self._run(tokens, i + 1, src, j + k)
                        if k + sub[0] > best[0]:
                            best = (k + sub[0], sub[1])
                return covered + best[0], own + best[1]
            if word != src[j]:
                break
            covered += 1
            own += 1
            i += 1
            j += 1
        return covered, own

    def copies(self, segment: Segment) -> list[Copy]:
        tokens = segment.tokens
        found: list[tuple[int, int, int, int]] = []  # (covered, i, document, j)
        for i, token in enumerate(tokens):
            if token.word is None:
                continue
            prev = tokens[i - 1].word if i else None
            for d, j in self.index.get(token.word, ()):
                src = self.documents[d][1]
                if prev is not None and j and src[j - 1] == prev:
                    continue  # not the start of a maximal run
                covered, own = self._run(tokens, i, src, j)
                gaps = covered - own
                if covered >= RUN and (gaps == 0 or own >= RUN - GAP // 2):
                    found.append((covered, i, d, j))
        result: list[Copy] = []
        taken: list[tuple[int, int]] = []
        for covered, i, d, j in sorted(found, key=lambda f: (-f[0], f[1])):
            span = (i, i + covered)
            if any(a < span[1] and span[0] < b for a, b in taken):
                continue
            taken.append(span)
            name, src = self.documents[d]
            result.append(Copy(segment, tokens[i].line, name, tuple(src[j : j + covered])))
        return sorted(result, key=lambda c: c.line)


# --------------------------------------------------------------------------
# Page text


_QUOTE = re.compile(r"<q\b[^>]*>.*?</q>", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_TABLE_DIRECTIVE = re.compile(r"^\s*\{\{.*\}\}\s*$")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w-]*)")


def _tokens(text: str, line: int) -> list[Token]:
    """The words of ``text`` with their lines; a :data:`BREAK` becomes a token no source word equals."""
    out: list[Token] = []
    for n, part in enumerate(text.split("\n")):
        for k, piece in enumerate(part.split(BREAK)):
            if k:
                out.append(Token(BREAK, line + n))
            out += [Token(w, line + n) for w in words(piece)]
    return out


def page_segments(path: Path, rel: str = "") -> Iterator[Segment]:
    """The text a reader sees on one page, as segments (see the module docstring)."""
    rel = rel or str(path.relative_to(ROOT))
    text = path.read_text(encoding="utf-8")
    # A <q> quotation (even across lines) is replaced by a break, keeping the line count.
    text = _QUOTE.sub(lambda m: BREAK + "\n" * m.group(0).count("\n"), text)
    lines = text.split("\n")
    current: list[Token] = []
    fence: tuple[str, str] | None = None
    quote: list[tuple[int, str]] = []

    def flush() -> Iterator[Segment]:
        if current:
            yield Segment(rel, tuple(current))
            current.clear()

    def flush_quote() -> Iterator[Segment]:
        if quote:
            body = " ".join(text for _, text in quote)
            if not any(name in body for name in SOURCE_NAMES):
                yield Segment(rel, tuple(t for n, text in quote for t in _tokens(text, n)), "blockquote")
            quote.clear()

    for n, raw in enumerate(lines, start=1):
        line = _TAG.sub(" ", _LINK_TARGET.sub("]", raw))
        match = _FENCE.match(raw)
        if fence is not None:
            if match and match.group(1).startswith(fence[0][:3]) and not match.group(2):
                fence = None
                yield from flush()
                continue
            lang = fence[1]
            is_output = (lang == "pycon" and not raw.lstrip().startswith((">>>", "..."))) or (
                lang == "console" and not raw.lstrip().startswith("$")
            )
            if is_output and raw.strip():
                current.extend(_tokens(line, n))
            else:
                yield from flush()
            continue
        if match:
            yield from flush()
            yield from flush_quote()
            fence = (match.group(1), match.group(2))
            continue
        if raw.lstrip().startswith(">"):
            yield from flush()
            quote.append((n, line.lstrip().lstrip(">")))
            continue
        yield from flush_quote()
        stripped = raw.strip()
        if not stripped or _TABLE_DIRECTIVE.match(raw):
            yield from flush()
            continue
        if stripped.startswith(("#", "|", "- ", "* ")) or re.match(r"\d+\. ", stripped):
            yield from flush()  # a heading, a table row or a list item starts a segment of its own
        current.extend(_tokens(line, n))
        if stripped.startswith(("#", "|")):
            yield from flush()
    yield from flush()
    yield from flush_quote()


def pages() -> list[Path]:
    """The rules pages' sources, the other pages, and the README (which shows engine output too)."""
    return [
        *sorted((ROOT / "docs" / "_sources").glob("*.md")),
        *sorted((ROOT / "docs").glob("*.md")),
        ROOT / "README.md",
    ]


# --------------------------------------------------------------------------
# Engine strings and ruling titles


def _string_parts(node: ast.expr) -> list[str | None] | None:
    """A string expression as constant parts and gaps (``None``); ``None`` if it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts: list[str | None] = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            else:
                parts.append(None)
        return parts
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _string_parts(node.left), _string_parts(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else [None]) + (right if right is not None else [None])
    return None


def _literal_tokens(parts: list[str | None], line: int) -> tuple[Token, ...]:
    tokens: list[Token] = []
    for part in parts:
        if part is None:
            if tokens and tokens[-1].word is not None:
                tokens.append(Token(None, line))
            continue
        tokens += _tokens(_QUOTE.sub(BREAK, part), line)
        line += part.count("\n")
    return tuple(tokens)


def engine_segments() -> Iterator[Segment]:
    for path in sorted((ROOT / "estro_rules").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside: set[int] = set()  # nodes already read as part of a larger string expression
        for node in ast.walk(tree):  # Quote("…", source): a marked quotation of a source, shown as one
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Quote":
                # its text, also when marked for the catalogue (Quote(N_("…"), source): our translation beside it)
                inside.update(id(part) for arg in node.args[:1] for part in ast.walk(arg))
        for node in ast.walk(tree):
            if id(node) in inside or not isinstance(node, ast.expr):
                continue
            parts = _string_parts(node)
            if parts is None:
                continue
            for child in ast.walk(node):
                if child is not node and isinstance(child, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                    if _string_parts(child) is not None and not _inside_formatted(node, child):
                        inside.add(id(child))
            yield Segment(rel, _literal_tokens(parts, node.lineno))


def _inside_formatted(root: ast.expr, child: ast.AST) -> bool:
    """Whether ``child`` is inside an interpolated value of ``root`` (read on its own, then)."""
    for node in ast.walk(root):
        if isinstance(node, ast.FormattedValue):
            if any(sub is child for sub in ast.walk(node.value)):
                return True
    return False


def title_segments() -> Iterator[Segment]:
    for book in (PROTOCOL07, BATTAGLIA, R19):
        yield Segment(f"rulebook {book.key}", tuple(_tokens(book.title, 0)), "rulebook title")
        for ruling in book:
            yield Segment(f"rulebook {book.key}", tuple(_tokens(ruling.title, 0)), f"title of {ruling.id}")


# --------------------------------------------------------------------------
# Tests


def _sources() -> Sources:
    return Sources(seed_files())


def _seed_sentence() -> str:
    """A long sentence of a source, read from the seeds (the repository holds no source text)."""
    paragraph = seed_documents()["PROTOCOL_07"].paragraph("INFO", 2)
    assert paragraph is not None and len(words(paragraph.text)) >= 19
    return paragraph.text


def test_the_matcher_finds_a_copy_and_respects_quotations() -> None:
    sources = _sources()
    copied = _seed_sentence()
    reworded = "Single Player is a world of its own, with starships, guardians and a dedicated AI."
    [copy] = sources.copies(Segment("x", tuple(_tokens(copied, 1))))
    assert copy.document == "PROTOCOL_07" and copy.shared == tuple(words(copied))
    assert sources.copies(Segment("x", tuple(_tokens(reworded, 1)))) == []
    # Eleven words are not a copy, twelve are.
    assert sources.copies(Segment("x", tuple(_tokens(" ".join(words(copied)[:11]), 1)))) == []
    assert len(sources.copies(Segment("x", tuple(_tokens(" ".join(words(copied)[:12]), 1))))) == 1
    # An f-string that rebuilds the sentence around an interpolated value is caught:
    # the gap stands for the words it replaces.
    before, _, rest = copied.partition("(")
    _, _, after = rest.partition(")")
    [copy] = sources.copies(Segment("x", _literal_tokens([before + "(", None, ")" + after], 1)))
    assert copy.shared == tuple(words(copied))
    # A quotation is not a copy.
    assert sources.copies(Segment("x", _literal_tokens([f"<q>{copied}</q>"], 1))) == []


def test_what_counts_as_page_text(tmp_path: Path) -> None:
    copied = _seed_sentence()
    page = tmp_path / "page.md"
    page.write_text(
        "\n".join(
            [
                "# A page",  # 1
                "",
                copied,  # 3: prose
                "",
                f"Quoted: <q>{copied}</q>, in its own words otherwise.",  # 5
                "",
                f"> {copied}",  # 7: a blockquote that names no source
                "",
                f"> {copied}",  # 9: a blockquote naming its source
                "> — PROTOCOL_07",
                "",
                "```pycon",
                f">>> text = {copied!r}",  # 13: code
                f"... {copied!r}",
                copied,  # 15: output
                "```",
                "",
                "```estro-widget p07-combination",
                copied,  # 19: a widget's options, not text
                "```",
                "",
                f"| {copied} |",  # 22: a table row
            ]
        ),
        encoding="utf-8",
    )
    sources = _sources()
    found = [(c.line, c.segment.what) for seg in page_segments(page, "page.md") for c in sources.copies(seg)]
    assert found == [(3, ""), (7, "blockquote"), (15, ""), (22, "")]


def test_page_text_is_in_our_own_words() -> None:
    sources = _sources()
    offenders = [str(c) for path in pages() for seg in page_segments(path) for c in sources.copies(seg)]
    assert not offenders, "page text repeating 12 or more words of a source:\n" + "\n".join(offenders)


def test_ruling_titles_are_in_our_own_words() -> None:
    sources = _sources()
    offenders = [str(c) for seg in title_segments() for c in sources.copies(seg)]
    assert not offenders, "ruling titles repeating a source:\n" + "\n".join(offenders)


def test_engine_strings_are_in_our_own_words() -> None:
    sources = _sources()
    offenders = [str(c) for seg in engine_segments() for c in sources.copies(seg)]
    assert not offenders, "engine strings repeating 12 or more words of a source:\n" + "\n".join(offenders)
