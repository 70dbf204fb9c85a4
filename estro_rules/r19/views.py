"""How §19 results read: an HTML stepper for the site and the sandbox, text for the CLI, in the current
language (:mod:`estro_rules.i18n`). The words printed on the cards (names, states, types, values, zones,
keywords) stay as the cards print them, in every language.

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
from ..i18n import N_, _, ngettext, say
from .board import BoardView, CardView, Event, Trigger, counters_listed
from .engine import SequenceResult, Step
from .rulebook import RULEBOOK


def links(rulings: Iterable[str], *, base: str) -> str:
    return ruling_links(RULEBOOK, rulings, base=base)


EVENT_LABELS: dict[str, str] = {
    "sequence_start": N_("Sequence begins"),
    "sequence_end": N_("Sequence ends"),
    "answer": N_("Answer"),
    "bind": N_("Bind"),
    "bonus_dead": N_("Bonus, no effect"),
    "bonus_live": N_("Bonus"),
    "break": N_("Breaks"),
    "counters_added": N_("Counters added"),
    "counters_kept": N_("Counters kept"),
    "counters_removed": N_("Counters removed"),
    "cp_loss": N_("CP lost"),
    "cp_loss_cleared": N_("CP loss cleared"),
    "damage": N_("Damage"),
    "destroyed": N_("Destroyed"),
    "effect_ended": N_("Effect ends"),
    "entered": N_("Enters the Map"),
    "face_change": N_("Flip"),
    "grant": N_("Granted"),
    "left_play": N_("Leaves the Map"),
    "lose": N_("Value lost"),
    "no_effect": N_("No effect"),
    "no_story_point": N_("No Story Point"),
    "not_destruction": N_("Not a destruction"),
    "penalty": N_("Penalty"),
    "phase": N_("Phase"),
    "story_point": N_("Story Point"),
    "together": N_("At the same moment"),
    "trigger_choice": N_("Trigger order chosen"),
    "trigger_created": N_("Trigger waits"),
    "trigger_fired": N_("Trigger fires"),
    "trigger_order": N_("Trigger order"),
}
"""How each kind of event is labelled in the log a player reads (the JSON keeps the machine names)."""


def event_label(kind: str) -> str:
    """The label of an event kind in the log: ``"face_change"`` reads ``"Flip"``.

    >>> event_label("face_change"), event_label("something_new")
    ('Flip', 'Something new')
    """
    known = EVENT_LABELS.get(kind)
    return say(known) if known else kind.replace("_", " ").capitalize()


def face_label(state: str | None) -> str:
    """The face state as a labelled span (§19.5)."""
    if state is None:
        return tag("span", _("no state label"), class_="estro-face estro-face-unlabelled")
    return tag("span", esc(state), class_=f"estro-face estro-face-{state.lower()}")


def _values(card: CardView) -> str:
    return ", ".join(f"{esc(k)} {esc(v)}" for k, v in card.values) or _("none printed")


def _counters(card: CardView) -> str:
    return esc(say(counters_listed(card.counters))) if card.counters else "—"


def board_html(board: BoardView) -> str:
    """The board as a table: every card, its zone, face label, values, counters and effects."""
    head = tag(
        "p",
        _("Players (clockwise): {players}. Active player: {active}. Phase: {phase}.").format(
            players=esc(", ".join(board.players)),
            active=f"<strong>{esc(board.active)}</strong>",
            phase=esc(board.phase),
        ),
        class_="estro-board-state",
    )
    header = "".join(
        tag("th", _(h), scope="col")
        for h in (
            N_("Card"),
            N_("Owner"),
            N_("Zone"),
            N_("Face"),
            N_("Type"),
            N_("Values"),
            N_("Counters"),
            N_("Bound to"),
            N_("Effects"),
        )
    )
    rows = []
    for c in board.cards.values():
        rows.append(
            tag(
                "tr",
                tag("th", f"{esc(c.name)} <small>{esc(c.id)}</small>", scope="row")
                + tag(
                    "td",
                    esc(c.owner)
                    + (
                        ""
                        if c.controller == c.owner
                        else " " + _("(controlled by {player})").format(player=esc(c.controller))
                    ),
                )
                + tag("td", esc(c.zone))
                + tag("td", face_label(c.state))
                + tag("td", esc(c.type_line))
                + tag("td", _values(c))
                + tag("td", _counters(c))
                + tag("td", esc(c.bound_to or "—"))
                + tag("td", esc("; ".join(say(e) for e in c.effects) or "—")),
                class_="estro-card estro-zone-" + c.zone.lower().replace(" ", "-"),
                data_card=c.id,
            )
        )
    table = tag("table", tag("thead", tag("tr", header)) + tag("tbody", "".join(rows)), class_="estro-board")
    return head + scroll_box(table, _("Board"))


def _event_html(event: Event, base: str) -> str:
    who = tag("span", esc(event.player), class_="estro-player") + " " if event.player else ""
    return tag(
        "li",
        tag("span", esc(event_label(event.kind)), class_="estro-event-kind")
        + ": "
        + who
        + esc(say(event.text))
        + " "
        + links(event.rulings, base=base),
        class_=f"estro-event estro-event-{event.kind.replace('_', '-')}",
    )


def _queue_html(batches: tuple[tuple[Trigger, ...], ...]) -> str:
    if not batches:
        return tag("p", _("No triggers."), class_="estro-queue estro-empty")
    parts = []
    for i, batch in enumerate(batches, start=1):
        items = "".join(
            tag(
                "li",
                tag("span", esc(t.player), class_="estro-player") + ": " + esc(t.key) + " — " + esc(say(t.because)),
            )
            for t in batch
        )
        parts.append(tag("li", _("Round {n}").format(n=i) + tag("ol", items)))
    return tag("ol", "".join(parts), class_="estro-queue")


def step_html(step: Step, base: str) -> str:
    log = tag("ol", "".join(_event_html(e, base) for e in step.events), class_="estro-log")
    return (
        tag("h4", esc(say(step.label)))
        + tag("h5", _("What happened"))
        + log
        + tag("h5", _("Triggers, in the order they fire"))
        + _queue_html(step.batches)
        + tag("h5", _("Board after"))
        + board_html(step.board)
    )


MINOR_EVENTS = ("sequence_start", "sequence_end", "trigger_created", "phase")
"""Events a summary leaves to the steps: a sequence's bounds, a trigger starting to wait (its firing is
listed), the phase."""

KEY_EVENTS = (
    "answer",
    "destroyed",
    "face_change",
    "left_play",
    "entered",
    "trigger_order",
    "trigger_choice",
    "trigger_fired",
    "not_destruction",
    "no_effect",
    "bonus_dead",
    "bonus_live",
    "story_point",
    "no_story_point",
    "cp_loss",
    "cp_loss_cleared",
    "lose",
    "grant",
    "bind",
    "effect_ended",
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
    """Every card at the start and at the end, one row each; a card the actions left as it was says so at the
    end, so that what changed stands out (and a page of sixty examples does not repeat every card twice)."""
    end = result.steps[-1].board if result.steps else result.initial
    rows = []
    for card_id in dict.fromkeys([*result.initial.cards, *end.cards]):
        first, last = result.initial.cards.get(card_id), end.cards.get(card_id)
        named = first or last
        assert named is not None
        before, after = _card_state(first), _card_state(last)
        rows.append(
            tag(
                "tr",
                tag("th", f"{esc(named.name)} <small>{esc(card_id)}</small>", scope="row")
                + tag("td", before)
                + (tag("td", _("unchanged"), class_="estro-same") if first and after == before else tag("td", after)),
            )
        )
    head = tag("tr", "".join(tag("th", _(h), scope="col") for h in (N_("Card"), N_("At the start"), N_("At the end"))))
    table = tag("table", tag("thead", head) + tag("tbody", "".join(rows)), class_="estro-board estro-start-end")
    return scroll_box(table, _("Cards at the start and at the end"))


def _outcome(result: SequenceResult) -> str:
    """What the actions changed, in a sentence: each card that moved to another zone or changed face."""
    end = result.steps[-1].board if result.steps else result.initial
    changes = []
    for card_id, last in end.cards.items():
        first = result.initial.cards.get(card_id)
        if first is None:
            changes.append(_("{card} is now in {zone}").format(card=f"{last.name} ({card_id})", zone=last.zone))
            continue
        moved = [f"{first.zone} → {last.zone}"] if first.zone != last.zone else []
        if first.state != last.state:
            unlabelled = _("no state label")
            moved.append(f"{first.state or unlabelled} → {last.state or unlabelled}")
        if moved:
            changes.append(f"{last.name} ({card_id}): " + ", ".join(moved))
    actions = len(result.steps)
    head = ngettext("After {n} action:", "After {n} actions:", actions).format(n=actions)
    said = "; ".join(changes) if changes else _("no card changed zone or face")
    return tag("p", tag("strong", head) + " " + esc(said) + ".", class_="estro-verdict")


def _key_events(result: SequenceResult, base: str) -> str:
    """The events that count, in order, each with its action and rulings (see :data:`MINOR_EVENTS`)."""
    found = [(_("Before the first action"), e) for e in result.setup if e.kind not in MINOR_EVENTS]
    for step in result.steps:
        where = _("Action {n}").format(n=step.number + 1)
        found += [(where, e) for e in step.events if e.kind not in MINOR_EVENTS]
    if not found:
        return ""
    order = sorted(range(len(found)), key=lambda i: found[i][1].kind not in KEY_EVENTS)  # stable: key ones first
    shown = sorted(order[:MAX_KEY_EVENTS])
    items = [
        tag("li", esc(f"{where}, {event_label(e.kind)}: ") + esc(say(e.text)) + " " + links(e.rulings, base=base))
        for where, e in (found[i] for i in shown)
    ]
    if len(found) > len(shown):
        more = _("… and {n} more in the steps below.").format(n=len(found) - len(shown))
        items.append(tag("li", esc(more), class_="estro-more"))
    title = tag("p", _("Key events"), class_="estro-key-title")
    return title + tag("ol", "".join(items), class_="estro-key-events")


def summary_html(result: SequenceResult, *, base: str) -> str:
    """What a reader needs without stepping: what changed, each card at the start and the end, and the
    key events with their rulings."""
    return tag(
        "div", _outcome(result) + _start_end(result) + _key_events(result, base), class_="estro-sequence-summary"
    )


def html(result: SequenceResult, *, base: str) -> str:
    """The summary, then a stepper: the initial board, then one panel per action."""
    start = tag("h4", _("Initial state"))
    if result.setup:
        start += (
            tag("h5", _("Checked before the first action"))
            + tag("ol", "".join(_event_html(e, base) for e in result.setup), class_="estro-log")
            + tag("h5", _("Triggers, in the order they fire"))
            + _queue_html(result.setup_batches)
            + tag("h5", _("Board at the start"))
        )
    panels = [tag("section", start + board_html(result.initial), class_="estro-step-panel", data_label=_("Start"))]
    for step in result.steps:
        label = _("Action {n}").format(n=step.number + 1)
        panels.append(tag("section", step_html(step, base), class_="estro-step-panel", data_label=label))
    return summary_html(result, base=base) + steps_box(panels, class_="estro-stepper estro-r19")


def _board_text(board: BoardView) -> list[str]:
    said = _("board: {player}'s turn, {phase} Phase; seats {seats}")
    lines = ["  " + said.format(player=board.active, phase=board.phase, seats=", ".join(board.players))]
    for c in board.cards.values():
        state = c.state or _("unlabelled")
        counters = say(counters_listed(c.counters)) if c.counters else ""
        vals = ", ".join(f"{k} {v}" for k, v in c.values) or _("no values")
        lines.append(
            f"    {c.id:<12} {c.zone:<13} [{state}] {c.type_line}; {vals}"
            + ("; " + _("counters: {counters}").format(counters=counters) if counters else "")
            + ("; " + _("bound to {card}").format(card=c.bound_to) if c.bound_to else "")
        )
    return lines


def text(result: SequenceResult) -> str:
    """The result as readable text: each action, its events with rulings, the trigger order."""
    lines = [_("Initial state:")]
    for e in result.setup:
        lines.append(f"  - {say(e.text)} [{', '.join(e.rulings)}]")
    for i, batch in enumerate(result.setup_batches, start=1):
        lines.append(
            "  " + _("round {n} order:").format(n=i) + " " + " -> ".join(f"{t.player}: {t.key}" for t in batch)
        )
    lines.extend(_board_text(result.initial))
    for step in result.steps:
        lines.append(_("Action {label}").format(label=say(step.label)))
        for e in step.events:
            lines.append(f"  - {say(e.text)} [{', '.join(e.rulings)}]")
        for i, batch in enumerate(step.batches, start=1):
            lines.append(
                "  " + _("round {n} order:").format(n=i) + " " + " -> ".join(f"{t.player}: {t.key}" for t in batch)
            )
        lines.extend(_board_text(step.board))
    return "\n".join(lines)
