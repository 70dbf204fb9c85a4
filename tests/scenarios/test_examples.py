"""Every example in examples/: each scenario gives its expected outcome, the data files are what they say.

This is the one example runner. It runs every scenario file under examples/, of every kind the
registry lists (:mod:`estro_rules.registry`), through the same path the command line and the widgets
take (``scenarios.run``), so a new protocol's examples are run here without a line added: what it
asks of a protocol — how many stepper panels a result shows, which rulings no example can cite, which
example files are data — each protocol says in its package (:class:`~estro_rules.protocol.Protocol`,
:class:`~estro_rules.protocol.ScenarioKind`). The command line's ``--check`` is tested in
tests/scenarios/test_cli.py, and the same files inside Pyodide in tests/scenarios/test_pyodide.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from estro_rules import registry, scenarios
from estro_rules.battaglia import CONDITIONS, EFFECTS, REACTIONS, REFERENCE_MATCHUP, TARGETS, cryptid, team
from estro_rules.protocol import Kind
from estro_rules.r19 import RULEBOOK as R19_RULEBOOK
from tests.support import EXAMPLES


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


FILES = sorted(EXAMPLES.rglob("*.json"))
SCENARIOS = [path for path in FILES if "kind" in read(path)]

#: The example files that are not scenarios (no ``kind``), and what reads them: each protocol lists its own.
DATA_FILES = {name: what for p in registry.PROTOCOLS for name, what in p.data_files.items()}


def examples_of(kind: Kind) -> list[Path]:
    return [path for path in SCENARIOS if read(path)["kind"] == kind.name]


CASES = [
    pytest.param(kind, path, id=str(path.relative_to(EXAMPLES))) for kind in registry.KINDS for path in examples_of(kind)
]
"""Every scenario file of every kind the registry lists, named by its path under examples/."""


@pytest.mark.parametrize(("kind", "path"), CASES)
def test_example(kind: Kind, path: Path) -> None:
    """The example says what it shows and states its outcome, and gives that outcome as plain JSON."""
    data = read(path)
    assert path.relative_to(EXAMPLES).parts[0] == kind.name.split(".")[0], "an example lives in its protocol's folder"
    assert data.get("title") and data.get("description"), "every example says what it shows"
    expect = scenarios.expected(data)
    assert isinstance(data.get("expect"), dict) and expect, "every example states its expected outcome"
    actual = scenarios.run(data).to_json()
    assert scenarios.mismatches(expect, actual) == []
    assert json.loads(json.dumps(actual)) == actual, "the result is plain JSON"
    assert actual["kind"] == kind.name


@pytest.mark.parametrize(("kind", "path"), CASES)
def test_example_reads_as_text_and_html(kind: Kind, path: Path) -> None:
    """The example's result reads as text and as HTML, with a stepper panel for the start and each step (as
    many as its kind says its stepper shows: ``ScenarioKind.panels``)."""
    data = read(path)
    outcome = kind.load(data).run()
    assert outcome.text().strip()
    page = outcome.html(base="../")
    assert page.strip()
    assert page.count('class="estro-step-panel"') == outcome.panels


def test_there_are_examples_of_every_kind() -> None:
    """Every kind of the registry has examples, and every example is of a kind the registry lists."""
    assert {read(path)["kind"] for path in SCENARIOS} == {kind.name for kind in registry.KINDS}


def test_every_other_example_file_is_a_known_data_file() -> None:
    assert {str(path.relative_to(EXAMPLES)) for path in FILES if path not in SCENARIOS} == set(DATA_FILES)


def collect_rulings(value: Any, found: set[str]) -> set[str]:
    """Every ruling ID a result's JSON cites (the values of its ``rulings`` lists, at any depth)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rulings" and isinstance(item, list):
                found.update(r for r in item if isinstance(r, str))
            collect_rulings(item, found)
    elif isinstance(value, list):
        for item in value:
            collect_rulings(item, found)
    return found


@pytest.mark.parametrize("protocol", registry.PROTOCOLS, ids=lambda p: p.key)
def test_examples_cite_every_ruling_of_their_protocol(protocol: Any) -> None:
    """Each ruling and interpretation is behind a decision in at least one of its protocol's examples."""
    names = {kind.name for kind in protocol.kinds}
    cited: set[str] = set()
    for path in SCENARIOS:
        if read(path)["kind"] in names:
            collect_rulings(scenarios.run(read(path)).to_json(), cited)
    not_cited = protocol.uncited
    wanted = {r.id for r in protocol.rulebook if "." in r.id or r.interpretation}
    assert wanted - cited == set(not_cited)


def test_examples_cover_every_source_ruling() -> None:
    """§19's examples, event by event: every ruling is cited by an event of a step."""
    cited: set[str] = set()
    for path in SCENARIOS:
        data = read(path)
        if data["kind"] != "r19.sequence":
            continue
        for step in scenarios.run(data).steps:  # type: ignore[attr-defined]
            for event in step.events:
                cited.update(event.rulings)
    # section headings (R19-1 … R19-8) are covered by their sub-rulings; R19-5.1, R19-6.3, R19-7.4
    # and R19-8.6 are about the site and card design (shown by the views and the linter)
    design = {"R19-5", "R19-5.1", "R19-6.3", "R19-7.4", "R19-8.6"}
    wanted = {r.id for r in R19_RULEBOOK if "." in r.id or r.interpretation} - design
    assert wanted - cited == set()


def test_reference_matchup_file_equals_package_data() -> None:
    data = read(EXAMPLES / "battaglia" / "reference-matchup.json")
    assert data["left"] == REFERENCE_MATCHUP["left"]
    assert data["right"] == REFERENCE_MATCHUP["right"]
    assert team(data["left"], "left") == team(REFERENCE_MATCHUP["left"], "left")


def test_mismatches_catch_a_wrong_expectation() -> None:
    actual = scenarios.run({"kind": "p07.combination", "modes": ["Single Player"]}).to_json()
    assert scenarios.mismatches({"allowed": False}, actual) == ["allowed: expected False, got True"]
    assert scenarios.mismatches({"rulings": []}, actual) == ["rulings: expected 0 items, got ['P07-1']"]
    assert scenarios.mismatches({"nope": 1}, actual) == ["nope: missing from the result"]
    assert scenarios.mismatches({"allowed": 1}, actual) != []  # True is not 1 here


def test_roster_uses_every_word() -> None:
    data = read(EXAMPLES / "battaglia" / "roster.json")
    assert "kind" not in data and "sample content" in data["description"].lower()
    cryptids = [cryptid(c, f"cryptids[{i}]") for i, c in enumerate(data["cryptids"])]
    used: set[str] = set()
    for c in cryptids:
        for a in c.abilities:
            used.add(a.when.kind)
            if a.when.kind == "reaction":
                used.add(a.when.value)
            used.add(a.effect.kind)
            if a.target:
                used.add(a.target)
    every = {w.name for w in (*CONDITIONS, *REACTIONS, *EFFECTS, *TARGETS)}
    assert every - used == set()
