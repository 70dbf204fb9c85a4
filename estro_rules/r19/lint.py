"""A card-design linter: the design consequences §19 states, checked over a card pool.

A pool is ``{"cards": [card definitions]}`` in the same format as a scenario's ``cards``.
Findings are the product, not errors: a pool that parses always gives a (possibly empty) list.

>>> pool = {"cards": [{"id": "GU-9", "name": "Glass Wall",
...     "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 0}}}}]}
>>> [(f.card, f.ruling) for f in lint(pool)]
[('GU-9', 'R19-8.6')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

from ..declare import Declared, declared, record
from ..fields import Fields, join, parse_json
from ..i18n import N_, Message, Plural, _, ngettext, say
from ..ordered import Rule, RuleList
from ..protocol import WRAPPER_FIELDS
from ..schema import NOTHING
from .acting import Action, Targeted
from .board import and_list
from .cards import POOL_CARDS, CardDef, Face, check_cards
from .moves import Flip, Twist
from .rulebook import cite
from .rules import UNLABELLED, X
from .values import Bonus


@dataclass(frozen=True)
class Finding:
    """One design problem on one card."""

    card: str
    """The card number."""

    name: str
    """The card's name."""

    rule: str
    """The lint rule that found it (a name in :data:`LINT_RULES`)."""

    ruling: str
    """The §19 ruling behind it."""

    message: str
    """What is wrong and why."""

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "name": self.name,
            "rule": self.rule,
            "ruling": self.ruling,
            "message": str(self.message),
        }


def _effects(card: CardDef) -> Iterator[tuple[str, Action]]:
    for ability in card.every_ability():
        for effect in ability.effects:
            yield ability.name, effect


class Pool:
    """The cards of a pool, indexed once (by card number, by class), so each rule's look-ups are cheap
    and linting stays linear in the pool's size."""

    def __init__(self, cards: list[CardDef]) -> None:
        self.cards = cards
        self.by_id = {c.id: c for c in cards}
        self._faces: dict[str, list[tuple[CardDef, str]]] = {}

    def faces_of(self, cls: str) -> list[tuple[CardDef, str]]:
        """Every (card, face key) of the pool whose face belongs to the class ``cls``."""
        if cls not in self._faces:
            self._faces[cls] = [(c, k) for c in self.cards for k, f in c.faces.items() if f.is_a(cls)]
        return self._faces[cls]


#: How many card numbers a message lists before it says how many more there are.
LISTED = 12


def _listed(ids: list[str]) -> str:
    """Card numbers for a message: all of them, or the first :data:`LISTED` and how many more.

    >>> _listed([f"C{i}" for i in range(14)])
    'C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11 and 2 more'
    """
    if len(ids) <= LISTED:
        return ", ".join(ids)
    return Message("{ids} and {n} more", ids=", ".join(ids[:LISTED]), n=len(ids) - LISTED)


def _printed_zero(card: CardDef, pool: Pool) -> Iterator[Finding]:
    for key, face in card.faces.items():
        for name in ("DEF", "Rank"):
            if face.value(name) == 0:
                yield Finding(
                    card.id,
                    card.name,
                    "printed_zero_def_or_rank",
                    cite("R19-8.6"),
                    Message(
                        "Its face prints {value} 0: at 0 or less a card is destroyed or broken the moment it enters, "
                        "so {value} should never be printed at 0 (§19.7, §19.8).",
                        value=name,
                    )
                    if key == UNLABELLED
                    else Message(
                        "The {face} face prints {value} 0: at 0 or less a card is destroyed or broken the moment it "
                        "enters, so {value} should never be printed at 0 (§19.7, §19.8).",
                        face=key,
                        value=name,
                    ),
                )


def _dead_bonus(card: CardDef, pool: Pool) -> Iterator[Finding]:
    for ability, effect in _effects(card):
        if not isinstance(effect, Bonus):
            continue
        value = effect.value
        if "self" in effect.target.cards:
            missing = [k for k, f in card.faces.items() if not _adds_to(f, value)]
            if missing:
                yield Finding(
                    card.id,
                    card.name,
                    "bonus_to_unprinted_value",
                    cite("R19-6.1"),
                    Plural(
                        "{ability}: +{amount} {value} to itself, but its {faces} face does not print {value} as a "
                        "number{note}: the bonus does nothing there (use granting language to give the value).",
                        "{ability}: +{amount} {value} to itself, but its {faces} faces do not print {value} as a "
                        "number{note}: the bonus does nothing there (use granting language to give the value).",
                        len(missing),
                        ability=ability,
                        amount=effect.amount,
                        value=value,
                        faces=", ".join(missing),
                        note=_x_note(value),
                    ),
                )
            continue
        if not effect.target.classes:
            continue
        members = [m for cls in effect.target.classes for m in pool.faces_of(cls)]
        dead = sorted({c.id for c, k in members if not _adds_to(c.faces[k], value)})
        live = sorted({c.id for c, k in members if _adds_to(c.faces[k], value)})
        named = and_list(effect.target.classes)
        if dead and live:
            yield Finding(
                card.id,
                card.name,
                "partly_dead_bonus",
                cite("R19-6.3"),
                Message(
                    "{ability}: “+{amount} {value}” names {named}, but some of them print no {value} number "
                    "({dead}){note}: it is dead text on those. Name a class that prints {value}, print a {value} "
                    "value on them, or keep it as a deliberate choice.",
                    ability=ability,
                    amount=effect.amount,
                    value=value,
                    named=named,
                    dead=_listed(dead),
                    note=_x_note(value),
                ),
            )
        elif dead:
            yield Finding(
                card.id,
                card.name,
                "dead_bonus",
                cite("R19-6.3"),
                Message(
                    "{ability}: “+{amount} {value}” names {named}, and none of them in the pool prints a {value} "
                    "number ({dead}){note}: the bonus does nothing at all.",
                    ability=ability,
                    amount=effect.amount,
                    value=value,
                    named=named,
                    dead=_listed(dead),
                    note=_x_note(value),
                ),
            )


def _x_note(value: str) -> str:
    if value in ("DEF", "Rank"):
        return Message("; a Character prints {value} X, not a number (§19.8)", value=value)
    return ""


def _adds_to(face: Face, value: str) -> bool:
    """Whether a "+N" to ``value`` has a number to add to on ``face``: not when the face prints no
    value (§19.6), nor when it prints DEF X or Rank X, as a Character does (§19.8)."""
    printed = face.value(value)
    return printed is not None and printed != X


def _fall_outside_routes(card: CardDef, pool: Pool) -> Iterator[Finding]:
    is_storyline = next(iter(card.faces.values())).type == "Storyline"
    is_character = next(iter(card.faces.values())).type == "Character"
    for ability, effect in _effects(card):
        if not isinstance(effect, Targeted):
            continue
        t = effect.target
        may_hit_itself = "self" in t.cards and is_character
        may_hit_another = any(cls in ("Character", "Unit") for cls in t.classes) or any(
            c != "self" and c in pool.by_id and _is_character(pool.by_id[c]) for c in t.cards
        )
        if not (may_hit_itself or may_hit_another):
            continue
        if isinstance(effect, Flip) and effect.to == "Fallen" and not is_storyline:
            yield Finding(
                card.id,
                card.name,
                "fall_outside_the_four_routes",
                cite("R19-2.3"),
                Message(
                    "{ability}: flips a Character to its Fallen face, which is none of the four routes of §7.7 "
                    "(a Storyline's text, Morality Penalties to 0 CP, its Bound Storyline leaving play, its own "
                    "Twist): on a Character it does nothing.",
                    ability=ability,
                ),
            )
        if isinstance(effect, Twist) and may_hit_another:
            yield Finding(
                card.id,
                card.name,
                "fall_outside_the_four_routes",
                cite("R19-2.3"),
                Message(
                    "{ability}: makes another Character Twist, but only a Character's own Twist is a route to Fallen: "
                    "it does nothing.",
                    ability=ability,
                ),
            )


def _is_character(card: CardDef) -> bool:
    return next(iter(card.faces.values())).type == "Character"


LintRule = Callable[[CardDef, Pool], Iterator[Finding]]
"""A lint rule: it gets one card and the whole pool, and yields its findings on that card."""

LINT_RULES: RuleList[LintRule] = RuleList(
    [
        Rule(
            "printed_zero_def_or_rank",
            _printed_zero,
            N_("A face prints DEF 0 or Rank 0: broken or destroyed on entry."),
            (cite("R19-8.6"),),
        ),
        Rule(
            "dead_or_partly_dead_bonus",
            _dead_bonus,
            N_(
                "A +N bonus names a class some (or all) of whose members print no such value as a number (a "
                "Character prints DEF X and Rank X); or a card's bonus to itself on a face that does not print it."
            ),
            (cite("R19-6.3"), cite("R19-6.1"), cite("I-R19-6")),
        ),
        Rule(
            "fall_outside_the_four_routes",
            _fall_outside_routes,
            N_("An effect would flip a Character to Fallen (or make another Character Twist) outside the four routes."),
            (cite("R19-2.3"),),
        ),
    ]
)
"""The lint rules, in the order they run on each card."""


def _card_numbers_once(values: dict[str, Any], path: str) -> None:
    check_cards(values["cards"], join(path, "cards"))


@record(
    "card pool",
    label=N_("Card pool"),
    rules=RuleList([Rule("card_numbers_once", _card_numbers_once, N_("Each card number is defined once."), ())]),
)
@dataclass(frozen=True)
class CardPool(Declared):
    """A card pool: ``{"cards": [...]}``, its cards read as a scenario's are."""

    cards: tuple[CardDef, ...] = declared(
        POOL_CARDS, label=N_("Cards"), help=N_("The cards of the pool, each defined once by its card number")
    )


POOL = CardPool.SCHEMA
"""A card pool's fields."""


def load_pool(pool_json: object) -> list[CardDef]:
    """Read a card pool (parsed JSON, or JSON text).

    A pool file may describe itself as an example scenario does (``title``, ``description``,
    ``expect``); those fields are left to whoever reads the example.
    """
    data = pool_json
    if isinstance(pool_json, str):
        data = parse_json(pool_json, "pool")
    f = Fields(data, "")
    for name in WRAPPER_FIELDS:
        f.raw(name, default=None)
    values = POOL.read_fields(f, NOTHING)
    f.done()
    pool: CardPool = POOL.finish(values, "")
    return list(pool.cards)


def lint(pool_json: object) -> list[Finding]:
    """Every finding over a pool, card by card in pool order, rule by rule in :data:`LINT_RULES` order."""
    pool = Pool(load_pool(pool_json))
    return [finding for card in pool.cards for rule in LINT_RULES.fns for finding in rule(card, pool)]


def report_markdown(findings: list[Finding]) -> str:
    """The findings as a Markdown table (``[[ID]]`` links the ruling on the site).

    >>> print(report_markdown([]))
    No findings: every card in the pool follows the design consequences of §19.
    """
    if not findings:
        return _("No findings: every card in the pool follows the design consequences of §19.")
    count = len(findings)
    lines = [
        ngettext("{n} finding.", "{n} findings.", count).format(n=count),
        "",
        "| {card} | {ruling} | {finding} |".format(card=_("Card"), ruling=_("Ruling"), finding=_("Finding")),
        "|---|---|---|",
    ]
    for f in findings:
        message = escape(say(f.message), quote=False).replace("|", "\\|")
        name = escape(f"{f.name} ({f.card})", quote=False).replace("|", "\\|")
        lines.append(f"| {name} | [[{f.ruling}]] | {message} |")
    return "\n".join(lines)


def report_text(findings: list[Finding]) -> str:
    """The findings as plain text for the command line."""
    if not findings:
        return _("no findings")
    return "\n".join(f"{f.card} {f.name}: [{f.ruling}] {say(f.message)}" for f in findings)


__all__ = ["LINT_RULES", "POOL", "Finding", "LintRule", "lint", "load_pool", "report_markdown", "report_text"]
