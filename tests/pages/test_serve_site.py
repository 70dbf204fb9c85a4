"""The static server's edges (scripts/serve_site.py): a NUL in the path, a silent client, ETags that follow
the content, and the headers a static host is given (the site's ``_headers`` file, or GitHub Pages'
``max-age``)."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.serve_site import serve_in_background
from tests.conftest import free_port
from tests.pages.test_serving import get

HEADERS = """# written by the site build
/*
  Content-Security-Policy: default-src 'self'
  X-Content-Type-Options: nosniff
  Cache-Control: no-cache
/sw.js
  Cache-Control: no-cache, no-store
"""


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "rules").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>")
    (site / "rules" / "index.html").write_text("<p>the rules</p>")
    (site / "sw.js").write_text("self;")
    (site / "_headers").write_text(HEADERS)
    return site


def serve(site: Path, **options: object) -> Iterator[int]:
    port = free_port()
    server = serve_in_background(site, "127.0.0.1", port, **options)  # type: ignore[arg-type]
    try:
        yield port
    finally:
        server.shutdown()


@pytest.fixture()
def port(site: Path) -> Iterator[int]:
    yield from serve(site)


def test_a_nul_in_the_path_is_a_bad_request(port: int) -> None:
    for path in ("/%00", "/rules/%00/index.html", "/a%00b.html"):
        status, headers, _ = get(port, path)
        assert status == 400, path
    assert get(port, "/rules/")[0] == 200, "the server still answers"


def test_a_silent_client_is_disconnected(site: Path) -> None:
    for port in serve(site, timeout=1.0):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as quiet:
            start = time.monotonic()
            assert quiet.recv(1) == b"", "the server closes the connection"
            assert time.monotonic() - start < 5
        assert get(port, "/")[0] == 200


def test_etags_follow_the_content_not_the_date(site: Path, port: int) -> None:
    _, first, _ = get(port, "/rules/")
    page = site / "rules" / "index.html"
    page.write_text("<p>the rules</p>")  # the same bytes written again, as a deploy does
    os.utime(page, (time.time() + 100, time.time() + 100))
    status, again, _ = get(port, "/rules/", **{"If-None-Match": first["etag"]})
    assert status == 304 and again["etag"] == first["etag"], "an unchanged file is not downloaded again"
    page.write_text("<p>the rules, changed</p>")
    status, changed, _ = get(port, "/rules/", **{"If-None-Match": first["etag"]})
    assert status == 200 and changed["etag"] != first["etag"]


def test_the_headers_file_is_applied_and_not_served(site: Path) -> None:
    for port in serve(site, headers=True):
        _, headers, _ = get(port, "/rules/")
        assert headers["content-security-policy"] == "default-src 'self'"
        assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-cache"
        assert get(port, "/sw.js")[1]["cache-control"] == "no-cache, no-store", "a later rule wins"
        assert get(port, "/_headers")[0] == 404
    for port in serve(site):
        assert "content-security-policy" not in get(port, "/rules/")[1], "only when asked"


def test_max_age_is_sent_for_every_file_as_github_pages_does(site: Path) -> None:
    for port in serve(site, max_age=600):
        for path in ("/", "/rules/", "/sw.js"):
            assert get(port, path)[1]["cache-control"] == "max-age=600", path
