"""Which parts of the engine cite which ruling (estro_rules.citations.cited_by), read from small packages.

The rules are the module's docstring: every ``cite("ID")`` call (a plain name or a rulebook's method)
counts for the function it is in, under its qualified name; a ``cite`` at the top level of a module
counts for the name it is assigned to, and for every function of the module that uses that name. The
packages here are written to a temporary folder, so the tests do not depend on the engine's code.
"""

from __future__ import annotations

from pathlib import Path

from estro_rules.citations import cited_by


def package(root: Path, files: dict[str, str]) -> Path:
    """A package named ``pkg`` under ``root`` holding ``files`` (path in the package -> source)."""
    top = root / "pkg"
    for name, source in files.items():
        path = top / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return top


def test_a_cite_counts_for_the_function_it_is_in(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "engine.py": (
                "def damage():\n"
                "    return cite('BAT-4')\n"
                "def heal():\n"
                "    x = 1\n"
                "    return RULEBOOK.cite('BAT-5'), cite('I-BAT-14')\n"
            )
        },
    )
    assert cited_by(top) == {
        "BAT-4": ["pkg.engine.damage"],
        "BAT-5": ["pkg.engine.heal"],  # a rulebook's method: book.cite("ID")
        "I-BAT-14": ["pkg.engine.heal"],
    }


def test_only_cite_calls_with_a_written_out_id_count(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "engine.py": (
                "def other():\n"
                "    print('BAT-1')\n"  # a string given to another function
                "    book.quote('BAT-2')\n"  # another method
                "    handlers[0]('BAT-3')\n"  # a call of neither a name nor an attribute
                "    (lambda s: s)('BAT-3')\n"
                "    cite(RULING)\n"  # not written out: cannot be read from the code
                "    cite(7)\n"  # not a ruling ID
                "    cite()\n"
                "    return cite('BAT-6', 'extra')\n"  # the first argument is the ID
            )
        },
    )
    assert cited_by(top) == {"BAT-6": ["pkg.engine.other"]}


def test_a_cited_constant_counts_for_its_name_and_every_function_using_it(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "battle.py": (
                "_R_DEFAULT = (cite('BAT-4'),)\n"
                "ORDER: tuple = (cite('P07-4.1'), cite('P07-4.2'))\n"
                "LIMIT = 10\n"
                "A, B = cite('BAT-7'), cite('BAT-8')\n"  # no one name to count it for
                "def target():\n"
                "    return _R_DEFAULT\n"
                "def order():\n"
                "    return [step for step in ORDER] * LIMIT\n"
                "def plain():\n"
                "    return LIMIT\n"
            )
        },
    )
    assert cited_by(top) == {
        "BAT-4": ["pkg.battle._R_DEFAULT", "pkg.battle.target"],
        "P07-4.1": ["pkg.battle.ORDER", "pkg.battle.order"],
        "P07-4.2": ["pkg.battle.ORDER", "pkg.battle.order"],
    }


def test_methods_and_nested_functions_have_qualified_names(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "rules.py": (
                "RULES = [cite('R19-1.1')]\n"
                "class Engine:\n"
                "    def run(self):\n"
                "        def step():\n"
                "            return cite('R19-8')\n"
                "        return step()\n"
                "    def order(self):\n"
                "        return RULES\n"
            )
        },
    )
    # The class is not a decision of its own; a cite in a nested function counts for both functions.
    assert cited_by(top) == {
        "R19-1.1": ["pkg.rules.Engine.order", "pkg.rules.RULES"],
        "R19-8": ["pkg.rules.Engine.run", "pkg.rules.Engine.run.step"],
    }


def test_subpackages_and_init_modules_are_named_as_python_imports_them(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "__init__.py": "def top():\n    return cite('P07-1')\n",
            "r19/__init__.py": "def lint():\n    return cite('R19-7')\n",
            "r19/engine.py": "def flip():\n    return cite('R19-4')\n",
            "r19/engine.txt": "def ignored():\n    return cite('R19-5')\n",  # not a Python file
            "protocol07/engine.py": "def destroy():\n    return cite('P07-1'), cite('R19-4')\n",
        },
    )
    assert cited_by(top) == {
        "P07-1": ["pkg.protocol07.engine.destroy", "pkg.top"],
        "R19-4": ["pkg.protocol07.engine.destroy", "pkg.r19.engine.flip"],
        "R19-7": ["pkg.r19.lint"],
    }
    assert list(cited_by(top)) == ["P07-1", "R19-4", "R19-7"]  # ruling IDs in order too


def test_a_package_that_cites_nothing(tmp_path: Path) -> None:
    assert cited_by(package(tmp_path, {"__init__.py": "X = 1\n"})) == {}


def test_a_cite_in_a_class_body_or_its_decorators_counts_for_the_class(tmp_path: Path) -> None:
    """A vocabulary word's rulings are class attributes, an action's rules its decorator's arguments."""
    top = package(
        tmp_path,
        {
            "words.py": (
                "@action('damage', rules=(Rule('x', f, 'y', (cite('R19-2'),)),))\n"
                "class Damage:\n"
                "    rulings = (cite('BAT-11'), cite('I-BAT-2'))\n"
                "    def handle(self):\n"
                "        return cite('R19-4.3')\n"
            )
        },
    )
    assert cited_by(top) == {
        "BAT-11": ["pkg.words.Damage"],
        "I-BAT-2": ["pkg.words.Damage"],
        "R19-2": ["pkg.words.Damage"],
        "R19-4.3": ["pkg.words.Damage.handle"],
    }


def uncited_ids(package_dir: Path, declared: set[str]) -> list[str]:
    """Every string in the code of ``package_dir`` that is a declared ruling ID and is neither cited (an argument
    of ``cite``), nor declared (``Ruling``), nor a key of records checked where they are made (``keyed``);
    docstrings are prose, left out."""
    import ast

    found = []
    for path in sorted(package_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in ("cite", "Ruling"):
                    allowed.update(id(a) for a in node.args[:1])
                elif name == "keyed" and node.args and isinstance(node.args[0], ast.Dict):
                    allowed.update(id(k) for k in node.args[0].keys if k is not None)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                allowed.add(id(node.value))  # a docstring
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in declared and id(node) not in allowed:
                found.append(f"{path.relative_to(package_dir.parent)}:{node.lineno}: {node.value}")
    return found


def test_every_ruling_id_in_the_engine_goes_through_cite() -> None:
    """A ruling ID written in the engine's code is cited (checked at import, counted in cited_by), or is a key of
    records checked where they are made: a typo fails at import, and rulings.json knows who cites it."""
    from estro_rules.citations import PACKAGE
    from estro_rules.registry import PROTOCOLS

    declared = {r.id for p in PROTOCOLS for r in p.rulebook}
    assert uncited_ids(PACKAGE, declared) == []


def test_an_uncited_id_is_found(tmp_path: Path) -> None:
    top = package(
        tmp_path,
        {
            "views.py": (
                '"""Cites BAT-4 in prose."""\n'
                "LIMITS = {'cap': ('I-BAT-10',)}\n"
                "OK = (cite('BAT-4'),)\n"
                "RECORDS = RULEBOOK.keyed({'BAT-1': 1})\n"
                "BOOK = Ruling('BAT-2', 'Two')\n"
            )
        },
    )
    assert uncited_ids(top, {"BAT-1", "BAT-2", "BAT-4", "I-BAT-10"}) == ["pkg/views.py:2: I-BAT-10"]
