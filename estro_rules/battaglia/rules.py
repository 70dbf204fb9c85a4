"""Battaglia as data: the numbers of the rule text and the engine's limits.

The ability vocabulary is in :mod:`.words` (one class per word), the teams, cryptids and abilities in
:mod:`.teams`.

>>> [sudden_death_bonus(r) for r in (15, 16, 36)]
[0, 1, 21]
"""

from __future__ import annotations

from enum import Enum

from ..i18n import N_
from ..schema import Int, ListOf, Pair

#: Two dice with six faces each (BAT-6.1).
DICE = 2
FACES = 6

#: The battle ends after the turn of this roll (BAT-9, I-BAT-8).
ROLL_LIMIT = 36

#: Sudden death starts at this roll; the bonus on roll r is r - 15 (BAT-11, I-BAT-2).
SUDDEN_DEATH_FROM = 16

#: Reaction activations allowed in one turn, restarts included (I-BAT-10).
REACTION_CAP = 20

#: Engine limits on team size and ability count (not in the rule text; they keep battles quick in a browser).
MAX_CRYPTIDS = 12
MAX_ABILITIES = 8
MAX_HEALTH = 999
MAX_THREAT = 99
MAX_AMOUNT = 99

#: The largest seed a battle accepts (a signed 64-bit whole number, safe in JSON tools).
MAX_SEED = 2**63 - 1

#: The most events one battle's trace records; past it the battle plays on unrecorded (the note says so).
MAX_TRACE_EVENTS = 5_000

#: The most battles one estimate may run. 100,000 battles give each rate to within about ±0.3 points (95%)
#: and take about 7 s for the reference teams on one core; the biggest teams (12 cryptids with 8 every-roll
#: abilities each) cost up to about 25 ms a battle, so the command line's run can be stopped with Ctrl-C and
#: still prints the estimate so far.
MAX_BATTLES = 100_000

MAX_ESTIMATE_SEED = 2**31 - 1
"""The largest seed of an estimate: battle ``i`` of it uses ``seed * 2**32 + i`` (at most 2⁶³ − 1), so
every battle of any estimate can be replayed on its own as a battle with that seed."""


class Winner(Enum):
    """Who won the battle."""

    LEFT = "left"
    RIGHT = "right"
    DRAW = "draw"


class EndReason(Enum):
    """Why the battle ended."""

    SIDE_EMPTY = "side_empty"
    """One side has no cryptids left (BAT-8)."""

    BOTH_EMPTY = "both_empty"
    """Both sides lost their last cryptid in the same turn: a draw (BAT-8, I-BAT-6)."""

    ROLL_LIMIT = "roll_limit"
    """The turn of the 36th roll ended with cryptids on both sides: total health decides (BAT-9, I-BAT-8)."""

    NO_DAMAGE = "no_damage"
    """Neither side can damage the other: total health decides (BAT-9, I-BAT-7)."""


ROLLS = ListOf(
    Pair(Int(1, FACES), Int(1, FACES), expected="a roll of two dice such as [3, 4]", what="`[a, b]`, faces 1–6"),
    max_items=ROLL_LIMIT,
    expected="a list of rolls such as [[3, 4], [6, 6]]",
    what=N_("list of `[a, b]` faces 1–6"),
    too_many=lambda rolls: (f"at most {ROLL_LIMIT} rolls", len(rolls), "no battle rolls more"),
)
"""Forced dice: at most 36 rolls (no battle rolls more), each two faces from 1 to 6."""


def dice_list(value: object, path: str = "dice") -> tuple[tuple[int, int], ...]:
    """Read forced dice: a list of at most 36 ``[a, b]`` pairs (no battle rolls more), each face 1 to 6.

    >>> dice_list([[3, 4], [6, 6]])
    ((3, 4), (6, 6))
    >>> dice_list([[3, 7]])
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: dice[0][1]: expected a whole number from 1 to 6, got 7
    """
    rolls: tuple[tuple[int, int], ...] = ROLLS.read(list(value) if isinstance(value, tuple) else value, path)
    return rolls


def sudden_death_bonus(roll: int) -> int:
    """The extra damage of every ability damage instance on roll ``roll`` (I-BAT-2).

    >>> [sudden_death_bonus(r) for r in (1, 15, 16, 17, 36)]
    [0, 0, 1, 2, 21]
    """
    return roll - SUDDEN_DEATH_FROM + 1 if roll >= SUDDEN_DEATH_FROM else 0
