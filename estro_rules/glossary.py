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

The glossary also decides which word each language's pages use (:meth:`Term.word`). Battaglia's words
come from its Italian source; PROTOCOL_07's names are the source's own in both languages. For §19, whose
source is English, a word printed on the cards (a state label, a card type, a value, a keyword, a zone)
stays in English on the Italian pages, so that players find on the page the word on the card; the words
of the procedure (sequence, trigger, flip, …) are said in Italian. Each term has an Italian meaning for
the Italian pages (``italian_meaning``).

>>> term("cryptid").word("it"), term("Contested").word("it"), term("Depleted Pile").word("it")
('criptide', 'Contested', 'Depleted Pile')
>>> term("trigger").word("it"), term("Depleted Pile").italian, term("Depleted Pile").word("en")
('innesco', 'Pila esaurita', 'Depleted Pile')
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

    italian_meaning: str = ""
    """What it means, in one line of our own Italian words, for the Italian pages."""

    italian_uses_english: bool = False
    """Whether the Italian pages keep the English word (a word printed on the cards), with ``italian`` as
    its gloss; ``False`` when they use ``italian``."""

    def word(self, language: str) -> str:
        """The word that the pages in ``language`` (``"en"`` or ``"it"``) use for this term."""
        if language == "en":
            return self.english
        if language == "it":
            return self.english if self.italian_uses_english else self.italian
        raise ValueError(f"language: expected 'en' or 'it', got {language!r}")

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
    # Battaglia: the source is Italian.
    Term("battle", "battaglia", "One fight between two teams that plays itself out with the dice.", "battaglia",
         also=("battles",), italian_also=("battaglie",),
         italian_meaning="Uno scontro tra due squadre che si svolge da solo, a colpi di dadi."),
    Term("cryptid", "criptide", "A creature in a team; it has a threat, a health and abilities.", "battaglia",
         also=("cryptids",), italian_also=("criptidi",),
         italian_meaning="Una creatura della squadra, con una minaccia, una salute e delle abilità."),
    Term("team", "squadra", "A player's cryptids, from left to right, as set in the shop.", "battaglia",
         also=("teams",),
         italian_meaning="I criptidi di un giocatore, da sinistra a destra, come li ha disposti nel negozio."),
    Term("threat", "minaccia", "A cryptid's number: higher acts first ([[BAT-3]]) and is targeted first ([[BAT-4]]).", "battaglia",
         italian_meaning="Il numero di un criptide: il più alto agisce prima ([[BAT-3]]) ed è colpito per primo "
                         "([[BAT-4]])."),
    Term("health", "salute", "What a cryptid can lose before it is down ([[I-BAT-3]]); it starts at the card's value.",
         "battaglia",
         italian_meaning="Quanto un criptide può perdere prima di finire a zero salute ([[I-BAT-3]]); all'inizio è il "
                         "valore della carta."),
    Term("roll", "tiro", "One throw of the two dice; rerolls count too.", "battaglia", also=("rolls",), italian_also=("tiri",),
         italian_meaning="Un lancio dei due dadi; contano anche i tiri ripetuti."),
    Term("turn", "turno", "The six steps that follow a roll; a reroll restarts them.", "battaglia",
         also=("turns",), italian_also=("turni",),
         italian_meaning="I sei passi che seguono un tiro; ritirare i dadi li fa ricominciare."),
    Term("dice", "dadi", "Two six-sided dice, rolled to begin every turn ([[BAT-6.1]]).", "battaglia", also=("die",), italian_also=("dado",),
         italian_meaning="Due dadi a sei facce, tirati all'inizio di ogni turno ([[BAT-6.1]])."),
    Term("target", "bersaglio", "Whom an ability hits or heals; one that hits a single enemy goes by default for the one of "
         "highest threat ([[BAT-4]]).",
         "battaglia", also=("targets",), italian_also=("bersagli", "bersagliamento"),
         italian_meaning="Chi un'abilità colpisce o cura; se colpisce un solo nemico, di norma sceglie quello di "
                         "minaccia più alta ([[BAT-4]])."),
    Term("ability", "abilità", "What a cryptid does when its condition is met: damage, healing and more.",
         "battaglia", also=("abilities",),
         italian_meaning="Ciò che un criptide fa quando la sua condizione si avvera: danni, cure e altro."),
    Term("reaction", "reazione", "An ability that answers damage or healing at once ([[BAT-6.5]]), inside the step ([[I-BAT-15]]).",
         "battaglia", also=("reactions",), italian_also=("reazioni",),
         italian_meaning="Un'abilità che risponde subito a danni o cure ([[BAT-6.5]]), dentro il passo in corso "
                         "([[I-BAT-15]])."),
    Term("status effect", "effetto di stato", "A lasting condition on a cryptid, such as damage over time.",
         "battaglia", also=("status effects",), italian_also=("effetti di stato",),
         italian_meaning="Una condizione che resta addosso a un criptide, come i danni nel tempo."),
    Term("damage over time", "danni nel tempo", "Damage taken at step 2 of each of the next few rolls.",
         "battaglia",
         italian_meaning="Danni subiti al passo 2 di ciascuno dei prossimi tiri, per qualche tiro."),
    Term("death ability", "abilità di morte", "An ability that acts when its cryptid dies, at step 6.",
         "battaglia", also=("death abilities",),
         italian_meaning="Un'abilità che agisce quando il suo criptide muore, al passo 6."),
    Term("draw", "pareggio", "An end with no winner: it costs no lives and is not a win.", "battaglia",
         also=("draws",),
         italian_meaning="Una fine senza vincitore: non costa vite e non vale come vittoria."),
    Term("life", "vita", "What a lost battle costs a player; a draw costs none.", "battaglia",
         also=("lives",), italian_also=("vite",),
         italian_meaning="Ciò che una battaglia persa costa a un giocatore; un pareggio non ne costa."),
    Term("sudden death", "morte improvvisa", "From roll 16, extra damage that grows with every roll.",
         "battaglia",
         italian_meaning="Dal tiro 16, danni in più che crescono a ogni tiro."),
    Term("shop", "negozio", "Where players choose their cryptids, abilities and order before a battle ([[BAT-1]]).",
         "battaglia",
         italian_meaning="Dove i giocatori scelgono criptidi, abilità e ordine prima della battaglia ([[BAT-1]])."),
    Term("snapshot", "istantanea", "A copy of another player's team: the opponent of a battle.", "battaglia",
         italian_meaning="Una copia della squadra di un altro giocatore: l'avversario di una battaglia."),
    Term("down", "a zero salute", "At 0 health until the end of the turn: it neither acts, reacts nor is "
         "targeted ([[I-BAT-3]]).", "battaglia",
         italian_meaning="A 0 di salute fino alla fine del turno: non agisce, non reagisce e non può essere bersaglio "
                         "([[I-BAT-3]])."),
    Term("score", "punteggio", "What battles change; the total counts when the match ends.", "battaglia",
         italian_meaning="Ciò che le battaglie cambiano; il totale conta a fine partita."),
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
