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

from collections.abc import Collection
from dataclasses import dataclass

ITALIAN_ROOT = "it/"
"""Where the Italian pages are, under the site's root."""

SECTION = "Italiano"
"""The navigation's section of the Italian pages (``mkdocs.yml``): shown alone on an Italian page, and
never on an English one (``docs/_overrides/partials/nav.html``)."""


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
