"""A result's steps, moved off the page into a JSON file beside it.

The engine's views put a result's roll-by-roll (or action-by-action) panels in a
``<template class="estro-steps">`` (:func:`estro_rules.html.steps_box`): in the browser's answer to
an edit they come with the result, and the page's scripts show them when asked. On a page the site
builds, 40 worked examples' panels would still be parsed with the page (the Battaglia page was
1.5 MB of them), so the build moves each template's panels into ``<page>/steps/<hash>.json``
(``{"html": "<section …>…</section>…"}``) and leaves no template: the stepper names the file
(``data-src``), one element less for each of a page's 40-odd examples. ``docs/assets/estro/widgets.js`` fetches it when a reader presses Next or "Show
every step"; the service worker keeps it for offline use like every file of the site. The name
is the hash of the content: the same steps are one file, and a file never changes under its name.

The panels are the engine's own HTML: the page and the JSON come from the same view, and the
browser only shows them (no second renderer).

>>> files = {}
>>> page = '<div class="estro-stepper" data-steps="1"><template class="estro-steps"><section>a</section></template></div>'
>>> externalise(page, "battaglia", files)
'<div class="estro-stepper" data-steps="1" data-src="steps/85a4ce363df6.json"></div>'
>>> files
{'battaglia/steps/85a4ce363df6.json': '{"html":"<section>a</section>"}\\n'}
"""

from __future__ import annotations

import hashlib
import json
import re

TEMPLATE = re.compile(
    r'(<div class="[^"]*" data-steps="\d+")><template class="estro-steps">(.*?)</template>', re.DOTALL
)
"""A view's stepper and its steps (never nested: a panel holds no steps of its own)."""

FOLDER = "steps"
"""Where a page's steps go, beside the page (``battaglia/steps/``)."""


def externalise(html: str, page: str, files: dict[str, str], *, href: str = "") -> str:
    """``html`` with every template of steps gone and its stepper naming its file; the files go into ``files``
    (site path → JSON text). ``page`` is the folder of the files in the site (``battaglia``), and ``href`` leads
    from the page to that folder (``""``: the page's own; an Italian page names its English twin's)."""

    def move(match: re.Match[str]) -> str:
        text = json.dumps({"html": match.group(2)}, ensure_ascii=False, separators=(",", ":")) + "\n"
        name = f"{FOLDER}/{hashlib.sha256(text.encode()).hexdigest()[:12]}.json"
        files[f"{page}/{name}"] = text
        return f'{match.group(1)} data-src="{href}{name}">'

    return TEMPLATE.sub(move, html)
