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


# --------------------------------------------------------------------------
# Face changes (transitions.py): R19-2, R19-4.1, R19-8.5, I-R19-1, R19-4.2, I-R19-8, R19-2.8, R19-2.5, I-R19-7

FLIP_STEPS = ("face_change", "not_destruction", "counters_removed", "counters_kept", "cp_loss_cleared")
STORY_NOTES = ("story_point", "no_story_point")


@pytest.mark.parametrize(
    ("start", "action", "change"),
    [
        # becoming Contested, whatever the cause (R19-2.1)
        ("Prime", {"do": "flip", "card": "L", "to": "Contested", "cause": "combat destruction"}, ("R19-2.1",)),
        ("Prime", {"do": "liberate", "card": "L"}, ("R19-2.1",)),
        ("Prime", {"do": "flip", "card": "L", "to": "Contested", "cause": "own ability"}, ("R19-2.1",)),
        # becoming Prime (R19-2.7)
        ("Contested", {"do": "flip", "card": "L", "to": "Prime", "cause": "re-buy"}, ("R19-2.7",)),
        ("Contested", {"do": "redeem", "card": "L"}, ("R19-2.7",)),
        # a non-Character permanent becomes Fallen by any effect (R19-2.2, R19-2.6)
        ("Prime", {"do": "flip", "card": "L", "to": "Fallen", "cause": "other effect"}, ("R19-2.2", "R19-2.6")),
    ],
)
def test_every_flip_is_a_transition_and_not_a_destruction(
    start: str, action: dict[str, Any], change: tuple[str, ...]
) -> None:
    """R19-2: the card becomes the state its new face is labelled with, whatever the cause; R19-4.1: it is not
    a destruction, so its triggers keyed to destruction -- those of the face it left -- do not fire, while
    those keyed to the transition do (R19-2.8)."""
    faces = {s: face("Location", DEF=3, Rank=1) for s in ("Prime", "Contested", "Fallen")}
    faces[start]["abilities"] = [{"name": "Ruin", "type": "triggered", "on": "destroyed"}]
    keyed = [{"name": f"On {s}", "type": "triggered", "on": f"becomes {s}"} for s in ("Contested", "Fallen", "Prime")]
    loc = permanent("L", faces, abilities=[WRECK, *keyed])
    step = one_step([loc], on_board("L", face=start), action)
    to = action.get("to", {"liberate": "Contested", "redeem": "Prime"}.get(action["do"]))
    assert events_of(step.events, *FLIP_STEPS, *STORY_NOTES, "trigger_created") == [
        ("face_change", "L", (*change, "R19-4.1")),
        ("not_destruction", "L", ("R19-4.1",)),
        ("trigger_created", "L", ("R19-2.8", "R19-1.1")),
    ]
    flip = next(e for e in step.events if e.kind == "face_change")
    assert (flip.get("from"), flip.get("to")) == (start, to)
    assert f"becomes {to}" in flip.text
    assert "Wreck, Ruin" in next(e.text for e in step.events if e.kind == "not_destruction")
    assert [[t.key for t in batch] for batch in step.batches] == [[f"L/On {to}"]]
    assert step.board.cards["L"].zone == "Map" and step.to_json()["destroyed"] == []


def test_a_flip_without_destruction_triggers_says_nothing_about_them() -> None:
    step = one_step([location("L", 3, 3)], on_board("L"), {"do": "liberate", "card": "L"})
    assert [e.kind for e in step.events if e.card == "L"] == ["face_change"]


def test_a_flip_names_its_cause() -> None:
    """§19.2 lists the causes with their sections; the log says which one it was."""
    step = one_step(
        [location("L", 3, 3)], on_board("L"), {"do": "flip", "card": "L", "to": "Contested", "cause": "Liberation"}
    )
    flip = next(e for e in step.events if e.kind == "face_change")
    assert flip.get("cause") == "Liberation, §12.2" and "(Liberation, §12.2)" in flip.text


@pytest.mark.parametrize(
    ("counters", "removed", "kept"),
    [
        ({"Liberation": 2, "Sabotage": 1}, "2 Liberation counters come off", {"Sabotage": 1}),
        ({"Liberation": 1}, "1 Liberation counter comes off", None),
        ({"Sabotage": 2}, None, {"Sabotage": 2}),
        ({}, None, None),
    ],
)
def test_liberation_counters_come_off_in_the_flip_and_other_counters_stay(
    counters: dict[str, int], removed: str | None, kept: dict[str, int] | None
) -> None:
    """R19-8.5: "Liberation counters come off in the flip (§13), but other counters persist (§18.38)"."""
    step = one_step(
        [location("L", 4, 4)],
        on_board("L", counters=counters),
        {"do": "flip", "card": "L", "to": "Contested", "cause": "combat destruction"},
    )
    expected = []
    if removed:
        expected.append(("counters_removed", "L", ("R19-8.5",)))
    if kept:
        expected.append(("counters_kept", "L", ("R19-8.5",)))
    assert events_of(step.events, "counters_removed", "counters_kept") == expected
    if removed:
        event = next(e for e in step.events if e.kind == "counters_removed")
        assert removed in event.text and (event.get("counter"), event.get("n")) == (
            "Liberation",
            counters["Liberation"],
        )
    if kept:
        event = next(e for e in step.events if e.kind == "counters_kept")
        assert event.get("counters") == kept
        assert ", ".join(f"{n} {c}" for c, n in kept.items()) in event.text
    assert dict(step.board.cards["L"].counters) == (kept or {})


def test_a_flip_keeps_damage_but_not_the_cp_lost_on_the_old_face() -> None:
    """I-R19-1: CP lost to Morality Penalties or other CP loss belongs to the face it was lost on, while damage
    counters stay. Prime CP 5: 1 damage and 2 CP loss (CP 2); its Twist turns it Fallen, printed CP 4: CP 3."""
    result = run(
        scenario(
            [character("C", 5, fallen_cp=4)],
            on_board("C"),
            [
                {"do": "damage", "card": "C", "amount": 1},
                {"do": "cp_loss", "card": "C", "amount": 2},
                {"do": "twist", "card": "C"},
            ],
        )
    )
    assert dict(result.steps[1].board.cards["C"].values)["CP"] == 2
    step = result.steps[2]
    assert dict(step.board.cards["C"].values)["CP"] == 3 and dict(step.board.cards["C"].counters) == {"damage": 1}
    assert events_of(step.events, "cp_loss_cleared") == [("cp_loss_cleared", "C", ("I-R19-1",))]
    # no CP lost: nothing to clear, nothing said
    plain = one_step([character("C", 5, fallen_cp=4)], on_board("C"), {"do": "twist", "card": "C"})
    assert events_of(plain.events, "cp_loss_cleared") == []


def test_a_destruction_after_a_flip_blames_what_took_the_cp_on_the_new_face() -> None:
    """R19-2.4: the destruction names what brought the card to 0 CP. The CP loss of the Prime face stays
    behind (I-R19-1); a Fallen face printed at CP 0 with no damage is at 0 by its printed CP, and one with
    damage is at 0 by damage (R19-4.3)."""
    lost = run(
        scenario(
            [character("C", 3, fallen_cp=0)],
            on_board("C"),
            [{"do": "cp_loss", "card": "C", "amount": 1}, {"do": "twist", "card": "C"}],
        )
    )
    destroyed = [e for e in lost.steps[1].events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4",))]
    assert "by its printed CP:" in destroyed[0].text
    damaged = run(
        scenario(
            [character("C", 3, fallen_cp=1)],
            on_board("C"),
            [{"do": "damage", "card": "C", "amount": 1}, {"do": "twist", "card": "C"}],
        )
    )
    destroyed = [e for e in damaged.steps[1].events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4", "R19-4.3"))]
    assert "by damage:" in destroyed[0].text


@pytest.mark.parametrize(
    ("action", "note"),
    [
        ({"do": "twist", "card": "C"}, ("story_point", "C", ("R19-4.2", "I-R19-8"))),
        ({"do": "morality_penalty", "card": "C", "amount": 3}, ("no_story_point", "C", ("R19-4.2",))),
        ({"do": "flip", "card": "C", "to": "Fallen", "source": "ST"}, ("no_story_point", "C", ("R19-4.2",))),
        ({"do": "storyline_leaves", "card": "ST", "to": "hand"}, ("no_story_point", "C", ("R19-4.2",))),
    ],
)
def test_each_route_to_fallen_says_whether_the_fall_scores(action: dict[str, Any], note: Any) -> None:
    """R19-4.2 and I-R19-8: a Character's own Twist is the one Fall that scores; every other route of §7.7 earns
    nothing by itself. And a Fall is a flip: becoming Fallen (R19-2.2, R19-2.3), not a destruction (R19-4.1)."""
    story = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}}}
    bound = {"bound_to": "ST"} if action["do"] == "storyline_leaves" else {}
    step = one_step([character("C"), story], [*on_board("C", **bound), *on_board("ST")], action)
    assert events_of(step.events, *STORY_NOTES) == [note]
    flip = next(e for e in step.events if e.kind == "face_change")
    assert flip.card == "C" and flip.rulings[-2:] == ("R19-2.2", "R19-4.1") and "R19-2.3" in flip.rulings
    assert "R19-2.6" not in flip.rulings  # that one is for permanents other than Characters


@pytest.mark.parametrize(
    ("start", "action"),
    [
        ("Fallen", {"do": "redeem", "card": "C"}),  # a Character becoming Prime
        ("Prime", {"do": "flip", "card": "L", "to": "Fallen", "cause": "other effect"}),  # a Location's Fall
    ],
)
def test_only_a_characters_fall_has_a_story_point_note(start: str, action: dict[str, Any]) -> None:
    faces = {s: face("Location", DEF=3) for s in ("Prime", "Fallen")}
    step = one_step([character("C"), permanent("L", faces)], [*on_board("C", face=start), *on_board("L")], action)
    assert "face_change" in [e.kind for e in step.events]
    assert events_of(step.events, *STORY_NOTES) == []


def test_a_storyline_turning_to_reversal_is_a_flip_that_creates_no_transition_trigger() -> None:
    """R19-2.5 and I-R19-7: a Bound Character's Fall turns its Storyline to Reversal -- a flip (R19-4.1) that is
    none of the three transitions §19.2 names, so the Storyline's transition triggers do not fire."""
    story = {
        "id": "ST",
        "name": "Story",
        "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
        "abilities": [
            {"name": f"On {s}", "type": "triggered", "on": f"becomes {s}"} for s in ("Contested", "Fallen", "Prime")
        ],
    }
    step = one_step(
        [character("C"), story], [*on_board("C", bound_to="ST"), *on_board("ST")], {"do": "twist", "card": "C"}
    )
    assert events_of(step.events, "face_change", "trigger_created", "no_effect") == [
        ("face_change", "C", ("R19-2.3", "R19-2.2", "R19-4.1")),
        ("face_change", "ST", ("R19-2.5", "I-R19-7", "R19-4.1")),
    ]
    flip = [e for e in step.events if e.kind == "face_change"][1]
    assert (flip.get("from"), flip.get("to")) == ("Prime", "Reversal") and "becomes Reversal" in flip.text
    assert "Character C (C) became Fallen" in flip.get("cause")
    assert step.batches == ()


@pytest.mark.parametrize(
    ("story_faces", "story_place", "expected"),
    [
        # the Storyline is not in play: nothing to flip (said of the Character)
        ({"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}, {"zone": "hand"}, ("C", ("R19-2.5",))),
        # already on Reversal: it stays there (I-R19-7)
        (
            {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
            {"face": "Reversal"},
            ("ST", ("R19-2.5", "I-R19-7")),
        ),
        # no Reversal face: nothing changes (I-R19-7, I-R19-1)
        ({"Prime": {"type": "Storyline"}}, {}, ("ST", ("R19-2.5", "I-R19-7", "I-R19-1"))),
    ],
)
def test_a_bound_storyline_that_cannot_turn_to_reversal_stays(
    story_faces: dict[str, Any], story_place: dict[str, Any], expected: tuple[str, tuple[str, ...]]
) -> None:
    story = {"id": "ST", "name": "Story", "faces": story_faces}
    step = one_step(
        [character("C"), story],
        [*on_board("C", bound_to="ST"), *on_board("ST", **story_place)],
        {"do": "twist", "card": "C"},
    )
    assert [(e.card, e.rulings) for e in step.events if e.kind == "no_effect"] == [expected]
    assert [e.card for e in step.events if e.kind == "face_change"] == ["C"]
    assert step.board.cards["ST"].face == story_place.get("face", "Prime")


def test_a_character_becoming_prime_does_not_turn_its_storyline() -> None:
    """R19-2.5 is about a Character becoming Fallen; a Redeem back to Prime leaves the Storyline alone."""
    story = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}}
    step = one_step(
        [character("C"), story],
        [*on_board("C", face="Fallen", bound_to="ST"), *on_board("ST")],
        {"do": "redeem", "card": "C"},
    )
    assert [e.card for e in step.events if e.kind in ("face_change", "no_effect")] == ["C"]
    assert step.board.cards["ST"].face == "Prime"


# --------------------------------------------------------------------------
# Leaving the Map (transitions.py): R19-8.1, I-R19-1, R19-4.3, R19-2.3


def test_a_storyline_leaving_play_makes_each_bound_character_on_the_map_fall() -> None:
    """Route 3 of §7.7 (R19-2.3): the Storyline goes to its zone, its destruction triggers are created, then
    each Character Bound to it that is on the Map and Prime Falls; one already Fallen stays, one with no
    Fallen face cannot, one in hand is not in play. None of them is Bound to it any more."""
    story = {
        "id": "ST",
        "name": "Story",
        "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
        "abilities": [{"name": "Epitaph", "type": "triggered", "on": "destroyed"}],
    }
    cards = [character("C1"), character("C2"), character("C3", fallen_cp=None), character("C4"), story]
    board = [
        *on_board("C1", bound_to="ST"),
        *on_board("C2", owner="B", bound_to="ST", face="Fallen"),
        *on_board("C3", bound_to="ST"),
        *on_board("C4", bound_to="ST", zone="hand"),
        *on_board("ST"),
    ]
    step = one_step(cards, board, {"do": "destroy", "card": "ST"})
    assert events_of(step.events, "destroyed", "left_play", "trigger_created", "face_change", "no_effect") == [
        ("destroyed", "ST", ("I-R19-1",)),
        ("trigger_created", "ST", ("I-R19-1", "R19-1.1")),
        ("face_change", "C1", ("R19-2.3", "R19-2.2", "R19-4.1")),
        ("no_effect", "C3", ("R19-2.3",)),
    ]
    assert "route 3 of §7.7" in next(e.get("cause") for e in step.events if e.kind == "face_change")
    cards_after = step.board.cards
    assert [(c, cards_after[c].face, cards_after[c].bound_to) for c in ("C1", "C2", "C3", "C4")] == [
        ("C1", "Fallen", None),
        ("C2", "Fallen", None),
        ("C3", "Prime", None),
        ("C4", "Prime", None),
    ]
    assert cards_after["ST"].zone == "Depleted Pile" and [[t.key for t in b] for b in step.batches] == [["ST/Epitaph"]]


def test_a_storyline_that_merely_leaves_is_not_destroyed() -> None:
    """A Storyline leaving play to a hand is not a destruction (no destruction trigger), but its Bound Character
    still Falls (R19-2.3)."""
    story = {
        "id": "ST",
        "name": "Story",
        "faces": {"Prime": {"type": "Storyline"}},
        "abilities": [{"name": "Epitaph", "type": "triggered", "on": "destroyed"}],
    }
    step = one_step(
        [character("C"), story],
        [*on_board("C", bound_to="ST"), *on_board("ST")],
        {"do": "storyline_leaves", "card": "ST", "to": "hand"},
    )
    assert events_of(step.events, "destroyed", "left_play", "trigger_created", "face_change") == [
        ("left_play", "ST", ("R19-2.3",)),
        ("face_change", "C", ("R19-2.3", "R19-2.2", "R19-4.1")),
    ]
    assert next(e.get("zone") for e in step.events if e.kind == "left_play") == "hand"
    assert step.board.cards["ST"].zone == "hand" and step.batches == ()


def test_a_destroyed_drone_is_burned_and_other_units_go_to_the_depleted_pile() -> None:
    """R19-8.1: destroyed and placed in its owner's Depleted Pile, "or Burned if it is a Drone"."""
    step = one_step(
        [unit("D", {"DEF": 2}, drone=True, abilities=[WRECK]), unit("U", {"DEF": 2}, abilities=[WRECK])],
        on_board("D", "U"),
        {"do": "destroy", "cards": ["D", "U"]},
    )
    assert events_of(step.events, "destroyed", "trigger_created") == [
        ("destroyed", "D", ("I-R19-1", "R19-8.1")),
        ("trigger_created", "D", ("I-R19-1", "R19-8.1", "R19-1.1")),
        ("destroyed", "U", ("I-R19-1",)),
        ("trigger_created", "U", ("I-R19-1", "R19-1.1")),
    ]
    assert [e.get("zone") for e in step.events if e.kind == "destroyed"] == ["Burned", "Depleted Pile"]
    assert (step.board.cards["D"].zone, step.board.cards["U"].zone) == ("Burned", "Depleted Pile")


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ([{"do": "damage", "card": "C", "amount": 1}], True),  # a damage counter
        ([{"do": "cp_loss", "card": "C", "amount": 1}], True),  # CP lost, no counter
        ([{"do": "grant", "card": "C", "value": "Vox", "amount": 2}], True),  # a lasting effect
        ([], False),
    ],
)
def test_counters_and_lasting_effects_end_as_a_card_leaves_the_map(before: list[dict[str, Any]], said: bool) -> None:
    """I-R19-1: counters and lasting effects end when a card leaves the Map, and the log says so when there were
    any. Back on the Map, the Character has its printed values again: CP 3, no Vox."""
    result = run(
        scenario(
            [character("C", 3)],
            on_board("C"),
            [*before, {"do": "destroy", "card": "C"}, {"do": "enter", "card": "C"}],
        )
    )
    gone = result.steps[-2]
    assert events_of(gone.events, "counters_removed") == ([("counters_removed", "C", ("I-R19-1",))] if said else [])
    back = result.steps[-1].board.cards["C"]
    assert (back.zone, dict(back.values), back.counters, back.effects) == (
        "Map",
        {"DEF": "X", "Rank": "X", "CP": 3},
        (),
        (),
    )


def test_what_took_the_cp_before_a_card_left_is_not_blamed_after_it_returns() -> None:
    """R19-2.4 names what took a Character to 0 CP. Destroyed by damage, it comes back on a face printed at CP 0:
    nothing has taken CP from it since, so it is at 0 by its printed CP (no R19-4.3)."""
    result = run(
        scenario(
            [character("C", 2, fallen_cp=0)],
            on_board("C"),
            [{"do": "damage", "card": "C", "amount": 2}, {"do": "enter", "card": "C", "face": "Fallen"}],
        )
    )
    destroyed = [e for e in result.steps[1].events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4",))]
    assert "by its printed CP:" in destroyed[0].text
