"""What happens, in order, when a card's visible face changes (§19.2) and when a card leaves the Map.

:data:`TRANSITION_STEPS` run after every face change and :data:`LEAVE_STEPS` whenever a card leaves
the Map; the engine's :meth:`~estro_rules.r19.engine.Engine.change_face` and
:meth:`~estro_rules.r19.engine.Engine.leave` run them, and the page's tables read them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..ordered import Rule, RuleList
from .board import Board, CardState
from .rulebook import cite
from .rules import BECOMES, REVERSAL, TWIST_CAUSE

TransitionStep = Callable[[Board, CardState, str, str, tuple[str, ...]], None]
"""A step of a face change: ``(board, card, old face, cause, rulings of the change)``."""

LeaveStep = Callable[[Board, CardState, str, bool, str, tuple[str, ...]], None]
"""A step of leaving the Map: ``(board, card, zone, destroyed, log text, rulings)``."""

# --------------------------------------------------------------------------
# Transition steps


def _turn_face(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    new = card.state
    ids = list(rulings)
    if new in BECOMES:
        ids.append(cite(BECOMES[new]))
    if new == "Fallen" and card.current.type != "Character":
        ids.append(cite("R19-2.6"))
    ids.append(cite("R19-4.1"))
    becomes = f"becomes {new}" if new else f"turns to its {card.face} face"
    board.emit(
        "face_change",
        f"{card.label()} {becomes} ({cause}). A flip is not a destruction: the card stays in play.",
        ids,
        card,
        **{"from": old, "to": card.face, "cause": cause},
    )
    keyed = [a.name for a in card.card.abilities_of(old) if a.type == "triggered" and a.on == "destroyed"]
    if keyed:
        board.emit(
            "not_destruction",
            f"{', '.join(keyed)} (keyed to destruction) does not fire: {card.label()} flipped, it was not destroyed.",
            (cite("R19-4.1"),),
            card,
        )


def _liberation_counters_off(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    removed = card.counters.pop("Liberation", 0)
    if removed:
        board.emit(
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
        board.emit(
            "counters_kept",
            f"Other counters stay on the card ({listed}, §18.38).",
            (cite("R19-8.5"),),
            card,
            counters=kept,
        )


def _cp_loss_cleared(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.cp_lost:
        board.emit(
            "cp_loss_cleared",
            f"The CP lost on the {old} face does not carry to the {card.face} face, which has its own printed CP.",
            (cite("I-R19-1"),),
            card,
        )
        card.cp_lost = 0
    if card.last_cp_cause is not None:
        # the CP loss stayed on the old face; only damage still on the card counts against CP on the new one
        card.last_cp_cause = "damage" if card.counters.get("damage") else None


def _no_story_point(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state != "Fallen" or card.current.type != "Character":
        return
    if cause == TWIST_CAUSE:
        board.emit(
            "story_point",
            "A Character's own Twist is a Fall its player causes to their own Character: the one kind of Fall "
            "that scores (§8.12).",
            (cite("R19-4.2"), cite("I-R19-8")),
            card,
        )
        return
    board.emit(
        "no_story_point",
        "This Fall scores nothing by itself: Story Points are scored from the board at the end of each Act, "
        "and an opponent's Fall never earns one (§15.1).",
        (cite("R19-4.2"),),
        card,
    )


def _transition_triggers(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state in BECOMES:
        board.create_triggers(f"becomes {card.state}", card, f"{card.label()} became {card.state}", (cite("R19-2.8"),))


def _bound_storyline_flips(board: Board, card: CardState, old: str, cause: str, rulings: tuple[str, ...]) -> None:
    if card.state != "Fallen" or card.current.type != "Character" or card.bound_to is None:
        return
    story = board.cards[card.bound_to]
    if story.zone != "Map":
        board.emit(
            "no_effect",
            f"{card.label()} is Bound to {story.label()}, which is not in play: there is nothing to flip.",
            (cite("R19-2.5"),),
            card,
        )
        return
    if story.face == REVERSAL:
        board.emit(
            "no_effect",
            f"{story.label()} is on its Reversal face already: a Fall turns a Storyline to Reversal, never back, "
            "so nothing changes (§8.11).",
            (cite("R19-2.5"), cite("I-R19-7")),
            story,
        )
        return
    if REVERSAL not in story.card.faces:
        board.emit(
            "no_effect",
            f"{story.label()} has no Reversal face to flip to; nothing changes (§8.11).",
            (cite("R19-2.5"), cite("I-R19-7"), cite("I-R19-1")),
            story,
        )
        return
    board.change_face(
        story, REVERSAL, f"its Bound Character {card.label()} became Fallen (§8.11)", (cite("R19-2.5"), cite("I-R19-7"))
    )


TRANSITION_STEPS: RuleList[TransitionStep] = RuleList(
    [
        Rule(
            "turn_face",
            _turn_face,
            "The card becomes Contested, Fallen or Prime; it stays in play (not a destruction).",
            (cite("R19-2.1"), cite("R19-2.2"), cite("R19-2.7"), cite("R19-4.1")),
        ),
        Rule(
            "liberation_counters_off",
            _liberation_counters_off,
            "Liberation counters come off; other counters stay.",
            (cite("R19-8.5"),),
        ),
        Rule(
            "cp_loss_cleared",
            _cp_loss_cleared,
            "CP lost on the old face does not carry to the new face.",
            (cite("I-R19-1"),),
        ),
        Rule(
            "no_story_point",
            _no_story_point,
            "A Character's Fall earns an opponent no Story Point; its own Twist is the one Fall that scores.",
            (cite("R19-4.2"), cite("I-R19-8")),
        ),
        Rule(
            "transition_triggers",
            _transition_triggers,
            "Triggers keyed to the transition are created; they wait for the sequence to end.",
            (cite("R19-2.8"), cite("R19-1.1")),
        ),
        Rule(
            "bound_storyline_flips",
            _bound_storyline_flips,
            "A Character becoming Fallen turns the Storyline it is Bound to to its Reversal face.",
            (cite("R19-2.5"), cite("I-R19-7")),
        ),
    ]
)
"""What happens when a card's visible face changes, in order."""

# --------------------------------------------------------------------------
# Leave steps


def _to_zone(board: Board, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]) -> None:
    card.zone = zone
    kind = "destroyed" if destroyed else "left_play"
    board.emit(kind, text, rulings, card, zone=zone)


def _counters_and_effects_off(
    board: Board, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if any(card.counters.values()) or card.modifiers or card.cp_lost:
        board.emit(
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
    board: Board, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if destroyed:
        board.create_triggers("destroyed", card, f"{card.label()} was destroyed", rulings)


def _bound_characters_fall(
    board: Board, card: CardState, zone: str, destroyed: bool, text: str, rulings: tuple[str, ...]
) -> None:
    if card.current.type != "Storyline":
        return
    for other in list(board.cards.values()):
        if other.bound_to != card.id:
            continue
        other.bound_to = None
        if other.zone != "Map" or other.current.type != "Character":
            continue
        if other.state == "Fallen":
            continue
        if "Fallen" not in other.card.faces:
            board.emit("no_effect", f"{other.label()} has no Fallen face.", (cite("R19-2.3"),), other)
            continue
        board.change_face(
            other,
            "Fallen",
            f"the Storyline it was Bound to, {card.label()}, left play (route 3 of §7.7)",
            (cite("R19-2.3"),),
        )


LEAVE_STEPS: RuleList[LeaveStep] = RuleList(
    [
        Rule(
            "to_zone",
            _to_zone,
            "The card goes to its zone: Depleted Pile, or Burned for a Drone.",
            (cite("R19-8.1"),),
        ),
        Rule(
            "counters_and_effects_off",
            _counters_and_effects_off,
            "Counters and lasting effects on it end.",
            (cite("I-R19-1"),),
        ),
        Rule(
            "destruction_triggers",
            _destruction_triggers,
            "If it was destroyed (not merely placed), destruction triggers are created.",
            (cite("R19-4.3"), cite("R19-8.1")),
        ),
        Rule(
            "bound_characters_fall",
            _bound_characters_fall,
            "A Storyline leaving play makes the Characters Bound to it Fall.",
            (cite("R19-2.3"),),
        ),
    ]
)
"""What happens when a card leaves the Map, in order."""

__all__ = ["LEAVE_STEPS", "TRANSITION_STEPS", "LeaveStep", "TransitionStep"]
