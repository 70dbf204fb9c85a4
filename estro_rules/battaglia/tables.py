"""Tables for the Battaglia page, generated from the engine's own data.

>>> header, rows = SITE_TABLES["battaglia.turn-steps"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3', '4', '5', '6'])
>>> sorted({row[0] for row in SITE_TABLES["battaglia.abilities"]()[1]})
['condition', 'effect', 'reaction', 'target']
"""

from __future__ import annotations

from collections.abc import Callable

from ..protocol import WidgetSpec
from ..tables import Table, bounds, refs, rule_table
from .battles import BattleScenario
from .engine import TURN_STEPS
from .rules import DICE, FACES, MAX_TRACE_EVENTS, REACTION_CAP, ROLL_LIMIT, SUDDEN_DEATH_FROM
from .samples import REFERENCE_MATCHUP
from .simulate import EstimateScenario
from .teams import Cryptid, Team
from .words import VOCABULARY


def abilities_table() -> Table:
    """Every word of the ability vocabulary."""
    rows = [[w.part, w.name, w.form(), w.meaning, refs(w.rulings)] for w in VOCABULARY]
    return ["Part", "Word", "JSON", "Meaning", "Rulings"], rows


def turn_steps_table() -> Table:
    """The six steps of a turn, from the ordered list the engine's turn loop runs."""
    return rule_table(TURN_STEPS, "What happens", title="Step", note="Italian")


def limits_table() -> Table:
    """The numbers of the rule text and the engine's own limits; the bounds of a scenario's fields are read
    from their declarations."""

    def field(declared: type[BattleScenario] | type[EstimateScenario] | type[Team] | type[Cryptid], name: str) -> str:
        return bounds(declared.SCHEMA.field(name).type)

    return ["Number", "Value", "Source"], [
        ["Dice per roll", f"{DICE} dice with {FACES} faces", "[[BAT-6.1]]"],
        ["Sudden death starts at roll", str(SUDDEN_DEATH_FROM), "[[BAT-11]], [[I-BAT-2]]"],
        ["Last roll", str(ROLL_LIMIT), "[[BAT-9]], [[I-BAT-8]]"],
        ["Reaction activations per turn", str(REACTION_CAP), "[[I-BAT-10]] (engine choice)"],
        ["Cryptids per team", field(Team, "cryptids"), "engine limit (the text sets none)"],
        ["Abilities per cryptid", field(Cryptid, "abilities"), "engine limit (the text sets none)"],
        ["Forced rolls in a scenario", field(BattleScenario, "dice"), "engine limit: no battle rolls more"],
        ["Events in one battle's trace", f"{MAX_TRACE_EVENTS:,}", "engine limit; the battle plays on unrecorded"],
        ["Battles in one estimate", field(EstimateScenario, "battles"), "engine limit; Ctrl-C stops the command line early"],
        ["Seed of a battle", field(BattleScenario, "seed"), "[[I-BAT-12]], engine limit"],
        [
            "Seed of an estimate",
            field(EstimateScenario, "seed"),
            "[[I-BAT-12]], engine limit: battle i of it replays as a battle with the seed × 2³² + i",
        ],
    ]


SITE_TABLES: dict[str, Callable[[], Table]] = {
    "battaglia.abilities": abilities_table,
    "battaglia.turn-steps": turn_steps_table,
    "battaglia.limits": limits_table,
}
"""Every generated table of the Battaglia page, by name."""

SAMPLES = (
    ("team", "battaglia/reference-matchup.json#/left"),
    ("team", "battaglia/reference-matchup.json#/right"),
    ("cryptid", "battaglia/roster.json#/cryptids/*"),
)
"""What the team builder offers to pick: the sample teams for either side, the roster's cryptids for a row."""

WIDGETS = (
    WidgetSpec(
        "battle-viewer",
        "Battle viewer",
        "battaglia/reference-matchup.json",
        examples="battaglia/*.json",
        note="build or pick two teams and a seed, and step through the battle roll by roll.",
        samples=SAMPLES,
        hand_to="win-probability",
    ),
    WidgetSpec(
        "win-probability",
        "Win probability",
        {
            "kind": "battaglia.estimate",
            "title": "The reference matchup, 10,000 battles",
            "left": REFERENCE_MATCHUP["left"],
            "right": REFERENCE_MATCHUP["right"],
            "battles": 10_000,
            "seed": 1,
        },
        examples="battaglia/*.json",
        mode="simulate",
        note="run many seeded battles in your browser; the estimate updates as they run.",
        samples=SAMPLES,
        takes=(("battaglia.battle", ("title", "left", "right")),),
        offer="Estimate these teams",
    ),
)
"""The page's widgets."""
