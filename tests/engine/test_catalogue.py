"""rulings.json, the catalogue of rulings: its shape, each entry's provenance, and the lock it counts from.

The shape is the one the module's docstring publishes as a stable interface: ``schema_version`` and
``rulings``, each entry with ``id``, ``title``, ``url``, ``kind``, ``protocol``, ``source``, ``basis``,
``examples`` and ``cited_by``. The engine's own citations are replaced by a small stand-in here, so
that these tests read no source code and stay fast; ``cited_by`` itself is tested in test_cited_by.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from estro_rules import catalogue as catalogue_module
from estro_rules.catalogue import catalogue, example_counts, read_lock
from estro_rules.registry import PROTOCOLS
from estro_rules.source_map import BASIS

CITED = {"P07-2": ["estro_rules.protocol07.engine.combination"]}


@pytest.fixture
def cited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogue_module, "cited_by", lambda: CITED)


def entry(document: dict[str, Any], ruling: str) -> dict[str, Any]:
    [found] = [e for e in document["rulings"] if e["id"] == ruling]
    return found


@pytest.mark.usefixtures("cited")
def test_the_document_has_its_version_and_every_ruling_in_site_order() -> None:
    document = catalogue({})
    assert list(document) == ["schema_version", "rulings"]
    assert document["schema_version"] == 1
    ids = [e["id"] for e in document["rulings"]]
    assert ids == [r.id for p in PROTOCOLS for r in p.rulebook]
    assert ids[:3] == ["P07-1", "P07-2", "P07-3"]  # PROTOCOL_07 first, in its rulebook's order
    assert [e["protocol"] for e in document["rulings"][:1] + document["rulings"][-1:]] == ["protocol07", PROTOCOLS[-1].key]


@pytest.mark.usefixtures("cited")
def test_a_rule_entry_gives_its_paragraphs_and_no_basis() -> None:
    # PROTOCOL_07 › INFO ¶2 is "Single Player has a completely self-contained structure ... cannot be
    # combined with any other mode" (¶1 is the sentence on combining modes).
    assert entry(catalogue({"P07-2": 3}), "P07-2") == {
        "id": "P07-2",
        "title": "Single Player combines with no other mode",
        "url": "protocol-07/#P07-2",
        "kind": "rule",
        "protocol": "protocol07",
        "source": [{"document": "PROTOCOL_07", "section": "INFO", "paragraph": 2}],
        "basis": None,
        "examples": 3,
        "cited_by": ["estro_rules.protocol07.engine.combination"],
    }


@pytest.mark.usefixtures("cited")
def test_a_rule_restating_several_paragraphs_lists_them_in_order() -> None:
    # Step 1 of the destruction order: the summary line "- 1.Card in the Incinerator" (¶2), then the
    # step's heading "1. Card destroyed" (¶7) and its line "The card is sent to the Incinerator." (¶8).
    section = "RESOLUTION ORDER — DESTRUCTION"
    assert entry(catalogue({}), "P07-4.1")["source"] == [
        {"document": "PROTOCOL_07", "section": section, "paragraph": 2},
        {"document": "PROTOCOL_07", "section": section, "paragraph": 7},
        {"document": "PROTOCOL_07", "section": section, "paragraph": 8},
    ]


@pytest.mark.usefixtures("cited")
def test_an_interpretation_entry_gives_its_basis_and_no_source() -> None:
    found = entry(catalogue({"P07-2": 3}), "I-P07-1")
    assert found == {
        "id": "I-P07-1",
        "title": "“The player” is the owner of the destroyed card",  # its heading on the protocol-07 page
        "url": "protocol-07/#I-P07-1",
        "kind": "interpretation",
        "protocol": "protocol07",
        "source": None,
        "basis": BASIS["I-P07-1"],
        "examples": 0,  # no count given: no examples
        "cited_by": [],  # nothing cites it in the stand-in citations
    }
    # three steps say "the player"; the Fessura step names nobody (issue 26, statement 1)
    assert found["basis"].startswith("Three destruction steps speak of “the player” without saying whose side")


def test_a_rule_whose_paragraphs_are_not_recorded_has_an_empty_source_not_null(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # null is what marks an interpretation; a rule without records yet is still a rule.
    monkeypatch.setattr(catalogue_module, "cited_by", lambda: {})
    monkeypatch.setattr(catalogue_module, "records_of", lambda protocol: {})
    found = entry(catalogue({}), "BAT-1")
    assert (found["kind"], found["source"], found["basis"], found["protocol"]) == ("rule", [], None, "battaglia")


def test_a_missing_lock_is_an_empty_lock(tmp_path: Path) -> None:
    assert read_lock(tmp_path / "rulings.lock.json") == {"version": 1, "rulings": {}}
    assert example_counts(read_lock(tmp_path / "rulings.lock.json")) == {}


def test_a_lock_file_is_read_as_utf8_json(tmp_path: Path) -> None:
    lock = {"version": 1, "rulings": {"P07-4.3": {"examples": [["Quadrante dell’Oblio: 4\n"]]}}}
    path = tmp_path / "rulings.lock.json"
    path.write_text(json.dumps(lock, ensure_ascii=False), encoding="utf-8")
    assert read_lock(path) == lock


def test_example_counts_counts_each_rulings_examples() -> None:
    lock = {"version": 1, "rulings": {"P07-1": {"examples": [["True\n"], ["False\n"]]}, "P07-2": {"examples": []}}}
    assert example_counts(lock) == {"P07-1": 2, "P07-2": 0}
    assert example_counts({"version": 1}) == {}  # a lock with no rulings yet


def test_a_rule_never_shows_a_basis_even_one_recorded_under_its_id(monkeypatch: pytest.MonkeyPatch) -> None:
    # "basis": for an interpretation only; null for a rule, whatever the table of bases holds.
    monkeypatch.setattr(catalogue_module, "cited_by", lambda: {})
    monkeypatch.setattr(catalogue_module, "bases_of", lambda protocol: {"BAT-1": "a stray basis", "I-BAT-1": "why"})
    document = catalogue({})
    assert (entry(document, "BAT-1")["basis"], entry(document, "I-BAT-1")["basis"]) == (None, "why")


def test_without_citations_the_catalogue_is_the_same_but_for_cited_by() -> None:
    """The text listing (``rulings`` without ``--json``) shows no citations, so it does not read the code for them."""
    whole, bare = catalogue({"P07-2": 3}), catalogue({"P07-2": 3}, citations=False)
    assert [e["cited_by"] for e in bare["rulings"]] == [[]] * len(whole["rulings"])
    assert any(e["cited_by"] for e in whole["rulings"])
    assert [{**e, "cited_by": []} for e in whole["rulings"]] == bare["rulings"]
