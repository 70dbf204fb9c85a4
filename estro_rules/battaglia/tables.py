"""Tables for the Battaglia page, generated from the engine's own data.

>>> header, rows = SITE_TABLES["battaglia.turn-steps"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3', '4', '5', '6'])
>>> sorted({row[0] for row in SITE_TABLES["battaglia.abilities"]()[1]})
['condition', 'effect', 'reaction', 'target']

The words are said in the current language; the vocabulary's words (JSON) and the numbers are the same:

>>> from estro_rules.i18n import using
>>> with using("it"):
...     SITE_TABLES["battaglia.limits"]()[1][0]
['Dadi per tiro', '2 dadi a 6 facce', '[[BAT-6.1]]']
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, Message, say
from ..protocol import WidgetSpec
from ..tables import Table, bounds, number, refs, rule_table, source_words
from .battles import BattleScenario
from .engine import TURN_STEPS
from .rules import DICE, FACES, MAX_TRACE_EVENTS, REACTION_CAP, ROLL_LIMIT, SUDDEN_DEATH_FROM
from .samples import REFERENCE_MATCHUP
from .simulate import EstimateScenario
from .teams import Cryptid, Team
from .words import VOCABULARY

PARTS = {
    "condition": N_("condition"),
    "reaction": N_("reaction"),
    "effect": N_("effect"),
    "target": N_("target"),
}
"""The parts of an ability, as the vocabulary's table names them (a word's ``part``)."""


def abilities_table() -> Table:
    """Every word of the ability vocabulary: its part and meaning in the current language, the word itself as
    JSON writes it (marked as English on a page in another language)."""
    rows = [[say(PARTS[w.part]), source_words(w.name), w.form(), say(w.meaning), refs(w.rulings)] for w in VOCABULARY]
    return ["Part", "Word", "JSON", "Meaning", "Rulings"], rows


def turn_steps_table() -> Table:
    """The six steps of a turn, from the ordered list the engine's turn loop runs."""
    return rule_table(TURN_STEPS, "What happens", title="Step", note="Italian")


def limits_table() -> Table:
    """The numbers of the rule text and the engine's own limits; the bounds of a scenario's fields are read
    from their declarations. A cell's words are said in the current language, its ruling IDs and numbers
    kept."""

    def field(declared: type[BattleScenario] | type[EstimateScenario] | type[Team] | type[Cryptid], name: str) -> str:
        return bounds(declared.SCHEMA.field(name).type)

    engine = N_("engine limit (the text sets none)")
    rows: list[tuple[str, str, str]] = [
        (N_("Dice per roll"), say(Message("{dice} dice with {faces} faces", dice=DICE, faces=FACES)), "[[BAT-6.1]]"),
        (N_("Sudden death starts at roll"), str(SUDDEN_DEATH_FROM), "[[BAT-11]], [[I-BAT-2]]"),
        (N_("Last roll"), str(ROLL_LIMIT), "[[BAT-9]], [[I-BAT-8]]"),
        (
            N_("Reaction activations per turn"),
            str(REACTION_CAP),
            Message("{rulings} (engine choice)", rulings="[[I-BAT-10]]"),
        ),
        (N_("Cryptids per team"), field(Team, "cryptids"), engine),
        (N_("Abilities per cryptid"), field(Cryptid, "abilities"), engine),
        (N_("Forced rolls in a scenario"), field(BattleScenario, "dice"), N_("engine limit: no battle rolls more")),
        (
            N_("Events in one battle's trace"),
            number(MAX_TRACE_EVENTS),
            N_("engine limit; the battle plays on unrecorded"),
        ),
        (
            N_("Battles in one estimate"),
            field(EstimateScenario, "battles"),
            N_("engine limit; Ctrl-C stops the command line early"),
        ),
        (
            N_("Seed of a battle"),
            field(BattleScenario, "seed"),
            Message("{rulings}, engine limit", rulings="[[I-BAT-12]]"),
        ),
        (
            N_("Seed of an estimate"),
            field(EstimateScenario, "seed"),
            Message(
                "{rulings}, engine limit: battle i of it replays as a battle with the seed × 2³² + i",
                rulings="[[I-BAT-12]]",
            ),
        ),
    ]
    return ["Number", "Value", "Source"], [[say(name), value, say(source)] for name, value, source in rows]


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
