"""Tables for the §19 page, generated from the engine's own ordered lists.

>>> header, rows = SITE_TABLES["r19.state-checks"]()
>>> header[0], [r[0] for r in rows]
('#', ['1', '2', '3'])
"""

from __future__ import annotations

from collections.abc import Callable

from ..protocol import WidgetSpec
from .cards import ACTIONS, CLASSES, FLIP_CAUSES, VALUES
from .engine import (
    ACTIVATION_CHECKS,
    CAPABILITY_QUESTIONS,
    FALL_ROUTES,
    LEAVE_STEPS,
    LEAVE_SUMMARY,
    STATE_CHECKS,
    TRANSITION_STEPS,
    TRANSITION_SUMMARY,
    TRIGGER_ORDER,
)

Table = tuple[list[str], list[list[str]]]


def state_checks_table() -> Table:
    rows = [
        [str(i), name, check.summary, ", ".join(check.rulings)] for i, (name, check) in enumerate(STATE_CHECKS, start=1)
    ]
    return ["#", "Check", "What it does", "Rulings"], rows


def transition_table() -> Table:
    rows = []
    for i, (name, _step) in enumerate(TRANSITION_STEPS, start=1):
        summary, rulings = TRANSITION_SUMMARY[name]
        rows.append([str(i), name, summary, ", ".join(rulings)])
    return ["#", "Step", "What happens when a face changes", "Rulings"], rows


def leave_table() -> Table:
    rows = []
    for i, (name, _step) in enumerate(LEAVE_STEPS, start=1):
        summary, rulings = LEAVE_SUMMARY[name]
        rows.append([str(i), name, summary, ", ".join(rulings)])
    return ["#", "Step", "What happens when a card leaves the Map", "Rulings"], rows


def fall_routes_table() -> Table:
    actions = (
        "flip (in a Storyline's own ability, or with source = a Storyline on the Map)",
        "morality_penalty",
        "storyline_leaves / destroy (of the Storyline)",
        "twist",
    )
    return ["#", "Route (§7.7)", "Scenario action"], [
        [str(i), route, act] for i, (route, act) in enumerate(zip(FALL_ROUTES, actions, strict=True), start=1)
    ]


def trigger_order_table() -> Table:
    docs = {
        "active_player_first_then_clockwise": ("Players in seat order, starting at the active player.", "R19-1.3"),
        "each_player_in_their_chosen_order": (
            "Each player's triggers in the order they choose; creation order when none is given.",
            "I-R19-2",
        ),
    }
    return ["#", "Step", "What it does", "Rulings"], [
        [str(i), name, *docs[name]] for i, (name, _f) in enumerate(TRIGGER_ORDER, start=1)
    ]


def activation_table() -> Table:
    docs = {
        "is_an_activated_ability": (
            "Bind, resource generation, triggered and static abilities are not activated.",
            "R19-3.3, R19-3.4",
        ),
        "card_in_play": ("The card must be on the Map.", "I-R19-1"),
        "no_sequence_under_way": ("Nothing is activated during a resolution sequence.", "R19-1.2"),
        "not_ready_or_end_phase": ("Never in the Ready Phase or the End Phase.", "R19-3.1"),
        "printed_restriction": (
            "A printed restriction (\u201cUse only during your turn\u201d, named phases).",
            "R19-3.2",
        ),
        "fast_by_default": ("Otherwise yes: Fast, on any player's turn.", "R19-3.1"),
    }
    return ["#", "Question", "What it checks", "Rulings"], [
        [str(i), name, *docs[name]] for i, (name, _f) in enumerate(ACTIVATION_CHECKS, start=1)
    ]


def actions_table() -> Table:
    rows = [[name, spec.summary, "yes" if spec.in_effects else "no"] for name, spec in ACTIONS.items()]
    return ["Action (`do`)", "What it does", "Usable in an ability's effects"], rows


def vocabulary_table() -> Table:
    return ["Term", "Values"], [
        ["Printed values", ", ".join(VALUES)],
        ["Classes an effect can name", ", ".join(CLASSES)],
        [
            "Flip causes",
            "; ".join(f"{c.name} (to {'/'.join(c.to)}{', ' + c.section if c.section else ''})" for c in FLIP_CAUSES),
        ],
        ["Capability questions", ", ".join(name for name, _q in CAPABILITY_QUESTIONS)],
    ]


def lint_rules_table() -> Table:
    from .lint import LINT_RULES

    docs = {
        "printed_zero_def_or_rank": ("A face prints DEF 0 or Rank 0: broken or destroyed on entry.", "R19-8.6"),
        "dead_or_partly_dead_bonus": (
            "A +N bonus names a class some (or all) of whose members print no such value as a number (a "
            "Character prints DEF X and Rank X); or a card's bonus to itself on a face that does not print it.",
            "R19-6.3, R19-6.1",
        ),
        "fall_outside_the_four_routes": (
            "An effect would flip a Character to Fallen (or make another Character Twist) outside the four routes.",
            "R19-2.3",
        ),
    }
    return ["#", "Lint rule", "What it finds", "Rulings"], [
        [str(i), name, *docs[name]] for i, (name, _rule) in enumerate(LINT_RULES, start=1)
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
