"""The scenario kinds of PROTOCOL_07: each is a class whose fields are declared where they are
(:class:`~.engine.Combination`, :class:`~.engine.Destruction`).

>>> COMBINATION.load({"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]}).run().result.allowed
False
>>> DESTRUCTION.read({"seed": 7, "face_down": "yes"})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: face_down: expected true or false, got 'yes'
"""

from __future__ import annotations

from ..i18n import N_
from ..protocol import Kind, ScenarioKind
from .engine import Combination, CombinationVerdict, Destruction, DestructionResult
from .views import combination_html, combination_text, destruction_html, destruction_text

CombinationScenario = Combination
"""The earlier name of :class:`~.engine.Combination`."""

DestructionScenario = Destruction
"""The earlier name of :class:`~.engine.Destruction`."""

COMBINATION: ScenarioKind[Combination, CombinationVerdict] = ScenarioKind(
    "p07.combination",
    N_("PROTOCOL_07: may these modes be played together?"),
    Combination,
    Combination.run,
    combination_html,
    combination_text,
    languages=("en", "it"),
)

DESTRUCTION: ScenarioKind[Destruction, DestructionResult] = ScenarioKind(
    "p07.destruction",
    N_("PROTOCOL_07: which effects fire on one destruction, in which order?"),
    Destruction,
    Destruction.run,
    destruction_html,
    destruction_text,
    languages=("en", "it"),
)

KINDS: tuple[Kind, ...] = (COMBINATION, DESTRUCTION)
"""The scenario kinds of PROTOCOL_07."""
