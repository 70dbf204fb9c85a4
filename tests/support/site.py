"""The built site, shared by every process of a test run (pytest-xdist's workers and its controller).

The site is built once per run and served from one address, whichever worker runs a test:
Material's instant navigation needs the pages' ``site_url`` to name the port they are served
from, so a site built for one port cannot be served from another. So:

- the process that owns the run (pytest-xdist's controller, or pytest itself without workers)
  serves the folder ``<run folder>/site`` from a thread, on a port the system chose, from the
  session's start to its end (:func:`serve`); it hands the workers the folder and the port
  (``workerinput``), and they read them back (:func:`shared`);
- the first process whose collection holds a test that uses the site starts building it there in
  a thread, under a file lock, while it runs other tests (:meth:`SharedSite.start_building`); any
  test that needs the site waits for that build (:meth:`SharedSite.ensure_built`). A failed build
  is written down, so every test that needs the site fails with its message instead of building
  again.

Nothing here knows which tests use the site: they say so by asking for the ``site`` fixture.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from scripts.serve_site import SiteServer, serve_in_background

ROOT = Path(__file__).resolve().parents[2]
#: The key of the shared site in pytest-xdist's ``workerinput`` (JSON: folder and port).
WORKER_KEY = "estro_site"


#: The builds this process has running (a session that ends stops them: see :func:`stop`).
_running: set[subprocess.Popen[str]] = set()


def build_site(out: Path, site_url: str) -> None:
    env = {**os.environ, "SITE_URL": site_url, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    args = [str(mkdocs), "build", "--strict", "--quiet", "-d", str(out)]
    with subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as build:
        _running.add(build)
        try:
            stdout, stderr = build.communicate()
        finally:
            _running.discard(build)
    assert build.returncode == 0, f"mkdocs build failed:\n{stdout}\n{stderr}"


@dataclass(frozen=True)
class SharedSite:
    """The site of this test run: built into :attr:`root` for, and served at, :attr:`url`."""

    root: Path
    """Where the site is built (``<run folder>/site``); the lock and the markers lie beside it."""

    port: int
    """The port the owning process serves it on."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def _beside(self, name: str) -> Path:
        return self.root.with_name(f"site.{name}")

    def ensure_built(self) -> None:
        """Build the site unless a process of this run has; wait while one builds it."""
        with self._beside("lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                if self._beside("failed").exists():
                    raise AssertionError(self._beside("failed").read_text())
                if not self._beside("ready").exists():
                    try:
                        build_site(self.root, self.url)
                    except AssertionError as err:
                        self._beside("failed").write_text(str(err))
                        raise
                    self._beside("ready").touch()
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def start_building(self) -> None:
        """Build in a thread, while this process runs other tests (a failure shows in :meth:`ensure_built`)."""

        def build() -> None:
            try:
                self.ensure_built()
            except (AssertionError, OSError):
                pass  # written down (the tests that need the site report it), or the run has ended and its folder is gone

        threading.Thread(target=build, name="estro-site-build", daemon=True).start()


_SERVED = pytest.StashKey[tuple[SharedSite, SiteServer]]()


def serve(config: pytest.Config) -> None:
    """In the process that owns the run: a folder for the site and a server for it, until :func:`stop`."""
    folder = Path(tempfile.mkdtemp(prefix="estro-site-"))
    server = serve_in_background(folder / "site", "127.0.0.1", 0)
    config.stash[_SERVED] = (SharedSite(folder / "site", server.server_address[1]), server)


def stop(config: pytest.Config) -> None:
    """In the process that owns the run, at its very end: a build of its own still running (a run stopped
    early) stopped, the server shut down, the folder removed. (A worker leaves its build alone: others may
    be waiting for it.)"""
    served = config.stash.get(_SERVED, None)
    if served is not None:
        for build in list(_running):
            build.terminate()
        site, server = served
        server.shutdown()
        shutil.rmtree(site.root.parent, ignore_errors=True)


def for_worker(config: pytest.Config) -> str:
    """What a worker gets in its ``workerinput``: the owner's site folder and port."""
    site, _ = config.stash[_SERVED]
    return json.dumps({"root": str(site.root), "port": site.port})


def shared(config: pytest.Config) -> SharedSite:
    """The site of this run, in the owning process or in a worker."""
    given = getattr(config, "workerinput", {}).get(WORKER_KEY)
    if given is not None:
        data = json.loads(given)
        return SharedSite(Path(data["root"]), int(data["port"]))
    site, _ = config.stash[_SERVED]
    return site
