"""Builders for Battaglia tests (used by the Battaglia tests of every topic; holds no tests)."""

from __future__ import annotations

import argparse
import io
from typing import Any

from estro_rules.battaglia.cli import BATTLE_COMMAND
from estro_rules.protocol import CommandIO

HIT: list[dict[str, Any]] = [{"when": "every_roll", "effect": {"damage": 1}}]
"""An ability list: 1 damage to the default target on every roll."""

NESSIE: dict[str, Any] = {
    "name": "Nessie",
    "threat": 3,
    "health": 5,
    "abilities": [{"when": {"total": 7}, "effect": {"damage": 2}}],
}
"""A cryptid with one ability: 2 damage when the dice total 7."""

KAPPA: dict[str, Any] = {"name": "Kappa", "threat": 2, "health": 4}
"""A cryptid with no abilities."""


def cryptid(name: str, threat: int, health: int, *abilities: dict[str, Any]) -> dict[str, Any]:
    """A cryptid as a scenario gives it."""
    return {"name": name, "threat": threat, "health": health, "abilities": list(abilities)}


def on(when: Any, effect: Any, target: str | None = None) -> dict[str, Any]:
    """One ability: ``when``, ``effect`` and, if given, ``target``."""
    data: dict[str, Any] = {"when": when, "effect": effect}
    if target is not None:
        data["target"] = target
    return data


def battle_command(argv: list[str]) -> tuple[int, str, str]:
    """Run ``battle ARGS`` through the command itself, so a ScenarioError reaches the test."""
    assert argv[0] == BATTLE_COMMAND.name
    parser = argparse.ArgumentParser(prog="estro")
    BATTLE_COMMAND.arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = BATTLE_COMMAND.run(parser.parse_args(argv[1:]), CommandIO(out, err, io.StringIO()))
    return code, out.getvalue(), err.getvalue()
