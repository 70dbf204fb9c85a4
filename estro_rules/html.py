"""Small HTML helpers shared by every result view.

Views build HTML from engine results with these helpers only. Every piece of
text goes through :func:`esc`, so a name such as ``<img src=x onerror=alert(1)>``
from a scenario is shown as text, never run as HTML.

>>> esc('<img src=x onerror="alert(1)">')
'&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'
>>> from estro_rules.rulings import Rulebook, Ruling
>>> book = Rulebook("demo", "Demo", "demo/", [Ruling("D-2", "Two"), Ruling("I-D-1", "A reading", interpretation=True)])
>>> ruling_link(book, "D-2", base="../")
'<a class="estro-ruling" href="../demo/#D-2" title="Two">D-2</a>'
>>> ruling_links(book, ["I-D-1", "D-2", "I-D-1"], base="")  # doctest: +NORMALIZE_WHITESPACE
'<a class="estro-ruling estro-interpretation" href="demo/#I-D-1"
  title="A reading">I-D-1</a> <a class="estro-ruling" href="demo/#D-2" title="Two">D-2</a>'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from . import i18n
from .rulings import Rulebook
from .text import Quote


def esc(text: object) -> str:
    """``text`` as HTML text, quotes included."""
    return escape(str(text), quote=True)


def quoted(text: str) -> str:
    """``text`` as HTML: a :class:`~estro_rules.text.Quote` as a quotation naming its source.

    >>> quoted(Quote("5 flat zones", "PROTOCOL_07"))
    '<q>5 flat zones</q> (PROTOCOL_07)'
    >>> quoted("a <b>")
    'a &lt;b&gt;'
    """
    if isinstance(text, Quote):
        return f"<q>{esc(text)}</q> ({esc(text.source)})"
    return esc(text)


def tag(name: str, body: str = "", **attrs: object) -> str:
    """An element whose attributes are escaped; ``body`` must already be HTML.

    ``class_`` stands for ``class``; underscores in other names become dashes.

    >>> tag("span", esc("a<b"), class_="x", data_step=3)
    '<span class="x" data-step="3">a&lt;b</span>'
    """
    parts = [name]
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = "class" if key == "class_" else key.replace("_", "-")
        parts.append(attr if value is True else f'{attr}="{esc(value)}"')
    return f"<{' '.join(parts)}>{body}</{name}>"


def ruling_link(book: Rulebook, ruling_id: str, *, base: str) -> str:
    """A link to a ruling of ``book``; ``base`` leads from the current page to the root of the pages of its
    language (the site's root, or ``it/``), whose title the link shows (:mod:`estro_rules.i18n`)."""
    ruling = book[ruling_id]
    classes = "estro-ruling estro-interpretation" if ruling.interpretation else "estro-ruling"
    title = ruling.title_in(i18n.current()) or ruling.title
    return tag("a", esc(ruling_id), class_=classes, href=base + book.url(ruling_id), title=title)


def ruling_links(book: Rulebook, ruling_ids: Iterable[str], *, base: str) -> str:
    """The rulings behind a decision, as links one after the other (each ID once, in order). No element
    wraps them: a long result page has hundreds of decisions, and a page has 5,000 elements at most."""
    seen = list(dict.fromkeys(ruling_ids))
    return " ".join(ruling_link(book, r, base=base) for r in seen)


def scroll_box(table: str, label: str) -> str:
    """A wide table in a box that scrolls sideways on a narrow screen: focusable, so a keyboard can
    scroll it too, and named for a screen reader.

    >>> scroll_box("<table></table>", "Board")
    '<div class="estro-scroll" role="region" tabindex="0" aria-label="Board"><table></table></div>'
    """
    return tag("div", table, class_="estro-scroll", role="region", tabindex=0, aria_label=label)


def steps_box(panels: Sequence[str], *, class_: str = "estro-stepper") -> str:
    """A result's steps (one ``<section class="estro-step-panel">`` each), kept off the page until a
    reader asks for them.

    The panels sit in a ``<template>``: the browser parses them but lays none of them out, and none
    is one of the page's elements. The page's scripts (``docs/assets/estro/widgets.js``) show them
    when asked: one at a time (Next, Previous) or all at once (Show every step). The site build goes
    one step further for the results it renders: it moves each template's panels into a JSON file
    beside the page (``scripts/sitegen/steps.py``), so that the page does not even carry them.

    >>> steps_box(["<section>a</section>", "<section>b</section>"])
    '<div class="estro-stepper" data-steps="2"><template class="estro-steps"><section>a</section><section>b</section></template></div>'
    """
    return tag("div", tag("template", "".join(panels), class_="estro-steps"), class_=class_, data_steps=len(panels))
