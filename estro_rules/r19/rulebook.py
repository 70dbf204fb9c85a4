"""The rulings of §19 (Resolution Rules) and the interpretations that fill its gaps.

Every decision of the §19 engine cites these IDs through :func:`cite`, so a
typo fails at import time.

>>> cite("R19-8.3")
'R19-8.3'
>>> RULEBOOK["I-R19-3"].interpretation
True
"""

from __future__ import annotations

from ..rulings import Rulebook, Ruling

RULEBOOK = Rulebook(
    "r19",
    "§19 Resolution Rules",
    "resolution-19/",
    [
        Ruling("R19-1", "Resolution sequence", italian="Sequenza di risoluzione"),
        Ruling(
            "R19-1.1",
            "Cascading effects resolve as one sequence",
            italian="Gli effetti a cascata si risolvono in un'unica sequenza",
        ),
        Ruling(
            "R19-1.2",
            "Nothing is played or activated during a sequence",
            italian="Durante una sequenza non si gioca e non si attiva nulla",
        ),
        Ruling(
            "R19-1.3",
            "New triggers fire active player first, then clockwise",
            italian="I nuovi inneschi: prima il giocatore attivo, poi in senso orario",
        ),
        Ruling("R19-2", "State transitions", italian="Cambi di stato"),
        Ruling("R19-2.1", "Becoming Contested", italian="Diventare Contested"),
        Ruling("R19-2.2", "Becoming Fallen", italian="Diventare Fallen"),
        Ruling(
            "R19-2.3",
            "A Character Falls only by the four routes",
            italian="Un Character diventa Fallen solo per quattro vie",
        ),
        Ruling("R19-2.4", "A Character at 0 CP is destroyed", italian="Un Character a 0 CP è distrutto"),
        Ruling(
            "R19-2.5",
            "A Fallen Character flips its Bound Storyline",
            italian="Un Character che diventa Fallen gira la Storyline a cui è Bound",
        ),
        Ruling(
            "R19-2.6",
            "Other permanents flip to Fallen by any effect",
            italian="Gli altri permanenti diventano Fallen con qualunque effetto",
        ),
        Ruling("R19-2.7", "Becoming Prime", italian="Diventare Prime"),
        Ruling(
            "R19-2.8",
            "Transition triggers fire on every such transition",
            italian="Le abilità legate a un cambio di stato si innescano a ogni cambio",
        ),
        Ruling("R19-3", "Activated ability timing", italian="Quando si usano le abilità attivate"),
        Ruling(
            "R19-3.1",
            "Activated abilities are Fast by default",
            italian="Le abilità attivate sono Fast, salvo indicazione",
        ),
        Ruling("R19-3.2", "Printed text may restrict the timing", italian="Il testo stampato può restringere i tempi"),
        Ruling("R19-3.3", "Bind is not an activated ability", italian="Bind non è un'abilità attivata"),
        Ruling(
            "R19-3.4",
            "Phase-tied resource generation is not an activated ability",
            italian="Produrre risorse in una fase non è un'abilità attivata",
        ),
        Ruling("R19-4", "Flipping does not destroy", italian="Girare non distrugge"),
        Ruling("R19-4.1", "A flip is not a destruction", italian="Girare una carta non è distruggerla"),
        Ruling(
            "R19-4.2",
            "No Story Point for an opponent's Fall",
            italian="Nessuno Story Point quando un Character avversario diventa Fallen",
        ),
        Ruling("R19-4.3", "Damage to 0 CP is a destruction", italian="I danni che portano a 0 CP distruggono"),
        Ruling(
            "R19-4.4",
            "A Fall by Morality Penalties is a flip",
            italian="Diventare Fallen per Morality Penalties è girare, non distruggere",
        ),
        Ruling(
            "R19-5",
            "Face states are told apart at a glance",
            italian="Lo stato di una faccia si riconosce a colpo d'occhio",
        ),
        Ruling(
            "R19-5.1",
            "The five-permanent Lose condition is retired",
            italian="La condizione di sconfitta dei cinque permanenti non esiste più",
        ),
        Ruling(
            "R19-6",
            "Numerical bonuses do not create abilities or stats",
            italian="I bonus numerici non creano abilità né statistiche",
        ),
        Ruling(
            "R19-6.1",
            "A bonus to an unprinted value does nothing",
            italian="Un bonus a un valore non stampato non fa nulla",
        ),
        Ruling(
            "R19-6.2",
            "Granting language does confer",
            italian="Le formule che conferiscono un valore lo danno davvero",
        ),
        Ruling(
            "R19-6.3",
            "Class bonuses should name a class printing the stat",
            italian="Un bonus a una classe deve nominare una classe che stampa la statistica",
        ),
        Ruling("R19-7", "A value a card does not print", italian="Un valore che la carta non stampa"),
        Ruling(
            "R19-7.1",
            "No printed value means no part in the mechanic",
            italian="Senza valore stampato, fuori dalla meccanica",
        ),
        Ruling("R19-7.2", "Losing a value", italian="Perdere un valore"),
        Ruling("R19-7.3", "Printing 0 is printing a value", italian="Stampare 0 è stampare un valore"),
        Ruling("R19-7.4", "DEF and Rank should not be printed at 0", italian="DEF e Rank non andrebbero stampati a 0"),
        Ruling(
            "R19-7.5",
            "Drones need not print ATK, DEF and RK",
            italian="I Drone non devono per forza stampare ATK, DEF e RK",
        ),
        Ruling("R19-8", "DEF or Rank reduced to 0 or less", italian="DEF o Rank ridotti a 0 o meno"),
        Ruling("R19-8.1", "Units at DEF or Rank 0 are destroyed", italian="Le unità a DEF o Rank 0 sono distrutte"),
        Ruling(
            "R19-8.2",
            "Characters take damage or CP loss instead",
            italian="I Character subiscono invece danni o perdita di CP",
        ),
        Ruling(
            "R19-8.3",
            "Locations and Spacecraft break as they do to damage",
            italian="Location e Spacecraft si rompono come per i danni",
        ),
        Ruling(
            "R19-8.4",
            "Homeworlds follow their damage rules",
            italian="Gli Homeworld seguono le loro regole sui danni",
        ),
        Ruling("R19-8.5", "The new face is checked again", italian="La nuova faccia si controlla di nuovo"),
        Ruling(
            "R19-8.6",
            "No card should be designed at DEF 0 or Rank 0",
            italian="Nessuna carta andrebbe progettata con DEF 0 o Rank 0",
        ),
        Ruling(
            "I-R19-1",
            "Only what §19 states or implies",
            interpretation=True,
            italian="Solo ciò che il §19 dice o lascia intendere",
        ),
        Ruling(
            "I-R19-2",
            "Trigger order inside one player's batch",
            interpretation=True,
            italian="L'ordine degli inneschi di un solo giocatore",
        ),
        Ruling(
            "I-R19-3",
            "Homeworlds break like Locations",
            interpretation=True,
            italian="Gli Homeworld si rompono come le Location",
        ),
        Ruling(
            "I-R19-4",
            "Triggers created while triggers fire",
            interpretation=True,
            italian="Inneschi creati mentre altri inneschi si risolvono",
        ),
        Ruling(
            "I-R19-5",
            "A Sabotage counter is −1 DEF",
            interpretation=True,
            italian="Un segnalino Sabotage vale −1 DEF",
        ),
        Ruling(
            "I-R19-6",
            "A bonus to DEF X or Rank X adds nothing",
            interpretation=True,
            italian="Un bonus a DEF X o Rank X non aggiunge nulla",
        ),
        Ruling(
            "I-R19-7",
            "A Fall turns the Bound Storyline to Reversal, and not back",
            interpretation=True,
            italian="Diventare Fallen gira la Storyline Bound su Reversal, senza ritorno",
        ),
        Ruling(
            "I-R19-8",
            "The Fall you cause to your own Character is its Twist",
            interpretation=True,
            italian="Il passaggio a Fallen che causi a un tuo Character è il suo Twist",
        ),
        Ruling(
            "I-R19-9",
            "A broken Contested Location is placed, not destroyed",
            interpretation=True,
            italian="Una Location Contested che si rompe viene messa nella pila, non distrutta",
        ),
        Ruling(
            "I-R19-10",
            "A broken Location on another face also goes to the Depleted Pile",
            interpretation=True,
            italian="Anche una Location rotta su un'altra faccia va nella Depleted Pile",
        ),
        Ruling(
            "I-R19-11",
            "What happens at one moment happens together, and leaving play looks back",
            interpretation=True,
            italian="Ciò che avviene in un momento avviene insieme, e chi lascia il gioco guarda indietro",
        ),
        Ruling(
            "I-R19-12",
            "Every action resolves as a sequence",
            interpretation=True,
            italian="Ogni azione si risolve come una sequenza",
        ),
    ],
    italian="§19 Regole di risoluzione",
)
cite = RULEBOOK.cite

__all__ = ["RULEBOOK", "cite"]
