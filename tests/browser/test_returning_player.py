"""After a deploy, no player is left on old rules: a returning player, as the issue describes one.

Build A is deployed and used (a widget run: the service worker, its cache and the stored snapshot in
place); build B is deployed over it, file by file, in one of two orders; the player comes back,
reading first (a new visit) or from a tab left open (instant navigation), on the project's server
(no-cache, ETags) or on a host that sends ``Cache-Control: max-age=600`` for every file (GitHub
Pages). B differs from A in its text (a paragraph on the PROTOCOL_07 page, and a verdict's words on
every page) and in its engine (the same verdict, "can be played ON ITS OWN" where A's engine says
"can be played on its own"; see scripts/sitegen/rebuild.py), so every state the player sees says
which build its text and its results come from. Every test checks, at every step:

- never mixed: the results a page shows come from the engine of the page's own build, or the page
  says "Rules updated: reload" and shows none;
- while the deploy is half done, the player sees A whole (or B whole);
- once it is done, B's text and B's results come together by the second reload at the latest, and
  offline too; the old caches and A's stored snapshot are gone.

The browser's HTTP cache is on (no request routing: Playwright's routing would turn it off); every
request is still recorded, and none may leave 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scripts.serve_site import serve_in_background
from scripts.sitegen import rebuild
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT
from tests.conftest import Site, free_port

WIDGET = "widget-p07-combination"
#: The documented upload order (About page): the engine and runtime first, then the pages, sw.js last.
DOCUMENTED = ("runtime", "pages", "sw")
REVERSE = ("sw", "pages", "runtime")
MAX_AGE = 600
#: ms for an instant navigation while a new build installs beside it (seconds on a loaded 2-core machine).
NAVIGATION_TIMEOUT = 30_000


@dataclass(frozen=True)
class Builds:
    """Build A and build B of the site, both for the address ``url``."""

    url: str
    port: int
    a: Path
    b: Path
    a_id: str
    b_id: str

    def name(self, build_id: str) -> str:
        return {self.a_id: "A", self.b_id: "B"}.get(build_id, f"unknown build {build_id}")


@pytest.fixture(scope="module")
def builds(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Builds:
    """A: the session's built site, moved to its own address; B: the next build made from it."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    root = tmp_path_factory.mktemp("deploys")
    rebuild.copy_site(site.root, root / "A")
    a = rebuild.relocate(root / "A", site.url, url)
    b = rebuild.next_build(root / "A", root / "B")
    assert a.id != b.id
    return Builds(url, port, root / "A", root / "B", a.id, b.id)


# --------------------------------------------------------------------------
# Deploying


def group_of(relative: str) -> str:
    """Which part of a deploy a file belongs to: the service worker, a page, or the rest (engine, runtime, assets)."""
    plain = relative.removesuffix(".br").removesuffix(".gz")
    if plain == "sw.js":
        return "sw"
    return "pages" if plain.endswith(".html") else "runtime"


def deploy(source: Path, served: Path, groups: tuple[str, ...]) -> None:
    """Upload the files of ``groups`` from ``source`` into the served folder, each file replaced at once."""
    for path in sorted(source.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(source).as_posix()
        if group_of(relative) not in groups:
            continue
        target = served / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".uploading")
        shutil.copyfile(path, partial)
        os.replace(partial, target)


@dataclass
class Host:
    served: Path
    requests: list[str]


@pytest.fixture()
def host(request: pytest.FixtureRequest, builds: Builds, tmp_path: Path) -> Iterator[Host]:
    """Build A deployed and served at the builds' address: by scripts/serve_site.py as it is, or sending
    ``Cache-Control: max-age=600`` for every file as GitHub Pages does."""
    served = tmp_path / "served"
    shutil.copytree(builds.a, served)
    max_age = MAX_AGE if request.param == "max-age host" else None
    server = serve_in_background(served, "127.0.0.1", builds.port, max_age=max_age)
    try:
        yield Host(served, [])
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def player(browser: Browser, host: Host) -> Iterator[BrowserContext]:
    """A player's browser: its HTTP cache on (nothing routed), every request recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", lambda r: host.requests.append(r.url))
    yield context
    context.close()
    outside = [u for u in host.requests if urlparse(u).hostname != "127.0.0.1" and not u.startswith(("data:", "blob:"))]
    assert outside == [], f"requests left 127.0.0.1: {outside}"


# --------------------------------------------------------------------------
# What the player sees


def text_build(page: Page, builds: Builds) -> str:
    """Which build the page's text is: by its stamp, checked against what B changed in the text."""
    stamp = page.evaluate("document.querySelector('meta[name=estro-build]').content")
    which = builds.name(stamp)
    has_b_text = page.locator(".estro-next-build").count() > 0 if "protocol-07" in page.url else None
    assert has_b_text in (None, which == "B"), f"a page stamped {which} with the other build's text"
    return which


def engine_build(page: Page) -> str:
    """Cinque Soglie alone on the PROTOCOL_07 widget (Single Player unticked, or run again): "A" or "B"
    by the verdict's words, or "updated" when the page refuses to run another build's engine (and says so)."""
    runs = int(page.locator(f"#{WIDGET}").get_attribute("data-runs") or 0)
    single = page.locator(f"#{WIDGET} input[value='Single Player']")
    if single.is_checked():
        single.uncheck()
    else:
        page.locator(f"#{WIDGET} .estro-run").click()
    page.wait_for_function(
        "([w, n]) => Number(document.getElementById(w).dataset.runs || 0) > n",
        arg=[WIDGET, runs],
        timeout=PYTHON_READY_TIMEOUT,
    )
    error = page.locator(f"#{WIDGET} .estro-error")
    if error.is_visible():
        assert "The rules were updated" in error.inner_text(), error.inner_text()
        expect(page.locator(".estro-build-note[data-kind=updated]")).to_contain_text("Rules updated: reload")
        return "updated"
    output = page.locator(f"#{WIDGET} .estro-output").inner_text()
    if rebuild.NEW_WORDS in output:
        return "B"
    assert rebuild.OLD_WORDS in output, output
    return "A"


def whole(page: Page, builds: Builds) -> str:
    """The page's build, after checking that its results are that build's engine's (or refused)."""
    text = text_build(page, builds)
    engine = engine_build(page)
    assert engine in (text, "updated"), f"mixed builds: {text}'s text with {engine}'s engine results"
    return text if engine != "updated" else "updated"


def settle(page: Page) -> None:
    """Let the service worker finish what it is doing (installing a new build, or failing to)."""
    page.wait_for_function(
        "navigator.serviceWorker.getRegistration().then((r) => !r || (!r.installing && !r.waiting))",
        timeout=PYTHON_READY_TIMEOUT,
        polling=250,
    )


def first_use(page: Page, builds: Builds) -> None:
    """Build A used once: a widget run, then the service worker and the stored snapshot in place."""
    page.goto(builds.url + "protocol-07/")
    assert whole(page, builds) == "A"
    page.wait_for_function("window.estroEngine.snapshot === 'stored'", timeout=PYTHON_READY_TIMEOUT)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PYTHON_READY_TIMEOUT)
    settle(page)


def b_within_two_reloads(page: Page, builds: Builds) -> list[str]:
    """Reload until B's text and B's results come together; at most twice. What each load showed."""
    seen = []
    for attempt in range(3):
        if attempt:
            page.reload()
        seen.append(whole(page, builds))
        if seen[-1] == "B":
            return seen
        settle(page)
    raise AssertionError(f"not on build B by the second reload: {seen}")


def b_offline_and_old_things_gone(context: BrowserContext, page: Page, builds: Builds) -> None:
    settle(page)
    caches = page.evaluate("caches.keys()")
    assert [c for c in caches if c.startswith("estro-site-")] == [f"estro-site-{version(builds.b)}"], caches
    key = page.evaluate(
        """async () => { try { const root = await navigator.storage.getDirectory();
             const f = await (await root.getFileHandle("estro-engine.snapshot")).getFile();
             return new TextDecoder().decode(new Uint8Array(await f.slice(16, 80).arrayBuffer())); }
           catch { return null; } }"""
    )
    assert key != runtime_key(builds.a), "A's stored snapshot is deleted once B is in place"
    context.set_offline(True)
    try:
        page.reload()
        assert whole(page, builds) == "B", "offline, B whole"
    finally:
        context.set_offline(False)


def version(site: Path) -> str:
    text = (site / "sw.js").read_text()
    return text.split('"version":"')[1].split('"')[0]


def runtime_key(site: Path) -> str:
    import json

    return str(json.loads((site / "assets" / "estro" / "runtime.json").read_text())["snapshot_key"])


# --------------------------------------------------------------------------
# The tests: each host, once reading first and once from an open tab; each host and each way of
# coming back meets both deploy orders.

CASES = [
    pytest.param("project server", DOCUMENTED, id="project server, documented order"),
    pytest.param("max-age host", REVERSE, id="max-age host, reverse order"),
]
OPEN_TAB_CASES = [
    pytest.param("project server", REVERSE, id="project server, reverse order"),
    pytest.param("max-age host", DOCUMENTED, id="max-age host, documented order"),
]


@pytest.mark.parametrize(("host", "order"), CASES, indirect=["host"])
def test_reading_first(builds: Builds, host: Host, player: BrowserContext, order: tuple[str, ...]) -> None:
    page = player.new_page()
    first_use(page, builds)
    page.close()
    deploy(builds.b, host.served, order[:2])  # half done: the player comes back now
    page = player.new_page()
    page.goto(builds.url + "protocol-07/")
    half = whole(page, builds)
    assert half in ("A", "B"), f"half a deploy ({' then '.join(order[:2])}) shows {half}"
    settle(page)
    page.close()
    deploy(builds.b, host.served, order[2:])  # done
    page = player.new_page()
    page.goto(builds.url + "protocol-07/")  # reading first: the page, then the widget
    seen = b_within_two_reloads(page, builds)
    assert len(seen) <= 3, seen
    b_offline_and_old_things_gone(player, page, builds)


@pytest.mark.parametrize(("host", "order"), OPEN_TAB_CASES, indirect=["host"])
def test_from_an_open_tab(builds: Builds, host: Host, player: BrowserContext, order: tuple[str, ...]) -> None:
    page = player.new_page()
    first_use(page, builds)
    for step in (order[:2], order[2:]):  # half done, then done: the tab stays open throughout
        deploy(builds.b, host.served, step)
        # The next navigation in the open tab (instant navigation: the same window, the same worker).
        page.locator(".md-sidebar--primary a.md-nav__link[href$='battaglia/']").click()
        expect(page.locator("h1")).to_contain_text("Battaglia", timeout=NAVIGATION_TIMEOUT)
        page.locator(".md-sidebar--primary a.md-nav__link[href$='protocol-07/']").click()
        expect(page.locator("h1")).to_contain_text("PROTOCOL_07", timeout=NAVIGATION_TIMEOUT)
        shown = whole(page, builds)
        assert shown in ("A", "B", "updated"), shown
        if step == order[:2]:
            settle(page)
    # The tab learns of the new build: "Rules updated: reload", whichever way it came.
    note = page.locator(".estro-build-note[data-kind=updated]")
    expect(note).to_contain_text("Rules updated: reload", timeout=PYTHON_READY_TIMEOUT)
    assert whole(page, builds) in ("A", "updated"), "until the reload, never B's results in A's window"
    with page.expect_navigation():
        note.locator("button.estro-reload").click()  # the first reload
    seen = [whole(page, builds)]
    if seen[-1] != "B":
        settle(page)
        page.reload()  # the second
        seen.append(whole(page, builds))
    assert seen[-1] == "B", f"not on build B by the second reload: {seen}"
    b_offline_and_old_things_gone(player, page, builds)
