"""The command line: ``python -m estro_rules run FILE``, and the protocols' own subcommands.

Bad input never shows a traceback: the message names the file and the field,
and the exit status is 2. ``--check`` compares the result with the example's
``expect`` field and exits 1 on a difference. The protocols add their
subcommands (``battle``, ``lint``) through the registry.

Output never crashes on a string: messages are one line of safe text, and text
that the terminal's encoding cannot write is written as a backslash escape. A
reader that closes the pipe early (``... | head``) ends the command quietly,
with the status of a program stopped by SIGPIPE, as Unix tools do. Output that
cannot be written — a full disk, standard output closed (``>&-``) — is one line
on standard error and exit status 74 (``EX_IOERR``), never "internal error".
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from . import __version__, i18n, scenarios, sources_cli
from .errors import EstroError, ScenarioError
from .i18n import N_, _
from .inputs import read_json
from .progress import run_until_done
from .protocol import CommandIO
from .registry import COMMANDS, KINDS
from .text import one_line

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a Unix tool whose reader went away
EXIT_OUTPUT = 74  # EX_IOERR of sysexits.h: the output could not be written

#: Why output could not be written, in words, by error number.
OUTPUT_ERRORS = {
    errno.ENOSPC: N_("no space left on the device"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EBADF: N_("standard output is closed"),
    errno.EFBIG: N_("the output file is too large"),
    errno.EIO: N_("an input/output error"),
}


def cmd_run(args: argparse.Namespace, streams: CommandIO) -> int:
    data = read_json(args.file, streams.stdin)
    loaded = scenarios.load(data)
    code = EXIT_OK
    long_run = loaded.long_run()
    if long_run is not None:  # a progress line at least every second, and Ctrl-C keeps what was done
        code = run_until_done(long_run, streams.err)
        result = long_run.result()
    else:
        result = loaded.run()
    if args.text:
        print(result.text(), file=streams.out)
    else:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False), file=streams.out)
    if args.check:
        expect = scenarios.expected(data)
        if expect is None:
            raise ScenarioError("expect", "an object with the expected result (for --check)", problem="missing field")
        problems = scenarios.mismatches(expect, result.to_json())
        for problem in problems:
            print(f"mismatch: {problem}", file=streams.err)
        return code or (EXIT_MISMATCH if problems else EXIT_OK)
    return code


def cmd_rulings(args: argparse.Namespace, streams: CommandIO) -> int:
    """Every ruling and interpretation: the site's ``rulings.json`` with ``--json``, else one line each."""
    from .catalogue import catalogue, example_counts, read_lock

    document = catalogue(example_counts(read_lock()), citations=args.json)  # the listing shows no citations
    if args.json:
        print(json.dumps(document, indent=2, ensure_ascii=False), file=streams.out)
        return EXIT_OK
    for entry in document["rulings"]:
        kind = "interpretation" if entry["kind"] == "interpretation" else "rule"
        print(f"{entry['id']:<10} {kind:<15} {entry['title']}", file=streams.out)
    return EXIT_OK


def run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="scenario JSON file, or - for standard input")
    parser.add_argument("--text", action="store_true", help="print a readable explanation instead of JSON")
    parser.add_argument(
        "--check", action="store_true", help="compare with the file's 'expect' field; exit 1 on a difference"
    )
    language_argument(parser, default=argparse.SUPPRESS)  # also after the command: run --lang it …


def language_argument(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=default,
        help="language of the readable output (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG); "
        "JSON is the same in both",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m estro_rules",
        description="ESTRO rules engine: run a scenario and see every ruling behind the result.",
    )
    parser.add_argument("--version", action="version", version=f"estro_rules {__version__}")
    language_argument(parser)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = sub.add_parser(
        "run",
        help="run a scenario file and print the result",
        description="Kinds: " + "; ".join(f"{k.name} ({k.summary})" for k in KINDS),
    )
    run_arguments(run)
    run.set_defaults(handler=cmd_run)
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help, description=command.description)
        command.arguments(p)
        p.set_defaults(handler=command.run)
    rulings = sub.add_parser(
        "rulings",
        help="list every ruling and interpretation (--json: the site's rulings.json)",
        description="Every ruling and interpretation with its title; --json prints the same document as the "
        "site's rulings.json, a stable interface for tools (see the page 'rulings.json').",
    )
    rulings.add_argument("--json", action="store_true", help="print the catalogue as JSON")
    rulings.set_defaults(handler=cmd_rulings)
    sources_cli.add_subcommand(sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = sys.stdout,
    stdin: TextIO | None = sys.stdin,
    err: TextIO | None = None,
) -> int:
    args = build_parser().parse_args(argv)
    error_stream = err if err is not None else sys.stderr
    language = args.lang or i18n.from_environment(os.environ)
    with i18n.using(language):  # what goes wrong is said in the language asked for, too
        return _main(args, out, stdin, error_stream)


def _main(args: argparse.Namespace, out: TextIO | None, stdin: TextIO | None, error_stream: TextIO) -> int:
    if out is None:  # started with standard output closed (>&-): sys.stdout is None
        print(_cannot_write(errno.EBADF), file=error_stream)
        return EXIT_OUTPUT
    for stream in (out, error_stream):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    streams = CommandIO(out, error_stream, stdin)
    try:
        code: int = args.handler(args, streams)
        out.flush()
        return code
    except EstroError as error:
        where = getattr(args, "file", None)
        prefix = f"{where}: " if where and where != "-" else ""
        said = error.said() if isinstance(error, ScenarioError) else str(error)
        print(one_line(_("error: {message}").format(message=f"{prefix}{said}")), file=error_stream)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        _quiet_stdout(out)
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print(_("interrupted"), file=error_stream)
        return EXIT_INTERRUPTED
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            return _internal(error, error_stream)
        _quiet_stdout(out)  # what is left in its buffer can never be written: drop it
        print(_cannot_write(error.errno), file=error_stream)
        return EXIT_OUTPUT
    except Exception as error:  # a bug of ours: one line for the user, never a traceback
        return _internal(error, error_stream)


def _cannot_write(number: int) -> str:
    return _("error: cannot write the output: {reason}").format(reason=_(OUTPUT_ERRORS[number]))


def _internal(error: Exception, error_stream: TextIO | None) -> int:
    said = _("internal error: {error} (please report it with the scenario)")
    print(one_line(said.format(error=f"{type(error).__name__}: {error}")), file=error_stream)
    return EXIT_INTERNAL


def _quiet_stdout(out: TextIO) -> None:
    """After a broken pipe or a failed write, point standard output at nothing, so flushing at exit cannot
    fail again."""
    if out is sys.stdout:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
