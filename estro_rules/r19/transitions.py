"""What happens, in order, when cards leave the Map and when their visible face changes (§19.2).

Changes come in moments (:class:`~estro_rules.r19.board.Moment`): everything one effect, or one pass
of the state-based checks, does at the same time (I-R19-11). The engine's
:meth:`~estro_rules.r19.engine.Engine.at_once` runs :data:`LEAVE_STEPS` on the cards that leave the
Map, then :data:`TRANSITION_STEPS` on the cards whose face changes; each step is taken for every card of
the moment, in ID order, before the next step. What a moment sets off afterwards (a Bound Storyline
flipping, Bound Characters falling) is a moment of its own, once this one is over. The page's tables
read these lists.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..i18n import N_, Message, Plural
from ..ordered import Rule, RuleList
from .board import Board, CardState, Moment, Turning, and_list, by_id, counters_listed
from .rulebook import cite
from .rules import BECOMES, LEAVE_EVENTS, REVERSAL, TWIST_CAUSE

TransitionStep = Callable[[Board, Moment], None]
"""A step of a face change, taken for every card of the moment whose face changes (``moment.turning``)."""

LeaveStep = Callable[[Board, Moment], None]
"""A step of leaving the Map, taken for every card of the moment that leaves it (``moment.leaving``)."""

# --------------------------------------------------------------------------
# Transition steps


def _turn_face(board: Board, moment: Moment) -> None:
    for turning in moment.turning:
        card, cause = turning.card, turning.cause
        old = turning.old = card.face
        card.face = turning.to
        board.flipped.add(card.id)
        new = card.state
        ids = list(turning.rulings)
        if new in BECOMES:
            ids.append(BECOMES[new])
        if new == "Fallen" and card.current.type != "Character":
            ids.append(cite("R19-2.6"))
        ids.append(cite("R19-4.1"))
        said = (
            Message(
                "{card} becomes {state} ({cause}). A flip is not a destruction: the card stays in play.",
                card=card.label(),
                state=new,
                cause=cause,
            )
            if new
            else Message(
                "{card} turns to its {face} face ({cause}). A flip is not a destruction: the card stays in play.",
                card=card.label(),
                face=card.face,
                cause=cause,
            )
        )
        board.emit(
            "face_change",
            said,
            ids,
            card,
            **{"from": old, "to": card.face, "cause": cause},
        )
        keyed = [a.name for a in card.card.abilities_of(old) if a.type == "triggered" and a.on == "destroyed"]
        if keyed:
            board.emit(
                "not_destruction",
                Message(
                    "{abilities} (keyed to destruction) does not fire: {card} flipped, it was not destroyed.",
                    abilities=", ".join(keyed),
                    card=card.label(),
                ),
                (cite("R19-4.1"),),
                card,
            )


def _liberation_counters_off(board: Board, moment: Moment) -> None:
    for turning in moment.turning:
        card = turning.card
        removed = card.counters.pop("Liberation", 0)
        if removed:
            board.emit(
                "counters_removed",
                Plural(
                    "{n} Liberation counter comes off in the flip (§13).",
                    "{n} Liberation counters come off in the flip (§13).",
                    removed,
                ),
                (cite("R19-8.5"),),
                card,
                counter="Liberation",
                n=removed,
            )
        kept = {c: n for c, n in card.counters.items() if n}
        if kept:
            board.emit(
                "counters_kept",
                Message(
                    "Other counters stay on the card ({counters}, §18.38).", counters=counters_listed(kept.items())
                ),
                (cite("R19-8.5"),),
                card,
                counters=kept,
            )


def _cp_loss_cleared(board: Board, moment: Moment) -> None:
    for turning in moment.turning:
        card = turning.card
        if card.cp_lost:
            board.emit(
                "cp_loss_cleared",
                Message(
                    "The CP lost on the {old} face does not carry to the {new} face, which has its own printed CP.",
                    old=turning.old,
                    new=card.face,
                ),
                (cite("I-R19-1"),),
                card,
            )
            card.cp_lost = 0
        if card.last_cp_cause is not None:
            # the CP loss stayed on the old face; only damage still on the card counts against CP on the new one
            card.last_cp_cause = "damage" if card.counters.get("damage") else None


def _no_story_point(board: Board, moment: Moment) -> None:
    for turning in moment.turning:
        card = turning.card
        if card.state != "Fallen" or card.current.type != "Character":
            continue
        if turning.cause == TWIST_CAUSE:
            board.emit(
                "story_point",
                N_(
                    "A Character's own Twist is a Fall its player causes to their own Character: the one kind of Fall "
                    "that scores (§8.12)."
                ),
                (cite("R19-4.2"), cite("I-R19-8")),
                card,
            )
            continue
        board.emit(
            "no_story_point",
            N_(
                "This Fall scores nothing by itself: Story Points are scored from the board at the end of each Act, "
                "and an opponent's Fall never earns one (§15.1)."
            ),
            (cite("R19-4.2"),),
            card,
        )


def _transition_triggers(board: Board, moment: Moment) -> None:
    # every change of the moment has been made: the watchers are the cards on the Map after it
    for turning in moment.turning:
        card = turning.card
        if card.state in BECOMES:
            board.create_triggers(
                f"becomes {card.state}",
                card,
                Message("{card} became {state}", card=card.label(), state=card.state),
                (cite("R19-2.8"),),
            )


def _bound_storyline_flips(board: Board, moment: Moment) -> None:
    fallen: dict[str, list[CardState]] = {}
    for turning in moment.turning:
        card = turning.card
        if card.state != "Fallen" or card.current.type != "Character" or card.bound_to is None:
            continue
        story = board.cards[card.bound_to]
        if story.zone != "Map":
            board.emit(
                "no_effect",
                Message(
                    "{card} is Bound to {story}, which is not in play: there is nothing to flip.",
                    card=card.label(),
                    story=story.label(),
                ),
                (cite("R19-2.5"),),
                card,
            )
            continue
        fallen.setdefault(story.id, []).append(card)
    flips = []
    for story_id, characters in sorted(fallen.items()):
        story = board.cards[story_id]
        if story.face == REVERSAL:
            board.emit(
                "no_effect",
                Message(
                    "{story} is on its Reversal face already: a Fall turns a Storyline to Reversal, never back, so "
                    "nothing changes (§8.11).",
                    story=story.label(),
                ),
                (cite("R19-2.5"), cite("I-R19-7")),
                story,
            )
            continue
        if REVERSAL not in story.card.faces:
            board.emit(
                "no_effect",
                Message("{story} has no Reversal face to flip to; nothing changes (§8.11).", story=story.label()),
                (cite("R19-2.5"), cite("I-R19-7"), cite("I-R19-1")),
                story,
            )
            continue
        who = and_list([c.label() for c in characters])
        why = Plural(
            "its Bound Character {who} became Fallen (§8.11)",
            "its Bound Characters {who} became Fallen (§8.11)",
            len(characters),
            who=who,
        )
        flips.append(Turning(story, REVERSAL, why, (cite("R19-2.5"), cite("I-R19-7"))))
    if flips:
        moment.then.append(partial(board.at_once, flips))


TRANSITION_STEPS: RuleList[TransitionStep] = RuleList(
    [
        Rule(
            "turn_face",
            _turn_face,
            N_("The card becomes Contested, Fallen or Prime; it stays in play (not a destruction)."),
            (cite("R19-2.1"), cite("R19-2.2"), cite("R19-2.7"), cite("R19-4.1")),
        ),
        Rule(
            "liberation_counters_off",
            _liberation_counters_off,
            N_("Liberation counters come off; other counters stay."),
            (cite("R19-8.5"),),
        ),
        Rule(
            "cp_loss_cleared",
            _cp_loss_cleared,
            N_("CP lost on the old face does not carry to the new face."),
            (cite("I-R19-1"),),
        ),
        Rule(
            "no_story_point",
            _no_story_point,
            N_("A Character's Fall earns an opponent no Story Point; its own Twist is the one Fall that scores."),
            (cite("R19-4.2"), cite("I-R19-8")),
        ),
        Rule(
            "transition_triggers",
            _transition_triggers,
            N_(
                "Triggers keyed to the transition are created, watched for on the Map as it is once every change of "
                "the moment is made; they wait for the sequence to end."
            ),
            (cite("R19-2.8"), cite("R19-1.1"), cite("I-R19-11")),
        ),
        Rule(
            "bound_storyline_flips",
            _bound_storyline_flips,
            N_(
                "A Character becoming Fallen turns the Storyline it is Bound to to its Reversal face, once the moment "
                "is over."
            ),
            (cite("R19-2.5"), cite("I-R19-7")),
        ),
    ]
)
"""What happens when a card's visible face changes, in order. At a moment when several cards change,
each step is taken for all of them before the next (I-R19-11)."""

# --------------------------------------------------------------------------
# Leave steps


def _to_zone(board: Board, moment: Moment) -> None:
    for leaving in moment.leaving:
        leaving.card.zone = leaving.zone
        kind = "destroyed" if leaving.destroyed else "left_play"
        board.emit(kind, leaving.text, leaving.rulings, leaving.card, zone=leaving.zone)


def _counters_and_effects_off(board: Board, moment: Moment) -> None:
    for leaving in moment.leaving:
        card = leaving.card
        if any(card.counters.values()) or card.modifiers or card.cp_lost:
            board.emit(
                "counters_removed",
                N_("Counters and lasting effects on it end as it leaves the Map."),
                (cite("I-R19-1"),),
                card,
            )
        card.counters = {}
        card.modifiers = []
        card.cp_lost = 0
        card.last_cp_cause = None


def _leave_triggers(board: Board, moment: Moment) -> None:
    # the watchers are the cards on the Map just before the moment, as they were then (I-R19-11)
    for leaving in moment.leaving:
        card = leaving.card
        for on, what in LEAVE_EVENTS:
            if on == "destroyed" and not leaving.destroyed:
                continue
            because = Message("{card} {what}", card=card.label(), what=Message.kept(what))
            board.create_triggers(on, card, because, leaving.rulings, moment.before)


def _bound_characters_fall(board: Board, moment: Moment) -> None:
    falls = []
    for leaving in moment.leaving:
        card = leaving.card
        if card.current.type != "Storyline":
            continue
        for other in by_id(board.cards.values()):
            if other.bound_to != card.id:
                continue
            other.bound_to = None
            if other.zone != "Map" or other.current.type != "Character":
                continue
            if other.state == "Fallen":
                continue
            if "Fallen" not in other.card.faces:
                board.emit(
                    "no_effect", Message("{card} has no Fallen face.", card=other.label()), (cite("R19-2.3"),), other
                )
                continue
            why = Message("the Storyline it was Bound to, {story}, left play (route 3 of §7.7)", story=card.label())
            falls.append(Turning(other, "Fallen", why, (cite("R19-2.3"),)))
    if falls:
        moment.then.append(partial(board.at_once, falls))


LEAVE_STEPS: RuleList[LeaveStep] = RuleList(
    [
        Rule(
            "to_zone",
            _to_zone,
            N_("The card goes to its zone: Depleted Pile, or Burned for a Drone."),
            (cite("R19-8.1"),),
        ),
        Rule(
            "counters_and_effects_off",
            _counters_and_effects_off,
            N_("Counters and lasting effects on it end."),
            (cite("I-R19-1"),),
        ),
        Rule(
            "leave_triggers",
            _leave_triggers,
            N_(
                "Triggers keyed to its leaving play are created, and to its destruction if it was destroyed (not "
                "merely placed): every card on the Map just before the moment watches, the cards leaving with it "
                "included."
            ),
            (cite("R19-4.3"), cite("R19-8.1"), cite("I-R19-11")),
        ),
        Rule(
            "bound_characters_fall",
            _bound_characters_fall,
            N_("A Storyline leaving play makes the Characters Bound to it Fall, once the moment is over."),
            (cite("R19-2.3"),),
        ),
    ]
)
"""What happens when a card leaves the Map, in order. At a moment when several cards leave, each step
is taken for all of them before the next (I-R19-11); these steps come before the face changes of the
same moment (:data:`TRANSITION_STEPS`)."""

__all__ = ["LEAVE_STEPS", "TRANSITION_STEPS", "LeaveStep", "TransitionStep"]
