"""A team, a cryptid and an ability: the objects the engine plays with, each field declared where it is.

Reading a team checks every field and names it in the error; the labels and help are what a player
reads on a form. An ability's words (its condition, effect and target) are the vocabulary of
:mod:`.words`; the rules that tie its parts together — a dice effect names no target, a reroll needs a
roll, whom an ability targets when it names no one — are declared once, as :data:`ABILITY_RULES`, each
with the rulings behind it.

>>> t = team([{"name": "Nessie", "threat": 6, "health": 11,
...            "abilities": [{"when": {"range": [2, 6]}, "effect": {"damage": 2}}]}])
>>> t.cryptids[0].abilities[0].target, t.health
('highest_threat_enemy', 11)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..declare import Check, Declared, declared, record
from ..errors import ScenarioError
from ..fields import join
from ..i18n import N_, Message
from ..ordered import Rule, RuleList
from ..schema import NOTHING, Context, Int, Later, ListOf, Pending, Text
from .rulebook import cite
from .rules import MAX_ABILITIES, MAX_CRYPTIDS, MAX_HEALTH, MAX_THREAT
from .words import (
    EFFECT,
    REACTION,
    TARGET,
    TARGET_WORDS,
    TARGETS,
    WHEN,
    Condition,
    Death,
    Effect,
    HighestThreatEnemy,
    ModifyTotal,
    Reroll,
    Self,
)


class Name(Text):
    """A name: a string with more than blank space in it."""

    def __init__(self) -> None:
        super().__init__(nonempty="a non-empty name", strip=True, what=N_("name"))

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str):
            raise ScenarioError(path, "a string", got=value)
        return super().read(value, path, ctx)  # not blank, and plain text like every other text field


# --------------------------------------------------------------------------
# An ability: when, effect, target, and the rules across them


def _dice_effects_name_no_target(values: dict[str, Any], path: str) -> None:
    effect: Effect = values["effect"]
    given: Pending | None = values["target"]
    if effect.word.dice and given is not None:
        raise ScenarioError(
            join(path, "target"),
            f"no target for a {effect.kind} effect",
            got=given.value,
            hint="it changes the dice, not a cryptid",
        )


def _dice_total_changes_at_step_3(values: dict[str, Any], path: str) -> None:
    when: Condition = values["when"]
    if values["effect"].kind == ModifyTotal.name and not (when.word.every or when.word.faces):
        raise ScenarioError(
            join(path, "when"),
            '"every_roll", {"doubles": true} or {"die_shows": N} for a modify_total effect',
            got=when.to_json(),
            hint="modifiers resolve at step 3, before the total is checked",
        )


def _rerolls_on_a_roll(values: dict[str, Any], path: str) -> None:
    when: Condition = values["when"]
    if values["effect"].kind == Reroll.name and not when.word.roll:
        raise ScenarioError(
            join(path, "when"),
            "a roll condition for a reroll effect",
            got=when.to_json(),
            hint="reactions and death abilities cannot reroll",
        )


def _default_target(values: dict[str, Any], path: str) -> None:
    effect: Effect = values["effect"]
    given: Pending | None = values["target"]
    values["target_named"] = given is not None or effect.word.dice  # a dice effect takes no default: it names none
    if effect.word.dice:
        values["target"] = None
    elif given is None:
        values["target"] = HighestThreatEnemy.name if effect.word.harmful else Self.name
    else:
        values["target"] = given.read()


def _source_needs_a_trigger(values: dict[str, Any], path: str) -> None:
    effect: Effect = values["effect"]
    when: Condition = values["when"]
    if values["target"] != "source":
        return
    harmful = effect.word.harmful
    answers = REACTION[when.value].source if when.kind == "reaction" else when.word.source
    if answers != ("damage" if harmful else "healing"):
        need = "a damaged, ally_damaged or ally_dies reaction or a death ability" if harmful else "a healed reaction"
        raise ScenarioError(
            join(path, "target"),
            f"a target other than 'source' unless the ability is {need}",
            got=values["target"],
            hint="only then is there a source of the triggering " + ("damage" if harmful else "healing"),
        )


def _harm_to_enemies_healing_to_allies(values: dict[str, Any], path: str) -> None:
    effect: Effect = values["effect"]
    target = values["target"]
    if target is None or target == "source":
        return
    side = "enemy" if effect.word.harmful else "ally"
    allowed = [w.name for w in TARGETS if w.side == side]
    if target not in allowed:
        raise ScenarioError(
            join(path, "target"),
            f"a target for a {effect.kind} effect",
            got=target,
            hint="known: " + ", ".join(repr(t) for t in (*allowed, "source")),
        )


def _no_self_on_death(values: dict[str, Any], path: str) -> None:
    if values["when"].kind == Death.name and values["target"] == Self.name:
        raise ScenarioError(
            join(path, "target"),
            "a target other than 'self' for a death ability",
            got=values["target"],
            hint="a dying cryptid cannot be targeted",
        )


ABILITY_RULES: RuleList[Check] = RuleList(
    [
        Rule(
            "dice_effects_name_no_target",
            _dice_effects_name_no_target,
            N_("A change to the dice total and a reroll change the dice, not a cryptid: they name no target."),
            (cite("BAT-6.3"), cite("BAT-7")),
        ),
        Rule(
            "dice_total_changes_before_the_check",
            _dice_total_changes_at_step_3,
            N_(
                "A change to the dice total acts before any check on the roll: on every roll, or on a condition on "
                "the dice as rolled (doubles, a die shows)."
            ),
            (cite("BAT-6.3"), cite("I-BAT-11"), cite("I-BAT-17")),
        ),
        Rule(
            "rerolls_on_a_roll",
            _rerolls_on_a_roll,
            N_("A reroll activates on a roll: reactions and death abilities cannot reroll."),
            (cite("BAT-7"),),
        ),
        Rule(
            "default_target",
            _default_target,
            N_("Left out, the target of damage is the highest-threat enemy, that of healing the cryptid itself."),
            (cite("BAT-4"), cite("I-BAT-14")),
        ),
        Rule(
            "source_needs_a_trigger",
            _source_needs_a_trigger,
            N_("The cryptid that set it off is a target only for a reaction to damage or healing, or a death ability."),
            (cite("BAT-5"), cite("BAT-6.5"), cite("BAT-6.6")),
        ),
        Rule(
            "harm_to_enemies_healing_to_allies",
            _harm_to_enemies_healing_to_allies,
            N_("Damage and damage over time target enemies; healing targets its own side."),
            (cite("BAT-4"), cite("BAT-5")),
        ),
        Rule(
            "no_self_on_death",
            _no_self_on_death,
            N_("A death ability cannot target the dying cryptid itself."),
            (cite("I-BAT-3"),),
        ),
    ]
)
"""The rules across an ability's parts, in the order they are checked."""


@record("ability", label=N_("Ability"), rules=ABILITY_RULES)
@dataclass(frozen=True)
class Ability(Declared):
    """One ability of a cryptid."""

    name: str = declared(
        Text(), default="", label=N_("Name"), help=N_("An optional name, shown in the trace"), kw_only=True
    )
    """An optional name, shown in the trace."""

    when: Condition = declared(
        WHEN, label=N_("When it activates"), help=N_("A roll condition, a reaction, or `death`"), missing="a value"
    )
    """When it activates."""

    effect: Effect = declared(
        EFFECT,
        label=N_("What it does"),
        help=N_("Damage, healing, damage over time, or a dice effect"),
        missing="a value",
    )
    """What it does."""

    target: str | None = declared(
        Later(TARGET),
        default=None,
        label=N_("Whom it targets"),
        help=N_(
            "For damage and healing; left out, damage goes to the highest-threat enemy and healing to the cryptid "
            "itself"
        ),
    )
    """One of the :data:`~.words.TARGETS`; ``None`` for a dice effect."""

    target_named: bool = field(default=True, kw_only=True)
    """Whether the ability names its target; ``False`` when it takes the default (BAT-4 for harm; for
    healing, itself: I-BAT-14)."""

    @property
    def amount(self) -> int:
        """Damage, healing, damage per roll or the change to the total; 0 for a reroll."""
        return self.effect.amount

    @property
    def rolls(self) -> int:
        """For damage over time: on how many rolls it ticks."""
        return self.effect.rolls

    @property
    def deals_damage(self) -> bool:
        """Whether it can deal damage (damage or damage over time), for I-BAT-7."""
        return self.effect.word.harmful

    def describe(self) -> Message:
        """What it does in a few words, as a trace names it: a kept message (:mod:`estro_rules.i18n`); its name,
        if it has one, as written."""
        when, effect = kept(self.when.describe()), kept(self.effect.describe())
        if self.target:
            target = kept(TARGET_WORDS[self.target].phrase)
            words = Message("{when}: {effect} → {target}", when=when, effect=effect, target=target)
        else:
            words = Message("{when}: {effect}", when=when, effect=effect)
        return Message("{name}: {ability}", name=self.name, ability=words) if self.name else words


def kept(text: str) -> Message:
    """A word's description as a kept message: a :class:`Message` as it is, a marked word (``N_``) made one."""
    return text if isinstance(text, Message) else Message.kept(text)


# --------------------------------------------------------------------------
# A cryptid and a team


def _at_most(count: int, what: str) -> Any:
    return lambda items: (f"at most {count} {what}", items, "")


@record("cryptid", label=N_("Cryptid"))
@dataclass(frozen=True)
class Cryptid(Declared):
    """A cryptid (criptide) as set in the shop."""

    name: str = declared(Name(), label=N_("Name"), help=N_("Its name, as the trace shows it"))
    """Its name, as shown."""

    threat: int = declared(
        Int(0, MAX_THREAT),
        label=N_("Threat (minaccia)"),
        help=N_("Higher threat acts first, and is the first target of enemy damage"),
    )
    """Its threat value (minaccia): higher acts first and is targeted first."""

    health: int = declared(
        Int(1, MAX_HEALTH), label=N_("Health (salute)"), help=N_("Its health at the start of the battle")
    )
    """Its starting health (salute)."""

    abilities: tuple[Ability, ...] = declared(
        ListOf(
            Ability.SCHEMA,
            max_items=MAX_ABILITIES,
            what=N_("list of abilities"),
            too_many=_at_most(MAX_ABILITIES, "abilities"),
        ),
        default=(),
        label=N_("Abilities"),
        help=N_(
            "What it does in battle, in the ability vocabulary; several that activate together resolve in this order"
        ),
    )
    """Its abilities, in the order they resolve when several activate together."""


_TEAM_EXPECTED = "a list of cryptids (a team)"


@record(N_("team"), label=N_("Team"), shorthand="cryptids", expected=_TEAM_EXPECTED)
@dataclass(frozen=True)
class Team(Declared):
    """A team (squadra): its cryptids left to right, as set in the shop."""

    name: str = declared(
        Text(), default="", label=N_("Team name"), help=N_("An optional name for the team"), kw_only=True
    )
    """An optional name for the team."""

    cryptids: tuple[Cryptid, ...] = declared(
        Later(
            ListOf(
                Cryptid.SCHEMA,
                min_items=1,
                max_items=MAX_CRYPTIDS,
                expected=_TEAM_EXPECTED,
                what=N_("list of cryptids"),
                too_few=lambda items: ("at least 1 cryptid", items, "a side cannot start empty"),
                too_many=_at_most(MAX_CRYPTIDS, "cryptids"),
                across=True,
            )
        ),
        label=N_("Cryptids"),
        help=N_("Its cryptids, left to right, as set in the shop"),
    )
    """The cryptids, leftmost first (checked once the team object has no unknown key)."""

    @property
    def health(self) -> int:
        """Total starting health."""
        return sum(c.health for c in self.cryptids)


def team(data: object, path: str = "team") -> Team:
    """Read a team: a list of cryptids, or ``{"name": ..., "cryptids": [...]}``.

    >>> team([{"name": "Nessie", "threat": 6, "health": 11,
    ...        "abilities": [{"when": {"totl": 7}, "effect": {"damage": 2}}]}], "left")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: left[0].abilities[0].when.totl: expected a known condition, got 'totl' (did you mean 'total'? known: ...)
    """
    return Team.read(data, path)


def cryptid(data: object, path: str) -> Cryptid:
    """Read one cryptid: ``name``, ``threat``, ``health`` and ``abilities``."""
    return Cryptid.read(data, path)


def ability(data: object, path: str = "ability") -> Ability:
    """Read one ability and check that its parts fit together.

    >>> ability({"when": "death", "effect": {"damage": 2}, "target": "all_enemies"}).describe()
    'on death: damage 2 → all enemies'
    >>> ability({"when": {"total": 7}, "effect": {"heal": 2}, "target": "all_enemys"})
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: ability.target: expected a known target, got 'all_enemys' (did you mean 'all_enemies'? known: ...)
    """
    return Ability.read(data, path)
