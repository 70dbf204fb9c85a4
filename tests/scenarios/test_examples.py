"""Every example scenario in examples/ gives its expected outcome, on the API and on the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from estro_rules import scenarios
from estro_rules.battaglia import CONDITIONS, EFFECTS, REACTIONS, TARGETS, cryptid
from tests.support import ROOT

EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.json") if "kind" in json.loads(p.read_text()))


def test_there_are_examples_of_every_kind() -> None:
    kinds = {json.loads(p.read_text())["kind"] for p in EXAMPLES}
    assert kinds >= {k.name for k in scenarios.KINDS}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example(path: Path) -> None:
    data = json.loads(path.read_text())
    assert data.get("title") and data.get("description"), "every example says what it shows"
    expect = scenarios.expected(data)
    assert expect, "every example states its expected outcome"
    result = scenarios.run(data).to_json()
    assert scenarios.mismatches(expect, result) == []
    assert json.loads(json.dumps(result)) == result, "the result is plain JSON"


def test_mismatches_catch_a_wrong_expectation() -> None:
    actual = scenarios.run({"kind": "p07.combination", "modes": ["Single Player"]}).to_json()
    assert scenarios.mismatches({"allowed": False}, actual) == ["allowed: expected False, got True"]
    assert scenarios.mismatches({"rulings": []}, actual) == ["rulings: expected 0 items, got ['P07-1']"]
    assert scenarios.mismatches({"nope": 1}, actual) == ["nope: missing from the result"]
    assert scenarios.mismatches({"allowed": 1}, actual) != []  # True is not 1 here


def test_roster_uses_every_word() -> None:
    data = json.loads((ROOT / "examples" / "battaglia" / "roster.json").read_text(encoding="utf-8"))
    assert "kind" not in data and "sample content" in data["description"].lower()
    cryptids = [cryptid(c, f"cryptids[{i}]") for i, c in enumerate(data["cryptids"])]
    used: set[str] = set()
    for c in cryptids:
        for a in c.abilities:
            used.add(a.when.kind)
            if a.when.kind == "reaction":
                used.add(a.when.value)
            used.add(a.effect)
            if a.target:
                used.add(a.target)
    every = {w.name for w in (*CONDITIONS, *REACTIONS, *EFFECTS, *TARGETS)}
    assert every - used == set()
