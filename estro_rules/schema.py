"""Field declarations: each scenario field is declared once, and everything else comes from it.

A declaration gives a field's name, its type (with its range or its choices), its default, a label
a player understands and one line of help. From the declarations come:

- the reader: :meth:`Type.read` checks a JSON value and names the field in every error;
- the field tables of the scenario format page: :meth:`Type.describe` (``scripts/sitegen/fields.py``);
- the widgets' controls: :meth:`Type.to_json` is what the browser builds its form from.

>>> SEED = Field("seed", Int(0, 99), default=0, label="Seed", help="The same seed replays the same draw.")
>>> DEMO = Obj([SEED, Field("fast", Bool(), default=False, label="Fast")], name="demo")
>>> DEMO.read({"seed": 7}, "")
{'seed': 7, 'fast': False}
>>> DEMO.read({"seed": 700}, "")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: seed: expected a whole number from 0 to 99, got 700
>>> DEMO.read({"sed": 7}, "")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: sed: unknown field; expected one of: fast, seed (did you mean 'seed'?)
>>> SEED.type.describe()
'whole number, 0 to 99'
>>> [f["name"] for f in DEMO.to_json()["fields"]]
['seed', 'fast']
>>> ListOf(Int(1, 6), max_items=3, what="list of dice", across=True).to_json()
{'type': 'list', 'item': {'type': 'int', 'min': 1, 'max': 6, 'nonzero': False}, 'min': 0, 'max': 3, 'what': 'list of dice', 'across': True}

Types nest: a list of objects, an object of lists, a choice between shapes (:class:`Keyed`,
:class:`Tagged`). A protocol may define a type of its own by subclassing :class:`Type`. An
object's ``build`` turns the checked values into the engine's own objects, and its ``check`` makes
the checks that span several fields.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .errors import ScenarioError
from .fields import Fields, check_int, choose, join, number_text
from .text import unsafe_characters


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a field that must be given."""

Context = Mapping[str, Any]
"""The fields of the enclosing object read so far (a field's type may depend on a sibling)."""

NOTHING: Context = MappingProxyType({})
"""The context of a value read on its own."""


class Type(ABC):
    """What a field may hold, how it is read, and how a page and a form show it."""

    expected: str = "a value"
    """What the field should hold, in the words of an error message (``"a whole number"``)."""

    @abstractmethod
    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        """Check ``value`` (found at ``path``) and return it as the engine needs it."""

    @abstractmethod
    def describe(self) -> str:
        """The type in plain words, for the scenario format page."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The type as data, for the form the browser builds."""


@dataclass(frozen=True)
class Field:
    """One field of an object: its name, its type, its default, and its words for people."""

    name: str
    """The key in the JSON object."""

    type: Type
    """What it holds."""

    default: Any = REQUIRED
    """The value when the field is absent (or ``null``); :data:`REQUIRED` when it must be given."""

    label: str = ""
    """What a player reads beside its control (``"Destroyed by the opponent"``)."""

    help: str = ""
    """One line of help: what the field means."""

    missing: str = ""
    """What the error for a missing required field says was expected, where it is not the type's own
    ``expected`` (``"a value"``)."""

    def read_from(self, f: Fields, ctx: Context) -> Any:
        """Read this field of the object ``f``; an absent field takes the default."""
        if self.required:
            value = f.raw(self.name, expected=self.missing or self.type.expected)
        else:
            value = f.raw(self.name, default=None)
            if value is None:
                return self.default
        return self.type.read(value, join(f.path, self.name), ctx)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "label": self.label or self.name, "type": self.type.to_json()}
        if self.help:
            data["help"] = self.help
        if self.required:
            data["required"] = True
        elif self.default is not None:
            data["default"] = _json_default(self.default)
        return data


def _json_default(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_default(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(value)
    return value


# --------------------------------------------------------------------------
# Plain values


class Int(Type):
    """A whole number within bounds (``true`` is not a number)."""

    expected = "a whole number"

    def __init__(self, minimum: int | None = None, maximum: int | None = None, *, nonzero: bool = False) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.nonzero = nonzero
        """Whether 0 is refused (a change of 0 changes nothing)."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> int:
        number = check_int(value, path, minimum=self.minimum, maximum=self.maximum)
        if self.nonzero and number == 0:
            raise ScenarioError(path, "a change other than 0", got=0)
        return number

    def describe(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            text = f"whole number, {_number(low)} to {_number(high)}"
        elif low is not None:
            text = f"whole number ≥ {_number(low)}"
        elif high is not None:
            text = f"whole number ≤ {_number(high)}"
        else:
            text = "whole number"
        return text + (", not 0" if self.nonzero else "")

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "min": self.minimum, "max": self.maximum, "nonzero": self.nonzero}


_number = number_text


class Bool(Type):
    """``true`` or ``false``."""

    expected = "true or false"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> bool:
        if not isinstance(value, bool):
            raise ScenarioError(path, "true or false", got=value)
        return value

    def describe(self) -> str:
        return "true/false"

    def to_json(self) -> dict[str, Any]:
        return {"type": "bool"}


PLAIN = "text without line breaks, control characters or direction marks"
"""What a name or any other text a player gives may hold: it is shown on pages and in terminals."""


def plain(value: str, path: str) -> str:
    """``value``, if it holds nothing that could forge a line, run a terminal escape or turn text around.

    >>> plain("Ogopogo", "name")
    'Ogopogo'
    >>> plain("Ogo\u202epogo", "left[0].name")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: left[0].name: expected text without line breaks, control characters or direction marks, got 'Ogo\u202epogo'
    """
    if unsafe_characters(value):
        raise ScenarioError(path, PLAIN, got=value)
    return value


class Text(Type):
    """A string of plain text; ``nonempty`` names what a blank one should have been."""

    expected = "a string"

    def __init__(self, *, nonempty: str = "", strip: bool = False, what: str = "text") -> None:
        self.nonempty = nonempty
        """When set, an empty string is refused with this as the expected value (``"a non-empty name"``)."""
        self.strip = strip
        """Whether blank space alone counts as empty."""
        self.what = what
        """What it is, for the format page (``"name"``)."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, self.nonempty or "a string", got=value)
        if self.nonempty and not (value.strip() if self.strip else value):
            raise ScenarioError(path, self.nonempty, got=value)
        return plain(value, path)

    def describe(self) -> str:
        return self.what

    def to_json(self) -> dict[str, Any]:
        return {"type": "text", "nonempty": bool(self.nonempty), "what": self.what}


class Choice(Type):
    """One of a fixed set of names; a near miss gets a "did you mean"."""

    def __init__(
        self, options: Sequence[str], what: str, *, labels: Mapping[str, str] | None = None, expected: str = ""
    ) -> None:
        self.options = tuple(options)
        self.what = what
        """What one option is (``"mode"``), for messages."""
        self.labels = dict(labels or {})
        """What a player reads for each option, where it is not the option itself."""
        self.expected = expected or f"a {what} name (a string)"
        """What a missing field should have held; ``"a <what> name (a string)"`` unless given."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        return choose(value, path, self.options, self.what)

    def describe(self) -> str:
        return f"{self.what} name"

    def to_json(self) -> dict[str, Any]:
        return {"type": "choice", "what": self.what, "options": [[o, self.labels.get(o, o)] for o in self.options]}


class Ref(Type):
    """The name of something defined elsewhere in the scenario (a player, a card on the board).

    It is read as text; the kind's ``check`` makes sure it names something that exists.
    """

    def __init__(self, to: str, what: str) -> None:
        self.to = to
        """Where the names are defined (``"players"``, ``"board"``)."""
        self.what = what
        self.expected = "a string"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, "a string", got=value)
        return plain(value, path)

    def describe(self) -> str:
        return f"{self.what} (one of `{self.to}`)"

    def to_json(self) -> dict[str, Any]:
        return {"type": "ref", "to": self.to, "what": self.what}


# --------------------------------------------------------------------------
# Collections


class ListOf(Type):
    """A list of items of one type, with optional bounds on its length.

    ``too_few`` and ``too_many`` word the errors for a list out of bounds; each gets the list and
    gives ``(expected, got, hint)``.
    """

    def __init__(
        self,
        item: Type,
        *,
        min_items: int = 0,
        max_items: int | None = None,
        expected: str = "a list",
        what: str = "",
        too_few: Callable[[list[Any]], tuple[str, Any, str]] | None = None,
        too_many: Callable[[list[Any]], tuple[str, Any, str]] | None = None,
        noun: str = "",
        across: bool = False,
    ) -> None:
        self.item = item
        self.min_items = min_items
        self.max_items = max_items
        self.expected = expected
        self.what = what
        """What the list holds, for the format page (``"list of mode names"``)."""
        self.too_few = too_few
        self.too_many = too_many
        self.noun = noun
        """What the items are, in the plural, for a message about their number (``"actions"``)."""
        self.across = across
        """Whether its items stand side by side, first on the left (a team's cryptids): a form moves them
        left and right rather than up and down."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise ScenarioError(path, self.expected, got=value)
        if len(value) < self.min_items:
            if self.too_few:
                expected, got, hint = self.too_few(value)
                raise ScenarioError(path, expected, got=got, hint=hint)
            n = self.min_items
            raise ScenarioError(path, "at least one item" if n == 1 else f"at least {n} items", got=value)
        if self.max_items is not None and len(value) > self.max_items:
            if self.too_many:
                expected, got, hint = self.too_many(value)
                raise ScenarioError(path, expected, got=got, hint=hint)
            if self.noun:
                raise ScenarioError(path, f"at most {self.max_items:,} {self.noun}", got=len(value))
            raise ScenarioError(path, f"at most {_number(self.max_items)} items", got=value)
        return tuple(self.item.read(item, join(path, f"[{i}]"), ctx) for i, item in enumerate(value))

    def describe(self) -> str:
        text = self.what or f"list of {self.item.describe()}"
        if self.min_items and self.max_items is not None:
            return f"{text}, {self.min_items} to {_number(self.max_items)}"
        if self.min_items:
            return f"{text}, at least {self.min_items}"
        if self.max_items is not None:
            return f"{text}, at most {_number(self.max_items)}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "list",
            "item": self.item.to_json(),
            "min": self.min_items,
            "max": self.max_items,
            "what": self.what,
            "across": self.across,
        }


class Pair(Type):
    """Exactly two values, as a JSON list (``[3, 4]``)."""

    def __init__(self, first: Type, second: Type, *, expected: str, what: str) -> None:
        self.first = first
        self.second = second
        self.expected = expected
        self.what = what

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> tuple[Any, Any]:
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ScenarioError(path, self.expected, got=value)
        return self.first.read(value[0], join(path, "[0]"), ctx), self.second.read(value[1], join(path, "[1]"), ctx)

    def describe(self) -> str:
        return self.what

    def to_json(self) -> dict[str, Any]:
        return {"type": "pair", "items": [self.first.to_json(), self.second.to_json()]}


class MapOf(Type):
    """An object whose keys are names of one kind (faces, values, players) and whose values share a type."""

    expected = "a JSON object"

    def __init__(self, key: Choice | Ref | Text, value: Type, *, what: str, default: Any = REQUIRED) -> None:
        self.key = key
        self.value = value
        self.what = what
        self.default = default
        """The value of a key given as ``null``; :data:`REQUIRED` when ``null`` is refused."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> dict[str, Any]:
        f = Fields(value, path)
        out: dict[str, Any] = {}
        for key in f.keys():
            where = join(path, key)
            name = self.key.read(key, where, ctx)
            raw = f.raw(key) if self.default is REQUIRED else f.raw(key, default=None)
            out[name] = self.default if raw is None else self.value.read(raw, where, {**ctx, "_key": name})
        f.done()
        return out

    def describe(self) -> str:
        return self.what

    def to_json(self) -> dict[str, Any]:
        return {"type": "map", "key": self.key.to_json(), "value": self.value.to_json()}


class Obj(Type):
    """A JSON object with declared fields; any other key is an error that names it.

    ``shorthand`` names a field that may be given alone, in place of the whole object (a team may be
    written as its list of cryptids). ``check`` sees the values read and may refuse a combination;
    ``build`` turns them into the engine's object.
    """

    expected = "a JSON object"

    def __init__(
        self,
        fields: Sequence[Field],
        *,
        name: str,
        check: Callable[[dict[str, Any], str], None] | None = None,
        build: Callable[[dict[str, Any], str], Any] | None = None,
        shorthand: str | None = None,
        expected: str = "a JSON object",
        label: str = "",
    ) -> None:
        self.fields = tuple(fields)
        self.name = name
        """What one such object is (``"cryptid"``), for the format page."""
        self.check = check
        self.build = build
        self.shorthand = shorthand
        self.expected = expected
        self.label = label
        """What a player calls one (``"Cryptid"``), for a form's buttons and headings."""

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        if self.shorthand is not None and not isinstance(value, dict):
            short = self.field(self.shorthand)
            if not isinstance(value, list):
                raise ScenarioError(path or "scenario", self.expected, got=value)
            values = {f.name: f.default for f in self.fields if f is not short}
            values[short.name] = short.type.read(value, path, values)
        else:
            f = Fields(value, path)
            values = self.read_fields(f, ctx)
            f.done()
        return self.finish(values, path)

    def read_fields(self, f: Fields, ctx: Context) -> dict[str, Any]:
        """Read every declared field of ``f`` (without rejecting other keys: the caller may read more)."""
        values: dict[str, Any] = {}
        for declared in self.fields:
            values[declared.name] = declared.read_from(f, values)
        return values

    def finish(self, values: dict[str, Any], path: str) -> Any:
        if self.check is not None:
            self.check(values, path)
        return self.build(values, path) if self.build is not None else values

    def describe(self) -> str:
        return self.name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": "object",
            "name": self.name,
            "label": self.label or self.name,
            "fields": [f.to_json() for f in self.fields],
        }
        if self.shorthand:
            data["shorthand"] = self.shorthand
        return data


# --------------------------------------------------------------------------
# Choices between shapes


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

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> tuple[str, Any, dict[str, Any]]:
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
        return self.what

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

    expected = "a JSON object"

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
        variant.finish(values, path)
        if self.check is not None:
            self.check(tag, values, path)
        return self.build(tag, values, path) if self.build is not None else values

    def describe(self) -> str:
        return self.what

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


# --------------------------------------------------------------------------
# Errors in a player's words


_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def _plain(label: str) -> str:
    """A label without its bracket: ``"Health (salute)"`` is ``"Health"``."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", label).strip()


def _named(value: object) -> str:
    if isinstance(value, dict):
        for key in ("name", "id", "title"):
            if isinstance(value.get(key), str) and value[key]:
                return str(value[key])
    return ""


def _lower(label: str) -> str:
    """A label inside a sentence: ``"Health"`` is ``"health"``, but ``"DEF"`` stays ``"DEF"``."""
    return label[0].lower() + label[1:] if label[1:2].islower() else label


def _where(root: Type, path: str, data: object) -> list[str]:
    """The steps of ``path`` in the form's words: ``left.cryptids[0].health`` is ``["Left team", "cryptid 1
    (Nessie)", "health"]``. A step the declarations do not know is given as it is written; a map's key
    as it is (``Prime``); a shape's label in quotes (“The dice total is”)."""
    steps: list[str] = []
    here: Type | None = root
    value = data
    listed = False  # the last step named a list
    for match in _STEP.finditer(path):
        key, index = match.group(1), match.group(2)
        nxt: Type | None = None
        listed, was_listed = False, listed
        while isinstance(getattr(here, "inner", None), Type):  # a wrapper (checked later, say): what it holds
            here = getattr(here, "inner")  # noqa: B009
        if index is not None:
            i = int(index)
            if isinstance(here, Obj) and here.shorthand is not None:  # a team given as its list of cryptids
                here = here.field(here.shorthand).type
                while isinstance(getattr(here, "inner", None), Type):
                    here = getattr(here, "inner")  # noqa: B009
            item = value[i] if isinstance(value, list) and 0 <= i < len(value) else None
            if isinstance(here, ListOf):
                nxt = here.item
                noun = getattr(nxt, "label", "")
                if noun and was_listed:
                    steps.pop()  # "cryptid 1" says it is one of the cryptids
                name = _named(item)
                steps.append(f"{(noun or 'item').lower()} {i + 1}" + (f" ({name})" if name else ""))
            elif isinstance(here, Pair):
                nxt = here.first if i == 0 else here.second
                steps.append(("the first value", "the second value")[min(i, 1)])
            else:
                steps.append(f"item {i + 1}")
            value = item
        else:
            item = value.get(key) if isinstance(value, dict) else None
            declared: Field | None = None
            if isinstance(here, Obj):
                declared = next((f for f in here.fields if f.name == key), None)
            elif isinstance(here, Tagged):
                fields = [*here.before, *here.after, *(f for v in here.variants.values() for f in v.fields)]
                declared = next((f for f in fields if f.name == key), None)
            if declared is not None:
                nxt = declared.type
                steps.append(_lower(_plain(declared.label) or key))
                listed = isinstance(nxt, ListOf) or isinstance(getattr(nxt, "inner", None), ListOf)
            elif isinstance(here, Keyed) and key in here.names:
                option = here.option(key)
                nxt = option.value
                steps.append(f"“{_plain(option.label) or key}”")
            elif isinstance(here, MapOf):
                nxt = here.value
                steps.append(key)
            else:
                steps.append(key)
            value = item
        here = nxt
    return steps


def in_words(root: Type, err: ScenarioError, data: object) -> str:
    """``err`` as a player reads it: where, in the words of the form, then what is wrong. The command
    line keeps the path (``str(err)``); the widgets show this.

    >>> cryptid = Obj([Field("name", Text()), Field("health", Int(1, 999), label="Health (salute)")],
    ...               name="cryptid", label="Cryptid")
    >>> team = Obj([Field("cryptids", ListOf(cryptid))], name="team")
    >>> root = Obj([Field("left", team, label="Left team")], name="battle")
    >>> data = {"left": {"cryptids": [{"name": "Nessie", "health": -2}]}}
    >>> err = ScenarioError("left.cryptids[0].health", "a whole number from 1 to 999", got=-2)
    >>> in_words(root, err, data)
    'Left team, cryptid 1 (Nessie): health must be a whole number from 1 to 999 (it is -2)'
    >>> in_words(root, ScenarioError("left.cryptids", "a list", got=3), {"left": {"cryptids": 3}})
    'Left team: cryptids must be a list (it is 3)'
    >>> in_words(root, ScenarioError("left.cryptids[0].helth", "one of: name, health", problem="unknown field"), data)
    'Left team, cryptid 1 (Nessie): “helth” is not a field here (one of: name, health)'
    >>> in_words(root, ScenarioError("left.cryptids[0].name", "a string", hint="missing field"), data)
    'Left team, cryptid 1 (Nessie): name is missing (it must be a string)'
    """
    steps = _where(root, err.field, data) if err.field and err.field != "scenario" else []
    *around, last = steps or ["the scenario"]
    where = ", ".join(around)
    if err.problem == "unknown field":
        said = f"“{err.field.rsplit('.', 1)[-1]}” is not a field here ({err.expected})"
    elif err.problem:
        said = f"{last}: {err.problem} (expected {err.expected})"
    elif err.hint == "missing field":
        said = f"{last} is missing (it must be {err.expected})"
    else:
        said = f"{last} must be {err.expected}"
        extra = [f"it is {err.got}"] if err.got is not None else []
        extra += [err.hint] if err.hint else []
        if extra:
            said += f" ({'; '.join(extra)})"
    text = f"{where}: {said}" if where else said
    return text[0].upper() + text[1:]
