"""How PROTOCOL_07 results read: as HTML for the site and as text for the CLI."""

from __future__ import annotations

from collections.abc import Iterable

from ..html import esc, quoted, ruling_links, tag
from ..text import quoted_text
from .engine import CombinationVerdict, DestructionResult
from .rulebook import RULEBOOK


def links(rulings: Iterable[str], *, base: str) -> str:
    return ruling_links(RULEBOOK, rulings, base=base)


def combination_html(result: CombinationVerdict, *, base: str) -> str:
    """The verdict with every reason and the rulings behind each."""
    modes = ", ".join(esc(m) for m in result.modes)
    if result.allowed:
        together = "can be played on its own" if len(result.modes) == 1 else "can be played together"
        head = tag("p", f"<strong>Allowed.</strong> {modes} {together}.", class_="estro-verdict estro-ok")
        return head + tag("p", "Rulings: " + links(result.rulings, base=base))
    count = len(result.violations)
    head = tag(
        "p",
        f"<strong>Not allowed.</strong> {modes} break{'s' if len(result.modes) == 1 else ''} "
        f"{count} rule{'s' if count != 1 else ''}:",
        class_="estro-verdict estro-bad",
    )
    items = "".join(
        tag(
            "li",
            tag("strong", " + ".join(esc(m) for m in v.modes))
            + " — "
            + quoted(v.reason)
            + " "
            + links(v.rulings, base=base),
        )
        for v in result.violations
    )
    return (
        head
        + tag("ul", items, class_="estro-reasons")
        + tag("p", "Rulings: " + links(result.rulings, base=base))
    )


def combination_text(result: CombinationVerdict) -> str:
    lines = [f"{' + '.join(result.modes)}: {'allowed' if result.allowed else 'not allowed'}"]
    for v in result.violations:
        lines.append(f"  - {' + '.join(v.modes)}: {quoted_text(v.reason)} [{', '.join(v.rulings)}]")
    lines.append(f"  rulings: {', '.join(result.rulings)}")
    return "\n".join(lines)


def destruction_html(result: DestructionResult, *, base: str) -> str:
    """The five steps in order (the list numbers them), each marked as firing or not, with its rulings."""
    rows = []
    for step in result.steps:
        mark = "fires" if step.fires else "does not fire"
        rows.append(
            tag(
                "li",
                tag("strong", esc(step.effect))
                + " "
                + tag("span", mark, class_="estro-mark")
                + " — "
                + esc(step.detail)
                + " "
                + links(step.rulings, base=base),
                class_="estro-step " + ("estro-fires" if step.fires else "estro-skipped"),
                data_step=step.number,
            )
        )
    fired = " → ".join(esc(s.effect) for s in result.fired)
    return tag("p", f"<strong>Resolves:</strong> {fired}", class_="estro-verdict") + tag(
        "ol", "".join(rows), class_="estro-steps"
    )


def destruction_text(result: DestructionResult) -> str:
    lines = []
    for step in result.steps:
        mark = "FIRES" if step.fires else "no   "
        lines.append(f"{step.number}. {mark} {step.effect}: {step.detail} [{', '.join(step.rulings)}]")
    return "\n".join(lines)
