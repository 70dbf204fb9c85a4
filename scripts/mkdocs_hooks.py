"""mkdocs hooks: generate the rules pages from the engine and ship the browser runtime.

- on_config: build the engine's wheel and find the vendored Pyodide files.
- on_files: add the generated pages (rules pages and the rulings index); any
  disagreement between a page and the engine stops the build.
- on_post_build: copy Pyodide and the wheel into the built site.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.sitegen import assets, registry  # noqa: E402 (needs the path above)
from scripts.sitegen.pages import SiteError  # noqa: E402

_state: dict[str, Any] = {}


def on_config(config: Any) -> Any:
    _state["runtime"] = assets.runtime(ROOT / "build" / "wheel")
    return config


def on_files(files: Files, config: Any) -> Files:
    runtime: assets.Runtime = _state["runtime"]
    try:
        generated = registry.generate(runtime.download_bytes)
    except SiteError as err:
        raise PluginError(str(err)) from None
    for name, text in generated.items():
        files.append(File.generated(config, name, content=text))
    return files


def on_post_build(config: Any) -> None:
    runtime: assets.Runtime = _state["runtime"]
    runtime.copy_into(Path(config["site_dir"]))
