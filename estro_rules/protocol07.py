"""PROTOCOL_07 — mode combinations.

Which ESTRO game modes can be combined, why some cannot, and the canonical
order of the effects that trigger on one destruction.

The five modes, the four incompatible pairs and the five destruction steps
are data (:data:`MODES`, :data:`INCOMPATIBLE_PAIRS`, :data:`DESTRUCTION_ORDER`);
:func:`check_combination` and :func:`resolve_destruction` are the behaviour.

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

from .errors import ScenarioError
from .fields import Fields, choose
from .rulings import Rulebook, Ruling

RULEBOOK = Rulebook(
    "protocol07",
    "PROTOCOL_07 — Mode combinations",
    "protocol-07/",
    [
        Ruling("P07-1", "Modes can be combined"),
        Ruling("P07-2", "Single Player combines with no other mode"),
        Ruling("P07-3", "Incompatible pairs"),
        Ruling("P07-3.1", "Inferno 2vs2 and Ultimo Bastione"),
        Ruling("P07-3.2", "Zona di Conquista and Ultimo Bastione"),
        Ruling("P07-3.3", "Cinque Soglie and Single Player"),
        Ruling("P07-3.4", "Cinque Soglie and Ultimo Bastione"),
        Ruling("P07-4", "Resolution order on a destruction"),
        Ruling("P07-4.1", "Card destroyed"),
        Ruling("P07-4.2", "NecroToken assigned"),
        Ruling("P07-4.3", "Quadrante dell'Oblio"),
        Ruling("P07-4.4", "Imboscata Illusoria"),
        Ruling("P07-4.5", "Fessura Dimensionale"),
        Ruling("I-P07-1", "“The player” is the owner of the destroyed card", interpretation=True),
        Ruling("I-P07-2", "Reasons add up", interpretation=True),
        Ruling("I-P07-3", "Unknown modes are errors", interpretation=True),
        Ruling("I-P07-4", "The Quadrante's table is not published", interpretation=True),
    ],
)
cite = RULEBOOK.cite


# --------------------------------------------------------------------------
# Modes


@dataclass(frozen=True)
class Mode:
    """One ESTRO game mode and the structural facts PROTOCOL_07 states about it.

    ``None`` means PROTOCOL_07 does not say; the engine never guesses it.
    """

    name: str
    """The mode's name, exactly as in the protocol."""

    play_field: str | None
    """The layout of the play field."""

    opposition: str | None
    """Who plays against whom (teams, co-op, an asymmetric opponent)."""

    symmetric_opponent_side: bool | None
    """Whether the match has an opponent side mirroring the player's."""

    needs_symmetric_opponent_side: bool = False
    """Whether the mode's own events need a symmetric opponent side."""

    self_contained: str | None = None
    """What makes the mode a structure of its own, if it is one."""


MODES: tuple[Mode, ...] = (
    Mode(
        "Single Player",
        play_field=None,
        opposition="asymmetric match against starships",
        symmetric_opponent_side=False,
        self_contained="starships, guardians, dedicated AI",
    ),
    Mode("Inferno 2vs2", play_field=None, opposition="competitive teams", symmetric_opponent_side=None),
    Mode(
        "Ultimo Bastione",
        play_field="3 lanes x 4 depths",
        opposition="co-op against the Horde",
        symmetric_opponent_side=False,
    ),
    Mode("Zona di Conquista", play_field="5 flat zones", opposition=None, symmetric_opponent_side=None),
    Mode(
        "Cinque Soglie",
        play_field=None,
        opposition=None,
        symmetric_opponent_side=None,
        needs_symmetric_opponent_side=True,
    ),
)
"""The five modes, in the order the site lists them."""

MODE_NAMES: tuple[str, ...] = tuple(m.name for m in MODES)
_BY_NAME = {m.name: m for m in MODES}


@dataclass(frozen=True)
class IncompatiblePair:
    """One row of the protocol's table of incompatible combinations."""

    mode_a: str
    """The first mode, as the protocol's table lists it."""

    mode_b: str
    """The second mode."""

    reason: str
    """The protocol's reason, word for word."""

    attributes: tuple[str, ...]
    """The :class:`Mode` attributes that the reason rests on."""

    ruling: str
    """The ruling that forbids the pair."""


INCOMPATIBLE_PAIRS: tuple[IncompatiblePair, ...] = (
    IncompatiblePair(
        "Inferno 2vs2",
        "Ultimo Bastione",
        "Competitive teams vs co-op; different play fields",
        ("opposition", "play_field"),
        cite("P07-3.1"),
    ),
    IncompatiblePair(
        "Zona di Conquista",
        "Ultimo Bastione",
        "5 flat zones vs 3 lanes x 4 depths; incompatible layouts",
        ("play_field",),
        cite("P07-3.2"),
    ),
    IncompatiblePair(
        "Cinque Soglie",
        "Single Player",
        "asymmetric match against starships: no symmetric opponent side for the Threshold events",
        ("symmetric_opponent_side", "needs_symmetric_opponent_side"),
        cite("P07-3.3"),
    ),
    IncompatiblePair(
        "Cinque Soglie",
        "Ultimo Bastione",
        "co-op against the Horde: no symmetric opponent side for the Threshold events",
        ("symmetric_opponent_side", "needs_symmetric_opponent_side"),
        cite("P07-3.4"),
    ),
)
"""The incompatible pairs, in the protocol's order, with its reasons."""


def mode(name: str) -> Mode:
    """The mode called ``name``; an unknown name is an error listing the known ones.

    >>> mode("Ultimo Bastione").play_field
    '3 lanes x 4 depths'
    >>> mode("Battle Royale")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: mode: expected a known mode, got 'Battle Royale' (known: 'Single Player', 'Inferno 2vs2', 'Ultimo Bastione', 'Zona di Conquista', 'Cinque Soglie')
    """
    return _BY_NAME[choose(name, "mode", MODE_NAMES, "mode")]


# --------------------------------------------------------------------------
# Combination check


@dataclass(frozen=True)
class Violation:
    """One rule that a set of modes breaks."""

    modes: tuple[str, ...]
    """The modes that break it, in the order the rule names them."""

    reason: str
    """Why, in the protocol's words."""

    rulings: tuple[str, ...]
    """The ruling IDs that forbid it."""

    def to_json(self) -> dict[str, Any]:
        return {"modes": list(self.modes), "reason": self.reason, "rulings": list(self.rulings)}


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
        others = tuple(m for m in modes if m != "Single Player")
        yield Violation(
            ("Single Player", *others),
            "Single Player has a completely self-contained structure "
            f"({mode('Single Player').self_contained}) and cannot be combined with any other mode",
            (cite("P07-2"),),
        )


def _incompatible_pairs(modes: Sequence[str]) -> Iterable[Violation]:
    for pair in INCOMPATIBLE_PAIRS:
        if pair.mode_a in modes and pair.mode_b in modes:
            yield Violation((pair.mode_a, pair.mode_b), pair.reason, (pair.ruling,))


#: The combination rules, checked in this order; each yields its violations.
COMBINATION_RULES = (
    ("single_player_alone", _single_player_alone),
    ("incompatible_pairs", _incompatible_pairs),
)


def check_combination(modes: Iterable[str]) -> CombinationVerdict:
    """Check a set of modes against every combination rule.

    Every broken rule is reported, not only the first (I-P07-2):

    >>> verdict = check_combination(["Cinque Soglie", "Single Player"])
    >>> verdict.allowed, verdict.rulings
    (False, ('P07-2', 'P07-3.3', 'I-P07-2'))

    A single mode is always allowed; a mode may not be listed twice:

    >>> check_combination(["Single Player"]).allowed
    True
    >>> check_combination(["Cinque Soglie", "Cinque Soglie"])
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: modes[1]: expected each mode once, got 'Cinque Soglie' (listed twice)
    """
    names: list[str] = []
    for i, name in enumerate(modes):
        path = f"modes[{i}]"
        choose(name, path, MODE_NAMES, "mode")
        if name in names:
            raise ScenarioError(path, "each mode once", got=name, hint="listed twice")
        names.append(name)
    if not names:
        raise ScenarioError("modes", "at least one mode", got=[])
    violations = tuple(v for _, rule in COMBINATION_RULES for v in rule(names))
    rulings = [r for v in violations for r in v.rulings]
    if not violations:
        rulings.append(cite("P07-1"))
    if len(violations) > 1:
        rulings.append(cite("I-P07-2"))
    return CombinationVerdict(tuple(names), violations, tuple(rulings))


# --------------------------------------------------------------------------
# Destruction


#: The names of the optional effects, in the canonical order.
EFFECTS: tuple[str, ...] = (
    "NecroToken",
    "Quadrante dell'Oblio",
    "Imboscata Illusoria",
    "Fessura Dimensionale",
)

#: The largest seed a scenario may give (a 64-bit whole number).
MAX_SEED = 2**63 - 1

#: How many results the Quadrante draws from when no table is given (I-P07-4).
QUADRANTE_DEFAULT_RESULTS = 6

#: The longest Quadrante table a scenario may supply.
MAX_QUADRANTE_RESULTS = 100


@dataclass(frozen=True)
class Destruction:
    """One card destroyed, and everything about it the resolution order asks."""

    destroyed_by_opponent: bool = False
    """Whether the opponent destroyed the card (NecroToken)."""

    face_down: bool = False
    """Whether the card was face-down (Imboscata Illusoria)."""

    illusio_in_hand: bool = False
    """Whether the card's owner holds an Illusio (I-P07-1)."""

    fessura_self_destruct: bool = False
    """Whether the destruction was a Fessura self-destruct."""

    in_play: frozenset[str] = frozenset(EFFECTS)
    """Which of the optional :data:`EFFECTS` are in play in this match."""

    quadrante_table: tuple[str, ...] = ()
    """The Quadrante's effect table, if a maintainer supplies one (I-P07-4)."""

    def __post_init__(self) -> None:
        for name in self.in_play:
            choose(name, "in_play", EFFECTS, "effect")
        if self.destroyed_by_opponent and self.fessura_self_destruct:
            raise ScenarioError(
                "fessura_self_destruct",
                "false when destroyed_by_opponent is true",
                got=True,
                hint="a self-destruct is not a destruction by the opponent",
            )


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
            "detail": self.detail,
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


class Decision(NamedTuple):
    """What one step of the destruction order decides."""

    fires: bool
    detail: str
    rulings: tuple[str, ...]
    quadrante_result: int | None = None


def _card_destroyed(d: Destruction, rng: random.Random) -> Decision:
    return Decision(True, "The card is sent to the Incinerator: destruction confirmed.", (cite("P07-4.1"),), None)


def _necrotoken(d: Destruction, rng: random.Random) -> Decision:
    rulings = (cite("P07-4.2"), cite("I-P07-1"))
    if "NecroToken" not in d.in_play:
        return Decision(False, "NecroToken is not in play.", (cite("P07-4.2"),), None)
    if not d.destroyed_by_opponent:
        return Decision(False, "Not destroyed by the opponent: no NecroToken.", (cite("P07-4.2"),), None)
    return Decision(
        True, "Destroyed by the opponent: the owner receives 1 NecroToken (passive, immediate).", rulings, None
    )


def _quadrante(d: Destruction, rng: random.Random) -> Decision:
    if "Quadrante dell'Oblio" not in d.in_play:
        return Decision(False, "The Quadrante dell'Oblio is not in play.", (cite("P07-4.3"),), None)
    size = len(d.quadrante_table) or QUADRANTE_DEFAULT_RESULTS
    result = rng.randint(1, size)
    detail = f"The owner activates the Quadrante: random effect via Tool (result {result} of the Tool)."
    if d.quadrante_table:
        detail += f" Effect: {d.quadrante_table[result - 1]}"
    return Decision(True, detail, (cite("P07-4.3"), cite("I-P07-1"), cite("I-P07-4")), result)


def _imboscata(d: Destruction, rng: random.Random) -> Decision:
    rulings = (cite("P07-4.4"),)
    if "Imboscata Illusoria" not in d.in_play:
        return Decision(False, "The Imboscata Illusoria is not in play.", rulings, None)
    if not d.face_down:
        return Decision(False, "The card was not face-down.", rulings, None)
    if not d.illusio_in_hand:
        return Decision(False, "The owner has no Illusio in hand.", rulings + (cite("I-P07-1"),), None)
    return Decision(
        True,
        "The card was face-down: the owner places the Illusio from their hand on the field.",
        (
            *rulings,
            cite("I-P07-1"),
        ),
        None,
    )


def _fessura(d: Destruction, rng: random.Random) -> Decision:
    rulings = (cite("P07-4.5"),)
    if "Fessura Dimensionale" not in d.in_play:
        return Decision(False, "The Fessura Dimensionale is not in play.", rulings, None)
    if not d.fessura_self_destruct:
        return Decision(False, "Not a Fessura self-destruct: no draw.", rulings, None)
    return Decision(
        True,
        "A Fessura self-destruct: the owner draws from the Mazzo Dimensionale.",
        (
            *rulings,
            cite("I-P07-1"),
        ),
        None,
    )


class OrderStep(NamedTuple):
    """One step of the canonical destruction order."""

    effect: str
    """The step's name, as in the protocol."""

    when: str
    """When it applies, in the protocol's words."""

    decide: Callable[[Destruction, random.Random], Decision]
    """Whether it fires for one destruction, and why."""


DESTRUCTION_ORDER: tuple[OrderStep, ...] = (
    OrderStep("Card destroyed", "always: the card goes to the Incinerator, destruction confirmed", _card_destroyed),
    OrderStep("NecroToken assigned", "if destroyed by the opponent (passive, immediate)", _necrotoken),
    OrderStep("Quadrante dell'Oblio", "random effect via Tool", _quadrante),
    OrderStep("Imboscata Illusoria", "if a face-down card and an Illusio in hand", _imboscata),
    OrderStep("Fessura Dimensionale", "only if a Fessura self-destruct", _fessura),
)
"""The canonical resolution order on a destruction (P07-4). This tuple is the
only place the order is written down: the resolver, the site's table and the
widget all read it."""


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
        fires, detail, rulings, quadrante = step.decide(destruction, rng)
        steps.append(Step(number, step.effect, fires, detail, (cite("P07-4"), *rulings), quadrante))
    return DestructionResult(destruction, tuple(steps))


# --------------------------------------------------------------------------
# Scenarios


@dataclass(frozen=True)
class CombinationScenario:
    """A scenario asking whether a set of modes combines."""

    modes: tuple[str, ...]
    """The modes to check, as given."""

    def run(self) -> CombinationVerdict:
        return check_combination(self.modes)


@dataclass(frozen=True)
class DestructionScenario:
    """A scenario resolving one destruction with a seed."""

    destruction: Destruction
    """The destruction to resolve."""

    seed: int = 0
    """Seed of the generator that draws the Quadrante's result."""

    def run(self) -> DestructionResult:
        return resolve_destruction(self.destruction, random.Random(self.seed))


def load_combination(f: Fields) -> CombinationScenario:
    """Read a ``p07.combination`` scenario; see the scenario format page."""
    modes = tuple(choose(name, path, MODE_NAMES, "mode") for path, name in f.items("modes", min_items=1))
    check_combination(modes)  # duplicates and emptiness are scenario errors too
    return CombinationScenario(modes)


def load_destruction(f: Fields) -> DestructionScenario:
    """Read a ``p07.destruction`` scenario; see the scenario format page."""
    in_play: list[str] = []
    for path, name in f.items("in_play", default=list(EFFECTS)):
        in_play.append(choose(name, path, EFFECTS, "effect"))
    table = tuple(_string(item, path) for path, item in f.items("quadrante_table", default=[]))
    if len(table) > MAX_QUADRANTE_RESULTS:
        raise ScenarioError("quadrante_table", f"at most {MAX_QUADRANTE_RESULTS} effects", got=f"{len(table)} effects")
    destruction = Destruction(
        destroyed_by_opponent=f.boolean("destroyed_by_opponent", default=False),
        face_down=f.boolean("face_down", default=False),
        illusio_in_hand=f.boolean("illusio_in_hand", default=False),
        fessura_self_destruct=f.boolean("fessura_self_destruct", default=False),
        in_play=frozenset(in_play),
        quadrante_table=table,
    )
    return DestructionScenario(destruction, f.integer("seed", default=0, minimum=0, maximum=MAX_SEED))


def _string(value: object, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise ScenarioError(path, "a non-empty string", got=value)
    return value


__all__ = [
    "DESTRUCTION_ORDER",
    "EFFECTS",
    "INCOMPATIBLE_PAIRS",
    "MODES",
    "MODE_NAMES",
    "RULEBOOK",
    "CombinationVerdict",
    "Destruction",
    "DestructionResult",
    "IncompatiblePair",
    "Mode",
    "Step",
    "Violation",
    "check_combination",
    "mode",
    "resolve_destruction",
]
