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

from ..i18n import N_, Message
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
            how = N_("{player} orders their {count} triggers in the order they chose: {triggers}.")
        else:
            how = N_(
                "{player} orders their {count} triggers in the order they were created (no order given): {triggers}."
            )
        if len(mine) > 1:
            board.emit(
                "trigger_choice",
                Message(how, player=player, count=len(mine), triggers=", ".join(t.key for t in mine)),
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
            N_("Players in seat order, starting at the active player."),
            (cite("R19-1.3"),),
        ),
        Rule(
            "each_player_in_their_chosen_order",
            _players_chosen_order,
            N_("Each player's triggers in the order they choose; creation order when none is given."),
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
            Message(
                "{card} has no ability {ability!r} on its {face} face.",
                card=ask.card.label(),
                ability=ask.ability,
                face=ask.card.face,
            ),
            (cite("R19-3"),),
        )
    if ability.type == "bind":
        return (
            False,
            Message.kept(
                N_(
                    "A Storyline Binds by itself on arriving on the Map (§8.10); nobody activates a Bind, so activation "
                    "timing does not apply to it."
                )
            ),
            (cite("R19-3.3"),),
        )
    if ability.type == "resource":
        return (
            False,
            Message(
                "{ability} generates resources in the {phase} Phase by its own phase rules; it is not an activated "
                "ability.",
                ability=ability.name,
                phase=ability.phase,
            ),
            (cite("R19-3.4"),),
        )
    if ability.type != "activated":
        said = Message(
            "{ability} is a {kind} ability, not an activated one.",
            ability=ability.name,
            kind=Message.kept(ability.type),
        )
        return False, said, (cite("R19-3"),)
    return None


def _in_play(board: Board, ask: Ask) -> Verdict:
    if ask.card.zone != "Map":
        said = Message("{card} is not on the Map (it is in the {zone}).", card=ask.card.label(), zone=ask.card.zone)
        return False, said, (cite("I-R19-1"),)
    return None


def _no_sequence(board: Board, ask: Ask) -> Verdict:
    if ask.during_sequence:
        return (
            False,
            Message.kept(N_("A resolution sequence is under way: no ability may be activated until it ends.")),
            (cite("R19-1.2"),),
        )
    return None


def _not_ready_or_end(board: Board, ask: Ask) -> Verdict:
    if ask.phase in CLOSED_PHASES:
        said = Message("No activated ability may be used in the {phase} Phase, even a Fast one.", phase=ask.phase)
        return False, said, (cite("R19-3.1"),)
    return None


def _printed_restriction(board: Board, ask: Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only == "your turn" and ask.player != board.active:
        return (
            False,
            Message(
                "Its text says “Use only during your turn”, and {player} is the active player.", player=board.active
            ),
            (cite("R19-3.2"),),
        )
    if ability.phases and ask.phase not in ability.phases:
        allowed = ", ".join(ability.phases)
        return False, Message("Its text limits it to the {phases} Phase.", phases=allowed), (cite("R19-3.2"),)
    return None


def _fast_by_default(board: Board, ask: Ask) -> Verdict:
    ability = next(a for a in ask.card.card.abilities_of(ask.card.face) if a.name == ask.ability)
    if ability.use_only or ability.phases:
        return True, Message.kept(N_("Its printed restriction allows it now.")), (cite("R19-3.2"), cite("R19-3.1"))
    return (
        True,
        Message(
            "Activated abilities are Fast unless their text restricts them: any phase of any player's turn except the "
            "Ready and End Phases (§10.3); this is the {phase} Phase.",
            phase=ask.phase,
        ),
        (cite("R19-3.1"),),
    )


ACTIVATION_CHECKS: RuleList[ActivationCheck] = RuleList(
    [
        Rule(
            "is_an_activated_ability",
            _is_activated,
            N_("Bind, resource generation, triggered and static abilities are not activated."),
            (cite("R19-3.3"), cite("R19-3.4")),
        ),
        Rule("card_in_play", _in_play, N_("The card must be on the Map."), (cite("I-R19-1"),)),
        Rule(
            "no_sequence_under_way",
            _no_sequence,
            N_("Nothing is activated during a resolution sequence."),
            (cite("R19-1.2"),),
        ),
        Rule(
            "not_ready_or_end_phase",
            _not_ready_or_end,
            N_("Never in the Ready Phase or the End Phase."),
            (cite("R19-3.1"),),
        ),
        Rule(
            "printed_restriction",
            _printed_restriction,
            N_("A printed restriction (\u201cUse only during your turn\u201d, named phases)."),
            (cite("R19-3.2"),),
        ),
        Rule("fast_by_default", _fast_by_default, N_("Otherwise yes: Fast, on any player's turn."), (cite("R19-3.1"),)),
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
    question = Message(
        "Can {player} activate {ability} of {card} now ({phase} Phase; active player {active})?",
        player=player,
        ability=action.ability,
        card=card.label(),
        phase=phase,
        active=board.active,
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

ATTACK = Message.kept(N_("attack"))
RETURN_FIRE = Message.kept(N_("return fire"))
VOTE = Message.kept(N_("Vote"))
BE_LIBERATED = Message.kept(N_("be Liberated"))
"""A question asked of a card; ``None`` when it does not apply to the card's type."""


def _q_attack(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    atk = card.value("ATK")
    if atk is None:
        why, ids = why_none(card, "ATK")
        return Answer(ATTACK, False, Message("No attack: {why} (§11.1).", why=why), ids)
    ids = (cite("R19-7.3"),) if atk == 0 else (cite("R19-7"),)
    return Answer(ATTACK, True, Message("ATK {atk}: an attack may be declared (§11.1).", atk=atk), ids)


def _q_return_fire(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    if card.value("ATK") is None:
        why, ids = why_none(card, "ATK")
        said = Message("Return fire uses one of its attacks (§11.6), and {why}.", why=why)
        return Answer(RETURN_FIRE, False, said, (*ids, cite("R19-7.2")))
    return Answer(
        RETURN_FIRE, True, Message.kept(N_("It has an attack to return fire with (§11.6).")), (cite("R19-7"),)
    )


def _q_intercept(card: CardState) -> Answer | None:
    if not card.current.is_unit:
        return None
    return Answer(
        Message.kept(N_("intercept")),
        True,
        Message.kept(N_("Intercepting needs no attack (§11.5).")),
        (cite("R19-7.2"),),
    )


def _q_vote(card: CardState) -> Answer | None:
    vote = card.value("Vote")
    if vote is None:
        why, ids = why_none(card, "Vote")
        return Answer(VOTE, False, Message("Cannot Vote: {why}.", why=why), ids)
    if isinstance(vote, int) and vote <= 0:
        said = Message("Vote {vote}: not a Convocant, but counted as holding {vote} Vote.", vote=vote)
        return Answer(VOTE, False, said, (cite("R19-7.3"),))
    return Answer(VOTE, True, Message("Vote {vote}: a Convocant.", vote=vote), (cite("R19-7"),))


def _q_liberated(card: CardState) -> Answer | None:
    rank = card.value("Rank")
    if rank is None:
        why, ids = why_none(card, "Rank")
        return Answer(BE_LIBERATED, False, Message("Cannot be Liberated: {why}.", why=why), (*ids, cite("R19-7.5")))
    return Answer(BE_LIBERATED, True, Message("Rank {rank}: it can be Liberated (§12.2).", rank=rank), (cite("R19-7"),))


def _q_value(name: str) -> CapabilityQuestion:
    def ask(card: CardState) -> Answer | None:
        v = card.value(name)
        if v is None:
            why, ids = why_none(card, name)
            said = Message("Excluded from every mechanic that needs {value}: {why}.", value=name, why=why)
            return Answer(Message("use {value}", value=name), False, said, ids)
        ids = (cite("R19-7.3"),) if v == 0 else (cite("R19-7"),)
        return Answer(Message("use {value}", value=name), True, Message("It has {value} {v}.", value=name, v=v), ids)

    return ask


CAPABILITY_QUESTIONS: RuleList[CapabilityQuestion] = RuleList(
    [
        Rule(
            "attack",
            _q_attack,
            N_("A unit can declare an attack when it has ATK (0 included); with no ATK it has nothing to attack with."),
            (cite("R19-7"), cite("R19-7.1"), cite("R19-7.3")),
        ),
        Rule(
            "return_fire",
            _q_return_fire,
            N_("A unit returns fire with one of its attacks, so only when it has ATK."),
            (cite("R19-7"), cite("R19-7.2")),
        ),
        Rule(
            "intercept",
            _q_intercept,
            N_("A unit can always intercept: intercepting needs no attack."),
            (cite("R19-7.2"),),
        ),
        Rule(
            "vote",
            _q_vote,
            N_("A card with Vote above 0 is a Convocant; at 0 or less it holds that Vote; with none it cannot Vote."),
            (cite("R19-7"), cite("R19-7.1"), cite("R19-7.3")),
        ),
        Rule(
            "be_liberated",
            _q_liberated,
            N_("A card can be Liberated only when it has a Rank."),
            (cite("R19-7"), cite("R19-7.5")),
        ),
        Rule(
            "vox",
            _q_value("Vox"),
            N_("A card with no Vox has no part in any mechanic that needs Vox."),
            (cite("R19-7"), cite("R19-7.1")),
        ),
        Rule(
            "income",
            _q_value("Income"),
            N_("A card with no Income has no part in any mechanic that needs Income."),
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
