"""§19 Resolution Rules: the card-state engine.

Cascading effects resolve as one sequence; the triggers it created then fire active player first,
then clockwise. Faces become Contested, Fallen or Prime; a flip is never a destruction; DEF or Rank
at 0 or less is a state-based check; a value a card does not print is never 0.

>>> from estro_rules.r19 import KINDS, RULEBOOK
>>> [k.name for k in KINDS], RULEBOOK.page
(['r19.sequence'], 'resolution-19/')
"""

from __future__ import annotations

from ..protocol import Protocol
from .cli import LINT_COMMAND
from .engine import (
    ACTIVATION_CHECKS,
    CAPABILITY_QUESTIONS,
    FALL_ROUTES,
    LEAVE_STEPS,
    STATE_CHECKS,
    TRANSITION_STEPS,
    TRIGGER_ORDER,
)
from .rulebook import RULEBOOK, cite
from .scenario import KINDS, SequenceResult, SequenceScenario, load_sequence, load_sequence_data, run_scenario
from .tables import SITE_TABLES, WIDGETS
from .view import html, text

PROTOCOL = Protocol(
    "r19", RULEBOOK, KINDS, tables=SITE_TABLES, widgets=WIDGETS, commands=(LINT_COMMAND,)
)
"""§19, as the registry lists it."""

__all__ = [
    "ACTIVATION_CHECKS",
    "CAPABILITY_QUESTIONS",
    "FALL_ROUTES",
    "KINDS",
    "PROTOCOL",
    "LEAVE_STEPS",
    "RULEBOOK",
    "SITE_TABLES",
    "STATE_CHECKS",
    "TRANSITION_STEPS",
    "TRIGGER_ORDER",
    "SequenceResult",
    "SequenceScenario",
    "cite",
    "html",
    "load_sequence",
    "load_sequence_data",
    "run_scenario",
    "text",
]
