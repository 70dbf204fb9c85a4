"""Where the tests find the source documents, which are not part of the repository.

``ESTRO_SEEDS`` names the folder when set. Otherwise the folder ``shared/seeds``
is looked for next to the repository and in every folder above it (a checkout
at ``X/main`` or ``X/wt/name`` finds ``X/shared/seeds``), then the same way
above the repository it was cloned from, when that is a folder on this machine
(a clean clone made elsewhere for a test run). A protocol whose document the
repository keeps (:attr:`estro_rules.sources.SourceDocument.file`, a new
protocol's own) is read from there. When a document is missing, the tests that
need it fail, saying how to point them at the documents: they are never skipped.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from estro_rules.source_map import KNOWN, documents, read
from estro_rules.sources import Document

ROOT = Path(__file__).resolve().parents[2]


def seeds_dir() -> Path:
    """The folder of the source documents; fails the test when it cannot be found."""
    named = os.environ.get("ESTRO_SEEDS")
    if named:
        folder = Path(named)
        if not folder.is_dir():
            pytest.fail(f"ESTRO_SEEDS={named!r} is not a folder; expected the folder of the source documents")
        return folder
    for start in (ROOT, *_cloned_from()):
        for parent in start.parents:
            folder = parent / "shared" / "seeds"
            if folder.is_dir():
                return folder
    pytest.fail(
        "the source documents were not found: no shared/seeds folder above "
        f"{ROOT}; set ESTRO_SEEDS to the folder that holds them"
    )


def _cloned_from() -> list[Path]:
    """The folder this repository was cloned from, when its ``origin`` is a folder on this machine."""
    try:
        done = subprocess.run(
            ["git", "config", "--get", "remote.origin.url"], cwd=ROOT, capture_output=True, text=True, check=False
        )
    except OSError:
        return []
    url = done.stdout.strip().removeprefix("file://")
    origin = (ROOT / url).resolve() if url and "://" not in url and ":" not in url.split("/")[0] else None
    return [origin] if origin is not None and origin.is_dir() else []


def seed_files() -> list[Path]:
    """The source documents' files: ``*.txt`` in :func:`seeds_dir` and those the repository keeps."""
    kept = [ROOT / d.file for d in documents() if d.file]
    shared = sorted(seeds_dir().glob("*.txt")) if len(kept) < len(documents()) else []
    return shared + kept


def seed_documents() -> dict[str, Document]:
    """Every protocol's source document, by name; fails when one is missing."""
    documents = {doc.name: doc for doc in map(read, seed_files())}
    missing = [name for name in KNOWN if name not in documents]
    if missing:
        pytest.fail(f"{seeds_dir()}: missing source documents {missing}; found {sorted(documents)}")
    return documents
