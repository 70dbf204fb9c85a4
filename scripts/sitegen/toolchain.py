"""pyodide-build in the site build: the engine's wheel, its ``pyodide-lock.json`` entry, its bytecode.

pyodide-build needs Python >= 3.12; it lives in its own environment, ``.venv-pyodide-build``
(``scripts/setup_pyodide_build.sh``, pinned with hashes in ``requirements-pyodide-build.txt``),
and the build calls its ``pyodide`` command:

1. ``pyodide xbuildenv install --url file://…/xbuildenv.tar.gz`` — a **cross-build environment
   made here** (:func:`xbuildenv`): ``pyodide build`` always wants one, and the official ones
   are downloads from outside. For a pure-Python wheel it needs only a ``Makefile.envs`` with
   the versions (from the npm package's ``pyodide-lock.json`` and ``package.json``), the
   target's ``_sysconfigdata__emscripten_wasm32-emscripten.py`` (from its
   ``python_stdlib.zip``) and an empty ``requirements.txt`` (no cross-build packages). It is
   installed into ``xbuildenv/<key>/`` of the build's cache folder (:mod:`.caches`), the key a
   hash of the npm package's lock and of this file; ``SKIP_EMSCRIPTEN_VERSION_CHECK=1`` tells
   pyodide-build that no Emscripten is needed (pure Python), or it would clone emsdk.
2. ``pyodide build --no-isolation --skip-dependency-check`` — the engine's ``py3-none-any``
   wheel (:func:`build_wheel`), built with the environment's own pinned setuptools, so nothing
   is downloaded. It has the same files as ``pip wheel``'s.
3. ``pyodide lockfile add-wheels`` — the engine's entry in a ``pyodide-lock.json`` that has the
   npm package's ``info`` and no other package (:func:`add_to_lock`), so that
   ``loadPackage("estro-rules")`` can load it.
4. ``pyodide py-compile --compression-level 0`` on that folder (:func:`py_compile`) — run by
   **Pyodide's own CPython 3.14 under Node** (``scripts/pyodide_build_cli.mjs``, from the same pinned wheels downloaded
   for 3.14): py-compile compiles for the interpreter that runs it, and no native 3.14 is to be
   had here. It turns the wheel into ``estro_rules-<version>-cp314-none-any.whl`` (``.pyc`` only,
   stored uncompressed: the server compresses) and rewrites the lock entry's file name and
   sha256. That wheel is the engine the site ships.

Its output is not byte-for-byte reproducible (zip dates), so the callers cache it by the hash of
its input (``scripts/sitegen/assets.py``).
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .caches import CACHE_HOME

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
TOOLS = ROOT / ".venv-pyodide-build"
#: pyodide-build's command, on the build-tool environment's Python (>= 3.12).
PYODIDE = TOOLS / "bin" / "pyodide"
#: The same pinned wheels for Python 3.14, which run inside Pyodide.
WHEELS_PY314 = TOOLS / "wheels-py314"
REQUIREMENTS = ROOT / "requirements-pyodide-build.txt"
CLI_IN_PYODIDE = ROOT / "scripts" / "pyodide_build_cli.mjs"
XBUILDENV_CACHE = CACHE_HOME / "xbuildenv"

#: The target's sysconfig module in the npm package's standard library.
SYSCONFIGDATA = "_sysconfigdata__emscripten_wasm32-emscripten.py"

MAKEFILE_ENVS = """\
# Derived by scripts/sitegen/toolchain.py from the npm package pyodide {pyodide}: what pyodide-build
# reads to build a pure-Python wheel. No Emscripten, no cross-build packages.
export PYVERSION ?= {python}
export PYODIDE_EMSCRIPTEN_VERSION ?= {emscripten}
export PYODIDE_VERSION ?= {pyodide}
export PYODIDE_ABI_VERSION ?= {abi}
export PLATFORM_TRIPLET=wasm32-emscripten
export SYSCONFIG_NAME=_sysconfigdata_$(CPYTHON_ABI_FLAGS)_emscripten_$(PLATFORM_TRIPLET)
version_tuple := $(subst ., ,$(PYVERSION))
export PYMAJOR=$(word 1,$(version_tuple))
export PYMINOR=$(word 2,$(version_tuple))
export PYMICRO=$(word 3,$(version_tuple))
export CPYTHONINSTALL=$(PYODIDE_ROOT)/cpython/installs/python-$(PYVERSION)
export TARGETINSTALLDIR=$(CPYTHONINSTALL)
export SYSCONFIGDATA_DIR=$(CPYTHONINSTALL)/sysconfigdata/
export PYTHONINCLUDE=$(CPYTHONINSTALL)/include/python$(PYMAJOR).$(PYMINOR)

.output_vars:
\tset
"""


_held = 0


@contextmanager
def one_at_a_time() -> Iterator[None]:
    """Hold the build's lock (``.runtime.lock`` in the cache folder, :mod:`.caches`) while a runtime step
    reads or writes the caches or setuptools' folders under ``build/``: the test workers build at the same
    time, and other clones may share the caches. Re-entrant within a process."""
    global _held
    if _held:
        _held += 1
        try:
            yield
        finally:
            _held -= 1
        return
    path = CACHE_HOME / ".runtime.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _held = 1
        try:
            yield
        finally:
            _held = 0
            fcntl.flock(lock, fcntl.LOCK_UN)


class ToolchainError(RuntimeError):
    """A pyodide-build step failed, or the build-tool environment is missing."""


def _check_tools() -> None:
    if not PYODIDE.exists() or not WHEELS_PY314.is_dir():
        raise ToolchainError(f"pyodide-build is not installed in {TOOLS.name}; run `bash scripts/setup.sh`")


def _run(args: list[str], what: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env)
    if done.returncode != 0:
        raise ToolchainError(f"{what} failed ({' '.join(args[:3])} …):\n{(done.stdout + done.stderr)[-4000:]}")
    return done.stdout


def npm_versions() -> dict[str, str]:
    """The versions pyodide-build needs, from the npm package: Python, Emscripten, Pyodide, ABI."""
    info = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())["info"]
    return {
        "python": info["python"],
        "emscripten": info["platform"].removeprefix("emscripten_").replace("_", "."),
        "pyodide": json.loads((PYODIDE_DIR / "package.json").read_text())["version"],
        "abi": info["abi_version"],
    }


def xbuildenv_archive(out: Path) -> None:
    """Write the cross-build environment, as ``pyodide xbuildenv install`` unpacks it, to ``out``."""
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as stdlib:
        sysconfig = stdlib.read(SYSCONFIGDATA)
    versions = npm_versions()
    root = "xbuildenv/pyodide-root/"
    files = {
        "xbuildenv/requirements.txt": b"",
        root + "Makefile.envs": MAKEFILE_ENVS.format(**versions).encode(),
        f"{root}cpython/installs/python-{versions['python']}/sysconfigdata/{SYSCONFIGDATA}": sysconfig,
    }
    with tarfile.open(out, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))


def xbuildenv() -> Path:
    """The local cross-build environment (``PYODIDE_XBUILDENV_PATH``), made and installed once per npm package."""
    digest = hashlib.sha256((ROOT / "package-lock.json").read_bytes())
    digest.update((PYODIDE_DIR / "package.json").read_bytes())
    digest.update(Path(__file__).read_bytes())
    folder = XBUILDENV_CACHE / digest.hexdigest()[:16]
    if (folder / "ready").exists():
        return folder / "env"
    _check_tools()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    xbuildenv_archive(folder / "xbuildenv.tar.gz")
    url = (folder / "xbuildenv.tar.gz").as_uri()
    _run([str(PYODIDE), "xbuildenv", "install", "--url", url], "pyodide xbuildenv install", build_env(folder / "env"))
    (folder / "ready").touch()
    for other in XBUILDENV_CACHE.iterdir():
        if other != folder:
            shutil.rmtree(other, ignore_errors=True)
    return folder / "env"


def build_env(xbuildenv_path: Path) -> dict[str, str]:
    """The environment of pyodide-build's commands: the local cross-build environment, no Emscripten."""
    return {
        **os.environ,
        "PYODIDE_XBUILDENV_PATH": str(xbuildenv_path),
        "SKIP_EMSCRIPTEN_VERSION_CHECK": "1",
        "PYODIDE_SKIP_EMSCRIPTEN_INSTALL": "1",
    }


def build_wheel(out_dir: Path) -> Path:
    """The engine's ``py3-none-any`` wheel, built from the repo by ``pyodide build`` into ``out_dir``."""
    with one_at_a_time(), tempfile.TemporaryDirectory() as tmp:
        env = build_env(xbuildenv())
        args = [str(PYODIDE), "build", "--no-isolation", "--skip-dependency-check", "--outdir", tmp, str(ROOT)]
        _run(args, "pyodide build", env)
        (built,) = Path(tmp).glob("estro_rules-*-py3-none-any.whl")
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / built.name
        shutil.copy2(built, target)
        # setuptools leaves a build/ folder behind; it is not ours to keep.
        for leftover in [ROOT / "build" / "lib", *(ROOT / "build").glob("bdist.*")]:
            shutil.rmtree(leftover, ignore_errors=True)
    return target


@dataclass(frozen=True)
class Package:
    """The engine as Pyodide loads a package: its compiled wheel and its ``pyodide-lock.json``."""

    wheel: Path
    """The wheel: after :func:`py_compile`, ``estro_rules-<version>-cp314-none-any.whl``, every module as
    ``.pyc``, stored uncompressed."""

    lock: Path
    """``pyodide-lock.json`` beside it: the npm package's ``info`` and one package, ``estro-rules``, naming
    the wheel."""

    @property
    def entry(self) -> dict[str, object]:
        """The lock file's entry for the engine."""
        entry: dict[str, object] = json.loads(self.lock.read_text())["packages"]["estro-rules"]
        return entry


def add_to_lock(wheel: Path, out_dir: Path) -> Package:
    """The engine's entry in a new ``pyodide-lock.json`` (``pyodide lockfile add-wheels``), with a copy of
    its ``py3-none-any`` wheel, in the new folder ``out_dir``."""
    _check_tools()
    out_dir.mkdir(parents=True)
    shutil.copy2(wheel, out_dir / wheel.name)
    info = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())["info"]
    lock = out_dir / "pyodide-lock.json"
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "pyodide-lock.json"
        base.write_text(json.dumps({"info": info, "packages": {}}))
        args = [str(PYODIDE), "lockfile", "add-wheels", "--input", str(base), "--output", str(lock)]
        _run([*args, "--base-path", str(out_dir), str(out_dir / wheel.name)], "pyodide lockfile add-wheels")
    return Package(out_dir / wheel.name, lock)


def py_compile(package: Package, node: str) -> Package:
    """The package's wheel as bytecode (``pyodide py-compile``, inside Pyodide under Node): the
    ``py3-none-any`` wheel is replaced by a ``cp314`` one, and the lock entry follows."""
    folder = package.lock.parent
    args = [node, str(CLI_IN_PYODIDE), str(WHEELS_PY314), str(folder), "py-compile", "--silent"]
    _run([*args, "--compression-level", "0", str(folder)], "pyodide py-compile (in Pyodide under Node)")
    (compiled,) = folder.glob("estro_rules-*-cp*-none-any.whl")
    for made in (compiled, package.lock):
        made.chmod(0o644)
    result = Package(compiled, package.lock)
    if result.entry["file_name"] != compiled.name:
        raise ToolchainError(f"py-compile did not rewrite the lock entry: {result.entry}")
    return result
