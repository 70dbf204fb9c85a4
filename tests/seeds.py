"""Where the tests find the source documents, which are not part of the repository.

``ESTRO_SEEDS`` names the folder when set. Otherwise the folder ``shared/seeds``
is looked for next to the repository and in every folder above it (a checkout
at ``X/main`` or ``X/wt/name`` finds ``X/shared/seeds``). When neither finds
the three documents, the tests that need them fail, saying how to point them
at the documents: they are never skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from estro_rules.sources import KNOWN, Document, read

ROOT = Path(__file__).resolve().parents[1]


def seeds_dir() -> Path:
    """The folder of the source documents; fails the test when it cannot be found."""
    named = os.environ.get("ESTRO_SEEDS")
    if named:
        folder = Path(named)
        if not folder.is_dir():
            pytest.fail(f"ESTRO_SEEDS={named!r} is not a folder; expected the folder of the source documents")
        return folder
    for parent in ROOT.parents:
        folder = parent / "shared" / "seeds"
        if folder.is_dir():
            return folder
    pytest.fail(
        "the source documents were not found: no shared/seeds folder above "
        f"{ROOT}; set ESTRO_SEEDS to the folder that holds them"
    )


def seed_files() -> list[Path]:
    """The source documents' files (``*.txt`` in :func:`seeds_dir`)."""
    return sorted(seeds_dir().glob("*.txt"))


def seed_documents() -> dict[str, Document]:
    """The three source documents, by name; fails when one is missing."""
    documents = {doc.name: doc for doc in map(read, seed_files())}
    missing = [name for name in KNOWN if name not in documents]
    if missing:
        pytest.fail(f"{seeds_dir()}: missing source documents {missing}; found {sorted(documents)}")
    return documents
