"""Battaglia's glossary terms, in English and in Italian, in the order the glossary lists them
(the glossary page: :mod:`scripts.sitegen.glossary`)."""

from __future__ import annotations

from ..glossary import Term

TERMS: tuple[Term, ...] = (
    # Battaglia: the source is Italian.
    Term("battle", "battaglia", "One fight between two teams that plays itself out with the dice.", "battaglia",
         also=("battles", "battaglie")),
    Term("cryptid", "criptide", "A creature in a team; it has a threat, a health and abilities.", "battaglia",
         also=("cryptids", "criptidi")),
    Term("team", "squadra", "A player's cryptids, from left to right, as set in the shop.", "battaglia",
         also=("teams",)),
    Term("threat", "minaccia", "A cryptid's number: higher acts first ([[BAT-3]]) and is targeted first ([[BAT-4]]).", "battaglia"),
    Term("health", "salute", "What a cryptid can lose before it is down ([[I-BAT-3]]); it starts at the card's value.",
         "battaglia"),
    Term("roll", "tiro", "One throw of the two dice; rerolls count too.", "battaglia", also=("rolls", "tiri")),
    Term("turn", "turno", "The six steps that follow a roll; a reroll restarts them.", "battaglia",
         also=("turns", "turni")),
    Term("dice", "dadi", "Two six-sided dice, rolled to begin every turn ([[BAT-6.1]]).", "battaglia", also=("die", "dado")),
    Term("target", "bersaglio", "Whom an ability hits or heals; one that hits a single enemy goes by default for the one of "
         "highest threat ([[BAT-4]]).",
         "battaglia", also=("targets", "bersagli", "bersagliamento")),
    Term("ability", "abilità", "What a cryptid does when its condition is met: damage, healing and more.",
         "battaglia", also=("abilities",)),
    Term("reaction", "reazione", "An ability that answers damage or healing at once ([[BAT-6.5]]), inside the step ([[I-BAT-15]]).",
         "battaglia", also=("reactions", "reazioni")),
    Term("status effect", "effetto di stato", "A lasting condition on a cryptid, such as damage over time.",
         "battaglia", also=("status effects", "effetti di stato")),
    Term("damage over time", "danni nel tempo", "Damage taken at step 2 of each of the next few rolls.",
         "battaglia"),
    Term("death ability", "abilità di morte", "An ability that acts when its cryptid dies, at step 6.",
         "battaglia", also=("death abilities",)),
    Term("draw", "pareggio", "An end with no winner: it costs no lives and is not a win.", "battaglia",
         also=("draws",)),
    Term("life", "vita", "What a lost battle costs a player; a draw costs none.", "battaglia",
         also=("lives", "vite")),
    Term("sudden death", "morte improvvisa", "From roll 16, extra damage that grows with every roll.",
         "battaglia"),
    Term("shop", "negozio", "Where players choose their cryptids, abilities and order before a battle ([[BAT-1]]).",
         "battaglia"),
    Term("snapshot", "istantanea", "A copy of another player's team: the opponent of a battle.", "battaglia"),
    Term("down", "a zero salute", "At 0 health until the end of the turn: it neither acts, reacts nor is "
         "targeted ([[I-BAT-3]]).", "battaglia"),
    Term("score", "punteggio", "What battles change; the total counts when the match ends.", "battaglia"),
)
"""The terms of this protocol's page."""
