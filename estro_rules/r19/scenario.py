"""The ``r19.sequence`` scenario: players, cards, a board and actions, checked on load.

A scenario names the players in seat order (clockwise), the active player and the phase, defines
its cards inline, places them, and lists actions. The result has one step per action: its events
(each with ruling IDs), the trigger batches in firing order and the board after it.

>>> s = load_sequence_data({"players": ["A", "B"], "active": "A", "phase": "Admin",
...     "cards": [{"id": "XX-GRD-001", "name": "XCS", "faces": {"Unlabelled": {"type": "Ground Unit",
...         "values": {"ATK": 1, "DEF": 2}}}}],
...     "board": [{"card": "XX-GRD-001", "owner": "A"}],
...     "actions": [{"do": "liberate", "card": "XX-GRD-009"}]})
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: actions[0].card: expected a card on the board, got 'XX-GRD-009' (known: 'XX-GRD-001')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import ScenarioError
from ..fields import Fields, check_int, choose, join
from ..protocol import ScenarioKind
from ..schema import Field, Obj
from .cards import COUNTERS, MAX_NUMBER, ZONES, Action, CardDef, check_phase, load_action, load_card, opt_string
from .engine import BoardView, CardState, Engine, Event, Trigger

KIND = "r19.sequence"


@dataclass(frozen=True)
class Placement:
    """Where one card instance starts."""

    id: str
    card: str
    owner: str
    controller: str
    zone: str
    face: str
    counters: tuple[tuple[str, int], ...]
    bound_to: str | None


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
        return f"{self.number + 1}. {self.action.describe()}"

    def of_kind(self, *kinds: str) -> list[Event]:
        return [e for e in self.events if e.kind in kinds]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.number,
            "do": self.action.do,
            "label": self.label,
            "destroyed": [e.card for e in self.of_kind("destroyed")],
            "left_play": [e.card for e in self.of_kind("left_play")],
            "flips": [f"{e.card}: {e.get('from')} -> {e.get('to')}" for e in self.of_kind("face_change")],
            "created": [e.get("trigger") for e in self.of_kind("trigger_created")],
            "fired": [f"{e.player}: {e.get('trigger')}" for e in self.of_kind("trigger_fired")],
            "nothing": [e.card for e in self.of_kind("no_effect", "bonus_dead")],
            "answers": [
                {
                    "card": e.card,
                    "question": e.get("question"),
                    "answer": e.get("answer"),
                    "reason": e.get("reason"),
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


@dataclass(frozen=True)
class SequenceScenario:
    """A checked ``r19.sequence`` scenario."""

    players: tuple[str, ...]
    active: str
    phase: str
    cards: dict[str, CardDef]
    placements: tuple[Placement, ...]
    actions: tuple[Action, ...]

    def engine(self) -> Engine:
        states = [
            CardState(p.id, self.cards[p.card], p.owner, p.controller, p.zone, p.face, dict(p.counters), p.bound_to)
            for p in self.placements
        ]
        return Engine(self.players, self.active, self.phase, states)

    def run(self) -> SequenceResult:
        engine = self.engine()
        engine.start()
        setup = tuple(engine.events)
        setup_batches = tuple(tuple(b) for b in engine.batches)
        initial = engine.snapshot()
        steps = []
        for i, action in enumerate(self.actions):
            engine.run(action)
            steps.append(
                Step(i, action, tuple(engine.events), tuple(tuple(b) for b in engine.batches), engine.snapshot())
            )
        return SequenceResult(initial, tuple(steps), setup, setup_batches)


def _known(names: list[str]) -> str:
    return "known: " + ", ".join(repr(n) for n in names) if names else "none defined"


def _player(value: object, path: str, players: tuple[str, ...]) -> str:
    return choose(value, path, list(players), "player")


def load_sequence(f: Fields) -> SequenceScenario:
    """Read an ``r19.sequence`` scenario; see the scenario format page."""
    players: list[str] = []
    for path, name in f.items("players", min_items=1):
        if not isinstance(name, str) or not name:
            raise ScenarioError(path, "a player name (a non-empty string)", got=name)
        if name in players:
            raise ScenarioError(path, "each player once", got=name, hint="listed twice")
        players.append(name)
    seats = tuple(players)
    active = _player(f.raw("active", default=seats[0]), "active", seats)
    phase = check_phase(f.raw("phase", default="Admin"), join(f.path, "phase"))

    cards: dict[str, CardDef] = {}
    for path, item in f.items("cards", min_items=1):
        card = load_card(Fields(item, path))
        if card.id in cards:
            raise ScenarioError(join(path, "id"), "a card number not defined twice", got=card.id)
        cards[card.id] = card

    placements: list[Placement] = []
    ids: list[str] = []
    for path, item in f.items("board", min_items=1):
        g = Fields(item, path)
        card_id = g.string("card")
        if card_id not in cards:
            raise ScenarioError(join(path, "card"), "a card defined in 'cards'", got=card_id, hint=_known(list(cards)))
        card = cards[card_id]
        inst = g.string("id", default=card_id)
        if inst in ids or inst == "self":
            raise ScenarioError(
                join(path, "id"), "an ID no other card on the board has", got=inst, hint="give each copy its own 'id'"
            )
        owner = _player(g.raw("owner"), join(path, "owner"), seats)
        controller = _player(g.raw("controller", default=owner), join(path, "controller"), seats)
        zone = choose(g.raw("zone", default="Map"), join(path, "zone"), ZONES, "zone")
        face = g.raw("face", default=card.first_face)
        if not isinstance(face, str) or face not in card.faces:
            raise ScenarioError(
                join(path, "face"),
                f"a face {card.name} ({card_id}) has",
                got=face,
                hint="faces: " + ", ".join(card.faces),
            )
        counters: list[tuple[str, int]] = []
        cf = g.obj("counters", default={})
        for name in list(cf._data):
            cpath = join(cf.path, name)
            choose(name, cpath, COUNTERS, "counter")
            n = check_int(cf.raw(name), cpath, minimum=0, maximum=MAX_NUMBER)
            if n and zone != "Map":
                raise ScenarioError(
                    cpath, "counters only on a card on the Map (they come off as a card leaves it)", got=n
                )
            if name == "Liberation" and n and card.faces[face].value("Rank") is None:
                raise ScenarioError(
                    cpath, "no Liberation counters on a card that prints no Rank (it cannot be Liberated)", got=n
                )
            if name == "damage" and n and card.faces[face].type != "Character":
                raise ScenarioError(cpath, "damage counters on Characters only (the engine models CP damage)", got=n)
            if n:
                counters.append((name, n))
        cf.done()
        bound = opt_string(g, "bound_to")
        if bound is not None and card.faces[face].type != "Character":
            raise ScenarioError(join(path, "bound_to"), "nothing on a card that is not a Character", got=bound)
        g.done()
        ids.append(inst)
        placements.append(Placement(inst, card_id, owner, controller, zone, face, tuple(counters), bound))

    by_id = {p.id: p for p in placements}
    for i, p in enumerate(placements):
        if p.bound_to is not None:
            other = by_id.get(p.bound_to)
            if other is None or cards[other.card].faces[other.face].type != "Storyline":
                storylines = [q.id for q in placements if cards[q.card].faces[q.face].type == "Storyline"]
                raise ScenarioError(
                    f"board[{i}].bound_to", "a Storyline on the board", got=p.bound_to, hint=_known(storylines)
                )

    def check_ref(name: str, path: str, *, self_ok: bool) -> None:
        if name == "self" and self_ok:
            return
        if name not in by_id:
            raise ScenarioError(path, "a card on the board", got=name, hint=_known(ids))

    def check_action(a: Action, *, self_ok: bool) -> None:
        p = a.path
        if a.target is not None:
            for j, name in enumerate(a.target.cards):
                check_ref(name, _card_path(a, j), self_ok=self_ok)
            ctrl = a.target.controller
            if ctrl is not None and not (self_ok and ctrl == "you"):
                _player(ctrl, join(p, "controller"), seats)
        if a.source is not None:
            check_ref(a.source, join(p, "source"), self_ok=self_ok)
        if a.player is not None:
            _player(a.player, join(p, "player"), seats)
        if a.active is not None:
            _player(a.active, join(p, "active"), seats)
        for key, given in (("face", a.face is not None), ("bind", bool(a.bind))):
            if given and (a.target is None or len(a.target.cards) != 1 or a.target.cards == ("self",)):
                raise ScenarioError(
                    join(p, key),
                    f"'{key}' only when one card enters, named by 'card'",
                    hint="an entering card's face and the Characters it Binds belong to that one card",
                )
        for j, name in enumerate(a.bind):
            check_ref(name, join(p, f"bind[{j}]"), self_ok=False)
            other = by_id[name]
            if cards[other.card].faces[other.face].type != "Character":
                raise ScenarioError(join(p, f"bind[{j}]"), "a Character", got=name)
        if a.bind:
            assert a.target is not None
            story = by_id[a.target.cards[0]]
            if cards[story.card].faces[story.face].type != "Storyline":
                raise ScenarioError(
                    join(p, "bind"), "nothing unless the entering card is a Storyline", got=list(a.bind)
                )
        if a.ability is not None and a.target is not None:
            card = cards[by_id[a.target.cards[0]].card]
            names = [ab.name for ab in card.every_ability()]
            if a.ability not in names:
                raise ScenarioError(join(p, "ability"), f"an ability of {card.name}", got=a.ability, hint=_known(names))
        if a.do == "flip" and a.target is not None and a.target.cards and a.to is not None:
            for name in a.target.cards:
                if name == "self":
                    continue
                card = cards[by_id[name].card]
                if a.to not in card.faces:
                    raise ScenarioError(
                        join(p, "to"),
                        f"a face {card.name} ({name}) has",
                        got=a.to,
                        hint="faces: " + ", ".join(card.faces),
                    )
        if a.face is not None and a.target is not None:
            card = cards[by_id[a.target.cards[0]].card]
            if a.face not in card.faces:
                raise ScenarioError(
                    join(p, "face"), f"a face {card.name} has", got=a.face, hint="faces: " + ", ".join(card.faces)
                )
        for player, keys in a.trigger_order:
            _player(player, join(p, f"trigger_order.{player}"), seats)
            for j, key in enumerate(keys):
                inst, _, ability = key.partition("/")
                kpath = join(p, f"trigger_order.{player}[{j}]")
                if inst not in by_id or ability not in [ab.name for ab in cards[by_id[inst].card].every_ability()]:
                    raise ScenarioError(
                        kpath, "a trigger as 'card/ability' (a card on the board and its ability)", got=key
                    )

    for card in cards.values():
        for ability in card.every_ability():
            for effect in ability.effects:
                check_action(effect, self_ok=True)

    actions = tuple(load_action(item, path) for path, item in f.items("actions", min_items=1))
    for a in actions:
        check_action(a, self_ok=False)
    return SequenceScenario(seats, active, phase, cards, tuple(placements), actions)


def _card_path(a: Action, j: int) -> str:
    assert a.target is not None
    return join(a.path, "card") if a.target.key == "card" else join(a.path, f"cards[{j}]")


def load_sequence_data(data: dict[str, Any]) -> SequenceScenario:
    """Load a scenario from a dict, ``kind`` optional (for tests and doctests)."""
    scenario: SequenceScenario = KINDS[0].load(data)  # type: ignore[assignment]
    return scenario


def run_scenario(data: dict[str, Any]) -> SequenceResult:
    """Load and run a scenario given as a dict (``kind`` optional)."""
    return load_sequence_data(data).run()


class Whole(Obj):
    """A kind read by one loader function (until its fields are declared one by one)."""

    def __init__(self, loader: Callable[[Fields], Any], *, name: str, fields: tuple[Field, ...] = ()) -> None:
        super().__init__(fields, name=name)
        self.loader = loader

    def read_fields(self, f: Fields, ctx: Any) -> dict[str, Any]:
        return {"scenario": self.loader(f)}

    def finish(self, values: dict[str, Any], path: str) -> Any:
        return values["scenario"]


def _html(result: Any, *, base: str) -> str:
    from .view import html

    return html(result, base=base)


def _text(result: Any) -> str:
    from .view import text

    return text(result)


KINDS: tuple[ScenarioKind, ...] = (
    ScenarioKind(
        "r19.sequence",
        "§19: resolve actions on a board of cards — face changes, destructions, triggers in order, timing answers",
        Whole(load_sequence, name=KIND),
        _html,
        _text,
    ),
)
"""The scenario kinds of §19."""
