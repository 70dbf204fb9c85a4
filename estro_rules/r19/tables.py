"""Tables for the §19 page, generated from the engine's own ordered lists.

>>> header, rows = SITE_TABLES["r19.state-checks"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..ordered import Rule
from ..protocol import Table, WidgetSpec
from .checks import STATE_CHECKS
from .declarations import ACTION, EFFECT
from .lint import LINT_RULES
from .rules import (
    CLASSES,
    FALL_ROUTES,
    FLIP_CAUSES,
    MAX_ABILITIES,
    MAX_ACTIONS,
    MAX_BOARD,
    MAX_CARDS,
    MAX_EFFECTS,
    MAX_EVENTS,
    MAX_NUMBER,
    MAX_POOL,
    MAX_TRIGGERS,
    TRIGGER_EVENTS,
    VALUES,
)
from .timing import ACTIVATION_CHECKS, CAPABILITY_QUESTIONS, TRIGGER_ORDER
from .transitions import LEAVE_STEPS, TRANSITION_STEPS


def _rules_table(rules: Iterable[Rule[Any]], what: str) -> Table:
    """An ordered list as a table a player reads: its place, what it does and the rulings behind it.

    The rules' machine names stay in the engine (and in the command line's JSON); a player reads the
    summary.
    """
    rows = [[str(i), rule.summary, ", ".join(rule.rulings)] for i, rule in enumerate(rules, start=1)]
    return ["#", what, "Rulings"], rows


def state_checks_table() -> Table:
    return _rules_table(STATE_CHECKS, "What it checks")


def transition_table() -> Table:
    return _rules_table(TRANSITION_STEPS, "What happens when a face changes")


def leave_table() -> Table:
    return _rules_table(LEAVE_STEPS, "What happens when a card leaves the Map")


def fall_routes_table() -> Table:
    actions = (
        "`flip` (in a Storyline's own ability, or with `source` = a Storyline, wherever it is)",
        "`morality_penalty`",
        "`storyline_leaves` / `destroy` (of the Storyline)",
        "`twist`",
    )
    return ["#", "Route (§7.7)", "Scenario action"], [
        [str(i), route, act] for i, (route, act) in enumerate(zip(FALL_ROUTES, actions, strict=True), start=1)
    ]


def trigger_order_table() -> Table:
    return _rules_table(TRIGGER_ORDER, "What it does")


def activation_table() -> Table:
    return _rules_table(ACTIVATION_CHECKS, "What it checks")


def actions_table() -> Table:
    rows = [[name, ACTION.labels[name], "yes" if name in EFFECT.variants else "no"] for name in ACTION.variants]
    return ["Action (`do`)", "What it does", "Usable in an ability's effects"], rows


def vocabulary_table() -> Table:
    return ["Term", "Values"], [
        ["Printed values", ", ".join(VALUES)],
        ["Classes an effect can name", ", ".join(CLASSES)],
        [
            "Flip causes",
            "; ".join(f"{c.name} (to {'/'.join(c.to)}{', ' + c.section if c.section else ''})" for c in FLIP_CAUSES),
        ],
        ["Capability questions", ", ".join(CAPABILITY_QUESTIONS.names)],
        ["What a triggered ability keys on", ", ".join(TRIGGER_EVENTS)],
    ]


def lint_rules_table() -> Table:
    """The linter's checks, named as its report names them."""
    rows = [[str(i), f"`{r.name}`", r.summary, ", ".join(r.rulings)] for i, r in enumerate(LINT_RULES, start=1)]
    return ["#", "Lint rule", "What it finds", "Rulings"], rows


def limits_table() -> Table:
    """The engine's limits on a §19 scenario and a card pool (the text sets none: they keep work bounded)."""
    return ["Limit", "Value", "Why"], [
        ["Card definitions in a scenario", f"1 to {MAX_CARDS}", "engine limit"],
        ["Cards on the board", f"1 to {MAX_BOARD}", "engine limit"],
        ["Actions in a scenario", f"1 to {MAX_ACTIONS}", "engine limit"],
        ["Abilities on a card or a face", f"0 to {MAX_ABILITIES}", "engine limit"],
        ["Effects of an ability", f"0 to {MAX_EFFECTS}", "engine limit"],
        [
            "Printed and granted values, counters a card starts with",
            f"0 to {MAX_NUMBER}",
            "engine limit; far above any card",
        ],
        ["Amounts and counters an action adds or takes off", f"1 to {MAX_NUMBER}", "engine limit; far above any card"],
        ["Triggers fired while one action resolves", f"{MAX_TRIGGERS}", "engine limit: past it, the triggers loop"],
        ["Events in a scenario's log", f"{MAX_EVENTS:,}", "engine limit: bounds the work and the output"],
        ["Cards in a pool for the linter", f"1 to {MAX_POOL}", "engine limit"],
    ]


SITE_TABLES: dict[str, Callable[[], Table]] = {
    "r19.state-checks": state_checks_table,
    "r19.transitions": transition_table,
    "r19.leave-steps": leave_table,
    "r19.fall-routes": fall_routes_table,
    "r19.trigger-order": trigger_order_table,
    "r19.activation": activation_table,
    "r19.actions": actions_table,
    "r19.vocabulary": vocabulary_table,
    "r19.limits": limits_table,
    "r19.lint-rules": lint_rules_table,
}
"""Every generated table of the §19 page, by name."""

WIDGETS = (
    WidgetSpec(
        "r19-sandbox",
        "Resolution sandbox",
        "r19/sabotage-breaks-location.json",
        examples="r19/*.json",
        note="pick or edit a board and its actions, then step through them: board, event log, trigger queue.",
    ),
)
"""The page's widgets."""
