"""§19's glossary terms, in English and in Italian, in the order the glossary lists them
(the glossary page: :mod:`scripts.sitegen.glossary`)."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
    # §19: the source is English; the Italian is our translation.
    Term("sequence", "sequenza", "A cascade of state changes that runs to its end before anything else ([[R19-1.1]]).", "r19",
         italian_from_source=False, also=("sequences",)),
    Term("trigger", "innesco", "A triggered ability waiting to fire once the sequence has ended.", "r19",
         italian_from_source=False, also=("triggers", "triggered ability", "triggered abilities")),
    Term("active player", "giocatore attivo", "The player whose turn it is; their new triggers fire first ([[R19-1.3]]).", "r19",
         italian_from_source=False),
    Term("Prime", "Prime", "The state of a card showing its Prime face.", "r19"),
    Term("Contested", "Contested", "The state of a card showing its Contested face.", "r19"),
    Term("Fallen", "Fallen", "The state of a card showing its Fallen face.", "r19"),
    Term("Reversal", "Reversal", "The face a Storyline flips to when its Bound Character becomes Fallen.", "r19"),
    Term("flip", "girare", "A change of a card's visible face; never a destruction.", "r19",
         italian_from_source=False, also=("flips", "flipped")),
    Term("Character", "Personaggio", "A unit that prints DEF X and Rank X and is destroyed at 0 CP.", "r19",
         italian_from_source=False, also=("Characters",)),
    Term("Ground Unit", "Unità di terra", "A unit that prints its DEF and Rank as numbers.", "r19",
         italian_from_source=False, also=("Ground Units",)),
    Term("Drone", "Drone", "A unit that is Burned when it is destroyed, instead of going to the Depleted Pile ([[R19-8.1]]).",
         "r19", also=("Drones",)),
    Term("Location", "Luogo", "A permanent that breaks like damage: Prime to Contested, then to the Depleted Pile.",
         "r19", italian_from_source=False, also=("Locations",)),
    Term("Homeworld", "Mondo natale", "A permanent whose own damage rules §19.8 refers to; this site breaks it "
         "like a Location ([[I-R19-3]]).", "r19", italian_from_source=False, also=("Homeworlds",)),
    Term("Storyline", "Trama", "A card that Binds Characters as it enters the Map.", "r19",
         italian_from_source=False, also=("Storylines",)),
    Term("Bind", "Vincolare", "What a Storyline does to Characters as it enters the Map; not an activated ability.",
         "r19", italian_from_source=False, also=("Binds", "Bound")),
    Term("Twist", "Svolta", "A Character's own route to Fallen ([[R19-2.3]]); the engine counts it as the one Fall that scores "
         "([[I-R19-8]]).", "r19",
         italian_from_source=False),
    Term("CP", "CP", "A Character's points: at 0 the Character is destroyed.", "r19"),
    Term("DEF", "DEF", "A printed defence value; a unit at DEF 0 or less is destroyed.", "r19"),
    Term("Rank", "Rank", "A printed value (RK); needed to be Liberated; at 0 or less a unit is destroyed.", "r19",
         also=("RK",)),
    Term("Liberation", "Liberazione", "A successful Liberation flips a Prime card to Contested.", "r19",
         italian_from_source=False),
    Term("Sabotage counter", "segnalino Sabotaggio", "A counter that reduces a card's values while it sits on the "
         "card (§18.87); this site counts each as −1 DEF ([[I-R19-5]]).", "r19", italian_from_source=False,
         also=("Sabotage counters", "Sabotage")),
    Term("Depleted Pile", "Pila esaurita", "Where a destroyed or broken card goes (a Drone is Burned instead, [[R19-8.1]]).", "r19",
         italian_from_source=False),
    Term("Burned", "Bruciato", "Where a destroyed Drone goes.", "r19", italian_from_source=False),
    Term("Story Point", "Punto Storia", "Scored from the board at the end of each Act, never for an opponent's Fall.",
         "r19", italian_from_source=False, also=("Story Points",)),
    Term("Fast", "Rapida", "The default timing of an activated ability: any phase but Ready and End ([[R19-3.1]]).", "r19",
         italian_from_source=False),
    Term("state-based check", "controllo di stato", "A check made whenever anything changes: DEF or Rank at 0 "
         "or less.", "r19", italian_from_source=False, also=("state-based checks",)),
)
"""The terms of this protocol's page."""
