"""Field tables for the scenario format page, generated from the kinds' declarations.

For every scenario kind the registry lists, the table ``fields.<kind>`` shows its own fields, and
for every object type nested in it (a cryptid, an ability, a card…) ``fields.<kind>.<object name>``
shows that object's fields. A page asks for one with ``{{ table fields.battaglia.battle.cryptid }}``.
Since the reader is generated from the same declarations, the page cannot state a default, a
range or a choice the engine does not apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from estro_rules.protocol import Kind, Table
from estro_rules.schema import Field, ListOf, MapOf, Obj, Pair, Type
from estro_rules.shapes import Keyed, Tagged


def nested(t: Type) -> Iterator[Type]:
    """The types directly inside ``t``."""
    if isinstance(t, Obj):
        yield from (f.type for f in t.fields)
    elif isinstance(t, ListOf):
        yield t.item
    elif isinstance(t, MapOf):
        yield t.value
    elif isinstance(t, Pair):
        yield from (t.first, t.second)
    elif isinstance(t, Keyed):
        for option in t.options:
            if option.value is not None:
                yield option.value
            yield from (f.type for f in option.extra)
    elif isinstance(t, Tagged):
        yield from (f.type for f in (*t.before, *t.after))
        yield from t.variants.values()


def objects(t: Type) -> Iterator[Obj]:
    """Every object type inside ``t``, each once, outermost first."""
    seen: set[int] = set()
    todo = [t]
    while todo:
        current = todo.pop(0)
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, Obj):
            yield current
        todo.extend(nested(current))


def tables(kinds: tuple[Kind, ...]) -> dict[str, Callable[[], Table]]:
    """``fields.<kind>`` for every kind, ``fields.<kind>.<object>`` for every named object type inside one."""
    out: dict[str, Callable[[], Table]] = {}
    for kind in kinds:
        out[f"fields.{kind.name}"] = _rows(kind.fields.fields)
        for obj in objects(kind.fields):
            if obj is not kind.fields and obj.fields:
                out.setdefault(f"fields.{kind.name}.{obj.name}", _rows(obj.fields))
    return out


def _rows(fields: tuple[Field, ...]) -> Callable[[], Table]:
    return lambda: field_rows(fields)


def field_rows(obj: Obj | tuple[Field, ...]) -> tuple[list[str], list[list[str]]]:
    """A table of an object's fields for the scenario format page: field, type, default, meaning."""
    fields = obj.fields if isinstance(obj, Obj) else tuple(obj)
    rows = []
    for f in fields:
        default = "—" if f.required else describe_default(f.default)
        meaning = f.help or f.label
        rows.append([f"`{f.name}`", f.type.describe(), default, meaning])
    return ["Field", "Type", "Default", "Meaning"], rows


def describe_default(value: Any) -> str:
    if value is None or value == () or value == "":
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list, frozenset)):
        return ", ".join(str(v) for v in value)
    return str(value)
