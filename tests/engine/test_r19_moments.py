"""Acceptance tests for issue 26, written from the text of §19 (expected values worked out by hand).

§19.8: a unit is destroyed "the moment" its DEF or Rank is 0 or less, and "Triggers keyed to destruction
fire as usual". §19.1: the triggers a sequence created fire "in active-player-first order", each player "in
any order they choose", then "each non-active player in clockwise order". §19.2: route 1 to Fallen is "a
Storyline's text", and "A Character becoming Fallen also flips the Storyline they are Bound to". Nothing in
§19 gives the order in which cards are listed a meaning. The engine's readings these tests also rely on are
I-R19-11 (one moment; leaving play looks back), I-R19-2 (the order a player chooses, by default the order of
creation) and I-R19-9 (a broken Contested Location is placed, not destroyed).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from estro_rules.r19 import SequenceResult
from tests.support.r19 import STORY, character, location, run, scenario, unit

SALVAGE = {"name": "Salvage", "type": "triggered", "on": "destroyed", "of": "any"}
"""“Whenever a card is destroyed, ...”"""

FAREWELL = {"name": "Farewell", "type": "triggered", "on": "leaves play", "of": "any"}
"""“Whenever a card leaves play, ...”"""

SWEEP = {"do": "penalty", "classes": ["Ground Unit"], "value": "DEF", "amount": 2}
"""One effect: −2 DEF to every Ground Unit."""


def fired(result: SequenceResult, step: int = 0) -> list[str]:
    return list(result.steps[step].to_json()["fired"])


# --------------------------------------------------------------------------
# One effect, one moment: every watcher sees every card destroyed in it


def test_every_watcher_sees_every_card_destroyed_at_the_same_moment_its_own_included() -> None:
    """Ana's and Ben's watchers and a plain unit all reach DEF 0 through one effect. Each watcher sees three
    destructions: its own, the other watcher's, the plain unit's. Ana is the active player: her three first."""
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE]), unit("U", {"DEF": 2})]
    board = [
        {"card": "W", "id": "WB", "owner": "B"},
        {"card": "U", "owner": "A"},
        {"card": "W", "id": "WA", "owner": "A"},
    ]
    result = run(scenario(cards, board, [SWEEP]))
    assert sorted(result.steps[0].to_json()["destroyed"]) == ["U", "WA", "WB"]
    assert fired(result) == ["A: WA/Salvage"] * 3 + ["B: WB/Salvage"] * 3
    batch = result.steps[0].batches[0]
    destroyed = ["Unit U (U) was destroyed", "Unit W (WA) was destroyed", "Unit W (WB) was destroyed"]
    assert {c: sorted(t.because for t in batch if t.card == c) for c in ("WA", "WB")} == {
        "WA": destroyed,
        "WB": destroyed,
    }


@pytest.mark.parametrize("order", list(permutations(["WA", "WB", "U"])))
def test_the_order_the_board_lists_them_in_changes_nothing(order: tuple[str, ...]) -> None:
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE]), unit("U", {"DEF": 2})]
    owners = {"WA": "A", "WB": "B", "U": "A"}
    board = [{"card": cid[0], "id": cid, "owner": owners[cid]} for cid in order]
    result = run(scenario(cards, board, [SWEEP]))
    assert fired(result) == ["A: WA/Salvage"] * 3 + ["B: WB/Salvage"] * 3
    assert result.steps[0].to_json()["destroyed"] == ["U", "WA", "WB"]  # one moment, in the order of the IDs


def test_the_log_says_what_happened_at_the_same_moment() -> None:
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE]), unit("U", {"DEF": 2})]
    board = [{"card": "W", "id": "WA", "owner": "A"}, {"card": "U", "owner": "B"}]
    [together] = [e for e in run(scenario(cards, board, [SWEEP])).steps[0].events if e.kind == "together"]
    assert together.text == (
        "At the same moment: Unit U (U) is destroyed; Unit W (WA) is destroyed. Every ability keyed to a card "
        "leaving play sees all of them, looking back to the board just before."
    )
    assert (together.rulings, together.get("cards")) == (("I-R19-11",), ["U", "WA"])
    # the watcher that left at the same moment says so when it triggers on the other card
    created = [e for e in run(scenario(cards, board, [SWEEP])).steps[0].events if e.kind == "trigger_created"]
    assert [(e.get("trigger"), "I-R19-11" in e.rulings) for e in created] == [
        ("WA/Salvage", True),
        ("WA/Salvage", False),
    ]


def test_a_destroy_effect_on_several_cards_is_one_moment_too() -> None:
    cards = [unit("W", {"DEF": 5}, abilities=[SALVAGE])]
    board = [{"card": "W", "id": f"W{i}", "owner": "AB"[i % 2]} for i in range(3)]
    result = run(scenario(cards, board, [{"do": "destroy", "cards": ["W2", "W0", "W1"]}]))
    # three watchers, three destructions each: A holds W0 and W2, B holds W1. A has no order given, so
    # I-R19-2's default: the order of creation, destroyed card by destroyed card in ID order, each one's
    # own ability first, then those watching it in ID order: W0 (W0, W2), W1 (W0, W2), W2 (W2, W0).
    assert fired(result) == [f"A: {w}/Salvage" for w in ("W0", "W2", "W0", "W2", "W2", "W0")] + ["B: W1/Salvage"] * 3


def test_triggers_of_one_moment_go_active_player_first_then_clockwise() -> None:
    """Three players (seats A, B, C clockwise), B active: B's triggers, then C's, then A's."""
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE])]
    board = [{"card": "W", "id": f"W{p}", "owner": p} for p in "ACB"]
    result = run(scenario(cards, board, [SWEEP], players=["A", "B", "C"], active="B"))
    assert fired(result) == ["B: WB/Salvage"] * 3 + ["C: WC/Salvage"] * 3 + ["A: WA/Salvage"] * 3


def test_each_player_still_chooses_their_own_order() -> None:
    """I-R19-2: a player's chosen order wins over the default (the order of creation)."""
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE]), unit("V", {"DEF": 2}, abilities=[SALVAGE])]
    board = [{"card": "W", "owner": "A"}, {"card": "V", "owner": "A"}]
    chosen = {**SWEEP, "trigger_order": {"A": ["W/Salvage", "V/Salvage", "W/Salvage", "V/Salvage"]}}
    assert fired(run(scenario(cards, board, [chosen]))) == ["A: W/Salvage", "A: V/Salvage"] * 2


def test_the_starting_board_is_checked_as_one_moment() -> None:
    """§19.8 "the moment": two watchers placed at DEF 0 go together before the first action, each seeing both."""
    cards = [unit("W", {"DEF": 2}, abilities=[SALVAGE])]
    board = [{"card": "W", "id": f"W{p}", "owner": p, "counters": {"Sabotage": 2}} for p in "BA"]
    result = run(scenario(cards, board, [{"do": "capabilities", "card": "WA"}]))
    assert result.to_json()["setup"]["fired"] == ["A: WA/Salvage"] * 2 + ["B: WB/Salvage"] * 2


# --------------------------------------------------------------------------
# Leaving play and face changes at the same moment


def test_a_watcher_looks_back_with_the_face_it_showed_just_before() -> None:
    """One pass of the checks breaks a Prime Location (it turns Contested) and destroys a unit. The
    Location's Prime face watched for destructions: looking back, it sees the unit go, though it is
    Contested once the moment is over."""
    watching = {
        "id": "L",
        "name": "Outpost",
        "faces": {
            "Prime": {"type": "Location", "values": {"DEF": 1, "Rank": 1}},
            "Contested": {"type": "Location", "values": {"DEF": 3}},
        },
        "abilities": [],
    }
    watching["faces"]["Prime"]["abilities"] = [SALVAGE]
    step = run(
        scenario(
            [watching, unit("U", {"DEF": 1})],
            [{"card": "U", "owner": "A"}, {"card": "L", "owner": "B"}],
            [{"do": "penalty", "classes": ["Ground Unit", "Location"], "value": "DEF", "amount": 1}],
        )
    ).steps[0]
    assert step.to_json()["flips"] == ["L: Prime -> Contested"]
    assert step.to_json()["fired"] == ["B: L/Salvage"]


def test_a_face_change_is_watched_for_on_the_board_after_the_moment() -> None:
    """A unit that watches for cards becoming Contested is destroyed at the same moment as a Location
    breaks to Contested: once the moment is over it is not on the Map, so it does not see the flip."""
    alarm = {"name": "Alarm", "type": "triggered", "on": "becomes Contested", "of": "any"}
    step = run(
        scenario(
            [location("L", 1, 3), unit("U", {"DEF": 1}, abilities=[alarm]), unit("S", {"DEF": 5}, abilities=[alarm])],
            [{"card": "U", "owner": "A"}, {"card": "L", "owner": "A"}, {"card": "S", "owner": "B"}],
            [{"do": "penalty", "cards": ["U", "L"], "value": "DEF", "amount": 1}],
        )
    ).steps[0]
    assert step.to_json()["fired"] == ["B: S/Alarm"]


def test_a_card_placed_in_the_pile_leaves_play_but_is_not_destroyed() -> None:
    """I-R19-9: a Contested Location at DEF 0 is placed in the Depleted Pile, not destroyed: abilities keyed
    to destruction do not fire, abilities keyed to leaving play do."""
    cards = [location("L", 3, 1), unit("W", {"DEF": 5}, abilities=[SALVAGE, FAREWELL])]
    board = [{"card": "L", "owner": "A", "face": "Contested"}, {"card": "W", "owner": "B"}]
    result = run(scenario(cards, board, [{"do": "add_counters", "card": "L", "counter": "Sabotage", "n": 1}]))
    assert (result.steps[0].to_json()["left_play"], fired(result)) == (["L"], ["B: W/Farewell"])


# --------------------------------------------------------------------------
# A Storyline's own leave-play text: route 1 of §19.2, wherever the Storyline is


def _story(on: str) -> dict[str, Any]:
    flip = {"do": "flip", "classes": ["Character"], "controller": "you", "to": "Fallen"}
    return {
        **STORY,
        "id": "LW",
        "name": "Last Word",
        "abilities": [{"name": "Curtain", "type": "triggered", "on": on, "effects": [flip]}],
    }


@pytest.mark.parametrize("on", ["destroyed", "leaves play"])
def test_a_destroyed_storylines_own_text_makes_a_character_fall(on: str) -> None:
    """The Storyline is in the Depleted Pile when its ability resolves: still a Storyline's text, so the
    Character becomes Fallen (route 1), and the Storyline the Character is Bound to flips (§19.2)."""
    grief = {"name": "Grief", "type": "triggered", "on": "becomes Fallen"}
    cards = [_story(on), STORY, character("C", abilities=[grief])]
    board = [{"card": "LW", "owner": "A"}, {"card": "ST", "owner": "A"}, {"card": "C", "owner": "A", "bound_to": "ST"}]
    result = run(scenario(cards, board, [{"do": "destroy", "card": "LW"}]))
    step = result.steps[0]
    assert step.to_json()["flips"] == ["C: Prime -> Fallen", "ST: Prime -> Reversal"]
    assert fired(result) == ["A: LW/Curtain", "A: C/Grief"]
    [fall] = [e for e in step.events if e.kind == "face_change" and e.card == "C"]
    assert fall.rulings[:2] == ("R19-2.3", "I-R19-11")
    assert "the text of the Storyline Last Word (LW), from the Depleted Pile (route 1 of §7.7)" in fall.text


def test_a_storyline_put_back_in_hand_leaves_play_but_is_not_destroyed() -> None:
    """Leaving to the hand is no destruction: its "when destroyed" text does nothing; its "leaves play"
    text resolves from the hand and is route 1."""
    cards = [_story("destroyed"), character("C")]
    board = [{"card": "LW", "owner": "A"}, {"card": "C", "owner": "A"}]
    back = [{"do": "storyline_leaves", "card": "LW", "to": "hand"}]
    assert fired(run(scenario(cards, board, back))) == []
    result = run(scenario([_story("leaves play"), character("C")], board, back))
    assert (fired(result), result.steps[0].to_json()["flips"]) == (["A: LW/Curtain"], ["C: Prime -> Fallen"])


def test_two_characters_falling_together_flip_their_storyline_once() -> None:
    """Morality Penalties take two Prime Characters Bound to one Storyline to 0 CP at once: both Fall (route
    2), and the Storyline flips once, to Reversal."""
    cards = [STORY, character("C")]
    board = [
        {"card": "ST", "owner": "A"},
        *({"card": "C", "id": c, "owner": "A", "bound_to": "ST"} for c in ("C1", "C2")),
    ]
    step = run(scenario(cards, board, [{"do": "morality_penalty", "cards": ["C2", "C1"], "amount": 3}])).steps[0]
    assert step.to_json()["flips"] == ["C1: Prime -> Fallen", "C2: Prime -> Fallen", "ST: Prime -> Reversal"]
    [story] = [e for e in step.events if e.kind == "face_change" and e.card == "ST"]
    assert story.get("cause") == "its Bound Characters Character C (C1) and Character C (C2) became Fallen (§8.11)"


# --------------------------------------------------------------------------
# I-R19-12: a lone change is a sequence too


def test_a_lone_destruction_is_a_sequence_and_its_trigger_waits_for_its_end() -> None:
    war_crime = {"name": "War Crime", "type": "triggered", "on": "destroyed"}
    step = run(
        scenario(
            [character("C", 2, abilities=[war_crime])],
            [{"card": "C", "owner": "B"}],
            [{"do": "damage", "card": "C", "amount": 2}],
        )
    ).steps[0]
    kinds = [e.kind for e in step.events]
    assert kinds[0] == "sequence_start" and step.events[0].rulings == ("R19-1.1", "R19-1.2", "I-R19-12")
    assert kinds.index("trigger_created") < kinds.index("sequence_end") < kinds.index("trigger_fired")
