"""The ``lint CARDS.json`` subcommand; the main CLI adds it with :func:`add_subcommand`.

>>> import argparse, io
>>> parser = argparse.ArgumentParser(prog="estro")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["lint", "examples/r19/card-pool.json"])
>>> out = io.StringIO()
>>> args.handler(args, out, io.StringIO())
0
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from .lint import lint, report_text


def cmd_lint(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """Lint a pool; exit 0 whenever it parsed (findings are the product, not an error)."""
    from ..cli import read_json  # the main command module imports this one

    findings = lint(read_json(args.file, stdin, what="card pool", field="pool"))
    if args.json:
        print(json.dumps([f.to_json() for f in findings], indent=2, ensure_ascii=False), file=out)
    else:
        print(report_text(findings), file=out)
    return 0


def add_subcommand(subparsers: Any) -> None:
    """Add ``lint CARDS.json [--json]`` to the main CLI's subparsers."""
    parser = subparsers.add_parser(
        "lint",
        help="check a card pool against the design consequences of §19",
        description="Lint a card pool: DEF or Rank printed at 0, +N bonuses that are partly dead text, "
        "effects that would make a Character Fall outside the four routes.",
    )
    parser.add_argument("file", metavar="CARDS.json", help='card pool JSON file ({"cards": [...]}), or -')
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.set_defaults(handler=cmd_lint)
