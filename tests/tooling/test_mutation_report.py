"""The mutation report's own rules: the equivalents file, targets, scores (mutmut itself is not needed)."""

from __future__ import annotations

import doctest
import importlib
import inspect
from pathlib import Path

import pytest

import scripts.mutation_report as report
from scripts.mutation_report import Change, ModuleScore, MutationReportError, load_equivalents

ENTRY = """
[[equivalent]]
module = "estro_rules.fields"
function = "Fields.items"
before = "  return items  "
after = "return None"
reason = "never reached"
"""


def test_docstring_examples() -> None:
    result = doctest.testmod(report)
    assert result.attempted >= 8 and result.failed == 0


def test_the_repository_equivalents_file_is_valid() -> None:
    for entry in load_equivalents():
        assert entry.reason


def test_every_equivalent_entry_names_lines_its_function_still_has() -> None:
    """An entry whose lines have changed matches no mutant any more (a stale entry, otherwise found only by a
    mutation run): each entry's ``before`` lines are lines of its function as the source has it now."""
    stale = []
    for entry in load_equivalents():
        change = entry.change
        found: object = importlib.import_module(change.module)
        for name in change.function.split("."):
            found = inspect.unwrap(getattr(found, name))
        lines = [line.strip() for line in inspect.getsource(found).splitlines()]  # type: ignore[arg-type]
        wanted = change.before.splitlines()
        if not any(lines[i : i + len(wanted)] == wanted for i in range(len(lines))):
            stale.append(f"{change.module} {change.function}: {change.before!r}")
    assert stale == []


def test_an_entry_is_read_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.toml"
    path.write_text(ENTRY)
    [entry] = load_equivalents(path)
    assert entry.change == Change("estro_rules.fields", "Fields.items", "return items", "return None")
    assert entry.reason == "never reached"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ENTRY.replace('reason = "never reached"', ""), "entry 1: reason: expected a non-empty string, got nothing"),
        (ENTRY.replace('"never reached"', '"  "'), "entry 1: reason: expected a non-empty string, got '  '"),
        (
            ENTRY.replace('before = "  return items  "', "before = 3"),
            "entry 1: before: expected a non-empty string, got 3",
        ),
        (ENTRY + "line = 12\n", "entry 1: line: unknown field; expected module, function, before, after, reason"),
        ("[equivalents]\n", "unknown table 'equivalents'; expected only [[equivalent]] entries"),
        ("[[equivalent]\n", "expected valid TOML"),
    ],
)
def test_a_bad_entry_is_refused_naming_the_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "equivalent.toml"
    path.write_text(text)
    with pytest.raises(MutationReportError, match="equivalent.toml: ") as info:
        load_equivalents(path)
    assert message in str(info.value)


def test_score_leaves_out_equivalent_mutants_and_counts_timeouts_as_caught() -> None:
    # 20 mutants, 2 of them equivalent: 18 count; 15 killed + 2 timeouts caught -> 17/18.
    module = ModuleScore("m", mutants=20, killed=15, timeout=2, survived=1, equivalent=2)
    assert module.score == pytest.approx(17 / 18)
    assert module.meets_goal
    module.killed -= 1  # 16/18 = 88.9 % < 90 %
    assert not module.meets_goal


def test_a_module_without_mutants_meets_the_goal() -> None:
    assert ModuleScore("estro_rules.kinds").score is None
    assert ModuleScore("estro_rules.kinds").meets_goal


def test_the_targets_command_refuses_a_path_outside_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    assert report.main(["targets", "estro_rules/battaglia", "examples"]) == 2
    assert "got 'examples'" in capsys.readouterr().err
