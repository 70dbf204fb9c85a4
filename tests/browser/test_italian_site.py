"""The Italian pages (``it/``) in real headless Chromium, served from the built site on 127.0.0.1 (issue 29).

What a player sees: the page in Italian (its ``lang``, the theme's words), only Italian pages in the
navigation, ``hreflang`` alternates naming the page's twin, a language menu that keeps the place (the same
page, the same ruling) both ways, a search that finds the Italian rulings first (English words too, through
the glossary), and a widget whose result links to the Italian rulings.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from estro_rules.i18n import using
from estro_rules.protocol07 import check_combination
from estro_rules.registry import PROTOCOLS, TERMS
from scripts.sitegen.glossary import plain_meaning
from tests.browser.conftest import Traffic
from tests.browser.test_battaglia_r19_pages import example, python_view, widget_view
from tests.browser.test_protocol07_page import ruling_ids, wait_runs
from tests.browser.test_reading import search
from tests.conftest import Site

ALTERNATES = "() => [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(l => [l.hreflang, l.href])"
NAV_LINKS = "() => [...document.querySelectorAll('.md-sidebar--primary a.md-nav__link')].map(a => a.href)"


def lands_on(page: Page, ruling_id: str) -> None:
    """The ruling's heading comes on screen near the top (under the header): the reader landed on it (the page
    keeps it there while it settles: reading.js)."""
    page.wait_for_function(
        "(id) => { const top = document.getElementById(id).getBoundingClientRect().top; return top >= 0 && top <= 200; }",
        arg=ruling_id,
    )


def test_each_page_in_its_language_with_its_twin(page: Page, site: Site, traffic: Traffic) -> None:
    for protocol in PROTOCOLS:
        english, italian = site.url + protocol.page + "/", site.url + "it/" + protocol.page + "/"
        page.goto(italian)
        assert page.evaluate("document.documentElement.lang") == "it"
        expect(page.locator("h1")).to_contain_text(protocol.rulebook.italian)
        expect(page.locator("input.md-search__input")).to_have_attribute("placeholder", "Cerca")  # the theme's words
        assert page.evaluate(ALTERNATES) == [["en", english]]  # its twin (the sitemap names both)
        links = page.evaluate(NAV_LINKS)
        assert links and all(link.startswith(site.url + "it/") for link in links), links
        # Every ruling keeps its ID as its anchor, with its Italian title.
        ids = [r.id for r in protocol.rulebook]
        shown = page.evaluate("(ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '')", ids)
        missing = [r.id for r, text in zip(protocol.rulebook, shown, strict=True) if r.italian not in text]
        assert missing == [], missing
        page.goto(english)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.evaluate(ALTERNATES) == [["it", italian]]
        # The sitemaps name both languages of the page, at each of its addresses.
        pair = (
            f'hreflang="en" href="{english}"/>\n         <xhtml:link rel="alternate" hreflang="it" href="{italian}"/>'
        )
        for sitemap, address in (("sitemap.xml", english), ("it/sitemap.xml", italian)):
            assert (
                f'<loc>{address}</loc>\n         <xhtml:link rel="alternate" {pair}'
                in (site.root / sitemap).read_text()
            )
        assert not [link for link in page.evaluate(NAV_LINKS) if "/it/" in link], "no Italian page in English"
    # The Italian rulings index lists every ruling with its Italian title, linked on the Italian pages.
    page.goto(site.url + "it/rulings/")
    assert page.evaluate("document.documentElement.lang") == "it"
    rows = dict(
        page.eval_on_selector_all("td a[href*='#']", "as => as.map(a => [a.href, a.closest('tr').textContent])")
    )
    for protocol in PROTOCOLS:
        for ruling in protocol.rulebook:
            assert ruling.italian in rows[f"{site.url}it/{protocol.page}/#{ruling.id}"], ruling.id
    page.goto(site.url + "lint-report/")  # a protocol's own report has its Italian twin too, and the menu offers it
    assert page.evaluate(ALTERNATES) == [["it", site.url + "it/lint-report/"]]
    assert page.locator(".md-select__link[hreflang=it]").evaluate("a => a.href") == site.url + "it/lint-report/"
    assert traffic.outside == [] and traffic.errors == []


def test_the_language_menu_keeps_the_ruling_by_keyboard(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "battaglia/#BAT-9")
    page.wait_for_function("window.scrollY > 0")
    # By keyboard: the menu's button, then its links (the theme opens the menu while focus is inside it).
    page.locator(".md-select button").focus()
    page.keyboard.press("Tab")
    english_item = page.locator(".md-select__link[hreflang=en]")
    expect(english_item).to_be_focused()
    assert english_item.get_attribute("aria-current") == "true"
    page.keyboard.press("Tab")
    expect(page.locator(".md-select__link[hreflang=it]")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(site.url + "it/battaglia/#BAT-9")
    # A full load: the page's language and the theme's words are Italian, not only its text.
    page.wait_for_function("document.documentElement.lang === 'it'")
    expect(page.locator("[id='BAT-9']")).to_be_visible()
    lands_on(page, "BAT-9")
    # And back, with a mouse this time.
    page.locator(".md-select").hover()
    page.locator(".md-select__link[hreflang=en]").click()
    page.wait_for_url(site.url + "battaglia/#BAT-9")
    page.wait_for_function("document.documentElement.lang === 'en'")
    lands_on(page, "BAT-9")
    assert traffic.outside == [] and traffic.errors == []


def test_an_italian_widget_links_the_italian_rulings(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "it/protocol-07/")
    widget = "#widget-p07-combination"
    # The widget speaks the page's language (no lang="en" around it); its result, rendered at build time, is
    # Italian (tests/browser/test_italian_widgets.py has the rest of its words).
    assert page.locator(widget).locator("xpath=ancestor::*[@lang][1]").evaluate("e => e.lang") == "it"
    output = page.locator(f"{widget} .estro-output")
    expect(output).to_have_attribute("lang", "it")
    expect(output).to_contain_text("Non ammesso.")
    assert traffic.to("/assets/pyodide/") == [], "no Python for what the page shows"
    page.locator(f"{widget} input[value='Ultimo Bastione']").check()
    wait_runs(page, "widget-p07-combination", 1)
    # Python's answer speaks the page's language too.
    expect(output).to_have_attribute("lang", "it")
    expect(output).to_contain_text("violano 3 regole:")  # three modes, three rules broken
    verdict = check_combination(["Single Player", "Ultimo Bastione", "Cinque Soglie"])
    assert ruling_ids(page, f"{widget} .estro-output > p:last-child") == list(verdict.rulings)
    hrefs = page.eval_on_selector_all(f"{widget} .estro-output a.estro-ruling", "as => as.map(a => a.href)")
    assert hrefs and all(h.startswith(site.url + "it/protocol-07/#") for h in hrefs), hrefs
    # The result's links lead to the Italian ruling, on this page.
    page.locator(f"{widget} .estro-output > p:last-child a.estro-ruling").first.click()
    assert page.url.startswith(site.url + "it/protocol-07/#")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert traffic.outside == [] and traffic.errors == []


def test_search_in_each_language(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "it/battaglia/")
    page.click("input.md-search__input")
    # An exact ID brings that ruling first, on its Italian page.
    for ruling_id, where in [
        ("BAT-9", "battaglia"),
        ("I-BAT-3", "battaglia"),
        ("P07-4.2", "protocol-07"),
        ("R19-2.3", "resolution-19"),
    ]:
        sections = [link for link in search(page, ruling_id) if "#" in link]
        assert sections[0].startswith(f"{site.url}it/{where}/") and sections[0].endswith(f"#{ruling_id}"), sections[:3]
    # An Italian word finds the Italian ruling first; only the Italian pages are searched.
    links = search(page, "pareggio")
    assert [link for link in links if "#" in link][0].endswith("/it/battaglia/?h=pareggio#BAT-10"), links[:3]
    assert all(link.startswith(site.url + "it/") for link in links), links
    # An English word finds the section that says it in Italian (the glossary's words), and the Italian glossary.
    links = search(page, "draw")
    assert [link for link in links if "#" in link][0].startswith(site.url + "it/battaglia/"), links[:3]
    assert any(link.startswith(site.url + "it/glossary/") for link in links), links
    # The English pages search the English pages.
    page.goto(site.url + "battaglia/")
    page.click("input.md-search__input")
    links = search(page, "pareggio")
    assert links and not [link for link in links if "/it/" in link], links
    assert traffic.outside == [] and traffic.errors == []


def test_a_glossary_word_in_italian(page: Page, site: Site, traffic: Traffic) -> None:
    """An Italian page links the word it uses to the Italian glossary; its popover speaks Italian."""
    page.goto(site.url + "it/battaglia/")
    cryptid = next(t for t in TERMS if t.english == "cryptid")
    link = page.locator("#BAT-1 ~ p a[href*='glossary/#cryptid']").first
    expect(link).to_have_text(re.compile(r"^criptid[ei]$"))
    link.focus()
    popover = page.locator(".estro-popover")
    expect(popover).to_be_visible()
    expect(popover).to_contain_text(plain_meaning(cryptid, "it"))
    expect(popover.locator("i[lang=en]")).to_have_text("cryptid")
    # The Italian glossary: the word, its English, its meaning, the Italian rulings that use it.
    link.click()
    page.wait_for_url(site.url + "it/glossary/#cryptid")
    assert page.evaluate("document.documentElement.lang") == "it"
    row = page.locator("tr", has=page.locator("dfn#cryptid"))
    expect(row).to_contain_text("criptide")
    expect(row).to_contain_text(plain_meaning(cryptid, "it"))
    assert row.locator("a[href$='#BAT-1']").first.evaluate("a => a.href") == site.url + "it/battaglia/#BAT-1"
    assert traffic.outside == [] and traffic.errors == []


def test_the_italian_battle_viewer_speaks_italian(page: Page, site: Site, traffic: Traffic) -> None:
    """Battaglia's viewer on the Italian page: the result rendered at build time and Python's answer to a change
    are the engine's Italian view (tests/engine/test_i18n_battaglia.py holds the words)."""
    page.goto(site.url + "it/battaglia/")
    widget = "battle-viewer"
    default = example("battaglia/reference-matchup.json")
    output = page.locator(f"#widget-{widget} .estro-output")
    expect(output).to_have_attribute("lang", "it")
    expect(output).to_contain_text("Eventi principali")
    with using("it"):
        assert widget_view(page, widget) == python_view(page, default), "build-time result = engine result"
    stepper = page.locator(f"#widget-{widget} .estro-stepper")
    stepper.locator(".estro-next").click()
    expect(stepper.locator(".estro-step-view .estro-step-panel").first).to_have_attribute("data-label", "Inizio")
    page.locator(f"#widget-{widget} [data-field=seed]").fill("11")
    page.locator(f"#widget-{widget} [data-field=seed]").dispatch_event("change")
    wait_runs(page, f"widget-{widget}", 1)
    expect(output).to_have_attribute("lang", "it")
    with using("it"):
        assert widget_view(page, widget) == python_view(page, {**default, "seed": 11}), "Python's answer, in Italian"
    assert traffic.outside == [] and traffic.errors == []
