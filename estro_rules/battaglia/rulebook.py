"""The rulings of Battaglia (the dice battles) and the interpretations that fill its gaps.

Every decision of the engine cites the IDs declared here, through :func:`cite`,
so a misspelt ID fails at import time.

>>> cite("BAT-6.4"), RULEBOOK["I-BAT-1"].title
('BAT-6.4', 'A reroll is a roll')
"""

from __future__ import annotations

from ..rulings import Rulebook, Ruling

RULEBOOK = Rulebook(
    "battaglia",
    "Battaglia — battles",
    "battaglia/",
    [
        Ruling("BAT-1", "Battles play themselves", italian="Le battaglie si giocano da sole"),
        Ruling("BAT-2", "The opponent is a snapshot", italian="L'avversario è un'istantanea"),
        Ruling("BAT-3", "Threat order", italian="L'ordine di minaccia"),
        Ruling("BAT-4", "The default target", italian="Il bersaglio predefinito"),
        Ruling("BAT-5", "Abilities that name another target", italian="Abilità che indicano un altro bersaglio"),
        Ruling("BAT-6", "A turn, step by step", italian="Un turno, passo dopo passo"),
        Ruling("BAT-6.1", "Roll two six-sided dice", italian="Un tiro di due dadi a sei facce"),
        Ruling("BAT-6.2", "Status effects apply", italian="Si applicano gli effetti di stato"),
        Ruling(
            "BAT-6.3",
            "The abilità di ogni tiro, dice-total changes among them",
            italian="Le abilità di ogni tiro, con quelle che cambiano il totale",
        ),
        Ruling("BAT-6.4", "Abilities resolve in threat order", italian="Le abilità si risolvono in ordine di minaccia"),
        Ruling("BAT-6.5", "Reactions resolve at once and chain", italian="Le reazioni scattano subito, anche a catena"),
        Ruling("BAT-6.6", "Deaths at the end of the turn", italian="Le morti a fine turno"),
        Ruling("BAT-7", "A reroll restarts the turn", italian="Ritirare i dadi fa ricominciare il turno"),
        Ruling("BAT-8", "A side with no cryptids left", italian="Una parte rimasta senza criptidi"),
        Ruling("BAT-9", "36 rolls, or no damage possible", italian="36 tiri, o nessun danno possibile"),
        Ruling(
            "BAT-10",
            "A draw costs no lives and is not a win",
            italian="Il pareggio non costa vite e non è una vittoria",
        ),
        Ruling("BAT-11", "Sudden death", italian="Morte improvvisa"),
        Ruling("BAT-12", "Battles change the score", italian="Le battaglie cambiano il punteggio"),
        Ruling("I-BAT-1", "A reroll is a roll", interpretation=True, italian="Anche un tiro ripetuto è un tiro"),
        Ruling("I-BAT-2", "Sudden-death bonus", interpretation=True, italian="Il bonus della morte improvvisa"),
        Ruling("I-BAT-3", "Down, not yet dead", interpretation=True, italian="A zero salute, ma non ancora morto"),
        Ruling("I-BAT-4", "Restarting a turn", interpretation=True, italian="Quando un turno ricomincia"),
        Ruling(
            "I-BAT-5",
            "Deaths chain within step 6",
            interpretation=True,
            italian="Le morti si concatenano dentro il passo 6",
        ),
        Ruling(
            "I-BAT-6",
            "Who wins when both sides empty",
            interpretation=True,
            italian="Chi vince quando si svuotano entrambi i campi",
        ),
        Ruling(
            "I-BAT-7",
            "“Neither side can damage the other”",
            interpretation=True,
            italian="«Nessuna delle due parti può danneggiare l'altra»",
        ),
        Ruling("I-BAT-8", "The 36th roll is the last", interpretation=True, italian="Il 36° tiro è l'ultimo"),
        Ruling("I-BAT-9", "Tie-breaks", interpretation=True, italian="Gli spareggi"),
        Ruling("I-BAT-10", "Reaction chains end", interpretation=True, italian="Le catene di reazioni hanno una fine"),
        Ruling("I-BAT-11", "Dice-total modifiers", interpretation=True, italian="I modificatori del totale dei dadi"),
        Ruling("I-BAT-12", "Randomness", interpretation=True, italian="Il caso, dal seme"),
        Ruling(
            "I-BAT-13",
            "Only a loss can cost lives",
            interpretation=True,
            italian="Solo una sconfitta può costare vite",
        ),
        Ruling(
            "I-BAT-14",
            "Healing with no target named heals the healer",
            interpretation=True,
            italian="Una cura senza bersaglio cura chi la usa",
        ),
        Ruling(
            "I-BAT-15",
            "Reactions happen inside the step that set them off",
            interpretation=True,
            italian="Le reazioni avvengono dentro il passo che le ha fatte scattare",
        ),
        Ruling(
            "I-BAT-16",
            "“Ally dies” reactions come before death abilities",
            interpretation=True,
            italian="Le reazioni «muore un alleato» vengono prima delle abilità di morte",
        ),
        Ruling(
            "I-BAT-17",
            "Abilità di ogni tiro are the abilities that act on every roll",
            interpretation=True,
            italian="«Abilità di ogni tiro» vuol dire: che agiscono a qualunque tiro",
        ),
        Ruling(
            "I-BAT-18",
            "Damage over time sets off no reactions",
            interpretation=True,
            italian="I danni nel tempo non fanno scattare reazioni",
        ),
        Ruling(
            "I-BAT-19",
            "A hit's own reactions come before its allies'",
            interpretation=True,
            italian="Prima reagisce chi è colpito, poi i suoi alleati",
        ),
    ],
    italian="Battaglia — le battaglie",
)
cite = RULEBOOK.cite
