"""A page's HTML made lighter when it is built: tables wrapped as the theme would wrap them when the page
starts, and the templates' indentation left out.

The theme (mkdocs-material) finds every ``table:not([class])`` in the page as it starts and moves it into
a box that scrolls sideways (``md-typeset__scrollwrap``, ``md-typeset__table``). Moving a table makes the
browser style it again, and the page's layout with it: on the format page's 60 tables, the greater part
of a phone's wait for its first tap. Here each table is written in its box already, with the class
``estro-table`` so that the theme leaves it where it is; ``estro.css`` gives ``table.estro-table`` the
theme's table style (its rules for ``table:not([class])``), and ``reading.js`` names each box as before.
The box also says how many rows its table has (``--estro-rows``): the browser lays a table out only when
it comes near the screen, and until then ``estro.css`` reserves room for it from that count, so that the
page's height, and its scroll bar, are about right from the start.
"""

from __future__ import annotations

import re

#: A table as Markdown writes it: no attributes (the theme's own selector matches only those).
_TABLE = re.compile(r"<table>(.*?)</table>", re.DOTALL)
#: A table row's start tag (not <track>, not a custom <tr-…> element).
_ROW = re.compile(r"<tr[\s>]")


def wrap_tables(html: str) -> str:
    """Every attribute-less table in ``html`` in the theme's scrolling box, marked ``estro-table``, the box
    saying how many rows the table has.

    >>> wrap_tables("<p>a</p><table><tr><th>n</th></tr><tr><td>1</td></tr></table>")
    '<p>a</p><div class="md-typeset__scrollwrap" style="--estro-rows:2"><div class="md-typeset__table"><table class="estro-table"><tr><th>n</th></tr><tr><td>1</td></tr></table></div></div>'
    >>> wrap_tables('<table class="x"><tr><td>1</td></tr></table>')  # a table with a class of its own: left alone
    '<table class="x"><tr><td>1</td></tr></table>'
    """

    def boxed(table: re.Match[str]) -> str:
        rows = len(_ROW.findall(table.group(1)))
        return (
            f'<div class="md-typeset__scrollwrap" style="--estro-rows:{rows}"><div class="md-typeset__table">'
            f'<table class="estro-table">{table.group(1)}</table></div></div>'
        )

    return _TABLE.sub(boxed, html)


#: A block whose whitespace is content (kept whole, as group 1), or the indentation after a line break.
_INDENT = re.compile(r"(<(pre|textarea)[\s>].*?</\2>)|\n[ \t]+", re.DOTALL)


def trim_indentation(html: str) -> str:
    """``html`` without the indentation at the start of its lines (the theme's templates write about 10 kB of
    it into a rules page, whose HTML is kept under 300 kB), except inside ``<pre>`` and ``<textarea>``.
    A line break stays where it was, so the page reads and renders the same.

    >>> trim_indentation("<nav>\\n    <a>x</a>\\n  </nav><pre>\\n  kept\\n</pre>\\n\\t<p>y</p>")
    '<nav>\\n<a>x</a>\\n</nav><pre>\\n  kept\\n</pre>\\n<p>y</p>'
    """
    return _INDENT.sub(lambda m: m.group(1) or "\n", html)
