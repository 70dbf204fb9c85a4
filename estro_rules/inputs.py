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

The size is checked before anything is read into memory or parsed, so a huge file costs nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from .errors import ScenarioError
from .fields import parse_json

#: The largest scenario or card pool file the command line reads, in bytes. The biggest example is
#: about 10 kB; a §19 scenario at its limits of cards and actions is well under this.
MAX_INPUT_BYTES = 1_000_000


def _too_big(field: str) -> ScenarioError:
    return ScenarioError(
        field,
        f"at most {MAX_INPUT_BYTES:,} bytes of JSON",
        problem=f"the text is longer than {MAX_INPUT_BYTES:,} bytes",
    )


def read_json(name: str, stdin: TextIO, what: str = "scenario", field: str = "scenario") -> object:
    """Read and parse a JSON file (``-`` for standard input); ``what`` names it in errors.

    A message about the file itself does not repeat its name: the command line puts it first.
    """
    if name == "-":
        text = stdin.read(MAX_INPUT_BYTES + 1)
        if len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
            raise _too_big(field)
        return parse_json(text, field)
    path = Path(name)
    try:
        if path.stat().st_size > MAX_INPUT_BYTES:
            raise _too_big(field)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("", f"an existing {what} file", problem="no such file") from None
    except IsADirectoryError:
        raise ScenarioError("", f"a {what} file", problem="a folder, not a file") from None
    except UnicodeDecodeError as err:
        raise ScenarioError("", "a text file in UTF-8", problem=f"byte {err.start} is not UTF-8 text") from None
    except OSError as err:
        raise ScenarioError("", f"a readable {what} file", problem=err.strerror or "it cannot be read") from None
    return parse_json(text, field)
