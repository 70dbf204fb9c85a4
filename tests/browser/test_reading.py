"""A site players can read: accessibility (axe-core), search in English and Italian, the glossary's
tooltips, print, focus and touch targets — in real headless Chromium against the built site."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page

from estro_rules.registry import PROTOCOLS, TERMS
from tests.browser.conftest import Traffic, guard
from tests.conftest import ROOT, Site

#: axe-core, pinned in package-lock.json (a dev dependency: injected by the test, never shipped).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RULES_PAGES = [p.page + "/" for p in PROTOCOLS]


def site_pages(site: Site) -> list[str]:
    """Every page of the built site, as a path under the root ("" for the home page)."""
    found = sorted(p.parent.relative_to(site.root).as_posix() for p in site.root.glob("**/index.html"))
    return ["" if p == "." else p + "/" for p in found if not p.startswith("assets")]


def nav_pages() -> list[str]:
    """The pages of the site's navigation, as paths under the root ("" for the home page): mkdocs.yml's nav
    with every protocol the hooks add from the registry, known before the site is built, so that each view
    of each page is a test of its own."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    nav = re.split(r"\n(?=\S)", nav, maxsplit=1)[0]  # up to the next top-level key
    names = re.findall(r":\s*([\w-]+)\.md\s*$", nav, flags=re.MULTILINE)
    names += [p.page for p in PROTOCOLS] + [name.removesuffix(".md") for p in PROTOCOLS for name in p.pages]
    return ["" if name == "index" else name + "/" for name in names]


#: Every page in light and dark at 1280 px, and the rules pages at 390 px (a phone): the rules pages,
#: the biggest, first.
AXE_VIEWS = [(p, "light", 390) for p in RULES_PAGES] + sorted(
    [(p, scheme, 1280) for p in nav_pages() for scheme in ("light", "dark")], key=lambda v: v[0] not in RULES_PAGES
)


def violations(browser: Browser, url: str, *, scheme: str, width: int) -> list[str]:
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    traffic = Traffic()
    guard(context, traffic)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-estro-reading]")  # reading.js has named the table boxes
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
            WCAG_22_AA,
        )
    finally:
        context.close()
    assert traffic.outside == []
    return [
        f"{v['id']}: {', '.join(n['target'][-1] for n in v['nodes'][:5])} ({len(v['nodes'])} elements)"
        for v in result["violations"]
    ]


def test_every_page_is_scanned_by_axe(site: Site) -> None:
    """The views below cover every page of the built site (a page outside the nav would go unscanned)."""
    assert AXE.exists(), "npm ci installs axe-core (package-lock.json)"
    pages = site_pages(site)
    assert set(RULES_PAGES) <= set(pages) and "glossary/" in pages
    assert sorted(pages) == sorted(nav_pages())
    assert len(AXE_VIEWS) == len(set(AXE_VIEWS)) == 2 * len(pages) + len(RULES_PAGES)


@pytest.mark.parametrize(
    ("path", "scheme", "width"), AXE_VIEWS, ids=[f"{(p or 'home/')[:-1]}-{s}-{w}px" for p, s, w in AXE_VIEWS]
)
def test_no_axe_violations(browser: Browser, site: Site, path: str, scheme: str, width: int) -> None:
    """Each view scanned once, in a context of its own; the views run in parallel on the test workers."""
    assert violations(browser, site.url + path, scheme=scheme, width=width) == []


def search(page: Page, query: str) -> list[str]:
    """The links of the results for ``query``, in the order shown (page first, then its sections)."""
    meta = "document.querySelector('.md-search-result__meta').textContent"
    box = "input.md-search__input"
    page.fill(box, "")  # back to "Type to start searching": no stale results
    page.press(box, "End")  # the theme reads the box on key events
    page.wait_for_function(f"{meta}.match(/Type to start/)")
    page.fill(box, query)
    page.press(box, "End")
    page.wait_for_function(f"{meta}.match(/matching/)")
    page.wait_for_timeout(100)  # the list is drawn just after the count
    return page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.getAttribute('href'))")


@pytest.fixture()
def search_page(page: Page, site: Site) -> Page:
    page.goto(site.url)
    page.click("input.md-search__input")
    return page


def test_an_exact_ruling_id_brings_that_ruling_first(search_page: Page) -> None:
    """For every ruling and interpretation, searching its ID shows its section first on its page —
    above its sub-rulings (BAT-4 before BAT-4.1), its interpretation twin and longer numbers."""
    wrong = {}
    for protocol in PROTOCOLS:
        for ruling in protocol.rulebook:
            links = search(search_page, ruling.id)
            sections = [link for link in links if "#" in link]
            first = sections[0] if sections else ""
            if f"/{protocol.page}/" not in first or not first.endswith(f"#{ruling.id}"):
                wrong[ruling.id] = sections[:3]
    assert wrong == {}


@pytest.mark.parametrize("word", ["pareggio", "criptide", "salute", "turno", "reazione", "vita", "negozio", "istantanea"])
def test_italian_words_are_found(search_page: Page, word: str) -> None:
    links = search(search_page, word)
    assert any("glossary/" in link for link in links), links


def test_widgets_and_battle_logs_are_not_indexed(site: Site) -> None:
    index = json.loads((site.root / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = {doc["location"]: doc["text"] for doc in index["docs"]}
    assert not [loc for loc, text in texts.items() if "Result rendered when the site was built" in text]
    assert not [loc for loc, text in texts.items() if "Situation:" in text]  # worked examples
    biggest = max(texts, key=lambda loc: len(texts[loc]))
    assert len(texts[biggest]) < 12_000, biggest


def test_glossary_terms_show_their_meaning_on_focus(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    necro = next(t for t in TERMS if t.english == "NecroToken")
    link = page.locator("#P07-4\\.2 ~ p a[href*='glossary/#necrotoken']").first
    assert link.get_attribute("title") is None or necro.meaning in (link.get_attribute("title") or "")
    link.focus()
    tooltip = page.locator(".md-tooltip2, .md-tooltip").filter(has_text=necro.meaning)
    tooltip.first.wait_for(state="visible")
    page.goto(site.url + "glossary/")
    assert page.locator("dfn#criptide, dfn#cryptid").count() == 1
    row = page.locator("tr", has=page.locator("dfn#sequence"))
    assert "our translation" in row.inner_text()


def test_a_rules_page_prints_results_without_controls(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    page.emulate_media(media="print")
    widget = page.locator("#widget-p07-destruction")
    assert widget.locator(".estro-output").is_visible()
    for control in (".estro-form", ".estro-actions", ".estro-json"):
        assert not widget.locator(control).is_visible(), control
    assert page.locator(".estro-worked").first.is_visible()
    assert not page.locator(".estro-try").first.is_visible()
    assert not page.locator(".tabbed-labels").first.is_visible()


def test_every_control_shows_focus(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    widget = page.locator("#widget-p07-destruction")
    for control in ("input[type=checkbox]", "input.estro-int", "button.estro-run", "a.estro-try"):
        target = widget.locator(control).first if control != "a.estro-try" else page.locator(control).first
        target.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # reached by keyboard: :focus-visible applies
        width = target.evaluate("e => parseFloat(getComputedStyle(e).outlineWidth)")
        style = target.evaluate("e => getComputedStyle(e).outlineStyle")
        assert style != "none" and width >= 2, (control, style, width)


def test_chips_and_try_links_are_touch_targets_on_a_phone(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(site.url + "protocol-07/")
        sizes = page.eval_on_selector_all(
            "a.estro-ruling, a.estro-try", "els => els.map(e => [e.offsetWidth, e.offsetHeight])"
        )
    finally:
        context.close()
    assert sizes and min(h for _, h in sizes) >= 24 and min(w for w, _ in sizes) >= 24


def test_wide_tables_show_a_scroll_cue(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(site.url + "protocol-07/")
        page.wait_for_selector("html[data-estro-reading]")
        boxes = page.eval_on_selector_all(
            ".md-typeset__scrollwrap",
            "els => els.filter(e => e.scrollWidth > e.clientWidth)"
            ".map(e => [getComputedStyle(e).backgroundImage, e.tabIndex, e.getAttribute('aria-label')])",
        )
    finally:
        context.close()
    assert boxes, "a wide table scrolls on a phone"
    for image, tab_index, label in boxes:
        assert "radial-gradient" in image and tab_index == 0 and label


def test_the_health_chart_reads_on_a_phone(browser: Browser, site: Site) -> None:
    """At 390 px the chart's text is still at least 12 px, and no two of its labels overlap."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(site.url + "battaglia/")
        labels = page.eval_on_selector_all(
            "svg.estro-health-chart text",
            """els => els.map(e => {
                const r = e.getBoundingClientRect();
                const px = parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a;
                return {text: e.textContent, px, box: [r.left, r.top, r.right, r.bottom]};
            })""",
        )
        slider = page.eval_on_selector(".estro-step-slider", "e => e.getBoundingClientRect().height")
    finally:
        context.close()
    assert len(labels) >= 7, labels
    assert min(label["px"] for label in labels) >= 12, labels
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            (l1, t1, r1, b1), (l2, t2, r2, b2) = a["box"], b["box"]
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, f"{a['text']!r} overlaps {b['text']!r}"
    assert slider >= 24


def test_focus_stays_when_a_focused_button_becomes_disabled(page: Page, site: Site) -> None:
    """Stepping with the keyboard to the last step disables Next: the focus moves to Previous, and
    back at the first step it moves to Next, never to the page; disabled buttons look disabled."""
    page.goto(site.url + "battaglia/")
    stepper = page.locator("#widget-battle-viewer .estro-stepper")
    count = stepper.locator(".estro-step-panel").count()
    stepper.locator(".estro-next").focus()
    for _ in range(count - 1):
        page.keyboard.press("Enter")
    assert stepper.locator(".estro-next").is_disabled()
    assert page.evaluate("document.activeElement.classList.contains('estro-prev')")
    assert float(stepper.locator(".estro-next").evaluate("b => getComputedStyle(b).opacity")) < 0.7
    for _ in range(count - 1):
        page.keyboard.press("Enter")
    assert stepper.locator(".estro-prev").is_disabled()
    assert page.evaluate("document.activeElement.classList.contains('estro-next')")
