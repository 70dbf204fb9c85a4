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
>>> from estro_rules.i18n import using
>>> with using("it"):
...     Int(1, 100_000).describe(), ListOf(Ref("board", "card"), min_items=1, what="list of cards").describe()
('numero intero da 1 a 100.000', 'elenco di carte, almeno 1')
>>> with using("it"):
...     Ref("players", "player").describe(), Choice(("Map", "Burned"), "zone").describe(), Bool().describe()
('giocatore (uno degli elementi di `players`)', 'nome di zona', '`true` o `false`')
>>> [f["name"] for f in DEMO.to_json()["fields"]]
['seed', 'fast']
>>> ListOf(Int(1, 6), max_items=3, what="list of dice", across=True).to_json()
{'type': 'list', 'item': {'type': 'int', 'min': 1, 'max': 6, 'nonzero': False}, 'min': 0, 'max': 3, 'what': 'list of dice', 'across': True}

Types nest: a list of objects, an object of lists, a choice between shapes (:mod:`estro_rules.shapes`). A protocol may define a type of its own by subclassing :class:`Type`. An
object's ``build`` turns the checked values into the engine's own objects, and its ``check`` makes
the checks that span several fields.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .errors import ScenarioError
from .fields import Fields, check_int, choose, join, number_text
from .i18n import N_, Message, _, grouped, say
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
        """The type in plain words, for the scenario format page, in the current language (English, the
        language of the code, unless :class:`estro_rules.i18n.using` says otherwise): its nouns are marked
        for the catalogue (:func:`N_`) where they are declared."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The type as data, for the form the browser builds."""

    def dump(self, value: Any) -> Any:
        """``value`` as JSON, as :meth:`read` would read it back: a declared object's ``to_json``."""
        return value

    def children(self) -> tuple[Type, ...]:
        """The types directly inside this one (the format page's tables of nested objects follow them)."""
        return ()


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
            data["default"] = _plain_json(self.type.dump(self.default))
        return data


def _plain_json(value: Any) -> Any:
    """A value JSON can hold: tuples and sets written as lists."""
    if isinstance(value, (tuple, list)):
        return [_plain_json(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return value


# --------------------------------------------------------------------------
# Plain values


class Int(Type):
    """A whole number within bounds (``true`` is not a number)."""

    expected = N_("a whole number")

    def __init__(self, minimum: int | None = None, maximum: int | None = None, *, nonzero: bool = False) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.nonzero = nonzero
        """Whether 0 is refused (a change of 0 changes nothing)."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> int:
        number = check_int(value, path, minimum=self.minimum, maximum=self.maximum)
        if self.nonzero and number == 0:
            raise ScenarioError(path, N_("a change other than 0"), got=0)
        return number

    def describe(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            text = _("whole number, {low} to {high}").format(low=_said_number(low), high=_said_number(high))
        elif low is not None:
            text = _("whole number ≥ {low}").format(low=_said_number(low))
        elif high is not None:
            text = _("whole number ≤ {high}").format(high=_said_number(high))
        else:
            text = _("whole number")
        return _("{type}, not 0").format(type=text) if self.nonzero else text

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "min": self.minimum, "max": self.maximum, "nonzero": self.nonzero}


_number = number_text


def _said_number(n: int) -> str:
    """A bound as a player of the current language reads it: :func:`number_text`, its thousands separated as
    the language separates them (``100.000`` in Italian, where ``100,000`` reads as one hundred).

    >>> from estro_rules.i18n import using
    >>> with using("it"):
    ...     _said_number(100_000), _said_number(2**63 - 1), _said_number(999)
    ('100.000', '2⁶³−1', '999')
    """
    return grouped(number_text(n))


class Bool(Type):
    """``true`` or ``false``."""

    expected = N_("true or false")

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> bool:
        if not isinstance(value, bool):
            raise ScenarioError(path, N_("true or false"), got=value)
        return value

    def describe(self) -> str:
        return _("true/false")

    def to_json(self) -> dict[str, Any]:
        return {"type": "bool"}


PLAIN = N_("text without line breaks, control characters or direction marks")
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

    expected = N_("a string")

    def __init__(self, *, nonempty: str = "", strip: bool = False, what: str = N_("text"), label: str = "") -> None:
        self.nonempty = nonempty
        """When set, an empty string is refused with this as the expected value (``"a non-empty name"``)."""
        self.strip = strip
        """Whether blank space alone counts as empty."""
        self.what = what
        """What it is, for the format page (``"name"``)."""
        self.label = label
        """What the editors call one such text, an item of a list (``"Player"``); none: they name it by ``what``."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, self.nonempty or N_("a string"), got=value)
        if self.nonempty and not (value.strip() if self.strip else value):
            raise ScenarioError(path, self.nonempty, got=value)
        return plain(value, path)

    def describe(self) -> str:
        return say(self.what)

    def to_json(self) -> dict[str, Any]:
        return {"type": "text", "nonempty": bool(self.nonempty), "what": self.what} | (
            {"label": self.label} if self.label else {}
        )


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
        self.expected = expected or Message("a {what} name (a string)", what=Message.kept(what))
        """What a missing field should have held; ``"a <what> name (a string)"`` unless given."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        return choose(value, path, self.options, self.what)

    def describe(self) -> str:
        return _("{what} name").format(what=say(self.what))

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
        self.expected = N_("a string")

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, N_("a string"), got=value)
        return plain(value, path)

    def describe(self) -> str:
        return _("{what} (one of `{to}`)").format(what=say(self.what), to=self.to)

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
        as_set: bool = False,
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
        self.as_set = as_set
        """Whether the items read are a set (their order and repeats mean nothing): a ``frozenset``."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        if not isinstance(value, list):
            raise ScenarioError(path, self.expected, got=value)
        if len(value) < self.min_items:
            if self.too_few:
                expected, got, hint = self.too_few(value)
                raise ScenarioError(path, expected, got=got, hint=hint)
            n = self.min_items
            at_least = N_("at least one item") if n == 1 else Message("at least {count} items", count=n)
            raise ScenarioError(path, at_least, got=value)
        if self.max_items is not None and len(value) > self.max_items:
            if self.too_many:
                expected, got, hint = self.too_many(value)
                raise ScenarioError(path, expected, got=got, hint=hint)
            if self.noun:
                most = Message(
                    "at most {count} {items}", count=format(self.max_items, ","), items=Message.kept(self.noun)
                )
                raise ScenarioError(path, most, got=len(value))
            raise ScenarioError(path, Message("at most {count} items", count=_number(self.max_items)), got=value)
        read = tuple(self.item.read(item, join(path, f"[{i}]"), ctx) for i, item in enumerate(value))
        return frozenset(read) if self.as_set else read

    def describe(self) -> str:
        text = say(self.what) if self.what else _("list of {item}").format(item=self.item.describe())
        low, high = self.min_items, None if self.max_items is None else _said_number(self.max_items)
        if low and high is not None:
            return _("{list}, {low} to {high}").format(list=text, low=low, high=high)
        if low:
            return _("{list}, at least {low}").format(list=text, low=low)
        if high is not None:
            return _("{list}, at most {high}").format(list=text, high=high)
        return text

    def dump(self, value: Any) -> Any:
        if isinstance(value, (set, frozenset)):  # a set written in the order its choices are declared
            known = self.item.options if isinstance(self.item, Choice) else ()
            value = [v for v in known if v in value] + sorted(v for v in value if v not in known)
        return [self.item.dump(v) for v in value]

    def children(self) -> tuple[Type, ...]:
        return (self.item,)

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
        return say(self.what)

    def dump(self, value: Any) -> Any:
        return [self.first.dump(value[0]), self.second.dump(value[1])]

    def children(self) -> tuple[Type, ...]:
        return (self.first, self.second)

    def to_json(self) -> dict[str, Any]:
        return {"type": "pair", "items": [self.first.to_json(), self.second.to_json()]}


class MapOf(Type):
    """An object whose keys are names of one kind (faces, values, players) and whose values share a type."""

    expected = N_("a JSON object")

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
        return say(self.what)

    def dump(self, value: Any) -> Any:
        return {k: self.value.dump(v) for k, v in value.items()}

    def children(self) -> tuple[Type, ...]:
        return (self.value,)

    def to_json(self) -> dict[str, Any]:
        return {"type": "map", "key": self.key.to_json(), "value": self.value.to_json()}


class Obj(Type):
    """A JSON object with declared fields; any other key is an error that names it.

    ``shorthand`` names a field that may be given alone, in place of the whole object (a team may be
    written as its list of cryptids). ``check`` sees the values read and may refuse a combination;
    ``build`` turns them into the engine's object.
    """

    expected = N_("a JSON object")

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
        return say(self.name)

    def dump(self, value: Any) -> Any:
        """The fields of ``value`` (the values read, or an object with them as attributes) as JSON: a field
        left at an absent default (``None``, ``""``) is left out, the shorthand alone when nothing else is given."""

        def get(name: str) -> Any:
            return value.get(name) if isinstance(value, Mapping) else getattr(value, name)

        data = {}
        for f in self.fields:
            given = get(f.name)
            if f.required or not (given == f.default and f.default in (None, "")):
                data[f.name] = f.type.dump(given)
        if self.shorthand is not None and list(data) == [self.shorthand]:
            return data[self.shorthand]
        return data

    def children(self) -> tuple[Type, ...]:
        return tuple(f.type for f in self.fields)

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
# Values checked later


class Pending(NamedTuple):
    """A value read as given, to be checked by its type when the object's rules ask (:class:`Later`)."""

    type: Type
    value: object
    path: str

    def read(self) -> Any:
        return self.type.read(self.value, self.path)


class Later(Type):
    """A field checked after the other keys of its object: reading it gives a :class:`Pending`.

    A team's cryptids are checked once the team object has no unknown key, and an ability's target
    once its effect is known (a dice effect takes no target at all, whatever the value). A declared
    object's rules may read it when they need it; what they leave is read after them.
    """

    expected = N_("a value")

    def __init__(self, inner: Type) -> None:
        self.inner = inner

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Pending:
        return Pending(self.inner, value, path)

    def describe(self) -> str:
        return self.inner.describe()

    def dump(self, value: Any) -> Any:
        return self.inner.dump(value)

    def children(self) -> tuple[Type, ...]:
        return (self.inner,)

    def to_json(self) -> dict[str, Any]:
        return self.inner.to_json()
