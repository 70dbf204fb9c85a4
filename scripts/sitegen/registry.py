"""Every generated page, table and widget of the site: the engine's registry, plus the plain pages."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from estro_rules import scenarios
from estro_rules.protocol import WidgetSpec
from estro_rules.registry import KINDS, PROTOCOLS, TERMS
from estro_rules.tables import Table

from . import changes, fields, glossary, jswords, messages, pages, widgets

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIR = ROOT / "docs" / "_sources"

#: Every page written in docs/_sources/NAME.md, in site order: the home page, each protocol's rules
#: page (which documents its rulebook), then the plain pages.
SOURCES: tuple[pages.PageSource, ...] = (
    pages.PageSource("index"),
    *(pages.PageSource(p.page, p.rulebook) for p in PROTOCOLS),
    pages.PageSource("scenarios"),
    pages.PageSource("rulings-json"),
    pages.PageSource("adding-a-protocol"),
    pages.PageSource("about"),
)


def input_limits() -> pages.Table:
    """The limits on any input, checked before any work starts (in the current language: the Italian page's
    rows are Italian; its header is the generator's, :data:`pages.HEADERS`)."""
    from estro_rules.fields import MAX_DEPTH, MAX_DIGITS
    from estro_rules.i18n import current
    from estro_rules.inputs import MAX_INPUT_BYTES

    if current() == pages.ITALIAN:
        return ["Limit", "Value", "Checked"], [
            [
                "Dimensione di un file di scenario o di carte",
                f"{MAX_INPUT_BYTES:,} byte".replace(",", "."),
                "prima di leggere il file",
            ],
            ["Annidamento di liste e oggetti", f"{MAX_DEPTH} livelli", "prima di leggere il JSON"],
            ["Cifre di un numero", f"{MAX_DIGITS:,}".replace(",", "."), "mentre si legge il JSON"],
            ["Una chiave data due volte in un oggetto", "rifiutata", "mentre si legge il JSON"],
            ["Campi sconosciuti, a ogni livello", "rifiutati", "mentre si legge lo scenario"],
            [
                "A capo, caratteri di controllo, segni di direzione nel testo",
                "rifiutati",
                "mentre si legge lo scenario",
            ],
        ]
    return ["Limit", "Value", "Checked"], [
        ["Size of a scenario or card pool file", f"{MAX_INPUT_BYTES:,} bytes", "before the file is read"],
        ["Nesting of lists and objects", f"{MAX_DEPTH} levels", "before the JSON is parsed"],
        ["Digits of a number", f"{MAX_DIGITS:,}", "while the JSON is parsed"],
        ["A key given twice in one object", "refused", "while the JSON is parsed"],
        ["Unknown fields, at every level", "refused", "while the scenario is read"],
        ["Line breaks, control characters, direction marks in text", "refused", "while the scenario is read"],
    ]


TABLES: dict[str, pages.TableFn] = {
    **{name: table for p in PROTOCOLS for name, table in p.tables.items()},
    **fields.tables(KINDS),
    "input-limits": input_limits,
}

SECTIONS: dict[str, Callable[[], str]] = fields.sections(PROTOCOLS)
"""Generated parts of pages (``{{ section NAME }}``): each scenario kind's format."""

WIDGET_SPECS: tuple[WidgetSpec, ...] = tuple(w for p in PROTOCOLS for w in p.widgets)

CHANGELOG = SOURCE_DIR / "changelog.json"


def protocols_table() -> Table:
    """Every protocol's page, the question a player reads it for and what its rules cover, in site order (the
    home page lists them)."""
    return ["Rules", "Read it when you ask…"], [
        [f"[{p.rulebook.title}]({p.page}.md)", f"*{p.question}* {p.summary}" if p.question else p.summary]
        for p in PROTOCOLS
    ]


TABLES["site.protocols"] = protocols_table

EXTRA_PAGES: dict[str, Callable[[], str]] = {
    "changelog.md": lambda: changes.changelog_page(changes.read_changelog(CHANGELOG)),
    "source-coverage.md": changes.coverage_page,
    **{name: page.make for p in PROTOCOLS for name, page in p.pages.items()},
}

ITALIAN_EXTRA_PAGES: dict[str, Callable[[], str]] = {
    "changelog.md": lambda: changes.changelog_page(changes.read_changelog(CHANGELOG), pages.ITALIAN),
    "source-coverage.md": lambda: changes.coverage_page(pages.ITALIAN),
    **{name: page.make for p in PROTOCOLS for name, page in p.pages.items()},
}
"""The generated pages in Italian (``it/NAME``), from the same data; each page of :data:`EXTRA_PAGES` needs
one. A protocol's own pages (a report) are made in Italian as they are in English: the site makes them under
``using("it")``."""


def hand_label(spec: WidgetSpec) -> str | None:
    """The label of the button that hands ``spec``'s scenario to another widget (its ``hand_to``): that
    widget's offer. Raises ValueError when that widget does not exist or does not take this one's kind."""
    if spec.hand_to is None:
        return None
    target = next((w for w in WIDGET_SPECS if w.name == spec.hand_to), None)
    kind = scenarios.kind_of(widgets.default_scenario(spec)).name
    if target is None or kind not in dict(target.takes) or not target.offer:
        raise ValueError(f"hands its scenario to {spec.hand_to!r}, which does not take {kind} scenarios")
    return target.offer


def widget_renderers(download_bytes: int) -> dict[str, pages.WidgetFn]:
    def bind(spec: WidgetSpec) -> Callable[[str, str], str]:
        return lambda options, base: widgets.render(spec, base, download_bytes, hand_label=hand_label(spec))

    return {spec.name: bind(spec) for spec in WIDGET_SPECS}


def widget_kinds() -> dict[str, str]:
    """Widget name → the scenario kind it runs (that of the scenario it starts from)."""
    return {spec.name: scenarios.kind_of(widgets.default_scenario(spec)).name for spec in WIDGET_SPECS}


def catalogues(site: pages.Site) -> list[str]:
    return messages.problems()


def generate(
    download_bytes: int,
    outputs: pages.Outputs | None = None,
    *,
    locked: bool = True,
    outputs_in: dict[str, pages.Outputs] | None = None,
) -> dict[str, str]:
    """Every generated page as Markdown, by file name, and ``rulings.json``; raises pages.SiteError on any
    disagreement. ``outputs`` receives what each ruling's examples printed, and ``outputs_in`` what they
    printed on each other language's page; ``locked=False`` leaves out the check against the lock (for
    refreshing it)."""
    seen: pages.Outputs = {} if outputs is None else outputs
    seen_in: dict[str, pages.Outputs] = {} if outputs_in is None else outputs_in

    def keep(site: pages.Site) -> list[str]:
        seen.update(site.outputs)
        seen_in.update(site.outputs_in)
        return []

    generated = pages.build(
        SOURCES,
        SOURCE_DIR,
        TABLES,
        widget_renderers(download_bytes),
        EXTRA_PAGES,
        # The engine's message catalogues say every message in every language (scripts/sitegen/messages.py).
        checks=(changes.check_lock(CHANGELOG), keep, catalogues) if locked else (keep, catalogues),
        widget_kinds=widget_kinds(),
        terms=TERMS,
        sections=SECTIONS,
        italian=SOURCE_DIR / pages.ITALIAN,
        italian_extra=ITALIAN_EXTRA_PAGES,
    )
    generated["rulings.json"] = json.dumps(rulings_catalogue(), indent=2, ensure_ascii=False) + "\n"
    generated.update(widgets.kind_assets(KINDS))  # what the widgets' editors are built from
    generated.update(widgets.widget_assets(WIDGET_SPECS))  # what their pickers and editors offer
    generated.update(glossary.meanings_asset(TERMS))  # what the glossary terms' popovers say
    generated.update(jswords.assets())  # the words of the site's scripts, for the Italian pages
    return generated


def rulings_catalogue() -> dict[str, object]:
    """``rulings.json``: the same document as ``python -m estro_rules rulings --json``."""
    from estro_rules.catalogue import catalogue, example_counts, read_lock

    return catalogue(example_counts(read_lock()))
