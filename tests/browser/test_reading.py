"""A site players can read: accessibility (axe-core), search in English and Italian, the glossary's
tooltips, print, focus and touch targets — in real headless Chromium against the built site."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

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


MAX_ELEMENTS = 5_000
MAX_HTML_BYTES = 300_000

#: One of each kind of button (outline and filled), put in each state a reader can give it.
BUTTONS = (
    "a.estro-try",
    ".estro-worked .estro-next",
    ".estro-worked .estro-every",
    ".estro-widget .estro-run",
    ".estro-widget .estro-copy-link",
    ".estro-widget .estro-line-run",
    ".estro-widget .estro-hand",
)

#: Shows what a reader can open, so that the scan sees it: the first worked example's first step, an
#: editor's first compact row, a glossary term's popover (by keyboard focus, last, so it stays).
OPEN_EVERYTHING = """async () => {
  const next = document.querySelector('.estro-worked .estro-next');
  if (next) {
    next.click();
    for (let i = 0; i < 100 && !document.querySelector('.estro-worked .estro-step-view .estro-step-panel'); i++)
      await new Promise((r) => setTimeout(r, 20));
  }
  for (const editor of document.querySelectorAll('.estro-editor'))
    editor.querySelector('.estro-row-toggle[aria-expanded=false]')?.click();
}"""

#: Draws every block as the reader will see it when it comes near the screen. A worked example or an
#: interpretation far from the screen is not laid out yet (content-visibility: auto, estro.css), and axe,
#: which judges sizes and colours from the layout, would judge its controls 0 px wide and its text
#: unrendered. The blocks stay in the keyboard's order and the accessibility tree either way.
RENDER_ALL = """() => {
  const style = document.createElement('style');
  style.textContent = '.md-typeset * { content-visibility: visible !important; }';
  document.head.append(style);
}"""

AXE_RUN = "([root, tags, rules]) => axe.run(root ? document.querySelector(root) : document, {runOnly: rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags}, resultTypes: ['violations']})"


def nav_pages() -> list[str]:
    """The pages of the site's navigation, as paths under the root ("" for the home page): mkdocs.yml's nav
    with every protocol the hooks add from the registry, known before the site is built, so that each view
    of each page is a test of its own."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    nav = re.split(r"\n(?=\S)", nav, maxsplit=1)[0]  # up to the next top-level key
    names = re.findall(r":\s*([\w/-]+)\.md\s*$", nav, flags=re.MULTILINE)
    names += [p.page for p in PROTOCOLS] + [name.removesuffix(".md") for p in PROTOCOLS for name in p.pages]
    names += [f"it/{p.page}" for p in PROTOCOLS]  # the Italian rules pages
    names += [f"it/{name.removesuffix('.md')}" for p in PROTOCOLS for name in p.pages]  # and further pages
    return [name.removesuffix("index") if name.endswith("index") else name + "/" for name in names]


ITALIAN_RULES_PAGES = [f"it/{p}" for p in RULES_PAGES]
ITALIAN_REFERENCE_PAGES = [
    f"it/{name}/"
    for name in (
        "changelog",
        "source-coverage",
        "scenarios",
        "rulings-json",
        "adding-a-protocol",
        "about",
        "lint-report",
    )
]

#: Every English page in light and dark at 1280 px, and the rules pages at 390 px (a phone); each Italian
#: page once: the rules pages at 390 px in dark, the others at 1280 px in light (the same styles as the
#: English pages, with other words in them). The rules pages, the biggest, first.
AXE_VIEWS = [(p, "light", 390) for p in RULES_PAGES] + [(p, "dark", 390) for p in ITALIAN_RULES_PAGES]
AXE_VIEWS += sorted(
    [(p, scheme, 1280) for p in nav_pages() if not p.startswith("it/") for scheme in ("light", "dark")]
    + [(p, "light", 1280) for p in nav_pages() if p.startswith("it/") and p not in ITALIAN_RULES_PAGES],
    key=lambda v: v[0] not in RULES_PAGES,
)


def _described(result: dict[str, Any]) -> list[str]:
    return [
        f"{v['id']}: {', '.join(n['target'][-1] for n in v['nodes'][:5])} ({len(v['nodes'])} elements)"
        for v in result["violations"]
    ]


#: axe's colour-contrast check on the buttons :func:`in_state` has marked.
AXE_STATES = (
    "() => axe.run(document.querySelectorAll('[data-axe-state]'), "
    "{runOnly: {type: 'rule', values: ['color-contrast']}, resultTypes: ['violations']})"
)


@contextmanager
def in_state(page: Page, state: str) -> Iterator[list[str]]:
    """Put the first visible button of each kind of :data:`BUTTONS` in ``state`` ("hover", or "focus": focused
    as by the keyboard, so ``:focus-visible``), all of them at once, as the browser's developer tools force an
    element's state, and mark them for :data:`AXE_STATES`; gives the kinds found, and takes the states off
    after. One axe run then checks every kind: axe's colour check measures the whole page each time it runs
    (half a second on a rules page), and a real pointer or keyboard puts one element at a time in a state."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("DOM.enable")
        session.send("CSS.enable")  # its end (detach, below) takes the forced states off
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        forced = ["hover"] if state == "hover" else ["focus", "focus-visible"]
        shown = []
        for selector in BUTTONS:
            button = page.locator(selector).first
            if not button.count() or not button.is_visible():
                continue
            node = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
            session.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": forced})
            button.evaluate("b => b.setAttribute('data-axe-state', '1')")
            shown.append(selector)
        page.wait_for_timeout(200)  # the theme's colour transition (125 ms) has ended
        yield shown
    finally:
        page.evaluate(
            "() => document.querySelectorAll('[data-axe-state]').forEach((b) => b.removeAttribute('data-axe-state'))"
        )
        session.detach()


def violations(browser: Browser, url: str, *, scheme: str, width: int, weight: dict[str, int]) -> list[str]:
    """axe's violations on one page view: as it loads, with what a reader can open opened, and each kind of
    button in the hover and in the keyboard-focus state (hover only where there is a mouse; all kinds at once,
    :func:`in_state`). ``weight``
    receives the page's element count as it loaded."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    traffic = Traffic()
    guard(context, traffic)
    found: list[str] = []
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        page.wait_for_selector("html[data-estro-reading]")  # reading.js has named the table boxes
        weight["elements"] = int(page.evaluate("document.querySelectorAll('*').length"))
        page.evaluate(OPEN_EVERYTHING)
        term = page.locator(".md-typeset a[href*='glossary/#']").first
        if term.count():
            term.focus()  # its popover, and the link in its focused state
            page.wait_for_timeout(200)
        page.evaluate(RENDER_ALL)
        page.add_script_tag(path=str(AXE))
        found += _described(page.evaluate(AXE_RUN, [None, WCAG_22_AA, None]))
        states = ("hover", "focus") if width > 600 else ("focus",)
        for state in states:
            with in_state(page, state) as shown:
                if shown:
                    found += [f"{', '.join(shown)} on {state}: {v}" for v in _described(page.evaluate(AXE_STATES))]
    finally:
        context.close()
    assert traffic.outside == []
    return found


def test_every_page_is_scanned_by_axe(site: Site) -> None:
    """The views below cover every page of the built site (a page outside the nav would go unscanned)."""
    assert AXE.exists(), "npm ci installs axe-core (package-lock.json)"
    pages = site_pages(site)
    assert set(RULES_PAGES) <= set(pages) and "glossary/" in pages
    assert sorted(pages) == sorted(nav_pages())
    english = [p for p in pages if not p.startswith("it/")]
    italian = sorted(set(pages) - set(english))
    assert italian == sorted(["it/", "it/glossary/", "it/rulings/", *ITALIAN_RULES_PAGES, *ITALIAN_REFERENCE_PAGES])
    assert len(AXE_VIEWS) == len(set(AXE_VIEWS)) == 2 * len(english) + len(RULES_PAGES) + len(italian)
    assert {p for p, _, _ in AXE_VIEWS} == set(pages)


@pytest.mark.parametrize(
    ("path", "scheme", "width"), AXE_VIEWS, ids=[f"{(p or 'home/')[:-1]}-{s}-{w}px" for p, s, w in AXE_VIEWS]
)
def test_no_axe_violations(browser: Browser, site: Site, path: str, scheme: str, width: int) -> None:
    """Each view scanned once, in a context of its own (the views run in parallel on the test workers): as
    it loads, with what a reader can open opened, and every kind of button hovered and focused by keyboard;
    and the page light: at most 5,000 elements and 300 kB of HTML."""
    weight: dict[str, int] = {}
    assert violations(browser, site.url + path, scheme=scheme, width=width, weight=weight) == []
    size = (site.root / path / "index.html").stat().st_size
    assert weight["elements"] <= MAX_ELEMENTS, f"/{path} has {weight['elements']} elements"
    assert size <= MAX_HTML_BYTES, f"/{path} has {size} bytes of HTML"


def search(page: Page, query: str) -> list[str]:
    """The links of the results for ``query``, in the order shown (page first, then its sections)."""
    meta = "document.querySelector('.md-search-result__meta').textContent"
    box = "input.md-search__input"
    page.fill(box, "")  # back to "Type to start searching": no stale results
    page.press(box, "End")  # the theme reads the box on key events
    page.wait_for_function(f"{meta}.match(/Type to start|Scrivi per iniziare/)")  # on English or Italian pages
    page.fill(box, query)
    page.press(box, "End")
    page.wait_for_function(f"{meta}.match(/matching|trovat/)")
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


@pytest.mark.parametrize(
    "word", ["pareggio", "criptide", "salute", "turno", "reazione", "vita", "negozio", "istantanea"]
)
def test_italian_words_are_found(search_page: Page, word: str) -> None:
    links = search(search_page, word)
    assert any("glossary/" in link for link in links), links


#: Three ways a page could reach outside the site: a fetch, a stylesheet (a font service) and a worker's fetch.
LEAVE_THE_SITE = """async () => {
  const page = await fetch("http://example.com/rules.json").then(() => "answered", () => "failed");
  const sheet = await new Promise((done) => {
    const link = Object.assign(document.createElement("link"), {rel: "stylesheet", href: "https://fonts.example.net/css"});
    link.onload = () => done("answered");
    link.onerror = () => done("failed");
    document.head.append(link);
  });
  const code = "fetch('http://93.184.216.34/w.js').then(() => postMessage('answered'), () => postMessage('failed'))";
  const worker = await new Promise((done) => {
    new Worker(URL.createObjectURL(new Blob([code]))).onmessage = (event) => done(event.data);
  });
  return [page, sheet, worker];
}"""


def test_a_request_off_the_site_is_caught(page: Page, site: Site, traffic: Traffic) -> None:
    """The proof every browser test gives (no request leaves 127.0.0.1) can fail: a page's, a stylesheet's
    and a worker's request to another host are each recorded, and the browser sends none of them out."""
    failures: dict[str, str | None] = {}
    page.context.on("requestfailed", lambda request: failures.setdefault(request.url, request.failure))
    page.goto(site.url)
    assert traffic.outside == []
    try:
        assert page.evaluate(LEAVE_THE_SITE) == ["failed", "failed", "failed"]
        assert traffic.outside == [
            "http://example.com/rules.json",
            "https://fonts.example.net/css",
            "http://93.184.216.34/w.js",
        ]
        # Stopped by the browser (CHROMIUM_ARGS), not by a machine without a network. A worker's failed
        # request may be reported a moment after the worker has heard of it.
        for _ in range(50):
            if len(failures) == len(traffic.outside):
                break
            page.wait_for_timeout(100)
        assert failures == dict.fromkeys(traffic.outside, "net::ERR_PROXY_CONNECTION_FAILED")
    finally:
        traffic.outside.clear()  # caught, as this test wants: the fixture's own check is not this test's


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
    tooltip = page.locator(".md-tooltip2, .md-tooltip, .estro-popover").filter(has_text=necro.meaning)
    tooltip.first.wait_for(state="visible")
    assert link.get_attribute("aria-describedby") == "estro-popover", "the link points to its meaning"
    page.goto(site.url + "glossary/")
    assert page.locator("dfn#criptide, dfn#cryptid").count() == 1
    row = page.locator("tr", has=page.locator("dfn#sequence"))
    row.scroll_into_view_if_needed()  # as a reader comes to it: a table box far down is drawn only then (estro.css)
    expect(row).to_contain_text("our translation", use_inner_text=True)  # the text drawn (not textContent)


def test_a_rules_page_prints_results_without_controls(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    page.wait_for_selector("#widget-p07-destruction .estro-form")
    page.emulate_media(media="print")
    widget = page.locator("#widget-p07-destruction")
    assert widget.locator(".estro-output").is_visible()
    for control in (".estro-form", ".estro-actions", ".estro-json", ".estro-result-line"):
        assert widget.locator(control).count() and not widget.locator(control).is_visible(), control
    assert page.locator(".estro-worked").first.is_visible()
    assert not page.locator(".estro-try").first.is_visible()
    assert not page.locator("details.example").first.is_visible(), "the Python of the examples is not printed"
    page.goto(site.url + "battaglia/")
    page.wait_for_selector(".estro-worked .estro-stepper-bar", state="attached")
    worked = page.locator(".estro-worked").first
    assert worked.locator(".estro-verdict").is_visible() and worked.locator(".estro-key-events").is_visible()
    assert not worked.locator(".estro-stepper").is_visible(), "no steps, no step controls on paper"


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
        stepper = page.locator(".estro-stepper").first
        stepper.locator(".estro-next").click()  # the steps, and their slider, come when asked for
        slider = stepper.locator(".estro-step-slider").evaluate("e => e.getBoundingClientRect().height")
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
    count = int(stepper.get_attribute("data-steps") or 0)
    stepper.locator(".estro-next").focus()
    page.keyboard.press("Enter")  # the first press shows the start
    expect(stepper.locator(".estro-step-label")).to_contain_text(f"(1/{count})")
    for _ in range(count - 1):
        page.keyboard.press("Enter")
    assert stepper.locator(".estro-next").is_disabled()
    assert page.evaluate("document.activeElement.classList.contains('estro-prev')")
    assert float(stepper.locator(".estro-next").evaluate("b => getComputedStyle(b).opacity")) < 0.7
    for _ in range(count - 1):
        page.keyboard.press("Enter")
    assert stepper.locator(".estro-prev").is_disabled()
    assert page.evaluate("document.activeElement.classList.contains('estro-next')")


def test_the_sudden_death_ruling_comes_before_the_introduction(search_page: Page) -> None:
    """An introduction that lists a word ranks below the ruling about it."""
    links = search(search_page, "morte improvvisa")
    assert links[0].split("?")[0].endswith("battaglia/") and "#" not in links[0], "the page's group, first"
    sections = [link for link in links if "#" in link]
    assert sections and sections[0].endswith("#BAT-11"), links[:4]


def test_chart_text_reads_in_dark_mode(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(site.url + "battaglia/")
        fill, page_bg = page.evaluate(
            """() => [getComputedStyle(document.querySelector('svg.estro-health-chart text')).fill,
                      getComputedStyle(document.body).backgroundColor]"""
        )
    finally:
        context.close()

    def luminance(css: str) -> float:
        r, g, b = (int(v) / 255 for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(fill), luminance(page_bg)), reverse=True)
    assert (light + 0.05) / (dark + 0.05) >= 4.5, (fill, page_bg)


@pytest.mark.parametrize(("path", "most"), [("battaglia/", 40), ("resolution-19/", 40), ("protocol-07/", 20)])
def test_a_rules_page_prints_as_a_rulebook(browser: Browser, site: Site, path: str, most: int) -> None:
    """Saved as PDF by Chromium (the browser's print), on A4: the rulings and the worked examples' summaries,
    in at most ``most`` pages (Battaglia printed 252 before its steps left the page)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + path, wait_until="networkidle")
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
    finally:
        context.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pdf.startswith(b"%PDF") and 5 <= pages <= most, pages


def test_a_doctest_is_copied_whole_by_its_button(browser: Browser, site: Site) -> None:
    """The copy button the build writes into each doctest box copies that doctest, as the page shows it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        page.goto(site.url + "battaglia/", wait_until="load")
        boxes = page.locator("details.example")
        assert boxes.count() >= 2
        box = boxes.nth(1)  # not the first: each button copies its own box
        # By keyboard: a pointer's click can land elsewhere while the blocks around it are first drawn
        # (content-visibility: auto) and move it, and a click on a link starts a navigation.
        box.locator("summary").focus()
        page.keyboard.press("Enter")
        button = box.locator("button.md-code__button[data-md-type=copy]")
        expect(button).to_be_visible()
        assert button.get_attribute("title") == "Copy to clipboard"
        button.focus()
        page.keyboard.press("Enter")
        shown = box.locator("pre code").inner_text()
        page.wait_for_function(
            "(text) => navigator.clipboard.readText().then((got) => got === text)", arg=shown.rstrip()
        )
        assert shown.startswith(">>> ") and "\n>>> " in shown, "the doctest, its lines as lines"
        assert page.evaluate("navigator.clipboard.readText()") != boxes.nth(0).locator("pre code").text_content()
    finally:
        context.close()


def test_the_colour_scheme_follows_the_system_then_the_reader(browser: Browser, site: Site) -> None:
    """A first visit takes the system's scheme, before the theme's script runs; the toggle switches it (by
    mouse and by Enter), the reader's choice is kept for the next page, and the browser's metas follow."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    # The scheme as the page's content arrives: read when the parser adds the container under the header
    # (nothing of the page's text can have been drawn before it; the theme's script comes long after).
    context.add_init_script(
        """new MutationObserver((records, observer) => {
             if (!document.querySelector('.md-container')) return;
             window.__firstScheme = document.body.dataset.mdColorScheme;
             observer.disconnect();
           }).observe(document, {childList: true, subtree: true});"""
    )
    try:
        page = context.new_page()
        page.goto(site.url + "glossary/", wait_until="load")
        assert page.evaluate("window.__firstScheme") == "slate"
        metas = "() => [document.body.dataset.mdColorScheme, document.querySelector('meta[name=color-scheme]').content, document.querySelector('meta[name=theme-color]').content]"
        header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
        hex_colour = "#" + "".join(f"{int(v):02x}" for v in re.findall(r"\d+", header)[:3])
        assert page.evaluate(metas) == ["slate", "dark", hex_colour]
        toggle = page.locator("form[data-estro-palette] label:not([hidden])")
        expect(toggle).to_have_attribute("for", "__palette_0")  # the light scheme's input ("Light mode")
        toggle.click()
        page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
        assert page.evaluate(metas)[:2] == ["default", "light"]
        expect(page.locator("form[data-estro-palette] label:not([hidden])")).to_have_attribute("for", "__palette_1")
        page.goto(site.url + "battaglia/", wait_until="load")
        assert page.evaluate("window.__firstScheme") == "default", "the reader's choice, kept"
        page.locator("form[data-estro-palette] input:checked").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        assert page.evaluate(metas)[:2] == ["slate", "dark"]
    finally:
        context.close()


def test_a_block_far_from_the_screen_is_drawn_when_the_keyboard_reaches_it(page: Page, site: Site) -> None:
    """Worked examples wait to be drawn until they come near the screen (a phone's first tap answers sooner):
    their controls are still in the keyboard's order, and drawn, at full size and on screen, once reached."""
    page.goto(site.url + "battaglia/", wait_until="load")
    far = page.locator("article.estro-worked").last
    assert far.evaluate("e => getComputedStyle(e).contentVisibility") == "auto"
    link = far.locator("a.estro-try")
    assert not link.evaluate("e => e.checkVisibility({contentVisibilityAuto: true})"), "not drawn yet, far down"
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert link.evaluate("e => e === document.activeElement && e.matches(':focus-visible')")
    page.wait_for_function("(e) => e.checkVisibility({contentVisibilityAuto: true})", arg=link.element_handle())
    box = link.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    assert 0 <= box["y"] <= 900 - box["height"], "scrolled into view"


def test_tables_come_in_their_boxes_from_the_build(page: Page, site: Site) -> None:
    """The format page's tables are in the theme's scrolling boxes as the page arrives (the theme moved each
    one as it started, a phone's first tap waiting for it), boxed once, styled as the theme styles tables."""
    page.goto(site.url + "scenarios/", wait_until="load")
    found = page.evaluate(
        """() => {
          const td = document.querySelector('.md-content table.estro-table td');
          return {
            boxed: document.querySelectorAll('.md-content .md-typeset__scrollwrap > .md-typeset__table > table.estro-table').length,
            tables: document.querySelectorAll('.md-content table').length,
            nested: document.querySelectorAll('.md-typeset__scrollwrap .md-typeset__scrollwrap').length,
            border: td ? getComputedStyle(td).borderTopWidth : null,
            named: [...document.querySelectorAll('.md-content .md-typeset__scrollwrap')].every((b) => b.getAttribute('aria-label')),
          };
        }"""
    )
    assert found["boxed"] >= 50 and found["boxed"] == found["tables"], found
    assert found["nested"] == 0 and found["border"] not in (None, "0px") and found["named"], found
