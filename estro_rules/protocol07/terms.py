"""PROTOCOL_07's glossary terms, in English and in Italian, in the order the glossary lists them
(the glossary page: :mod:`scripts.sitegen.glossary`)."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
    # PROTOCOL_07: the modes keep their Italian names; the English is our gloss.
    Term("Single Player", "Single Player", "The mode played alone against starships, guardians and a dedicated AI.",
         "protocol07",
         italian_meaning="La modalità in cui si gioca da soli contro astronavi, guardiani e un'IA dedicata."),
    Term("Inferno 2vs2", "Inferno 2vs2", "A mode of two competing teams of two (“Inferno”: hell).", "protocol07",
         kept=True, italian_meaning="Una modalità in cui si sfidano due squadre di due giocatori."),
    Term("Ultimo Bastione", "Ultimo Bastione",
         "A co-operative mode against the Horde on 3 lanes x 4 depths (“the last bastion”).", "protocol07",
         kept=True, italian_meaning="Una modalità cooperativa contro la Horde, su 3 corsie x 4 profondità."),
    Term("Zona di Conquista", "Zona di Conquista", "A mode played on 5 flat zones (“conquest zone”).", "protocol07",
         kept=True, italian_meaning="Una modalità che si gioca su 5 zone piane."),
    Term("Cinque Soglie", "Cinque Soglie",
         "A mode of Threshold events that needs an opponent's side mirroring the player's (“five thresholds”).",
         "protocol07",
         kept=True, italian_meaning="Una modalità con eventi Soglia, che richiedono un lato avversario speculare a quello del "
                         "giocatore."),
    Term("Incinerator", "Incinerator", "Where a destroyed card goes: it confirms the destruction.", "protocol07",
         italian_meaning="Dove finisce una carta distrutta: conferma la distruzione."),
    Term("NecroToken", "NecroToken", "A token a player receives when the opponent destroys their card.",
         "protocol07", also=("NecroTokens",),
         italian_meaning="Un segnalino che un giocatore riceve quando l'avversario gli distrugge una carta."),
    Term("Quadrante dell'Oblio", "Quadrante dell'Oblio",
         "An effect that gives a random result through the Tool (“dial of oblivion”).", "protocol07",
         also=("Quadrante",),
         kept=True, italian_meaning="Un effetto che dà un risultato a caso tramite il Tool."),
    Term("Imboscata Illusoria", "Imboscata Illusoria",
         "An effect that puts an Illusio from the hand on the field when a face-down card is destroyed "
         "(“illusory ambush”).", "protocol07", also=("Imboscata",),
         kept=True, italian_meaning="Un effetto che, quando viene distrutta una carta coperta, mette in campo un Illusio dalla "
                         "mano."),
    Term("Illusio", "Illusio", "A card that the Imboscata Illusoria places from the hand.", "protocol07",
         kept=True, italian_meaning="Una carta che l'Imboscata Illusoria mette in campo dalla mano."),
    Term("Fessura Dimensionale", "Fessura Dimensionale",
         "An effect that draws from the Mazzo Dimensionale after a Fessura self-destruct ([[P07-4.5]]) "
         "(“dimensional rift”).",
         "protocol07", also=("Fessura",),
         kept=True, italian_meaning="Un effetto che pesca dal Mazzo Dimensionale dopo un'autodistruzione da Fessura "
                         "([[P07-4.5]])."),
    Term("Dimensional Deck", "Mazzo Dimensionale", "The deck the Fessura Dimensionale draws from.", "protocol07",
         italian_meaning="Il mazzo da cui pesca la Fessura Dimensionale."),
    Term("Threshold events", "eventi Soglia", "The events of Cinque Soglie, which need a symmetric opponent side.",
         "protocol07", italian_from_source=False, also=("Threshold event",),
         italian_meaning="Gli eventi di Cinque Soglie, che richiedono un lato avversario simmetrico."),
)
"""The terms of this protocol's page."""
