"""The mutation run's pytest plugin runs a mutant's tests in stages and stops at the first failing stage."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from scripts import mutation_plugin

pytest_plugins = ["pytester"]

TESTS = """
import pathlib

def _ran(name):
    with pathlib.Path("log.txt").open("a") as log:
        log.write(name + "\\n")

def pytest_generate_tests(metafunc):
    metafunc.parametrize("number", range(10))

def test_number(number, request):
    _ran(str(number))
    assert str(number) != request.config.getoption("--fail-at")
"""

CONFTEST = """
import pathlib

def pytest_addoption(parser):
    parser.addoption("--fail-at", default="none")

def pytest_sessionstart(session):
    with pathlib.Path("log.txt").open("a") as log:
        log.write("session\\n")
"""


def run(pytester: pytest.Pytester, fail_at: str) -> tuple[int, list[str]]:
    # The stats run timed none of these tests: no limit of their own (and no mutmut to ask).
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mutation_plugin, "DURATIONS", {})
        return _run(pytester, fail_at)


def _run(pytester: pytest.Pytester, fail_at: str) -> tuple[int, list[str]]:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_numbers=TESTS)
    ids = [f"test_numbers.py::test_number[{n}]" for n in range(10)]
    result = pytester.runpytest_inprocess("-x", "-q", "-p", "scripts.mutation_plugin", f"--fail-at={fail_at}", *ids)
    return int(result.ret), (pytester.path / "log.txt").read_text().split()


def test_a_mutant_caught_by_its_first_tests_runs_one_stage(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_1")
    assert run(pytester, fail_at="1") == (1, ["session", "0", "1"])


def test_a_mutant_its_first_tests_miss_runs_the_rest_in_the_next_stage(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_1")
    assert run(pytester, fail_at="6") == (1, ["session", "0", "1", "2", "3", "session", "4", "5", "6"])


def test_a_mutant_no_test_catches_runs_every_test_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_1")
    assert run(pytester, fail_at="none") == (0, ["session", "0", "1", "2", "3", "session", *map(str, range(4, 10))])


def test_runs_other_than_a_mutants_are_one_run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    assert run(pytester, fail_at="6") == (1, ["session", *map(str, range(7))])


def test_every_test_the_mutation_run_leaves_out_exists() -> None:
    """A deselected test that was renamed or moved would silently come back into the run."""
    root = Path(__file__).resolve().parents[2]
    args = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    deselected = [args[i + 1] for i, arg in enumerate(args) if arg == "--deselect"]
    assert len(deselected) >= 10
    for node in deselected:
        path, _, name = node.partition("::")
        assert (root / path).exists(), node
        if name and path.endswith(".py") and not name.startswith("estro_rules"):
            assert re.search(rf"^def {re.escape(name)}\(", (root / path).read_text(), re.M), node


def test_a_listed_equivalent_mutant_is_skipped_without_a_test(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_1")
    monkeypatch.setattr(mutation_plugin, "EQUIVALENTS", frozenset({"estro_rules.fields.x_f__mutmut_1"}))
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_numbers=TESTS)
    result = pytester.runpytest_inprocess("-q", "-p", "scripts.mutation_plugin", "test_numbers.py")
    assert result.ret == mutation_plugin.SKIPPED == 34  # mutmut's "skipped"
    assert not (pytester.path / "log.txt").exists()
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_2")
    assert run(pytester, fail_at="1") == (1, ["session", "0", "1"])


def test_no_mutant_is_listed_outside_a_mutation_run() -> None:
    assert mutation_plugin.listed_equivalents() == frozenset()


def test_the_test_that_caught_a_mutant_runs_first_for_the_next_mutants_of_its_function(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = pytester.path / "log.txt"
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_1")
    assert run(pytester, fail_at="6") == (1, ["session", "0", "1", "2", "3", "session", "4", "5", "6"])
    assert (pytester.path / ".killers" / "estro_rules.fields.x_f").read_text() == "test_numbers.py::test_number[6]\n"
    log.unlink()
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_f__mutmut_2")
    assert run(pytester, fail_at="6") == (1, ["session", "6"])
    log.unlink()
    monkeypatch.setenv("MUTANT_UNDER_TEST", "estro_rules.fields.x_g__mutmut_1")  # another function: its own order
    assert run(pytester, fail_at="5") == (1, ["session", "0", "1", "2", "3", "session", "4", "5"])


def test_killers_come_first_fastest_first_and_only_those_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert mutation_plugin.killers_first(["a", "b", "c"], "m.x_f__mutmut_3") == ["a", "b", "c"]  # none noted yet
    (tmp_path / ".killers").mkdir()
    (tmp_path / ".killers" / "m.x_f").write_text("c\nz\nb\nc\n")
    # mutmut gives them fastest first: the killers keep that order (the fastest of them first)
    assert mutation_plugin.killers_first(["a", "b", "c", "d"], "m.x_f__mutmut_9") == ["b", "c", "a", "d"]


def test_stages_cut_the_tests_four_then_thirty_two_then_the_rest() -> None:
    tests = [str(n) for n in range(40)]
    assert mutation_plugin.stages(tests) == [tests[:4], tests[4:36], tests[36:]]
    assert mutation_plugin.stages(tests[:5]) == [tests[:4], tests[4:5]]
    assert mutation_plugin.stages(tests[:4]) == [tests[:4]]


LOOPING = """
def test_quick():
    pass

def test_loops():
    while True:
        pass
"""

TIMED = """
from scripts import mutation_plugin

# As the stats run timed them, and mutmut's formula: 3 x (0.1 s + 0.2 s) = 0.9 s for each test.
mutation_plugin.DURATIONS = {name: 0.1 for name in ("test_looping.py::test_quick", "test_looping.py::test_loops", "test_slow.py::test_slow")}
mutation_plugin.FORMULA = (3.0, 0.2)
"""


def run_timed(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, mutant: str, *args: str) -> int:
    """pytest with the plugin in a process of its own (a timeout ends it), the tests timed as ``TIMED`` says."""
    monkeypatch.setenv("MUTANT_UNDER_TEST", mutant)
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    pytester.makeconftest(TIMED)
    return int(pytester.runpytest_subprocess("-q", "-p", "scripts.mutation_plugin", *args, timeout=60).ret)


def test_a_mutant_whose_test_loops_for_ever_is_a_timeout_at_that_tests_own_limit(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_looping=LOOPING)
    ids = ["test_looping.py::test_quick", "test_looping.py::test_loops"]
    code = run_timed(pytester, monkeypatch, "estro_rules.fields.x_f__mutmut_1", "-x", *ids)
    assert code == mutation_plugin.TIMEOUT == 36  # mutmut's "timeout"


def test_outside_a_mutant_no_test_has_a_limit_of_its_own(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stats and clean runs time every test for mutmut: no limit may cut one short (1.5 s, over its 0.9 s)."""
    pytester.makepyfile(test_slow="import time\n\ndef test_slow():\n    time.sleep(1.5)\n")
    assert run_timed(pytester, monkeypatch, "stats", "test_slow.py") == pytest.ExitCode.OK
