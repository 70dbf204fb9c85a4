"""Tables for the §19 page, generated from the engine's own ordered lists.

>>> header, rows = SITE_TABLES["r19.state-checks"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3'])
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..protocol import Page, WidgetSpec
from ..tables import Table, markdown, rule_table
from .actions import ACTIONS
from .checks import STATE_CHECKS
from .lint import LINT_RULES, lint, report_markdown
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


def state_checks_table() -> Table:
    return rule_table(STATE_CHECKS, "What it checks")


def transition_table() -> Table:
    return rule_table(TRANSITION_STEPS, "What happens when a face changes")


def leave_table() -> Table:
    return rule_table(LEAVE_STEPS, "What happens when a card leaves the Map")


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
    return rule_table(TRIGGER_ORDER, "What it does")


def activation_table() -> Table:
    return rule_table(ACTIVATION_CHECKS, "What it checks")


def actions_table() -> Table:
    """Every action, from the tuple of their classes: its name, what it does, and where it may stand."""
    rows = [[a.name, a.label, "yes" if a.in_effects else "no"] for a in ACTIONS]
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
    return rule_table(LINT_RULES, "What it finds", name="Lint rule")


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

CARD_POOL = Path(__file__).resolve().parents[2] / "examples" / "r19" / "card-pool.json"
"""The sample card pool the lint report runs on."""


def lint_report() -> str:
    """The card-design linter's report on the sample pool, made when the site is built."""
    findings = lint(CARD_POOL.read_text(encoding="utf-8"))
    return "\n".join(
        [
            "# Card-design lint report",
            "",
            "The design consequences that §19 states, checked over the sample card pool",
            "`examples/r19/card-pool.json` (sample content) by `python -m estro_rules lint`. This page is",
            "generated when the site is built, so it always shows what the linter says today.",
            "",
            "```console",
            "$ python -m estro_rules lint examples/r19/card-pool.json",
            "```",
            "",
            "The checks, in the order the linter applies them:",
            "",
            *markdown(lint_rules_table()),
            "",
            "## Findings",
            "",
            report_markdown(findings),
        ]
    )


PAGES = {"lint-report.md": Page("Card-design lint report", lint_report)}
"""The further page §19 makes: the linter's report on the sample pool."""
