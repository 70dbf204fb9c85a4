"""The battle engine: two teams and a seed in, one battle out.

A battle is a pure function of the two teams and a seed (I-BAT-12). For
examples, the dice can be forced with a list of rolls; when the list runs out,
the dice continue from the seeded generator (each roll in the trace says
whether it was forced or drawn).

>>> from estro_rules.battaglia.vocab import team
>>> left = team([{"name": "Nessie", "threat": 3, "health": 5,
...               "abilities": [{"when": {"total": 7}, "effect": {"damage": 3}}]}])
>>> right = team([{"name": "Kappa", "threat": 2, "health": 4,
...                "abilities": [{"when": {"doubles": True}, "effect": {"damage": 5}}]}])
>>> result = battle(left, right, dice=[[3, 4], [1, 2], [5, 2]])
>>> result.winner, result.reason, result.rolls, result.health
(<Winner.LEFT: 'left'>, <EndReason.SIDE_EMPTY: 'side_empty'>, 3, (5, 0))
>>> for event in result.trace[0].events: print(event.text)
Roll 1: 3 + 4 = 7 (forced)
Nessie (L1) (total 7: damage 3 → highest threat enemy) activates
Nessie (L1) hits Kappa (R1) for 3 (1 left)

The engine has one code path; with ``trace=False`` no event is built, which is
what the win-probability estimate uses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..fields import check_int
from .rules import (
    MAX_SEED,
    REACTION_CAP,
    ROLL_LIMIT,
    STEP_ABILITIES,
    STEP_DEATHS,
    STEP_EVERY_ROLL,
    STEP_REACTIONS,
    STEP_ROLL,
    STEP_STATUS,
    SUDDEN_DEATH_FROM,
    cite,
)
from .vocab import Ability, Team, dice_list

SIDES = ("left", "right")


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


REASON_TEXT = {
    EndReason.SIDE_EMPTY: "one side has no cryptids left",
    EndReason.BOTH_EMPTY: "both sides lost their last cryptid at the same time",
    EndReason.ROLL_LIMIT: "36 rolls were made; total remaining health decides",
    EndReason.NO_DAMAGE: "neither side can damage the other; total remaining health decides",
}

#: Names of the limits that can stop a loop, as reported in :attr:`BattleResult.limits`.
LIMIT_REACTION_CAP = "reaction_cap"
LIMIT_REROLL_DENIED = "reroll_denied"
LIMIT_ROLL_LIMIT = "roll_limit"
LIMIT_TRACE = "trace_limit"

#: The most events one battle's trace records; past it the battle plays on unrecorded (the note says so).
MAX_TRACE_EVENTS = 5_000


@dataclass(frozen=True)
class Event:
    """One thing that happened in a battle, with the rulings that decided it."""

    step: int
    """The turn step it belongs to (1 to 6, see ``TURN_STEPS``); 0 for the end of the battle."""

    kind: str
    """``roll``, ``tie``, ``status``, ``modify``, ``damage``, ``heal``, ``heal_none``, ``dot``, ``skip``,
    ``no_target``, ``down``, ``reaction``, ``cap``, ``reroll``, ``reroll_denied``, ``death``,
    ``death_ability``, ``trace_cut`` or ``end``."""

    text: str
    """What happened, in plain words."""

    rulings: tuple[str, ...]
    """The rulings and interpretations behind it."""

    actor: str | None = None
    """The cryptid that acted, as ``left[0]``; ``None`` when no cryptid acted."""

    target: str | None = None
    """The cryptid acted on, as ``right[2]``."""

    amount: int | None = None
    """Damage or healing dealt, the change to the total, or (``cap``) how many reactions the cap stopped that
    turn."""

    health: int | None = None
    """The target's health afterwards."""

    depth: int = 0
    """How deep in a reaction chain (0: not a reaction)."""

    within: int = 0
    """For an event of a reaction chain (step 5), the step it happened inside: reactions resolve at once, in
    the middle of step 3, 4 or 6 (BAT-6.5); 0 for every other event."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": self.step, "kind": self.kind, "text": self.text}
        for key in ("actor", "target", "amount", "health", "within"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.depth:
            data["depth"] = self.depth
        data["rulings"] = list(self.rulings)
        return data


@dataclass(frozen=True)
class RollRecord:
    """One roll of the dice and everything it caused."""

    roll: int
    """The roll's number, rerolls included (I-BAT-1)."""

    turn: int
    """The turn it belongs to; a reroll keeps the turn (I-BAT-4)."""

    dice: tuple[int, int]
    """The two dice as rolled."""

    total: int
    """The total that the roll's conditions checked, after modifiers (I-BAT-11)."""

    forced: bool
    """Whether the dice came from the forced list rather than the seed."""

    bonus: int
    """The sudden-death bonus on this roll (I-BAT-2)."""

    restarted: bool
    """Whether a reroll stopped this roll's turn (BAT-7)."""

    events: tuple[Event, ...]
    """What happened, in order."""

    health: tuple[int, ...]
    """Every cryptid's health after this roll (left team, then right team); dead cryptids are 0."""

    def to_json(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "turn": self.turn,
            "dice": list(self.dice),
            "total": self.total,
            "forced": self.forced,
            "bonus": self.bonus,
            "restarted": self.restarted,
            "events": [e.to_json() for e in self.events],
            "health": list(self.health),
        }


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
    """Whether the trace stopped recording events at :data:`MAX_TRACE_EVENTS` (the battle itself played on
    to its end, and every roll still has its record and health)."""

    @property
    def health(self) -> tuple[int, int]:
        """Total remaining health of the left and the right side."""
        n = len(self.left.cryptids)
        return sum(self.final_health[:n]), sum(self.final_health[n:])

    def events(self, *kinds: str, until: int = ROLL_LIMIT) -> list[Event]:
        """Every event of the trace in order, or only those of the given kinds, up to roll ``until``.

        >>> from estro_rules.battaglia.vocab import team
        >>> a = team([{"name": "A", "threat": 2, "health": 2, "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
        >>> b = team([{"name": "B", "threat": 1, "health": 2, "abilities": [{"when": "every_roll", "effect": {"damage": 2}}]}])
        >>> for e in battle(a, b, dice=[[1, 2]]).events("death", "end"): print(e.text)
        B (R1) dies
        The left side wins after 1 roll: one side has no cryptids left (health left 2, right 0)
        """
        return [e for r in self.trace if r.roll <= until for e in r.events if not kinds or e.kind in kinds]

    def costs_life(self, side: str) -> bool:
        """Whether the battle costs ``side`` a life: only a loss does, never a draw (BAT-10)."""
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


# --------------------------------------------------------------------------
# Compiling a matchup

_DAMAGE, _HEAL, _DOT, _MOD, _REROLL = range(5)
_EFFECT_CODE = {"damage": _DAMAGE, "heal": _HEAL, "dot": _DOT, "modify_total": _MOD, "reroll": _REROLL}
_HTE, _LHE, _ALLE, _RNDE, _SELF, _LHA, _ALLA, _SRC = range(8)
_TARGET_CODE = {
    "highest_threat_enemy": _HTE,
    "lowest_health_enemy": _LHE,
    "all_enemies": _ALLE,
    "random_enemy": _RNDE,
    "self": _SELF,
    "lowest_health_ally": _LHA,
    "all_allies": _ALLA,
    "source": _SRC,
}


class _Ab:
    """One ability compiled for the hot loop."""

    __slots__ = ("ability", "amount", "eff", "faces", "keys", "owner", "rolls", "target", "text")

    def __init__(self, owner: int, ability: Ability, label: str) -> None:
        self.owner = owner
        self.ability = ability
        self.eff = _EFFECT_CODE[ability.effect]
        self.amount = ability.amount
        self.rolls = ability.rolls
        self.target = _TARGET_CODE[ability.target] if ability.target else -1
        self.faces: frozenset[int] | None = None
        self.keys: frozenset[int] = frozenset()
        self.text = f"{label} ({ability.describe()})"


_Order = tuple[
    tuple[int, ...],
    tuple[tuple[frozenset[int] | None, int, int, _Ab], ...],
    tuple[tuple[frozenset[int], int, _Ab], ...],
]


class Matchup:
    """Two teams compiled once for many fast battles.

    >>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
    >>> m = Matchup(REFERENCE_LEFT, REFERENCE_RIGHT)
    >>> m.play(random.Random(5)) in (Winner.LEFT, Winner.RIGHT, Winner.DRAW)
    True
    """

    def __init__(self, left: Team, right: Team) -> None:
        self.left = left
        self.right = right
        cs = left.cryptids + right.cryptids
        self.n = n = len(cs)
        self.nl = nl = len(left.cryptids)
        self.side = tuple(0 if i < nl else 1 for i in range(n))
        self.pos = tuple(i if i < nl else i - nl for i in range(n))
        self.threat = tuple(c.threat for c in cs)
        self.health = tuple(c.health for c in cs)
        self.refs = tuple(f"{SIDES[self.side[i]]}[{self.pos[i]}]" for i in range(n))
        self.labels = tuple(f"{c.name} ({'LR'[self.side[i]]}{self.pos[i] + 1})" for i, c in enumerate(cs))
        self.members = (tuple(range(nl)), tuple(range(nl, n)))
        by_threat = tuple(tuple(sorted(m, key=lambda i: (-self.threat[i], self.pos[i]))) for m in self.members)
        self.enemies_by_threat = (by_threat[1], by_threat[0])
        mods = [a.amount for c in cs for a in c.abilities if a.effect == "modify_total"]
        self.tlo = 2 + sum(a for a in mods if a < 0)
        self.thi = 12 + sum(a for a in mods if a > 0)
        self.width = self.thi - self.tlo + 1
        self.abilities: list[list[_Ab]] = []
        self.react_damaged: list[tuple[_Ab, ...]] = []
        self.react_healed: list[tuple[_Ab, ...]] = []
        self.death: list[tuple[_Ab, ...]] = []
        self.can_damage = tuple(any(a.deals_damage for a in c.abilities) for c in cs)
        self.damage_dealers = sum(self.can_damage)
        for i, c in enumerate(cs):
            compiled = [_Ab(i, a, self.labels[i]) for a in c.abilities]
            for ab in compiled:
                self._conditions(ab)
            self.abilities.append(compiled)
            self.react_damaged.append(tuple(ab for ab in compiled if ab.ability.when.value == "damaged"))
            self.react_healed.append(tuple(ab for ab in compiled if ab.ability.when.value == "healed"))
            self.death.append(tuple(ab for ab in compiled if ab.ability.when.kind == "death"))

        def side_reactions(s: int, name: str) -> tuple[_Ab, ...]:
            return tuple(
                ab
                for i in by_threat[s]
                for ab in self.abilities[i]
                if ab.ability.when.kind == "reaction" and ab.ability.when.value == name
            )

        self.ally_damaged = (side_reactions(0, "ally_damaged"), side_reactions(1, "ally_damaged"))
        self.ally_dies = (side_reactions(0, "ally_dies"), side_reactions(1, "ally_dies"))
        groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for value in sorted(set(self.threat), reverse=True):
            lefts = tuple(i for i in self.members[0] if self.threat[i] == value)
            rights = tuple(i for i in self.members[1] if self.threat[i] == value)
            groups.append((lefts, rights))
        self.groups = groups
        self.ties = sum(1 for g in groups if g[0] and g[1])
        self.peers = tuple(tuple(u for u in range(n) if u != i and self.threat[u] == self.threat[i]) for i in range(n))
        self.orders: dict[int, _Order] = {}

    def _conditions(self, ab: _Ab) -> None:
        when = ab.ability.when
        if when.kind in ("reaction", "death"):
            return
        if ab.eff in (_MOD,) or when.kind == "every_roll":
            if when.kind != "every_roll":
                ab.faces = frozenset(
                    (a - 1) * 6 + b - 1 for a in range(1, 7) for b in range(1, 7) if when.on_roll(a, b, a + b)
                )
            return
        ab.keys = frozenset(
            ((a - 1) * 6 + b - 1) * self.width + t - self.tlo
            for a in range(1, 7)
            for b in range(1, 7)
            for t in range(self.tlo, self.thi + 1)
            if when.on_roll(a, b, t)
        )

    def order(self, bits: int) -> _Order:
        """The acting order for one roll; bit j says the right side goes first in the j-th cross-side tie."""
        found = self.orders.get(bits)
        if found is not None:
            return found
        cryptids: list[int] = []
        j = 0
        for left, right in self.groups:
            if left and right:
                cryptids.extend(right + left if bits >> j & 1 else left + right)
                j += 1
            else:
                cryptids.extend(left or right)
        step3 = tuple(
            (ab.faces, ab.owner, ab.eff, ab)
            for i in cryptids
            for ab in self.abilities[i]
            if ab.ability.when.kind == "every_roll" or ab.eff == _MOD
        )
        step4 = tuple(
            (ab.keys, ab.owner, ab)
            for i in cryptids
            for ab in self.abilities[i]
            if ab.ability.when.kind not in ("every_roll", "reaction", "death") and ab.eff != _MOD
        )
        made: _Order = (tuple(cryptids), step3, step4)
        self.orders[bits] = made
        return made

    def play(self, rng: random.Random) -> Winner:
        """One battle without a trace; only the winner."""
        return _WINNERS[_run(self, rng, (), False)[0]]


_WINNERS = (Winner.LEFT, Winner.RIGHT, Winner.DRAW)
_REASONS = (EndReason.SIDE_EMPTY, EndReason.BOTH_EMPTY, EndReason.ROLL_LIMIT, EndReason.NO_DAMAGE)

_NO_RULINGS: tuple[str, ...] = ()
_R_DEFAULT = (cite("BAT-4"),)
_R_DEFAULT_TIE = (cite("BAT-4"), cite("I-BAT-9"))
_R_OTHER = (cite("BAT-5"),)
_R_OTHER_TIE = (cite("BAT-5"), cite("I-BAT-9"))
_R_RANDOM = (cite("BAT-5"), cite("I-BAT-12"))
_R_NO_TARGET = (cite("BAT-5"), cite("I-BAT-3"))
_R_NO_TARGET_DEFAULT = (cite("BAT-4"), cite("I-BAT-3"))
_R_HEAL_NONE = (cite("I-BAT-3"), cite("I-BAT-10"))
_R_HEAL_CUT = (cite("I-BAT-3"),)
_R_DOT = (cite("BAT-6.2"),)
_R_STEP3 = (cite("BAT-6.3"), cite("BAT-3"))
_R_MODIFY = (cite("BAT-6.3"), cite("BAT-3"), cite("I-BAT-11"))
_R_SKIP3 = (cite("BAT-6.3"), cite("I-BAT-3"))
_R_SKIP = (cite("BAT-6.4"), cite("I-BAT-3"))
_R_ORDER_TIE = (cite("I-BAT-9"),)
_R_CAP = (cite("I-BAT-10"),)
_R_REACT = (cite("BAT-6.5"),)
_R_REACT_DEATHS = (cite("BAT-6.5"), cite("I-BAT-5"))  # "ally dies" reactions go before death abilities
_R_REROLL = (cite("BAT-7"), cite("I-BAT-1"), cite("I-BAT-4"))
_R_STEP4 = (cite("BAT-6.4"), cite("BAT-3"))

_RunResult = tuple[int, int, int, int, list[int], bool, bool, list[RollRecord], bool]


def _run(m: Matchup, rng: random.Random, dice: Sequence[tuple[int, int]], tracing: bool) -> _RunResult:
    """Play one battle.

    Returns (winner, reason, rolls, turns, health, cap hit, reroll denied, records, trace cut).
    """
    n = m.n
    hp = list(m.health)
    maxhp = m.health
    side = m.side
    alive = [True] * n
    count = [m.nl, n - m.nl]
    dmg_alive = m.damage_dealers
    can_damage = m.can_damage
    dots: list[list[list[int]] | None] = [None] * n
    ndots = 0
    last_by = [-1] * n
    rand = rng.random
    enemies = m.enemies_by_threat
    members = m.members
    react_damaged = m.react_damaged
    react_healed = m.react_healed
    ally_damaged = m.ally_damaged
    ally_dies = m.ally_dies
    death_abs = m.death
    tlo = m.tlo
    width = m.width
    ties = m.ties
    orders = m.orders
    order = m.order(0) if not ties else None
    nforced = len(dice)
    records: list[RollRecord] = []
    events: list[Event] | None = [] if tracing else None
    labels = m.labels
    refs = m.refs
    peers = m.peers

    roll = 0
    turn = 0
    bonus = 0
    react_left = 0
    anydown = False
    cap_hit = False
    denied = False
    step = 0
    # Trace bookkeeping (never touched without a trace): events logged so far, whether the trace was cut at
    # MAX_TRACE_EVENTS, and where this turn's one "cap" event sits (record index, event index) with the
    # number of reactions the cap stopped this turn.
    logged = 0
    cut = False
    roll_events: list[Event] = []
    cap_at: tuple[int, int] | None = None
    skipped = 0

    def log(
        kind: str,
        text: str,
        rulings: tuple[str, ...],
        actor: int = -1,
        target: int = -1,
        amount: int | None = None,
        depth: int = 0,
    ) -> None:
        nonlocal events, logged, cut
        assert events is not None
        events.append(
            Event(
                STEP_REACTIONS if depth else step,
                kind,
                text,
                rulings,
                refs[actor] if actor >= 0 else None,
                refs[target] if target >= 0 else None,
                amount,
                hp[target] if target >= 0 else None,
                depth,
                step if depth else 0,
            )
        )
        logged += 1
        if logged >= MAX_TRACE_EVENTS:
            events.append(
                Event(
                    step,
                    "trace_cut",
                    f"The trace stops here, at {MAX_TRACE_EVENTS} events: the battle plays on to its end unrecorded "
                    "(the health after each roll is still shown)",
                    (),
                )
            )
            events = None  # no more events are built, so the rest of the battle costs what it costs untraced
            cut = True

    def with_tie(rulings: tuple[str, ...], o: int) -> tuple[str, ...]:
        """``rulings``, plus the tie-break when a standing ally shares ``o``'s threat (I-BAT-9)."""
        tied = peers[o] and any(hp[u] > 0 for u in peers[o])
        return rulings + _R_ORDER_TIE if tied else rulings

    def reroll(ab: _Ab, o: int) -> bool:
        """A reroll ability activates: True when the turn restarts, False past the 36th roll (I-BAT-8)."""
        nonlocal denied
        if roll < ROLL_LIMIT:
            if events is not None:
                log("reroll", f"{ab.text}: the turn stops and restarts at step 1; damage dealt stays", _R_REROLL, o)
            return True
        denied = True
        if events is not None:
            log(
                "reroll_denied",
                f"{ab.text}: 36 rolls have been made, so there is no reroll; the turn goes on",
                (cite("I-BAT-8"),),
                o,
            )
        return False

    def react(r: _Ab, src: int, depth: int) -> None:
        nonlocal react_left, cap_hit, cap_at, skipped
        if react_left <= 0:
            cap_hit = True
            skipped += 1
            if events is not None and cap_at is None:
                cap_at = (len(records), len(events))
                log(
                    "cap",
                    f"Reaction cap reached ({REACTION_CAP} reactions this turn): {r.text} does not react",
                    _R_CAP,
                    r.owner,
                    depth=depth + 1,
                )
            return
        react_left -= 1
        if events is not None:
            log(
                "reaction",
                f"Reaction: {r.text}",
                _R_REACT_DEATHS if step == STEP_DEATHS else _R_REACT,
                r.owner,
                depth=depth + 1,
            )
        fire(r, src, depth + 1)

    def hit(o: int, t: int, amt: int, depth: int, rulings: tuple[str, ...]) -> None:
        nonlocal anydown
        h = hp[t]
        if amt >= h:
            amt = h
            hp[t] = 0
            anydown = True
        else:
            hp[t] = h - amt
        last_by[t] = o
        if events is not None:
            extra = (cite("BAT-11"), cite("I-BAT-2")) if bonus else ()
            more = f" (+{bonus} sudden death)" if bonus else ""
            log(
                "damage",
                f"{labels[o]} hits {labels[t]} for {amt}{more} ({hp[t]} left)",
                rulings + extra,
                o,
                t,
                amt,
                depth,
            )
            if not hp[t]:
                log(
                    "down",
                    f"{labels[t]} is down (0 health) until the end of the turn",
                    (cite("I-BAT-3"),),
                    target=t,
                    depth=depth,
                )
        if react_left > 0 or not cap_hit or tracing:  # past the cap, only a trace still counts what it stops
            for r in react_damaged[t]:
                if not hp[t]:  # a down cryptid does not react (I-BAT-3), even in the middle of its own reactions
                    break
                react(r, o, depth)
            for r in ally_damaged[side[t]]:
                if r.owner != t and hp[r.owner] > 0:
                    react(r, o, depth)

    def fire(ab: _Ab, src: int, depth: int) -> None:
        """Resolve one activation: choose its targets, then apply its effect to each."""
        o = ab.owner
        tc = ab.target
        why = _NO_RULINGS
        t = -1
        if tc == _HTE:
            for u in enemies[side[o]]:
                if hp[u] > 0:
                    t = u
                    break
            if events is not None and t >= 0:
                tie = any(hp[u] > 0 and u != t and m.threat[u] == m.threat[t] for u in enemies[side[o]])
                why = _R_DEFAULT_TIE if tie else _R_DEFAULT
        elif tc == _LHE or tc == _LHA:
            low = 1 << 30
            group = members[1 - side[o]] if tc == _LHE else members[side[o]]
            for u in group:
                h = hp[u]
                if 0 < h < low:
                    t = u
                    low = h
            if events is not None and t >= 0:
                tie = any(hp[u] == low and u != t for u in group)
                why = _R_OTHER_TIE if tie else _R_OTHER
        elif tc == _RNDE:
            cands = [u for u in members[1 - side[o]] if hp[u] > 0]
            if cands:
                t = cands[int(rand() * len(cands))]
            why = _R_RANDOM
        elif tc == _SELF:
            if hp[o] > 0:
                t = o
            why = _R_DEFAULT
        elif tc == _SRC:
            if src >= 0 and hp[src] > 0:
                t = src
            why = _R_OTHER
        else:  # all enemies / all allies
            group = members[1 - side[o]] if tc == _ALLE else members[side[o]]
            standing = [u for u in group if hp[u] > 0]
            if not standing and events is not None:
                log("no_target", f"{ab.text}: no target standing", _R_NO_TARGET, o, depth=depth)
            for u in standing:
                if hp[u] > 0:  # a reaction to an earlier target may have downed it
                    if ab.eff == _DAMAGE:
                        hit(o, u, ab.amount + bonus, depth, _R_OTHER)
                    else:
                        apply(ab, o, u, depth, _R_OTHER)
            return
        if t < 0:
            if events is not None:
                none = _R_NO_TARGET_DEFAULT if tc == _HTE or tc == _SELF else _R_NO_TARGET
                log("no_target", f"{ab.text}: no target standing", none, o, depth=depth)
            return
        if ab.eff == _DAMAGE:
            hit(o, t, ab.amount + bonus, depth, why)
        else:
            apply(ab, o, t, depth, why)

    def apply(ab: _Ab, o: int, t: int, depth: int, why: tuple[str, ...]) -> None:
        """Healing or damage over time on one target."""
        nonlocal ndots
        if ab.eff == _HEAL:
            h = hp[t]
            amt = maxhp[t] - h
            amt = min(amt, ab.amount)
            if amt <= 0:
                if events is not None:
                    log(
                        "heal_none",
                        f"{labels[o]} heals {labels[t]}, who is at full health: nothing happens",
                        why + _R_HEAL_NONE,
                        o,
                        t,
                        0,
                        depth,
                    )
                return
            hp[t] = h + amt
            if events is not None:
                cut_by = f", cut from {ab.amount} at its starting health" if amt < ab.amount else ""
                log(
                    "heal",
                    f"{labels[o]} heals {labels[t]} by {amt}{cut_by} ({hp[t]} of {maxhp[t]})",
                    why + _R_HEAL_CUT if amt < ab.amount else why,
                    o,
                    t,
                    amt,
                    depth,
                )
            for r in react_healed[t]:
                if not hp[t]:  # downed by one of its own reactions' chains (I-BAT-3)
                    break
                react(r, o, depth)
        else:  # _DOT
            d = dots[t]
            if d is None:
                d = dots[t] = []
            d.append([ab.amount, ab.rolls, o])
            ndots += 1
            if events is not None:
                log(
                    "dot",
                    f"{labels[o]} puts damage over time on {labels[t]}: {ab.amount} per roll "
                    f"for the next {ab.rolls} rolls",
                    why + _R_DOT,
                    o,
                    t,
                    ab.amount,
                    depth,
                )

    while True:  # one turn
        turn += 1
        react_left = REACTION_CAP
        while True:  # one roll; a reroll starts the next (BAT-7)
            # Step 1: roll the dice.
            step = STEP_ROLL
            roll += 1
            if roll <= nforced:
                a, b = dice[roll - 1]
            else:
                x = int(rand() * 36)
                a = x // 6 + 1
                b = x % 6 + 1
            di = (a - 1) * 6 + b - 1
            bonus = roll - SUDDEN_DEATH_FROM + 1 if roll >= SUDDEN_DEATH_FROM else 0
            if ties:
                bits = rng.getrandbits(ties)
                order = orders.get(bits) or m.order(bits)
            else:
                bits = 0
            assert order is not None
            corder, step3, step4 = order
            total = a + b
            if tracing:
                roll_events = []
                if not cut:
                    events = roll_events
            if events is not None:
                why = (cite("BAT-6.1"), cite("I-BAT-1"), cite("I-BAT-12"))
                source = " (forced)" if roll <= nforced else ""
                extra = f"; sudden death: abilities deal +{bonus} damage" if bonus else ""
                log(
                    "roll",
                    f"Roll {roll}: {a} + {b} = {total}{source}{extra}",
                    why + ((cite("BAT-11"), cite("I-BAT-2")) if bonus else ()),
                )
                if ties:
                    _log_ties(m, bits, hp, log)
            # Step 2: status effects.
            step = STEP_STATUS
            if ndots:
                for i in corder:
                    d = dots[i]
                    if d and hp[i] > 0:
                        amt = 0
                        expired = 0
                        for st in d:
                            amt += st[0]
                            st[1] -= 1
                            last_by[i] = st[2]
                            if not st[1]:
                                expired += 1
                        if expired:
                            dots[i] = [st for st in d if st[1] > 0]
                            ndots -= expired
                        h = hp[i]
                        if amt >= h:
                            amt = h
                            anydown = True
                        hp[i] = h - amt
                        if events is not None:
                            log(
                                "status",
                                f"{labels[i]} takes {amt} damage over time ({hp[i]} left)",
                                (cite("BAT-6.2"), cite("I-BAT-2")) if bonus else (cite("BAT-6.2"),),
                                target=i,
                                amount=amt,
                            )
                            if not hp[i]:
                                log(
                                    "down",
                                    f"{labels[i]} is down (0 health) until the end of the turn",
                                    (cite("I-BAT-3"),),
                                    target=i,
                                )
            # Step 3: every-roll abilities, dice-total modifiers first in line with threat order.
            step = STEP_EVERY_ROLL
            rerolled = False
            for faces, o, e, ab in step3:
                if faces is not None and di not in faces:
                    continue
                if hp[o] <= 0:
                    if events is not None and alive[o]:
                        log(
                            "skip",
                            f"{ab.text} would activate, but {labels[o]} is down and does not activate",
                            _R_SKIP3,
                            o,
                        )
                    continue
                if e == _MOD:
                    total += ab.amount
                    if events is not None:
                        log(
                            "modify",
                            f"{ab.text}: the total becomes {total}",
                            with_tie(_R_MODIFY, o),
                            o,
                            amount=ab.amount,
                        )
                elif e == _REROLL:
                    if reroll(ab, o):
                        rerolled = True
                        break
                else:
                    if events is not None:
                        log("activate", f"{ab.text} activates", with_tie(_R_STEP3, o), o)
                    fire(ab, -1, 0)
            if not rerolled:
                # Step 4 (and step 5, inside it): abilities in threat order, checked against the modified total.
                step = STEP_ABILITIES
                key = di * width + total - tlo
                for keys, o, ab in step4:
                    if key in keys:
                        if hp[o] <= 0:
                            if events is not None and alive[o]:
                                log(
                                    "skip",
                                    f"{ab.text} would activate, but {labels[o]} is down and does not activate",
                                    _R_SKIP,
                                    o,
                                )
                            continue
                        if ab.eff == _REROLL:
                            if reroll(ab, o):
                                rerolled = True
                                break
                        else:
                            if events is not None:
                                log("activate", f"{ab.text} activates", with_tie(_R_STEP4, o), o)
                            fire(ab, -1, 0)
            if rerolled:
                if tracing:
                    records.append(
                        RollRecord(
                            roll, turn, (a, b), total, roll <= nforced, bonus, True, tuple(roll_events), tuple(hp)
                        )
                    )
                continue
            break
        # Step 6: deaths, chained until nobody is down (I-BAT-5).
        step = STEP_DEATHS
        while anydown:
            anydown = False
            dying = [i for i in corder if alive[i] and not hp[i]]
            for i in dying:
                alive[i] = False
                count[side[i]] -= 1
                if can_damage[i]:
                    dmg_alive -= 1
                d = dots[i]
                if d:
                    ndots -= len(d)
                    dots[i] = None
                if events is not None:
                    log("death", f"{labels[i]} dies", (cite("BAT-6.6"), cite("I-BAT-5")), target=i)
            for i in dying:
                for r in ally_dies[side[i]]:
                    if hp[r.owner] > 0:
                        react(r, last_by[i], 0)
            for i in dying:
                for ab in death_abs[i]:
                    if events is not None:
                        log("death_ability", f"Death ability: {ab.text}", (cite("BAT-6.6"), cite("I-BAT-5")), i)
                    fire(ab, last_by[i], 0)
        if tracing:
            records.append(
                RollRecord(roll, turn, (a, b), total, roll <= nforced, bonus, False, tuple(roll_events), tuple(hp))
            )
            if cap_at is not None:
                _count_capped(records, cap_at, skipped)
                cap_at = None
            skipped = 0
        # The end of the battle (BAT-8, BAT-9).
        left, right = count
        if not left or not right:
            winner = 2 if not left and not right else (1 if not left else 0)
            reason = 1 if winner == 2 else 0
            break
        if roll >= ROLL_LIMIT or (not dmg_alive and not ndots):
            lh = sum(hp[i] for i in members[0])
            rh = sum(hp[i] for i in members[1])
            winner = 0 if lh > rh else (1 if rh > lh else 2)
            reason = 2 if roll >= ROLL_LIMIT else 3
            break
    return winner, reason, roll, turn, hp, cap_hit, denied, records, cut


def _count_capped(records: list[RollRecord], at: tuple[int, int], skipped: int) -> None:
    """Write into the turn's one ``cap`` event how many reactions the cap stopped in that turn (I-BAT-10)."""
    ri, ei = at
    rec = records[ri]
    cap = rec.events[ei]
    more = skipped - 1
    text = cap.text + (f"; {more} more reaction{'s' if more != 1 else ''} did not happen this turn" if more else "")
    events = rec.events[:ei] + (replace(cap, text=text, amount=skipped),) + rec.events[ei + 1 :]
    records[ri] = replace(rec, events=events)


def _log_ties(m: Matchup, bits: int, hp: list[int], log: Callable[..., None]) -> None:
    j = 0
    for left, right in m.groups:
        if left and right:
            j += 1
            if not any(hp[i] for i in left) or not any(hp[i] for i in right):
                continue
            first = "right" if bits >> (j - 1) & 1 else "left"
            names = ", ".join(m.labels[i] for i in left + right)
            log(
                "tie",
                f"Equal threat {m.threat[left[0]]} across the sides ({names}): the seeded draw puts the "
                f"{first} side first",
                (cite("I-BAT-9"), cite("I-BAT-12")),
            )


def _outcome_rulings(winner: Winner, reason: EndReason) -> tuple[str, ...]:
    if reason is EndReason.SIDE_EMPTY:
        return (cite("BAT-8"),)
    if reason is EndReason.BOTH_EMPTY:
        return cite("BAT-8"), cite("I-BAT-6"), cite("BAT-10")
    why = (cite("BAT-9"), cite("I-BAT-8")) if reason is EndReason.ROLL_LIMIT else (cite("BAT-9"), cite("I-BAT-7"))
    return why + ((cite("BAT-10"),) if winner is Winner.DRAW else ())


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

    ``dice`` forces the first rolls (a list of ``[a, b]``); once it runs out, the
    dice come from the seeded generator. ``trace=False`` skips the trace.
    """
    check_int(seed, "seed", minimum=0, maximum=MAX_SEED)
    forced = dice_list(list(dice)) if dice is not None else ()
    m = matchup if matchup is not None else Matchup(left, right)
    winner_code, reason_code, rolls, turns, hp, cap_hit, denied, records, cut = _run(
        m, random.Random(seed), forced, trace
    )
    winner = _WINNERS[winner_code]
    reason = _REASONS[reason_code]
    limits = []
    if cap_hit:
        limits.append(LIMIT_REACTION_CAP)
    if denied:
        limits.append(LIMIT_REROLL_DENIED)
    if reason is EndReason.ROLL_LIMIT:
        limits.append(LIMIT_ROLL_LIMIT)
    rulings = _outcome_rulings(winner, reason)
    if trace and records:
        last = records[-1]
        text = _end_text(winner, reason, rolls, m, hp)
        end = Event(0, "end", text, rulings)
        records[-1] = RollRecord(
            last.roll,
            last.turn,
            last.dice,
            last.total,
            last.forced,
            last.bonus,
            last.restarted,
            last.events + (end,),
            last.health,
        )
    return BattleResult(
        left, right, seed, forced, winner, reason, rolls, turns, tuple(hp), tuple(limits), rulings, tuple(records), cut
    )


def _end_text(winner: Winner, reason: EndReason, rolls: int, m: Matchup, hp: list[int]) -> str:
    lh = sum(hp[i] for i in m.members[0])
    rh = sum(hp[i] for i in m.members[1])
    who = "Draw" if winner is Winner.DRAW else f"The {winner.value} side wins"
    return f"{who} after {rolls} roll{'s' if rolls != 1 else ''}: {REASON_TEXT[reason]} (health left {lh}, right {rh})"


def battle_seed(master: int, index: int) -> int:
    """The seed of battle ``index`` of an estimate with seed ``master``: ``master * 2**32 + index``.

    >>> battle_seed(7, 3)
    30064771075
    """
    return (master << 32) + index
