"""Reading what a user hands the command line: a JSON file, or standard input.

>>> import io
>>> read_json("-", io.StringIO('{"kind": "p07.combination"}'))
{'kind': 'p07.combination'}
>>> read_json("no/such/file.json", io.StringIO())
Traceback (most recent call last):
...
estro_rules.errors.ScenarioError: no such file; expected an existing scenario file, got 'no/such/file.json'
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from .errors import ScenarioError
from .fields import parse_json


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
