"""A scenario's error in a player's words: where, as the form names it, then what is wrong.

The command line prints an error with the field's path (``left.cryptids[0].health: expected …``);
a widget says the same thing in the words of its form, from the same declarations
(:mod:`estro_rules.schema`, :mod:`estro_rules.shapes`): the form's labels, a list's item by its place
and its name, a choice's option by its label.
"""

from __future__ import annotations

import re

from .errors import ScenarioError
from .i18n import _, say
from .schema import Field, ListOf, MapOf, Obj, Pair, Type
from .shapes import Keyed, Tagged

__all__ = ["in_words"]

_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def _plain(label: str) -> str:
    """A label in the current language, without its bracket: ``"Health (salute)"`` is ``"Health"``."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", say(label)).strip()


def _named(value: object) -> str:
    if isinstance(value, dict):
        for key in ("name", "id", "title"):
            if isinstance(value.get(key), str) and value[key]:
                return str(value[key])
    return ""


def _lower(label: str) -> str:
    """A label inside a sentence: ``"Health"`` is ``"health"``, but ``"DEF"`` stays ``"DEF"``."""
    return label[0].lower() + label[1:] if label[1:2].islower() else label


def _unwrapped(here: Type | None) -> Type | None:
    """What a wrapper (a field checked later, say) holds."""
    while isinstance(getattr(here, "inner", None), Type):
        here = getattr(here, "inner")  # noqa: B009
    return here


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
        here = _unwrapped(here)
        if index is not None:
            i = int(index)
            if isinstance(here, Obj) and here.shorthand is not None:  # a team given as its list of cryptids
                here = _unwrapped(here.field(here.shorthand).type)
            item = value[i] if isinstance(value, list) and 0 <= i < len(value) else None
            if isinstance(here, ListOf):
                nxt = here.item
                noun = say(getattr(nxt, "label", ""))
                if noun and was_listed:
                    steps.pop()  # "cryptid 1" says it is one of the cryptids
                name = _named(item)
                step = _("{item} {number}").format(item=(noun or _("item")).lower(), number=i + 1)
                steps.append(step + (f" ({name})" if name else ""))
            elif isinstance(here, Pair):
                nxt = here.first if i == 0 else here.second
                steps.append((_("the first value"), _("the second value"))[min(i, 1)])
            else:
                steps.append(_("item {number}").format(number=i + 1))
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
                listed = isinstance(_unwrapped(nxt), ListOf)
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
    """``err`` as a player reads it: where, in the words of the form whose fields ``root`` declares, then
    what is wrong. The command line keeps the path (``str(err)``); the widgets show this.

    >>> from estro_rules.schema import Int, Text
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
    *around, last = steps or [_("the scenario")]
    where = ", ".join(around)
    expected, got, hint, problem = err.parts()  # in the current language
    if err.problem == "unknown field":
        name = err.field.rsplit(".", 1)[-1]
        said = _("“{name}” is not a field here ({expected})").format(name=name, expected=expected)
    elif err.problem:
        said = _("{field}: {problem} (expected {expected})").format(field=last, problem=problem, expected=expected)
    elif err.hint == "missing field":
        said = _("{field} is missing (it must be {expected})").format(field=last, expected=expected)
    else:
        said = _("{field} must be {expected}").format(field=last, expected=expected)
        extra = [_("it is {value}").format(value=got)] if got is not None else []
        extra += [hint] if hint else []
        if extra:
            said += f" ({'; '.join(extra)})"
    text = _("{where}: {what}").format(where=where, what=said) if where else said
    return text[0].upper() + text[1:]
