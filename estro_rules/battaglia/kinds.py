"""The Battaglia scenario kinds, ``battaglia.battle`` and ``battaglia.estimate``.

Each kind is a class whose fields are declared where they are (:class:`~.battles.BattleScenario`,
:class:`~.simulate.EstimateScenario`), and so are a team's, a cryptid's and an ability's
(:mod:`.teams`), whose words come from the vocabulary (:mod:`.words`). An estimate is a long run: the
command line shows its progress and the widgets run it in slices, with Cancel.

>>> from estro_rules.fields import Fields
>>> data = {"left": [{"name": "A", "threat": 1, "health": 2,
...                   "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}],
...         "right": [{"name": "B", "threat": 1, "health": 1}], "seed": 4}
>>> load_battle(Fields(data, "")).run().to_json()["winner"]
'left'
"""

from __future__ import annotations

from ..fields import Fields
from ..protocol import Kind, LongRun, ScenarioKind
from .battles import BattleScenario
from .results import BattleResult
from .simulate import Estimate, EstimateScenario, Simulation
from .views import battle_html, battle_text, estimate_html, estimate_text


def _one_per_roll(scenario: BattleScenario, result: BattleResult) -> int:
    """The battle viewer's panels: the start, then one per roll (none without a trace)."""
    return result.rolls + 1 if result.trace else 0


def _simulation(scenario: EstimateScenario) -> LongRun[Estimate]:
    simulation: Simulation = scenario.simulation()
    return simulation


BATTLE: ScenarioKind[BattleScenario, BattleResult] = ScenarioKind(
    "battaglia.battle",
    "Battaglia: one battle between two teams, roll by roll, with every ruling",
    BattleScenario,
    BattleScenario.run,
    battle_html,
    battle_text,
    panels=_one_per_roll,
    languages=("en", "it"),
)

ESTIMATE: ScenarioKind[EstimateScenario, Estimate] = ScenarioKind(
    "battaglia.estimate",
    "Battaglia: how often each team wins over many seeded battles",
    EstimateScenario,
    EstimateScenario.run,
    estimate_html,
    estimate_text,
    long_run=_simulation,
    languages=("en", "it"),
)

KINDS: tuple[Kind, ...] = (BATTLE, ESTIMATE)
"""The Battaglia scenario kinds."""


def load_battle(f: Fields) -> BattleScenario:
    """Read a ``battaglia.battle`` scenario's own fields from ``f`` (the caller rejects any other key)."""
    scenario: BattleScenario = BattleScenario.SCHEMA.finish(BattleScenario.SCHEMA.read_fields(f, {}), f.path)
    return scenario


def load_estimate(f: Fields) -> EstimateScenario:
    """Read a ``battaglia.estimate`` scenario's own fields from ``f`` (the caller rejects any other key)."""
    scenario: EstimateScenario = EstimateScenario.SCHEMA.finish(EstimateScenario.SCHEMA.read_fields(f, {}), f.path)
    return scenario
