"""Cards as data: faces, type lines, printed values, abilities and effects.

A card definition is JSON such as::

    {"id": "XX-GRD-001", "name": "XCS",
     "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}

Faces are keyed by the state label on their type line (``Prime``,
``Contested``, ``Fallen``, ``Reversal``) or ``Unlabelled`` for a face whose
type line carries none. A value the face does not print is simply absent:
it is never 0 (§19.7), and :meth:`Face.value` answers ``None``.

>>> card = load_card(Fields({"id": "XX-GRD-001", "name": "XCS", "faces": {"Unlabelled":
...     {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}}}, "cards[0]"))
>>> face = card.faces["Unlabelled"]
>>> face.value("DEF"), face.value("Rank"), face.type_line
(2, None, 'Ground Unit')
>>> load_card(Fields({"id": "C", "name": "C", "faces": {"Prime": {"type": "Ground Unit",
...     "values": {"DEF": "2"}}}}, "cards[1]"))
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: cards[1].faces.Prime.values.DEF: expected a whole number, got '2'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Any, NamedTuple

from ..errors import ScenarioError
from ..fields import Fields, check_int, choose, join

# --------------------------------------------------------------------------
# Vocabulary (data)

STATES: tuple[str, ...] = ("Prime", "Contested", "Fallen", "Reversal")
"""The state labels a face's type line can carry (§19.2, §19.5)."""

UNLABELLED = "Unlabelled"
"""The key of a face whose type line carries no state label."""

FACE_KEYS: tuple[str, ...] = (*STATES, UNLABELLED)

TYPES: tuple[str, ...] = (
    "Character",
    "Ground Unit",
    "Location",
    "Homeworld",
    "Capital Spacecraft",
    "Non-Capital Spacecraft",
    "Storyline",
)
"""The card types of a type line that §19 names."""

SUBTYPES: dict[str, tuple[str, ...]] = {"Drone": ("Ground Unit",), "Surface": ("Location",)}
"""Subtypes and the types that may carry them. A Drone is a Ground Unit, since units are
Characters and Ground Units (§18.53) and §19.8 destroys Drones as units."""

UNIT_TYPES: tuple[str, ...] = ("Character", "Ground Unit")
"""Units are Characters and Ground Units (§19.8)."""

BREAKABLE_TYPES: tuple[str, ...] = ("Location", "Homeworld", "Capital Spacecraft", "Non-Capital Spacecraft")
"""Cards that break, rather than being destroyed, at DEF or Rank 0 or less (§19.8)."""

VALUES: tuple[str, ...] = ("ATK", "DEF", "Rank", "Vote", "Vox", "CP", "Income")
"""The printed values the engine knows."""

X = "X"
"""A Character prints DEF X and Rank X (§19.8)."""

COUNTERS: tuple[str, ...] = ("Liberation", "Sabotage", "damage")
"""Counters that can sit on a card."""

ZONES: tuple[str, ...] = ("Map", "hand", "Depleted Pile", "Burned")
"""Where a card can be."""

ABILITY_TYPES: tuple[str, ...] = ("activated", "triggered", "static", "bind", "resource")

TRIGGER_EVENTS: tuple[str, ...] = ("destroyed", "becomes Contested", "becomes Fallen", "becomes Prime")
"""What a triggered ability can key on: destruction, or a state transition (§19.2)."""

TRIGGER_SUBJECTS: tuple[str, ...] = ("self", "any")

USE_ONLY: tuple[str, ...] = ("your turn",)
"""Printed timing restrictions on an activated ability (§19.3)."""

KNOWN_PHASES: tuple[str, ...] = ("Ready", "Admin", "End")
"""The phases §19 names. Other phase names are accepted (§10 is not published) unless they
look like a misspelling of one of these."""

CLOSED_PHASES: tuple[str, ...] = ("Ready", "End")
"""Phases in which no activated ability may be used (§19.3)."""

MAX_NUMBER = 999
"""The largest printed value, counter count, amount or ``n`` a scenario may give: far above any
card, and small enough that every number in a log stays readable."""


class FlipCause(NamedTuple):
    """One cause of a flip that §19.2 names."""

    name: str
    to: tuple[str, ...]
    section: str


FLIP_CAUSES: tuple[FlipCause, ...] = (
    FlipCause("combat destruction", ("Contested",), "§11.7"),
    FlipCause("Liberation", ("Contested",), "§12.2"),
    FlipCause("own ability", STATES, ""),
    FlipCause("Redeem", ("Prime",), "§7.8"),
    FlipCause("re-buy", ("Prime",), "§13.2"),
    FlipCause("own combat destruction", ("Prime",), "§11.7"),
    FlipCause("other effect", STATES, ""),
)
"""The causes of a flip that the ``flip`` action accepts, and the faces each can lead to."""

FLIP_CAUSE_NAMES = tuple(c.name for c in FLIP_CAUSES)


def _is(*types: str) -> Callable[[Face], bool]:
    return lambda face: face.type in types


CLASSES: dict[str, Callable[[Face], bool]] = {
    "Character": _is("Character"),
    "Ground Unit": _is("Ground Unit"),
    "Drone": lambda face: face.type == "Ground Unit" and "Drone" in face.subtypes,
    "Unit": _is(*UNIT_TYPES),
    "Location": _is("Location"),
    "Surface Location": lambda face: face.type == "Location" and "Surface" in face.subtypes,
    "Homeworld": _is("Homeworld"),
    "Spacecraft": _is("Capital Spacecraft", "Non-Capital Spacecraft"),
    "Capital Spacecraft": _is("Capital Spacecraft"),
    "Non-Capital Spacecraft": _is("Non-Capital Spacecraft"),
    "Storyline": _is("Storyline"),
}
"""The classes of cards an effect can name ("Characters and Ground Units you control")."""

# --------------------------------------------------------------------------
# Effects (the same vocabulary as scenario actions)


@dataclass(frozen=True)
class Target:
    """Which cards an action reaches: named cards, or every card on the Map of some classes."""

    cards: tuple[str, ...] = ()
    """Card instance IDs (``"self"`` in an ability: the card itself)."""

    classes: tuple[str, ...] = ()
    """Class names from :data:`CLASSES`; used when ``cards`` is empty."""

    controller: str | None = None
    """Only cards this player controls (``"you"`` in an ability: the card's controller)."""

    key: str = "card"
    """The field the scenario used (``card``, ``cards`` or ``classes``), for error messages."""

    def describe(self) -> str:
        if self.cards:
            return ", ".join(self.cards)
        who = "" if self.controller is None else f" controlled by {self.controller}"
        return " and ".join(f"{c}s" if not c.endswith("s") else c for c in self.classes) + who


@dataclass(frozen=True)
class Action:
    """One scenario action or ability effect, checked on load."""

    do: str
    """The action's name (a key of :data:`ACTIONS`)."""

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
    """The card whose text this is (``"self"`` in an ability)."""

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
        if d in ("damage", "cp_loss", "morality_penalty"):
            return f"{d.replace('_', ' ')} {self.amount} to {t}"
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


class ActionSpec(NamedTuple):
    """What one action needs and whether an ability's effect may use it."""

    fields: tuple[str, ...]
    summary: str
    in_effects: bool


ACTIONS: dict[str, ActionSpec] = {
    "damage": ActionSpec(("target", "amount"), "damage to a Character (CP)", True),
    "cp_loss": ActionSpec(("target", "amount"), "CP loss to a Character by some other route", True),
    "morality_penalty": ActionSpec(
        ("target", "amount"), "Morality Penalty: CP loss that can make a Character Fall", True
    ),
    "add_counters": ActionSpec(
        ("target", "counter", "n"), "put counters (Liberation, Sabotage, damage) on cards", True
    ),
    "remove_counters": ActionSpec(("target", "counter", "n"), "take counters off cards", True),
    "penalty": ActionSpec(("target", "value", "amount", "effect"), "reduce a value (-N)", True),
    "bonus": ActionSpec(("target", "value", "amount", "effect"), "bonus language: +N to a value", True),
    "grant": ActionSpec(
        ("target", "value", "grant_amount", "effect"), "granting language: the card has the value", True
    ),
    "lose": ActionSpec(("target", "value", "effect"), "the card loses a value while the effect lasts", True),
    "end_effect": ActionSpec(("effect_name",), "a lasting effect ends", True),
    "flip": ActionSpec(("target", "to_face", "cause", "source"), "flip cards to a face", True),
    "liberate": ActionSpec(("target", "cp_loss"), "a successful Liberation", True),
    "redeem": ActionSpec(("target",), "Redeem clause: flip back to Prime", True),
    "twist": ActionSpec(("target", "source"), "a Character's own Twist: flip to Fallen", True),
    "storyline_leaves": ActionSpec(("target", "to_zone"), "a Storyline leaves play", True),
    "destroy": ActionSpec(("target",), "destroy cards", True),
    "enter": ActionSpec(("target", "face", "bind"), "a card enters the Map (a Storyline Binds)", False),
    "set_phase": ActionSpec(("phase", "active"), "move to a phase (and a new active player)", False),
    "activate": ActionSpec(("card", "ability", "player"), "activate an ability, if its timing allows", False),
    "can_activate": ActionSpec(
        ("card", "ability", "player", "phase_opt", "during_sequence"), "ask: can this ability be used now?", False
    ),
    "capabilities": ActionSpec(("card",), "ask: what can this card do with the values it has?", False),
}
"""Every action a scenario (or an ability's effect) can take. Order = the order of the docs table."""

QUERIES: tuple[str, ...] = ("can_activate", "capabilities")
"""Actions that ask rather than change anything."""

LEAVE_ZONES: tuple[str, ...] = ("Depleted Pile", "Burned", "hand")


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
        close = get_close_matches(value, KNOWN_PHASES, n=1, cutoff=0.6)
        if close:
            raise ScenarioError(path, "a phase name", got=value, hint=f"did you mean {close[0]!r}?")
    return value


def opt_string(f: Fields, key: str) -> str | None:
    """An optional string field (absent or ``null``: ``None``)."""
    if not f.has(key):
        f.raw(key, default=None)
        return None
    return f.string(key)


def _strings(f: Fields, key: str) -> tuple[str, ...]:
    out = []
    for path, item in f.items(key, default=[]):
        if not isinstance(item, str) or not item:
            raise ScenarioError(path, "a non-empty string", got=item)
        out.append(item)
    return tuple(out)


def _target(f: Fields) -> Target:
    given = [k for k in ("card", "cards", "classes") if f.has(k)]
    if len(given) != 1:
        for k in ("card", "cards", "classes"):
            f.raw(k, default=None)
        raise ScenarioError(
            join(f.path, "card"),
            "exactly one of 'card', 'cards' or 'classes'",
            got=given or None,
            hint="which cards the action reaches",
        )
    controller = opt_string(f, "controller")
    if given[0] == "card":
        return Target(cards=(f.string("card"),), controller=controller)
    if given[0] == "cards":
        cards = _strings(f, "cards")
        if not cards:
            raise ScenarioError(join(f.path, "cards"), "a list of at least 1 card", got=[])
        return Target(cards=cards, controller=controller, key="cards")
    classes = []
    for path, item in f.items("classes", min_items=1):
        classes.append(choose(item, path, list(CLASSES), "class of cards"))
    return Target(classes=tuple(classes), controller=controller, key="classes")


def load_action(data: object, path: str, *, in_ability: bool = False) -> Action:
    """Read one action (or, with ``in_ability``, one effect of an ability)."""
    f = Fields(data, path)
    allowed = [n for n, s in ACTIONS.items() if s.in_effects or not in_ability]
    do = choose(f.raw("do"), join(path, "do"), allowed, "action" if not in_ability else "effect")
    spec = ACTIONS[do]
    kw: dict[str, Any] = {}
    for name in spec.fields:
        if name == "target":
            kw["target"] = _target(f)
        elif name == "card":
            kw["target"] = Target(cards=(f.string("card"),))
        elif name == "amount":
            kw["amount"] = f.integer("amount", minimum=1, maximum=MAX_NUMBER)
        elif name == "grant_amount":
            kw["amount"] = f.integer("amount", minimum=0, maximum=MAX_NUMBER)
        elif name == "n":
            kw["amount"] = f.integer("n", default=1, minimum=1, maximum=MAX_NUMBER)
        elif name == "value":
            kw["value"] = choose(f.raw("value"), join(path, "value"), VALUES, "value")
        elif name == "counter":
            kw["counter"] = choose(f.raw("counter"), join(path, "counter"), COUNTERS, "counter")
        elif name == "to_face":
            kw["to"] = choose(f.raw("to"), join(path, "to"), STATES, "face state")
        elif name == "to_zone":
            kw["to"] = choose(f.raw("to", default="Depleted Pile"), join(path, "to"), LEAVE_ZONES, "zone")
        elif name == "cause":
            kw["cause"] = choose(f.raw("cause", default="other effect"), join(path, "cause"), FLIP_CAUSE_NAMES, "cause")
        elif name == "effect":
            kw["effect"] = opt_string(f, "effect")
        elif name == "effect_name":
            kw["effect"] = f.string("effect")
        elif name == "source":
            source = opt_string(f, "source")
            if in_ability and source not in (None, "self"):
                raise ScenarioError(
                    join(path, "source"),
                    "'self' (an ability's effect is the text of its own card)",
                    got=source,
                    hint="only a Storyline's own text is a route to Fallen (§7.7)",
                )
            kw["source"] = source or ("self" if in_ability else None)
        elif name == "ability":
            kw["ability"] = f.string("ability")
        elif name == "player":
            kw["player"] = opt_string(f, "player")
        elif name == "phase":
            kw["phase"] = check_phase(f.raw("phase"), join(path, "phase"))
        elif name == "phase_opt":
            phase = f.raw("phase", default=None)
            kw["phase"] = None if phase is None else check_phase(phase, join(path, "phase"))
        elif name == "active":
            kw["active"] = opt_string(f, "active")
        elif name == "during_sequence":
            kw["during_sequence"] = f.boolean("during_sequence", default=False)
        elif name == "bind":
            kw["bind"] = _strings(f, "bind")
        elif name == "face":
            face = f.raw("face", default=None)
            kw["face"] = None if face is None else choose(face, join(path, "face"), FACE_KEYS, "face")
        elif name == "cp_loss":
            has = f.has("cp_loss")
            kw["cp_loss"] = f.integer("cp_loss", minimum=1, maximum=MAX_NUMBER) if has else None
            f.raw("cp_loss", default=None)
        else:  # pragma: no cover - a spec naming an unknown field is a programming error
            raise AssertionError(name)
    if do == "flip":
        cause = next(c for c in FLIP_CAUSES if c.name == kw["cause"])
        if kw["to"] not in cause.to:
            raise ScenarioError(
                join(path, "to"),
                f"a face that {cause.name!r} can lead to ({', '.join(cause.to)})",
                got=kw["to"],
            )
    if not in_ability:
        order = []
        if f.has("trigger_order"):
            g = f.obj("trigger_order")
            for player in list(g._data):
                order.append((player, _strings(g, player)))
            g.done()
        else:
            f.raw("trigger_order", default=None)
        kw["trigger_order"] = tuple(order)
    f.done()
    return Action(do, path, **kw)


# --------------------------------------------------------------------------
# Abilities, faces, cards


@dataclass(frozen=True)
class Ability:
    """One ability printed on a card."""

    name: str
    """The ability's name, as printed (``"War Crime"``)."""

    type: str
    """One of :data:`ABILITY_TYPES`."""

    on: str | None = None
    """For a triggered ability: what it keys on (:data:`TRIGGER_EVENTS`)."""

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
    """The card type (:data:`TYPES`)."""

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


@dataclass(frozen=True)
class CardDef:
    """One card: its identity, its faces and the abilities common to all faces."""

    id: str
    """The card number (``"XX-GRD-001"``)."""

    name: str
    """The card's name."""

    faces: dict[str, Face]
    """Faces by state label (:data:`FACE_KEYS`)."""

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


def load_ability(data: object, path: str) -> Ability:
    f = Fields(data, path)
    name = f.string("name")
    kind = choose(f.raw("type"), join(path, "type"), ABILITY_TYPES, "ability type")
    on = None
    of = "self"
    use_only = None
    phases: tuple[str, ...] = ()
    if kind == "triggered":
        on = choose(f.raw("on"), join(path, "on"), TRIGGER_EVENTS, "trigger event")
        of = choose(f.raw("of", default="self"), join(path, "of"), TRIGGER_SUBJECTS, "trigger subject")
    if kind == "activated":
        raw = f.raw("use_only", default=None)
        use_only = None if raw is None else choose(raw, join(path, "use_only"), USE_ONLY, "timing restriction")
        phases = tuple(check_phase(p, q) for q, p in f.items("phases", default=[]))
    if kind == "resource":
        phases = (check_phase(f.raw("phase"), join(path, "phase")),)
    effects = tuple(load_action(e, p, in_ability=True) for p, e in f.items("effects", default=[]))
    text = f.string("text", default="")
    f.done()
    return Ability(name, kind, on, of, effects, use_only, phases, text)


def load_face(data: object, path: str, key: str) -> Face:
    f = Fields(data, path)
    kind = choose(f.raw("type"), join(path, "type"), TYPES, "card type")
    subtypes = []
    for p, item in f.items("subtypes", default=[]):
        sub = choose(item, p, list(SUBTYPES), "subtype")
        if kind not in SUBTYPES[sub]:
            raise ScenarioError(p, f"a subtype a {kind} can have", got=sub, hint=f"{sub} is for {SUBTYPES[sub][0]}s")
        subtypes.append(sub)
    values: dict[str, int | str] = {}
    vf = f.obj("values", default={})
    for name in list(vf._data):
        vpath = join(vf.path, name)
        choose(name, vpath, VALUES, "value name")
        raw = vf.raw(name)
        if raw == X:
            if kind != "Character" or name not in ("DEF", "Rank"):
                raise ScenarioError(
                    vpath, "a whole number of at least 0 (only a Character prints DEF X and Rank X)", got=raw
                )
            values[name] = X
            continue
        if kind == "Character" and name in ("DEF", "Rank"):
            raise ScenarioError(vpath, "'X' (a Character prints DEF X and Rank X)", got=raw)
        values[name] = check_int(raw, vpath, minimum=0, maximum=MAX_NUMBER)
    vf.done()
    if kind == "Character" and "CP" not in values:
        raise ScenarioError(
            join(path, "values.CP"), "a printed CP (every Character face prints CP)", hint="missing field"
        )
    if kind == "Non-Capital Spacecraft" and key == "Contested":
        raise ScenarioError(path, "no Contested face on a Non-Capital Spacecraft (it has none, §19.8)", got=key)
    abilities = tuple(load_ability(a, p) for p, a in f.items("abilities", default=[]))
    f.done()
    return Face(None if key == UNLABELLED else key, kind, tuple(subtypes), values, abilities)


def load_card(f: Fields) -> CardDef:
    """Read one card definition."""
    card_id = f.string("id")
    name = f.string("name")
    faces_f = f.obj("faces")
    faces: dict[str, Face] = {}
    for key in list(faces_f._data):
        choose(key, join(faces_f.path, key), FACE_KEYS, "face")
        faces[key] = load_face(faces_f.raw(key), join(faces_f.path, key), key)
    faces_f.done()
    if not faces:
        raise ScenarioError(faces_f.path, "at least one face", got={})
    if UNLABELLED in faces and len(faces) > 1:
        raise ScenarioError(
            join(faces_f.path, UNLABELLED), "state-labelled faces only, on a card with several faces", got=UNLABELLED
        )
    types = {face.type for face in faces.values()}
    if len(types) > 1:
        raise ScenarioError(faces_f.path, "faces of one card type", got=", ".join(sorted(types)))
    abilities = tuple(load_ability(a, p) for p, a in f.items("abilities", default=[]))
    names = [a.name for a in abilities]
    for key, face in faces.items():
        for i, a in enumerate(face.abilities):
            if a.name in names:
                raise ScenarioError(
                    join(faces_f.path, f"{key}.abilities[{i}].name"),
                    "a name not used by another ability of the card",
                    got=a.name,
                )
    return CardDef(card_id, name, faces, abilities)


__all__ = [
    "ACTIONS",
    "BREAKABLE_TYPES",
    "CLASSES",
    "COUNTERS",
    "FACE_KEYS",
    "FLIP_CAUSES",
    "MAX_NUMBER",
    "STATES",
    "TYPES",
    "UNIT_TYPES",
    "VALUES",
    "ZONES",
    "Ability",
    "Action",
    "CardDef",
    "Face",
    "Target",
    "load_action",
    "load_card",
]
