"""The scaffold of a new protocol (``python -m scripts.new_protocol NAME``) against what the page "Adding a
protocol" promises: in a copy of the repository, scaffold a protocol, add the one line the command prints to
``MODULES``, and nothing else; then the new protocol is everywhere — the command line, every generated page
(its own, the navigation, the home page, the rulings index, ``rulings.json``, the source coverage, the
glossary, the scenario format, its editor's field data) — and the site's generator and the tests that read
the registry or the examples pass on the copy.

What the copy does not run, to keep this test to seconds: mkdocs' rendering of the generated Markdown into
HTML (the generator makes every page and runs every check the build runs; the navigation is checked through
the build's own hook), the Pyodide compile and the browser tests, the tests that name one protocol's
modules (they cannot see a new one) and the cases of the three protocols' own example files. The scaffold's own code is held to ruff and mypy --strict in the copy.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts import new_protocol
from tests.support import ROOT
from tests.support.seeds import seeds_dir

NAME = "dado"

#: The files the scaffold writes, as "Adding a protocol" lists them (and then the lock it makes).
WRITTEN = [
    "estro_rules/dado/__init__.py",
    "estro_rules/dado/rulebook.py",
    "estro_rules/dado/rules.py",
    "estro_rules/dado/engine.py",
    "estro_rules/dado/kinds.py",
    "estro_rules/dado/views.py",
    "estro_rules/dado/tables.py",
    "estro_rules/dado/provenance.py",
    "estro_rules/dado/terms.py",
    "docs/_sources/documents/dado.txt",
    "examples/dado/first-roll.json",
    "docs/_sources/dado.md",
    "docs/_sources/it/dado.md",
    "estro_rules/dado/rulings.lock.json",
]

#: Test files whose outcome a registry line can change: they read the registry, the source map or every
#: example (the others name one protocol's modules). Found by reading them, so a new one is not forgotten.
READS_THE_REGISTRY = re.compile(r"estro_rules\.registry|\bPROTOCOLS\b|source_map|\"examples\"\)\.rglob")


def run(copy: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=copy, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, f"{' '.join(args[:4])}… failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


def tracked_files() -> list[str]:
    done = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    return [f for f in done.stdout.splitlines() if (ROOT / f).is_file()]


def digests(root: Path) -> dict[str, str]:
    """Every file of the copy by its path, with a digest of its content (not the linked node modules)."""
    out = {}
    for folder, dirs, names in os.walk(root):  # links to folders are not followed
        dirs[:] = [d for d in dirs if d not in (".mypy_cache", "__pycache__")]
        for name in names:
            path = Path(folder) / name
            out[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def with_line(registry: str, line: str) -> str:
    """``estro_rules/registry.py`` with ``line`` added as the last entry of ``MODULES``."""
    start = registry.index("MODULES: tuple")
    end = registry.index("\n)\n", start)
    return registry[:end] + "\n" + line + registry[end:]


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository as it is (tracked and new files) with the node modules linked and mypy's cache
    copied (so that mypy checks only what changed)."""
    copy = tmp_path_factory.mktemp("repository")
    for name in tracked_files():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    if (ROOT / "node_modules").is_dir():
        (copy / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".mypy_cache").is_dir():
        shutil.copytree(ROOT / ".mypy_cache", copy / ".mypy_cache")
    return copy


@pytest.mark.heavy  # a minute of one core, and more on a busy machine: started first
def test_a_scaffolded_protocol_is_everywhere_with_one_registry_line(copy: Path, tmp_path: Path) -> None:
    before = digests(copy)
    done = run(copy, sys.executable, "-m", "scripts.new_protocol", NAME, "--root", str(copy))
    assert done.stdout.splitlines()[: len(WRITTEN)] == WRITTEN
    assert done.stdout.rstrip().endswith('\n    ("dado", "dado"),')
    registry = copy / "estro_rules" / "registry.py"
    registry.write_text(with_line(registry.read_text(encoding="utf-8"), '    ("dado", "dado"),'), encoding="utf-8")

    after = digests(copy)
    changed = sorted(p for p in before if after.get(p) != before[p])
    assert changed == ["estro_rules/registry.py"]
    assert sorted(set(after) - set(before)) == sorted(WRITTEN)

    env = {**os.environ, "ESTRO_SEEDS": str(seeds_dir()), "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    # The command line: the kind runs, the rulings list has its rulings.
    ran = json.loads(run(copy, sys.executable, "-m", "estro_rules", "run", "examples/dado/first-roll.json").stdout)
    example = json.loads((copy / "examples" / "dado" / "first-roll.json").read_text(encoding="utf-8"))
    assert {k: ran[k] for k in example["expect"]} == example["expect"]
    listed = run(copy, sys.executable, "-m", "estro_rules", "rulings").stdout
    assert "DADO-1" in listed and "I-DADO-1" in listed

    # The site: every page generated, every check of the build passed, the new protocol on each shared page.
    out = tmp_path / "generated"
    run(copy, sys.executable, "-m", "scripts.sitegen", str(out), env=env)
    page = (out / "dado.md").read_text(encoding="utf-8")
    assert "### DADO-1 · A roll shows one face" in page and 'data-widget="dado-roll"' in page
    # on the home page, its name (the scaffold's Italian word for a die) marked as Italian (issue 24)
    assert '[<span lang="it">Dado</span> — a die](dado.md)' in (out / "index.md").read_text(encoding="utf-8")
    assert "[DADO-1](dado.md#DADO-1)" in (out / "rulings.md").read_text(encoding="utf-8")
    rulings = json.loads((out / "rulings.json").read_text(encoding="utf-8"))["rulings"]
    assert [r["cited_by"] for r in rulings if r["protocol"] == "dado"] == [["estro_rules.dado.engine.roll"]] * 2
    assert "| The die | 1 | [DADO-1]" in (out / "source-coverage.md").read_text(encoding="utf-8")
    assert '<dfn id="face">face</dfn>' in (out / "glossary.md").read_text(encoding="utf-8")
    assert "## `dado.roll`" in (out / "scenarios.md").read_text(encoding="utf-8")
    fields = json.loads((out / "assets" / "estro" / "kinds" / "dado.roll.json").read_text(encoding="utf-8"))
    assert [f["name"] for f in fields["fields"]["fields"]] == ["faces", "seed"]
    nav = run(
        copy, sys.executable, "-c",
        "from scripts.mkdocs_hooks import with_protocols; from estro_rules.registry import PROTOCOLS; "
        "print(with_protocols([{'Rules': []}], PROTOCOLS))",
    ).stdout
    assert "{'Dado — a die': 'dado.md'}" in nav

    # Its code, as the project's own: ruff and mypy --strict.
    run(copy, str(Path(sys.executable).with_name("ruff")), "check", "estro_rules/dado")
    run(copy, str(Path(sys.executable).with_name("mypy")), "estro_rules/dado", env=env)

    # The tests a registry line can change, on the copy, and the new package's doctests and the pages'.
    tests = sorted(
        str(p.relative_to(copy))
        for p in (copy / "tests").rglob("test_*.py")
        if "browser" not in p.parts and p.name != Path(__file__).name and READS_THE_REGISTRY.search(p.read_text("utf-8"))
    )
    assert len(tests) >= 15, tests  # the finding works
    # Left out: the cases of the three protocols' own example files (their ids name the file), which the main
    # run runs one by one and which a registry line cannot change (it cannot take their kinds' prefixes).
    run(
        copy, sys.executable, "-m", "pytest", "-q", "-x", "-m", "not browser and not pyodide",
        "-k", "not p07/ and not battaglia/ and not r19/", *tests, "estro_rules/dado", "docs", env=env,
    )


def test_the_page_lists_every_file_the_scaffold_writes() -> None:
    page = (ROOT / "docs" / "_sources" / "adding-a-protocol.md").read_text(encoding="utf-8")
    assert list(new_protocol.files(NAME)) == WRITTEN[:-1]
    for path in WRITTEN:
        assert f"| `{path}` |" in page


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Dado", "error: 'Dado': expected a name of 2 to 16 lower-case letters and digits, a letter first"),
        ("9lives", "error: '9lives': expected a name of 2 to 16 lower-case letters and digits, a letter first"),
        ("battaglia", "error: estro_rules/battaglia already exists"),
    ],
)
def test_a_name_it_cannot_take_is_refused(name: str, message: str, tmp_path: Path) -> None:
    (tmp_path / "estro_rules" / "battaglia").mkdir(parents=True)
    with pytest.raises(SystemExit) as refused:
        new_protocol.scaffold(name, tmp_path)
    assert str(refused.value) == message
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["battaglia", "estro_rules"]
