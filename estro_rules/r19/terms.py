"""§19's glossary terms, in English and in Italian, in the order the glossary lists them
(the glossary page: :mod:`scripts.sitegen.glossary`)."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
    # §19: the source is English; the Italian is our translation.
    Term("sequence", "sequenza", "A cascade of state changes that runs to its end before anything else ([[R19-1.1]]).", "r19",
         italian_from_source=False, also=("sequences",),
         italian_meaning="Una cascata di cambi di stato che si risolve fino in fondo prima di ogni altra cosa "
                         "([[R19-1.1]])."),
    Term("trigger", "innesco", "A triggered ability waiting to fire once the sequence has ended.", "r19",
         italian_from_source=False, also=("triggers", "triggered ability", "triggered abilities"),
         italian_meaning="Un'abilità innescata che aspetta di risolversi, a sequenza finita."),
    Term("active player", "giocatore attivo", "The player whose turn it is; their new triggers fire first ([[R19-1.3]]).", "r19",
         italian_from_source=False,
         italian_meaning="Il giocatore di turno; i suoi nuovi inneschi si risolvono per primi ([[R19-1.3]])."),
    Term("Prime", "Prime", "The state of a card showing its Prime face.", "r19",
         italian_meaning="Lo stato di una carta che mostra la sua faccia Prime."),
    Term("Contested", "Contested", "The state of a card showing its Contested face.", "r19",
         italian_meaning="Lo stato di una carta che mostra la sua faccia Contested."),
    Term("Fallen", "Fallen", "The state of a card showing its Fallen face.", "r19",
         italian_meaning="Lo stato di una carta che mostra la sua faccia Fallen."),
    Term("Reversal", "Reversal", "The face a Storyline flips to when its Bound Character becomes Fallen.", "r19",
         italian_meaning="La faccia su cui gira una Storyline quando il suo Character Bound diventa Fallen."),
    Term("flip", "girare", "A change of a card's visible face; never a destruction.", "r19",
         italian_from_source=False, also=("flips", "flipped"),
         italian_meaning="Cambiare la faccia visibile di una carta; non è mai una distruzione."),
    Term("Character", "Personaggio", "A unit that prints DEF X and Rank X and is destroyed at 0 CP.", "r19",
         italian_from_source=False, also=("Characters",),
         italian_meaning="Un'unità che stampa DEF X e Rank X ed è distrutta a 0 CP.", italian_uses_english=True),
    Term("Ground Unit", "Unità di terra", "A unit that prints its DEF and Rank as numbers.", "r19",
         italian_from_source=False, also=("Ground Units",),
         italian_meaning="Un'unità che stampa DEF e Rank come numeri.", italian_uses_english=True),
    Term("Drone", "Drone", "A unit that is Burned when it is destroyed, instead of going to the Depleted Pile ([[R19-8.1]]).",
         "r19", also=("Drones",),
         italian_meaning="Un'unità che, distrutta, finisce Burned invece che nella Depleted Pile ([[R19-8.1]])."),
    Term("Location", "Luogo", "A permanent that breaks like damage: Prime to Contested, then to the Depleted Pile.",
         "r19", italian_from_source=False, also=("Locations",),
         italian_meaning="Un permanente che si rompe come per i danni: da Prime a Contested, poi nella Depleted Pile.",
         italian_uses_english=True),
    Term("Homeworld", "Mondo natale", "A permanent whose own damage rules §19.8 refers to; this site breaks it "
         "like a Location ([[I-R19-3]]).", "r19", italian_from_source=False, also=("Homeworlds",),
         italian_meaning="Un permanente per cui il §19.8 rimanda alle sue regole sui danni; questo sito lo rompe come "
                         "una Location ([[I-R19-3]]).", italian_uses_english=True),
    Term("Storyline", "Trama", "A card that Binds Characters as it enters the Map.", "r19",
         italian_from_source=False, also=("Storylines",),
         italian_meaning="Una carta che, entrando nella Map, esegue il Bind dei Character.", italian_uses_english=True),
    Term("Bind", "Vincolare", "What a Storyline does to Characters as it enters the Map; not an activated ability.",
         "r19", italian_from_source=False, also=("Binds", "Bound"),
         italian_meaning="Ciò che una Storyline fa ai Character quando entra nella Map; non è un'abilità attivata.",
         italian_uses_english=True),
    Term("Twist", "Svolta", "A Character's own route to Fallen ([[R19-2.3]]); the engine counts it as the one Fall that scores "
         "([[I-R19-8]]).", "r19",
         italian_from_source=False,
         italian_meaning="La via propria di un Character per diventare Fallen ([[R19-2.3]]); il motore lo conta come "
                         "l'unico passaggio a Fallen che dà punti ([[I-R19-8]]).", italian_uses_english=True),
    Term("CP", "CP", "A Character's points: at 0 the Character is destroyed.", "r19",
         italian_meaning="I punti di un Character: a 0 il Character è distrutto."),
    Term("DEF", "DEF", "A printed defence value; a unit at DEF 0 or less is destroyed.", "r19",
         italian_meaning="Un valore di difesa stampato; un'unità a DEF 0 o meno è distrutta."),
    Term("Rank", "Rank", "A printed value (RK); needed to be Liberated; at 0 or less a unit is destroyed.", "r19",
         also=("RK",),
         italian_meaning="Un valore stampato (RK); serve per subire una Liberation; a 0 o meno un'unità è distrutta."),
    Term("Liberation", "Liberazione", "A successful Liberation flips a Prime card to Contested.", "r19",
         italian_from_source=False,
         italian_meaning="Una Liberation riuscita gira una carta Prime su Contested.", italian_uses_english=True),
    Term("Sabotage counter", "segnalino Sabotage", "A counter that reduces a card's values while it sits on the "
         "card (§18.87); this site counts each as −1 DEF ([[I-R19-5]]).", "r19", italian_from_source=False,
         also=("Sabotage counters", "Sabotage"),
         italian_meaning="Un segnalino che riduce i valori della carta finché ci resta sopra (§18.87); questo sito lo "
                         "conta come −1 DEF ([[I-R19-5]])."),
    Term("Depleted Pile", "Pila esaurita", "Where a destroyed or broken card goes (a Drone is Burned instead, [[R19-8.1]]).", "r19",
         italian_from_source=False,
         italian_meaning="Dove va una carta distrutta o rotta (un Drone invece finisce Burned, [[R19-8.1]]).",
         italian_uses_english=True),
    Term("Burned", "Bruciato", "Where a destroyed Drone goes.", "r19", italian_from_source=False,
         italian_meaning="Dove va un Drone distrutto.", italian_uses_english=True),
    Term("Story Point", "Punto Storia", "Scored from the board at the end of each Act, never for an opponent's Fall.",
         "r19", italian_from_source=False, also=("Story Points",),
         italian_meaning="Si guadagna in base a ciò che è in gioco alla fine di ogni Act, mai per il passaggio a "
                         "Fallen di un avversario.", italian_uses_english=True),
    Term("Fast", "Rapida", "The default timing of an activated ability: any phase but Ready and End ([[R19-3.1]]).", "r19",
         italian_from_source=False,
         italian_meaning="La tempistica predefinita di un'abilità attivata: qualunque fase tranne Ready ed End "
                         "([[R19-3.1]]).", italian_uses_english=True),
    Term("state-based check", "controllo di stato", "A check made whenever anything changes: DEF or Rank at 0 "
         "or less.", "r19", italian_from_source=False, also=("state-based checks",),
         italian_meaning="Un controllo fatto a ogni cambiamento: DEF o Rank a 0 o meno."),
)
"""The terms of this protocol's page."""
