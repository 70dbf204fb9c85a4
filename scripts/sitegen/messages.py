"""The engine's message catalogues (:mod:`estro_rules.i18n`) against its code: the build fails on a gap.

Babel extracts every marked message from ``estro_rules/`` (``_``, ``N_``, ``ngettext``, ``Message``,
``Plural``), from the site generator's files that write the engine's words, and from the widgets' scripts
(``docs/assets/estro/*.js``: ``t``, ``tn``), as ``bash scripts/i18n.sh`` does. Each must be in the template
(``estro_rules/locale/estro_rules.pot``) and,
in every other language, have a translation that is not empty, not marked fuzzy, with every plural form,
and with the same ``{placeholders}``; the compiled ``.mo`` must say what the ``.po`` says.

>>> from babel.messages.catalog import Catalog
>>> po = Catalog(locale="it")
>>> _ = po.add("Allowed.", "Ammesso.")
>>> _ = po.add("{effect} is not in play.", "{efetto} non fa parte.")
>>> _ = po.add("fires", "scatta", flags=["fuzzy"])
>>> for problem in translation_problems(["Allowed.", "{effect} is not in play.", "fires", "new"], po, "it"):
...     print(problem)
it: '{effect} is not in play.' is translated with other placeholders: {efetto}, {effect}
it: 'fires' has no translation (or a fuzzy one)
it: 'new' is not in the catalogue
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_dir
from babel.messages.pofile import read_po

from estro_rules import i18n

PACKAGE = Path(i18n.__file__).resolve().parent
LOCALE = PACKAGE / "locale"
KEYWORDS = {**DEFAULT_KEYWORDS, "Message": (1,), "Plural": (1, 2)}

MessageId = str | tuple[str, str]
"""A message: its text, or (singular, plural)."""

_PLACEHOLDER = re.compile(r"\{(\w*)\}")


SITE_FILES = (Path(__file__).resolve().parent / "worked.py", Path(__file__).resolve().parent / "widgets.py")
"""The site generator's files that say something in the engine's words (a worked example's frame, a widget's)."""

SCRIPTS = PACKAGE.parent / "docs" / "assets" / "estro"
"""The widgets' scripts: their words are marked ``t("…")`` and ``tn("…", "…", n)`` (``engine.js``)."""

SCRIPT_KEYWORDS = {**DEFAULT_KEYWORDS, "t": None, "tn": (1, 2)}


def in_scripts(scripts: Path = SCRIPTS) -> list[MessageId]:
    """Every marked message of the widgets' scripts (Babel's JavaScript extractor), in order, once each.

    >>> ("Running…" in in_scripts(), ("{count} step: the start, then one at a time",
    ...  "{count} steps: the start, then one at a time") in in_scripts())
    (True, True)
    """
    found: dict[MessageId, None] = {}
    for path in sorted(scripts.glob("*.js")):
        with path.open("rb") as f:
            for _line, message, _comments, _context in extract("javascript", f, keywords=SCRIPT_KEYWORDS):
                found[message if isinstance(message, str) else (message[0], message[1])] = None
    return list(found)


def in_code(package: Path = PACKAGE, site_files: Iterable[Path] = SITE_FILES) -> list[MessageId]:
    """Every marked message of the engine's code, of ``site_files`` and of the widgets' scripts, in order, once
    each."""
    found: dict[MessageId, None] = {}
    messages = [m for _file, _line, m, _comments, _context in extract_from_dir(str(package), keywords=KEYWORDS)]
    for path in site_files:
        with path.open("rb") as f:
            messages += [m for _line, m, _comments, _context in extract("python", f, keywords=KEYWORDS)]
    messages += in_scripts()
    for message in messages:
        key: MessageId = message if isinstance(message, str) else (message[0], message[1])
        found[key] = None
    return list(found)


def _msgid(message: MessageId) -> str:
    """The catalogue's key of a message: its text, or its singular."""
    return message if isinstance(message, str) else message[0]


def _placeholders(texts: Iterable[str]) -> set[str]:
    return {name for text in texts for name in _PLACEHOLDER.findall(text)}


def _strings(string: object) -> tuple[str, ...]:
    """A catalogue entry's translation as its forms (one, or one per plural form); "" for none."""
    if isinstance(string, str):
        return (string,)
    if isinstance(string, (tuple, list)):
        return tuple(s if isinstance(s, str) else "" for s in string)
    return ("",)


def translation_problems(messages: Iterable[MessageId], catalog: Catalog, language: str) -> list[str]:
    """What keeps ``catalog`` (a language's ``.po``) from saying every one of ``messages``."""
    problems = []
    for message in messages:
        shown = _msgid(message)
        entry = catalog.get(shown)
        if entry is None:
            problems.append(f"{language}: {shown!r} is not in the catalogue")
            continue
        strings = _strings(entry.string)
        if entry.fuzzy or not all(strings):
            problems.append(f"{language}: {shown!r} has no translation (or a fuzzy one)")
            continue
        ids = message if isinstance(message, tuple) else (message,)
        if any(_placeholders([s]) != _placeholders(ids) for s in strings):
            problems.append(
                f"{language}: {shown!r} is translated with other placeholders: "
                + ", ".join(f"{{{p}}}" for p in sorted(_placeholders(strings) ^ _placeholders(ids)))
            )
    return problems


def problems() -> list[str]:
    """Every gap between the engine's code, its template and each language's catalogue."""
    code = in_code()
    out: list[str] = []
    with (LOCALE / f"{i18n.DOMAIN}.pot").open("rb") as f:
        template = read_po(f)
    stale = [m for m in code if _msgid(m) not in template]
    out += [f"{i18n.DOMAIN}.pot: {m!r} is not in the template: run bash scripts/i18n.sh" for m in stale]
    for language in i18n.LANGUAGES[1:]:
        po = LOCALE / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        with po.open("rb") as f:
            catalog = read_po(f, locale=language)
        out += translation_problems(code, catalog, language)
        with (po.with_suffix(".mo")).open("rb") as f:
            compiled = gettext.GNUTranslations(f)
        form_of = gettext.c2py(catalog.plural_expr)  # which plural form a number takes in this language
        for message in code:
            entry = catalog.get(_msgid(message))
            if entry is None or entry.fuzzy:
                continue
            strings = _strings(entry.string)
            if isinstance(message, str):
                pairs = [(compiled.gettext(message), strings[0])]
            else:  # every form: a number that takes each one (0 to 10, and a million)
                pairs = [(compiled.ngettext(*message, n), strings[form_of(n)]) for n in (*range(11), 10**6)]
            for said, want in pairs:
                if said != want:
                    out.append(
                        f"{language}: the .mo says {said!r} for {message!r}, the .po {want!r}: run bash scripts/i18n.sh"
                    )
                    break
    return out
