"""The §19 actions on a card's numbers: damage, CP loss, counters, penalties, bonuses, grants, lost values.

Each is a class of :mod:`.acting`: its fields, its words, and what it does to the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..declare import declared
from ..i18n import N_, Message, Plural
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


@action("damage", N_("damage to a Character (CP)"), (cite("R19-4.3"),))
@dataclass(frozen=True, kw_only=True)
class Damage(Targeted):
    amount: int = amount(N_("Damage"), N_("How much damage"))

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            what = Message.kept(N_("Damage"))
            if not_on_map(board, card, what) or only_characters(board, card, what):
                continue
            add_damage(board, card, self.amount, (cite("R19-4.3"),))

    def describe(self) -> str:
        return Plural("damage {n} to {cards}", "damage {n} to {cards}", self.amount, cards=self.target.describe())


@action("cp_loss", N_("CP loss to a Character by some other route"), (cite("R19-2.4"),))
@dataclass(frozen=True, kw_only=True)
class CpLoss(Targeted):
    amount: int = amount(N_("CP lost"), N_("How much CP"))

    def handle(self, board: Board, source: CardState | None) -> None:
        for card in self.reached(board, source):
            what = Message.kept(N_("CP loss"))
            if not_on_map(board, card, what) or only_characters(board, card, what):
                continue
            lose_cp(board, card, self.amount, what, (cite("R19-2.4"),))

    def describe(self) -> str:
        return Message("CP loss {amount} to {cards}", amount=self.amount, cards=self.target.describe())


@action(
    "morality_penalty",
    N_("Morality Penalty: CP loss that can make a Character Fall"),
    (cite("R19-2.3"), cite("R19-4.4")),
)
@dataclass(frozen=True, kw_only=True)
class MoralityPenalty(Targeted):
    amount: int = amount(N_("Morality Penalty (CP)"), N_("How much CP the Morality Penalties take"))

    def handle(self, board: Board, source: CardState | None) -> None:
        falls: list[Change] = []
        for card in self.reached(board, source):
            what = Message.kept(N_("Morality Penalty"))
            if not_on_map(board, card, what) or only_characters(board, card, what):
                continue
            lose_cp(board, card, self.amount, Message.kept(N_("Morality Penalties")), (cite("R19-2.3"),))
            cp = card.value("CP")
            if isinstance(cp, int) and cp <= 0 and card.state == "Prime" and "Fallen" in card.card.faces:
                why = Message.kept(N_("Morality Penalties took the Prime Character to 0 CP (route 2 of §7.7, §7.4)"))
                falls.append(Turning(card, "Fallen", why, (cite("R19-2.3"), cite("R19-4.4"))))
        if falls:
            board.at_once(falls)

    def describe(self) -> str:
        return Message("morality penalty {amount} to {cards}", amount=self.amount, cards=self.target.describe())


@action(
    "add_counters",
    N_("put counters (Liberation, Sabotage, damage) on cards"),
    (cite("I-R19-1"), cite("I-R19-5"), cite("R19-8.2")),
)
@dataclass(frozen=True, kw_only=True)
class AddCounters(Targeted):
    counter: str = counter_field()
    n: int = count_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        n = self.n
        for card in self.reached(board, source):
            if not_on_map(board, card, Message("{counter} counters", counter=self.counter)):
                continue
            if self.counter == "damage":
                if not only_characters(board, card, Message.kept(N_("Damage"))):
                    add_damage(board, card, n, (cite("R19-4.3"),))
                continue
            if self.counter == "Liberation" and card.value("Rank") is None:
                why, ids = why_none(card, "Rank")
                board.emit(
                    "no_effect",
                    Message(
                        "{card} cannot be Liberated: {why}. No Liberation counter is placed.",
                        card=card.label(),
                        why=why,
                    ),
                    (*ids, cite("R19-7.5")),
                    card,
                )
                continue
            counter = self.counter
            card.counters[counter] = card.counters.get(counter, 0) + n
            text: Message = Plural(
                "{n} {counter} counter on {card} (now {now})",
                "{n} {counter} counters on {card} (now {now})",
                n,
                counter=counter,
                card=card.label(),
                now=card.counters[counter],
            )
            notes: list[str] = [cite("I-R19-1")]
            if counter in COUNTER_PENALTIES:
                notes.append(cite("I-R19-5"))
                value, per = COUNTER_PENALTIES[counter]
                if card.current.type == "Character":
                    said = Message(
                        "{counters}; a Character prints {value} X, so the penalty becomes damage instead.",
                        counters=text,
                        value=value,
                    )
                    board.emit("counters_added", said, (*notes, cite("R19-8.2")), card, counter=counter, n=n)
                    add_damage(board, card, per * n, (cite("I-R19-5"), cite("R19-8.2")), instead_of=value)
                    continue
                text = Message("{counters}: {value} {now}", counters=text, value=value, now=card.value(value))
            board.emit("counters_added", Message("{counters}.", counters=text), notes, card, counter=counter, n=n)

    def describe(self) -> str:
        return Plural(
            "add {n} {counter} counter on {cards}",
            "add {n} {counter} counters on {cards}",
            self.n,
            counter=self.counter,
            cards=self.target.describe(),
        )


@action("remove_counters", N_("take counters off cards"), (cite("I-R19-1"),))
@dataclass(frozen=True, kw_only=True)
class RemoveCounters(Targeted):
    counter: str = counter_field()
    n: int = count_field()

    def handle(self, board: Board, source: CardState | None) -> None:
        counter = self.counter
        for card in self.reached(board, source):
            n = min(self.n, card.counters.get(counter, 0))
            if not n:
                board.emit(
                    "no_effect",
                    Message("{card} has no {counter} counter to remove.", card=card.label(), counter=counter),
                    (cite("I-R19-1"),),
                    card,
                )
                continue
            card.counters[counter] -= n
            if not card.counters[counter]:
                del card.counters[counter]
            board.emit(
                "counters_removed",
                Plural(
                    "{n} {counter} counter removed from {card}.",
                    "{n} {counter} counters removed from {card}.",
                    n,
                    counter=counter,
                    card=card.label(),
                ),
                (cite("I-R19-1"),),
                card,
                counter=counter,
                n=n,
            )

    def describe(self) -> str:
        return Plural(
            "remove {n} {counter} counter on {cards}",
            "remove {n} {counter} counters on {cards}",
            self.n,
            counter=self.counter,
            cards=self.target.describe(),
        )


@action("penalty", N_("reduce a value (-N)"), (cite("R19-7"), cite("R19-8"), cite("R19-8.2")))
@dataclass(frozen=True, kw_only=True)
class Penalty(Targeted):
    value: str = value_field()
    amount: int = amount(N_("By how much"), N_("How much it takes off"))
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value, n = self.value, self.amount
        for card in self.reached(board, source):
            if not_on_map(board, card, f"-{n} {value}"):  # no words: the same in every language
                continue
            base = card.base(value)
            if base == X:
                board.emit(
                    "penalty",
                    Message(
                        "-{n} {value} to {card}: a Character prints {value} X, so it takes damage instead (§7.5).",
                        n=n,
                        value=value,
                        card=card.label(),
                    )
                    if value == "DEF"
                    else Message(
                        "-{n} {value} to {card}: a Character prints {value} X, so it takes CP loss instead (§7.5).",
                        n=n,
                        value=value,
                        card=card.label(),
                    ),
                    (cite("R19-8.2"),),
                    card,
                )
                if value == "DEF":
                    add_damage(board, card, n, (cite("R19-8.2"),), instead_of="DEF")
                else:
                    lose_cp(board, card, n, Message("CP loss instead of -{amount} Rank", amount=n), (cite("R19-8.2"),))
                continue
            if base is None:
                why, ids = why_none(card, value)
                board.emit(
                    "no_effect",
                    Message(
                        "-{n} {value} to {card}: {why}; there is nothing to reduce.",
                        n=n,
                        value=value,
                        card=card.label(),
                        why=why,
                    ),
                    ids,
                    card,
                )
                continue
            card.modifiers.append(Modifier("penalty", value, n, self.effect))
            ids2: list[str] = [cite("R19-8")] if value in ("DEF", "Rank") else [cite("R19-7")]
            board.emit(
                "penalty",
                Message(
                    "-{n} {value} to {card}: {value} {now}.", n=n, value=value, card=card.label(), now=card.value(value)
                ),
                ids2,
                card,
            )

    def describe(self) -> str:
        return Message(
            "-{amount} {value} to {cards}", amount=self.amount, value=self.value, cards=self.target.describe()
        )


@action("bonus", N_("bonus language: +N to a value"), (cite("R19-6.1"), cite("I-R19-6")))
@dataclass(frozen=True, kw_only=True)
class Bonus(Targeted):
    value: str = value_field()
    amount: int = amount(N_("Bonus (+N)"), N_("How much it adds"))
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value, n = self.value, self.amount
        targets = self.reached(board, source)
        if not targets:
            board.emit(
                "no_effect",
                Message("+{n} {value}: no card matches ({cards}).", n=n, value=value, cards=self.target.describe()),
                (cite("R19-6.1"),),
            )
        for card in targets:
            if not_on_map(board, card, f"+{n} {value}"):  # no words: the same in every language
                continue
            if card.base(value) == X:
                board.emit(
                    "bonus_dead",
                    Message(
                        "+{n} {value} to {card} does nothing: a Character prints {value} X, not a number, so there is "
                        "no number to add to. Nothing is added to nothing (not an error).",
                        n=n,
                        value=value,
                        card=card.label(),
                    ),
                    (cite("I-R19-6"), cite("R19-8.2")),
                    card,
                    value=value,
                )
                continue
            if card.base(value) is None:
                why, ids = why_none(card, value)
                board.emit(
                    "bonus_dead",
                    Message(
                        "+{n} {value} to {card} does nothing: {why}. Nothing is added to nothing (not an error).",
                        n=n,
                        value=value,
                        card=card.label(),
                        why=why,
                    ),
                    (cite("R19-6.1"), *ids),
                    card,
                    value=value,
                )
            else:
                card.modifiers.append(Modifier("bonus", value, n, self.effect))
                board.emit(
                    "bonus_live",
                    Message(
                        "+{n} {value} to {card}: {value} {now}.",
                        n=n,
                        value=value,
                        card=card.label(),
                        now=card.value(value),
                    ),
                    (cite("R19-6.1"),),
                    card,
                    value=value,
                )

    def describe(self) -> str:
        return Message(
            "+{amount} {value} to {cards}", amount=self.amount, value=self.value, cards=self.target.describe()
        )


@action("grant", N_("granting language: the card has the value"), (cite("R19-6.2"),))
@dataclass(frozen=True, kw_only=True)
class Grant(Targeted):
    value: str = value_field()
    amount: int = amount(N_("Granted value"), N_("The value the card has (0 is a value)"), minimum=0)
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value = self.value
        for card in self.reached(board, source):
            if not_on_map(board, card, Message("gain {value}", value=value)):
                continue
            printed = card.current.value(value)
            card.modifiers.append(Modifier("grant", value, self.amount, self.effect))
            if printed is not None:
                text = Message(
                    "{card} already prints {value} {printed}; it keeps its printed value.",
                    card=card.label(),
                    value=value,
                    printed=printed,
                )
            else:
                text = Message(
                    "{card} is granted {value} {amount}: granting language confers the value.",
                    card=card.label(),
                    value=value,
                    amount=self.amount,
                )
            board.emit("grant", text, (cite("R19-6.2"),), card, value=value)

    def describe(self) -> str:
        return Message(
            "{cards} gain {value} {amount}", cards=self.target.describe(), value=self.value, amount=self.amount
        )


@action("lose", N_("the card loses a value while the effect lasts"), (cite("R19-7.2"),))
@dataclass(frozen=True, kw_only=True)
class Lose(Targeted):
    value: str = value_field()
    effect: str | None = effect_name()

    def handle(self, board: Board, source: CardState | None) -> None:
        value = self.value
        for card in self.reached(board, source):
            if not_on_map(board, card, Message("lose {value}", value=value)):
                continue
            card.modifiers.append(Modifier("lose", value, 0, self.effect))
            said = Message(
                "{card} loses {value} while the effect lasts and is treated as not printing it.",
                card=card.label(),
                value=value,
            )
            if value == "ATK" and card.current.is_unit:
                said = Message(
                    "{card} loses {value} while the effect lasts and is treated as not printing it. It cannot attack "
                    "or return fire, but it can still intercept.",
                    card=card.label(),
                    value=value,
                )
            board.emit(
                "lose",
                said,
                (cite("R19-7.2"),),
                card,
                value=value,
            )

    def describe(self) -> str:
        return Message("{cards} lose {value}", cards=self.target.describe(), value=self.value)


@action("end_effect", N_("a lasting effect ends"), (cite("R19-7.2"),))
@dataclass(frozen=True, kw_only=True)
class EndEffect(Action):
    effect: str = declared(Text(), label=N_("Name of the lasting effect"), help=N_("The lasting effect that ends"))

    def handle(self, board: Board, source: CardState | None) -> None:
        hit = False
        for card in board.cards.values():
            before = len(card.modifiers)
            card.modifiers = [m for m in card.modifiers if m.effect != self.effect]
            if len(card.modifiers) != before:
                hit = True
                board.emit(
                    "effect_ended",
                    Message("The effect {effect!r} on {card} ends.", effect=self.effect, card=card.label()),
                    (cite("R19-7.2"),),
                    card,
                )
        if not hit:
            board.emit(
                "no_effect",
                Message("No lasting effect named {effect!r} is active.", effect=self.effect),
                (cite("R19-7.2"),),
            )

    def describe(self) -> str:
        return Message("end effect {effect}", effect=self.effect)


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
