"""How §19 results read: an HTML stepper for the site and the sandbox, text for the CLI.

Every face state is shown as a text label with a class ``estro-face estro-face-<state>`` so colour
is never the only signal (§19.5).

>>> face_label("Contested")
'<span class="estro-face estro-face-contested">Contested</span>'
>>> face_label(None)
'<span class="estro-face estro-face-unlabelled">no state label</span>'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..html import esc, ruling_links, scroll_box, steps_box, tag
from .board import BoardView, CardView, Event, Trigger
from .engine import SequenceResult, Step
from .rulebook import RULEBOOK


def links(rulings: Iterable[str], *, base: str) -> str:
    return ruling_links(RULEBOOK, rulings, base=base)


EVENT_LABELS: dict[str, str] = {
    "sequence_start": "Sequence begins",
    "sequence_end": "Sequence ends",
    "answer": "Answer",
    "bind": "Bind",
    "bonus_dead": "Bonus, no effect",
    "bonus_live": "Bonus",
    "break": "Breaks",
    "counters_added": "Counters added",
    "counters_kept": "Counters kept",
    "counters_removed": "Counters removed",
    "cp_loss": "CP lost",
    "cp_loss_cleared": "CP loss cleared",
    "damage": "Damage",
    "destroyed": "Destroyed",
    "effect_ended": "Effect ends",
    "entered": "Enters the Map",
    "face_change": "Flip",
    "grant": "Granted",
    "left_play": "Leaves the Map",
    "lose": "Value lost",
    "no_effect": "No effect",
    "no_story_point": "No Story Point",
    "not_destruction": "Not a destruction",
    "penalty": "Penalty",
    "phase": "Phase",
    "story_point": "Story Point",
    "together": "At the same moment",
    "trigger_choice": "Trigger order chosen",
    "trigger_created": "Trigger waits",
    "trigger_fired": "Trigger fires",
    "trigger_order": "Trigger order",
}
"""How each kind of event is labelled in the log a player reads (the JSON keeps the machine names)."""


def event_label(kind: str) -> str:
    """The label of an event kind in the log: ``"face_change"`` reads ``"Flip"``.

    >>> event_label("face_change"), event_label("something_new")
    ('Flip', 'Something new')
    """
    return EVENT_LABELS.get(kind) or kind.replace("_", " ").capitalize()


def face_label(state: str | None) -> str:
    """The face state as a labelled span (§19.5)."""
    if state is None:
        return tag("span", "no state label", class_="estro-face estro-face-unlabelled")
    return tag("span", esc(state), class_=f"estro-face estro-face-{state.lower()}")


def _values(card: CardView) -> str:
    return ", ".join(f"{esc(k)} {esc(v)}" for k, v in card.values) or "none printed"


def _counters(card: CardView) -> str:
    return ", ".join(f"{esc(n)} {esc(c)}" for c, n in card.counters) or "—"


def board_html(board: BoardView) -> str:
    """The board as a table: every card, its zone, face label, values, counters and effects."""
    head = tag(
        "p",
        f"Players (clockwise): {esc(', '.join(board.players))}. Active player: "
        f"<strong>{esc(board.active)}</strong>. Phase: {esc(board.phase)}.",
        class_="estro-board-state",
    )
    header = "".join(
        tag("th", h, scope="col")
        for h in ("Card", "Owner", "Zone", "Face", "Type", "Values", "Counters", "Bound to", "Effects")
    )
    rows = []
    for c in board.cards.values():
        rows.append(
            tag(
                "tr",
                tag("th", f"{esc(c.name)} <small>{esc(c.id)}</small>", scope="row")
                + tag("td", esc(c.owner) + ("" if c.controller == c.owner else f" (controlled by {esc(c.controller)})"))
                + tag("td", esc(c.zone))
                + tag("td", face_label(c.state))
                + tag("td", esc(c.type_line))
                + tag("td", _values(c))
                + tag("td", _counters(c))
                + tag("td", esc(c.bound_to or "—"))
                + tag("td", esc("; ".join(c.effects) or "—")),
                class_="estro-card estro-zone-" + c.zone.lower().replace(" ", "-"),
                data_card=c.id,
            )
        )
    table = tag("table", tag("thead", tag("tr", header)) + tag("tbody", "".join(rows)), class_="estro-board")
    return head + scroll_box(table, "Board")


def _event_html(event: Event, base: str) -> str:
    who = tag("span", esc(event.player), class_="estro-player") + " " if event.player else ""
    return tag(
        "li",
        tag("span", esc(event_label(event.kind)), class_="estro-event-kind")
        + ": "
        + who
        + esc(event.text)
        + " "
        + links(event.rulings, base=base),
        class_=f"estro-event estro-event-{event.kind.replace('_', '-')}",
    )


def _queue_html(batches: tuple[tuple[Trigger, ...], ...]) -> str:
    if not batches:
        return tag("p", "No triggers.", class_="estro-queue estro-empty")
    parts = []
    for i, batch in enumerate(batches, start=1):
        items = "".join(
            tag("li", tag("span", esc(t.player), class_="estro-player") + ": " + esc(t.key) + " — " + esc(t.because))
            for t in batch
        )
        parts.append(tag("li", f"Round {i}" + tag("ol", items)))
    return tag("ol", "".join(parts), class_="estro-queue")


def step_html(step: Step, base: str) -> str:
    log = tag("ol", "".join(_event_html(e, base) for e in step.events), class_="estro-log")
    return (
        tag("h4", esc(step.label))
        + tag("h5", "What happened")
        + log
        + tag("h5", "Triggers, in the order they fire")
        + _queue_html(step.batches)
        + tag("h5", "Board after")
        + board_html(step.board)
    )


MINOR_EVENTS = ("sequence_start", "sequence_end", "trigger_created", "phase")
"""Events a summary leaves to the steps: a sequence's bounds, a trigger starting to wait (its firing is
listed), the phase."""

KEY_EVENTS = (
    "answer", "destroyed", "face_change", "left_play", "entered", "trigger_order", "trigger_choice", "trigger_fired",
    "not_destruction", "no_effect", "bonus_dead", "bonus_live", "story_point", "no_story_point", "cp_loss",
    "cp_loss_cleared", "lose", "grant", "bind", "effect_ended",
)
"""The events a summary lists first: answers, cards destroyed, flipped, moved, triggers fired and in what
order, effects that did nothing, Story Points, CP lost. The others (counters, damage, a break that
leads to a flip) fill what room is left."""

MAX_KEY_EVENTS = 4
"""How many events a summary lists at most; the rest are in the steps."""


def _card_state(card: CardView | None) -> str:
    """One card at one moment, in a line: zone, face label, values and counters."""
    if card is None:
        return "—"
    parts = [esc(card.zone), face_label(card.state), _values(card)]
    if card.counters:
        parts.append(_counters(card))
    return " · ".join(parts)


def _start_end(result: SequenceResult) -> str:
    """Every card at the start and at the end, one row each."""
    end = result.steps[-1].board if result.steps else result.initial
    rows = []
    for card_id in dict.fromkeys([*result.initial.cards, *end.cards]):
        first, last = result.initial.cards.get(card_id), end.cards.get(card_id)
        named = first or last
        assert named is not None
        rows.append(
            tag(
                "tr",
                tag("th", f"{esc(named.name)} <small>{esc(card_id)}</small>", scope="row")
                + tag("td", _card_state(first))
                + tag("td", _card_state(last)),
            )
        )
    head = tag("tr", "".join(tag("th", h, scope="col") for h in ("Card", "At the start", "At the end")))
    table = tag("table", tag("thead", head) + tag("tbody", "".join(rows)), class_="estro-board estro-start-end")
    return scroll_box(table, "Cards at the start and at the end")


def _outcome(result: SequenceResult) -> str:
    """What the actions changed, in a sentence: each card that moved to another zone or changed face."""
    end = result.steps[-1].board if result.steps else result.initial
    changes = []
    for card_id, last in end.cards.items():
        first = result.initial.cards.get(card_id)
        if first is None:
            changes.append(f"{last.name} ({card_id}) is now in {last.zone}")
            continue
        moved = [f"{first.zone} → {last.zone}"] if first.zone != last.zone else []
        if first.state != last.state:
            moved.append(f"{first.state or 'no state label'} → {last.state or 'no state label'}")
        if moved:
            changes.append(f"{last.name} ({card_id}): " + ", ".join(moved))
    actions = len(result.steps)
    head = f"After {actions} action{'s' if actions != 1 else ''}:"
    said = "; ".join(changes) if changes else "no card changed zone or face"
    return tag("p", tag("strong", head) + " " + esc(said) + ".", class_="estro-verdict")


def _key_events(result: SequenceResult, base: str) -> str:
    """The events that count, in order, each with its action and rulings (see :data:`MINOR_EVENTS`)."""
    found = [("Before the first action", e) for e in result.setup if e.kind not in MINOR_EVENTS]
    for step in result.steps:
        found += [(f"Action {step.number + 1}", e) for e in step.events if e.kind not in MINOR_EVENTS]
    if not found:
        return ""
    order = sorted(range(len(found)), key=lambda i: found[i][1].kind not in KEY_EVENTS)  # stable: key ones first
    shown = sorted(order[:MAX_KEY_EVENTS])
    items = [
        tag("li", esc(f"{where}, {event_label(e.kind)}: ") + esc(e.text) + " " + links(e.rulings, base=base))
        for where, e in (found[i] for i in shown)
    ]
    if len(found) > len(shown):
        items.append(tag("li", esc(f"… and {len(found) - len(shown)} more in the steps below."), class_="estro-more"))
    title = tag("p", "Key events", class_="estro-key-title")
    return title + tag("ol", "".join(items), class_="estro-key-events")


def summary_html(result: SequenceResult, *, base: str) -> str:
    """What a reader needs without stepping: what changed, each card at the start and the end, and the
    key events with their rulings."""
    return tag(
        "div", _outcome(result) + _start_end(result) + _key_events(result, base), class_="estro-sequence-summary"
    )


def html(result: SequenceResult, *, base: str) -> str:
    """The summary, then a stepper: the initial board, then one panel per action."""
    start = tag("h4", "Initial state")
    if result.setup:
        start += (
            tag("h5", "Checked before the first action")
            + tag("ol", "".join(_event_html(e, base) for e in result.setup), class_="estro-log")
            + tag("h5", "Triggers, in the order they fire")
            + _queue_html(result.setup_batches)
            + tag("h5", "Board at the start")
        )
    panels = [tag("section", start + board_html(result.initial), class_="estro-step-panel", data_label="Start")]
    for step in result.steps:
        panels.append(
            tag("section", step_html(step, base), class_="estro-step-panel", data_label=f"Action {step.number + 1}")
        )
    return summary_html(result, base=base) + steps_box(panels, class_="estro-stepper estro-r19")


def _board_text(board: BoardView) -> list[str]:
    lines = [f"  board: {board.active}'s turn, {board.phase} Phase; seats {', '.join(board.players)}"]
    for c in board.cards.values():
        state = c.state or "unlabelled"
        counters = ", ".join(f"{n} {k}" for k, n in c.counters)
        vals = ", ".join(f"{k} {v}" for k, v in c.values)
        lines.append(
            f"    {c.id:<12} {c.zone:<13} [{state}] {c.type_line}; {vals or 'no values'}"
            + (f"; counters: {counters}" if counters else "")
            + (f"; bound to {c.bound_to}" if c.bound_to else "")
        )
    return lines


def text(result: SequenceResult) -> str:
    """The result as readable text: each action, its events with rulings, the trigger order."""
    lines = ["Initial state:"]
    for e in result.setup:
        lines.append(f"  - {e.text} [{', '.join(e.rulings)}]")
    for i, batch in enumerate(result.setup_batches, start=1):
        lines.append(f"  round {i} order: " + " -> ".join(f"{t.player}: {t.key}" for t in batch))
    lines.extend(_board_text(result.initial))
    for step in result.steps:
        lines.append(f"Action {step.label}")
        for e in step.events:
            lines.append(f"  - {e.text} [{', '.join(e.rulings)}]")
        for i, batch in enumerate(step.batches, start=1):
            lines.append(f"  round {i} order: " + " -> ".join(f"{t.player}: {t.key}" for t in batch))
        lines.extend(_board_text(step.board))
    return "\n".join(lines)
