"""The rest of the standard library, loaded on demand: the finder with real zip files, in CPython.

Pyodide's own run of it (the boot library the site ships, the whole library loaded in its place)
is in test_pyodide.py; here two small libraries stand for them, so that every path is quick to see.
"""

from __future__ import annotations

import importlib
import shutil
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from estro_rules.web_stdlib import WholeLibrary, install

BOOT = {"bootmod.py": "X = 'boot'\n", "bootpkg/__init__.py": "", "bootpkg/first.py": "Y = 1\n"}
REST = {
    "restmod.py": "Z = 'rest'\n",
    "bootpkg/later.py": "W = 2\n",
    "restpkg/__init__.py": "",
    "restpkg/deep.py": "V = 3\n",
}
ONLY_IN_WHOLE = ["bootpkg.later", "restmod", "restpkg", "restpkg.deep"]


def write_zip(path: Path, files: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)


@pytest.fixture()
def libraries(tmp_path: Path) -> Iterator[tuple[Path, Path, list[int]]]:
    """A boot library on sys.path, the whole library beside it, and a log of loads; everything undone after."""
    boot, whole = tmp_path / "boot.zip", tmp_path / "whole.zip"
    write_zip(boot, BOOT)
    write_zip(whole, {**BOOT, **REST})
    saved = (list(sys.path), list(sys.meta_path), set(sys.modules))
    sys.path.insert(0, str(boot))
    yield boot, whole, []
    sys.path[:], sys.meta_path[:] = saved[0], saved[1]
    for name in set(sys.modules) - saved[2]:
        del sys.modules[name]
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()


def test_an_import_the_boot_library_lacks_loads_the_whole_library_once(libraries: tuple[Path, Path, list[int]]) -> None:
    boot, whole, loads = libraries
    bootpkg = importlib.import_module("bootpkg.first").__name__  # imported from the boot library, before
    finder = install(str(boot), ONLY_IN_WHOLE, lambda: (loads.append(1), shutil.copyfile(whole, boot)))
    assert sys.meta_path[-1] is finder and not finder.loaded
    assert importlib.import_module("bootmod").X == "boot" and loads == [], "the boot library serves its own"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("in_neither_library")
    assert loads == [], "a module in neither library loads nothing"
    assert importlib.import_module("restpkg.deep").V == 3
    assert loads == [1] and finder.loaded
    assert importlib.import_module("restmod").Z == "rest"
    assert importlib.import_module("bootpkg.later").W == 2, "a package of the boot library gains its other modules"
    assert loads == [1], "loaded once"
    assert sys.modules[bootpkg].Y == 1


def test_a_submodule_of_a_boot_package_is_the_first_to_need_it(libraries: tuple[Path, Path, list[int]]) -> None:
    boot, whole, loads = libraries
    importlib.import_module("bootpkg")
    install(str(boot), ONLY_IN_WHOLE, lambda: (loads.append(1), shutil.copyfile(whole, boot)))
    assert importlib.import_module("bootpkg.later").W == 2 and loads == [1]


def test_a_failed_load_is_an_import_error_that_says_why(libraries: tuple[Path, Path, list[int]]) -> None:
    boot, _, _ = libraries

    def offline() -> None:
        raise OSError("no network")

    finder = install(str(boot), ONLY_IN_WHOLE, offline)
    with pytest.raises(ImportError) as caught:
        importlib.import_module("restmod")
    assert str(caught.value) == "restmod: the rest of the standard library could not be loaded (no network)"
    assert caught.value.name == "restmod" and not finder.loaded, "the next import tries again"


def test_installing_again_replaces_the_finder(libraries: tuple[Path, Path, list[int]]) -> None:
    boot, _, _ = libraries
    first = install(str(boot), ["a"], lambda: None)
    second = install(str(boot), ["b"], lambda: None)
    assert [f for f in sys.meta_path if isinstance(f, WholeLibrary)] == [second] and first is not second
    assert second.modules == frozenset({"b"}) and second.archive == str(boot)
