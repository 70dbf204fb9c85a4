"""The §19 actions that change a card's face or place, the turn, and the questions a scenario asks.

Each is a class of :mod:`.acting`: its fields, its words, and what it does to the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..declare import declared
from ..errors import ScenarioError
from ..fields import join
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
    "flip cards to a face",
    (cite("R19-2"), cite("R19-2.3")),
    rules=(Rule("a_cause_leads_to_some_faces", _cause_leads_there, "Each cause of a flip leads only to some faces.", (cite("R19-2"),)),),
)
@dataclass(frozen=True, kw_only=True)
class Flip(Targeted):
    to: str = declared(Choice(STATES, "face state", expected="a value"), label="To the face", help="The face it flips to")
    cause: str = declared(
        Choice(FLIP_CAUSE_NAMES, "cause"),
        default="other effect",
        label="Cause",
        help="What flips it: each cause leads only to some faces (§19.2)",
    )
    source: str | None = source_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        to, cause = self.to, self.cause
        by = source_card(board, self.source, source)
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, f"Flip to {to}"):
                continue
            if to not in card.card.faces:
                board.emit("no_effect", f"{card.label()} has no {to} face; nothing happens.", (cite("I-R19-1"),), card)
                continue
            if card.face == to:
                board.emit("no_effect", f"{card.label()} is already {to}.", (cite("R19-2"),), card)
                continue
            if to == "Fallen" and card.current.type == "Character":
                if by is not None and by.current.type == "Storyline":
                    # a Storyline's text, wherever the Storyline is now: its own leave-play ability resolves
                    # after it has gone, with the text it had (route 1 of §7.7; I-R19-11)
                    why = f"the text of the Storyline {by.label()} (route 1 of §7.7)"
                    ids = (cite("R19-2.3"),) if by.zone == "Map" else (cite("R19-2.3"), cite("I-R19-11"))
                    if by.zone != "Map":
                        why = f"the text of the Storyline {by.label()}, from the {by.zone} (route 1 of §7.7)"
                    flips.append(Turning(card, "Fallen", why, ids))
                else:
                    board.emit(
                        "no_effect",
                        f"Flip {card.label()} to Fallen ({cause}) does nothing: a Character becomes Fallen only by "
                        "the four routes of §7.7 (a Storyline's text, Morality Penalties to 0 CP, its Bound Storyline "
                        "leaving play, its own Twist).",
                        (cite("R19-2.3"),),
                        card,
                    )
                continue
            section = next(c.section for c in FLIP_CAUSES if c.name == cause)
            flips.append(Turning(card, to, cause + (f", {section}" if section else ""), ()))
        if flips:
            board.at_once(flips)

    def describe(self) -> str:
        return f"flip {self.target.describe()} to {self.to} ({self.cause})"


@action("liberate", "a successful Liberation", (cite("R19-2.4"), cite("R19-7.5")))
@dataclass(frozen=True, kw_only=True)
class Liberate(Targeted):
    cp_loss: int | None = declared(
        Int(1, MAX_NUMBER),
        default=None,
        label="CP it takes from a Character",
        help="The CP a successful Liberation takes from a Character (needed when one is Liberated)",
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Liberation"):
                continue
            if card.value("Rank") is None:
                why, ids = why_none(card, "Rank")
                board.emit("no_effect", f"{card.label()} cannot be Liberated: {why}.", (*ids, cite("R19-7.5")), card)
                continue
            if card.current.type == "Character":
                if self.cp_loss is None:
                    raise ScenarioError(
                        self.path + ".cp_loss",
                        "the CP a successful Liberation takes from a Character (§12.2 is not published)",
                        hint=f"{card.id} is a Character",
                    )
                lose_cp(board, card, self.cp_loss, "Liberation", (cite("R19-2.4"),))
                continue
            if card.state == "Prime" and "Contested" in card.card.faces:
                flips.append(Turning(card, "Contested", "successful Liberation, §12.2", ()))
                continue
            board.emit(
                "no_effect",
                f"A successful Liberation of {card.label()} ({card.state or 'unlabelled'} face) has no effect that §19 "
                "states (§12.2).",
                (cite("I-R19-1"),),
                card,
            )
        if flips:
            board.at_once(flips)


@action("redeem", "Redeem clause: flip back to Prime", (cite("R19-2.7"),))
@dataclass(frozen=True, kw_only=True)
class Redeem(Targeted):
    def handle(self, board: Board, source: CardState | None) -> None:
        flips: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Redeem"):
                continue
            if "Prime" not in card.card.faces or card.face == "Prime":
                board.emit(
                    "no_effect",
                    f"{card.label()} has no Prime face to flip back to, or is Prime already.",
                    (cite("R19-2.7"),),
                    card,
                )
                continue
            flips.append(Turning(card, "Prime", "Redeem clause flip-back, §7.8", ()))
        if flips:
            board.at_once(flips)


@action("twist", "a Character's own Twist: flip to Fallen", (cite("R19-2.3"),))
@dataclass(frozen=True, kw_only=True)
class Twist(Targeted):
    source: str | None = source_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        by = source_card(board, self.source, source)
        falls: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Twist") or only_characters(board, card, "Twist"):
                continue
            if by is not None and by is not card:
                board.emit(
                    "no_effect",
                    f"A Twist of {by.label()} cannot make {card.label()} Fall: only a Character's own Twist is a "
                    "route.",
                    (cite("R19-2.3"),),
                    card,
                )
                continue
            if "Fallen" not in card.card.faces or card.face == "Fallen":
                board.emit(
                    "no_effect", f"{card.label()} has no Fallen face, or is Fallen already.", (cite("R19-2.3"),), card
                )
                continue
            falls.append(Turning(card, "Fallen", TWIST_CAUSE, (cite("R19-2.3"),)))
        if falls:
            board.at_once(falls)


@action("storyline_leaves", "a Storyline leaves play", (cite("R19-2.3"),))
@dataclass(frozen=True, kw_only=True)
class StorylineLeaves(Targeted):
    to: str = declared(
        Choice(LEAVE_ZONES, "zone"), default="Depleted Pile", label="To the zone", help="Where the Storyline goes"
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        leaving: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Leave play"):
                continue
            if card.current.type != "Storyline":
                board.emit("no_effect", f"{card.label()} is not a Storyline.", (cite("I-R19-1"),), card)
                continue
            text = f"The Storyline {card.label()} leaves play ({self.to})."
            leaving.append(Leaving(card, self.to, False, text, (cite("R19-2.3"),)))
        if leaving:
            board.at_once(leaving)

    def describe(self) -> str:
        return f"Storyline {self.target.describe()} leaves play to {self.to}"


@action("destroy", "destroy cards", (cite("R19-8.1"),))
@dataclass(frozen=True, kw_only=True)
class Destroy(Targeted):
    def handle(self, board: Board, source: CardState | None) -> None:
        destroyed: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Destroy"):
                continue
            where = "Burned" if card.is_a("Drone") else "placed in its owner's Depleted Pile"
            destroyed.append(board.destruction(card, f"{card.label()} is destroyed and {where}.", (cite("I-R19-1"),)))
        if destroyed:
            board.at_once(destroyed)


@action("enter", "a card enters the Map (a Storyline Binds)", (cite("I-R19-1"), cite("R19-3.3")))
@dataclass(frozen=True, kw_only=True)
class Enter(Targeted):
    in_effects = False

    face: str | None = declared(
        Choice(FACE_KEYS, "face"),
        default=None,
        label="On the face",
        help="The face it enters on (the face it has when left out)",
    )
    bind: tuple[str, ...] = declared(
        ListOf(CardName("board", "Character"), what="list of Characters"),
        default=(),
        label="Characters it Binds",
        help="The Characters an entering Storyline Binds",
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            if card.zone == "Map":
                board.emit("no_effect", f"{card.label()} is already on the Map.", (cite("I-R19-1"),), card)
                continue
            card.zone = "Map"
            if self.face:
                card.face = self.face
            board.emit("entered", f"{card.label()} enters the Map on its {card.face} face.", (cite("I-R19-1"),), card)
            for other_id in sorted(self.bind):
                other = board.cards[other_id]
                other.bound_to = card.id
                board.emit(
                    "bind",
                    f"{card.label()} Binds {other.label()} as it enters the Map (§8.10); Binding is not an activated "
                    "ability.",
                    (cite("R19-3.3"),),
                    other,
                )

    def describe(self) -> str:
        return f"{self.target.describe()} enters the Map"


@action("set_phase", "move to a phase (and a new active player)", ())
@dataclass(frozen=True, kw_only=True)
class SetPhase(Action):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    phase: str = declared(Phase(), label="Phase", help="The phase the turn moves to")
    active: str | None = declared(
        Ref("players", "player"),
        default=None,
        label="Active player",
        help="Whose turn it becomes (the same player's when left out)",
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        if self.active:
            board.active = self.active
        board.phase = self.phase
        board.emit("phase", f"{board.active}'s turn, {board.phase} Phase.", (cite("R19-3.1"),), player=board.active)

    def describe(self) -> str:
        return f"{self.active or 'same player'}: {self.phase} Phase"


@action("activate", "activate an ability, if its timing allows", (cite("R19-3"),))
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
            board.sequence(lambda: board.resolve_effects(ability.effects, card), f"{ability.name} of {card.label()}")
            board.fire_triggers()

    def describe(self) -> str:
        return f"activate {self.ability} of {self.card}"


@action("can_activate", "ask: can this ability be used now?", (cite("R19-3"),))
@dataclass(frozen=True, kw_only=True)
class CanActivate(OneCard):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    ability: str = ability_field()
    player: str | None = player_field()
    phase: str | None = declared(
        Phase(), default=None, label="In the phase", help="Ask about this phase (the current one when left out)"
    )
    during_sequence: bool = declared(
        Bool(),
        default=False,
        label="While a sequence resolves",
        help="Ask as if a resolution sequence were under way (§19.1)",
    )

    def handle(self, board: Board, source: CardState | None) -> None:
        board.emit_answer(can_activate(board, self), self.the_card(board))

    def describe(self) -> str:
        return f"can {self.card} activate {self.ability} now?"


@action("capabilities", "ask: what can this card do with the values it has?", (cite("R19-7"),))
@dataclass(frozen=True, kw_only=True)
class Capabilities(OneCard):
    in_effects = False
    outside_sequence: ClassVar[bool] = True

    def handle(self, board: Board, source: CardState | None) -> None:
        card = self.the_card(board)
        for question in CAPABILITY_QUESTIONS.fns:
            answer = question(card)
            if answer is not None:
                board.emit_answer(answer, card, asked=f"Can {card.label()} {answer.question}?")

    def describe(self) -> str:
        return f"what can {self.card} do?"


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
