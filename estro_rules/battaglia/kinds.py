"""The Battaglia scenario kinds, ``battaglia.battle`` and ``battaglia.estimate``, each field declared once.

A team, a cryptid and an ability are declared here too, through :mod:`estro_rules.schema`: reading
a scenario checks every field and names it in the error, and the labels and help are what a player
reads on a form. The ability's words (its conditions, effects and targets) take their labels, help
and rulings from the vocabulary of :mod:`.rules`.

>>> from estro_rules.fields import Fields
>>> data = {"left": [{"name": "A", "threat": 1, "health": 2,
...                   "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}],
...         "right": [{"name": "B", "threat": 1, "health": 1}], "seed": 4}
>>> load_battle(Fields(data, "")).run().to_json()["winner"]
'left'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import ScenarioError
from ..fields import Fields, check_int, join
from ..protocol import ScenarioKind
from ..schema import NOTHING, Bool, Choice, Context, Field, Int, Keyed, ListOf, Obj, Option, Pair, Text, Type
from .engine import battle
from .results import BattleResult
from .rules import (
    ALLY_TARGETS,
    CONDITIONS,
    EFFECTS,
    ENEMY_TARGETS,
    FACE_CONDITIONS,
    MAX_ABILITIES,
    MAX_AMOUNT,
    MAX_BATTLES,
    MAX_CRYPTIDS,
    MAX_ESTIMATE_SEED,
    MAX_HEALTH,
    MAX_SEED,
    MAX_THREAT,
    REACTIONS,
    ROLL_CONDITIONS,
    ROLL_LIMIT,
    ROLLS,
    TARGETS,
    Ability,
    Condition,
    Cryptid,
    Team,
    Word,
)
from .simulate import Estimate, Simulation
from .views import battle_html, battle_text, estimate_html, estimate_text

# --------------------------------------------------------------------------
# Types of Battaglia's own


class Name(Text):
    """A name: a string with more than blank space in it."""

    def __init__(self) -> None:
        super().__init__(nonempty="a non-empty name", strip=True, what="name")

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, "a string", got=value)
        return super().read(value, path, ctx)  # not blank, and plain text like every other text field


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


class Pending(NamedTuple):
    """A value read as given, to be checked by its type when the object's build asks (:class:`Later`)."""

    type: Type
    value: object
    path: str

    def read(self) -> Any:
        return self.type.read(self.value, self.path)


class Later(Type):
    """A field checked after the other keys of its object: reading it gives a :class:`Pending`.

    A team's cryptids are checked once the team object has no unknown key, and an ability's target
    once its effect is known (a dice effect takes no target at all, whatever the value).
    """

    expected = "a value"

    def __init__(self, inner: Type) -> None:
        self.inner = inner

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Pending:
        return Pending(self.inner, value, path)

    def describe(self) -> str:
        return self.inner.describe()

    def to_json(self) -> dict[str, Any]:
        return self.inner.to_json()


# --------------------------------------------------------------------------
# An ability: when, effect, target


def _options(words: tuple[Word, ...], values: Mapping[str, Type | None], extra: Mapping[str, Field]) -> list[Option]:
    """One option per vocabulary word, in the vocabulary's order, with the word's label, help and rulings."""
    return [
        Option(
            w.name,
            values[w.name],
            (extra[w.name],) if w.name in extra else (),
            form=w.form,
            label=w.label,
            help=w.meaning,
            rulings=w.rulings,
        )
        for w in words
    ]


def _labels(words: tuple[Word, ...]) -> dict[str, str]:
    return {w.name: w.label for w in words}


def _the_form(option: Option) -> str:
    return f"the form {option.form}"


WHEN = Keyed(
    _options(
        CONDITIONS,
        {
            "every_roll": None,
            "total": Int(2, 12),
            "range": TotalRange(),
            "parity": Choice(("odd", "even"), "parity", labels={"odd": "Odd", "even": "Even"}),
            "doubles": OnlyTrue(),
            "die_shows": Int(1, 6),
            "reaction": Choice(tuple(w.name for w in REACTIONS), "reaction", labels=_labels(REACTIONS)),
            "death": None,
        },
        {},
    ),
    what="condition",
    expected='one condition: "every_roll", "death" or an object with one key such as {"total": 7}',
    string_form_message=_the_form,
    object_form_message=lambda option: f'the plain string "{option.name}"',
)
"""When an ability activates: read as ``(condition, value, {})``."""

EFFECT = Keyed(
    _options(
        EFFECTS,
        {
            "damage": Amount(1, MAX_AMOUNT),
            "heal": Amount(1, MAX_AMOUNT),
            "dot": Amount(1, MAX_AMOUNT),
            "modify_total": Amount(-12, 12, nonzero=True),
            "reroll": None,
        },
        {
            "dot": Field(
                "rolls",
                Int(1, ROLL_LIMIT),
                label="For how many rolls",
                help="On how many of the next rolls the damage ticks",
            )
        },
    ),
    what="effect",
    expected='"reroll" or an object such as {"damage": 3}',
    one_key='exactly one effect, such as {"damage": 3}',
    string_form_message=_the_form,
)
"""What an ability does: read as ``(effect, amount, {"rolls": R} for damage over time)``."""

TARGET = Choice(tuple(w.name for w in TARGETS), "target", labels=_labels(TARGETS))
"""Whom an ability hits or heals."""


def _ability(values: dict[str, Any], path: str) -> Ability:
    """The ability, once its parts are known to fit together."""
    name: str = values["name"]
    kind, value, _ = values["when"]
    when = Condition(kind, value)
    effect, amount, extra = values["effect"]
    amount = amount or 0
    rolls = extra.get("rolls", 0)
    given: Pending | None = values["target"]
    target_path = join(path, "target")
    if effect in ("modify_total", "reroll"):
        if given is not None:
            raise ScenarioError(
                target_path,
                f"no target for a {effect} effect",
                got=given.value,
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
    target: str = default if given is None else given.read()
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
    return Ability(when, effect, amount, rolls, target, name, target_named=given is not None)


ABILITY = Obj(
    [
        Field("name", Text(), default="", label="Name", help="An optional name, shown in the trace"),
        Field(
            "when",
            WHEN,
            label="When it activates",
            help="A roll condition, a reaction, or `death`",
            missing="a value",
        ),
        Field(
            "effect",
            EFFECT,
            label="What it does",
            help="Damage, healing, damage over time, or a dice effect",
            missing="a value",
        ),
        Field(
            "target",
            Later(TARGET),
            default=None,
            label="Whom it targets",
            help="For damage and healing; left out, damage goes to the highest-threat enemy and healing to the cryptid itself",
        ),
    ],
    name="ability",
    label="Ability",
    build=_ability,
)
"""One ability: ``{"when": ..., "effect": ..., "target": ...}`` in the vocabulary of :mod:`.rules`."""


# --------------------------------------------------------------------------
# A cryptid and a team


def _at_most(count: int, what: str) -> Any:
    return lambda items: (f"at most {count} {what}", items, "")


CRYPTID = Obj(
    [
        Field("name", Name(), label="Name", help="Its name, as the trace shows it"),
        Field(
            "threat",
            Int(0, MAX_THREAT),
            label="Threat (minaccia)",
            help="Higher threat acts first, and is the first target of enemy damage",
        ),
        Field("health", Int(1, MAX_HEALTH), label="Health (salute)", help="Its health at the start of the battle"),
        Field(
            "abilities",
            ListOf(
                ABILITY,
                max_items=MAX_ABILITIES,
                what="list of abilities",
                too_many=_at_most(MAX_ABILITIES, "abilities"),
            ),
            default=(),
            label="Abilities",
            help="What it does in battle, in the ability vocabulary; several that activate together resolve in this order",
        ),
    ],
    name="cryptid",
    label="Cryptid",
    build=lambda values, path: Cryptid(values["name"], values["threat"], values["health"], values["abilities"]),
)
"""A cryptid (criptide): ``{"name", "threat", "health", "abilities"}``."""

_TEAM_EXPECTED = "a list of cryptids (a team)"

TEAM = Obj(
    [
        Field("name", Text(), default="", label="Team name", help="An optional name for the team"),
        Field(
            "cryptids",
            Later(
                ListOf(
                    CRYPTID,
                    min_items=1,
                    max_items=MAX_CRYPTIDS,
                    expected=_TEAM_EXPECTED,
                    what="list of cryptids",
                    too_few=lambda items: ("at least 1 cryptid", items, "a side cannot start empty"),
                    too_many=_at_most(MAX_CRYPTIDS, "cryptids"),
                    across=True,
                )
            ),
            label="Cryptids",
            help="Its cryptids, left to right, as set in the shop",
        ),
    ],
    name="team",
    label="Team",
    shorthand="cryptids",
    expected=_TEAM_EXPECTED,
    build=lambda values, path: Team(values["cryptids"].read(), values["name"]),
)
"""A team (squadra): a list of cryptids, or ``{"name": ..., "cryptids": [...]}``."""


def team(data: object, path: str = "team") -> Team:
    """Read a team: a list of cryptids, or ``{"name": ..., "cryptids": [...]}``.

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
    read: Team = TEAM.read(data, path)
    return read


def cryptid(data: object, path: str) -> Cryptid:
    """Read one cryptid: ``name``, ``threat``, ``health`` and ``abilities``."""
    read: Cryptid = CRYPTID.read(data, path)
    return read


def ability(data: object, path: str = "ability") -> Ability:
    """Read one ability and check that its parts fit together.

    >>> ability({"when": "death", "effect": {"damage": 2}, "target": "all_enemies"}).describe()
    'on death: damage 2 → all enemies'
    >>> ability({"when": {"total": 7}, "effect": {"heal": 2}, "target": "all_enemys"})
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: ability.target: expected a known target, got 'all_enemys' (did you mean 'all_enemies'? known: ...)
    """
    read: Ability = ABILITY.read(data, path)
    return read


# --------------------------------------------------------------------------
# The scenario kinds


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


def _sides(right_help: str) -> list[Field]:
    return [
        Field(
            "left",
            TEAM,
            label="Left team",
            help=f'A team: a list of 1 to {MAX_CRYPTIDS} cryptids, left to right, or `{{"name": ..., "cryptids": [...]}}`',
            missing="a value",
        ),
        Field("right", TEAM, label="Right team", help=right_help, missing="a value"),
    ]


SEED = Field(
    "seed",
    Int(0, MAX_SEED),
    default=0,
    label="Seed",
    help="Every random draw of the battle comes from it: the same seed replays the same battle",
)

BATTLE = ScenarioKind(
    "battaglia.battle",
    "Battaglia: one battle between two teams, roll by roll, with every ruling",
    Obj(
        [
            *_sides("The opponent's team, as it was set (a snapshot, [[BAT-2]])"),
            SEED,
            Field(
                "dice",
                ROLLS,
                default=(),
                label="Forced dice",
                help="Force the first rolls (then the seed takes over); each roll in the trace says whether it was forced",
            ),
            Field(
                "trace",
                Bool(),
                default=True,
                label="Record every event",
                help="Record every event with its rulings (the battle viewer needs it)",
            ),
        ],
        name="battaglia.battle",
        build=lambda v, path: BattleScenario(v["left"], v["right"], v["seed"], v["dice"], v["trace"]),
    ),
    battle_html,
    battle_text,
)

ESTIMATE = ScenarioKind(
    "battaglia.estimate",
    "Battaglia: how often each team wins over many seeded battles",
    Obj(
        [
            *_sides("The other team"),
            Field(
                "battles",
                Int(1, MAX_BATTLES),
                label="Number of battles",
                help="How many battles to play: more battles, narrower intervals",
            ),
            Field(
                "seed",
                Int(0, MAX_ESTIMATE_SEED),
                default=0,
                label="Seed",
                help="The master seed, at most 2³¹ − 1: battle i plays with the seed seed × 2³² + i, so any "
                "one can be replayed as a battle",
            ),
        ],
        name="battaglia.estimate",
        build=lambda v, path: EstimateScenario(v["left"], v["right"], v["battles"], v["seed"]),
    ),
    estimate_html,
    estimate_text,
)

KINDS: tuple[ScenarioKind, ...] = (BATTLE, ESTIMATE)
"""The Battaglia scenario kinds."""


def load_battle(f: Fields) -> BattleScenario:
    """Read a ``battaglia.battle`` scenario's own fields from ``f`` (the caller rejects any other key)."""
    scenario: BattleScenario = BATTLE.fields.finish(BATTLE.fields.read_fields(f, {}), f.path)
    return scenario


def load_estimate(f: Fields) -> EstimateScenario:
    """Read a ``battaglia.estimate`` scenario's own fields from ``f`` (the caller rejects any other key)."""
    scenario: EstimateScenario = ESTIMATE.fields.finish(ESTIMATE.fields.read_fields(f, {}), f.path)
    return scenario
