"""Battaglia: the dice battles of cryptids.

Two teams and a seed in, one battle out (I-BAT-12); every event of the trace
carries the rulings that decided it. The numbers of the rule text and the ability
vocabulary are data (:mod:`.rules`); a turn is the ordered list :data:`TURN_STEPS`,
which the engine (:mod:`.engine`) runs; the trace's sentences are in :mod:`.trace`;
the scenario kinds, with every field declared once, in :mod:`.kinds`.

>>> from estro_rules.battaglia import battle, team
>>> left = team([{"name": "Nessie", "threat": 3, "health": 5,
...               "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
>>> right = team([{"name": "Kappa", "threat": 2, "health": 4}])
>>> result = battle(left, right, seed=1)
>>> result.winner.value, result.reason.value, result.rolls, result.health
('left', 'side_empty', 2, (5, 0))
"""

from __future__ import annotations

from ..protocol import Protocol
from .battles import BattleScenario, battle, battle_seed
from .cli import BATTLE_COMMAND
from .engine import TURN_STEPS, Matchup
from .kinds import BATTLE, ESTIMATE, KINDS, load_battle, load_estimate
from .provenance import SOURCE
from .results import BattleResult
from .rulebook import RULEBOOK, cite
from .rules import (
    MAX_BATTLES,
    MAX_TRACE_EVENTS,
    REACTION_CAP,
    ROLL_LIMIT,
    SUDDEN_DEATH_FROM,
    EndReason,
    Winner,
    dice_list,
    sudden_death_bonus,
)
from .samples import REFERENCE_LEFT, REFERENCE_MATCHUP, REFERENCE_RIGHT
from .simulate import Estimate, EstimateScenario, Rate, Simulation, estimate, wilson
from .tables import SITE_TABLES, WIDGETS
from .teams import ABILITY_RULES, Ability, Cryptid, Team, ability, cryptid, team
from .terms import TERMS
from .trace import REASON_TEXT, Event, RollRecord, Trace
from .views import battle_html, battle_text, estimate_html, estimate_text
from .words import CONDITIONS, EFFECTS, REACTIONS, TARGETS, VOCABULARY, Condition, Effect

PROTOCOL = Protocol(
    "battaglia",
    RULEBOOK,
    KINDS,
    tables=SITE_TABLES,
    widgets=WIDGETS,
    commands=(BATTLE_COMMAND,),
    question="Who wins this battle, and why?",
    summary="The dice battles of cryptids (*criptidi*): threat order, targets, the six steps of a turn, rerolls, "
    "sudden death, how a battle ends",
    source=SOURCE,
    terms=TERMS,
    data_files={
        "battaglia/roster.json": "the sample cryptids the team builder offers: test_roster_uses_every_word",
    },
)
"""Battaglia, as the registry lists it."""

__all__ = [
    "ABILITY_RULES",
    "BATTLE",
    "VOCABULARY",
    "Effect",
    "CONDITIONS",
    "EFFECTS",
    "ESTIMATE",
    "KINDS",
    "MAX_BATTLES",
    "MAX_TRACE_EVENTS",
    "PROTOCOL",
    "REACTIONS",
    "REACTION_CAP",
    "REASON_TEXT",
    "REFERENCE_LEFT",
    "REFERENCE_MATCHUP",
    "REFERENCE_RIGHT",
    "ROLL_LIMIT",
    "RULEBOOK",
    "SITE_TABLES",
    "SUDDEN_DEATH_FROM",
    "TARGETS",
    "TURN_STEPS",
    "Ability",
    "BattleResult",
    "BattleScenario",
    "Condition",
    "Cryptid",
    "EndReason",
    "Estimate",
    "EstimateScenario",
    "Event",
    "Matchup",
    "Rate",
    "RollRecord",
    "Simulation",
    "Team",
    "Trace",
    "Winner",
    "ability",
    "battle",
    "battle_html",
    "battle_seed",
    "battle_text",
    "cite",
    "cryptid",
    "dice_list",
    "estimate",
    "estimate_html",
    "estimate_text",
    "load_battle",
    "load_estimate",
    "sudden_death_bonus",
    "team",
    "wilson",
]
