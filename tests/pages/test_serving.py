"""Serving the built site: precompression, the static server, the service worker's build data."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest

from estro_rules import registry
from scripts.serve_site import accepted, serve_in_background
from scripts.sitegen import compress, offline
from scripts.sitegen.assets import measurement_scenarios
from tests.conftest import free_port

PAGE = "<!doctype html><title>x</title>" + "<p>a ruling, readable and runnable</p>" * 200


@pytest.fixture()
def site_dir(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "protocol-07").mkdir(parents=True)
    (site / "assets" / "pyodide").mkdir(parents=True)
    (site / "index.html").write_text(PAGE)
    (site / "protocol-07" / "index.html").write_text(PAGE.replace("x", "P07"))
    (site / "404.html").write_text("<p>not here</p>")
    (site / "assets" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 400)
    (site / "assets" / "logo.png").write_bytes(b"\x89PNG" + bytes(100))
    (site / "assets" / "bundle.0123abcd.min.js").write_text("console.log(1);" * 100)
    (site / "sw.js").write_text('const BUILD = {"version": "dev", "dev": true, "files": []}; // written\nself;\n')
    return site


@pytest.fixture()
def served(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, int]]:
    compress.precompress(site_dir, cache=tmp_path / "cache")
    port = free_port()
    server = serve_in_background(site_dir, "127.0.0.1", port)
    yield site_dir, port
    server.shutdown()


def get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_precompression_writes_smaller_twins_that_decode_to_the_file(site_dir: Path, tmp_path: Path) -> None:
    written = compress.precompress(site_dir, cache=tmp_path / "cache")
    page = site_dir / "index.html"
    assert brotli.decompress((site_dir / "index.html.br").read_bytes()) == page.read_bytes()
    assert gzip.decompress((site_dir / "index.html.gz").read_bytes()) == page.read_bytes()
    assert (site_dir / "assets" / "pyodide" / "pyodide.asm.wasm.br").exists()
    assert not (site_dir / "assets" / "logo.png.br").exists(), "images are already compressed"
    assert written == 2 * len([p for p in site_dir.rglob("*.br")])


def test_big_files_are_compressed_once(tmp_path: Path) -> None:
    data = b"runtime " * 10_000
    cache = tmp_path / "cache"
    first = compress.compressed(data, "br", cache)
    (cached,) = cache.glob("*.br")
    cached.write_bytes(b"from the cache")
    assert compress.compressed(data, "br", cache) == b"from the cache"
    assert brotli.decompress(first) == data


def test_a_cache_shared_by_parallel_builds_tolerates_entries_that_vanish(tmp_path: Path) -> None:
    """Builds in parallel share the cache: an entry another build pruned is no error, and a file another
    build is still writing is not pruned."""
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "gone.br").symlink_to(cache / "pruned-by-another-build")  # listed, but stat finds nothing
    writing = cache / "0123.br.4242-1.part"
    writing.write_bytes(b"another build is writing this")
    entries = []
    for n in range(3):
        entry = cache / f"{n}.gz"
        entry.write_bytes(b"x")
        os.utime(entry, (1_000 + n, 1_000 + n))
        entries.append(entry)
    compress.prune(cache, keep=2)
    assert writing.exists(), "another build's file in progress is left alone"
    assert [e.exists() for e in entries] == [False, True, True], "the least recently used goes"


def test_the_server_sends_what_the_browser_accepts(served: tuple[Path, int]) -> None:
    site, port = served
    status, headers, body = get(port, "/protocol-07/", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200 and headers["content-encoding"] == "br"
    assert brotli.decompress(body) == (site / "protocol-07" / "index.html").read_bytes()
    assert headers["content-type"] == "text/html; charset=utf-8" and headers["vary"] == "Accept-Encoding"
    assert headers["cache-control"] == "no-cache"
    status, headers, body = get(port, "/assets/pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip"})
    assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/wasm"
    assert gzip.decompress(body) == (site / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    status, headers, body = get(port, "/assets/pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "br;q=0, identity"})
    assert "content-encoding" not in headers and body == (site / "assets" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert int(headers["content-length"]) == len(body)


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted("gzip, deflate, br;q=0.5, zstd;q=0") == {"gzip", "deflate", "br"}
    assert accepted("BR;q=1.0 , gzip;q=bad") == {"br"}
    assert accepted(None) == set()


def test_the_server_revalidates_redirects_and_guards_its_folder(served: tuple[Path, int]) -> None:
    _, port = served
    status, headers, _ = get(port, "/", **{"Accept-Encoding": "br"})
    assert status == 200
    status, again, body = get(port, "/", **{"Accept-Encoding": "br", "If-None-Match": headers["etag"]})
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]
    status, headers, _ = get(port, "/protocol-07")
    assert status == 301 and headers["location"] == "/protocol-07/"
    status, headers, body = get(port, "/nowhere/")
    assert status == 404 and b"not here" in body and headers["cache-control"] == "no-store"
    assert get(port, "/../../../etc/passwd")[0] == 404
    assert get(port, "/assets/bundle.0123abcd.min.js")[1]["cache-control"] == "public, max-age=31536000, immutable"


def test_the_service_worker_lists_every_file_and_a_version(site_dir: Path) -> None:
    compress.precompress(site_dir, cache=site_dir.parent / "cache")
    files = offline.offline_files(site_dir)
    assert files == [
        "404.html",
        "assets/bundle.0123abcd.min.js",
        "assets/logo.png",
        "assets/pyodide/pyodide.asm.wasm",
        "./",
        "protocol-07/",
    ], "pages by their folder, no precompressed twins, not the service worker itself"
    version = offline.write_service_worker(site_dir)
    text = (site_dir / "sw.js").read_text()
    build = json.loads(text.split("const BUILD = ")[1].split("; //")[0])
    assert build["version"] == version and build["dev"] is False and text.endswith("self;\n")
    assert set(build["files"]) == {*files, "assets/estro/widgets.json"}, "and the widgets' pages"
    for url, sha in build["files"].items():  # each with the SHA-256 of what the site ships
        shipped = site_dir / (url + "index.html" if url.endswith("/") else url)
        assert sha == hashlib.sha256(shipped.read_bytes()).hexdigest(), url
    (site_dir / "protocol-07" / "index.html").write_text("changed")
    assert offline.write_service_worker(site_dir) != version, "a new build is a new service worker"
    assert offline.write_service_worker(site_dir, dev=True) == "dev"
    assert '"dev":true' in (site_dir / "sw.js").read_text()


def test_imports_are_measured_with_one_scenario_of_every_kind() -> None:
    texts = measurement_scenarios()
    assert [json.loads(t)["kind"] for t in texts] == [k.name for k in registry.KINDS]
