"""Scenarios on the command line: readable output, the API's result as JSON, checks, estimates."""

from __future__ import annotations

import json
from typing import Any

import pytest

from estro_rules.battaglia import Matchup
from tests.support import EXAMPLES
from tests.support.battaglia import run_cli


def test_cli_simulate_interrupted_prints_the_partial_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle of a battle: that battle is not counted, and the counts add up to ``played``."""
    real = Matchup.play
    played = []

    def play(self: Matchup, rng: Any) -> Any:
        if len(played) == 1234:
            raise KeyboardInterrupt  # in the middle of the 1,235th battle
        played.append(1)
        return real(self, rng)

    monkeypatch.setattr(Matchup, "play", play)
    code, out, err = run_cli(["battle", str(EXAMPLES / "battaglia" / "reference-matchup.json"), "--simulate", "5000"])
    assert code == 130
    data = json.loads(out)
    assert data["played"] == 1234 and data["battles"] == 5000 and not data["complete"]
    assert data["left_wins"] + data["draws"] + data["right_wins"] == 1234
    assert "interrupted: the result below covers 1234 of 5000 battles" in err and "Traceback" not in err
