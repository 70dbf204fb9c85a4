"""A build is one versioned whole: its ID, its pages stamped with it, its manifest of hashes, its headers.

:func:`finish` runs last in the site build (after the runtime is copied in, before precompression):

1. ``assets/estro/widgets.json``: which page holds which widget (a link meant for another page
   says where to go, ``share.js``).
2. The **build ID**: the SHA-256 of every file the site ships (its path and content; pages,
   ``runtime.json`` and ``sw.js`` as they are before the steps below write the ID into them),
   first 16 hex digits. The same content gives the same ID; any change gives another.
3. ``runtime.json`` gets the ID and the build's date (``build``, ``date``): the worker checks
   that the runtime it loads is the page's.
4. Every page gets ``<meta name="estro-build" content=ID data-date=... data-runtime=SHA
   data-worker=SHA>`` (the hashes of ``runtime.json`` and ``worker.js``: the engine client hands
   them to the worker, which checks the runtime against them), and each of our own scripts and
   style sheets (``assets/estro/``) a content-addressed URL (``engine.js?v=<hash>``) and an
   ``integrity`` attribute: a page never runs another build's scripts, from a cache or from a
   half-done deploy (the browser refuses them).
5. ``_headers``: the Content-Security-Policy (``'wasm-unsafe-eval'`` and the hash of every inline
   script, nothing else inline) and cache rules, for a static host that reads this file.
6. ``sw.js``: its ``const BUILD = {...}`` line gets the ID, the date, and every file with its
   SHA-256 and size: the service worker installs exactly these bytes or nothing.

:func:`finish` first takes out what an earlier run wrote (:func:`unstamp`), so a built site can be
changed and finished again with the same code (the returning-player tests make build B from build A
that way).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

#: Files the service worker does not keep: precompressed twins (the browser asks for the plain
#: name and the server picks), source maps, the service worker itself and the host's headers file.
SKIP_SUFFIXES = (".gz", ".br", ".map")
SKIP_NAMES = ("sw.js", "_headers")

BUILD_LINE = re.compile(r"^const BUILD = .*;(?P<comment> //.*)?$", re.MULTILINE)
#: The service worker's data line before a build writes it (and under ``mkdocs serve``).
DEV_BUILD: dict[str, object] = {"build": "dev", "version": "dev", "date": None, "dev": True, "files": {}}

RUNTIME = "assets/estro/runtime.json"
WORKER = "assets/estro/worker.js"
WIDGETS = "assets/estro/widgets.json"
HEADERS = "_headers"

#: The page's build stamp, before ``</head>``.
PAGE_META = re.compile(r'<meta name="estro-build"[^>]*>\n?')
#: A reference to one of our own scripts or style sheets, with what :func:`finish` adds to it.
ASSET_REF = re.compile(
    r'(?P<tag><(?:script|link)\b[^>]*?\b(?:src|href)=")(?P<url>[^"?#]*?(?P<path>assets/estro/[^"?#/]+\.(?:js|css)))'
    r'(?:\?v=[0-9a-f]+)?"(?: integrity="[^"]*")?'
)
#: Inline scripts the browser runs (a ``type="application/json"`` block is data, not run).
INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s+(?!src\b)[a-z-]+(?:=\"[^\"]*\")?)*)>(?P<body>.*?)</script>", re.S)
WIDGET = re.compile(r'<div class="estro-widget" id="widget-[^"]*" data-widget="(?P<name>[^"]+)"')


@dataclass(frozen=True)
class Build:
    """What :func:`finish` wrote."""

    id: str
    """The content hash of everything the site ships (16 hex digits), or ``"dev"``."""

    date: str
    """The day the site was built (ISO, UTC; ``SOURCE_DATE_EPOCH`` when set), shown to players."""

    version: str
    """The hash of the service worker's manifest: the name of its cache (``estro-site-<version>``)."""

    files: dict[str, str]
    """Every offline file (URL relative to the site root) and its SHA-256."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def url_of(site_dir: Path, path: Path) -> str:
    """A file's URL relative to the site root: ``protocol-07/`` for a page, ``./`` for the home page."""
    relative = path.relative_to(site_dir).as_posix()
    if relative == "index.html":
        return "./"
    return relative.removesuffix("index.html") if relative.endswith("/index.html") else relative


def path_of(site_dir: Path, url: str) -> Path:
    return site_dir / (url + "index.html" if url.endswith("/") else url)


def offline_files(site_dir: Path) -> list[str]:
    """Every file the site needs offline, as URLs relative to the site root (``protocol-07/`` for pages)."""
    urls = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix in SKIP_SUFFIXES or path.name in SKIP_NAMES:
            continue
        urls.append(url_of(site_dir, path))
    return urls


def pages(site_dir: Path) -> list[Path]:
    return sorted(p for p in site_dir.rglob("*.html") if p.is_file())


# --------------------------------------------------------------------------
# Taking out an earlier stamp, so that the ID is computed from what the build made


def unstamp_page(html: str) -> str:
    """A page as mkdocs wrote it: no build stamp, our assets' plain URLs.

    >>> page = '<script src="../assets/estro/engine.js?v=0123456789ab" integrity="sha256-x="></script>'
    >>> unstamp_page(page + '<meta name="estro-build" content="ab">\\n</head>')
    '<script src="../assets/estro/engine.js"></script></head>'
    """
    html = PAGE_META.sub("", html)
    return ASSET_REF.sub(lambda m: f'{m["tag"]}{m["url"]}"', html)


def unstamp(site_dir: Path) -> None:
    """Take out what :func:`finish` wrote (pages, ``runtime.json``, ``sw.js``, ``_headers``)."""
    for page in pages(site_dir):
        text = page.read_text(encoding="utf-8")
        plain = unstamp_page(text)
        if plain != text:
            page.write_text(plain, encoding="utf-8")
    runtime = site_dir / RUNTIME
    if runtime.is_file():
        data = json.loads(runtime.read_text(encoding="utf-8"))
        if "build" in data:
            data.pop("build")
            data.pop("date", None)
            runtime.write_text(json.dumps(data, indent=2))
    sw = site_dir / "sw.js"
    if sw.is_file():
        sw.write_text(BUILD_LINE.sub(lambda _: build_line(DEV_BUILD), sw.read_text(encoding="utf-8"), count=1))
    (site_dir / HEADERS).unlink(missing_ok=True)


def build_line(build: dict[str, object]) -> str:
    return f"const BUILD = {json.dumps(build, separators=(',', ':'))}; // written by scripts/sitegen/offline.py"


# --------------------------------------------------------------------------
# The build's ID and stamps


def widget_pages(site_dir: Path) -> dict[str, str]:
    """Each widget's name and the page that holds it (URL relative to the site root)."""
    found: dict[str, str] = {}
    for page in pages(site_dir):
        for m in WIDGET.finditer(page.read_text(encoding="utf-8")):
            found.setdefault(m["name"], url_of(site_dir, page))
    return dict(sorted(found.items()))


def build_id(site_dir: Path) -> str:
    """The SHA-256 of every shipped file's path and content (``sw.js`` included, ``_headers`` and the
    precompressed twins not: they follow from the rest), first 16 hex digits."""
    digest = hashlib.sha256()
    for path in sorted(site_dir.rglob("*")):
        if path.is_file() and path.suffix not in SKIP_SUFFIXES and path.name != HEADERS:
            relative = path.relative_to(site_dir).as_posix()
            digest.update(relative.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def build_date() -> str:
    """Today (UTC), or the day ``SOURCE_DATE_EPOCH`` names."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC)
    return moment.date().isoformat()


def integrity(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def stamp_page(html: str, site_dir: Path, meta: str) -> str:
    """Our assets' content-addressed URLs and integrity, and the build's ``<meta>`` before ``</head>``."""

    def versioned(m: re.Match[str]) -> str:
        data = (site_dir / m["path"]).read_bytes()
        return f'{m["tag"]}{m["url"]}?v={sha256(data)[:12]}" integrity="{integrity(data)}"'

    html = ASSET_REF.sub(versioned, html)
    return html.replace("</head>", meta + "\n</head>", 1) if "</head>" in html else html


def inline_script_hashes(site_dir: Path) -> list[str]:
    """The CSP source (``'sha256-...'``) of every distinct inline script the pages run."""
    found: set[str] = set()
    for page in pages(site_dir):
        for m in INLINE_SCRIPT.finditer(page.read_text(encoding="utf-8")):
            if "application/json" in m["attrs"]:
                continue
            found.add(f"'{integrity(m['body'].encode('utf-8'))}'")
    return sorted(found)


def content_security_policy(script_hashes: list[str]) -> str:
    """The site's CSP: everything from its own origin, WebAssembly compiled (Pyodide), the theme's
    inline scripts by hash. Styles allow ``style`` attributes: the engine's battle trace indents
    reactions with them (scripts, where the danger is, stay strict)."""
    directives = [
        "default-src 'self'",
        "script-src " + " ".join(["'self'", "'wasm-unsafe-eval'", *script_hashes]),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    return "; ".join(directives)


def headers_file(csp: str) -> str:
    """``_headers``: what a static host should send (the format Netlify and Cloudflare Pages read)."""
    return "\n".join(
        [
            "# Response headers for a static host that reads this file (Netlify, Cloudflare Pages).",
            "# Written by the site build (scripts/sitegen/offline.py); scripts/serve_site.py --headers applies it.",
            "# Every file is revalidated (no-cache, with the host's ETag): a new build reaches a player at once,",
            "# and the service worker keeps the copy for offline use. A host that cannot send headers (GitHub",
            "# Pages) runs the site without the policy and with its own caching: see the About page.",
            "/*",
            f"  Content-Security-Policy: {csp}",
            "  X-Content-Type-Options: nosniff",
            "  Referrer-Policy: same-origin",
            "  Cache-Control: no-cache",
            "",
        ]
    )


def finish(site_dir: Path, *, dev: bool = False) -> Build:
    """Make the built site one versioned whole (see the module's docstring); ``dev`` under ``mkdocs
    serve``: the service worker only removes itself, and nothing is stamped."""
    unstamp(site_dir)
    sw = site_dir / "sw.js"
    text = sw.read_text(encoding="utf-8")
    if not BUILD_LINE.search(text):
        raise ValueError(f"{sw}: no `const BUILD = ...;` line to write the build's data into")
    (site_dir / WIDGETS).parent.mkdir(parents=True, exist_ok=True)
    (site_dir / WIDGETS).write_text(json.dumps(widget_pages(site_dir), indent=1) + "\n")
    if dev:
        return Build("dev", build_date(), "dev", {})
    build, date = build_id(site_dir), build_date()
    runtime = site_dir / RUNTIME
    snapshot_key = None
    if runtime.is_file():
        data = json.loads(runtime.read_text(encoding="utf-8"))
        snapshot_key = data.get("snapshot_key")
        runtime.write_text(json.dumps({"build": build, "date": date, **data}, indent=2))
    runtime_sha = sha256(runtime.read_bytes()) if runtime.is_file() else ""
    worker_sha = sha256((site_dir / WORKER).read_bytes()) if (site_dir / WORKER).is_file() else ""
    meta = (
        f'<meta name="estro-build" content="{build}" data-date="{date}" '
        f'data-runtime="{runtime_sha}" data-worker="{worker_sha}">'
    )
    for page in pages(site_dir):
        page.write_text(stamp_page(page.read_text(encoding="utf-8"), site_dir, meta), encoding="utf-8")
    (site_dir / HEADERS).write_text(headers_file(content_security_policy(inline_script_hashes(site_dir))))
    files = {url: sha256(path_of(site_dir, url).read_bytes()) for url in offline_files(site_dir)}
    sizes = {url: path_of(site_dir, url).stat().st_size for url in files}
    version = sha256(json.dumps([build, date, files], sort_keys=True).encode() + text.encode())[:16]
    data_line = {
        "build": build,
        "version": version,
        "date": date,
        "dev": False,
        "snapshot_key": snapshot_key,
        "files": files,
        "bytes": sizes,
    }
    sw.write_text(BUILD_LINE.sub(lambda _: build_line(data_line), text, count=1), encoding="utf-8")
    return Build(build, date, version, files)


def write_service_worker(site_dir: Path, *, dev: bool = False) -> str:
    """Finish the build (:func:`finish`) and return the service worker's cache version."""
    return finish(site_dir, dev=dev).version
