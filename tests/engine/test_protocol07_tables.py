"""The generated tables of the PROTOCOL_07 page, against the source document itself.

The mode names, the pairs with their reasons, and the steps with their titles are read from
PROTOCOL_07 (../shared/seeds/000_7db00a14278d5586.txt) and must reach the tables exactly, in the
source's order. Each table also checks the engine against its data: when the engine disagrees, the
table is not built and the error names what disagrees.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable

import pytest

from estro_rules.protocol07 import (
    DESTRUCTION_ORDER,
    RULEBOOK,
    CombinationVerdict,
    Destruction,
    DestructionResult,
    Mode,
    Violation,
    resolve_destruction,
    tables,
)
from estro_rules.protocol07.tables import TABLES, matrix_table, modes_table, order_table, pairs_table
from estro_rules.sources import Document
from tests.support.seeds import seed_documents


@functools.cache
def protocol() -> Document:
    return seed_documents()["PROTOCOL_07"]


def source_table() -> list[list[str]]:
    """The rows of the protocol's table of incompatible combinations, its header row first."""
    return [
        p.text.split(" | ")
        for p in protocol().paragraphs
        if p.section == "INCOMPATIBLE COMBINATIONS" and " | " in p.text
    ]


def source_steps() -> list[tuple[int, str]]:
    """The numbered step headings of the resolution order ("2. NecroToken assigned[PASSIVE]"), tag dropped."""
    steps = []
    for p in protocol().paragraphs:
        found = re.fullmatch(r"(\d)\. (.+?)(\[[A-Z]+\])?", p.text)
        if p.section == "RESOLUTION ORDER — DESTRUCTION" and found:
            steps.append((int(found[1]), found[2]))
    return steps


def source_modes() -> list[str]:
    """Every mode the protocol names in its table, in the order the document first names each."""
    text = " ".join(p.text for p in protocol().paragraphs)
    names = {name for row in source_table()[1:] for name in row[:2]}
    return sorted(names, key=text.index)


def test_the_source_reads_as_expected() -> None:
    """The helpers above read the document as a person does (guards the tests below)."""
    assert source_table()[0] == ["Mode A", "Mode B", "Reason"]
    assert len(source_table()) == 5
    assert source_steps() == [
        (1, "Card destroyed"),
        (2, "NecroToken assigned"),
        (3, "Quadrante dell'Oblio"),
        (4, "Imboscata Illusoria"),
        (5, "Fessura Dimensionale"),
    ]
    assert source_modes() == ["Single Player", "Inferno 2vs2", "Ultimo Bastione", "Zona di Conquista", "Cinque Soglie"]


def test_the_page_has_the_four_tables() -> None:
    assert TABLES == {
        "p07.modes": modes_table,
        "p07.incompatible-pairs": pairs_table,
        "p07.matrix": matrix_table,
        "p07.destruction-order": order_table,
    }


# --------------------------------------------------------------------------
# The incompatible pairs


def test_pairs_table_is_the_protocols_table_row_for_row() -> None:
    """Same columns, same rows in the same order, each reason quoted word for word; row n is P07-3.n."""
    header, *rows = source_table()
    assert pairs_table() == (
        [*header, "Ruling"],
        [[a, b, f"<q>{reason}</q>", f"[[P07-3.{n}]]"] for n, (a, b, reason) in enumerate(rows, start=1)],
    )
    assert [RULEBOOK[f"P07-3.{n}"].title for n in range(1, 5)] == [f"{a} and {b}" for a, b, _ in rows]


def forbidding_only_by(ruling: str) -> Callable[[list[str]], CombinationVerdict]:
    """An engine that forbids every set of modes, always by ``ruling``."""

    def check(modes: list[str]) -> CombinationVerdict:
        return CombinationVerdict(tuple(modes), (Violation(tuple(modes), "reason", (ruling,)),), (ruling,))

    return check


def allowing_everything(modes: list[str]) -> CombinationVerdict:
    return CombinationVerdict(tuple(modes), (), ("P07-1",))


def test_pairs_table_refuses_an_engine_that_allows_a_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "check_combination", allowing_everything)
    with pytest.raises(ValueError) as err:
        pairs_table()
    assert str(err.value) == "the engine does not forbid Inferno 2vs2 + Ultimo Bastione by P07-3.1"


def test_pairs_table_refuses_an_engine_that_forbids_a_pair_by_another_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forbidden is not enough: the pair's own ruling must be behind the verdict."""
    monkeypatch.setattr(tables, "check_combination", forbidding_only_by("P07-3.1"))
    with pytest.raises(ValueError) as err:
        pairs_table()
    # the first row passes (P07-3.1 is its ruling); the second is forbidden, but not by P07-3.2
    assert str(err.value) == "the engine does not forbid Zona di Conquista + Ultimo Bastione by P07-3.2"


# --------------------------------------------------------------------------
# The matrix

YES = "✓ yes"
SP = "✗ no: [[P07-2]]"  # P07-2: Single Player cannot be combined with any other mode
# Cinque Soglie + Single Player breaks P07-2 and the third row of the table, P07-3.3: both, and I-P07-2
SP_CS = "✗ no: [[P07-2]], [[P07-3.3]], [[I-P07-2]]"


def test_matrix_is_every_pair_of_the_protocols_modes() -> None:
    """Columns and rows in the order the protocol first names the modes; the diagonal is empty."""
    assert matrix_table() == (
        ["", *source_modes()],
        [
            ["Single Player", "—", SP, SP, SP, SP_CS],
            ["Inferno 2vs2", SP, "—", "✗ no: [[P07-3.1]]", YES, YES],
            ["Ultimo Bastione", SP, "✗ no: [[P07-3.1]]", "—", "✗ no: [[P07-3.2]]", "✗ no: [[P07-3.4]]"],
            ["Zona di Conquista", SP, YES, "✗ no: [[P07-3.2]]", "—", YES],
            ["Cinque Soglie", SP_CS, YES, "✗ no: [[P07-3.4]]", YES, "—"],
        ],
    )


def test_matrix_refuses_an_engine_that_disagrees_with_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "check_combination", allowing_everything)
    with pytest.raises(ValueError) as err:
        matrix_table()
    assert str(err.value) == "Single Player + Inferno 2vs2: the engine says allowed=True, the data says False"


# --------------------------------------------------------------------------
# The destruction order

#: The "When" column, in our words, from the protocol's list of the canonical order:
#: "1.Card in the Incinerator — destruction confirmed.", "2.NecroToken assigned — if destroyed by the
#: opponent (passive, immediate).", "3.Quadrante dell'Oblio — random effect via Tool.", "4.Imboscata
#: Illusoria — places Illusio (if a face-down card + Illusio in hand).", "5.Fessura Dimensionale — draw
#: from the Dimensional Deck (only if a Fessura self-destruction)."
WHEN = [
    "always: the card goes to the Incinerator, destruction confirmed",
    "if destroyed by the opponent (passive, immediate)",
    "random effect via Tool",
    "if a face-down card and an Illusio in hand",
    "only if a Fessura self-destruct",
]


def test_order_table_is_the_protocols_order() -> None:
    """Numbered from 1 as the protocol numbers its steps, each titled as its heading, with its ruling P07-4.n."""
    assert order_table() == (
        ["#", "Effect", "When", "Ruling"],
        [[str(n), title, WHEN[n - 1], f"[[P07-4.{n}]]"] for n, title in source_steps()],
    )


def test_order_table_lists_every_ruling_of_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step resting on several rulings shows each, in order, separated by commas."""
    order = [
        dataclasses.replace(r, rulings=(*r.rulings, "I-P07-1")) if r.name == "necrotoken_assigned" else r
        for r in DESTRUCTION_ORDER
    ]
    monkeypatch.setattr(tables, "DESTRUCTION_ORDER", order)
    assert order_table()[1][1] == [
        "2",
        "NecroToken assigned",
        "if destroyed by the opponent (passive, immediate)",
        "[[P07-4.2]], [[I-P07-1]]",
    ]


LISTED = [
    "Card destroyed",
    "NecroToken assigned",
    "Quadrante dell'Oblio",
    "Imboscata Illusoria",
    "Fessura Dimensionale",
]


def test_order_table_refuses_a_resolver_out_of_order(monkeypatch: pytest.MonkeyPatch) -> None:
    def backwards(d: Destruction) -> DestructionResult:
        return DestructionResult(d, tuple(reversed(resolve_destruction(d).steps)))

    monkeypatch.setattr(tables, "resolve_destruction", backwards)
    with pytest.raises(ValueError) as err:
        order_table()
    # the first destruction the table resolves is by the opponent, face-down, with an Illusio in hand
    fired = ["Imboscata Illusoria", "Quadrante dell'Oblio", "NecroToken assigned", "Card destroyed"]
    assert str(err.value) == f"the resolver fires {fired}, out of the listed order {LISTED}"


def test_order_table_refuses_a_resolver_that_never_fires_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    def without_fessura(d: Destruction) -> DestructionResult:
        return resolve_destruction(dataclasses.replace(d, in_play=frozenset(d.in_play) - {"Fessura Dimensionale"}))

    monkeypatch.setattr(tables, "resolve_destruction", without_fessura)
    with pytest.raises(ValueError) as err:
        order_table()
    assert str(err.value) == "the resolver never fires ['Fessura Dimensionale']"


# --------------------------------------------------------------------------
# The modes


def test_modes_table_states_only_what_the_protocol_states() -> None:
    """Each fact below is in PROTOCOL_07; what it does not say reads "not stated".

    Single Player: "self-contained structure (starships, guardians, dedicated AI)", "asymmetric match
    against starships: no symmetric opponent side". Inferno 2vs2: "Competitive teams". Ultimo
    Bastione: "3 lanes x 4 depths", "co-op against the Horde: no symmetric opponent side". Zona di
    Conquista: "5 flat zones". Cinque Soglie: its "Threshold events" need a symmetric opponent side.
    """
    header, rows = modes_table()
    assert header == ["Mode", "Play field", "Opposition", "Symmetric opponent side", "Self-contained structure"]
    assert rows == [
        [
            "Single Player",
            "not stated",
            "asymmetric match against starships",
            "no",
            "starships, guardians, dedicated AI",
        ],
        ["Inferno 2vs2", "not stated", "competitive teams", "not stated", "not stated"],
        ["Ultimo Bastione", "3 lanes x 4 depths", "co-op against the Horde", "no", "not stated"],
        ["Zona di Conquista", "5 flat zones", "not stated", "not stated", "not stated"],
        ["Cinque Soglie", "not stated", "not stated", "needed (Threshold events)", "not stated"],
    ]
    assert [row[0] for row in rows] == source_modes()
    text = " ".join(p.text for p in protocol().paragraphs).casefold()
    stated = {cell for row in rows for cell in row[1:3] + row[4:]} - {"not stated"}
    assert {fact for fact in stated if fact.casefold() not in text} == set()


def test_modes_table_a_stated_yes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mode the data says has a symmetric opponent side shows "yes" (no mode of PROTOCOL_07 does)."""
    monkeypatch.setattr(
        tables, "MODES", (Mode("Test mode", play_field="a field", opposition=None, symmetric_opponent_side=True),)
    )
    assert modes_table()[1] == [["Test mode", "a field", "not stated", "yes", "not stated"]]
