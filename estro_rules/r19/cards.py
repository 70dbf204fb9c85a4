"""Cards as a scenario gives them and the engine holds them: faces, type lines, printed values, abilities.

A card definition is JSON such as::

    {"id": "XX-GRD-001", "name": "XCS",
     "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}

Faces are keyed by the state label on their type line (``Prime``, ``Contested``, ``Fallen``,
``Reversal``) or ``Unlabelled`` for a face whose type line carries none. A value the face does not print
is simply absent: it is never 0 (§19.7), and :meth:`Face.value` answers ``None``. Every class here
declares its fields where they are (:mod:`estro_rules.declare`), and the rules across them with the
rulings behind each; the scenario kind (:mod:`.kinds`) and the card-design linter (:mod:`.lint`) read
cards with these same declarations.

>>> card = CardDef.read({"id": "XX-GRD-001", "name": "XCS", "faces": {"Unlabelled":
...     {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}, "cards[0]")
>>> face = card.faces["Unlabelled"]
>>> face.value("DEF"), face.value("Rank"), face.type_line
(2, None, 'Ground Unit')
>>> CardDef.read({"id": "C", "name": "C", "faces": {"Prime": {"type": "Ground Unit",
...     "values": {"DEF": "2"}}}}, "cards[1]")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: cards[1].faces.Prime.values.DEF: expected a whole number, got '2'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..declare import Declared, declared, record
from ..errors import ScenarioError
from ..fields import join
from ..i18n import N_, Message
from ..ordered import Rule, RuleList
from ..schema import REQUIRED, Choice, ListOf, MapOf, Obj, Text
from ..shapes import Tagged
from .acting import Action
from .actions import EFFECT
from .declarations import Phase, PrintedValue, Subtype
from .rulebook import cite
from .rules import (
    ABILITY_TYPES,
    CLASSES,
    FACE_KEYS,
    MAX_ABILITIES,
    MAX_CARDS,
    MAX_EFFECTS,
    MAX_POOL,
    SUBTYPES,
    TRIGGER_EVENTS,
    TRIGGER_SUBJECTS,
    TYPES,
    UNIT_TYPES,
    UNLABELLED,
    USE_ONLY,
    VALUES,
)

# --------------------------------------------------------------------------
# Abilities


def _effects_are_its_own_cards_text(values: dict[str, Any], path: str) -> None:
    for i, effect in enumerate(values["effects"]):
        source = getattr(effect, "source", None)
        if source not in (None, "self"):
            raise ScenarioError(
                join(path, f"effects[{i}].source"),
                "'self' (an ability's effect is the text of its own card)",
                got=source,
                hint="only a Storyline's own text is a route to Fallen (§7.7)",
            )


@record(
    "ability",
    label=N_("Ability"),
    rules=RuleList(
        [
            Rule(
                "an_effect_is_its_own_cards_text",
                _effects_are_its_own_cards_text,
                N_("An ability's effect is the text of its own card: its source is the card itself."),
                (cite("R19-2.3"),),
            )
        ]
    ),
)
@dataclass(frozen=True)
class Ability(Declared):
    """One ability printed on a card; its ``type`` says which of its fields it has (:data:`ABILITY`)."""

    name: str = declared(Text(), label=N_("Name"), help=N_("The ability's printed name"))
    """The ability's name, as printed (``"War Crime"``)."""

    type: str = "static"
    """One of :data:`~estro_rules.r19.rules.ABILITY_TYPES`."""

    on: str | None = declared(
        Choice(TRIGGER_EVENTS, N_("trigger event"), expected="a value"),
        default=None,
        label=N_("Triggers when"),
        help=Message("What it triggers on: {events}", events=", ".join(TRIGGER_EVENTS)),
    )
    """For a triggered ability: what it keys on (:data:`~estro_rules.r19.rules.TRIGGER_EVENTS`)."""

    of: str = declared(
        Choice(TRIGGER_SUBJECTS, N_("trigger subject"), labels={"self": "This card", "any": "Any card"}),
        default="self",
        label=N_("Of which card"),
        help=N_("`self`: when this card does it; `any`: when any card does"),
    )
    """For a triggered ability: ``"self"`` (this card) or ``"any"`` (any card)."""

    effects: tuple[Action, ...] = declared(
        ListOf(EFFECT, max_items=MAX_EFFECTS, noun="effects", what=N_("list of effects")),
        default=(),
        label=N_("Effects"),
        help=N_("What it does, as actions"),
    )
    """What it does, as actions (``"self"`` names the card)."""

    use_only: str | None = declared(
        Choice(USE_ONLY, N_("timing restriction"), labels={"your turn": "Only during your turn"}),
        default=None,
        label=N_("Printed restriction"),
        help=N_("A printed timing restriction: `your turn`"),
    )
    """A printed timing restriction on an activated ability (``"your turn"``)."""

    phases: tuple[str, ...] = declared(
        ListOf(Phase(), what=N_("list of phase names")),
        default=(),
        label=N_("Only in the phases"),
        help=N_("The only phases its text allows (none: no such restriction)"),
    )
    """For an activated ability: the only phases its text allows (empty: no such restriction)."""

    text: str = declared(Text(), default="", label=N_("Printed text"), help=N_("The printed text, shown as it is"))
    """The printed text, for display."""

    phase: str | None = declared(
        Phase(), default=None, label=N_("Phase"), help=N_("The phase in which it generates resources")
    )
    """For a resource ability: the phase it is tied to."""


def _variant(name: str, label: str, *fields: str, required: tuple[str, ...] = ()) -> Obj:
    """The fields of :class:`Ability` one type of ability has; ``required``: those it must give."""
    declared = [Ability.SCHEMA.field(f) for f in fields]
    return Obj([replace(f, default=REQUIRED) if f.name in required else f for f in declared], name=name, label=label)


_ABILITY_VARIANTS: dict[str, Obj] = {
    "activated": _variant("activated", "Activated", "use_only", "phases"),
    "triggered": _variant("triggered", "Triggered", "on", "of", required=("on",)),
    "static": _variant("static", "Static"),
    "bind": _variant("bind", "Bind (a Storyline Binds as it enters)"),
    "resource": _variant("resource", "Resource generation", "phase", required=("phase",)),
}
"""The kinds of ability, each with the fields of :class:`Ability` only it has, in the order of
:data:`~estro_rules.r19.rules.ABILITY_TYPES`."""
if tuple(_ABILITY_VARIANTS) != ABILITY_TYPES:  # pragma: no cover - a declaration out of step with the vocabulary
    raise AssertionError(f"ability types {tuple(_ABILITY_VARIANTS)} are not {ABILITY_TYPES}")

ABILITY = Tagged(
    "type",
    _ABILITY_VARIANTS,
    what="ability type",
    before=(Ability.SCHEMA.field("name"),),
    after=(Ability.SCHEMA.field("effects"), Ability.SCHEMA.field("text")),
    build=lambda tag, values, path: Ability.SCHEMA.finish(values, path),
    labels={name: variant.label for name, variant in _ABILITY_VARIANTS.items()},
    label=N_("Ability"),
)
"""One ability a card prints; ``type`` says which further fields it has (its rules: :class:`Ability`)."""

# --------------------------------------------------------------------------
# Faces


def _a_character_prints_cp(values: dict[str, Any], path: str) -> None:
    if values["type"] == "Character" and "CP" not in (values["values"] or {}):
        raise ScenarioError(
            join(path, "values.CP"), "a printed CP (every Character face prints CP)", hint="missing field"
        )


def _its_card_labels_it(values: dict[str, Any], path: str) -> None:
    values.setdefault("state", None)  # the card gives each face its state: the key it is under


@record(
    "face",
    label=N_("Face"),
    rules=RuleList(
        [
            Rule(
                "a_character_prints_cp",
                _a_character_prints_cp,
                N_("Every Character face prints CP."),
                (cite("R19-2.4"),),
            ),
            Rule("its_card_labels_it", _its_card_labels_it, N_("Its state is the label its card keys it by."), ()),
        ]
    ),
)
@dataclass(frozen=True)
class Face(Declared):
    """One face of a card."""

    state: str | None
    """The state label of its type line, or ``None`` when it has none (the key its card keys it by)."""

    type: str = declared(
        Choice(TYPES, N_("card type"), expected="a value"), label=N_("Card type"), help=N_("The type on its type line")
    )
    """The card type (:data:`~estro_rules.r19.rules.TYPES`)."""

    subtypes: tuple[str, ...] = declared(
        ListOf(Subtype(tuple(SUBTYPES), "subtype"), what=N_("list of subtypes")),
        default=(),
        label=N_("Subtypes"),
        help=N_("`Drone` for a Ground Unit, `Surface` for a Location"),
    )
    """``Drone`` for a Ground Unit, ``Surface`` for a Location."""

    values: Mapping[str, int | str] | None = declared(
        MapOf(Choice(VALUES, "value name"), PrintedValue(), what=N_("value name → printed value")),
        default=None,
        label=N_("Printed values"),
        help=Message(
            "The values it prints: {values} (a value it does not print is left out, never 0)", values=", ".join(VALUES)
        ),
    )
    """The values it prints; a value not printed is absent (never 0)."""

    abilities: tuple[Ability, ...] = declared(
        ListOf(ABILITY, max_items=MAX_ABILITIES, noun="abilities", what=N_("list of abilities")),
        default=(),
        label=N_("Abilities of this face"),
        help=N_("Printed on this face only"),
    )
    """Abilities printed on this face only."""

    def value(self, name: str) -> int | str | None:
        """The printed value, or ``None`` when the face does not print it."""
        return (self.values or {}).get(name)

    @property
    def type_line(self) -> str:
        """The type line as printed, without the state label."""
        base = f"Surface {self.type}" if "Surface" in self.subtypes else self.type
        rest = [s for s in self.subtypes if s != "Surface"]
        return base + (" — " + " ".join(rest) if rest else "")

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    def is_a(self, cls: str) -> bool:
        """Whether this face belongs to the class ``cls`` (:data:`~estro_rules.r19.rules.CLASSES`)."""
        members = CLASSES[cls]
        return self.type in members.types and (members.subtype is None or members.subtype in self.subtypes)


# --------------------------------------------------------------------------
# Cards


def _one_face_at_least(values: dict[str, Any], path: str) -> None:
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


def _one_card_type(values: dict[str, Any], path: str) -> None:
    types = {face.type for face in values["faces"].values()}
    if len(types) > 1:
        raise ScenarioError(join(path, "faces"), "faces of one card type", got=", ".join(sorted(types)))


def _ability_names_once(values: dict[str, Any], path: str) -> None:
    names = [a.name for a in values["abilities"]]
    for key, face in values["faces"].items():
        for i, a in enumerate(face.abilities):
            if a.name in names:
                raise ScenarioError(
                    join(path, f"faces.{key}.abilities[{i}].name"),
                    "a name not used by another ability of the card",
                    got=a.name,
                )


def _faces_keep_their_labels(values: dict[str, Any], path: str) -> None:
    values["faces"] = {
        key: replace(face, state=None if key == UNLABELLED else key) for key, face in values["faces"].items()
    }


@record(
    "card",
    label=N_("Card"),
    rules=RuleList(
        [
            Rule(
                "faces_a_card_can_have",
                _one_face_at_least,
                N_(
                    "At least one face; a Non-Capital Spacecraft has no Contested face; an unlabelled face is a card's "
                    "only face."
                ),
                (cite("R19-8.3"),),
            ),
            Rule("one_card_type", _one_card_type, N_("Every face of a card has the same card type."), ()),
            Rule("ability_names_once", _ability_names_once, N_("Each ability of a card has a name of its own."), ()),
            Rule(
                "faces_keep_their_labels",
                _faces_keep_their_labels,
                N_("A face's state is the label it is keyed by."),
                (),
            ),
        ]
    ),
)
@dataclass(frozen=True)
class CardDef(Declared):
    """One card: its identity, its faces and the abilities common to all faces."""

    id: str = declared(Text(), label=N_("Card number"), help=N_("The card number (`XX-GRD-001`)"))
    """The card number (``"XX-GRD-001"``)."""

    name: str = declared(Text(), label=N_("Name"), help=N_("The card's name"))
    """The card's name."""

    faces: dict[str, Face] = declared(
        MapOf(
            Choice(FACE_KEYS, "face", labels={UNLABELLED: "No state label"}), Face.SCHEMA, what=N_("state label → face")
        ),
        label=N_("Faces"),
        help=Message(
            "Its faces, each keyed by the state label of its type line: {faces} (a face with no label is the card's "
            "only face)",
            faces=", ".join(FACE_KEYS),
        ),
    )
    """Faces by state label (:data:`~estro_rules.r19.rules.FACE_KEYS`)."""

    abilities: tuple[Ability, ...] = declared(
        ListOf(ABILITY, max_items=MAX_ABILITIES, noun="abilities", what=N_("list of abilities")),
        default=(),
        label=N_("Abilities"),
        help=N_("Abilities on every face"),
    )
    """Abilities on every face."""

    def abilities_of(self, face: str) -> tuple[Ability, ...]:
        """The abilities the card has on ``face``."""
        return self.abilities + self.faces[face].abilities

    def every_ability(self) -> tuple[Ability, ...]:
        return self.abilities + tuple(a for f in self.faces.values() for a in f.abilities)

    @property
    def first_face(self) -> str:
        return next(iter(self.faces))


def check_cards(cards: tuple[CardDef, ...], path: str) -> None:
    """Each card number once."""
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            raise ScenarioError(join(path, f"[{i}].id"), "a card number not defined twice", got=card.id)
        seen.add(card.id)


CARD = CardDef.SCHEMA
"""One card definition, as a scenario or a pool gives it."""

CARDS = ListOf(CARD, min_items=1, max_items=MAX_CARDS, noun="card definitions", what=N_("list of card definitions"))
"""The card definitions of a scenario."""

POOL_CARDS = ListOf(CARD, min_items=1, max_items=MAX_POOL, noun="card definitions", what=N_("list of card definitions"))
"""The card definitions of a pool for the design linter."""

__all__ = ["ABILITY", "CARD", "CARDS", "POOL_CARDS", "Ability", "CardDef", "Face", "check_cards"]
