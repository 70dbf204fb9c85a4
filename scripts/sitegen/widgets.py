"""The interactive widgets, rendered at build time with their default result.

A widget is a form whose controls are generated from the declarations of the
scenario kind's fields, the scenario JSON itself (editable), and an output area. The output already holds the
default scenario's result, rendered by the same view the browser will run in
Pyodide, so reading the page never waits for Python. The JavaScript
(docs/assets/estro/widgets.js) only collects the form into JSON, sends it to
the Web Worker and puts the returned HTML into the output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from estro_rules import scenarios
from estro_rules.html import esc, tag
from estro_rules.protocol import WidgetSpec
from estro_rules.schema import Bool, Choice, Field, Int, ListOf

ROOT = Path(__file__).resolve().parents[2]


def control_html(field: Field, scenario: Mapping[str, Any]) -> str:
    """The control of one declared field, showing the scenario's value (or the field's default)."""
    value = scenario.get(field.name)
    label = field.label or field.name
    kind = field.type
    if isinstance(kind, ListOf) and isinstance(kind.item, Choice):
        chosen = value if isinstance(value, list) else list(field.default or ())
        boxes = "".join(
            tag(
                "label",
                tag("input", type="checkbox", value=choice, checked=choice in chosen)
                + " "
                + esc(kind.item.labels.get(choice, choice)),
                class_="estro-check",
            )
            for choice in kind.item.options
        )
        default = list(field.default) if isinstance(field.default, tuple) else []
        return tag(
            "fieldset",
            tag("legend", esc(label)) + boxes,
            data_field=field.name,
            data_type="list",
            data_default=json.dumps(default),
        )
    if isinstance(kind, Bool):
        checked = value if isinstance(value, bool) else bool(field.default)
        box = tag("input", type="checkbox", data_field=field.name, data_type="bool", checked=checked)
        return tag("label", box + " " + esc(label), class_="estro-check")
    if isinstance(kind, Int):
        number = tag(
            "input",
            type="number",
            data_field=field.name,
            data_type="int",
            value="" if value is None else value,
            min=kind.minimum,
            max=kind.maximum,
            step=1,
        )
        return tag("label", esc(label) + " " + number, class_="estro-number")
    raise ValueError(f"no control for field {field.name!r} of type {type(kind).__name__}")


def example_options(pattern: str, kind: str) -> list[tuple[str, str]]:
    """(title, JSON text) of every example scenario of ``kind`` matching ``pattern``."""
    options = []
    for path in sorted((ROOT / "examples").glob(pattern)):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("kind") != kind:
            continue
        data.pop("expect", None)
        options.append((str(data.get("title") or path.stem), json.dumps(data, indent=2, ensure_ascii=False)))
    return options


def default_scenario(spec: WidgetSpec) -> dict[str, Any]:
    """The scenario the widget starts from: given, or an example file's without its ``expect``."""
    if isinstance(spec.default, str):
        data: dict[str, Any] = json.loads((ROOT / "examples" / spec.default).read_text(encoding="utf-8"))
        data.pop("expect", None)
        return data
    return dict(spec.default)


def render(spec: WidgetSpec, base: str, download_bytes: int) -> str:
    """The widget's HTML with its default result already rendered."""
    scenario = default_scenario(spec)
    loaded = scenarios.load(scenario)
    output = loaded.kind.html(loaded.run(), base=base)
    kind = loaded.kind
    text = json.dumps(scenario, indent=2, ensure_ascii=False)
    controls = "".join(control_html(kind.fields.field(name), scenario) for name in spec.controls)
    picker = ""
    if spec.examples:
        options = tag("option", "Choose an example…", value="")
        options += "".join(
            tag("option", esc(title), value=body) for title, body in example_options(spec.examples, kind.name)
        )
        picker = tag("label", "Example: " + tag("select", options, class_="estro-examples"), class_="estro-picker")
    megabytes = f"{download_bytes / 1_000_000:.1f} MB"
    run_label = "Run simulation" if spec.mode == "simulate" else "Run"
    buttons = tag("button", run_label, type="button", class_="estro-run md-button md-button--primary")
    if spec.mode == "simulate":
        buttons += tag("button", "Cancel", type="button", class_="estro-cancel md-button", disabled=True)
    buttons += tag("button", "Copy link", type="button", class_="estro-copy-link md-button")
    status = tag(
        "span",
        f"Result rendered when the site was built. The first run loads Python in your browser ({megabytes}).",
        class_="estro-status",
        role="status",
    )
    editor = tag(
        "details",
        tag("summary", "Scenario JSON (edit and press Run)")
        + tag("textarea", esc(text), class_="estro-scenario", rows=12, spellcheck="false", aria_label="Scenario JSON"),
        class_="estro-json",
    )
    body = (
        tag("p", tag("strong", esc(spec.title)) + (" — " + esc(spec.note) if spec.note else ""), class_="estro-title")
        + picker
        + (tag("form", controls, class_="estro-form") if controls else "")
        + editor
        + tag("div", buttons + status, class_="estro-actions")
        + tag(
            "div",
            tag("progress", max=1, value=0) + tag("span", "", class_="estro-progress-text"),
            class_="estro-progress",
            hidden=True,
        )
        + tag("div", "", class_="estro-error", role="alert", hidden=True)
        + tag("div", output, class_="estro-output", aria_live="polite")
    )
    return tag(
        "div",
        body,
        class_="estro-widget",
        id=f"widget-{spec.name}",
        data_widget=spec.name,
        data_mode=spec.mode,
        data_base=base,
        data_download_bytes=download_bytes,
    )
