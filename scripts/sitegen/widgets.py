"""The interactive widgets, rendered at build time with their default result.

A widget is an output area that already holds the default scenario's result, rendered by the same
view the browser runs in Pyodide (so reading the page never waits for Python), the scenario as
JSON (the advanced view), and an editor. The editor's controls are not written here: the browser
builds them (``docs/assets/estro/form.js``) from the declarations of the scenario kind's fields,
which the site ships as one JSON file per kind (:func:`kind_assets`,
``assets/estro/kinds/<kind>.json``: :meth:`estro_rules.schema.Type.to_json`). What a widget adds is
data: which fields the form shows, sample values to pick (read here from ``examples/``), the
examples of its picker.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from estro_rules import scenarios
from estro_rules.html import esc, tag
from estro_rules.i18n import LANGUAGES, _, current, say, spoken, using
from estro_rules.protocol import Kind, WidgetSpec

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

KINDS_DIR = "assets/estro/kinds"
"""Where the site keeps each kind's declarations, as ``<kind name>.json``."""


_SAID = ("label", "help", "what", "summary")
"""The keys of a kind's declarations (:meth:`estro_rules.schema.Type.to_json`) whose text a player reads."""


def said(data: Any) -> Any:
    """A kind's declarations with their words in the current language: every label, help, noun (``what``) and
    summary, and a choice's options' labels, said (:func:`estro_rules.i18n.say`: a marked text in the
    catalogue, a ``Message`` with its values); names, the JSON's own keys and values stay as they are.

    >>> from estro_rules.i18n import N_, using
    >>> declared = {"type": "object", "name": "x", "fields": [{"name": "in_play", "label": N_("Effects in play"),
    ...   "type": {"type": "choice", "what": "effect", "options": [["Nebbia", "Nebbia"]]}}]}
    >>> with using("it"):
    ...     said(declared)["fields"][0]["label"]
    'Effetti in gioco'
    """
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key in _SAID and isinstance(value, str):
                out[key] = say(value)
            elif key == "options" and data.get("type") == "choice":
                out[key] = [
                    [option, label if label == option else say(label)] for option, label in value
                ]  # a name stays
            else:
                out[key] = said(value)
        return out
    if isinstance(data, list):
        return [said(value) for value in data]
    return data


def kind_asset(kind: Kind, language: str = "en") -> dict[str, Any]:
    """What the browser builds a kind's form from: its name, its summary and its declared fields, in
    ``language`` where the kind speaks it (else English), and that language (``lang``)."""
    speaks = spoken(kind.languages, language)
    with using(speaks):
        return {
            "name": kind.name,
            "lang": speaks,
            "summary": say(kind.summary),
            "fields": said(kind.fields.to_json()),
        }


def kind_assets(kinds: tuple[Kind, ...]) -> dict[str, str]:
    """Every kind's declarations as a site file, by its path in the site: ``<kind>.json`` in English, and in
    every other language ``<language>/<kind>.json`` (an Italian page's editor is built from that one)."""
    out = {}
    for language in LANGUAGES:
        folder = KINDS_DIR if language == "en" else f"{KINDS_DIR}/{language}"
        for k in kinds:
            text = json.dumps(kind_asset(k, language), ensure_ascii=False, separators=(",", ":"))
            out[f"{folder}/{k.name}.json"] = text + "\n"
    return out


WIDGETS_DIR = "assets/estro/widgets"
"""Where the site keeps what each widget's picker and editor offer, as ``<widget name>.json``."""


def widget_asset(spec: WidgetSpec) -> dict[str, Any] | None:
    """What a widget offers beyond its default: the examples of its picker (``[[title, JSON text], ...]``)
    and the sample values of its editor (:func:`samples`); ``None`` when it offers neither. A file of its
    own, fetched when needed: the page holds only the examples' titles (the §19 sandbox's examples alone
    were a tenth of its page)."""
    if not spec.examples and not spec.samples:
        return None
    kind = scenarios.kind_of(default_scenario(spec)).name
    return {"examples": example_options(spec.examples, kind) if spec.examples else [], "samples": samples(spec)}


def widget_assets(specs: tuple[WidgetSpec, ...]) -> dict[str, str]:
    """Every widget's :func:`widget_asset` as a site file, by its path in the site."""
    out = {}
    for spec in specs:
        data = widget_asset(spec)
        if data is not None:
            out[f"{WIDGETS_DIR}/{spec.name}.json"] = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    return out


def example_options(pattern: str, kind: str) -> list[tuple[str, str]]:
    """(title, JSON text) of every example scenario of ``kind`` matching ``pattern``."""
    options = []
    for path in sorted(EXAMPLES.glob(pattern)):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("kind") != kind:
            continue
        data.pop("expect", None)
        options.append((str(data.get("title") or path.stem), json.dumps(data, indent=2, ensure_ascii=False)))
    return options


def default_scenario(spec: WidgetSpec) -> dict[str, Any]:
    """The scenario the widget starts from: given, or an example file's without its ``expect``."""
    if isinstance(spec.default, str):
        data: dict[str, Any] = json.loads((EXAMPLES / spec.default).read_text(encoding="utf-8"))
        data.pop("expect", None)
        return data
    return dict(spec.default)


def sample_values(source: str) -> list[Any]:
    """The values a sample source names: ``FILE#/a/b`` is one value, ``FILE#/a/*`` every item of a list.

    >>> [c["name"] for c in sample_values("battaglia/roster.json#/cryptids/*")][:2]
    ['Chupacabra', 'Mothman']
    >>> sample_values("battaglia/reference-matchup.json#/left")[0]["name"]
    'Bosco Nero (sample)'
    """
    file, _, pointer = source.partition("#")
    values: list[Any] = [json.loads((EXAMPLES / file).read_text(encoding="utf-8"))]
    for key in [k for k in pointer.split("/") if k]:
        if key == "*":
            values = [item for value in values for item in value]
        else:
            values = [value[int(key)] if isinstance(value, list) else value[key] for value in values]
    return values


def samples(spec: WidgetSpec) -> dict[str, list[Any]]:
    """The widget's sample values, by the name of the declared object they are samples of."""
    out: dict[str, list[Any]] = {}
    for name, source in spec.samples:
        out.setdefault(name, []).extend(sample_values(source))
    return out


def render(spec: WidgetSpec, base: str, download_bytes: int, *, hand_label: str | None = None) -> str:
    """The widget's HTML with its default result already rendered. ``hand_label``: the label of the button
    that hands its scenario to the widget ``spec.hand_to`` (that widget's offer)."""
    scenario = default_scenario(spec)
    loaded = scenarios.load(scenario)
    shown = loaded.run()
    output = shown.html(base=base)
    spoken = shown.language  # the page's language where the kind speaks it (scripts/sitegen/pages.py)
    kind = loaded.kind
    for name in spec.controls:
        kind.fields.field(name)  # a control named in a spec is a declared field (raises StopIteration if not)
    text = json.dumps(scenario, indent=2, ensure_ascii=False)
    picker = ""
    if spec.examples:
        options = tag("option", esc(_("Choose an example…")), value="")
        options += "".join(
            tag("option", esc(title), value=i) for i, (title, _) in enumerate(example_options(spec.examples, kind.name))
        )
        picker = tag(
            "label", esc(_("Example:")) + " " + tag("select", options, class_="estro-examples"), class_="estro-picker"
        )
    megabytes = f"{download_bytes / 1_000_000:.1f} MB"
    if current() == "it":
        megabytes = megabytes.replace(".", ",")  # the decimal comma
    run_label = _("Run simulation") if spec.mode == "simulate" else _("Run")
    buttons = tag("button", esc(run_label), type="button", class_="estro-run md-button md-button--primary")
    buttons += tag("button", esc(_("Cancel")), type="button", class_="estro-cancel md-button", disabled=True)
    buttons += tag("button", esc(_("Copy link")), type="button", class_="estro-copy-link md-button")
    if spec.hand_to and hand_label:
        buttons += tag(
            "button", esc(say(hand_label)), type="button", class_="estro-hand md-button", data_to=spec.hand_to
        )
    status = tag(
        "span",
        esc(
            _("Result rendered when the site was built. The first run loads Python in your browser ({size}).").format(
                size=megabytes
            )
        ),
        class_="estro-status",
        role="status",
    )
    editor = tag(
        "div",
        tag("p", esc(_("The editor appears when the page's scripts have loaded; the JSON below works meanwhile."))),
        class_="estro-editor",
        data_kind=kind.name,
        data_controls=",".join(spec.controls),
    )
    json_view = tag(
        "details",
        tag("summary", esc(_("Scenario as JSON (advanced: edits here update the controls)")))
        + tag(
            "textarea", esc(text), class_="estro-scenario", rows=12, spellcheck="false", aria_label=_("Scenario JSON")
        ),
        class_="estro-json",
    )
    body = (
        tag(
            "p",
            tag("strong", esc(say(spec.title))) + (" — " + esc(say(spec.note)) if spec.note else ""),
            class_="estro-title",
            tabindex=-1,  # where the focus goes when another widget hands it a scenario, or "Try it" opens it
        )
        + picker
        + editor
        + json_view
        + tag("div", buttons + status, class_="estro-actions")
        + tag(
            "div",
            tag("progress", max=1, value=0) + tag("span", "", class_="estro-progress-text"),
            class_="estro-progress",
            hidden=True,
        )
        + tag("div", "", class_="estro-error", role="alert", hidden=True)
        + (tag("div", "", class_="estro-offer", role="alert", hidden=True) if spec.takes else "")
        + tag(
            "p",
            esc(_("Out of date: the result below is for an earlier scenario.")),
            class_="estro-stale-note",
            hidden=True,
        )
        + tag(
            "div",
            output,
            class_="estro-output",
            aria_live="polite",
            aria_busy="false",
            # Its language always on a page not in English (a kind that does not speak it yet answers in English).
            lang=spoken if spoken != "en" or current() != "en" else None,
        )
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
        data_assets=f"{base}{WIDGETS_DIR}/{spec.name}.json" if spec.examples or spec.samples else None,
        data_takes=json.dumps({kind: list(fields) for kind, fields in spec.takes}) if spec.takes else None,
        data_offer=say(spec.offer) if spec.offer else None,
    )
