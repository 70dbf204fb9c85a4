"""The rest of the standard library, loaded the first time an import needs it (inside Pyodide).

The site gives Pyodide a *boot library*: only the standard-library modules that a
start and the engine import, measured and compiled to bytecode when the site is
built (``scripts/sitegen/assets.py``). Every other module is in the *whole
library*, a second zip that nobody downloads unless an import needs one of its
modules. A start then reads a third of the bytes, and a first visit downloads
about 1 MB less.

:class:`WholeLibrary` waits at the end of ``sys.meta_path``, after Python's own
finders. The first import of a module that only the whole library has asks the
worker to put the whole library where the boot library is (``load``), then finds
the module there; every module imported before goes on working, since the whole
library holds the same bytecode. An import of a module that is in neither
library (``sitecustomize``, ``_winapi``, an unknown encoding) loads nothing.

>>> loads = []
>>> finder = WholeLibrary("/lib/python314.zip", ["calendar"], load=lambda: loads.append(1))
>>> finder.find_spec("sitecustomize", None) is None, loads
(True, [])
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType


class WholeLibrary:
    """A finder for ``sys.meta_path`` that puts the whole standard library in place on the first
    import needing it, then finds the module there."""

    def __init__(self, archive: str, modules: Iterable[str], load: Callable[[], object]) -> None:
        self.archive = archive
        """Where the boot library is (``/lib/python314.zip``): the whole library replaces it there."""

        self.modules = frozenset(modules)
        """The modules (dotted names) that only the whole library has."""

        self.load = load
        """Puts the whole library at :attr:`archive`, or raises."""

        self.loaded = False
        """Whether :attr:`load` has put it there (it is called once at most)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The spec of ``fullname`` from the whole library, loading it first; ``None`` for any other module."""
        if self.loaded or fullname not in self.modules:
            return None
        try:
            self.load()
        except Exception as err:
            raise ImportError(
                f"{fullname}: the rest of the standard library could not be loaded ({err})", name=fullname
            ) from None
        self.loaded = True
        importlib.invalidate_caches()  # the zip importers read the archive's new directory
        return importlib.machinery.PathFinder.find_spec(fullname, path, target)


def install(archive: str, modules: Iterable[str], load: Callable[[], object] | None = None) -> WholeLibrary:
    """Put a :class:`WholeLibrary` at the end of ``sys.meta_path``, in place of any put there before.

    ``load`` defaults to the worker's ``estroLoadStdlib`` (a JavaScript function, looked up only when it
    is needed, so that a memory snapshot holds no reference to it).
    """
    finder = WholeLibrary(archive, modules, load or _load_through_javascript)
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, WholeLibrary)] + [finder]
    return finder


def _load_through_javascript() -> object:  # pragma: no cover - runs inside Pyodide only (tests/scenarios)
    import js  # Pyodide's module of the JavaScript globals (pyproject.toml: mypy knows it has no types)

    return js.estroLoadStdlib()
