"""What every §19 action is: a class with its fields declared where they are, its words and its behaviour.

Each action a scenario (or an ability's effect) can take is one small class, in the spirit of
python-chess's variants (:mod:`.values`, :mod:`.moves`): its name (the ``do`` of its JSON), the label a
player reads, the rulings that decide what it does, its fields (declared on the class, with their types,
defaults, labels and help), the rules across them, and its behaviour — :meth:`Action.handle` acts on the
board and logs every change with the rulings behind it; :meth:`Action.describe` names it in a step's
label. The tuple of classes is the vocabulary (:mod:`.actions`): the reader, the editor's choices and the
page's table come from it.

Most actions reach their cards the same way (:class:`Targeted`: exactly one of ``card``, ``cards`` and
``classes``, and a ``controller``); a question about one card's ability names that card (:class:`OneCard`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..declare import Check, Declared, declared, record
from ..errors import ScenarioError
from ..fields import join
from ..i18n import N_, Message, Plural
from ..ordered import Rule, RuleList
from ..schema import Choice, Int, ListOf, Ref, Text
from .board import Board, CardState, and_list
from .declarations import CardName
from .rulebook import cite
from .rules import CLASSES, COUNTERS, MAX_NUMBER, VALUES


@dataclass(frozen=True)
class Target:
    """Which cards an action reaches: named cards, or every card on the Map of some classes."""

    cards: tuple[str, ...] = ()
    """Card instance IDs (``"self"`` in an ability: the card itself)."""

    classes: tuple[str, ...] = ()
    """Class names from :data:`~estro_rules.r19.rules.CLASSES`; used when ``cards`` is empty."""

    controller: str | None = None
    """Only cards this player controls (``"you"`` in an ability: the card's controller)."""

    key: str = "card"
    """The field the scenario used (``card``, ``cards`` or ``classes``), for error messages."""

    def describe(self) -> str:
        """The cards in words, as a step label names them; a controller narrows named cards too.

        >>> Target(classes=("Character", "Spacecraft"), controller="Ana").describe()
        'Characters and Spacecraft controlled by Ana'
        """
        if self.cards:
            cards: str = ", ".join(self.cards)
        else:
            cards = and_list(_plural(c) for c in self.classes)
        if self.controller is None:
            return cards
        return Message("{cards} controlled by {player}", cards=cards, player=self.controller)


def _plural(name: str) -> str:
    """A class name for many cards: "Characters", but "Spacecraft" as §19 writes it ("Locations and
    Spacecraft break"). In Italian an English card word takes no plural (*i Character*)."""
    return name if name.endswith(("s", "Spacecraft")) else Message("{card_type}s", card_type=name)


@dataclass(frozen=True, kw_only=True)
class Action(Declared):
    """One scenario action or ability effect, read and checked."""

    name: ClassVar[str]
    """The action's name: its ``do``."""

    label: ClassVar[str]
    """What it does, as a player reads it in a form's choices and the page's table."""

    rulings: ClassVar[tuple[str, ...]]
    """The rulings that decide what it does."""

    in_effects: ClassVar[bool] = True
    """Whether an ability's effect may take it (entering, the turn and the questions are a scenario's only)."""

    outside_sequence: ClassVar[bool] = False
    """Whether it runs outside a resolution sequence (it asks, or moves the turn on, or asks before it acts)."""

    path: str = field(default="", compare=False)
    """Where it sits in the scenario, for error messages."""

    trigger_order: Mapping[str, tuple[str, ...]] | None = None
    """Per player, the order they choose for the triggers it creates (I-R19-2): ``card/ability`` keys."""

    @property
    def do(self) -> str:
        """The action's name, as its JSON's ``do`` gives it."""
        return self.name

    @property
    def target(self) -> Target | None:
        """The cards it reaches; ``None`` for an action that reaches none (the turn, a lasting effect's end)."""
        return None

    def handle(self, board: Board, source: CardState | None) -> None:
        """Act on ``board``; ``source`` is the card whose ability this is, if it is an effect."""
        raise NotImplementedError(self.name)  # pragma: no cover - every action overrides it

    def describe(self) -> str:
        """A one-line description for logs and step labels."""
        t = self.target.describe() if self.target else ""
        return f"{self.name.replace('_', ' ')} {t}".strip()


def action(name: str, label: str, rulings: tuple[str, ...], *, rules: tuple[Rule[Check], ...] = ()) -> Any:
    """Make a class an action called ``name``: its words, and its schema (with the rules of its mixins first)."""

    def make(cls: type[Action]) -> type[Action]:
        cls.name, cls.label, cls.rulings = name, label, rulings
        inherited = [r for base in reversed(cls.__mro__) for r in vars(base).get("RULES", ())]
        return record(name, label=label, rules=RuleList([*inherited, *rules]), where="path")(cls)

    return make


# --------------------------------------------------------------------------
# How an action reaches its cards


def _exactly_one_way(values: dict[str, Any], path: str) -> None:
    given = [k for k in ("card", "cards", "classes") if values[k] is not None]
    if len(given) != 1:
        raise ScenarioError(
            join(path, "card"),
            "exactly one of 'card', 'cards' or 'classes'",
            got=given or None,
            hint="which cards the action reaches",
        )


@dataclass(frozen=True, kw_only=True)
class Targeted(Action):
    """An action that reaches cards: named (``card``, ``cards``) or every card of some classes on the Map."""

    RULES: ClassVar[tuple[Rule[Check], ...]] = (
        Rule("exactly_one_way_to_the_cards", _exactly_one_way, N_("Exactly one of card, cards and classes."), ()),
    )

    card: str | None = declared(
        Ref("board", N_("card")),
        default=None,
        label=N_("Card"),
        help=N_("The card it acts on, by its ID on the board (`self` in an ability: its own card)"),
    )
    cards: tuple[str, ...] | None = declared(
        ListOf(
            CardName("board", N_("card")),
            min_items=1,
            what=N_("list of cards"),
            too_few=lambda given: ("a list of at least 1 card", given, ""),
        ),
        default=None,
        label=N_("Cards"),
        help=N_("Several cards it acts on, by their IDs on the board"),
    )
    classes: tuple[str, ...] | None = declared(
        ListOf(Choice(tuple(CLASSES), "class of cards"), min_items=1, what=N_("list of class names")),
        default=None,
        label=N_("Every card on the Map of these kinds"),
        help=Message("Kinds of card it acts on, every one on the Map: {classes}", classes=", ".join(CLASSES)),
    )
    controller: str | None = declared(
        Ref("players", N_("player")),
        default=None,
        label=N_("Only cards controlled by"),
        help=N_("Only the cards this player controls (`you` in an ability: its card's controller)"),
    )

    @property
    def target(self) -> Target:
        if self.card is not None:
            return Target(cards=(self.card,), controller=self.controller)
        if self.cards is not None:
            return Target(cards=self.cards, controller=self.controller, key="cards")
        return Target(classes=self.classes or (), controller=self.controller, key="classes")

    def reached(self, board: Board, source: CardState | None) -> list[CardState]:
        """The cards it reaches on ``board``; ``self`` and ``you`` are ``source``'s card and its controller."""
        t = self.target
        controller = t.controller
        if controller == "you" and source is not None:
            # "you" in an ability is its card's controller; in a scenario action it can only be a seat's name
            controller = source.controller
        if t.cards:
            out = [source if name == "self" and source else board.cards[name] for name in t.cards]
        else:
            out = [c for c in board.on_map() if any(c.is_a(cls) for cls in t.classes)]
        if controller is not None:
            out = [c for c in out if c.controller == controller]
        return out


@dataclass(frozen=True, kw_only=True)
class OneCard(Action):
    """An action about one card, named by its ID on the board."""

    card: str = declared(Ref("board", N_("card")), label=N_("Card"), help=N_("The card, by its ID on the board"))

    @property
    def target(self) -> Target:
        return Target(cards=(self.card,))

    def the_card(self, board: Board) -> CardState:
        return board.cards[self.card]


# --------------------------------------------------------------------------
# Fields several actions declare alike


def amount(label: str, help: str, minimum: int = 1) -> Any:
    """An ``amount``: damage, CP, the size of a bonus or a penalty."""
    return declared(Int(minimum, MAX_NUMBER), label=label, help=help)


def value_field() -> Any:
    return declared(
        Choice(VALUES, N_("value"), expected="a value"), label=N_("Value"), help=N_("The printed value it changes")
    )


def effect_name() -> Any:
    return declared(
        Text(),
        default=None,
        label=N_("Name of the lasting effect"),
        help=N_("A name for the lasting effect, so that an `end_effect` action can end it"),
    )


def counter_field() -> Any:
    return declared(Choice(COUNTERS, N_("counter"), expected="a value"), label=N_("Counter"), help=N_("Which counter"))


def count_field() -> Any:
    return declared(Int(1, MAX_NUMBER), default=1, label=N_("How many"), help=N_("How many counters"))


def source_field() -> Any:
    return declared(
        Ref("board", N_("card")),
        default=None,
        label=N_("Whose text it is"),
        help=N_("The card whose text makes it happen (in an ability, only `self`: its own card)"),
    )


def player_field() -> Any:
    return declared(
        Ref("players", N_("player")),
        default=None,
        label=N_("Player"),
        help=N_("Who uses the ability (the card's controller when left out)"),
    )


def ability_field() -> Any:
    return declared(Ref("abilities", N_("ability")), label=N_("Ability"), help=N_("The ability, by its printed name"))


def source_card(board: Board, source_id: str | None, source: CardState | None) -> CardState | None:
    """The card whose text an action is: ``source`` (an ability's own card) unless the action names another."""
    if source_id in (None, "self"):
        return source
    return board.cards[source_id]


# --------------------------------------------------------------------------
# What many actions do alike


def not_on_map(board: Board, card: CardState, what: str) -> bool:
    if card.zone != "Map":
        board.emit(
            "no_effect",
            Message("{what}: {card} is not on the Map; nothing happens.", what=what, card=card.label()),
            (cite("I-R19-1"),),
            card,
        )
        return True
    return False


def only_characters(board: Board, card: CardState, what: str) -> bool:
    if card.current.type != "Character":
        board.emit(
            "no_effect",
            Message(
                "{what} to a {type_line} follows rules not in §19 (§11.6); the engine models it for Characters only.",
                what=what,
                type_line=card.current.type_line,
            ),
            (cite("I-R19-1"),),
            card,
        )
        return True
    return False


def add_damage(
    board: Board,
    card: CardState,
    amount: int,
    rulings: tuple[str, ...],
    instead_of: str | None = None,
) -> None:
    """Put ``amount`` damage on a Character: it counts against its CP on every face. ``instead_of`` names the
    penalty the damage stands for (``"DEF"``: ``amount`` damage instead of -``amount`` DEF)."""
    card.counters["damage"] = card.counters.get("damage", 0) + amount
    card.last_cp_cause = "damage"
    cp = card.value("CP")
    said = (
        Plural(
            "{card} takes {n} damage: CP {cp}.", "{card} takes {n} damage: CP {cp}.", amount, card=card.label(), cp=cp
        )
        if instead_of is None
        else Plural(
            "{card} takes {n} damage instead of -{n} {value}: CP {cp}.",
            "{card} takes {n} damage instead of -{n} {value}: CP {cp}.",
            amount,
            card=card.label(),
            value=instead_of,
            cp=cp,
        )
    )
    board.emit(
        "damage",
        said,
        rulings,
        card,
        amount=amount,
    )


def lose_cp(board: Board, card: CardState, amount: int, cause: str, rulings: tuple[str, ...]) -> None:
    """Take ``amount`` CP from a Character's current face (not damage: it stays on that face)."""
    card.cp_lost += amount
    card.last_cp_cause = cause
    board.emit(
        "cp_loss",
        Message(
            "{card} loses {amount} CP to {cause}: CP {cp}.",
            card=card.label(),
            amount=amount,
            cause=cause,
            cp=card.value("CP"),
        ),
        rulings,
        card,
        amount=amount,
    )
