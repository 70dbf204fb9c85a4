"""The ``lint CARDS.json`` subcommand, which the registry gives the main command.

>>> import argparse, io
>>> parser = argparse.ArgumentParser(prog="estro")
>>> arguments(parser)
>>> out = io.StringIO()
>>> cmd_lint(parser.parse_args(["examples/r19/card-pool.json"]), CommandIO(out, io.StringIO(), io.StringIO()))
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only in annotations: the browser never imports argparse
    import argparse

import json

from ..inputs import read_json
from ..protocol import Command, CommandIO
from .lint import lint, report_text


def cmd_lint(args: argparse.Namespace, io: CommandIO) -> int:
    """Lint a pool; exit 0 whenever it parsed (findings are the product, not an error)."""
    findings = lint(read_json(args.file, io.stdin, what="card pool", field="pool"))
    if args.json:
        print(json.dumps([f.to_json() for f in findings], indent=2, ensure_ascii=False), file=io.out)
    else:
        print(report_text(findings), file=io.out)
    return 0


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="CARDS.json", help='card pool JSON file ({"cards": [...]}), or -')
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")


LINT_COMMAND = Command(
    "lint",
    "check a card pool against the design consequences of §19",
    "Lint a card pool: DEF or Rank printed at 0, +N bonuses that are partly dead text, "
    "effects that would make a Character Fall outside the four routes.",
    arguments,
    cmd_lint,
)
"""``python -m estro_rules lint CARDS.json [--json]``."""
