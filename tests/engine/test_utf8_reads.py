"""The project's own files (the lock, the engine's code, the source documents) are read as UTF-8,
whatever the locale: the source texts are Italian and English with typographic quotes and dashes.

Each file is read in this process and again, once for all three tests, by a Python whose locale
encoding is ASCII; both must give the same result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from estro_rules.catalogue import read_lock
from estro_rules.citations import cited_by
from estro_rules.source_map import read
from tests.support import ROOT

LOCK = {"version": 1, "rulings": {"P07-4.3": {"examples": [["Quadrante dell’Oblio — 4\n"]]}}}
ENGINE = "def owner():\n    return cite('I-P07-1')  # “the player” è il proprietario\n"
DOCUMENT = "Battaglia\n\nSi tirano due dadi — è così.\n"

READ_ALL = """
import json, locale, pathlib, sys
from estro_rules.catalogue import read_lock
from estro_rules.citations import cited_by
from estro_rules.source_map import read
assert "UTF" not in locale.getpreferredencoding(False).upper(), "the locale of this run is UTF-8"
lock, package, document = map(pathlib.Path, sys.argv[1:])
print(json.dumps({
    "lock": read_lock(lock),
    "cited_by": cited_by(package),
    "paragraphs": [[p.section, p.number, p.text] for p in read(document).paragraphs],
}))
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    root = tmp_path_factory.mktemp("utf8")
    lock, package, document = root / "rulings.lock.json", root / "pkg", root / "battaglia.txt"
    lock.write_text(json.dumps(LOCK, ensure_ascii=False), encoding="utf-8")
    package.mkdir()
    (package / "engine.py").write_text(ENGINE, encoding="utf-8")
    document.write_text(DOCUMENT, encoding="utf-8")
    return lock, package, document


@pytest.fixture(scope="module")
def ascii_locale(files: tuple[Path, Path, Path]) -> dict[str, Any]:
    """What the three readers return in a Python whose locale encoding is ASCII."""
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    done = subprocess.run(
        [sys.executable, "-X", "utf8=0", "-c", READ_ALL, *map(str, files)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_lock_is_read_as_utf8(files: tuple[Path, Path, Path], ascii_locale: dict[str, Any]) -> None:
    assert read_lock(files[0]) == ascii_locale["lock"] == LOCK


def test_the_engines_code_is_read_as_utf8(files: tuple[Path, Path, Path], ascii_locale: dict[str, Any]) -> None:
    assert cited_by(files[1]) == ascii_locale["cited_by"] == {"I-P07-1": ["pkg.engine.owner"]}


def test_a_source_document_is_read_as_utf8(files: tuple[Path, Path, Path], ascii_locale: dict[str, Any]) -> None:
    here = [[p.section, p.number, p.text] for p in read(files[2]).paragraphs]
    assert here == ascii_locale["paragraphs"] == [["Battaglia", 1, "Si tirano due dadi — è così."]]
