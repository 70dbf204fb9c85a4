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

import datetime as dt
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scripts.serve_site import serve_in_background
from scripts.sitegen import offline, rebuild
from tests.browser.conftest import LAME_DUCK_TIMEOUT, Traffic, guard
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT
from tests.conftest import Site, free_port

#: Its tests share one next build and run on one worker (conftest.MODULES_TOGETHER), a few minutes in all:
#: started first among the browser tests, so that a parallel run does not end waiting for them.
pytestmark = pytest.mark.heavy

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
    assert isinstance(b, offline.Build) and a.id != b.id
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


@pytest.fixture()
def host(request: pytest.FixtureRequest, builds: Builds, tmp_path: Path) -> Iterator[Host]:
    """Build A deployed and served at the builds' address: by scripts/serve_site.py as it is, or sending
    ``Cache-Control: max-age=600`` for every file as GitHub Pages does."""
    served = tmp_path / "served"
    shutil.copytree(builds.a, served)
    max_age = MAX_AGE if request.param == "max-age host" else None
    server = serve_in_background(served, "127.0.0.1", builds.port, max_age=max_age)
    try:
        yield Host(served)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def player(browser: Browser, host: Host) -> Iterator[BrowserContext]:
    """A player's browser: its HTTP cache on (nothing routed), every request recorded (:func:`guard`), while
    ``host`` serves the site."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    traffic = Traffic()
    guard(context, traffic)
    PENDING.clear()
    EVENTS.clear()
    start = time.monotonic()

    def log(what: str) -> None:
        EVENTS.append(f"{time.monotonic() - start:7.2f} s  {what}")

    def began(r: Request) -> None:
        PENDING[id(r)] = f"{r.url} ({'service worker' if r.service_worker else 'page'})"
        log(f"request {PENDING[id(r)]}")

    def ended(r: Request, how: str) -> None:
        log(f"{how} {PENDING.pop(id(r), r.url)}")

    context.on("request", began)
    context.on("requestfinished", lambda r: ended(r, "finished"))
    context.on("requestfailed", lambda r: ended(r, "failed"))
    context.on("page", lambda p: p.on("load", lambda _: log(f"load event {p.url}")))
    context.on("page", lambda p: p.on("close", lambda _: log(f"closed {p.url}")))
    PLAYER_LOG[context] = log
    yield context
    PLAYER_LOG.pop(context, None)
    context.close()
    assert traffic.outside == [], f"requests left 127.0.0.1: {traffic.outside}"


# --------------------------------------------------------------------------
# What the player sees


#: The player's requests not yet answered in full (for a failure's message).
PENDING: dict[int, str] = {}
#: What the player's browser did, in order: requests, their ends, pages' loads, service workers' states.
EVENTS: list[str] = []
PLAYER_LOG: dict[BrowserContext, Callable[[str], None]] = {}


def new_page(player: BrowserContext) -> Page:
    """A new tab, its service workers' states logged in EVENTS (DevTools' ServiceWorker domain)."""
    page = player.new_page()
    log = PLAYER_LOG[player]
    cdp = player.new_cdp_session(page)

    def versions(event: dict[str, Any]) -> None:
        for v in event["versions"]:
            name = v["scriptURL"].rsplit("/", 1)[-1]
            log(
                f"service worker {v['versionId']} ({name}): {v['status']}, {v['runningStatus']}, "
                f"controls {len(v.get('controlledClients', []))}"
            )

    cdp.on("ServiceWorker.workerVersionUpdated", versions)
    cdp.on("ServiceWorker.workerErrorReported", lambda e: log(f"service worker error: {e['errorMessage']}"))
    cdp.send("ServiceWorker.enable")
    return page


def what_happened() -> str:
    """For a failure's message: the requests still pending, then the last 80 events."""
    return f"requests pending: {sorted(PENDING.values())}\n" + "\n".join(EVENTS[-80:])


#: A service worker stopped (DevTools' ServiceWorker domain, as new_page logs it).
STOPPED = re.compile(r"service worker \d+ \(sw\.js\): \w+, stopped")


def goto(page: Page, url: str) -> None:
    """page.goto, its failure saying what the browser was doing (the requests pending, the last events).

    One stall is Chromium's, and a player meets it as a page that never comes: the navigation reaches the
    old service worker just as a new build's worker activates, and Chromium stops the old worker while it
    answers (its fetch left pending). The new worker is then in charge, so the player's reload works: the
    test reloads once, and only for that stall (the page's own requests pending, a worker stopped since)."""
    mark = len(EVENTS)
    for reloaded in (False, True):
        try:
            page.goto(url)
            return
        except PlaywrightTimeoutError as stall:
            pending = set(PENDING.values())
            only_the_page = f"{url} (page)" in pending and pending <= {f"{url} (page)", f"{url} (service worker)"}
            if reloaded or not (only_the_page and any(STOPPED.search(event) for event in EVENTS[mark:])):
                how = ", reloaded" if reloaded else ""
                raise AssertionError(
                    f"{url} did not load{how}: {stall.message.splitlines()[0]}\n{what_happened()}"
                ) from None
        PLAYER_LOG[page.context](f"reloaded {url}: the worker answering it was stopped (Chromium's race)")


REGISTRATION = """() => navigator.serviceWorker.getRegistration().then((r) => r && {
  installing: r.installing && r.installing.scriptURL, waiting: r.waiting && r.waiting.scriptURL,
  active: r.active && [r.active.scriptURL, r.active.state]})"""


def wait_until(page: Page, expression: str, arg: object = None, timeout: float = PYTHON_READY_TIMEOUT) -> None:
    """Poll ``expression`` (a function of ``arg``; it may return a promise) until it is true. Polled from here
    (DevTools' evaluate) rather than with wait_for_function, which evaluates a string in the page: the site's
    own Content-Security-Policy refuses that, as it should."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() >= deadline:
            state = page.evaluate(REGISTRATION), page.evaluate("caches.keys()")
            raise AssertionError(
                f"still false after {timeout / 1000:.0f} s: {expression}; service worker, caches: {state}\n{what_happened()}"
            )
        time.sleep(0.25)


def text_build(page: Page, builds: Builds) -> str:
    """Which build the page's text is: by its stamp, checked against what B changed in the text."""
    # A page whose load the reload began: its stamp once the document has it.
    expect(page.locator("meta[name=estro-build]")).to_be_attached(timeout=NAVIGATION_TIMEOUT)
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
    wait_until(page, "([w, n]) => Number(document.getElementById(w).dataset.runs || 0) > n", [WIDGET, runs])
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


def settle(page: Page, timeout: float = LAME_DUCK_TIMEOUT) -> None:
    """Let the service worker finish what it is doing (installing a new build, or failing to). A new build,
    once installed, takes over when the old worker has no work left: at once, or a second after the old
    worker's last request (sw.js, HANDING OVER). The default wait still allows Chromium's bound, which a
    page's request restarting the old worker at the wrong moment, twice, would bring back."""
    wait_until(
        page,
        "() => navigator.serviceWorker.getRegistration().then((r) => !r || (!r.installing && !r.waiting))",
        timeout=timeout,
    )


def first_use(page: Page, builds: Builds) -> None:
    """Build A used once: a widget run, then the service worker and the stored snapshot in place."""
    goto(page, builds.url + "protocol-07/")
    assert whole(page, builds) == "A"
    wait_until(page, "() => window.estroEngine.snapshot === 'stored'")
    wait_until(page, "() => navigator.serviceWorker.controller !== null")
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
    page = new_page(player)
    first_use(page, builds)
    page.close()
    deploy(builds.b, host.served, order[:2])  # half done: the player comes back now
    page = new_page(player)
    goto(page, builds.url + "protocol-07/")
    half = whole(page, builds)
    assert half in ("A", "B"), f"half a deploy ({' then '.join(order[:2])}) shows {half}"
    settle(page)
    page.close()
    deploy(builds.b, host.served, order[2:])  # done
    page = new_page(player)
    goto(page, builds.url + "protocol-07/")  # reading first: the page, then the widget
    seen = b_within_two_reloads(page, builds)
    assert len(seen) <= 3, seen
    b_offline_and_old_things_gone(player, page, builds)


@pytest.mark.parametrize(("host", "order"), OPEN_TAB_CASES, indirect=["host"])
def test_from_an_open_tab(builds: Builds, host: Host, player: BrowserContext, order: tuple[str, ...]) -> None:
    page = new_page(player)
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
    # The navigation's page request made the service worker look for a new one, which installs B whole
    # and then takes over (skipWaiting) once the old one has no work left (sw.js, HANDING OVER); the wait
    # allows Chromium's bound (LAME_DUCK_TIMEOUT), not less.
    settle(page)
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


# --------------------------------------------------------------------------
# No room for the new build; a shipped snapshot of another build; the site under its own CSP


def long_date(iso: str) -> str:
    """A build's date as the page writes it ("3 December 2026")."""
    day = dt.date.fromisoformat(iso)
    return f"{day.day} {day.strftime('%B')} {day.year}"


@pytest.mark.parametrize("host", ["project server"], indirect=True)
def test_no_room_for_the_new_build(builds: Builds, host: Host, player: BrowserContext) -> None:
    """With the quota at what the site uses plus 20 MB, B (about 40 MB beside A) cannot be stored: the
    player keeps A for offline use and is told so; online, pages come from the network (B, whole)."""
    page = new_page(player)
    first_use(page, builds)
    usage = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
    cdp = player.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": builds.url, "quotaSize": usage + 20_000_000})
    # (navigator.storage.estimate() goes on reporting the profile's quota: the browser enforces the override
    # when something is written, so the service worker must learn it from a refused write, as here.)
    quota = cdp.send("Storage.getUsageAndQuota", {"origin": builds.url})
    assert quota["overrideActive"] and quota["quota"] == usage + 20_000_000, quota
    deploy(builds.b, host.served, DOCUMENTED)
    date_a = json.loads((builds.a / "assets" / "estro" / "runtime.json").read_text())["date"]
    message = (
        f"Not enough storage to update the rules for offline use: showing the rules of {long_date(date_a)}. "
        "Free some space or go online."
    )
    note = page.locator(".estro-build-note[data-kind=storage]")
    goto(page, builds.url + "protocol-07/")  # the visit after the deploy: A whole while B tries to install
    expect(note).to_contain_text(message, timeout=PYTHON_READY_TIMEOUT)
    assert whole(page, builds) == "A"
    settle(page)
    page.reload()  # online: B from the network, whole; offline use keeps A, and the page says so
    assert whole(page, builds) == "B"
    expect(note).to_contain_text(f"offline, this site shows the rules of {long_date(date_a)}")
    settle(page)  # B is not tried again at once (sw.js: an hour, or 10 MB more room than the first try had)
    assert [c for c in page.evaluate("caches.keys()") if c.startswith("estro-site-")] == [
        f"estro-site-{version(builds.a)}"
    ], "the old build is kept whole"
    player.set_offline(True)
    try:
        page.reload()
        assert whole(page, builds) == "A", "offline: the old build, whole"
        expect(note).to_contain_text(message)
    finally:
        player.set_offline(False)


@pytest.mark.parametrize("host", ["project server"], indirect=True)
def test_a_shipped_snapshot_of_another_build_is_not_restored(
    builds: Builds, host: Host, player: BrowserContext
) -> None:
    """B's runtime.json beside A's snapshot (what a half-done upload leaves): the worker checks the snapshot's
    SHA-256 before restoring it, starts Python afresh instead, says why, and answers with B's engine."""
    deploy(builds.b, host.served, DOCUMENTED)
    for twin in ("", ".br", ".gz"):  # A's snapshot, as if its upload had not happened yet
        name = f"assets/pyodide/estro-engine.snapshot{twin}"
        shutil.copyfile(builds.a / name, host.served / name)
    page = new_page(player)
    goto(page, builds.url + "protocol-07/")
    assert whole(page, builds) == "B", "B's engine, not the one in A's snapshot"
    assert page.evaluate("window.estroEngine.timings.from") == "start"
    stages = page.evaluate("window.estroEngine.timings.stages")
    assert stages["shipped"] == "failed: the site's snapshot is not this build's (its SHA-256 differs)", stages


#: Every Content-Security-Policy violation the page sees, and the console's words about one.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_the_site_runs_under_its_content_security_policy(builds: Builds, browser: Browser, tmp_path: Path) -> None:
    """Served with its _headers file applied (scripts/serve_site.py --headers): reading, instant navigation,
    Python in its worker, the service worker, offline use: 0 violations."""
    server = serve_in_background(builds.a, "127.0.0.1", builds.port, headers=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    console: list[str] = []
    traffic = Traffic()
    guard(context, traffic)
    try:
        context.add_init_script(RECORD_VIOLATIONS)
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text))
        page.on("worker", lambda w: w.on("console", lambda m: console.append(m.text)) if hasattr(w, "on") else None)
        response = page.goto(builds.url + "protocol-07/")
        assert response is not None
        csp = response.headers["content-security-policy"]
        assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in csp and "'unsafe-eval'" not in csp
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert whole(page, builds) == "A"  # Python started in the worker, under the worker's own policy
        wait_until(page, "() => window.estroEngine.snapshot === 'stored'")
        wait_until(page, "() => navigator.serviceWorker.controller !== null")
        violations = page.evaluate("window.__violations")
        page.locator(".md-sidebar--primary a.md-nav__link[href$='battaglia/']").click()
        expect(page.locator("h1")).to_contain_text("Battaglia", timeout=NAVIGATION_TIMEOUT)
        violations += page.evaluate("window.__violations")
        context.set_offline(True)
        page.goto(builds.url + "protocol-07/")
        assert whole(page, builds) == "A", "offline, from the service worker's cache"
        violations += page.evaluate("window.__violations")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert violations == []
    assert [m for m in console if "Content Security Policy" in m] == []
    assert traffic.outside == []
