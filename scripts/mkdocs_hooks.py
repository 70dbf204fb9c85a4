"""mkdocs hooks: generate the rules pages from the engine and ship the browser runtime.

- on_startup: remember whether this is ``mkdocs serve`` (live editing) or a build.
- on_config: load the engine and the generator afresh (so ``mkdocs serve`` shows
  edits to them), build the engine's wheel and compile it and Python's standard
  library for Pyodide (cached: scripts/sitegen/assets.py).
- on_files: add the generated pages (rules pages, rulings index, lint report);
  any disagreement between a page and the engine stops the build.
- on_page_context: the page's language and its twin in the other language, for the templates (the
  ``lang``, the ``hreflang`` alternates, the language switcher, the navigation: scripts/sitegen/languages.py).
- on_page_content: each table written in the box the theme would move it into (scripts/sitegen/tables.py).
- on_post_page: each page without its templates' indentation (the same file).
- on_post_build: give each ruling's section in the search index the words of its ID, and the Italian
  pages an index and a sitemap of their own (scripts/sitegen/search.py, languages.py), copy the runtime into the built site, write the service
  worker's file list, and precompress every file (.br and .gz) as a static host
  serves them. Under ``mkdocs serve`` the service worker only removes itself and
  nothing is precompressed (mkdocs' own server sends files as they are).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]

#: Our own modules, reloaded on every build so that a served site follows the code.
OWN_MODULES = ("estro_rules", "scripts.sitegen")

_state: dict[str, Any] = {"command": "build"}


def _fresh(name: str) -> ModuleType:
    # mkdocs restores sys.path after loading this file, so the repo goes on it here.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    for loaded in [m for m in sys.modules if m.startswith(OWN_MODULES)]:
        del sys.modules[loaded]
    return importlib.import_module(name)


def on_startup(command: str, dirty: bool) -> None:
    _state["command"] = command


def on_config(config: Any) -> Any:
    _state["registry"] = _fresh("scripts.sitegen.registry")
    assets = importlib.import_module("scripts.sitegen.assets")
    _state["runtime"] = assets.runtime(ROOT / "build" / "wheel")
    config["nav"] = with_protocols(config["nav"], importlib.import_module("estro_rules.registry").PROTOCOLS)
    return config


def with_protocols(nav: list[Any], protocols: Any) -> list[Any]:
    """The site's navigation with every protocol in it: its page first under "Rules", its further pages (a
    report) after "Scenario format" under "Reference", its Italian page after the Italian home page."""
    out: list[Any] = []
    for section in nav:
        if isinstance(section, dict) and "Rules" in section:
            pages = [{p.rulebook.title: f"{p.page}.md"} for p in protocols]
            section = {"Rules": pages + list(section["Rules"])}
        elif isinstance(section, dict) and "Reference" in section:
            entries: list[Any] = []
            for entry in section["Reference"]:
                entries.append(entry)
                if isinstance(entry, dict) and "scenarios.md" in entry.values():
                    entries += [{page.title: name} for p in protocols for name, page in p.pages.items()]
            section = {"Reference": entries}
        elif isinstance(section, dict) and "Italiano" in section:
            italian = [{p.rulebook.italian: f"it/{p.page}.md"} for p in protocols]
            entries = list(section["Italiano"])
            section = {"Italiano": entries[:1] + italian + entries[1:]}  # the home page, the rules, the rest
        out.append(section)
    return out


def on_files(files: Files, config: Any) -> Files:
    registry = _state["registry"]
    pages = importlib.import_module("scripts.sitegen.pages")
    try:
        generated = registry.generate(_state["runtime"].download_bytes)
    except pages.SiteError as err:
        raise PluginError(str(err)) from None
    for name, text in generated.items():
        files.append(File.generated(config, name, content=text))
    # The English addresses of the pages written in Italian too ("" is the home page).
    root = importlib.import_module("scripts.sitegen.languages").ITALIAN_ROOT
    italian = [n.removeprefix(root).removesuffix(".md") for n in generated if n.startswith(root) and n.endswith(".md")]
    _state["twins"] = {"" if n == "index" else f"{n}/" for n in italian}
    return files


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    languages = importlib.import_module("scripts.sitegen.languages")
    context["languages"] = languages.of_page(page.url, _state["twins"])
    # The logo leads to the home page of the page's language (the theme reads extra.homepage, else the nav's).
    config["extra"]["homepage"] = languages.ITALIAN_ROOT if context["languages"].language == "it" else None
    return context


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Each page's tables in their scrolling boxes already (scripts/sitegen/tables.py)."""
    wrapped: str = importlib.import_module("scripts.sitegen.tables").wrap_tables(html)
    return wrapped


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Each page without its templates' indentation (scripts/sitegen/tables.py)."""
    trimmed: str = importlib.import_module("scripts.sitegen.tables").trim_indentation(output)
    return trimmed


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    live = _state["command"] == "serve"
    registry = importlib.import_module("estro_rules.registry")
    ruling_ids = [r.id for p in registry.PROTOCOLS for r in p.rulebook]
    search = importlib.import_module("scripts.sitegen.search")
    search.add_ruling_ids(site, ruling_ids)
    # The Italian pages search their own index, and navigate instantly among themselves only.
    search.split_languages(site, registry.TERMS)
    importlib.import_module("scripts.sitegen.languages").write_sitemaps(site, config["site_url"], _state["twins"])
    _state["runtime"].copy_into(site, offline=not live)
    importlib.import_module("scripts.sitegen.offline").write_service_worker(site, dev=live)
    if not live:
        importlib.import_module("scripts.sitegen.compress").precompress(site)
