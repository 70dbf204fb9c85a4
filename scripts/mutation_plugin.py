"""pytest plugin for the mutation run (scripts/mutation.sh loads it with ``-p``; never used otherwise).

mutmut runs, for each mutant, only the tests that reached the mutated function, given to pytest
as node IDs, fastest first. The plugin:

- A docs example (```pycon block, run by sybil) shares one namespace with the examples before it
  on its page: ``face_label(...)`` needs the earlier ``from estro_rules.r19 import face_label``.
  So when any example of a page is selected, every example of that page up to the last selected
  one runs, in page order.
- ``--doctest-modules`` would also find each docstring example once per mutated copy of its
  function (``x_f__mutmut_1``, ...): the copies are skipped, the original's example stays (and
  collecting a mutated module stays quick).
- Hypothesis property tests are left out: each draws many inputs through every layer, reaches
  nearly every function and takes seconds, and every mutant that survives would run them all.
  The run measures what the example tests, the doctests and the docs examples catch.
"""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import is_hypothesis_test
from sybil.integration.pytest import SybilFile, SybilItem

_find_doctests = doctest.DocTestFinder._find  # type: ignore[attr-defined]


def _find_doctests_of_originals(self: doctest.DocTestFinder, tests: Any, obj: Any, name: str, *rest: Any) -> None:
    if "__mutmut_" not in name:
        _find_doctests(self, tests, obj, name, *rest)


doctest.DocTestFinder._find = _find_doctests_of_originals  # type: ignore[attr-defined]


def with_earlier_examples(items: list[pytest.Item]) -> list[pytest.Item]:
    """Replace the selected examples of each page by all of that page's examples up to the last one selected."""
    last_line: dict[SybilFile, int] = {}
    for item in items:
        if isinstance(item, SybilItem):
            page = item.parent
            assert isinstance(page, SybilFile)
            last_line[page] = max(last_line.get(page, 0), item.example.line)
    result: list[pytest.Item] = []
    for item in items:
        if not isinstance(item, SybilItem):
            result.append(item)
        elif item.parent in last_line:
            # Collect the page again: the fresh examples share one namespace, in page order.
            page = item.parent
            assert isinstance(page, SybilFile)
            last = last_line.pop(page)
            fresh = page.collect()  # type: ignore[no-untyped-call]
            result += [e for e in fresh if isinstance(e, SybilItem) and e.example.line <= last]
    return result


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the property tests; run the docs examples with the examples they build on.

    Otherwise the tests keep mutmut's order: fastest first.
    """
    properties = [item for item in items if is_hypothesis_test(getattr(item, "obj", None))]
    if properties:
        config.hook.pytest_deselected(items=properties)
    items[:] = with_earlier_examples([item for item in items if item not in properties])
