"""The §19 actions on a card's numbers: damage, CP loss, counters, penalties, bonuses, grants, lost values.

Each is a class of :mod:`.acting`: its fields, its words, and what it does to the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..declare import declared
from ..schema import Text
from .acting import (
    Action,
    Targeted,
    action,
    add_damage,
    amount,
    count_field,
    counter_field,
    effect_name,
    lose_cp,
    not_on_map,
    only_characters,
    value_field,
)
from .board import Board, CardState, Change, Modifier, Turning, why_none
from .rulebook import cite
from .rules import COUNTER_PENALTIES, X


@action("damage", "damage to a Character (CP)", (cite("R19-4.3"),))
@dataclass(frozen=True, kw_only=True)
class Damage(Targeted):
    amount: int = amount("Damage", "How much damage")

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            if not_on_map(board, card, "Damage") or only_characters(board, card, "Damage"):
                continue
            add_damage(board, card, self.amount, "damage", (cite("R19-4.3"),))

    def describe(self) -> str:
        return f"damage {self.amount} to {self.target.describe()}"


@action("cp_loss", "CP loss to a Character by some other route", (cite("R19-2.4"),))
@dataclass(frozen=True, kw_only=True)
class CpLoss(Targeted):
    amount: int = amount("CP lost", "How much CP")

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            if not_on_map(board, card, "CP loss") or only_characters(board, card, "CP loss"):
                continue
            lose_cp(board, card, self.amount, "CP loss", (cite("R19-2.4"),))

    def describe(self) -> str:
        return f"CP loss {self.amount} to {self.target.describe()}"


@action(
    "morality_penalty",
    "Morality Penalty: CP loss that can make a Character Fall",
    (cite("R19-2.3"), cite("R19-4.4")),
)
@dataclass(frozen=True, kw_only=True)
class MoralityPenalty(Targeted):
    amount: int = amount("Morality Penalty (CP)", "How much CP the Morality Penalties take")

    def handle(self, board: Board, source: CardState | None) -> None:
        falls: list[Change] = []
        for card in self.reached(board, source):
            if not_on_map(board, card, "Morality Penalty") or only_characters(board, card, "Morality Penalty"):
                continue
            lose_cp(board, card, self.amount, "Morality Penalties", (cite("R19-2.3"),))
            cp = card.value("CP")
            if isinstance(cp, int) and cp <= 0 and card.state == "Prime" and "Fallen" in card.card.faces:
                why = "Morality Penalties took the Prime Character to 0 CP (route 2 of §7.7, §7.4)"
                falls.append(Turning(card, "Fallen", why, (cite("R19-2.3"), cite("R19-4.4"))))
        if falls:
            board.at_once(falls)

    def describe(self) -> str:
        return f"morality penalty {self.amount} to {self.target.describe()}"


@action(
    "add_counters",
    "put counters (Liberation, Sabotage, damage) on cards",
    (cite("I-R19-1"), cite("I-R19-5"), cite("R19-8.2")),
)
@dataclass(frozen=True, kw_only=True)
class AddCounters(Targeted):
    counter: str = counter_field()
    n: int = count_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        n = self.n
        for card in self.reached(board, source):
            if not_on_map(board, card, f"{self.counter} counters"):
                continue
            if self.counter == "damage":
                if not only_characters(board, card, "Damage"):
                    add_damage(board, card, n, "damage", (cite("R19-4.3"),))
                continue
            if self.counter == "Liberation" and card.value("Rank") is None:
                why, ids = why_none(card, "Rank")
                board.emit(
                    "no_effect",
                    f"{card.label()} cannot be Liberated: {why}. No Liberation counter is placed.",
                    (*ids, cite("R19-7.5")),
                    card,
                )
                continue
            counter = self.counter
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

    def describe(self) -> str:
        return f"add {self.n} {self.counter} counter{'s' if self.n != 1 else ''} on {self.target.describe()}"


@action("remove_counters", "take counters off cards", (cite("I-R19-1"),))
@dataclass(frozen=True, kw_only=True)
class RemoveCounters(Targeted):
    counter: str = counter_field()
    n: int = count_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        counter = self.counter
        for card in self.reached(board, source):
            n = min(self.n, card.counters.get(counter, 0))
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

    def describe(self) -> str:
        return f"remove {self.n} {self.counter} counter{'s' if self.n != 1 else ''} on {self.target.describe()}"


@action("penalty", "reduce a value (-N)", (cite("R19-7"), cite("R19-8"), cite("R19-8.2")))
@dataclass(frozen=True, kw_only=True)
class Penalty(Targeted):
    value: str = value_field()
    amount: int = amount("By how much", "How much it takes off")
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value, n = self.value, self.amount
        for card in self.reached(board, source):
            if not_on_map(board, card, f"-{n} {value}"):
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
            card.modifiers.append(Modifier("penalty", value, n, self.effect))
            ids2: list[str] = [cite("R19-8")] if value in ("DEF", "Rank") else [cite("R19-7")]
            board.emit("penalty", f"-{n} {value} to {card.label()}: {value} {card.value(value)}.", ids2, card)

    def describe(self) -> str:
        return f"-{self.amount} {self.value} to {self.target.describe()}"


@action("bonus", "bonus language: +N to a value", (cite("R19-6.1"), cite("I-R19-6")))
@dataclass(frozen=True, kw_only=True)
class Bonus(Targeted):
    value: str = value_field()
    amount: int = amount("Bonus (+N)", "How much it adds")
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value, n = self.value, self.amount
        targets = self.reached(board, source)
        if not targets:
            board.emit("no_effect", f"+{n} {value}: no card matches ({self.target.describe()}).", (cite("R19-6.1"),))
        for card in targets:
            if not_on_map(board, card, f"+{n} {value}"):
                continue
            if card.base(value) == X:
                board.emit(
                    "bonus_dead",
                    f"+{n} {value} to {card.label()} does nothing: a Character prints {value} X, not a number, so "
                    "there is no number to add to. Nothing is added to nothing (not an error).",
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
                card.modifiers.append(Modifier("bonus", value, n, self.effect))
                board.emit(
                    "bonus_live",
                    f"+{n} {value} to {card.label()}: {value} {card.value(value)}.",
                    (cite("R19-6.1"),),
                    card,
                    value=value,
                )

    def describe(self) -> str:
        return f"+{self.amount} {self.value} to {self.target.describe()}"


@action("grant", "granting language: the card has the value", (cite("R19-6.2"),))
@dataclass(frozen=True, kw_only=True)
class Grant(Targeted):
    value: str = value_field()
    amount: int = amount("Granted value", "The value the card has (0 is a value)", minimum=0)
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value = self.value
        for card in self.reached(board, source):
            if not_on_map(board, card, f"gain {value}"):
                continue
            printed = card.current.value(value)
            card.modifiers.append(Modifier("grant", value, self.amount, self.effect))
            if printed is not None:
                text = f"{card.label()} already prints {value} {printed}; it keeps its printed value."
            else:
                text = f"{card.label()} is granted {value} {self.amount}: granting language confers the value."
            board.emit("grant", text, (cite("R19-6.2"),), card, value=value)

    def describe(self) -> str:
        return f"{self.target.describe()} gain {self.value} {self.amount}"


@action("lose", "the card loses a value while the effect lasts", (cite("R19-7.2"),))
@dataclass(frozen=True, kw_only=True)
class Lose(Targeted):
    value: str = value_field()
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value = self.value
        for card in self.reached(board, source):
            if not_on_map(board, card, f"lose {value}"):
                continue
            card.modifiers.append(Modifier("lose", value, 0, self.effect))
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

    def describe(self) -> str:
        return f"{self.target.describe()} lose {self.value}"


@action("end_effect", "a lasting effect ends", (cite("R19-7.2"),))
@dataclass(frozen=True, kw_only=True)
class EndEffect(Action):
    effect: str = declared(Text(), label="Name of the lasting effect", help="The lasting effect that ends")

    def handle(self, board: Board, source: CardState | None) -> None:
        hit = False
        for card in board.cards.values():
            before = len(card.modifiers)
            card.modifiers = [m for m in card.modifiers if m.effect != self.effect]
            if len(card.modifiers) != before:
                hit = True
                board.emit(
                    "effect_ended", f"The effect {self.effect!r} on {card.label()} ends.", (cite("R19-7.2"),), card
                )
        if not hit:
            board.emit("no_effect", f"No lasting effect named {self.effect!r} is active.", (cite("R19-7.2"),))

    def describe(self) -> str:
        return f"end effect {self.effect}"


VALUE_ACTIONS: tuple[type[Action], ...] = (
    Damage,
    CpLoss,
    MoralityPenalty,
    AddCounters,
    RemoveCounters,
    Penalty,
    Bonus,
    Grant,
    Lose,
    EndEffect,
)
"""The actions on a card's numbers, in the order the page lists them."""
