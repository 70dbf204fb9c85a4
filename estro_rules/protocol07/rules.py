"""PROTOCOL_07 as data: the five modes, the four incompatible pairs, the optional effects.

``None`` in a mode's attribute means the protocol does not say; the engine never guesses it.

>>> mode("Ultimo Bastione").play_field
'3 lanes x 4 depths'
>>> [(p.mode_a, p.mode_b) for p in INCOMPATIBLE_PAIRS][:2]
[('Inferno 2vs2', 'Ultimo Bastione'), ('Zona di Conquista', 'Ultimo Bastione')]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fields import choose
from ..i18n import N_
from ..text import Quote
from .rulebook import cite

SOURCE = "PROTOCOL_07"
"""The source document, as its title names it (for quotations)."""


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
        self_contained=N_("starships, guardians, dedicated AI"),
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

    reason: Quote
    """The protocol's reason, word for word: a quotation, shown as one. Its words are marked for the catalogue
    (:func:`~estro_rules.i18n.N_`) for our translation, which a page in another language shows beside the
    quotation, never instead of it (:func:`~estro_rules.protocol07.tables.pairs_table`)."""

    attributes: tuple[str, ...]
    """The :class:`Mode` attributes that the reason rests on."""

    ruling: str
    """The ruling that forbids the pair."""


INCOMPATIBLE_PAIRS: tuple[IncompatiblePair, ...] = (
    IncompatiblePair(
        "Inferno 2vs2",
        "Ultimo Bastione",
        Quote(N_("Competitive teams vs co-op; different play fields"), SOURCE),
        ("opposition", "play_field"),
        cite("P07-3.1"),
    ),
    IncompatiblePair(
        "Zona di Conquista",
        "Ultimo Bastione",
        Quote(N_("5 flat zones vs 3 lanes x 4 depths; incompatible layouts"), SOURCE),
        ("play_field",),
        cite("P07-3.2"),
    ),
    IncompatiblePair(
        "Cinque Soglie",
        "Single Player",
        Quote(N_("asymmetric match against starships: no symmetric opponent side for the Threshold events"), SOURCE),
        ("symmetric_opponent_side", "needs_symmetric_opponent_side"),
        cite("P07-3.3"),
    ),
    IncompatiblePair(
        "Cinque Soglie",
        "Ultimo Bastione",
        Quote(N_("co-op against the Horde: no symmetric opponent side for the Threshold events"), SOURCE),
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


#: The names of the optional effects of a destruction, in the canonical order.
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
