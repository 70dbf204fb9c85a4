"""The ``r19.sequence`` scenario: players, cards, a board and actions, each field declared once.

A scenario names the players in seat order (clockwise), the active player and the phase, defines
its cards inline, places them, and lists actions. The result has one step per action: its events
(each with ruling IDs), the trigger batches in firing order and the board after it.

The fields are declared once, here and — for cards and actions, which the card-design linter
reads too — in :mod:`.declarations`; the reader names the field in every error. The checks that
span fields (a card on the board, a Storyline to be Bound to, an ability the card has, a face it
has, a trigger order's keys) are :func:`check_sequence`.

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

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..errors import ScenarioError
from ..fields import choose, join
from ..protocol import ScenarioKind
from ..schema import Choice, Field, Int, ListOf, MapOf, Obj, Ref, Text
from .board import CardState
from .cards import Action, CardDef
from .declarations import ACTION, CARDS, Named, Phase, check_cards
from .engine import KIND, Engine, SequenceResult
from .rules import COUNTERS, MAX_ACTIONS, MAX_BOARD, MAX_NUMBER, ZONES
from .views import html, text


@dataclass(frozen=True)
class Placement:
    """Where one card instance starts."""

    id: str
    """Its ID on the board (the card number, unless several copies need their own)."""

    card: str
    """The card number of its definition."""

    owner: str
    controller: str
    zone: str
    face: str
    counters: tuple[tuple[str, int], ...]
    """The counters on it, each with how many (none at 0)."""

    bound_to: str | None
    """The Storyline a Character is Bound to."""


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
            CardState(
                p.id,
                self.cards[p.card],
                p.owner,
                p.controller,
                p.zone,
                p.face,
                dict(p.counters),
                p.bound_to,
                # damage placed on a Character has taken its CP (R19-4.3), like damage dealt later
                last_cp_cause="damage" if dict(p.counters).get("damage") else None,
            )
            for p in self.placements
        ]
        return Engine(self.players, self.active, self.phase, states)

    def run(self) -> SequenceResult:
        return self.engine().play(self.actions)


# --------------------------------------------------------------------------
# The board

PLACEMENT = Obj(
    [
        Field("card", Ref("cards", "card"), label="Card", help="The card number of one of the scenario's `cards`"),
        Field(
            "id",
            Text(),
            default=None,
            label="ID on the board",
            help="Its own ID, when several copies of one card are on the board (the card number otherwise)",
        ),
        Field("owner", Named("players", "player"), label="Owner", help="The player who owns it"),
        Field(
            "controller",
            Named("players", "player"),
            default=None,
            label="Controller",
            help="The player who controls it (its owner when left out)",
        ),
        Field("zone", Choice(ZONES, "zone"), default="Map", label="Zone", help="Where it is: " + ", ".join(ZONES)),
        Field(
            "face",
            Named("faces", "face"),
            default=None,
            label="Face up",
            help="The face it shows, one the card has (its first face when left out)",
        ),
        Field(
            "counters",
            MapOf(Choice(COUNTERS, "counter"), Int(0, MAX_NUMBER), what="counter → how many"),
            default=None,
            label="Counters",
            help="Counters on it (only on a card on the Map): " + ", ".join(COUNTERS),
        ),
        Field(
            "bound_to",
            Ref("board", "Storyline"),
            default=None,
            label="Bound to",
            help="For a Character: the Storyline on the board it is Bound to",
        ),
    ],
    name="placement",
    label="Card on the board",
)
"""One card placed on the board (or in a hand, a pile) before the first action."""


def _known(names: list[str]) -> str:
    return "known: " + ", ".join(repr(n) for n in names) if names else "none defined"


def _instance(placed: dict[str, Any]) -> str:
    """A placement's ID on the board: its card number unless it has its own."""
    given: str | None = placed["id"]
    return placed["card"] if given is None else given


def _face(placed: dict[str, Any], card: CardDef) -> Any:
    """The face a placement shows: the card's first face unless it names one."""
    return card.first_face if placed["face"] is None else placed["face"]


def _controller(placed: dict[str, Any]) -> Any:
    return placed["owner"] if placed["controller"] is None else placed["controller"]


def _check_placement(
    placed: dict[str, Any], path: str, cards: dict[str, CardDef], seats: list[str], ids: list[str]
) -> None:
    card_id = placed["card"]
    if card_id not in cards:
        raise ScenarioError(join(path, "card"), "a card defined in 'cards'", got=card_id, hint=_known(list(cards)))
    card = cards[card_id]
    inst = _instance(placed)
    if inst == "self":
        raise ScenarioError(
            join(path, "id"), "an ID other than 'self'", got=inst, hint="'self' names an ability's own card"
        )
    if inst in ids:
        raise ScenarioError(
            join(path, "id"), "an ID no other card on the board has", got=inst, hint="give each copy its own 'id'"
        )
    choose(placed["owner"], join(path, "owner"), seats, "player")
    choose(_controller(placed), join(path, "controller"), seats, "player")
    face = _face(placed, card)
    if not isinstance(face, str) or face not in card.faces:
        raise ScenarioError(
            join(path, "face"), f"a face {card.name} ({card_id}) has", got=face, hint="faces: " + ", ".join(card.faces)
        )
    for name, n in (placed["counters"] or {}).items():
        where = join(join(path, "counters"), name)
        if n and placed["zone"] != "Map":
            raise ScenarioError(
                where, "counters only on a card on the Map (they come off as a card leaves it)", got=n
            )
        if name == "Liberation" and n and card.faces[face].value("Rank") is None:
            raise ScenarioError(
                where, "no Liberation counters on a card that prints no Rank (it cannot be Liberated)", got=n
            )
        if name == "damage" and n and card.faces[face].type != "Character":
            raise ScenarioError(where, "damage counters on Characters only (the engine models CP damage)", got=n)
    bound = placed["bound_to"]
    if bound is not None and card.faces[face].type != "Character":
        raise ScenarioError(join(path, "bound_to"), "nothing on a card that is not a Character", got=bound)


def _placement(placed: dict[str, Any], cards: dict[str, CardDef]) -> Placement:
    card = cards[placed["card"]]
    counters = tuple((name, n) for name, n in (placed["counters"] or {}).items() if n)
    return Placement(
        _instance(placed),
        placed["card"],
        placed["owner"],
        _controller(placed),
        placed["zone"],
        _face(placed, card),
        counters,
        placed["bound_to"],
    )


# --------------------------------------------------------------------------
# The checks that span fields


@dataclass(frozen=True)
class _Scene:
    """Where the cross-field checks look names up: the seats, the cards, the board."""

    seats: list[str]
    cards: dict[str, CardDef]
    board: dict[str, Placement]
    """The placements by ID on the board, in board order."""

    def face_type(self, inst: str) -> str:
        placed = self.board[inst]
        return self.cards[placed.card].faces[placed.face].type

    def card_of(self, inst: str) -> CardDef:
        return self.cards[self.board[inst].card]

    def check_card(self, name: str, where: str, *, self_ok: bool) -> None:
        if name == "self" and self_ok:
            return
        if name not in self.board:
            raise ScenarioError(where, "a card on the board", got=name, hint=_known(list(self.board)))

    def check_player(self, name: object, where: str) -> None:
        choose(name, where, self.seats, "player")

    @cached_property
    def triggers(self) -> frozenset[str]:
        """The key of every trigger the cards on the board can create, ``card/ability`` as the engine writes it
        (a card's ID or an ability's name may itself hold a ``/``)."""
        return frozenset(f"{inst}/{ab.name}" for inst in self.board for ab in self.card_of(inst).every_ability())


def _check_refs(scene: _Scene, a: Action, *, self_ok: bool) -> None:
    """What an action (or, with ``self_ok``, an ability's effect) names exists: cards, players, faces, abilities."""
    p = a.path
    if a.target is not None:
        for j, name in enumerate(a.target.cards):
            where = join(p, "card") if a.target.key == "card" else join(p, f"{a.target.key}[{j}]")
            scene.check_card(name, where, self_ok=self_ok)
        ctrl = a.target.controller
        if ctrl is not None and not (self_ok and ctrl == "you"):
            scene.check_player(ctrl, join(p, "controller"))
    if a.source is not None:
        scene.check_card(a.source, join(p, "source"), self_ok=self_ok)
    if a.player is not None:
        scene.check_player(a.player, join(p, "player"))
    if a.active is not None:
        scene.check_player(a.active, join(p, "active"))
    for key, given in (("face", a.face is not None), ("bind", bool(a.bind))):
        # ("self" cannot be that card: only a scenario action enters cards, and check_card refused "self" there)
        if given and (a.target is None or len(a.target.cards) != 1):
            raise ScenarioError(
                join(p, key),
                f"'{key}' only when one card enters, named by 'card'",
                hint="an entering card's face and the Characters it Binds belong to that one card",
            )
    for j, name in enumerate(a.bind):
        scene.check_card(name, join(p, f"bind[{j}]"), self_ok=False)
        if scene.face_type(name) != "Character":
            raise ScenarioError(join(p, f"bind[{j}]"), "a Character", got=name)
    if a.bind:
        assert a.target is not None
        if scene.face_type(a.target.cards[0]) != "Storyline":
            raise ScenarioError(join(p, "bind"), "nothing unless the entering card is a Storyline", got=list(a.bind))
    if a.ability is not None and a.target is not None:
        card = scene.card_of(a.target.cards[0])
        names = [ab.name for ab in card.every_ability()]
        if a.ability not in names:
            raise ScenarioError(join(p, "ability"), f"an ability of {card.name}", got=a.ability, hint=_known(names))
    if a.do == "flip" and a.target is not None and a.target.cards and a.to is not None:
        for name in a.target.cards:
            if name == "self":
                continue
            card = scene.card_of(name)
            if a.to not in card.faces:
                raise ScenarioError(
                    join(p, "to"), f"a face {card.name} ({name}) has", got=a.to, hint="faces: " + ", ".join(card.faces)
                )
    if a.face is not None and a.target is not None:
        card = scene.card_of(a.target.cards[0])
        if a.face not in card.faces:
            raise ScenarioError(
                join(p, "face"), f"a face {card.name} has", got=a.face, hint="faces: " + ", ".join(card.faces)
            )
    for player, keys in a.trigger_order:
        scene.check_player(player, join(p, f"trigger_order.{player}"))
        for j, key in enumerate(keys):
            if key not in scene.triggers:
                raise ScenarioError(
                    join(p, f"trigger_order.{player}[{j}]"),
                    "a trigger as 'card/ability' (a card on the board and its ability)",
                    got=key,
                )


def check_sequence(values: dict[str, Any], path: str) -> None:
    """The checks across fields, in the order a reader of the scenario meets them."""
    seats: list[str] = []
    for i, name in enumerate(values["players"]):
        if name in seats:
            raise ScenarioError(join(path, f"players[{i}]"), "each player once", got=name, hint="listed twice")
        seats.append(name)
    active = values["active"]
    choose(seats[0] if active is None else active, join(path, "active"), seats, "player")
    check_cards(values["cards"], join(path, "cards"))
    cards: dict[str, CardDef] = {c.id: c for c in values["cards"]}

    ids: list[str] = []
    for i, placed in enumerate(values["board"]):
        _check_placement(placed, join(path, f"board[{i}]"), cards, seats, ids)
        ids.append(_instance(placed))
    scene = _Scene(seats, cards, {p.id: p for p in (_placement(placed, cards) for placed in values["board"])})
    for i, p in enumerate(scene.board.values()):
        if p.bound_to is not None and (p.bound_to not in scene.board or scene.face_type(p.bound_to) != "Storyline"):
            storylines = [q for q in scene.board if scene.face_type(q) == "Storyline"]
            raise ScenarioError(
                join(path, f"board[{i}].bound_to"), "a Storyline on the board", got=p.bound_to, hint=_known(storylines)
            )

    for card in cards.values():
        for ability in card.every_ability():
            for effect in ability.effects:
                _check_refs(scene, effect, self_ok=True)
    for a in values["actions"]:
        _check_refs(scene, a, self_ok=False)


def _build_sequence(values: dict[str, Any], path: str) -> SequenceScenario:
    seats = tuple(values["players"])
    active = seats[0] if values["active"] is None else values["active"]
    cards = {c.id: c for c in values["cards"]}
    placements = tuple(_placement(placed, cards) for placed in values["board"])
    return SequenceScenario(seats, active, values["phase"], cards, placements, values["actions"])


SEQUENCE = Obj(
    [
        Field(
            "players",
            ListOf(Text(nonempty="a player name (a non-empty string)", what="player name"), min_items=1),
            label="Players",
            help="The players in seat order, clockwise, each once",
        ),
        Field(
            "active",
            Named("players", "player"),
            default=None,
            label="Active player",
            help="Whose turn it is (the first player when left out)",
        ),
        Field("phase", Phase(), default="Admin", label="Phase", help="The phase of the turn"),
        Field("cards", CARDS, label="Cards", help="The cards of the scenario, each defined once by its card number"),
        Field(
            "board",
            ListOf(PLACEMENT, min_items=1, max_items=MAX_BOARD, noun="cards on the board", what="list of cards on the board"),
            label="Board",
            help="Where each card starts: on the Map, in a hand or a pile",
        ),
        Field(
            "actions",
            ListOf(ACTION, min_items=1, max_items=MAX_ACTIONS, noun="actions", what="list of actions"),
            label="Actions",
            help="What happens, in order; each resolves before the next",
        ),
    ],
    name=KIND,
    label="§19 scenario",
    check=check_sequence,
    build=_build_sequence,
)
"""The fields of an ``r19.sequence`` scenario."""

SEQUENCE_KIND = ScenarioKind(
    KIND,
    "§19: resolve actions on a board of cards — face changes, destructions, triggers in order, timing answers",
    SEQUENCE,
    html,
    text,
)
"""The ``r19.sequence`` scenario kind."""

KINDS: tuple[ScenarioKind, ...] = (SEQUENCE_KIND,)
"""The scenario kinds of §19."""


def load_sequence_data(data: dict[str, Any]) -> SequenceScenario:
    """Load a scenario from a dict, ``kind`` optional (for tests and doctests)."""
    scenario: SequenceScenario = SEQUENCE_KIND.load(data)  # type: ignore[assignment]
    return scenario


def run_scenario(data: dict[str, Any]) -> SequenceResult:
    """Load and run a scenario given as a dict (``kind`` optional)."""
    return load_sequence_data(data).run()


__all__ = [
    "KINDS",
    "PLACEMENT",
    "SEQUENCE",
    "SEQUENCE_KIND",
    "Placement",
    "SequenceScenario",
    "check_sequence",
    "load_sequence_data",
    "run_scenario",
]
