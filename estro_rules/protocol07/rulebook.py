"""The rulings of PROTOCOL_07 (mode combinations) and the interpretations that fill its gaps.

Every decision of the engine cites these IDs through :func:`cite`, so a typo fails at import time.

>>> cite("P07-4.3"), RULEBOOK["I-P07-4"].interpretation
('P07-4.3', True)
"""

from __future__ import annotations

from ..rulings import Rulebook, Ruling

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
        Ruling("I-P07-5", "An effect not in play does not fire", interpretation=True),
        Ruling("I-P07-6", "Without a table, the Quadrante draws from 1 to 6", interpretation=True),
        Ruling("I-P07-7", "A Fessura self-destruct is never a destruction by the opponent", interpretation=True),
    ],
)
cite = RULEBOOK.cite
