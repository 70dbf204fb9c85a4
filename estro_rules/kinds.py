"""What a scenario kind is: the contract between a protocol and the scenario runner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .fields import Fields


class Result(Protocol):
    """What running a scenario gives: anything that can be written as JSON."""

    def to_json(self) -> dict[str, Any]: ...


class Scenario(Protocol):
    """A checked scenario, ready to run."""

    def run(self) -> Any: ...


class HtmlView(Protocol):
    """Renders a result as HTML; ``base`` leads from the page to the site root."""

    def __call__(self, result: Any, *, base: str) -> str: ...


@dataclass(frozen=True)
class ScenarioKind:
    """One kind of scenario: how to read it and how its result reads."""

    name: str
    """The value of the scenario's ``kind`` field."""

    summary: str
    """One line for the scenario format page and the CLI's help."""

    load: Callable[[Fields], Scenario]
    """Reads and checks the scenario's own fields."""

    html: HtmlView
    """The result as HTML; called as ``html(result, base=...)``."""

    text: Callable[[Any], str]
    """The result as readable text for the command line."""
