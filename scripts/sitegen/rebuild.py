"""A next build made from a built site, cheaply: for the returning-player tests and the update benchmark.

Building the site twice (mkdocs, the engine compiled for Pyodide, the snapshot, brotli on 40 MB)
takes minutes. A deploy changes a few things, so :func:`next_build` makes build B from a copy of
build A by changing exactly those, in a controlled way, and then recomputes everything that follows
from them with the same code the site build runs:

- **the rules' text**: every page says "can be played ON ITS OWN" where A says "can be played on its
  own" (a verdict of PROTOCOL_07, in the pages' worked examples and results), and the PROTOCOL_07
  page gets a paragraph naming the build (``<p class="estro-next-build">``);
- **the engine**: the same string in the bytecode of ``estro_rules/protocol07/views.pyc`` inside the
  engine's zip (a same-length change of one constant: the code object stays valid), so B's engine
  answers "ON ITS OWN" where A's answers "on its own";
- **the snapshot**: made afresh for B's engine by the build's own snapshot step
  (:func:`scripts.sitegen.assets.make_snapshot`, Pyodide under Node), since a snapshot holds the
  engine it imported;
- then ``runtime.json`` (:meth:`scripts.sitegen.assets.Runtime.copy_into`), the build's ID, the
  pages' stamps, ``_headers`` and ``sw.js`` (:func:`scripts.sitegen.offline.finish`) and the
  precompressed twins (:func:`scripts.sitegen.compress.precompress`).

:func:`relocate` serves a built site from another address (instant navigation needs ``site_url``'s
port): the address is replaced in the pages and the sitemap, as a build for that address would write
it, and the build is finished again.

To keep the tests quick, the brotli copy of B's snapshot, engine and changed pages (and of a relocated
A's pages) is made at quality 5 rather than 11 and put in the compression cache first (``fast_brotli``,
``fast_twins``): the bytes served are real brotli,
a little larger; ``runtime.json``'s "br" sizes (what the progress bar counts) say so exactly.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import brotli

from . import assets, compress, offline
from .caches import CACHE_HOME

#: The string B changes, in A's words and in B's (the same length: bytecode stays valid).
OLD_WORDS = "can be played on its own"
NEW_WORDS = "can be played ON ITS OWN"
#: The engine module holding it, in the engine's zip.
VIEWS = "estro_rules/protocol07/views.pyc"
#: Where the work (B's engine and snapshot) is kept between runs, by the engine's hash (in the build's
#: cache folder, shared by the machine's clones: scripts/sitegen/caches.py).
WORK = CACHE_HOME / "next-build"

TEXT_SUFFIXES = (".html", ".xml", ".json", ".js", ".txt")


def copy_site(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)


def fast_brotli(path: Path) -> None:
    """Put a quality-5 brotli of ``path`` in the compression cache, where the build's code finds it."""
    data = path.read_bytes()
    key = hashlib.sha256(data).hexdigest()
    cached = compress.CACHE / f"{key}.br"
    if not cached.exists():
        compress.CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(bytes(brotli.compress(data, quality=5, lgwin=24)))


def fast_twins(site: Path) -> None:
    """:func:`fast_brotli` for every compressible file of ``site`` not in the cache yet: the pages a deploy
    changed (every page, whose build stamp and address change) get their brotli twin at quality 5, as B's
    engine and snapshot do, instead of minutes at quality 11 for each test worker."""
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in compress.COMPRESSIBLE:
            fast_brotli(path)


def relocate(site: Path, old_url: str, new_url: str) -> offline.Build:
    """Serve ``site`` (built for ``old_url``) from ``new_url``: the address replaced, the build finished again."""
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            if old_url in text:
                path.write_text(text.replace(old_url, new_url), encoding="utf-8")
    build = offline.finish(site)
    fast_twins(site)
    compress.precompress(site)
    return build


def patched_engine(engine_zip: Path, out: Path) -> None:
    """The engine's zip with :data:`OLD_WORDS` replaced by :data:`NEW_WORDS` in :data:`VIEWS`."""
    with zipfile.ZipFile(engine_zip) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == VIEWS:
                assert data.count(OLD_WORDS.encode()) == 1, f"{VIEWS}: the words to change are not there once"
                data = data.replace(OLD_WORDS.encode(), NEW_WORDS.encode())
            dst.writestr(info, data, compress_type=zipfile.ZIP_STORED)


def next_build(
    site_a: Path, site_b: Path, finish: Callable[[Path], object] = offline.finish, *, fast: bool = True
) -> object:
    """Build B (see the module's docstring) in ``site_b``, from the built site ``site_a``; what ``finish``
    returns (the build: :func:`scripts.sitegen.offline.finish`, or an earlier revision's own last step,
    for the update benchmark's comparison). ``fast=False`` compresses as the site build does (brotli 11:
    minutes on 11 MB the first time), for the benchmark's bytes."""
    copy_site(site_a, site_b)
    manifest = json.loads((site_b / offline.RUNTIME).read_text(encoding="utf-8"))
    pyodide = site_b / "assets" / "pyodide"
    engine_a = site_b / manifest["engine"]
    key = offline.sha256(engine_a.read_bytes())[:16]
    work = WORK / key
    work.mkdir(parents=True, exist_ok=True)
    # B's engine, and the standard libraries beside it, as the compile step leaves them.
    for name in ("python_stdlib.zip", assets.WHOLE_STDLIB):
        if not (work / name).exists():
            shutil.copyfile(pyodide / name, work / name)
    if not (work / "estro_rules.zip").exists():
        patched_engine(engine_a, work / "estro_rules.zip")
    with zipfile.ZipFile(work / "python_stdlib.zip") as boot:
        measured = tuple(n.removesuffix("c") for n in boot.namelist() if n.endswith(".pyc"))
    compiled = assets.Compiled(
        work / "python_stdlib.zip",
        work / assets.WHOLE_STDLIB,
        work / "estro_rules.zip",
        measured,
        tuple(manifest["stdlib_rest"]),
        manifest["python"],
    )
    snapshot = assets.make_snapshot(compiled)
    for path in (compiled.engine, snapshot.path) if fast else ():
        fast_brotli(path)
    wheel = Path(f"estro_rules-{Path(manifest['engine']).stem.split('-')[1]}-py3-none-any.whl")
    runtime = assets.Runtime(wheel, compiled, manifest["pyodide"], snapshot)
    runtime.copy_into(site_b, offline=manifest.get("offline", True))
    # The rules' text: B's words on every page, and a paragraph naming the build on one.
    for page in offline.pages(site_b):
        text = page.read_text(encoding="utf-8")
        changed = text.replace(OLD_WORDS, NEW_WORDS)
        if page.parent.name == "protocol-07":
            changed = changed.replace(
                '<h1 id="protocol_07-mode-combinations">',
                '<p class="estro-next-build">This is the next build of the rules.</p>\n'
                '<h1 id="protocol_07-mode-combinations">',
                1,
            )
        if changed != text:
            page.write_text(changed, encoding="utf-8")
    for old in site_b.rglob("*"):  # the twins are made again for what changed
        if old.suffix in (".br", ".gz") and old.is_file():
            old.unlink()
    build = finish(site_b)
    if fast:
        fast_twins(site_b)
    compress.precompress(site_b)
    return build
