"""The §19 engine: a board of cards, actions on it, and the explained consequences.

The rules that order things are data, each in one named, ordered list:

* :data:`STATE_CHECKS` — the state-based checks, made after every change until none applies;
* :data:`TRANSITION_STEPS` — what happens, in order, when a card's visible face changes;
* :data:`LEAVE_STEPS` — what happens, in order, when a card leaves the Map;
* :data:`TRIGGER_ORDER` — how a batch of new triggers is put in firing order;
* :data:`ACTIVATION_CHECKS` — the timing questions asked of an activated ability;
* :data:`CAPABILITY_QUESTIONS` — what a card can do with the values it has.

Every :class:`Event` carries the ruling IDs behind it.

>>> from estro_rules.r19 import run_scenario
>>> result = run_scenario({
...     "players": ["A", "B"], "active": "A", "phase": "Admin",
...     "cards": [{"id": "GU-1", "name": "Scout", "faces": {"Unlabelled":
...         {"type": "Ground Unit", "subtypes": ["Drone"], "values": {"ATK": 1, "DEF": 2}}}}],
...     "board": [{"card": "GU-1", "owner": "A"}],
...     "actions": [{"do": "penalty", "card": "GU-1", "value": "DEF", "amount": 2}]})
>>> [(e.kind, e.rulings) for e in result.steps[0].events if e.kind == "destroyed"]
[('destroyed', ('R19-8', 'R19-8.1'))]
>>> result.steps[0].board.cards["GU-1"].zone
'Burned'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from ..errors import ScenarioError
from .cards import (
    BREAKABLE_TYPES,
    CLASSES,
    CLOSED_PHASES,
    COUNTERS,
    FLIP_CAUSES,
    VALUES,
    Ability,
    Action,
    CardDef,
    Face,
    X,
)
from .rulebook import cite

#: How many triggers may fire while one action resolves before the engine calls the
#: sequence endless (a loop of triggers would otherwise never stop).
MAX_TRIGGERS = 200

#: Value penalties that counters carry while they sit on a card: a stand-in for §18.87,
#: which is not published (I-R19-1). Each Sabotage counter is -1 DEF.
COUNTER_PENALTIES: dict[str, tuple[str, int]] = {"Sabotage": ("DEF", 1)}

#: The cause logged for a Character's own Twist (route 4 of §7.7).
TWIST_CAUSE = "its own Twist (route 4 of §7.7)"

#: The four routes by which a Character can become Fallen (§7.7), in the text's order.
FALL_ROUTES: tuple[str, ...] = (
    "a Storyline's text",
    "Morality Penalties taking a Prime Character to 0 CP",
    "the Storyline they are Bound to leaving play",
    "their own Twist",
)

# --------------------------------------------------------------------------
# Events, answers, snapshots


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
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "rulings": list(self.rulings)}
        if self.card is not None:
            out["card"] = self.card
        if self.player is not None:
            out["player"] = self.player
        out.update(self.data)
        return out


@dataclass(frozen=True)
class Answer:
    """The answer to a question: yes or no, and why."""

    question: str
    answer: bool
    reason: str
    rulings: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answer": self.answer, "reason": self.reason, "rulings": list(self.rulings)}


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
            "effects": list(self.effects),
        }


@dataclass(frozen=True)
class BoardView:
    """The whole board at one moment."""

    players: tuple[str, ...]
    active: str
    phase: str
    cards: dict[str, CardView]

    def zones(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"Map": [], "hand": [], "Depleted Pile": [], "Burned": []}
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

    ability: Ability
    """The ability."""

    because: str
    """What triggered it."""

    @property
    def key(self) -> str:
        return f"{self.card}/{self.ability.name}"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "trigger": self.key, "because": self.because, "created": self.number}


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
            return f"has {self.value} {self.amount}{name}"
        return f"loses {self.value}{name}"


@dataclass
class CardState:
    """One card instance during a run (mutable inside the engine only)."""

    id: str
    card: CardDef
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
    def current(self) -> Face:
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
        return CLASSES[cls](self.current)

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


# --------------------------------------------------------------------------
# The engine


class Engine:
    """A board and the rules that act on it. Build one per run; see :func:`estro_rules.r19.run_scenario`."""

    def __init__(self, players: tuple[str, ...], active: str, phase: str, cards: Iterable[CardState]) -> None:
        self.players = players
        self.active = active
        self.phase = phase
        self.cards: dict[str, CardState] = {c.id: c for c in cards}
        self.events: list[Event] = []
        self.pending: list[Trigger] = []
        self.batches: list[list[Trigger]] = []
        self.created = 0
        self.fired = 0
        self.in_sequence = False
        self.action_path = ""
        self.trigger_order: dict[str, tuple[str, ...]] = {}
        self.flipped: set[str] = set()
        """Cards whose face changed during the current action (the check is made again, R19-8.5)."""

    # -- helpers ---------------------------------------------------------

    def emit(
        self,
        kind: str,
        text: str,
        rulings: Iterable[str],
        card: CardState | None = None,
        player: str | None = None,
        **data: Any,
    ) -> Event:
        event = Event(kind, text, tuple(dict.fromkeys(rulings)), card.id if card else None, player, tuple(data.items()))
        self.events.append(event)
        return event

    def snapshot(self) -> BoardView:
        return BoardView(self.players, self.active, self.phase, {k: c.view() for k, c in self.cards.items()})

    def on_map(self) -> list[CardState]:
        return [c for c in self.cards.values() if c.zone == "Map"]

    def targets(self, action: Action, source: CardState | None) -> list[CardState]:
        assert action.target is not None
        t = action.target
        controller = t.controller
        if controller == "you":
            controller = source.controller if source else None
        if t.cards:
            out = [source if name == "self" and source else self.cards[name] for name in t.cards]
        else:
            out = [c for c in self.on_map() if any(c.is_a(cls) for cls in t.classes)]
        if controller is not None:
            out = [c for c in out if c.controller == controller]
        return out

    def source_of(self, action: Action, source: CardState | None) -> CardState | None:
        if action.source in (None, "self"):
            return source
        return self.cards[action.source]

    # -- running actions -------------------------------------------------

    def reset(self, path: str, trigger_order: dict[str, tuple[str, ...]]) -> None:
        """Start a new step: empty log, no triggers waiting."""
        self.events = []
        self.pending = []
        self.batches = []
        self.created = 0
        self.fired = 0
        self.action_path = path
        self.trigger_order = trigger_order
        self.flipped = set()

    def start(self) -> None:
        """Settle the starting board before the first action (its events are the setup's).

        Counters placed at setup act as if they had just been added: Sabotage on a Character
        becomes damage (R19-8.2). Then the state-based checks are made, since §19.8 applies "the
        moment" a value is 0 or less, and any triggers they create fire."""
        self.reset("board", {})

        def body() -> None:
            for card in self.on_map():
                if card.current.type != "Character":
                    continue
                for counter, (value, per) in COUNTER_PENALTIES.items():
                    n = card.counters.get(counter, 0)
                    if n:
                        self.emit(
                            "counters_added",
                            f"{card.label()} starts with {n} {counter} counter{'s' if n != 1 else ''}; a Character "
                            f"prints {value} X, so the penalty becomes damage instead.",
                            (cite("I-R19-1"), cite("R19-8.2")),
                            card,
                            counter=counter,
                            n=n,
                        )
                        why = f"damage instead of -{per * n} {value}"
                        _add_damage(self, card, per * n, why, (cite("R19-8.2"),))

        if self.unsettled() or any(
            c.current.type == "Character" and any(c.counters.get(k) for k in COUNTER_PENALTIES) for c in self.on_map()
        ):
            self.sequence(body, "the starting board is checked before the first action")
            self.fire_triggers()

    def unsettled(self) -> bool:
        """Whether a state-based check applies to some card on the Map."""
        return any(check.applies(c) for _name, check in STATE_CHECKS for c in self.on_map())

    def check_state(self) -> None:
        """Make the state-based checks now, as a sequence of their own, if any applies (§19.8)."""
        if self.unsettled():
            self.sequence(lambda: None, "state-based checks")
            self.fire_triggers()

    def run(self, action: Action) -> None:
        """Run one top-level action: its sequence, then the triggers it created. The state-based
        checks are made after every action, queries included (§19.8: "the moment")."""
        self.reset(action.path, dict(action.trigger_order))
        if action.do in ("can_activate", "capabilities", "set_phase"):
            HANDLERS[action.do](self, action, None)
        elif action.do == "activate":
            answer = self.can_activate(action)
            self.emit_answer(answer, self.targets(action, None)[0])
            if answer.answer:
                card = self.targets(action, None)[0]
                ability = next(a for a in card.card.abilities_of(card.face) if a.name == action.ability)
                self.sequence(lambda: self.resolve_effects(ability.effects, card), f"{ability.name} of {card.label()}")
                self.fire_triggers()
        else:
            self.sequence(lambda: self.apply(action, None), action.describe())
            self.fire_triggers()
        self.check_state()

    def sequence(self, body: Callable[[], None], what: str) -> None:
        """Resolve ``body`` as one sequence: state changes cascade to completion (§19.1)."""
        self.emit(
            "sequence_start",
            f"Sequence begins: {what}. No card may be played and no ability activated until it ends.",
            (cite("R19-1.1"), cite("R19-1.2")),
        )
        self.in_sequence = True
        body()
        self.settle()
        self.in_sequence = False
        waiting = len(self.pending)
        self.emit(
            "sequence_end",
            f"Sequence complete; {waiting} new trigger{'s' if waiting != 1 else ''} waiting.",
            (cite("R19-1.1"),),
        )

    def resolve_effects(self, effects: Iterable[Action], source: CardState | None) -> None:
        for effect in effects:
            self.apply(effect, source)
            self.settle()

    def apply(self, action: Action, source: CardState | None) -> None:
        HANDLERS[action.do](self, action, source)

    # -- state-based checks ----------------------------------------------

    def settle(self) -> None:
        """Make the state-based checks until none applies (:data:`STATE_CHECKS`)."""
        for _ in range(10 * len(self.cards) + 10):
            for _name, check in STATE_CHECKS:
                hit = next((c for c in self.on_map() if check.applies(c)), None)
                if hit is not None:
                    check.resolve(self, hit)
                    break
            else:
                return
        raise AssertionError("state-based checks did not settle")  # pragma: no cover

    # -- face changes ----------------------------------------------------

    def change_face(self, card: CardState, to: str, cause: str, rulings: Iterable[str]) -> None:
        """Turn ``card`` to face ``to`` and run :data:`TRANSITION_STEPS`."""
        old = card.face
        card.face = to
        self.flipped.add(card.id)
        for _name, step in TRANSITION_STEPS:
            step(self, card, old, cause, tuple(rulings))

    # -- leaving the Map -------------------------------------------------

    def leave(self, card: CardState, zone: str, *, destroyed: bool, text: str, rulings: Iterable[str]) -> None:
        """Move ``card`` off the Map and run :data:`LEAVE_STEPS`."""
        for _name, step in LEAVE_STEPS:
            step(self, card, zone, destroyed, text, tuple(rulings))

    def destroy(self, card: CardState, text: str, rulings: Iterable[str]) -> None:
        zone = "Burned" if card.is_a("Drone") else "Depleted Pile"
        extra = (cite("R19-8.1"),) if card.is_a("Drone") else ()
        self.leave(card, zone, destroyed=True, text=text, rulings=(*rulings, *extra))

    # -- triggers --------------------------------------------------------

    def create_triggers(self, on: str, subject: CardState, because: str, rulings: Iterable[str]) -> None:
        """Create the triggers keyed to ``on``; ``rulings`` are those of the event that set them off."""
        watchers: list[tuple[CardState, Ability]] = []
        for a in subject.card.abilities_of(subject.face):
            if a.type == "triggered" and a.on == on:
                watchers.append((subject, a))
        for other in self.on_map():
            for a in other.card.abilities_of(other.face):
                if a.type == "triggered" and a.on == on and a.of == "any" and (other, a) not in watchers:
                    watchers.append((other, a))
        rulings = tuple(rulings)
        for card, ability in watchers:
            if ability.of == "self" and card is not subject:
                continue
            self.created += 1
            trigger = Trigger(self.created, card.controller, card.id, ability, because)
            self.pending.append(trigger)
            self.emit(
                "trigger_created",
                f"{ability.name} of {card.label()} triggers ({because}); it waits for the sequence to end.",
                (*rulings, cite("R19-1.1")),
                card,
                card.controller,
                trigger=trigger.key,
            )

    def order_batch(self, batch: list[Trigger]) -> list[Trigger]:
        """Put one batch of triggers in firing order (:data:`TRIGGER_ORDER`)."""
        ordered = batch
        for _name, step in TRIGGER_ORDER:
            ordered = step(self, ordered)
        return ordered

    def fire_triggers(self) -> None:
        """Fire the waiting triggers batch by batch; each batch's new triggers form the next."""
        round_ = 0
        while self.pending:
            round_ += 1
            batch = self.order_batch(self.pending)
            self.pending = []
            self.batches.append(batch)
            order = ", ".join(f"{t.player}: {t.key}" for t in batch)
            if round_ == 1:
                text = f"Round 1: triggers fire active player first, then clockwise: {order}."
                ids: tuple[str, ...] = (cite("R19-1.3"), cite("I-R19-2"))
            else:
                text = (
                    f"Round {round_}: the triggers created while round {round_ - 1} fired waited until the whole "
                    f"round had fired; they now fire active player first, then clockwise: {order}."
                )
                ids = (cite("R19-1.3"), cite("I-R19-4"), cite("I-R19-2"))
            self.emit("trigger_order", text, ids, order=[t.to_json() for t in batch])
            for trigger in batch:
                self.fired += 1
                if self.fired > MAX_TRIGGERS:
                    raise ScenarioError(
                        self.action_path,
                        f"a resolution that ends (more than {MAX_TRIGGERS} triggers fired)",
                        hint="the triggers loop",
                    )
                card = self.cards[trigger.card]
                self.emit(
                    "trigger_fired",
                    f"{trigger.player} resolves {trigger.ability.name} of {card.label()}.",
                    (cite("R19-1.3"),),
                    card,
                    trigger.player,
                    trigger=trigger.key,
                )
                self.sequence(partial(self.resolve_effects, trigger.ability.effects, card), trigger.key)

    # -- timing ----------------------------------------------------------

    def can_activate(self, action: Action) -> Answer:
        card = self.targets(action, None)[0]
        player = action.player or card.controller
        phase = action.phase or self.phase
        question = f"Can {player} activate {action.ability} of {card.label()} now ({phase} Phase; active player {self.active})?"
        ctx = _Ask(card, action.ability or "", player, phase, action.during_sequence or self.in_sequence)
        for _name, check in ACTIVATION_CHECKS:
            verdict = check(self, ctx)
            if verdict is not None:
                ok, reason, rulings = verdict
                return Answer(question, ok, reason, rulings)
        raise AssertionError("the last activation check always answers")  # pragma: no cover

    def emit_answer(self, answer: Answer, card: CardState) -> None:
        self.emit(
            "answer",
            f"{answer.question} {'Yes' if answer.answer else 'No'}: {answer.reason}",
            answer.rulings,
            card,
            question=answer.question,
            answer=answer.answer,
            reason=answer.reason,
        )


# --------------------------------------------------------------------------
# State-based checks


class StateCheck(NamedTuple):
    """One state-based check: when it applies, and what it does."""

    applies: Callable[[CardState], bool]
    resolve: Callable[[Engine, CardState], None]
    rulings: tuple[str, ...]
    summary: str


def _numeric_at_most_zero(card: CardState) -> str | None:
    for name in ("DEF", "Rank"):
        v = card.value(name)
        if isinstance(v, int) and v <= 0:
            return f"{name} {v}"
    return None


def _character_cp_applies(card: CardState) -> bool:
    cp = card.value("CP")
    return card.current.type == "Character" and isinstance(cp, int) and cp <= 0


def _character_cp_resolve(engine: Engine, card: CardState) -> None:
    cause = card.last_cp_cause or "its printed CP"
    rulings = [cite("R19-2.4")]
    if cause == "damage":
        rulings.append(cite("R19-4.3"))
    engine.destroy(card, f"{card.label()} is at {card.value('CP')} CP by {cause}: it is destroyed (§7.3).", rulings)


def _unit_applies(card: CardState) -> bool:
    return card.current.type == "Ground Unit" and _numeric_at_most_zero(card) is not None


def _unit_resolve(engine: Engine, card: CardState) -> None:
    what = _numeric_at_most_zero(card)
    where = "Burned" if card.is_a("Drone") else "placed in its owner's Depleted Pile"
    engine.destroy(
        card,
        f"{card.label()} is a unit at {what}: destroyed and {where} (state-based check, §10.6).",
        (cite("R19-8"), cite("R19-8.1")),
    )


def _breakable_applies(card: CardState) -> bool:
    return card.current.type in BREAKABLE_TYPES and _numeric_at_most_zero(card) is not None


def _breakable_resolve(engine: Engine, card: CardState) -> None:
    what = _numeric_at_most_zero(card)
    kind = card.current.type
    rulings: list[str] = [cite("R19-8"), cite("R19-8.3")]
    if kind == "Homeworld":
        rulings += [cite("R19-8.4"), cite("I-R19-3")]
    if card.id in engine.flipped:
        rulings.append(cite("R19-8.5"))
    as_damage = f"{card.label()} is at {what}: it breaks as though it had taken damage equal to its DEF (§11.6)"
    if kind == "Non-Capital Spacecraft":
        engine.destroy(
            card, f"{as_damage}; a Non-Capital Spacecraft has no Contested face, so it is destroyed.", rulings
        )
        return
    if card.state == "Prime" and "Contested" in card.card.faces:
        engine.emit("break", f"{as_damage}: the Prime face flips to Contested.", rulings, card)
        engine.change_face(card, "Contested", f"broken at {what}", rulings)
        return
    engine.leave(
        card,
        "Depleted Pile",
        destroyed=False,
        text=f"{as_damage}: the {card.state or 'unlabelled'} face goes to its owner's Depleted Pile.",
        rulings=rulings,
    )


STATE_CHECKS: tuple[tuple[str, StateCheck], ...] = (
    (
        "character_at_0_cp",
        StateCheck(
            _character_cp_applies,
            _character_cp_resolve,
            ("R19-2.4", "R19-4.3"),
            "A Character on the Map at 0 CP or less is destroyed, whatever took the CP.",
        ),
    ),
    (
        "unit_at_0_def_or_rank",
        StateCheck(
            _unit_applies,
            _unit_resolve,
            ("R19-8.1",),
            "A Ground Unit at DEF or Rank 0 or less is destroyed: Depleted Pile, or Burned for a Drone.",
        ),
    ),
    (
        "location_or_spacecraft_at_0_def_or_rank",
        StateCheck(
            _breakable_applies,
            _breakable_resolve,
            ("R19-8.3", "R19-8.4", "I-R19-3", "R19-8.5"),
            "A Location, Homeworld or Spacecraft at DEF or Rank 0 or less breaks: Prime (not a Non-Capital "
            "Spacecraft) flips to Contested; a Non-Capital Spacecraft is destroyed; any other face goes to "
            "the Depleted Pile. The new face is checked again.",
        ),
    ),
)
"""The state-based checks, in the order they are tried. After any change the engine tries them in
this order on the cards on the Map (in board order) and resolves the first that applies, then starts
again, until none applies."""


# --------------------------------------------------------------------------
# Transition steps


_BECOMES = {"Contested": "R19-2.1", "Fallen": "R19-2.2", "Prime": "R19-2.7"}


def _turn_face(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    new = card.state
    ids = list(rulings)
    if new in _BECOMES:
        ids.append(cite(_BECOMES[new]))
    if new == "Fallen" and card.current.type != "Character":
        ids.append(cite("R19-2.6"))
    ids.append(cite("R19-4.1"))
    becomes = f"becomes {new}" if new else f"turns to its {card.face} face"
    engine.emit(
        "face_change",
        f"{card.label()} {becomes} ({cause}). A flip is not a destruction: the card stays in play.",
        ids,
        card,
        **{"from": old, "to": card.face, "cause": cause},
    )
    keyed = [a.name for a in card.card.abilities_of(old) if a.type == "triggered" and a.on == "destroyed"]
    if keyed:
        engine.emit(
            "not_destruction",
            f"{', '.join(keyed)} (keyed to destruction) does not fire: {card.label()} flipped, it was not destroyed.",
            (cite("R19-4.1"),),
            card,
        )


def _liberation_counters_off(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    removed = card.counters.pop("Liberation", 0)
    if removed:
        engine.emit(
            "counters_removed",
            f"{removed} Liberation counter{'s come' if removed != 1 else ' comes'} off in the flip (§13).",
            (cite("R19-8.5"),),
            card,
            counter="Liberation",
            n=removed,
        )
    kept = {c: n for c, n in card.counters.items() if n}
    if kept:
        listed = ", ".join(f"{n} {c}" for c, n in kept.items())
        engine.emit(
            "counters_kept",
            f"Other counters stay on the card ({listed}, §18.38).",
            (cite("R19-8.5"),),
            card,
            counters=kept,
        )


def _cp_loss_cleared(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.cp_lost:
        engine.emit(
            "cp_loss_cleared",
            f"The CP lost on the {old} face does not carry to the {card.face} face, which has its own printed CP.",
            (cite("I-R19-1"),),
            card,
        )
        card.cp_lost = 0
    if card.last_cp_cause not in (None, "damage"):
        # the CP loss stayed on the old face; only damage (if any) still counts against CP
        card.last_cp_cause = "damage" if card.counters.get("damage") else None


def _no_story_point(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state != "Fallen" or card.current.type != "Character":
        return
    if cause == TWIST_CAUSE:
        engine.emit(
            "story_point",
            "A Character's own Twist is a Fall its player causes to their own Character: the one kind of Fall "
            "that scores (§8.12).",
            (cite("R19-4.2"),),
            card,
        )
        return
    engine.emit(
        "no_story_point",
        "This Fall scores nothing by itself: Story Points are scored from the board at the end of each Act, "
        "and an opponent's Fall never earns one (§15.1).",
        (cite("R19-4.2"),),
        card,
    )


def _transition_triggers(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state in _BECOMES:
        engine.create_triggers(f"becomes {card.state}", card, f"{card.label()} became {card.state}", (cite("R19-2.8"),))


def _bound_storyline_flips(engine: Engine, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state != "Fallen" or card.current.type != "Character" or card.bound_to is None:
        return
    story = engine.cards[card.bound_to]
    if story.zone != "Map":
        engine.emit(
            "no_effect",
            f"{card.label()} is Bound to {story.label()}, which is not in play: there is nothing to flip.",
            (cite("R19-2.5"),),
            card,
        )
        return
    if story.face == REVERSAL:
        engine.emit(
            "no_effect",
            f"{story.label()} is on its Reversal face already: a Fall flips a Storyline to Reversal, never back, "
            "so nothing changes (§8.11).",
            (cite("R19-2.5"),),
            story,
        )
        return
    if REVERSAL not in story.card.faces:
        engine.emit(
            "no_effect",
            f"{story.label()} has no Reversal face to flip to; nothing changes (§8.11).",
            (cite("R19-2.5"), cite("I-R19-1")),
            story,
        )
        return
    engine.change_face(story, REVERSAL, f"its Bound Character {card.label()} became Fallen (§8.11)", (cite("R19-2.5"),))


REVERSAL = "Reversal"
"""The face a Fall flips the Bound Storyline to (§19.2, §8.11)."""


TransitionStep = Callable[[Engine, CardState, str, str, tuple[str, ...]], None]

TRANSITION_STEPS: tuple[tuple[str, TransitionStep], ...] = (
    ("turn_face", _turn_face),
    ("liberation_counters_off", _liberation_counters_off),
    ("cp_loss_cleared", _cp_loss_cleared),
    ("no_story_point", _no_story_point),
    ("transition_triggers", _transition_triggers),
    ("bound_storyline_flips", _bound_storyline_flips),
)
"""What happens when a card's visible face changes, in order."""

TRANSITION_SUMMARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "turn_face": (
        "The card becomes Contested, Fallen or Prime; it stays in play (not a destruction).",
        ("R19-2.1", "R19-2.2", "R19-2.7", "R19-4.1"),
    ),
    "liberation_counters_off": ("Liberation counters come off; other counters stay.", ("R19-8.5",)),
    "cp_loss_cleared": ("CP lost on the old face does not carry to the new face.", ("I-R19-1",)),
    "no_story_point": (
        "A Character's Fall earns an opponent no Story Point; its own Twist is the one Fall that scores.",
        ("R19-4.2",),
    ),
    "transition_triggers": (
        "Triggers keyed to the transition are created; they wait for the sequence to end.",
        ("R19-2.8", "R19-1.1"),
    ),
    "bound_storyline_flips": ("A Character becoming Fallen flips the Storyline it is Bound to.", ("R19-2.5",)),
}

# --------------------------------------------------------------------------
# Leave steps


def _to_zone(engine: Engine, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]) -> None:
    card.zone = zone
    kind = "destroyed" if destroyed else "left_play"
    engine.emit(kind, text, rulings, card, zone=zone)


def _counters_and_effects_off(
    engine: Engine, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if any(card.counters.values()) or card.modifiers or card.cp_lost:
        engine.emit(
            "counters_removed",
            "Counters and lasting effects on it end as it leaves the Map.",
            (cite("I-R19-1"),),
            card,
        )
    card.counters = {}
    card.modifiers = []
    card.cp_lost = 0
    card.last_cp_cause = None


def _destruction_triggers(
    engine: Engine, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if destroyed:
        engine.create_triggers("destroyed", card, f"{card.label()} was destroyed", rulings)


def _bound_characters_fall(
    engine: Engine, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if card.current.type != "Storyline":
        return
    for other in list(engine.cards.values()):
        if other.bound_to != card.id:
            continue
        other.bound_to = None
        if other.zone != "Map" or other.current.type != "Character":
            continue
        if other.state == "Fallen":
            continue
        if "Fallen" not in other.card.faces:
            engine.emit("no_effect", f"{other.label()} has no Fallen face.", (cite("R19-2.3"),), other)
            continue
        engine.change_face(
            other,
            "Fallen",
            f"the Storyline it was Bound to, {card.label()}, left play (route 3 of §7.7)",
            (cite("R19-2.3"),),
        )


LeaveStep = Callable[[Engine, CardState, str, bool, str, tuple[str, ...]], None]

LEAVE_STEPS: tuple[tuple[str, LeaveStep], ...] = (
    ("to_zone", _to_zone),
    ("counters_and_effects_off", _counters_and_effects_off),
    ("destruction_triggers", _destruction_triggers),
    ("bound_characters_fall", _bound_characters_fall),
)
"""What happens when a card leaves the Map, in order."""

LEAVE_SUMMARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "to_zone": ("The card goes to its zone: Depleted Pile, or Burned for a Drone.", ("R19-8.1",)),
    "counters_and_effects_off": ("Counters and lasting effects on it end.", ("I-R19-1",)),
    "destruction_triggers": (
        "If it was destroyed (not merely placed), destruction triggers are created.",
        ("R19-4.3", "R19-8.1"),
    ),
    "bound_characters_fall": ("A Storyline leaving play makes the Characters Bound to it Fall.", ("R19-2.3",)),
}

# --------------------------------------------------------------------------
# Trigger order


def _active_player_first(engine: Engine, batch: list[Trigger]) -> list[Trigger]:
    start = engine.players.index(engine.active)
    seats = engine.players[start:] + engine.players[:start]
    return [t for p in seats for t in batch if t.player == p]


def _players_chosen_order(engine: Engine, batch: list[Trigger]) -> list[Trigger]:
    out: list[Trigger] = []
    for player in dict.fromkeys(t.player for t in batch):
        mine = [t for t in batch if t.player == player]
        chosen = list(engine.trigger_order.get(player, ()))
        if chosen:
            picked: list[Trigger] = []
            for key in chosen:
                hit = next((t for t in mine if t.key == key and t not in picked), None)
                if hit is not None:
                    picked.append(hit)
            rest = [t for t in mine if t not in picked]
            mine = picked + rest
            how = "in the order they chose"
        else:
            how = "in the order they were created (no order given)"
        if len(mine) > 1:
            engine.emit(
                "trigger_choice",
                f"{player} orders their {len(mine)} triggers {how}: {', '.join(t.key for t in mine)}.",
                (cite("I-R19-2"),),
                player=player,
            )
        out += mine
    return out


TRIGGER_ORDER: tuple[tuple[str, Callable[[Engine, list[Trigger]], list[Trigger]]], ...] = (
    ("active_player_first_then_clockwise", _active_player_first),
    ("each_player_in_their_chosen_order", _players_chosen_order),
)
"""How a batch of new triggers is ordered: seat order from the active player (R19-1.3), then, within
each player's triggers, the order they chose, or creation order (I-R19-2)."""

# --------------------------------------------------------------------------
# Activation checks


class _Ask(NamedTuple):
    card: CardState
    ability: str
    player: str
    phase: str
    during_sequence: bool


Verdict = tuple[bool, str, tuple[str, ...]] | None


def _is_activated(engine: Engine, ask: _Ask) -> Verdict:
    ability = next((a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability), None)
    if ability is None:
        return (
            False,
            f"{ask.card.label()} has no ability {ask.ability!r} on its {ask.card.face} face.",
            (cite("R19-3"),),
        )
    if ability.type == "bind":
        return (
            False,
            "Bind is not an activated ability: a Storyline Binds when it enters the Map (§8.10).",
            (cite("R19-3.3"),),
        )
    if ability.type == "resource":
        return (
            False,
            (
                f"{ability.name} generates resources in the {ability.phases[0]} Phase by its own phase rules; "
                "it is not an activated ability."
            ),
            (cite("R19-3.4"),),
        )
    if ability.type != "activated":
        return False, f"{ability.name} is a {ability.type} ability, not an activated one.", (cite("R19-3"),)
    return None


def _in_play(engine: Engine, ask: _Ask) -> Verdict:
    if ask.card.zone != "Map":
        return False, f"{ask.card.label()} is not on the Map (it is in the {ask.card.zone}).", (cite("I-R19-1"),)
    return None


def _no_sequence(engine: Engine, ask: _Ask) -> Verdict:
    if ask.during_sequence:
        return (
            False,
            "A resolution sequence is under way: no ability may be activated until it ends.",
            (cite("R19-1.2"),),
        )
    return None


def _not_ready_or_end(engine: Engine, ask: _Ask) -> Verdict:
    if ask.phase in CLOSED_PHASES:
        return False, f"No activated ability may be used in the {ask.phase} Phase, even a Fast one.", (cite("R19-3.1"),)
    return None


def _printed_restriction(engine: Engine, ask: _Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only == "your turn" and ask.player != engine.active:
        return (
            False,
            f"Its text says “Use only during your turn”, and {engine.active} is the active player.",
            (cite("R19-3.2"),),
        )
    if ability.phases and ask.phase not in ability.phases:
        allowed = ", ".join(ability.phases)
        return False, f"Its text limits it to the {allowed} Phase.", (cite("R19-3.2"),)
    return None


def _fast_by_default(engine: Engine, ask: _Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only or ability.phases:
        return True, "Its printed restriction allows it now.", (cite("R19-3.2"), cite("R19-3.1"))
    return (
        True,
        (
            f"Activated abilities are Fast unless their text restricts them: any phase of any player's turn "
            f"except the Ready and End Phases (§10.3); this is the {ask.phase} Phase."
        ),
        (cite("R19-3.1"),),
    )


ACTIVATION_CHECKS: tuple[tuple[str, Callable[[Engine, _Ask], Verdict]], ...] = (
    ("is_an_activated_ability", _is_activated),
    ("card_in_play", _in_play),
    ("no_sequence_under_way", _no_sequence),
    ("not_ready_or_end_phase", _not_ready_or_end),
    ("printed_restriction", _printed_restriction),
    ("fast_by_default", _fast_by_default),
)
"""The questions asked, in order, to decide whether an ability can be activated now; the first that
answers decides."""

# --------------------------------------------------------------------------
# Capabilities


def _why_none(card: CardState, value: str) -> tuple[str, tuple[str, ...]]:
    lost = card.lost(value)
    if lost:
        name = f" ({lost.effect})" if lost.effect else ""
        return f"it has lost {value}{name} and is treated as not printing it", (cite("R19-7.2"),)
    return f"it prints no {value}: it has nothing there to use, not 0", (cite("R19-7.1"),)


def _q_attack(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    atk = card.value("ATK")
    if atk is None:
        why, ids = _why_none(card, "ATK")
        return Answer("attack", False, f"No attack: {why} (§11.1).", ids)
    ids = (cite("R19-7.3"),) if atk == 0 else (cite("R19-7"),)
    return Answer("attack", True, f"ATK {atk}: an attack may be declared (§11.1).", ids)


def _q_return_fire(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    if card.value("ATK") is None:
        why, ids = _why_none(card, "ATK")
        return Answer(
            "return fire", False, f"Return fire uses one of its attacks (§11.6), and {why}.", (*ids, cite("R19-7.2"))
        )
    return Answer("return fire", True, "It has an attack to return fire with (§11.6).", (cite("R19-7"),))


def _q_intercept(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    return Answer("intercept", True, "Intercepting needs no attack (§11.5).", (cite("R19-7.2"),))


def _q_vote(card: CardState) -> Answer | None:
    vote = card.value("Vote")
    if vote is None:
        why, ids = _why_none(card, "Vote")
        return Answer("Vote", False, f"Cannot Vote: {why}.", ids)
    if isinstance(vote, int) and vote <= 0:
        return Answer(
            "Vote", False, f"Vote {vote}: not a Convocant, but counted as holding {vote} Vote.", (cite("R19-7.3"),)
        )
    return Answer("Vote", True, f"Vote {vote}: a Convocant.", (cite("R19-7"),))


def _q_liberated(card: CardState) -> Answer | None:
    rank = card.value("Rank")
    if rank is None:
        why, ids = _why_none(card, "Rank")
        return Answer("be Liberated", False, f"Cannot be Liberated: {why}.", (*ids, cite("R19-7.5")))
    return Answer("be Liberated", True, f"Rank {rank}: it can be Liberated (§12.2).", (cite("R19-7"),))


def _q_value(name: str) -> Callable[[CardState], Answer | None]:
    def ask(card: CardState) -> Answer | None:
        v = card.value(name)
        if v is None:
            why, ids = _why_none(card, name)
            return Answer(f"use {name}", False, f"Excluded from every mechanic that needs {name}: {why}.", ids)
        ids = (cite("R19-7.3"),) if v == 0 else (cite("R19-7"),)
        return Answer(f"use {name}", True, f"It has {name} {v}.", ids)

    return ask


CAPABILITY_QUESTIONS: tuple[tuple[str, Callable[[CardState], Answer | None]], ...] = (
    ("attack", _q_attack),
    ("return_fire", _q_return_fire),
    ("intercept", _q_intercept),
    ("vote", _q_vote),
    ("be_liberated", _q_liberated),
    ("vox", _q_value("Vox")),
    ("income", _q_value("Income")),
)
"""What the ``capabilities`` question asks of a card, in order (questions that do not apply to its
type are skipped)."""

# --------------------------------------------------------------------------
# Action handlers


def _not_on_map(engine: Engine, card: CardState, what: str) -> bool:
    if card.zone != "Map":
        engine.emit(
            "no_effect", f"{what}: {card.label()} is not on the Map; nothing happens.", (cite("I-R19-1"),), card
        )
        return True
    return False


def _only_characters(engine: Engine, card: CardState, what: str) -> bool:
    if card.current.type != "Character":
        engine.emit(
            "no_effect",
            f"{what} to a {card.current.type_line} follows rules not in §19 (§11.6); the engine models it for "
            "Characters only.",
            (cite("I-R19-1"),),
            card,
        )
        return True
    return False


def _damage(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Damage") or _only_characters(engine, card, "Damage"):
            continue
        _add_damage(engine, card, action.amount or 0, "damage", (cite("R19-4.3"),))


def _add_damage(engine: Engine, card: CardState, amount: int, why: str, rulings: tuple[str, ...]) -> None:
    card.counters["damage"] = card.counters.get("damage", 0) + amount
    card.last_cp_cause = "damage"
    engine.emit(
        "damage",
        f"{card.label()} takes {amount} {why}: CP {card.value('CP')}.",
        rulings,
        card,
        amount=amount,
    )


def _lose_cp(engine: Engine, card: CardState, amount: int, cause: str, rulings: tuple[str, ...]) -> None:
    card.cp_lost += amount
    card.last_cp_cause = cause
    engine.emit(
        "cp_loss", f"{card.label()} loses {amount} CP to {cause}: CP {card.value('CP')}.", rulings, card, amount=amount
    )


def _cp_loss(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "CP loss") or _only_characters(engine, card, "CP loss"):
            continue
        _lose_cp(engine, card, action.amount or 0, "CP loss", (cite("R19-2.4"),))


def _morality_penalty(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Morality Penalty") or _only_characters(engine, card, "Morality Penalty"):
            continue
        _lose_cp(engine, card, action.amount or 0, "Morality Penalties", (cite("R19-2.3"),))
        cp = card.value("CP")
        if isinstance(cp, int) and cp <= 0 and card.state == "Prime" and "Fallen" in card.card.faces:
            engine.change_face(
                card,
                "Fallen",
                "Morality Penalties took the Prime Character to 0 CP (route 2 of §7.7, §7.4)",
                (cite("R19-2.3"), cite("R19-4.4")),
            )


def _add_counters(engine: Engine, action: Action, source: CardState | None) -> None:
    n = action.amount or 0
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, f"{action.counter} counters"):
            continue
        if action.counter == "damage":
            if not _only_characters(engine, card, "Damage"):
                _add_damage(engine, card, n, "damage", (cite("R19-4.3"),))
            continue
        if action.counter == "Liberation" and card.value("Rank") is None:
            why, ids = _why_none(card, "Rank")
            engine.emit(
                "no_effect",
                f"{card.label()} cannot be Liberated: {why}. No Liberation counter is placed.",
                (*ids, cite("R19-7.5")),
                card,
            )
            continue
        counter = action.counter or ""
        card.counters[counter] = card.counters.get(counter, 0) + n
        text = f"{n} {counter} counter{'s' if n != 1 else ''} on {card.label()} (now {card.counters[counter]})"
        notes: list[str] = [cite("I-R19-1")]
        if counter in COUNTER_PENALTIES:
            value, per = COUNTER_PENALTIES[counter]
            if card.current.type == "Character":
                text += f"; a Character prints {value} X, so the penalty becomes damage instead"
                engine.emit("counters_added", text + ".", (*notes, cite("R19-8.2")), card, counter=counter, n=n)
                _add_damage(engine, card, per * n, f"damage instead of -{per * n} {value}", (cite("R19-8.2"),))
                continue
            text += f": {value} {card.value(value)}"
        engine.emit("counters_added", text + ".", notes, card, counter=counter, n=n)


def _remove_counters(engine: Engine, action: Action, source: CardState | None) -> None:
    counter = action.counter or ""
    for card in engine.targets(action, source):
        n = min(action.amount or 0, card.counters.get(counter, 0))
        if not n:
            engine.emit("no_effect", f"{card.label()} has no {counter} counter to remove.", (cite("I-R19-1"),), card)
            continue
        card.counters[counter] -= n
        if not card.counters[counter]:
            del card.counters[counter]
        engine.emit(
            "counters_removed",
            f"{n} {counter} counter{'s' if n != 1 else ''} removed from {card.label()}.",
            (cite("I-R19-1"),),
            card,
            counter=counter,
            n=n,
        )


def _penalty(engine: Engine, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    n = action.amount or 0
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, f"-{n} {value}"):
            continue
        base = card.base(value)
        if base == X:
            engine.emit(
                "penalty",
                f"-{n} {value} to {card.label()}: a Character prints {value} X, so it takes "
                f"{'damage' if value == 'DEF' else 'CP loss'} instead (§7.5).",
                (cite("R19-8.2"),),
                card,
            )
            if value == "DEF":
                _add_damage(engine, card, n, f"damage instead of -{n} DEF", (cite("R19-8.2"),))
            else:
                _lose_cp(engine, card, n, f"CP loss instead of -{n} Rank", (cite("R19-8.2"),))
            continue
        if base is None:
            why, ids = _why_none(card, value)
            engine.emit("no_effect", f"-{n} {value} to {card.label()}: {why}; there is nothing to reduce.", ids, card)
            continue
        card.modifiers.append(_modifier("penalty", action))
        ids2: list[str] = [cite("R19-8")] if value in ("DEF", "Rank") else [cite("R19-7")]
        engine.emit("penalty", f"-{n} {value} to {card.label()}: {value} {card.value(value)}.", ids2, card)


def _modifier(kind: str, action: Action) -> Modifier:
    return Modifier(kind, action.value or "", action.amount or 0, action.effect)


def _bonus(engine: Engine, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    n = action.amount or 0
    targets = engine.targets(action, source)
    if not targets:
        engine.emit(
            "no_effect",
            f"+{n} {value}: no card matches ({action.target.describe() if action.target else ''}).",
            (cite("R19-6.1"),),
        )
    for card in targets:
        if _not_on_map(engine, card, f"+{n} {value}"):
            continue
        if card.base(value) == X:
            engine.emit(
                "bonus_dead",
                f"+{n} {value} to {card.label()} does nothing: a Character prints {value} X, not a number, so there "
                "is no number to add to. Nothing is added to nothing (not an error).",
                (cite("R19-6.1"), cite("R19-8.2")),
                card,
                value=value,
            )
            continue
        if card.base(value) is None:
            why, ids = _why_none(card, value)
            engine.emit(
                "bonus_dead",
                f"+{n} {value} to {card.label()} does nothing: {why}. Nothing is added to nothing (not an error).",
                (cite("R19-6.1"), *ids),
                card,
                value=value,
            )
        else:
            card.modifiers.append(_modifier("bonus", action))
            engine.emit(
                "bonus_live",
                f"+{n} {value} to {card.label()}: {value} {card.value(value)}.",
                (cite("R19-6.1"),),
                card,
                value=value,
            )


def _grant(engine: Engine, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, f"gain {value}"):
            continue
        printed = card.current.value(value)
        card.modifiers.append(_modifier("grant", action))
        if printed is not None:
            text = f"{card.label()} already prints {value} {printed}; it keeps its printed value."
        else:
            text = f"{card.label()} is granted {value} {action.amount}: granting language confers the value."
        engine.emit("grant", text, (cite("R19-6.2"),), card, value=value)


def _lose(engine: Engine, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, f"lose {value}"):
            continue
        card.modifiers.append(_modifier("lose", action))
        extra = ""
        if value == "ATK" and card.current.is_unit:
            extra = " It cannot attack or return fire, but it can still intercept."
        engine.emit(
            "lose",
            f"{card.label()} loses {value} while the effect lasts and is treated as not printing it.{extra}",
            (cite("R19-7.2"),),
            card,
            value=value,
        )


def _end_effect(engine: Engine, action: Action, source: CardState | None) -> None:
    hit = False
    for card in engine.cards.values():
        before = len(card.modifiers)
        card.modifiers = [m for m in card.modifiers if m.effect != action.effect]
        if len(card.modifiers) != before:
            hit = True
            engine.emit(
                "effect_ended", f"The effect {action.effect!r} on {card.label()} ends.", (cite("R19-7.2"),), card
            )
    if not hit:
        engine.emit("no_effect", f"No lasting effect named {action.effect!r} is active.", (cite("R19-7.2"),))


def _flip(engine: Engine, action: Action, source: CardState | None) -> None:
    to = action.to or ""
    cause = action.cause or "other effect"
    by = engine.source_of(action, source)
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, f"Flip to {to}"):
            continue
        if to not in card.card.faces:
            engine.emit("no_effect", f"{card.label()} has no {to} face; nothing happens.", (cite("I-R19-1"),), card)
            continue
        if card.face == to:
            engine.emit("no_effect", f"{card.label()} is already {to}.", (cite("R19-2"),), card)
            continue
        if to == "Fallen" and card.current.type == "Character":
            if by is not None and by.current.type == "Storyline" and by.zone == "Map":
                engine.change_face(
                    card, "Fallen", f"the text of the Storyline {by.label()} (route 1 of §7.7)", (cite("R19-2.3"),)
                )
            elif by is not None and by.current.type == "Storyline":
                engine.emit(
                    "no_effect",
                    f"Flip {card.label()} to Fallen does nothing: the Storyline {by.label()} is not on the Map "
                    f"(it is in the {by.zone}), so its text is not in play (route 1 of §7.7).",
                    (cite("R19-2.3"),),
                    card,
                )
            else:
                engine.emit(
                    "no_effect",
                    f"Flip {card.label()} to Fallen ({cause}) does nothing: a Character becomes Fallen only by the "
                    "four routes of §7.7 (a Storyline's text, Morality Penalties to 0 CP, its Bound Storyline leaving "
                    "play, its own Twist).",
                    (cite("R19-2.3"),),
                    card,
                )
            continue
        section = next(c.section for c in FLIP_CAUSES if c.name == cause)
        engine.change_face(card, to, cause + (f", {section}" if section else ""), ())


def _redeem(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Redeem"):
            continue
        if "Prime" not in card.card.faces or card.face == "Prime":
            engine.emit(
                "no_effect",
                f"{card.label()} has no Prime face to flip back to, or is Prime already.",
                (cite("R19-2.7"),),
                card,
            )
            continue
        engine.change_face(card, "Prime", "Redeem clause flip-back, §7.8", ())


def _twist(engine: Engine, action: Action, source: CardState | None) -> None:
    by = engine.source_of(action, source)
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Twist") or _only_characters(engine, card, "Twist"):
            continue
        if by is not None and by is not card:
            engine.emit(
                "no_effect",
                f"A Twist of {by.label()} cannot make {card.label()} Fall: only a Character's own Twist is a route.",
                (cite("R19-2.3"),),
                card,
            )
            continue
        if "Fallen" not in card.card.faces or card.face == "Fallen":
            engine.emit(
                "no_effect", f"{card.label()} has no Fallen face, or is Fallen already.", (cite("R19-2.3"),), card
            )
            continue
        engine.change_face(card, "Fallen", TWIST_CAUSE, (cite("R19-2.3"),))


def _storyline_leaves(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Leave play"):
            continue
        if card.current.type != "Storyline":
            engine.emit("no_effect", f"{card.label()} is not a Storyline.", (cite("I-R19-1"),), card)
            continue
        engine.leave(
            card,
            action.to or "Depleted Pile",
            destroyed=False,
            text=f"The Storyline {card.label()} leaves play ({action.to}).",
            rulings=(cite("R19-2.3"),),
        )


def _destroy(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Destroy"):
            continue
        where = "Burned" if card.is_a("Drone") else "placed in its owner's Depleted Pile"
        engine.destroy(card, f"{card.label()} is destroyed and {where}.", (cite("I-R19-1"),))


def _liberate(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if _not_on_map(engine, card, "Liberation"):
            continue
        if card.value("Rank") is None:
            why, ids = _why_none(card, "Rank")
            engine.emit("no_effect", f"{card.label()} cannot be Liberated: {why}.", (*ids, cite("R19-7.5")), card)
            continue
        if card.current.type == "Character":
            if action.cp_loss is None:
                raise ScenarioError(
                    action.path + ".cp_loss",
                    "the CP a successful Liberation takes from a Character (§12.2 is not published)",
                    hint=f"{card.id} is a Character",
                )
            _lose_cp(engine, card, action.cp_loss, "Liberation", (cite("R19-2.4"),))
            continue
        if card.state == "Prime" and "Contested" in card.card.faces:
            engine.change_face(card, "Contested", "successful Liberation, §12.2", ())
            continue
        engine.emit(
            "no_effect",
            f"A successful Liberation of {card.label()} ({card.state or 'unlabelled'} face) has no effect that §19 "
            "states (§12.2).",
            (cite("I-R19-1"),),
            card,
        )


def _enter(engine: Engine, action: Action, source: CardState | None) -> None:
    for card in engine.targets(action, source):
        if card.zone == "Map":
            engine.emit("no_effect", f"{card.label()} is already on the Map.", (cite("I-R19-1"),), card)
            continue
        card.zone = "Map"
        if action.face:
            card.face = action.face
        engine.emit("entered", f"{card.label()} enters the Map on its {card.face} face.", (cite("I-R19-1"),), card)
        for other_id in action.bind:
            other = engine.cards[other_id]
            other.bound_to = card.id
            engine.emit(
                "bind",
                f"{card.label()} Binds {other.label()} as it enters the Map (§8.10); Binding is not an activated "
                "ability.",
                (cite("R19-3.3"),),
                other,
            )


def _set_phase(engine: Engine, action: Action, source: CardState | None) -> None:
    if action.active:
        engine.active = action.active
    engine.phase = action.phase or engine.phase
    engine.emit("phase", f"{engine.active}'s turn, {engine.phase} Phase.", (cite("R19-3.1"),), player=engine.active)


def _can_activate(engine: Engine, action: Action, source: CardState | None) -> None:
    engine.emit_answer(engine.can_activate(action), engine.targets(action, None)[0])


def _capabilities(engine: Engine, action: Action, source: CardState | None) -> None:
    card = engine.targets(action, None)[0]
    for _name, question in CAPABILITY_QUESTIONS:
        answer = question(card)
        if answer is None:
            continue
        engine.emit(
            "answer",
            f"Can {card.label()} {answer.question}? {'Yes' if answer.answer else 'No'}: {answer.reason}",
            answer.rulings,
            card,
            question=answer.question,
            answer=answer.answer,
            reason=answer.reason,
        )


Handler = Callable[[Engine, Action, "CardState | None"], None]

HANDLERS: dict[str, Handler] = {
    "damage": _damage,
    "cp_loss": _cp_loss,
    "morality_penalty": _morality_penalty,
    "add_counters": _add_counters,
    "remove_counters": _remove_counters,
    "penalty": _penalty,
    "bonus": _bonus,
    "grant": _grant,
    "lose": _lose,
    "end_effect": _end_effect,
    "flip": _flip,
    "liberate": _liberate,
    "redeem": _redeem,
    "twist": _twist,
    "storyline_leaves": _storyline_leaves,
    "destroy": _destroy,
    "enter": _enter,
    "set_phase": _set_phase,
    "can_activate": _can_activate,
    "capabilities": _capabilities,
}
"""The behaviour of each action of :data:`estro_rules.r19.cards.ACTIONS` (``activate`` is run by
:meth:`Engine.run`)."""

__all__ = [
    "ACTIVATION_CHECKS",
    "CAPABILITY_QUESTIONS",
    "COUNTER_PENALTIES",
    "FALL_ROUTES",
    "LEAVE_STEPS",
    "STATE_CHECKS",
    "TRANSITION_STEPS",
    "TRIGGER_ORDER",
    "Answer",
    "BoardView",
    "CardState",
    "CardView",
    "Engine",
    "Event",
    "Trigger",
]
