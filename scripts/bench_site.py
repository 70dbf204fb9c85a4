"""Measure the site: build time, page weight, Pyodide's size, and widget timings in Chromium.

    .venv/bin/python scripts/bench_site.py [--runs N] [--json FILE]

Builds the site into a temporary folder, serves it on 127.0.0.1 and drives
headless Chromium (the same setup as the browser tests). Figures:

- build: wall time of ``mkdocs build --strict`` (wheel build and page generation included);
- page weight: every byte the PROTOCOL_07 page loads before any interaction, raw and gzipped;
- Pyodide: the bytes the first interaction adds (Pyodide core and the engine wheel), raw and gzipped;
- first click to first result: cold (empty cache) and warm (HTTP cache filled by a previous visit);
- a second interaction once Python is ready;
- the Battaglia win-probability widget's default 10,000-battle estimate: time from Python
  being ready to the first partial estimate on screen and to the finished estimate
  (targets: 0.5 s and 5 s), and the same from a click once Python is warm.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, build_site, free_port  # noqa: E402


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


def first_result(page: object, widget: str, runs: int, timeout: int = 120_000) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "([w, n]) => Number(document.getElementById(w).dataset.runs || 0) >= n", arg=[widget, runs], timeout=timeout
    )


def estimate_timings(browser: object, url: str) -> dict[str, float]:
    """The 10,000-battle estimate, cold (Python starts on the click) and warm."""
    context = browser.new_context()  # type: ignore[attr-defined]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold/warm repetitions (median reported)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()

    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import chromium_path
    from tests.conftest import QuietHandler

    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        out = Path(tmp) / "site"
        began = time.perf_counter()
        build_site(out, f"http://127.0.0.1:{port}/")
        figures["build_s"] = round(time.perf_counter() - began, 2)
        handler = functools.partial(QuietHandler, directory=str(out))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{port}/protocol-07/"
        widget = "widget-p07-combination"
        click = f"#{widget} input[value='Zona di Conquista']"

        cold, warm, second = [], [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for run in range(args.runs):
                context = browser.new_context()
                requests: list[str] = []
                context.on("request", lambda r, requests=requests: requests.append(r.url))
                page = context.new_page()
                page.goto(url, wait_until="networkidle")
                if run == 0:
                    figures["page_bytes"], figures["page_bytes_gzip"] = sizes(out, requests)
                before = len(requests)
                t = time.perf_counter()
                page.click(click)
                first_result(page, widget, 1)
                cold.append(time.perf_counter() - t)
                if run == 0:
                    figures["pyodide_bytes"], figures["pyodide_bytes_gzip"] = sizes(out, requests[before:])
                t = time.perf_counter()
                page.click(f"#{widget} input[value='Inferno 2vs2']")
                first_result(page, widget, 2)
                second.append(time.perf_counter() - t)
                # Warm: a new visit in the same context, whose HTTP cache now holds Pyodide.
                again = context.new_page()
                again.goto(url, wait_until="networkidle")
                t = time.perf_counter()
                again.click(click)
                first_result(again, widget, 1)
                warm.append(time.perf_counter() - t)
                context.close()
            figures.update(estimate_timings(browser, f"http://127.0.0.1:{port}/battaglia/"))
            browser.close()
        server.shutdown()

    figures["first_result_cold_s"] = round(statistics.median(cold), 2)
    figures["first_result_warm_s"] = round(statistics.median(warm), 2)
    figures["second_interaction_ms"] = round(statistics.median(second) * 1000, 1)
    figures["runs"] = args.runs
    for key, value in figures.items():
        shown = f"{value / 1e6:.2f} MB" if key.endswith(("bytes", "bytes_gzip")) and isinstance(value, int) else value
        print(f"{key:>24}: {shown}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
