"""§19's rules as data: the words of a card, the causes of a flip, the classes an effect names, the limits.

Everything here is data the engine and the scenario reader look up; the behaviour is in the engine's
ordered lists (:mod:`.checks`, :mod:`.transitions`, :mod:`.timing`, :mod:`.actions`). A value a card
does not print is simply absent, never 0 (§19.7).
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_
from .rulebook import cite

# --------------------------------------------------------------------------
# Faces, types and printed values

STATES: tuple[str, ...] = ("Prime", "Contested", "Fallen", "Reversal")
"""The state labels a face's type line can carry (§19.2, §19.5)."""

UNLABELLED = "Unlabelled"
"""The key of a face whose type line carries no state label."""

FACE_KEYS: tuple[str, ...] = (*STATES, UNLABELLED)
"""How a card's faces are keyed: by state label, or ``Unlabelled``."""

REVERSAL = "Reversal"
"""The face a Fall flips the Bound Storyline to (§19.2, §8.11)."""

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

X_VALUES: tuple[str, ...] = ("DEF", "Rank")
"""The values a Character prints as X, and no other card does (§19.8)."""

COUNTERS: tuple[str, ...] = ("Liberation", "Sabotage", "damage")
"""Counters that can sit on a card."""

COUNTER_PENALTIES: dict[str, tuple[str, int]] = {"Sabotage": ("DEF", 1)}
"""Value penalties that counters carry while they sit on a card: a stand-in for §18.87, which is not
published (I-R19-1). Each Sabotage counter is -1 DEF."""

ZONES: tuple[str, ...] = ("Map", "hand", "Depleted Pile", "Burned")
"""Where a card can be."""

LEAVE_ZONES: tuple[str, ...] = ("Depleted Pile", "Burned", "hand")
"""Where a Storyline leaving play can go."""


class CardClass(NamedTuple):
    """A class of cards an effect can name: the types it takes in, and a subtype they must carry."""

    types: tuple[str, ...]
    """The card types in the class."""

    subtype: str | None = None
    """A subtype every member carries (``Drone``), or ``None``."""


CLASSES: dict[str, CardClass] = {
    "Character": CardClass(("Character",)),
    "Ground Unit": CardClass(("Ground Unit",)),
    "Drone": CardClass(("Ground Unit",), "Drone"),
    "Unit": CardClass(UNIT_TYPES),
    "Location": CardClass(("Location",)),
    "Surface Location": CardClass(("Location",), "Surface"),
    "Homeworld": CardClass(("Homeworld",)),
    "Spacecraft": CardClass(("Capital Spacecraft", "Non-Capital Spacecraft")),
    "Capital Spacecraft": CardClass(("Capital Spacecraft",)),
    "Non-Capital Spacecraft": CardClass(("Non-Capital Spacecraft",)),
    "Storyline": CardClass(("Storyline",)),
}
"""The classes of cards an effect can name ("Characters and Ground Units you control")."""

# --------------------------------------------------------------------------
# Abilities and timing

ABILITY_TYPES: tuple[str, ...] = (N_("activated"), N_("triggered"), N_("static"), N_("bind"), N_("resource"))
"""The kinds of ability a card can print."""

TRIGGER_EVENTS: tuple[str, ...] = ("destroyed", "leaves play", "becomes Contested", "becomes Fallen", "becomes Prime")
"""What a triggered ability can key on: destruction, leaving play (destroyed or placed), or a state
transition (§19.2)."""

LEAVE_EVENTS: tuple[tuple[str, str], ...] = (("destroyed", N_("was destroyed")), ("leaves play", N_("left play")))
"""The trigger events of a card leaving the Map, and how the log says each: a destruction is also a
leaving of play; a card placed in a pile (not destroyed, I-R19-9) only leaves play."""

BECOMES: dict[str, str] = {"Contested": cite("R19-2.1"), "Fallen": cite("R19-2.2"), "Prime": cite("R19-2.7")}
"""The states a card can *become*, each with the ruling that says what becoming it means."""

TRIGGER_SUBJECTS: tuple[str, ...] = ("self", "any")
"""Whose change a triggered ability watches: its own card's, or any card's."""

USE_ONLY: tuple[str, ...] = ("your turn",)
"""Printed timing restrictions on an activated ability (§19.3)."""

KNOWN_PHASES: tuple[str, ...] = ("Ready", "Admin", "End")
"""The phases §19 names. Other phase names are accepted (§10 is not published) unless they
look like a misspelling of one of these."""

CLOSED_PHASES: tuple[str, ...] = ("Ready", "End")
"""Phases in which no activated ability may be used (§19.3)."""

# --------------------------------------------------------------------------
# Flips and Falls


class FlipCause(NamedTuple):
    """One cause of a flip that §19.2 names."""

    name: str
    """How a scenario names it."""

    to: tuple[str, ...]
    """The faces it can lead to."""

    section: str
    """The section that makes it a cause, shown in the log (``""`` when there is none)."""


FLIP_CAUSES: tuple[FlipCause, ...] = (
    FlipCause(N_("combat destruction"), ("Contested",), "§11.7"),
    FlipCause("Liberation", ("Contested",), "§12.2"),
    FlipCause(N_("own ability"), STATES, ""),
    FlipCause("Redeem", ("Prime",), "§7.8"),
    FlipCause(N_("re-buy"), ("Prime",), "§13.2"),
    FlipCause(N_("own combat destruction"), ("Prime",), "§11.7"),
    FlipCause(N_("other effect"), STATES, ""),
)
"""The causes of a flip that the ``flip`` action accepts, and the faces each can lead to."""

FLIP_CAUSE_NAMES = tuple(c.name for c in FLIP_CAUSES)
"""The flip causes' names, in order."""

FALL_ROUTES: tuple[str, ...] = (
    N_("a Storyline's text"),
    N_("Morality Penalties taking a Prime Character to 0 CP"),
    N_("the Storyline they are Bound to leaving play"),
    N_("their own Twist"),
)
"""The four routes by which a Character can become Fallen (§7.7), in the text's order."""

TWIST_CAUSE = N_("its own Twist (route 4 of §7.7)")
"""The cause logged for a Character's own Twist (route 4 of §7.7)."""

# --------------------------------------------------------------------------
# Limits

MAX_NUMBER = 999
"""The largest printed value, counter count, amount or ``n`` a scenario may give: far above any
card, and small enough that every number in a log stays readable."""

MAX_TRIGGERS = 200
"""How many triggers may fire while one action resolves before the engine calls the sequence
endless (a loop of triggers would otherwise never stop)."""

MAX_CARDS = 100
"""Card definitions in one scenario (a card pool for the linter may hold :data:`MAX_POOL`)."""

MAX_BOARD = 100
"""Card instances on the board of one scenario."""

MAX_ACTIONS = 100
"""Actions in one scenario."""

MAX_ABILITIES = 8
"""Abilities printed on one card, or on one face."""

MAX_EFFECTS = 8
"""Effects of one ability."""

MAX_EVENTS = 10_000
"""Events in the log of one scenario, all actions together: the output stays small enough to read
and to show in a browser (about 3 MB of JSON at most), and the work stays bounded whatever the
cards do to each other."""

MAX_POOL = 500
"""Card definitions in one pool for the design linter."""

__all__ = [
    "ABILITY_TYPES",
    "BECOMES",
    "BREAKABLE_TYPES",
    "CLASSES",
    "CLOSED_PHASES",
    "COUNTERS",
    "COUNTER_PENALTIES",
    "FACE_KEYS",
    "FALL_ROUTES",
    "FLIP_CAUSES",
    "FLIP_CAUSE_NAMES",
    "KNOWN_PHASES",
    "LEAVE_EVENTS",
    "LEAVE_ZONES",
    "MAX_NUMBER",
    "MAX_ABILITIES",
    "MAX_ACTIONS",
    "MAX_BOARD",
    "MAX_CARDS",
    "MAX_EFFECTS",
    "MAX_EVENTS",
    "MAX_POOL",
    "MAX_TRIGGERS",
    "REVERSAL",
    "STATES",
    "SUBTYPES",
    "TRIGGER_EVENTS",
    "TRIGGER_SUBJECTS",
    "TWIST_CAUSE",
    "TYPES",
    "UNIT_TYPES",
    "UNLABELLED",
    "USE_ONLY",
    "VALUES",
    "X",
    "X_VALUES",
    "ZONES",
    "CardClass",
    "FlipCause",
]
