"""What ``--help``, ``--version`` and a missing command tell the user, word for word.

The help is the command line's own documentation: each command and option says what it does
(README "Command line" and the module docstrings of estro_rules.cli, estro_rules.r19.cli and
estro_rules.sources_cli describe the same behaviour). argparse prints help to standard output and
usage errors to standard error, then exits (0 for help, 2 for a usage error). The terminal is made
wide, so no help line is wrapped.
"""

from __future__ import annotations

import io
import tomllib

import pytest

from estro_rules import registry
from estro_rules.cli import main
from tests.support import ROOT

PROG = "python -m estro_rules"


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")


def exit_of(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int | str | None, str, str]:
    """Run ``main(ARGV)``, which must stop with SystemExit: its code, standard output, standard error."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv), out=io.StringIO(), stdin=io.StringIO(), err=io.StringIO())
    out, err = capsys.readouterr()
    return stop.value.code, out, err


def test_main_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "--help") == (
        0,
        f"usage: {PROG} [-h] [--version] [--lang {{en,it}}] COMMAND ...\n"
        "\n"
        "ESTRO rules engine: run a scenario and see every ruling behind the result.\n"
        "\n"
        "positional arguments:\n"
        "  COMMAND\n"
        "    run           run a scenario file and print the result\n"
        "    battle        play a Battaglia battle (or estimate win rates) from a team file\n"
        "    lint          check a card pool against the design consequences of §19\n"
        "    rulings       list every ruling and interpretation (--json: the site's rulings.json)\n"
        "    sources       for maintainers: check the rulings' records against the source documents\n"
        "\n"
        "options:\n"
        "  -h, --help      show this help message and exit\n"
        "  --version       show program's version number and exit\n"
        "  --lang {en,it}  language of the readable output (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG); "
        "JSON is the same in both\n",
        "",
    )


def test_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert exit_of(capsys, "--version") == (0, f"estro_rules {version}\n", "")


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys) == (
        2,
        "",
        f"usage: {PROG} [-h] [--version] [--lang {{en,it}}] COMMAND ...\n"
        f"{PROG}: error: the following arguments are required: COMMAND\n",
    )


def test_run_help_names_every_scenario_kind(capsys: pytest.CaptureFixture[str]) -> None:
    # The kinds of docs/_sources/scenarios.md, each with its protocol and the question it answers.
    kinds = (
        "p07.combination (PROTOCOL_07: may these modes be played together?); "
        "p07.destruction (PROTOCOL_07: which effects fire on one destruction, in which order?); "
        "battaglia.battle (Battaglia: one battle between two teams, roll by roll, with every ruling); "
        "battaglia.estimate (Battaglia: how often each team wins over many seeded battles); "
        "r19.sequence (§19: resolve actions on a board of cards — face changes, destructions, triggers in order, "
        "timing answers)"
    )
    listed = "; ".join(f"{k.name} ({k.summary})" for k in registry.KINDS)  # a protocol added later comes after
    assert listed.startswith(kinds)
    kinds = listed
    assert exit_of(capsys, "run", "--help") == (
        0,
        f"usage: {PROG} run [-h] [--text] [--check] [--lang {{en,it}}] FILE\n"
        "\n"
        f"Kinds: {kinds}\n"
        "\n"
        "positional arguments:\n"
        "  FILE            scenario JSON file, or - for standard input\n"
        "\n"
        "options:\n"
        "  -h, --help      show this help message and exit\n"
        "  --text          print a readable explanation instead of JSON\n"
        "  --check         compare with the file's 'expect' field; exit 1 on a difference\n"
        "  --lang {en,it}  language of the readable output (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG); "
        "JSON is the same in both\n",
        "",
    )


def test_run_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "run", "--text") == (
        2,
        "",
        f"usage: {PROG} run [-h] [--text] [--check] [--lang {{en,it}}] FILE\n"
        f"{PROG} run: error: the following arguments are required: FILE\n",
    )


def test_run_options_take_no_value(capsys: pytest.CaptureFixture[str]) -> None:
    """``--text`` and ``--check`` are switches: a word after them is the FILE, and a second word is refused."""
    assert exit_of(capsys, "run", "--check", "a.json", "b.json") == (
        2,
        "",
        f"usage: {PROG} [-h] [--version] [--lang {{en,it}}] COMMAND ...\n{PROG}: error: unrecognized arguments: b.json\n",
    )


def test_battle_help_gives_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    """The battle command's options as its docstring describes them (estro_rules.battaglia.cli)."""
    assert exit_of(capsys, "battle", "--help") == (
        0,
        f"usage: {PROG} battle [-h] [--seed SEED] [--simulate N] [--jobs K] [--text] [--lang {{en,it}}] FILE\n"
        "\n"
        "Play one Battaglia battle with its trace, or estimate win rates with --simulate N.\n"
        "\n"
        "positional arguments:\n"
        "  FILE            a battaglia.battle or battaglia.estimate scenario, or - for stdin\n"
        "\n"
        "options:\n"
        "  -h, --help      show this help message and exit\n"
        "  --seed SEED     seed (overrides the file's)\n"
        "  --simulate N    estimate win rates over N battles\n"
        "  --jobs K        with an estimate: play it in K processes (same counts)\n"
        "  --text          print readable text instead of JSON\n"
        "  --lang {en,it}  language of the readable output (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG); "
        "JSON is the same in both\n",
        "",
    )


def test_rulings_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "rulings", "--help") == (
        0,
        f"usage: {PROG} rulings [-h] [--json]\n"
        "\n"
        "Every ruling and interpretation with its title; --json prints the same document as the site's "
        "rulings.json, a stable interface for tools (see the page 'rulings.json').\n"
        "\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n"
        "  --json      print the catalogue as JSON\n",
        "",
    )


def test_lint_help(capsys: pytest.CaptureFixture[str]) -> None:
    # What the linter checks: R19-8.6 (DEF or Rank printed at 0), dead "+N" text, Falls outside the four routes.
    assert exit_of(capsys, "lint", "--help") == (
        0,
        f"usage: {PROG} lint [-h] [--json] CARDS.json\n"
        "\n"
        "Lint a card pool: DEF or Rank printed at 0, +N bonuses that are partly dead text, effects that would "
        "make a Character Fall outside the four routes.\n"
        "\n"
        "positional arguments:\n"
        '  CARDS.json  card pool JSON file ({"cards": [...]}), or -\n'
        "\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n"
        "  --json      print the findings as JSON\n",
        "",
    )


def test_sources_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "sources", "--help") == (
        0,
        f"usage: {PROG} sources [-h] SUBCOMMAND ...\n"
        "\n"
        "Commands about the source documents the rulings restate.\n"
        "\n"
        "positional arguments:\n"
        "  SUBCOMMAND\n"
        "    check     report paragraphs no ruling covers and rulings whose paragraph changed or vanished\n"
        "\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n",
        "",
    )


def test_sources_needs_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "sources") == (
        2,
        "",
        f"usage: {PROG} sources [-h] SUBCOMMAND ...\n"
        f"{PROG} sources: error: the following arguments are required: SUBCOMMAND\n",
    )


def test_sources_check_help_gives_its_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    # The statuses of the estro_rules.sources_cli docstring: 0 in sync, 1 on drift, 2 on bad input.
    assert exit_of(capsys, "sources", "check", "--help") == (
        0,
        f"usage: {PROG} sources check [-h] FILE [FILE ...]\n"
        "\n"
        "Read the source documents and compare each paragraph with the rulings' records. Exit status: 0 in sync, "
        "1 on drift, 2 on bad input. The report names rulings and paragraphs (document, section heading, number), "
        "never the source text.\n"
        "\n"
        "positional arguments:\n"
        "  FILE        a source document (a text file), one or more\n"
        "\n"
        "options:\n"
        "  -h, --help  show this help message and exit\n",
        "",
    )


def test_sources_check_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_of(capsys, "sources", "check") == (
        2,
        "",
        f"usage: {PROG} sources check [-h] FILE [FILE ...]\n"
        f"{PROG} sources check: error: the following arguments are required: FILE\n",
    )
