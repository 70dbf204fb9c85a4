"""The Python locks: every dependency pinned to one release and listed with its files' hashes.

``requirements-*.in`` say what we ask for; ``bash scripts/lock.sh`` (pip-tools) compiles each into its
``.txt`` with every dependency and the SHA-256 of every file of its release, which scripts/setup.sh and
scripts/mutation.sh install with ``--require-hashes`` (scripts/setup_pyodide_build.sh the pyodide-build lock, into
its own environment on Python >= 3.12). These read the files: a lock edited by hand, a
package asked for but not compiled in, or two locks that disagree on a shared package, fail here.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.support import ROOT

LOCKS = ("requirements-dev", "requirements-mutation", "requirements-lock", "requirements-pyodide-build")
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+) \\$")


def pins(lock: Path) -> dict[str, tuple[str, list[str]]]:
    """Each package of a compiled lock: its version and its hashes."""
    found: dict[str, tuple[str, list[str]]] = {}
    current = None
    for line in lock.read_text(encoding="utf-8").splitlines():
        if m := PIN.match(line):
            current = m["name"].lower().replace("_", "-")
            found[current] = (m["version"], [])
        elif line.strip().startswith("--hash=sha256:") and current:
            found[current][1].append(line.strip().removeprefix("--hash=sha256:").rstrip(" \\"))
        elif line.strip() and not line.lstrip().startswith("#"):
            assert line.startswith("    "), f"{lock.name}: a line pip-compile does not write: {line!r}"
    return found


def asked(source: Path) -> dict[str, str]:
    """What a ``.in`` file asks for (name -> version)."""
    out = {}
    for line in source.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            name, _, version = line.partition("==")
            name = name.split("[")[0]  # pyodide-lock[wheel]: the lock pins the package, the extra adds packages
            out[name.lower().replace("_", "-")] = version
    return out


@pytest.mark.parametrize("name", LOCKS)
def test_every_package_is_pinned_with_hashes(name: str) -> None:
    lock = pins(ROOT / f"{name}.txt")
    assert lock, f"{name}.txt pins nothing"
    for package, (version, hashes) in lock.items():
        assert hashes, f"{name}.txt: {package}=={version} has no hash"
        assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes), package
    for package, version in asked(ROOT / f"{name}.in").items():
        assert lock.get(package, ("missing",))[0] == version, (
            f"{name}.in asks for {package}=={version}: run scripts/lock.sh"
        )


def test_the_mutation_lock_agrees_with_the_dev_lock() -> None:
    """They go into one .venv: a package both hold is the same release, with the same hashes."""
    dev, mutation = pins(ROOT / "requirements-dev.txt"), pins(ROOT / "requirements-mutation.txt")
    shared = set(dev) & set(mutation)
    assert {"click", "pytest", "markdown-it-py"} <= shared
    assert {p: mutation[p] for p in shared} == {p: dev[p] for p in shared}


def test_setup_and_mutation_install_with_require_hashes() -> None:
    for script, lock in (
        ("setup.sh", "requirements-dev.txt"),
        ("mutation.sh", "requirements-mutation.txt"),
        ("setup_pyodide_build.sh", "requirements-pyodide-build.txt"),
    ):
        text = (ROOT / "scripts" / script).read_text(encoding="utf-8")
        assert f"--require-hashes -r {lock}" in text, script


def test_the_pyodide_build_lock_holds_what_the_build_runs_offline() -> None:
    """pyodide-build and pyodide-lock with its ``wheel`` extra (``lockfile add-wheels`` needs it), and the
    build backend pyproject.toml names: ``pyodide build --no-isolation`` builds with the environment's own,
    so the build downloads nothing."""
    tools = pins(ROOT / "requirements-pyodide-build.txt")
    assert {"pyodide-build", "pyodide-lock", "wheel"} <= set(tools)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in pyproject["build-system"]["requires"]:
        name, _, minimum = requirement.partition(">=")
        assert name in tools, f"requirements-pyodide-build.in lacks the build backend {name}"
        assert tuple(map(int, tools[name][0].split(".")[:1])) >= tuple(map(int, minimum.split(".")[:1])), requirement
