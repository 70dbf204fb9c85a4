"""The HTML helpers every view uses: text is escaped, attributes are written as the docstrings say."""

from __future__ import annotations

from estro_rules.html import esc, quoted, ruling_link, ruling_links, scroll_box, tag
from estro_rules.rulings import Rulebook, Ruling
from estro_rules.text import Quote

BOOK = Rulebook(
    "demo",
    "Demo",
    "demo/",
    [Ruling("D-2", 'Two "quoted" <rules>'), Ruling("I-D-1", "A reading", interpretation=True)],
)


def test_esc_escapes_markup_and_both_quotes_of_any_value() -> None:
    assert esc("<a href='x'>\"&\"</a>") == "&lt;a href=&#x27;x&#x27;&gt;&quot;&amp;&quot;&lt;/a&gt;"
    assert esc(12) == "12"
    assert esc(None) == "None"


def test_a_quote_is_a_q_element_naming_its_source_and_both_are_escaped() -> None:
    assert quoted(Quote("a <b>", "Doc & Co")) == "<q>a &lt;b&gt;</q> (Doc &amp; Co)"
    assert quoted("plain 'words'") == "plain &#x27;words&#x27;"


def test_tag_writes_attributes_in_order_and_leaves_out_none_and_false() -> None:
    assert tag("input", hidden=True, disabled=False, value=None, aria_label='say "hi"') == (
        '<input hidden aria-label="say &quot;hi&quot;"></input>'
    )
    assert tag("td", "<b>1</b>", class_="x y", data_cell_id=0) == '<td class="x y" data-cell-id="0"><b>1</b></td>'
    assert tag("p") == "<p></p>"


def test_a_ruling_link_leads_from_the_page_to_the_ruling_with_its_title() -> None:
    assert ruling_link(BOOK, "D-2", base="../../") == (
        '<a class="estro-ruling" href="../../demo/#D-2" title="Two &quot;quoted&quot; &lt;rules&gt;">D-2</a>'
    )
    assert ruling_link(BOOK, "I-D-1", base="") == (
        '<a class="estro-ruling estro-interpretation" href="demo/#I-D-1" title="A reading">I-D-1</a>'
    )


def test_ruling_links_name_each_ruling_once_in_the_order_first_given() -> None:
    d2 = ruling_link(BOOK, "D-2", base="/")
    i1 = ruling_link(BOOK, "I-D-1", base="/")
    assert ruling_links(BOOK, ["D-2", "I-D-1", "D-2"], base="/") == f"{d2} {i1}"
    assert ruling_links(BOOK, [], base="/") == ""


def test_a_scroll_box_can_be_reached_by_keyboard_and_is_named() -> None:
    assert scroll_box("<table></table>", 'Board "A"') == (
        '<div class="estro-scroll" role="region" tabindex="0" aria-label="Board &quot;A&quot;"><table></table></div>'
    )
