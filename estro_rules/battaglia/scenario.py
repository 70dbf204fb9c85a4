"""The Battaglia scenario kinds: ``battaglia.battle`` and ``battaglia.estimate``.

>>> from estro_rules.fields import Fields
>>> data = {"left": [{"name": "A", "threat": 1, "health": 2,
...                   "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}],
...         "right": [{"name": "B", "threat": 1, "health": 1}], "seed": 4}
>>> load_battle(Fields(data, "")).run().to_json()["winner"]
'left'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..fields import Fields
from ..protocol import ScenarioKind
from ..schema import Field, Int, Obj
from .engine import BattleResult, battle
from .rules import MAX_SEED
from .simulate import MAX_BATTLES, Estimate, Simulation
from .view import battle_html, battle_text, estimate_html, estimate_text
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


class Whole(Obj):
    """A kind read by one loader function (until its fields are declared one by one)."""

    def __init__(self, loader: Callable[[Fields], Any], *, name: str, fields: tuple[Field, ...] = ()) -> None:
        super().__init__(fields, name=name)
        self.loader = loader

    def read_fields(self, f: Fields, ctx: Any) -> dict[str, Any]:
        return {"scenario": self.loader(f)}

    def finish(self, values: dict[str, Any], path: str) -> Any:
        return values["scenario"]


KINDS: tuple[ScenarioKind, ...] = (
    ScenarioKind(
        "battaglia.battle",
        "Battaglia: one battle between two teams, roll by roll, with every ruling",
        Whole(
            load_battle,
            name="battaglia.battle",
            fields=(Field("seed", Int(0, MAX_SEED), default=0, label="Seed"),),
        ),
        battle_html,
        battle_text,
    ),
    ScenarioKind(
        "battaglia.estimate",
        "Battaglia: how often each team wins over many seeded battles",
        Whole(
            load_estimate,
            name="battaglia.estimate",
            fields=(
                Field("battles", Int(1, MAX_SCENARIO_BATTLES), label="Battles"),
                Field("seed", Int(0, MAX_SEED), default=0, label="Seed"),
            ),
        ),
        estimate_html,
        estimate_text,
    ),
)
"""The Battaglia scenario kinds."""
