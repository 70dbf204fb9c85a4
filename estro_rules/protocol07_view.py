"""How PROTOCOL_07 results read: as HTML for the site and as text for the CLI."""

from __future__ import annotations

from .html import esc, ruling_links, tag
from .protocol07 import (
    DESTRUCTION_ORDER,
    INCOMPATIBLE_PAIRS,
    MODE_NAMES,
    MODES,
    CombinationVerdict,
    Destruction,
    DestructionResult,
    check_combination,
    resolve_destruction,
)


def combination_html(result: CombinationVerdict, *, base: str) -> str:
    """The verdict with every reason and the rulings behind each."""
    modes = ", ".join(esc(m) for m in result.modes)
    if result.allowed:
        head = tag("p", f"<strong>Allowed.</strong> {modes} can be played together. ", class_="estro-verdict estro-ok")
        return head + tag("p", "Rulings: " + ruling_links(result.rulings, base=base))
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
            + esc(v.reason)
            + " "
            + ruling_links(v.rulings, base=base),
        )
        for v in result.violations
    )
    return (
        head
        + tag("ul", items, class_="estro-reasons")
        + tag("p", "Rulings: " + ruling_links(result.rulings, base=base))
    )


def combination_text(result: CombinationVerdict) -> str:
    lines = [f"{' + '.join(result.modes)}: {'allowed' if result.allowed else 'not allowed'}"]
    for v in result.violations:
        lines.append(f"  - {' + '.join(v.modes)}: {v.reason} [{', '.join(v.rulings)}]")
    lines.append(f"  rulings: {', '.join(result.rulings)}")
    return "\n".join(lines)


def destruction_html(result: DestructionResult, *, base: str) -> str:
    """The five steps in order, each marked as firing or not, with its rulings."""
    rows = []
    for step in result.steps:
        mark = "fires" if step.fires else "does not fire"
        rows.append(
            tag(
                "li",
                tag("strong", f"{step.number}. {esc(step.effect)}")
                + " "
                + tag("span", mark, class_="estro-mark")
                + " — "
                + esc(step.detail)
                + " "
                + ruling_links(step.rulings, base=base),
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


# --------------------------------------------------------------------------
# Tables for the site, generated from the engine and checked against it.

Table = tuple[list[str], list[list[str]]]


def _not_stated(value: object) -> str:
    if value is None:
        return "not stated"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def modes_table() -> Table:
    """The five modes and the structural facts the protocol states about each."""
    header = ["Mode", "Play field", "Opposition", "Symmetric opponent side", "Self-contained structure"]
    rows = [
        [
            m.name,
            _not_stated(m.play_field),
            _not_stated(m.opposition),
            "needed (Threshold events)" if m.needs_symmetric_opponent_side else _not_stated(m.symmetric_opponent_side),
            _not_stated(m.self_contained),
        ]
        for m in MODES
    ]
    return header, rows


def pairs_table() -> Table:
    """The incompatible pairs, each checked against :func:`check_combination`."""
    rows = []
    for pair in INCOMPATIBLE_PAIRS:
        verdict = check_combination([pair.mode_a, pair.mode_b])
        if verdict.allowed or pair.ruling not in verdict.rulings:
            raise ValueError(f"the engine does not forbid {pair.mode_a} + {pair.mode_b} by {pair.ruling}")
        rows.append([pair.mode_a, pair.mode_b, pair.reason, f"[[{pair.ruling}]]"])
    return ["Mode A", "Mode B", "Reason", "Ruling"], rows


def matrix_table() -> Table:
    """Every pair of modes, as :func:`check_combination` decides it.

    The matrix is computed by running the check; it must agree with the data
    it rests on (the Single Player rule and the table of pairs).
    """
    forbidden = {frozenset((p.mode_a, p.mode_b)) for p in INCOMPATIBLE_PAIRS}
    rows = []
    for a in MODE_NAMES:
        row = [a]
        for b in MODE_NAMES:
            if a == b:
                row.append("—")
                continue
            verdict = check_combination([a, b])
            expected_allowed = "Single Player" not in (a, b) and frozenset((a, b)) not in forbidden
            if verdict.allowed != expected_allowed:
                raise ValueError(
                    f"{a} + {b}: the engine says allowed={verdict.allowed}, the data says {expected_allowed}"
                )
            row.append("✓ yes" if verdict.allowed else "✗ no: " + ", ".join(f"[[{r}]]" for r in verdict.rulings))
        rows.append(row)
    return ["", *MODE_NAMES], rows


def order_table() -> Table:
    """The destruction order, as the resolver runs it.

    No one destruction fires every step (a Fessura self-destruct is not a
    destruction by the opponent), so two are resolved: together they must
    fire every step, each in the listed order.
    """
    listed = [s.effect for s in DESTRUCTION_ORDER]
    fired: set[str] = set()
    for by_opponent in (True, False):
        d = Destruction(
            destroyed_by_opponent=by_opponent,
            face_down=True,
            illusio_in_hand=True,
            fessura_self_destruct=not by_opponent,
        )
        effects = [s.effect for s in resolve_destruction(d).fired]
        if effects != [e for e in listed if e in effects]:
            raise ValueError(f"the resolver fires {effects}, out of the listed order {listed}")
        fired.update(effects)
    if fired != set(listed):
        raise ValueError(f"the resolver never fires {sorted(set(listed) - fired)}")
    rulings = [f"[[P07-4.{n}]]" for n in range(1, len(DESTRUCTION_ORDER) + 1)]
    return ["#", "Effect", "When", "Ruling"], [
        [str(n), s.effect, s.when, rulings[n - 1]] for n, s in enumerate(DESTRUCTION_ORDER, start=1)
    ]


SITE_TABLES = {
    "p07.modes": modes_table,
    "p07.incompatible-pairs": pairs_table,
    "p07.matrix": matrix_table,
    "p07.destruction-order": order_table,
}
