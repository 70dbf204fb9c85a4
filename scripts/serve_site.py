"""Serve the built site as a static host does: precompressed files, proper types and caching headers.

    .venv/bin/python scripts/serve_site.py [SITE_DIR] [--addr 127.0.0.1:8000] [--headers] [--max-age SECONDS]

For every request the server picks ``NAME.br`` or ``NAME.gz`` (written by the
site build, ``scripts/sitegen/compress.py``) when the browser accepts that
encoding, and sends it with ``Content-Encoding``. Files whose name carries a
content hash (the theme's bundles) may be cached for a year; everything else is
revalidated (``no-cache`` with an ``ETag``), so a new build shows at once.
The ``ETag`` is made from the file's content (SHA-256), not its date, so a file
a new build did not change is not downloaded again after a deploy.

``--headers`` applies the site's ``_headers`` file (written by the site build:
the Content-Security-Policy and cache rules a static host should send, in the
format Netlify and Cloudflare Pages read) as such a host would, and does not
serve the file itself. ``--max-age SECONDS`` sends ``Cache-Control:
max-age=SECONDS`` for every file instead, as GitHub Pages does (600): the tests
deploy over a site served so, as a returning player meets it.

A request for a path with a NUL byte (``/%00``) gets 400; a client that sends
nothing for 30 seconds is disconnected. The test suite and the benchmarks serve
the site through this same code.
"""

from __future__ import annotations

import argparse
import email.utils
import hashlib
import http.server
import mimetypes
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    ".py": "text/x-python; charset=utf-8",
}

#: The precompressed variants, best first: (Content-Encoding, file suffix).
VARIANTS = (("br", ".br"), ("gzip", ".gz"))

#: A name with a content hash in it (``bundle.f1a2b3c4.min.js``) never changes.
HASHED_NAME = re.compile(r"\.[0-9a-f]{8,}\.")


def accepted(header: str | None) -> set[str]:
    """The encodings an ``Accept-Encoding`` header accepts (those with q > 0).

    >>> sorted(accepted("gzip, deflate, br;q=0.5, zstd;q=0"))
    ['br', 'deflate', 'gzip']
    >>> accepted(None)
    set()
    """
    found = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            found.add(name.strip().lower())
    return found


def content_type(path: Path) -> str:
    return TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def cache_control(path: Path) -> str:
    if HASHED_NAME.search(path.name):
        return "public, max-age=31536000, immutable"
    return "no-cache"


#: Seconds a client may take to send its request (a slow or silent client is disconnected).
TIMEOUT = 30

#: The file of response headers a static host reads (written by the site build), never served itself.
HEADERS_FILE = "_headers"


@dataclass(frozen=True)
class HeaderRule:
    """One rule of a ``_headers`` file: a URL path pattern (``*`` matches anything) and its headers."""

    pattern: str
    headers: tuple[tuple[str, str], ...]

    def matches(self, url_path: str) -> bool:
        regex = "^" + ".*".join(re.escape(part) for part in self.pattern.split("*")) + "$"
        return re.match(regex, url_path) is not None


def read_header_rules(text: str) -> list[HeaderRule]:
    """The rules of a ``_headers`` file: a line starting with ``/`` opens a rule, indented ``Name: value``
    lines under it are its headers, ``#`` starts a comment.

    >>> rules = read_header_rules("# x\\n/*\\n  X-A: 1\\n/sw.js\\n  Cache-Control: no-cache\\n")
    >>> [(r.pattern, r.headers) for r in rules]
    [('/*', (('X-A', '1'),)), ('/sw.js', (('Cache-Control', 'no-cache'),))]
    >>> rules[0].matches("/a/b.html"), rules[1].matches("/a/sw.js")
    (True, False)
    """
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return [HeaderRule(pattern, tuple(headers)) for pattern, headers in rules]


_digests: dict[tuple[str, int, int], str] = {}
_digests_lock = threading.Lock()


def content_etag(path: Path, encoding: str | None) -> str:
    """An ETag from the file's content (its SHA-256, remembered by name, size and date), and the encoding
    sent: the same file gets the same ETag in every build."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    with _digests_lock:
        digest = _digests.get(key)
    if digest is None:
        sha = hashlib.sha256()
        with path.open("rb") as f:
            while chunk := f.read(1 << 20):
                sha.update(chunk)
        digest = sha.hexdigest()[:32]
        with _digests_lock:
            _digests[key] = digest
    return f'"{digest}{"-" + encoding if encoding else ""}"'


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD for the files under ``root``, precompressed when the browser allows."""

    root: Path
    quiet = False
    protocol_version = "HTTP/1.1"
    timeout = TIMEOUT
    rules: tuple[HeaderRule, ...] = ()
    """The ``_headers`` rules applied (empty: this server's own headers)."""
    max_age: int | None = None
    """Send ``Cache-Control: max-age=N`` for every file, as GitHub Pages does (None: this server's own)."""

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def do_HEAD(self) -> None:
        self.respond(body=False)

    def do_GET(self) -> None:
        self.respond(body=True)

    def resolve(self, url_path: str) -> Path | None:
        """The file a URL path names (``dir/`` means ``dir/index.html``), or None."""
        relative = unquote(url_path).lstrip("/")
        target = (self.root / relative).resolve()
        if not target.is_relative_to(self.root):
            return None
        if target.is_dir():
            target = target / "index.html"
        if self.rules and target == self.root / HEADERS_FILE:
            return None  # a host reads it; it is not part of the site
        return target if target.is_file() else None

    def extra_headers(self, url_path: str) -> dict[str, str]:
        """The headers the ``_headers`` rules (or ``max_age``) give a path, which replace the server's own."""
        found: dict[str, str] = {}
        for rule in self.rules:
            if rule.matches(url_path):
                found.update(rule.headers)
        if self.max_age is not None:
            found["Cache-Control"] = f"max-age={self.max_age}"
        return found

    def respond(self, *, body: bool) -> None:
        url_path = urlsplit(self.path).path
        if "\0" in unquote(url_path) or not url_path.startswith("/"):
            self.send_error(400, "Bad request path")
            return
        directory = (self.root / unquote(url_path).lstrip("/")).resolve()
        if not url_path.endswith("/") and directory.is_dir() and directory.is_relative_to(self.root):
            self.send_response(301)
            self.send_header("Location", url_path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        path = self.resolve(url_path)
        status = 200
        if path is None:
            status, path = 404, self.root / "404.html"
            if not path.is_file():
                self.send_error(404)
                return
        encoding, variant = None, path
        wanted = accepted(self.headers.get("Accept-Encoding"))
        for name, suffix in VARIANTS:
            candidate = path.with_name(path.name + suffix)
            if name in wanted and candidate.is_file():
                encoding, variant = name, candidate
                break
        stat = variant.stat()
        etag = content_etag(path, encoding)
        extra = self.extra_headers(url_path) if status == 200 else {}
        caching = extra.pop("Cache-Control", cache_control(path)) if status == 200 else "no-store"
        if status == 200 and etag in (self.headers.get("If-None-Match") or ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", caching)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return
        self.send_response(status)
        self.send_header("Content-Type", content_type(path))
        self.send_header("Content-Length", str(stat.st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", caching)
        for name, value in extra.items():
            self.send_header(name, value)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        if body:
            with variant.open("rb") as f:
                while chunk := f.read(256 * 1024):
                    self.wfile.write(chunk)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-download is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, TimeoutError)):
            super().handle_error(request, client_address)


def make_server(
    site_dir: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    quiet: bool = False,
    headers: bool = False,
    max_age: int | None = None,
    timeout: float = TIMEOUT,
) -> SiteServer:
    """A server for ``site_dir`` (call ``serve_forever``, or use :func:`serve_in_background`); ``headers``
    applies its ``_headers`` file, ``max_age`` sends ``Cache-Control: max-age`` for every file, ``timeout``
    is how long a client may stay silent."""
    rules = read_header_rules((site_dir / HEADERS_FILE).read_text(encoding="utf-8")) if headers else []
    attributes = {
        "root": site_dir.resolve(),
        "quiet": quiet,
        "rules": tuple(rules),
        "max_age": max_age,
        "timeout": timeout,
    }
    handler = type("Handler", (SiteHandler,), attributes)
    return SiteServer((host, port), handler)


def serve_in_background(
    site_dir: Path,
    host: str,
    port: int,
    *,
    headers: bool = False,
    max_age: int | None = None,
    timeout: float = TIMEOUT,
) -> SiteServer:
    """Serve quietly from a daemon thread (for the tests and the benchmarks); ``shutdown()`` stops it."""
    server = make_server(site_dir, host, port, quiet=True, headers=headers, max_age=max_age, timeout=timeout)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", nargs="?", type=Path, default=Path("site"))
    parser.add_argument("--addr", default="127.0.0.1:8000", help="host:port to listen on")
    parser.add_argument("--headers", action="store_true", help="apply the site's _headers file (CSP, caching)")
    parser.add_argument("--max-age", type=int, default=None, help="send Cache-Control: max-age=N for every file")
    args = parser.parse_args()
    host, _, port = args.addr.rpartition(":")
    if not (args.site / "index.html").is_file():
        sys.exit(f"error: {args.site}/index.html not found; build the site first (bash scripts/serve.sh)")
    server = make_server(args.site, host or "127.0.0.1", int(port), headers=args.headers, max_age=args.max_age)
    print(f"Serving {args.site}/ at http://{host or '127.0.0.1'}:{port}/ (precompressed; Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
