"""Run every ```pycon example in the docs as its own pytest item (sybil)."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

import pytest
from sybil import Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser


class PyconCodeBlockParser(PythonCodeBlockParser):
    """Treat ```pycon fences (interactive sessions) as doctests."""

    def __init__(self) -> None:
        super().__init__(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE)
        self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator())


pytest_collect_file = Sybil(
    parsers=[PyconCodeBlockParser()],
    path="docs",
    patterns=["_sources/*.md"],
).pytest()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under pytest-xdist (``-n``, ``--dist load``): tests go to the workers one by one, except a
    page's examples, which share one namespace (each goes on from the ones before it): they go
    together, to one worker, in their order."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class PagesTogether(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            page = nodeid.split("::", 1)[0]
            return page if page.endswith(".md") else nodeid

    return PagesTogether(config, log)
