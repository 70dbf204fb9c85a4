"""Choices between shapes: a value that is one of a few plain strings or an object with one key naming its
shape (:class:`Keyed`), and an object whose tag field says which further fields it has (:class:`Tagged`).

They are field types like those of :mod:`estro_rules.schema`, and read, describe and write themselves the
same way.

>>> from estro_rules.schema import Int
>>> when = Keyed([Option("every_roll"), Option("total", Int(2, 12), label="The dice total is")],
...              what="condition", expected="a condition", string_form_message=lambda o: f"the form {o.name}")
>>> when.read({"total": 7}, "when"), when.read("every_roll", "when")
(('total', 7, {}), ('every_roll', None, {}))
>>> when.dump(("total", 7, {})), when.dump(("every_roll", None, {}))
({'total': 7}, 'every_roll')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ScenarioError
from .fields import Fields, choose, join
from .i18n import N_, say
from .schema import NOTHING, Context, Field, Obj, Type


@dataclass(frozen=True)
class Option:
    """One shape a :class:`Keyed` value may take."""

    name: str
    """The key (``"total"``), or the whole string for a string form (``"every_roll"``)."""

    value: Type | None = None
    """The type of the key's value; ``None`` for an option written as a plain string."""

    extra: tuple[Field, ...] = ()
    """Further keys the object carries beside the option's own (``"rolls"`` beside ``"dot"``)."""

    form: str = ""
    """How it is written, as JSON (``'{"total": 7}'``)."""

    label: str = ""
    """What a player reads for it (``"The dice total is"``)."""

    help: str = ""
    """What it means, in plain words."""

    rulings: tuple[str, ...] = ()
    """The rulings that decide how it works."""

    check: Callable[[Any, str], Any] | None = None
    """A further check of the value read (a range's ends in order), returning the value to keep."""


class Keyed(Type):
    """A value that is either one of a few plain strings or an object with one key naming its shape.

    ``{"total": 7}``, ``{"range": [2, 5]}`` and ``"every_roll"`` are three shapes of one Battaglia
    condition. The value read is ``(option name, value, extras)``.
    """

    def __init__(
        self,
        options: Sequence[Option],
        *,
        what: str,
        expected: str,
        string_form_message: Callable[[Option], str],
        object_form_message: Callable[[Option], str] | None = None,
        one_key: str = "",
        into: Callable[[str, Any, dict[str, Any]], Any] | None = None,
        out: Callable[[Any], tuple[str, Any, dict[str, Any]]] | None = None,
    ) -> None:
        self.options = tuple(options)
        self.what = what
        self.expected = expected
        self.string_form_message = string_form_message
        """The expected text when a key-form option is given as a plain string."""
        self.object_form_message = object_form_message
        """The expected text when a string-form option is given as an object's key; ``None`` when such a key
        is simply unknown (the known keys are the key-form options)."""
        self.one_key = one_key
        """The expected text when an object names no option or several; ``expected`` when empty."""
        self.into = into
        """What the value read becomes, from ``(option name, value, extras)``; that triple when ``None``."""
        self.out = out
        """The inverse of :attr:`into`, for writing the value back as JSON."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        name, read, extra = self.read_shape(value, path, ctx)
        return (name, read, extra) if self.into is None else self.into(name, read, extra)

    def read_shape(self, value: object, path: str, ctx: Context = NOTHING) -> tuple[str, Any, dict[str, Any]]:
        """The value read as ``(option name, value, extras)``."""
        strings = [o.name for o in self.options if o.value is None]
        if isinstance(value, str):
            name = choose(value, path, self.names, self.what)
            if name not in strings:
                raise ScenarioError(path, self.string_form_message(self.option(name)), got=value)
            return name, None, {}
        if not isinstance(value, dict) or not value:
            raise ScenarioError(path, self.expected, got=value)
        extras = {f.name for o in self.options for f in o.extra}
        keys = [k for k in value if k not in extras]
        if len(keys) != 1:
            raise ScenarioError(path, self.one_key or self.expected, got=value)
        key = keys[0]
        keyed = [o.name for o in self.options if o.value is not None]
        where = join(path, str(key))
        object_form = self.object_form_message
        name = key if key in strings and object_form is not None else choose(key, where, keyed, self.what)
        option = self.option(name)
        if option.value is None:
            assert object_form is not None
            raise ScenarioError(path, object_form(option), got=value)
        f = Fields(value, path)
        read = option.value.read(f.raw(name, default=None), where, ctx)  # a null value is for its type to judge
        if option.check is not None:
            read = option.check(read, where)
        extra = {field.name: field.read_from(f, ctx) for field in option.extra}
        f.done()
        return name, read, extra

    def describe(self) -> str:
        return say(self.what)

    def dump(self, value: Any) -> Any:
        name, read, extra = value if self.out is None else self.out(value)
        option = self.option(name)
        if option.value is None:
            return name
        data = {name: option.value.dump(read)}
        data.update({f.name: f.type.dump(extra[f.name]) for f in option.extra if f.name in extra})
        return data

    def children(self) -> tuple[Type, ...]:
        found: list[Type] = []
        for option in self.options:
            if option.value is not None:
                found.append(option.value)
            found.extend(f.type for f in option.extra)
        return tuple(found)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "keyed",
            "what": self.what,
            "options": [
                {
                    "name": o.name,
                    "label": o.label or o.name,
                    "help": o.help,
                    "value": o.value.to_json() if o.value is not None else None,
                    "extra": [f.to_json() for f in o.extra],
                }
                for o in self.options
            ],
        }


class Tagged(Type):
    """An object whose ``tag`` field (``"do"``, ``"type"``) says which further fields it has.

    ``before`` fields are read before the tag and ``after`` fields after the variant's own, so the
    order of the checks, and so of the errors, is the order a reader of the JSON expects.
    """

    expected = N_("a JSON object")

    def __init__(
        self,
        tag: str,
        variants: Mapping[str, Obj],
        *,
        what: str,
        before: Sequence[Field] = (),
        after: Sequence[Field] = (),
        check: Callable[[str, dict[str, Any], str], None] | None = None,
        build: Callable[[str, dict[str, Any], str], Any] | None = None,
        labels: Mapping[str, str] | None = None,
        label: str = "",
    ) -> None:
        self.tag = tag
        self.variants = dict(variants)
        self.what = what
        self.before = tuple(before)
        self.after = tuple(after)
        self.check = check
        self.build = build
        self.labels = dict(labels or {})
        """What a player reads for each variant."""
        self.label = label
        """What a player calls one (``"Action"``), for a form's buttons and its select; ``what`` when empty."""

    def only(self, names: Sequence[str], **changes: Any) -> Tagged:
        """The same type with only some of its variants (an ability's effects are a subset of actions).

        ``changes`` replace any other setting by its name (``what``, ``after``, ``check``, ...): the
        subset may be called something else in messages, or lack a field the whole type has after.
        """
        settings: dict[str, Any] = {
            "what": self.what,
            "before": self.before,
            "after": self.after,
            "check": self.check,
            "build": self.build,
            "labels": self.labels,
            "label": self.label,
        }
        settings.update(changes)
        return Tagged(self.tag, {n: v for n, v in self.variants.items() if n in names}, **settings)

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        f = Fields(value, path)
        values: dict[str, Any] = {}
        for declared in self.before:
            values[declared.name] = declared.read_from(f, values)
        names = list(self.variants)
        tag = choose(f.raw(self.tag), join(path, self.tag), names, self.what)
        values[self.tag] = tag
        variant = self.variants[tag]
        values.update(variant.read_fields(f, values))
        for declared in self.after:
            values[declared.name] = declared.read_from(f, values)
        f.done()
        made = variant.finish(values, path)  # a declared variant makes its object here
        if self.check is not None:
            self.check(tag, values, path)
        return self.build(tag, values, path) if self.build is not None else made

    def describe(self) -> str:
        return say(self.what)

    def dump(self, value: Any) -> Any:
        def get(name: str) -> Any:
            return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)

        tag: str = get(self.tag)
        variant = self.variants[tag]
        data: dict[str, Any] = {self.tag: tag}
        for f in self.before:
            data[f.name] = f.type.dump(get(f.name))
        body = variant.dump(value)
        data.update(body if isinstance(body, dict) else {})
        for f in self.after:
            given = get(f.name)
            if f.required or not (given == f.default or given in (None, "", (), {})):
                data[f.name] = f.type.dump(given)
        return data

    def children(self) -> tuple[Type, ...]:
        return (*(f.type for f in (*self.before, *self.after)), *self.variants.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "tagged",
            "tag": self.tag,
            "what": self.what,
            "label": self.label or self.what.capitalize(),
            "before": [f.to_json() for f in self.before],
            "after": [f.to_json() for f in self.after],
            "variants": [
                {"name": n, "label": self.labels.get(n, n), "fields": [f.to_json() for f in v.fields]}
                for n, v in self.variants.items()
            ],
        }
