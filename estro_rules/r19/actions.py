"""What each action does: one handler per action a scenario (or an ability's effect) can take.

The actions and their fields are declared in :mod:`.kinds` (``ACTION``); :data:`HANDLERS` gives each
its behaviour. A handler acts on the board and logs every change with the rulings behind it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import ScenarioError
from .board import Board, CardState, Change, Leaving, Modifier, Turning, why_none
from .cards import Action
from .rulebook import cite
from .rules import COUNTER_PENALTIES, FLIP_CAUSES, TWIST_CAUSE, X
from .timing import CAPABILITY_QUESTIONS, can_activate


def _not_on_map(board: Board, card: CardState, what: str) -> bool:
    if card.zone != "Map":
        board.emit(
            "no_effect", f"{what}: {card.label()} is not on the Map; nothing happens.", (cite("I-R19-1"),), card
        )
        return True
    return False


def _only_characters(board: Board, card: CardState, what: str) -> bool:
    if card.current.type != "Character":
        board.emit(
            "no_effect",
            f"{what} to a {card.current.type_line} follows rules not in §19 (§11.6); the engine models it for "
            "Characters only.",
            (cite("I-R19-1"),),
            card,
        )
        return True
    return False


def _damage(board: Board, action: Action, source: CardState | None) -> None:
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Damage") or _only_characters(board, card, "Damage"):
            continue
        add_damage(board, card, action.amount or 0, "damage", (cite("R19-4.3"),))


def add_damage(board: Board, card: CardState, amount: int, why: str, rulings: tuple[str, ...]) -> None:
    """Put ``amount`` damage on a Character: it counts against its CP on every face."""
    card.counters["damage"] = card.counters.get("damage", 0) + amount
    card.last_cp_cause = "damage"
    board.emit(
        "damage",
        f"{card.label()} takes {amount} {why}: CP {card.value('CP')}.",
        rulings,
        card,
        amount=amount,
    )


def lose_cp(board: Board, card: CardState, amount: int, cause: str, rulings: tuple[str, ...]) -> None:
    """Take ``amount`` CP from a Character's current face (not damage: it stays on that face)."""
    card.cp_lost += amount
    card.last_cp_cause = cause
    board.emit(
        "cp_loss", f"{card.label()} loses {amount} CP to {cause}: CP {card.value('CP')}.", rulings, card, amount=amount
    )


def _cp_loss(board: Board, action: Action, source: CardState | None) -> None:
    for card in board.targets(action, source):
        if _not_on_map(board, card, "CP loss") or _only_characters(board, card, "CP loss"):
            continue
        lose_cp(board, card, action.amount or 0, "CP loss", (cite("R19-2.4"),))


def _morality_penalty(board: Board, action: Action, source: CardState | None) -> None:
    falls: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Morality Penalty") or _only_characters(board, card, "Morality Penalty"):
            continue
        lose_cp(board, card, action.amount or 0, "Morality Penalties", (cite("R19-2.3"),))
        cp = card.value("CP")
        if isinstance(cp, int) and cp <= 0 and card.state == "Prime" and "Fallen" in card.card.faces:
            why = "Morality Penalties took the Prime Character to 0 CP (route 2 of §7.7, §7.4)"
            falls.append(Turning(card, "Fallen", why, (cite("R19-2.3"), cite("R19-4.4"))))
    if falls:
        board.at_once(falls)


def _add_counters(board: Board, action: Action, source: CardState | None) -> None:
    n = action.amount or 0
    for card in board.targets(action, source):
        if _not_on_map(board, card, f"{action.counter} counters"):
            continue
        if action.counter == "damage":
            if not _only_characters(board, card, "Damage"):
                add_damage(board, card, n, "damage", (cite("R19-4.3"),))
            continue
        if action.counter == "Liberation" and card.value("Rank") is None:
            why, ids = why_none(card, "Rank")
            board.emit(
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
            notes.append(cite("I-R19-5"))
            value, per = COUNTER_PENALTIES[counter]
            if card.current.type == "Character":
                text += f"; a Character prints {value} X, so the penalty becomes damage instead"
                board.emit("counters_added", text + ".", (*notes, cite("R19-8.2")), card, counter=counter, n=n)
                why = f"damage instead of -{per * n} {value}"
                add_damage(board, card, per * n, why, (cite("I-R19-5"), cite("R19-8.2")))
                continue
            text += f": {value} {card.value(value)}"
        board.emit("counters_added", text + ".", notes, card, counter=counter, n=n)


def _remove_counters(board: Board, action: Action, source: CardState | None) -> None:
    counter = action.counter or ""
    for card in board.targets(action, source):
        n = min(action.amount or 0, card.counters.get(counter, 0))
        if not n:
            board.emit("no_effect", f"{card.label()} has no {counter} counter to remove.", (cite("I-R19-1"),), card)
            continue
        card.counters[counter] -= n
        if not card.counters[counter]:
            del card.counters[counter]
        board.emit(
            "counters_removed",
            f"{n} {counter} counter{'s' if n != 1 else ''} removed from {card.label()}.",
            (cite("I-R19-1"),),
            card,
            counter=counter,
            n=n,
        )


def _penalty(board: Board, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    n = action.amount or 0
    for card in board.targets(action, source):
        if _not_on_map(board, card, f"-{n} {value}"):
            continue
        base = card.base(value)
        if base == X:
            board.emit(
                "penalty",
                f"-{n} {value} to {card.label()}: a Character prints {value} X, so it takes "
                f"{'damage' if value == 'DEF' else 'CP loss'} instead (§7.5).",
                (cite("R19-8.2"),),
                card,
            )
            if value == "DEF":
                add_damage(board, card, n, f"damage instead of -{n} DEF", (cite("R19-8.2"),))
            else:
                lose_cp(board, card, n, f"CP loss instead of -{n} Rank", (cite("R19-8.2"),))
            continue
        if base is None:
            why, ids = why_none(card, value)
            board.emit("no_effect", f"-{n} {value} to {card.label()}: {why}; there is nothing to reduce.", ids, card)
            continue
        card.modifiers.append(_modifier("penalty", action))
        ids2: list[str] = [cite("R19-8")] if value in ("DEF", "Rank") else [cite("R19-7")]
        board.emit("penalty", f"-{n} {value} to {card.label()}: {value} {card.value(value)}.", ids2, card)


def _modifier(kind: str, action: Action) -> Modifier:
    return Modifier(kind, action.value or "", action.amount or 0, action.effect)


def _bonus(board: Board, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    n = action.amount or 0
    targets = board.targets(action, source)
    if not targets:
        board.emit(
            "no_effect",
            f"+{n} {value}: no card matches ({action.target.describe() if action.target else ''}).",
            (cite("R19-6.1"),),
        )
    for card in targets:
        if _not_on_map(board, card, f"+{n} {value}"):
            continue
        if card.base(value) == X:
            board.emit(
                "bonus_dead",
                f"+{n} {value} to {card.label()} does nothing: a Character prints {value} X, not a number, so there "
                "is no number to add to. Nothing is added to nothing (not an error).",
                (cite("I-R19-6"), cite("R19-8.2")),
                card,
                value=value,
            )
            continue
        if card.base(value) is None:
            why, ids = why_none(card, value)
            board.emit(
                "bonus_dead",
                f"+{n} {value} to {card.label()} does nothing: {why}. Nothing is added to nothing (not an error).",
                (cite("R19-6.1"), *ids),
                card,
                value=value,
            )
        else:
            card.modifiers.append(_modifier("bonus", action))
            board.emit(
                "bonus_live",
                f"+{n} {value} to {card.label()}: {value} {card.value(value)}.",
                (cite("R19-6.1"),),
                card,
                value=value,
            )


def _grant(board: Board, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    for card in board.targets(action, source):
        if _not_on_map(board, card, f"gain {value}"):
            continue
        printed = card.current.value(value)
        card.modifiers.append(_modifier("grant", action))
        if printed is not None:
            text = f"{card.label()} already prints {value} {printed}; it keeps its printed value."
        else:
            text = f"{card.label()} is granted {value} {action.amount}: granting language confers the value."
        board.emit("grant", text, (cite("R19-6.2"),), card, value=value)


def _lose(board: Board, action: Action, source: CardState | None) -> None:
    value = action.value or ""
    for card in board.targets(action, source):
        if _not_on_map(board, card, f"lose {value}"):
            continue
        card.modifiers.append(_modifier("lose", action))
        extra = ""
        if value == "ATK" and card.current.is_unit:
            extra = " It cannot attack or return fire, but it can still intercept."
        board.emit(
            "lose",
            f"{card.label()} loses {value} while the effect lasts and is treated as not printing it.{extra}",
            (cite("R19-7.2"),),
            card,
            value=value,
        )


def _end_effect(board: Board, action: Action, source: CardState | None) -> None:
    hit = False
    for card in board.cards.values():
        before = len(card.modifiers)
        card.modifiers = [m for m in card.modifiers if m.effect != action.effect]
        if len(card.modifiers) != before:
            hit = True
            board.emit(
                "effect_ended", f"The effect {action.effect!r} on {card.label()} ends.", (cite("R19-7.2"),), card
            )
    if not hit:
        board.emit("no_effect", f"No lasting effect named {action.effect!r} is active.", (cite("R19-7.2"),))


def _flip(board: Board, action: Action, source: CardState | None) -> None:
    to = action.to or ""
    cause = action.cause or "other effect"
    by = board.source_of(action, source)
    flips: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, f"Flip to {to}"):
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
                    f"Flip {card.label()} to Fallen ({cause}) does nothing: a Character becomes Fallen only by the "
                    "four routes of §7.7 (a Storyline's text, Morality Penalties to 0 CP, its Bound Storyline leaving "
                    "play, its own Twist).",
                    (cite("R19-2.3"),),
                    card,
                )
            continue
        section = next(c.section for c in FLIP_CAUSES if c.name == cause)
        flips.append(Turning(card, to, cause + (f", {section}" if section else ""), ()))
    if flips:
        board.at_once(flips)


def _redeem(board: Board, action: Action, source: CardState | None) -> None:
    flips: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Redeem"):
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


def _twist(board: Board, action: Action, source: CardState | None) -> None:
    by = board.source_of(action, source)
    falls: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Twist") or _only_characters(board, card, "Twist"):
            continue
        if by is not None and by is not card:
            board.emit(
                "no_effect",
                f"A Twist of {by.label()} cannot make {card.label()} Fall: only a Character's own Twist is a route.",
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


def _storyline_leaves(board: Board, action: Action, source: CardState | None) -> None:
    leaving: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Leave play"):
            continue
        if card.current.type != "Storyline":
            board.emit("no_effect", f"{card.label()} is not a Storyline.", (cite("I-R19-1"),), card)
            continue
        text = f"The Storyline {card.label()} leaves play ({action.to})."
        leaving.append(Leaving(card, action.to or "Depleted Pile", False, text, (cite("R19-2.3"),)))
    if leaving:
        board.at_once(leaving)


def _destroy(board: Board, action: Action, source: CardState | None) -> None:
    destroyed: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Destroy"):
            continue
        where = "Burned" if card.is_a("Drone") else "placed in its owner's Depleted Pile"
        destroyed.append(board.destruction(card, f"{card.label()} is destroyed and {where}.", (cite("I-R19-1"),)))
    if destroyed:
        board.at_once(destroyed)


def _liberate(board: Board, action: Action, source: CardState | None) -> None:
    flips: list[Change] = []
    for card in board.targets(action, source):
        if _not_on_map(board, card, "Liberation"):
            continue
        if card.value("Rank") is None:
            why, ids = why_none(card, "Rank")
            board.emit("no_effect", f"{card.label()} cannot be Liberated: {why}.", (*ids, cite("R19-7.5")), card)
            continue
        if card.current.type == "Character":
            if action.cp_loss is None:
                raise ScenarioError(
                    action.path + ".cp_loss",
                    "the CP a successful Liberation takes from a Character (§12.2 is not published)",
                    hint=f"{card.id} is a Character",
                )
            lose_cp(board, card, action.cp_loss, "Liberation", (cite("R19-2.4"),))
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


def _enter(board: Board, action: Action, source: CardState | None) -> None:
    for card in board.targets(action, source):
        if card.zone == "Map":
            board.emit("no_effect", f"{card.label()} is already on the Map.", (cite("I-R19-1"),), card)
            continue
        card.zone = "Map"
        if action.face:
            card.face = action.face
        board.emit("entered", f"{card.label()} enters the Map on its {card.face} face.", (cite("I-R19-1"),), card)
        for other_id in sorted(action.bind):
            other = board.cards[other_id]
            other.bound_to = card.id
            board.emit(
                "bind",
                f"{card.label()} Binds {other.label()} as it enters the Map (§8.10); Binding is not an activated "
                "ability.",
                (cite("R19-3.3"),),
                other,
            )


def _set_phase(board: Board, action: Action, source: CardState | None) -> None:
    if action.active:
        board.active = action.active
    board.phase = action.phase or board.phase
    board.emit("phase", f"{board.active}'s turn, {board.phase} Phase.", (cite("R19-3.1"),), player=board.active)


def _can_activate(board: Board, action: Action, source: CardState | None) -> None:
    board.emit_answer(can_activate(board, action), board.targets(action, None)[0])


def _capabilities(board: Board, action: Action, source: CardState | None) -> None:
    card = board.targets(action, None)[0]
    for question in CAPABILITY_QUESTIONS.fns:
        answer = question(card)
        if answer is not None:
            board.emit_answer(answer, card, asked=f"Can {card.label()} {answer.question}?")


Handler = Callable[[Board, Action, CardState | None], None]
"""What an action does: ``(board, action, the card whose ability it is, if any)``."""

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
"""The behaviour of each action of :data:`estro_rules.r19.kinds.ACTION` (``activate`` is run by
:meth:`~estro_rules.r19.engine.Engine.run`)."""

__all__ = ["HANDLERS", "Handler", "add_damage", "lose_cp"]
