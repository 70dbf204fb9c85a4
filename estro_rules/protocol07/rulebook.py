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
        Ruling("P07-1", "Modes can be combined", italian="Le modalità si possono combinare"),
        Ruling(
            "P07-2",
            "Single Player combines with no other mode",
            italian="Single Player non si combina con nessun'altra modalità",
        ),
        Ruling("P07-3", "Incompatible pairs", italian="Le coppie incompatibili"),
        Ruling("P07-3.1", "Inferno 2vs2 and Ultimo Bastione", italian="Inferno 2vs2 e Ultimo Bastione"),
        Ruling("P07-3.2", "Zona di Conquista and Ultimo Bastione", italian="Zona di Conquista e Ultimo Bastione"),
        Ruling("P07-3.3", "Cinque Soglie and Single Player", italian="Cinque Soglie e Single Player"),
        Ruling("P07-3.4", "Cinque Soglie and Ultimo Bastione", italian="Cinque Soglie e Ultimo Bastione"),
        Ruling(
            "P07-4",
            "Resolution order on a destruction",
            italian="L'ordine di risoluzione quando una carta è distrutta",
        ),
        Ruling("P07-4.1", "Card destroyed", italian="Carta distrutta"),
        Ruling("P07-4.2", "NecroToken assigned", italian="NecroToken assegnato"),
        Ruling("P07-4.3", "Quadrante dell'Oblio", italian="Quadrante dell'Oblio"),
        Ruling("P07-4.4", "Imboscata Illusoria", italian="Imboscata Illusoria"),
        Ruling("P07-4.5", "Fessura Dimensionale", italian="Fessura Dimensionale"),
        Ruling(
            "I-P07-1",
            "“The player” is the owner of the destroyed card",
            interpretation=True,
            italian="«Il giocatore» è il proprietario della carta distrutta",
        ),
        Ruling("I-P07-2", "Reasons add up", interpretation=True, italian="I motivi si sommano"),
        Ruling(
            "I-P07-3",
            "Unknown modes are errors",
            interpretation=True,
            italian="Una modalità sconosciuta è un errore",
        ),
        Ruling(
            "I-P07-4",
            "The Quadrante's table is not published",
            interpretation=True,
            italian="La tabella del Quadrante non è pubblicata",
        ),
        Ruling(
            "I-P07-5",
            "An effect not in play does not fire",
            interpretation=True,
            italian="Un effetto che non è in gioco non si attiva",
        ),
        Ruling(
            "I-P07-6",
            "Without a table, the Quadrante draws from 1 to 6",
            interpretation=True,
            italian="Senza tabella, il Quadrante estrae da 1 a 6",
        ),
        Ruling(
            "I-P07-7",
            "A Fessura self-destruct is never a destruction by the opponent",
            interpretation=True,
            italian="Un'autodistruzione da Fessura non è mai una distruzione dell'avversario",
        ),
    ],
    italian="PROTOCOL_07 — Combinazioni di modalità",
)
cite = RULEBOOK.cite
