"""Sample cards and a short way to play them, for the §19 page's examples and the sandbox.

>>> step = play(["XX-DRN-004"], [{"do": "penalty", "card": "XX-DRN-004", "value": "DEF", "amount": 2}])[0]
>>> brief(step)
{'destroyed': ['XX-DRN-004'], 'zones': {'Burned': ['XX-DRN-004']}}
"""

from __future__ import annotations

import copy
from typing import Any

from .engine import SequenceResult, Step
from .kinds import run_scenario


def _character(
    cid: str, name: str, prime: dict[str, Any], fallen: dict[str, Any] | None, abilities: list[Any]
) -> dict[str, Any]:
    faces: dict[str, Any] = {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", **prime}}}
    if fallen is not None:
        faces["Fallen"] = {"type": "Character", "values": {"DEF": "X", "Rank": "X", **fallen}}
    return {"id": cid, "name": name, "faces": faces, "abilities": abilities}


def _unit(
    cid: str, name: str, values: dict[str, Any], *, drone: bool = False, abilities: list[Any] | None = None
) -> dict[str, Any]:
    face: dict[str, Any] = {"type": "Ground Unit", "values": values}
    if drone:
        face["subtypes"] = ["Drone"]
    return {"id": cid, "name": name, "faces": {"Unlabelled": face}, "abilities": abilities or []}


def _two_faced(
    cid: str, name: str, kind: str, prime: dict[str, Any], other: str, second: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    return {
        "id": cid,
        "name": name,
        "faces": {"Prime": {"type": kind, "values": prime, **extra}, other: {"type": kind, "values": second, **extra}},
    }


WAR_CRIME = {"name": "War Crime", "type": "triggered", "on": "destroyed"}

SAMPLE_CARDS: dict[str, dict[str, Any]] = {
    c["id"]: c
    for c in [
        _character(
            "CH-031",
            "Colonel Varro",
            {"ATK": 2, "CP": 3, "Vote": 1, "Vox": 1},
            {"ATK": 3, "CP": 2, "Vox": 1},
            [WAR_CRIME, {"name": "Bitter Oath", "type": "triggered", "on": "becomes Fallen"}],
        ),
        _character("CH-061", "Clerk Odo", {"ATK": 0, "CP": 2, "Vote": 0}, None, []),
        {
            "id": "ST-007",
            "name": "The Long Betrayal",
            "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
            "abilities": [{"name": "Bind", "type": "bind"}],
        },
        _unit("XX-GRD-001", "XCS", {"ATK": 1, "DEF": 2}),
        _unit("XX-DRN-004", "Picket Drone", {"ATK": 1, "DEF": 2}, drone=True),
        _unit("GU-011", "Herald Walker", {"ATK": 1, "DEF": 3, "Rank": 1, "Vox": 1}),
        _unit("GU-012", "Heavy Trooper", {"ATK": 3, "DEF": 3, "Rank": 2}),
        _unit(
            "GU-050",
            "Field Engineer",
            {"ATK": 1, "DEF": 2, "Rank": 1},
            abilities=[
                {"name": "Patch Up", "type": "activated"},
                {
                    "name": "Overclock",
                    "type": "activated",
                    "use_only": "your turn",
                    "text": "Use only during your turn.",
                },
            ],
        ),
        _unit(
            "GU-SPOT",
            "Spotter",
            {"ATK": 1, "DEF": 2, "Rank": 1},
            abilities=[{"name": "Alarm", "type": "triggered", "on": "becomes Contested", "of": "any"}],
        ),
        _two_faced(
            "LOC-017",
            "Orbital Foundry",
            "Location",
            {"DEF": 3, "Rank": 2, "Income": 2},
            "Contested",
            {"DEF": 2, "Income": 1},
            subtypes=["Surface"],
        ),
        {
            **_two_faced(
                "LOC-051", "Mining Camp", "Location", {"DEF": 3, "Rank": 1, "Income": 2}, "Contested", {"DEF": 2}
            ),
            "abilities": [{"name": "Income", "type": "resource", "phase": "Admin"}],
        },
        _two_faced("LOC-072", "Sunken Shrine", "Location", {"DEF": 3, "Rank": 1}, "Fallen", {"DEF": 2}),
        _two_faced(
            "HW-092", "Tessaly Prime", "Homeworld", {"DEF": 2, "Income": 3}, "Contested", {"DEF": 1, "Income": 1}
        ),
        _two_faced(
            "SC-090",
            "Dreadnought Ira",
            "Capital Spacecraft",
            {"ATK": 4, "DEF": 5, "Rank": 2},
            "Contested",
            {"ATK": 2, "DEF": 3, "Rank": 3},
        ),
        _unit(
            "GU-SAL",
            "Salvage Crew",
            {"ATK": 1, "DEF": 2, "Rank": 1},
            abilities=[
                {
                    "name": "Salvage",
                    "type": "triggered",
                    "on": "destroyed",
                    "of": "any",
                    "text": "Whenever a card is destroyed, its controller salvages it.",
                }
            ],
        ),
        {
            "id": "ST-013",
            "name": "Burnt Bridges",
            "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
            "abilities": [
                {
                    "name": "Last Word",
                    "type": "triggered",
                    "on": "leaves play",
                    "text": "When this Storyline leaves play, each Character you control becomes Fallen.",
                    "effects": [{"do": "flip", "classes": ["Character"], "controller": "you", "to": "Fallen"}],
                }
            ],
        },
        {
            "id": "SC-091",
            "name": "Corvette Wisp",
            "faces": {"Prime": {"type": "Non-Capital Spacecraft", "values": {"ATK": 2, "DEF": 2, "Rank": 1}}},
            "abilities": [{"name": "Escape Pods", "type": "triggered", "on": "destroyed"}],
        },
    ]
}
"""Sample cards by number (invented for the examples; not the published card pool)."""


def sample_scenario(
    board: list[str | dict[str, Any]],
    actions: list[dict[str, Any]],
    *,
    players: tuple[str, ...] = ("Ana", "Ben"),
    active: str | None = None,
    phase: str = "Admin",
) -> dict[str, Any]:
    """A scenario (the JSON the sandbox and the command line take) of actions on a board of sample
    cards; a board entry is a card number (owned by the first player) or a placement object.

    >>> scenario = sample_scenario(["GU-012"], [{"do": "capabilities", "card": "GU-012"}])
    >>> scenario["kind"], scenario["players"], [c["id"] for c in scenario["cards"]], scenario["board"]
    ('r19.sequence', ['Ana', 'Ben'], ['GU-012'], [{'card': 'GU-012', 'owner': 'Ana'}])
    """
    placements = [{"card": b, "owner": players[0]} if isinstance(b, str) else b for b in board]
    used = dict.fromkeys(p["card"] for p in placements)
    return {
        "kind": "r19.sequence",
        "players": list(players),
        "active": active or players[0],
        "phase": phase,
        "cards": [copy.deepcopy(SAMPLE_CARDS[c]) for c in used],
        "board": placements,
        "actions": actions,
    }


def play_scenario(scenario: dict[str, Any]) -> tuple[Step, ...]:
    """Run a scenario; returns its steps, one per action."""
    result: SequenceResult = run_scenario(scenario)
    return result.steps


def play(
    board: list[str | dict[str, Any]],
    actions: list[dict[str, Any]],
    *,
    players: tuple[str, ...] = ("Ana", "Ben"),
    active: str | None = None,
    phase: str = "Admin",
) -> tuple[Step, ...]:
    """Run actions on a board of sample cards (see :func:`sample_scenario`). Returns the steps."""
    return play_scenario(sample_scenario(board, actions, players=players, active=active, phase=phase))


def brief(step: Step) -> dict[str, Any]:
    """The gist of a step: its non-empty summary lists, answers as ``question: yes/no``, and the
    zones other than the Map that hold cards."""
    data = step.to_json()
    out: dict[str, Any] = {}
    for key in ("flips", "destroyed", "left_play", "fired", "nothing"):
        if data[key]:
            out[key] = data[key]
    if data["answers"]:
        out["answers"] = [f"{a['question']}: {'yes' if a['answer'] else 'no'}" for a in data["answers"]]
    zones = {k: v for k, v in data["board"]["zones"].items() if k != "Map" and v}
    if zones:
        out["zones"] = zones
    return out


def rulings(step: Step, kind: str) -> list[tuple[str, ...]]:
    """The rulings of every event of one kind in a step."""
    return [e.rulings for e in step.events if e.kind == kind]
