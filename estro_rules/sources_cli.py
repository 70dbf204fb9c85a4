"""The ``sources check FILE...`` subcommand, for maintainers; the main CLI adds it with :func:`add_subcommand`.

It reads the given source documents and compares them with the records of
every protocol's source document (:mod:`estro_rules.source_map`): exit status 0 when they are in sync, 1 on
drift, 2 on bad input (the main CLI turns a
:class:`~estro_rules.sources.SourceError` into one line and status 2).

>>> import argparse, io
>>> from estro_rules.protocol import CommandIO
>>> parser = argparse.ArgumentParser(prog="estro")
>>> add_subcommand(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["sources", "check", "no-such-file.txt"])
>>> args.handler(args, CommandIO(io.StringIO(), io.StringIO(), io.StringIO()))
Traceback (most recent call last):
...
estro_rules.sources.SourceError: no-such-file.txt: no such file; expected a source document
"""

from __future__ import annotations

import argparse
from typing import Any

from . import source_map
from .protocol import CommandIO

EXIT_IN_SYNC, EXIT_DRIFT = 0, 1


def cmd_sources_check(args: argparse.Namespace, io: CommandIO) -> int:
    """Check the given documents against every ruling's records; print the report."""
    documents = [source_map.read(name) for name in args.files]
    report = source_map.check(documents)
    for line in report.lines():
        print(line, file=io.out)
    return EXIT_IN_SYNC if report.in_sync else EXIT_DRIFT


def add_subcommand(subparsers: Any) -> None:
    """Add ``sources check FILE...`` to the main CLI's subparsers."""
    parser = subparsers.add_parser(
        "sources",
        help="for maintainers: check the rulings' records against the source documents",
        description="Commands about the source documents the rulings restate.",
    )
    commands = parser.add_subparsers(dest="sources_command", required=True, metavar="SUBCOMMAND")
    check = commands.add_parser(
        "check",
        help="report paragraphs no ruling covers and rulings whose paragraph changed or vanished",
        description="Read the source documents and compare each paragraph with the rulings' records. "
        "Exit status: 0 in sync, 1 on drift, 2 on bad input. The report names rulings and paragraphs "
        "(document, section heading, number), never the source text.",
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="a source document (a text file), one or more")
    check.set_defaults(handler=cmd_sources_check)
