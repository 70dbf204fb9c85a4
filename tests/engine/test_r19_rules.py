"""§19's rulings at the points the other §19 tests leave open: exact rulings on each event, whole orders.

Expected values are typed from the rule text (../shared/seeds/002_492d670924c9c0db.txt), the
interpretations (../shared/interpretations.md, I-R19-*) and the rulings as the page states them
(docs/_sources/resolution-19.md), not read from the engine: each test says which ruling it checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19 import SequenceResult
from tests.support.r19 import (
    character,
    events_of,
    load_like_runner,
    location,
    looping,
    permanent,
    run,
    scenario,
    unit,
)

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


@pytest.mark.parametrize("order", [("L", "U", "C"), ("C", "U", "L"), ("U", "L", "C")])
def test_one_pass_of_the_checks_changes_every_card_at_one_moment_whatever_the_board_order(
    order: tuple[str, ...],
) -> None:
    """One action takes a Location, a unit and a Character to 0 at once (a DEF penalty on a Character is
    damage instead, R19-8.2). §19.8 deals with each "the moment" its value reaches 0, so the three change at
    one moment (I-R19-11): the Location's break is found and said first, then the cards leaving the Map go
    (in ID order), then the face changes, whatever order the board lists them in."""
    step = one_step(
        [location("L", 1, 3), unit("U", {"DEF": 1}), character("C", 1)],
        on_board(*order),
        {"do": "penalty", "classes": ["Location", "Ground Unit", "Character"], "value": "DEF", "amount": 1},
    )
    assert events_of(step.events, "break", "together", "destroyed", "face_change", "left_play") == [
        ("break", "L", ("R19-8", "R19-8.3")),
        ("together", None, ("I-R19-11",)),
        ("destroyed", "C", ("R19-2.4", "R19-4.3")),
        ("destroyed", "U", ("R19-8", "R19-8.1")),
        ("face_change", "L", ("R19-8", "R19-8.3", "R19-2.1", "R19-4.1")),
    ]


@pytest.mark.parametrize("order", [("U1", "U2"), ("U2", "U1")])
def test_one_pass_takes_the_cards_in_id_order_whatever_the_board_order(order: tuple[str, str]) -> None:
    step = one_step(
        [unit("U1", {"DEF": 1}), unit("U2", {"DEF": 1})],
        on_board(*order),
        {"do": "penalty", "classes": ["Ground Unit"], "value": "DEF", "amount": 1},
    )
    assert [e.card for e in step.events if e.kind == "destroyed"] == ["U1", "U2"]


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
    assert destroyed[0].text == "Unit D (D) is a unit at DEF 0: destroyed and Burned (state-based check, §10.6)."
    assert [[t.key for t in batch] for batch in step.batches] == [["D/Wreck"]]
    plain = one_step([unit("U", {"DEF": 1}, abilities=[WRECK])], on_board("U"), penalty("U", "DEF", 1))
    assert plain.board.cards["U"].zone == "Depleted Pile"
    assert next(e.text for e in plain.events if e.kind == "destroyed") == (
        "Unit U (U) is a unit at DEF 0: destroyed and placed in its owner's Depleted Pile (state-based check, §10.6)."
    )
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
    assert (card.zone, card.face, card.state, dict(card.values)["DEF"], dict(card.counters)) == (
        "Map",
        "Contested",
        "Contested",  # the board shows the card's state: it has become Contested (R19-2.1)
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
    assert next(e.text for e in step.events if e.kind == "break") == (
        "Card S (S) is at Rank 0: it breaks the way damage equal to its DEF would break it (§11.6): the Prime face "
        "flips to Contested."
    )
    assert next(e.get("cause") for e in step.events if e.kind == "face_change") == "broken at Rank 0"
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
    assert next(e.text for e in step.events if e.kind == "destroyed") == (
        "Card N (N) is at DEF 0: it breaks the way damage equal to its DEF would break it (§11.6); a Non-Capital "
        "Spacecraft has no Contested face, so it is destroyed."
    )
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
    placed = next(e.text for e in step.events if e.kind == "left_play")
    assert f"the {label} face is placed in its owner's Depleted Pile; that is not a destruction." in placed
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
    assert [[(t.key, t.because) for t in batch] for batch in step.batches] == [
        [(f"L/On {to}", f"Card L (L) became {to}")]
    ]
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
    assert [e.text for e in step.events if e.kind == "cp_loss_cleared"] == [
        "The CP lost on the Prime face does not carry to the Fallen face, which has its own printed CP."
    ]
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


def test_damage_removed_before_a_flip_is_not_blamed_for_the_new_faces_0_cp() -> None:
    """R19-2.4 names what took the Character to 0 CP, and R19-4.3 is the destruction by damage. Damaged, then
    healed of all of it, the Character Twists to a Fallen face printed at CP 0: no damage is on it, so it is at 0
    by its printed CP, not by damage. (Before the fix the log said "by damage" and cited R19-4.3.)"""
    result = run(
        scenario(
            [character("C", 3, fallen_cp=0)],
            on_board("C"),
            [
                {"do": "damage", "card": "C", "amount": 1},
                {"do": "remove_counters", "card": "C", "counter": "damage", "n": 1},
                {"do": "twist", "card": "C"},
            ],
        )
    )
    destroyed = [e for e in result.steps[2].events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4",))]
    assert "by its printed CP:" in destroyed[0].text


def test_damage_placed_at_setup_is_blamed_for_the_0_cp_it_brings() -> None:
    """R19-4.3: "A Character reduced to 0 CP by damage is destroyed" -- damage placed on the starting board took
    the CP as much as damage dealt later, at setup or after a flip. (Before the fix the log said "by its printed
    CP" and left R19-4.3 out.)"""
    placed: SequenceResult = run(
        scenario([character("C", 3)], on_board("C", counters={"damage": 3}), [{"do": "capabilities", "card": "C"}])
    )
    destroyed = [e for e in placed.setup if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4", "R19-4.3"))]
    assert "at 0 CP by damage:" in destroyed[0].text
    flipped = one_step(
        [character("C", 3, fallen_cp=1)], on_board("C", counters={"damage": 1}), {"do": "twist", "card": "C"}
    )
    destroyed = [e for e in flipped.events if e.kind == "destroyed"]
    assert [(e.card, e.rulings) for e in destroyed] == [("C", ("R19-2.4", "R19-4.3"))]


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
    """Route 3 of §7.7 (R19-2.3): the Storyline goes to its zone, its destruction triggers are created, then,
    once that moment is over, each Character Bound to it that is on the Map and Prime Falls, all at one moment
    of their own (I-R19-11); one already Fallen stays, one with no Fallen face cannot (said as it is found),
    one in hand is not in play. None of them is Bound to it any more."""
    story = {
        "id": "ST",
        "name": "Story",
        "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
        "abilities": [{"name": "Epitaph", "type": "triggered", "on": "destroyed"}],
    }
    cards = [character(c) for c in ("C0", "C1", "C2", "C4", "C5")] + [character("C3", fallen_cp=None), story]
    board = [
        *on_board("ST"),
        *on_board("C0"),  # not Bound to it
        *on_board("C4", bound_to="ST", zone="hand"),
        *on_board("C1", bound_to="ST"),
        *on_board("C2", owner="B", bound_to="ST", face="Fallen"),
        *on_board("C3", bound_to="ST"),
        *on_board("C5", bound_to="ST"),
    ]
    step = one_step(cards, board, {"do": "destroy", "card": "ST"})
    assert events_of(step.events, "destroyed", "left_play", "trigger_created", "face_change", "no_effect") == [
        ("destroyed", "ST", ("I-R19-1",)),
        ("trigger_created", "ST", ("I-R19-1", "R19-1.1")),
        ("no_effect", "C3", ("R19-2.3",)),
        ("face_change", "C1", ("R19-2.3", "R19-2.2", "R19-4.1")),
        ("face_change", "C5", ("R19-2.3", "R19-2.2", "R19-4.1")),
    ]
    assert next(e.get("cause") for e in step.events if e.kind == "face_change") == (
        "the Storyline it was Bound to, Story (ST), left play (route 3 of §7.7)"
    )
    assert next(e.text for e in step.events if e.kind == "no_effect") == "Character C3 (C3) has no Fallen face."
    cards_after = step.board.cards
    assert [(c, cards_after[c].face, cards_after[c].bound_to) for c in ("C0", "C1", "C2", "C3", "C4", "C5")] == [
        ("C0", "Prime", None),
        ("C1", "Fallen", None),
        ("C2", "Fallen", None),
        ("C3", "Prime", None),
        ("C4", "Prime", None),
        ("C5", "Fallen", None),
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
    # one effect destroys both at one moment: both go, then the triggers of both are created (I-R19-11)
    assert events_of(step.events, "destroyed", "trigger_created") == [
        ("destroyed", "D", ("I-R19-1", "R19-8.1")),
        ("destroyed", "U", ("I-R19-1",)),
        ("trigger_created", "D", ("I-R19-1", "R19-8.1", "R19-1.1")),
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
    assert [e.text for e in gone.events if e.kind == "counters_removed"] == (
        ["Counters and lasting effects on it end as it leaves the Map."] if said else []
    )
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


# --------------------------------------------------------------------------
# Trigger order (timing.py): R19-1.3, I-R19-2

WATCH = {"name": "Watch", "type": "triggered", "on": "destroyed", "of": "any"}


def watcher(cid: str) -> dict[str, Any]:
    return unit(cid, {"DEF": 3}, abilities=[WATCH])


@pytest.mark.parametrize(
    ("active", "fired"),
    [
        ("A", ["A: WA/Watch", "B: WB/Watch", "C: WC/Watch"]),
        ("B", ["B: WB/Watch", "C: WC/Watch", "A: WA/Watch"]),
        ("C", ["C: WC/Watch", "A: WA/Watch", "B: WB/Watch"]),
    ],
)
def test_new_triggers_fire_active_player_first_then_clockwise(active: str, fired: list[str]) -> None:
    """R19-1.3: "The active player resolves all of their newly-triggered abilities first ..., then each
    non-active player in clockwise order" -- seats are listed clockwise, and the board order (C, A, B) does
    not matter: the watchers are looked at in ID order (I-R19-11), and seats decide the firing order."""
    step = one_step(
        [watcher("WC"), watcher("WA"), watcher("WB"), unit("V", {"DEF": 1})],
        [
            *on_board("WC", owner="C"),
            *on_board("WA", owner="A"),
            *on_board("WB", owner="B"),
            *on_board("V"),
        ],
        {"do": "destroy", "card": "V"},
        players=["A", "B", "C"],
        active=active,
    )
    assert step.to_json()["fired"] == fired
    assert [e.get("trigger") for e in step.events if e.kind == "trigger_created"] == [
        "WA/Watch",
        "WB/Watch",
        "WC/Watch",
    ]
    assert events_of(step.events, "trigger_order", "trigger_choice") == [
        ("trigger_order", None, ("R19-1.3", "I-R19-2"))
    ]
    assert [e.rulings for e in step.events if e.kind == "trigger_fired"] == [("R19-1.3",)] * 3


def three_watchers(order: dict[str, list[str]] | None) -> Any:
    """S1, S2, S3 (Ben's) and W (Ana's) each see V destroyed; Ana is active."""
    action: dict[str, Any] = {"do": "destroy", "card": "V"}
    if order is not None:
        action["trigger_order"] = order
    return one_step(
        [watcher("S1"), watcher("S2"), watcher("S3"), watcher("W"), unit("V", {"DEF": 1})],
        [*on_board("S1", "S2", "S3", owner="B"), *on_board("W", "V", owner="A")],
        action,
        players=["A", "B"],
    )


@pytest.mark.parametrize(
    ("order", "fired", "how"),
    [
        (None, ["S1", "S2", "S3"], "in the order they were created (no order given)"),
        ({"B": ["S3/Watch", "S1/Watch", "S2/Watch"]}, ["S3", "S1", "S2"], "in the order they chose"),
        # what the player leaves out follows what they named, in creation order
        ({"B": ["S2/Watch"]}, ["S2", "S1", "S3"], "in the order they chose"),
        # a trigger that is not among the player's own is passed over
        ({"B": ["W/Watch", "S3/Watch"]}, ["S3", "S1", "S2"], "in the order they chose"),
        # another player's order does not touch Ben's
        ({"A": ["W/Watch"]}, ["S1", "S2", "S3"], "in the order they were created (no order given)"),
    ],
)
def test_each_player_orders_their_own_triggers(order: dict[str, list[str]] | None, fired: list[str], how: str) -> None:
    """R19-1.3 lets each player resolve their new triggers "in any order they choose"; I-R19-2: the scenario
    gives that order, creation order otherwise, and the log says which. Ana (active) has one trigger: nothing
    to order, nothing said."""
    step = three_watchers(order)
    assert step.to_json()["fired"] == ["A: W/Watch", *(f"B: {s}/Watch" for s in fired)]
    choices = [e for e in step.events if e.kind == "trigger_choice"]
    assert [(e.player, e.rulings) for e in choices] == [("B", ("I-R19-2",))]
    assert how in choices[0].text and ", ".join(f"{s}/Watch" for s in fired) in choices[0].text
    assert "3 triggers" in choices[0].text


def test_a_player_orders_two_triggers_of_the_same_ability() -> None:
    """I-R19-2: one card's ability that triggers twice is two triggers; naming its key twice places both."""
    step = one_step(
        [watcher("S"), watcher("T"), unit("V1", {"DEF": 1}), unit("V2", {"DEF": 1})],
        [*on_board("S", "T", owner="B"), *on_board("V1", "V2")],
        {"do": "destroy", "cards": ["V1", "V2"], "trigger_order": {"B": ["S/Watch", "S/Watch"]}},
    )
    assert [t.key for t in step.batches[0]] == ["S/Watch", "S/Watch", "T/Watch", "T/Watch"]
    assert [t.because for t in step.batches[0]] == [
        "Unit V1 (V1) was destroyed",
        "Unit V2 (V2) was destroyed",
        "Unit V1 (V1) was destroyed",
        "Unit V2 (V2) was destroyed",
    ]


# --------------------------------------------------------------------------
# Activation timing (timing.py): R19-3, R19-3.1 to R19-3.4, R19-1.2, I-R19-1

ENGINEER = permanent(
    "E",
    {"Prime": face("Location", DEF=3), "Contested": face("Location", DEF=3)},
    abilities=[
        {"name": "Zap", "type": "activated"},
        {"name": "Mine", "type": "activated", "use_only": "your turn"},
        {"name": "Dawn", "type": "activated", "phases": ["Admin", "Combat"]},
        {"name": "Tithe", "type": "resource", "phase": "Admin"},
        {"name": "Wreck", "type": "triggered", "on": "destroyed"},
        {"name": "Ward", "type": "static"},
    ],
)
ENGINEER["faces"]["Prime"]["abilities"] = [{"name": "Salvo", "type": "activated"}]
STORY_BINDS = {
    "id": "ST",
    "name": "Oath",
    "faces": {"Prime": {"type": "Storyline"}},
    "abilities": [{"name": "Bind", "type": "bind"}],
}


def answer(ask: dict[str, Any], *, place: dict[str, Any] | None = None, **extra: Any) -> tuple[bool, tuple[str, ...]]:
    """The answer to one ``can_activate``: (yes or no, its rulings). The Engineer is Ana's unless ``place`` says."""
    step = one_step(
        [ENGINEER, STORY_BINDS],
        [{"card": "E", "owner": "A", **(place or {})}, *on_board("ST")],
        {"do": "can_activate", **ask},
        **extra,
    )
    (event,) = [e for e in step.events if e.kind == "answer"]
    return event.get("answer"), event.rulings


@pytest.mark.parametrize(
    ("ask", "place", "extra", "expected"),
    [
        # R19-3.1: Fast by default -- any phase of any player's turn except Ready and End
        ({"card": "E", "ability": "Zap"}, None, {}, (True, ("R19-3.1",))),
        ({"card": "E", "ability": "Zap", "player": "B"}, None, {}, (True, ("R19-3.1",))),
        ({"card": "E", "ability": "Zap"}, None, {"phase": "Combat"}, (True, ("R19-3.1",))),
        ({"card": "E", "ability": "Zap"}, None, {"phase": "Ready"}, (False, ("R19-3.1",))),
        ({"card": "E", "ability": "Zap"}, None, {"phase": "End"}, (False, ("R19-3.1",))),
        ({"card": "E", "ability": "Zap", "phase": "End"}, None, {}, (False, ("R19-3.1",))),  # the phase asked about
        ({"card": "E", "ability": "Zap", "phase": "Admin"}, None, {"phase": "End"}, (True, ("R19-3.1",))),
        # R19-3.2: "Use only during your turn"
        ({"card": "E", "ability": "Mine"}, None, {}, (True, ("R19-3.2", "R19-3.1"))),
        ({"card": "E", "ability": "Mine", "player": "B"}, None, {}, (False, ("R19-3.2",))),
        ({"card": "E", "ability": "Mine"}, None, {"active": "B"}, (False, ("R19-3.2",))),
        # ... asked by the card's controller (not its owner) by default
        ({"card": "E", "ability": "Mine"}, {"controller": "B"}, {"active": "B"}, (True, ("R19-3.2", "R19-3.1"))),
        ({"card": "E", "ability": "Mine"}, {"controller": "B"}, {}, (False, ("R19-3.2",))),
        # R19-3.2: printed phases
        ({"card": "E", "ability": "Dawn"}, None, {}, (True, ("R19-3.2", "R19-3.1"))),
        ({"card": "E", "ability": "Dawn", "player": "B"}, None, {"phase": "Combat"}, (True, ("R19-3.2", "R19-3.1"))),
        ({"card": "E", "ability": "Dawn"}, None, {"phase": "Upkeep"}, (False, ("R19-3.2",))),
        # the closed phases come first, whatever the card prints
        ({"card": "E", "ability": "Mine", "player": "B"}, None, {"phase": "End"}, (False, ("R19-3.1",))),
        # R19-3.3, R19-3.4: not activated abilities at all; triggered and static ones neither (R19-3)
        ({"card": "ST", "ability": "Bind"}, None, {}, (False, ("R19-3.3",))),
        ({"card": "E", "ability": "Tithe"}, None, {}, (False, ("R19-3.4",))),
        ({"card": "E", "ability": "Wreck"}, None, {}, (False, ("R19-3",))),
        ({"card": "E", "ability": "Ward"}, None, {}, (False, ("R19-3",))),
        # an ability printed on a face the card does not show is not there (R19-3)
        ({"card": "E", "ability": "Salvo"}, None, {}, (True, ("R19-3.1",))),
        ({"card": "E", "ability": "Salvo"}, {"face": "Contested"}, {}, (False, ("R19-3",))),
        # I-R19-1: only a card on the Map; R19-1.2: never during a sequence
        ({"card": "E", "ability": "Zap"}, {"zone": "hand"}, {}, (False, ("I-R19-1",))),
        ({"card": "E", "ability": "Zap", "during_sequence": True}, None, {}, (False, ("R19-1.2",))),
    ],
)
def test_when_an_ability_can_be_activated(
    ask: dict[str, Any], place: dict[str, Any] | None, extra: dict[str, Any], expected: tuple[bool, tuple[str, ...]]
) -> None:
    assert answer(ask, place=place, **extra) == expected


@pytest.mark.parametrize(
    ("ask", "place", "extra", "rulings"),
    [
        # is it an activated ability at all? -- before where the card is, the sequence and the phase
        ({"card": "E", "ability": "Tithe", "during_sequence": True}, {"zone": "hand"}, {"phase": "End"}, ("R19-3.4",)),
        # is the card on the Map? -- before the sequence and the phase
        ({"card": "E", "ability": "Zap", "during_sequence": True}, {"zone": "hand"}, {"phase": "End"}, ("I-R19-1",)),
        # a sequence under way -- before the phase and the printed restriction
        (
            {"card": "E", "ability": "Mine", "player": "B", "during_sequence": True},
            None,
            {"phase": "End"},
            ("R19-1.2",),
        ),
        # the closed phase -- before the printed restriction
        ({"card": "E", "ability": "Dawn"}, None, {"phase": "Ready"}, ("R19-3.1",)),
    ],
)
def test_the_first_check_that_fails_answers(
    ask: dict[str, Any], place: dict[str, Any] | None, extra: dict[str, Any], rulings: tuple[str, ...]
) -> None:
    """ACTIVATION_CHECKS in order: is it activated, is the card in play, is a sequence under way, Ready or End,
    a printed restriction; several fail, and the answer gives the first."""
    assert answer(ask, place=place, **extra) == (False, rulings)


def test_the_answer_says_who_asks_in_which_phase_and_why() -> None:
    step = one_step(
        [ENGINEER, STORY_BINDS],
        on_board("E", "ST"),
        {"do": "can_activate", "card": "E", "ability": "Dawn", "player": "B", "phase": "Upkeep"},
    )
    event = next(e for e in step.events if e.kind == "answer")
    assert event.text.startswith("Can B activate Dawn of Card E (E) now (Upkeep Phase; active player A)? No: ")
    assert "Admin, Combat Phase" in event.get("reason")
    tithe = one_step(
        [ENGINEER, STORY_BINDS], on_board("E", "ST"), {"do": "can_activate", "card": "E", "ability": "Tithe"}
    )
    assert "in the Admin Phase" in next(e.get("reason") for e in tithe.events if e.kind == "answer")


# --------------------------------------------------------------------------
# What a card can do with the values it has (timing.py): R19-7, R19-7.1 to R19-7.3, R19-7.5


def capabilities(values: dict[str, Any], *before: dict[str, Any], kind: str = "Ground Unit") -> list[Any]:
    """(question, yes or no, rulings) of every answer the ``capabilities`` question gives about card K."""
    card = permanent("K", {"Unlabelled": face(kind, **values)})
    step = one_step([card], on_board("K"), *before, {"do": "capabilities", "card": "K"})
    return [(e.get("question"), e.get("answer"), e.rulings) for e in step.events if e.kind == "answer"]


def test_a_unit_printing_every_value_above_0_can_do_everything() -> None:
    """The questions in order (CAPABILITY_QUESTIONS), each answered yes, citing §19.7."""
    assert capabilities({"ATK": 2, "DEF": 2, "Rank": 1, "Vote": 1, "Vox": 1, "Income": 1}) == [
        ("attack", True, ("R19-7",)),
        ("return fire", True, ("R19-7",)),
        ("intercept", True, ("R19-7.2",)),
        ("Vote", True, ("R19-7",)),
        ("be Liberated", True, ("R19-7",)),
        ("use Vox", True, ("R19-7",)),
        ("use Income", True, ("R19-7",)),
    ]


def test_printing_0_is_printing_a_value() -> None:
    """R19-7.3: "an attack printed at 0 may still be declared"; Vote 0 "is not a Convocant but is counted as
    holding 0 Vote"; Vox 0 and Income 0 are values to use. Returning fire needs an attack, which ATK 0 is."""
    assert capabilities({"ATK": 0, "DEF": 2, "Rank": 1, "Vote": 0, "Vox": 0, "Income": 0}) == [
        ("attack", True, ("R19-7.3",)),
        ("return fire", True, ("R19-7",)),
        ("intercept", True, ("R19-7.2",)),
        ("Vote", False, ("R19-7.3",)),
        ("be Liberated", True, ("R19-7",)),
        ("use Vox", True, ("R19-7.3",)),
        ("use Income", True, ("R19-7.3",)),
    ]


def test_a_value_below_0_is_still_a_value() -> None:
    """Vote 1 less 2 is -1: not a Convocant, holding -1 Vote (R19-7.3); ATK 1 less 2 is -1, and still an
    attack (R19-7: it prints ATK); Vox 2 less 1 is 1."""
    answers = capabilities(
        {"ATK": 1, "DEF": 2, "Vote": 1, "Vox": 2},
        penalty("K", "Vote", 2),
        penalty("K", "ATK", 2),
        penalty("K", "Vox", 1),
    )
    assert answers[0] == ("attack", True, ("R19-7",))
    assert answers[3] == ("Vote", False, ("R19-7.3",))
    assert answers[5] == ("use Vox", True, ("R19-7",))


def test_a_unit_printing_nothing_but_def_is_left_out_of_every_mechanic_but_interception() -> None:
    """R19-7.1: "A card that does not print a value is excluded from every mechanic that needs that value";
    R19-7.2: intercepting needs no attack; R19-7.5: no Rank, so it cannot be Liberated (XCS)."""
    assert capabilities({"DEF": 2}) == [
        ("attack", False, ("R19-7.1",)),
        ("return fire", False, ("R19-7.1", "R19-7.2")),
        ("intercept", True, ("R19-7.2",)),
        ("Vote", False, ("R19-7.1",)),
        ("be Liberated", False, ("R19-7.1", "R19-7.5")),
        ("use Vox", False, ("R19-7.1",)),
        ("use Income", False, ("R19-7.1",)),
    ]


def test_a_unit_that_loses_atk_cannot_attack_or_return_fire_but_can_intercept() -> None:
    """R19-7.2: "A unit that loses ATK has no attack. So it can't attack, and it can't return fire ... It can
    still intercept"; it is treated as not printing the value (losing Vote likewise)."""
    answers = capabilities(
        {"ATK": 3, "DEF": 2, "Vote": 2},
        {"do": "lose", "card": "K", "value": "ATK", "effect": "Sevrin"},
        {"do": "lose", "card": "K", "value": "Vote"},
    )
    assert answers[:4] == [
        ("attack", False, ("R19-7.2",)),
        ("return fire", False, ("R19-7.2",)),
        ("intercept", True, ("R19-7.2",)),
        ("Vote", False, ("R19-7.2",)),
    ]


def test_a_lost_value_is_explained_by_the_effect_that_took_it_when_the_effect_has_a_name() -> None:
    """R19-7.2: a card that loses a value "is treated as not printing it" for as long as the effect lasts. The
    answer names the effect when the scenario names it (Sevrin) and adds nothing when it does not."""
    step = one_step(
        [unit("K", {"ATK": 3, "DEF": 2, "Vote": 2})],
        on_board("K"),
        {"do": "lose", "card": "K", "value": "ATK", "effect": "Sevrin"},
        {"do": "lose", "card": "K", "value": "Vote"},
        {"do": "capabilities", "card": "K"},
    )
    reasons = {e.get("question"): e.get("reason") for e in step.events if e.kind == "answer"}
    assert "it has lost ATK (Sevrin) and is treated as not printing it" in reasons["attack"]
    assert reasons["Vote"] == "Cannot Vote: it has lost Vote and is treated as not printing it."


def test_an_answer_as_json_is_the_question_the_answer_its_reason_and_rulings() -> None:
    """An activation answer (R19-3.1: Fast by default, so yes in the Admin Phase), as JSON: the same question,
    answer, reason and rulings the step's summary gives for it."""
    from estro_rules.r19.timing import can_activate

    data = scenario(
        [unit("E", {"DEF": 2}, abilities=[{"name": "Zap", "type": "activated"}])],
        on_board("E"),
        [{"do": "can_activate", "card": "E", "ability": "Zap"}],
    )
    loaded = load_like_runner(data)
    answer = can_activate(loaded.engine(), loaded.actions[0]).to_json()
    summary = run(data).steps[0].to_json()["answers"][0]
    assert answer == {k: summary[k] for k in ("question", "answer", "reason", "rulings")}
    assert (answer["answer"], answer["rulings"]) == (True, ["R19-3.1"])


@pytest.mark.parametrize("kind", ["Location", "Homeworld", "Capital Spacecraft", "Non-Capital Spacecraft"])
def test_only_units_are_asked_about_attacks(kind: str) -> None:
    """Attacking, returning fire and intercepting are units' (§11); the value questions are asked of any card."""
    assert [q for q, _, _ in capabilities({"DEF": 2, "Vote": 1}, kind=kind)] == [
        "Vote",
        "be Liberated",
        "use Vox",
        "use Income",
    ]


def test_a_character_with_rank_x_can_be_liberated() -> None:
    """A Character prints Rank X (R19-8.2): it has a Rank, so it can be Liberated (R19-7)."""
    step = one_step([character("C")], on_board("C"), {"do": "capabilities", "card": "C"})
    liberated = next(e for e in step.events if e.get("question") == "be Liberated")
    assert (liberated.get("answer"), liberated.rulings) == (True, ("R19-7",))
    assert "Rank X" in liberated.get("reason")


def test_each_answer_says_why() -> None:
    """The reasons name the value the card has, or why it has none (§19.7's words: "nothing there to use")."""
    card = permanent("K", {"Unlabelled": face("Ground Unit", ATK=0, DEF=2, Vote=0)})
    step = one_step(
        [card],
        on_board("K"),
        {"do": "lose", "card": "K", "value": "Vox", "effect": "Hush"},
        {"do": "capabilities", "card": "K"},
    )
    reasons = {e.get("question"): e.get("reason") for e in step.events if e.kind == "answer"}
    assert "ATK 0" in reasons["attack"]
    assert "Vote 0" in reasons["Vote"] and "not a Convocant" in reasons["Vote"] and "holding 0 Vote" in reasons["Vote"]
    assert "lost Vox (Hush)" in reasons["use Vox"]
    assert "prints no Rank" in reasons["be Liberated"] and "not 0" in reasons["be Liberated"]
    assert "prints no Income" in reasons["use Income"]
    texts = [e.text for e in step.events if e.kind == "answer"]
    assert texts[0].startswith("Can Card K (K) attack? Yes: ") and texts[3].startswith("Can Card K (K) Vote? No: ")


# --------------------------------------------------------------------------
# The engine (engine.py): R19-1.1 to R19-1.3, R19-8 ("the moment"), R19-8.2, I-R19-2, I-R19-4


@pytest.mark.parametrize("n", [1, 2])
def test_sabotage_placed_on_a_character_becomes_damage_before_the_first_action(n: int) -> None:
    """R19-8.2: a Character prints DEF X, so a DEF penalty is damage instead; that a Sabotage counter's penalty
    (-1 DEF each) is such a penalty is I-R19-5's reading, which the damage cites too. Counters on the starting
    board act as if just added, in a sequence of their own (R19-1.1)."""
    result: SequenceResult = run(
        scenario([character("C", 3)], on_board("C", counters={"Sabotage": n}), [{"do": "capabilities", "card": "C"}])
    )
    assert events_of(result.setup) == [
        ("sequence_start", None, ("R19-1.1", "R19-1.2", "I-R19-12")),
        ("counters_added", "C", ("I-R19-1", "I-R19-5", "R19-8.2")),
        ("damage", "C", ("I-R19-5", "R19-8.2")),
        ("sequence_end", None, ("R19-1.1",)),
    ]
    added, damage = result.setup[1], result.setup[2]
    assert (added.get("counter"), added.get("n"), damage.get("amount")) == ("Sabotage", n, n)
    assert f"starts with {n} Sabotage counter{'s' if n > 1 else ''};" in added.text
    assert f"{n} damage instead of -{n} DEF: CP {3 - n}." in damage.text
    card = result.initial.cards["C"]
    assert (dict(card.values)["CP"], dict(card.counters)) == (3 - n, {"Sabotage": n, "damage": n})


def test_a_settled_starting_board_has_no_setup() -> None:
    """Nothing at 0 and no Sabotage on a Character: the starting board is the board as placed."""
    result: SequenceResult = run(
        scenario(
            [character("C", 3), location("L", 3, 3)],
            [*on_board("C", counters={"damage": 1}), *on_board("L", counters={"Sabotage": 2})],
            [{"do": "capabilities", "card": "L"}],
        )
    )
    assert (result.setup, result.setup_batches) == ((), ())
    assert dict(result.initial.cards["L"].values)["DEF"] == 1 and dict(result.initial.cards["C"].values)["CP"] == 2
    assert result.to_json()["setup"] == {
        "destroyed": [],
        "left_play": [],
        "flips": [],
        "fired": [],
        "queue": [],
        "events": [],
    }


def test_the_result_shows_the_starting_board_as_the_setup_checks_left_it() -> None:
    """R19-8 ("the moment"): the starting board is checked before the first action, so the board the result
    shows as the start already has the Drone at DEF 0 Burned (R19-8.1), and the first action's board follows
    from it; the setup's own summary says what was destroyed."""
    result: SequenceResult = run(
        scenario(
            [unit("D", {"DEF": 2}, drone=True), unit("U", {"DEF": 3})],
            [*on_board("D", counters={"Sabotage": 2}), *on_board("U")],
            [sabotage("U", 1)],
        )
    )
    data = result.to_json()
    assert data["setup"]["destroyed"] == ["D"]
    start = data["initial"]
    assert start["zones"]["Burned"] == ["D"] and start["zones"]["Map"] == ["U"]
    assert start["cards"]["U"]["values"] == {"DEF": 3} and start["cards"]["D"]["counters"] == {}
    assert data["steps"][0]["board"]["cards"]["U"]["values"] == {"DEF": 2}


def test_the_checks_made_after_a_query_are_a_sequence_of_their_own() -> None:
    """R19-8: the checks are made "the moment" a value is 0 or less, after a query too; they resolve as a
    sequence (R19-1.1, R19-1.2), and the log says the sequence is the state-based checks, not an action."""
    data = scenario(
        [unit("U", {"DEF": 2}, drone=True, abilities=[WRECK])],
        on_board("U", counters={"Sabotage": 2}),
        [{"do": "capabilities", "card": "U"}],
    )
    loaded = load_like_runner(data)
    engine = loaded.engine()  # built straight from the placements: no setup check has been made yet
    engine.run(loaded.actions[0])
    checks = [e for e in engine.events if e.kind in ("sequence_start", "destroyed", "sequence_end")]
    assert events_of(checks) == [
        ("sequence_start", None, ("R19-1.1", "R19-1.2", "I-R19-12")),
        ("destroyed", "U", ("R19-8", "R19-8.1")),
        ("sequence_end", None, ("R19-1.1",)),
        ("sequence_start", None, ("R19-1.1", "R19-1.2", "I-R19-12")),  # the Wreck trigger's own sequence (R19-1.3)
        ("sequence_end", None, ("R19-1.1",)),
    ]
    assert checks[0].text.startswith("Sequence begins: state-based checks.")
    assert "state-based checks" not in checks[3].text


def test_triggers_the_starting_board_sets_off_fire_before_the_first_action() -> None:
    result: SequenceResult = run(
        scenario(
            [unit("U", {"DEF": 2}, abilities=[WRECK]), location("L", 1, 2)],
            [*on_board("U", owner="B", counters={"Sabotage": 2}), *on_board("L", counters={"Sabotage": 1})],
            [{"do": "capabilities", "card": "U"}],
        )
    )
    assert [[t.key for t in batch] for batch in result.setup_batches] == [["U/Wreck"]]
    setup = result.to_json()["setup"]
    assert (setup["destroyed"], setup["flips"], setup["fired"]) == (["U"], ["L: Prime -> Contested"], ["B: U/Wreck"])
    assert setup["queue"] == [
        [{"player": "B", "trigger": "U/Wreck", "because": "Unit U (U) was destroyed", "created": 1}]
    ]
    assert [e["kind"] for e in setup["events"]][-3:] == ["trigger_fired", "sequence_start", "sequence_end"]
    assert result.initial.cards["U"].zone == "Depleted Pile" and result.steps[0].batches == ()


def test_a_unit_taken_to_0_by_one_effect_is_gone_before_the_next() -> None:
    """R19-8: "the moment" an effect takes a unit's DEF to 0 it is destroyed -- so the ability's next effect
    finds it off the Map. Both happen in one sequence (R19-1.1), which ends after the check."""
    zap = unit(
        "Z",
        {"ATK": 1, "DEF": 2},
        abilities=[
            {
                "name": "Zap",
                "type": "activated",
                "effects": [penalty("U", "DEF", 1), {"do": "grant", "card": "U", "value": "Vote", "amount": 1}],
            }
        ],
    )
    step = one_step(
        [zap, unit("U", {"DEF": 1})],
        [*on_board("Z"), *on_board("U", owner="B")],
        {"do": "activate", "card": "Z", "ability": "Zap"},
    )
    assert [(e.kind, e.card) for e in step.events] == [
        ("answer", "Z"),
        ("sequence_start", None),
        ("penalty", "U"),
        ("destroyed", "U"),
        ("counters_removed", "U"),  # the penalty ends as it leaves (I-R19-1)
        ("no_effect", "U"),
        ("sequence_end", None),
    ]
    assert "Zap of Unit Z (Z)" in step.events[1].text


def test_an_ability_that_may_not_be_activated_does_nothing() -> None:
    zap = unit("Z", {"DEF": 2}, abilities=[{"name": "Zap", "type": "activated", "effects": [penalty("U", "DEF", 1)]}])
    step = one_step(
        [zap, unit("U", {"DEF": 1})], on_board("Z", "U"), {"do": "activate", "card": "Z", "ability": "Zap"}, phase="End"
    )
    assert events_of(step.events) == [("answer", "Z", ("R19-3.1",))]
    assert step.to_json()["answers"] == [
        {
            "card": "Z",
            "question": "Can A activate Zap of Unit Z (Z) now (End Phase; active player A)?",
            "answer": False,
            "reason": "No activated ability may be used in the End Phase, even a Fast one.",
            "rulings": ["R19-3.1"],
        }
    ]
    assert step.board.cards["U"].zone == "Map"


@pytest.mark.parametrize(
    ("waiting", "words"), [(0, "0 new triggers waiting"), (1, "1 new trigger waiting"), (2, "2 new triggers waiting")]
)
def test_a_sequence_ends_saying_how_many_triggers_wait(waiting: int, words: str) -> None:
    """R19-1.1: the sequence runs to completion; the triggers it created wait for its end (R19-1.3)."""
    watchers = [watcher(f"W{i}") for i in range(waiting)]
    step = one_step(
        [*watchers, unit("V", {"DEF": 1})], on_board(*(w["id"] for w in watchers), "V"), {"do": "destroy", "card": "V"}
    )
    ends = [e for e in step.events if e.kind == "sequence_end"]
    assert f"Sequence complete; {words}." == ends[0].text


def test_triggers_are_created_for_the_card_itself_first_then_for_the_cards_on_the_map() -> None:
    """R19-1.1: the triggers a change sets off wait for the end of the sequence; each is its controller's
    (R19-1.3 orders them by player). The changed card's own abilities come first, then any card on the Map
    watching any card, in board order; a card off the Map, or one watching only itself, does not trigger."""
    cards = [
        watcher("W1"),
        unit("S", {"DEF": 3}, abilities=[WRECK]),  # watches only itself
        watcher("W2"),
        watcher("H"),  # in hand
        unit("V", {"DEF": 1}, abilities=[WRECK, WATCH]),
    ]
    board = [
        *on_board("W1", owner="A", controller="B"),
        *on_board("S"),
        *on_board("W2"),
        *on_board("H", zone="hand"),
        *on_board("V"),
    ]
    step = one_step(cards, board, {"do": "destroy", "card": "V"})
    created = [e for e in step.events if e.kind == "trigger_created"]
    assert [(e.get("trigger"), e.player, e.rulings) for e in created] == [
        ("V/Wreck", "A", ("I-R19-1", "R19-1.1")),
        ("V/Watch", "A", ("I-R19-1", "R19-1.1")),
        ("W1/Watch", "B", ("I-R19-1", "R19-1.1")),
        ("W2/Watch", "A", ("I-R19-1", "R19-1.1")),
    ]
    assert [(t.number, t.player, t.key) for t in step.batches[0]] == [
        (1, "A", "V/Wreck"),
        (2, "A", "V/Watch"),
        (4, "A", "W2/Watch"),
        (3, "B", "W1/Watch"),
    ]


def test_a_card_watching_any_card_triggers_once_on_its_own_change() -> None:
    """R19-2.8: a trigger keyed to a transition fires on it -- once, even when it watches any card and the card
    that changed is its own."""
    loc = location("L", 3, 3)
    loc["abilities"] = [{"name": "Rally", "type": "triggered", "on": "becomes Contested", "of": "any"}]
    step = one_step([loc], on_board("L"), {"do": "liberate", "card": "L"})
    assert [[t.key for t in batch] for batch in step.batches] == [["L/Rally"]]


def test_triggers_created_while_triggers_fire_form_the_next_round() -> None:
    """I-R19-4: Ana's Blast (round 1) destroys V2 while Ben's Watch waits in round 1; Ben's second Watch, set off
    by V2, waits for round 2, which again starts at the active player. Each trigger resolves as a sequence of its
    own (R19-1.1), fired by its controller (R19-1.3)."""
    bomb = unit(
        "BOMB", {"DEF": 2}, abilities=[{**WRECK, "name": "Blast", "effects": [{"do": "destroy", "card": "V2"}]}]
    )
    step = one_step(
        [watcher("W"), bomb, unit("V2", {"DEF": 2})],
        [*on_board("W", owner="B"), *on_board("BOMB", "V2")],
        {"do": "destroy", "card": "BOMB"},
    )
    assert [[t.key for t in batch] for batch in step.batches] == [["BOMB/Blast", "W/Watch"], ["W/Watch"]]
    orders = [e for e in step.events if e.kind == "trigger_order"]
    assert [e.rulings for e in orders] == [("R19-1.3", "I-R19-2"), ("R19-1.3", "I-R19-4", "I-R19-2")]
    assert orders[0].text.startswith("Round 1: ") and "A: BOMB/Blast, B: W/Watch" in orders[0].text
    assert (
        orders[1].text.startswith("Round 2: the triggers created while round 1 fired")
        and "B: W/Watch." in orders[1].text
    )
    assert orders[1].get("order") == [
        {"player": "B", "trigger": "W/Watch", "because": "Unit V2 (V2) was destroyed", "created": 3}
    ]
    fired = [(e.kind, e.card, e.player, e.get("trigger")) for e in step.events if e.kind == "trigger_fired"]
    assert fired == [
        ("trigger_fired", "BOMB", "A", "BOMB/Blast"),
        ("trigger_fired", "W", "B", "W/Watch"),
        ("trigger_fired", "W", "B", "W/Watch"),
    ]
    starts = [e.text for e in step.events if e.kind == "sequence_start"]
    assert [s.split(":")[0] for s in starts] == ["Sequence begins"] * 4
    assert [s.split(": ")[1].split(".")[0] for s in starts] == ["destroy BOMB", "BOMB/Blast", "W/Watch", "W/Watch"]


def test_a_step_sums_up_what_happened() -> None:
    """The result of one action lists what was destroyed, placed, flipped, created and fired, in order."""
    loc = location("L", 1, 1)
    result = run(
        scenario(
            [watcher("W"), loc, unit("V", {"DEF": 1}, drone=True)],
            [*on_board("W", owner="B"), *on_board("L", "V")],
            [{"do": "destroy", "card": "V"}, sabotage("L", 1)],
        )
    )
    first, second = (s.to_json() for s in result.steps)
    assert (first["action"], first["do"], first["label"]) == (0, "destroy", "1. destroy V")
    assert (first["destroyed"], first["left_play"], first["created"], first["fired"]) == (
        ["V"],
        [],
        ["W/Watch"],
        ["B: W/Watch"],
    )
    assert first["queue"] == [
        [{"player": "B", "trigger": "W/Watch", "because": "Unit V (V) was destroyed", "created": 1}]
    ]
    assert first["board"]["zones"]["Burned"] == ["V"]
    assert (second["label"], second["flips"], second["left_play"], second["destroyed"]) == (
        "2. add 1 Sabotage counter on L",
        ["L: Prime -> Contested"],
        ["L"],
        [],
    )
    assert result.to_json()["kind"] == "r19.sequence" and len(result.to_json()["steps"]) == 2


# --------------------------------------------------------------------------
# The board (board.py): the values a card has (R19-6.1, R19-6.2, R19-7.2, I-R19-5, R19-8.2, I-R19-1), targets


def test_a_cards_values_add_up_its_bonuses_penalties_grants_losses_and_counters() -> None:
    """ATK 2 +2 -1 is 3 (R19-6.1: a bonus to a printed value counts); DEF 3 less one Sabotage counter is 2
    (I-R19-5); Vox is granted at 3 (R19-6.2); Vote is lost, so it is not there at all (R19-7.2). The Character's
    CP 4 less 1 CP lost and 1 damage is 2 (I-R19-1); it prints DEF X and Rank X (R19-8.2)."""
    result = run(
        scenario(
            [unit("U", {"ATK": 2, "DEF": 3, "Vote": 1}), character("C", 4)],
            [*on_board("U", controller="B", counters={"Sabotage": 1}), *on_board("C")],
            [
                {"do": "bonus", "card": "U", "value": "ATK", "amount": 2, "effect": "Rage"},
                penalty("U", "ATK", 1),
                {"do": "grant", "card": "U", "value": "Vox", "amount": 3, "effect": "Oath"},
                {"do": "lose", "card": "U", "value": "Vote", "effect": "Hush"},
                {"do": "cp_loss", "card": "C", "amount": 1},
                {"do": "damage", "card": "C", "amount": 1},
            ],
        )
    )
    assert result.steps[-1].board.to_json() == {
        "players": ["A", "B"],
        "active": "A",
        "phase": "Admin",
        "zones": {"Map": ["U", "C"], "hand": [], "Depleted Pile": [], "Burned": []},
        "cards": {
            "U": {
                "card": "U",
                "name": "Unit U",
                "owner": "A",
                "controller": "B",
                "zone": "Map",
                "face": "Unlabelled",
                "type_line": "Ground Unit",
                "values": {"ATK": 3, "DEF": 2, "Vox": 3},
                "counters": {"Sabotage": 1},
                "bound_to": None,
                "effects": ["+2 ATK (Rage)", "-1 ATK", "has Vox 3 (Oath)", "loses Vote (Hush)"],
            },
            "C": {
                "card": "C",
                "name": "Character C",
                "owner": "A",
                "controller": "A",
                "zone": "Map",
                "face": "Prime",
                "type_line": "Character",
                "values": {"DEF": "X", "Rank": "X", "CP": 2},
                "counters": {"damage": 1},
                "bound_to": None,
                "effects": [],
            },
        },
    }


def test_a_grant_confers_a_value_but_never_replaces_a_printed_one() -> None:
    """R19-6.2: granting language confers a value the card does not print; a card that prints it keeps its
    printed value. Of two grants the later one stands; a lost value is gone whatever was granted (R19-7.2)."""
    result = run(
        scenario(
            [unit("U", {"DEF": 3, "Vote": 1})],
            on_board("U"),
            [
                {"do": "grant", "card": "U", "value": "Vote", "amount": 4},
                {"do": "grant", "card": "U", "value": "Vox", "amount": 1},
                {"do": "grant", "card": "U", "value": "Vox", "amount": 2},
                {"do": "lose", "card": "U", "value": "Vote", "effect": "Hush"},
            ],
        )
    )
    values = [dict(s.board.cards["U"].values) for s in result.steps]
    assert [(v.get("Vote"), v.get("Vox")) for v in values] == [(1, None), (1, 1), (1, 2), (None, 2)]
    texts = [next(e.text for e in s.events if e.kind == "grant") for s in result.steps[:2]]
    assert "already prints Vote 1; it keeps its printed value" in texts[0]
    assert "is granted Vox 1: granting language confers the value" in texts[1]


def test_an_effect_reaches_every_card_of_its_classes_that_the_named_player_controls() -> None:
    """A class bonus ("Ground Units you control gain +1 ATK", §19.6's worked example) reaches the members of the
    class on the Map that the player controls, and nothing else."""
    cards = [unit("U1", {"ATK": 1, "DEF": 2}), unit("U2", {"ATK": 1, "DEF": 2}), unit("U3", {"ATK": 1, "DEF": 2})]
    cards.append(
        unit(
            "G",
            {"ATK": 1, "DEF": 2},
            abilities=[
                {
                    "name": "Drill",
                    "type": "activated",
                    "effects": [
                        {"do": "bonus", "classes": ["Ground Unit"], "controller": "you", "value": "ATK", "amount": 1}
                    ],
                }
            ],
        )
    )
    board = [
        *on_board("U1"),
        *on_board("U2", owner="B"),
        *on_board("U3", zone="hand"),
        *on_board("G", owner="A", controller="B"),
    ]
    step = one_step(cards, board, {"do": "activate", "card": "G", "ability": "Drill"})
    assert [e.card for e in step.events if e.kind == "bonus_live"] == ["G", "U2"]  # in ID order (I-R19-11)
    direct = one_step(
        cards, board, {"do": "bonus", "classes": ["Ground Unit"], "controller": "A", "value": "ATK", "amount": 1}
    )
    assert [e.card for e in direct.events if e.kind == "bonus_live"] == ["U1"]


def test_a_scenario_action_naming_the_player_you_reaches_only_that_players_cards() -> None:
    """In an ability, "you" means the controller of the card whose ability it is; a scenario action has no such
    card, so there "you" can only be a seat's name, and the action reaches only the cards that player controls (§19.6's
    "Ground Units you control")."""
    cards = [unit("U1", {"ATK": 1, "DEF": 2}), unit("U2", {"ATK": 1, "DEF": 2})]
    step = one_step(
        cards,
        [*on_board("U1", owner="you"), *on_board("U2", owner="B")],
        {"do": "bonus", "classes": ["Ground Unit"], "controller": "you", "value": "ATK", "amount": 1},
        players=["you", "B"],
        active="you",
    )
    assert [e.card for e in step.events if e.kind == "bonus_live"] == ["U1"]
    assert dict(step.board.cards["U2"].values)["ATK"] == 1


def test_an_event_as_json_carries_its_card_player_and_details_only_when_it_has_them() -> None:
    step = one_step(
        [watcher("W"), unit("V", {"DEF": 1})],
        [*on_board("W", owner="B"), *on_board("V")],
        {"do": "destroy", "card": "V"},
    )
    events = step.to_json()["events"]
    assert events[0] == {
        "kind": "sequence_start",
        "text": "Sequence begins: destroy V. No card may be played and no ability activated until it ends.",
        "rulings": ["R19-1.1", "R19-1.2", "I-R19-12"],  # a lone destruction is a sequence too (I-R19-12)
    }
    created = next(e for e in events if e["kind"] == "trigger_created")
    assert (
        created["text"] == "Watch of Unit W (W) triggers (Unit V (V) was destroyed); it waits for the sequence to end."
    )
    fired = next(e for e in events if e["kind"] == "trigger_fired")
    assert fired == {
        "kind": "trigger_fired",
        "text": "B resolves Watch of Unit W (W).",
        "rulings": ["R19-1.3"],
        "card": "W",
        "player": "B",
        "trigger": "W/Watch",
    }


# --------------------------------------------------------------------------
# The log's explanations, whole: each states the ruling it cites


def test_the_fall_notes_state_which_fall_scores() -> None:
    """R19-4.2 and I-R19-8, in the log's words."""
    twist = one_step([character("C")], on_board("C"), {"do": "twist", "card": "C"})
    assert [e.text for e in twist.events if e.kind in STORY_NOTES] == [
        "A Character's own Twist is a Fall its player causes to their own Character: the one kind of Fall that "
        "scores (§8.12)."
    ]
    penalty_fall = one_step([character("C")], on_board("C"), {"do": "morality_penalty", "card": "C", "amount": 3})
    assert [e.text for e in penalty_fall.events if e.kind in STORY_NOTES] == [
        "This Fall scores nothing by itself: Story Points are scored from the board at the end of each Act, and an "
        "opponent's Fall never earns one (§15.1)."
    ]


def test_the_bound_storyline_notes_say_why_nothing_changes() -> None:
    """R19-2.5 and I-R19-7, in the log's words."""
    story = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}}
    no_reversal = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}}}
    texts = []
    for card, place in ((story, {"face": "Reversal"}), (story, {"zone": "hand"}), (no_reversal, {})):
        step = one_step(
            [character("C"), card],
            [*on_board("C", bound_to="ST"), *on_board("ST", **place)],
            {"do": "twist", "card": "C"},
        )
        texts += [e.text for e in step.events if e.kind == "no_effect"]
    assert texts == [
        "Story (ST) is on its Reversal face already: a Fall turns a Storyline to Reversal, never back, so nothing "
        "changes (§8.11).",
        "Character C (C) is Bound to Story (ST), which is not in play: there is nothing to flip.",
        "Story (ST) has no Reversal face to flip to; nothing changes (§8.11).",
    ]


def test_the_activation_answers_say_why() -> None:
    """R19-1.2, R19-3.1 to R19-3.4 and R19-3, in the log's words."""
    asks = [
        {"card": "ST", "ability": "Bind"},
        {"card": "E", "ability": "Tithe"},
        {"card": "E", "ability": "Ward"},
        {"card": "E", "ability": "Zap", "during_sequence": True},
        {"card": "E", "ability": "Zap", "phase": "Ready"},
        {"card": "E", "ability": "Mine", "player": "B"},
        {"card": "E", "ability": "Dawn", "phase": "Upkeep"},
        {"card": "E", "ability": "Mine"},
        {"card": "E", "ability": "Zap"},
        {"card": "E", "ability": "Salvo", "phase": "Combat"},
    ]
    result = run(scenario([ENGINEER, STORY_BINDS], on_board("E", "ST"), [{"do": "can_activate", **a} for a in asks]))
    assert [next(e.get("reason") for e in s.events if e.kind == "answer") for s in result.steps] == [
        "A Storyline Binds by itself on arriving on the Map (§8.10); nobody activates a Bind, so activation timing "
        "does not apply to it.",
        "Tithe generates resources in the Admin Phase by its own phase rules; it is not an activated ability.",
        "Ward is a static ability, not an activated one.",
        "A resolution sequence is under way: no ability may be activated until it ends.",
        "No activated ability may be used in the Ready Phase, even a Fast one.",
        "Its text says “Use only during your turn”, and A is the active player.",
        "Its text limits it to the Admin, Combat Phase.",
        "Its printed restriction allows it now.",
        "Activated abilities are Fast unless their text restricts them: any phase of any player's turn except the "
        "Ready and End Phases (§10.3); this is the Admin Phase.",
        "Activated abilities are Fast unless their text restricts them: any phase of any player's turn except the "
        "Ready and End Phases (§10.3); this is the Combat Phase.",
    ]


def test_the_trigger_choice_says_whose_order_it_is() -> None:
    """I-R19-2, in the log's words."""
    chosen = three_watchers({"B": ["S3/Watch"]})
    given = three_watchers(None)
    assert [e.text for e in (*chosen.events, *given.events) if e.kind == "trigger_choice"] == [
        "B orders their 3 triggers in the order they chose: S3/Watch, S1/Watch, S2/Watch.",
        "B orders their 3 triggers in the order they were created (no order given): S1/Watch, S2/Watch, S3/Watch.",
    ]


def test_the_capability_answers_say_why() -> None:
    """R19-7, R19-7.1 ("nothing there to use", "not treated as having 0"), R19-7.2 (interception needs no
    attack; return fire uses one), in the log's words."""

    def reasons(values: dict[str, int]) -> list[str]:
        card = permanent("K", {"Unlabelled": face("Ground Unit", **values)})
        step = one_step([card], on_board("K"), {"do": "capabilities", "card": "K"})
        return [e.get("reason") for e in step.events if e.kind == "answer"]

    assert reasons({"ATK": 2, "DEF": 2, "Rank": 1, "Vote": 1, "Vox": 1, "Income": 1}) == [
        "ATK 2: an attack may be declared (§11.1).",
        "It has an attack to return fire with (§11.6).",
        "Intercepting needs no attack (§11.5).",
        "Vote 1: a Convocant.",
        "Rank 1: it can be Liberated (§12.2).",
        "It has Vox 1.",
        "It has Income 1.",
    ]
    nothing = "it prints no {}: it has nothing there to use, not 0"
    assert reasons({"DEF": 2}) == [
        f"No attack: {nothing.format('ATK')} (§11.1).",
        f"Return fire uses one of its attacks (§11.6), and {nothing.format('ATK')}.",
        "Intercepting needs no attack (§11.5).",
        f"Cannot Vote: {nothing.format('Vote')}.",
        f"Cannot be Liberated: {nothing.format('Rank')}.",
        f"Excluded from every mechanic that needs Vox: {nothing.format('Vox')}.",
        f"Excluded from every mechanic that needs Income: {nothing.format('Income')}.",
    ]


def test_the_setup_turns_sabotage_into_damage_on_every_character_and_only_theirs() -> None:
    """R19-8.2 at setup: each Character with Sabotage takes that much damage; a Character without takes none,
    and a Location's Sabotage stays -1 DEF each (I-R19-5), whatever the board order."""
    result: SequenceResult = run(
        scenario(
            [location("L", 3, 3), character("C1", 3), character("C2", 3)],
            [*on_board("L", counters={"Sabotage": 1}), *on_board("C1"), *on_board("C2", counters={"Sabotage": 1})],
            [{"do": "capabilities", "card": "C1"}],
        )
    )
    assert [(e.kind, e.card) for e in result.setup if e.card] == [("counters_added", "C2"), ("damage", "C2")]
    assert result.setup[0].text == (
        "Sequence begins: the starting board is checked before the first action. No card may be played and no "
        "ability activated until it ends."
    )
    cards = result.initial.cards
    assert [dict(cards[c].values).get(v) for c, v in (("L", "DEF"), ("C1", "CP"), ("C2", "CP"))] == [2, 3, 2]


def test_a_placement_at_setup_is_in_the_setups_summary() -> None:
    result: SequenceResult = run(
        scenario(
            [location("L", 2, 1)],
            on_board("L", face="Contested", counters={"Sabotage": 1}),
            [{"do": "capabilities", "card": "L"}],
        )
    )
    setup = result.to_json()["setup"]
    assert (setup["left_play"], setup["destroyed"], setup["flips"]) == (["L"], [], [])


def test_an_endless_loop_at_setup_is_an_error_naming_the_board() -> None:
    """MAX_TRIGGERS: a resolution that does not end is refused, and the message says where -- here the starting
    board, whose Location breaks to Contested and sets off the loop."""
    ping = looping(location("P", 1, 3))
    data = scenario([ping], on_board("P", counters={"Sabotage": 1}), [{"do": "capabilities", "card": "P"}])
    with pytest.raises(ScenarioError) as info:
        run(data)
    assert (
        str(info.value) == "board: expected a resolution that ends (more than 200 triggers fired) (the triggers loop)"
    )


def test_no_sequence_is_under_way_once_an_action_has_resolved() -> None:
    """R19-1.2 forbids activation *during* a sequence; when the action's sequence has ended, Fast timing applies
    again (R19-3.1)."""
    result = run(
        scenario(
            [ENGINEER, STORY_BINDS, unit("V", {"DEF": 1})],
            on_board("E", "ST", "V"),
            [{"do": "destroy", "card": "V"}, {"do": "can_activate", "card": "E", "ability": "Zap"}],
        )
    )
    assert result.steps[1].to_json()["answers"][0]["rulings"] == ["R19-3.1"]
    assert result.steps[1].to_json()["answers"][0]["answer"] is True


def test_a_step_lists_the_cards_on_which_nothing_happened() -> None:
    step = one_step(
        [unit("U", {"DEF": 2}), character("C")],
        on_board("U", "C"),
        {"do": "bonus", "cards": ["U", "C"], "value": "Vote", "amount": 1},
    )
    assert step.to_json()["nothing"] == ["U", "C"]
    gone = one_step([unit("U", {"DEF": 2})], on_board("U", zone="hand"), {"do": "destroy", "card": "U"})
    assert gone.to_json()["nothing"] == ["U"]


def test_damage_and_cp_loss_count_against_a_characters_cp_only() -> None:
    """I-R19-1: damage is modelled for Characters as CP loss; a Character's other values stay as printed."""
    card = permanent("C", {"Prime": face("Character", DEF="X", Rank="X", CP=4, Vote=2, Vox=1)})
    step = one_step(
        [card],
        on_board("C"),
        {"do": "damage", "card": "C", "amount": 1},
        {"do": "cp_loss", "card": "C", "amount": 2},
    )
    assert dict(step.board.cards["C"].values) == {"DEF": "X", "Rank": "X", "Vote": 2, "Vox": 1, "CP": 1}


# --------------------------------------------------------------------------
# Each action's events and their rulings (actions.py)

STORY_IN_HAND = [character("C"), {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}}}]


@pytest.mark.parametrize(
    ("cards", "board", "actions", "events"),
    [
        # R19-8.2: a Rank penalty on a Character (Rank X) is CP loss instead
        (
            [character("C", 3)],
            on_board("C"),
            [penalty("C", "Rank", 2)],
            [("penalty", "C", ("R19-8.2",)), ("cp_loss", "C", ("R19-8.2",))],
        ),
        # R19-7.1: a penalty to a value the card does not print has nothing to reduce
        ([unit("U", {"DEF": 2})], on_board("U"), [penalty("U", "ATK", 1)], [("no_effect", "U", ("R19-7.1",))]),
        # a penalty to a printed value other than DEF or Rank (R19-7), to DEF (R19-8)
        ([unit("U", {"DEF": 3, "ATK": 2})], on_board("U"), [penalty("U", "ATK", 1)], [("penalty", "U", ("R19-7",))]),
        ([unit("U", {"DEF": 3, "ATK": 2})], on_board("U"), [penalty("U", "DEF", 1)], [("penalty", "U", ("R19-8",))]),
        # R19-6.1: a class bonus that reaches no card does nothing
        (
            [unit("U", {"DEF": 2})],
            on_board("U"),
            [{"do": "bonus", "classes": ["Location"], "value": "DEF", "amount": 1}],
            [("no_effect", None, ("R19-6.1",))],
        ),
        # R19-6.1 and R19-7.2: a bonus to a lost value is a bonus to nothing
        (
            [unit("U", {"DEF": 2, "ATK": 1})],
            on_board("U"),
            [{"do": "lose", "card": "U", "value": "ATK"}, {"do": "bonus", "card": "U", "value": "ATK", "amount": 1}],
            [("bonus_dead", "U", ("R19-6.1", "R19-7.2"))],
        ),
        # R19-7.2: ending an effect that is not there
        (
            [unit("U", {"DEF": 2})],
            on_board("U"),
            [{"do": "end_effect", "effect": "Nope"}],
            [("no_effect", None, ("R19-7.2",))],
        ),
        # route 2 of §7.7 needs a Fallen face; without one, 0 CP destroys (R19-2.4)
        (
            [character("C", 3, fallen_cp=None)],
            on_board("C"),
            [{"do": "morality_penalty", "card": "C", "amount": 3}],
            [("cp_loss", "C", ("R19-2.3",)), ("destroyed", "C", ("R19-2.4",))],
        ),
        # I-R19-1: CP loss and damage are modelled for Characters only
        (
            [location("L", 3, 3)],
            on_board("L"),
            [{"do": "morality_penalty", "card": "L", "amount": 3}],
            [("no_effect", "L", ("I-R19-1",))],
        ),
        (
            [unit("U", {"DEF": 2})],
            on_board("U"),
            [{"do": "add_counters", "card": "U", "counter": "damage", "n": 1}],
            [("no_effect", "U", ("I-R19-1",))],
        ),
        # R19-7.1 and R19-7.5: no Rank, no Liberation (counter or action)
        (
            [unit("U", {"DEF": 2})],
            on_board("U"),
            [{"do": "add_counters", "card": "U", "counter": "Liberation", "n": 1}],
            [("no_effect", "U", ("R19-7.1", "R19-7.5"))],
        ),
        (
            [location("L", 3, 3)],
            on_board("L", face="Contested"),
            [{"do": "liberate", "card": "L"}],
            [("no_effect", "L", ("R19-7.1", "R19-7.5"))],
        ),
        # I-R19-1: counters that are not there cannot be removed; those that are come off, as many as there are
        (
            [location("L", 3, 3)],
            on_board("L"),
            [{"do": "remove_counters", "card": "L", "counter": "Sabotage", "n": 1}],
            [("no_effect", "L", ("I-R19-1",))],
        ),
        (
            [location("L", 3, 3)],
            on_board("L", counters={"Liberation": 2}),
            [{"do": "remove_counters", "card": "L", "counter": "Liberation", "n": 5}],
            [("counters_removed", "L", ("I-R19-1",))],
        ),
        # R19-3.3: a Storyline Binds as it enters the Map -- not an activated ability
        (
            STORY_IN_HAND,
            [*on_board("C"), *on_board("ST", zone="hand")],
            [{"do": "enter", "card": "ST", "bind": ["C"]}],
            [("entered", "ST", ("I-R19-1",)), ("bind", "C", ("R19-3.3",))],
        ),
        # R19-3.1: the phase (and the active player) the timing rules read
        (
            [character("C")],
            on_board("C"),
            [{"do": "set_phase", "phase": "End", "active": "B"}],
            [("phase", None, ("R19-3.1",))],
        ),
    ],
)
def test_each_action_logs_what_it_did_with_its_rulings(
    cards: list[Any], board: list[Any], actions: list[dict[str, Any]], events: list[Any]
) -> None:
    step = one_step(cards, board, *actions)
    shown = [e for e in events_of(step.events) if e[0] not in ("sequence_start", "sequence_end", "counters_removed")]
    shown += [e for e in events_of(step.events, "counters_removed") if actions[-1]["do"] == "remove_counters"]
    assert shown == events


def test_what_the_actions_leave_behind() -> None:
    """The values and zones the actions above lead to: CP 3 less 2 (R19-8.2), ATK 2 less 1, the counters a
    removal leaves (none of 2), the Bound Character, the new phase and active player."""
    rank = one_step([character("C", 3)], on_board("C"), penalty("C", "Rank", 2))
    assert dict(rank.board.cards["C"].values)["CP"] == 1
    removed = one_step(
        [location("L", 3, 3)],
        on_board("L", counters={"Liberation": 2}),
        {"do": "remove_counters", "card": "L", "counter": "Liberation", "n": 5},
    )
    assert removed.board.cards["L"].counters == ()
    assert next(e.get("n") for e in removed.events if e.kind == "counters_removed") == 2
    bound = one_step(
        STORY_IN_HAND, [*on_board("C"), *on_board("ST", zone="hand")], {"do": "enter", "card": "ST", "bind": ["C"]}
    )
    assert (bound.board.cards["ST"].zone, bound.board.cards["C"].bound_to) == ("Map", "ST")
    phase = one_step([character("C")], on_board("C"), {"do": "set_phase", "phase": "End", "active": "B"})
    assert (phase.board.active, phase.board.phase) == ("B", "End")
    assert [e.player for e in phase.events if e.kind == "phase"] == ["B"]


def test_every_counter_kept_in_a_flip_is_listed() -> None:
    """R19-8.5: counters other than Liberation persist through a flip. A Character placed with a Sabotage counter
    keeps it and the damage it became (R19-8.2), and its Twist lists both."""
    step = one_step(
        [character("C", 5, fallen_cp=4)], on_board("C", counters={"Sabotage": 1}), {"do": "twist", "card": "C"}
    )
    kept = [e for e in step.events if e.kind == "counters_kept"]
    assert [(e.get("counters"), e.rulings) for e in kept] == [({"Sabotage": 1, "damage": 1}, ("R19-8.5",))]
    assert kept[0].text == "Other counters stay on the card (1 Sabotage, 1 damage, §18.38)."
    assert dict(step.board.cards["C"].values)["CP"] == 3


def test_the_value_question_reads_any_value_the_same_way() -> None:
    """R19-7: "the same reading applies to any printed value a mechanic depends on": the value question built for
    any value answers yes with the value (R19-7.3 at 0) and no, with nothing there to use, when it is not printed
    (R19-7.1). Asked of the built questions directly, since the engine builds its two (Vox, Income) on import."""
    from estro_rules.r19.board import Answer
    from estro_rules.r19.timing import _q_value

    card = (
        load_like_runner(
            scenario(
                [permanent("K", {"Unlabelled": face("Ground Unit", DEF=2, Vox=0, Income=2)})],
                on_board("K"),
                [{"do": "capabilities", "card": "K"}],
            )
        )
        .engine()
        .cards["K"]
    )
    assert [_q_value(name)(card) for name in ("Vox", "Income", "Vote")] == [
        Answer("use Vox", True, "It has Vox 0.", ("R19-7.3",)),
        Answer("use Income", True, "It has Income 2.", ("R19-7",)),
        Answer(
            "use Vote",
            False,
            "Excluded from every mechanic that needs Vote: it prints no Vote: it has nothing there to use, not 0.",
            ("R19-7.1",),
        ),
    ]


def test_an_ability_is_asked_about_by_its_printed_name_even_an_empty_one() -> None:
    """The scenario format accepts any printed name, "" included; the question is about that ability (R19-3.1)."""
    card = unit("U", {"DEF": 2}, abilities=[{"name": "", "type": "activated"}])
    step = one_step([card], on_board("U"), {"do": "can_activate", "card": "U", "ability": ""})
    assert step.to_json()["answers"][0]["answer"] is True
    assert step.to_json()["answers"][0]["rulings"] == ["R19-3.1"]
