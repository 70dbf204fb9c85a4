"""Declared records: a scenario object is a dataclass, and each of its fields is its own declaration.

A field of a scenario object says, where the attribute is, everything about it (:func:`declared`): its
type with its bounds or choices, its default, the label a player reads beside its control and one line
of help. :func:`record` reads the class and makes its schema, a :class:`Record` (an
:class:`~estro_rules.schema.Obj`): the reader builds the class from JSON, :meth:`Declared.to_json` writes
it back, and the browser's form and the format page's rows are the same fields'
(:meth:`~estro_rules.schema.Type.to_json`, :meth:`~estro_rules.schema.Type.describe`).

The rules that span several fields are declared once too, on the record, as an ordered list of named
rules (:class:`~estro_rules.ordered.RuleList`) each citing its rulings: the reader applies them in order,
a rule refusing a combination with a :class:`~estro_rules.errors.ScenarioError` that names the field, or
filling in a value the others leave to it. The format page lists them.

>>> from dataclasses import dataclass
>>> from estro_rules.ordered import Rule, RuleList
>>> from estro_rules.schema import Bool, Int
>>> def _not_both(values, path):
...     if values["fast"] and values["seed"] > 9:
...         raise ScenarioError(join(path, "seed"), "at most 9 when fast is true", got=values["seed"])
>>> @record("demo", rules=RuleList([Rule("fast_seeds", _not_both, "A fast demo seeds at most 9.", ("D-1",))]))
... @dataclass(frozen=True)
... class Demo(Declared):
...     seed: int = declared(Int(0, 99), default=0, label="Seed", help="The same seed, the same draw")
...     fast: bool = declared(Bool(), default=False, label="Fast")
>>> Demo.read({"seed": 7})
Demo(seed=7, fast=False)
>>> Demo.read({"seed": 700})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: seed: expected a whole number from 0 to 99, got 700
>>> Demo.read({"seed": 12, "fast": True})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: seed: expected at most 9 when fast is true, got 12
>>> Demo(seed=7, fast=True).to_json(), [f.name for f in Demo.SCHEMA.fields]
({'seed': 7, 'fast': True}, ['seed', 'fast'])

An entry point of the engine's own (a function that takes a seed) reads its argument through the same
declaration, so its bounds and its message are written once:

>>> Demo.parse("seed", 100, "--seed")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: --seed: expected a whole number from 0 to 99, got 100
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

from .errors import ScenarioError
from .fields import join
from .ordered import RuleList
from .schema import REQUIRED, Field, Obj, Pending, Type

__all__ = ["Check", "Declared", "Record", "declared", "record", "replaced"]

T = TypeVar("T", bound="DataclassInstance")
D = TypeVar("D", bound="Declared")

_META = "estro"
"""The key of a dataclass field's metadata that holds its declaration."""

Check = Callable[[dict[str, Any], str], None]
"""A rule across the fields of one object: it reads the values read so far (of the object found at
``path``), and refuses a combination with a :class:`~estro_rules.errors.ScenarioError`, or fills in a value
that depends on others (a default target that depends on the effect)."""


@dataclasses.dataclass(frozen=True)
class _Declaration:
    type: Type
    label: str
    help: str
    missing: str


def declared(
    type: Type,
    *,
    label: str,
    help: str = "",
    default: Any = REQUIRED,
    missing: str = "",
    kw_only: bool | None = None,
) -> Any:
    """A field of a scenario object: its type (with its bounds or choices), its default (:data:`REQUIRED`
    when it must be given), its label and one line of help; ``missing`` words the error for a missing
    required field where the type's own ``expected`` is not what to say. ``kw_only`` lets a field with a
    default stand before the required ones, as the JSON lists them."""
    meta = {_META: _Declaration(type, label, help, missing)}
    keyword: Any = dataclasses.MISSING if kw_only is None else kw_only
    if default is REQUIRED:
        return dataclasses.field(metadata=meta, kw_only=keyword)
    return dataclasses.field(default=default, metadata=meta, kw_only=keyword)


def _fields(cls: type) -> tuple[Field, ...]:
    found = []
    for f in dataclasses.fields(cls):
        declaration = f.metadata.get(_META)
        if isinstance(declaration, _Declaration):
            default = REQUIRED if f.default is dataclasses.MISSING else f.default
            found.append(Field(f.name, declaration.type, default, declaration.label, declaration.help, declaration.missing))
    return tuple(found)


class Record(Obj):
    """The schema of a declared class: its declared fields, the rules across them, and the class it builds.

    Reading checks each field, then applies the rules in order, then reads the fields checked later
    (:class:`~estro_rules.schema.Later`) that no rule read; the object is then made from values that are
    known to be right, so it is not checked again.
    """

    def __init__(
        self,
        cls: type,
        *,
        name: str,
        label: str = "",
        shorthand: str | None = None,
        expected: str = "a JSON object",
        rules: RuleList[Check] | None = None,
        where: str = "",
    ) -> None:
        super().__init__(_fields(cls), name=name, shorthand=shorthand, expected=expected, label=label)
        self.cls = cls
        """The class it builds."""
        self.rules: RuleList[Check] = rules if rules is not None else RuleList([])
        """The rules across the fields, in the order they apply, each with the rulings behind it."""
        self.where = where
        """The attribute (not a declared field) that keeps where in the scenario the object was read, if any."""

    def finish(self, values: dict[str, Any], path: str) -> Any:
        if self.where:
            values[self.where] = path
        for rule in self.rules.fns:
            rule(values, path)
        for name, value in values.items():  # a field checked later that no rule read: read now
            if isinstance(value, Pending):
                values[name] = value.read()
        return made(self.cls, values)


def made(cls: type[T], values: Mapping[str, Any]) -> T:
    """An instance of the dataclass ``cls`` with ``values``, which are known to be right: not checked again.

    A field that ``values`` does not give keeps its default.
    """
    obj = object.__new__(cls)
    for f in dataclasses.fields(cls):
        if f.name in values:
            value = values[f.name]
        elif f.default is not dataclasses.MISSING:
            value = f.default
        elif f.default_factory is not dataclasses.MISSING:
            value = f.default_factory()
        else:
            raise TypeError(f"{cls.__name__}: no value for {f.name}")
        object.__setattr__(obj, f.name, value)
    return obj




class Declared:
    """The base of a declared class: its schema, its reader, its JSON.

    An object made from Python (not read from JSON) is read as if it had been given as JSON when the class
    sets :attr:`CHECKED`, so that it can never hold what the reader would refuse.
    """

    SCHEMA: ClassVar[Record]
    """The class's schema, made by :func:`record`."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]  # every declared class is a dataclass

    CHECKED: ClassVar[bool] = False
    """Whether an object made from Python is checked as the reader checks one read from JSON."""

    def __post_init__(self) -> None:
        if type(self).CHECKED:
            type(self).SCHEMA.read(self.to_json(), "")

    def to_json(self) -> Any:
        """The object as JSON, as the reader reads it back."""
        return type(self).SCHEMA.dump(self)

    @classmethod
    def read(cls: type[D], data: object, path: str = "") -> D:
        """Read an object of this class from JSON; every error names the field, under ``path``."""
        read: D = cls.SCHEMA.read(data, path)
        return read

    @classmethod
    def parse(cls, name: str, value: object, path: str) -> Any:
        """``value``, given for the field ``name`` at ``path`` (an option of the command line, an argument
        of the engine's own functions), read through that field's declaration."""
        return cls.SCHEMA.field(name).type.read(value, path)


def record(
    name: str,
    *,
    label: str = "",
    shorthand: str | None = None,
    expected: str = "a JSON object",
    rules: RuleList[Check] | None = None,
    where: str = "",
) -> Callable[[type[D]], type[D]]:
    """Make a declared dataclass's schema (see the module's docstring); ``name`` is what one such object is
    called on the format page, ``label`` what a player calls it on a form's buttons, ``where`` an attribute
    that keeps the path it was read at (for messages about it later)."""

    def make(cls: type[D]) -> type[D]:
        cls.SCHEMA = Record(cls, name=name, label=label, shorthand=shorthand, expected=expected, rules=rules, where=where)
        return cls

    return make


def replaced(obj: D, **changes: Any) -> D:
    """``obj`` with some fields changed to values already read through their declarations (an option of the
    command line that overrides a scenario's field): not checked again."""
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    unknown = set(changes) - set(values)
    if unknown:
        raise ScenarioError(join("", sorted(unknown)[0]), "a field of " + type(obj).__name__, problem="unknown field")
    return made(type(obj), {**values, **changes})
