"""Two teams compiled for the hot loop: the tables the engine plays battles from.

Compiling a matchup works out once what every battle between the two teams would otherwise work out
again and again: who acts in which order, which rolls set off which ability, whom each ability can
target, who reacts to what. :class:`~.engine.Matchup` adds the battles themselves.

>>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
>>> m = CompiledMatchup(REFERENCE_LEFT, REFERENCE_RIGHT)
>>> m.n, m.ties, [len(a) for a in m.abilities]
(10, 4, [1, 2, 1, 2, 2, 1, 2, 1, 1, 2])
"""

from __future__ import annotations

from . import words
from .rulebook import cite
from .teams import Ability, Team

# What an ability does and whom it targets, as numbers for the hot loop: each word's own code (.words).
DAMAGE, HEAL, DOT, MODIFY, REROLL = (w.code for w in (words.Damage, words.Heal, words.Dot, words.ModifyTotal, words.Reroll))
HIGHEST_THREAT_ENEMY, LOWEST_HEALTH_ENEMY, ALL_ENEMIES, RANDOM_ENEMY = (
    w.code for w in (words.HighestThreatEnemy, words.LowestHealthEnemy, words.AllEnemies, words.RandomEnemy)
)
SELF, LOWEST_HEALTH_ALLY, ALL_ALLIES, SOURCE = (
    w.code for w in (words.Self, words.LowestHealthAlly, words.AllAllies, words.Source)
)
TARGET_CODES = {w.name: w.code for w in words.TARGETS}


def _reacts(ab: CompiledAbility, reaction: type[words.ReactionWord]) -> bool:
    """Whether the ability is a reaction of that word."""
    when = ab.ability.when
    return when.word is words.Reaction and when.value == reaction.name


class CompiledAbility:
    """One ability compiled for the hot loop."""

    __slots__ = ("ability", "amount", "eff", "faces", "group", "keys", "named", "owner", "rolls", "target")

    def __init__(self, owner: int, ability: Ability) -> None:
        self.owner = owner
        self.ability = ability
        self.eff = ability.effect.word.code
        self.amount = ability.amount
        self.rolls = ability.rolls
        self.target = TARGET_CODES[ability.target] if ability.target else -1
        self.named = ability.target_named
        """Whether the ability names its target (else it takes the default one)."""
        self.faces: frozenset[int] | None = None
        """Step 3: the dice (as ``(a - 1) * 6 + b - 1``) that set it off; ``None`` for every roll."""
        self.keys: frozenset[int] = frozenset()
        """Step 4: the rolls that set it off, as ``dice * width + total - lowest total``."""
        self.group: tuple[int, ...] = ()
        """The cryptids its target is chosen among, in the order the choice looks at them."""


#: How many findings of which step-4 abilities a roll sets off one matchup keeps (:meth:`CompiledMatchup.set_off`):
#: enough for every roll a simulation of the reference teams meets, a bounded memory for the largest teams.
MAX_CACHED = 50_000


class Order:
    """The acting order of one roll (who goes first in each tie of threat across the sides), and the
    abilities of steps 3 and 4 in that order."""

    __slots__ = ("cryptids", "set_off", "step3", "step4")

    def __init__(
        self,
        cryptids: tuple[int, ...],
        step3: tuple[tuple[frozenset[int] | None, int, int, CompiledAbility], ...],
        step4: tuple[tuple[frozenset[int], int, CompiledAbility], ...],
    ) -> None:
        self.cryptids = cryptids
        self.step3 = step3
        self.step4 = step4
        self.set_off: dict[int, tuple[tuple[int, int, CompiledAbility], ...]] = {}
        """The step-4 abilities a roll sets off, as ``(owner, effect, ability)``, by the roll's key, as found so
        far (:meth:`CompiledMatchup.set_off`)."""


class CompiledMatchup:
    """Two teams compiled once into the tables the engine plays many battles from.

    Cryptids are numbered from 0: the left team's, then the right team's.
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
        self.members = (tuple(range(nl)), tuple(range(nl, n)))
        by_threat = tuple(tuple(sorted(m, key=lambda i: (-self.threat[i], self.pos[i]))) for m in self.members)
        self.enemies_by_threat = (by_threat[1], by_threat[0])
        mods = [a.amount for c in cs for a in c.abilities if a.effect.word is words.ModifyTotal]
        self.tlo = 2 + sum(a for a in mods if a < 0)
        self.thi = 12 + sum(a for a in mods if a > 0)
        self.width = self.thi - self.tlo + 1
        self.abilities: list[list[CompiledAbility]] = []
        self.react_damaged: list[tuple[CompiledAbility, ...]] = []
        self.react_healed: list[tuple[CompiledAbility, ...]] = []
        self.death: list[tuple[CompiledAbility, ...]] = []
        self.can_damage = tuple(any(a.deals_damage for a in c.abilities) for c in cs)
        self.damage_dealers = sum(self.can_damage)
        for i, c in enumerate(cs):
            compiled = [CompiledAbility(i, a) for a in c.abilities]
            for ab in compiled:
                self._conditions(ab)
            self.abilities.append(compiled)
            self.react_damaged.append(tuple(ab for ab in compiled if _reacts(ab, words.Damaged)))
            self.react_healed.append(tuple(ab for ab in compiled if _reacts(ab, words.Healed)))
            self.death.append(tuple(ab for ab in compiled if ab.ability.when.word is words.Death))

        def side_reactions(s: int, reaction: type[words.ReactionWord]) -> tuple[CompiledAbility, ...]:
            return tuple(ab for i in by_threat[s] for ab in self.abilities[i] if _reacts(ab, reaction))

        self.ally_damaged = (side_reactions(0, words.AllyDamaged), side_reactions(1, words.AllyDamaged))
        answers = [(self.react_damaged[t], tuple(r for r in self.ally_damaged[self.side[t]] if r.owner != t)) for t in range(n)]
        self.on_damage = tuple((own, allies, (cite("I-BAT-19"),) if len(own) + len(allies) > 1 else ()) for own, allies in answers)
        """For each cryptid: its own "damaged" reactions, its allies' "ally damaged" ones in threat order, and the
        ruling that orders them when there are several (I-BAT-19, for the trace)."""
        self.answer_damage = tuple(tuple(dict.fromkeys(r.owner for r in own + allies)) for own, allies in answers)
        """For each cryptid: the cryptids that answer a hit on it (itself, its allies); a tick of damage over time,
        which is no hit, sets off none of them (I-BAT-18)."""
        self.ally_dies = (side_reactions(0, words.AllyDies), side_reactions(1, words.AllyDies))
        groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for value in sorted(set(self.threat), reverse=True):
            lefts = tuple(i for i in self.members[0] if self.threat[i] == value)
            rights = tuple(i for i in self.members[1] if self.threat[i] == value)
            groups.append((lefts, rights))
        self.groups = groups
        """The cryptids of each threat value, highest first: ``(left ones, right ones)``."""
        self.cross_ties = tuple(g for g in groups if g[0] and g[1])
        """The groups with cryptids on both sides: each roll draws which side of each acts first (I-BAT-9)."""
        self.ties = len(self.cross_ties)
        self.peers = tuple(tuple(u for u in range(n) if u != i and self.threat[u] == self.threat[i]) for i in range(n))
        self.orders: dict[int, Order] = {}
        """The acting orders met so far, by the draw that made them (:meth:`order`)."""
        self.cached = 0
        """How many findings :meth:`set_off` keeps."""
        for compiled in self.abilities:
            for ab in compiled:
                ab.group = self._group(ab)

    def _group(self, ab: CompiledAbility) -> tuple[int, ...]:
        s = self.side[ab.owner]
        if ab.target == HIGHEST_THREAT_ENEMY:
            return self.enemies_by_threat[s]
        if ab.target in (LOWEST_HEALTH_ENEMY, ALL_ENEMIES, RANDOM_ENEMY):
            return self.members[1 - s]
        if ab.target in (LOWEST_HEALTH_ALLY, ALL_ALLIES):
            return self.members[s]
        return ()  # itself, or the source of the trigger: no choice to make

    def _conditions(self, ab: CompiledAbility) -> None:
        when = ab.ability.when
        if not when.word.roll:
            return
        if ab.eff == MODIFY or when.word.every:
            if not when.word.every:
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

    def order(self, bits: int) -> Order:
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
            if ab.ability.when.word.every or ab.eff == MODIFY
        )
        step4 = tuple(  # the abilities some roll sets off at step 4 (the others have no keys: _conditions)
            (ab.keys, ab.owner, ab) for i in cryptids for ab in self.abilities[i] if ab.keys
        )
        made = Order(tuple(cryptids), step3, step4)
        self.orders[bits] = made
        return made

    def set_off(self, order: Order, key: int) -> tuple[tuple[int, int, CompiledAbility], ...]:
        """The step-4 abilities that a roll with ``key`` (its dice and total, see ``CompiledAbility.keys``) sets off, in
        ``order``, as ``(owner, effect, ability)``.

        Found by looking at each ability once, then kept in ``order.set_off`` for the next such roll, up to
        :data:`MAX_CACHED` findings per matchup: a simulation meets the same rolls again and again.
        """
        found = tuple((o, ab.eff, ab) for keys, o, ab in order.step4 if key in keys)
        if self.cached < MAX_CACHED:
            order.set_off[key] = found
            self.cached += 1
        return found
