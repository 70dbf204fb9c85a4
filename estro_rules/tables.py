"""Tables for the pages: the shape every generated table has, and the ways every protocol makes one.

A table is a header row and rows of Markdown cells. Every ruling ID in a cell is written ``[[ID]]``, so the
site links it (:func:`refs`); an ordered list of rules becomes a table in one way, :func:`rule_table`; a
bound a page states is read from the field that declares it (:func:`bounds`).

>>> from estro_rules.ordered import Rule, RuleList
>>> steps = RuleList([Rule("roll", print, "Roll the dice.", ("D-1",), title="Roll"),
...                   Rule("score", print, "Count the points.", ("D-2", "I-D-1"), title="Score")])
>>> rule_table(steps, "What happens", title="Step")
(['#', 'Step', 'What happens', 'Rulings'], [['1', 'Roll', 'Roll the dice.', '[[D-1]]'], ['2', 'Score', 'Count the points.', '[[D-2]], [[I-D-1]]']])
>>> from estro_rules.schema import Int
>>> bounds(Int(0, 2**31 - 1)), bounds(Int(1, 100_000))
('0 to 2,147,483,647 (2³¹ − 1)', '1 to 100,000')

On a page in another language (:func:`estro_rules.i18n.using`) a table says its words in that language, with
that language's thousands separator, and marks as English what must stay as the source says it
(:func:`source_words`):

>>> from estro_rules.i18n import using
>>> with using("it"):
...     bounds(Int(1, 100_000)), number(5_000), source_words("5 flat zones")
('da 1 a 100.000', '5.000', '<span lang="en">5 flat zones</span>')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .i18n import _, current, grouped, say
from .ordered import Rule
from .schema import Int, Later, ListOf, Type

Table = tuple[list[str], list[list[str]]]
"""A table for a page: a header row and the rows, each a list of Markdown cells."""


def markdown(table: Table) -> list[str]:
    r"""A table as the lines of a Markdown table; a ``|`` or a line break in a cell is escaped.

    >>> markdown((["A", "B"], [["1", "x|y"]]))
    ['| A | B |', '|---|---|', '| 1 | x\\|y |']
    """
    header, rows = table

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    out = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return out


def refs(rulings: Iterable[str]) -> str:
    """Ruling IDs as a page writes them to be linked: ``[[BAT-4]], [[I-BAT-9]]``."""
    return ", ".join(f"[[{r}]]" for r in rulings)


def rule_table(
    rules: Iterable[Rule[Any]],
    summary: str,
    *,
    name: str = "",
    title: str = "",
    note: str = "",
    rulings: str = "Rulings",
) -> Table:
    """An ordered list of rules as a table: its place, then the columns asked for — the rule's machine ``name``
    (as code), its ``title``, its ``note`` — its summary, and the rulings behind it, linked. Each column is
    named by the header given for it; a column with no header is left out. The words are said in the current
    language where the catalogue has them (:func:`estro_rules.i18n.say`); the headers are the site's."""
    columns = [(header, part) for header, part in ((name, "name"), (title, "title"), (note, "note")) if header]
    rows = []
    for number, rule in enumerate(rules, start=1):
        cells = [f"`{rule.name}`" if part == "name" else say(str(getattr(rule, part))) for _, part in columns]
        rows.append([str(number), *cells, say(rule.summary), refs(rule.rulings)])
    return ["#", *(header for header, _ in columns), summary, rulings], rows


def number(n: int) -> str:
    """A whole number as a table shows it, its thousands separated as the current language separates them."""
    return grouped(f"{n:,}")


def source_words(text: str) -> str:
    """Words a table quotes as the source gives them (English): as they are, and on a page in another
    language marked as English, so that a screen reader reads them as English."""
    return text if current() == "en" else f'<span lang="en">{text}</span>'


def _number(n: int) -> str:
    """A bound as a table shows it: thousands separated, a power of two less one named as such."""
    if n >= 2**16 and (n + 1) & n == 0:
        power = "".join("⁰¹²³⁴⁵⁶⁷⁸⁹"[int(d)] for d in str(n.bit_length()))
        return f"{number(n)} (2{power} − 1)"
    return number(n)


def span(low: int | str, high: int | str) -> str:
    """A range of whole numbers, both included, in the current language: ``1 to 12``."""
    return _("{low} to {high}").format(low=low, high=high)


def bounds(declared: Type) -> str:
    """The bounds a field's type declares, in a table's words: a whole number's range, a list's length."""
    while isinstance(declared, Later):
        declared = declared.inner
    if isinstance(declared, Int) and declared.minimum is not None and declared.maximum is not None:
        return span(_number(declared.minimum), _number(declared.maximum))
    if isinstance(declared, ListOf) and declared.max_items is not None:
        return span(declared.min_items, _number(declared.max_items))
    raise ValueError(f"no bounds declared: {declared.describe()}")
