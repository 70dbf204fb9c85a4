"""Which language a page of the site is in, and where its twin in the other language is (issue 29).

The English pages are at the site's root (``battaglia/``), the Italian ones under ``it/`` with the same
names, rulings and anchors (``it/battaglia/``). The theme's templates ask this module, through the page's
context (``scripts/mkdocs_hooks.py``), for the ``lang`` of the page, its ``hreflang`` alternates and the
language switcher's links. A page without an Italian twin switches to the Italian home page.

>>> twins = {"", "battaglia/"}
>>> of_page("battaglia/", twins)
PageLanguages(language='en', english='battaglia/', italian='it/battaglia/', twin=True)
>>> of_page("it/battaglia/", twins)
PageLanguages(language='it', english='battaglia/', italian='it/battaglia/', twin=True)
>>> of_page("glossary/", twins)
PageLanguages(language='en', english='glossary/', italian='it/', twin=False)
>>> of_page("it/", twins).english
''
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

ITALIAN_ROOT = "it/"
"""Where the Italian pages are, under the site's root."""


@dataclass(frozen=True)
class PageLanguages:
    """A page's language and the addresses of the page in each language (relative to the site's root)."""

    language: str
    """``en`` or ``it``: the page's ``<html lang>`` and the language of the theme's own words on it."""
    english: str
    """The English page (itself, on an English page)."""
    italian: str
    """The Italian page: the twin, or the Italian home page when there is none."""
    twin: bool
    """Whether the page exists in both languages (then it has ``hreflang`` alternates)."""


def of_page(url: str, twins: Collection[str]) -> PageLanguages:
    """The languages of the page at ``url``; ``twins`` are the English addresses of the pages written in
    Italian too (``""`` is the home page)."""
    if url.startswith(ITALIAN_ROOT):
        english = url.removeprefix(ITALIAN_ROOT)
        return PageLanguages("it", english, url, english in twins)
    if url in twins:
        return PageLanguages("en", url, ITALIAN_ROOT + url, True)
    return PageLanguages("en", url, ITALIAN_ROOT, False)


def twins(generated: Iterable[str]) -> set[str]:
    """The English addresses of the pages written in Italian too, from the names of the generated pages
    (``it/NAME.md``; ``""`` is the home page).

    >>> sorted(twins(["index.md", "it/index.md", "it/changelog.md", "changelog.md", "it/sitemap.xml"]))
    ['', 'changelog/']
    """
    pages = [n.removeprefix(ITALIAN_ROOT) for n in generated if n.startswith(ITALIAN_ROOT) and n.endswith(".md")]
    return {"" if n == "index.md" else n.removesuffix(".md") + "/" for n in pages}


_URL = re.compile(r"\s*<url>.*?</url>", re.DOTALL)
_LOC = re.compile(r"<loc>([^<]*)</loc>")
_XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"'


def _with_twins(entry: str, site_url: str, twins: Collection[str]) -> str:
    """A sitemap entry with its page's two languages (``xhtml:link`` hreflang alternates), if it has a twin."""
    loc = _LOC.search(entry)
    if loc is None or not loc.group(1).startswith(site_url):
        return entry
    languages = of_page(loc.group(1).removeprefix(site_url), twins)
    if not languages.twin:
        return entry
    links = "".join(
        f'\n         <xhtml:link rel="alternate" hreflang="{code}" href="{site_url}{url}"/>'
        for code, url in (("en", languages.english), ("it", languages.italian))
    )
    return entry.replace("</loc>", "</loc>" + links, 1)


def write_sitemaps(site_dir: Path, site_url: str, twins: Collection[str]) -> int:
    """Name both languages of each page written in both in the site's ``sitemap.xml`` (hreflang), and write
    ``it/sitemap.xml``: its Italian pages; returns how many.

    An Italian page's ``base`` is ``it/`` (``docs/_overrides/main.html``), and the theme's instant navigation
    follows only the links to the pages of the sitemap at its base: a link from an Italian page to an
    English one loads that page in full, with its own ``lang`` and the theme's words in English.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> url = "<url><loc>http://h/{}</loc></url>"
    >>> _ = (site / "sitemap.xml").write_text("<urlset>" + url.format("") + url.format("it/") + "</urlset>")
    >>> write_sitemaps(site, "http://h/", {""})
    1
    >>> print((site / "it" / "sitemap.xml").read_text())  # doctest: +NORMALIZE_WHITESPACE
    <urlset xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>http://h/it/</loc>
       <xhtml:link rel="alternate" hreflang="en" href="http://h/"/>
       <xhtml:link rel="alternate" hreflang="it" href="http://h/it/"/></url></urlset>
    """
    path = site_dir / "sitemap.xml"
    text = path.read_text(encoding="utf-8")
    urls = list(_URL.finditer(text))
    if not urls:
        raise ValueError(f"{path}: no page in it")
    head, tail = text[: urls[0].start()].replace("<urlset", f"<urlset {_XHTML}", 1), text[urls[-1].end() :]
    entries = [_with_twins(m.group(0), site_url, twins) for m in urls]
    italian = [e for e in entries if f"<loc>{site_url}{ITALIAN_ROOT}" in e]
    path.write_text(head + "".join(entries) + tail, encoding="utf-8")
    (site_dir / ITALIAN_ROOT).mkdir(exist_ok=True)
    (site_dir / ITALIAN_ROOT / "sitemap.xml").write_text(head + "".join(italian) + tail, encoding="utf-8")
    return len(italian)
