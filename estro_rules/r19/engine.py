"""The §19 engine: a board of cards, actions on it, and the explained consequences.

The rules that order things are data, each in one named, ordered list (a
:class:`~estro_rules.ordered.RuleList`), and the engine runs them:

* ``STATE_CHECKS`` (:mod:`.checks`) — the state-based checks, made after every change until none
  applies;
* ``TRANSITION_STEPS`` (:mod:`.transitions`) — what happens, in order, when a card's visible face
  changes;
* ``LEAVE_STEPS`` (:mod:`.transitions`) — what happens, in order, when a card leaves the Map (cards
  that change at the same moment go through each step together: :meth:`Engine.at_once`);
* ``TRIGGER_ORDER`` (:mod:`.timing`) — how a batch of new triggers is put in firing order;
* ``ACTIVATION_CHECKS`` (:mod:`.timing`) — the timing questions asked of an activated ability;
* ``CAPABILITY_QUESTIONS`` (:mod:`.timing`) — what a card can do with the values it has.

Each action's behaviour is its handler in :mod:`.actions`. Every event
(:class:`~estro_rules.r19.board.Event`) carries the ruling IDs behind it.

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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..errors import ScenarioError
from ..i18n import N_, Message, Plural
from .acting import Action, add_damage
from .board import (
    Board,
    BoardView,
    CardState,
    Change,
    Effect,
    Event,
    Leaving,
    Moment,
    PrintedAbility,
    Trigger,
    Turning,
    listed,
    plain,
)
from .checks import STATE_CHECKS
from .rulebook import cite
from .rules import COUNTER_PENALTIES, MAX_TRIGGERS
from .timing import TRIGGER_ORDER
from .transitions import LEAVE_STEPS, TRANSITION_STEPS

KIND = "r19.sequence"
"""The scenario kind whose results this engine gives."""


class Engine(Board):
    """A board and the rules that act on it. Build one per run; see :func:`estro_rules.r19.run_scenario`."""

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
        becomes damage (I-R19-5, R19-8.2). Then the state-based checks are made, since §19.8 applies "the
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
                            Plural(
                                "{card} starts with {n} {counter} counter; a Character prints {value} X, so the "
                                "penalty becomes damage instead.",
                                "{card} starts with {n} {counter} counters; a Character prints {value} X, so the "
                                "penalty becomes damage instead.",
                                n,
                                card=card.label(),
                                counter=counter,
                                value=value,
                            ),
                            (cite("I-R19-1"), cite("I-R19-5"), cite("R19-8.2")),
                            card,
                            counter=counter,
                            n=n,
                        )
                        add_damage(self, card, per * n, (cite("I-R19-5"), cite("R19-8.2")), instead_of=value)

        if self.unsettled() or any(
            c.current.type == "Character" and any(c.counters.get(k) for k in COUNTER_PENALTIES) for c in self.on_map()
        ):
            self.sequence(body, Message.kept(N_("the starting board is checked before the first action")))
            self.fire_triggers()

    def unsettled(self) -> bool:
        """Whether a state-based check applies to some card on the Map."""
        return any(check.applies(c) for check in STATE_CHECKS.fns for c in self.on_map())

    def check_state(self) -> None:
        """Make the state-based checks now, as a sequence of their own, if any applies (§19.8)."""
        if self.unsettled():
            self.sequence(lambda: None, Message.kept(N_("state-based checks")))
            self.fire_triggers()

    def run(self, action: Action) -> None:
        """Run one top-level action: its sequence, then the triggers it created; an action that asks, moves the
        turn on or asks before it acts runs outside (:attr:`~.acting.Action.outside_sequence`). The state-based
        checks are made after every action, queries included (§19.8: "the moment")."""
        self.reset(action.path, dict(action.trigger_order or {}))
        if action.outside_sequence:
            action.handle(self, None)
        else:
            self.sequence(lambda: action.handle(self, None), action.describe())
            self.fire_triggers()
        self.check_state()

    def play(self, actions: Sequence[Action]) -> SequenceResult:
        """Settle the starting board, then run each action in turn: the result has one step per action."""
        self.start()
        setup = tuple(self.events)
        setup_batches = tuple(tuple(b) for b in self.batches)
        initial = self.snapshot()
        steps = []
        for i, action in enumerate(actions):
            self.run(action)
            steps.append(Step(i, action, tuple(self.events), tuple(tuple(b) for b in self.batches), self.snapshot()))
        return SequenceResult(initial, tuple(steps), setup, setup_batches)

    def sequence(self, body: Callable[[], None], what: str) -> None:
        """Resolve ``body`` as one sequence: state changes cascade to completion (§19.1). Every action, and
        every firing trigger's effects, is a sequence, whether or not it cascades (I-R19-12)."""
        self.emit(
            "sequence_start",
            Message(
                "Sequence begins: {what}. No card may be played and no ability activated until it ends.", what=what
            ),
            (cite("R19-1.1"), cite("R19-1.2"), cite("I-R19-12")),
        )
        self.in_sequence = True
        body()
        self.settle()
        self.in_sequence = False
        waiting = len(self.pending)
        self.emit(
            "sequence_end",
            Plural(
                "Sequence complete; {n} new trigger waiting.", "Sequence complete; {n} new triggers waiting.", waiting
            ),
            (cite("R19-1.1"),),
        )

    def resolve_effects(self, effects: Iterable[Effect], source: CardState | None) -> None:
        for effect in effects:
            effect.handle(self, source)
            self.settle()

    # -- state-based checks ----------------------------------------------

    def settle(self) -> None:
        """Make the state-based checks until none applies (:data:`STATE_CHECKS`): each pass gives every
        card on the Map the first check that applies to it, and all of them change at one moment (I-R19-11)."""
        for _ in range(10 * len(self.cards) + 10):
            changes: list[Change] = []
            for card in self.on_map():
                check = next((c for c in STATE_CHECKS.fns if c.applies(card)), None)
                if check is not None:
                    changes.append(check(self, card))
            if not changes:
                return
            self.at_once(changes)
        raise AssertionError("state-based checks did not settle")  # pragma: no cover

    # -- moments: cards leaving the Map and faces changing ---------------

    def at_once(self, changes: Iterable[Change]) -> None:
        """Make ``changes`` at one moment (I-R19-11): :data:`LEAVE_STEPS` for the cards that leave the
        Map, then :data:`TRANSITION_STEPS` for those whose face changes, each step for every card (in
        ID order) before the next; then what the moment set off, each a moment of its own."""
        changes = list(changes)
        leaving = sorted((c for c in changes if isinstance(c, Leaving)), key=lambda c: c.card.id)
        turning = sorted((c for c in changes if isinstance(c, Turning)), key=lambda c: c.card.id)
        moment = Moment(tuple((c, c.face) for c in self.on_map()), tuple(leaving), tuple(turning))
        if len(changes) > 1:
            what: list[str] = [
                Message("{card} is destroyed", card=c.card.label())
                if c.destroyed
                else Message("{card} leaves the Map", card=c.card.label())
                for c in leaving
            ]
            for t in turning:
                state = t.card.card.faces[t.to].state
                what.append(
                    Message("{card} becomes {state}", card=t.card.label(), state=state)
                    if state
                    else Message("{card} turns to its {face} face", card=t.card.label(), face=t.to)
                )
            seen = Message.kept(
                N_(
                    "Every ability keyed to a card leaving play sees all of them, looking back to the board just before."
                )
                if leaving
                else N_("Abilities keyed to these changes are looked for once all of them are made.")
            )
            self.emit(
                "together",
                Message("At the same moment: {what}. {seen}", what=listed(what, "; "), seen=seen),
                (cite("I-R19-11"),),
                cards=[c.card.id for c in leaving] + [c.card.id for c in turning],
            )
        for leave_step in LEAVE_STEPS.fns:
            leave_step(self, moment)
        for turn_step in TRANSITION_STEPS.fns:
            turn_step(self, moment)
        for follow in moment.then:
            follow()

    # -- triggers --------------------------------------------------------

    def create_triggers(
        self,
        on: str,
        subject: CardState,
        because: str,
        rulings: Iterable[str],
        before: tuple[tuple[CardState, str], ...] | None = None,
    ) -> None:
        """Create the triggers keyed to ``on``; ``rulings`` are those of the event that set them off.

        The subject's own abilities come first, then every other card's "any card" abilities, in ID
        order. The other cards are those on the Map now, or, for a card leaving play, ``before``: the
        cards on the Map just before the moment, with the faces they showed then (I-R19-11)."""
        watchers: list[tuple[CardState, PrintedAbility]] = [
            (subject, a) for a in subject.card.abilities_of(subject.face) if a.type == "triggered" and a.on == on
        ]
        board = before if before is not None else tuple((c, c.face) for c in self.on_map())
        for other, face in board:
            if other is subject:
                continue
            for a in other.card.abilities_of(face):
                if a.type == "triggered" and a.on == on and a.of == "any":
                    watchers.append((other, a))
        rulings = tuple(rulings)
        for card, ability in watchers:
            self.created += 1
            trigger = Trigger(self.created, card.controller, card.id, ability, because)
            self.pending.append(trigger)
            gone = card is not subject and card.zone != "Map"
            said = (
                Message(
                    "{ability} of {card} triggers ({because}; it left play at the same moment and sees this from "
                    "where it was); it waits for the sequence to end.",
                    ability=ability.name,
                    card=card.label(),
                    because=because,
                )
                if gone
                else Message(
                    "{ability} of {card} triggers ({because}); it waits for the sequence to end.",
                    ability=ability.name,
                    card=card.label(),
                    because=because,
                )
            )
            self.emit(
                "trigger_created",
                said,
                (*rulings, cite("I-R19-11"), cite("R19-1.1")) if gone else (*rulings, cite("R19-1.1")),
                card,
                card.controller,
                trigger=trigger.key,
            )

    def order_batch(self, batch: list[Trigger]) -> list[Trigger]:
        """Put one batch of triggers in firing order (:data:`TRIGGER_ORDER`)."""
        ordered = batch
        for step in TRIGGER_ORDER.fns:
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
                text = Message("Round 1: triggers fire active player first, then clockwise: {order}.", order=order)
                ids: tuple[str, ...] = (cite("R19-1.3"), cite("I-R19-2"))
            else:
                text = Message(
                    "Round {round}: the triggers created while round {before} fired waited until the whole round had "
                    "fired; they now fire active player first, then clockwise: {order}.",
                    round=round_,
                    before=round_ - 1,
                    order=order,
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
                    Message(
                        "{player} resolves {ability} of {card}.",
                        player=trigger.player,
                        ability=trigger.ability.name,
                        card=card.label(),
                    ),
                    (cite("R19-1.3"),),
                    card,
                    trigger.player,
                    trigger=trigger.key,
                )
                self.sequence(partial(self.resolve_effects, trigger.ability.effects, card), trigger.key)


# --------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Step:
    """One action and what it led to."""

    number: int
    """The action's index in the scenario, from 0."""

    action: Action
    """The action."""

    events: tuple[Event, ...]
    """Everything that happened, in order."""

    batches: tuple[tuple[Trigger, ...], ...]
    """The trigger batches, each in the order it fired."""

    board: BoardView
    """The board after the action."""

    @property
    def label(self) -> str:
        return Message("{number}. {action}", number=self.number + 1, action=self.action.describe())

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.number,
            "do": self.action.do,
            "label": str(self.label),
            "destroyed": [e.card for e in self.of_kind("destroyed")],
            "left_play": [e.card for e in self.of_kind("left_play")],
            "flips": [f"{e.card}: {e.get('from')} -> {e.get('to')}" for e in self.of_kind("face_change")],
            "created": [e.get("trigger") for e in self.of_kind("trigger_created")],
            "fired": [f"{e.player}: {e.get('trigger')}" for e in self.of_kind("trigger_fired")],
            "nothing": [e.card for e in self.of_kind("no_effect", "bonus_dead")],
            "answers": [
                {
                    "card": e.card,
                    "question": plain(e.get("question")),
                    "answer": e.get("answer"),
                    "reason": plain(e.get("reason")),
                    "rulings": list(e.rulings),
                }
                for e in self.of_kind("answer")
            ],
            "queue": [[t.to_json() for t in batch] for batch in self.batches],
            "events": [e.to_json() for e in self.events],
            "board": self.board.to_json(),
        }


@dataclass(frozen=True)
class SequenceResult:
    """The result of an ``r19.sequence`` scenario."""

    initial: BoardView
    """The board before the first action, after the setup checks (:attr:`setup`)."""

    steps: tuple[Step, ...]
    """One step per action."""

    setup: tuple[Event, ...] = ()
    """What happened to the starting board before the first action: Sabotage placed on a Character
    becomes damage (R19-8.2), and the state-based checks are made (R19-8: "the moment")."""

    setup_batches: tuple[tuple[Trigger, ...], ...] = ()
    """The trigger batches the setup created, each in the order it fired."""

    def setup_json(self) -> dict[str, Any]:
        def of(*kinds: str) -> list[Event]:
            return [e for e in self.setup if e.kind in kinds]

        return {
            "destroyed": [e.card for e in of("destroyed")],
            "left_play": [e.card for e in of("left_play")],
            "flips": [f"{e.card}: {e.get('from')} -> {e.get('to')}" for e in of("face_change")],
            "fired": [f"{e.player}: {e.get('trigger')}" for e in of("trigger_fired")],
            "queue": [[t.to_json() for t in batch] for batch in self.setup_batches],
            "events": [e.to_json() for e in self.setup],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": KIND,
            "setup": self.setup_json(),
            "initial": self.initial.to_json(),
            "steps": [s.to_json() for s in self.steps],
        }


__all__ = [
    "COUNTER_PENALTIES",
    "KIND",
    "LEAVE_STEPS",
    "STATE_CHECKS",
    "TRANSITION_STEPS",
    "TRIGGER_ORDER",
    "Engine",
    "SequenceResult",
    "Step",
]
