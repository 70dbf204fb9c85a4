"""PROTOCOL_07 against its source text (../shared/seeds/000_7db00a14278d5586.txt).

The expectations below are typed from the protocol, not from the engine: the
five modes, the four pairs with their reasons, and the five steps in order.
"""

from __future__ import annotations

import itertools
import random

import pytest

from estro_rules import ScenarioError
from estro_rules.protocol07 import (
    DESTRUCTION_ORDER,
    INCOMPATIBLE_PAIRS,
    MODE_NAMES,
    RULEBOOK,
    Destruction,
    check_combination,
    resolve_destruction,
)

SOURCE_MODES = {"Single Player", "Inferno 2vs2", "Ultimo Bastione", "Zona di Conquista", "Cinque Soglie"}
SOURCE_PAIRS = {
    frozenset({"Inferno 2vs2", "Ultimo Bastione"}): "Competitive teams vs co-op; different play fields",
    frozenset({"Zona di Conquista", "Ultimo Bastione"}): "5 flat zones vs 3 lanes x 4 depths; incompatible layouts",
    frozenset({"Cinque Soglie", "Single Player"}): (
        "asymmetric match against starships: no symmetric opponent side for the Threshold events"
    ),
    frozenset({"Cinque Soglie", "Ultimo Bastione"}): (
        "co-op against the Horde: no symmetric opponent side for the Threshold events"
    ),
}
SOURCE_ORDER = [
    "Card destroyed",
    "NecroToken assigned",
    "Quadrante dell'Oblio",
    "Imboscata Illusoria",
    "Fessura Dimensionale",
]


def test_modes_and_pairs_are_the_protocols() -> None:
    assert set(MODE_NAMES) == SOURCE_MODES
    assert {frozenset((p.mode_a, p.mode_b)): p.reason for p in INCOMPATIBLE_PAIRS} == SOURCE_PAIRS
    assert [s.title for s in DESTRUCTION_ORDER] == SOURCE_ORDER


@pytest.mark.parametrize("size", range(1, 6))
def test_every_set_of_modes(size: int) -> None:
    """Allowed exactly when no rule of the protocol is broken; every broken rule is listed."""
    for modes in itertools.permutations(sorted(SOURCE_MODES), size):
        verdict = check_combination(modes)
        broken_pairs = [pair for pair in SOURCE_PAIRS if pair <= set(modes)]
        single_player_violated = "Single Player" in modes and len(modes) > 1
        expected = len(broken_pairs) + single_player_violated
        assert len(verdict.violations) == expected, modes
        assert verdict.allowed == (expected == 0)
        assert ("P07-2" in verdict.rulings) == single_player_violated
        assert ("I-P07-2" in verdict.rulings) == (expected > 1)
        assert ("P07-1" in verdict.rulings) == (expected == 0)
        reasons = {v.reason for v in verdict.violations if v.rulings != ("P07-2",)}
        assert reasons == {SOURCE_PAIRS[p] for p in broken_pairs}


#: What each reason of the protocol's table rests on, read from the reason itself.
REASON_ATTRIBUTES = {
    frozenset({"Inferno 2vs2", "Ultimo Bastione"}): ("opposition", "play_field"),  # teams vs co-op; fields
    frozenset({"Zona di Conquista", "Ultimo Bastione"}): ("play_field",),  # 5 flat zones vs 3 lanes x 4 depths
    frozenset({"Cinque Soglie", "Single Player"}): ("symmetric_opponent_side", "needs_symmetric_opponent_side"),
    frozenset({"Cinque Soglie", "Ultimo Bastione"}): ("symmetric_opponent_side", "needs_symmetric_opponent_side"),
}


def test_mode_attributes_explain_each_pair() -> None:
    """Each pair's reason rests on attributes whose values really conflict."""
    from estro_rules.protocol07 import mode

    for pair in INCOMPATIBLE_PAIRS:
        a, b = mode(pair.mode_a), mode(pair.mode_b)
        assert pair.attributes == REASON_ATTRIBUTES[frozenset((pair.mode_a, pair.mode_b))]
        if "opposition" in pair.attributes:
            assert {a.opposition, b.opposition} == {"competitive teams", "co-op against the Horde"}
        if "play_field" in pair.attributes and pair.mode_a == "Zona di Conquista":
            assert (a.play_field, b.play_field) == ("5 flat zones", "3 lanes x 4 depths")
        if "needs_symmetric_opponent_side" in pair.attributes:
            needing, other = (a, b) if a.needs_symmetric_opponent_side else (b, a)
            assert needing.name == "Cinque Soglie" and needing.needs_symmetric_opponent_side
            assert other.symmetric_opponent_side is False


@pytest.mark.parametrize(
    ("modes", "field", "message"),
    [
        (["Single Player", "Solo"], "modes[1]", "expected a known mode, got 'Solo'"),
        (["Cinque Soglie", "Cinque Soglie"], "modes[1]", "listed twice"),
        ([], "modes", "at least one mode"),
        ([3], "modes[0]", "expected a mode name (a string), got 3"),
    ],
)
def test_bad_modes_name_the_field(modes: list[object], field: str, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        check_combination(modes)  # type: ignore[arg-type]
    assert err.value.field == field
    assert message in str(err.value)


@pytest.mark.parametrize("conditions", list(itertools.product([False, True], repeat=4)))
def test_destruction_order_and_conditions(conditions: tuple[bool, bool, bool, bool]) -> None:
    by_opponent, face_down, illusio, fessura = conditions
    if by_opponent and fessura:
        with pytest.raises(ScenarioError, match="fessura_self_destruct"):
            Destruction(destroyed_by_opponent=True, fessura_self_destruct=True)
        return
    for in_play_size in range(5):
        for in_play in itertools.combinations(
            ["NecroToken", "Quadrante dell'Oblio", "Imboscata Illusoria", "Fessura Dimensionale"], in_play_size
        ):
            d = Destruction(by_opponent, face_down, illusio, fessura, frozenset(in_play))
            result = resolve_destruction(d, random.Random(0))
            fired = [s.effect for s in result.fired]
            expected = ["Card destroyed"]
            if by_opponent and "NecroToken" in in_play:
                expected.append("NecroToken assigned")
            if "Quadrante dell'Oblio" in in_play:
                expected.append("Quadrante dell'Oblio")
            if face_down and illusio and "Imboscata Illusoria" in in_play:
                expected.append("Imboscata Illusoria")
            if fessura and "Fessura Dimensionale" in in_play:
                expected.append("Fessura Dimensionale")
            assert fired == expected
            assert [s.number for s in result.steps] == [1, 2, 3, 4, 5]
            for step in result.steps:
                assert "P07-4" in step.rulings and f"P07-4.{step.number}" in step.rulings


def test_quadrante_is_seeded_and_replayable() -> None:
    results = {resolve_destruction(Destruction(), random.Random(seed)).steps[2].quadrante_result for seed in range(200)}
    assert results == {1, 2, 3, 4, 5, 6}
    again = [resolve_destruction(Destruction(), random.Random(42)).steps[2].quadrante_result for _ in range(3)]
    assert len(set(again)) == 1


def test_every_ruling_is_cited_somewhere() -> None:
    """Each ruling of the rulebook is behind at least one decision of the engine."""
    cited: set[str] = set()
    for size in range(1, 4):
        for modes in itertools.combinations(MODE_NAMES, size):
            cited.update(check_combination(modes).rulings)
    for d in (
        Destruction(destroyed_by_opponent=True, face_down=True, illusio_in_hand=True),
        Destruction(fessura_self_destruct=True),
        Destruction(in_play=frozenset()),
    ):
        for step in resolve_destruction(d).steps:
            cited.update(step.rulings)
    shown_by_errors = {"I-P07-3", "I-P07-7"}  # an unknown mode; a self-destruct by the opponent
    assert {r.id for r in RULEBOOK} - cited == {*shown_by_errors, "P07-3"}
    with pytest.raises(ScenarioError, match="I-P07-7"):
        Destruction(destroyed_by_opponent=True, fessura_self_destruct=True)
