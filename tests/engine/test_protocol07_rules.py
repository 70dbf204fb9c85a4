"""PROTOCOL_07's rulings at the points the other tests leave open: exact messages, whole results.

Expected values are typed from the protocol (../shared/seeds/000_7db00a14278d5586.txt), the
interpretations (I-P07-*) and the page (docs/_sources/protocol-07.md), not read from the engine.
"""

from __future__ import annotations

import random

import pytest

from estro_rules import ScenarioError, scenarios
from estro_rules.protocol07 import Destruction, check_combination, resolve_destruction
from estro_rules.protocol07.engine import _in_play, _necrotoken, _quadrante

SINGLE_PLAYER_ALONE = (
    "Single Player is a world of its own (starships, guardians, dedicated AI), "
    "so it is never played together with another mode"
)
CINQUE_SOGLIE_SINGLE_PLAYER = "asymmetric match against starships: no symmetric opponent side for the Threshold events"


def test_p07_2_names_single_player_then_the_others_in_the_protocols_order() -> None:
    """P07-2: the violation names Single Player and every other mode of the set, in the order the protocol
    names the modes (Inferno 2vs2 before Zona di Conquista), not the order they were given in (I-P07-2)."""
    for modes in (
        ["Zona di Conquista", "Single Player", "Inferno 2vs2"],
        ["Inferno 2vs2", "Zona di Conquista", "Single Player"],
    ):
        verdict = check_combination(modes)
        assert [(v.modes, str(v.reason), v.rulings) for v in verdict.violations] == [
            (("Single Player", "Inferno 2vs2", "Zona di Conquista"), SINGLE_PLAYER_ALONE, ("P07-2",)),
        ]


def test_a_combination_as_json() -> None:
    """Every broken rule, its modes, its reason (the protocol's words for a pair) and its ruling (I-P07-2)."""
    assert check_combination(["Cinque Soglie", "Single Player"]).to_json() == {
        "kind": "p07.combination",
        "modes": ["Cinque Soglie", "Single Player"],
        "allowed": False,
        "violations": [
            {"modes": ["Single Player", "Cinque Soglie"], "reason": SINGLE_PLAYER_ALONE, "rulings": ["P07-2"]},
            {
                "modes": ["Cinque Soglie", "Single Player"],
                "reason": CINQUE_SOGLIE_SINGLE_PLAYER,
                "rulings": ["P07-3.3"],
            },
        ],
        "rulings": ["P07-2", "P07-3.3", "I-P07-2"],
    }
    assert check_combination(["Zona di Conquista", "Cinque Soglie"]).to_json() == {
        "kind": "p07.combination",
        "modes": ["Zona di Conquista", "Cinque Soglie"],
        "allowed": True,
        "violations": [],
        "rulings": ["P07-1"],
    }


@pytest.mark.parametrize(
    ("modes", "message"),
    [
        (["Single Player", "Single Player"], "modes[1]: expected each mode once, got 'Single Player' (listed twice)"),
        (
            ["Inferno 2vs2", "Cinque Soglie", "Inferno 2vs2"],
            "modes[2]: expected each mode once, got 'Inferno 2vs2' (listed twice)",
        ),
        ([], "modes: expected at least one mode, got an empty list"),
        (
            ["Cinque Soglie", "Battle Royale"],  # I-P07-3: an unknown mode is an error listing the five
            "modes[1]: expected a known mode, got 'Battle Royale' (known: 'Single Player', 'Inferno 2vs2', "
            "'Ultimo Bastione', 'Zona di Conquista', 'Cinque Soglie')",
        ),
    ],
)
def test_bad_sets_of_modes_exact_messages(modes: list[str], message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        check_combination(modes)
    assert str(err.value) == message


def test_an_unknown_effect_in_play_is_refused() -> None:
    with pytest.raises(ScenarioError) as err:
        Destruction(in_play=frozenset({"Battle Royale"}))
    assert str(err.value) == (
        "in_play[0]: expected a known effect, got 'Battle Royale' (known: 'NecroToken', "
        "\"Quadrante dell'Oblio\", 'Imboscata Illusoria', 'Fessura Dimensionale')"
    )


def test_i_p07_7_exact_message() -> None:
    with pytest.raises(ScenarioError) as err:
        Destruction(destroyed_by_opponent=True, fessura_self_destruct=True)
    assert err.value.field == "fessura_self_destruct"
    assert str(err.value) == (
        "fessura_self_destruct: expected false when destroyed_by_opponent is true, got true "
        "(a self-destruct is never a destruction by the opponent: I-P07-7)"
    )


QUADRANTE_NO_TABLE = ("P07-4", "P07-4.3", "I-P07-1", "I-P07-4", "I-P07-6")


def test_every_step_of_a_destruction_as_json() -> None:
    """P07-4.1 to 4.5 for a face-down card destroyed by the opponent, Illusio in hand: four fire, in order."""
    d = Destruction(destroyed_by_opponent=True, face_down=True, illusio_in_hand=True)
    result = resolve_destruction(d, random.Random(5))
    n = result.steps[2].quadrante_result
    assert n is not None and 1 <= n <= 6  # I-P07-6
    assert result.to_json() == {
        "kind": "p07.destruction",
        "fired": ["Card destroyed", "NecroToken assigned", "Quadrante dell'Oblio", "Imboscata Illusoria"],
        "steps": [
            {
                "step": 1,
                "effect": "Card destroyed",
                "fires": True,
                "detail": "The card is sent to the Incinerator: destruction confirmed.",
                "rulings": ["P07-4", "P07-4.1"],
            },
            {
                "step": 2,
                "effect": "NecroToken assigned",
                "fires": True,
                "detail": "Destroyed by the opponent: the owner receives 1 NecroToken (passive, immediate).",
                "rulings": ["P07-4", "P07-4.2", "I-P07-1"],
            },
            {
                "step": 3,
                "effect": "Quadrante dell'Oblio",
                "fires": True,
                "detail": f"The owner activates the Quadrante: random effect via Tool (result {n} of the Tool).",
                "rulings": list(QUADRANTE_NO_TABLE),
                "quadrante_result": n,
            },
            {
                "step": 4,
                "effect": "Imboscata Illusoria",
                "fires": True,
                "detail": "The card was face-down: the owner places the Illusio from their hand on the field.",
                "rulings": ["P07-4", "P07-4.4", "I-P07-1"],
            },
            {
                "step": 5,
                "effect": "Fessura Dimensionale",
                "fires": False,
                "detail": "Not a Fessura self-destruct: no draw.",
                "rulings": ["P07-4", "P07-4.5"],
            },
        ],
    }


def test_steps_that_do_not_fire_say_why_and_cite_only_their_ruling() -> None:
    """P07-4.2 and 4.4: no opponent, no NecroToken; not face-down, no Imboscata (whatever is in hand)."""
    steps = resolve_destruction(Destruction(illusio_in_hand=True)).steps
    assert [(s.fires, s.detail, s.rulings) for s in (steps[1], steps[3])] == [
        (False, "Not destroyed by the opponent: no NecroToken.", ("P07-4", "P07-4.2")),
        (False, "The card was not face-down.", ("P07-4", "P07-4.4")),
    ]
    no_illusio = resolve_destruction(Destruction(face_down=True)).steps[3]
    assert (no_illusio.fires, no_illusio.detail, no_illusio.rulings) == (
        False,
        "The owner has no Illusio in hand.",
        ("P07-4", "P07-4.4", "I-P07-1"),
    )


def test_p07_4_5_a_fessura_self_destruct_draws_for_the_owner() -> None:
    step = resolve_destruction(Destruction(fessura_self_destruct=True)).steps[4]
    assert (step.number, step.effect, step.fires, step.detail, step.rulings) == (
        5,
        "Fessura Dimensionale",
        True,
        "A Fessura self-destruct: the owner draws from the Mazzo Dimensionale.",
        ("P07-4", "P07-4.5", "I-P07-1"),
    )


def test_i_p07_4_a_table_is_indexed_by_the_result() -> None:
    """With a table, N counts its effects (1 to its length) and the step shows effect N; I-P07-6 is not cited."""
    table = ("Swap", "Mirror", "Echo")
    seen = set()
    for seed in range(60):
        step = resolve_destruction(Destruction(quadrante_table=table), random.Random(seed)).steps[2]
        n = step.quadrante_result
        assert n is not None and 1 <= n <= 3
        seen.add(n)
        assert step.detail == (
            f"The owner activates the Quadrante: random effect via Tool (result {n} of the Tool). Effect: {table[n - 1]}"
        )
        assert step.rulings == ("P07-4", "P07-4.3", "I-P07-1", "I-P07-4")
    assert seen == {1, 2, 3}  # every effect can come up
    only = resolve_destruction(Destruction(quadrante_table=("Only",)), random.Random(5)).steps[2]
    assert only.quadrante_result == 1 and only.detail.endswith("Effect: Only")


def test_i_p07_6_without_a_table_every_result_from_1_to_6() -> None:
    results = set()
    for seed in range(100):
        step = resolve_destruction(Destruction(), random.Random(seed)).steps[2]
        assert step.rulings == QUADRANTE_NO_TABLE
        results.add(step.quadrante_result)
    assert results == {1, 2, 3, 4, 5, 6}


def test_the_default_generator_is_seed_0() -> None:
    """resolve_destruction without a generator draws as ``random.Random(0)`` (its documented default)."""
    d = Destruction(quadrante_table=tuple(f"Effect {i}" for i in range(100)))
    assert resolve_destruction(d) == resolve_destruction(d, random.Random(0))


def test_a_scenario_seed_replays_the_quadrante() -> None:
    """The scenario's seed seeds the draw (I-P07-4): the same as resolve_destruction with Random(seed)."""
    table = [f"Effect {i}" for i in range(100)]
    for seed in (0, 1, 7, 2**63 - 1):
        scenario = {"kind": "p07.destruction", "seed": seed, "quadrante_table": table}
        expected = resolve_destruction(Destruction(quadrante_table=tuple(table)), random.Random(seed))
        assert scenarios.run(scenario).steps[2].quadrante_result == expected.steps[2].quadrante_result


def test_a_scenario_passes_every_field_to_the_destruction() -> None:
    scenario = {
        "kind": "p07.destruction",
        "destroyed_by_opponent": True,
        "face_down": True,
        "illusio_in_hand": True,
        "in_play": ["NecroToken", "Imboscata Illusoria"],
        "quadrante_table": ["Swap"],
    }
    result = scenarios.run(scenario)
    assert result.destruction == Destruction(
        destroyed_by_opponent=True,
        face_down=True,
        illusio_in_hand=True,
        in_play=frozenset({"NecroToken", "Imboscata Illusoria"}),
        quadrante_table=("Swap",),
    )
    assert [s.effect for s in result.fired] == ["Card destroyed", "NecroToken assigned", "Imboscata Illusoria"]
    self_destruct = scenarios.run({"kind": "p07.destruction", "fessura_self_destruct": True, "in_play": []})
    assert self_destruct.destruction == Destruction(fessura_self_destruct=True, in_play=frozenset())


def test_a_combination_scenario_checks_its_modes() -> None:
    verdict = scenarios.run({"kind": "p07.combination", "modes": ["Ultimo Bastione", "Inferno 2vs2"]})
    assert (verdict.modes, verdict.allowed, verdict.rulings) == (
        ("Ultimo Bastione", "Inferno 2vs2"),
        False,
        ("P07-3.1",),
    )
    with pytest.raises(ScenarioError) as err:
        scenarios.run({"kind": "p07.combination", "modes": ["Zona di Conquista", "Zona di Conquista"]})
    assert str(err.value) == "modes[1]: expected each mode once, got 'Zona di Conquista' (listed twice)"


def test_too_long_a_quadrante_table_exact_message() -> None:
    """The count is shown as a number, not as quoted text the player never wrote."""
    with pytest.raises(ScenarioError) as err:
        scenarios.run({"kind": "p07.destruction", "quadrante_table": ["Swap"] * 101})
    assert str(err.value) == "quadrante_table: expected at most 100 effects, got 101"


def test_i_p07_5_a_step_out_of_play_does_not_fire() -> None:
    """I-P07-5 for any step built this way: absent, it does not fire and says so; present, its rule decides.

    The steps of DESTRUCTION_ORDER are built when the module is imported; these are built afresh.
    """
    necrotoken = _in_play("NecroToken", "P07-4.2", _necrotoken)
    absent = necrotoken(
        Destruction(destroyed_by_opponent=True, in_play=frozenset({"Fessura Dimensionale"})), random.Random(0)
    )
    assert absent == (False, "NecroToken is not in play in this match.", ("P07-4.2", "I-P07-5"), None)
    present = necrotoken(Destruction(destroyed_by_opponent=True), random.Random(0))
    assert present == (
        True,
        "Destroyed by the opponent: the owner receives 1 NecroToken (passive, immediate).",
        ("P07-4.2", "I-P07-1"),
        None,
    )
    # In play, the Quadrante draws from the generator it is given (I-P07-4): the same seed, the same result.
    quadrante = _in_play("Quadrante dell'Oblio", "P07-4.3", _quadrante)
    table = tuple(f"Effect {i}" for i in range(1, 101))
    drawn = quadrante(Destruction(quadrante_table=table), random.Random(11))
    assert (
        drawn.quadrante_result
        == resolve_destruction(Destruction(quadrante_table=table), random.Random(11)).steps[2].quadrante_result
    )
    assert drawn.detail.endswith(f"Effect: Effect {drawn.quadrante_result}")
