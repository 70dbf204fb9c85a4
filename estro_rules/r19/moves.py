"""The §19 actions that change a card's face or place, the turn, and the questions a scenario asks.

Each is a class of :mod:`.acting`: its fields, its words, and what it does to the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..declare import declared
from ..errors import ScenarioError
from ..fields import join
from ..i18n import N_, Message
from ..ordered import Rule
from ..schema import Bool, Choice, Int, ListOf, Ref
from .acting import (
    Action,
    OneCard,
    Targeted,
    ability_field,
    action,
    lose_cp,
    not_on_map,
    only_characters,
    player_field,
    source_card,
    source_field,
)
from .board import Board, CardState, Change, Leaving, Turning, why_none
from .declarations import CardName, Phase
from .rulebook import cite
from .rules import FACE_KEYS, FLIP_CAUSE_NAMES, FLIP_CAUSES, LEAVE_ZONES, MAX_NUMBER, STATES, TWIST_CAUSE
from .timing import CAPABILITY_QUESTIONS, can_activate


def _cause_leads_there(values: dict[str, Any], path: str) -> None:
    cause = next(c for c in FLIP_CAUSES if c.name == values["cause"])
    if values["to"] not in cause.to:
        raise ScenarioError(
            join(path, "to"), f"a face that {cause.name!r} can lead to ({', '.join(cause.to)})", got=values["to"]
        )


@action(
    "flip",
    N_("flip cards to a face"),
    (cite("R19-2"), cite("R19-2.3")),
    rules=(
        Rule(
            "a_cause_leads_to_some_faces",
            _cause_leads_there,
            N_("Each cause of a flip leads only to some faces."),
            (cite("R19-2"),),
        ),
    ),
)
@dataclass(frozen=True, kw_only=True)
class Flip(Targeted):
    to: str = declared(
        Choice(STATES, N_("face state"), expected="a value"), label=N_("To the face"), help=N_("The face it flips to")
    )
    cause: str = declared(
        Choice(FLIP_CAUSE_NAMES, N_("cause")),
        default="other effect",
        label=N_("Cause"),
        help=N_("What flips it: each cause leads only to some faces (§19.2)"),
    )
    source: str | None = source_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        to, cause = self.to, self.cause
        by = source_card(board, self.source, source)
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, Message("Flip to {face}", face=to)):
                continue
            if to not in card.card.faces:
                board.emit(
                    "no_effect",
                    Message("{card} has no {face} face; nothing happens.", card=card.label(), face=to),
                    (cite("I-R19-1"),),
                    card,
                )
                continue
            if card.face == to:
                board.emit(
                    "no_effect",
                    Message("{card} is already {face}.", card=card.label(), face=to),
                    (cite("R19-2"),),
                    card,
                )
                continue
            if to == "Fallen" and card.current.type == "Character":
                if by is not None and by.current.type == "Storyline":
                    # a Storyline's text, wherever the Storyline is now: its own leave-play ability resolves
                    # after it has gone, with the text it had (route 1 of §7.7; I-R19-11)
                    why = Message("the text of the Storyline {card} (route 1 of §7.7)", card=by.label())
                    ids = (cite("R19-2.3"),) if by.zone == "Map" else (cite("R19-2.3"), cite("I-R19-11"))
                    if by.zone != "Map":
                        why = Message(
                            "the text of the Storyline {card}, from the {zone} (route 1 of §7.7)",
                            card=by.label(),
                            zone=by.zone,
                        )
                    flips.append(Turning(card, "Fallen", why, ids))
                else:
                    board.emit(
                        "no_effect",
                        Message(
                            "Flip {card} to Fallen ({cause}) does nothing: a Character becomes Fallen only by the four "
                            "routes of §7.7 (a Storyline's text, Morality Penalties to 0 CP, its Bound Storyline "
                            "leaving play, its own Twist).",
                            card=card.label(),
                            cause=Message.kept(cause),
                        ),
                        (cite("R19-2.3"),),
                        card,
                    )
                continue
            section = next(c.section for c in FLIP_CAUSES if c.name == cause)
            said = (
                Message("{cause}, {section}", cause=Message.kept(cause), section=section)
                if section
                else Message.kept(cause)
            )
            flips.append(Turning(card, to, said, ()))
        if flips:
            board.at_once(flips)

    def describe(self) -> str:
        return Message(
            "flip {cards} to {face} ({cause})",
            cards=self.target.describe(),
            face=self.to,
            cause=Message.kept(self.cause),
        )


@action("liberate", N_("a successful Liberation"), (cite("R19-2.4"), cite("R19-7.5")))
@dataclass(frozen=True, kw_only=True)
class Liberate(Targeted):
    cp_loss: int | None = declared(
        Int(1, MAX_NUMBER),
        default=None,
        label=N_("CP it takes from a Character"),
        help=N_("The CP a successful Liberation takes from a Character (needed when one is Liberated)"),
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, Message.kept(N_("Liberation"))):
                continue
            if card.value("Rank") is None:
                why, ids = why_none(card, "Rank")
                board.emit(
                    "no_effect",
                    Message("{card} cannot be Liberated: {why}.", card=card.label(), why=why),
                    (*ids, cite("R19-7.5")),
                    card,
                )
                continue
            if card.current.type == "Character":
                if self.cp_loss is None:
                    raise ScenarioError(
                        self.path + ".cp_loss",
                        "the CP a successful Liberation takes from a Character (§12.2 is not published)",
                        hint=f"{card.id} is a Character",
                    )
                lose_cp(board, card, self.cp_loss, Message.kept(N_("Liberation")), (cite("R19-2.4"),))
                continue
            if card.state == "Prime" and "Contested" in card.card.faces:
                flips.append(Turning(card, "Contested", Message.kept(N_("successful Liberation, §12.2")), ()))
                continue
            board.emit(
                "no_effect",
                Message(
                    "A successful Liberation of {card} ({state} face) has no effect that §19 states (§12.2).",
                    card=card.label(),
                    state=card.state or Message.kept(N_("unlabelled")),
                ),
                (cite("I-R19-1"),),
                card,
            )
        if flips:
            board.at_once(flips)

    def describe(self) -> str:
        cards = self.target.describe()
        return Message("liberate {cards}", cards=cards) if cards else Message.kept(N_("liberate"))


@action("redeem", N_("Redeem clause: flip back to Prime"), (cite("R19-2.7"),))
@dataclass(frozen=True, kw_only=True)
class Redeem(Targeted):
    def handle(self, board: Board, source: CardState | None) -> None:
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, Message.kept(N_("Redeem"))):
                continue
            if "Prime" not in card.card.faces or card.face == "Prime":
                board.emit(
                    "no_effect",
                    Message("{card} has no Prime face to flip back to, or is Prime already.", card=card.label()),
                    (cite("R19-2.7"),),
                    card,
                )
                continue
            flips.append(Turning(card, "Prime", Message.kept(N_("Redeem clause flip-back, §7.8")), ()))
        if flips:
            board.at_once(flips)

    def describe(self) -> str:
        cards = self.target.describe()
        return Message("redeem {cards}", cards=cards) if cards else Message.kept(N_("redeem"))


@action("twist", N_("a Character's own Twist: flip to Fallen"), (cite("R19-2.3"),))
@dataclass(frozen=True, kw_only=True)
class Twist(Targeted):
    source: str | None = source_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        by = source_card(board, self.source, source)
        falls: list[Change] = []
        for card in self.reached(board, source):
            twist = Message.kept(N_("Twist"))
            if not_on_map(board, card, twist) or only_characters(board, card, twist):
                continue
            if by is not None and by is not card:
                board.emit(
                    "no_effect",
                    Message(
                        "A Twist of {by} cannot make {card} Fall: only a Character's own Twist is a route.",
                        by=by.label(),
                        card=card.label(),
                    ),
                    (cite("R19-2.3"),),
                    card,
                )
                continue
            if "Fallen" not in card.card.faces or card.face == "Fallen":
                board.emit(
                    "no_effect",
                    Message("{card} has no Fallen face, or is Fallen already.", card=card.label()),
                    (cite("R19-2.3"),),
                    card,
                )
                continue
            falls.append(Turning(card, "Fallen", Message.kept(TWIST_CAUSE), (cite("R19-2.3"),)))
        if falls:
            board.at_once(falls)

    def describe(self) -> str:
        cards = self.target.describe()
        return Message("twist {cards}", cards=cards) if cards else Message.kept(N_("twist"))


@action("storyline_leaves", N_("a Storyline leaves play"), (cite("R19-2.3"),))
@dataclass(frozen=True, kw_only=True)
class StorylineLeaves(Targeted):
    to: str = declared(
        Choice(LEAVE_ZONES, N_("zone")),
        default="Depleted Pile",
        label=N_("To the zone"),
        help=N_("Where the Storyline goes"),
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        leaving: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, Message.kept(N_("Leave play"))):
                continue
            if card.current.type != "Storyline":
                board.emit(
                    "no_effect", Message("{card} is not a Storyline.", card=card.label()), (cite("I-R19-1"),), card
                )
                continue
            text = Message("The Storyline {card} leaves play ({zone}).", card=card.label(), zone=self.to)
            leaving.append(Leaving(card, self.to, False, text, (cite("R19-2.3"),)))
        if leaving:
            board.at_once(leaving)

    def describe(self) -> str:
        return Message("Storyline {cards} leaves play to {zone}", cards=self.target.describe(), zone=self.to)


@action("destroy", N_("destroy cards"), (cite("R19-8.1"),))
@dataclass(frozen=True, kw_only=True)
class Destroy(Targeted):
    def handle(self, board: Board, source: CardState | None) -> None:
        destroyed: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, Message.kept(N_("Destroy"))):
                continue
            said = (
                Message("{card} is destroyed and Burned.", card=card.label())
                if card.is_a("Drone")
                else Message("{card} is destroyed and placed in its owner's Depleted Pile.", card=card.label())
            )
            destroyed.append(board.destruction(card, said, (cite("I-R19-1"),)))
        if destroyed:
            board.at_once(destroyed)

    def describe(self) -> str:
        cards = self.target.describe()
        return Message("destroy {cards}", cards=cards) if cards else Message.kept(N_("destroy"))


@action("enter", N_("a card enters the Map (a Storyline Binds)"), (cite("I-R19-1"), cite("R19-3.3")))
@dataclass(frozen=True, kw_only=True)
class Enter(Targeted):
    in_effects = False

    face: str | None = declared(
        Choice(FACE_KEYS, N_("face")),
        default=None,
        label=N_("On the face"),
        help=N_("The face it enters on (the face it has when left out)"),
    )
    bind: tuple[str, ...] = declared(
        ListOf(CardName("board", "Character"), what=N_("list of Characters")),
        default=(),
        label=N_("Characters it Binds"),
        help=N_("The Characters an entering Storyline Binds"),
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            if card.zone == "Map":
                board.emit(
                    "no_effect", Message("{card} is already on the Map.", card=card.label()), (cite("I-R19-1"),), card
                )
                continue
            card.zone = "Map"
            if self.face:
                card.face = self.face
            board.emit(
                "entered",
                Message("{card} enters the Map on its {face} face.", card=card.label(), face=card.face),
                (cite("I-R19-1"),),
                card,
            )
            for other_id in sorted(self.bind):
                other = board.cards[other_id]
                other.bound_to = card.id
                board.emit(
                    "bind",
                    Message(
                        "{card} Binds {other} as it enters the Map (§8.10); Binding is not an activated ability.",
                        card=card.label(),
                        other=other.label(),
                    ),
                    (cite("R19-3.3"),),
                    other,
                )

    def describe(self) -> str:
        return Message("{cards} enters the Map", cards=self.target.describe())


@action("set_phase", N_("move to a phase (and a new active player)"), ())
@dataclass(frozen=True, kw_only=True)
class SetPhase(Action):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    phase: str = declared(Phase(), label=N_("Phase"), help=N_("The phase the turn moves to"))
    active: str | None = declared(
        Ref("players", N_("player")),
        default=None,
        label=N_("Active player"),
        help=N_("Whose turn it becomes (the same player's when left out)"),
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        if self.active:
            board.active = self.active
        board.phase = self.phase
        board.emit(
            "phase",
            Message("{player}'s turn, {phase} Phase.", player=board.active, phase=board.phase),
            (cite("R19-3.1"),),
            player=board.active,
        )

    def describe(self) -> str:
        if self.active:
            return Message("{player}: {phase} Phase", player=self.active, phase=self.phase)
        return Message("same player: {phase} Phase", phase=self.phase)


@action("activate", N_("activate an ability, if its timing allows"), (cite("R19-3"),))
@dataclass(frozen=True, kw_only=True)
class Activate(OneCard):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    ability: str = ability_field()
    player: str | None = player_field()

    @property
    def phase(self) -> str | None:
        """It is asked in the current phase."""
        return None

    @property
    def during_sequence(self) -> bool:
        """It is asked between sequences."""
        return False

    def handle(self, board: Board, source: CardState | None) -> None:
        """Ask whether the ability can be used now; if so, its effects resolve as one sequence, then its triggers."""
        answer = can_activate(board, self)
        card = self.the_card(board)
        board.emit_answer(answer, card)
        if answer.answer:
            ability = next(a for a in card.card.abilities_of(card.face) if a.name == self.ability)
            board.sequence(
                lambda: board.resolve_effects(ability.effects, card),
                Message("{ability} of {card}", ability=ability.name, card=card.label()),
            )
            board.fire_triggers()

    def describe(self) -> str:
        return Message("activate {ability} of {card}", ability=self.ability, card=self.card)


@action("can_activate", N_("ask: can this ability be used now?"), (cite("R19-3"),))
@dataclass(frozen=True, kw_only=True)
class CanActivate(OneCard):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    ability: str = ability_field()
    player: str | None = player_field()
    phase: str | None = declared(
        Phase(), default=None, label=N_("In the phase"), help=N_("Ask about this phase (the current one when left out)")
    )
    during_sequence: bool = declared(
        Bool(),
        default=False,
        label=N_("While a sequence resolves"),
        help=N_("Ask as if a resolution sequence were under way (§19.1)"),
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        board.emit_answer(can_activate(board, self), self.the_card(board))

    def describe(self) -> str:
        return Message("can {card} activate {ability} now?", card=self.card, ability=self.ability)


@action("capabilities", N_("ask: what can this card do with the values it has?"), (cite("R19-7"),))
@dataclass(frozen=True, kw_only=True)
class Capabilities(OneCard):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    def handle(self, board: Board, source: CardState | None) -> None:
        card = self.the_card(board)
        for question in CAPABILITY_QUESTIONS.fns:
            answer = question(card)
            if answer is not None:
                board.emit_answer(
                    answer, card, asked=Message("Can {card} {question}?", card=card.label(), question=answer.question)
                )

    def describe(self) -> str:
        return Message("what can {card} do?", card=self.card)


MOVE_ACTIONS: tuple[type[Action], ...] = (
    Flip,
    Liberate,
    Redeem,
    Twist,
    StorylineLeaves,
    Destroy,
    Enter,
    SetPhase,
    Activate,
    CanActivate,
    Capabilities,
)
"""The actions on a card's face or place, the turn and the questions, in the order the page lists them."""
