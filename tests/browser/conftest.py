"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright.

Every request is recorded, the page's, its workers' and the service worker's; any request not going to
127.0.0.1 fails (the browser is launched with a proxy that answers nothing: CHROMIUM_ARGS) and fails the
test, which proves the site works offline and self-hosted. Requests are watched, not routed: Playwright's
routing turns a context's HTTP cache off and passes every request through this process, so a page would
load as no player's browser loads it (test_a_request_off_the_site_is_caught proves the watch).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    JSHandle,
    Page,
    Playwright,
    Request,
    expect,
    sync_playwright,
)

from tests.conftest import CHROMIUM_ARGS

BROWSER_TESTS = Path(__file__).resolve().parent

# The tests run two or more at a time on a machine of two cores: a page may take longer than
# Playwright's default 5 s to show what a test expects (the same check, waited for longer).
expect.set_options(timeout=15_000)

#: ms between two looks of ``page.wait_for_function`` when a test does not choose (``polling=``). Playwright's
#: own default looks at every animation frame, which keeps a waiting page drawing 60 frames a second: a
#: tenth of a core for each waiting page (measured on the Battaglia page, against 0.02 when it looks every
#: 100 ms), and the tests wait on Python for minutes in all, on a machine of two cores.
WAIT_POLLING_MS = 100


def _wait_for_function(
    self: Page,
    expression: str,
    *,
    arg: Any = None,
    polling: float | Literal["raf"] | None = None,
    timeout: float | None = None,
) -> JSHandle:
    return _playwright_wait_for_function(
        self, expression, arg=arg, polling=WAIT_POLLING_MS if polling is None else polling, timeout=timeout
    )


_playwright_wait_for_function = Page.wait_for_function
Page.wait_for_function = _wait_for_function  # type: ignore[method-assign,assignment]

#: ms: how long a waiting service worker may be held back by an old one that Chromium still counts as
#: busy, even after skipWaiting (kMaxLameDuckTime, five minutes, in Chromium's
#: content/browser/service_worker/service_worker_registration.cc), and a minute more. Before sw.js handed
#: over when the old worker is quiet (HANDING OVER there), tests met that bound about once a run: under
#: DevTools an old worker restarted by a page's request is never stopped for being idle.
LAME_DUCK_TIMEOUT = 360_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder, so ``-m "not browser"`` skips them while iterating."""
    for item in items:
        if BROWSER_TESTS in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "Chromium is needed for the browser tests: bash scripts/setup.sh --browser"
    return path


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@dataclass
class Traffic:
    """Every request a page made, and those that tried to leave 127.0.0.1."""

    urls: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def to(self, path_part: str) -> list[str]:
        return [u for u in self.urls if path_part in u]


def guard(context: BrowserContext, traffic: Traffic) -> None:
    """Record every request of ``context``, and those that tried to leave 127.0.0.1."""

    def on_request(request: Request) -> None:
        traffic.urls.append(request.url)
        if not request.url.startswith(("data:", "blob:")) and urlparse(request.url).hostname != "127.0.0.1":
            traffic.outside.append(request.url)

    context.on("request", on_request)


@pytest.fixture()
def traffic() -> Traffic:
    return Traffic()


@pytest.fixture()
def context(browser: Browser, traffic: Traffic) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard(context, traffic)
    yield context
    context.close()
    assert traffic.outside == [], f"requests left 127.0.0.1: {traffic.outside}"


@pytest.fixture()
def page(context: BrowserContext, traffic: Traffic) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda err: traffic.errors.append(str(err)))
    return page
