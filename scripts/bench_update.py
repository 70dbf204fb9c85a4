"""The cost of an update: what a returning player downloads when a new build is deployed, before and after.

    .venv/bin/python scripts/bench_update.py [--compare REV] [--json FILE]

For this checkout (and, with ``--compare REV``, for revision REV, built from ``git archive`` in
``build/bench-update/REV``: read-only, sharing this checkout's ``.venv``, ``node_modules`` and build
caches), in the same run:

1. the site is built (build A) and build B is made from it the way the returning-player tests make it
   (``scripts/sitegen/rebuild.py``: a page's text and the engine changed, the snapshot made afresh,
   the manifests recomputed), with that revision's own last build step (REV: its
   ``offline.write_service_worker``);
2. A is served by that revision's own ``scripts/serve_site.py`` behind a proxy that counts every byte
   the server sends (headers and bodies, the service worker's downloads included);
3. a player (headless Chromium, an empty profile) uses a widget on A and waits until the service
   worker and the stored snapshot are in place, and until nothing moves for 3 s;
4. B is deployed over A (every file copied, as a deploy does: new dates on every file), and the
   player comes back: the PROTOCOL_07 page, then its widget; reloading until B's text and B's
   results are on screen together (at most 5 reloads), then waiting until nothing moves for 3 s
   (the new service worker installed, the new snapshot made).

Figures: bytes sent from the deploy to that quiet moment, the reloads needed, and what the player saw
on each load ("A", "B", "updated": the page refused to show another build's results, or "mixed").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from scripts.sitegen import offline, rebuild  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, free_port  # noqa: E402

QUIET_S = 3.0
MAX_RELOADS = 5
WIDGET = "widget-p07-combination"


class CountingProxy:
    """A TCP proxy on 127.0.0.1 that counts the bytes going from the server to the browser."""

    def __init__(self, port: int, upstream: int) -> None:
        self.sent = 0
        self.last = time.monotonic()
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", port))
        self._upstream = upstream
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self._upstream))
            threading.Thread(target=self._pipe, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, True), daemon=True).start()

    def _pipe(self, source: socket.socket, target: socket.socket, count: bool) -> None:
        try:
            while data := source.recv(1 << 16):
                target.sendall(data)
                if count:
                    with self._lock:
                        self.sent += len(data)
                        self.last = time.monotonic()
        except OSError:
            pass
        finally:
            for s in (source, target):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def reset(self) -> None:
        with self._lock:
            self.sent = 0

    def close(self) -> None:
        self._listener.close()


@dataclass
class Revision:
    name: str
    root: Path
    python: str = sys.executable
    figures: dict[str, Any] = field(default_factory=dict)


def export(rev: str) -> Revision:
    """Revision REV as files under build/bench-update/ (git archive), with this checkout's environment."""
    sha = subprocess.run(["git", "rev-parse", rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    target = ROOT / "build" / "bench-update" / sha[:12]
    if not (target / "mkdocs.yml").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", sha], cwd=ROOT, capture_output=True, check=True).stdout
        with tempfile.TemporaryFile() as tmp:
            tmp.write(archive)
            tmp.seek(0)
            tarfile.open(fileobj=tmp).extractall(target, filter="data")
    for shared in (".venv", "node_modules"):
        if not (target / shared).exists():
            (target / shared).symlink_to(ROOT / shared)
    return Revision(rev, target)


def build(revision: Revision, out: Path, url: str) -> None:
    env = {**os.environ, "SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = str(Path(revision.python).with_name("mkdocs"))
    start = time.monotonic()
    subprocess.run([mkdocs, "build", "--strict", "--quiet", "-d", str(out)], cwd=revision.root, env=env, check=True)
    revision.figures["build_s"] = round(time.monotonic() - start, 1)


def finish_with(revision: Revision) -> Callable[[Path], object]:
    """That revision's own last build step, for build B."""
    if revision.root == ROOT:
        return offline.finish

    def finish(site: Path) -> None:
        code = "import sys; from pathlib import Path; from scripts.sitegen import offline; offline.write_service_worker(Path(sys.argv[1]))"
        subprocess.run([revision.python, "-c", code, str(site)], cwd=revision.root, check=True)

    return finish


def wait_quiet(proxy: CountingProxy, page: Page, seconds: float = QUIET_S, limit: float = 180.0) -> None:
    """Until the service worker is settled and no byte has crossed for ``seconds``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        settled = page.evaluate(
            "navigator.serviceWorker.getRegistration().then((r) => !r || (!r.installing && !r.waiting))"
        )
        making = page.evaluate("window.estroEngine && window.estroEngine.snapshot === 'making'")
        if settled and not making and time.monotonic() - proxy.last > seconds:
            return
        time.sleep(0.25)


def seen(page: Page) -> str:
    """What the page shows: "A", "B" (its text and its results agree), "updated", or "mixed: ..."."""
    text = "B" if page.locator(".estro-next-build").count() else "A"
    runs = int(page.locator(f"#{WIDGET}").get_attribute("data-runs") or 0)
    single = page.locator(f"#{WIDGET} input[value='Single Player']")
    if single.is_checked():
        single.uncheck()
    else:
        page.locator(f"#{WIDGET} .estro-run").click()
    deadline = time.monotonic() + 120
    while int(page.locator(f"#{WIDGET}").get_attribute("data-runs") or 0) <= runs:
        assert time.monotonic() < deadline, "no answer in 2 minutes"
        time.sleep(0.1)
    error = page.locator(f"#{WIDGET} .estro-error")
    if error.is_visible():
        return "updated" if "updated" in error.inner_text() else f"error: {error.inner_text()[:80]}"
    output = page.locator(f"#{WIDGET} .estro-output").inner_text()
    engine = "B" if rebuild.NEW_WORDS in output else "A"
    return text if engine == text else f"mixed: {text}'s text, {engine}'s results"


def measure(revision: Revision, work: Path) -> dict[str, Any]:
    port, upstream = free_port(), free_port()
    url = f"http://127.0.0.1:{port}/"
    site_a, site_b, served = work / "A", work / "B", work / "served"
    build(revision, site_a, url)
    rebuild.next_build(site_a, site_b, finish=finish_with(revision), fast=False)  # compressed as a build does
    shutil.copytree(site_a, served)
    server = subprocess.Popen(
        [revision.python, "scripts/serve_site.py", str(served), "--addr", f"127.0.0.1:{upstream}"],
        cwd=revision.root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    proxy = CountingProxy(port, upstream)
    figures: dict[str, Any] = {}
    try:
        time.sleep(1.0)
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(work / "profile"), executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            page = context.new_page()
            page.goto(url + "protocol-07/")
            figures["first_visit"] = seen(page)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
            page.wait_for_function("window.estroEngine.snapshot === 'stored'", timeout=120_000)
            wait_quiet(proxy, page)
            figures["first_use_bytes"] = proxy.sent
            proxy.reset()
            for path in sorted(site_b.rglob("*")):  # the deploy: every file, new dates
                if path.is_file():
                    target = served / path.relative_to(site_b)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)
            page.goto(url + "protocol-07/")
            loads = [seen(page)]
            while loads[-1] != "B" and len(loads) <= MAX_RELOADS:
                wait_quiet(proxy, page, seconds=1.0)
                page.reload()
                loads.append(seen(page))
            wait_quiet(proxy, page)
            figures["update_bytes"] = proxy.sent
            figures["loads"] = loads
            figures["reloads_to_b"] = len(loads) - 1 if loads[-1] == "B" else None
            context.close()
    finally:
        proxy.close()
        server.terminate()
        server.wait(timeout=10)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV", help="also measure revision REV (before), in the same run")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    revisions = [Revision("this checkout", ROOT)]
    if args.compare:
        revisions.insert(0, export(args.compare))
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, revision in enumerate(revisions):
            work = Path(tmp) / str(i)
            work.mkdir()
            figures = measure(revision, work)
            revision.figures.update(figures)
            results[revision.name] = revision.figures
            print(
                f"{revision.name}: first use {figures['first_use_bytes'] / 1e6:.2f} MB; update "
                f"{figures['update_bytes'] / 1e6:.2f} MB; loads after the deploy: {', '.join(figures['loads'])}"
            )
    if args.compare:
        before, after = results[args.compare]["update_bytes"], results["this checkout"]["update_bytes"]
        results["ratio"] = round(after / before, 3)
        print(f"an update costs {after / before:.2f} times the bytes of {args.compare}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
