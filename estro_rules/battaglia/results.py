"""The outcome of one battle: who won, why, what it cost each side, and the trace if asked for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import ROLL_LIMIT, EndReason, Winner
from .teams import Team
from .trace import Event, RollRecord

#: Names of the limits that can stop a loop, as reported in :attr:`BattleResult.limits`.
LIMIT_REACTION_CAP = "reaction_cap"
LIMIT_REROLL_DENIED = "reroll_denied"
LIMIT_ROLL_LIMIT = "roll_limit"


@dataclass(frozen=True)
class BattleResult:
    """The outcome of one battle, and its trace if asked for."""

    left: Team
    """The left team, as it started."""

    right: Team
    """The right team (the opponent's snapshot, BAT-2)."""

    seed: int
    """The seed every random draw came from (I-BAT-12)."""

    forced_dice: tuple[tuple[int, int], ...]
    """The forced rolls given, if any; later rolls came from the seed."""

    winner: Winner
    """Who won, or a draw."""

    reason: EndReason
    """Why the battle ended."""

    rolls: int
    """How many rolls were made, rerolls included (I-BAT-1)."""

    turns: int
    """How many turns were played."""

    final_health: tuple[int, ...]
    """Every cryptid's health at the end (left team, then right team); dead cryptids are 0."""

    limits: tuple[str, ...]
    """The limits that stopped a loop: ``reaction_cap`` (I-BAT-10), ``reroll_denied`` and ``roll_limit``
    (I-BAT-8); empty when none applied."""

    rulings: tuple[str, ...]
    """The rulings behind the outcome."""

    trace: tuple[RollRecord, ...] = ()
    """Roll by roll, what happened; empty when the battle ran without a trace."""

    trace_cut: bool = False
    """Whether the trace stopped recording events at :data:`~.rules.MAX_TRACE_EVENTS` (the battle itself
    played on to its end, and every roll still has its record and health)."""

    @property
    def health(self) -> tuple[int, int]:
        """Total remaining health of the left and the right side."""
        n = len(self.left.cryptids)
        return sum(self.final_health[:n]), sum(self.final_health[n:])

    def events(self, *kinds: str, until: int = ROLL_LIMIT) -> list[Event]:
        """Every event of the trace in order, or only those of the given kinds, up to roll ``until``.

        >>> from estro_rules.battaglia import battle, team
        >>> a = team([{"name": "A", "threat": 2, "health": 2, "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
        >>> b = team([{"name": "B", "threat": 1, "health": 2, "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
        >>> for e in battle(a, b, dice=[[1, 2]]).events("death", "end"): print(e.text)
        B (R1) dies
        The left side wins after 1 roll: one side has no cryptids left (health left 2, right 0)
        """
        return [e for r in self.trace if r.roll <= until for e in r.events if not kinds or e.kind in kinds]

    def costs_life(self, side: str) -> bool:
        """Whether the battle can cost ``side`` lives: never a draw (BAT-10), only a loss (I-BAT-13)."""
        return self.winner not in (Winner.DRAW, Winner(side))

    def counts_as_win(self, side: str) -> bool:
        """Whether the battle counts as a win for ``side``; a draw is not a win (BAT-10)."""
        return self.winner == Winner(side)

    def to_json(self) -> dict[str, Any]:
        left, right = self.health
        n = len(self.left.cryptids)
        data: dict[str, Any] = {
            "kind": "battaglia.battle",
            "winner": self.winner.value,
            "reason": self.reason.value,
            "rolls": self.rolls,
            "turns": self.turns,
            "health": {"left": left, "right": right},
            "start_health": {"left": self.left.health, "right": self.right.health},
            "final_health": {"left": list(self.final_health[:n]), "right": list(self.final_health[n:])},
            "left": {"costs_life": self.costs_life("left"), "win": self.counts_as_win("left")},
            "right": {"costs_life": self.costs_life("right"), "win": self.counts_as_win("right")},
            "limits": list(self.limits),
            "rulings": list(self.rulings),
            "seed": self.seed,
        }
        if self.trace:
            data["trace"] = [r.to_json() for r in self.trace]
        if self.trace_cut:
            data["trace_cut"] = True
        return data
