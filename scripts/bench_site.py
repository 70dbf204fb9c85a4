"""Measure the site: build time, page weight, the runtime's size, and first results in Chromium,
against a bare Pyodide page measured in the same run.

    .venv/bin/python scripts/bench_site.py [--runs N] [--json FILE]

Builds the site into a temporary folder, adds a **bare page** (``bare/``: the
npm package's own Pyodide files, unchanged, and a button that loads Pyodide and
runs ``1+1``), serves both with ``scripts/serve_site.py`` (precompressed, as
players get it) on 127.0.0.1 and drives headless Chromium (the same set-up as
the browser tests). Every time is a median over ``--runs`` runs, measured in the
page from the press of the button (``pointerdown``) to the result on screen.

Figures (goals from the cold-start issue in brackets):

- ``build_s``: wall time of ``mkdocs build --strict`` (wheel, compile for Pyodide, the shipped snapshot,
  pages, precompression);
- ``page_bytes``/``page_bytes_gzip``: every file the PROTOCOL_07 page loads before any interaction;
- ``pyodide_bytes``/``pyodide_bytes_gzip``: the files the first interaction adds, raw and gzipped;
  ``first_interaction_transfer_bytes``: what actually crossed the wire for them [≤ 7.04 MB];
- ``bare_cold_s``/``first_result_cold_s`` and their ratio, with an empty profile (ours restores the
  snapshot the site ships) [ratio ≤ 0.5];
- ``bare_warm_s``/``first_result_warm_s`` and their ratio, on the next visit with a persistent
  profile (HTTP cache for the bare page; for ours also the service worker and the memory
  snapshot the browser made after the first visit) [ratio ≤ 0.3]; ``repeat_visit_snapshot_s`` is
  ours [≤ 0.5 s]; ``first_result_warm_no_snapshot_s``: the same visit with the browser's snapshot
  deleted first (so from the site's, through the service worker);
- ``hover_then_click_cold_s``/``hover_then_click_warm_s``: first result after the click when the
  pointer rested on the widget for 500 ms before it (empty / persistent profile) [≤ 0.3 s];
- ``cold_stage_*_s``/``repeat_stage_*_s``: where the start's time goes, from the worker's own stage
  timings (``webassembly`` counts from the worker's creation, the others from the start of the start);
- ``second_interaction_ms``: a second interaction once Python is ready;
- the Battaglia win-probability widget's default 10,000-battle estimate: time from Python
  being ready to the first partial estimate on screen and to the finished estimate
  (targets: 0.5 s and 5 s), and the same from a click once Python is warm;
- ``editor_change_ms``: once Python is ready, a committed edit in the battle viewer's editor (a
  cryptid's health on the sample teams) to the updated result in the page, over ``--edits`` edits
  (median, and min/p90/max as the spread) [≤ 100 ms]; ``editor_change_painted_ms`` to the end of
  the frame that shows it; ``editor_change_parts_ms``: edit to request, the engine's answer, answer
  to page; beside ``engine_round_trip_ms``: the same scenario sent straight to the engine client,
  no editor (the baseline, in the same run);
- ``link_chars``: the length of the battle viewer's "Copy link" for the sample matchup [≤ 2,000].

``--pages`` measures instead what a player on a phone meets on each page — the rules pages, ``battaglia/#BAT-9``
opened directly, then every other page both builds have (``scripts/phone.py``: 390 px,
touch, CPU slowed 4 ×), for this build and, in the same run, for the build before that work (commit
``BASELINE``, built from its files exported with ``git archive``), the two measured turn about ``--runs``
times:

- ``elements``, ``html_kb``: the page's elements once loaded and its HTML as built [≤ 5,000; ≤ 300 kB];
- ``tap_ms``: first paint to the answer of a tap on the menu at the first paint (``menu_not_opened``:
  runs where that tap never opened the menu, left out of the median); ``worst_tap_ms``: the
  longest wait of a tap, over taps every 0.5 s until the page has loaded [both ≤ 1,000 ms]; medians, and
  each as a ratio to the baseline's median;
- ``loaded_ms``: navigation to the load event;
- ``landed_ms`` (Battaglia): ``battaglia/#BAT-9`` opened directly, navigation to BAT-9 standing under the
  header (and staying);
- ``print_pages``: A4 pages of ``page.pdf()`` in Chromium [Battaglia ≤ 40];
- the battle viewer: ``tabs_to_run`` from its first control (and, for this build, ``max_tabs_to_run``
  from any control) [≤ 10]; ``health_to_verdict_px``: from the first cryptid's Health box to the verdict
  (this build: the result line) [≤ one screen, 844 px].
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.serve_site import serve_in_background  # noqa: E402
from scripts.sitegen import compress  # noqa: E402
from scripts.sitegen.assets import PYODIDE_DIR  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, build_site, free_port  # noqa: E402

WIDGET = "widget-p07-combination"
CLICK = f"#{WIDGET} input[value='Zona di Conquista']"
HOVER_MS = 500

BARE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body>
<button id="go" type="button">Run 1+1</button> <output id="out"></output>
<script type="module">
document.getElementById("go").addEventListener("click", async () => {
  const {loadPyodide} = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({indexURL: new URL("./pyodide/", location.href).href});
  document.getElementById("out").textContent = pyodide.runPython("1+1");
  window.resultAt = performance.now();
});
</script>
</body></html>
"""

#: Deletes the stored memory snapshot (to measure a repeat visit without one).
DELETE_SNAPSHOT = (
    "navigator.storage.getDirectory().then((root) => root.removeEntry('estro-engine.snapshot')).catch(() => null)"
)

#: Records the press that starts an interaction (the click's pointerdown), in the page's clock.
PRESS_CLOCK = "document.addEventListener('pointerdown', () => { window.pressAt = performance.now(); }, {capture: true})"


def write_bare_page(site_dir: Path) -> None:
    """The baseline: the npm package's Pyodide, unchanged, on a page that runs ``1+1``, precompressed alike."""
    bare = site_dir / "bare"
    (bare / "pyodide").mkdir(parents=True)
    for name in BARE_FILES:
        shutil.copyfile(PYODIDE_DIR / name, bare / "pyodide" / name)
    (bare / "index.html").write_text(BARE_PAGE)
    compress.precompress(bare)


def sizes(site_dir: Path, urls: list[str]) -> tuple[int, int]:
    raw = packed = 0
    for url in dict.fromkeys(urls):
        path = urlparse(url).path
        file = site_dir / path.lstrip("/")
        if file.is_dir() or path.endswith("/"):
            file = file / "index.html"
        if file.exists():
            data = file.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    return raw, packed


def first_result(page: Any, widget: str, runs: int, timeout: int = 120_000) -> None:
    page.wait_for_function(
        "([w, n]) => Number(document.getElementById(w).dataset.runs || 0) >= n", arg=[widget, runs], timeout=timeout
    )


def ours(page: Any, url: str, *, hover: bool = False, before_click: str | None = None, navigate: bool = True) -> float:
    """Open the PROTOCOL_07 page, click a mode, and return seconds from the press to the result."""
    if navigate:
        page.goto(url, wait_until="networkidle")
    page.evaluate(PRESS_CLOCK)
    if before_click:
        page.evaluate(before_click)
    if hover:
        page.hover(f"#{WIDGET} .estro-form")
        page.wait_for_timeout(HOVER_MS)
    page.click(CLICK)
    first_result(page, WIDGET, 1)
    return float(page.evaluate(f"(+document.getElementById('{WIDGET}').dataset.resultAt - window.pressAt) / 1000"))


def bare(page: Any, url: str) -> float:
    page.goto(url, wait_until="networkidle")
    page.evaluate(PRESS_CLOCK)
    page.click("#go")
    page.wait_for_function("window.resultAt", timeout=120_000)
    assert page.inner_text("#out") == "2"
    return float(page.evaluate("(window.resultAt - window.pressAt) / 1000"))


def transferred(requests: list[Any]) -> int:
    """Bytes that crossed the wire (response bodies as sent, compressed or not)."""
    total = 0
    for request in requests:
        try:
            total += max(0, int(request.sizes()["responseBodySize"]))
        except Exception:  # a request that never finished
            pass
    return total


def wait_after_first_use(page: Any) -> None:
    """Let the work that follows a first use finish: the snapshot stored (and its worker done warming, so
    the browser has kept the compiled code), and the service worker in charge. A player who stays on the
    page about ten seconds after a first use gets the same."""
    page.wait_for_function(
        "estroEngine.snapshot === 'restored' || estroEngine.snapshot.startsWith('skipped')"
        " || (estroEngine.snapshot === 'stored' && estroEngine.timings.snapshot.warmed !== undefined)",
        timeout=120_000,
    )
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def estimate_timings(browser: Any, url: str) -> dict[str, float]:
    """The 10,000-battle estimate, cold (Python starts on the click) and warm."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    widget = "#widget-win-probability"
    done = "([s]) => document.querySelector(s).dataset.doneAt"
    figures = {}
    page.click(f"{widget} .estro-run")
    page.wait_for_function(done, arg=[widget], timeout=300_000)
    ready = page.evaluate("window.estroEngine.timings.ready")
    data = page.eval_on_selector(widget, "w => ({first: +w.dataset.firstPartialAt, done: +w.dataset.doneAt})")
    figures["estimate_first_partial_after_ready_s"] = round((data["first"] - ready) / 1000, 3)
    figures["estimate_done_after_ready_s"] = round((data["done"] - ready) / 1000, 2)
    wait_after_first_use(page)  # warm: Python ready and nothing else running
    clicked = page.evaluate("performance.now()")
    page.click(f"{widget} .estro-run")
    page.wait_for_function(
        "([s, t]) => +document.querySelector(s).dataset.doneAt > t", arg=[widget, clicked], timeout=300_000
    )
    data = page.eval_on_selector(widget, "w => ({first: +w.dataset.firstPartialAt, done: +w.dataset.doneAt})")
    figures["estimate_warm_first_partial_s"] = round((data["first"] - clicked) / 1000, 3)
    figures["estimate_warm_done_s"] = round((data["done"] - clicked) / 1000, 2)
    figures["estimate_battles"] = page.eval_on_selector(f"{widget} .estro-scenario", "t => JSON.parse(t.value).battles")
    context.close()
    return figures


#: One committed edit in the page: set a control's value as typing would, then commit it ("change").
EDIT = """([selector, value]) => {
  const input = document.querySelector(selector);
  window.editAt = performance.now();
  input.value = value;
  input.dispatchEvent(new Event("input", {bubbles: true}));
  input.dispatchEvent(new Event("change", {bubbles: true}));
}"""

#: The same scenario straight through the engine client: the baseline without an editor.
ROUND_TRIP = """([text]) => new Promise((resolve) => {
  const began = performance.now();
  window.estroEngine.send("simulate", text, "../", {onProgress: (m) => m.done && resolve(performance.now() - began)});
})"""


def editor_timings(browser: Any, url: str, edits: int) -> dict[str, Any]:
    """A committed edit in the battle viewer's editor to the updated result on screen, once Python is ready."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    widget = "widget-battle-viewer"
    first_row = page.locator(f"#{widget} .estro-row[data-path='left.cryptids[0]'] .estro-row-toggle")
    if first_row.count():
        first_row.click()  # a cryptid is a compact row: its controls are made when it opens
    health = f"#{widget} [data-field='left.cryptids[0].health']"
    target = health if page.locator(health).count() else f"#{widget} [data-field=seed]"
    page.locator(f"#{widget} .estro-run").click()  # Python starts; the first result is not measured
    first_result(page, widget, 1)
    wait_after_first_use(page)  # the snapshot made and the service worker in charge: nothing else running
    changes: list[float] = []
    painted: list[float] = []
    parts: dict[str, list[float]] = {"to_send": [], "engine": [], "to_screen": []}
    baseline: list[float] = []
    for i in range(edits):
        runs = int(page.eval_on_selector(f"#{widget}", "w => +w.dataset.runs"))
        page.evaluate(EDIT, [target, str(5 + i % 7)])
        first_result(page, widget, runs + 1)
        page.wait_for_function(f"document.getElementById('{widget}').dataset.paintedAt")
        d = page.eval_on_selector(
            f"#{widget}",
            "w => [+w.dataset.sentAt, +w.dataset.repliedAt, +w.dataset.resultAt, +w.dataset.paintedAt, window.editAt]",
        )
        sent, replied, result, paint, edit = d
        changes.append(result - edit)
        painted.append(paint - edit)
        parts["to_send"].append(sent - edit)
        parts["engine"].append(replied - sent)
        parts["to_screen"].append(result - replied)
        text = page.locator(f"#{widget} .estro-scenario").input_value()
        baseline.append(float(page.evaluate(ROUND_TRIP, [text])))
    page.locator(f"#{widget} .estro-copy-link").click()
    link = page.locator(f"#{widget} .estro-link").input_value()
    context.close()
    ordered = sorted(changes)
    return {
        "editor_change_edited": target.split("data-field=")[1].strip("]'"),
        "editor_change_ms": round(statistics.median(changes), 1),
        "editor_change_ms_min": round(ordered[0], 1),
        "editor_change_ms_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "editor_change_ms_max": round(ordered[-1], 1),
        "editor_change_painted_ms": round(statistics.median(painted), 1),
        "editor_change_parts_ms": {k: round(statistics.median(v), 1) for k, v in parts.items()},
        "engine_round_trip_ms": round(statistics.median(baseline), 1),
        "editor_change_samples_ms": [round(x, 1) for x in changes],
        "link_chars": len(link),
    }


BASELINE = "0ef3777"
"""The last commit before the light pages (issue 24): the baseline of ``--pages``."""

PAGES = ("protocol-07/", "battaglia/", "resolution-19/")


def build_baseline(tmp: Path, port: int, commit: str = BASELINE) -> Path:
    """The site of ``commit`` (by default :data:`BASELINE`), built from a copy of that commit's files in ``tmp`` (``git archive``: the
    repository itself is left as it is) with this checkout's tools; its ``node_modules`` are shared, and
    so are the build's caches, which are keyed by content (scripts/sitegen/caches.py)."""
    tree = tmp / "baseline-tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".venv-pyodide-build").exists():  # a baseline that builds the wheel with pyodide-build (issue 27)
        (tree / ".venv-pyodide-build").symlink_to(ROOT / ".venv-pyodide-build")
    out = tmp / "baseline-site"
    env = {**os.environ, "SITE_URL": f"http://127.0.0.1:{port}/", "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "--strict", "--quiet", "-d", str(out)], cwd=tree, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"the baseline did not build:\n{done.stdout}\n{done.stderr}"
    return out


def pdf_pages(browser: Any, url: str) -> int:
    """A4 pages of the page printed to PDF by Chromium (the page objects of the PDF)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    context.close()
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def viewer_reach(browser: Any, url: str, ours: bool) -> dict[str, float]:
    """The battle viewer on the phone: Tab presses from its first control to Run (and from any control, for
    this build), and the distance from the first cryptid's Health box to the verdict."""
    from scripts import phone

    context = phone.new_context(browser)
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    widget = "widget-battle-viewer"
    page.wait_for_selector(f"#{widget} .estro-form", timeout=60_000)
    figures: dict[str, float] = {}
    first = page.locator(f"#{widget} .estro-editor :is(input, select, button)").first
    first.focus()
    presses = 0
    while presses < 400:
        presses += 1
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.estro-run, .estro-line-run, .estro-run-here')"):
            break
    figures["tabs_to_run"] = presses
    toggle = page.locator(f"#{widget} .estro-row[data-path='left.cryptids[0]'] .estro-row-toggle").first
    if toggle.count():
        toggle.click()
    health = page.locator(f"#{widget} [data-field='left.cryptids[0].health']")
    health.focus()
    verdict = ".estro-result-line" if ours else ".estro-output .estro-verdict"
    figures["health_to_verdict_px"] = round(
        float(
            page.evaluate(
                """([h, v]) => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => {
                  const a = document.querySelector(h).getBoundingClientRect(), b = document.querySelector(v).getBoundingClientRect();
                  ok(Math.max(0, b.top - a.bottom, a.top - b.bottom));
                })))""",
                [f"#{widget} [data-field='left.cryptids[0].health']", f"#{widget} {verdict}"],
            )
        )
    )
    if ours:
        figures["max_tabs_to_run"] = phone.reach(page, widget).max_tabs
    context.close()
    return figures


def site_pages(ours: Path, base: Path) -> tuple[str, ...]:
    """The rules pages, BAT-9 opened directly, then every other page that both builds have (the about page too)."""
    others = sorted(
        page.parent.relative_to(ours).as_posix() + "/"
        for page in ours.glob("**/index.html")
        if page.parent != ours and (base / page.relative_to(ours)).exists()
    )
    return (*PAGES, "battaglia/#BAT-9", "", *(path for path in others if path not in PAGES))


def page_figures(browser: Any, ours_url: str, base_url: str, runs: int, paths: tuple[str, ...]) -> dict[str, Any]:
    """Every page of ``paths`` in both builds on the phone profile, the two measured turn about (see ``--pages``)."""
    from scripts import phone

    samples: dict[str, dict[str, list[float]]] = {}
    for run in range(runs):
        for which, root in (("ours", ours_url), ("base", base_url)) if run % 2 == 0 else (("base", base_url), ("ours", ours_url)):
            context = phone.new_context(browser)
            context.add_init_script(phone.WATCH)
            probe = context.new_page()
            probe.goto(root + "about/")
            point = phone.menu_point(probe)
            probe.close()
            for path in paths:
                visit = phone.visit(context.new_page(), root + path, point)
                found = samples.setdefault(f"{which} {path}", {})
                for key in ("tap_answer_ms", "worst_tap_ms", "loaded_ms", "elements", "html_bytes", "landed_ms", "lost_taps"):
                    value = getattr(visit, key)
                    if value is not None:
                        found.setdefault(key, []).append(float(value))
                found.setdefault("menu_not_opened", []).append(float(visit.tap_answer_ms is None))
            context.close()
    figures: dict[str, Any] = {}
    for path in paths:
        row: dict[str, Any] = {}
        for which in ("ours", "base"):
            got = samples[f"{which} {path}"]
            median = {k: statistics.median(v) for k, v in got.items()}
            row[which] = {
                "elements": int(median["elements"]),
                "html_kb": round(median["html_bytes"] / 1000, 1),
                "tap_ms": round(median["tap_answer_ms"]) if "tap_answer_ms" in median else None,
                "menu_not_opened": int(sum(got["menu_not_opened"])),
                "worst_tap_ms": round(median["worst_tap_ms"]),
                "loaded_ms": round(median["loaded_ms"]),
                "lost_taps": int(sum(got.get("lost_taps", []))),
            }
            if "landed_ms" in median:
                row[which]["landed_ms"] = round(median["landed_ms"])
        for key in ("tap_ms", "worst_tap_ms", "loaded_ms", "landed_ms"):
            if row["ours"].get(key) is not None and row["base"].get(key):
                row[f"{key}_ratio"] = round(row["ours"][key] / row["base"][key], 2)
        figures[path] = row
    return figures


def pages_main(args: argparse.Namespace) -> None:
    """``--pages``: the rules pages on a phone, this build against the baseline, in one run."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import chromium_path

    figures: dict[str, Any] = {"baseline": args.baseline, "runs": args.runs, "load_average": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        port, base_port = free_port(), free_port()
        ours = Path(tmp) / "site"
        build_site(ours, f"http://127.0.0.1:{port}/")
        base = build_baseline(Path(tmp), base_port, args.baseline)
        servers = [serve_in_background(ours, "127.0.0.1", port), serve_in_background(base, "127.0.0.1", base_port)]
        ours_url, base_url = f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{base_port}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            figures["battle_viewer"] = {
                "ours": viewer_reach(browser, ours_url + "battaglia/", True),
                "base": viewer_reach(browser, base_url + "battaglia/", False),
            }
            print(json.dumps(figures["battle_viewer"]), flush=True)
            figures["print_pages"] = {
                path: {"ours": pdf_pages(browser, ours_url + path), "base": pdf_pages(browser, base_url + path)}
                for path in PAGES
            }
            print(json.dumps(figures["print_pages"]), flush=True)
            figures["pages"] = page_figures(browser, ours_url, base_url, args.runs, site_pages(ours, base))
            browser.close()
        for server in servers:
            server.shutdown()
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="repetitions of every measurement (median reported)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--edits", type=int, default=20, help="editor changes measured (median and spread)")
    parser.add_argument("--only-editor", action="store_true", help="measure only the editor change and the link")
    parser.add_argument("--pages", action="store_true", help="the rules pages on a phone, against the baseline build")
    parser.add_argument("--baseline", default=BASELINE, help=f"--pages: the commit to compare with (default {BASELINE})")
    args = parser.parse_args()
    if args.pages:
        pages_main(args)
        return

    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import chromium_path

    figures: dict[str, Any] = {}
    samples: dict[str, list[float]] = {}
    started_from: list[str] = []

    def sample(name: str, value: float) -> None:
        samples.setdefault(name, []).append(value)

    def stages(page: Any, visit: str) -> None:
        """The worker's own stage timings of this start (seconds), as ``{visit}_stage_{name}_s``."""
        for name, seconds in (page.evaluate("estroEngine.timings.stages") or {}).items():
            sample(f"{visit}_stage_{name}_s", float(seconds))

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        out = Path(tmp) / "site"
        began = time.perf_counter()
        build_site(out, f"http://127.0.0.1:{port}/")
        figures["build_s"] = round(time.perf_counter() - began, 2)
        write_bare_page(out)
        server = serve_in_background(out, "127.0.0.1", port)
        url = f"http://127.0.0.1:{port}/protocol-07/"
        bare_url = f"http://127.0.0.1:{port}/bare/"

        with sync_playwright() as p:
            launch: dict[str, Any] = {"executable_path": chromium_path(), "args": CHROMIUM_ARGS}
            browser = p.chromium.launch(**launch)

            def persistent(profile: Path, visit: Callable[[Any], Any]) -> Any:
                context = p.chromium.launch_persistent_context(str(profile), **launch)
                try:
                    return visit(context.new_page())
                finally:
                    context.close()

            figures.update(editor_timings(browser, f"http://127.0.0.1:{port}/battaglia/", args.edits))
            for run in range(0 if args.only_editor else args.runs):
                # Empty profile: ours, then the bare page.
                context = browser.new_context()
                requests: list[Any] = []
                context.on("requestfinished", requests.append)
                page = context.new_page()
                page.goto(url, wait_until="networkidle")
                before = len(requests)
                if run == 0:
                    figures["page_bytes"], figures["page_bytes_gzip"] = sizes(out, [r.url for r in requests])
                sample("first_result_cold_s", ours(page, url, navigate=False))
                stages(page, "cold")
                if run == 0:
                    added = requests[before:]
                    figures["pyodide_bytes"], figures["pyodide_bytes_gzip"] = sizes(out, [r.url for r in added])
                    figures["first_interaction_transfer_bytes"] = transferred(added)
                t = page.evaluate("performance.now()")
                page.click(f"#{WIDGET} input[value='Inferno 2vs2']")
                first_result(page, WIDGET, 2)
                sample(
                    "second_interaction_ms", page.evaluate(f"+document.getElementById('{WIDGET}').dataset.resultAt") - t
                )
                context.close()

                context = browser.new_context()
                sample("bare_cold_s", bare(context.new_page(), bare_url))
                context.close()

                context = browser.new_context()
                sample("hover_then_click_cold_s", ours(context.new_page(), url, hover=True))
                context.close()

                # Persistent profile: a first visit, then the next ones.
                profile = Path(tmp) / f"ours-{run}"

                def first_visit(page: Any) -> None:
                    ours(page, url)
                    wait_after_first_use(page)

                persistent(profile, first_visit)

                def repeat_visit(page: Any) -> float:
                    seconds = ours(page, url)
                    started_from.append(page.evaluate("estroEngine.timings.from"))
                    stages(page, "repeat")
                    return seconds

                sample("first_result_warm_s", persistent(profile, repeat_visit))
                sample("hover_then_click_warm_s", persistent(profile, lambda page: ours(page, url, hover=True)))
                sample(
                    "first_result_warm_no_snapshot_s",
                    persistent(profile, lambda page: ours(page, url, before_click=DELETE_SNAPSHOT)),
                )

                bare_profile = Path(tmp) / f"bare-{run}"
                persistent(bare_profile, lambda page: bare(page, bare_url))
                sample("bare_warm_s", persistent(bare_profile, lambda page: bare(page, bare_url)))

            if not args.only_editor:
                figures.update(estimate_timings(browser, f"http://127.0.0.1:{port}/battaglia/"))
            browser.close()
        server.shutdown()

    for name, values in samples.items():
        figures[name] = round(statistics.median(values), 3 if name.endswith("_s") else 1)
    goals: list[tuple[str, Any, float]] = [
        ("editor change → result (median), ms", figures["editor_change_ms"], 100),
        ("editor change → result (p90), ms", figures["editor_change_ms_p90"], 100),
        ("sample matchup link, characters", figures["link_chars"], 2000),
    ]
    if not args.only_editor:
        figures["repeat_visit_snapshot_s"] = figures["first_result_warm_s"]
        figures["repeat_visits_from_snapshot"] = f"{started_from.count('snapshot')} of {len(started_from)}"
        figures["cold_ratio"] = round(figures["first_result_cold_s"] / figures["bare_cold_s"], 2)
        figures["warm_ratio"] = round(figures["first_result_warm_s"] / figures["bare_warm_s"], 2)
        goals += [
            ("cold ratio ours/bare", figures["cold_ratio"], 0.5),
            ("warm ratio ours/bare", figures["warm_ratio"], 0.3),
            ("hover 500 ms, then click (cold), s", figures["hover_then_click_cold_s"], 0.3),
            ("hover 500 ms, then click (warm), s", figures["hover_then_click_warm_s"], 0.3),
            ("repeat visit with a snapshot, s", figures["repeat_visit_snapshot_s"], 0.5),
            ("first interaction transfer, MB", figures["first_interaction_transfer_bytes"] / 1e6, 7.04),
        ]
    figures["editor_over_engine_ratio"] = round(figures["editor_change_ms"] / figures["engine_round_trip_ms"], 2)
    figures["runs"] = args.runs
    figures["samples"] = {k: [round(v, 3) for v in vs] for k, vs in samples.items()}
    for key, value in figures.items():
        if key == "samples":
            continue
        shown = f"{value / 1e6:.2f} MB" if key.endswith(("bytes", "bytes_gzip")) and isinstance(value, int) else value
        print(f"{key:>34}: {shown}")
    print("goals:")
    for label, value, goal in goals:
        print(f"  {label:>38}: {value:.2f} (goal ≤ {goal}) {'met' if value <= goal else 'NOT met'}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
