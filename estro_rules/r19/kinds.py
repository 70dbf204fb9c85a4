"""The ``r19.sequence`` scenario: players, cards, a board and actions, each field declared once.

A scenario names the players in seat order (clockwise), the active player and the phase, defines
its cards inline, places them, and lists actions. The result has one step per action: its events
(each with ruling IDs), the trigger batches in firing order and the board after it.

The fields are declared once, on the classes here and — for cards and actions, which the card-design
linter reads too — on those of :mod:`.cards` and :mod:`.acting`; the reader names the field in every
error. The rules that span fields (a card on the board, a Storyline to be Bound to, an ability the card
has, a face it has, a trigger order's keys) are :data:`SEQUENCE_RULES`.

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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..declare import Check, Declared, declared, record
from ..errors import ScenarioError
from ..fields import choose, join
from ..i18n import N_, Message
from ..ordered import Rule, RuleList
from ..protocol import Kind, ScenarioKind
from ..schema import Choice, Int, ListOf, MapOf, Ref, Text
from .acting import Action, OneCard, Targeted
from .actions import ACTION
from .board import CardState
from .cards import CARDS, CardDef, check_cards
from .declarations import Named, Phase
from .engine import KIND, Engine, SequenceResult
from .moves import Activate, CanActivate, Enter, Flip, SetPhase, Twist
from .rulebook import cite
from .rules import COUNTERS, MAX_ACTIONS, MAX_BOARD, MAX_NUMBER, ZONES
from .views import html, text

# --------------------------------------------------------------------------
# The board


@record("placement", label=N_("Card on the board"))
@dataclass(frozen=True)
class Placement(Declared):
    """Where one card instance starts. A field left out is filled in once the scenario is read: its ID is its
    card number, its controller its owner, its face its card's first face; a counter at 0 is no counter."""

    card: str = declared(
        Ref("cards", N_("card")), label=N_("Card"), help=N_("The card number of one of the scenario's `cards`")
    )
    """The card number of its definition."""

    id: str | None = declared(
        Text(),
        default=None,
        label=N_("ID on the board"),
        help=N_("Its own ID, when several copies of one card are on the board (the card number otherwise)"),
        kw_only=True,
    )
    """Its ID on the board."""

    owner: str = declared(Named("players", N_("player")), label=N_("Owner"), help=N_("The player who owns it"))
    controller: str | None = declared(
        Named("players", N_("player")),
        default=None,
        label=N_("Controller"),
        help=N_("The player who controls it (its owner when left out)"),
        kw_only=True,
    )
    zone: str = declared(
        Choice(ZONES, N_("zone")),
        default="Map",
        label=N_("Zone"),
        help=Message("Where it is: {zones}", zones=", ".join(ZONES)),
        kw_only=True,
    )
    face: str | None = declared(
        Named("faces", N_("face")),
        default=None,
        label=N_("Face up"),
        help=N_("The face it shows, one the card has (its first face when left out)"),
        kw_only=True,
    )
    counters: Mapping[str, int] | None = declared(
        MapOf(Choice(COUNTERS, N_("counter")), Int(0, MAX_NUMBER), what=N_("counter → how many")),
        default=None,
        label=N_("Counters"),
        help=Message("Counters on it (only on a card on the Map): {counters}", counters=", ".join(COUNTERS)),
        kw_only=True,
    )
    """The counters on it, each with how many (none at 0)."""

    bound_to: str | None = declared(
        Ref("board", "Storyline"),
        default=None,
        label=N_("Bound to"),
        help=N_("For a Character: the Storyline on the board it is Bound to"),
        kw_only=True,
    )
    """The Storyline a Character is Bound to."""

    @property
    def instance(self) -> str:
        """Its ID on the board: its card number unless it has its own."""
        return self.card if self.id is None else self.id

    def filled(self, card: CardDef) -> Placement:
        """The placement with every field filled in (see the class)."""
        return replace(
            self,
            id=self.instance,
            controller=self.owner if self.controller is None else self.controller,
            face=card.first_face if self.face is None else self.face,
            counters={name: n for name, n in (self.counters or {}).items() if n},
        )


def _known(names: list[str]) -> str:
    return "known: " + ", ".join(repr(n) for n in names) if names else "none defined"


def _check_placement(placed: Placement, path: str, cards: dict[str, CardDef], seats: list[str], ids: list[str]) -> None:
    card_id = placed.card
    if card_id not in cards:
        raise ScenarioError(join(path, "card"), "a card defined in 'cards'", got=card_id, hint=_known(list(cards)))
    card = cards[card_id]
    inst = placed.instance
    if inst == "self":
        raise ScenarioError(
            join(path, "id"), "an ID other than 'self'", got=inst, hint="'self' names an ability's own card"
        )
    if inst in ids:
        raise ScenarioError(
            join(path, "id"), "an ID no other card on the board has", got=inst, hint="give each copy its own 'id'"
        )
    choose(placed.owner, join(path, "owner"), seats, "player")
    choose(placed.owner if placed.controller is None else placed.controller, join(path, "controller"), seats, "player")
    face: object = card.first_face if placed.face is None else placed.face
    if not isinstance(face, str) or face not in card.faces:
        raise ScenarioError(
            join(path, "face"), f"a face {card.name} ({card_id}) has", got=face, hint="faces: " + ", ".join(card.faces)
        )
    for name, n in (placed.counters or {}).items():
        where = join(join(path, "counters"), name)
        if n and placed.zone != "Map":
            raise ScenarioError(where, "counters only on a card on the Map (they come off as a card leaves it)", got=n)
        if name == "Liberation" and n and card.faces[face].value("Rank") is None:
            raise ScenarioError(
                where, "no Liberation counters on a card that prints no Rank (it cannot be Liberated)", got=n
            )
        if name == "damage" and n and card.faces[face].type != "Character":
            raise ScenarioError(where, "damage counters on Characters only (the engine models CP damage)", got=n)
    if placed.bound_to is not None and card.faces[face].type != "Character":
        raise ScenarioError(join(path, "bound_to"), "nothing on a card that is not a Character", got=placed.bound_to)


# --------------------------------------------------------------------------
# The rules across fields


@dataclass(frozen=True)
class _Scene:
    """Where the rules across fields look names up: the seats, the cards, the board."""

    seats: list[str]
    cards: dict[str, CardDef]
    board: dict[str, Placement]
    """The placements (filled in) by ID on the board, in board order."""

    def face_type(self, inst: str) -> str:
        placed = self.board[inst]
        return self.cards[placed.card].faces[placed.face or ""].type

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
    target = a.target
    if isinstance(a, (Targeted, OneCard)) and target is not None:
        for j, name in enumerate(target.cards):
            where = join(p, "card") if target.key == "card" else join(p, f"{target.key}[{j}]")
            scene.check_card(name, where, self_ok=self_ok)
        ctrl = target.controller
        if ctrl is not None and not (self_ok and ctrl == "you"):
            scene.check_player(ctrl, join(p, "controller"))
    if isinstance(a, (Flip, Twist)) and a.source is not None:
        scene.check_card(a.source, join(p, "source"), self_ok=self_ok)
    if isinstance(a, (Activate, CanActivate)) and a.player is not None:
        scene.check_player(a.player, join(p, "player"))
    if isinstance(a, SetPhase) and a.active is not None:
        scene.check_player(a.active, join(p, "active"))
    if isinstance(a, Enter):
        for key, given in (("face", a.face is not None), ("bind", bool(a.bind))):
            # ("self" cannot be that card: only a scenario action enters cards, and check_card refused "self" there)
            if given and len(a.target.cards) != 1:
                raise ScenarioError(
                    join(p, key),
                    f"'{key}' only when one card enters, named by 'card'",
                    hint="an entering card's face and the Characters it Binds belong to that one card",
                )
        for j, name in enumerate(a.bind):
            scene.check_card(name, join(p, f"bind[{j}]"), self_ok=False)
            if scene.face_type(name) != "Character":
                raise ScenarioError(join(p, f"bind[{j}]"), "a Character", got=name)
        if a.bind and scene.face_type(a.target.cards[0]) != "Storyline":
            raise ScenarioError(join(p, "bind"), "nothing unless the entering card is a Storyline", got=list(a.bind))
    if isinstance(a, (Activate, CanActivate)):
        card = scene.card_of(a.card)
        names = [ab.name for ab in card.every_ability()]
        if a.ability not in names:
            raise ScenarioError(join(p, "ability"), f"an ability of {card.name}", got=a.ability, hint=_known(names))
    if isinstance(a, Flip) and a.target.cards:
        for name in a.target.cards:
            if name == "self":
                continue
            card = scene.card_of(name)
            if a.to not in card.faces:
                raise ScenarioError(
                    join(p, "to"), f"a face {card.name} ({name}) has", got=a.to, hint="faces: " + ", ".join(card.faces)
                )
    if isinstance(a, Enter) and a.face is not None:
        card = scene.card_of(a.target.cards[0])
        if a.face not in card.faces:
            raise ScenarioError(
                join(p, "face"), f"a face {card.name} has", got=a.face, hint="faces: " + ", ".join(card.faces)
            )
    for player, keys in (a.trigger_order or {}).items():
        scene.check_player(player, join(p, f"trigger_order.{player}"))
        for j, key in enumerate(keys):
            if key not in scene.triggers:
                raise ScenarioError(
                    join(p, f"trigger_order.{player}[{j}]"),
                    "a trigger as 'card/ability' (a card on the board and its ability)",
                    got=key,
                )


def _each_player_once(values: dict[str, Any], path: str) -> None:
    seats: list[str] = []
    for i, name in enumerate(values["players"]):
        if name in seats:
            raise ScenarioError(join(path, f"players[{i}]"), "each player once", got=name, hint="listed twice")
        seats.append(name)


def _an_active_player_who_sits(values: dict[str, Any], path: str) -> None:
    seats = list(values["players"])
    values["active"] = choose(
        seats[0] if values["active"] is None else values["active"], join(path, "active"), seats, "player"
    )


def _card_numbers_once(values: dict[str, Any], path: str) -> None:
    check_cards(values["cards"], join(path, "cards"))


def _the_board_is_of_these_cards(values: dict[str, Any], path: str) -> None:
    cards = {c.id: c for c in values["cards"]}
    seats = list(values["players"])
    ids: list[str] = []
    for i, placed in enumerate(values["board"]):
        _check_placement(placed, join(path, f"board[{i}]"), cards, seats, ids)
        ids.append(placed.instance)
    values["board"] = tuple(placed.filled(cards[placed.card]) for placed in values["board"])


def _scene(values: dict[str, Any]) -> _Scene:
    cards = {c.id: c for c in values["cards"]}
    return _Scene(list(values["players"]), cards, {p.instance: p for p in values["board"]})


def _bound_to_a_storyline(values: dict[str, Any], path: str) -> None:
    scene = _scene(values)
    for i, p in enumerate(scene.board.values()):
        if p.bound_to is not None and (p.bound_to not in scene.board or scene.face_type(p.bound_to) != "Storyline"):
            storylines = [q for q in scene.board if scene.face_type(q) == "Storyline"]
            raise ScenarioError(
                join(path, f"board[{i}].bound_to"), "a Storyline on the board", got=p.bound_to, hint=_known(storylines)
            )


def _named_things_exist(values: dict[str, Any], path: str) -> None:
    scene = _scene(values)
    for card in scene.cards.values():
        for ability in card.every_ability():
            for effect in ability.effects:
                _check_refs(scene, effect, self_ok=True)
    for a in values["actions"]:
        _check_refs(scene, a, self_ok=False)


SEQUENCE_RULES: RuleList[Check] = RuleList(
    [
        Rule("each_player_once", _each_player_once, N_("Each player sits once."), ()),
        Rule(
            "an_active_player_who_sits",
            _an_active_player_who_sits,
            N_("The active player is one of the players (the first when left out)."),
            (cite("R19-1.3"),),
        ),
        Rule("card_numbers_once", _card_numbers_once, N_("Each card number is defined once."), ()),
        Rule(
            "the_board_is_of_these_cards",
            _the_board_is_of_these_cards,
            N_(
                "Each card on the board is one of the scenario's cards, owned and controlled by its players, showing one "
                "of its faces, with counters only on the Map."
            ),
            (cite("I-R19-1"),),
        ),
        Rule(
            "bound_to_a_storyline",
            _bound_to_a_storyline,
            N_("A Character is Bound to a Storyline on the board."),
            (cite("R19-2.5"),),
        ),
        Rule(
            "what_is_named_exists",
            _named_things_exist,
            N_("Every card, player, face, ability and trigger an action or an effect names is in the scenario."),
            (),
        ),
    ]
)
"""The rules across a §19 scenario's fields, in the order a reader of the scenario meets them."""


@record(KIND, label=N_("§19 scenario"), rules=SEQUENCE_RULES)
@dataclass(frozen=True)
class SequenceScenario(Declared):
    """A checked ``r19.sequence`` scenario."""

    players: tuple[str, ...] = declared(
        ListOf(Text(nonempty="a player name (a non-empty string)", what=N_("player name"), label=N_("Player")), min_items=1),
        label=N_("Players"),
        help=N_("The players in seat order, clockwise, each once"),
    )
    active: str | None = declared(
        Named("players", N_("player")),
        default=None,
        label=N_("Active player"),
        help=N_("Whose turn it is (the first player when left out)"),
        kw_only=True,
    )
    phase: str = declared(Phase(), default="Admin", label=N_("Phase"), help=N_("The phase of the turn"), kw_only=True)
    cards: tuple[CardDef, ...] = declared(
        CARDS, label=N_("Cards"), help=N_("The cards of the scenario, each defined once by its card number")
    )
    board: tuple[Placement, ...] = declared(
        ListOf(
            Placement.SCHEMA,
            min_items=1,
            max_items=MAX_BOARD,
            noun="cards on the board",
            what=N_("list of cards on the board"),
        ),
        label=N_("Board"),
        help=N_("Where each card starts: on the Map, in a hand or a pile"),
    )
    actions: tuple[Action, ...] = declared(
        ListOf(ACTION, min_items=1, max_items=MAX_ACTIONS, noun="actions", what=N_("list of actions")),
        label=N_("Actions"),
        help=N_("What happens, in order; each resolves before the next"),
    )

    @property
    def placements(self) -> tuple[Placement, ...]:
        """Where each card starts, every field filled in."""
        return self.board

    def engine(self) -> Engine:
        cards = {c.id: c for c in self.cards}
        states = [
            CardState(
                p.instance,
                cards[p.card],
                p.owner,
                p.owner if p.controller is None else p.controller,
                p.zone,
                cards[p.card].first_face if p.face is None else p.face,
                dict(p.counters or {}),
                p.bound_to,
                # damage placed on a Character has taken its CP (R19-4.3), like damage dealt later
                last_cp_cause="damage" if (p.counters or {}).get("damage") else None,
            )
            for p in self.board
        ]
        return Engine(self.players, self.active or self.players[0], self.phase, states)

    def run(self) -> SequenceResult:
        return self.engine().play(self.actions)


def _one_per_action(scenario: SequenceScenario, result: SequenceResult) -> int:
    """The sandbox's panels: the start, then one per action."""
    return len(scenario.actions) + 1


SEQUENCE_KIND: ScenarioKind[SequenceScenario, SequenceResult] = ScenarioKind(
    KIND,
    "§19: resolve actions on a board of cards — face changes, destructions, triggers in order, timing answers",
    SequenceScenario,
    SequenceScenario.run,
    html,
    text,
    panels=_one_per_action,
    languages=("en", "it"),
)
"""The ``r19.sequence`` scenario kind."""

SEQUENCE = SequenceScenario.SCHEMA
"""The fields of an ``r19.sequence`` scenario."""

KINDS: tuple[Kind, ...] = (SEQUENCE_KIND,)
"""The scenario kinds of §19."""


def load_sequence_data(data: dict[str, Any]) -> SequenceScenario:
    """Load a scenario from a dict, ``kind`` optional (for tests and doctests)."""
    return SEQUENCE_KIND.read(data)


def run_scenario(data: dict[str, Any]) -> SequenceResult:
    """Load and run a scenario given as a dict (``kind`` optional)."""
    return load_sequence_data(data).run()


__all__ = [
    "KINDS",
    "SEQUENCE",
    "SEQUENCE_KIND",
    "SEQUENCE_RULES",
    "Placement",
    "SequenceScenario",
    "load_sequence_data",
    "run_scenario",
]
