"""§19 Resolution Rules: the card-state engine.

Cascading effects resolve as one sequence; the triggers it created then fire active player first,
then clockwise. Faces become Contested, Fallen or Prime; a flip is never a destruction; DEF or Rank
at 0 or less is a state-based check; a value a card does not print is never 0.

The words of a card are data (:mod:`.rules`); the engine (:mod:`.engine`) runs the ordered lists of
:mod:`.checks`, :mod:`.transitions` and :mod:`.timing` and the handlers of :mod:`.actions`; the
scenario kind (:mod:`.kinds`) declares every field once.

>>> from estro_rules.r19 import KINDS, RULEBOOK
>>> [k.name for k in KINDS], RULEBOOK.page
(['r19.sequence'], 'resolution-19/')
"""

from __future__ import annotations

from ..protocol import Protocol
from .actions import ACTION, ACTIONS, EFFECT
from .checks import STATE_CHECKS
from .cli import LINT_COMMAND
from .engine import Engine, SequenceResult, Step
from .kinds import KINDS, SEQUENCE_KIND, SequenceScenario, load_sequence_data, run_scenario
from .provenance import SOURCE
from .rulebook import RULEBOOK, cite
from .rules import FALL_ROUTES
from .tables import PAGES, SITE_TABLES, WIDGETS
from .terms import TERMS
from .timing import ACTIVATION_CHECKS, CAPABILITY_QUESTIONS, TRIGGER_ORDER
from .transitions import LEAVE_STEPS, TRANSITION_STEPS
from .views import html, text

PROTOCOL = Protocol(
    "r19",
    RULEBOOK,
    KINDS,
    tables=SITE_TABLES,
    widgets=WIDGETS,
    commands=(LINT_COMMAND,),
    pages=PAGES,
    question="What happens when a card's state changes?",
    summary="Cascading sequences and active-player-first triggers, Prime / Contested / Fallen faces, ability "
    "timing, flips versus destruction, bonuses and unprinted values, DEF or Rank at 0",
    source=SOURCE,
    terms=TERMS,
    uncited={
        cite("R19-5.1"): "about the site (the views show it)",
        cite("R19-6.3"): "about card design (the linter shows it)",
        cite("R19-7.4"): "about card design (the linter shows it)",
        cite("R19-8.6"): "about card design (the linter shows it)",
    },
    data_files={"r19/card-pool.json": "a card pool for the linter: tests/engine/test_r19_lint.py"},
)
"""§19, as the registry lists it."""

__all__ = [
    "ACTION",
    "ACTIONS",
    "ACTIVATION_CHECKS",
    "EFFECT",
    "CAPABILITY_QUESTIONS",
    "FALL_ROUTES",
    "KINDS",
    "LEAVE_STEPS",
    "PROTOCOL",
    "RULEBOOK",
    "SEQUENCE_KIND",
    "SITE_TABLES",
    "STATE_CHECKS",
    "TRANSITION_STEPS",
    "TRIGGER_ORDER",
    "Engine",
    "SequenceResult",
    "SequenceScenario",
    "Step",
    "cite",
    "html",
    "load_sequence_data",
    "run_scenario",
    "text",
]
