"""PROTOCOL_07's behaviour: whether modes combine, and what resolves on one destruction.

Both are driven by ordered lists of named rules, written once: :data:`COMBINATION_RULES` (every
rule a set of modes can break) and :data:`DESTRUCTION_ORDER` (the canonical order of the effects).
The page's tables read the same lists.

>>> check_combination(["Zona di Conquista", "Cinque Soglie"]).allowed
True
>>> [v.rulings for v in check_combination(["Cinque Soglie", "Single Player"]).violations]
[('P07-2',), ('P07-3.3',)]
>>> [s.effect for s in resolve_destruction(Destruction(destroyed_by_opponent=True)).fired]
['Card destroyed', 'NecroToken assigned', "Quadrante dell'Oblio"]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..declare import Declared, declared, record
from ..errors import ScenarioError
from ..fields import join
from ..i18n import N_, Message
from ..ordered import Rule, RuleList
from ..schema import Bool, Choice, Int, ListOf, Text
from .rulebook import cite
from .rules import (
    EFFECTS,
    INCOMPATIBLE_PAIRS,
    MAX_QUADRANTE_RESULTS,
    MAX_SEED,
    MODE_NAMES,
    QUADRANTE_DEFAULT_RESULTS,
    mode,
)

# --------------------------------------------------------------------------
# Combination check


@dataclass(frozen=True)
class Violation:
    """One rule that a set of modes breaks."""

    modes: tuple[str, ...]
    """The modes that break it, in the order the rule names them (any others in the protocol's order of modes,
    whatever order they were given in)."""

    reason: str
    """Why: our words, or a :class:`~estro_rules.text.Quote` of the protocol's."""

    rulings: tuple[str, ...]
    """The ruling IDs that forbid it."""

    def to_json(self) -> dict[str, Any]:
        return {"modes": list(self.modes), "reason": str(self.reason), "rulings": list(self.rulings)}


@dataclass(frozen=True)
class CombinationVerdict:
    """Whether a set of modes may be played together, and every reason why not."""

    modes: tuple[str, ...]
    """The modes checked, in the order given."""

    violations: tuple[Violation, ...]
    """Every rule the set breaks (I-P07-2); empty when the set is allowed."""

    rulings: tuple[str, ...]
    """Every ruling behind the verdict."""

    @property
    def allowed(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "p07.combination",
            "modes": list(self.modes),
            "allowed": self.allowed,
            "violations": [v.to_json() for v in self.violations],
            "rulings": list(self.rulings),
        }


def _single_player_alone(modes: Sequence[str]) -> Iterable[Violation]:
    if "Single Player" in modes and len(modes) > 1:
        # the other modes in the protocol's order: the order they were given in changes nothing
        others = tuple(m for m in MODE_NAMES if m in modes and m != "Single Player")
        yield Violation(
            ("Single Player", *others),
            Message(
                "Single Player is a world of its own ({what}), so it is never played together with another mode",
                what=Message.kept(mode("Single Player").self_contained or ""),  # our words, said in the language too
            ),
            (cite("P07-2"),),
        )


def _incompatible_pairs(modes: Sequence[str]) -> Iterable[Violation]:
    for pair in INCOMPATIBLE_PAIRS:
        if pair.mode_a in modes and pair.mode_b in modes:
            yield Violation((pair.mode_a, pair.mode_b), pair.reason, (pair.ruling,))


CombinationRule = Callable[[Sequence[str]], Iterable[Violation]]

COMBINATION_RULES: RuleList[CombinationRule] = RuleList(
    [
        Rule(
            "single_player_alone",
            _single_player_alone,
            N_("Single Player is played alone: with any other mode it breaks this rule."),
            (cite("P07-2"),),
        ),
        Rule(
            "incompatible_pairs",
            _incompatible_pairs,
            N_("Each incompatible pair whose two modes are both in the set is broken."),
            (cite("P07-3"),),
        ),
    ]
)
"""The combination rules, checked in this order; each yields the violations it finds."""


def _each_mode_once(values: dict[str, Any], path: str) -> None:
    names: list[str] = []
    for i, name in enumerate(values["modes"]):
        if name in names:
            raise ScenarioError(join(path, f"modes[{i}]"), N_("each mode once"), got=name, hint=N_("listed twice"))
        names.append(name)


@record(
    "p07.combination",
    rules=RuleList([Rule("each_mode_once", _each_mode_once, N_("A mode is listed once."), ())]),
)
@dataclass(frozen=True)
class Combination(Declared):
    """A set of modes to check: a ``p07.combination`` scenario."""

    modes: tuple[str, ...] = declared(
        ListOf(
            Choice(MODE_NAMES, N_("mode")),
            min_items=1,
            what=N_("list of mode names"),
            too_few=lambda given: (N_("at least one mode"), given, ""),
        ),
        label=N_("Modes in the match"),
        help=Message("The modes of the match, each once: {modes}", modes=", ".join(f"`{m}`" for m in MODE_NAMES)),
    )
    """The modes, as given."""

    def run(self) -> CombinationVerdict:
        """Check the modes against every combination rule (:func:`combine`)."""
        return combine(self.modes)


def check_combination(modes: Iterable[str]) -> CombinationVerdict:
    """Check a set of modes against every combination rule.

    Every broken rule is reported, not only the first (I-P07-2):

    >>> verdict = check_combination(["Cinque Soglie", "Single Player"])
    >>> verdict.allowed, verdict.rulings
    (False, ('P07-2', 'P07-3.3', 'I-P07-2'))

    A single mode is always allowed; a mode may not be listed twice (the modes are read as a
    ``p07.combination`` scenario's, with the same messages):

    >>> check_combination(["Single Player"]).allowed
    True
    >>> check_combination(["Cinque Soglie", "Cinque Soglie"])
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: modes[1]: expected each mode once, got 'Cinque Soglie' (listed twice)
    """
    return Combination.read({"modes": list(modes)}).run()


def combine(modes: Sequence[str]) -> CombinationVerdict:
    """The verdict on modes already read (known, each once): every rule of :data:`COMBINATION_RULES` in order."""
    violations = tuple(v for rule in COMBINATION_RULES.fns for v in rule(modes))
    rulings = [r for v in violations for r in v.rulings]
    if not violations:
        rulings.append(cite("P07-1"))
    if len(violations) > 1:
        rulings.append(cite("I-P07-2"))
    return CombinationVerdict(tuple(modes), violations, tuple(rulings))


# --------------------------------------------------------------------------
# Destruction


def _self_destruct_is_no_kill(values: dict[str, Any], path: str) -> None:
    if values["destroyed_by_opponent"] and values["fessura_self_destruct"]:
        raise ScenarioError(
            join(path, "fessura_self_destruct"),
            N_("false when destroyed_by_opponent is true"),
            got=True,
            hint=N_("a self-destruct is never a destruction by the opponent: I-P07-7"),
        )


@record(
    "p07.destruction",
    rules=RuleList(
        [
            Rule(
                "self_destruct_by_no_opponent",
                _self_destruct_is_no_kill,
                N_("A Fessura self-destruct is not a destruction by the opponent: not both."),
                (cite("I-P07-7"),),
            )
        ]
    ),
)
@dataclass(frozen=True)
class Destruction(Declared):
    """One card destroyed, and everything about it the resolution order asks: a ``p07.destruction`` scenario."""

    CHECKED = True

    destroyed_by_opponent: bool = declared(
        Bool(), default=False, label=N_("Destroyed by the opponent"), help=N_("The opponent destroyed the card")
    )
    """Whether the opponent destroyed the card (NecroToken)."""

    face_down: bool = declared(
        Bool(), default=False, label=N_("The card was face-down"), help=N_("The card was face-down")
    )
    """Whether the card was face-down (Imboscata Illusoria)."""

    illusio_in_hand: bool = declared(
        Bool(), default=False, label=N_("The owner has an Illusio in hand"), help=N_("Its owner has an Illusio in hand")
    )
    """Whether the card's owner holds an Illusio (I-P07-1)."""

    fessura_self_destruct: bool = declared(
        Bool(),
        default=False,
        label=N_("A Fessura self-destruct"),
        help=N_("The destruction was a Fessura self-destruct (then not by the opponent)"),
    )
    """Whether the destruction was a Fessura self-destruct."""

    in_play: frozenset[str] = declared(
        ListOf(Choice(EFFECTS, N_("effect")), what=N_("list of effect names"), as_set=True),
        default=frozenset(EFFECTS),
        label=N_("Effects in play"),
        help=Message("Which of {effects} are in play", effects=", ".join(f"`{e}`" for e in EFFECTS)),
    )
    """Which of the optional :data:`EFFECTS` are in play in this match."""

    quadrante_table: tuple[str, ...] = declared(
        ListOf(
            Text(nonempty=N_("a non-empty string")),
            max_items=MAX_QUADRANTE_RESULTS,
            what=N_("list of texts"),
            too_many=lambda table: (Message("at most {count} effects", count=MAX_QUADRANTE_RESULTS), len(table), ""),
        ),
        default=(),
        label=N_("Quadrante table"),
        help=N_("The Quadrante's effect table, if you have one ([[I-P07-4]])"),
    )
    """The Quadrante's effect table, if a maintainer supplies one (I-P07-4)."""

    seed: int = declared(
        Int(0, MAX_SEED),
        default=0,
        label=N_("Random seed for the Quadrante"),
        help=N_(
            "Seed of the random draw that gives the Quadrante's result (not the result itself): the same seed "
            "gives the same result"
        ),
    )
    """Seed of the generator that draws the Quadrante's result."""

    def run(self) -> DestructionResult:
        """Resolve it with a generator seeded by :attr:`seed`."""
        return resolve_destruction(self, random.Random(self.seed))


@dataclass(frozen=True)
class Step:
    """One step of the destruction order: what it does, or why it does not."""

    number: int
    """The step's place in the canonical order, 1 to 5."""

    effect: str
    """The step's name, as in the protocol."""

    fires: bool
    """Whether the step happens for this destruction."""

    detail: str
    """What happens, or why it does not."""

    rulings: tuple[str, ...]
    """The rulings that decided it."""

    quadrante_result: int | None = None
    """For the Quadrante: the Tool's result number, 1-based."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "step": self.number,
            "effect": self.effect,
            "fires": self.fires,
            "detail": str(self.detail),  # plain text (a kept Message is a str with its template)
            "rulings": list(self.rulings),
        }
        if self.quadrante_result is not None:
            data["quadrante_result"] = self.quadrante_result
        return data


@dataclass(frozen=True)
class DestructionResult:
    """Every step of the canonical order for one destruction."""

    destruction: Destruction
    """What was resolved."""

    steps: tuple[Step, ...]
    """All five steps in order, those that fire and those that do not."""

    @property
    def fired(self) -> tuple[Step, ...]:
        """The steps that fire, in the order they resolve."""
        return tuple(s for s in self.steps if s.fires)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "p07.destruction",
            "fired": [s.effect for s in self.fired],
            "steps": [s.to_json() for s in self.steps],
        }


Decide = Callable[["Destruction", random.Random], "Decision"]


class Decision(NamedTuple):
    """What one step of the destruction order decides."""

    fires: bool
    detail: str
    rulings: tuple[str, ...]
    quadrante_result: int | None = None


def _card_destroyed(d: Destruction, rng: random.Random) -> Decision:
    return Decision(True, N_("The card is sent to the Incinerator: destruction confirmed."), (cite("P07-4.1"),), None)


def _necrotoken(d: Destruction, rng: random.Random) -> Decision:
    if not d.destroyed_by_opponent:
        return Decision(False, N_("Not destroyed by the opponent: no NecroToken."), (cite("P07-4.2"),), None)
    return Decision(
        True,
        N_("Destroyed by the opponent: the owner receives 1 NecroToken (passive, immediate)."),
        (cite("P07-4.2"), cite("I-P07-1")),
        None,
    )


def _quadrante(d: Destruction, rng: random.Random) -> Decision:
    size = len(d.quadrante_table) or QUADRANTE_DEFAULT_RESULTS
    result = rng.randint(1, size)
    rulings: tuple[str, ...] = (cite("P07-4.3"), cite("I-P07-1"), cite("I-P07-4"))
    if d.quadrante_table:
        detail = Message(
            "The owner activates the Quadrante: random effect via Tool (result {result} of the Tool). Effect: {effect}",
            result=result,
            effect=d.quadrante_table[result - 1],
        )
    else:
        detail = Message(
            "The owner activates the Quadrante: random effect via Tool (result {result} of the Tool).", result=result
        )
        rulings += (cite("I-P07-6"),)
    return Decision(True, detail, rulings, result)


def _imboscata(d: Destruction, rng: random.Random) -> Decision:
    if not d.face_down:
        return Decision(False, N_("The card was not face-down."), (cite("P07-4.4"),), None)
    if not d.illusio_in_hand:
        return Decision(False, N_("The owner has no Illusio in hand."), (cite("P07-4.4"), cite("I-P07-1")), None)
    return Decision(
        True,
        N_("The card was face-down: the owner places the Illusio from their hand on the field."),
        (cite("P07-4.4"), cite("I-P07-1")),
        None,
    )


def _fessura(d: Destruction, rng: random.Random) -> Decision:
    if not d.fessura_self_destruct:
        return Decision(False, N_("Not a Fessura self-destruct: no draw."), (cite("P07-4.5"),), None)
    return Decision(
        True,
        N_("A Fessura self-destruct: the owner draws from the Mazzo Dimensionale."),
        (cite("P07-4.5"), cite("I-P07-1")),
        None,
    )


def _in_play(effect: str, ruling: str, decide: Decide) -> Decide:
    """``decide``, for a step whose effect may be left out of a match: absent, it does not fire (I-P07-5), by
    ``ruling`` (which the caller cites)."""

    def step(d: Destruction, rng: random.Random) -> Decision:
        if effect not in d.in_play:
            return Decision(
                False, Message("{effect} is not in play in this match.", effect=effect), (ruling, cite("I-P07-5")), None
            )
        return decide(d, rng)

    return step


DESTRUCTION_ORDER: RuleList[Decide] = RuleList(
    [
        Rule(
            "card_destroyed",
            _card_destroyed,
            N_("always: the card goes to the Incinerator, destruction confirmed"),
            (cite("P07-4.1"),),
            title=N_("Card destroyed"),
        ),
        Rule(
            "necrotoken_assigned",
            _in_play("NecroToken", cite("P07-4.2"), _necrotoken),
            N_("if destroyed by the opponent (passive, immediate)"),
            (cite("P07-4.2"),),
            title=N_("NecroToken assigned"),
        ),
        Rule(
            "quadrante_dell_oblio",
            _in_play("Quadrante dell'Oblio", cite("P07-4.3"), _quadrante),
            N_("random effect via Tool"),
            (cite("P07-4.3"),),
            title="Quadrante dell'Oblio",
        ),
        Rule(
            "imboscata_illusoria",
            _in_play("Imboscata Illusoria", cite("P07-4.4"), _imboscata),
            N_("if a face-down card and an Illusio in hand"),
            (cite("P07-4.4"),),
            title="Imboscata Illusoria",
        ),
        Rule(
            "fessura_dimensionale",
            _in_play("Fessura Dimensionale", cite("P07-4.5"), _fessura),
            N_("only if a Fessura self-destruct"),
            (cite("P07-4.5"),),
            title="Fessura Dimensionale",
        ),
    ]
)
"""The canonical resolution order on a destruction (P07-4). This list is the only place the order
is written down: the resolver, the site's table and the widget all read it."""


def resolve_destruction(destruction: Destruction, rng: random.Random | None = None) -> DestructionResult:
    """Resolve one destruction through the canonical order.

    ``rng`` draws the Quadrante's result; pass a seeded generator to replay a
    result exactly (the default is ``random.Random(0)``).

    >>> result = resolve_destruction(Destruction(face_down=True, illusio_in_hand=True,
    ...                              in_play=frozenset({"Imboscata Illusoria"})))
    >>> [(s.number, s.effect, s.fires) for s in result.steps]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 'Card destroyed', True), (2, 'NecroToken assigned', False),
     (3, "Quadrante dell'Oblio", False), (4, 'Imboscata Illusoria', True),
     (5, 'Fessura Dimensionale', False)]
    """
    rng = rng if rng is not None else random.Random(0)
    steps = []
    for number, step in enumerate(DESTRUCTION_ORDER, start=1):
        fires, detail, rulings, quadrante = step.fn(destruction, rng)
        steps.append(Step(number, step.title, fires, detail, (cite("P07-4"), *rulings), quadrante))
    return DestructionResult(destruction, tuple(steps))
