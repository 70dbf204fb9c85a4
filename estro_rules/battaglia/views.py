"""How battles and estimates read: HTML for the site (and Pyodide), text for the command line, in the current
language (:mod:`estro_rules.i18n`). Names (cryptids, teams, abilities) stay as the player wrote them.

>>> from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
>>> from estro_rules.battaglia.battles import battle
>>> page = battle_html(battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=3), base="../")
>>> page.count('class="estro-step-panel"') >= 2, "<svg" in page
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..html import esc, ruling_links, scroll_box, steps_box, tag
from ..i18n import N_, Message, _, ngettext, say
from .results import LIMIT_REACTION_CAP, LIMIT_REROLL_DENIED, LIMIT_ROLL_LIMIT, BattleResult
from .rulebook import RULEBOOK, cite
from .rules import REACTION_CAP, ROLL_LIMIT, Winner
from .simulate import Estimate, percent
from .teams import Cryptid, Team
from .trace import REASON_TEXT, Event, RollRecord, place


def links(rulings: Iterable[str], *, base: str) -> str:
    return ruling_links(RULEBOOK, rulings, base=base)


def _verdict(result: BattleResult) -> str:
    """Who won, in the current language: ``Left side, The Wolves, wins``, ``Right wins``, ``Draw``."""
    if result.winner is Winner.DRAW:
        return _("Draw")
    team = result.left if result.winner is Winner.LEFT else result.right
    if result.winner is Winner.LEFT:
        return _("Left side, {team}, wins").format(team=team.name) if team.name else _("Left wins")
    return _("Right side, {team}, wins").format(team=team.name) if team.name else _("Right wins")


def _stakes(result: BattleResult) -> str:
    """What the battle costs each side: a draw costs no lives and is no win (BAT-10); only a loss can cost
    lives, how many being for Matchmaking (I-BAT-13)."""
    if result.winner is Winner.DRAW:
        return _("A draw: it costs neither side a life and is a win for neither")
    if result.winner is Winner.LEFT:
        return _("Left: a win; right: a loss, which can cost lives")
    return _("Right: a win; left: a loss, which can cost lives")


def _after(result: BattleResult) -> str:
    """``after 5 rolls (3 turns)``, in the current language."""
    rolls = ngettext("after {rolls} roll", "after {rolls} rolls", result.rolls).format(rolls=result.rolls)
    turns = ngettext("({turns} turn)", "({turns} turns)", result.turns).format(turns=result.turns)
    return f"{rolls} {turns}"


LIMIT_TEXT = {
    LIMIT_REACTION_CAP: (
        Message("the cap of {cap} reactions in a turn", cap=REACTION_CAP),
        (cite("I-BAT-10"),),
    ),
    LIMIT_REROLL_DENIED: (
        Message("no reroll once {limit} rolls have been made", limit=ROLL_LIMIT),
        (cite("I-BAT-8"),),
    ),
    LIMIT_ROLL_LIMIT: (Message("the limit of {limit} rolls", limit=ROLL_LIMIT), (cite("BAT-9"), cite("I-BAT-8"))),
}
"""Each limit of :attr:`BattleResult.limits` in words (kept, said in the current language), with the rulings
that set it."""


def _limits(result: BattleResult, base: str) -> str:
    """The limits that applied, in words, each with its rulings."""
    parts = [esc(say(LIMIT_TEXT[name][0])) + " " + links(LIMIT_TEXT[name][1], base=base) for name in result.limits]
    return tag("p", _("Limits that applied:") + " " + "; ".join(parts) + ".", class_="estro-limits")


def _dice_note(result: BattleResult) -> str:
    """The seed, and which rolls had their dice forced: ``Seed 0; dice forced on rolls 1–3.``"""
    forced = min(len(result.forced_dice), result.rolls)
    if not forced:
        return _("Seed {seed}.").format(seed=result.seed)
    if forced < result.rolls:
        note = (
            _("Seed {seed}; dice forced on roll 1, then drawn from the seed.")
            if forced == 1
            else _("Seed {seed}; dice forced on rolls 1–{forced}, then drawn from the seed.")
        )
    else:
        note = (
            _("Seed {seed}; dice forced on roll 1.")
            if forced == 1
            else _("Seed {seed}; dice forced on rolls 1–{forced}.")
        )
    return note.format(seed=result.seed, forced=forced)


def battle_html(result: BattleResult, *, base: str) -> str:
    """A summary, a chart of each side's health per roll, and a roll-by-roll stepper."""
    left, right = result.health
    summary = tag(
        "div",
        tag(
            "p",
            tag("strong", esc(_verdict(result)))
            + " "
            + esc(_after(result))
            + ": "
            + esc(say(REASON_TEXT[result.reason]))
            + ". "
            + links(result.rulings, base=base),
            class_="estro-verdict",
        )
        + tag(
            "p",
            esc(
                _("Remaining health: left {left} of {left_start}, right {right} of {right_start}.").format(
                    left=left, left_start=result.left.health, right=right, right_start=result.right.health
                )
            )
            + " "
            + esc(_stakes(result))
            + ".",
        )
        + (_limits(result, base) if result.limits else "")
        + tag("p", esc(_dice_note(result)), class_="estro-seed"),
        class_="estro-battle-summary",
    )
    if not result.trace:
        return summary + tag("p", _("This battle ran without a trace."), class_="estro-note")
    chart = _chart(result) if result.rolls >= CHART_MIN_ROLLS else ""
    return summary + chart + _teams_summary(result) + _key_events(result, base) + _stepper(result, base)


CHART_MIN_ROLLS = 4
"""The shortest battle drawn as a chart: over one to three rolls the table of both teams at the start and
the end says all a chart would."""


KEY_EVENTS = ("death", "death_ability", "reroll", "reroll_denied", "cap", "trace_cut")
"""The events a battle's summary always lists: who died, death abilities, rerolls, limits met."""

MINOR_EVENTS = ("roll", "tie", "activate", "end")
"""Events a summary never lists: the dice (in each step's title), seeded tie-breaks, an ability
starting to act (its effect is the event that counts), and the end (the verdict says it)."""

MAX_KEY_EVENTS = 4
"""How many events a summary lists at most: the key ones first, then the others in battle order."""


def _key_events(result: BattleResult, base: str) -> str:
    """The battle's key events, in order, each with its roll, its step and its rulings: every
    :data:`KEY_EVENTS` event and the roll where sudden death begins, then as many of the other events
    (damage, healing, reactions...) as fit in :data:`MAX_KEY_EVENTS`. The rest are in the steps."""
    picked: list[tuple[int, RollRecord, Event]] = []
    others: list[tuple[int, RollRecord, Event]] = []
    at = 0
    sudden = False
    for rec in result.trace:
        for e in rec.events:
            at += 1
            if e.kind == "roll" and rec.bonus and not sudden:
                sudden = True
                picked.append((at, rec, e))
            elif e.kind in KEY_EVENTS:
                picked.append((at, rec, e))
            elif e.kind not in MINOR_EVENTS:
                others.append((at, rec, e))
    shown = sorted(picked[:MAX_KEY_EVENTS] + others[: max(0, MAX_KEY_EVENTS - len(picked))], key=lambda p: p[0])
    if not shown:
        return ""
    said = _("Roll {roll}, {step}: {event}")
    items = [
        tag(
            "li",
            esc(said.format(roll=rec.roll, step=_step_label(e), event=say(e.text))) + " " + links(e.rulings, base=base),
        )
        for _at, rec, e in shown
    ]
    left_out = len(picked) + len(others) - len(shown)
    if left_out:
        more = ngettext("… and {count} more in the steps below.", "… and {count} more in the steps below.", left_out)
        items.append(tag("li", esc(more.format(count=left_out)), class_="estro-more"))
    title = tag("p", _("Key events"), class_="estro-key-title")
    return title + tag("ol", "".join(items), class_="estro-key-events")


def _teams_summary(result: BattleResult) -> str:
    """Both teams at the start (threat, health, abilities) and at the end (health left), in one table. A
    cryptid is named with its place as the key events name it (``Wolf (L1)``), so a side needs no row of
    its own (two elements less a side, on a page of 40-odd examples); named teams are in the caption."""
    nl = len(result.left.cryptids)
    columns = (_("Cryptid"), _("Threat"), _("Start"), _("End"), _("Abilities"))
    bodies = []
    for number, (side, team, offset) in enumerate((("left", result.left, 0), ("right", result.right, nl))):
        rows = []
        for j, c in enumerate(team.cryptids):
            end = result.final_health[offset + j]
            rows.append(
                tag(
                    "tr",
                    tag("th", esc(say(place(c.name, number, j))), scope="row")
                    + tag("td", esc(c.threat))
                    + tag("td", esc(c.health))
                    + tag("td", esc(f"{end}" if end else _("0 (dead)")))
                    + tag("td", esc("; ".join(say(a.describe()) for a in c.abilities) or _("none"))),
                )
            )
        bodies.append(tag("tbody", "".join(rows), class_=f"estro-{side}"))
    head = tag("thead", tag("tr", "".join(tag("th", h, scope="col") for h in columns)))
    named = [_side_caption(side, team) for side, team in (("left", result.left), ("right", result.right)) if team.name]
    caption = tag("caption", esc("; ".join(named))) if named else ""
    table = tag("table", caption + head + "".join(bodies), class_="estro-team estro-start-end")
    return scroll_box(table, _("Teams at the start and at the end"))


def _side_caption(side: str, team: Team) -> str:
    """``Left: The Wolves``, or ``Left`` for a team without a name."""
    if side == "left":
        return _("Left: {team}").format(team=team.name) if team.name else _("Left")
    return _("Right: {team}").format(team=team.name) if team.name else _("Right")


def _abilities(c: Cryptid) -> str:
    """A cryptid's abilities in words, one a line, in the order they resolve."""
    if not c.abilities:
        return _("none")
    return tag("ul", "".join(tag("li", esc(say(a.describe()))) for a in c.abilities), class_="estro-abilities")


def _health_table(
    result: BattleResult, health: tuple[int, ...], dead: frozenset[int] | None, *, abilities: bool = False
) -> str:
    """Both teams' health. ``dead``: the cryptids that died in an earlier turn, on the panel of a rerolled
    roll (the others at 0 are only down, I-BAT-4); ``None`` at the end of a turn, where 0 health is dead.
    ``abilities``: a column with each cryptid's abilities in words (the start, where the teams are set)."""
    nl = len(result.left.cryptids)
    tables = []
    for side, team, offset in (("left", result.left, 0), ("right", result.right, nl)):
        rows = []
        for j, c in enumerate(team.cryptids):
            h = health[offset + j]
            state = "" if h else " " + (_("(down)") if dead is not None and offset + j not in dead else _("(dead)"))
            rows.append(
                tag(
                    "tr",
                    tag("th", esc(c.name), scope="row")
                    + tag("td", esc(c.threat))
                    + tag(
                        "td",
                        tag("meter", esc(f"{h}/{c.health}"), min=0, max=c.health, value=h)
                        + " "
                        + tag("span", esc(f"{h}/{c.health}{state}"), class_="estro-hp"),
                    )
                    + (tag("td", _abilities(c)) if abilities else ""),
                )
            )
        columns = (_("Cryptid"), _("Threat"), _("Health"), *((_("Abilities"),) if abilities else ()))
        head = tag("tr", "".join(tag("th", name, scope="col") for name in columns))
        caption = tag("caption", esc(_side_caption(side, team)))
        table = tag(
            "table", caption + tag("thead", head) + tag("tbody", "".join(rows)), class_=f"estro-team estro-{side}"
        )
        # With the abilities in words the table can be wider than a phone: a box that scrolls, by keyboard too.
        box = _("Left team") if side == "left" else _("Right team")
        tables.append(scroll_box(table, box) if abilities else table)
    return tag("div", "".join(tables), class_="estro-teams")


def _step_label(e: Event) -> str:
    """``step 4``, ``step 5 (in step 3)`` for a reaction inside step 3, or ``end``."""
    if not e.step:
        return _("end")
    if e.within:
        return _("step {step} (in step {within})").format(step=e.step, within=e.within)
    return _("step {step}").format(step=e.step)


_MAX_INDENT = 8
"""How many levels of a reaction chain are shown indented; deeper reactions line up with the eighth."""


def _panel_events(record: RollRecord, base: str) -> str:
    items = []
    for e in record.events:
        cls = f"estro-event estro-{e.kind}" + (" estro-reaction-chain" if e.depth else "")
        # A reaction is marked once and indented by its depth in the chain, up to a point: a chain of
        # 20 (the cap) stays readable instead of opening with 20 arrows.
        mark = "↳ " if e.depth else ""
        indent = f"margin-left: {min(e.depth, _MAX_INDENT) * 0.8:g}em" if e.depth else None
        items.append(
            tag(
                "li",
                tag("span", _step_label(e), class_="estro-step-no")
                + ": "
                + esc(mark + say(e.text))
                + " "
                + links(e.rulings, base=base),
                class_=cls,
                data_depth=e.depth,
                style=indent,
            )
        )
    return tag("ol", "".join(items), class_="estro-events")


def _stepper(result: BattleResult, base: str) -> str:
    start = tuple(c.health for c in result.left.cryptids + result.right.cryptids)
    panels = [
        tag(
            "section",
            tag("h4", _("Start"))
            + tag("p", _("Both teams as set in the shop; the battle plays itself."))
            + _health_table(result, start, None, abilities=True),
            class_="estro-step-panel",
            data_label=_("Start"),
        )
    ]
    dead: set[int] = set()  # cryptids whose health was 0 at the end of an earlier turn
    for rec in result.trace:
        rolled = rec.dice[0] + rec.dice[1]
        title = _("Roll {roll} (turn {turn}): {a} + {b} = {rolled}").format(
            roll=rec.roll, turn=rec.turn, a=rec.dice[0], b=rec.dice[1], rolled=rolled
        )
        if rec.total != rolled:
            title += ", " + _("counts as {total}").format(total=rec.total)
        if rec.bonus:
            title += " " + _("(sudden death +{bonus})").format(bonus=rec.bonus)
        if rec.restarted:
            title += " — " + _("rerolled")
        panels.append(
            tag(
                "section",
                tag("h4", esc(title))
                + _panel_events(rec, base)
                + _health_table(result, rec.health, frozenset(dead) if rec.restarted else None),
                class_="estro-step-panel",
                data_label=_("Roll {roll}").format(roll=rec.roll),
            )
        )
        if not rec.restarted:
            dead.update(i for i, h in enumerate(rec.health) if not h)
    return steps_box(panels)


def _chart(result: BattleResult) -> str:
    """An inline SVG line chart of each side's total health after each roll.

    Drawn small (360 units wide, text 16 units high, never shown wider than 360 px) so that on a
    phone, where it shrinks to the column's width (down to 270 px inside a worked example), its text
    stays at least 12 px; the end values sit in a right margin of their own, clear of the axis labels.
    """
    nl = len(result.left.cryptids)
    start = tuple(c.health for c in result.left.cryptids + result.right.cryptids)
    series = [start] + [r.health for r in result.trace]
    lefts = [sum(h[:nl]) for h in series]
    rights = [sum(h[nl:]) for h in series]
    width, height, left_pad, right_pad, top_pad, bottom_pad, font = 360, 200, 36, 56, 34, 40, 16
    top = max(max(lefts), max(rights), 1)
    steps = max(len(series) - 1, 1)

    def x(i: int) -> float:
        return left_pad + (width - left_pad - right_pad) * i / steps

    def y(v: int) -> float:
        return height - bottom_pad - (height - top_pad - bottom_pad) * v / top

    def line(values: list[int], cls: str, dash: str) -> str:
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        return (
            f'<polyline class="{cls}" fill="none" stroke="currentColor" stroke-width="2" '
            f'stroke-dasharray="{dash}" points="{pts}"/>'
        )

    # Each line's end label beside its end, one line apart: when the two would overlap, the higher
    # total's label moves up (never down, where the last roll's number is).
    end_left, end_right = y(lefts[-1]) + font / 3, y(rights[-1]) + font / 3
    apart = 1.25 * font  # a line of text
    if abs(end_left - end_right) < apart:
        if lefts[-1] >= rights[-1]:
            end_left = end_right - apart
        else:
            end_right = end_left - apart
    base = height - bottom_pad
    name = esc(_("Total health of each side after each roll"))
    roll, health = esc(_("roll")), esc(_("health"))
    left_end, right_end = esc(_("L {total}").format(total=lefts[-1])), esc(_("R {total}").format(total=rights[-1]))
    parts = [
        (
            f'<svg class="estro-health-chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{name}" font-size="{font}">'
        ),
        f"<title>{name}</title>",
        f'<line x1="{left_pad}" y1="{base}" x2="{x(steps):.1f}" y2="{base}" stroke="currentColor"/>',
        f'<line x1="{left_pad}" y1="{top_pad}" x2="{left_pad}" y2="{base}" stroke="currentColor"/>',
        f'<text x="{(left_pad + x(steps)) / 2:.0f}" y="{height - 4}" text-anchor="middle">{roll}</text>',
        f'<text x="2" y="{font}">{health}</text>',
        f'<text x="{left_pad - 4}" y="{y(top) + font / 3:.1f}" text-anchor="end">{top}</text>',
        f'<text x="{left_pad - 4}" y="{base + font / 3:.1f}" text-anchor="end">0</text>',
        f'<text x="{x(steps):.1f}" y="{base + font + 4}" text-anchor="end">{steps}</text>',
        line(lefts, "estro-line-left", "none"),
        line(rights, "estro-line-right", "6 4"),
        f'<text x="{x(steps) + 6:.1f}" y="{end_left:.1f}">{left_end}</text>',
        f'<text x="{x(steps) + 6:.1f}" y="{end_right:.1f}">{right_end}</text>',
        "</svg>",
    ]
    legend = tag(
        "figcaption",
        esc(
            _(
                "Solid line: left side (L); dashed line: right side (R). Start: left {left_start}, right "
                "{right_start}; end: left {left_end}, right {right_end}."
            ).format(left_start=lefts[0], right_start=rights[0], left_end=lefts[-1], right_end=rights[-1])
        ),
        class_="estro-legend",
    )
    return tag("figure", "".join(parts) + legend, class_="estro-chart")


def battle_text(result: BattleResult) -> str:
    """The outcome, then the trace roll by roll, with the rulings in brackets."""
    left, right = result.health
    health = _("health left: {left}/{left_start}, right: {right}/{right_start}").format(
        left=left, left_start=result.left.health, right=right, right_start=result.right.health
    )
    rulings = _("rulings:")
    lines = [
        f"{_verdict(result)} {_after(result)}: {say(REASON_TEXT[result.reason])}",
        f"  {health}",
        f"  {_stakes(result)}",
        f"  {rulings} {', '.join(result.rulings)}",
    ]
    if result.limits:
        limits = _("limits applied:")
        lines.append(f"  {limits} {', '.join(result.limits)}")
    end = _("end")
    for rec in result.trace:
        for e in rec.events:
            indent = "  " * (e.depth + 1)
            step = _("{step} in {within}").format(step=e.step, within=e.within) if e.within else str(e.step or end)
            lines.append(f"{indent}[{step}] {say(e.text)} [{', '.join(e.rulings)}]")
    return "\n".join(lines)


LEVEL = "95%"
"""The confidence of an estimate's intervals, as written (outside the messages: gettext's tools would read
``95% i`` as a printf placeholder)."""

_OUTCOME_LABELS = (("left", N_("Left side wins")), ("draw", N_("Draw")), ("right", N_("Right side wins")))
"""Each outcome of an estimate, in words (kept, said in the current language)."""


def estimate_html(result: Estimate, *, base: str) -> str:
    """Win, draw and loss rates with their 95% intervals, as text and bars."""
    rows = []
    for key, kept in _OUTCOME_LABELS:
        label = _(kept)
        r = result.rate(key)
        pct = percent(r.rate)
        ci = f"{percent(r.low)} – {percent(r.high)}"
        bar = tag(
            "div",
            tag("div", "", class_="estro-rate-fill", style=f"width: {100 * r.rate:.1f}%")
            + tag(
                "div",
                "",
                class_="estro-rate-ci",
                style=f"left: {100 * r.low:.1f}%; width: {100 * (r.high - r.low):.1f}%",
            ),
            class_="estro-rate-bar",
            role="img",
            aria_label=_("{outcome}: {rate}, {level} interval {interval}").format(
                outcome=label, rate=pct, level=LEVEL, interval=ci
            ),
        )
        rows.append(
            tag(
                "tr",
                tag("th", esc(label), scope="row")
                + tag("td", esc(r.count))
                + tag("td", esc(pct))
                + tag("td", esc(ci))
                + tag("td", bar),
            )
        )
    interval = _("{level} interval").format(level=LEVEL)
    columns = (_("Outcome"), _("Battles"), _("Rate"), interval[:1].upper() + interval[1:], "")
    head = tag("tr", "".join(tag("th", h, scope="col") for h in columns))
    if result.complete:
        status = _("complete")
    elif result.stopped:
        status = ngettext("cancelled after {played} battle", "cancelled after {played} battles", result.played)
    else:
        status = _("in progress")
    played = ngettext(
        "{played} of {battles} battle ({status}), seed {seed}.",
        "{played} of {battles} battles ({status}), seed {seed}.",
        result.battles,
    )
    intro = tag(
        "p",
        esc(
            played.format(
                played=result.played,
                battles=result.battles,
                status=status.format(played=result.played),
                seed=result.seed,
            )
        )
        + " "
        + _("A draw costs no lives and is not a win")
        + " "
        + links([cite("BAT-10")], base=base)
        + ".",
        class_="estro-verdict",
    )
    table = tag("table", tag("thead", head) + tag("tbody", "".join(rows)), class_="estro-estimate")
    return intro + scroll_box(table, _("Estimate"))


def estimate_text(result: Estimate) -> str:
    played = ngettext(
        "{played} of {battles} battle, seed {seed}:", "{played} of {battles} battles, seed {seed}:", result.battles
    )
    lines = [played.format(played=result.played, battles=result.battles, seed=result.seed)]
    line = _("{outcome}: {count} ({rate}, {level} interval {low}–{high})")
    for key, kept in _OUTCOME_LABELS:
        r = result.rate(key)
        said = line.format(
            outcome=_(kept), count=r.count, rate=percent(r.rate), level=LEVEL, low=percent(r.low), high=percent(r.high)
        )
        lines.append(f"  {said}")
    return "\n".join(lines)
