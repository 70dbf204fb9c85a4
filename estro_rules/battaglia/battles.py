"""One battle: the ``battaglia.battle`` scenario, and the engine's own way in, :func:`battle`.

A battle is a pure function of the two teams and a seed (I-BAT-12). For examples, the dice can be forced
with a list of rolls; when the list runs out, the dice continue from the seeded generator (each roll in
the trace says whether it was forced or drawn). The fields of a battle are declared once, on
:class:`BattleScenario`: the scenario reader, :func:`battle`'s arguments and the command line's
``--seed`` are all read through them.

>>> from estro_rules.battaglia import team
>>> left = team([{"name": "Nessie", "threat": 3, "health": 5,
...               "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
>>> right = team([{"name": "Kappa", "threat": 2, "health": 4}])
>>> battle(left, right, seed=1).winner
<Winner.LEFT: 'left'>
>>> battle(left, right, seed=-1)
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: seed: expected a whole number from 0 to 2⁶³−1, got -1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..declare import Declared, declared, record
from ..i18n import N_, Message
from ..schema import Bool, Int
from .engine import Battle, Matchup
from .results import BattleResult
from .rulebook import cite
from .rules import MAX_CRYPTIDS, MAX_SEED, ROLLS, EndReason, Winner
from .teams import Team
from .trace import RollRecord

LEFT_HELP = Message(
    'A team: a list of 1 to {most} cryptids, left to right, or `{{"name": ..., "cryptids": [...]}}`', most=MAX_CRYPTIDS
)
"""What a left team is, for its field's help."""


@record("battaglia.battle")
@dataclass(frozen=True)
class BattleScenario(Declared):
    """One battle: two teams, a seed, optionally forced dice."""

    left: Team = declared(Team.SCHEMA, label=N_("Left team"), help=LEFT_HELP, missing="a value")
    """The left team."""

    right: Team = declared(
        Team.SCHEMA,
        label=N_("Right team"),
        help=N_("The opponent's team, as it was set (a snapshot, [[BAT-2]])"),
        missing="a value",
    )
    """The right team (the opponent's snapshot)."""

    seed: int = declared(
        Int(0, MAX_SEED),
        default=0,
        label=N_("Seed"),
        help=N_("Every random draw of the battle comes from it: the same seed replays the same battle"),
    )
    """The battle's seed (I-BAT-12)."""

    dice: tuple[tuple[int, int], ...] = declared(
        ROLLS,
        default=(),
        label=N_("Forced dice"),
        help=N_("Force the first rolls (then the seed takes over); each roll in the trace says whether it was forced"),
    )
    """Forced rolls; after them the dice come from the seed."""

    trace: bool = declared(
        Bool(),
        default=True,
        label=N_("Record every event"),
        help=N_("Record every event with its rulings (the battle viewer needs it)"),
    )
    """Whether to record the trace."""

    def run(self) -> BattleResult:
        """Play the battle."""
        return play(self.left, self.right, self.seed, self.dice, self.trace)


def battle(
    left: Team,
    right: Team,
    *,
    seed: int = 0,
    dice: Sequence[Sequence[int]] | None = None,
    trace: bool = True,
    matchup: Matchup | None = None,
) -> BattleResult:
    """Play one battle between ``left`` and ``right``.

    ``dice`` forces the first rolls (a list of ``[a, b]``); once it runs out, the dice come from the
    seeded generator. ``trace=False`` skips the trace. The seed and the dice are read through the
    declarations of :class:`BattleScenario`; ``matchup``, when given, is the two teams compiled once.
    """
    given: tuple[tuple[int, int], ...] = () if dice is None else BattleScenario.parse("dice", list(dice), "dice")
    return play(left, right, BattleScenario.parse("seed", seed, "seed"), given, trace, matchup)


def play(
    left: Team,
    right: Team,
    seed: int,
    forced: tuple[tuple[int, int], ...],
    trace: bool,
    matchup: Matchup | None = None,
) -> BattleResult:
    """Play one battle from values already read (see :func:`battle`)."""
    m = matchup if matchup is not None else Matchup(left, right)
    played = Battle(m, random.Random(seed), forced, trace)
    winner = played.play()
    reason = played.reason
    rulings = _outcome_rulings(winner, reason)
    tracer = played.tracer
    records: tuple[RollRecord, ...] = ()
    if tracer is not None:
        tracer.end(winner, reason, played.roll, rulings)
        records = tuple(tracer.records)
    return BattleResult(
        left,
        right,
        seed,
        forced,
        winner,
        reason,
        played.roll,
        played.turn,
        tuple(played.hp),
        played.limits(),
        rulings,
        records,
        tracer is not None and tracer.cut,
    )


def _outcome_rulings(winner: Winner, reason: EndReason) -> tuple[str, ...]:
    """Why the battle ended so, and what it costs: a draw costs no lives (BAT-10), only a loss may (I-BAT-13)."""
    stakes = (cite("BAT-10"),) if winner is Winner.DRAW else (cite("I-BAT-13"),)
    if reason is EndReason.SIDE_EMPTY:
        return (cite("BAT-8"), *stakes)
    if reason is EndReason.BOTH_EMPTY:
        return (cite("BAT-8"), cite("I-BAT-6"), *stakes)
    why = (cite("BAT-9"), cite("I-BAT-8")) if reason is EndReason.ROLL_LIMIT else (cite("BAT-9"), cite("I-BAT-7"))
    return why + stakes


def battle_seed(master: int, index: int) -> int:
    """The seed of battle ``index`` of an estimate with seed ``master``: ``master * 2**32 + index``.

    >>> battle_seed(7, 3)
    30064771075
    """
    return (master << 32) + index
