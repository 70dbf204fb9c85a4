"""The battle engine: two teams and a seed in, one battle out.

A battle is a pure function of the two teams and a seed (I-BAT-12). For
examples, the dice can be forced with a list of rolls; when the list runs out,
the dice continue from the seeded generator (each roll in the trace says
whether it was forced or drawn).

>>> from estro_rules.battaglia import battle, team
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
>>> [step.title for step in TURN_STEPS]
['Roll the dice', 'Status effects', 'Abilities of every roll', 'Abilities in threat order', 'Reactions', 'Deaths']

A turn runs the steps of :data:`TURN_STEPS` in order. The engine has one code path: it decides, and
when a trace is asked for it tells a :class:`~.trace.Trace` each decision with the rulings behind it,
which puts it into words. With ``trace=False`` no event is built, which is what the win-probability
estimate uses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..i18n import N_
from ..ordered import Rule, RuleList
from .matchup import (
    DAMAGE,
    HEAL,
    HIGHEST_THREAT_ENEMY,
    LOWEST_HEALTH_ALLY,
    LOWEST_HEALTH_ENEMY,
    MODIFY,
    RANDOM_ENEMY,
    REROLL,
    SELF,
    SOURCE,
    CompiledAbility,
    CompiledMatchup,
)
from .results import LIMIT_REACTION_CAP, LIMIT_REROLL_DENIED, LIMIT_ROLL_LIMIT
from .rulebook import cite
from .rules import REACTION_CAP, ROLL_LIMIT, SUDDEN_DEATH_FROM, EndReason, Winner
from .teams import Team
from .trace import Acting, Trace


class Matchup(CompiledMatchup):
    """Two teams compiled once (:class:`~.matchup.CompiledMatchup`) for many fast battles.

    Its battles run the steps of a turn in the order of ``steps``, :data:`TURN_STEPS` unless another
    list is given (a variant of the rules may insert, replace or drop a step by name).

    >>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
    >>> m = Matchup(REFERENCE_LEFT, REFERENCE_RIGHT)
    >>> m.play(random.Random(5)) in (Winner.LEFT, Winner.RIGHT, Winner.DRAW)
    True
    """

    def __init__(self, left: Team, right: Team, steps: RuleList[Step] | None = None) -> None:
        super().__init__(left, right)
        self.steps = TURN_STEPS if steps is None else steps
        """The steps of a turn, in order."""
        numbered = tuple((n, rule.fn) for n, rule in enumerate(self.steps, start=1))
        self.numbered_steps = tuple((n, fn) for n, fn in numbered if fn is not reactions_inside_other_steps)
        """The functions the turn loop runs, with their step numbers (step 5's marker left out)."""
        self.step_fns = tuple(fn for _n, fn in self.numbered_steps)
        """The same functions alone, for a battle without a trace."""
        self.reactions_step = self.steps.index("reactions") + 1
        self.deaths_step = self.steps.index("deaths") + 1
        self.texts: dict[Acting, str] = {}
        """Where a trace keeps how it names each ability, for every battle of the matchup (the engine never
        reads it: the words are the trace's)."""

    def play(self, rng: random.Random) -> Winner:
        """One battle without a trace; only the winner."""
        return Battle(self, rng, (), False).play()


# --------------------------------------------------------------------------
# The rulings behind each decision

_NO_RULINGS: tuple[str, ...] = ()
_R_ROLL = (cite("BAT-6.1"), cite("I-BAT-1"), cite("I-BAT-12"))
_R_SUDDEN = (cite("BAT-11"), cite("I-BAT-2"))
_R_TIE = (cite("I-BAT-9"), cite("I-BAT-12"))
_R_STATUS = (cite("BAT-6.2"),)
_R_STATUS_SUDDEN = (cite("BAT-6.2"), cite("I-BAT-2"))
_R_NO_REACTION = (cite("I-BAT-18"),)  # a tick where a "damaged" reaction would answer a hit
_R_DOWN = (cite("I-BAT-3"),)
_R_DEFAULT = (cite("BAT-4"),)
_R_DEFAULT_TIE = (cite("BAT-4"), cite("I-BAT-9"))
_R_OTHER = (cite("BAT-5"),)
_R_OTHER_TIE = (cite("BAT-5"), cite("I-BAT-9"))
_R_RANDOM = (cite("BAT-5"), cite("I-BAT-12"))
_R_NO_TARGET = (cite("BAT-5"), cite("I-BAT-3"))
_R_NO_TARGET_DEFAULT = (cite("BAT-4"), cite("I-BAT-3"))
_R_HEAL_SELF = (cite("I-BAT-14"),)
_R_NO_TARGET_SELF = (cite("I-BAT-14"), cite("I-BAT-3"))
_R_HEAL_NONE = (cite("I-BAT-3"), cite("I-BAT-10"))
_R_HEAL_CUT = (cite("I-BAT-3"),)
_R_DOT = (cite("BAT-6.2"),)
_R_STEP3 = (cite("BAT-6.3"), cite("I-BAT-17"), cite("BAT-3"))
_R_MODIFY = (cite("BAT-6.3"), cite("BAT-3"), cite("I-BAT-11"))
_R_SKIP3 = (cite("BAT-6.3"), cite("I-BAT-17"), cite("I-BAT-3"))
_R_SKIP = (cite("BAT-6.4"), cite("I-BAT-3"))
_R_STEP4 = (cite("BAT-6.4"), cite("BAT-3"))
_R_ORDER_TIE = (cite("I-BAT-9"),)
_R_CAP = (cite("I-BAT-10"),)
_R_REACT = (cite("BAT-6.5"), cite("I-BAT-15"))
_R_REACT_DEATHS = (cite("BAT-6.5"), cite("I-BAT-15"), cite("I-BAT-16"))  # before the death abilities
_R_REROLL = (cite("BAT-7"), cite("I-BAT-1"), cite("I-BAT-4"))
_R_REROLL_DENIED = (cite("I-BAT-8"),)
_R_DEATH = (cite("BAT-6.6"), cite("I-BAT-5"))


# --------------------------------------------------------------------------
# One battle


class Battle:
    """One battle being played: the state the steps of a turn share, and the steps themselves.

    Each step is a method that returns ``True`` when a reroll restarts the turn at step 1 (BAT-7);
    :meth:`play` runs them in the order of the matchup's steps (:data:`TURN_STEPS`). Cryptids are
    numbered as in the matchup. When a trace is asked for, ``tracer`` is the :class:`~.trace.Trace`,
    and ``trace`` is too until the trace is cut (then ``None``: no more sentences, though every roll
    is still recorded).
    """

    __slots__ = (
        "alive",
        "anydown",
        "bonus",
        "cap_hit",
        "count",
        "denied",
        "di",
        "dice",
        "dmg_alive",
        "dots",
        "hp",
        "last_by",
        "m",
        "ndots",
        "nforced",
        "order",
        "rand",
        "react_left",
        "reason",
        "rng",
        "roll",
        "total",
        "trace",
        "tracer",
        "turn",
    )

    def __init__(self, m: Matchup, rng: random.Random, dice: Sequence[tuple[int, int]], trace: bool) -> None:
        self.m = m
        self.rng = rng
        self.rand = rng.random
        self.dice = dice
        self.nforced = len(dice)
        self.hp = list(m.health)
        """Every cryptid's health now; 0 is down (and, at the end of the turn, dead)."""
        self.alive = [True] * m.n
        """Whether each cryptid has not died yet (a cryptid at 0 is down until step 6, I-BAT-3)."""
        self.count = [m.nl, m.n - m.nl]
        """Cryptids alive on each side."""
        self.dmg_alive = m.damage_dealers
        """Cryptids alive that can deal damage (I-BAT-7)."""
        self.dots: list[list[list[int]] | None] = [None] * m.n
        """Each cryptid's damage over time: ``[damage, rolls left, caster]``."""
        self.ndots = 0
        self.last_by = [-1] * m.n
        """The last cryptid that damaged each one: the source of its death."""
        self.roll = self.turn = self.bonus = self.total = self.di = 0
        self.order = m.order(0)
        self.react_left = 0
        self.anydown = self.cap_hit = self.denied = False
        self.reason = EndReason.SIDE_EMPTY
        """Why the battle ended, once it has."""
        self.tracer = self.trace = Trace(m, self.hp) if trace else None

    def play(self) -> Winner:
        """Play turns until the battle ends (BAT-8, BAT-9); who won (and, in :attr:`reason`, why)."""
        steps = self.m.numbered_steps
        fns = self.m.step_fns
        tracer = self.tracer
        count = self.count
        while True:
            self.turn += 1
            self.react_left = REACTION_CAP
            restarted = True
            while restarted:  # a reroll restarts the turn at step 1 (BAT-7)
                restarted = False
                if tracer is None:
                    for step in fns:
                        if step(self):
                            restarted = True
                            break
                else:
                    for number, step in steps:
                        tracer.step = number
                        if step(self):
                            restarted = True
                            break
                    tracer.roll_done(self.total, restarted)
            if tracer is not None:
                tracer.turn_done()
            left, right = count
            if not left or not right:
                winner = Winner.DRAW if not left and not right else (Winner.RIGHT if not left else Winner.LEFT)
                self.reason = EndReason.BOTH_EMPTY if winner is Winner.DRAW else EndReason.SIDE_EMPTY
                return winner
            if self.roll >= ROLL_LIMIT or (not self.dmg_alive and not self.ndots):
                hp = self.hp
                lh = sum(hp[i] for i in self.m.members[0])
                rh = sum(hp[i] for i in self.m.members[1])
                self.reason = EndReason.ROLL_LIMIT if self.roll >= ROLL_LIMIT else EndReason.NO_DAMAGE
                return Winner.LEFT if lh > rh else (Winner.RIGHT if rh > lh else Winner.DRAW)

    def limits(self) -> tuple[str, ...]:
        """The limits that stopped a loop, once the battle is over (:attr:`BattleResult.limits`)."""
        limits = []
        if self.cap_hit:
            limits.append(LIMIT_REACTION_CAP)
        if self.denied:
            limits.append(LIMIT_REROLL_DENIED)
        if self.reason is EndReason.ROLL_LIMIT:
            limits.append(LIMIT_ROLL_LIMIT)
        return tuple(limits)

    # The steps of a turn, in the order of TURN_STEPS

    def roll_dice(self) -> bool:
        """Step 1: two dice; every roll counts, a reroll too. A tie of threat across the sides is drawn."""
        m = self.m
        roll = self.roll = self.roll + 1
        forced = roll <= self.nforced
        if forced:
            a, b = self.dice[roll - 1]
            self.di = (a - 1) * 6 + b - 1
        else:
            self.di = x = int(self.rand() * 36)  # the dice, as ``(a - 1) * 6 + b - 1``
            a = x // 6 + 1
            b = x % 6 + 1
        bonus = self.bonus = roll - SUDDEN_DEATH_FROM + 1 if roll >= SUDDEN_DEATH_FROM else 0
        ties = m.ties
        bits = 0
        if ties:
            bits = self.rng.getrandbits(ties)
            self.order = m.orders.get(bits) or m.order(bits)
        self.total = a + b
        tracer = self.tracer
        if tracer is not None:
            tracer.roll(roll, self.turn, (a, b), forced, bonus, _R_ROLL + _R_SUDDEN if bonus else _R_ROLL)
            trace = self.trace = None if tracer.cut else tracer
            if trace is not None and ties:
                alive = self.alive  # one down after a reroll still dies in the drawn order (I-BAT-9)
                for j, (left, right) in enumerate(m.cross_ties):
                    if any(alive[i] for i in left) and any(alive[i] for i in right):
                        trace.tie(left + right, m.threat[left[0]], bool(bits >> j & 1), _R_TIE)
        return False

    def status(self) -> bool:
        """Step 2: damage over time ticks, with no sudden-death bonus and no reactions."""
        if not self.ndots:
            return False
        hp = self.hp
        dots = self.dots
        last_by = self.last_by
        trace = self.trace
        for i in self.order.cryptids:
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
                    left = []
                    for st in d:
                        if st[1] > 0:
                            left.append(st)
                    dots[i] = left
                    self.ndots -= expired
                h = hp[i]
                if amt >= h:
                    amt = h
                    self.anydown = True
                hp[i] = h - amt
                if trace is not None:
                    quiet = _R_NO_REACTION if amt and any(hp[u] > 0 for u in self.m.answer_damage[i]) else ()
                    trace.status(i, amt, (_R_STATUS_SUDDEN if self.bonus else _R_STATUS) + quiet)
                    if not hp[i]:
                        trace.down(i, 0, _R_DOWN)
        return False

    def every_roll(self) -> bool:
        """Step 3: every-roll abilities and dice-total modifiers, in threat order."""
        hp = self.hp
        trace = self.trace
        di = self.di
        for faces, o, e, ab in self.order.step3:
            if faces is not None and di not in faces:
                continue
            if hp[o] <= 0:
                if trace is not None and self.alive[o]:
                    trace.skip(ab, _R_SKIP3)
                continue
            if e == MODIFY:
                self.total += ab.amount
                if trace is not None:
                    trace.modify(ab, self.total, self.with_tie(_R_MODIFY, o))
            elif e == REROLL:
                if self.reroll(ab):
                    return True
            else:
                if trace is not None:
                    trace.activate(ab, self.with_tie(_R_STEP3, o))
                self.fire(ab, -1, 0)
        return False

    def threat_order(self) -> bool:
        """Step 4: the abilities whose condition the modified total meets, in threat order."""
        m = self.m
        hp = self.hp
        trace = self.trace
        key = self.di * m.width + self.total - m.tlo
        order = self.order
        set_off = order.set_off.get(key)
        if set_off is None:
            set_off = m.set_off(order, key)
        for o, e, ab in set_off:
            if hp[o] <= 0:
                if trace is not None and self.alive[o]:
                    trace.skip(ab, _R_SKIP)
                continue
            if e == REROLL:
                if self.reroll(ab):
                    return True
            else:
                if trace is not None:
                    trace.activate(ab, self.with_tie(_R_STEP4, o))
                self.fire(ab, -1, 0)
        return False

    def deaths(self) -> bool:
        """Step 6: every cryptid at 0 dies; "ally dies" reactions, then death abilities; until none is down."""
        if not self.anydown:
            return False
        m = self.m
        hp = self.hp
        alive = self.alive
        count = self.count
        side = m.side
        last_by = self.last_by
        dots = self.dots
        trace = self.trace
        while self.anydown:
            self.anydown = False
            dying = []
            for i in self.order.cryptids:
                if alive[i] and not hp[i]:
                    dying.append(i)
            for i in dying:
                alive[i] = False
                count[side[i]] -= 1
                if m.can_damage[i]:
                    self.dmg_alive -= 1
                d = dots[i]
                if d:
                    self.ndots -= len(d)
                    dots[i] = None
                if trace is not None:
                    trace.death(i, _R_DEATH)
            for i in dying:
                for r in m.ally_dies[side[i]]:
                    if hp[r.owner] > 0:
                        self.react(r, last_by[i], 0)
            for i in dying:
                for ab in m.death[i]:
                    if trace is not None:
                        trace.death_ability(ab, _R_DEATH)
                    self.fire(ab, last_by[i], 0)
        return False

    # What the steps share

    def with_tie(self, rulings: tuple[str, ...], o: int) -> tuple[str, ...]:
        """``rulings``, plus the tie-break when a standing ally shares ``o``'s threat (I-BAT-9)."""
        peers = self.m.peers[o]
        hp = self.hp
        return rulings + _R_ORDER_TIE if peers and any(hp[u] > 0 for u in peers) else rulings

    def reroll(self, ab: CompiledAbility) -> bool:
        """A reroll ability activates: True when the turn restarts, False past the 36th roll (I-BAT-8)."""
        trace = self.trace
        if self.roll < ROLL_LIMIT:
            if trace is not None:
                trace.reroll(ab, _R_REROLL)
            return True
        self.denied = True
        if trace is not None:
            trace.reroll_denied(ab, _R_REROLL_DENIED)
        return False

    def react(self, r: CompiledAbility, src: int, depth: int, order: tuple[str, ...] = ()) -> None:
        """Step 5, inside the step under way: a reaction resolves at once, unless the cap stops it (``order``: I-BAT-19)."""
        if self.react_left <= 0:
            self.cap_hit = True
            if self.tracer is not None:
                self.tracer.capped(r, depth + 1, _R_CAP)
            return
        self.react_left -= 1
        trace = self.trace
        if trace is not None:
            trace.reaction(r, depth + 1, (_R_REACT_DEATHS if trace.step == self.m.deaths_step else _R_REACT) + order)
        self.fire(r, src, depth + 1)

    def fire(self, ab: CompiledAbility, src: int, depth: int) -> None:
        """Resolve one activation: choose its targets, then apply its effect to each."""
        hp = self.hp
        trace = self.trace
        o = ab.owner
        tc = ab.target
        group = ab.group
        why = _NO_RULINGS
        t = -1
        if tc == HIGHEST_THREAT_ENEMY:
            for u in group:
                if hp[u] > 0:
                    t = u
                    break
            if trace is not None and t >= 0:
                threat = self.m.threat
                tie = any(hp[u] > 0 and u != t and threat[u] == threat[t] for u in group)
                why = _R_DEFAULT_TIE if tie else _R_DEFAULT
        elif tc == LOWEST_HEALTH_ENEMY or tc == LOWEST_HEALTH_ALLY:
            low = 1 << 30
            for u in group:
                h = hp[u]
                if 0 < h < low:
                    t = u
                    low = h
            if trace is not None and t >= 0:
                tie = any(hp[u] == low and u != t for u in group)
                why = _R_OTHER_TIE if tie else _R_OTHER
        elif tc == RANDOM_ENEMY:
            standing = []  # a loop, not a list comprehension: that would be one more call in CPython 3.11
            for u in group:
                if hp[u] > 0:
                    standing.append(u)
            if standing:
                t = standing[int(self.rand() * len(standing))]
            why = _R_RANDOM
        elif tc == SELF:
            if hp[o] > 0:
                t = o
            why = _R_OTHER if ab.named else _R_HEAL_SELF
        elif tc == SOURCE:
            if src >= 0 and hp[src] > 0:
                t = src
            why = _R_OTHER
        else:  # all enemies / all allies
            standing = []
            for u in group:
                if hp[u] > 0:
                    standing.append(u)
            if not standing and trace is not None:
                trace.no_target(ab, depth, _R_NO_TARGET)
            for u in standing:
                if hp[u] > 0:  # a reaction to an earlier target may have downed it
                    if ab.eff == DAMAGE:
                        self.hit(o, u, ab.amount + self.bonus, depth, _R_OTHER)
                    else:
                        self.apply(ab, u, depth, _R_OTHER)
            return
        if t < 0:
            if trace is not None:
                trace.no_target(
                    ab,
                    depth,
                    _R_NO_TARGET_DEFAULT
                    if tc == HIGHEST_THREAT_ENEMY
                    else _R_NO_TARGET_SELF
                    if tc == SELF and not ab.named
                    else _R_NO_TARGET,
                )
            return
        if ab.eff == DAMAGE:
            self.hit(o, t, ab.amount + self.bonus, depth, why)
        else:
            self.apply(ab, t, depth, why)

    def hit(self, o: int, t: int, amt: int, depth: int, why: tuple[str, ...]) -> None:
        """``o`` deals ``amt`` damage to ``t``; then ``t``'s reactions and its allies' (step 5)."""
        hp = self.hp
        h = hp[t]
        if amt >= h:
            amt = h
            hp[t] = 0
            self.anydown = True
        else:
            hp[t] = h - amt
        self.last_by[t] = o
        trace = self.trace
        if trace is not None:
            bonus = self.bonus
            trace.hit(o, t, amt, bonus, depth, why + _R_SUDDEN if bonus else why)
            if not hp[t]:
                trace.down(t, depth, _R_DOWN)
        if self.react_left > 0 or not self.cap_hit or self.tracer is not None:  # past the cap, a trace counts
            own, allies, order = self.m.on_damage[t]
            for r in own:
                if not hp[t]:  # a down cryptid does not react (I-BAT-3), even in the middle of its own reactions
                    break
                self.react(r, o, depth, order)
            for r in allies:
                if hp[r.owner] > 0:
                    self.react(r, o, depth, order)

    def apply(self, ab: CompiledAbility, t: int, depth: int, why: tuple[str, ...]) -> None:
        """Healing or damage over time on one target."""
        trace = self.trace
        if ab.eff == HEAL:
            hp = self.hp
            h = hp[t]
            amt = self.m.health[t] - h  # healing stops at the starting health
            if amt > ab.amount:
                amt = ab.amount
            if amt <= 0:
                if trace is not None:
                    trace.heal_none(ab, t, depth, why + _R_HEAL_NONE)
                return
            hp[t] = h + amt
            if trace is not None:
                trace.heal(ab, t, amt, depth, why + _R_HEAL_CUT if amt < ab.amount else why)
            for r in self.m.react_healed[t]:
                if not hp[t]:  # downed by one of its own reactions' chains (I-BAT-3)
                    break
                self.react(r, ab.owner, depth)
        else:  # DOT
            d = self.dots[t]
            if d is None:
                d = self.dots[t] = []
            d.append([ab.amount, ab.rolls, ab.owner])
            self.ndots += 1
            if trace is not None:
                trace.dot(ab, t, depth, why + _R_DOT)


Step = Callable[[Battle], bool]
"""A step of a turn: it plays its part of the battle and says whether a reroll restarts the turn."""


def reactions_inside_other_steps(battle: Battle) -> bool:
    """Step 5 has no place of its own in a turn: a reaction resolves at once, inside the step that set it off
    (3, 4 or 6; :meth:`Battle.react`). Its rule in :data:`TURN_STEPS` holds this function, which does
    nothing; the turn loop leaves it out."""
    return False


TURN_STEPS: RuleList[Step] = RuleList(
    [
        Rule(
            "roll",
            Battle.roll_dice,
            N_("Two six-sided dice are rolled; every roll, reroll or not, counts."),
            (cite("BAT-6.1"), cite("I-BAT-1")),
            title=N_("Roll the dice"),
            note="tira i dadi",
        ),
        Rule(
            "status",
            Battle.status,
            N_("Damage over time ticks on every cryptid that carries it (no sudden-death bonus, no reactions)."),
            (cite("BAT-6.2"), cite("I-BAT-2"), cite("I-BAT-18")),
            title=N_("Status effects"),
            note="effetti di stato",
        ),
        Rule(
            "every_roll",
            Battle.every_roll,
            N_(
                "Dice-total changes, before any check on the roll; in the engine's reading, with them the abilities "
                "that act on every roll whatever the dice show, all in threat order."
            ),
            (cite("BAT-6.3"), cite("I-BAT-17"), cite("I-BAT-11")),
            title=N_("Abilities of every roll"),
            note="abilità di ogni tiro",
        ),
        Rule(
            "threat_order",
            Battle.threat_order,
            N_(
                "Abilities whose condition the roll meets resolve, highest threat first on both sides; "
                "a cryptid at 0 health does not act."
            ),
            (cite("BAT-6.4"), cite("BAT-3"), cite("I-BAT-3"), cite("I-BAT-9")),
            title=N_("Abilities in threat order"),
            note="ordine di minaccia",
        ),
        Rule(
            "reactions",
            reactions_inside_other_steps,
            N_(
                "Damage or healing that an ability deals triggers reactions at once, inside the step it happens in "
                "(the hit cryptid's own first, then its allies'); they can chain, up to the cap."
            ),
            (cite("BAT-6.5"), cite("I-BAT-15"), cite("I-BAT-19"), cite("I-BAT-18"), cite("I-BAT-10")),
            title=N_("Reactions"),
            note="reazioni",
        ),
        Rule(
            "deaths",
            Battle.deaths,
            N_(
                "Every cryptid at 0 health dies; “ally dies” reactions, then death abilities, resolve in threat order, "
                "and so on until none is down."
            ),
            (cite("BAT-6.6"), cite("I-BAT-5"), cite("I-BAT-16")),
            title=N_("Deaths"),
            note="morti",
        ),
    ]
)
"""The six steps of a turn, in order (BAT-6). The turn loop (:meth:`Battle.play`) runs their functions
in this order, and a reroll starts it again from the first; every trace event carries the number of
its step (its place here, from 1). Step 5 (reactions) happens inside steps 3, 4 and 6, so its rule
holds :func:`reactions_inside_other_steps`, a marker that does nothing, and the loop leaves it out."""
