"""The Italian reference pages (``it/changelog/``, ``it/source-coverage/``, ``it/scenarios/``,
``it/rulings-json/``, ``it/adding-a-protocol/``, ``it/about/``, §19's ``it/lint-report/``) in real headless
Chromium (issue 29).

As a player meets them: each page in Italian, with its English twin in ``hreflang`` and in the language menu,
which keeps the place (the same section, by its anchor) both ways; axe finds nothing on the biggest of them;
the Italian search finds them.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Traffic
from tests.browser.test_italian_site import ALTERNATES, NAV_LINKS, lands_on
from tests.browser.test_reading import ITALIAN_REFERENCE_PAGES, search, violations
from tests.conftest import Site

#: Each page's Italian title (its h1).
TITLES = {
    "it/changelog/": "Registro delle modifiche alle regole",
    "it/source-coverage/": "Copertura delle fonti",
    "it/scenarios/": "Formato degli scenari",
    "it/rulings-json/": "rulings.json",
    "it/adding-a-protocol/": "Aggiungere un protocollo",
    "it/about/": "Informazioni sul sito",
    "it/lint-report/": "Rapporto del linter di progettazione delle carte",
}


def test_each_reference_page_in_italian_with_its_twin(page: Page, site: Site, traffic: Traffic) -> None:
    assert sorted(TITLES) == sorted(ITALIAN_REFERENCE_PAGES)
    for path, title in TITLES.items():
        english = site.url + path.removeprefix("it/")
        page.goto(site.url + path)
        assert page.evaluate("document.documentElement.lang") == "it", path
        expect(page.locator("h1")).to_have_text(re.compile(rf"^{re.escape(title)}"))  # then its permalink
        expect(page.locator("input.md-search__input")).to_have_attribute("placeholder", "Cerca")
        assert page.evaluate(ALTERNATES) == [["en", english]], path
        assert page.locator(".md-select__link[hreflang=en]").evaluate("a => a.href") == english
        links = page.evaluate(NAV_LINKS)  # in the Italian navigation, among Italian pages only
        assert site.url + path in links and all(link.startswith(site.url + "it/") for link in links), links
        page.goto(english)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.evaluate(ALTERNATES) == [["it", site.url + path]], path
        # Both sitemaps name both languages of the page.
        pair = f'hreflang="en" href="{english}"/>\n         <xhtml:link rel="alternate" hreflang="it" href="{site.url + path}"/>'
        for sitemap, address in (("sitemap.xml", english), ("it/sitemap.xml", site.url + path)):
            text = (site.root / sitemap).read_text(encoding="utf-8")
            assert f'<loc>{address}</loc>\n         <xhtml:link rel="alternate" {pair}' in text, (sitemap, path)
    # The Italian changelog's rulings lead to the Italian rules pages.
    page.goto(site.url + "it/changelog/")
    hrefs = page.eval_on_selector_all("td a[href*='#']", "as => as.map(a => a.href)")
    assert hrefs and all(h.startswith(site.url + "it/") for h in hrefs), hrefs[:3]
    expect(page.locator("th").first).to_have_text("Data")
    # So do the Italian lint report's, under its Italian frame and findings.
    page.goto(site.url + "it/lint-report/")
    hrefs = page.eval_on_selector_all("td a[href*='#']", "as => as.map(a => a.href)")
    assert hrefs and all(h.startswith(site.url + "it/") for h in hrefs), hrefs[:3]
    expect(page.locator("h2#findings")).to_have_text(re.compile(r"^Rilievi"))
    expect(page.locator("td").filter(has_text="Glass Sentinel (GU-203)").first).to_be_visible()
    assert traffic.outside == [] and traffic.errors == []


def test_the_language_menu_keeps_the_section(page: Page, site: Site, traffic: Traffic) -> None:
    """From the English About page's measured figures to the Italian page's, and back: the same anchor."""
    page.goto(site.url + "about/#measured-figures")
    lands_on(page, "measured-figures")
    page.locator(".md-select").hover()
    page.locator(".md-select__link[hreflang=it]").click()
    page.wait_for_url(site.url + "it/about/#measured-figures")
    page.wait_for_function("document.documentElement.lang === 'it'")
    expect(page.locator("[id='measured-figures']")).to_have_text(re.compile(r"^Cifre misurate"))
    lands_on(page, "measured-figures")
    # The Italian scenario format keeps a kind's anchor too, and goes back to the English one.
    page.goto(site.url + "it/scenarios/#r19sequence")
    lands_on(page, "r19sequence")
    page.locator(".md-select").hover()
    page.locator(".md-select__link[hreflang=en]").click()
    page.wait_for_url(site.url + "scenarios/#r19sequence")
    page.wait_for_function("document.documentElement.lang === 'en'")
    lands_on(page, "r19sequence")
    assert traffic.outside == [] and traffic.errors == []


def test_axe_finds_nothing_on_the_italian_about_page(browser: Browser, site: Site) -> None:
    """The biggest of them, with the English page's tables of measurements marked English."""
    weight: dict[str, int] = {}
    assert violations(browser, site.url + "it/about/", scheme="dark", width=390, weight=weight) == []


def test_the_italian_search_finds_them(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "it/battaglia/")
    page.click("input.md-search__input")
    links = search(page, "istantanea")  # the About page's word for the engine's snapshot
    assert any(link.startswith(site.url + "it/about/") for link in links), links[:5]
    assert all(link.startswith(site.url + "it/") for link in links), links
    links = search(page, "impalcatura")  # "Adding a protocol": the scaffold
    assert links and links[0].startswith(site.url + "it/adding-a-protocol/"), links[:5]
    page.goto(site.url + "battaglia/")  # the English pages do not find the Italian words
    page.click("input.md-search__input")
    assert not [link for link in search(page, "impalcatura") if "/it/" in link]
    assert traffic.outside == [] and traffic.errors == []
