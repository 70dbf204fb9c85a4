"""The rulings changelog and the lock of example outputs; rulings.json; the source coverage page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from estro_rules.catalogue import SCHEMA_VERSION, catalogue, example_counts, read_lock
from estro_rules.registry import PROTOCOLS
from estro_rules.source_map import NOT_RULES, SOURCES
from scripts.sitegen import changes
from scripts.sitegen.changes import Entry, drift, lock_of
from tests.support import ROOT
from tests.support.generated import generated_outputs, generated_site

OUTPUTS = {"P07-1": [["True\n"]], "P07-2": [["False\n"]]}


def test_unchanged_outputs_need_no_entry() -> None:
    assert drift(OUTPUTS, lock_of(OUTPUTS, []), [], "lock") == []


def test_a_changed_output_needs_a_new_entry() -> None:
    lock = lock_of(OUTPUTS, [])
    changed = {**OUTPUTS, "P07-2": [["True\n"]]}
    problems = drift(changed, lock, [], "lock")
    assert problems == [
        "lock: P07-2 prints something else in its examples and changelog.json has no new entry for it: "
        "write one (date, what changed), then refresh the lock with `python -m scripts.sitegen --lock`"
    ]
    entry = Entry("P07-2", "2026-11-30", "behaviour", "Now allowed.")
    assert drift(changed, lock, [entry], "lock") == []
    # Once the lock is refreshed with that entry, the same entry excuses no further change.
    relocked = lock_of(changed, [entry])
    again = {**OUTPUTS, "P07-2": [["None\n"]]}
    assert len(drift(again, relocked, [entry], "lock")) == 1


def test_new_and_gone_rulings_need_entries() -> None:
    lock = lock_of(OUTPUTS, [])
    grown = {**OUTPUTS, "P07-3": [["3\n"]]}
    assert [p.split(": ")[1] for p in drift(grown, lock, [], "lock")] == [
        "P07-3 is new in its examples and changelog.json has no new entry for it"
    ]
    shrunk = {"P07-1": OUTPUTS["P07-1"]}
    assert "P07-2 is gone" in drift(shrunk, lock, [], "lock")[0]
    assert drift(shrunk, lock, [Entry("P07-2", "2026-11-30", "withdrawn", "Withdrawn.")], "lock") == []


def test_the_lock_keeps_both_languages_and_the_changelog_rule_holds_for_each() -> None:
    italian = {"P07-1": [["Vero\n"]], "P07-2": [["Falso\n"]]}
    lock = lock_of(OUTPUTS, [], italian)
    assert lock["rulings"]["P07-2"] == {"changelog_entries": 0, "examples": [["False\n"]], "examples_it": [["Falso\n"]]}
    assert drift(OUTPUTS, lock, [], "lock") == [] and drift(italian, lock, [], "lock", "it") == []
    # Only the Italian page prints something else: that needs its changelog entry too.
    reworded = {**italian, "P07-2": [["Non vero\n"]]}
    assert drift(reworded, lock, [], "lock", "it") == [
        "lock: P07-2 prints something else in its examples (the 'it' page's) and changelog.json has no new entry "
        "for it: write one (date, what changed), then refresh the lock with `python -m scripts.sitegen --lock`"
    ]
    assert drift(reworded, lock, [Entry("P07-2", "2026-12-05", "text", "Reworded in Italian.")], "lock", "it") == []
    # A lock made before the ruling had an Italian page: its Italian outputs are new.
    assert "P07-1 is new" in drift(italian, lock_of(OUTPUTS, []), [], "lock", "it")[0]


def test_every_lock_records_the_italian_pages_outputs() -> None:
    lock = read_lock()["rulings"]
    assert lock and all("examples_it" in entry for entry in lock.values())
    assert {r for r, e in lock.items() if len(e["examples_it"]) != len(e["examples"])} == set()


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"ruling": "P07-1", "date": "30/11/2026", "change": "text", "what": "x", "what_it": "x"},
            "entries[0].date: expected a date",
        ),
        (
            {"ruling": "P07-1", "date": "2026-11-30", "change": "tweak", "what": "x", "what_it": "x"},
            "entries[0].change: expected one of",
        ),
        ({"ruling": "P07-1", "date": "2026-11-30", "what": "x", "what_it": "x"}, "entries[0]: expected the keys"),
        # Each entry says what changed in Italian too (the Italian changelog).
        (
            {"ruling": "P07-1", "date": "2026-11-30", "change": "text", "what": "x"},
            "entries[0]: expected the keys ruling, date, change, what, what_it",
        ),
        (
            {"ruling": "P07-1", "date": "2026-11-30", "change": "text", "what": "x", "what_it": " "},
            "entries[0].what_it: expected what changed, in Italian",
        ),
    ],
)
def test_a_malformed_changelog_entry_is_named(tmp_path: Path, entry: dict[str, str], message: str) -> None:
    path = tmp_path / "changelog.json"
    path.write_text(json.dumps({"entries": [entry]}))
    with pytest.raises(ValueError, match=re.escape(message)):
        changes.read_changelog(path)


@pytest.fixture(scope="module")
def generated() -> tuple[dict[str, str], dict[str, list[list[str]]]]:
    """The site's generated pages (the build raises SiteError on drift) and what the examples printed."""
    return generated_site(), generated_outputs()


def test_the_real_lock_matches_the_pages(generated: tuple[dict[str, str], dict[str, list[list[str]]]]) -> None:
    """The committed lock holds what the pages' examples print today (or the changelog explains it)."""
    outputs = generated[1]
    every = {r.id for p in PROTOCOLS for r in p.rulebook}
    assert set(outputs) == every
    assert example_counts(read_lock()) == {r: len(e) for r, e in outputs.items()}


def test_rulings_json_has_every_ruling_with_its_provenance() -> None:
    document = catalogue(example_counts(read_lock()))
    assert document["schema_version"] == SCHEMA_VERSION == 1
    entries = {e["id"]: e for e in document["rulings"]}
    for protocol in PROTOCOLS:
        for ruling in protocol.rulebook:
            entry = entries[ruling.id]
            assert entry["url"] == f"{protocol.page}/#{ruling.id}"
            assert entry["examples"] >= 1
            if ruling.interpretation:
                assert entry["kind"] == "interpretation" and entry["source"] is None and entry["basis"]
            else:
                assert entry["kind"] == "rule" and entry["basis"] is None and entry["source"]
    assert entries["P07-4.2"]["source"][0] == {
        "document": "PROTOCOL_07",
        "section": "RESOLUTION ORDER — DESTRUCTION",
        "paragraph": 3,
    }
    assert "estro_rules.protocol07.engine._necrotoken" in entries["P07-4.2"]["cited_by"]


def test_the_command_prints_the_sites_rulings_json(
    generated: tuple[dict[str, str], dict[str, list[list[str]]]],
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "estro_rules", "rulings", "--json"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    site = generated[0]["rulings.json"]
    assert json.loads(done.stdout) == json.loads(site)


def test_the_coverage_page_lists_every_recorded_paragraph() -> None:
    page = changes.coverage_page()
    for ruling, records in SOURCES.items():
        for record in records:
            assert f"| {record.section} | {record.paragraph} |" in page
            row = next(
                line for line in page.splitlines() if line.startswith(f"| {record.section} | {record.paragraph} |")
            )
            assert f"[[{ruling}]]" in row
    for not_rule in NOT_RULES:
        assert f"no rule: {not_rule.reason}" in page
