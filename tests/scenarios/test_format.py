"""The scenario format: what a field left out of a scenario means (the defaults its declaration gives).

The defaults are typed here from the scenario format page, not read from the declarations.
"""

from __future__ import annotations

from estro_rules import scenarios
from tests.support.battaglia import KAPPA, NESSIE


def test_face_down_and_the_other_conditions_default_to_false() -> None:
    """A destruction that says nothing of them is not face-down, not by the opponent, not a self-destruct."""
    steps = scenarios.run({"kind": "p07.destruction", "illusio_in_hand": True}).to_json()["steps"]
    assert [s["fires"] for s in steps] == [True, False, True, False, False]
    assert steps[3]["detail"] == "The card was not face-down."
    assert steps[1]["detail"] == "Not destroyed by the opponent: no NecroToken."
    assert steps[4]["detail"] == "Not a Fessura self-destruct: no draw."


def test_estimate_seed_default_and_trace_default() -> None:
    estimate = scenarios.run({"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": 3}).to_json()
    assert estimate["seed"] == 0
    assert "trace" in scenarios.run({"kind": "battaglia.battle", "left": [NESSIE], "right": [KAPPA]}).to_json()
