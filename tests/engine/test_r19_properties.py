"""Property-based tests over random boards and action sequences."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from estro_rules.r19 import SequenceResult
from tests.support.r19 import character, location, run, unit

PLAYERS = ["A", "B", "C", "D"]

#: Seats are listed clockwise. For each table and each active player, the order in which players resolve
#: their new triggers, typed from §19.1: the active player first, then each other player clockwise.
CLOCKWISE_FROM = {
    "AB": {"A": "AB", "B": "BA"},
    "ABC": {"A": "ABC", "B": "BCA", "C": "CAB"},
    "ABCD": {"A": "ABCD", "B": "BCDA", "C": "CDAB", "D": "DABC"},
    "ABCDE": {"A": "ABCDE", "B": "BCDEA", "C": "CDEAB", "D": "DEABC", "E": "EABCD"},
    "ABCDEF": {"A": "ABCDEF", "B": "BCDEFA", "C": "CDEFAB", "D": "DEFABC", "E": "EFABCD", "F": "FABCDE"},
}


def _cards() -> list[dict[str, Any]]:
    watcher = [{"name": "Watch", "type": "triggered", "on": on, "of": "any"} for on in ("becomes Contested",)]
    return [
        character(
            "CH",
            3,
            abilities=[
                {"name": "War Crime", "type": "triggered", "on": "destroyed"},
                {"name": "Grief", "type": "triggered", "on": "becomes Fallen"},
            ],
        ),
        unit("GU", {"ATK": 1, "DEF": 2, "Rank": 1}, abilities=watcher),
        unit(
            "DR",
            {"ATK": 1, "DEF": 1},
            drone=True,
            abilities=[
                {
                    "name": "Scrap",
                    "type": "triggered",
                    "on": "destroyed",
                    "effects": [{"do": "add_counters", "classes": ["Location"], "counter": "Sabotage"}],
                }
            ],
        ),
        location("LOC", 2, 1),
        {
            "id": "SC",
            "name": "Corvette",
            "faces": {"Prime": {"type": "Non-Capital Spacecraft", "values": {"DEF": 2, "Rank": 1}}},
        },
        {
            "id": "CAP",
            "name": "Carrier",
            "faces": {
                "Prime": {"type": "Capital Spacecraft", "values": {"DEF": 2, "Rank": 2}},
                "Contested": {"type": "Capital Spacecraft", "values": {"DEF": 1, "Rank": 1}},
            },
        },
        {
            "id": "HW",
            "name": "Homeworld",
            "faces": {
                "Prime": {"type": "Homeworld", "values": {"DEF": 2}},
                "Contested": {"type": "Homeworld", "values": {"DEF": 1}},
            },
        },
        {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}},
    ]


KINDS = ["CH", "GU", "DR", "LOC", "SC", "CAP", "HW"]


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    n_players = draw(st.integers(2, 4))
    players = PLAYERS[:n_players]
    active = draw(st.sampled_from(players))
    picks = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=7))
    board: list[dict[str, Any]] = [{"card": "ST", "id": "ST", "owner": players[0]}]
    ids = []
    for i, kind in enumerate(picks):
        inst = f"{kind}{i}"
        entry: dict[str, Any] = {"card": kind, "id": inst, "owner": draw(st.sampled_from(players))}
        if kind == "CH" and draw(st.booleans()):
            entry["bound_to"] = "ST"
        board.append(entry)
        ids.append(inst)
    targets = [*ids, "ST"]
    action = st.one_of(
        st.builds(lambda c, n: {"do": "damage", "card": c, "amount": n}, st.sampled_from(targets), st.integers(1, 3)),
        st.builds(
            lambda c, n: {"do": "morality_penalty", "card": c, "amount": n}, st.sampled_from(targets), st.integers(1, 3)
        ),
        st.builds(
            lambda c, n, k: {"do": "add_counters", "card": c, "counter": k, "n": n},
            st.sampled_from(targets),
            st.integers(1, 3),
            st.sampled_from(["Sabotage", "Liberation"]),
        ),
        st.builds(
            lambda c, v, n: {"do": "penalty", "card": c, "value": v, "amount": n},
            st.sampled_from(targets),
            st.sampled_from(["DEF", "Rank", "ATK"]),
            st.integers(1, 3),
        ),
        st.builds(
            lambda c, t: {"do": "flip", "card": c, "to": t, "cause": "other effect"},
            st.sampled_from(["ST", *[i for i in ids if i.startswith(("LOC", "HW", "CAP", "CH"))]] or ["ST"]),
            st.sampled_from(["Prime", "Contested", "Fallen"]),
        ),
        st.builds(lambda c: {"do": "destroy", "card": c}, st.sampled_from(targets)),
        st.builds(lambda c: {"do": "twist", "card": c}, st.sampled_from(targets)),
        st.just({"do": "storyline_leaves", "card": "ST"}),
        st.builds(lambda c: {"do": "liberate", "card": c, "cp_loss": 1}, st.sampled_from(targets)),
    )
    actions = draw(st.lists(action, min_size=1, max_size=6))
    # keep only flips to faces the card has (the loader rejects the others, tested elsewhere)
    faces = {c["id"]: set(c["faces"]) for c in _cards()}
    kind_of = {b["id"]: b["card"] for b in board}
    actions = [a for a in actions if a["do"] != "flip" or a["to"] in faces[kind_of[a["card"]]]] or [actions[0]]
    if actions[0]["do"] == "flip" and actions[0]["to"] not in faces[kind_of[actions[0]["card"]]]:
        actions = [{"do": "destroy", "card": "ST"}]
    return {
        "kind": "r19.sequence",
        "players": players,
        "active": active,
        "phase": "Admin",
        "cards": _cards(),
        "board": board,
        "actions": actions,
    }


def _results(data: dict[str, Any]) -> SequenceResult:
    return run(data)


@settings(max_examples=120, deadline=None)
@given(scenarios())
def test_invariants(data: dict[str, Any]) -> None:
    result = _results(data)
    seats = CLOCKWISE_FROM["".join(data["players"])][data["active"]]
    for step in result.steps:
        board = step.board
        # every card is in exactly one zone
        zones = board.zones()
        listed = [c for ids in zones.values() for c in ids]
        assert sorted(listed) == sorted(board.cards)
        # no unit or breakable card at DEF/Rank 0 or less stays on the Map (the checks settled)
        for card in board.cards.values():
            if card.zone != "Map":
                continue
            values = dict(card.values)
            for name in ("DEF", "Rank"):
                v = values.get(name)
                assert not (isinstance(v, int) and v <= 0), (card.id, name, v)
            if card.type_line == "Character":
                assert isinstance(values["CP"], int) and values["CP"] > 0
        # a flip never produces a destruction
        for i, event in enumerate(step.events):
            if event.kind == "face_change":
                assert "R19-4.1" in event.rulings
                nxt = [e for e in step.events[i + 1 :] if e.card == event.card]
                assert not nxt or nxt[0].kind != "destroyed"
        # trigger order: seat order rotated to start at the active player, in every batch
        for batch in step.batches:
            order = [t.player for t in batch]
            assert order == sorted(order, key=seats.index)
            created = [e.get("trigger") for e in step.events if e.kind == "trigger_created"]
            assert len(created) == sum(len(b) for b in step.batches)
        fired_players = [e.player for e in step.events if e.kind == "trigger_fired"]
        assert fired_players == [t.player for b in step.batches for t in b]
        # every event carries its rulings
        assert all(e.rulings for e in step.events)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.data())
def test_trigger_order_for_any_number_of_players(n: int, data: st.DataObject) -> None:
    players = list("ABCDEF"[:n])
    active = data.draw(st.sampled_from(players))
    owners = data.draw(st.lists(st.sampled_from(players), min_size=1, max_size=8))
    watcher = unit(
        "W", {"DEF": 2}, abilities=[{"name": "Watch", "type": "triggered", "on": "becomes Contested", "of": "any"}]
    )
    board = [{"card": "LOC", "owner": players[0]}] + [
        {"card": "W", "id": f"W{i}", "owner": o} for i, o in enumerate(owners)
    ]
    result = run(
        {
            "kind": "r19.sequence",
            "players": players,
            "active": active,
            "phase": "Admin",
            "cards": [location("LOC", 1, 3), watcher],
            "board": board,
            "actions": [{"do": "add_counters", "card": "LOC", "counter": "Sabotage"}],
        }
    )
    fired = [e.player for e in result.steps[0].events if e.kind == "trigger_fired"]
    # Each player's own triggers fire together, in the order they were created (I-R19-2).
    expected = [p for p in CLOCKWISE_FROM["".join(players)][active] for o in owners if o == p]
    assert fired == expected
