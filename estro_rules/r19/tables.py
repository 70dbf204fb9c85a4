"""Tables for the §19 page, generated from the engine's own ordered lists.

>>> header, rows = SITE_TABLES["r19.state-checks"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3'])

Every table says its words in the current language; the cards' words, the scenario's names and the numbers
stay as they are:

>>> from estro_rules.i18n import using
>>> with using("it"):
...     SITE_TABLES["r19.fall-routes"]()[1][3], SITE_TABLES["r19.limits"]()[1][8]
(['4', 'il suo stesso Twist', '`twist`'], ['Eventi nel registro di uno scenario', '10.000', 'limite del motore: contiene il lavoro e il testo prodotto'])
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..i18n import N_, _, current, say
from ..protocol import Page, WidgetSpec
from ..tables import Table, markdown, number, rule_table, source_words, span
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
    FlipCause,
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
        N_("`flip` (in a Storyline's own ability, or with `source` = a Storyline, wherever it is)"),
        "`morality_penalty`",
        N_("`storyline_leaves` / `destroy` (of the Storyline)"),
        "`twist`",
    )
    return ["#", "Route (§7.7)", "Scenario action"], [
        [str(i), say(route), say(act)] for i, (route, act) in enumerate(zip(FALL_ROUTES, actions, strict=True), start=1)
    ]


def trigger_order_table() -> Table:
    return rule_table(TRIGGER_ORDER, "What it does")


def activation_table() -> Table:
    return rule_table(ACTIVATION_CHECKS, "What it checks")


def actions_table() -> Table:
    """Every action, from the tuple of their classes: its name (as a scenario writes it, marked as English on a
    page in another language), what it does, and where it may stand."""
    rows = [[source_words(a.name), say(a.label), _("yes") if a.in_effects else _("no")] for a in ACTIONS]
    return ["Action (`do`)", "What it does", "Usable in an ability's effects"], rows


def _flip_cause(cause: FlipCause) -> str:
    """A flip cause as the vocabulary lists it: its name, the faces it leads to and the section behind it."""
    faces = "/".join(cause.to)
    if cause.section:
        return _("{cause} (to {faces}, {section})").format(cause=say(cause.name), faces=faces, section=cause.section)
    return _("{cause} (to {faces})").format(cause=say(cause.name), faces=faces)


def vocabulary_table() -> Table:
    """The scenario's words: the cards' values and classes, the flip causes, the questions and the events. The
    cards' words and the scenario's names stay as they are (marked as English on a page in another language);
    a flip cause is said in the current language."""
    return ["Term", "Values"], [
        [_("Printed values"), source_words(", ".join(VALUES))],
        [_("Classes an effect can name"), source_words(", ".join(CLASSES))],
        [_("Flip causes"), "; ".join(_flip_cause(c) for c in FLIP_CAUSES)],
        [_("Capability questions"), source_words(", ".join(CAPABILITY_QUESTIONS.names))],
        [_("What a triggered ability keys on"), source_words(", ".join(TRIGGER_EVENTS))],
    ]


def lint_rules_table() -> Table:
    """The linter's checks, named as its report names them."""
    return rule_table(LINT_RULES, "What it finds", name="Lint rule")


def limits_table() -> Table:
    """The engine's limits on a §19 scenario and a card pool (the text sets none: they keep work bounded)."""
    engine, far_above = N_("engine limit"), N_("engine limit; far above any card")
    rows = [
        (N_("Card definitions in a scenario"), span(1, MAX_CARDS), engine),
        (N_("Cards on the board"), span(1, MAX_BOARD), engine),
        (N_("Actions in a scenario"), span(1, MAX_ACTIONS), engine),
        (N_("Abilities on a card or a face"), span(0, MAX_ABILITIES), engine),
        (N_("Effects of an ability"), span(0, MAX_EFFECTS), engine),
        (N_("Printed and granted values, counters a card starts with"), span(0, MAX_NUMBER), far_above),
        (N_("Amounts and counters an action adds or takes off"), span(1, MAX_NUMBER), far_above),
        (
            N_("Triggers fired while one action resolves"),
            f"{MAX_TRIGGERS}",
            N_("engine limit: past it, the triggers loop"),
        ),
        (N_("Events in a scenario's log"), number(MAX_EVENTS), N_("engine limit: bounds the work and the output")),
        (N_("Cards in a pool for the linter"), span(1, MAX_POOL), engine),
    ]
    return ["Limit", "Value", "Why"], [[say(limit), value, say(why)] for limit, value, why in rows]


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
    """The card-design linter's report on the sample pool, made when the site is built, in the current
    language (the Italian page keeps the English page's anchors: ``{#…}``).

    >>> from estro_rules.i18n import using
    >>> with using("it"):
    ...     lint_report().splitlines()[0]
    '# Rapporto del linter di progettazione delle carte {#card-design-lint-report}'
    """
    findings = lint(CARD_POOL.read_text(encoding="utf-8"))
    english = current() == "en"
    header, rows = lint_rules_table()
    if not english:  # the same columns as the §19 page's table (LINT_HEADERS)
        header = [_(h) for h in header]
    return "\n".join(
        [
            "# " + _("Card-design lint report") + ("" if english else " {#card-design-lint-report}"),
            "",
            _(
                "The design consequences that §19 states, checked over the sample card pool\n"
                "`examples/r19/card-pool.json` (sample content) by `python -m estro_rules lint`. This page is\n"
                "generated when the site is built, so it always shows what the linter says today."
            ),
            "",
            "```console",
            "$ python -m estro_rules lint examples/r19/card-pool.json",
            "```",
            "",
            _("The checks, in the order the linter applies them:"),
            "",
            *markdown((header, rows)),
            "",
            "## " + _("Findings") + ("" if english else " {#findings}"),
            "",
            report_markdown(findings),
        ]
    )


LINT_HEADERS = (N_("Lint rule"), N_("What it finds"), N_("Rulings"))
"""The headers of the lint rules' table, for the report in another language (on the §19 page, the site's
``pages.HEADERS`` say them)."""


PAGES = {"lint-report.md": Page("Card-design lint report", lint_report, italian="Rapporto del linter")}
"""The further page §19 makes: the linter's report on the sample pool."""
