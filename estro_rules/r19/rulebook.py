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
        Ruling("R19-1", "Resolution sequence"),
        Ruling("R19-1.1", "Cascading effects resolve as one sequence"),
        Ruling("R19-1.2", "Nothing is played or activated during a sequence"),
        Ruling("R19-1.3", "New triggers fire active player first, then clockwise"),
        Ruling("R19-2", "State transitions"),
        Ruling("R19-2.1", "Becoming Contested"),
        Ruling("R19-2.2", "Becoming Fallen"),
        Ruling("R19-2.3", "A Character Falls only by the four routes"),
        Ruling("R19-2.4", "A Character at 0 CP is destroyed"),
        Ruling("R19-2.5", "A Fallen Character flips its Bound Storyline"),
        Ruling("R19-2.6", "Other permanents flip to Fallen by any effect"),
        Ruling("R19-2.7", "Becoming Prime"),
        Ruling("R19-2.8", "Transition triggers fire on every such transition"),
        Ruling("R19-3", "Activated ability timing"),
        Ruling("R19-3.1", "Activated abilities are Fast by default"),
        Ruling("R19-3.2", "Printed text may restrict the timing"),
        Ruling("R19-3.3", "Bind is not an activated ability"),
        Ruling("R19-3.4", "Phase-tied resource generation is not an activated ability"),
        Ruling("R19-4", "Flipping does not destroy"),
        Ruling("R19-4.1", "A flip is not a destruction"),
        Ruling("R19-4.2", "No Story Point for an opponent's Fall"),
        Ruling("R19-4.3", "Damage to 0 CP is a destruction"),
        Ruling("R19-4.4", "A Fall by Morality Penalties is a flip"),
        Ruling("R19-5", "Face states are told apart at a glance"),
        Ruling("R19-5.1", "The five-permanent Lose condition is retired"),
        Ruling("R19-6", "Numerical bonuses do not create abilities or stats"),
        Ruling("R19-6.1", "A bonus to an unprinted value does nothing"),
        Ruling("R19-6.2", "Granting language does confer"),
        Ruling("R19-6.3", "Class bonuses should name a class printing the stat"),
        Ruling("R19-7", "A value a card does not print"),
        Ruling("R19-7.1", "No printed value means no part in the mechanic"),
        Ruling("R19-7.2", "Losing a value"),
        Ruling("R19-7.3", "Printing 0 is printing a value"),
        Ruling("R19-7.4", "DEF and Rank should not be printed at 0"),
        Ruling("R19-7.5", "Drones need not print ATK, DEF and RK"),
        Ruling("R19-8", "DEF or Rank reduced to 0 or less"),
        Ruling("R19-8.1", "Units at DEF or Rank 0 are destroyed"),
        Ruling("R19-8.2", "Characters take damage or CP loss instead"),
        Ruling("R19-8.3", "Locations and Spacecraft break as they do to damage"),
        Ruling("R19-8.4", "Homeworlds follow their damage rules"),
        Ruling("R19-8.5", "The new face is checked again"),
        Ruling("R19-8.6", "No card should be designed at DEF 0 or Rank 0"),
        Ruling("I-R19-1", "Only what §19 states or implies", interpretation=True),
        Ruling("I-R19-2", "Trigger order inside one player's batch", interpretation=True),
        Ruling("I-R19-3", "Homeworlds break like Locations", interpretation=True),
        Ruling("I-R19-4", "Triggers created while triggers fire", interpretation=True),
        Ruling("I-R19-5", "A Sabotage counter is −1 DEF", interpretation=True),
        Ruling("I-R19-6", "A bonus to DEF X or Rank X adds nothing", interpretation=True),
        Ruling("I-R19-7", "A Fall turns the Bound Storyline to Reversal, and not back", interpretation=True),
        Ruling("I-R19-8", "The Fall you cause to your own Character is its Twist", interpretation=True),
        Ruling("I-R19-9", "A broken Contested Location is placed, not destroyed", interpretation=True),
        Ruling("I-R19-10", "A broken Location on another face also goes to the Depleted Pile", interpretation=True),
        Ruling(
            "I-R19-11", "What happens at one moment happens together, and leaving play looks back", interpretation=True
        ),
        Ruling("I-R19-12", "Every action resolves as a sequence", interpretation=True),
    ],
)
cite = RULEBOOK.cite

__all__ = ["RULEBOOK", "cite"]
