"""The browser runtime: the vendored Pyodide core and the engine's own wheel.

Pyodide comes from the npm package pinned in package-lock.json
(``npm ci`` puts it in node_modules/). The engine is built from this repo as
a plain ``py3-none-any`` wheel, which is all Pyodide needs for pure Python:
the worker unpacks it with ``pyodide.unpackArchive`` (no micropip, no
pyodide-build). Both are copied into the built site under assets/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
#: The Pyodide files a page needs (the rest of the npm package is for Node and typing).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


@dataclass(frozen=True)
class Runtime:
    """What the widgets download on first use."""

    wheel: Path
    """The engine's wheel, freshly built."""

    pyodide_version: str

    def files(self) -> list[tuple[str, Path]]:
        """(path under the site's assets/, source file) for every runtime file."""
        return [(f"assets/pyodide/{name}", PYODIDE_DIR / name) for name in PYODIDE_FILES] + [
            (f"assets/wheels/{self.wheel.name}", self.wheel)
        ]

    @property
    def download_bytes(self) -> int:
        return sum(src.stat().st_size for _, src in self.files())

    def manifest(self) -> dict[str, object]:
        return {
            "pyodide": self.pyodide_version,
            "wheel": f"assets/wheels/{self.wheel.name}",
            "files": {dest: src.stat().st_size for dest, src in self.files()},
            "bytes": self.download_bytes,
        }

    def copy_into(self, site_dir: Path) -> None:
        for dest, src in self.files():
            target = site_dir / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
        (site_dir / "assets" / "estro" / "runtime.json").write_text(json.dumps(self.manifest(), indent=2))


def build_wheel(out_dir: Path) -> Path:
    """Build the engine's wheel from the repo into ``out_dir``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                tmp,
                str(ROOT),
            ],
            check=True,
            cwd=ROOT,
        )
        (built,) = Path(tmp).glob("estro_rules-*-py3-none-any.whl")
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / built.name
        shutil.copy2(built, target)
    # setuptools leaves a build/ folder behind; it is not ours to keep.
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    shutil.rmtree(ROOT / "build" / "bdist.linux-x86_64", ignore_errors=True)
    return target


def runtime(cache_dir: Path) -> Runtime:
    """Build the wheel and check that Pyodide is installed."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).exists()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide files missing from {PYODIDE_DIR}: {', '.join(missing)}; run `bash scripts/setup.sh` (npm ci)"
        )
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    for old in cache_dir.glob("*.whl"):
        old.unlink()
    return Runtime(build_wheel(cache_dir), version)
