"""The interactive widgets, rendered at build time with their default result.

A widget is a form whose controls map onto fields of a scenario, the scenario
JSON itself (editable), and an output area. The output already holds the
default scenario's result, rendered by the same view the browser will run in
Pyodide, so reading the page never waits for Python. The JavaScript
(docs/assets/estro/widgets.js) only collects the form into JSON, sends it to
the Web Worker and puts the returned HTML into the output.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from estro_rules import protocol07, scenarios
from estro_rules.html import esc, tag

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Control:
    """One form control bound to a scenario field."""

    type: str
    """``list`` (checkboxes giving a list), ``bool`` (a checkbox) or ``int`` (a number)."""

    field: str
    """The scenario field it sets."""

    label: str
    """What the player reads."""

    choices: Sequence[str] = ()
    """For ``list``: the values, in the order they go into the list."""

    minimum: int | None = None
    maximum: int | None = None

    default: object = None
    """The value the engine assumes when the scenario leaves the field out."""


@dataclass(frozen=True)
class WidgetSpec:
    """A widget: its scenario kind, default scenario, controls and examples."""

    name: str
    title: str
    default: dict[str, Any]
    controls: Sequence[Control] = ()
    examples: str | None = None
    """A glob under examples/ whose scenarios the widget offers in a picker."""
    mode: str = "run"
    """``run`` (one result) or ``simulate`` (many battles with progress and cancel)."""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def control_html(control: Control, scenario: dict[str, Any]) -> str:
    value = scenario.get(control.field)
    if control.type == "list":
        chosen = value if isinstance(value, list) else []
        boxes = "".join(
            tag(
                "label",
                tag("input", type="checkbox", value=choice, checked=choice in chosen) + " " + esc(choice),
                class_="estro-check",
            )
            for choice in control.choices
        )
        return tag(
            "fieldset",
            tag("legend", esc(control.label)) + boxes,
            data_field=control.field,
            data_type="list",
            data_default=json.dumps(control.default if control.default is not None else []),
        )
    if control.type == "bool":
        box = tag("input", type="checkbox", data_field=control.field, data_type="bool", checked=bool(value))
        return tag("label", box + " " + esc(control.label), class_="estro-check")
    if control.type == "int":
        number = tag(
            "input",
            type="number",
            data_field=control.field,
            data_type="int",
            value="" if value is None else value,
            min=control.minimum,
            max=control.maximum,
            step=1,
        )
        return tag("label", esc(control.label) + " " + number, class_="estro-number")
    raise ValueError(f"unknown control type {control.type!r}")


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


def render(spec: WidgetSpec, base: str, download_bytes: int) -> str:
    """The widget's HTML with its default result already rendered."""
    kind = scenarios.kind_of(spec.default)
    result = scenarios.run(spec.default)
    output = kind.html(result, base=base)
    text = json.dumps(spec.default, indent=2, ensure_ascii=False)
    controls = "".join(control_html(c, spec.default) for c in spec.controls)
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


P07_WIDGETS = (
    WidgetSpec(
        "p07-combination",
        "Mode-combination picker",
        {"kind": "p07.combination", "modes": ["Single Player", "Cinque Soglie"]},
        [Control("list", "modes", "Modes in the match", protocol07.MODE_NAMES)],
        note="tick the modes of a match to see whether they combine, with every reason.",
    ),
    WidgetSpec(
        "p07-destruction",
        "Destruction resolver",
        {
            "kind": "p07.destruction",
            "destroyed_by_opponent": True,
            "face_down": True,
            "illusio_in_hand": True,
            "fessura_self_destruct": False,
            "in_play": list(protocol07.EFFECTS),
            "seed": 7,
        },
        [
            Control("bool", "destroyed_by_opponent", "Destroyed by the opponent"),
            Control("bool", "face_down", "The card was face-down"),
            Control("bool", "illusio_in_hand", "The owner has an Illusio in hand"),
            Control("bool", "fessura_self_destruct", "A Fessura self-destruct"),
            Control("list", "in_play", "Effects in play", protocol07.EFFECTS, default=list(protocol07.EFFECTS)),
            Control("int", "seed", "Seed (Quadrante result)", minimum=0),
        ],
        examples="p07/*.json",
        note="set the conditions of one destruction and see the effects in the canonical order.",
    ),
)


def _example(relative: str) -> dict[str, Any]:
    """An example scenario as a widget default (without its ``expect``)."""
    data: dict[str, Any] = json.loads((ROOT / "examples" / relative).read_text(encoding="utf-8"))
    data.pop("expect", None)
    return data


def _estimate_default() -> dict[str, Any]:
    matchup = _example("battaglia/reference-matchup.json")
    return {
        "kind": "battaglia.estimate",
        "title": "The reference matchup, 10,000 battles",
        "left": matchup["left"],
        "right": matchup["right"],
        "battles": 10_000,
        "seed": 1,
    }


BATTAGLIA_WIDGETS = (
    WidgetSpec(
        "battle-viewer",
        "Battle viewer",
        _example("battaglia/reference-matchup.json"),
        [Control("int", "seed", "Seed", minimum=0)],
        examples="battaglia/*.json",
        note="pick or edit two teams and a seed, run, and step through the battle roll by roll.",
    ),
    WidgetSpec(
        "win-probability",
        "Win probability",
        _estimate_default(),
        [
            Control("int", "battles", "Battles", minimum=1, maximum=100_000),
            Control("int", "seed", "Seed", minimum=0),
        ],
        examples="battaglia/*.json",
        mode="simulate",
        note="run many seeded battles in your browser; the estimate updates as they run.",
    ),
)

R19_WIDGETS = (
    WidgetSpec(
        "r19-sandbox",
        "Resolution sandbox",
        _example("r19/sabotage-breaks-location.json"),
        examples="r19/*.json",
        note="pick or edit a board and its actions, then step through them: board, event log, trigger queue.",
    ),
)
