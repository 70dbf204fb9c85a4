"""How an error reads (:mod:`estro_rules.errors`) and how the command line reads its input (:mod:`estro_rules.inputs`).

A :class:`ScenarioError` is one line for a player: ``FIELD: [PROBLEM; ]expected WHAT[, got VALUE][ (HINT)]``,
with the bad value shown short and readable (``null``, ``true``, ``an empty list``, a digit count for a
huge number). The input reader bounds what it reads before it reads it and says what is wrong with a
file without repeating its name (the command line puts the name first).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from estro_rules.errors import EstroError, ScenarioError
from estro_rules.inputs import MAX_INPUT_BYTES, read_json
from tests.support import ROOT

# --------------------------------------------------------------------------
# ScenarioError


def test_a_scenario_error_is_a_value_error_the_engine_raises_on_purpose() -> None:
    err = ScenarioError("seed", "a whole number")
    assert isinstance(err, EstroError) and isinstance(err, ValueError)
    assert err.field == "seed"
    assert err.expected == "a whole number"


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({}, "left[0].health: expected a whole number"),
        ({"got": 0}, "left[0].health: expected a whole number, got 0"),
        ({"hint": "missing field"}, "left[0].health: expected a whole number (missing field)"),
        ({"problem": "too low"}, "left[0].health: too low; expected a whole number"),
        (
            {"problem": "too low", "got": "x", "hint": "see the rules"},
            "left[0].health: too low; expected a whole number, got 'x' (see the rules)",
        ),
    ],
)
def test_the_parts_of_a_message_in_their_order(kwargs: dict[str, Any], text: str) -> None:
    assert str(ScenarioError("left[0].health", "a whole number", **kwargs)) == text


def test_a_message_without_a_field_starts_with_what_is_wrong() -> None:
    assert str(ScenarioError("", "an existing scenario file", problem="no such file")) == (
        "no such file; expected an existing scenario file"
    )
    assert str(ScenarioError("", "a number")) == "expected a number"
    assert ScenarioError("", "a number").field == ""


@pytest.mark.parametrize(
    ("got", "shown"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ({}, "an empty object"),
        ({"a": 1}, "an object"),
        ([], "an empty list"),
        ([0], "a list of 1 item"),
        ([0, 0], "a list of 2 items"),
        (0, "0"),
        (-3, "-3"),
        (1.5, "1.5"),
        ("", "''"),
        ("Nessie", "'Nessie'"),
    ],
)
def test_a_bad_value_is_shown_as_a_player_reads_it(got: object, shown: str) -> None:
    assert str(ScenarioError("x", "y", got=got)) == f"x: expected y, got {shown}"


def test_a_number_of_up_to_thirty_digits_is_shown_whole_and_a_longer_one_by_its_digits() -> None:
    biggest_whole = 2**100 - 1  # 31 digits, 100 bits: the last one shown whole
    assert str(ScenarioError("x", "y", got=biggest_whole)) == f"x: expected y, got {biggest_whole}"
    assert str(ScenarioError("x", "y", got=2**100)) == "x: expected y, got a number with 31 digits"
    assert str(ScenarioError("x", "y", got=-(10**40))) == "x: expected y, got a number with 41 digits"
    assert str(ScenarioError("x", "y", got=10**4299)) == "x: expected y, got a number with 4300 digits"
    assert str(ScenarioError("x", "y", got=10**4300)) == ("x: expected y, got a number with more than 4300 digits")


def test_a_long_value_is_cut_to_sixty_characters() -> None:
    fits = "a" * 58  # its repr, quotes and all, is 60 characters
    assert str(ScenarioError("x", "y", got=fits)) == f"x: expected y, got '{fits}'"
    long = "b" * 59
    shown = repr(long)[:57] + "..."
    assert len(shown) == 60
    assert str(ScenarioError("x", "y", got=long)) == f"x: expected y, got {shown}"


def test_the_message_and_the_field_are_one_line_of_safe_text() -> None:
    err = ScenarioError("cards[0].na\nme", "one of: name", got="a\x1bb", hint="did you mean\u202e?", problem="x\ny")
    assert str(err) == "cards[0].na\\nme: x\\ny; expected one of: name, got 'a\\x1bb' (did you mean\\u202e?)"
    assert err.field == "cards[0].na\\nme"
    assert "\n" not in str(err)


# --------------------------------------------------------------------------
# read_json: standard input


def json_of_bytes(n: int, char: str = "x") -> str:
    """A JSON string of exactly ``n`` bytes in UTF-8 (``char`` is one or two bytes)."""
    width = len(char.encode("utf-8"))
    assert (n - 2) % width == 0
    return '"' + char * ((n - 2) // width) + '"'


def test_standard_input_up_to_the_limit_is_read() -> None:
    assert MAX_INPUT_BYTES == 1_000_000
    text = json_of_bytes(1_000_000)
    assert read_json("-", io.StringIO(text)) == text[1:-1]
    wide = json_of_bytes(1_000_000, "é")
    assert read_json("-", io.StringIO(wide)) == wide[1:-1]


def test_standard_input_one_byte_over_the_limit_is_refused() -> None:
    with pytest.raises(ScenarioError) as err:
        read_json("-", io.StringIO(json_of_bytes(1_000_001)))
    assert str(err.value) == (
        "scenario: the text is longer than 1,000,000 bytes; expected at most 1,000,000 bytes of JSON"
    )


def test_the_limit_counts_bytes_not_characters() -> None:
    text = json_of_bytes(1_000_002, "é")  # 500,001 characters
    with pytest.raises(ScenarioError, match="longer than 1,000,000 bytes"):
        read_json("-", io.StringIO(text))


def test_standard_input_reads_no_more_than_it_needs() -> None:
    class Counting(io.StringIO):
        asked: list[int] = []

        def read(self, size: int | None = -1) -> str:
            self.asked.append(-1 if size is None else size)
            return super().read(size)

    stdin = Counting("[1]")
    assert read_json("-", stdin) == [1]
    assert stdin.asked == [1_000_001]


def test_errors_name_the_field_given() -> None:
    with pytest.raises(ScenarioError) as err:
        read_json("-", io.StringIO("[1,"), "card pool", "pool")
    assert str(err.value).startswith("pool: line 1, column 4: expecting value")
    assert err.value.field == "pool"
    with pytest.raises(ScenarioError) as err:
        read_json("-", io.StringIO(" " * 1_000_001), "card pool", "pool")
    assert err.value.field == "pool"
    assert str(err.value).startswith("pool: the text is longer")


# --------------------------------------------------------------------------
# read_json: files


def test_a_file_up_to_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    ok = tmp_path / "ok.json"
    ok.write_text(json_of_bytes(1_000_000), encoding="utf-8")
    assert read_json(str(ok), io.StringIO("not read")) == "x" * 999_998
    big = tmp_path / "big.json"
    big.write_text(json_of_bytes(1_000_001), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        read_json(str(big), io.StringIO(), "card pool", "pool")
    assert str(err.value) == "pool: the text is longer than 1,000,000 bytes; expected at most 1,000,000 bytes of JSON"


def test_a_file_is_parsed_with_its_field_named(tmp_path: Path) -> None:
    path = tmp_path / "pool.json"
    path.write_text('{"a": 1, "a": 2}', encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        read_json(str(path), io.StringIO(), "card pool", "pool")
    assert str(err.value) == "pool: the key 'a' is given twice in one object; expected each key once"
    path.write_text('{"kind": "p07.combination"}', encoding="utf-8")
    assert read_json(str(path), io.StringIO()) == {"kind": "p07.combination"}


def test_a_file_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        read_json(str(tmp_path / "nope.json"), io.StringIO(), "card pool", "pool")
    assert str(err.value) == "no such file; expected an existing card pool file"
    assert err.value.field == ""


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        read_json(str(tmp_path), io.StringIO(), "card pool")
    assert str(err.value) == "a folder, not a file; expected a card pool file"
    assert err.value.field == ""


def test_a_file_that_is_not_utf8_names_the_first_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'["Caf\xe9"]')
    with pytest.raises(ScenarioError) as err:
        read_json(str(path), io.StringIO(), "card pool", "pool")
    assert str(err.value) == "byte 5 is not UTF-8 text; expected a text file in UTF-8"
    assert err.value.field == ""


def test_a_file_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    plain_file = tmp_path / "file"
    plain_file.write_text("[]")
    with pytest.raises(ScenarioError) as err:
        read_json(str(plain_file / "inside.json"), io.StringIO(), "card pool")
    assert str(err.value) == "Not a directory; expected a readable card pool file"
    assert err.value.field == ""


def test_a_file_that_cannot_be_read_for_no_stated_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "pool.json"
    path.write_text("[]")

    def unreadable(fd: int, size: int) -> bytes:
        raise OSError()  # no error number, no words

    monkeypatch.setattr(os, "read", unreadable)
    with pytest.raises(ScenarioError) as err:
        read_json(str(path), io.StringIO(), "card pool")
    assert str(err.value) == "it cannot be read; expected a readable card pool file"


def test_a_file_is_read_as_utf8_whatever_the_locale(tmp_path: Path) -> None:
    """The files are UTF-8 (the error for one that is not says so), even where the locale's encoding is ASCII."""
    path = tmp_path / "cafe.json"
    path.write_text('{"name": "Caf\u00e9 \u2014 \u00e7a"}', encoding="utf-8")
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    code = (
        "import io, json, locale, sys\n"
        "from estro_rules.inputs import read_json\n"
        "print(locale.getpreferredencoding(False), file=sys.stderr)\n"
        "print(json.dumps(read_json(sys.argv[1], io.StringIO()), ensure_ascii=True))\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "utf8=0", "-c", code, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "UTF" not in done.stderr.upper(), "the locale of this test is not UTF-8"
    here = read_json(str(path), io.StringIO())
    assert json.loads(done.stdout) == here == {"name": "Caf\u00e9 \u2014 \u00e7a"}
