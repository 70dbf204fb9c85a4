"""The scenario kinds of PROTOCOL_07, each with its fields declared once.

>>> COMBINATION.load({"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]}).run().allowed
False
>>> DESTRUCTION.load({"seed": 7, "face_down": "yes"})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: face_down: expected true or false, got 'yes'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..protocol import ScenarioKind
from ..schema import Bool, Choice, Field, Int, ListOf, Obj, Text
from .engine import CombinationVerdict, Destruction, DestructionResult, check_combination, resolve_destruction
from .rules import EFFECTS, MAX_QUADRANTE_RESULTS, MAX_SEED, MODE_NAMES
from .views import combination_html, combination_text, destruction_html, destruction_text


@dataclass(frozen=True)
class CombinationScenario:
    """A scenario asking whether a set of modes combines."""

    modes: tuple[str, ...]
    """The modes to check, as given."""

    def run(self) -> CombinationVerdict:
        return check_combination(self.modes)


@dataclass(frozen=True)
class DestructionScenario:
    """A scenario resolving one destruction with a seed."""

    destruction: Destruction
    """The destruction to resolve."""

    seed: int = 0
    """Seed of the generator that draws the Quadrante's result."""

    def run(self) -> DestructionResult:
        return resolve_destruction(self.destruction, random.Random(self.seed))


def _combination(values: dict[str, Any], path: str) -> CombinationScenario:
    check_combination(values["modes"])  # a mode listed twice is a scenario error too
    return CombinationScenario(values["modes"])


def _destruction(values: dict[str, Any], path: str) -> DestructionScenario:
    destruction = Destruction(
        destroyed_by_opponent=values["destroyed_by_opponent"],
        face_down=values["face_down"],
        illusio_in_hand=values["illusio_in_hand"],
        fessura_self_destruct=values["fessura_self_destruct"],
        in_play=frozenset(values["in_play"]),
        quadrante_table=values["quadrante_table"],
    )
    return DestructionScenario(destruction, values["seed"])


def _too_many_effects(table: list[Any]) -> tuple[str, Any, str]:
    return f"at most {MAX_QUADRANTE_RESULTS} effects", len(table), ""


COMBINATION = ScenarioKind(
    "p07.combination",
    "PROTOCOL_07: may these modes be played together?",
    Obj(
        [
            Field(
                "modes",
                ListOf(Choice(MODE_NAMES, "mode"), min_items=1, what="list of mode names"),
                label="Modes in the match",
                help="The modes of the match, each once: " + ", ".join(f"`{m}`" for m in MODE_NAMES),
            ),
        ],
        name="p07.combination",
        build=_combination,
    ),
    combination_html,
    combination_text,
)

DESTRUCTION = ScenarioKind(
    "p07.destruction",
    "PROTOCOL_07: which effects fire on one destruction, in which order?",
    Obj(
        [
            Field(
                "destroyed_by_opponent",
                Bool(),
                default=False,
                label="Destroyed by the opponent",
                help="The opponent destroyed the card",
            ),
            Field("face_down", Bool(), default=False, label="The card was face-down", help="The card was face-down"),
            Field(
                "illusio_in_hand",
                Bool(),
                default=False,
                label="The owner has an Illusio in hand",
                help="Its owner has an Illusio in hand",
            ),
            Field(
                "fessura_self_destruct",
                Bool(),
                default=False,
                label="A Fessura self-destruct",
                help="The destruction was a Fessura self-destruct (then not by the opponent)",
            ),
            Field(
                "in_play",
                ListOf(Choice(EFFECTS, "effect"), what="list of effect names"),
                default=EFFECTS,
                label="Effects in play",
                help="Which of " + ", ".join(f"`{e}`" for e in EFFECTS) + " are in play",
            ),
            Field(
                "quadrante_table",
                ListOf(
                    Text(nonempty="a non-empty string"),
                    max_items=MAX_QUADRANTE_RESULTS,
                    what="list of texts",
                    too_many=_too_many_effects,
                ),
                default=(),
                label="Quadrante table",
                help="The Quadrante's effect table, if you have one ([[I-P07-4]])",
            ),
            Field(
                "seed",
                Int(0, MAX_SEED),
                default=0,
                label="Random seed for the Quadrante",
                help="Seed of the random draw that gives the Quadrante's result (not the result itself): the same seed gives the same result",
            ),
        ],
        name="p07.destruction",
        build=_destruction,
    ),
    destruction_html,
    destruction_text,
)

KINDS: tuple[ScenarioKind, ...] = (COMBINATION, DESTRUCTION)
"""The scenario kinds of PROTOCOL_07."""
