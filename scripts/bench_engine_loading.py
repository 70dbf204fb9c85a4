"""The engine loaded two ways, measured in the same run: as a zip on ``sys.path`` against
``loadPackage("estro-rules")`` (Pyodide's own way, from the lock entry pyodide-build writes).

    .venv/bin/python scripts/bench_engine_loading.py [--rounds N] [--json FILE]

Builds the site twice into a temporary folder, ``ESTRO_ENGINE_LOADING=zip`` and ``=package``
(``scripts/sitegen/assets.py``), serves both with ``scripts/serve_site.py`` on 127.0.0.1 and drives
headless Chromium (the browser tests' set-up). Each round takes the two builds in turn (the order
swapped every round), each on a profile of its own, through six visits of the PROTOCOL_07 page;
each figure is the time from the press of a mode (``pointerdown``) to its result on screen:

- ``first_snapshot``: a first visit (empty profile), Python restored from the snapshot the site ships;
- ``first_no_snapshot``: a first visit with Save-Data on, so a normal start from the boot library;
- ``next_snapshot``: the next visit, through the service worker, from the snapshot this browser stored;
- ``next_offline_snapshot``: the same with no network;
- ``next_no_snapshot``: the next visit through the service worker, the stored snapshot deleted and
  Save-Data on: a normal start, every file from the service worker's cache;
- ``next_offline_no_snapshot``: the same with no network.

Between the first and the next visits the page stays open until the browser has stored its snapshot
and the service worker is in charge. Printed: per figure the median of each way and the median of
the per-round ratios package / zip, and the worker's own stage timings (``engine``: installing and
importing the engine in a normal start; ``restore``: a restore with the engine installed again).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.serve_site import serve_in_background  # noqa: E402
from tests.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.support.site import build_site  # noqa: E402

WAYS = ("zip", "package")
FIGURES = (
    "first_snapshot",
    "first_no_snapshot",
    "next_snapshot",
    "next_offline_snapshot",
    "next_no_snapshot",
    "next_offline_no_snapshot",
)
WIDGET = "widget-p07-combination"
CLICK = f"#{WIDGET} input[value='Zona di Conquista']"
SAVE_DATA = "Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true})})"
PRESS_CLOCK = "document.addEventListener('pointerdown', () => { window.pressAt = performance.now(); }, {capture: true})"
DELETE_SNAPSHOT = (
    "navigator.storage.getDirectory().then((root) => root.removeEntry('estro-engine.snapshot')).catch(() => null)"
)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build(way: str, folder: Path) -> tuple[Path, str]:
    """The site built to load the engine ``way``, and its address (it is served on that port)."""
    url = f"http://127.0.0.1:{free_port()}/"
    before = os.environ.get("ESTRO_ENGINE_LOADING")
    os.environ["ESTRO_ENGINE_LOADING"] = way
    try:
        build_site(folder / way, url)
    finally:
        if before is None:
            del os.environ["ESTRO_ENGINE_LOADING"]
        else:
            os.environ["ESTRO_ENGINE_LOADING"] = before
    runtime = json.loads((folder / way / "assets" / "estro" / "runtime.json").read_text())
    assert bool(runtime["engine_package"]) == (way == "package"), runtime["engine_package"]
    return folder / way, url


def visit(context: Any, url: str, *, save_data: bool = False, delete_snapshot: bool = False) -> dict[str, Any]:
    """Open the page, press a mode, wait for the result: seconds from the press, and the worker's timings."""
    page = context.new_page()
    if save_data:
        page.add_init_script(SAVE_DATA)
    page.goto(url + "protocol-07/", wait_until="load")
    if delete_snapshot:
        page.evaluate(DELETE_SNAPSHOT)
    page.evaluate(PRESS_CLOCK)
    page.click(CLICK)
    page.wait_for_function(
        "(w) => Number(document.getElementById(w).dataset.runs || 0) >= 1", arg=WIDGET, timeout=180_000
    )
    seconds = page.evaluate(f"(+document.getElementById('{WIDGET}').dataset.resultAt - window.pressAt) / 1000")
    timings = page.evaluate("window.estroEngine.timings")
    return {"page": page, "seconds": float(seconds), "from": timings["from"], "stages": timings["stages"]}


def settle(page: Any) -> None:
    """Wait until the browser has stored its snapshot (and warmed) and the service worker is in charge."""
    page.wait_for_function(
        "estroEngine.snapshot.startsWith('skipped')"
        " || (estroEngine.snapshot === 'stored' && estroEngine.timings.snapshot.warmed !== undefined)",
        timeout=180_000,
    )
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def one_round(playwright: Any, url: str, profile: Path) -> dict[str, dict[str, Any]]:
    """The six visits of one build, on a new profile; each figure: seconds, where Python came from, stages."""

    def launch() -> Any:
        return playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path="/usr/bin/chromium",
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )

    got: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as empty:
        context = playwright.chromium.launch_persistent_context(
            empty, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900}
        )
        got["first_no_snapshot"] = visit(context, url, save_data=True)
        context.close()
    context = launch()
    got["first_snapshot"] = visit(context, url)
    settle(got["first_snapshot"]["page"])
    context.close()
    for name, offline in (("next_snapshot", False), ("next_offline_snapshot", True)):
        context = launch()
        context.set_offline(offline)
        got[name] = visit(context, url)
        context.close()
    for name, offline in (("next_no_snapshot", False), ("next_offline_no_snapshot", True)):
        context = launch()
        context.set_offline(offline)
        got[name] = visit(context, url, save_data=True, delete_snapshot=True)
        context.close()
    for figure in got.values():
        figure.pop("page")
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sites = {way: build(way, folder) for way in WAYS}
        servers = [
            serve_in_background(root, "127.0.0.1", int(url.rsplit(":", 1)[1].strip("/")))
            for root, url in sites.values()
        ]
        rounds: list[dict[str, dict[str, dict[str, Any]]]] = []
        try:
            with sync_playwright() as playwright:
                for n in range(args.rounds):
                    order = WAYS if n % 2 == 0 else WAYS[::-1]
                    this: dict[str, dict[str, dict[str, Any]]] = {}
                    for way in order:
                        this[way] = one_round(playwright, sites[way][1], folder / f"profile-{way}-{n}")
                    rounds.append(this)
                    print(
                        f"round {n + 1}: "
                        + "  ".join(
                            f"{f} {this['zip'][f]['seconds']:.2f}/{this['package'][f]['seconds']:.2f}" for f in FIGURES
                        ),
                        flush=True,
                    )
        finally:
            for server in servers:
                server.shutdown()
    summary: dict[str, Any] = {}
    print(f"\n{'figure':26} {'zip s':>7} {'package s':>10} {'package/zip':>12}  (medians of {args.rounds} rounds)")
    for figure in FIGURES:
        zip_s = [r["zip"][figure]["seconds"] for r in rounds]
        package_s = [r["package"][figure]["seconds"] for r in rounds]
        ratio = statistics.median(p / z for p, z in zip(package_s, zip_s, strict=True))
        summary[figure] = {"zip_s": statistics.median(zip_s), "package_s": statistics.median(package_s), "ratio": ratio}
        starts = {r[way][figure]["from"] for r in rounds for way in WAYS}
        print(
            f"{figure:26} {summary[figure]['zip_s']:7.2f} {summary[figure]['package_s']:10.2f} {ratio:12.2f}  from {', '.join(sorted(starts))}"
        )
    for stage in ("engine", "restore"):
        for way in WAYS:
            values = [
                r[way][f]["stages"][stage]
                for r in rounds
                for f in FIGURES
                if isinstance(r[way][f]["stages"].get(stage), float)
            ]
            if values:
                print(
                    f"worker stage {stage:8} {way:8} median {statistics.median(values):.3f} s over {len(values)} starts"
                )
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=1))


if __name__ == "__main__":
    main()
