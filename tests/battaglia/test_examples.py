"""Every Battaglia example scenario runs and matches its hand-derived ``expect``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from estro_rules.battaglia import KINDS, REFERENCE_MATCHUP, team
from estro_rules.scenarios import mismatches

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "battaglia"
SCENARIOS = sorted(p for p in EXAMPLES.glob("*.json") if "kind" in json.loads(p.read_text(encoding="utf-8")))
BY_NAME = {k.name: k for k in KINDS}


def run(data: dict[str, Any]) -> Any:
    kind = BY_NAME[data["kind"]]
    return kind, kind.load(data).run()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_example_matches_expect(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("title") and data.get("description") and isinstance(data.get("expect"), dict)
    kind, result = run(data)
    assert mismatches(data["expect"], result.to_json()) == []
    assert kind.text(result)
    assert kind.html(result, base="../")


def test_there_are_examples_of_both_kinds() -> None:
    kinds = {json.loads(p.read_text(encoding="utf-8"))["kind"] for p in SCENARIOS}
    assert kinds == {"battaglia.battle", "battaglia.estimate"}


def test_reference_matchup_file_equals_package_data() -> None:
    data = json.loads((EXAMPLES / "reference-matchup.json").read_text(encoding="utf-8"))
    assert data["left"] == REFERENCE_MATCHUP["left"]
    assert data["right"] == REFERENCE_MATCHUP["right"]
    assert team(data["left"], "left") == team(REFERENCE_MATCHUP["left"], "left")
