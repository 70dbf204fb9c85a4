"""§19's rulings at the points the other §19 tests leave open: exact rulings on each event, whole orders.

Expected values are typed from the rule text (../shared/seeds/002_492d670924c9c0db.txt), the
interpretations (../shared/interpretations.md, I-R19-*) and the rulings as the page states them
(docs/_sources/resolution-19.md), not read from the engine: each test says which ruling it checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.r19 import SequenceResult
from tests.support.r19 import character, events_of, location, permanent, run, scenario, unit

# --------------------------------------------------------------------------
# Helpers


def on_board(*ids: str, owner: str = "A", **extra: Any) -> list[dict[str, Any]]:
    return [{"card": cid, "owner": owner, **extra} for cid in ids]


def one_step(cards: list[Any], board: list[Any], *actions: dict[str, Any], **extra: Any) -> Any:
    """The only step of a scenario with one action (or the last step of several)."""
    result = run(scenario(cards, board, list(actions), **extra))
    return result.steps[-1]


def sabotage(cid: str, n: int) -> dict[str, Any]:
    return {"do": "add_counters", "card": cid, "counter": "Sabotage", "n": n}


def penalty(cid: str, value: str, amount: int) -> dict[str, Any]:
    return {"do": "penalty", "card": cid, "value": value, "amount": amount}


WRECK = {"name": "Wreck", "type": "triggered", "on": "destroyed"}
"""A trigger keyed to its own card's destruction."""


def face(kind: str, **values: Any) -> dict[str, Any]:
    return {"type": kind, "values": values}


# --------------------------------------------------------------------------
# The state-based checks (checks.py): R19-2.4, R19-8, R19-8.1, R19-8.3 to R19-8.5, I-R19-3, I-R19-9, I-R19-10


def test_the_checks_are_tried_character_then_unit_then_location_whatever_the_board_order() -> None:
    """STATE_CHECKS: a Character at 0 CP first, then a unit at DEF 0, then a Location at DEF 0, although the
    board lists them the other way round. One action takes all three to 0 at once (a DEF penalty on a
    Character is damage instead, R19-8.2)."""
    step = one_step(
        [location("L", 1, 3), unit("U", {"DEF": 1}), character("C", 1)],
        on_board("L", "U", "C"),
        {"do": "penalty", "classes": ["Location", "Ground Unit", "Character"], "value": "DEF", "amount": 1},
    )
    assert events_of(step.events, "destroyed", "break", "face_change", "left_play") == [
        ("destroyed", "C", ("R19-2.4", "R19-4.3")),
        ("destroyed", "U", ("R19-8", "R19-8.1")),
        ("break", "L", ("R19-8", "R19-8.3")),
        ("face_change", "L", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),
    ]


@pytest.mark.parametrize("order", [("U1", "U2"), ("U2", "U1")])
def test_one_check_takes_the_cards_in_board_order(order: tuple[str, str]) -> None:
    step = one_step(
        [unit("U1", {"DEF": 1}), unit("U2", {"DEF": 1})],
        on_board(*order),
        {"do": "penalty", "classes": ["Ground Unit"], "value": "DEF", "amount": 1},
    )
    assert [e.card for e in step.events if e.kind == "destroyed"] == list(order)


@pytest.mark.parametrize(
    ("values", "action", "at"),
    [
        ({"DEF": 2}, penalty("U", "DEF", 1), None),  # DEF 1: above 0
        ({"DEF": 2}, penalty("U", "DEF", 2), "DEF 0"),  # at 0
        ({"DEF": 2}, penalty("U", "DEF", 3), "DEF -1"),  # below 0
        ({"DEF": 2}, sabotage("U", 2), "DEF 0"),  # counters reduce too (I-R19-5)
        ({"DEF": 2}, sabotage("U", 1), None),
        ({"DEF": 3, "Rank": 2}, penalty("U", "Rank", 1), None),  # Rank 1
        ({"DEF": 3, "Rank": 2}, penalty("U", "Rank", 2), "Rank 0"),
        ({"DEF": 3, "Rank": 2}, penalty("U", "Rank", 4), "Rank -2"),
        ({"ATK": 1, "DEF": 2}, penalty("U", "ATK", 3), None),  # ATK -2: only DEF and Rank destroy
        # 0 CP destroys a Character (R19-2.4); a Ground Unit printing CP 0 is at DEF 1, and stays
        ({"DEF": 2, "CP": 0}, penalty("U", "DEF", 1), None),
    ],
)
def test_a_unit_is_destroyed_at_def_or_rank_0_or_less_and_not_above(
    values: dict[str, int], action: dict[str, Any], at: str | None
) -> None:
    """R19-8.1: "A unit whose DEF or Rank is 0 or less is destroyed" -- on both sides of 0, for each value."""
    step = one_step([unit("U", values)], on_board("U"), action)
    destroyed = [e for e in step.events if e.kind == "destroyed"]
    if at is None:
        assert destroyed == [] and step.board.cards["U"].zone == "Map"
        return
    assert [(e.card, e.rulings) for e in destroyed] == [("U", ("R19-8", "R19-8.1"))]
    assert f"at {at}" in destroyed[0].text
    assert step.board.cards["U"].zone == "Depleted Pile"


def test_a_drone_is_burned_and_its_destruction_triggers_fire() -> None:
    """R19-8.1: a unit at DEF 0 is destroyed, "or Burned if it is a Drone"; "Triggers keyed to destruction fire
    as usual"."""
    drone = unit("D", {"DEF": 1}, drone=True, abilities=[WRECK])
    step = one_step([drone], on_board("D"), penalty("D", "DEF", 1))
    assert step.board.cards["D"].zone == "Burned"
    destroyed = [e for e in step.events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("D", ("R19-8", "R19-8.1"))]
    assert "Burned" in destroyed[0].text and "Depleted Pile" not in destroyed[0].text
    assert [[t.key for t in batch] for batch in step.batches] == [["D/Wreck"]]
    plain = one_step([unit("U", {"DEF": 1}, abilities=[WRECK])], on_board("U"), penalty("U", "DEF", 1))
    assert plain.board.cards["U"].zone == "Depleted Pile"
    assert "Depleted Pile" in next(e.text for e in plain.events if e.kind == "destroyed")
    assert [[t.key for t in batch] for batch in plain.batches] == [["U/Wreck"]]


@pytest.mark.parametrize(
    ("action", "cause", "rulings"),
    [
        ({"do": "damage", "card": "C", "amount": 3}, "damage", ("R19-2.4", "R19-4.3")),
        ({"do": "cp_loss", "card": "C", "amount": 3}, "CP loss", ("R19-2.4",)),
        ({"do": "liberate", "card": "C", "cp_loss": 3}, "Liberation", ("R19-2.4",)),
        ({"do": "add_counters", "card": "C", "counter": "damage", "n": 4}, "damage", ("R19-2.4", "R19-4.3")),
    ],
)
def test_a_character_at_0_cp_is_destroyed_and_the_log_names_what_took_the_cp(
    action: dict[str, Any], cause: str, rulings: tuple[str, ...]
) -> None:
    """R19-2.4: "Reaching 0 CP by damage, Liberation or any other route destroys a Character"; R19-4.3 (a
    destruction by damage) is cited only when damage took it there."""
    step = one_step([character("C", 3)], on_board("C"), action)
    destroyed = [e for e in step.events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", rulings)]
    assert f"by {cause}:" in destroyed[0].text
    assert step.board.cards["C"].zone == "Depleted Pile"


@pytest.mark.parametrize("amount", [1, 2])
def test_a_character_above_0_cp_stays(amount: int) -> None:
    step = one_step([character("C", 3)], on_board("C"), {"do": "damage", "card": "C", "amount": amount})
    assert step.board.cards["C"].zone == "Map" and dict(step.board.cards["C"].values)["CP"] == 3 - amount
    assert "destroyed" not in [e.kind for e in step.events]


def test_a_fallen_character_brought_to_0_by_morality_penalties_is_destroyed_by_them() -> None:
    """Only a Prime Character Falls by Morality Penalties (route 2 of §7.7); a Fallen one at 0 CP is destroyed
    (R19-2.4), and the cause is the Morality Penalties, not damage (no R19-4.3)."""
    step = one_step(
        [character("C", 3, fallen_cp=1)],
        on_board("C", face="Fallen"),
        {"do": "morality_penalty", "card": "C", "amount": 1},
    )
    destroyed = [e for e in step.events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4",))]
    assert "by Morality Penalties:" in destroyed[0].text


def test_a_character_printed_at_0_cp_is_destroyed_before_the_first_action() -> None:
    """R19-2.4 and R19-8 ("the moment"): the starting board is checked; nothing took the CP, so the log names
    the printed CP."""
    result: SequenceResult = run(scenario([character("C", 0)], on_board("C"), [{"do": "capabilities", "card": "C"}]))
    assert result.initial.cards["C"].zone == "Depleted Pile"
    destroyed = [e for e in result.setup if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4",))]
    assert "by its printed CP:" in destroyed[0].text


def test_a_prime_location_breaks_to_contested_and_the_counters_check_the_new_face() -> None:
    """R19-8.3: a Prime Location at DEF 0 flips to its Contested face -- a flip, not a destruction (R19-4.1),
    a becoming Contested (R19-2.1). Sabotage stays (R19-8.5) and is checked on the new face: Contested DEF 3
    less 2 Sabotage is 1, so the card stays on the Map."""
    loc = location("L", 2, 3)
    loc["abilities"] = [WRECK, {"name": "Rally", "type": "triggered", "on": "becomes Contested"}]
    step = one_step([loc], on_board("L", owner="B"), sabotage("L", 2))
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("break", "L", ("R19-8", "R19-8.3")),
        ("face_change", "L", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),
    ]
    card = step.board.cards["L"]
    assert (card.zone, card.face, dict(card.values)["DEF"], dict(card.counters)) == (
        "Map",
        "Contested",
        1,
        {"Sabotage": 2},
    )
    assert [[t.key for t in batch] for batch in step.batches] == [["L/Rally"]]  # not L/Wreck


def test_a_contested_location_broken_in_the_same_action_is_placed_not_destroyed() -> None:
    """R19-8.3 and R19-8.5: Sabotage that broke the Prime face takes the Contested face to 0 too, and it goes
    to the Depleted Pile; I-R19-9: it is placed, so triggers keyed to destruction -- its own and another
    card's -- do not fire."""
    loc = location("L", 2, 2)
    loc["abilities"] = [WRECK]
    watcher = unit("W", {"DEF": 3}, abilities=[{"name": "Watch", "type": "triggered", "on": "destroyed", "of": "any"}])
    step = one_step([loc, watcher], on_board("L", "W"), sabotage("L", 2))
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("break", "L", ("R19-8", "R19-8.3")),
        ("face_change", "L", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),
        ("left_play", "L", ("R19-8", "R19-8.3", "R19-8.5", "I-R19-9")),
    ]
    assert step.board.cards["L"].zone == "Depleted Pile" and step.batches == ()
    assert step.to_json()["destroyed"] == [] and step.to_json()["left_play"] == ["L"]


def test_a_card_that_was_contested_before_the_action_is_not_checked_again() -> None:
    """R19-8.5 is cited only when the face the check breaks is a new one, turned in the same action: a
    Location placed Contested, or flipped by an earlier action, is simply placed (I-R19-9)."""
    placed: SequenceResult = run(
        scenario(
            [location("L", 2, 1)],
            on_board("L", face="Contested", counters={"Sabotage": 1}),
            [{"do": "capabilities", "card": "L"}],
        )
    )
    assert events_of(placed.setup, "left_play") == [("left_play", "L", ("R19-8", "R19-8.3", "I-R19-9"))]
    earlier = run(
        scenario(
            [location("L", 2, 1)],
            on_board("L"),
            [{"do": "flip", "card": "L", "to": "Contested", "cause": "combat destruction"}, sabotage("L", 1)],
        )
    )
    assert events_of(earlier.steps[1].events, "left_play") == [("left_play", "L", ("R19-8", "R19-8.3", "I-R19-9"))]


HOMEWORLD = permanent("H", {"Prime": face("Homeworld", DEF=2), "Contested": face("Homeworld", DEF=2)})
CAPITAL = permanent(
    "S", {"Prime": face("Capital Spacecraft", DEF=2, Rank=2), "Contested": face("Capital Spacecraft", DEF=2)}
)


def test_a_homeworld_breaks_like_a_location_citing_its_own_rules() -> None:
    """R19-8.4 and I-R19-3: Prime -> Contested -> Depleted Pile, each step citing them."""
    step = one_step([HOMEWORLD], on_board("H"), sabotage("H", 2))
    hw = ("R19-8", "R19-8.3", "R19-8.4", "I-R19-3")
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("break", "H", hw),
        ("face_change", "H", (*hw, "R19-2.1", "R19-4.1")),
        ("left_play", "H", (*hw, "R19-8.5", "I-R19-9")),
    ]
    assert step.board.cards["H"].zone == "Depleted Pile"


def test_a_prime_capital_spacecraft_breaks_to_contested_by_rank() -> None:
    """R19-8.3: "A Prime Location or Prime Capital Spacecraft flips to its Contested face", at Rank 0 as at
    DEF 0; a Spacecraft is not a Homeworld (no R19-8.4)."""
    step = one_step([CAPITAL], on_board("S"), penalty("S", "Rank", 2))
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("break", "S", ("R19-8", "R19-8.3")),
        ("face_change", "S", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),
    ]
    assert "at Rank 0" in next(e.text for e in step.events if e.kind == "break")
    assert (step.board.cards["S"].zone, step.board.cards["S"].face) == ("Map", "Contested")
    above = one_step([CAPITAL], on_board("S"), penalty("S", "Rank", 1))
    assert (above.board.cards["S"].face, events_of(above.events, "break")) == ("Prime", [])


@pytest.mark.parametrize("key", ["Unlabelled", "Prime"])
def test_a_non_capital_spacecraft_is_destroyed(key: str) -> None:
    """R19-8.3: "A Non-Capital Spacecraft, which has no Contested face, is destroyed" -- a destruction, so its
    destruction triggers fire -- whatever label its one face carries."""
    ship = permanent("N", {key: face("Non-Capital Spacecraft", DEF=2, Rank=1)}, abilities=[WRECK])
    step = one_step([ship], on_board("N"), sabotage("N", 2))
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("destroyed", "N", ("R19-8", "R19-8.3"))
    ]
    assert step.board.cards["N"].zone == "Depleted Pile"
    assert [[t.key for t in batch] for batch in step.batches] == [["N/Wreck"]]


@pytest.mark.parametrize(
    ("faces", "shown", "label"),
    [
        ({"Prime": face("Location", DEF=1)}, "Prime", "Prime"),  # a Prime face with no Contested face to flip to
        ({"Prime": face("Location", DEF=3), "Fallen": face("Location", DEF=1)}, "Fallen", "Fallen"),
        ({"Unlabelled": face("Location", DEF=1)}, "Unlabelled", "unlabelled"),
    ],
)
def test_a_location_on_any_other_face_is_placed_in_the_depleted_pile(
    faces: dict[str, Any], shown: str, label: str
) -> None:
    """I-R19-10: a Location that breaks and cannot flip Prime -> Contested is placed in the Depleted Pile (not a
    destruction: no destruction trigger)."""
    loc = permanent("L", faces, abilities=[WRECK])
    step = one_step([loc], on_board("L", face=shown), sabotage("L", 1))
    assert events_of(step.events, "break", "face_change", "destroyed", "left_play") == [
        ("left_play", "L", ("R19-8", "R19-8.3", "I-R19-10"))
    ]
    assert f"the {label} face is placed" in next(e.text for e in step.events if e.kind == "left_play")
    assert step.board.cards["L"].zone == "Depleted Pile" and step.batches == ()


def test_a_location_above_0_does_not_break() -> None:
    step = one_step([location("L", 3, 1, rank=2)], on_board("L"), sabotage("L", 2), penalty("L", "Rank", 1))
    card = step.board.cards["L"]
    assert (card.zone, card.face, dict(card.values)) == ("Map", "Prime", {"DEF": 1, "Rank": 1})
