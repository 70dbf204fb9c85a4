"""The widgets' scripts' words in a page's language, carried by the page itself (issue 29).

The scripts (``docs/assets/estro/*.js``) write their words in English, marked ``t("…")`` and
``tn("…", "…", n)`` (``engine.js``); Babel takes them into the engine's catalogue with the rest
(:mod:`scripts.sitegen.messages`), and the build fails on one without its Italian. An Italian page carries
their Italian inline, as data in its ``<head>`` (``<script id="estro-words" type="application/json">``,
``docs/_overrides/main.html``): the words are there before any script runs, online or offline, with no
request that could fail and nothing for the service worker to keep; the page's own Content-Security-Policy
does not run it (data, not a script). An English page carries nothing: its scripts say the English they
are written in. The words come from the compiled catalogue, as the engine reads it (:mod:`estro_rules.i18n`).

>>> data = words("it")
>>> data["lang"], data["plural"], data["words"]["Running…"]
('it', ['one', 'many', 'other'], 'In esecuzione…')
>>> data["words"]["Cancelled after {count} battle."][0]
'Annullata dopo {count} battaglia.'
>>> words("en") is None
True
>>> "</" in inline("it"), inline("en")
(False, '')
"""

from __future__ import annotations

import json
from typing import Any

from babel import Locale

from estro_rules import i18n

from .messages import in_scripts

_SAMPLES = (1, 0, 2, 3, 5, 10, 21, 100, 1_000_000, 2_000_000)
"""Numbers among which each of a language's plural forms is found (the form gettext gives each)."""


def words(language: str) -> dict[str, Any] | None:
    """The scripts' words in ``language``: ``lang``, ``plural`` (the CLDR category of each plural form, as the
    browser's ``Intl.PluralRules`` names them) and ``words`` (English → its translation, or a message's forms);
    ``None`` for English."""
    if i18n.check(language) == "en":
        return None
    catalogue = i18n.catalogue(language)
    form_of: Any = getattr(catalogue, "plural")  # noqa: B009 (gettext's plural rule, set from the .mo's header)
    sample = {form_of(n): n for n in reversed(_SAMPLES)}  # a number that takes each form
    forms = sorted(sample)
    categories = [Locale.parse(language).plural_form(sample[i]) for i in forms]
    out: dict[str, Any] = {}
    for message in in_scripts():
        if isinstance(message, str):
            out[message] = catalogue.gettext(message)
        else:
            out[message[0]] = [catalogue.ngettext(message[0], message[1], sample[i]) for i in forms]
    return {"lang": language, "plural": categories, "words": out}


def inline(language: str) -> str:
    """:func:`words` as the text of the page's data block ("" for English): JSON in which no ``<``, ``>`` or
    ``&`` can end the block early."""
    data = words(language)
    if data is None:
        return ""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
