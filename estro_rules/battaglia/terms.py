"""Battaglia's glossary terms, in English and in Italian, in the order the glossary lists them
(the glossary page: :mod:`scripts.sitegen.glossary`)."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
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
)
"""The terms of this protocol's page."""
