"""The service worker's build data: every file of the built site, and a version that names its cache.

``docs/sw.js`` (copied to the site root by mkdocs) has one line holding
``const BUILD = {...}``; :func:`write_service_worker` replaces it with this
build's file list and a version made from their contents, so a new build is a
new service worker and old caches are deleted when it takes over.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

#: Files the service worker does not keep: precompressed twins (the browser asks for the plain
#: name and the server picks), source maps, and the service worker itself.
SKIP_SUFFIXES = (".gz", ".br", ".map")
SKIP_NAMES = ("sw.js",)

BUILD_LINE = re.compile(r"^const BUILD = .*;(?P<comment> //.*)?$", re.MULTILINE)


def offline_files(site_dir: Path) -> list[str]:
    """Every file the site needs offline, as URLs relative to the site root (``protocol-07/`` for pages)."""
    urls = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix in SKIP_SUFFIXES or path.name in SKIP_NAMES:
            continue
        relative = path.relative_to(site_dir).as_posix()
        if relative == "index.html":
            relative = "./"
        elif relative.endswith("/index.html"):
            relative = relative.removesuffix("index.html")
        urls.append(relative)
    return urls


def version(site_dir: Path, files: list[str]) -> str:
    """A short hash of every offline file's name and content."""
    digest = hashlib.sha256()
    for url in files:
        path = site_dir / (url + "index.html" if url.endswith("/") else url)
        digest.update(url.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(site_dir: Path, *, dev: bool = False) -> str:
    """Write this build's data into ``site_dir/sw.js`` and return its version (``dev`` under ``mkdocs serve``)."""
    target = site_dir / "sw.js"
    text = target.read_text(encoding="utf-8")
    if not BUILD_LINE.search(text):
        raise ValueError(f"{target}: no `const BUILD = ...;` line to write the build's data into")
    if dev:
        build: dict[str, object] = {"version": "dev", "dev": True, "files": []}
    else:
        files = offline_files(site_dir)
        build = {"version": version(site_dir, files), "dev": False, "files": files}
    line = f"const BUILD = {json.dumps(build)}; // written by scripts/sitegen/offline.py"
    target.write_text(BUILD_LINE.sub(lambda _: line, text, count=1), encoding="utf-8")
    return str(build["version"])
