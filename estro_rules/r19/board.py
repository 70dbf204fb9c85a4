"""The board during a run: each card's state, the log of events, and the views a result shows.

:class:`Board` holds the cards and the log and gives the rules' ordered lists what they act with;
its moves that run those lists (a face change, leaving the Map, creating triggers) are the
:class:`~estro_rules.r19.engine.Engine`'s. Every :class:`Event` carries the ruling IDs behind it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import ScenarioError
from ..i18n import Message, Plural
from .rulebook import cite
from .rules import COUNTER_PENALTIES, COUNTERS, MAX_EVENTS, VALUES, ZONES, X

# --------------------------------------------------------------------------
# What the board needs of a card (the cards themselves, read from a scenario, are :mod:`.cards`')


class Effect(Protocol):
    """An action as the board runs it (:class:`~estro_rules.r19.acting.Action`)."""

    @property
    def path(self) -> str: ...

    def handle(self, board: Board, source: CardState | None) -> None: ...

    def describe(self) -> str: ...


class PrintedAbility(Protocol):
    """An ability a card prints (:class:`~estro_rules.r19.cards.Ability`)."""

    @property
    def name(self) -> str: ...

    @property
    def type(self) -> str: ...

    @property
    def on(self) -> str | None: ...

    @property
    def of(self) -> str: ...

    @property
    def effects(self) -> Sequence[Effect]: ...

    @property
    def use_only(self) -> str | None: ...

    @property
    def phases(self) -> tuple[str, ...]: ...

    @property
    def phase(self) -> str | None: ...


class PrintedFace(Protocol):
    """A face of a card (:class:`~estro_rules.r19.cards.Face`)."""

    @property
    def state(self) -> str | None: ...

    @property
    def type(self) -> str: ...

    @property
    def type_line(self) -> str: ...

    @property
    def is_unit(self) -> bool: ...

    def value(self, name: str) -> int | str | None: ...

    def is_a(self, cls: str) -> bool: ...


class PrintedCard(Protocol):
    """A card definition (:class:`~estro_rules.r19.cards.CardDef`)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def faces(self) -> Mapping[str, PrintedFace]: ...

    def abilities_of(self, face: str) -> Sequence[PrintedAbility]: ...

    def every_ability(self) -> Sequence[PrintedAbility]: ...


# --------------------------------------------------------------------------
# Events, answers, snapshots


def plain(value: Any) -> Any:
    """``value`` for JSON: a kept message (:class:`~estro_rules.i18n.Message`) as the plain English ``str``
    it is, so that a result's data are the same, of the same types, in every language.

    >>> type(plain(Message("{n} left", n=2))), plain(3)
    (<class 'str'>, 3)
    """
    return str(value) if isinstance(value, str) else value


@dataclass(frozen=True)
class Event:
    """One thing that happened, or was decided, with the rulings behind it."""

    kind: str
    """What kind of event (``"face_change"``, ``"destroyed"``, ``"trigger_fired"``, …)."""

    text: str
    """A sentence for the log."""

    rulings: tuple[str, ...]
    """The ruling IDs behind it."""

    card: str | None = None
    """The card instance it is about."""

    player: str | None = None
    """The player it is about (a trigger's controller)."""

    data: tuple[tuple[str, Any], ...] = ()
    """Details (``from``/``to`` faces, the trigger, the answer), JSON-safe."""

    def get(self, key: str) -> Any:
        return dict(self.data).get(key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": str(self.text), "rulings": list(self.rulings)}
        if self.card is not None:
            out["card"] = self.card
        if self.player is not None:
            out["player"] = self.player
        out.update((k, plain(v)) for k, v in self.data)
        return out


@dataclass(frozen=True)
class Answer:
    """The answer to a question: yes or no, and why."""

    question: str
    answer: bool
    reason: str
    rulings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "question": str(self.question),
            "answer": self.answer,
            "reason": str(self.reason),
            "rulings": list(self.rulings),
        }


@dataclass(frozen=True)
class CardView:
    """One card as it stands at one moment."""

    id: str
    card: str
    name: str
    owner: str
    controller: str
    zone: str
    face: str
    state: str | None
    type_line: str
    values: tuple[tuple[str, int | str], ...]
    counters: tuple[tuple[str, int], ...]
    bound_to: str | None
    effects: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "name": self.name,
            "owner": self.owner,
            "controller": self.controller,
            "zone": self.zone,
            "face": self.face,
            "type_line": self.type_line,
            "values": dict(self.values),
            "counters": dict(self.counters),
            "bound_to": self.bound_to,
            "effects": [str(e) for e in self.effects],
        }


@dataclass(frozen=True)
class BoardView:
    """The whole board at one moment."""

    players: tuple[str, ...]
    active: str
    phase: str
    cards: dict[str, CardView]

    def zones(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {zone: [] for zone in ZONES}
        for c in self.cards.values():
            out[c.zone].append(c.id)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "active": self.active,
            "phase": self.phase,
            "zones": self.zones(),
            "cards": {k: v.to_json() for k, v in self.cards.items()},
        }


@dataclass(frozen=True)
class Trigger:
    """A triggered ability waiting to fire."""

    number: int
    """Creation order within the action, from 1."""

    player: str
    """Who controls it (the controller of its card)."""

    card: str
    """The card instance whose ability it is."""

    ability: PrintedAbility
    """The ability."""

    because: str
    """What triggered it."""

    @property
    def key(self) -> str:
        return f"{self.card}/{self.ability.name}"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "trigger": self.key, "because": str(self.because), "created": self.number}


# --------------------------------------------------------------------------
# Card state


@dataclass(frozen=True)
class Modifier:
    """A lasting change to one value of one card."""

    kind: str
    """``bonus``, ``penalty``, ``grant`` or ``lose``."""

    value: str
    amount: int
    effect: str | None

    def describe(self) -> str:
        name = f" ({self.effect})" if self.effect else ""
        if self.kind == "bonus":
            return f"+{self.amount} {self.value}{name}"
        if self.kind == "penalty":
            return f"-{self.amount} {self.value}{name}"
        if self.kind == "grant":
            return Message("has {value} {amount}{name}", value=self.value, amount=self.amount, name=name)
        return Message("loses {value}{name}", value=self.value, name=name)


@dataclass
class CardState:
    """One card instance during a run (mutable inside the engine only)."""

    id: str
    card: PrintedCard
    owner: str
    controller: str
    zone: str
    face: str
    counters: dict[str, int]
    bound_to: str | None = None
    cp_lost: int = 0
    """CP lost (other than to damage) on the current face; cleared when the face changes."""
    last_cp_cause: str | None = None
    """What last took CP from the card on its current face, for the log (``None``: nothing yet)."""
    modifiers: list[Modifier] = field(default_factory=list)

    @property
    def current(self) -> PrintedFace:
        return self.card.faces[self.face]

    @property
    def state(self) -> str | None:
        return self.current.state

    @property
    def name(self) -> str:
        return self.card.name

    def label(self) -> str:
        return f"{self.card.name} ({self.id})"

    def is_a(self, cls: str) -> bool:
        return self.current.is_a(cls)

    def lost(self, value: str) -> Modifier | None:
        return next((m for m in self.modifiers if m.kind == "lose" and m.value == value), None)

    def base(self, value: str) -> int | str | None:
        """The value the card has before bonuses and penalties: printed, or granted; ``None`` if neither."""
        if self.lost(value):
            return None
        printed = self.current.value(value)
        if printed is not None:
            return printed
        grants = [m.amount for m in self.modifiers if m.kind == "grant" and m.value == value]
        return grants[-1] if grants else None

    def value(self, value: str) -> int | str | None:
        """The value the card has now, or ``None`` when it has nothing there to use (§19.7)."""
        base = self.base(value)
        if base is None or base == X:
            return base
        assert isinstance(base, int)
        total = base
        for m in self.modifiers:
            if m.value == value and m.kind == "bonus":
                total += m.amount
            elif m.value == value and m.kind == "penalty":
                total -= m.amount
        if self.current.type != "Character":
            for counter, (target, per) in COUNTER_PENALTIES.items():
                if target == value:
                    total -= per * self.counters.get(counter, 0)
        if value == "CP" and self.current.type == "Character":
            total -= self.counters.get("damage", 0) + self.cp_lost
        return total

    def view(self) -> CardView:
        values = []
        for name in VALUES:
            v = self.value(name)
            if v is not None:
                values.append((name, v))
        return CardView(
            self.id,
            self.card.id,
            self.card.name,
            self.owner,
            self.controller,
            self.zone,
            self.face,
            self.state,
            self.current.type_line,
            tuple(values),
            tuple((c, n) for c in COUNTERS if (n := self.counters.get(c, 0))),
            self.bound_to,
            tuple(m.describe() for m in self.modifiers),
        )


def why_none(card: CardState, value: str) -> tuple[Message, tuple[str, ...]]:
    """Why ``card`` has nothing to use for ``value``: it lost it, or it never printed it (§19.7)."""
    lost = card.lost(value)
    if lost:
        name = f" ({lost.effect})" if lost.effect else ""
        return Message("it has lost {value}{name} and is treated as not printing it", value=value, name=name), (
            cite("R19-7.2"),
        )
    return Message("it prints no {value}: it has nothing there to use, not 0", value=value), (cite("R19-7.1"),)


def listed(parts: Iterable[str], separator: str) -> Message:
    """``parts`` joined by ``separator``, as a kept message: each part that is a message is said in the
    current language when the whole is (the separator is punctuation, the same in every language).

    >>> from estro_rules.i18n import using, say
    >>> both = listed([Message("{card} is destroyed", card="A (A-1)"), "B"], "; ")
    >>> both, say(both) == both
    ('A (A-1) is destroyed; B', True)
    """
    items = list(parts)
    braced = separator.replace("{", "{{").replace("}", "}}")
    names = [f"part{i}" for i in range(len(items))]
    template = braced.join("{" + name + "}" for name in names)  # placeholders only: nothing to translate
    return Message(template, **dict(zip(names, items, strict=True)))


def counters_listed(counters: Iterable[tuple[str, int]]) -> str:
    """Counters as the log lists them, ``"3 Sabotage, 1 damage"``, as a kept message: Liberation and
    Sabotage are the cards' words, the same in every language; damage is ours (*1 danno*, *2 danni*).

    >>> counters_listed([("Sabotage", 3), ("damage", 1)])
    '3 Sabotage, 1 damage'
    """
    return listed(
        (Plural("{n} damage", "{n} damage", n) if name == "damage" else f"{n} {name}" for name, n in counters), ", "
    )


def and_list(parts: Iterable[str]) -> str:
    """``parts`` joined by "and", as a kept message.

    >>> and_list(["A", "B", "C"]), and_list(["A"])
    ('A and B and C', 'A')
    """
    items = list(parts)
    out = items[0] if items else ""
    for part in items[1:]:
        out = Message("{cards} and {more}", cards=out, more=part)
    return out


# --------------------------------------------------------------------------
# Moments: what changes at the same time


@dataclass
class Leaving:
    """A card leaving the Map at a moment."""

    card: CardState
    """The card."""

    zone: str
    """Where it goes: Depleted Pile, Burned or (a Storyline) hand."""

    destroyed: bool
    """Whether it is destroyed, not merely placed (R19-8.3, I-R19-9)."""

    text: str
    """The sentence for the log."""

    rulings: tuple[str, ...]
    """The rulings behind it."""


@dataclass
class Turning:
    """A card whose visible face changes at a moment."""

    card: CardState
    """The card."""

    to: str
    """The face it turns to."""

    cause: str
    """What turns it, for the log."""

    rulings: tuple[str, ...]
    """The rulings behind it."""

    old: str = ""
    """The face it turned from (set when it turns)."""


Change = Leaving | Turning
"""One card's change at a moment."""


@dataclass
class Moment:
    """Everything that happens at one moment: one effect, or one pass of the state-based checks (I-R19-11).

    The cards that leave the Map and the cards whose face changes at the moment are taken in the order
    of their IDs, never in the order the board lists them."""

    before: tuple[tuple[CardState, str], ...]
    """The cards on the Map just before the moment, each with the face it showed then (in ID order):
    an ability keyed to a card leaving play looks back to this board."""

    leaving: tuple[Leaving, ...] = ()
    """The cards that leave the Map, in ID order."""

    turning: tuple[Turning, ...] = ()
    """The cards whose face changes, in ID order."""

    then: list[Callable[[], None]] = field(default_factory=list)
    """What the moment sets off once it is over (a Bound Storyline flipping, Bound Characters falling),
    each a moment of its own, in the order they were found."""


def by_id(cards: Iterable[CardState]) -> list[CardState]:
    """``cards`` in the order of their IDs: the order the board lists them in never decides anything."""
    return sorted(cards, key=lambda c: c.id)


# --------------------------------------------------------------------------
# The board


class Board(ABC):
    """The cards, the seats, the phase and the log of one run, and the moves the rules make on them.

    The moves that run an ordered list of rules — :meth:`change_face`, :meth:`leave` and
    :meth:`create_triggers` — are the engine's (:class:`~estro_rules.r19.engine.Engine`).
    """

    def __init__(self, players: tuple[str, ...], active: str, phase: str, cards: Iterable[CardState]) -> None:
        self.players = players
        """The seats, clockwise."""
        self.active = active
        """The active player."""
        self.phase = phase
        """The current phase."""
        self.cards: dict[str, CardState] = {c.id: c for c in cards}
        """Every card instance, in board order."""
        self.events: list[Event] = []
        """The log of the current step."""
        self.pending: list[Trigger] = []
        """Triggers created and not yet fired."""
        self.batches: list[list[Trigger]] = []
        """The trigger batches of the current step, each in firing order."""
        self.created = 0
        self.fired = 0
        self.logged = 0
        """Events logged since the scenario began, every step together (at most :data:`MAX_EVENTS`)."""
        self.in_sequence = False
        self.action_path = ""
        self.trigger_order: dict[str, tuple[str, ...]] = {}
        """Per player, the order they chose for their new triggers (I-R19-2)."""
        self.flipped: set[str] = set()
        """Cards whose face changed during the current action (the check is made again, R19-8.5)."""

    def emit(
        self,
        kind: str,
        text: str,
        rulings: Iterable[str],
        card: CardState | None = None,
        player: str | None = None,
        **data: Any,
    ) -> Event:
        self.logged += 1
        if self.logged > MAX_EVENTS:
            raise ScenarioError(
                self.action_path,
                f"a scenario whose log stays within {MAX_EVENTS:,} events",
                problem="the resolution runs past the limit of the log here",
                hint="fewer cards reached by each effect, or fewer actions",
            )
        event = Event(kind, text, tuple(dict.fromkeys(rulings)), card.id if card else None, player, tuple(data.items()))
        self.events.append(event)
        return event

    def emit_answer(self, answer: Answer, card: CardState, *, asked: str | None = None) -> None:
        """Log ``answer`` about ``card``; ``asked`` words the question in the log (its own wording by default)."""
        question = asked or answer.question
        said = (
            Message("{question} Yes: {reason}", question=question, reason=answer.reason)
            if answer.answer
            else Message("{question} No: {reason}", question=question, reason=answer.reason)
        )
        self.emit(
            "answer",
            said,
            answer.rulings,
            card,
            question=answer.question,
            answer=answer.answer,
            reason=answer.reason,
        )

    def snapshot(self) -> BoardView:
        return BoardView(self.players, self.active, self.phase, {k: c.view() for k, c in self.cards.items()})

    def on_map(self) -> list[CardState]:
        """The cards on the Map, in ID order (:func:`by_id`)."""
        return by_id(c for c in self.cards.values() if c.zone == "Map")

    def destruction(self, card: CardState, text: str, rulings: Iterable[str]) -> Leaving:
        """``card`` destroyed: to its owner's Depleted Pile, or Burned for a Drone (R19-8.1)."""
        zone = "Burned" if card.is_a("Drone") else "Depleted Pile"
        extra = (cite("R19-8.1"),) if card.is_a("Drone") else ()
        return Leaving(card, zone, True, text, (*rulings, *extra))

    def change_face(self, card: CardState, to: str, cause: str, rulings: Iterable[str]) -> None:
        """Turn ``card`` to face ``to``: a moment of its own."""
        self.at_once([Turning(card, to, cause, tuple(rulings))])

    @abstractmethod
    def sequence(self, body: Callable[[], None], what: str) -> None:
        """Resolve ``body`` as one sequence: state changes cascade to completion (§19.1)."""

    @abstractmethod
    def resolve_effects(self, effects: Iterable[Effect], source: CardState | None) -> None:
        """Apply an ability's effects in order, each settled before the next."""

    @abstractmethod
    def fire_triggers(self) -> None:
        """Fire the waiting triggers batch by batch."""

    @abstractmethod
    def at_once(self, changes: Iterable[Change]) -> None:
        """Make ``changes`` happen at one moment and run the leave and transition steps on them."""

    @abstractmethod
    def create_triggers(
        self,
        on: str,
        subject: CardState,
        because: str,
        rulings: Iterable[str],
        before: tuple[tuple[CardState, str], ...] | None = None,
    ) -> None:
        """Create the triggers keyed to ``on``; ``rulings`` are those of the event that set them off;
        ``before``, when given, is the board the watchers are looked for on (a look-back, I-R19-11)."""


__all__ = [
    "Answer",
    "Board",
    "Effect",
    "PrintedAbility",
    "PrintedCard",
    "PrintedFace",
    "BoardView",
    "CardState",
    "CardView",
    "Change",
    "Event",
    "Leaving",
    "Modifier",
    "Moment",
    "Trigger",
    "Turning",
    "by_id",
    "and_list",
    "counters_listed",
    "listed",
    "plain",
    "why_none",
]
