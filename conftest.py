"""Run every ```pycon example in the docs, English and Italian pages, as its own pytest item (sybil)."""

import os
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from typing import Any

import pytest
from sybil import Sybil
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser

from estro_rules.i18n import using


class PyconCodeBlockParser(PythonCodeBlockParser):
    """Treat ```pycon fences (interactive sessions) as doctests."""

    def __init__(self) -> None:
        super().__init__(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE)
        self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator())


def pytest_configure(config: pytest.Config) -> None:
    """The engine's readable output is English in the tests, whatever the machine's locale: it follows the
    environment (estro_rules.i18n.from_environment reads LANGUAGE first), in this process and in the commands
    the tests start. A test of another language sets it itself."""
    os.environ["LANGUAGE"] = "en"


def speak_italian(namespace: dict[str, Any]) -> None:
    """An Italian page's examples run in Italian, as the site runs them (scripts/sitegen/pages.py)."""
    namespace["_language"] = using("it")
    namespace["_language"].__enter__()


def speak_again(namespace: dict[str, Any]) -> None:
    namespace.pop("_language").__exit__(None, None, None)


pytest_collect_file = (
    Sybil(parsers=[PyconCodeBlockParser()], path="docs", patterns=["_sources/*.md"])
    # The Italian pages run the same examples, in Italian: what they print is what the page shows.
    + Sybil(
        parsers=[PyconCodeBlockParser()],
        path="docs",
        patterns=["_sources/it/*.md"],
        setup=speak_italian,
        teardown=speak_again,
        name="it",
    )
).pytest()


MODULES_TOGETHER = ("tests/browser/test_returning_player.py",)
"""Modules whose tests share a module-scoped fixture that costs minutes (the next build of the site, made
from a copy of it): on one worker, it is made once, not once on each worker."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under pytest-xdist (``-n``, ``--dist load``): tests go to the workers one by one, except a
    page's examples, which share one namespace (each goes on from the ones before it), the tests of one
    class (which may share a class-scoped fixture) and those of :data:`MODULES_TOGETHER`: each of those
    goes, whole, to one worker, in its order."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class PagesTogether(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            parts = nodeid.split("::")
            if parts[0].endswith(".md") or parts[0] in MODULES_TOGETHER:
                return parts[0]
            return "::".join(parts[:-1]) if len(parts) > 2 else nodeid

    config.option.loadscopereorder = False  # the collection's order is the order of the work (tests/conftest.py)
    return PagesTogether(config, log)
