"""Listing order never matters where the rules give it no meaning (issue 26): property tests.

* **§19** — "the moment" of §19.8 and the player order of §19.1 are the only orders: permuting the cards
  of the board, the cards an action names, or two actions that touch different cards leaves the events,
  the final board and each player's triggers the same (I-R19-11, I-R19-2).
* **Battaglia** — swapping the two teams mirrors the battle (winner, remaining health, every event with
  its sides swapped), up to the first roll where I-BAT-9's seeded draw settles a tie of threat across the
  sides: that draw is the one thing that knows left from right, and the log records it.
* **PROTOCOL_07** — a set of modes has no order: the order they are given in changes no verdict and no
  reason (I-P07-2), and the order of ``in_play`` changes no step of a destruction.

Each property runs a few dozen generated cases: a few seconds each.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import replace
from itertools import permutations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from estro_rules import scenarios
from estro_rules.battaglia import EndReason, Winner, battle, team
from estro_rules.battaglia.engine import Battle, Matchup
from estro_rules.battaglia.results import BattleResult
from estro_rules.battaglia.trace import RollRecord
from estro_rules.protocol07 import check_combination
from estro_rules.protocol07.rules import EFFECTS, MODE_NAMES
from estro_rules.r19 import SequenceResult
from tests.engine.test_battaglia_properties import seeds, teams
from tests.support.r19 import run

# --------------------------------------------------------------------------
# §19


def _r19_cards(prefix: str = "") -> list[dict[str, Any]]:
    """Cards whose abilities watch every kind of change and set off cascades; ``prefix`` makes a group of
    its own (its abilities reach only its own cards)."""
    p = prefix
    watch_any = [
        {"name": "Salvage", "type": "triggered", "on": "destroyed", "of": "any"},
        {"name": "Farewell", "type": "triggered", "on": "leaves play", "of": "any"},
        {"name": "Alarm", "type": "triggered", "on": "becomes Contested", "of": "any"},
    ]
    return [
        {
            "id": f"{p}CH",
            "name": "Colonel",
            "faces": {
                "Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 3}},
                "Fallen": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 2}},
            },
            "abilities": [
                {"name": "War Crime", "type": "triggered", "on": "destroyed"},
                {"name": "Grief", "type": "triggered", "on": "becomes Fallen"},
            ],
        },
        {
            "id": f"{p}W",
            "name": "Watcher",
            "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2, "Rank": 1}}},
            "abilities": watch_any,
        },
        {
            "id": f"{p}DR",
            "name": "Drone",
            "faces": {"Unlabelled": {"type": "Ground Unit", "subtypes": ["Drone"], "values": {"ATK": 1, "DEF": 1}}},
            "abilities": [
                {
                    "name": "Scrap",
                    "type": "triggered",
                    "on": "destroyed",
                    "effects": [{"do": "add_counters", "card": f"{p}LOC", "counter": "Sabotage"}],
                }
            ],
        },
        {
            "id": f"{p}LOC",
            "name": "Foundry",
            "faces": {
                "Prime": {"type": "Location", "values": {"DEF": 2, "Rank": 1}},
                "Contested": {"type": "Location", "values": {"DEF": 1}},
            },
            "abilities": [
                {
                    "name": "Collapse",
                    "type": "triggered",
                    "on": "becomes Contested",
                    "effects": [{"do": "add_counters", "card": "self", "counter": "Sabotage"}],
                }
            ],
        },
        {
            "id": f"{p}SC",
            "name": "Corvette",
            "faces": {"Prime": {"type": "Non-Capital Spacecraft", "values": {"DEF": 1}}},
        },
        {
            "id": f"{p}ST",
            "name": "Story",
            "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
            "abilities": [
                {
                    "name": "Last Word",
                    "type": "triggered",
                    "on": "leaves play",
                    "effects": [{"do": "flip", "card": f"{p}CH", "to": "Fallen"}],
                }
            ],
        },
    ]


KINDS = ("CH", "W", "W", "DR", "LOC", "SC")
"""Card kinds a generated board draws from (watchers twice as often: they are the point)."""


@st.composite
def r19_group(
    draw: st.DrawFn, prefix: str, players: list[str], kinds_from: tuple[str, ...] = KINDS
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A board of one group's cards (its Storyline, Location and Character, and up to 4 others) and 1 to 3
    actions on them."""
    kinds = draw(st.lists(st.sampled_from(kinds_from), min_size=0, max_size=4))
    # the cards the group's abilities name are always there, under their card numbers
    board: list[dict[str, Any]] = [
        {"card": f"{prefix}{kind}", "id": f"{prefix}{kind}", "owner": draw(st.sampled_from(players))}
        for kind in ("ST", "LOC", "CH")
    ]
    for i, kind in enumerate(kinds):
        entry: dict[str, Any] = {
            "card": f"{prefix}{kind}",
            "id": f"{prefix}{kind}{i}",
            "owner": draw(st.sampled_from(players)),
        }
        if kind == "CH" and draw(st.booleans()):
            entry["bound_to"] = f"{prefix}ST"
        board.append(entry)
    ids = [b["id"] for b in board]
    some = st.lists(st.sampled_from(ids), min_size=1, max_size=4, unique=True)
    action = st.one_of(
        st.builds(lambda cs, n: {"do": "penalty", "cards": cs, "value": "DEF", "amount": n}, some, st.integers(1, 2)),
        st.builds(lambda cs, n: {"do": "damage", "cards": cs, "amount": n}, some, st.integers(1, 3)),
        st.builds(
            lambda cs, n: {"do": "add_counters", "cards": cs, "counter": "Sabotage", "n": n}, some, st.integers(1, 2)
        ),
        st.builds(lambda cs: {"do": "destroy", "cards": cs}, some),
        st.builds(lambda cs: {"do": "morality_penalty", "cards": cs, "amount": 3}, some),
        st.builds(lambda cs: {"do": "liberate", "cards": cs, "cp_loss": 1}, some),
        st.just({"do": "storyline_leaves", "card": f"{prefix}ST", "to": "hand"}),
    )
    return board, draw(st.lists(action, min_size=1, max_size=3))


def r19_scenario(
    players: list[str], active: str, board: list[Any], actions: list[Any], groups: str = ""
) -> dict[str, Any]:
    cards = [c for prefix in groups or [""] for c in _r19_cards(prefix)]
    return {
        "kind": "r19.sequence",
        "players": players,
        "active": active,
        "phase": "Admin",
        "cards": cards,
        "board": board,
        "actions": actions,
    }


@st.composite
def r19_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    players = ["A", "B", "C", "D"][: draw(st.integers(2, 4))]
    board, actions = draw(r19_group("", players))
    # Class-wide effects reach every card of a kind at once: the simultaneity the issue is about.
    sweeps = st.sampled_from(
        [
            {"do": "penalty", "classes": ["Ground Unit"], "value": "DEF", "amount": 2},
            {
                "do": "penalty",
                "classes": ["Ground Unit", "Location", "Spacecraft", "Character"],
                "value": "DEF",
                "amount": 2,
            },
            {"do": "destroy", "classes": ["Unit", "Storyline"]},
            {"do": "add_counters", "classes": ["Location", "Ground Unit"], "counter": "Sabotage", "n": 2},
        ]
    )
    actions = draw(st.lists(st.one_of(sweeps, st.sampled_from(actions)), min_size=1, max_size=4))
    return r19_scenario(players, draw(st.sampled_from(players)), board, actions)


def _same_run(a: SequenceResult, b: SequenceResult) -> None:
    """The same events, event for event, the same trigger batches, and the same board after every step."""
    assert a.setup == b.setup and a.setup_batches == b.setup_batches
    assert a.initial.cards == b.initial.cards
    for x, y in zip(a.steps, b.steps, strict=True):
        assert x.events == y.events
        assert x.batches == y.batches
        assert x.board.cards == y.board.cards  # a dict: compared card by card, whatever the board's order


@settings(max_examples=60, deadline=None)
@given(r19_scenarios(), st.data())
def test_r19_the_order_of_the_board_decides_nothing(data: dict[str, Any], pick: st.DataObject) -> None:
    shuffled = {**data, "board": pick.draw(st.permutations(data["board"]), label="board order")}
    _same_run(run(copy.deepcopy(data)), run(shuffled))


@settings(max_examples=60, deadline=None)
@given(r19_scenarios(), st.randoms(use_true_random=False))
def test_r19_the_order_an_action_names_its_cards_in_decides_nothing(data: dict[str, Any], rnd: random.Random) -> None:
    """One effect reaches the cards it names at once: listed in another order, the same things happen to the
    same cards and the same triggers fire. Only the log's lines for the cards the effect reaches one by one
    (a penalty, a notice that nothing happens) follow the order the action names them in."""
    renamed = copy.deepcopy(data)
    for action in renamed["actions"]:
        if "cards" in action:
            rnd.shuffle(action["cards"])
    a, b = run(copy.deepcopy(data)), run(renamed)
    for x, y in zip(a.steps, b.steps, strict=True):
        assert x.batches == y.batches
        assert x.board.cards == y.board.cards
        assert Counter(_event_key(e) for e in x.events) == Counter(_event_key(e) for e in y.events)


def _event_key(e: Any) -> str:
    """An event without the words of its action's label (which lists the cards as the action names them)."""
    data = e.to_json()
    if e.kind == "sequence_start":
        del data["text"]
    return json.dumps(data, sort_keys=True)


@st.composite
def two_groups(draw: st.DrawFn) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """Two groups of cards whose abilities reach and watch only their own group, and actions on each. No
    "any card" watcher: one that the other group's actions could destroy would see the rest of the game
    differently, and rightly so (a card gone from the Map watches nothing)."""
    players = ["A", "B", "C"][: draw(st.integers(2, 3))]
    own = ("CH", "DR", "LOC", "SC")
    xboard, xactions = draw(r19_group("X", players, own))
    yboard, yactions = draw(r19_group("Y", players, own))
    board = draw(st.permutations(xboard + yboard))
    base = r19_scenario(players, draw(st.sampled_from(players)), board, [], groups="XY")
    return base, xactions, yactions


def _fired(result: SequenceResult) -> dict[str | None, Counter[tuple[str, str]]]:
    """Each player's fired triggers, with what set each off (as a multiset)."""
    out: dict[str | None, Counter[tuple[str, str]]] = {}
    for step in result.steps:
        for batch in step.batches:
            for t in batch:
                out.setdefault(t.player, Counter())[(t.key, t.because)] += 1
    return out


@settings(max_examples=40, deadline=None)
@given(two_groups())
def test_r19_the_order_of_unrelated_actions_decides_nothing(case: tuple[dict[str, Any], list[Any], list[Any]]) -> None:
    """Actions on two groups of cards that neither reach nor watch each other, in either order: the same board
    at the end, the same triggers for each player (what set each off included), the same events."""
    base, xs, ys = case
    a = run({**copy.deepcopy(base), "actions": copy.deepcopy(xs + ys)})
    b = run({**copy.deepcopy(base), "actions": copy.deepcopy(ys + xs)})
    assert a.steps[-1].board.cards == b.steps[-1].board.cards
    assert _fired(a) == _fired(b)
    every = [Counter(_event_key(e) for s in r.steps for e in s.events) for r in (a, b)]
    assert every[0] == every[1]


def test_r19_the_generated_boards_do_destroy_cards_together() -> None:
    """The generator reaches the case the properties are about: several watchers destroyed at one moment,
    each seeing the others go."""
    board = [
        {"card": "W", "id": "W1", "owner": "B"},
        {"card": "W", "id": "W0", "owner": "A"},
        {"card": "DR", "id": "DR2", "owner": "A"},
        {"card": "LOC", "id": "LOC", "owner": "B", "counters": {"Liberation": 1}},
        {"card": "CH", "id": "CH", "owner": "B"},
    ]
    result = run(
        r19_scenario(
            ["A", "B"], "A", board, [{"do": "penalty", "classes": ["Ground Unit"], "value": "DEF", "amount": 2}]
        )
    )
    batch = result.steps[0].batches[0]
    # three cards destroyed together; each watcher has "destroyed" and "leaves play": 3 x 2 triggers each, and
    # the Drone's own Scrap; A, the active player, first
    assert Counter(t.player for t in batch) == {"A": 7, "B": 6}
    assert [t.player for t in batch] == ["A"] * 7 + ["B"] * 6
    assert Counter(t.because for t in batch if t.card == "W1") == {
        "Watcher (W0) was destroyed": 1,
        "Watcher (W0) left play": 1,
        "Watcher (W1) was destroyed": 1,
        "Watcher (W1) left play": 1,
        "Drone (DR2) was destroyed": 1,
        "Drone (DR2) left play": 1,
    }


# --------------------------------------------------------------------------
# Battaglia


def _swap(ref: str | None, n_left: int, n_right: int) -> str | None:
    if ref is None:
        return None
    side, rest = ref.split("[")
    return ("right" if side == "left" else "left") + "[" + rest


def _mirror_event(e: Any) -> tuple[Any, ...]:
    """An event as seen from the other side: its actor and target swapped, every number kept."""
    return (e.step, e.kind, _swap(e.actor, 0, 0), _swap(e.target, 0, 0), e.amount, e.health, e.depth, e.within)


def _plain(e: Any) -> tuple[Any, ...]:
    return (e.step, e.kind, e.actor, e.target, e.amount, e.health, e.depth, e.within)


MIRROR = {Winner.LEFT: Winner.RIGHT, Winner.RIGHT: Winner.LEFT, Winner.DRAW: Winner.DRAW}


def _first_tie(result: BattleResult) -> int | None:
    """The first roll whose log records I-BAT-9's seeded draw across the sides, if any."""
    return next((r.roll for r in result.trace if any(e.kind == "tie" for e in r.events)), None)


def _assert_mirrored(a: BattleResult, b: BattleResult, n_left: int, n_right: int, until: int | None) -> None:
    """``b`` (teams swapped) mirrors ``a`` for every roll before ``until`` (all rolls when it is None)."""
    for x, y in zip(a.trace, b.trace, strict=False):
        if until is not None and x.roll >= until:
            break
        assert (x.roll, x.turn, x.dice, x.total, x.restarted) == (y.roll, y.turn, y.dice, y.total, y.restarted)
        assert x.health == y.health[n_right:] + y.health[:n_right]
        # the end of the battle is compared by its winner and reason (a trace played by hand has no end event)
        assert [_plain(e) for e in x.events if e.kind != "end"] == [
            _mirror_event(e) for e in y.events if e.kind != "end"
        ]


class _MirroredDraws(random.Random):
    """The battle's generator, except that every draw of a tie across the sides comes out the other way: the
    dice and the random targets are drawn exactly as before, and only ``getrandbits`` (which the engine uses for
    the cross-side draws of I-BAT-9 alone) is turned over."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k) ^ ((1 << k) - 1)


def _swapped(left: Any, right: Any, seed: int) -> tuple[Winner, EndReason, list[RollRecord], tuple[int, ...]]:
    """The battle with the teams swapped and every cross-side draw of the seed turned the other way."""
    played = Battle(Matchup(right, left), _MirroredDraws(seed), (), True)
    winner = played.play()
    assert played.tracer is not None
    return winner, played.reason, played.tracer.records, tuple(played.hp)


@settings(max_examples=80, deadline=None)
@given(teams, teams, seeds)
def test_battaglia_swapping_the_teams_mirrors_the_battle(
    left_data: list[Any], right_data: list[Any], seed: int
) -> None:
    left, right = team(left_data, "left"), team(right_data, "right")
    n_left, n_right = len(left.cryptids), len(right.cryptids)
    a = battle(left, right, seed=seed)
    # 1. Swapped, with the seed's draws of the cross-side ties turned over too: the same battle from the
    #    other side, roll by roll and event by event, whatever the teams.
    winner, reason, records, hp = _swapped(left, right, seed)
    mirror = replace(a, winner=winner, trace=tuple(records), final_health=hp)
    _assert_mirrored(a, mirror, n_left, n_right, None)
    assert (len(records), winner, reason) == (len(a.trace), MIRROR[a.winner], a.reason)
    assert hp == a.final_health[n_left:] + a.final_health[:n_left]
    # 2. Swapped with the same seed: the draws now favour the other team. Where that changes anything, the
    #    change starts at a roll whose log records the draw (I-BAT-9, I-BAT-12); with no tie across the
    #    sides, nothing changes at all.
    b = battle(right, left, seed=seed)
    assert battle(right, left, seed=seed).to_json() == b.to_json()  # the seed is pinned: the same battle again
    first = next(
        (x.roll for x, y in zip(b.trace, records, strict=False) if _record(x) != _record(y)),
        None if len(b.trace) == len(records) else min(len(b.trace), len(records)) + 1,
    )
    if first is None:
        assert (b.winner, b.final_health) == (winner, hp)
        return
    decided = next(r for r in b.trace if r.roll == first)
    ties = [e for e in decided.events if e.kind == "tie"]
    assert ties, f"roll {first} went otherwise because of a draw its log does not record"
    assert all(e.rulings == ("I-BAT-9", "I-BAT-12") and "the seeded draw puts the" in e.text for e in ties)
    if _first_tie(a) is None:
        raise AssertionError("a battle with no tie across the sides changed when the teams swapped")


def _record(r: RollRecord) -> tuple[Any, ...]:
    return (r.dice, r.total, r.restarted, r.health, [_plain(e) for e in r.events if e.kind != "end"])


def test_battaglia_a_tie_across_the_sides_is_the_one_thing_a_swap_does_not_mirror() -> None:
    """Two cryptids of threat 4 that each down the other with one hit: whoever acts first wins. The seeded
    draw decides it (I-BAT-9); with the seed pinned, the right side goes first both ways round, so the swap
    gives the win to the other team, and each log records the draw that decided it."""
    strike = [{"when": "every_roll", "effect": {"damage": 5}}]
    wolf = team([{"name": "Wolf", "threat": 4, "health": 5, "abilities": strike}])
    yeti = team([{"name": "Yeti", "threat": 4, "health": 5, "abilities": strike}])
    a, b = battle(wolf, yeti, seed=0), battle(yeti, wolf, seed=0)
    assert (a.winner, b.winner) == (Winner.RIGHT, Winner.RIGHT)  # not mirrored: Yeti wins, then Wolf wins
    texts = [[e.text for e in r.trace[0].events if e.kind == "tie"] for r in (a, b)]
    assert texts == [
        ["Equal threat 4 across the sides (Wolf (L1), Yeti (R1)): the seeded draw puts the right side first"],
        ["Equal threat 4 across the sides (Yeti (L1), Wolf (R1)): the seeded draw puts the right side first"],
    ]


def test_battaglia_without_a_tie_the_swap_mirrors_the_whole_battle() -> None:
    """Teams with no threat in common across the sides, reactions and death abilities included: the swapped
    battle is the same battle seen from the other side, for any seed."""
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    left = team(
        [
            {"name": "Wolf", "threat": 5, "health": 9, "abilities": [{"when": {"total": 7}, "effect": {"damage": 4}}]},
            {"name": "Imp", "threat": 2, "health": 4, "abilities": [back, {"when": "death", "effect": {"damage": 2}}]},
        ]
    )
    odd = {"when": {"parity": "odd"}, "effect": {"damage": 2}, "target": "random_enemy"}
    right = team(
        [
            {"name": "Yeti", "threat": 4, "health": 12, "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]},
            {"name": "Kappa", "threat": 3, "health": 6, "abilities": [odd]},
        ]
    )
    for seed in range(8):
        a, b = battle(left, right, seed=seed), battle(right, left, seed=seed)
        assert _first_tie(a) is None
        _assert_mirrored(a, b, 2, 2, None)
        assert (b.winner, b.health, b.rolls) == (MIRROR[a.winner], a.health[::-1], a.rolls)


# --------------------------------------------------------------------------
# PROTOCOL_07


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(MODE_NAMES), min_size=1, max_size=len(MODE_NAMES), unique=True), st.data())
def test_p07_the_order_of_the_modes_changes_no_verdict_and_no_reason(modes: list[str], pick: st.DataObject) -> None:
    verdict = check_combination(modes)
    other = check_combination(pick.draw(st.permutations(modes), label="modes in another order"))
    assert (other.allowed, other.violations, other.rulings) == (verdict.allowed, verdict.violations, verdict.rulings)


def test_p07_every_order_of_every_set_of_modes_gives_one_verdict() -> None:
    """All 325 orderings of every set of the five modes, exhaustively: one verdict and one list of reasons per set."""
    names = list(MODE_NAMES)
    for mask in range(1, 2 ** len(names)):
        chosen = [m for i, m in enumerate(names) if mask >> i & 1]
        found = {(v.allowed, v.violations, v.rulings) for v in map(check_combination, permutations(chosen))}
        assert len(found) == 1, chosen


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(EFFECTS), unique=True),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2**32),
    st.randoms(use_true_random=False),
)
def test_p07_the_order_of_in_play_changes_no_step(
    in_play: list[str], by_opponent: bool, face_down: bool, illusio: bool, seed: int, rnd: random.Random
) -> None:
    """The effects in play are a set too: listed in any order, the same steps fire, each for the same reason."""
    shuffled = list(in_play)
    rnd.shuffle(shuffled)

    def steps(effects: list[str]) -> Any:
        scenario = {
            "kind": "p07.destruction",
            "destroyed_by_opponent": by_opponent,
            "face_down": face_down,
            "illusio_in_hand": illusio,
            "in_play": effects,
            "seed": seed,
        }
        return scenarios.run(scenario).to_json()["steps"]

    assert steps(in_play) == steps(shuffled)


def test_battaglia_a_tie_of_cryptids_down_when_a_reroll_restarts_the_turn_is_logged() -> None:
    """Found by the swap property: a reroll restarts the turn with both Imps (threat 3, one on each side)
    already down. They die at step 6 in the order the roll's seeded draw gives (I-BAT-9), which decides whose
    death ability goes first; the log must record that draw, although neither Imp stands."""
    wolf = {"name": "Wolf", "threat": 8, "health": 50}
    strike = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    boom = {"when": "death", "effect": {"damage": 60}, "target": "all_enemies"}
    gambler = {
        "name": "Gambler",
        "threat": 9,
        "health": 50,
        "abilities": [{"when": {"doubles": True}, "effect": "reroll"}],
    }
    left = team(
        [{**wolf, "abilities": [strike]}, {"name": "Imp", "threat": 3, "health": 1, "abilities": [boom]}, gambler]
    )
    right = team(
        [{**wolf, "threat": 7, "abilities": [strike]}, {"name": "Imp", "threat": 3, "health": 1, "abilities": [boom]}]
    )
    result = battle(left, right, seed=0, dice=[[1, 1], [1, 2]])
    first, second = result.trace[:2]
    assert first.restarted and [e.kind for e in first.events].count("down") == 2
    assert [e.text for e in second.events if e.kind == "tie"] == [
        "Equal threat 3 across the sides (Imp (L2), Imp (R2)): the seeded draw puts the left side first"
    ]
    assert [e.actor for e in second.events if e.kind == "death_ability"] == ["left[1]", "right[1]"]
