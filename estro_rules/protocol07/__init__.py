"""PROTOCOL_07 — mode combinations.

Which ESTRO game modes can be combined, why some cannot, and the canonical order of the effects
that trigger on one destruction. The modes, the incompatible pairs and the order are data
(:mod:`.rules`, and the ordered lists of :mod:`.engine`); :func:`check_combination` and
:func:`resolve_destruction` are the behaviour.

>>> check_combination(["Zona di Conquista", "Cinque Soglie"]).allowed
True
>>> PROTOCOL.page, [kind.name for kind in PROTOCOL.kinds]
('protocol-07', ['p07.combination', 'p07.destruction'])
"""

from __future__ import annotations

from ..protocol import Protocol
from .engine import (
    COMBINATION_RULES,
    DESTRUCTION_ORDER,
    Combination,
    CombinationVerdict,
    Decision,
    Destruction,
    DestructionResult,
    Step,
    Violation,
    check_combination,
    combine,
    resolve_destruction,
)
from .kinds import COMBINATION, DESTRUCTION, KINDS, CombinationScenario, DestructionScenario
from .provenance import SOURCE
from .rulebook import RULEBOOK, cite
from .rules import (
    EFFECTS,
    INCOMPATIBLE_PAIRS,
    MAX_QUADRANTE_RESULTS,
    MAX_SEED,
    MODE_NAMES,
    MODES,
    QUADRANTE_DEFAULT_RESULTS,
    IncompatiblePair,
    Mode,
    mode,
)
from .tables import TABLES, WIDGETS
from .terms import TERMS

PROTOCOL = Protocol(
    "protocol07",
    RULEBOOK,
    KINDS,
    tables=TABLES,
    widgets=WIDGETS,
    question="Can these modes be played together?",
    summary="Which modes combine, the incompatible pairs and why, the resolution order on a destruction",
    source=SOURCE,
    terms=TERMS,
    uncited={
        cite("I-P07-3"): "an unknown mode is an error (tests/engine/test_protocol07.py)",
        cite("I-P07-7"): "a self-destruct by the opponent is an error (tests/engine/test_protocol07.py)",
    },
)
"""PROTOCOL_07, as the registry lists it."""

__all__ = [
    "COMBINATION",
    "COMBINATION_RULES",
    "Combination",
    "combine",
    "DESTRUCTION",
    "DESTRUCTION_ORDER",
    "EFFECTS",
    "INCOMPATIBLE_PAIRS",
    "KINDS",
    "MAX_QUADRANTE_RESULTS",
    "MAX_SEED",
    "MODES",
    "MODE_NAMES",
    "PROTOCOL",
    "QUADRANTE_DEFAULT_RESULTS",
    "RULEBOOK",
    "CombinationScenario",
    "CombinationVerdict",
    "Decision",
    "Destruction",
    "DestructionResult",
    "DestructionScenario",
    "IncompatiblePair",
    "Mode",
    "Step",
    "Violation",
    "check_combination",
    "cite",
    "mode",
    "resolve_destruction",
]
