"""The ability vocabulary: one class per word, carrying everything about it.

The rule text points to a page on dice and activations ("Dadi e attivazioni") that is not published.
Until it is, abilities are written in this small vocabulary: an ability says **when** it activates,
what **effect** it has and, for damage and healing, its **target**::

    {"when": {"total": 7}, "effect": {"damage": 3}, "target": "lowest_health_enemy"}

Each word is a small class, in the spirit of python-chess's variants: its name as written in JSON,
the label a player reads on a form, its meaning, the rulings that decide it, the type of its value,
and its behaviour (a condition's :meth:`~ConditionWord.on_roll`, a word's ``describe``) — with class
flags the engine compiles its hot loop from (an effect's ``code``, a condition's ``roll``). The tuples
:data:`CONDITIONS`, :data:`REACTIONS`, :data:`EFFECTS` and :data:`TARGETS` are the vocabulary: the page's
reference table, the editor's choices and the reader (:data:`WHEN`, :data:`EFFECT`, :data:`TARGET`) come
from them.

>>> [w.label for w in TARGETS][:2]
['Highest-threat enemy', 'Lowest-health enemy']
>>> DieShows.form(), DieShows.on_roll(6, 2, 6, 8), Condition("die_shows", 6).describe()
('{"die_shows": 6}', True, 'a die shows 6')
>>> WHEN.read({"range": [2, 5]}, "when")
Condition(kind='range', value=(2, 5))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import ScenarioError
from ..fields import check_int, join
from ..i18n import N_, Message
from ..schema import NOTHING, Choice, Context, Field, Int, Pair, Type
from ..shapes import Keyed, Option
from .rulebook import cite
from .rules import MAX_AMOUNT, ROLL_LIMIT

# --------------------------------------------------------------------------
# Value types of the vocabulary's own


class Amount(Int):
    """A whole number an effect must give: ``null`` is a missing amount."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> int:
        if value is None:
            raise ScenarioError(path, self.expected, hint="missing field")
        return super().read(value, path, ctx)


class TotalRange(Pair):
    """Two dice totals ``[low, high]``, the low one first (both included)."""

    def __init__(self) -> None:
        super().__init__(
            Int(2, 12), Int(2, 12), expected="a list of two totals [low, high]", what="`[low, high]`, 2–12"
        )

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> tuple[int, int]:
        if not isinstance(value, list) or len(value) != 2:
            raise ScenarioError(path, self.expected, got=value)
        low: int = self.first.read(value[0], join(path, "[0]"), ctx)
        return low, check_int(value[1], join(path, "[1]"), minimum=low, maximum=12)


class OnlyTrue(Type):
    """``true``, and nothing else (``{"doubles": true}``)."""

    expected = "true"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> bool:
        if value is not True:
            raise ScenarioError(path, "true", got=value)
        return True

    def describe(self) -> str:
        return "true"

    def to_json(self) -> dict[str, Any]:
        return {"type": "const", "value": True}


# --------------------------------------------------------------------------
# A word


class Word:
    """One word of the vocabulary."""

    part: ClassVar[str]
    """``condition``, ``reaction``, ``effect`` or ``target``."""

    name: ClassVar[str]
    """The word as written in JSON."""

    label: ClassVar[str]
    """What a player reads for it on a form (``"Highest-threat enemy"``)."""

    meaning: ClassVar[str]
    """What it does, in plain words."""

    rulings: ClassVar[tuple[str, ...]]
    """The rulings that decide how it works."""

    value: ClassVar[Type | None] = None
    """The type of its value (``{"total": 7}``); ``None`` for a word written as a plain string."""

    example: ClassVar[object] = None
    """A value, for the JSON form the page shows."""

    extra: ClassVar[tuple[Field, ...]] = ()
    """Further keys beside its own (``"rolls"`` beside ``"dot"``)."""

    extra_example: ClassVar[dict[str, object]] = {}
    """Values of the further keys, for the JSON form."""

    @classmethod
    def form(cls) -> str:
        """How it is written, as JSON: ``'{"total": 7}'``, ``'"every_roll"'``."""
        if cls.value is None:
            return json.dumps(cls.name)
        return json.dumps({cls.name: cls.example, **cls.extra_example})

    @classmethod
    def option(cls) -> Option:
        """The word as a shape of the reader (:class:`~estro_rules.shapes.Keyed`), with its label, help and rulings."""
        return Option(cls.name, cls.value, cls.extra, cls.form(), cls.label, cls.meaning, cls.rulings)


def _labels(words: tuple[type[Word], ...]) -> dict[str, str]:
    return {w.name: w.label for w in words}


# --------------------------------------------------------------------------
# Reactions


class ReactionWord(Word):
    """A reaction condition: it resolves at once, inside the step that set it off."""

    part = "reaction"
    phrase: ClassVar[str]
    """How an ability's description says it (``"when damaged"``)."""

    source: ClassVar[str]
    """What its trigger is (``"damage"``, ``"healing"``): a ``source`` target names the cryptid that dealt it."""

    @classmethod
    def form(cls) -> str:
        return json.dumps({"reaction": cls.name})


class Damaged(ReactionWord):
    name = "damaged"
    label = N_("When it is damaged")
    meaning = N_("this cryptid takes damage from an ability (not from damage over time) and is still standing")
    rulings = (cite("BAT-6.5"), cite("I-BAT-3"), cite("I-BAT-18"))
    phrase = N_("when damaged")
    source = "damage"


class Healed(ReactionWord):
    name = "healed"
    label = N_("When it is healed")
    meaning = N_("this cryptid is healed by an ability (by 1 or more)")
    rulings = (cite("BAT-6.5"), cite("I-BAT-10"))
    phrase = N_("when healed")
    source = "healing"


class AllyDamaged(ReactionWord):
    name = "ally_damaged"
    label = N_("When an ally is damaged")
    meaning = N_("another cryptid on this side takes damage from an ability; after the damaged cryptid's own reactions")
    rulings = (cite("BAT-6.5"), cite("I-BAT-18"), cite("I-BAT-19"))
    phrase = N_("when an ally is damaged")
    source = "damage"


class AllyDies(ReactionWord):
    name = "ally_dies"
    label = N_("When an ally dies")
    meaning = N_("another cryptid on this side dies (step 6)")
    rulings = (cite("BAT-6.5"), cite("BAT-6.6"))
    phrase = N_("when an ally dies")
    source = "damage"


REACTIONS: tuple[type[ReactionWord], ...] = (Damaged, Healed, AllyDamaged, AllyDies)
"""The reaction conditions: they resolve at once, inside the step that triggered them."""

REACTION = {w.name: w for w in REACTIONS}

# --------------------------------------------------------------------------
# Conditions


class ConditionWord(Word):
    """When an ability activates."""

    part = "condition"

    roll: ClassVar[bool] = True
    """Whether it is a condition on the roll (a reaction or a death is not; only a roll condition rerolls)."""

    every: ClassVar[bool] = False
    """Whether it holds on every roll (such an ability acts at step 3, I-BAT-17)."""

    faces: ClassVar[bool] = False
    """Whether it reads the dice as rolled, not the total (a dice-total change may wait for it: I-BAT-11)."""

    source: ClassVar[str] = ""
    """What it answers, when a ``source`` target may name the cryptid behind it (a death: ``"damage"``)."""

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        """Whether a roll of ``a`` and ``b`` meets it; ``total`` is the total after modifiers (I-BAT-11)."""
        return False

    @staticmethod
    def describe(value: Any) -> str:
        """The condition in a few words, as a trace names an ability."""
        raise NotImplementedError


class EveryRoll(ConditionWord):
    name = "every_roll"
    label = N_("Every roll")
    meaning = N_("on every roll, whatever the dice show, at step 3 (before any check on the roll)")
    rulings = (cite("BAT-6.3"), cite("I-BAT-17"))
    every = True

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return True

    @staticmethod
    def describe(value: Any) -> str:
        return N_("every roll")


class Total(ConditionWord):
    name = "total"
    label = N_("The dice total is")
    meaning = N_("the dice total, after modifiers, equals N (2 to 12)")
    rulings = (cite("BAT-6.4"), cite("I-BAT-11"))
    value = Int(2, 12)
    example = 7

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return bool(total == value)

    @staticmethod
    def describe(value: Any) -> str:
        return Message("total {value}", value=value)


class Range(ConditionWord):
    name = "range"
    label = N_("The dice total is between")
    meaning = N_("the dice total, after modifiers, is from A to B (both included)")
    rulings = (cite("BAT-6.4"), cite("I-BAT-11"))
    value = TotalRange()
    example = [2, 5]

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return bool(value[0] <= total <= value[1])

    @staticmethod
    def describe(value: Any) -> str:
        return Message("total {low}–{high}", low=value[0], high=value[1])


class Parity(ConditionWord):
    name = "parity"
    label = N_("The dice total is odd or even")
    meaning = N_('the dice total, after modifiers, is "odd" or "even"')
    rulings = (cite("BAT-6.4"), cite("I-BAT-11"))
    value = Choice(("odd", "even"), "parity", labels={"odd": N_("Odd"), "even": N_("Even")})
    example = "odd"

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return total % 2 == (1 if value == "odd" else 0)

    @staticmethod
    def describe(value: Any) -> str:
        return N_("odd total") if value == "odd" else N_("even total")


class Doubles(ConditionWord):
    name = "doubles"
    label = N_("Doubles")
    meaning = N_("both dice show the same face, as rolled")
    rulings = (cite("BAT-6.4"), cite("I-BAT-11"))
    value = OnlyTrue()
    example = True
    faces = True

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return a == b

    @staticmethod
    def describe(value: Any) -> str:
        return N_("doubles")


class DieShows(ConditionWord):
    name = "die_shows"
    label = N_("A die shows")
    meaning = N_("at least one die shows N (1 to 6), as rolled")
    rulings = (cite("BAT-6.4"), cite("I-BAT-11"))
    value = Int(1, 6)
    example = 6
    faces = True

    @staticmethod
    def on_roll(value: Any, a: int, b: int, total: int) -> bool:
        return value in (a, b)

    @staticmethod
    def describe(value: Any) -> str:
        return Message("a die shows {value}", value=value)


class Reaction(ConditionWord):
    name = "reaction"
    label = N_("A reaction")
    meaning = N_("a reaction: one of the reaction words below")
    rulings = (cite("BAT-6.5"),)
    value = Choice(tuple(REACTION), "reaction", labels=_labels(REACTIONS))
    example = Damaged.name
    roll = False

    @staticmethod
    def describe(value: Any) -> str:
        return REACTION[value].phrase


class Death(ConditionWord):
    name = "death"
    label = N_("When it dies")
    meaning = N_("a death ability: when this cryptid dies, at step 6")
    rulings = (cite("BAT-6.6"), cite("I-BAT-5"))
    roll = False
    source = "damage"

    @staticmethod
    def describe(value: Any) -> str:
        return N_("on death")


CONDITIONS: tuple[type[ConditionWord], ...] = (EveryRoll, Total, Range, Parity, Doubles, DieShows, Reaction, Death)
"""When an ability activates."""

CONDITION = {w.name: w for w in CONDITIONS}

# --------------------------------------------------------------------------
# Effects


class EffectWord(Word):
    """What an ability does."""

    part = "effect"

    code: ClassVar[int]
    """The effect as a number, for the engine's hot loop."""

    harmful: ClassVar[bool] = False
    """Whether it deals damage (I-BAT-7): it targets enemies, the highest-threat one unless it names one (BAT-4)."""

    dice: ClassVar[bool] = False
    """Whether it changes the dice, not a cryptid: it names no target."""

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        """What it does, in a few words, as a trace names an ability."""
        raise NotImplementedError


class Damage(EffectWord):
    name = "damage"
    label = N_("Damage")
    meaning = N_("deal N damage to each target (plus the sudden-death bonus)")
    rulings = (cite("BAT-11"), cite("I-BAT-2"))
    value = Amount(1, MAX_AMOUNT)
    example = 3
    code = 0
    harmful = True

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        return Message("damage {amount}", amount=amount)


class Heal(EffectWord):
    name = "heal"
    label = N_("Heal")
    meaning = N_("heal each target by N, never above its starting health")
    rulings = (cite("I-BAT-3"),)
    value = Amount(1, MAX_AMOUNT)
    example = 2
    code = 1

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        return Message("heal {amount}", amount=amount)


class Dot(EffectWord):
    name = "dot"
    label = N_("Damage over time")
    meaning = N_("damage over time: each target takes N damage at step 2 of each of the next R rolls")
    rulings = (cite("BAT-6.2"), cite("BAT-4"))
    value = Amount(1, MAX_AMOUNT)
    example = 1
    extra = (
        Field(
            "rolls",
            Int(1, ROLL_LIMIT),
            label=N_("For how many rolls"),
            help=N_("On how many of the next rolls the damage ticks"),
        ),
    )
    extra_example = {"rolls": 3}
    code = 2
    harmful = True

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        if rolls == 1:
            return Message("{amount} damage per roll for {rolls} roll", amount=amount, rolls=rolls)
        return Message("{amount} damage per roll for {rolls} rolls", amount=amount, rolls=rolls)


class ModifyTotal(EffectWord):
    name = "modify_total"
    label = N_("Change the dice total")
    meaning = N_("add N (or subtract, if negative) to the dice total; resolves at step 3")
    rulings = (cite("BAT-6.3"), cite("I-BAT-11"))
    value = Amount(-12, 12, nonzero=True)
    example = 2
    code = 3
    dice = True

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        change = f"{amount:+d}"
        return Message("total {change}", change=change)


class Reroll(EffectWord):
    name = "reroll"
    label = N_("Reroll the dice")
    meaning = N_("roll the dice again: the turn restarts at step 1")
    rulings = (cite("BAT-7"), cite("I-BAT-1"), cite("I-BAT-4"))
    code = 4
    dice = True

    @staticmethod
    def describe(amount: int, rolls: int) -> str:
        return N_("reroll")


EFFECTS: tuple[type[EffectWord], ...] = (Damage, Heal, Dot, ModifyTotal, Reroll)
"""What an ability does."""

EFFECT_WORDS = {w.name: w for w in EFFECTS}

# --------------------------------------------------------------------------
# Targets


class TargetWord(Word):
    """Whom an ability hits or heals; a cryptid at 0 health is never a target (I-BAT-3)."""

    part = "target"

    code: ClassVar[int]
    """The target as a number, for the engine's hot loop."""

    side: ClassVar[str]
    """``enemy`` (for harm), ``ally`` (for healing) or ``source`` (the cryptid behind the trigger)."""

    phrase: ClassVar[str]
    """How an ability's description says it (``"highest threat enemy"``)."""

    @classmethod
    def form(cls) -> str:
        return json.dumps(cls.name)


class HighestThreatEnemy(TargetWord):
    name = "highest_threat_enemy"
    label = N_("Highest-threat enemy")
    meaning = N_("the enemy with the highest threat, leftmost on ties (the default for damage)")
    rulings = (cite("BAT-4"),)
    phrase = N_("highest threat enemy")
    code = 0
    side = "enemy"


class LowestHealthEnemy(TargetWord):
    name = "lowest_health_enemy"
    label = N_("Lowest-health enemy")
    meaning = N_("the enemy with the lowest health, leftmost on ties")
    rulings = (cite("BAT-5"), cite("I-BAT-9"))
    phrase = N_("lowest health enemy")
    code = 1
    side = "enemy"


class AllEnemies(TargetWord):
    name = "all_enemies"
    label = N_("All enemies")
    meaning = N_("every enemy still standing, left to right")
    rulings = (cite("BAT-5"),)
    phrase = N_("all enemies")
    code = 2
    side = "enemy"


class RandomEnemy(TargetWord):
    name = "random_enemy"
    label = N_("Random enemy")
    meaning = N_("an enemy drawn by the battle's seeded generator")
    rulings = (cite("BAT-5"), cite("I-BAT-12"))
    phrase = N_("random enemy")
    code = 3
    side = "enemy"


class Self(TargetWord):
    name = "self"
    label = N_("Itself")
    meaning = N_("the cryptid itself (the default for healing)")
    rulings = (cite("BAT-5"), cite("I-BAT-14"))
    phrase = N_("self")
    code = 4
    side = "ally"


class LowestHealthAlly(TargetWord):
    name = "lowest_health_ally"
    label = N_("Lowest-health ally")
    meaning = N_("the cryptid on its own side (itself included) with the lowest health, leftmost on ties")
    rulings = (cite("BAT-5"), cite("I-BAT-9"))
    phrase = N_("lowest health ally")
    code = 5
    side = "ally"


class AllAllies(TargetWord):
    name = "all_allies"
    label = N_("All allies")
    meaning = N_("every cryptid on its own side still standing, itself included")
    rulings = (cite("BAT-5"),)
    phrase = N_("all allies")
    code = 6
    side = "ally"


class Source(TargetWord):
    name = "source"
    label = N_("The cryptid that set it off")
    meaning = N_("reactions and death abilities only: the cryptid whose ability caused the trigger")
    rulings = (cite("BAT-5"), cite("BAT-6.5"), cite("BAT-6.6"))
    phrase = N_("source")
    code = 7
    side = "source"


TARGETS: tuple[type[TargetWord], ...] = (
    HighestThreatEnemy,
    LowestHealthEnemy,
    AllEnemies,
    RandomEnemy,
    Self,
    LowestHealthAlly,
    AllAllies,
    Source,
)
"""Whom an ability hits or heals; a cryptid at 0 health is never a target (I-BAT-3)."""

TARGET_WORDS = {w.name: w for w in TARGETS}

VOCABULARY: tuple[type[Word], ...] = (*CONDITIONS, *REACTIONS, *EFFECTS, *TARGETS)
"""Every word, in the order the page's reference table lists them."""


def _distinct(codes: list[int], what: str) -> None:
    if sorted(codes) != list(range(len(codes))):  # pragma: no cover - a vocabulary written wrong
        raise AssertionError(f"the {what} codes must be 0 to {len(codes) - 1}, each once: {codes}")


_distinct([w.code for w in EFFECTS], "effect")
_distinct([w.code for w in TARGETS], "target")

# --------------------------------------------------------------------------
# What an ability says, as the engine holds it


@dataclass(frozen=True)
class Condition:
    """When an ability activates: a condition word and its value."""

    kind: str
    """The word's name (:data:`CONDITIONS`)."""

    value: Any = None
    """The condition's value: the total, the ``(low, high)`` range, ``"odd"``/``"even"``, the die face or the
    reaction name; ``None`` for ``every_roll`` and ``death``."""

    @property
    def word(self) -> type[ConditionWord]:
        return CONDITION[self.kind]

    def to_json(self) -> Any:
        return WHEN.dump(self)

    def on_roll(self, a: int, b: int, total: int) -> bool:
        """Whether a roll meets this condition; ``total`` is the total after modifiers (I-BAT-11).

        >>> Condition("range", (2, 5)).on_roll(3, 4, 5), Condition("doubles", True).on_roll(3, 3, 5)
        (True, True)
        """
        return self.word.on_roll(self.value, a, b, total)

    def describe(self) -> str:
        return self.word.describe(self.value)


@dataclass(frozen=True)
class Effect:
    """What an ability does: an effect word, its amount and, for damage over time, its rolls."""

    kind: str
    """The word's name (:data:`EFFECTS`)."""

    amount: int = 0
    """Damage, healing, damage per roll (``dot``) or the change to the total (``modify_total``); 0 for a reroll."""

    rolls: int = 0
    """For ``dot``: on how many rolls it ticks."""

    @property
    def word(self) -> type[EffectWord]:
        return EFFECT_WORDS[self.kind]

    def describe(self) -> str:
        return self.word.describe(self.amount, self.rolls)


def _the_form(option: Option) -> str:
    return f"the form {option.form}"


WHEN = Keyed(
    [w.option() for w in CONDITIONS],
    what="condition",
    expected='one condition: "every_roll", "death" or an object with one key such as {"total": 7}',
    string_form_message=_the_form,
    object_form_message=lambda option: f'the plain string "{option.name}"',
    into=lambda name, value, extra: Condition(name, value),
    out=lambda when: (when.kind, when.value, {}),
)
"""When an ability activates: read as a :class:`Condition`."""

EFFECT = Keyed(
    [w.option() for w in EFFECTS],
    what="effect",
    expected='"reroll" or an object such as {"damage": 3}',
    one_key='exactly one effect, such as {"damage": 3}',
    string_form_message=_the_form,
    into=lambda name, value, extra: Effect(name, value or 0, extra.get("rolls", 0)),
    out=lambda effect: (effect.kind, effect.amount, {"rolls": effect.rolls}),
)
"""What an ability does: read as an :class:`Effect`."""

TARGET = Choice(tuple(TARGET_WORDS), "target", labels=_labels(TARGETS))
"""Whom an ability hits or heals."""
