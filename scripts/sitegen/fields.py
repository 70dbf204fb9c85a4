"""The scenario format, generated from the kinds' declarations: their field tables and their sections.

For every scenario kind the registry lists, the table ``fields.<kind>`` shows its own fields, and for
every object type nested in it (a cryptid, an ability, a card, an action…) ``fields.<kind>.<object name>``
shows that object's fields (an object shared by several kinds is tabled under the first); a choice between
objects by a tag (an action's ``do``) has ``fields.<kind>.<what>`` for the fields every variant shares. A
declared object with rules across its fields has ``rules.<kind>.<object name>``. The section
``scenario-kinds`` holds every kind's part of the scenario format page: what it asks, where its rulings are, and
every one of those tables. Since the reader is generated from the same declarations, the page cannot state a
default, a range, a choice or a rule the engine does not apply.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from estro_rules.declare import Record
from estro_rules.i18n import current, say, using
from estro_rules.protocol import Kind, Protocol
from estro_rules.registry import PROTOCOLS
from estro_rules.rulings import RULING_ID
from estro_rules.schema import Field, Obj, Type
from estro_rules.shapes import Tagged
from estro_rules.tables import Table, rule_table, source_words

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rulings on": "{summary} Its rulings are on the page {where}{span}.",
        "span": ": {first} to {last}",
        "shared": "What every {what} has, beside its own fields:",
        "no fields": "It has no fields of its own.",
        "rules across": "The rules across its fields, in the order the reader applies them:",
        "none": "none",
        "true": "true",
        "false": "false",
    },
    "it": {
        "rulings on": "{summary} Le sue regole sono nella pagina {where}{span}.",
        "span": ": da {first} a {last}",
        "shared": "Quello che hanno tutte le varianti, oltre ai campi propri di ciascuna:",
        "no fields": "Non ha campi suoi.",
        "rules across": "Le regole che legano i suoi campi, nell'ordine in cui le applica il lettore:",
        "none": "nessuno",
        "true": "true",
        "false": "false",
    },
}
"""The words this generator writes on the scenario format page, in each language of the site (the page is
generated in the current language: :func:`estro_rules.i18n.current`). ``true`` and ``false`` are JSON's."""


def _words(key: str) -> str:
    return WORDS.get(current(), WORDS["en"])[key]


def _said(text: str) -> str:
    """The engine's ``text`` in the current language (:func:`say`); on an Italian page, marked as English where
    the catalogue does not say it yet, so that a screen reader reads it as English.

    >>> from estro_rules.i18n import using
    >>> with using("it"):
    ...     _said("The card was face-down"), _said("Seed of a draw")
    ('La carta era coperta', '<span lang="en">Seed of a draw</span>')
    """
    return _marked(say(text), text)


def _marked(said: str, english: str) -> str:
    """``said`` as it is, or marked as English (:func:`~estro_rules.tables.source_words`) where it is still
    ``english``: the catalogue does not say it in the current language yet."""
    return source_words(said) if said and said == english else said


def _type_cell(t: Type) -> str:
    """A field's type in the current language (:meth:`Type.describe`); on an Italian page, marked as English
    where the catalogue does not say it yet.

    >>> from estro_rules.i18n import using
    >>> from estro_rules.schema import Int, Text
    >>> with using("it"):
    ...     _type_cell(Int(1, 100_000)), _type_cell(Text(what="recipe"))
    ('numero intero da 1 a 100.000', '<span lang="en">recipe</span>')
    """
    said = t.describe()
    if current() == "en":
        return said
    with using("en"):
        english = t.describe()
    return _marked(said, english)


def nested(t: Type) -> Iterator[Type]:
    """The types directly inside ``t``."""
    yield from t.children()


def objects(t: Type) -> Iterator[Obj | Tagged]:
    """Every object type and every tagged choice inside ``t``, each once, outermost first."""
    seen: set[int] = set()
    todo = [t]
    while todo:
        current = todo.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, (Obj, Tagged)):
            yield current
        todo.extend(nested(current))


def _common(t: Tagged) -> tuple[Field, ...]:
    return (*t.before, *t.after)


def _key(kind: Kind, t: Obj | Tagged) -> str:
    return f"{kind.name}.{t.name if isinstance(t, Obj) else t.what}".replace(" ", "-")


def tables(kinds: tuple[Kind, ...]) -> dict[str, Callable[[], Table]]:
    """``fields.<kind>`` for every kind, ``fields.<kind>.<object>`` for every object type inside one (and for the
    fields a tagged choice's variants share), ``rules.<kind>.<object>`` for every declared object with rules."""
    out: dict[str, Callable[[], Table]] = {}
    for kind, t in _placed(kinds):
        if t is kind.fields:
            out[f"fields.{kind.name}"] = _rows(kind.fields.fields)
        elif isinstance(t, Tagged):
            if _common(t):
                out[f"fields.{_key(kind, t)}"] = _rows(_common(t))
        elif t.fields:
            out[f"fields.{_key(kind, t)}"] = _rows(t.fields)
        if isinstance(t, Record) and len(t.rules):
            name = kind.name if t is kind.fields else _key(kind, t)
            out[f"rules.{name}"] = _rules(t)
    return out


def _placed(kinds: tuple[Kind, ...]) -> Iterator[tuple[Kind, Obj | Tagged]]:
    """Every object type of every kind, each under the first kind that has it."""
    seen: set[int] = set()
    for kind in kinds:
        for t in objects(kind.fields):
            if id(t) not in seen:
                seen.add(id(t))
                yield kind, t


def _rows(fields: tuple[Field, ...]) -> Callable[[], Table]:
    return lambda: field_rows(fields)


def _rules(record: Record) -> Callable[[], Table]:
    return lambda: rule_table(record.rules, "What it says")


def field_rows(obj: Obj | tuple[Field, ...]) -> tuple[list[str], list[list[str]]]:
    """A table of an object's fields for the scenario format page: field, type, default, meaning."""
    fields = obj.fields if isinstance(obj, Obj) else tuple(obj)
    rows = []
    for f in fields:
        default = "—" if f.required else describe_default(None if f.default is None else f.type.dump(f.default))
        meaning = _linked(_said(f.help or f.label))  # in the catalogue's words where it has them
        rows.append([f"`{f.name}`", _type_cell(f.type), default, meaning])
    return ["Field", "Type", "Default", "Meaning"], rows


def _linked(text: str) -> str:
    """A field's help for a page: a ruling ID it names, linked (``[[ID]]``); a form shows the help as it is."""
    declared = {r.id for p in PROTOCOLS for r in p.rulebook}

    def link(match: re.Match[str]) -> str:
        return f"[[{match.group(1)}]]" if match.group(1) in declared else match.group(1)

    return re.sub(rf"(?<![\[\w-])({RULING_ID.pattern})(?![\]\w-])", link, text)


def describe_default(value: Any) -> str:
    if value is None or value == () or value == "" or value == frozenset():
        return _words("none")
    if isinstance(value, bool):
        return _words("true") if value else _words("false")
    if isinstance(value, (tuple, list, frozenset)):
        return ", ".join(str(v) for v in value)
    return str(value)


def sections(protocols: tuple[Protocol, ...]) -> dict[str, Callable[[], str]]:
    """``scenario-kinds``: every kind's part of the scenario format page, in site order."""
    kinds = tuple(k for p in protocols for k in p.kinds)
    placed = list(_placed(kinds))
    generated = tables(kinds)
    parts = [_section(p, k, [t for kind, t in placed if kind is k], generated) for p in protocols for k in p.kinds]
    return {"scenario-kinds": lambda: "\n".join(part() for part in parts)}


def _section(protocol: Protocol, kind: Kind, own: list[Obj | Tagged], generated: dict[str, Any]) -> Callable[[], str]:
    def make() -> str:
        ids = [r.id for r in protocol.rulebook]
        book = protocol.rulebook
        where = f"[{book.italian if current() == 'it' and book.italian else book.title}]({protocol.page}.md)"
        span = _words("span").format(first=f"[[{ids[0]}]]", last=f"[[{ids[-1]}]]") if ids else ""
        summary = _said(kind.summary if kind.summary.endswith((".", "?", "!")) else kind.summary + ".")
        lines = [f"## `{kind.name}`", "", _words("rulings on").format(summary=summary, where=where, span=span), ""]
        in_tagged = {id(v) for t in own if isinstance(t, Tagged) for v in t.variants.values()}
        for t in own:
            if t is kind.fields:
                name = kind.name
                lines += [f"{{{{ table fields.{name} }}}}", ""]
            elif isinstance(t, Tagged):
                name = _key(kind, t)
                names = ", ".join(f"`{v}`" for v in t.variants)
                lines += [f"### {say(t.label) if t.label else t.what.capitalize()} (`{t.tag}`: {names})", ""]
                if f"fields.{name}" in generated:
                    lines += [_words("shared").format(what=t.what), "", f"{{{{ table fields.{name} }}}}", ""]
                continue
            else:
                name = _key(kind, t)
                label = say(t.label) if t.label else ""
                heading = f"#### `{t.name}`: {label}" if id(t) in in_tagged else f"### {label or t.name} (`{t.name}`)"
                lines += [heading, ""]
                if f"fields.{name}" in generated:
                    lines += [f"{{{{ table fields.{name} }}}}", ""]
                else:
                    lines += [_words("no fields"), ""]
            if f"rules.{name}" in generated:
                lines += [_words("rules across"), ""]
                lines += [f"{{{{ table rules.{name} }}}}", ""]
        return "\n".join(lines)

    return make
