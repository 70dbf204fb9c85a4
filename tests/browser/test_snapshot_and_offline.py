"""Repeat visits start from a memory snapshot; after first use the whole site works offline.

Real headless Chromium against the built site: the snapshot lives in the
origin private file system (one file, ``estro-engine.snapshot``), or in IndexedDB
where a worker has no OPFS (the test takes OPFS away from it), and the service
worker's cache in Cache Storage, exactly as for a player. A "visit" is a new page
(a new worker, a new Python); a persistent profile carries them across browser
restarts.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route, expect

from estro_rules import scenarios
from estro_rules.protocol07 import check_combination
from tests.browser.conftest import LAME_DUCK_TIMEOUT, Traffic, chromium_path, guard
from tests.browser.test_battaglia_r19_pages import example, link_for, python_view, widget_view
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, ruling_ids, wait_runs, wait_settled
from tests.conftest import CHROMIUM_ARGS, Site

WIDGET = "#widget-p07-combination"
SNAPSHOT_FILE = "estro-engine.snapshot"
HEADER = 128  # magic (16 bytes), key (64), the snapshot's length (4, little-endian), zeros
#: The stored snapshot's header as the page reads it, or null when there is none.
META = """async () => {
  const root = await navigator.storage.getDirectory();
  let file;
  try { file = await (await root.getFileHandle("estro-engine.snapshot")).getFile(); } catch { return null; }
  const head = new Uint8Array(await file.slice(0, 128).arrayBuffer());
  const text = new TextDecoder();
  return {magic: text.decode(head.subarray(0, 16)), key: text.decode(head.subarray(16, 80)),
          length: new DataView(head.buffer).getUint32(80, true), size: file.size};
}"""
#: Spoil the stored snapshot in one of several ways, as a crash, a bug or another build would.
TAMPER = """async ([change]) => {
  const root = await navigator.storage.getDirectory();
  const handle = await root.getFileHandle("estro-engine.snapshot");
  const size = (await handle.getFile()).size;
  const out = await handle.createWritable({keepExistingData: true});
  if (change === "key") await out.write({type: "write", position: 16, data: "0".repeat(64)});  // another build's
  // Pyodide's own header kept up to its build id, everything after it garbled:
  if (change === "bytes") await out.write({type: "write", position: 144, data: new Uint8Array(size - 144).fill(7)});
  if (change === "truncate") await out.truncate(128 + 65536);  // only its first page
  if (change === "header") await out.write({type: "write", position: 0, data: new Uint8Array(16)});  // left half-written
  await out.close();
  return true;
}"""
#: A database where earlier builds of the site kept their snapshot, with something in it.
OLD_DATABASE = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("estro-engine", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("data").put(new Uint8Array(1000), "engine");
  open.onsuccess = () => { open.result.close(); resolve(true); };
  open.onerror = () => reject(open.error);
})"""
#: Records what the ready message says of the stored snapshot (window.estroReadySnapshot).
RECORD_READY = "estroEngine.subscribe((m) => { if (m.type === 'ready') window.estroReadySnapshot = m.snapshot; }); true"
#: Records the status messages the engine client broadcasts ("loading:download", "ready:", ...).
RECORD_STATUS = "window.seenStatus = []; estroEngine.subscribe((m) => window.seenStatus.push(m.type + ':' + (m.stage || ''))); true"  # (true: evaluate() would call a function it got back, here the one that unsubscribes)


def use_once(page: Page, site: Site, *, navigate: bool = True) -> None:
    """Open the PROTOCOL_07 page and untick Single Player: the answer must be the engine's."""
    if navigate:
        page.goto(site.url + "protocol-07/")
    page.evaluate(RECORD_READY)
    page.locator(f"{WIDGET} input[value='Single Player']").uncheck()
    wait_runs(page, "widget-p07-combination", 1)
    expected = check_combination(["Cinque Soglie"])
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Allowed.")
    assert ruling_ids(page, f"{WIDGET} .estro-output") == list(expected.rulings)


def in_worker(page: Page, code: str) -> object:
    """Run Python ``code`` in the page's engine worker and return its value (as JavaScript has it)."""
    for worker in page.workers:
        if worker.evaluate("self.name !== 'estro-snapshot' && Boolean(self.pyodide)"):
            return worker.evaluate("(code) => self.pyodide.runPython(code)", code)
    raise AssertionError("no engine worker with Python ready")


def library_size(page: Page, site: Site) -> str:
    """Which standard library Python has in the page's worker: "empty" (a restored Python never reads
    the boot library, so it gets an empty zip), "boot" or "whole" (by its size)."""
    runtime = json.loads((site.root / "assets" / "estro" / "runtime.json").read_text())
    size = in_worker(page, f"import os; os.path.getsize({runtime['stdlib_path']!r})")
    folder = site.root / "assets" / "pyodide"
    sizes = {
        22: "empty",
        (folder / "python_stdlib.zip").stat().st_size: "boot",
        (folder / "python_stdlib-whole.zip").stat().st_size: "whole",
    }
    return sizes[int(str(size))]


#: Modules the boot library lacks (the site's engine never imports them).
OUTSIDE_THE_BOOT_LIBRARY = "import calendar, xml.dom.minidom; calendar.isleap(2028)"


def wait_snapshot(page: Page, state: str = "stored") -> None:
    page.wait_for_function(
        "(s) => window.estroEngine.snapshot === s || window.estroEngine.snapshot.startsWith('skipped')",
        arg=state,
        timeout=PYTHON_READY_TIMEOUT,
    )
    assert page.evaluate("window.estroEngine.snapshot") == state


def started_from(page: Page) -> tuple[str, str]:
    """Where Python came from, and what had become of the stored snapshot, as the ready message said
    (the page's own state moves on to "making" once the page has been idle for 2 s)."""
    came_from, snapshot = page.evaluate(
        "[window.estroEngine.timings.from, window.estroReadySnapshot ?? window.estroEngine.snapshot]"
    )
    return came_from, snapshot


def runtime_key(site: Site) -> str:
    return str(json.loads((site.root / "assets" / "estro" / "runtime.json").read_text())["snapshot_key"])


@pytest.fixture()
def persistent(playwright: Playwright, tmp_path: Path) -> Iterator[tuple[list[BrowserContext], Traffic]]:
    """Open browsers on one profile folder (one at a time), as a player coming back another day."""
    opened: list[BrowserContext] = []
    traffic = Traffic()
    yield opened, traffic
    for context in opened:
        context.close()
    assert traffic.outside == []


def launch(playwright: Playwright, profile: Path, traffic: Traffic) -> BrowserContext:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900}
    )
    guard(context, traffic)
    return context


def test_a_second_visit_restores_the_snapshot(
    playwright: Playwright, site: Site, tmp_path: Path, persistent: tuple[list[BrowserContext], Traffic]
) -> None:
    opened, traffic = persistent
    first = launch(playwright, tmp_path / "profile", traffic)
    opened.append(first)
    page = first.new_page()
    page.goto(site.url + "protocol-07/")
    page.evaluate(OLD_DATABASE)
    page.evaluate(RECORD_STATUS)
    use_once(page, site, navigate=False)
    assert started_from(page) == ("shipped", "missing"), "a first visit restores the site's snapshot"
    assert "loading:download" in page.evaluate("window.seenStatus"), "a first visit shows what it downloads"
    wait_snapshot(page)  # made after the first use, in a separate worker
    meta = page.evaluate(META)
    assert meta["magic"] == "estro-snapshot/1" and meta["key"] == runtime_key(site)
    assert meta["size"] == HEADER + meta["length"] and meta["length"] > 30 * 2**20  # the whole 30 MiB heap
    databases = [d["name"] for d in page.evaluate("indexedDB.databases()")]
    assert "estro-engine" not in databases, "the old store is gone"
    assert "estro-snapshot" not in databases, "OPFS keeps it: IndexedDB is not used"
    assert page.evaluate("window.estroEngine.timings.snapshot.store") == "opfs"
    # ... once the service worker serves the page, so that the browser keeps the compiled code of
    # Pyodide's scripts beside the service worker's copies, which the next visit loads.
    assert page.evaluate("window.estroEngine.timings.snapshot.controlled") is True
    first.close()
    opened.remove(first)

    again = launch(playwright, tmp_path / "profile", traffic)
    opened.append(again)
    page = again.new_page()
    page.goto(site.url + "protocol-07/")
    page.evaluate(RECORD_STATUS)
    use_once(page, site, navigate=False)
    assert started_from(page) == ("snapshot", "restored")
    assert page.evaluate("window.estroEngine.timings.store") == "opfs"
    # Served by the service worker, the runtime comes from its cache: nothing to download, so no count.
    seen = page.evaluate("window.seenStatus")
    assert seen[0] == "loading:engine" and "loading:download" not in seen, seen
    assert page.locator(WIDGET).get_attribute("data-loaded-bytes") is None
    # The restored Python loads the rest of the standard library when an import needs it.
    assert library_size(page, site) == "empty"
    assert in_worker(page, OUTSIDE_THE_BOOT_LIBRARY) is True
    assert in_worker(page, "import fractions; str(fractions.Fraction(2, 4))") == "1/2"
    assert library_size(page, site) == "whole"
    # The restored engine serves the other pages' widgets too (the same worker across instant navigation).
    page.locator(".md-sidebar--primary a.md-nav__link[href$='resolution-19/']").click()
    expect(page.locator("h1")).to_contain_text("§19")
    widget = "r19-sandbox"
    page.locator(f"#widget-{widget} .estro-examples").select_option(
        label=example("r19/four-players-trigger-order.json")["title"]
    )
    wait_runs(page, f"widget-{widget}", 1)
    assert started_from(page) == ("snapshot", "restored")
    assert widget_view(page, widget) == python_view(page, example("r19/four-players-trigger-order.json"))


@pytest.mark.heavy
def test_a_stale_or_broken_snapshot_falls_back_and_is_replaced(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    use_once(page, site)
    wait_snapshot(page)
    for change, outcome in (
        ("key", "stale"),
        ("bytes", "failed: Snapshot build id mismatch"),  # Pyodide's own check
        ("truncate", "failed: the stored snapshot is incomplete"),
        ("header", "failed: the stored snapshot is incomplete"),
    ):
        page.evaluate(TAMPER, [change])
        page.close()  # the next visit: a new page, a new worker
        page = context.new_page()
        use_once(page, site)  # still answers
        came_from, snapshot = started_from(page)
        assert came_from == "shipped" and snapshot.startswith(outcome), (change, snapshot)
        wait_snapshot(page)  # a fresh one replaced it
        assert page.evaluate(META)["key"] == runtime_key(site)
    page.close()
    page = context.new_page()
    use_once(page, site)
    assert started_from(page) == ("snapshot", "restored")


def test_a_broken_shipped_snapshot_falls_back_to_a_normal_start(context: BrowserContext, site: Site) -> None:
    """The site's snapshot garbled in transit (or refused): Python boots from the boot library instead."""
    context.route("**/estro-engine.snapshot", lambda route: route.fulfill(body=b"\x07" * 65536))
    page = context.new_page()
    use_once(page, site)
    assert started_from(page) == ("start", "missing")
    stages = page.evaluate("window.estroEngine.timings.stages")
    assert stages["shipped"].startswith("failed: "), stages
    assert library_size(page, site) == "boot"
    assert in_worker(page, OUTSIDE_THE_BOOT_LIBRARY) is True, "the rest of the library still loads"


#: The snapshot record IndexedDB keeps where a browser has no OPFS, as the page reads it (null: none).
IDB_META = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("estro-snapshot");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("snapshot")) { db.close(); resolve(null); return; }
    const get = db.transaction("snapshot").objectStore("snapshot").get("engine");
    get.onsuccess = () => {
      db.close();
      const r = get.result;
      resolve(r === undefined ? null : {magic: r.magic, key: r.key, length: r.bytes.length,
                                        pyodide: new DataView(r.bytes.buffer).getUint32(0, true)});
    };
  };
})"""
#: Give the IndexedDB record another build's key.
IDB_STALE = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("estro-snapshot");
  open.onsuccess = () => {
    const db = open.result;
    const store = db.transaction("snapshot", "readwrite").objectStore("snapshot");
    const get = store.get("engine");
    get.onsuccess = () => {
      store.put({...get.result, key: "0".repeat(64)}, "engine").onsuccess = () => { db.close(); resolve(true); };
    };
  };
  open.onerror = () => reject(open.error);
})"""
#: Put before worker.js: the worker then runs as in a browser whose workers have no OPFS
#: (one without it, or a private window that keeps no files).
WITHOUT_OPFS = "delete StorageManager.prototype.getDirectory;\n"
PYODIDE_MAGIC = 1886286592  # the first 4 bytes of a Pyodide snapshot (little-endian)


@pytest.mark.heavy
def test_without_opfs_the_snapshot_is_kept_in_indexeddb(browser: Browser, site: Site, traffic: Traffic) -> None:
    """A browser without OPFS for a worker keeps the snapshot in IndexedDB; a next visit restores it from there."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    guard(context, traffic)

    def without_opfs(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=WITHOUT_OPFS + response.text())

    context.route("**/assets/estro/worker.js?*", without_opfs)  # its URL names its build (?v=…&build=…)
    try:
        page = context.new_page()
        use_once(page, site)
        assert started_from(page) == ("shipped", "missing")
        assert page.evaluate("window.estroEngine.timings.store") == "indexeddb"
        wait_snapshot(page)
        assert page.evaluate("window.estroEngine.timings.snapshot.store") == "indexeddb"
        record = page.evaluate(IDB_META)
        assert record["magic"] == "estro-snapshot/1" and record["key"] == runtime_key(site)
        assert record["pyodide"] == PYODIDE_MAGIC and record["length"] > 30 * 2**20  # the whole 30 MiB heap
        assert page.evaluate(META) is None, "nothing in OPFS"
        page.close()

        page = context.new_page()  # the next visit
        use_once(page, site)
        assert started_from(page) == ("snapshot", "restored")
        assert page.evaluate("window.estroEngine.timings.store") == "indexeddb"
        # Another build's snapshot: a normal first visit, and a fresh one replaces it.
        page.evaluate(IDB_STALE)
        page.close()
        page = context.new_page()
        use_once(page, site)
        assert started_from(page) == ("shipped", "stale")
        wait_snapshot(page)
        assert page.evaluate(IDB_META)["key"] == runtime_key(site)
    finally:
        context.close()
    assert traffic.outside == []
    assert any("/assets/estro/worker.js?" in url for url in traffic.urls), "the worker was served by the route"


RULES_PAGES = {
    "protocol-07/": ("p07-combination", "p07-destruction"),
    "battaglia/": ("battle-viewer", "win-probability"),
    "resolution-19/": ("r19-sandbox",),
}


def use_widget(page: Page, widget: str) -> None:
    """Change one widget and check the answer against the engine."""
    root = f"#widget-{widget}"
    if widget == "p07-combination":
        page.locator(f"{root} input[value='Ultimo Bastione']").check()
        wait_runs(page, f"widget-{widget}", 1)
        verdict = check_combination(["Single Player", "Ultimo Bastione", "Cinque Soglie"])
        assert ruling_ids(page, f"{root} .estro-output > p:last-child") == list(verdict.rulings)
    elif widget == "p07-destruction":
        page.locator(f"{root} [data-field=destroyed_by_opponent]").uncheck()
        page.locator(f"{root} [data-field=fessura_self_destruct]").check()
        # Two edits in a row: the second may cancel the first's run, so wait for the latest result.
        wait_settled(page, f"widget-{widget}")
        data = json.loads(page.locator(f"{root} .estro-scenario").input_value())
        assert data["fessura_self_destruct"] is True
        assert widget_view(page, widget) == python_view(page, data)
    elif widget == "battle-viewer":
        page.locator(f"{root} [data-field=seed]").fill("12")
        page.locator(f"{root} [data-field=seed]").dispatch_event("change")
        wait_runs(page, f"widget-{widget}", 1)
        assert widget_view(page, widget) == python_view(
            page, {**example("battaglia/reference-matchup.json"), "seed": 12}
        )
    elif widget == "win-probability":
        data = json.loads(page.locator(f"{root} .estro-scenario").input_value())
        page.locator(f"{root} [data-field=battles]").fill("400")
        page.locator(f"{root} [data-field=battles]").dispatch_event("change")
        page.locator(f"{root} .estro-run").click()
        expect(page.locator(f"{root} .estro-status")).to_contain_text("Done: 400 battles", timeout=PYTHON_READY_TIMEOUT)
        left_wins = scenarios.run({**data, "battles": 400}).to_json()["left_wins"]
        assert str(left_wins) in page.locator(f"{root} .estro-output").inner_text()
    elif widget == "r19-sandbox":
        chosen = example("r19/drone-burned.json")
        page.locator(f"{root} .estro-examples").select_option(label=chosen["title"])
        wait_runs(page, f"widget-{widget}", 1)
        assert widget_view(page, widget) == python_view(page, chosen)
    else:
        raise AssertionError(f"no check written for widget {widget}")


def test_every_widget_works_offline_after_first_use(context: BrowserContext, page: Page, site: Site) -> None:
    use_once(page, site)  # online, on one page only
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PYTHON_READY_TIMEOUT)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == site.url, "its scope is the site root"
    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    # Every widget on the page where Python was used, with no network.
    page.goto(site.url + "protocol-07/")
    for widget in RULES_PAGES["protocol-07/"]:
        use_widget(page, widget)
    # A module the boot library lacks: the whole library comes from the service worker's cache.
    assert library_size(page, site) == "empty"
    assert in_worker(page, OUTSIDE_THE_BOOT_LIBRARY) is True
    assert library_size(page, site) == "whole"
    # Pages never opened online, reached by instant navigation and by loading them afresh.
    page.locator(".md-sidebar--primary a.md-nav__link[href$='battaglia/']").click()
    expect(page.locator("h1")).to_contain_text("Battaglia")
    for widget in RULES_PAGES["battaglia/"]:
        use_widget(page, widget)
    # A worked example's steps, never fetched online, come from the service worker's cache.
    stepper = page.locator(".estro-worked .estro-stepper").first
    stepper.locator(".estro-every").click()
    expect(stepper.locator(".estro-step-view .estro-step-panel").first).to_have_attribute("data-label", "Start")
    assert stepper.locator(".estro-step-view .estro-step-panel").count() == int(stepper.get_attribute("data-steps") or 0)
    page.goto(site.url + "resolution-19/")
    for widget in RULES_PAGES["resolution-19/"]:
        use_widget(page, widget)
    # Italian pages, never opened online, and their widgets: PROTOCOL_07's answers in Italian.
    page.goto(site.url + "it/resolution-19/")
    expect(page.locator("h1")).to_contain_text("Regole di risoluzione")
    use_widget(page, "r19-sandbox")
    page.goto(site.url + "it/protocol-07/")
    use_widget(page, "p07-combination")
    output = page.locator("#widget-p07-combination .estro-output")
    expect(output).to_have_attribute("lang", "it")
    expect(output).to_contain_text("Non ammesso.")
    # The widget's own words too: its status, its result line, its editor (from the Italian declarations,
    # never fetched online: the service worker keeps them).
    expect(page.locator("#widget-p07-combination .estro-status")).to_contain_text("Fatto in")
    expect(page.locator("#widget-p07-combination .estro-result-link")).to_have_text("Risultato completo")
    expect(page.locator("#widget-p07-combination legend").first).to_have_text("Modalità della partita")
    # A shared scenario link (a query string) opens offline too.
    page.goto(link_for(site, "protocol-07", "p07-combination", {"kind": "p07.combination", "modes": ["Cinque Soglie"]}))
    wait_runs(page, "widget-p07-combination", 1)
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Allowed.")
    # Every page of the site is there, and no rules page lacks a check.
    for path in ("", "rulings/", "scenarios/", "lint-report/", "about/"):
        page.goto(site.url + path)
        expect(page.locator("h1")).to_be_visible()
    with_widgets = {
        p.parent.name + "/" for p in site.root.glob("*/index.html") if 'class="estro-widget"' in p.read_text()
    }
    assert with_widgets == set(RULES_PAGES)


def test_a_new_build_replaces_the_old_cache(context: BrowserContext, page: Page, site: Site) -> None:
    """The cache is named after the build; a service worker of another build deletes the others on taking over."""
    use_once(page, site)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=PYTHON_READY_TIMEOUT)
    names = page.evaluate("caches.keys()")
    version = json.loads((site.root / "sw.js").read_text().split("const BUILD = ")[1].split("; //")[0])["version"]
    assert names == [f"estro-site-{version}"]
    page.evaluate("caches.open('estro-site-an-older-build').then((c) => c.put('/x', new Response('old')))")
    assert sorted(page.evaluate("caches.keys()")) == sorted([f"estro-site-{version}", "estro-site-an-older-build"])
    # The browser installs the service worker of a new build when sw.js changes: simulate one by
    # registering the same build again under a new URL (a new script), which activates and cleans up.
    page.evaluate("navigator.serviceWorker.register('/sw.js?next-build').then((r) => true)")
    # It takes over once the old one has no work left; Chromium bounds that wait at five minutes
    # (LAME_DUCK_TIMEOUT), so the wait allows the bound.
    deadline = time.monotonic() + LAME_DUCK_TIMEOUT / 1000
    while page.evaluate("caches.keys()") != [f"estro-site-{version}"] and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    state = page.evaluate(
        """() => navigator.serviceWorker.getRegistration().then((r) => r && [r.installing && r.installing.scriptURL,
             r.waiting && r.waiting.scriptURL, r.active && r.active.scriptURL, r.active && r.active.state])"""
    )
    assert page.evaluate("caches.keys()") == [f"estro-site-{version}"], f"service worker (installing, waiting, active): {state}"
