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
        Ruling("BAT-1", "Battles play themselves"),
        Ruling("BAT-2", "The opponent is a snapshot"),
        Ruling("BAT-3", "Threat order"),
        Ruling("BAT-4", "The default target"),
        Ruling("BAT-5", "Abilities that name another target"),
        Ruling("BAT-6", "A turn, step by step"),
        Ruling("BAT-6.1", "Roll two six-sided dice"),
        Ruling("BAT-6.2", "Status effects apply"),
        Ruling("BAT-6.3", "The abilità di ogni tiro, dice-total changes among them"),
        Ruling("BAT-6.4", "Abilities resolve in threat order"),
        Ruling("BAT-6.5", "Reactions resolve at once and chain"),
        Ruling("BAT-6.6", "Deaths at the end of the turn"),
        Ruling("BAT-7", "A reroll restarts the turn"),
        Ruling("BAT-8", "A side with no cryptids left"),
        Ruling("BAT-9", "36 rolls, or no damage possible"),
        Ruling("BAT-10", "A draw costs no lives and is not a win"),
        Ruling("BAT-11", "Sudden death"),
        Ruling("BAT-12", "Battles change the score"),
        Ruling("I-BAT-1", "A reroll is a roll", interpretation=True),
        Ruling("I-BAT-2", "Sudden-death bonus", interpretation=True),
        Ruling("I-BAT-3", "Down, not yet dead", interpretation=True),
        Ruling("I-BAT-4", "Restarting a turn", interpretation=True),
        Ruling("I-BAT-5", "Deaths chain within step 6", interpretation=True),
        Ruling("I-BAT-6", "Who wins when both sides empty", interpretation=True),
        Ruling("I-BAT-7", "“Neither side can damage the other”", interpretation=True),
        Ruling("I-BAT-8", "The 36th roll is the last", interpretation=True),
        Ruling("I-BAT-9", "Tie-breaks", interpretation=True),
        Ruling("I-BAT-10", "Reaction chains end", interpretation=True),
        Ruling("I-BAT-11", "Dice-total modifiers", interpretation=True),
        Ruling("I-BAT-12", "Randomness", interpretation=True),
        Ruling("I-BAT-13", "Only a loss can cost lives", interpretation=True),
        Ruling("I-BAT-14", "Healing with no target named heals the healer", interpretation=True),
        Ruling("I-BAT-15", "Reactions happen inside the step that set them off", interpretation=True),
        Ruling("I-BAT-16", "“Ally dies” reactions come before death abilities", interpretation=True),
        Ruling("I-BAT-17", "Abilità di ogni tiro are the abilities that act on every roll", interpretation=True),
        Ruling("I-BAT-18", "Damage over time sets off no reactions", interpretation=True),
        Ruling("I-BAT-19", "A hit's own reactions come before its allies'", interpretation=True),
    ],
)
cite = RULEBOOK.cite
