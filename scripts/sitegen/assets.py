"""The browser runtime: Pyodide compiled for Pyodide, and the engine as bytecode.

Pyodide comes from the npm package pinned in package-lock.json (``npm ci`` puts
it in node_modules/). Its ``python_stdlib.zip`` holds only sources, so every
start would compile each module it imports; the engine, too, would be compiled
from source on every start. The **compile for Pyodide** step fixes both at build
time (:func:`compile_for_pyodide`):

1. the engine: pyodide-build's ``pyodide lockfile add-wheels`` and ``pyodide
   py-compile``, the latter run by Pyodide's own CPython under Node, make its
   compiled wheel and its ``pyodide-lock.json`` entry (:mod:`.toolchain`);
2. the standard library, our own step (pyodide-build has nothing like it),
   ``scripts/pyodide_compile.mjs``: Pyodide's own CPython runs under Node,
   imports the engine and runs one scenario of every kind the way the worker
   does, records which standard-library modules that needed (``sys.modules``),
   and ``py_compile`` inside that same interpreter turns them into unchecked
   hash-based ``.pyc`` files. The two run side by side;
3. here, two standard libraries are built from the npm package's zip: the
   **boot library** ``python_stdlib.zip``, which Pyodide mounts, holds the
   measured modules only, as bytecode (3 MB instead of 10); the **whole
   library** ``python_stdlib-whole.zip`` holds the same bytecode and every other
   module as source. Nobody downloads the whole library until an import needs a
   module the boot library lacks: then :mod:`estro_rules.web_stdlib` has the
   worker put it in the boot library's place, so any import works. The engine's
   compiled wheel, a zip of bytecode, is what the worker puts on ``sys.path``.
   The zips are stored uncompressed: the server sends them brotli- or
   gzip-compressed, and imports need no inflating.

The result is cached under ``pyodide/<lock hash>/<engine hash>/`` in the build's cache folder
(:mod:`.caches`, shared by the machine's clones), so a rebuild with the same lock file and the same
engine takes no time.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import compress, toolchain
from .caches import CACHE_HOME

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
LOCK_FILE = ROOT / "package-lock.json"
COMPILER = ROOT / "scripts" / "pyodide_compile.mjs"
CACHE = CACHE_HOME / "pyodide"

#: The npm package's files a page needs, copied unchanged (its stdlib zip is replaced, its lock file
#: is not needed: the worker hands Pyodide the lock file's ``info`` and no packages).
NPM_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The npm package's own files the compile step reads.
NPM_INPUTS = (*NPM_FILES, "python_stdlib.zip", "pyodide-lock.json", "package.json")

#: Where the worker writes the engine's zip inside Pyodide's file system (it goes on sys.path).
ENGINE_PATH = "/lib/estro_rules.zip"

#: How the worker loads the engine: ``"zip"``, the compiled wheel put on ``sys.path`` as it is (a zip
#: of bytecode), or ``"package"``, Pyodide's own way: ``loadPackage("estro-rules")`` from the lock
#: entry pyodide-build wrote. Measured both ways (``scripts/bench_engine_loading.py``, About page):
#: the faster is the default. ``ESTRO_ENGINE_LOADING`` chooses for one build.
ENGINE_LOADINGS = ("zip", "package")


def engine_loading() -> str:
    """The way this build's worker loads the engine (``ESTRO_ENGINE_LOADING``, else the default)."""
    way = os.environ.get("ESTRO_ENGINE_LOADING") or ENGINE_LOADINGS[0]
    if way not in ENGINE_LOADINGS:
        raise ValueError(f"ESTRO_ENGINE_LOADING must be one of {', '.join(ENGINE_LOADINGS)}, not {way!r}")
    return way


#: The whole standard library's file name (beside the boot library, ``python_stdlib.zip``).
WHOLE_STDLIB = "python_stdlib-whole.zip"

#: Every entry of a zip we write gets this date, so the same input gives the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

#: Engine compile results kept per lock file (the most recent ones).
CACHE_KEEP = 4


@dataclass(frozen=True)
class Compiled:
    """What the compile step made for one lock file and one engine."""

    stdlib: Path
    """``python_stdlib.zip``, the boot library: the measured modules as ``.pyc``, nothing else."""

    whole: Path
    """``python_stdlib-whole.zip``: the boot library's ``.pyc`` files and every other module as ``.py``."""

    engine: Path
    """The engine's wheel made by pyodide-build's ``py-compile`` (``estro_rules-*-cp314-none-any.whl``):
    its modules as ``.pyc``, uncompressed; a zip the worker can put on ``sys.path`` as it is."""

    measured: tuple[str, ...]
    """The standard-library modules (zip entry names) a start and the engine imported."""

    rest: tuple[str, ...]
    """The modules (dotted names) only the whole library has."""

    python: str
    """The version of Pyodide's Python that compiled them."""

    lock: Path | None = None
    """The ``pyodide-lock.json`` beside :attr:`engine`, with its entry (``pyodide lockfile add-wheels``,
    then ``py-compile``)."""

    by_package: bool = False
    """Whether the engine is loaded as a Pyodide package (:func:`engine_loading`), from :attr:`lock`: the
    measured modules then include those Pyodide's package loader imports."""

    @property
    def package_lock(self) -> Path:
        """:attr:`lock`, which a compile step always writes."""
        if self.lock is None:
            raise ValueError(f"no pyodide-lock.json beside {self.engine}")
        return self.lock


def _sha256(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def wheel_digest(wheel: Path) -> str:
    """A hash of every file in the wheel, by name and content (not its zip dates)."""
    with zipfile.ZipFile(wheel) as whl:
        return _sha256(*(part for name in sorted(whl.namelist()) for part in (name.encode(), whl.read(name))))


def engine_sources(wheel: Path) -> dict[str, str | dict[str, str]]:
    """The engine package's files in the wheel, without its ``.dist-info``: name -> text, or, for a binary
    file (a compiled message catalogue), name -> ``{"base64": …}``."""
    out: dict[str, str | dict[str, str]] = {}
    with zipfile.ZipFile(wheel) as whl:
        for name in sorted(whl.namelist()):
            if name.endswith("/") or ".dist-info/" in name:
                continue
            data = whl.read(name)
            try:
                out[name] = data.decode("utf-8")
            except UnicodeDecodeError:
                out[name] = {"base64": base64.b64encode(data).decode("ascii")}
    return out


def measurement_scenarios() -> list[str]:
    """One example scenario of every kind (the first under examples/), for measuring imports."""
    from estro_rules import registry

    chosen: dict[str, str] = {}
    for path in sorted((ROOT / "examples").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("kind") in {k.name for k in registry.KINDS}:
            chosen.setdefault(data["kind"], path.read_text(encoding="utf-8"))
    missing = [k.name for k in registry.KINDS if k.name not in chosen]
    if missing:
        raise ValueError(f"no example scenario of kind {', '.join(missing)} under examples/ to measure imports with")
    return [chosen[k.name] for k in registry.KINDS]


def _write(zip_out: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
    zip_out.writestr(info, data, compress_type=zipfile.ZIP_STORED)


def build_stdlib_zips(original: Path, compiled_dir: Path, measured: set[str], boot: Path, whole: Path) -> None:
    """From the npm stdlib zip: the boot library (each measured module's ``.pyc``) and the whole
    library (the same, and everything else as it was), both uncompressed."""
    with zipfile.ZipFile(original) as src, zipfile.ZipFile(boot, "w") as first, zipfile.ZipFile(whole, "w") as rest:
        for info in src.infolist():
            name = info.filename
            if name in measured:
                data = (compiled_dir / (name + "c")).read_bytes()
                _write(first, name + "c", data)
                _write(rest, name + "c", data)
            else:
                _write(rest, name, b"" if info.is_dir() else src.read(name))


def module_name(entry: str) -> str | None:
    """The dotted module name of a zip entry, or None for what is not a module.

    >>> module_name("xml/dom/minidom.py"), module_name("json/__init__.pyc"), module_name("xml/"), module_name("a.txt")
    ('xml.dom.minidom', 'json', None, None)
    """
    stem = entry.removesuffix("c") if entry.endswith(".pyc") else entry
    if not stem.endswith(".py"):
        return None
    return stem.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def boot_modules(compiled: Compiled) -> list[str]:
    """The boot library's modules (sorted dotted names)."""
    return sorted({m for m in map(module_name, compiled.measured) if m})


def only_in_whole(boot: Path, whole: Path) -> tuple[str, ...]:
    """The modules the whole library has and the boot library lacks (sorted dotted names)."""
    with zipfile.ZipFile(boot) as first, zipfile.ZipFile(whole) as rest:
        names = {module_name(n) for n in rest.namelist()} - {module_name(n) for n in first.namelist()}
    return tuple(sorted(n for n in names if n))


def stdlib_prefix() -> str:
    """Where Pyodide mounts its stdlib zip: ``/lib/python314.zip/`` for Python 3.14."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"/lib/python{major}{minor}.zip/"


def compile_for_pyodide(
    wheel: Path, cache: Path = CACHE, node: str | None = None, *, by_package: bool | None = None
) -> Compiled:
    """Compile the standard library and the engine for Pyodide (cached; see the module's docstring).
    ``by_package``: measure the imports with the engine loaded as a package (default: as this build loads it)."""
    if by_package is None:
        by_package = engine_loading() == "package"
    sources = engine_sources(wheel)
    scenarios = measurement_scenarios()
    lock_key = _sha256(LOCK_FILE.read_bytes(), *((PYODIDE_DIR / n).read_bytes() for n in ("package.json",)))[:16]
    steps = (COMPILER, Path(__file__), Path(toolchain.__file__), toolchain.CLI_IN_PYODIDE, toolchain.REQUIREMENTS)
    engine_key = _sha256(
        wheel_digest(wheel).encode(),
        json.dumps([scenarios, by_package]).encode(),
        *(p.read_bytes() for p in steps),
    )[:16]
    target = cache / lock_key / engine_key
    with toolchain.one_at_a_time():
        if not (target / "compiled.json").exists():
            _compile(wheel, sources, scenarios, target, node or shutil.which("node") or "node", by_package)
        _prune(cache, lock_key, engine_key)
    meta = json.loads((target / "compiled.json").read_text())
    boot, whole = target / "python_stdlib.zip", target / WHOLE_STDLIB
    package = toolchain.Package(target / "package" / meta["engine"], target / "package" / "pyodide-lock.json")
    measured, rest = tuple(meta["stdlib"]), only_in_whole(boot, whole)
    return Compiled(boot, whole, package.wheel, measured, rest, meta["python"], package.lock, by_package)


def _compile(
    wheel: Path,
    sources: dict[str, str | dict[str, str]],
    scenarios: list[str],
    target: Path,
    node: str,
    by_package: bool,
) -> None:
    missing = [n for n in NPM_INPUTS if not (PYODIDE_DIR / n).exists()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide files missing from {PYODIDE_DIR}: {', '.join(missing)}; run `bash scripts/setup.sh` (npm ci)"
        )
    job: dict[str, object] = {"engine": sources, "scenarios": scenarios, "stdlib_prefix": stdlib_prefix()}
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        work = Path(tmp)
        out = work / "out"
        out.mkdir()
        package = toolchain.add_to_lock(wheel, out / "package")
        if by_package:  # measured with the py3 wheel, loaded the Pyodide way
            shutil.copytree(package.lock.parent, work / "py3-package")
            job["package"] = {"lock": str(work / "py3-package" / package.lock.name)}
        # Our standard-library step and pyodide-build's py-compile, side by side (two Pyodides under Node).
        (work / "job.json").write_text(json.dumps(job))
        with (
            (work / "job.json").open() as job_in,
            (work / "errors.txt").open("w") as errors,
            subprocess.Popen([node, str(COMPILER), str(work / "pyc")], stdin=job_in, stderr=errors, cwd=ROOT) as step,
        ):
            package = toolchain.py_compile(package, node)
        if step.returncode != 0:
            raise RuntimeError(f"compiling for Pyodide failed:\n{(work / 'errors.txt').read_text()[-4000:]}")
        meta = json.loads((work / "pyc" / "modules.json").read_text())
        build_stdlib_zips(
            PYODIDE_DIR / "python_stdlib.zip",
            work / "pyc" / "stdlib",
            set(meta["stdlib"]),
            out / "python_stdlib.zip",
            out / WHOLE_STDLIB,
        )
        meta["engine"] = package.wheel.name
        (out / "compiled.json").write_text(json.dumps(meta, indent=1))
        shutil.rmtree(target, ignore_errors=True)
        out.rename(target)


def _prune(cache: Path, lock_key: str, engine_key: str) -> None:
    """Drop results of other lock files, and all but the latest few engines of this one."""
    for other in cache.iterdir():
        if other.is_dir() and other.name != lock_key:
            shutil.rmtree(other, ignore_errors=True)
    (cache / lock_key / engine_key).touch()
    engines = sorted(
        (p for p in (cache / lock_key).iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True
    )
    for old in engines[CACHE_KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


SNAPSHOTTER = ROOT / "scripts" / "pyodide_snapshot.mjs"

#: The shipped snapshot's path in the built site.
SNAPSHOT_DEST = "assets/pyodide/estro-engine.snapshot"


@dataclass(frozen=True)
class ShippedSnapshot:
    """The memory snapshot of a ready engine the site ships (``scripts/pyodide_snapshot.mjs``)."""

    path: Path
    """Pyodide's header, then the memory's pages listed in :attr:`pages`, one after the other."""

    bytes: int
    """The length of Pyodide's snapshot, unpacked: its header and the whole memory."""

    header: int
    """The length of Pyodide's own header: the WebAssembly memory starts there."""

    pages: tuple[int, ...]
    """The 64 KiB pages of memory in the file, in order (the others are zeros or as instantiated)."""

    initial_pages: tuple[int, ...]
    """The pages of memory the snapshot leaves as instantiated: the worker copies them back."""


def make_snapshot(compiled: Compiled, node: str | None = None) -> ShippedSnapshot:
    """The snapshot a first visit restores: made under Node from the boot library and the engine,
    warmed with one scenario of every kind (cached beside the compile step's results)."""
    warmups = measurement_scenarios()
    key = _sha256(SNAPSHOTTER.read_bytes(), json.dumps(warmups).encode())[:16]
    folder = compiled.stdlib.parent / f"snapshot-{key}"
    target = folder / "estro-engine.snapshot"
    with toolchain.one_at_a_time():
        _make_snapshot(compiled, warmups, folder, target, node)
    meta = json.loads((folder / "estro-engine.snapshot.json").read_text())
    return ShippedSnapshot(target, meta["bytes"], meta["header"], tuple(meta["pages"]), tuple(meta["initial_pages"]))


def _make_snapshot(compiled: Compiled, warmups: list[str], folder: Path, target: Path, node: str | None) -> None:
    if not (folder / "estro-engine.snapshot.json").exists():
        job = {
            "stdlib": str(compiled.stdlib),
            "engine": str(compiled.engine),
            "engine_path": ENGINE_PATH,
            "stdlib_path": stdlib_prefix().rstrip("/"),
            "rest": list(compiled.rest),
            "boot_modules": boot_modules(compiled),
            "warmups": warmups,
            "lock": worker_lock(compiled),
            "package": {"lock": str(compiled.package_lock)} if compiled.by_package else None,
        }
        with tempfile.TemporaryDirectory(dir=compiled.stdlib.parent) as tmp:
            done = subprocess.run(
                [node or shutil.which("node") or "node", str(SNAPSHOTTER), str(Path(tmp) / target.name)],
                input=json.dumps(job),
                capture_output=True,
                text=True,
                cwd=ROOT,
            )
            if done.returncode != 0:
                raise RuntimeError(f"making the shipped snapshot failed:\n{done.stderr[-4000:]}")
            shutil.rmtree(folder, ignore_errors=True)
            Path(tmp).rename(folder)
            folder.chmod(0o755)


def worker_lock(compiled: Compiled) -> dict[str, object]:
    """The lock file the worker hands Pyodide: the npm package's ``info`` (Pyodide checks its ABI) and,
    when the engine loads as a package, the engine's entry alone (the npm package ships no wheels)."""
    info = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())["info"]
    packages = json.loads(compiled.package_lock.read_text())["packages"] if compiled.by_package else {}
    return {"info": info, "packages": packages}


@dataclass(frozen=True)
class RuntimeFile:
    """One file the worker downloads: where it goes in the site and where it comes from."""

    dest: str
    """Path under the built site (``assets/pyodide/pyodide.asm.wasm``)."""

    src: Path
    """The file copied there."""


@dataclass(frozen=True)
class Runtime:
    """What the widgets download on first use: the Pyodide core and the engine, compiled for Pyodide."""

    wheel: Path
    """The engine's wheel, freshly built (the compile step's input)."""

    compiled: Compiled
    """The standard library and the engine as bytecode."""

    pyodide_version: str
    """The npm package's version (314.0.7): the memory snapshots are made for exactly this build."""

    snapshot: ShippedSnapshot
    """The snapshot of a ready engine a first visit restores."""

    @property
    def engine_dest(self) -> str:
        """The engine's compiled wheel in the built site: as a zip named with its version, or as a
        package beside Pyodide's files (where ``loadPackage`` looks, under the lock entry's name)."""
        if self.compiled.by_package:
            return f"assets/pyodide/{self.compiled.engine.name}"
        return f"assets/engine/estro_rules-{self.wheel.name.split('-')[1]}.zip"

    def files(self) -> list[RuntimeFile]:
        """Every file a start may download: the npm core, the boot library, the engine and the snapshot."""
        return [RuntimeFile(f"assets/pyodide/{name}", PYODIDE_DIR / name) for name in NPM_FILES] + [
            RuntimeFile("assets/pyodide/python_stdlib.zip", self.compiled.stdlib),
            RuntimeFile(self.engine_dest, self.compiled.engine),
            RuntimeFile(SNAPSHOT_DEST, self.snapshot.path),
        ]

    def first_use(self, *, snapshot: bool = True) -> list[RuntimeFile]:
        """What a first use downloads: the snapshot and no boot library (a restored Python never
        reads it), or with ``snapshot=False`` (Save-Data: fewer bytes) the boot library instead."""
        skip = "assets/pyodide/python_stdlib.zip" if snapshot else SNAPSHOT_DEST
        return [f for f in self.files() if f.dest != skip]

    @property
    def whole_stdlib(self) -> RuntimeFile:
        """The whole standard library: downloaded only by an import the boot library cannot serve."""
        return RuntimeFile(f"assets/pyodide/{WHOLE_STDLIB}", self.compiled.whole)

    @property
    def download_bytes(self) -> int:
        """What a first use downloads from a host that sends brotli (the build precompresses every file)."""
        return sum(compress.sizes(f.src).br for f in self.first_use())

    def manifest(self, *, offline: bool = True) -> dict[str, object]:
        """``assets/estro/runtime.json``: what the worker loads, with sizes and hashes.

        ``offline`` says whether the site has a service worker to register (not under ``mkdocs serve``).
        """
        files: dict[str, dict[str, Any]] = {}
        for f in self.files():
            size = compress.sizes(f.src)
            files[f.dest] = {
                "bytes": size.raw,
                "gzip": size.gzip,
                "br": size.br,
                "sha256": hashlib.sha256(f.src.read_bytes()).hexdigest(),
            }
        whole = self.whole_stdlib
        whole_sha256 = hashlib.sha256(whole.src.read_bytes()).hexdigest()
        return {
            "pyodide": self.pyodide_version,
            "python": self.compiled.python,
            "stdlib": "assets/pyodide/python_stdlib.zip",
            # The whole library, where the boot library is mounted, and the modules only it has.
            "stdlib_whole": {"url": whole.dest, "bytes": whole.src.stat().st_size, "sha256": whole_sha256},
            "stdlib_path": stdlib_prefix().rstrip("/"),
            "stdlib_rest": list(self.compiled.rest),
            # The boot library's modules: a snapshot imports them all, so a restored Python never reads it.
            "stdlib_boot": boot_modules(self.compiled),
            "engine": self.engine_dest,
            "engine_path": ENGINE_PATH,
            # Loaded the Pyodide way, loadPackage(this name) from the lock, or else put on sys.path.
            "engine_package": "estro-rules" if self.compiled.by_package else None,
            # The snapshot a first visit restores; the worker copies these pages back from its fresh memory.
            "shipped_snapshot": {
                "url": SNAPSHOT_DEST,
                "bytes": self.snapshot.bytes,
                "header": self.snapshot.header,
                "pages": list(self.snapshot.pages),
                "initial_pages": list(self.snapshot.initial_pages),
            },
            "lock": worker_lock(self.compiled),
            "files": files,
            "bytes": sum(v["bytes"] for v in files.values()),
            # What a first use downloads (brotli): from the snapshot, or (Save-Data) the boot library.
            "download": sum(files[f.dest]["br"] for f in self.first_use()),
            "download_without_snapshot": sum(files[f.dest]["br"] for f in self.first_use(snapshot=False)),
            # The memory snapshot of a ready engine is only good for exactly these files.
            "snapshot_key": hashlib.sha256(
                json.dumps(
                    sorted((k, v["sha256"]) for k, v in {**files, whole.dest: {"sha256": whole_sha256}}.items())
                ).encode()
            ).hexdigest(),
            # Run once before a snapshot is made, so that a restored engine is warm.
            "warmup": measurement_scenarios(),
            "offline": offline,
        }

    def copy_into(self, site_dir: Path, *, offline: bool = True) -> None:
        """Copy every runtime file into the built site and describe them in ``assets/estro/runtime.json``."""
        for f in [*self.files(), self.whole_stdlib]:
            target = site_dir / f.dest
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f.src, target)
        manifest = json.dumps(self.manifest(offline=offline), indent=2)
        (site_dir / "assets" / "estro" / "runtime.json").write_text(manifest)


def build_wheel(out_dir: Path) -> Path:
    """Build the engine's ``py3-none-any`` wheel from the repo into ``out_dir`` (``pyodide build``)."""
    return toolchain.build_wheel(out_dir)


def runtime(cache_dir: Path) -> Runtime:
    """Build the wheel, compile it and the standard library for Pyodide (cached), and describe the runtime."""
    missing = [name for name in NPM_INPUTS if not (PYODIDE_DIR / name).exists()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide files missing from {PYODIDE_DIR}: {', '.join(missing)}; run `bash scripts/setup.sh` (npm ci)"
        )
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    # Brotli at its best is slow on the 40 MB of runtime files: they are compressed (cached) on
    # every core, Pyodide's own from the start, while the engine and the standard library compile.
    npm = compress.warm(PYODIDE_DIR / name for name in NPM_FILES)
    with toolchain.one_at_a_time():
        for old in cache_dir.glob("*.whl"):
            old.unlink()
        wheel = build_wheel(cache_dir)
        compiled = compile_for_pyodide(wheel)
        made = Runtime(wheel, compiled, version, make_snapshot(compiled))
    compress.warm([f.src for f in made.files()] + [made.whole_stdlib.src]).wait()
    npm.wait()
    return made
