"""Cards as the engine holds them: faces, type lines, printed values, abilities and effects.

A card definition is JSON such as::

    {"id": "XX-GRD-001", "name": "XCS",
     "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}

Faces are keyed by the state label on their type line (``Prime``,
``Contested``, ``Fallen``, ``Reversal``) or ``Unlabelled`` for a face whose
type line carries none. A value the face does not print is simply absent:
it is never 0 (§19.7), and :meth:`Face.value` answers ``None``. The JSON is
read by the declarations of :mod:`.declarations` (``CARD``), which build these objects.

>>> from estro_rules.r19.declarations import CARD
>>> card = CARD.read({"id": "XX-GRD-001", "name": "XCS", "faces": {"Unlabelled":
...     {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}, "cards[0]")
>>> face = card.faces["Unlabelled"]
>>> face.value("DEF"), face.value("Rank"), face.type_line
(2, None, 'Ground Unit')
>>> CARD.read({"id": "C", "name": "C", "faces": {"Prime": {"type": "Ground Unit",
...     "values": {"DEF": "2"}}}}, "cards[1]")
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: cards[1].faces.Prime.values.DEF: expected a whole number, got '2'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import CLASSES, UNIT_TYPES

# --------------------------------------------------------------------------
# Effects (the same vocabulary as scenario actions)


@dataclass(frozen=True)
class Target:
    """Which cards an action reaches: named cards, or every card on the Map of some classes."""

    cards: tuple[str, ...] = ()
    """Card instance IDs (``"self"`` in an ability: the card itself)."""

    classes: tuple[str, ...] = ()
    """Class names from :data:`~estro_rules.r19.rules.CLASSES`; used when ``cards`` is empty."""

    controller: str | None = None
    """Only cards this player controls (``"you"`` in an ability: the card's controller)."""

    key: str = "card"
    """The field the scenario used (``card``, ``cards`` or ``classes``), for error messages."""

    def describe(self) -> str:
        """The cards in words, as a step label names them; a controller narrows named cards too."""
        who = "" if self.controller is None else f" controlled by {self.controller}"
        if self.cards:
            return ", ".join(self.cards) + who
        return " and ".join(_plural(c) for c in self.classes) + who


def _plural(name: str) -> str:
    """A class name for many cards: "Characters", but "Spacecraft" as §19 writes it ("Locations and
    Spacecraft break")."""
    return name if name.endswith(("s", "Spacecraft")) else f"{name}s"


_AMOUNT_VERBS = {"damage": "damage", "cp_loss": "CP loss", "morality_penalty": "morality penalty"}
"""The actions whose label is "<verb> <amount> to <target>"."""


@dataclass(frozen=True)
class Action:
    """One scenario action or ability effect, checked on load."""

    do: str
    """The action's name (a variant of :data:`estro_rules.r19.kinds.ACTION`)."""

    path: str
    """Where it sits in the scenario, for error messages."""

    target: Target | None = None
    """The cards it reaches."""

    amount: int | None = None
    """Damage, CP, counters or the size of a bonus or penalty."""

    value: str | None = None
    """The printed value it touches (``"DEF"``, ``"Vox"``)."""

    counter: str | None = None
    """The counter it adds or removes."""

    to: str | None = None
    """The face (for a flip) or zone (for leaving play) it leads to."""

    cause: str | None = None
    """The cause of a flip."""

    effect: str | None = None
    """The name of a lasting effect (so ``end_effect`` can end it)."""

    source: str | None = None
    """The card whose text this is; ``None`` or ``"self"`` in an ability: its own card's."""

    ability: str | None = None
    """An ability name, for timing queries and activation."""

    player: str | None = None
    """Who asks or activates; the card's controller when absent."""

    phase: str | None = None
    """A phase: the one to ask about, or the one to move to."""

    active: str | None = None
    """The new active player (``set_phase``)."""

    during_sequence: bool = False
    """Ask as if a resolution sequence were under way (§19.1)."""

    bind: tuple[str, ...] = ()
    """Characters a Storyline Binds as it enters the Map."""

    face: str | None = None
    """The face a card enters the Map on."""

    cp_loss: int | None = None
    """CP a Liberation takes from a Character."""

    trigger_order: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per player, the order they choose for their new triggers (I-R19-2): ``card/ability`` keys."""

    def describe(self) -> str:
        """A one-line description for logs and step labels."""
        t = self.target.describe() if self.target else ""
        d = self.do
        if d in _AMOUNT_VERBS:
            return f"{_AMOUNT_VERBS[d]} {self.amount} to {t}"
        if d in ("add_counters", "remove_counters"):
            verb = "add" if d == "add_counters" else "remove"
            return f"{verb} {self.amount} {self.counter} counter{'s' if self.amount != 1 else ''} on {t}"
        if d in ("penalty", "bonus"):
            sign = "-" if d == "penalty" else "+"
            return f"{sign}{self.amount} {self.value} to {t}"
        if d == "grant":
            return f"{t} gain {self.value} {self.amount}"
        if d == "lose":
            return f"{t} lose {self.value}"
        if d == "end_effect":
            return f"end effect {self.effect}"
        if d == "flip":
            return f"flip {t} to {self.to} ({self.cause})"
        if d == "storyline_leaves":
            return f"Storyline {t} leaves play to {self.to}"
        if d == "enter":
            return f"{t} enters the Map"
        if d == "set_phase":
            return f"{self.active or 'same player'}: {self.phase} Phase"
        if d == "can_activate":
            return f"can {t} activate {self.ability} now?"
        if d == "capabilities":
            return f"what can {t} do?"
        if d == "activate":
            return f"activate {self.ability} of {t}"
        return f"{d.replace('_', ' ')} {t}".strip()


# --------------------------------------------------------------------------
# Abilities, faces, cards


@dataclass(frozen=True)
class Ability:
    """One ability printed on a card."""

    name: str
    """The ability's name, as printed (``"War Crime"``)."""

    type: str
    """One of :data:`~estro_rules.r19.rules.ABILITY_TYPES`."""

    on: str | None = None
    """For a triggered ability: what it keys on (:data:`~estro_rules.r19.rules.TRIGGER_EVENTS`)."""

    of: str = "self"
    """For a triggered ability: ``"self"`` (this card) or ``"any"`` (any card)."""

    effects: tuple[Action, ...] = ()
    """What it does, as actions (``"self"`` names the card)."""

    use_only: str | None = None
    """A printed timing restriction on an activated ability (``"your turn"``)."""

    phases: tuple[str, ...] = ()
    """For an activated ability: the only phases its text allows (empty: no such restriction);
    for a resource ability: the phase it is tied to."""

    text: str = ""
    """The printed text, for display."""


@dataclass(frozen=True)
class Face:
    """One face of a card."""

    state: str | None
    """The state label of its type line, or ``None`` when it has none."""

    type: str
    """The card type (:data:`~estro_rules.r19.rules.TYPES`)."""

    subtypes: tuple[str, ...] = ()
    """``Drone`` for a Ground Unit, ``Surface`` for a Location."""

    values: dict[str, int | str] = field(default_factory=dict)
    """The values it prints; a value not printed is absent (never 0)."""

    abilities: tuple[Ability, ...] = ()
    """Abilities printed on this face only."""

    def value(self, name: str) -> int | str | None:
        """The printed value, or ``None`` when the face does not print it."""
        return self.values.get(name)

    @property
    def type_line(self) -> str:
        """The type line as printed, without the state label."""
        if "Surface" in self.subtypes:
            base = f"Surface {self.type}"
        else:
            base = self.type
        rest = [s for s in self.subtypes if s != "Surface"]
        return base + (" — " + " ".join(rest) if rest else "")

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    def is_a(self, cls: str) -> bool:
        """Whether this face belongs to the class ``cls`` (:data:`~estro_rules.r19.rules.CLASSES`)."""
        members = CLASSES[cls]
        return self.type in members.types and (members.subtype is None or members.subtype in self.subtypes)


@dataclass(frozen=True)
class CardDef:
    """One card: its identity, its faces and the abilities common to all faces."""

    id: str
    """The card number (``"XX-GRD-001"``)."""

    name: str
    """The card's name."""

    faces: dict[str, Face]
    """Faces by state label (:data:`~estro_rules.r19.rules.FACE_KEYS`)."""

    abilities: tuple[Ability, ...] = ()
    """Abilities on every face."""

    def abilities_of(self, face: str) -> tuple[Ability, ...]:
        """The abilities the card has on ``face``."""
        return self.abilities + self.faces[face].abilities

    def every_ability(self) -> tuple[Ability, ...]:
        return self.abilities + tuple(a for f in self.faces.values() for a in f.abilities)

    @property
    def first_face(self) -> str:
        return next(iter(self.faces))


__all__ = ["Ability", "Action", "CardDef", "Face", "Target"]
