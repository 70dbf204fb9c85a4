"""Worked examples: a ruling's example as a player reads it, rendered when the site is built.

A ruling's ```` ```pycon ```` block that binds a variable ``scenario`` (a scenario dict, the same
JSON the widgets and the command line take) is shown twice on the page, in two tabs:

- **Example**: the situation and the outcome, rendered by the scenario kind's own view
  (``scenarios.run(scenario)``, then ``kind.html``) — what the page's widget would show for it —
  with a "Try it" link that opens that very scenario in the page's widget, ready to change;
- **Python**: the doctest itself, whole, for maintainers. It is still the block the tests run.

The "Try it" link is shared with the widget code: ``?widget=NAME&z=Z#widget-NAME``, where ``Z`` is
the scenario's JSON text compressed with raw deflate (no zlib header) and written in base64url
without padding.

>>> link = try_link("p07-combination", {"kind": "p07.combination", "modes": ["Single Player"]})
>>> link.startswith("?widget=p07-combination&z="), link.endswith("#widget-p07-combination")
(True, True)
>>> read_link(link)
{'kind': 'p07.combination', 'modes': ['Single Player']}
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

from estro_rules import i18n, scenarios
from estro_rules.errors import ScenarioError
from estro_rules.html import esc, tag
from estro_rules.i18n import _, say, using
from estro_rules.protocol import Kind, Loaded
from estro_rules.schema import Bool, Choice, Int, ListOf, Text


def encode_scenario(scenario: Mapping[str, Any]) -> str:
    """The ``z`` parameter of a link: the scenario's JSON, raw deflate, base64url without padding."""
    text = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False)  # the widget shows it laid out
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_scenario(z: str) -> Any:
    """The scenario a ``z`` parameter carries (the inverse of :func:`encode_scenario`)."""
    packed = base64.urlsafe_b64decode(z + "=" * (-len(z) % 4))
    return json.loads(zlib.decompress(packed, -15).decode("utf-8"))


def try_link(widget: str, scenario: Mapping[str, Any]) -> str:
    """The relative link that opens ``scenario`` in the page's widget called ``widget``."""
    return f"?widget={widget}&z={encode_scenario(scenario)}#widget-{widget}"


def read_link(link: str) -> Any:
    """The scenario of a "Try it" link (for tests and tools)."""
    query = parse_qs(urlsplit(link).query)
    return decode_scenario(query["z"][0])


def _simple(kind: Kind) -> bool:
    """Whether every field of the kind is a plain value a sentence can state (no cards, boards, teams)."""
    plain = (Bool, Int, Choice, Text)
    return all(
        isinstance(f.type, plain) or (isinstance(f.type, ListOf) and isinstance(f.type.item, plain))
        for f in kind.fields.fields
    )


def situation_html(kind: Kind, scenario: Mapping[str, Any]) -> str:
    """The situation in words, from the kind's declared labels: what holds, and any value given.

    Only for kinds whose fields are plain values; a kind with a board or teams shows its situation
    in its own view (the board before the first action, the teams before the first roll).
    """
    if not _simple(kind):
        return ""
    parts = []
    nothing = _("none")
    for f in kind.fields.fields:
        label = say(f.label) if f.label else f.name
        if label[1:2].islower():  # "The card was face-down" inside a sentence, but "NecroToken" as it is
            label = label[0].lower() + label[1:]
        label = esc(label)
        if isinstance(f.type, Bool):
            if scenario.get(f.name, f.default) is True:
                parts.append(label)
        elif f.name in scenario:
            value = scenario[f.name]
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
            parts.append(f"{label}: {esc(shown) if shown else nothing}")
    head = _("Situation:")
    if not parts:
        return tag("p", f"<strong>{head}</strong> " + _("the defaults (nothing set)."), class_="estro-situation")
    return tag("p", f"<strong>{head}</strong> " + "; ".join(parts) + ".", class_="estro-situation")


def worked_html(scenario: Mapping[str, Any], widget: str | None, base: str) -> str:
    """One worked example: its title (if the scenario has one), the situation, the outcome as the kind's
    view renders it, and a "Try it" link into the page's widget ``widget`` (none when the page has no
    widget of that kind). All of it in the current language if the kind speaks it (:mod:`estro_rules.i18n`),
    else in English, marked ``lang`` on a page of another language."""
    title = scenario.get("title")
    head = tag("p", tag("strong", esc(title)), class_="estro-worked-title") if isinstance(title, str) else ""
    loaded: Loaded | None = None
    refusal: ScenarioError | None = None
    try:
        loaded = scenarios.load(scenario)
    except ScenarioError as err:
        refusal = err
    language = i18n.spoken(loaded.kind.languages) if loaded is not None else "en"  # a refusal is in English
    with using(language):
        if loaded is None:
            situation = ""
            outcome = tag(
                "p",
                "<strong>" + _("The engine refuses this scenario:") + "</strong> " + esc(refusal),
                class_="estro-worked-refused",
            )
        else:
            situation = situation_html(loaded.kind, scenario)
            outcome = tag("div", loaded.run().html(base=base), class_="estro-worked-outcome")
        link = ""
        if widget is not None:
            # The link alone, a block of its own by its class (no paragraph around it: one element less for each
            # of a page's 40-odd examples).
            link = tag("a", _("Try it"), href=try_link(widget, scenario), class_="md-button estro-try estro-try-row")
    marked = language if language != i18n.current() else None  # in another language than the page's: say which
    # Not searched (it is a result, not the rule's text). An <article>, because the theme's indexer ends
    # an exclusion at the first closing tag of the same name, and views use <div>s.
    return tag(
        "article", head + situation + outcome + link, lang=marked, class_="estro-worked", data_search_exclude=True
    )
