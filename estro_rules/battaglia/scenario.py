"""The Battaglia scenario kinds: ``battaglia.battle`` and ``battaglia.estimate``.

>>> from estro_rules.fields import Fields
>>> data = {"left": [{"name": "A", "threat": 1, "health": 2,
...                   "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}],
...         "right": [{"name": "B", "threat": 1, "health": 1}], "seed": 4}
>>> load_battle(Fields(data, "")).run().to_json()["winner"]
'left'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fields import Fields
from .engine import BattleResult, battle
from .rules import MAX_SEED
from .simulate import MAX_BATTLES, Estimate, Simulation
from .vocab import Team, dice_list, team

#: The most battles a scenario file may ask for (the same as :data:`~.simulate.MAX_BATTLES`).
MAX_SCENARIO_BATTLES = MAX_BATTLES


@dataclass(frozen=True)
class BattleScenario:
    """One battle: two teams, a seed, optionally forced dice."""

    left: Team
    """The left team."""

    right: Team
    """The right team (the opponent's snapshot)."""

    seed: int = 0
    """The battle's seed (I-BAT-12)."""

    dice: tuple[tuple[int, int], ...] = ()
    """Forced rolls; after them the dice come from the seed."""

    trace: bool = True
    """Whether to record the trace."""

    def run(self) -> BattleResult:
        return battle(self.left, self.right, seed=self.seed, dice=self.dice, trace=self.trace)


@dataclass(frozen=True)
class EstimateScenario:
    """A win-probability estimate over many seeded battles."""

    left: Team
    """The left team."""

    right: Team
    """The right team."""

    battles: int
    """How many battles."""

    seed: int = 0
    """The master seed; battle i uses seed * 2**32 + i."""

    def simulation(self) -> Simulation:
        return Simulation(self.left, self.right, battles=self.battles, seed=self.seed)

    def run(self) -> Estimate:
        return self.simulation().advance(self.battles)


def load_battle(f: Fields) -> BattleScenario:
    """Read a ``battaglia.battle`` scenario: ``left``, ``right``, ``seed``, ``dice``, ``trace``."""
    left = team(f.raw("left"), "left")
    right = team(f.raw("right"), "right")
    seed = f.integer("seed", default=0, minimum=0, maximum=MAX_SEED)
    dice = dice_list(f.raw("dice", default=[]), "dice")
    trace = f.boolean("trace", default=True)
    return BattleScenario(left, right, seed, dice, trace)


def load_estimate(f: Fields) -> EstimateScenario:
    """Read a ``battaglia.estimate`` scenario: ``left``, ``right``, ``battles``, ``seed``."""
    left = team(f.raw("left"), "left")
    right = team(f.raw("right"), "right")
    battles = f.integer("battles", minimum=1, maximum=MAX_SCENARIO_BATTLES)
    seed = f.integer("seed", default=0, minimum=0, maximum=MAX_SEED)
    return EstimateScenario(left, right, battles, seed)
