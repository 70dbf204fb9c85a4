"""The value types §19 adds to the kernel's: phases, printed values, subtypes, names of what a scenario defines.

The fields that use them are declared on the classes of :mod:`.cards`, :mod:`.acting` and :mod:`.kinds`.
Every reader error names the field; the checks that span several cards (a card on the board, a Storyline
to Bind) are the scenario kind's rules.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from ..errors import ScenarioError
from ..fields import check_int
from ..i18n import N_, say
from ..schema import NOTHING, Choice, Context, Ref, Type
from .rules import KNOWN_PHASES, MAX_NUMBER, SUBTYPES, X_VALUES, X

# --------------------------------------------------------------------------
# The types §19 adds to the kernel's


def check_phase(value: object, path: str) -> str:
    """A phase name; a near miss of a phase §19 names is an error.

    >>> check_phase("Admin", "phase")
    'Admin'
    >>> check_phase("Raedy", "phase")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: phase: expected a phase name, got 'Raedy' (did you mean 'Ready'?)
    """
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(path, "a phase name (a string)", got=value)
    if value not in KNOWN_PHASES:
        close = get_close_matches(value, KNOWN_PHASES)  # the closest first
        if close:
            raise ScenarioError(path, "a phase name", got=value, hint=f"did you mean {close[0]!r}?")
    return value


class Phase(Type):
    """A phase: any name (§10, which lists them, is not published), but not a near miss of one §19 names."""

    expected = "a value"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        return check_phase(value, path)

    def describe(self) -> str:
        return say(N_("phase name"))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "text",
            "nonempty": True,
            "what": "phase name",
            "label": N_("Phase"),  # what the editors call one, an item of a list
            "suggestions": list(KNOWN_PHASES),
        }


class PrintedValue(Type):
    """A value printed on a face: a whole number from 0, or ``X`` — the DEF and Rank of a Character.

    It reads the face's ``type`` (read before it) and the value's name (its key) from the context.
    """

    expected = "a whole number"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> int | str:
        character = ctx.get("type") == "Character"
        if value == X:
            if not character or ctx.get("_key") not in X_VALUES:
                raise ScenarioError(
                    path, "a whole number of at least 0 (only a Character prints DEF X and Rank X)", got=value
                )
            return X
        if character and ctx.get("_key") in X_VALUES:
            raise ScenarioError(path, "'X' (a Character prints DEF X and Rank X)", got=value)
        return check_int(value, path, minimum=0, maximum=MAX_NUMBER)

    def describe(self) -> str:
        return f"whole number, 0 to {MAX_NUMBER}, or X (a Character's DEF and Rank)"

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "min": 0, "max": MAX_NUMBER, "nonzero": False, "also": [X]}


class Subtype(Choice):
    """A subtype, which the face's ``type`` (read before it) must be able to carry."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        sub = super().read(value, path, ctx)
        kind = ctx.get("type")
        if kind not in SUBTYPES[sub]:
            raise ScenarioError(path, f"a subtype a {kind} can have", got=sub, hint=f"{sub} is for {SUBTYPES[sub][0]}s")
        return sub


class Named(Ref):
    """A name the kind's check reads whole, whatever its JSON type, as a choice among the names the
    scenario defines (its players, the faces of the placed card)."""

    def __init__(self, to: str, what: str) -> None:
        super().__init__(to, what)
        self.expected = "a value"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        return value


class CardName(Ref):
    """A card on the board named in a list: a non-empty string."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str) or not value:
            raise ScenarioError(path, "a non-empty string", got=value)
        return value
