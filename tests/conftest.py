"""Shared fixtures: the built site served on 127.0.0.1, the engine's wheel, headless Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.serve_site import serve_in_background

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


def build_site(out: Path, site_url: str) -> None:
    env = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    result = subprocess.run(
        [str(mkdocs), "build", "--strict", "--quiet", "-d", str(out)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, f"mkdocs build failed:\n{result.stdout}\n{result.stderr}"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Build the site once (its site_url on the port it is served from) and serve it as players get it:
    precompressed (brotli or gzip), by scripts/serve_site.py, the server of ``bash scripts/serve.sh``."""
    port = free_port()
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(out, f"http://127.0.0.1:{port}/")
    server = serve_in_background(out, "127.0.0.1", port)
    yield Site(out, port)
    server.shutdown()


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
