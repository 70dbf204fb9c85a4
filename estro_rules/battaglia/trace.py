"""The words of a battle: every sentence of its trace, built only when a trace is asked for.

The engine (:mod:`.engine`) decides; a :class:`Trace` listens. At each decision the engine tells it
who did what to whom, for how much, and with which rulings; the trace puts that into words, as an
:class:`Event`, and groups the events roll by roll into :class:`RollRecord` s. A battle played
without a trace builds no trace, so it never builds a sentence.

>>> from estro_rules.battaglia import Matchup, team
>>> m = Matchup(team([{"name": "Nessie", "threat": 3, "health": 5}]), team([{"name": "Kappa", "threat": 2, "health": 4}]))
>>> t = Trace(m, [5, 1])
>>> t.step = 4
>>> t.hit(0, 1, 3, 0, 0, ("BAT-4",))
>>> t.events[-1].text, t.events[-1].target, t.events[-1].health
('Nessie (L1) hits Kappa (R1) for 3 (1 left)', 'right[0]', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..i18n import N_, Message, say
from .rules import MAX_TRACE_EVENTS, REACTION_CAP, ROLL_LIMIT, EndReason, Winner
from .teams import Ability, Team

SIDES = ("left", "right")


REASON_TEXT = {
    EndReason.SIDE_EMPTY: N_("one side has no cryptids left"),
    EndReason.BOTH_EMPTY: N_("both sides lost their last cryptid at the same time"),
    EndReason.ROLL_LIMIT: N_("36 rolls were made; total remaining health decides"),
    EndReason.NO_DAMAGE: N_("neither side can damage the other; total remaining health decides"),
}
"""Why a battle ended, in words (kept: :func:`~estro_rules.i18n.say` says them in the current language)."""

WINS = {
    Winner.LEFT: N_("The left side wins"),
    Winner.RIGHT: N_("The right side wins"),
    Winner.DRAW: N_("Draw"),
}
"""Who won, in words (kept, as :data:`REASON_TEXT`)."""


def place(name: str, side: int, i: int) -> Message:
    """A cryptid as the sentences name it, with its side and place: ``Nessie (L1)`` (kept: in Italian the
    side's letter is the Italian word's, ``Nessie (S1)``)."""
    if side:
        return Message("{name} (R{place})", name=name, place=i + 1)
    return Message("{name} (L{place})", name=name, place=i + 1)


def listed(items: Sequence[str]) -> Message:
    """Several kept messages as one, separated by commas (each said in its language).

    >>> listed([place("A", 0, 0), place("B", 1, 0), place("C", 1, 1)])
    'A (L1), B (R1), C (R2)'
    """
    if len(items) == 1:
        return Message("{item}", item=items[0])
    return Message("{items}, {item}", items=listed(items[:-1]), item=items[-1])


@dataclass(frozen=True)
class Event:
    """One thing that happened in a battle, with the rulings that decided it."""

    step: int
    """The turn step it belongs to (1 to 6, see ``TURN_STEPS``); 0 for the end of the battle."""

    kind: str
    """``roll``, ``tie``, ``status``, ``modify``, ``damage``, ``heal``, ``heal_none``, ``dot``, ``skip``,
    ``no_target``, ``down``, ``reaction``, ``cap``, ``reroll``, ``reroll_denied``, ``death``,
    ``death_ability``, ``trace_cut`` or ``end``."""

    text: str
    """What happened, in plain words: a kept message (:class:`~estro_rules.i18n.Message`), whose ``str`` is the
    English (the JSON's) and which :func:`~estro_rules.i18n.say` says in the current language."""

    rulings: tuple[str, ...]
    """The rulings and interpretations behind it."""

    actor: str | None = None
    """The cryptid that acted, as ``left[0]``; ``None`` when no cryptid acted."""

    target: str | None = None
    """The cryptid acted on, as ``right[2]``."""

    amount: int | None = None
    """Damage or healing dealt, the change to the total, or (``cap``) how many reactions the cap stopped that
    turn."""

    health: int | None = None
    """The target's health afterwards."""

    depth: int = 0
    """How deep in a reaction chain (0: not a reaction)."""

    within: int = 0
    """For an event of a reaction chain (step 5), the step it happened inside: reactions resolve at once, in
    the middle of step 3, 4 or 6 (BAT-6.5); 0 for every other event."""

    @property
    def said(self) -> str:
        """:attr:`text` in the current language, as a reader is shown it (:func:`~estro_rules.i18n.say`).

        >>> from estro_rules.i18n import using
        >>> event = Event(6, "death", Message("{cryptid} dies", cryptid="Imp (R1)"), ("BAT-6.6",))
        >>> event.text, event.said
        ('Imp (R1) dies', 'Imp (R1) dies')
        >>> with using("it"):
        ...     event.text, event.said
        ('Imp (R1) dies', 'Imp (R1) muore')
        """
        return say(self.text)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": self.step, "kind": self.kind, "text": self.text}
        for key in ("actor", "target", "amount", "health", "within"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.depth:
            data["depth"] = self.depth
        data["rulings"] = list(self.rulings)
        return data


@dataclass(frozen=True)
class RollRecord:
    """One roll of the dice and everything it caused."""

    roll: int
    """The roll's number, rerolls included (I-BAT-1)."""

    turn: int
    """The turn it belongs to; a reroll keeps the turn (I-BAT-4)."""

    dice: tuple[int, int]
    """The two dice as rolled."""

    total: int
    """The total that the roll's conditions checked, after modifiers (I-BAT-11)."""

    forced: bool
    """Whether the dice came from the forced list rather than the seed."""

    bonus: int
    """The sudden-death bonus on this roll (I-BAT-2)."""

    restarted: bool
    """Whether a reroll stopped this roll's turn (BAT-7)."""

    events: tuple[Event, ...]
    """What happened, in order."""

    health: tuple[int, ...]
    """Every cryptid's health after this roll (left team, then right team); dead cryptids are 0."""

    def to_json(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "turn": self.turn,
            "dice": list(self.dice),
            "total": self.total,
            "forced": self.forced,
            "bonus": self.bonus,
            "restarted": self.restarted,
            "events": [e.to_json() for e in self.events],
            "health": list(self.health),
        }


class Acting(Protocol):
    """An ability as the engine plays it: the cryptid it belongs to (by number) and what it says."""

    @property
    def owner(self) -> int: ...

    @property
    def ability(self) -> Ability: ...


class Played(Protocol):
    """What a trace needs to know of the matchup it words (:class:`~.engine.Matchup` has it)."""

    @property
    def left(self) -> Team: ...

    @property
    def right(self) -> Team: ...

    @property
    def abilities(self) -> Sequence[Sequence[Acting]]:
        """Each cryptid's abilities, as the engine plays them."""

    @property
    def texts(self) -> dict[Acting, str]:
        """Where a trace keeps how it names each ability, for every battle of the matchup."""

    @property
    def reactions_step(self) -> int:
        """The number of the step that reactions belong to."""


class Trace:
    """Puts one battle's decisions into words, roll by roll.

    Cryptids are numbered as the engine numbers them: the left team's from 0, then the right team's.
    ``health`` is the engine's own list of every cryptid's health, read when an event is written (an
    event shows the target's health afterwards). The engine sets :attr:`step` before each step of a
    turn; an event inside a reaction chain belongs to the matchup's ``reactions_step``, within the
    current step.
    """

    def __init__(self, matchup: Played, health: list[int]) -> None:
        left, right = matchup.left, matchup.right
        cryptids = [(0, i, c) for i, c in enumerate(left.cryptids)] + [(1, i, c) for i, c in enumerate(right.cryptids)]
        self.labels = tuple(place(c.name, side, i) for side, i, c in cryptids)
        """Each cryptid as the sentences name it: ``Nessie (L1)``."""
        self.refs = tuple(f"{SIDES[side]}[{i}]" for side, i, _c in cryptids)
        """Each cryptid as an event's ``actor`` and ``target`` name it: ``left[0]``."""
        self.texts = matchup.texts
        """Each ability as the sentences name it: its cryptid, then what it does."""
        if not self.texts:
            for abilities in matchup.abilities:
                for ab in abilities:
                    self.texts[ab] = Message(
                        "{cryptid} ({ability})", cryptid=self.labels[ab.owner], ability=ab.ability.describe()
                    )
        self.start = tuple(c.health for _side, _i, c in cryptids)
        self.nl = len(left.cryptids)
        self.hp = health
        self.reactions_step = matchup.reactions_step
        self.step = 0
        """The step the engine is at."""
        self.records: list[RollRecord] = []
        """The rolls recorded so far."""
        self.events: list[Event] = []
        """The current roll's events."""
        self.cut = False
        """Whether the trace stopped recording events at :data:`~.rules.MAX_TRACE_EVENTS`."""
        self._logged = 0
        self._roll: tuple[int, int, tuple[int, int], bool, int] = (0, 0, (0, 0), False, 0)
        self._cap_at: tuple[int, int] | None = None  # this turn's one "cap" event: (record, event) index
        self._skipped = 0  # reactions the cap stopped this turn
        self._ties: dict[tuple[int, ...], Message] = {}  # each tie's cryptids in words, once a battle

    def _log(
        self,
        kind: str,
        text: Message,
        rulings: tuple[str, ...],
        actor: int,
        target: int,
        amount: int | None,
        depth: int,
    ) -> None:
        """Record one event: ``actor`` and ``target`` are cryptid numbers, -1 for none."""
        if self.cut:
            return
        events = self.events
        step = self.step
        events.append(
            Event(
                self.reactions_step if depth else step,
                kind,
                text,
                rulings,
                self.refs[actor] if actor >= 0 else None,
                self.refs[target] if target >= 0 else None,
                amount,
                self.hp[target] if target >= 0 else None,
                depth,
                step if depth else 0,
            )
        )
        self._logged += 1
        if self._logged >= MAX_TRACE_EVENTS:
            events.append(
                Event(
                    step,
                    "trace_cut",
                    Message(
                        "The trace stops here, at {count} events: the battle plays on to its end unrecorded "
                        "(the health after each roll is still shown)",
                        count=MAX_TRACE_EVENTS,
                    ),
                    (),
                )
            )
            self.cut = True  # no more sentences: the rest of the battle costs what it costs without a trace

    # Step 1

    def roll(
        self, roll: int, turn: int, dice: tuple[int, int], forced: bool, bonus: int, rulings: tuple[str, ...]
    ) -> None:
        """A new roll: its record starts here."""
        self._roll = (roll, turn, dice, forced, bonus)
        self.events = []
        a, b = dice
        if bonus:
            template = (
                N_("Roll {roll}: {a} + {b} = {total} (forced); sudden death: abilities deal +{bonus} damage")
                if forced
                else N_("Roll {roll}: {a} + {b} = {total}; sudden death: abilities deal +{bonus} damage")
            )
        else:
            template = (
                N_("Roll {roll}: {a} + {b} = {total} (forced)") if forced else N_("Roll {roll}: {a} + {b} = {total}")
            )
        text = Message(template, roll=roll, a=a, b=b, total=a + b, bonus=bonus)
        self._log("roll", text, rulings, -1, -1, None, 0)

    def tie(self, group: Sequence[int], threat: int, right_first: bool, rulings: tuple[str, ...]) -> None:
        """Cryptids of both sides share a threat; the seeded draw decided which side acts first."""
        key = tuple(group)
        names = self._ties.get(key)
        if names is None:
            names = self._ties[key] = listed([self.labels[i] for i in key])
        template = (
            N_("Equal threat {threat} across the sides ({names}): the seeded draw puts the right side first")
            if right_first
            else N_("Equal threat {threat} across the sides ({names}): the seeded draw puts the left side first")
        )
        text = Message(template, threat=threat, names=names)
        self._log("tie", text, rulings, -1, -1, None, 0)

    # Step 2

    def status(self, i: int, amount: int, rulings: tuple[str, ...]) -> None:
        text = Message(
            "{cryptid} takes {amount} damage over time ({health} left)",
            cryptid=self.labels[i],
            amount=amount,
            health=self.hp[i],
        )
        self._log("status", text, rulings, -1, i, amount, 0)

    def down(self, i: int, depth: int, rulings: tuple[str, ...]) -> None:
        text = Message("{cryptid} is down (0 health) until the end of the turn", cryptid=self.labels[i])
        self._log("down", text, rulings, -1, i, None, depth)

    # Steps 3 and 4

    def skip(self, ab: Acting, rulings: tuple[str, ...]) -> None:
        o = ab.owner
        text = Message(
            "{ability} would activate, but {cryptid} is down and does not activate",
            ability=self.texts[ab],
            cryptid=self.labels[o],
        )
        self._log("skip", text, rulings, o, -1, None, 0)

    def modify(self, ab: Acting, total: int, rulings: tuple[str, ...]) -> None:
        text = Message("{ability}: the total becomes {total}", ability=self.texts[ab], total=total)
        self._log("modify", text, rulings, ab.owner, -1, ab.ability.amount, 0)

    def activate(self, ab: Acting, rulings: tuple[str, ...]) -> None:
        text = Message("{ability} activates", ability=self.texts[ab])
        self._log("activate", text, rulings, ab.owner, -1, None, 0)

    def reroll(self, ab: Acting, rulings: tuple[str, ...]) -> None:
        text = Message("{ability}: the turn stops and restarts at step 1; damage dealt stays", ability=self.texts[ab])
        self._log("reroll", text, rulings, ab.owner, -1, None, 0)

    def reroll_denied(self, ab: Acting, rulings: tuple[str, ...]) -> None:
        text = Message(
            "{ability}: {limit} rolls have been made, so there is no reroll; the turn goes on",
            ability=self.texts[ab],
            limit=ROLL_LIMIT,
        )
        self._log("reroll_denied", text, rulings, ab.owner, -1, None, 0)

    # An activation: its targets and its effect

    def no_target(self, ab: Acting, depth: int, rulings: tuple[str, ...]) -> None:
        text = Message("{ability}: no target standing", ability=self.texts[ab])
        self._log("no_target", text, rulings, ab.owner, -1, None, depth)

    def hit(self, o: int, t: int, amount: int, bonus: int, depth: int, rulings: tuple[str, ...]) -> None:
        labels = self.labels
        template = (
            N_("{attacker} hits {target} for {amount} (+{bonus} sudden death) ({health} left)")
            if bonus
            else N_("{attacker} hits {target} for {amount} ({health} left)")
        )
        text = Message(template, attacker=labels[o], target=labels[t], amount=amount, bonus=bonus, health=self.hp[t])
        self._log("damage", text, rulings, o, t, amount, depth)

    def heal(self, ab: Acting, t: int, amount: int, depth: int, rulings: tuple[str, ...]) -> None:
        """``ab`` healed ``t`` by ``amount``: what it gives, or less at the target's starting health."""
        labels, o, given = self.labels, ab.owner, ab.ability.amount
        template = (
            N_("{healer} heals {target} by {amount}, cut from {given} at its starting health ({health} of {start})")
            if amount < given
            else N_("{healer} heals {target} by {amount} ({health} of {start})")
        )
        text = Message(
            template,
            healer=labels[o],
            target=labels[t],
            amount=amount,
            given=given,
            health=self.hp[t],
            start=self.start[t],
        )
        self._log("heal", text, rulings, o, t, amount, depth)

    def heal_none(self, ab: Acting, t: int, depth: int, rulings: tuple[str, ...]) -> None:
        labels, o = self.labels, ab.owner
        text = Message(
            "{healer} heals {target}, who is at full health: nothing happens", healer=labels[o], target=labels[t]
        )
        self._log("heal_none", text, rulings, o, t, 0, depth)

    def dot(self, ab: Acting, t: int, depth: int, rulings: tuple[str, ...]) -> None:
        labels, o, amount, rolls = self.labels, ab.owner, ab.ability.amount, ab.ability.rolls
        template = (
            N_("{caster} puts damage over time on {target}: {amount} per roll for the next roll")
            if rolls == 1
            else N_("{caster} puts damage over time on {target}: {amount} per roll for the next {rolls} rolls")
        )
        text = Message(template, caster=labels[o], target=labels[t], amount=amount, rolls=rolls)
        self._log("dot", text, rulings, o, t, amount, depth)

    # Step 5, inside steps 3, 4 and 6

    def reaction(self, r: Acting, depth: int, rulings: tuple[str, ...]) -> None:
        text = Message("Reaction: {ability}", ability=self.texts[r])
        self._log("reaction", text, rulings, r.owner, -1, None, depth)

    def capped(self, r: Acting, depth: int, rulings: tuple[str, ...]) -> None:
        """The cap stopped a reaction: the turn's first is an event, the others are counted in it."""
        self._skipped += 1
        if not self.cut and self._cap_at is None:
            self._cap_at = (len(self.records), len(self.events))
            text = Message(
                "Reaction cap reached ({cap} reactions this turn): {ability} does not react",
                cap=REACTION_CAP,
                ability=self.texts[r],
            )
            self._log("cap", text, rulings, r.owner, -1, None, depth)

    # Step 6

    def death(self, i: int, rulings: tuple[str, ...]) -> None:
        text = Message("{cryptid} dies", cryptid=self.labels[i])
        self._log("death", text, rulings, -1, i, None, 0)

    def death_ability(self, ab: Acting, rulings: tuple[str, ...]) -> None:
        text = Message("Death ability: {ability}", ability=self.texts[ab])
        self._log("death_ability", text, rulings, ab.owner, -1, None, 0)

    # The end of a roll, of a turn, of the battle

    def roll_done(self, total: int, restarted: bool) -> None:
        """The roll is over (``restarted`` by a reroll, or at the end of its turn): record it."""
        roll, turn, dice, forced, bonus = self._roll
        self.records.append(
            RollRecord(roll, turn, dice, total, forced, bonus, restarted, tuple(self.events), tuple(self.hp))
        )

    def turn_done(self) -> None:
        """The turn is over: its cap event, if any, says how many reactions the cap stopped (I-BAT-10)."""
        if self._cap_at is not None:
            ri, ei = self._cap_at
            rec = self.records[ri]
            cap = rec.events[ei]
            more = self._skipped - 1
            text = cap.text
            if more:
                template = (
                    N_("{cap}; {more} more reaction did not happen this turn")
                    if more == 1
                    else N_("{cap}; {more} more reactions did not happen this turn")
                )
                text = Message(template, cap=cap.text, more=more)
            events = rec.events[:ei] + (replace(cap, text=text, amount=self._skipped),) + rec.events[ei + 1 :]
            self.records[ri] = replace(rec, events=events)
            self._cap_at = None
        self._skipped = 0

    def end(self, winner: Winner, reason: EndReason, rolls: int, rulings: tuple[str, ...]) -> None:
        """The battle is over: its last event says who won and why."""
        left = sum(self.hp[: self.nl])
        right = sum(self.hp[self.nl :])
        template = (
            N_("{who} after {rolls} roll: {reason} (health left {left}, right {right})")
            if rolls == 1
            else N_("{who} after {rolls} rolls: {reason} (health left {left}, right {right})")
        )
        who, why = Message.kept(WINS[winner]), Message.kept(REASON_TEXT[reason])
        text = Message(template, who=who, rolls=rolls, reason=why, left=left, right=right)
        last = self.records[-1]
        self.records[-1] = replace(last, events=last.events + (Event(0, "end", text, rulings),))
