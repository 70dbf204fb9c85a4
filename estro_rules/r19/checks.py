"""The state-based checks (§19.8, R19-2.4): made after every change until none applies.

:data:`STATE_CHECKS` is tried in order on every card on the Map; each card gets the first check that
applies to it. Every card a check applies to changes at the same moment (I-R19-11): the engine makes
one pass, then checks again, until no check applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import N_, Message
from ..ordered import Rule, RuleList
from .board import Board, CardState, Change, Leaving, Turning
from .rulebook import cite
from .rules import BREAKABLE_TYPES


@dataclass(frozen=True)
class StateCheck:
    """One state-based check: when it applies to a card, and (called) what it does to it."""

    applies: Callable[[CardState], bool]
    """Whether the check applies to a card on the Map."""

    resolve: Callable[[Board, CardState], Change]
    """What it does to a card it applies to: the change, made together with the pass's others."""

    def __call__(self, board: Board, card: CardState) -> Change:
        return self.resolve(board, card)


def _numeric_at_most_zero(card: CardState) -> str | None:
    for name in ("DEF", "Rank"):
        v = card.value(name)
        if isinstance(v, int) and v <= 0:
            return f"{name} {v}"
    return None


def _character_cp_applies(card: CardState) -> bool:
    cp = card.value("CP")
    return card.current.type == "Character" and isinstance(cp, int) and cp <= 0


def _character_cp_resolve(board: Board, card: CardState) -> Change:
    cause = card.last_cp_cause or Message.kept(N_("its printed CP"))
    rulings = [cite("R19-2.4")]
    if cause == "damage":
        rulings.append(cite("R19-4.3"))
    said = Message(
        "{card} is at {cp} CP by {cause}: it is destroyed (§7.3).",
        card=card.label(),
        cp=card.value("CP"),
        cause=Message.kept(N_("damage")) if cause == "damage" else cause,
    )
    return board.destruction(card, said, rulings)


def _unit_applies(card: CardState) -> bool:
    return card.current.type == "Ground Unit" and _numeric_at_most_zero(card) is not None


def _unit_resolve(board: Board, card: CardState) -> Change:
    what = _numeric_at_most_zero(card)
    said = (
        Message(
            "{card} is a unit at {what}: destroyed and Burned (state-based check, §10.6).", card=card.label(), what=what
        )
        if card.is_a("Drone")
        else Message(
            "{card} is a unit at {what}: destroyed and placed in its owner's Depleted Pile (state-based check, §10.6).",
            card=card.label(),
            what=what,
        )
    )
    return board.destruction(
        card,
        said,
        (cite("R19-8"), cite("R19-8.1")),
    )


def _breakable_applies(card: CardState) -> bool:
    return card.current.type in BREAKABLE_TYPES and _numeric_at_most_zero(card) is not None


def _breakable_resolve(board: Board, card: CardState) -> Change:
    what = _numeric_at_most_zero(card)
    kind = card.current.type
    rulings: list[str] = [cite("R19-8"), cite("R19-8.3")]
    if kind == "Homeworld":
        rulings += [cite("R19-8.4"), cite("I-R19-3")]
    if card.id in board.flipped:
        rulings.append(cite("R19-8.5"))
    as_damage = Message(
        "{card} is at {what}: it breaks the way damage equal to its DEF would break it (§11.6)",
        card=card.label(),
        what=what,
    )
    if kind == "Non-Capital Spacecraft":
        return board.destruction(
            card,
            Message("{breaks}; a Non-Capital Spacecraft has no Contested face, so it is destroyed.", breaks=as_damage),
            rulings,
        )
    if card.state == "Prime" and "Contested" in card.card.faces:
        board.emit("break", Message("{breaks}: the Prime face flips to Contested.", breaks=as_damage), rulings, card)
        return Turning(card, "Contested", Message("broken at {what}", what=what), tuple(rulings))
    placed = cite("I-R19-9") if card.state == "Contested" else cite("I-R19-10")
    return Leaving(
        card,
        "Depleted Pile",
        False,
        Message(
            "{breaks}: the {state} face is placed in its owner's Depleted Pile; that is not a destruction.",
            breaks=as_damage,
            state=card.state or Message.kept(N_("unlabelled")),
        ),
        (*rulings, placed),
    )


STATE_CHECKS: RuleList[StateCheck] = RuleList(
    [
        Rule(
            "character_at_0_cp",
            StateCheck(_character_cp_applies, _character_cp_resolve),
            N_("A Character on the Map at 0 CP or less is destroyed, whatever took the CP."),
            (cite("R19-2.4"), cite("R19-4.3")),
        ),
        Rule(
            "unit_at_0_def_or_rank",
            StateCheck(_unit_applies, _unit_resolve),
            N_("A Ground Unit at DEF or Rank 0 or less is destroyed: Depleted Pile, or Burned for a Drone."),
            (cite("R19-8.1"),),
        ),
        Rule(
            "location_or_spacecraft_at_0_def_or_rank",
            StateCheck(_breakable_applies, _breakable_resolve),
            N_(
                "A Location, Homeworld or Spacecraft at DEF or Rank 0 or less breaks: Prime (not a Non-Capital "
                "Spacecraft) flips to Contested; a Non-Capital Spacecraft is destroyed; a Contested face is placed "
                "in the Depleted Pile, and so is any other face. The new face is checked again."
            ),
            (
                cite("R19-8.3"),
                cite("R19-8.4"),
                cite("I-R19-3"),
                cite("R19-8.5"),
                cite("I-R19-9"),
                cite("I-R19-10"),
            ),
        ),
    ]
)
"""The state-based checks, in the order they are tried on each card. After any change the engine gives
every card on the Map the first check that applies to it, makes all those changes at one moment
(I-R19-11), and checks again, until none applies."""

__all__ = ["STATE_CHECKS", "StateCheck"]
