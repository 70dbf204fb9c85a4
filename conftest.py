"""Run every ```pycon example in the docs as its own pytest item (sybil)."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

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
