"""Italian words marked as Italian: ``<span lang="it">criptide</span>`` (WCAG 3.1.2, language of parts).

The pages are English, and name the game's Italian words: the Battaglia rules' terms, PROTOCOL_07's
modes. A screen reader reads a word with the rules of the language it is marked with, so every
Italian word of the glossary (:data:`ITALIAN_FORMS`, from every protocol's terms) is marked wherever a
generated page shows it as text: prose, headings, tables, worked examples and the widgets' results
rendered at build time. In the browser, ``docs/assets/estro/reading.js`` does the same for what the
widgets show later (results, editors, popovers), from the same list.

Nothing else is touched: code (fenced or inline), HTML tags and their attributes, link destinations
and titles, attribute lists (``{#ID .class}``), admonition titles, and the text of elements that
cannot hold markup (``<textarea>``, ``<option>``, ``<script>``, ``<title>``).

>>> mark("A *criptide* (`criptide`) and [criptidi](glossary.md#cryptid \\"criptide\\").")
'A *<span lang="it">criptide</span>* (`criptide`) and [<span lang="it">criptidi</span>](glossary.md#cryptid "criptide").'
>>> mark('<option value="1">Zona di Conquista</option> <label>Zona di Conquista</label>')
'<option value="1">Zona di Conquista</option> <label><span lang="it">Zona di Conquista</span></label>'
>>> mark("The battle ends. Battaglia: la battaglia")
'The battle ends. <span lang="it">Battaglia</span>: la <span lang="it">battaglia</span>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from estro_rules import registry
from estro_rules.glossary import italian_forms

ITALIAN_FORMS: tuple[str, ...] = italian_forms(registry.TERMS)
"""Every Italian word of every protocol's glossary terms, longest first."""

_PROTECTED = re.compile(
    r"^[ \t]*```.*?^[ \t]*```[ \t]*$"  # a fenced code block
    r"|^[ \t]*(?:!!!|\?\?\?|===)[^\n]*$"  # an admonition's or a tab's title line
    r"|<(textarea|option|script|title|style|code|pre)\b.*?</\1>"  # elements whose text is not prose
    r"|<[^>]*>"  # a tag and its attributes
    r"|`[^`\n]*`"  # inline code
    r"|\]\((?:[^()\"\n]|\"[^\"\n]*\")*\)"  # a link's destination and title
    r"|\{[#.:][^}\n]*\}",  # an attribute list
    re.MULTILINE | re.DOTALL,
)


def _word(form: str) -> str:
    """A form as a whole word; a lower-case form also matches with a capital first letter."""
    body = re.escape(form).replace("'", "(?:'|&#x27;|’)")
    if form[:1].islower():
        body = f"[{form[0]}{form[0].upper()}]{body[1:]}"
    return rf"(?<![\w-]){body}(?![\w-])"


def pattern(forms: Iterable[str] = ITALIAN_FORMS) -> re.Pattern[str]:
    """One regular expression for every form, the longest first ("abilità di morte" before "abilità")."""
    return re.compile("|".join(_word(f) for f in sorted(forms, key=lambda f: (-len(f), f))))


_ITALIAN = pattern()


def mark(text: str, words: re.Pattern[str] = _ITALIAN) -> str:
    """``text`` (Markdown with HTML in it) with every Italian word outside code, tags and links marked."""
    out = []
    at = 0
    for match in _PROTECTED.finditer(text):
        out.append(words.sub(_span, text[at : match.start()]))
        out.append(match.group(0))
        at = match.end()
    out.append(words.sub(_span, text[at:]))
    return "".join(out)


def _span(match: re.Match[str]) -> str:
    return f'<span lang="it">{match.group(0)}</span>'
