"""The command line: ``python -m estro_rules run FILE``.

Bad input never shows a traceback: the message names the file and the field,
and the exit status is 2. ``--check`` compares the result with the example's
``expect`` field and exits 1 on a difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from . import __version__, scenarios, sources_cli
from .battaglia import cli as battaglia_cli
from .errors import EstroError, ScenarioError
from .fields import parse_json
from .r19 import cli as r19_cli

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def read_json(name: str, stdin: TextIO, what: str = "scenario", field: str = "scenario") -> object:
    """Read and parse a JSON file (``-`` for standard input); ``what`` names it in errors."""
    if name == "-":
        return parse_json(stdin.read(), field)
    try:
        text = Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("", f"an existing {what} file", got=name, problem="no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ScenarioError("", "a readable UTF-8 text file", got=name, problem=str(err)) from None
    return parse_json(text, field)


def read_scenario(name: str, stdin: TextIO) -> object:
    """Read and parse a scenario file (``-`` for standard input)."""
    return read_json(name, stdin)


def cmd_run(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    data = read_scenario(args.file, stdin)
    kind = scenarios.kind_of(data)
    result = scenarios.run(data)
    if args.text:
        print(kind.text(result), file=out)
    else:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False), file=out)
    if args.check:
        expect = scenarios.expected(data)
        if expect is None:
            raise ScenarioError("expect", "an object with the expected result (for --check)", problem="missing field")
        problems = scenarios.mismatches(expect, result.to_json())
        for problem in problems:
            print(f"mismatch: {problem}", file=sys.stderr)
        return EXIT_MISMATCH if problems else EXIT_OK
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m estro_rules",
        description="ESTRO rules engine: run a scenario and see every ruling behind the result.",
    )
    parser.add_argument("--version", action="version", version=f"estro_rules {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = sub.add_parser(
        "run",
        help="run a scenario file and print the result",
        description="Kinds: " + "; ".join(f"{k.name} ({k.summary})" for k in scenarios.KINDS),
    )
    run.add_argument("file", metavar="FILE", help="scenario JSON file, or - for standard input")
    run.add_argument("--text", action="store_true", help="print a readable explanation instead of JSON")
    run.add_argument(
        "--check", action="store_true", help="compare with the file's 'expect' field; exit 1 on a difference"
    )
    run.set_defaults(handler=cmd_run)
    battaglia_cli.add_subcommand(sub)
    r19_cli.add_subcommand(sub)
    sources_cli.add_subcommand(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout, stdin: TextIO = sys.stdin) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.handler(args, out, stdin)
        return code
    except EstroError as err:
        where = getattr(args, "file", None)
        prefix = f"{where}: " if where and where != "-" else ""
        print(f"error: {prefix}{err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as err:  # a bug of ours: one line for the user, never a traceback
        print(f"internal error: {type(err).__name__}: {err} (please report it with the scenario)", file=sys.stderr)
        return EXIT_INTERNAL
