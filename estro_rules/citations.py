"""Which parts of the engine cite which ruling: found by reading the engine's own code.

Every decision cites its rulings through a rulebook's ``cite("ID")``. Reading the source for those
calls tells, for each ruling, the functions whose decisions it stands behind — what a maintainer
changing a ruling has to read. A ``cite`` at the top level of a module (a constant such as
``_R_DEFAULT = (cite("BAT-4"),)``, or an ordered list of rules) counts for the name it is assigned
to, and for every function of the module that uses that name; one in a class's body or its decorators
(a vocabulary word's rulings, an action's rules) counts for the class.

>>> found = cited_by()
>>> "estro_rules.protocol07.engine._necrotoken" in found["P07-4.2"]
True
>>> "estro_rules.protocol07.engine.DESTRUCTION_ORDER" in found["P07-4.5"]
True
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _cited_ids(node: ast.AST) -> list[str]:
    """The ruling IDs of every ``cite("ID")`` call inside ``node``."""
    found = []
    for call in ast.walk(node):
        if not isinstance(call, ast.Call) or not call.args:
            continue
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        arg = call.args[0]
        if name == "cite" and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append(arg.value)
    return found


def _module_citations(module: str, tree: ast.Module) -> dict[str, set[str]]:
    """Ruling ID -> the qualified names in one module that cite it."""
    result: dict[str, set[str]] = defaultdict(set)
    constants: dict[str, list[str]] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            ids = _cited_ids(statement)
            for target in targets:
                if isinstance(target, ast.Name) and ids:
                    constants[target.id] = ids
                    for ruling in ids:
                        result[ruling].add(f"{module}.{target.id}")

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}.{child.name}"
                if isinstance(child, ast.ClassDef):  # a class's own words (a vocabulary word's rulings, its rules)
                    own_ids = [r for d in child.decorator_list for r in _cited_ids(d)]
                    own_ids += [
                        r
                        for c in child.body
                        if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                        for r in _cited_ids(c)
                    ]
                    for ruling in own_ids:
                        result[ruling].add(name)
                else:
                    own = [n for n in ast.walk(child) if n is not child]
                    used = {n.id for n in own if isinstance(n, ast.Name) and n.id in constants}
                    for ruling in [r for c in child.body for r in _cited_ids(c)] + [
                        r for u in sorted(used) for r in constants[u]
                    ]:
                        result[ruling].add(name)
                visit(child, name)

    visit(tree, module)
    return result


def cited_by(package: Path = PACKAGE) -> dict[str, list[str]]:
    """Ruling ID -> the engine's functions (and rule lists, constants) that cite it, sorted."""
    result: dict[str, set[str]] = defaultdict(set)
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for ruling, names in _module_citations(module, ast.parse(path.read_text(encoding="utf-8"))).items():
            result[ruling].update(names)
    return {ruling: sorted(names) for ruling, names in sorted(result.items())}
