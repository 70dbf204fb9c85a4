"""The glossary: every game term of the rules pages, in English and in Italian, with a one-line meaning.

The Battaglia rules are written in Italian, PROTOCOL_07 uses Italian names inside English text, and
§19 is in English; players meet the words in both languages. Each :class:`Term` gives the word used
on this site, the Italian one, and where the Italian comes from: the source itself, or our own
translation (then it is marked as such on the page — the sources do not name it). The glossary page
is generated from this list, the rulings that use each term are found by reading the pages, and
each term's first use in a ruling links to its entry and shows the meaning on hover and on focus.

>>> term("criptide").english, term("cryptid").italian
('cryptid', 'criptide')
>>> [t.english for t in TERMS if t.protocol == "protocol07"][:3]
['Single Player', 'Inferno 2vs2', 'Ultimo Bastione']
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One game term."""

    english: str
    """The word this site uses."""

    italian: str
    """The Italian word."""

    meaning: str
    """What it means, in one line of our own words."""

    protocol: str
    """The protocol it belongs to (``"battaglia"``, ``"protocol07"``, ``"r19"``)."""

    italian_from_source: bool = True
    """Whether a source uses the Italian word; ``False`` when it is our translation."""

    also: tuple[str, ...] = ()
    """Other English forms that name it on the pages (plurals)."""

    italian_also: tuple[str, ...] = ()
    """Other Italian forms that name it on the pages (plurals)."""

    kept: bool = False
    """Whether the word this site uses is the Italian name itself (PROTOCOL_07's modes and effects), so that
    it is Italian wherever it stands."""

    @property
    def anchor(self) -> str:
        """The entry's anchor on the glossary page."""
        return re.sub(r"[^a-z0-9]+", "-", self.english.lower()).strip("-")

    @property
    def forms(self) -> tuple[str, ...]:
        """Every form that names it, longest first (so "abilità di morte" wins over "abilità")."""
        return tuple(sorted({self.english, self.italian, *self.also, *self.italian_also}, key=len, reverse=True))

    @property
    def italian_forms(self) -> tuple[str, ...]:
        """The forms that are Italian words, longest first: read with Italian rules (``lang="it"``).

        >>> term("cryptid").italian_forms, term("Cinque Soglie").italian_forms, term("DEF").italian_forms
        (('criptide', 'criptidi'), ('Cinque Soglie',), ())
        """
        found = {*self.italian_also}
        if self.italian != self.english or self.kept:
            found.add(self.italian)
        if self.kept:
            found.update({self.english, *self.also})
        return tuple(sorted(found, key=lambda f: (-len(f), f)))


TERMS: tuple[Term, ...] = (
    # PROTOCOL_07: the modes keep their Italian names; the English is our gloss.
    Term("Single Player", "Single Player", "The mode played alone against starships, guardians and a dedicated AI.",
         "protocol07"),
    Term("Inferno 2vs2", "Inferno 2vs2", "A mode of two competing teams of two (“Inferno”: hell).", "protocol07", kept=True),
    Term("Ultimo Bastione", "Ultimo Bastione",
         "A co-operative mode against the Horde on 3 lanes x 4 depths (“the last bastion”).", "protocol07", kept=True),
    Term("Zona di Conquista", "Zona di Conquista", "A mode played on 5 flat zones (“conquest zone”).", "protocol07", kept=True),
    Term("Cinque Soglie", "Cinque Soglie",
         "A mode of Threshold events that needs an opponent's side mirroring the player's (“five thresholds”).",
         "protocol07", kept=True),
    Term("Incinerator", "Incinerator", "Where a destroyed card goes: it confirms the destruction.", "protocol07"),
    Term("NecroToken", "NecroToken", "A token a player receives when the opponent destroys their card.",
         "protocol07", also=("NecroTokens",)),
    Term("Quadrante dell'Oblio", "Quadrante dell'Oblio",
         "An effect that gives a random result through the Tool (“dial of oblivion”).", "protocol07", also=("Quadrante",), kept=True),
    Term("Imboscata Illusoria", "Imboscata Illusoria",
         "An effect that puts an Illusio from the hand on the field when a face-down card is destroyed "
         "(“illusory ambush”).", "protocol07", also=("Imboscata",), kept=True),
    Term("Illusio", "Illusio", "A card that the Imboscata Illusoria places from the hand.", "protocol07", kept=True),
    Term("Fessura Dimensionale", "Fessura Dimensionale",
         "An effect that draws from the Mazzo Dimensionale after a Fessura self-destruct (“dimensional rift”).",
         "protocol07", also=("Fessura",), kept=True),
    Term("Dimensional Deck", "Mazzo Dimensionale", "The deck the Fessura Dimensionale draws from.", "protocol07"),
    Term("Threshold events", "eventi Soglia", "The events of Cinque Soglie, which need a symmetric opponent side.",
         "protocol07", italian_from_source=False, also=("Threshold event",)),
    # Battaglia: the source is Italian.
    Term("battle", "battaglia", "One fight between two teams that plays itself out with the dice.", "battaglia",
         also=("battles",), italian_also=("battaglie",)),
    Term("cryptid", "criptide", "A creature in a team; it has a threat, a health and abilities.", "battaglia",
         also=("cryptids",), italian_also=("criptidi",)),
    Term("team", "squadra", "A player's cryptids, from left to right, as set in the shop.", "battaglia",
         also=("teams",)),
    Term("threat", "minaccia", "A cryptid's number: higher acts first and is targeted first.", "battaglia"),
    Term("health", "salute", "What a cryptid can lose before it is down; it starts at the card's value.",
         "battaglia"),
    Term("roll", "tiro", "One throw of the two dice; rerolls count too.", "battaglia", also=("rolls",), italian_also=("tiri",)),
    Term("turn", "turno", "The six steps that follow a roll; a reroll restarts them.", "battaglia",
         also=("turns",), italian_also=("turni",)),
    Term("dice", "dadi", "Two six-sided dice; most abilities look at their total.", "battaglia", also=("die",), italian_also=("dado",)),
    Term("target", "bersaglio", "Whom an ability hits or heals; by default the enemy of highest threat.",
         "battaglia", also=("targets",), italian_also=("bersagli", "bersagliamento")),
    Term("ability", "abilità", "What a cryptid does when its condition is met: damage, healing and more.",
         "battaglia", also=("abilities",)),
    Term("reaction", "reazione", "An ability that answers damage or healing at once, inside the step.",
         "battaglia", also=("reactions",), italian_also=("reazioni",)),
    Term("status effect", "effetto di stato", "A lasting condition on a cryptid, such as damage over time.",
         "battaglia", also=("status effects",), italian_also=("effetti di stato",)),
    Term("damage over time", "danni nel tempo", "Damage taken at step 2 of each of the next few rolls.",
         "battaglia"),
    Term("death ability", "abilità di morte", "An ability that acts when its cryptid dies, at step 6.",
         "battaglia", also=("death abilities",)),
    Term("draw", "pareggio", "An end with no winner: it costs no lives and is not a win.", "battaglia",
         also=("draws",)),
    Term("life", "vita", "What a lost battle costs a player; a draw costs none.", "battaglia",
         also=("lives",), italian_also=("vite",)),
    Term("sudden death", "morte improvvisa", "From roll 16, extra damage that grows with every roll.",
         "battaglia"),
    Term("shop", "negozio", "Where players choose their cryptids, abilities and order before a battle.",
         "battaglia"),
    Term("snapshot", "istantanea", "A copy of another player's team: the opponent of a battle.", "battaglia"),
    Term("down", "a zero salute", "At 0 health until the end of the turn: it neither acts, reacts nor is "
         "targeted ([[I-BAT-3]]).", "battaglia"),
    Term("score", "punteggio", "What battles change; the total counts when the match ends.", "battaglia"),
    # §19: the source is English; the Italian is our translation.
    Term("sequence", "sequenza", "A cascade of state changes that runs to its end before anything else.", "r19",
         italian_from_source=False, also=("sequences",)),
    Term("trigger", "innesco", "A triggered ability waiting to fire once the sequence has ended.", "r19",
         italian_from_source=False, also=("triggers", "triggered ability", "triggered abilities")),
    Term("active player", "giocatore attivo", "The player whose turn it is; their new triggers fire first.", "r19",
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
    Term("Drone", "Drone", "A unit that is Burned when it is destroyed, instead of going to the Depleted Pile.",
         "r19", also=("Drones",)),
    Term("Location", "Luogo", "A permanent that breaks like damage: Prime to Contested, then to the Depleted Pile.",
         "r19", italian_from_source=False, also=("Locations",)),
    Term("Homeworld", "Mondo natale", "A permanent whose own damage rules §19.8 refers to; this site breaks it "
         "like a Location ([[I-R19-3]]).", "r19", italian_from_source=False, also=("Homeworlds",)),
    Term("Storyline", "Trama", "A card that Binds Characters as it enters the Map.", "r19",
         italian_from_source=False, also=("Storylines",)),
    Term("Bind", "Vincolare", "What a Storyline does to Characters as it enters the Map; not an activated ability.",
         "r19", italian_from_source=False, also=("Binds", "Bound")),
    Term("Twist", "Svolta", "A Character's own route to Fallen, the one Fall that scores.", "r19",
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
    Term("Depleted Pile", "Pila esaurita", "Where a destroyed or broken card goes (a Drone is Burned instead).", "r19",
         italian_from_source=False),
    Term("Burned", "Bruciato", "Where a destroyed Drone goes.", "r19", italian_from_source=False),
    Term("Story Point", "Punto Storia", "Scored from the board at the end of each Act, never for an opponent's Fall.",
         "r19", italian_from_source=False, also=("Story Points",)),
    Term("Fast", "Rapida", "The default timing of an activated ability: any phase but Ready and End.", "r19",
         italian_from_source=False),
    Term("state-based check", "controllo di stato", "A check made whenever anything changes: DEF or Rank at 0 "
         "or less.", "r19", italian_from_source=False, also=("state-based checks",)),
)
"""Every term, protocol by protocol, in the order the glossary lists them."""


ITALIAN_FORMS: tuple[str, ...] = tuple(sorted({f for t in TERMS for f in t.italian_forms}, key=lambda f: (-len(f), f)))
"""Every Italian word of the glossary, longest first: the site marks each use ``lang="it"`` (WCAG 3.1.2), on
its pages (``scripts/sitegen/lang.py``) and in what the widgets show (``docs/assets/estro/reading.js``)."""


def term(word: str) -> Term:
    """The term that ``word`` names, in either language or any listed form."""
    for t in TERMS:
        if word in t.forms:
            return t
    raise KeyError(f"no glossary term {word!r}")
