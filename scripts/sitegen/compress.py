"""Precompression: a ``.br`` and a ``.gz`` next to every compressible file of the built site.

A static host (and ``scripts/serve_site.py``) sends the precompressed file the
browser accepts, with ``Content-Encoding``, instead of compressing on every
request. Brotli at its best setting is slow on the 10 MB runtime files, so
every compressed copy is cached by the SHA-256 of its input in the build's
cache folder (:mod:`.caches`, shared by the machine's clones): a rebuild only
compresses what changed. What is not
cached (a fresh clone: about 80 s of one core for the whole site) is compressed
on every core at once, the biggest files first (:func:`warm`).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import brotli

from .caches import CACHE_HOME

CACHE = CACHE_HOME / "compress"

#: Files worth compressing (text, WebAssembly, and our uncompressed zips of bytecode and sources).
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".zip", ".whl", ".xml", ".svg", ".txt", ".py", ".snapshot")

#: Encodings in the order a server prefers them, with the file suffix of each.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

#: How many cached files to keep (the most recently used); older ones are deleted. A build of the site
#: alone uses about 600 (two for each of some 300 files), and the test builds (a next build, a scaffolded
#: protocol) add their changed pages': fewer than a build uses, and the least recently used (the biggest,
#: compressed first) are dropped and compressed again on every build (70 s instead of 9 s).
CACHE_KEEP = 3000


@dataclass(frozen=True)
class Sizes:
    """A file's size as served: raw, gzip and brotli."""

    raw: int
    """Bytes on disk."""

    gzip: int
    """Bytes with ``Content-Encoding: gzip``."""

    br: int
    """Bytes with ``Content-Encoding: br``."""


def _compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(data, quality=11, lgwin=24))
    return gzip.compress(data, compresslevel=9, mtime=0)


def compressed(data: bytes, encoding: str, cache: Path = CACHE) -> bytes:
    """``data`` compressed with ``encoding`` (``br`` or ``gzip``), from the cache when it was done before."""
    key = hashlib.sha256(data).hexdigest()
    cached = cache / f"{key}.{encoding}"
    try:  # several builds may share the cache (the tests build in parallel): another may prune this entry
        os.utime(cached)  # mark as recently used
        return cached.read_bytes()
    except FileNotFoundError:
        pass
    packed = _compress(data, encoding)
    cache.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}-{threading.get_ident()}.part")
    partial.write_bytes(packed)
    partial.replace(cached)
    return packed


def sizes(path: Path, cache: Path = CACHE) -> Sizes:
    """How many bytes ``path`` takes raw, gzipped and brotli-compressed."""
    data = path.read_bytes()
    return Sizes(len(data), len(compressed(data, "gzip", cache)), len(compressed(data, "br", cache)))


class Warming:
    """Files being compressed into the cache by threads (brotli and zlib let go of Python's lock)."""

    def __init__(self, paths: Iterable[Path], cache: Path = CACHE) -> None:
        jobs = sorted({p.resolve() for p in paths}, key=lambda p: p.stat().st_size, reverse=True)
        self._pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="compress")
        self._done: list[Future[bytes]] = [
            self._pool.submit(lambda p, e: compressed(p.read_bytes(), e, cache), path, encoding)
            for path in jobs
            for encoding, _ in ENCODINGS
        ]
        self._pool.shutdown(wait=False)

    def wait(self) -> None:
        """Until every file is in the cache (a failure is raised here)."""
        for job in self._done:
            job.result()


def warm(paths: Iterable[Path], cache: Path = CACHE) -> Warming:
    """Start compressing ``paths`` (both encodings) into the cache, on every core; ``wait()`` for them."""
    return Warming(paths, cache)


def precompress(site_dir: Path, cache: Path = CACHE) -> int:
    """Write ``NAME.br`` and ``NAME.gz`` beside every compressible file that gets smaller; return how many."""
    written = 0
    paths = [p for p in sorted(site_dir.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE]
    warm(paths, cache).wait()
    for path in paths:
        data = path.read_bytes()
        for encoding, suffix in ENCODINGS:
            packed = compressed(data, encoding, cache)
            if len(packed) < len(data) * 0.95:
                path.with_name(path.name + suffix).write_bytes(packed)
                written += 1
    prune(cache)
    return written


def prune(cache: Path = CACHE, keep: int = CACHE_KEEP) -> None:
    """Delete all but the ``keep`` most recently used cache entries. Another build sharing the cache may
    be writing (its ``.part`` files are left alone) or pruning at the same time (an entry already gone
    is passed over)."""
    if not cache.is_dir():
        return
    used: list[tuple[float, Path]] = []
    for entry in cache.iterdir():
        if entry.suffix == ".part":
            continue
        try:
            used.append((entry.stat().st_mtime, entry))
        except FileNotFoundError:
            continue
    used.sort(reverse=True)
    for _, old in used[keep:]:
        old.unlink(missing_ok=True)
