"""When things may happen, and what a card can do: the trigger order (§19.1), the activation checks
(§19.3) and the capability questions (§19.7).

* :data:`TRIGGER_ORDER` — how a batch of new triggers is put in firing order;
* :data:`ACTIVATION_CHECKS` — the timing questions asked of an activated ability, the first that
  answers deciding (:func:`can_activate`);
* :data:`CAPABILITY_QUESTIONS` — what a card can do with the values it has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from ..ordered import Rule, RuleList
from .board import Answer, Board, CardState, Trigger, why_none
from .rulebook import cite
from .rules import CLOSED_PHASES

# --------------------------------------------------------------------------
# Trigger order

TriggerStep = Callable[[Board, list[Trigger]], list[Trigger]]
"""A step of ordering one batch of triggers: it gets the batch and gives it back reordered."""


def _active_player_first(board: Board, batch: list[Trigger]) -> list[Trigger]:
    start = board.players.index(board.active)
    seats = board.players[start:] + board.players[:start]
    return [t for p in seats for t in batch if t.player == p]


def _players_chosen_order(board: Board, batch: list[Trigger]) -> list[Trigger]:
    out: list[Trigger] = []
    for player in dict.fromkeys(t.player for t in batch):
        mine = [t for t in batch if t.player == player]
        chosen = list(board.trigger_order.get(player, ()))
        if chosen:
            picked: list[Trigger] = []
            for key in chosen:
                hit = next((t for t in mine if t.key == key and t not in picked), None)
                if hit is not None:
                    picked.append(hit)
            rest = [t for t in mine if t not in picked]
            mine = picked + rest
            how = "in the order they chose"
        else:
            how = "in the order they were created (no order given)"
        if len(mine) > 1:
            board.emit(
                "trigger_choice",
                f"{player} orders their {len(mine)} triggers {how}: {', '.join(t.key for t in mine)}.",
                (cite("I-R19-2"),),
                player=player,
            )
        out += mine
    return out


TRIGGER_ORDER: RuleList[TriggerStep] = RuleList(
    [
        Rule(
            "active_player_first_then_clockwise",
            _active_player_first,
            "Players in seat order, starting at the active player.",
            (cite("R19-1.3"),),
        ),
        Rule(
            "each_player_in_their_chosen_order",
            _players_chosen_order,
            "Each player's triggers in the order they choose; creation order when none is given.",
            (cite("I-R19-2"),),
        ),
    ]
)
"""How a batch of new triggers is ordered: seat order from the active player (R19-1.3), then, within
each player's triggers, the order they chose, or creation order (I-R19-2)."""

# --------------------------------------------------------------------------
# Activation checks


class Ask(NamedTuple):
    """The question an activation check answers: may ``player`` use ``ability`` of ``card`` now?"""

    card: CardState
    ability: str
    player: str
    phase: str
    during_sequence: bool


Verdict = tuple[bool, str, tuple[str, ...]] | None
"""A check's answer — ``(yes or no, why, rulings)`` — or ``None`` when it leaves the question to the next."""

ActivationCheck = Callable[[Board, Ask], Verdict]


def _is_activated(board: Board, ask: Ask) -> Verdict:
    ability = next((a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability), None)
    if ability is None:
        return (
            False,
            f"{ask.card.label()} has no ability {ask.ability!r} on its {ask.card.face} face.",
            (cite("R19-3"),),
        )
    if ability.type == "bind":
        return (
            False,
            "A Storyline Binds by itself on arriving on the Map (§8.10); nobody activates a Bind, so activation "
            "timing does not apply to it.",
            (cite("R19-3.3"),),
        )
    if ability.type == "resource":
        return (
            False,
            (
                f"{ability.name} generates resources in the {ability.phase} Phase by its own phase rules; "
                "it is not an activated ability."
            ),
            (cite("R19-3.4"),),
        )
    if ability.type != "activated":
        return False, f"{ability.name} is a {ability.type} ability, not an activated one.", (cite("R19-3"),)
    return None


def _in_play(board: Board, ask: Ask) -> Verdict:
    if ask.card.zone != "Map":
        return False, f"{ask.card.label()} is not on the Map (it is in the {ask.card.zone}).", (cite("I-R19-1"),)
    return None


def _no_sequence(board: Board, ask: Ask) -> Verdict:
    if ask.during_sequence:
        return (
            False,
            "A resolution sequence is under way: no ability may be activated until it ends.",
            (cite("R19-1.2"),),
        )
    return None


def _not_ready_or_end(board: Board, ask: Ask) -> Verdict:
    if ask.phase in CLOSED_PHASES:
        return False, f"No activated ability may be used in the {ask.phase} Phase, even a Fast one.", (cite("R19-3.1"),)
    return None


def _printed_restriction(board: Board, ask: Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only == "your turn" and ask.player != board.active:
        return (
            False,
            f"Its text says “Use only during your turn”, and {board.active} is the active player.",
            (cite("R19-3.2"),),
        )
    if ability.phases and ask.phase not in ability.phases:
        allowed = ", ".join(ability.phases)
        return False, f"Its text limits it to the {allowed} Phase.", (cite("R19-3.2"),)
    return None


def _fast_by_default(board: Board, ask: Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only or ability.phases:
        return True, "Its printed restriction allows it now.", (cite("R19-3.2"), cite("R19-3.1"))
    return (
        True,
        (
            f"Activated abilities are Fast unless their text restricts them: any phase of any player's turn "
            f"except the Ready and End Phases (§10.3); this is the {ask.phase} Phase."
        ),
        (cite("R19-3.1"),),
    )


ACTIVATION_CHECKS: RuleList[ActivationCheck] = RuleList(
    [
        Rule(
            "is_an_activated_ability",
            _is_activated,
            "Bind, resource generation, triggered and static abilities are not activated.",
            (cite("R19-3.3"), cite("R19-3.4")),
        ),
        Rule("card_in_play", _in_play, "The card must be on the Map.", (cite("I-R19-1"),)),
        Rule(
            "no_sequence_under_way",
            _no_sequence,
            "Nothing is activated during a resolution sequence.",
            (cite("R19-1.2"),),
        ),
        Rule(
            "not_ready_or_end_phase",
            _not_ready_or_end,
            "Never in the Ready Phase or the End Phase.",
            (cite("R19-3.1"),),
        ),
        Rule(
            "printed_restriction",
            _printed_restriction,
            "A printed restriction (\u201cUse only during your turn\u201d, named phases).",
            (cite("R19-3.2"),),
        ),
        Rule("fast_by_default", _fast_by_default, "Otherwise yes: Fast, on any player's turn.", (cite("R19-3.1"),)),
    ]
)
"""The questions asked, in order, to decide whether an ability can be activated now; the first that
answers decides."""


class Asking(Protocol):
    """A question about one card's ability (the ``activate`` and ``can_activate`` actions ask it)."""

    @property
    def card(self) -> str:
        """The card, by its ID on the board."""
        ...

    @property
    def ability(self) -> str: ...

    @property
    def player(self) -> str | None:
        """Who asks; the card's controller when ``None``."""
        ...

    @property
    def phase(self) -> str | None:
        """The phase asked about; the current one when ``None``."""
        ...

    @property
    def during_sequence(self) -> bool: ...


def can_activate(board: Board, action: Asking) -> Answer:
    """Whether the ability ``action`` names can be activated now: the first of :data:`ACTIVATION_CHECKS` to answer."""
    card = board.cards[action.card]
    player = action.player or card.controller
    phase = action.phase or board.phase
    question = (
        f"Can {player} activate {action.ability} of {card.label()} now ({phase} Phase; active player {board.active})?"
    )
    ask = Ask(card, action.ability or "", player, phase, action.during_sequence or board.in_sequence)
    for check in ACTIVATION_CHECKS.fns:
        verdict = check(board, ask)
        if verdict is not None:
            ok, reason, rulings = verdict
            return Answer(question, ok, reason, rulings)
    raise AssertionError("the last activation check always answers")  # pragma: no cover


# --------------------------------------------------------------------------
# Capabilities

CapabilityQuestion = Callable[[CardState], Answer | None]
"""A question asked of a card; ``None`` when it does not apply to the card's type."""


def _q_attack(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    atk = card.value("ATK")
    if atk is None:
        why, ids = why_none(card, "ATK")
        return Answer("attack", False, f"No attack: {why} (§11.1).", ids)
    ids = (cite("R19-7.3"),) if atk == 0 else (cite("R19-7"),)
    return Answer("attack", True, f"ATK {atk}: an attack may be declared (§11.1).", ids)


def _q_return_fire(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    if card.value("ATK") is None:
        why, ids = why_none(card, "ATK")
        return Answer(
            "return fire", False, f"Return fire uses one of its attacks (§11.6), and {why}.", (*ids, cite("R19-7.2"))
        )
    return Answer("return fire", True, "It has an attack to return fire with (§11.6).", (cite("R19-7"),))


def _q_intercept(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    return Answer("intercept", True, "Intercepting needs no attack (§11.5).", (cite("R19-7.2"),))


def _q_vote(card: CardState) -> Answer | None:
    vote = card.value("Vote")
    if vote is None:
        why, ids = why_none(card, "Vote")
        return Answer("Vote", False, f"Cannot Vote: {why}.", ids)
    if isinstance(vote, int) and vote <= 0:
        return Answer(
            "Vote", False, f"Vote {vote}: not a Convocant, but counted as holding {vote} Vote.", (cite("R19-7.3"),)
        )
    return Answer("Vote", True, f"Vote {vote}: a Convocant.", (cite("R19-7"),))


def _q_liberated(card: CardState) -> Answer | None:
    rank = card.value("Rank")
    if rank is None:
        why, ids = why_none(card, "Rank")
        return Answer("be Liberated", False, f"Cannot be Liberated: {why}.", (*ids, cite("R19-7.5")))
    return Answer("be Liberated", True, f"Rank {rank}: it can be Liberated (§12.2).", (cite("R19-7"),))


def _q_value(name: str) -> CapabilityQuestion:
    def ask(card: CardState) -> Answer | None:
        v = card.value(name)
        if v is None:
            why, ids = why_none(card, name)
            return Answer(f"use {name}", False, f"Excluded from every mechanic that needs {name}: {why}.", ids)
        ids = (cite("R19-7.3"),) if v == 0 else (cite("R19-7"),)
        return Answer(f"use {name}", True, f"It has {name} {v}.", ids)

    return ask


CAPABILITY_QUESTIONS: RuleList[CapabilityQuestion] = RuleList(
    [
        Rule(
            "attack",
            _q_attack,
            "A unit can declare an attack when it has ATK (0 included); with no ATK it has nothing to attack with.",
            (cite("R19-7"), cite("R19-7.1"), cite("R19-7.3")),
        ),
        Rule(
            "return_fire",
            _q_return_fire,
            "A unit returns fire with one of its attacks, so only when it has ATK.",
            (cite("R19-7"), cite("R19-7.2")),
        ),
        Rule(
            "intercept",
            _q_intercept,
            "A unit can always intercept: intercepting needs no attack.",
            (cite("R19-7.2"),),
        ),
        Rule(
            "vote",
            _q_vote,
            "A card with Vote above 0 is a Convocant; at 0 or less it holds that Vote; with none it cannot Vote.",
            (cite("R19-7"), cite("R19-7.1"), cite("R19-7.3")),
        ),
        Rule(
            "be_liberated",
            _q_liberated,
            "A card can be Liberated only when it has a Rank.",
            (cite("R19-7"), cite("R19-7.5")),
        ),
        Rule(
            "vox",
            _q_value("Vox"),
            "A card with no Vox has no part in any mechanic that needs Vox.",
            (cite("R19-7"), cite("R19-7.1")),
        ),
        Rule(
            "income",
            _q_value("Income"),
            "A card with no Income has no part in any mechanic that needs Income.",
            (cite("R19-7"), cite("R19-7.1")),
        ),
    ]
)
"""What the ``capabilities`` question asks of a card, in order (questions that do not apply to its
type are skipped)."""

__all__ = [
    "ACTIVATION_CHECKS",
    "CAPABILITY_QUESTIONS",
    "TRIGGER_ORDER",
    "ActivationCheck",
    "Ask",
    "CapabilityQuestion",
    "TriggerStep",
    "Verdict",
    "can_activate",
]
