"""Cryptids, teams and the ability vocabulary, as data.

The rule text points to a page on dice and activations ("Dadi e attivazioni")
that is not published. Until it is, abilities are written in this small
vocabulary: an ability says **when** it activates, what **effect** it has and,
for damage and healing, its **target**::

    {"when": {"total": 7}, "effect": {"damage": 3}, "target": "lowest_health_enemy"}

:data:`CONDITIONS`, :data:`REACTIONS`, :data:`EFFECTS` and :data:`TARGETS` list
every word with its JSON form and meaning; the site's reference table is built
from them. Reading a team checks every field and names it in the error:

>>> t = team([{"name": "Nessie", "threat": 6, "health": 11,
...            "abilities": [{"when": {"range": [2, 6]}, "effect": {"damage": 2}}]}])
>>> t.cryptids[0].abilities[0].target
'highest_threat_enemy'
>>> team([{"name": "Nessie", "threat": 6, "health": 11,
...        "abilities": [{"when": {"totl": 7}, "effect": {"damage": 2}}]}], "left")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: left[0].abilities[0].when.totl: expected a known condition, got 'totl' (did you mean 'total'? known: ...)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import ScenarioError
from ..fields import Fields, check_int, choose, join
from .rules import MAX_ABILITIES, MAX_AMOUNT, MAX_CRYPTIDS, MAX_HEALTH, MAX_THREAT, ROLL_LIMIT, cite


class Word(NamedTuple):
    """One word of the ability vocabulary."""

    part: str
    """``condition``, ``reaction``, ``effect`` or ``target``."""

    name: str
    """The word as written in JSON."""

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
        '"every_roll"',
        "on every roll, at step 3 (before any check on the roll)",
        (cite("BAT-6.3"),),
    ),
    Word(
        "condition",
        "total",
        '{"total": 7}',
        "the dice total, after modifiers, equals N (2 to 12)",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "range",
        '{"range": [2, 5]}',
        "the dice total, after modifiers, is from A to B (both included)",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "parity",
        '{"parity": "odd"}',
        'the dice total, after modifiers, is "odd" or "even"',
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "doubles",
        '{"doubles": true}',
        "both dice show the same face, as rolled",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "die_shows",
        '{"die_shows": 6}',
        "at least one die shows N (1 to 6), as rolled",
        (cite("BAT-6.4"), cite("I-BAT-11")),
    ),
    Word(
        "condition",
        "reaction",
        '{"reaction": "damaged"}',
        "a reaction: one of the reaction words below",
        (cite("BAT-6.5"),),
    ),
    Word(
        "condition",
        "death",
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
        '{"reaction": "damaged"}',
        "this cryptid takes damage from an ability and is still standing",
        (cite("BAT-6.5"), cite("I-BAT-3")),
    ),
    Word(
        "reaction",
        "healed",
        '{"reaction": "healed"}',
        "this cryptid is healed by an ability (by 1 or more)",
        (cite("BAT-6.5"), cite("I-BAT-10")),
    ),
    Word(
        "reaction",
        "ally_damaged",
        '{"reaction": "ally_damaged"}',
        "another cryptid on this side takes damage from an ability",
        (cite("BAT-6.5"),),
    ),
    Word(
        "reaction",
        "ally_dies",
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
        '{"damage": 3}',
        "deal N damage to each target (plus the sudden-death bonus)",
        (cite("BAT-11"), cite("I-BAT-2")),
    ),
    Word("effect", "heal", '{"heal": 2}', "heal each target by N, never above its starting health", (cite("I-BAT-3"),)),
    Word(
        "effect",
        "dot",
        '{"dot": 1, "rolls": 3}',
        "damage over time: each target takes N damage at step 2 of each of the next R rolls",
        (cite("BAT-6.2"),),
    ),
    Word(
        "effect",
        "modify_total",
        '{"modify_total": 2}',
        "add N (or subtract, if negative) to the dice total; resolves at step 3",
        (cite("BAT-6.3"), cite("I-BAT-11")),
    ),
    Word(
        "effect",
        "reroll",
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
        '"highest_threat_enemy"',
        "the enemy with the highest threat, leftmost on ties (the default for damage)",
        (cite("BAT-4"),),
    ),
    Word(
        "target",
        "lowest_health_enemy",
        '"lowest_health_enemy"',
        "the enemy with the lowest health, leftmost on ties",
        (cite("BAT-5"), cite("I-BAT-9")),
    ),
    Word("target", "all_enemies", '"all_enemies"', "every enemy still standing, left to right", (cite("BAT-5"),)),
    Word(
        "target",
        "random_enemy",
        '"random_enemy"',
        "an enemy drawn by the battle's seeded generator",
        (cite("BAT-5"), cite("I-BAT-12")),
    ),
    Word("target", "self", '"self"', "the cryptid itself (the default for healing)", (cite("BAT-4"),)),
    Word(
        "target",
        "lowest_health_ally",
        '"lowest_health_ally"',
        "the cryptid on its own side (itself included) with the lowest health, leftmost on ties",
        (cite("BAT-5"), cite("I-BAT-9")),
    ),
    Word(
        "target",
        "all_allies",
        '"all_allies"',
        "every cryptid on its own side still standing, itself included",
        (cite("BAT-5"),),
    ),
    Word(
        "target",
        "source",
        '"source"',
        "reactions and death abilities only: the cryptid whose ability caused the trigger",
        (cite("BAT-5"),),
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


# --------------------------------------------------------------------------
# Reading JSON


def team(data: object, path: str = "team") -> Team:
    """Read a team: a list of cryptids, or ``{"name": ..., "cryptids": [...]}``."""
    name = ""
    members: object = data
    if isinstance(data, dict):
        f = Fields(data, path)
        name = f.string("name", default="")
        members = f.raw("cryptids")
        f.done()
        path = join(path, "cryptids")
    if not isinstance(members, list):
        raise ScenarioError(path, "a list of cryptids (a team)", got=members)
    if not members:
        raise ScenarioError(path, "at least 1 cryptid", got=members, hint="a side cannot start empty")
    if len(members) > MAX_CRYPTIDS:
        raise ScenarioError(path, f"at most {MAX_CRYPTIDS} cryptids", got=members)
    return Team(tuple(cryptid(item, join(path, f"[{i}]")) for i, item in enumerate(members)), name)


def cryptid(data: object, path: str) -> Cryptid:
    """Read one cryptid: ``name``, ``threat``, ``health`` and ``abilities``."""
    f = Fields(data, path)
    name = f.string("name")
    if not name.strip():
        raise ScenarioError(join(path, "name"), "a non-empty name", got=name)
    threat = f.integer("threat", minimum=0, maximum=MAX_THREAT)
    health = f.integer("health", minimum=1, maximum=MAX_HEALTH)
    items = list(f.items("abilities", default=[]))
    if len(items) > MAX_ABILITIES:
        raise ScenarioError(join(path, "abilities"), f"at most {MAX_ABILITIES} abilities", got=[])
    abilities = tuple(ability(item, p) for p, item in items)
    f.done()
    return Cryptid(name, threat, health, abilities)


def ability(data: object, path: str = "ability") -> Ability:
    """Read one ability and check that its parts fit together.

    >>> ability({"when": "death", "effect": {"damage": 2}, "target": "all_enemies"}).describe()
    'on death: damage 2 → all enemies'
    >>> ability({"when": {"total": 7}, "effect": {"heal": 2}, "target": "all_enemys"})
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: ability.target: expected a known target, got 'all_enemys' (did you mean 'all_enemies'? known: ...)
    """
    f = Fields(data, path)
    name = f.string("name", default="")
    when = condition(f.raw("when"), join(path, "when"))
    effect, amount, rolls = _effect(f.raw("effect"), join(path, "effect"))
    target_path = join(path, "target")
    raw_target = f.raw("target", default=None)
    f.done()
    target: str | None = None
    if effect in ("modify_total", "reroll"):
        if raw_target is not None:
            raise ScenarioError(
                target_path,
                f"no target for a {effect} effect",
                got=raw_target,
                hint="it changes the dice, not a cryptid",
            )
        if effect == "modify_total" and when.kind not in ("every_roll", *FACE_CONDITIONS):
            raise ScenarioError(
                join(path, "when"),
                '"every_roll", {"doubles": true} or {"die_shows": N} for a modify_total effect',
                got=when.to_json(),
                hint="modifiers resolve at step 3, before the total is checked",
            )
        if effect == "reroll" and when.kind not in ROLL_CONDITIONS:
            raise ScenarioError(
                join(path, "when"),
                "a roll condition for a reroll effect",
                got=when.to_json(),
                hint="reactions and death abilities cannot reroll",
            )
        return Ability(when, effect, amount, rolls, None, name)
    harmful = effect in ("damage", "dot")
    default = "highest_threat_enemy" if harmful else "self"
    target = default if raw_target is None else choose(raw_target, target_path, TARGET_NAMES, "target")
    allowed = ENEMY_TARGETS if harmful else ALLY_TARGETS
    if target == "source":
        sources = ("damaged", "ally_damaged", "ally_dies") if harmful else ("healed",)
        ok = when.value in sources if when.kind == "reaction" else (harmful and when.kind == "death")
        if not ok:
            need = (
                "a damaged, ally_damaged or ally_dies reaction or a death ability" if harmful else "a healed reaction"
            )
            raise ScenarioError(
                target_path,
                f"a target other than 'source' unless the ability is {need}",
                got=target,
                hint="only then is there a source of the triggering " + ("damage" if harmful else "healing"),
            )
    elif target not in allowed:
        raise ScenarioError(
            target_path,
            f"a target for a {effect} effect",
            got=target,
            hint="known: " + ", ".join(repr(t) for t in (*allowed, "source")),
        )
    if when.kind == "death" and target in ("self",):
        raise ScenarioError(
            target_path,
            "a target other than 'self' for a death ability",
            got=target,
            hint="a dying cryptid cannot be targeted",
        )
    return Ability(when, effect, amount, rolls, target, name)


def condition(value: object, path: str) -> Condition:
    """Read a ``when``: ``"every_roll"``, ``"death"`` or an object with exactly one condition."""
    if isinstance(value, str):
        kind = choose(value, path, CONDITION_NAMES, "condition")
        if kind not in _STRING_CONDITIONS:
            form = next(w.form for w in CONDITIONS if w.name == kind)
            raise ScenarioError(path, f"the form {form}", got=value)
        return Condition(kind)
    if not isinstance(value, dict) or len(value) != 1:
        raise ScenarioError(
            path, 'one condition: "every_roll", "death" or an object with one key such as {"total": 7}', got=value
        )
    [(key, v)] = value.items()
    choices = [n for n in CONDITION_NAMES if n not in _STRING_CONDITIONS]
    where = join(path, str(key))
    kind = choose(key, where, choices, "condition") if key not in _STRING_CONDITIONS else key
    if kind in _STRING_CONDITIONS:
        raise ScenarioError(path, f'the plain string "{kind}"', got=value)
    if kind == "total":
        return Condition(kind, check_int(v, where, minimum=2, maximum=12))
    if kind == "range":
        if not isinstance(v, list) or len(v) != 2:
            raise ScenarioError(where, "a list of two totals [low, high]", got=v)
        low = check_int(v[0], join(where, "[0]"), minimum=2, maximum=12)
        high = check_int(v[1], join(where, "[1]"), minimum=low, maximum=12)
        return Condition(kind, (low, high))
    if kind == "parity":
        return Condition(kind, choose(v, where, ("odd", "even"), "parity"))
    if kind == "doubles":
        if v is not True:
            raise ScenarioError(where, "true", got=v)
        return Condition(kind, True)
    if kind == "die_shows":
        return Condition(kind, check_int(v, where, minimum=1, maximum=6))
    return Condition("reaction", choose(v, where, REACTION_NAMES, "reaction"))


def _effect(value: object, path: str) -> tuple[str, int, int]:
    if isinstance(value, str):
        kind = choose(value, path, EFFECT_NAMES, "effect")
        if kind != "reroll":
            form = next(w.form for w in EFFECTS if w.name == kind)
            raise ScenarioError(path, f"the form {form}", got=value)
        return kind, 0, 0
    if not isinstance(value, dict) or not value:
        raise ScenarioError(path, '"reroll" or an object such as {"damage": 3}', got=value)
    f = Fields(value, path)
    keys = [k for k in value if k != "rolls"]
    if len(keys) != 1:
        raise ScenarioError(path, 'exactly one effect, such as {"damage": 3}', got=value)
    key = keys[0]
    kind = choose(key, join(path, str(key)), [n for n in EFFECT_NAMES if n != "reroll"], "effect")
    if kind == "modify_total":
        amount = f.integer(kind, minimum=-12, maximum=12)
        if amount == 0:
            raise ScenarioError(join(path, kind), "a change other than 0", got=0)
    else:
        amount = f.integer(kind, minimum=1, maximum=MAX_AMOUNT)
    rolls = f.integer("rolls", minimum=1, maximum=ROLL_LIMIT) if kind == "dot" else 0
    f.done()
    return kind, amount, rolls


def dice_list(value: object, path: str = "dice") -> tuple[tuple[int, int], ...]:
    """Read forced dice: a list of at most 36 ``[a, b]`` pairs (no battle rolls more), each face 1 to 6.

    >>> dice_list([[3, 4], [6, 6]])
    ((3, 4), (6, 6))
    >>> dice_list([[3, 7]])
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: dice[0][1]: expected a whole number from 1 to 6, got 7
    """
    if not isinstance(value, (list, tuple)):
        raise ScenarioError(path, "a list of rolls such as [[3, 4], [6, 6]]", got=value)
    if len(value) > ROLL_LIMIT:
        raise ScenarioError(path, f"at most {ROLL_LIMIT} rolls", got=len(value), hint="no battle rolls more")
    rolls = []
    for i, pair in enumerate(value):
        where = join(path, f"[{i}]")
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ScenarioError(where, "a roll of two dice such as [3, 4]", got=pair)
        a = check_int(pair[0], join(where, "[0]"), minimum=1, maximum=6)
        b = check_int(pair[1], join(where, "[1]"), minimum=1, maximum=6)
        rolls.append((a, b))
    return tuple(rolls)
