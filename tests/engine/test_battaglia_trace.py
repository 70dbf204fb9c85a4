"""A battle's trace: every event in words, with the step it belongs to, whom it names, and its JSON form.

The sentences are checked whole: a player reads them, and each number in them is worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.battaglia import Matchup, battle, team, trace
from estro_rules.battaglia.rules import MAX_TRACE_EVENTS
from estro_rules.battaglia.teams import Team
from estro_rules.battaglia.trace import Event, RollRecord
from tests.support.battaglia import cryptid


def both(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> tuple[Team, Team]:
    return team(left, "left"), team(right, "right")


def texts(records: Any) -> list[str]:
    return [e.text for r in records for e in r.events]


def test_every_sentence_of_a_battle() -> None:
    """One battle that says almost everything: a tie, a modifier, a status, a heal, a reaction, a death."""
    left, right = both(
        [
            cryptid(
                "Nessie",
                4,
                10,
                {"when": {"die_shows": 6}, "effect": {"modify_total": 1}},
                {"when": {"total": 8}, "effect": {"damage": 3}},
                {"when": {"total": 8}, "effect": {"dot": 2, "rolls": 2}, "target": "lowest_health_enemy"},
            ),
        ],
        [
            cryptid("Kappa", 4, 6, {"when": {"reaction": "damaged"}, "effect": {"heal": 1}}),
            cryptid("Imp", 1, 2, {"when": "death", "effect": {"damage": 1}, "target": "source"}),
        ],
    )
    # Roll 1 ([6, 1], forced): the tie of threat 4 is drawn; Nessie's modifier makes it 8; Nessie hits Kappa 3
    # (3 left), Kappa heals itself 1 (4 of 6); Nessie's status goes on Imp (2, the lowest). Roll 2 ([1, 1]):
    # Imp takes 2: down, dies; its death ability hits Nessie 1.
    result = battle(left, right, dice=[[6, 1], [1, 1]], seed=0)
    first, second = result.trace[0], result.trace[1]
    tie = first.events[1].text
    assert tie.startswith("Equal threat 4 across the sides (Nessie (L1), Kappa (R1)): the seeded draw puts the ")
    assert tie.endswith(" side first")
    assert [e.text for e in first.events if e.kind != "tie"] == [
        "Roll 1: 6 + 1 = 7 (forced)",
        "Nessie (L1) (a die shows 6: total +1): the total becomes 8",
        "Nessie (L1) (total 8: damage 3 → highest threat enemy) activates",
        "Nessie (L1) hits Kappa (R1) for 3 (3 left)",
        "Reaction: Kappa (R1) (when damaged: heal 1 → self)",
        "Kappa (R1) heals Kappa (R1) by 1 (4 of 6)",
        "Nessie (L1) (total 8: 2 damage per roll for 2 rolls → lowest health enemy) activates",
        "Nessie (L1) puts damage over time on Imp (R2): 2 per roll for the next 2 rolls",
    ]
    assert [e.text for e in second.events if e.kind != "tie"] == [
        "Roll 2: 1 + 1 = 2 (forced)",
        "Imp (R2) takes 2 damage over time (0 left)",
        "Imp (R2) is down (0 health) until the end of the turn",
        "Imp (R2) dies",
        "Death ability: Imp (R2) (on death: damage 1 → source)",
        "Imp (R2) hits Nessie (L1) for 1 (9 left)",
    ]
    assert (first.total, first.dice, first.forced, first.bonus, first.restarted) == (8, (6, 1), True, 0, False)
    assert first.health == (10, 4, 2) and second.health == (9, 4, 0)
    # Whom each event names, as actor and target, and the health it shows afterwards.
    hit = [e for e in first.events if e.kind == "damage"][0]
    assert (hit.actor, hit.target, hit.amount, hit.health, hit.step, hit.depth, hit.within) == (
        "left[0]",
        "right[0]",
        3,
        3,
        4,
        0,
        0,
    )
    heal = [e for e in first.events if e.kind == "heal"][0]
    assert (heal.actor, heal.target, heal.amount, heal.health, heal.step, heal.depth, heal.within) == (
        "right[0]",
        "right[0]",
        1,
        4,
        5,
        1,
        4,
    )
    modify = [e for e in first.events if e.kind == "modify"][0]
    assert (modify.actor, modify.target, modify.amount, modify.health) == ("left[0]", None, 1, None)
    [status] = [e for e in second.events if e.kind == "status"]
    assert (status.actor, status.target, status.amount, status.health, status.step) == (None, "right[1]", 2, 0, 2)
    death = [e for e in second.events if e.kind == "death"][0]
    assert (death.actor, death.target, death.amount, death.health, death.step) == (None, "right[1]", None, 0, 6)


def test_the_end_of_a_battle_in_words() -> None:
    """The last event says who won, after how many rolls, why, and the health left on each side."""
    left, right = both([cryptid("A", 2, 5, {"when": "every_roll", "effect": {"damage": 5}})], [cryptid("B", 1, 5)])
    [end] = battle(left, right, dice=[[1, 2]]).events("end")
    assert end.text == "The left side wins after 1 roll: one side has no cryptids left (health left 5, right 0)"
    assert (end.step, end.actor, end.target) == (0, None, None) and end.rulings == ("BAT-8", "I-BAT-13")
    left, right = both([cryptid("A", 2, 5)], [cryptid("B", 1, 6, {"when": {"total": 3}, "effect": {"damage": 5}})])
    [end] = battle(left, right, dice=[[1, 1], [1, 2]]).events("end")
    assert end.text == "The right side wins after 2 rolls: one side has no cryptids left (health left 0, right 6)"
    left, right = both([cryptid("A", 2, 5)], [cryptid("B", 1, 5)])
    [end] = battle(left, right, dice=[[1, 2]]).events("end")
    assert end.text == (
        "Draw after 1 roll: neither side can damage the other; total remaining health decides (health left 5, right 5)"
    )
    # The end belongs to the last roll's record.
    result = battle(left, right, dice=[[1, 2]])
    assert result.trace[-1].events[-1].kind == "end"


def test_the_reaction_cap_event_counts_what_it_stopped() -> None:
    """I-BAT-10: one cap event a turn, which says how many reactions did not happen: one, or one and N more."""
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    hits = [{"when": {"total": 3}, "effect": {"damage": 1}}]
    for extra, suffix in (
        (0, ""),
        (1, "; 1 more reaction did not happen this turn"),
        (2, "; 2 more reactions did not happen this turn"),
    ):
        # Echo's hit starts a chain of answers that the cap stops once; Poker's every extra hit on Echo would set
        # off Echo's answer again, each stopped too.
        left = [cryptid("Echo", 4, 99, *hits, back)]
        right = [cryptid("Mirror", 3, 99, back), cryptid("Poker", 1, 99, *(hits * extra))]
        result = battle(*both(left, right), dice=[[1, 2]])
        [cap] = result.events("cap")
        assert cap.amount == 1 + extra
        assert (
            cap.text
            == "Reaction cap reached (20 reactions this turn): Mirror (R1) (when damaged: damage 1 → source) does not react"
            + suffix
        )
        assert cap.actor == "right[0]" and cap.target is None
        # The turn goes on after the cap: Poker (threat 1, last at step 4) activates and hits Echo, once per extra
        # hit; the answers the cap stops leave no event of their own.
        events = result.trace[0].events
        after = events[events.index(cap) + 1 :]
        assert [(e.kind, e.actor, e.step) for e in after] == [
            ("activate", "right[1]", 4),
            ("damage", "right[1]", 4),
        ] * extra


def test_the_note_that_ends_a_trace_follows_the_last_event_kept_in_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The note comes right after the event that reached the limit, in the turn step then running: that event's
    own step, or for a reaction (step 5) the step it happened in; the note itself is no reaction."""
    left = [cryptid("Echo", 4, 99, {"when": {"total": 3}, "effect": {"damage": 1}})]
    right = [cryptid("Mirror", 3, 99, {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"})]
    whole = battle(*both(left, right), dice=[[1, 2]] * 3).events()
    for limit in (2, 5, 6):
        monkeypatch.setattr(trace, "MAX_TRACE_EVENTS", limit)
        events = battle(*both(left, right), dice=[[1, 2]] * 3).events()
        assert [e.kind for e in events[:limit]] == [e.kind for e in whole[:limit]]
        note = events[limit]
        last = whole[limit - 1]
        assert (note.kind, note.step, note.within) == ("trace_cut", last.within or last.step, 0)
    # the limits fall after an activation (step 4), a reaction's damage (step 5 in step 4) and a roll (step 1)
    assert [(whole[n - 1].step, whole[n - 1].within) for n in (2, 5, 6)] == [(4, 0), (5, 4), (1, 0)]


def test_a_trace_stops_at_its_event_limit_and_the_battle_plays_on() -> None:
    """The trace keeps MAX_TRACE_EVENTS events, then one note; every roll still has its record and health."""
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    side = [cryptid(f"C{i}", 1, 999, every, every) for i in range(8)]
    result = battle(*both(side, side), seed=2)
    events = result.events()
    kinds = [e.kind for e in events]
    assert kinds.count("trace_cut") == 1
    cut = kinds.index("trace_cut")
    assert cut == MAX_TRACE_EVENTS and kinds[cut + 1 :] == ["end"]
    note = events[cut]
    assert note.text == (
        f"The trace stops here, at {MAX_TRACE_EVENTS} events: the battle plays on to its end unrecorded "
        "(the health after each roll is still shown)"
    )
    assert note.rulings == () and result.trace_cut and result.to_json()["trace_cut"] is True
    # 8 x 2 activations and 16 x 8 hits a roll: the limit is reached on roll 18, the battle goes on to roll 24.
    assert result.trace[17].events[-1].kind == "trace_cut" and len(result.trace) == result.rolls == 24
    assert result.trace[18].events == () and sum(r.health[0] for r in result.trace[17:19]) > 0
    assert result.trace[-1].health == result.final_health
    # Just under the limit, nothing is cut.
    small = [cryptid(f"C{i}", 1, 999, every) for i in range(2)]
    result = battle(*both(small, small), seed=2)
    assert not result.trace_cut and "trace_cut" not in [e.kind for e in result.events()]
    # Whether the trace was cut is a yes or a no, with a trace or without one.
    assert result.trace_cut is False and battle(*both(small, small), seed=2, trace=False).trace_cut is False


def test_an_event_and_a_roll_in_json() -> None:
    event = Event(5, "damage", "A hits B", ("BAT-6.5",), "left[0]", "right[0]", 2, 3, 1, 4)
    assert event.to_json() == {
        "step": 5,
        "kind": "damage",
        "text": "A hits B",
        "actor": "left[0]",
        "target": "right[0]",
        "amount": 2,
        "health": 3,
        "within": 4,
        "depth": 1,
        "rulings": ["BAT-6.5"],
    }
    bare = Event(1, "roll", "Roll 1", ())
    assert bare.to_json() == {"step": 1, "kind": "roll", "text": "Roll 1", "within": 0, "rulings": []}
    record = RollRecord(3, 2, (1, 6), 8, False, 0, True, (bare,), (4, 0))
    assert record.to_json() == {
        "roll": 3,
        "turn": 2,
        "dice": [1, 6],
        "total": 8,
        "forced": False,
        "bonus": 0,
        "restarted": True,
        "events": [bare.to_json()],
        "health": [4, 0],
    }


def test_a_matchup_names_its_abilities_once_for_all_its_battles() -> None:
    left, right = both(
        [cryptid("Nessie", 3, 5, {"when": {"total": 7}, "effect": {"damage": 2}, "name": "Bite"})],
        [cryptid("Kappa", 2, 4)],
    )
    m = Matchup(left, right)
    first = battle(left, right, dice=[[3, 4]], matchup=m)
    assert first.events("activate")[0].text == "Nessie (L1) (Bite: total 7: damage 2 → highest threat enemy) activates"
    assert list(m.texts.values()) == ["Nessie (L1) (Bite: total 7: damage 2 → highest threat enemy)"]
    named = dict(m.texts)
    battle(left, right, dice=[[3, 4]], matchup=m)
    assert m.texts == named


NO_ACTOR = {"roll", "tie", "status", "down", "death", "trace_cut", "end"}
NO_TARGET = {
    "roll",
    "tie",
    "skip",
    "modify",
    "activate",
    "reroll",
    "reroll_denied",
    "no_target",
    "reaction",
    "cap",
    "death_ability",
    "trace_cut",
    "end",
}
NEVER_IN_A_CHAIN = {
    "roll",
    "tie",
    "status",
    "skip",
    "modify",
    "activate",
    "reroll",
    "reroll_denied",
    "death",
    "death_ability",
    "end",
}


def test_each_kind_of_event_names_whom_it_should() -> None:
    """Whether an event has an actor, a target (and the target's health), and a place in a reaction chain, by kind."""
    from tests.engine.test_battaglia_rules import busy_teams

    reroller = cryptid(
        "Loop",
        3,
        5,
        {"when": "every_roll", "effect": "reroll"},
        {"when": {"doubles": True}, "effect": {"modify_total": 1}},
    )
    idle = cryptid("Idle", 1, 5, {"when": {"total": 12}, "effect": {"damage": 1}})
    battles = [battle(*both([reroller], [idle]), seed=3)]
    battles += [battle(left, right, seed=seed) for left, right in busy_teams() for seed in range(3)]
    seen = set()
    for result in battles:
        for e in result.events():
            seen.add(e.kind)
            assert (e.actor is None) == (e.kind in NO_ACTOR), e
            assert (e.target is None) == (e.kind in NO_TARGET), e
            assert (e.health is None) == (e.target is None), e
            if e.kind in NEVER_IN_A_CHAIN:
                assert (e.depth, e.within) == (0, 0), e
            assert (e.depth > 0) == (e.within > 0) == (e.step == 5), e
    assert seen >= {
        "roll",
        "tie",
        "status",
        "down",
        "skip",
        "modify",
        "activate",
        "reroll",
        "reroll_denied",
        "no_target",
        "damage",
        "heal",
        "dot",
        "reaction",
        "cap",
        "death",
        "death_ability",
        "end",
    }
