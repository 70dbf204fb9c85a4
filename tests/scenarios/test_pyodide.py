"""The engine inside Pyodide (under Node, from the vendored npm package) gives what CPython gives."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from estro_rules import web
from scripts.sitegen.assets import Compiled, ShippedSnapshot, compile_for_pyodide, make_snapshot, module_name
from tests.support import ROOT

EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
#: Big numbers, which JavaScript's numbers would round: the replies are compared as JSON text.
BIG = [
    '{"kind": "battaglia.battle", "left": [{"name": "A", "threat": 1, "health": 3}], '
    '"right": [{"name": "B", "threat": 1, "health": 3}], "seed": 9223372036854775807}',
    '{"kind": "p07.destruction", "seed": 9007199254740993}',
]
BAD = [
    "{",
    '{"kind": "p07.combination", "modes": ["Single Player", "<img src=x onerror=alert(1)>"]}',
    '{"kind": "p07.destruction", "seed": -3}',
]

pytestmark = pytest.mark.pyodide

#: The magic number of Pyodide's Python 3.14 bytecode (the host's 3.11 differs).
PYODIDE_MAGIC = bytes.fromhex("2b0e0d0a")


def snapshot_env(snapshot: ShippedSnapshot) -> dict[str, str]:
    """The runner's environment to start from the shipped snapshot, as the worker does."""
    where = {
        "path": str(snapshot.path),
        "bytes": snapshot.bytes,
        "header": snapshot.header,
        "pages": list(snapshot.pages),
        "initial_pages": list(snapshot.initial_pages),
    }
    return {**os.environ, "ESTRO_SNAPSHOT": json.dumps(where)}


def replies_in_pyodide(
    node: str, texts: list[str], engine: Path, stdlib: Path | None = None, snapshot: ShippedSnapshot | None = None
) -> list[str]:
    """The widgets' replies to ``texts``, from the engine ``engine`` in Pyodide under Node (JSON text each)."""
    done = subprocess.run(
        [node, "scripts/pyodide_run.mjs", str(engine), "scenarios", *([str(stdlib)] if stdlib else [])],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env=snapshot_env(snapshot) if snapshot else None,
    )
    assert done.returncode == 0, done.stderr
    replies: list[str] = json.loads(done.stdout)
    return replies


def test_examples_and_errors_match_cpython(wheel: Path, node: str) -> None:
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())] + BIG + BAD
    in_pyodide = replies_in_pyodide(node, texts, wheel)  # each reply is JSON text, compared as text
    in_cpython = [web.handle(t) for t in texts]
    assert len(in_pyodide) == len(texts)
    for text, got, want in zip(texts, in_pyodide, in_cpython, strict=True):
        assert got == want, text[:80]
    assert '"seed": 9223372036854775807' in in_pyodide[len(texts) - len(BAD) - 2]
    replies = [json.loads(r) for r in in_pyodide]
    assert [r["ok"] for r in replies[-len(BAD) :]] == [False, False, False]
    assert "&lt;img" not in replies[-2]["error"]  # errors are text, escaped only when shown


def test_pyodide_reports_its_python(wheel: Path, node: str) -> None:
    code = "import sys, estro_rules; print(sys.platform, estro_rules.__version__)"
    done = subprocess.run(
        [node, "scripts/pyodide_run.mjs", str(wheel), "python"],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["emscripten", __import__("estro_rules").__version__]


@pytest.fixture(scope="session")
def compiled(wheel: Path, node: str) -> Compiled:
    """The standard library and the engine compiled for Pyodide, as the site ships them (build cache)."""
    return compile_for_pyodide(wheel, node=node)


def run_python(
    node: str,
    engine: Path,
    code: str,
    stdlib: Path | None = None,
    whole: Compiled | None = None,
    snapshot: ShippedSnapshot | None = None,
) -> str:
    """What ``code`` prints in Pyodide under Node (``whole``: ``stdlib`` is the boot library, and the whole
    library is loaded in its place on demand, as in the worker; ``snapshot``: started from it)."""
    args = [node, "scripts/pyodide_run.mjs", str(engine), "python"] + ([str(stdlib)] if stdlib else [])
    env = snapshot_env(snapshot) if snapshot else {**os.environ}
    if whole is not None:
        env["ESTRO_WHOLE_STDLIB"] = json.dumps({"path": str(whole.whole), "rest": list(whole.rest)})
    done = subprocess.run(args, input=code, capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_boot_library_is_the_measured_bytecode_and_the_whole_library_adds_the_sources(compiled: Compiled) -> None:
    with (
        zipfile.ZipFile(compiled.stdlib) as boot,
        zipfile.ZipFile(compiled.whole) as whole,
        zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip") as npm,
    ):
        sources = {n for n in npm.namelist() if n.endswith(".py")}
        assert {"json/__init__.py", "dataclasses.py", "enum.py", "random.py"} <= set(compiled.measured)
        assert sorted(boot.namelist()) == sorted(name + "c" for name in compiled.measured), "bytecode, nothing else"
        for name in compiled.measured:
            assert boot.read(name + "c")[:4] == PYODIDE_MAGIC, "made by Pyodide's own Python"
            assert whole.read(name + "c") == boot.read(name + "c"), "the same bytecode in both"
        names = set(whole.namelist())
        for name in sources - set(compiled.measured):
            assert name in names and name + "c" not in names, name
        assert {i.filename for i in npm.infolist() if not i.filename.endswith(".py")} <= names
        for archive in (boot, whole):
            assert all(i.compress_type == zipfile.ZIP_STORED for i in archive.infolist()), "the server compresses"
    assert "calendar" in compiled.rest and "xml.dom.minidom" in compiled.rest and "json" not in compiled.rest
    assert len(compiled.rest) == len({n for n in sources - set(compiled.measured)})
    with zipfile.ZipFile(compiled.engine) as engine:
        modules = {n.removesuffix("c") for n in engine.namelist() if n.endswith(".pyc")}
        assert modules == {str(p.relative_to(ROOT)) for p in (ROOT / "estro_rules").rglob("*.py")}
        assert not [n for n in engine.namelist() if n.endswith(".py")], "the engine ships as bytecode only"


UNMEASURED = """\
import js, sys
try:
    import not_a_module_anywhere
except ModuleNotFoundError as err:
    print("missing", err.name, getattr(js, "estroStdlibLoads", 0))
import fractions, statistics, csv, calendar, io, json, json.tool, xml.dom.minidom
print(fractions.Fraction(3, 6), statistics.median([3, 1, 2]), calendar.isleap(2028))
print(next(csv.reader(io.StringIO('a,b'))), fractions.__file__.endswith('.py'), json.__file__.endswith('.pyc'))
print(xml.dom.minidom.parseString("<a>b</a>").documentElement.tagName, json.tool.__name__, js.estroStdlibLoads)
"""


def test_a_module_outside_the_boot_library_still_imports(compiled: Compiled, node: str) -> None:
    """Only what a start and the engine need is in the boot library; an import of anything else
    loads the whole library once, in its place, and goes on."""
    assert not {"fractions.py", "statistics.py", "csv.py", "calendar.py", "json/tool.py"} & set(compiled.measured)
    assert "json/__init__.py" in compiled.measured
    out = run_python(node, compiled.engine, UNMEASURED, compiled.stdlib, compiled)
    assert out.split("\n")[:4] == [
        "missing not_a_module_anywhere 0",  # in neither library: nothing loaded
        "1/2 2 True",
        "['a', 'b'] True True",
        "a json.tool 1",  # a package only the whole library has; a module of a boot package (json); loaded once
    ]
    # Without the finder, the boot library alone cannot: the whole library is what serves these.
    code = "try:\n    import calendar\nexcept ModuleNotFoundError as err:\n    print('missing', err.name)\n"
    assert run_python(node, compiled.engine, code, compiled.stdlib).split("\n")[0] == "missing calendar"


def test_the_engine_as_bytecode_answers_as_cpython(compiled: Compiled, node: str) -> None:
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())] + BIG + BAD
    in_pyodide = replies_in_pyodide(node, texts, compiled.engine, compiled.stdlib)
    assert in_pyodide == [web.handle(t) for t in texts]  # JSON text, compared as text
    out = run_python(node, compiled.engine, "import estro_rules.web as w; print(w.__file__)", compiled.stdlib)
    assert out.strip() == "/lib/estro_rules.zip/estro_rules/web.pyc"


def test_the_engine_answers_in_italian_as_cpython(compiled: Compiled, node: str) -> None:
    """An Italian page's widget: the catalogue is read from inside the engine's zip, and the modules that
    reading it needs are in the boot library (measured with an Italian request too)."""
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())]
    in_pyodide = replies_in_pyodide(node, [[t, "it"] for t in [*texts, *BAD]], compiled.engine, compiled.stdlib)
    assert in_pyodide == [web.handle(t, "", "it") for t in [*texts, *BAD]]  # JSON text, compared as text
    # A wrong scenario's message is Italian there too (tests/engine/test_i18n_errors.py).
    assert json.loads(in_pyodide[-1])["error"] == "seed: atteso un numero intero da 0 a 2⁶³−1, ricevuto -3"
    replies = [json.loads(r) for r in in_pyodide[: len(texts)]]
    p07 = [r for r in replies if r["result"]["kind"].startswith("p07.")]
    assert p07 and all(r["lang"] == "it" for r in p07)
    assert any("Ammesso." in r["html"] or "Non ammesso." in r["html"] for r in p07)
    battaglia = [r for r in replies if r["result"]["kind"].startswith("battaglia.")]
    assert battaglia and all(r["lang"] == "it" for r in battaglia)
    assert any("Eventi principali" in r["html"] for r in battaglia)
    r19 = [r for r in replies if r["result"]["kind"] == "r19.sequence"]
    assert r19 and all(r["lang"] == "it" and "Situazione iniziale" in r["html"] for r in r19)
    boot = {module_name(m) for m in compiled.measured}
    assert {"gettext", "struct"} <= boot, "reading a catalogue needs no module from the whole library"


def test_the_engine_is_the_wheel_pyodide_build_made_and_compiled(wheel: Path, compiled: Compiled) -> None:
    """``pyodide build`` made the py3 wheel, ``pyodide lockfile add-wheels`` its lock entry and ``pyodide
    py-compile`` (Pyodide's own Python under Node) the cp314 wheel of bytecode the site ships."""
    assert wheel.name == f"estro_rules-{__import__('estro_rules').__version__}-py3-none-any.whl"
    assert compiled.engine.name == wheel.name.replace("-py3-", "-cp314-")
    lock = json.loads(compiled.package_lock.read_text())
    pyodide_lock = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert lock["info"] == pyodide_lock["info"] and list(lock["packages"]) == ["estro-rules"]
    entry = lock["packages"]["estro-rules"]
    assert entry["file_name"] == compiled.engine.name and entry["imports"] == ["estro_rules"]
    assert entry["sha256"] == hashlib.sha256(compiled.engine.read_bytes()).hexdigest()
    with zipfile.ZipFile(wheel) as py3, zipfile.ZipFile(compiled.engine) as cp314:
        sources = {n for n in py3.namelist() if n.endswith(".py")}
        assert sources and {n + "c" for n in sources} == {n for n in cp314.namelist() if n.endswith(".pyc")}
        for name in sources:
            assert cp314.read(name + "c")[:4] == PYODIDE_MAGIC, "compiled by Pyodide's own Python"
        assert all(i.compress_type == zipfile.ZIP_STORED for i in cp314.infolist()), "the server compresses"
        others = [n for n in py3.namelist() if not n.endswith(".py")]
        assert f"estro_rules-{entry['version']}.dist-info/METADATA" in others, "non-Python files kept as they were"
        assert [cp314.read(n) for n in others] == [py3.read(n) for n in others]


def test_load_package_loads_the_compiled_wheel_from_its_lock_entry(compiled: Compiled, node: str) -> None:
    """Pyodide's own way, ``loadPackage("estro-rules")`` from the lock file pyodide-build wrote."""
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())][:6] + BIG + BAD
    assert replies_in_pyodide(node, texts, compiled.package_lock) == [web.handle(t) for t in texts]
    out = run_python(node, compiled.package_lock, "import estro_rules.web as w; print(w.__file__)")
    assert out.strip() == "/lib/python3.14/site-packages/estro_rules/web.pyc"


@pytest.fixture(scope="session")
def shipped(compiled: Compiled, node: str) -> ShippedSnapshot:
    """The snapshot the site ships, made under Node (build cache)."""
    return make_snapshot(compiled, node=node)


def test_the_shipped_snapshot_answers_as_cpython(compiled: Compiled, shipped: ShippedSnapshot, node: str) -> None:
    """Restored with an empty boot library and its untouched pages copied in from fresh memory, as the worker does."""
    assert 20 < len(shipped.initial_pages) < 200, "the WebAssembly's data pages, left as instantiated"
    assert shipped.bytes == shipped.header + 480 * 65536, "Pyodide's header and the whole 30 MiB memory"
    assert not set(shipped.pages) & set(shipped.initial_pages) and len(shipped.pages) < 240
    assert shipped.path.stat().st_size == shipped.header + len(shipped.pages) * 65536, "only the pages listed"
    texts = [p.read_text() for p in EXAMPLES if "kind" in json.loads(p.read_text())] + BIG + BAD
    assert replies_in_pyodide(node, texts, compiled.engine, snapshot=shipped) == [web.handle(t) for t in texts]


def test_a_python_restored_from_the_shipped_snapshot_never_reads_the_boot_library(
    compiled: Compiled, shipped: ShippedSnapshot, node: str
) -> None:
    boot = sorted({m for m in map(module_name, compiled.measured) if m})
    code = f"import sys, json\nprint(sorted(set({boot!r}) - set(sys.modules)))\n" + UNMEASURED
    out = run_python(node, compiled.engine, code, whole=compiled, snapshot=shipped).split("\n")
    assert out[0] == "[]", "every module of the boot library is in the snapshot already"
    assert out[1:5] == ["missing not_a_module_anywhere 0", "1/2 2 True", "['a', 'b'] True True", "a json.tool 1"]
