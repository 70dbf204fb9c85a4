"""What a §19 scenario is made of, declared once: cards (faces, values, abilities) and actions.

The scenario kind (:mod:`.kinds`) and the card-design linter (:mod:`.lint`) read cards with the same
declarations. Every reader error names the field; the checks that span several cards (a card on the
board, a Storyline to Bind) are the kind's.
"""

from __future__ import annotations

from dataclasses import fields, replace
from difflib import get_close_matches
from typing import Any

from ..errors import ScenarioError
from ..fields import check_int, join
from ..schema import NOTHING, Bool, Choice, Context, Field, Int, ListOf, MapOf, Obj, Ref, Tagged, Text, Type
from .cards import Ability, Action, CardDef, Face, Target
from .rules import (
    ABILITY_TYPES,
    CLASSES,
    COUNTERS,
    FACE_KEYS,
    FLIP_CAUSE_NAMES,
    FLIP_CAUSES,
    KNOWN_PHASES,
    LEAVE_ZONES,
    MAX_ABILITIES,
    MAX_CARDS,
    MAX_EFFECTS,
    MAX_NUMBER,
    MAX_POOL,
    STATES,
    SUBTYPES,
    TRIGGER_EVENTS,
    TRIGGER_SUBJECTS,
    TYPES,
    UNLABELLED,
    USE_ONLY,
    VALUES,
    X_VALUES,
    X,
)

# --------------------------------------------------------------------------
# The types §19 adds to the kernel's


def check_phase(value: object, path: str) -> str:
    """A phase name; a near miss of a phase §19 names is an error.

    >>> check_phase("Admin", "phase")
    'Admin'
    >>> check_phase("Raedy", "phase")
    Traceback (most recent call last):
    ...
    estro_rules.errors.ScenarioError: phase: expected a phase name, got 'Raedy' (did you mean 'Ready'?)
    """
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(path, "a phase name (a string)", got=value)
    if value not in KNOWN_PHASES:
        close = get_close_matches(value, KNOWN_PHASES)  # the closest first
        if close:
            raise ScenarioError(path, "a phase name", got=value, hint=f"did you mean {close[0]!r}?")
    return value


class Phase(Type):
    """A phase: any name (§10, which lists them, is not published), but not a near miss of one §19 names."""

    expected = "a value"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        return check_phase(value, path)

    def describe(self) -> str:
        return "phase name"

    def to_json(self) -> dict[str, Any]:
        return {"type": "text", "nonempty": True, "what": "phase name", "suggestions": list(KNOWN_PHASES)}


class PrintedValue(Type):
    """A value printed on a face: a whole number from 0, or ``X`` — the DEF and Rank of a Character.

    It reads the face's ``type`` (read before it) and the value's name (its key) from the context.
    """

    expected = "a whole number"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> int | str:
        character = ctx.get("type") == "Character"
        if value == X:
            if not character or ctx.get("_key") not in X_VALUES:
                raise ScenarioError(
                    path, "a whole number of at least 0 (only a Character prints DEF X and Rank X)", got=value
                )
            return X
        if character and ctx.get("_key") in X_VALUES:
            raise ScenarioError(path, "'X' (a Character prints DEF X and Rank X)", got=value)
        return check_int(value, path, minimum=0, maximum=MAX_NUMBER)

    def describe(self) -> str:
        return f"whole number, 0 to {MAX_NUMBER}, or X (a Character's DEF and Rank)"

    def to_json(self) -> dict[str, Any]:
        return {"type": "int", "min": 0, "max": MAX_NUMBER, "nonzero": False, "also": [X]}


class Subtype(Choice):
    """A subtype, which the face's ``type`` (read before it) must be able to carry."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        sub = super().read(value, path, ctx)
        kind = ctx.get("type")
        if kind not in SUBTYPES[sub]:
            raise ScenarioError(path, f"a subtype a {kind} can have", got=sub, hint=f"{sub} is for {SUBTYPES[sub][0]}s")
        return sub


class Named(Ref):
    """A name the kind's check reads whole, whatever its JSON type, as a choice among the names the
    scenario defines (its players, the faces of the placed card)."""

    def __init__(self, to: str, what: str) -> None:
        super().__init__(to, what)
        self.expected = "a value"

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> Any:
        return value


class CardName(Ref):
    """A card on the board named in a list: a non-empty string."""

    def read(self, value: object, path: str, ctx: Context = NOTHING) -> str:
        if not isinstance(value, str) or not value:
            raise ScenarioError(path, "a non-empty string", got=value)
        return value


# --------------------------------------------------------------------------
# Actions (and an ability's effects)

TARGET: tuple[Field, ...] = (
    Field(
        "card",
        Ref("board", "card"),
        default=None,
        label="Card",
        help="The card it acts on, by its ID on the board (`self` in an ability: its own card)",
    ),
    Field(
        "cards",
        ListOf(
            CardName("board", "card"),
            min_items=1,
            what="list of cards",
            too_few=lambda given: ("a list of at least 1 card", given, ""),
        ),
        default=None,
        label="Cards",
        help="Several cards it acts on, by their IDs on the board",
    ),
    Field(
        "classes",
        ListOf(Choice(tuple(CLASSES), "class of cards"), min_items=1, what="list of class names"),
        default=None,
        label="Every card on the Map of these kinds",
        help="Kinds of card it acts on, every one on the Map: " + ", ".join(CLASSES),
    ),
    Field(
        "controller",
        Ref("players", "player"),
        default=None,
        label="Only cards controlled by",
        help="Only the cards this player controls (`you` in an ability: its card's controller)",
    ),
)
"""Which cards an action reaches: exactly one of ``card``, ``cards`` and ``classes``, and a controller."""

ONE_CARD = Field("card", Ref("board", "card"), label="Card", help="The card, by its ID on the board")


def _amount(label: str, help: str, minimum: int = 1) -> Field:
    return Field("amount", Int(minimum, MAX_NUMBER), label=label, help=help)


VALUE = Field("value", Choice(VALUES, "value", expected="a value"), label="Value", help="The printed value it changes")
EFFECT_NAME = Field(
    "effect",
    Text(),
    default=None,
    label="Name of the lasting effect",
    help="A name for the lasting effect, so that an `end_effect` action can end it",
)
COUNTER = Field("counter", Choice(COUNTERS, "counter", expected="a value"), label="Counter", help="Which counter")
COUNT = Field("n", Int(1, MAX_NUMBER), default=1, label="How many", help="How many counters")
SOURCE = Field(
    "source",
    Ref("board", "card"),
    default=None,
    label="Whose text it is",
    help="The card whose text makes it happen (in an ability, only `self`: its own card)",
)
PLAYER = Field(
    "player",
    Ref("players", "player"),
    default=None,
    label="Player",
    help="Who uses the ability (the card's controller when left out)",
)
ABILITY_NAME = Field("ability", Ref("abilities", "ability"), label="Ability", help="The ability, by its printed name")


def _variant(name: str, label: str, *fields: Field) -> Obj:
    return Obj(fields, name=name, label=label)


_VARIANTS = (
    _variant("damage", "damage to a Character (CP)", *TARGET, _amount("Damage", "How much damage")),
    _variant("cp_loss", "CP loss to a Character by some other route", *TARGET, _amount("CP lost", "How much CP")),
    _variant(
        "morality_penalty",
        "Morality Penalty: CP loss that can make a Character Fall",
        *TARGET,
        _amount("Morality Penalty (CP)", "How much CP the Morality Penalties take"),
    ),
    _variant("add_counters", "put counters (Liberation, Sabotage, damage) on cards", *TARGET, COUNTER, COUNT),
    _variant("remove_counters", "take counters off cards", *TARGET, COUNTER, COUNT),
    _variant(
        "penalty", "reduce a value (-N)", *TARGET, VALUE, _amount("By how much", "How much it takes off"), EFFECT_NAME
    ),
    _variant(
        "bonus", "bonus language: +N to a value", *TARGET, VALUE, _amount("Bonus (+N)", "How much it adds"), EFFECT_NAME
    ),
    _variant(
        "grant",
        "granting language: the card has the value",
        *TARGET,
        VALUE,
        _amount("Granted value", "The value the card has (0 is a value)", minimum=0),
        EFFECT_NAME,
    ),
    _variant("lose", "the card loses a value while the effect lasts", *TARGET, VALUE, EFFECT_NAME),
    _variant(
        "end_effect",
        "a lasting effect ends",
        Field("effect", Text(), label="Name of the lasting effect", help="The lasting effect that ends"),
    ),
    _variant(
        "flip",
        "flip cards to a face",
        *TARGET,
        Field("to", Choice(STATES, "face state", expected="a value"), label="To the face", help="The face it flips to"),
        Field(
            "cause",
            Choice(FLIP_CAUSE_NAMES, "cause"),
            default="other effect",
            label="Cause",
            help="What flips it: each cause leads only to some faces (§19.2)",
        ),
        SOURCE,
    ),
    _variant(
        "liberate",
        "a successful Liberation",
        *TARGET,
        Field(
            "cp_loss",
            Int(1, MAX_NUMBER),
            default=None,
            label="CP it takes from a Character",
            help="The CP a successful Liberation takes from a Character (needed when one is Liberated)",
        ),
    ),
    _variant("redeem", "Redeem clause: flip back to Prime", *TARGET),
    _variant("twist", "a Character's own Twist: flip to Fallen", *TARGET, SOURCE),
    _variant(
        "storyline_leaves",
        "a Storyline leaves play",
        *TARGET,
        Field(
            "to",
            Choice(LEAVE_ZONES, "zone"),
            default="Depleted Pile",
            label="To the zone",
            help="Where the Storyline goes",
        ),
    ),
    _variant("destroy", "destroy cards", *TARGET),
    _variant(
        "enter",
        "a card enters the Map (a Storyline Binds)",
        *TARGET,
        Field(
            "face",
            Choice(FACE_KEYS, "face"),
            default=None,
            label="On the face",
            help="The face it enters on (the face it has when left out)",
        ),
        Field(
            "bind",
            ListOf(CardName("board", "Character"), what="list of Characters"),
            default=(),
            label="Characters it Binds",
            help="The Characters an entering Storyline Binds",
        ),
    ),
    _variant(
        "set_phase",
        "move to a phase (and a new active player)",
        Field("phase", Phase(), label="Phase", help="The phase the turn moves to"),
        Field(
            "active",
            Ref("players", "player"),
            default=None,
            label="Active player",
            help="Whose turn it becomes (the same player's when left out)",
        ),
    ),
    _variant("activate", "activate an ability, if its timing allows", ONE_CARD, ABILITY_NAME, PLAYER),
    _variant(
        "can_activate",
        "ask: can this ability be used now?",
        ONE_CARD,
        ABILITY_NAME,
        PLAYER,
        Field("phase", Phase(), default=None, label="In the phase", help="Ask about this phase (the current one when left out)"),
        Field(
            "during_sequence",
            Bool(),
            default=False,
            label="While a sequence resolves",
            help="Ask as if a resolution sequence were under way (§19.1)",
        ),
    ),
    _variant("capabilities", "ask: what can this card do with the values it has?", ONE_CARD),
)

SCENARIO_ONLY: tuple[str, ...] = ("enter", "set_phase", "activate", "can_activate", "capabilities")
"""The actions a scenario may take and an ability's effect may not: entering, the turn, the questions."""

EFFECT_ACTIONS: tuple[str, ...] = tuple(v.name for v in _VARIANTS if v.name not in SCENARIO_ONLY)
"""The actions an ability's effect may take."""

TRIGGER_ORDER = Field(
    "trigger_order",
    MapOf(Ref("players", "player"), ListOf(CardName("triggers", "trigger")), what="player → list of triggers", default=()),
    default=None,
    label="Order of each player's new triggers",
    help="Per player, the order they choose for their new triggers, as `card/ability` (I-R19-2)",
)


def _target(values: dict[str, Any], path: str) -> Target:
    given = [k for k in ("card", "cards", "classes") if values[k] is not None]
    if len(given) != 1:
        raise ScenarioError(
            join(path, "card"),
            "exactly one of 'card', 'cards' or 'classes'",
            got=given or None,
            hint="which cards the action reaches",
        )
    controller = values["controller"]
    if given[0] == "card":
        return Target(cards=(values["card"],), controller=controller)
    if given[0] == "cards":
        return Target(cards=values["cards"], controller=controller, key="cards")
    return Target(classes=values["classes"], controller=controller, key="classes")


def _targeted(values: dict[str, Any]) -> bool:
    """Whether the action reaches its cards through :data:`TARGET` (rather than one ``card``)."""
    return "classes" in values


def _check_action(tag: str, values: dict[str, Any], path: str, *, in_ability: bool = False) -> None:
    if _targeted(values):
        _target(values, path)
    source = values.get("source")
    if in_ability and source not in (None, "self"):
        raise ScenarioError(
            join(path, "source"),
            "'self' (an ability's effect is the text of its own card)",
            got=source,
            hint="only a Storyline's own text is a route to Fallen (§7.7)",
        )
    if tag == "flip":
        cause = next(c for c in FLIP_CAUSES if c.name == values["cause"])
        if values["to"] not in cause.to:
            raise ScenarioError(
                join(path, "to"),
                f"a face that {cause.name!r} can lead to ({', '.join(cause.to)})",
                got=values["to"],
            )


_ACTION_FIELDS = tuple(f.name for f in fields(Action) if f.name not in ("do", "path", "target", "trigger_order"))
"""The fields of :class:`~estro_rules.r19.cards.Action` that an action's JSON gives under the same name."""


def _build_action(tag: str, values: dict[str, Any], path: str) -> Action:
    kw: dict[str, Any] = {name: values[name] for name in _ACTION_FIELDS if name in values}
    if _targeted(values):
        kw["target"] = _target(values, path)
    elif "card" in values:
        kw["target"] = Target(cards=(values["card"],))
    if "n" in values:
        kw["amount"] = values["n"]
    if values.get("trigger_order"):
        kw["trigger_order"] = tuple(values["trigger_order"].items())
    return Action(tag, path, **kw)


ACTION = Tagged(
    "do",
    {v.name: v for v in _VARIANTS},
    what="action",
    after=(TRIGGER_ORDER,),
    check=_check_action,
    build=_build_action,
    labels={v.name: v.label for v in _VARIANTS},
    label="Action",
)
"""One scenario action: ``do`` names it, and each action has its own fields."""

EFFECT = ACTION.only(
    EFFECT_ACTIONS,
    what="effect",
    label="Effect",
    after=(),
    check=lambda tag, values, path: _check_action(tag, values, path, in_ability=True),
)
"""One effect of an ability: an action that changes the board, written on its own card."""

# --------------------------------------------------------------------------
# Cards


def _build_ability(tag: str, values: dict[str, Any], path: str) -> Ability:
    """The ability read; what its type does not have keeps :class:`~estro_rules.r19.cards.Ability`'s default."""
    kw: dict[str, Any] = {name: values[name] for name in ("on", "of", "use_only", "phases") if name in values}
    if tag == "resource":
        kw["phases"] = (values["phase"],)
    return Ability(values["name"], tag, effects=values["effects"], text=values["text"], **kw)


_ABILITY_VARIANTS: dict[str, Obj] = {
    "activated": Obj(
        [
            Field(
                "use_only",
                Choice(USE_ONLY, "timing restriction", labels={"your turn": "Only during your turn"}),
                default=None,
                label="Printed restriction",
                help="A printed timing restriction: `your turn`",
            ),
            Field(
                "phases",
                ListOf(Phase(), what="list of phase names"),
                default=(),
                label="Only in the phases",
                help="The only phases its text allows (none: no such restriction)",
            ),
        ],
        name="activated",
        label="Activated",
    ),
    "triggered": Obj(
        [
            Field(
                "on",
                Choice(TRIGGER_EVENTS, "trigger event", expected="a value"),
                label="Triggers when",
                help="What it triggers on: " + ", ".join(TRIGGER_EVENTS),
            ),
            Field(
                "of",
                Choice(TRIGGER_SUBJECTS, "trigger subject", labels={"self": "This card", "any": "Any card"}),
                default="self",
                label="Of which card",
                help="`self`: when this card does it; `any`: when any card does",
            ),
        ],
        name="triggered",
        label="Triggered",
    ),
    "static": Obj([], name="static", label="Static"),
    "bind": Obj([], name="bind", label="Bind (a Storyline Binds as it enters)"),
    "resource": Obj(
        [Field("phase", Phase(), label="Phase", help="The phase in which it generates resources")],
        name="resource",
        label="Resource generation",
    ),
}
"""The kinds of ability, each with the fields only it has, in the order of :data:`~estro_rules.r19.rules.ABILITY_TYPES`."""
if tuple(_ABILITY_VARIANTS) != ABILITY_TYPES:  # pragma: no cover - a declaration out of step with the vocabulary
    raise AssertionError(f"ability types {tuple(_ABILITY_VARIANTS)} are not {ABILITY_TYPES}")

ABILITY = Tagged(
    "type",
    _ABILITY_VARIANTS,
    what="ability type",
    before=(Field("name", Text(), label="Name", help="The ability's printed name"),),
    after=(
        Field(
            "effects",
            ListOf(EFFECT, max_items=MAX_EFFECTS, noun="effects", what="list of effects"),
            default=(),
            label="Effects",
            help="What it does, as actions",
        ),
        Field("text", Text(), default="", label="Printed text", help="The printed text, shown as it is"),
    ),
    build=_build_ability,
    labels={name: variant.label for name, variant in _ABILITY_VARIANTS.items()},
    label="Ability",
)
"""One ability a card prints; ``type`` says which further fields it has."""


def _check_face(values: dict[str, Any], path: str) -> None:
    if values["type"] == "Character" and "CP" not in (values["values"] or {}):
        raise ScenarioError(
            join(path, "values.CP"), "a printed CP (every Character face prints CP)", hint="missing field"
        )


def _build_face(values: dict[str, Any], path: str) -> Face:
    return Face(None, values["type"], values["subtypes"], dict(values["values"] or {}), values["abilities"])


FACE = Obj(
    [
        Field("type", Choice(TYPES, "card type", expected="a value"), label="Card type", help="The type on its type line"),
        Field(
            "subtypes",
            ListOf(Subtype(tuple(SUBTYPES), "subtype"), what="list of subtypes"),
            default=(),
            label="Subtypes",
            help="`Drone` for a Ground Unit, `Surface` for a Location",
        ),
        Field(
            "values",
            MapOf(Choice(VALUES, "value name"), PrintedValue(), what="value name → printed value"),
            default=None,
            label="Printed values",
            help="The values it prints: " + ", ".join(VALUES) + " (a value it does not print is left out, never 0)",
        ),
        Field(
            "abilities",
            ListOf(ABILITY, max_items=MAX_ABILITIES, noun="abilities", what="list of abilities"),
            default=(),
            label="Abilities of this face",
            help="Printed on this face only",
        ),
    ],
    name="face",
    label="Face",
    check=_check_face,
    build=_build_face,
)
"""One face of a card."""


def _check_card(values: dict[str, Any], path: str) -> None:
    faces: dict[str, Face] = values["faces"]
    where = join(path, "faces")
    for key, face in faces.items():
        if face.type == "Non-Capital Spacecraft" and key == "Contested":
            raise ScenarioError(
                join(where, key), "no Contested face on a Non-Capital Spacecraft (it has none, §19.8)", got=key
            )
    if not faces:
        raise ScenarioError(where, "at least one face", got={})
    if UNLABELLED in faces and len(faces) > 1:
        raise ScenarioError(
            join(where, UNLABELLED), "state-labelled faces only, on a card with several faces", got=UNLABELLED
        )
    types = {face.type for face in faces.values()}
    if len(types) > 1:
        raise ScenarioError(where, "faces of one card type", got=", ".join(sorted(types)))
    names = [a.name for a in values["abilities"]]
    for key, face in faces.items():
        for i, a in enumerate(face.abilities):
            if a.name in names:
                raise ScenarioError(
                    join(where, f"{key}.abilities[{i}].name"),
                    "a name not used by another ability of the card",
                    got=a.name,
                )


def _build_card(values: dict[str, Any], path: str) -> CardDef:
    faces = {key: replace(face, state=None if key == UNLABELLED else key) for key, face in values["faces"].items()}
    return CardDef(values["id"], values["name"], faces, values["abilities"])


CARD = Obj(
    [
        Field("id", Text(), label="Card number", help="The card number (`XX-GRD-001`)"),
        Field("name", Text(), label="Name", help="The card's name"),
        Field(
            "faces",
            MapOf(Choice(FACE_KEYS, "face", labels={UNLABELLED: "No state label"}), FACE, what="state label → face"),
            label="Faces",
            help="Its faces, each keyed by the state label of its type line: "
            + ", ".join(FACE_KEYS)
            + " (a face with no label is the card's only face)",
        ),
        Field(
            "abilities",
            ListOf(ABILITY, max_items=MAX_ABILITIES, noun="abilities", what="list of abilities"),
            default=(),
            label="Abilities",
            help="Abilities on every face",
        ),
    ],
    name="card",
    label="Card",
    check=_check_card,
    build=_build_card,
)
"""One card definition."""


def check_cards(cards: tuple[CardDef, ...], path: str) -> None:
    """Each card number once."""
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            raise ScenarioError(join(path, f"[{i}].id"), "a card number not defined twice", got=card.id)
        seen.add(card.id)


CARDS = ListOf(CARD, min_items=1, max_items=MAX_CARDS, noun="card definitions", what="list of card definitions")
"""The card definitions of a scenario."""

POOL_CARDS = ListOf(CARD, min_items=1, max_items=MAX_POOL, noun="card definitions", what="list of card definitions")
"""The card definitions of a pool for the design linter."""
"""The cards a scenario (or a card pool) defines."""
