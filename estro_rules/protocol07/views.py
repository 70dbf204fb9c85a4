"""How PROTOCOL_07 results read: as HTML for the site and as text for the CLI, in the current language
(:mod:`estro_rules.i18n`). Names stay as in the protocol; the reasons of the incompatible pairs are the
protocol's own words, quoted, in English in both languages."""

from __future__ import annotations

from collections.abc import Iterable

from ..html import esc, quoted, ruling_links, tag
from ..i18n import Message, _, ngettext, say
from ..text import quoted_text
from .engine import CombinationVerdict, DestructionResult
from .rulebook import RULEBOOK


def _reason(reason: str) -> str:
    """A violation's reason: our words in the current language; the protocol's own words (a quotation) as
    they are."""
    return say(reason) if isinstance(reason, Message) else reason


def links(rulings: Iterable[str], *, base: str) -> str:
    return ruling_links(RULEBOOK, rulings, base=base)


def combination_html(result: CombinationVerdict, *, base: str) -> str:
    """The verdict with every reason and the rulings behind each."""
    modes = ", ".join(esc(m) for m in result.modes)
    rulings = tag("p", _("Rulings:") + " " + links(result.rulings, base=base))
    if result.allowed:
        together = ngettext("{modes} can be played on its own.", "{modes} can be played together.", len(result.modes))
        allowed = _("Allowed.")
        head = tag("p", f"<strong>{allowed}</strong> {together.format(modes=modes)}", class_="estro-verdict estro-ok")
        return head + rulings
    count = len(result.violations)
    rules = ngettext("{count} rule", "{count} rules", count).format(count=count)
    breaks = ngettext("{modes} breaks {rules}:", "{modes} break {rules}:", len(result.modes))
    not_allowed = _("Not allowed.")
    head = tag(
        "p",
        f"<strong>{not_allowed}</strong> {breaks.format(modes=modes, rules=rules)}",
        class_="estro-verdict estro-bad",
    )
    items = "".join(
        tag(
            "li",
            tag("strong", " + ".join(esc(m) for m in v.modes))
            + " — "
            + quoted(_reason(v.reason))
            + " "
            + links(v.rulings, base=base),
        )
        for v in result.violations
    )
    return head + tag("ul", items, class_="estro-reasons") + rulings


def combination_text(result: CombinationVerdict) -> str:
    verdict = _("allowed") if result.allowed else _("not allowed")
    lines = [f"{' + '.join(result.modes)}: {verdict}"]
    for v in result.violations:
        lines.append(f"  - {' + '.join(v.modes)}: {quoted_text(_reason(v.reason))} [{', '.join(v.rulings)}]")
    rulings = _("rulings:")
    lines.append(f"  {rulings} {', '.join(result.rulings)}")
    return "\n".join(lines)


def destruction_html(result: DestructionResult, *, base: str) -> str:
    """The five steps in order (the list numbers them), each marked as firing or not, with its rulings."""
    rows = []
    for step in result.steps:
        mark = _("fires") if step.fires else _("does not fire")
        rows.append(
            tag(
                "li",
                tag("strong", esc(say(step.effect)))
                + " "
                + tag("span", mark, class_="estro-mark")
                + " — "
                + esc(say(step.detail))
                + " "
                + links(step.rulings, base=base),
                class_="estro-step " + ("estro-fires" if step.fires else "estro-skipped"),
                data_step=step.number,
            )
        )
    fired = " → ".join(esc(say(s.effect)) for s in result.fired)
    resolves = _("Resolves:")
    return tag("p", f"<strong>{resolves}</strong> {fired}", class_="estro-verdict") + tag(
        "ol", "".join(rows), class_="estro-steps"
    )


def destruction_text(result: DestructionResult) -> str:
    lines = []
    for step in result.steps:
        mark = _("FIRES") if step.fires else _("no   ")
        lines.append(f"{step.number}. {mark} {say(step.effect)}: {say(step.detail)} [{', '.join(step.rulings)}]")
    return "\n".join(lines)
