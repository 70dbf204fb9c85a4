"""Battaglia as data: the numbers of the rule text, the engine's limits and the ability vocabulary.

The rule text points to a page on dice and activations ("Dadi e attivazioni")
that is not published. Until it is, abilities are written in this small
vocabulary: an ability says **when** it activates, what **effect** it has and,
for damage and healing, its **target**::

    {"when": {"total": 7}, "effect": {"damage": 3}, "target": "lowest_health_enemy"}

:data:`CONDITIONS`, :data:`REACTIONS`, :data:`EFFECTS` and :data:`TARGETS` list
every word with its label, its JSON form, its meaning and its rulings; the site's
reference table and the scenario declarations (:mod:`.kinds`) are built from them.
:class:`Team`, :class:`Cryptid`, :class:`Ability` and :class:`Condition` are what
the engine plays with.

>>> [w.label for w in TARGETS][:2]
['Highest-threat enemy', 'Lowest-health enemy']
>>> [sudden_death_bonus(r) for r in (15, 16, 36)]
[0, 1, 21]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from ..schema import Int, ListOf, Pair
from .rulebook import cite

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
    what="list of `[a, b]` faces 1–6",
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


# --------------------------------------------------------------------------
# The ability vocabulary


class Word(NamedTuple):
    """One word of the ability vocabulary."""

    part: str
    """``condition``, ``reaction``, ``effect`` or ``target``."""

    name: str
    """The word as written in JSON."""

    label: str
    """What a player reads for it on a form (``"Highest-threat enemy"``)."""

    form: str
    """How it is written, as JSON."""

    meaning: str
    """What it does, in plain words."""

    rulings: tuple[str, ...]
    """The rulings that decide how it works."""


CONDITIONS: tuple[Word, ...] = (
    Word(
        "condition",
        "every_roll",
        "Every roll",
        '"every_roll"',
        "on every roll, whatever the dice show, at step 3 (before any check on the roll)",
        (cite("BAT-6.3"), cite("I-BAT-17")),
    ),
    Word(
        "condition",
        "total",
        "The dice total is",
        '{"total": 7}',
        "the dice total, after modifiers, equals N (2 to 12)",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "range",
        "The dice total is between",
        '{"range": [2, 5]}',
        "the dice total, after modifiers, is from A to B (both included)",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "parity",
        "The dice total is odd or even",
        '{"parity": "odd"}',
        'the dice total, after modifiers, is "odd" or "even"',
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "doubles",
        "Doubles",
        '{"doubles": true}',
        "both dice show the same face, as rolled",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "die_shows",
        "A die shows",
        '{"die_shows": 6}',
        "at least one die shows N (1 to 6), as rolled",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "reaction",
        "A reaction",
        '{"reaction": "damaged"}',
        "a reaction: one of the reaction words below",
        (cite("BAT-6.5"),),
    ),
    Word(
        "condition",
        "death",
        "When it dies",
        '"death"',
        "a death ability: when this cryptid dies, at step 6",
        (cite("BAT-6.6"), cite("I-BAT-5")),
    ),
)
"""When an ability activates."""

REACTIONS: tuple[Word, ...] = (
    Word(
        "reaction",
        "damaged",
        "When it is damaged",
        '{"reaction": "damaged"}',
        "this cryptid takes damage from an ability (not from damage over time) and is still standing",
        (cite("BAT-6.5"), cite("I-BAT-3"), cite("I-BAT-18")),
    ),
    Word(
        "reaction",
        "healed",
        "When it is healed",
        '{"reaction": "healed"}',
        "this cryptid is healed by an ability (by 1 or more)",
        (cite("BAT-6.5"), cite("I-BAT-10")),
    ),
    Word(
        "reaction",
        "ally_damaged",
        "When an ally is damaged",
        '{"reaction": "ally_damaged"}',
        "another cryptid on this side takes damage from an ability; after the damaged cryptid's own reactions",
        (cite("BAT-6.5"), cite("I-BAT-18"), cite("I-BAT-19")),
    ),
    Word(
        "reaction",
        "ally_dies",
        "When an ally dies",
        '{"reaction": "ally_dies"}',
        "another cryptid on this side dies (step 6)",
        (cite("BAT-6.5"), cite("BAT-6.6")),
    ),
)
"""The reaction conditions: they resolve at once, inside the step that triggered them."""

EFFECTS: tuple[Word, ...] = (
    Word(
        "effect",
        "damage",
        "Damage",
        '{"damage": 3}',
        "deal N damage to each target (plus the sudden-death bonus)",
        (cite("BAT-11"), cite("I-BAT-2")),
    ),
    Word(
        "effect",
        "heal",
        "Heal",
        '{"heal": 2}',
        "heal each target by N, never above its starting health",
        (cite("I-BAT-3"),),
    ),
    Word(
        "effect",
        "dot",
        "Damage over time",
        '{"dot": 1, "rolls": 3}',
        "damage over time: each target takes N damage at step 2 of each of the next R rolls",
        (cite("BAT-6.2"), cite("BAT-4")),
    ),
    Word(
        "effect",
        "modify_total",
        "Change the dice total",
        '{"modify_total": 2}',
        "add N (or subtract, if negative) to the dice total; resolves at step 3",
        (cite("BAT-6.3"), cite("I-BAT-11")),
    ),
    Word(
        "effect",
        "reroll",
        "Reroll the dice",
        '"reroll"',
        "roll the dice again: the turn restarts at step 1",
        (cite("BAT-7"), cite("I-BAT-1"), cite("I-BAT-4")),
    ),
)
"""What an ability does."""

TARGETS: tuple[Word, ...] = (
    Word(
        "target",
        "highest_threat_enemy",
        "Highest-threat enemy",
        '"highest_threat_enemy"',
        "the enemy with the highest threat, leftmost on ties (the default for damage)",
        (cite("BAT-4"),),
    ),
    Word(
        "target",
        "lowest_health_enemy",
        "Lowest-health enemy",
        '"lowest_health_enemy"',
        "the enemy with the lowest health, leftmost on ties",
        (cite("BAT-5"), cite("I-BAT-9")),
    ),
    Word(
        "target",
        "all_enemies",
        "All enemies",
        '"all_enemies"',
        "every enemy still standing, left to right",
        (cite("BAT-5"),),
    ),
    Word(
        "target",
        "random_enemy",
        "Random enemy",
        '"random_enemy"',
        "an enemy drawn by the battle's seeded generator",
        (cite("BAT-5"), cite("I-BAT-12")),
    ),
    Word(
        "target",
        "self",
        "Itself",
        '"self"',
        "the cryptid itself (the default for healing)",
        (cite("BAT-5"), cite("I-BAT-14")),
    ),
    Word(
        "target",
        "lowest_health_ally",
        "Lowest-health ally",
        '"lowest_health_ally"',
        "the cryptid on its own side (itself included) with the lowest health, leftmost on ties",
        (cite("BAT-5"), cite("I-BAT-9")),
    ),
    Word(
        "target",
        "all_allies",
        "All allies",
        '"all_allies"',
        "every cryptid on its own side still standing, itself included",
        (cite("BAT-5"),),
    ),
    Word(
        "target",
        "source",
        "The cryptid that set it off",
        '"source"',
        "reactions and death abilities only: the cryptid whose ability caused the trigger",
        (cite("BAT-5"), cite("BAT-6.5"), cite("BAT-6.6")),
    ),
)
"""Whom an ability hits or heals; a cryptid at 0 health is never a target (I-BAT-3)."""

CONDITION_NAMES = tuple(w.name for w in CONDITIONS)
REACTION_NAMES = tuple(w.name for w in REACTIONS)
EFFECT_NAMES = tuple(w.name for w in EFFECTS)
TARGET_NAMES = tuple(w.name for w in TARGETS)
ENEMY_TARGETS = ("highest_threat_enemy", "lowest_health_enemy", "all_enemies", "random_enemy")
ALLY_TARGETS = ("self", "lowest_health_ally", "all_allies")
ROLL_CONDITIONS = ("every_roll", "total", "range", "parity", "doubles", "die_shows")
FACE_CONDITIONS = ("doubles", "die_shows")
_STRING_CONDITIONS = ("every_roll", "death")


@dataclass(frozen=True)
class Condition:
    """When an ability activates."""

    kind: str
    """One of :data:`CONDITION_NAMES`."""

    value: Any = None
    """The condition's value: the total, the ``(low, high)`` range, ``"odd"``/``"even"``, the die face or the
    reaction name; ``None`` for ``every_roll`` and ``death``."""

    def to_json(self) -> Any:
        if self.kind in _STRING_CONDITIONS:
            return self.kind
        return {self.kind: list(self.value) if isinstance(self.value, tuple) else self.value}

    def on_roll(self, a: int, b: int, total: int) -> bool:
        """Whether a roll meets this condition; ``total`` is the total after modifiers (I-BAT-11).

        >>> Condition("range", (2, 5)).on_roll(3, 4, 5), Condition("doubles", True).on_roll(3, 3, 5)
        (True, True)
        """
        k = self.kind
        if k == "every_roll":
            return True
        if k == "total":
            return bool(total == self.value)
        if k == "range":
            return bool(self.value[0] <= total <= self.value[1])
        if k == "parity":
            return total % 2 == (1 if self.value == "odd" else 0)
        if k == "doubles":
            return a == b
        if k == "die_shows":
            return self.value in (a, b)
        return False

    def describe(self) -> str:
        k, v = self.kind, self.value
        if k == "every_roll":
            return "every roll"
        if k == "total":
            return f"total {v}"
        if k == "range":
            return f"total {v[0]}–{v[1]}"
        if k == "parity":
            return f"{v} total"
        if k == "doubles":
            return "doubles"
        if k == "die_shows":
            return f"a die shows {v}"
        if k == "reaction":
            return {
                "damaged": "when damaged",
                "healed": "when healed",
                "ally_damaged": "when an ally is damaged",
                "ally_dies": "when an ally dies",
            }[str(v)]
        return "on death"


@dataclass(frozen=True)
class Ability:
    """One ability of a cryptid."""

    when: Condition
    """When it activates."""

    effect: str
    """One of :data:`EFFECT_NAMES`."""

    amount: int = 0
    """Damage, healing, damage per roll (``dot``) or the change to the total (``modify_total``); 0 for a reroll."""

    rolls: int = 0
    """For ``dot``: on how many rolls it ticks."""

    target: str | None = None
    """One of :data:`TARGET_NAMES`; ``None`` for ``modify_total`` and ``reroll``."""

    name: str = ""
    """An optional name, shown in the trace."""

    target_named: bool = True
    """Whether the ability names its target; ``False`` when it takes the default (BAT-4 for harm; for
    healing, itself: I-BAT-14)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.name:
            data["name"] = self.name
        data["when"] = self.when.to_json()
        if self.effect == "reroll":
            data["effect"] = "reroll"
        elif self.effect == "dot":
            data["effect"] = {"dot": self.amount, "rolls": self.rolls}
        else:
            data["effect"] = {self.effect: self.amount}
        if self.target is not None:
            data["target"] = self.target
        return data

    @property
    def deals_damage(self) -> bool:
        """Whether it can deal damage (damage or damage over time), for I-BAT-7."""
        return self.effect in ("damage", "dot")

    def describe(self) -> str:
        e = self.effect
        if e == "dot":
            what = f"{self.amount} damage per roll for {self.rolls} rolls"
        elif e == "modify_total":
            what = f"total {self.amount:+d}"
        elif e == "reroll":
            what = "reroll"
        else:
            what = f"{e} {self.amount}"
        target = f" → {self.target.replace('_', ' ')}" if self.target else ""
        label = f"{self.name}: " if self.name else ""
        return f"{label}{self.when.describe()}: {what}{target}"


@dataclass(frozen=True)
class Cryptid:
    """A cryptid (criptide) as set in the shop."""

    name: str
    """Its name, as shown."""

    threat: int
    """Its threat value (minaccia): higher acts first and is targeted first."""

    health: int
    """Its starting health (salute)."""

    abilities: tuple[Ability, ...] = ()
    """Its abilities, in the order they resolve when several activate together."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "threat": self.threat,
            "health": self.health,
            "abilities": [a.to_json() for a in self.abilities],
        }


@dataclass(frozen=True)
class Team:
    """A team (squadra): its cryptids left to right, as set in the shop."""

    cryptids: tuple[Cryptid, ...]
    """The cryptids, leftmost first."""

    name: str = ""
    """An optional name for the team."""

    def to_json(self) -> Any:
        members = [c.to_json() for c in self.cryptids]
        return {"name": self.name, "cryptids": members} if self.name else members

    @property
    def health(self) -> int:
        """Total starting health."""
        return sum(c.health for c in self.cryptids)
