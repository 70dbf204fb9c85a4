"""Reading what a user hands the command line: a JSON file, or standard input.

>>> import io
>>> read_json("-", io.StringIO('{"kind": "p07.combination"}'))
{'kind': 'p07.combination'}
>>> read_json("no/such/file.json", io.StringIO())
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: no such file; expected an existing scenario file
>>> read_json("-", io.StringIO(" " * 1_000_001))
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: scenario: the text is longer than 1,000,000 bytes; expected at most 1,000,000 bytes of JSON
>>> read_json("/dev/zero", io.StringIO())
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: a device, not a file; expected a scenario file

Every read is bounded: at most 64 KiB more than the limit is ever read, from a file, a pipe or a
terminal, so a huge file, ``/dev/zero`` given as standard input or an endless ``/proc`` file costs
nothing. A name must be a regular file: a named pipe (FIFO), a device or a socket is refused before
anything is read from it (it is opened without waiting for a writer, then looked at). Standard input
may be anything, and is read as UTF-8 bytes whatever the locale, like a file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from typing import TextIO

from .errors import ScenarioError
from .fields import parse_json
from .i18n import N_, Message

#: The largest scenario or card pool file the command line reads, in bytes. The biggest example is
#: about 10 kB; a §19 scenario at its limits of cards and actions is well under this.
MAX_INPUT_BYTES = 1_000_000

#: What a file that is not a regular file is, for a message (by ``stat`` file type).
_NOT_FILES = (
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)


class NotAFile(OSError):
    """The name is a named pipe, a device or a socket: nothing is read from it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        """What it is, in words: ``"a named pipe (FIFO)"``, ``"a device"``, ``"a socket"``."""


class TooLong(ValueError):
    """The file or stream holds more than the limit (only the limit and one byte were read)."""


def read_bounded(name: str, limit: int) -> bytes:
    """The bytes of the regular file ``name``, at most ``limit`` of them.

    Raises :class:`TooLong` beyond ``limit``, :class:`NotAFile` for a FIFO, a device or a socket,
    ``IsADirectoryError`` for a folder, and any other ``OSError`` as the system gives it.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(name, flags)  # O_NONBLOCK: a FIFO opens at once rather than waiting for a writer
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(name)
        for test, what in _NOT_FILES:
            if test(mode):
                raise NotAFile(what)
        return _read_at_most(lambda size: os.read(fd, size), limit)
    finally:
        os.close(fd)


#: How much one read asks for: at most this much more than the limit is ever read.
CHUNK = 1 << 16


def _read_at_most(read: Callable[[int], bytes], limit: int) -> bytes:
    """Call ``read(size)`` until end of file; :class:`TooLong` as soon as more than ``limit`` bytes came."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = read(CHUNK)  # whole chunks: some files (/proc/self/pagemap) refuse odd sizes
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > limit:
        raise TooLong(limit)
    return b"".join(chunks)


def _too_big(field: str) -> ScenarioError:
    return ScenarioError(
        field,
        Message("at most {count} bytes of JSON", count=format(MAX_INPUT_BYTES, ",")),
        problem=Message("the text is longer than {count} bytes", count=format(MAX_INPUT_BYTES, ",")),
    )


def _utf8(data: bytes, expected: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioError("", expected, problem=Message("byte {byte} is not UTF-8 text", byte=err.start)) from None


def read_stdin(stdin: TextIO | None, field: str = "scenario") -> str:
    """Standard input as text: its bytes decoded as UTF-8 (a text stream with no bytes beneath, such as
    a test's ``io.StringIO``, as it is), at most :data:`MAX_INPUT_BYTES` of them."""
    if stdin is None:  # started with standard input closed (<&-)
        raise ScenarioError("", N_("a scenario on standard input"), problem=N_("standard input is closed"))
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:
        text = stdin.read(MAX_INPUT_BYTES + 1)
        if len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
            raise _too_big(field)
        return text
    try:
        data = _read_at_most(buffer.read, MAX_INPUT_BYTES)
    except TooLong:
        raise _too_big(field) from None
    except OSError as err:
        raise ScenarioError(
            "", N_("readable standard input"), problem=err.strerror or N_("it cannot be read")
        ) from None
    return _utf8(data, N_("text in UTF-8"))


def read_json(name: str, stdin: TextIO | None, what: str = N_("scenario"), field: str = "scenario") -> object:
    """Read and parse a JSON file (``-`` for standard input); ``what`` names it in errors.

    A message about the file itself does not repeat its name: the command line puts it first.
    """
    kind = Message.kept(what)  # said in the message's language, where the catalogue has it
    if name == "-":
        return parse_json(read_stdin(stdin, field), field)
    try:
        data = read_bounded(name, MAX_INPUT_BYTES)
    except TooLong:
        raise _too_big(field) from None
    except FileNotFoundError:
        raise ScenarioError("", Message("an existing {what} file", what=kind), problem=N_("no such file")) from None
    except IsADirectoryError:
        raise ScenarioError("", Message("a {what} file", what=kind), problem=N_("a folder, not a file")) from None
    except NotAFile as err:
        problem = Message("{what}, not a file", what=Message.kept(err.what))
        raise ScenarioError("", Message("a {what} file", what=kind), problem=problem) from None
    except OSError as err:
        readable = Message("a readable {what} file", what=kind)
        raise ScenarioError("", readable, problem=err.strerror or N_("it cannot be read")) from None
    return parse_json(_utf8(data, N_("a text file in UTF-8")), field)
