"""Builders for §19 test scenarios (used by the §19 tests of every topic; holds no tests)."""

from __future__ import annotations

import argparse
import copy
import io
from typing import Any

import pytest

from estro_rules import scenarios
from estro_rules.errors import ScenarioError
from estro_rules.protocol import CommandIO
from estro_rules.r19 import SequenceResult
from estro_rules.r19.cli import LINT_COMMAND


def load_like_runner(data: dict[str, Any]) -> Any:
    """Load a scenario the way the project's runner does."""
    return scenarios.load(data).scenario


def run(data: dict[str, Any]) -> SequenceResult:
    result: SequenceResult = load_like_runner(data).run()
    return result


def character(
    cid: str, cp: int = 3, *, fallen_cp: int | None = 2, abilities: list[Any] | None = None
) -> dict[str, Any]:
    faces: dict[str, Any] = {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": cp}}}
    if fallen_cp is not None:
        faces["Fallen"] = {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": fallen_cp}}
    return {"id": cid, "name": f"Character {cid}", "faces": faces, "abilities": abilities or []}


def unit(
    cid: str, values: dict[str, Any], *, drone: bool = False, abilities: list[Any] | None = None
) -> dict[str, Any]:
    face: dict[str, Any] = {"type": "Ground Unit", "values": values}
    if drone:
        face["subtypes"] = ["Drone"]
    return {"id": cid, "name": f"Unit {cid}", "faces": {"Unlabelled": face}, "abilities": abilities or []}


def location(cid: str, prime_def: int, contested_def: int, *, rank: int = 1) -> dict[str, Any]:
    return {
        "id": cid,
        "name": f"Location {cid}",
        "faces": {
            "Prime": {"type": "Location", "values": {"DEF": prime_def, "Rank": rank}},
            "Contested": {"type": "Location", "values": {"DEF": contested_def}},
        },
    }


def scenario(cards: list[Any], board: list[Any], actions: list[Any], **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "r19.sequence",
        "players": ["A", "B"],
        "active": "A",
        "phase": "Admin",
        "cards": copy.deepcopy(cards),
        "board": copy.deepcopy(board),
        "actions": copy.deepcopy(actions),
    }
    data.update(extra)
    return data


def permanent(cid: str, faces: dict[str, Any], *, abilities: list[Any] | None = None) -> dict[str, Any]:
    """A card of any type: ``faces`` maps each face key to its ``type``, ``values`` and ``subtypes``."""
    return {"id": cid, "name": f"Card {cid}", "faces": copy.deepcopy(faces), "abilities": abilities or []}


def events_of(events: Any, *kinds: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """``(kind, card, rulings)`` of every event of the given kinds (all events when none is given), in order."""
    return [(e.kind, e.card, e.rulings) for e in events if not kinds or e.kind in kinds]


def looping(card: dict[str, Any]) -> dict[str, Any]:
    """``card`` (a Location) with two triggered abilities that flip it back and forth for ever: becoming
    Contested turns it Prime, and becoming Prime turns it Contested."""
    flip = [("Up", "becomes Contested", "Prime"), ("Down", "becomes Prime", "Contested")]
    abilities = [
        {
            "name": name,
            "type": "triggered",
            "on": on,
            "effects": [{"do": "flip", "card": "self", "to": to, "cause": "own ability"}],
        }
        for name, on, to in flip
    ]
    return {**copy.deepcopy(card), "abilities": abilities}


STORY = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}}
"""A Storyline with a Reversal face and no text."""


def error_of(data: dict[str, Any]) -> str:
    """The message of the ScenarioError that loading ``data`` must raise."""
    with pytest.raises(ScenarioError) as info:
        load_like_runner(data)
    return str(info.value)


def lint_command(argv: list[str]) -> tuple[int, str]:
    """Run ``lint ARGS`` through the command itself, so a ScenarioError reaches the test; its status and output."""
    assert argv[0] == LINT_COMMAND.name
    parser = argparse.ArgumentParser(prog="estro")
    LINT_COMMAND.arguments(parser)
    out = io.StringIO()
    code = LINT_COMMAND.run(parser.parse_args(argv[1:]), CommandIO(out, io.StringIO(), io.StringIO()))
    return code, out.getvalue()
