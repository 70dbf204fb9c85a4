"""Shared fixtures: the built site served on 127.0.0.1, the engine's wheel, headless Chromium.

The tests run in parallel (pytest-xdist, ``-n`` in scripts/test.sh) and also without it. The site
is built once per run and served once, for every worker: see :mod:`tests.support.site`. Tests that
use it run after the others, so that it is built while they run.
"""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest

from tests.support import site as shared_site
from tests.support.site import build_site

__all__ = ["CHROMIUM_ARGS", "ROOT", "Site", "build_site", "free_port"]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Nothing leaves 127.0.0.1: every other request goes to a proxy on a closed port and fails at once
    # (net::ERR_PROXY_CONNECTION_FAILED); Chromium never sends loopback requests through a proxy.
    "--proxy-server=http://127.0.0.1:9",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Site:
    """The site built for this test run and served at ``url``."""

    def __init__(self, root: Path, port: int) -> None:
        self.root = root
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the process that owns the run serves the site
        shared_site.serve(session.config)
        if os.environ.get("ESTRO_BUILD_SITE_EARLY"):  # the whole suite (scripts/test.sh): no need to wait
            shared_site.shared(session.config).start_building()  # for a worker's collection to ask


def pytest_sessionfinish(session: pytest.Session) -> None:
    shared_site.stop(session.config)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """pytest-xdist's controller, starting a worker: hand it the site's folder and port."""
    workerinput = node.workerinput  # type: ignore[attr-defined]
    workerinput[shared_site.WORKER_KEY] = shared_site.for_worker(node.config)  # type: ignore[attr-defined]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that need the site last (the same order in every worker), Pyodide's just before;
    within each kind, those marked ``heavy`` first."""
    kind = {item: 2 if "site" in uses(item) else 1 if "node" in uses(item) else 0 for item in items}
    items.sort(key=lambda item: (kind[item], item.get_closest_marker("heavy") is None))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start building the site as soon as a collected test needs it (one process builds it)."""
    if any("site" in uses(item) for item in session.items):
        shared_site.shared(session.config).start_building()


def uses(item: pytest.Item) -> tuple[str, ...]:
    return tuple(getattr(item, "fixturenames", ()))


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> Site:
    """The site, built once per run (its site_url on the port it is served from) and served as players get it:
    precompressed (brotli or gzip), by scripts/serve_site.py, the server of ``bash scripts/serve.sh``."""
    shared = shared_site.shared(request.config)
    shared.ensure_built()
    return Site(shared.root, shared.port)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The engine's wheel, built from the repo as the site build does it."""
    from scripts.sitegen.assets import build_wheel

    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    assert path, "node is needed to run Pyodide under Node (apt-get install nodejs)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").exists(), "run bash scripts/setup.sh (npm ci)"
    return path
