"""The engine's structure: one package shape per protocol, a small kernel, no cycles, no giant modules.

These read the code (imports and line counts), so a maintainer who breaks the shape hears it here,
with the module named, rather than in a review.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from estro_rules.registry import PROTOCOLS
from tests.support import ROOT

PACKAGE = ROOT / "estro_rules"

#: The kernel: what every protocol builds on. It imports nothing above it.
KERNEL = {
    "errors", "fields", "schema", "shapes", "declare", "rulings", "html", "ordered", "tables", "protocol", "inputs", "text",
    "sources", "glossary", "plain_errors", "i18n",
}

#: The files every protocol package has (extras beside them are fine).
CORE_FILES = {
    "__init__.py", "rulebook.py", "rules.py", "engine.py", "kinds.py", "views.py", "tables.py", "provenance.py", "terms.py",
    "rulings.lock.json",
}

MAX_LINES = 700


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path) -> set[str]:
    """The estro_rules modules that ``name`` imports (``from .x import y`` may name a module ``x.y``)."""
    known = modules()
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in known else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in known and m != name}


def graph() -> dict[str, set[str]]:
    return {name: imports(name, path) for name, path in modules().items()}


def test_no_import_cycles() -> None:
    edges = graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_module_over_700_lines() -> None:
    long = {name: n for name, path in modules().items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"


def test_the_kernel_imports_nothing_above_it() -> None:
    kernel = {f"estro_rules.{k}" for k in KERNEL}
    assert kernel <= set(modules()), sorted(kernel - set(modules()))
    above = {name: sorted(imports(name, modules()[name]) - kernel) for name in sorted(kernel)}
    assert {k: v for k, v in above.items() if v} == {}


def test_every_protocol_has_the_one_shape_and_is_registered() -> None:
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/rulebook.py"))
    assert sorted(p.key for p in PROTOCOLS) == packages
    for name in packages:
        files = {p.name for p in (PACKAGE / name).iterdir()}
        assert CORE_FILES <= files, f"{name} lacks {sorted(CORE_FILES - files)}"


@pytest.mark.parametrize("kernel", sorted(KERNEL))
def test_each_kernel_module_works_alone(kernel: str) -> None:
    """Imported alone in a fresh interpreter, a kernel module's doctests pass: nothing relies on
    another module having been imported first."""
    code = (
        "import doctest, importlib, sys\n"
        f"m = importlib.import_module('estro_rules.{kernel}')\n"
        "r = doctest.testmod(m, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)\n"
        "sys.exit(1 if r.failed else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
