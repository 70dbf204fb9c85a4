"""The actions of a §19 scenario, and of an ability's effects: the tuple of their classes, and the reader.

Each action is a class (:mod:`.values`, :mod:`.moves`; what they share, :mod:`.acting`): its name, its
label, its rulings, its declared fields and its behaviour. :data:`ACTIONS` lists them in the order the
page does; the scenario reader (:data:`ACTION`), an ability's effects (:data:`EFFECT`), the editor's
choices and the page's table of actions all come from that one tuple.

>>> ACTION.read({"do": "damage", "card": "CH", "amount": 2}, "actions[0]").describe()
'damage 2 to CH'
>>> [a.name for a in ACTIONS if not a.in_effects]
['enter', 'set_phase', 'activate', 'can_activate', 'capabilities']
"""

from __future__ import annotations

from ..i18n import N_
from ..schema import Field, ListOf, MapOf, Ref
from ..shapes import Tagged
from .acting import Action
from .declarations import CardName
from .moves import MOVE_ACTIONS
from .values import VALUE_ACTIONS

ACTIONS: tuple[type[Action], ...] = (*VALUE_ACTIONS, *MOVE_ACTIONS)
"""Every action, in the order the page lists them."""

SCENARIO_ONLY: tuple[str, ...] = tuple(a.name for a in ACTIONS if not a.in_effects)
"""The actions a scenario may take and an ability's effect may not: entering, the turn, the questions."""

EFFECT_ACTIONS: tuple[str, ...] = tuple(a.name for a in ACTIONS if a.in_effects)
"""The actions an ability's effect may take."""

TRIGGER_ORDER = Field(
    "trigger_order",
    MapOf(
        Ref("players", N_("player")),
        ListOf(CardName("triggers", "trigger")),
        what=N_("player → list of triggers"),
        default=(),
    ),
    default=None,
    label=N_("Order of each player's new triggers"),
    help=N_("Per player, the order they choose for their new triggers, as `card/ability` (I-R19-2)"),
)

ACTION = Tagged(
    "do",
    {a.name: a.SCHEMA for a in ACTIONS},
    what="action",
    after=(TRIGGER_ORDER,),
    labels={a.name: a.label for a in ACTIONS},
    label=N_("Action"),
)
"""One scenario action: ``do`` names it, and each action has its own fields."""

EFFECT = ACTION.only(EFFECT_ACTIONS, what="effect", label=N_("Effect"), after=())
"""One effect of an ability: an action that changes the board, written on its own card."""

__all__ = ["ACTION", "ACTIONS", "EFFECT", "EFFECT_ACTIONS", "SCENARIO_ONLY", "TRIGGER_ORDER"]
