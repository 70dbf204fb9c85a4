"""Every generated page, table and widget of the site, in one place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from estro_rules import protocol07, protocol07_view

from . import pages, widgets

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIR = ROOT / "docs" / "_sources"

#: The rules pages, in site order: docs/_sources/NAME.md documents the rulebook.
SOURCES: tuple[pages.PageSource, ...] = (pages.PageSource("protocol-07", protocol07.RULEBOOK),)

TABLES: dict[str, pages.TableFn] = {**protocol07_view.SITE_TABLES}

WIDGET_SPECS: tuple[widgets.WidgetSpec, ...] = (*widgets.P07_WIDGETS,)


def widget_renderers(download_bytes: int) -> dict[str, pages.WidgetFn]:
    def bind(spec: widgets.WidgetSpec) -> Callable[[str, str], str]:
        return lambda options, base: widgets.render(spec, base, download_bytes)

    return {spec.name: bind(spec) for spec in WIDGET_SPECS}


def generate(download_bytes: int) -> dict[str, str]:
    """Every generated page as Markdown, by file name; raises pages.SiteError on any disagreement."""
    return pages.build(SOURCES, SOURCE_DIR, TABLES, widget_renderers(download_bytes))
