"""Battle rules at their edges, each checked against the rule text with forced dice.

Each test states the rule it guards; the numbers are worked out by hand from the text.
"""

from __future__ import annotations

import pytest

from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, Simulation, battle, estimate, estimate_html, team
from estro_rules.errors import ScenarioError
from tests.support.battaglia import HIT, cryptid


def test_lowest_health_ties_go_to_the_leftmost() -> None:
    """I-BAT-9: targeting by any rule, ties go to the leftmost candidate."""
    sniper = cryptid("Sniper", 5, 9, {"when": {"total": 3}, "effect": {"damage": 1}, "target": "lowest_health_enemy"})
    right = team([cryptid("Big", 9, 8), cryptid("Left twin", 1, 3), cryptid("Right twin", 1, 3)])
    hits = [e.target for e in battle(team([sniper]), right, dice=[[1, 2]]).events("damage", until=1)]
    assert hits == ["right[1]"]
    healer = cryptid("Healer", 5, 9, {"when": {"total": 3}, "effect": {"heal": 1}, "target": "lowest_health_ally"})
    left = team([cryptid("Big", 1, 9), cryptid("Hurt A", 1, 5), healer, cryptid("Hurt B", 1, 5)])
    first = battle(left, team([cryptid("Foe", 1, 9)]), dice=[[1, 2]])
    # Nobody is hurt yet: every ally is at full health, so the lowest health is Hurt A's and Hurt B's 5.
    assert [e.target for e in first.events("heal_none", until=1)] == ["left[1]"]


def test_ally_dies_reacts_to_every_death() -> None:
    """BAT-6.5 and BAT-6.6: a reaction fires for each ally that dies, even when several die together."""
    bomber = cryptid("Bomber", 5, 9, {"when": {"total": 3}, "effect": {"damage": 2}, "target": "all_enemies"})
    mourner = cryptid("Mourner", 1, 9, {"when": {"reaction": "ally_dies"}, "effect": {"damage": 1}})
    right = team([cryptid("Imp A", 2, 2), cryptid("Imp B", 2, 2), mourner])
    result = battle(team([bomber]), right, dice=[[1, 2]])
    first = result.trace[0]
    assert [e.kind for e in first.events if e.kind in ("death", "reaction")] == ["death", "death", "reaction", "reaction"]
    assert [e.amount for e in first.events if e.kind == "damage" and e.actor == "right[2]"] == [1, 1]
    # The Bomber took 1 from each of the two reactions; the Mourner took 2 from the Bomber's blast.
    assert first.health == (7, 0, 0, 7)


def test_a_down_cryptid_takes_no_damage_over_time() -> None:
    """I-BAT-3: at 0 health a cryptid is down until the end of the turn; nothing more happens to it."""
    poisoner = cryptid(
        "Poisoner", 5, 9, {"when": {"total": 3}, "effect": {"dot": 2, "rolls": 3}}, {"when": {"total": 4}, "effect": {"damage": 2}}
    )
    result = battle(team([poisoner]), team([cryptid("Kappa", 1, 4)]), dice=[[1, 2], [1, 3], [2, 2]])
    # Roll 1 puts 2 per roll on Kappa; roll 2 ticks 2 (2 left), then the hit downs it; it dies at step 6.
    assert [(e.kind, e.amount) for e in result.events("status", "damage")] == [("status", 2), ("damage", 2)]
    assert result.rolls == 2


def test_double_ones_are_doubles() -> None:
    """A die shows the same face twice: [1, 1] is doubles like any other pair."""
    twin = cryptid("Twin", 5, 9, {"when": {"doubles": True}, "effect": {"damage": 9}})
    for dice in ([1, 1], [6, 6]):
        assert battle(team([twin]), team([cryptid("Kappa", 1, 9)]), dice=[dice]).rolls == 1
    assert battle(team([twin]), team([cryptid("Kappa", 1, 9)]), dice=[[1, 2], [2, 2]]).rolls == 2


def test_a_death_ability_cannot_target_its_own_cryptid() -> None:
    with pytest.raises(ScenarioError, match=r"^left\[0\]\.abilities\[0\]\.target: expected a target other than 'self' for a death ability"):
        team([cryptid("Banshee", 1, 3, {"when": "death", "effect": {"heal": 2}, "target": "self"})], "left")


def outcome_rates(battles: int) -> tuple[float, float, float]:
    """Left wins on 2-5, right wins on 8-12, a 7 poisons both, a 6 changes nothing (see below)."""
    left = cryptid(
        "Left",
        2,
        1,
        {"when": {"range": [2, 5]}, "effect": {"damage": 1}},
        {"when": {"total": 7}, "effect": {"dot": 1, "rolls": 1}},
    )
    right = cryptid(
        "Right",
        1,
        1,
        {"when": {"range": [8, 12]}, "effect": {"damage": 1}},
        {"when": {"total": 7}, "effect": {"dot": 1, "rolls": 1}},
    )
    est = Simulation(team([left]), team([right]), battles=battles, seed=11).advance(battles)
    return est.left_wins / battles, est.draws / battles, est.right_wins / battles


def test_an_estimate_counts_each_outcome_where_it_belongs() -> None:
    """Every outcome is possible and known from the dice alone.

    On a roll of 2-5 (10 of 36) the left side downs the right one; on 8-12 (15 of 36) the right side
    downs the left one; on a 7 (6 of 36) both put damage over time on the other, which downs both at
    step 2 of the next roll: both sides empty, a draw (I-BAT-6); on a 6 (5 of 36) nothing happens and
    the next roll decides the same way. So left 10/31, draw 6/31, right 15/31.
    """
    battles = 6000
    left, draw, right = outcome_rates(battles)
    tolerance = 4.5 * (0.25 / battles) ** 0.5  # 4.5 standard errors at worst (p = 1/2)
    assert abs(left - 10 / 31) < tolerance
    assert abs(draw - 6 / 31) < tolerance
    assert abs(right - 15 / 31) < tolerance


def test_an_estimate_is_done_only_when_every_battle_is_played() -> None:
    sim = Simulation(team([cryptid("A", 1, 1, {"when": "every_roll", "effect": {"damage": 1}})]), team([cryptid("B", 0, 1)]), battles=5)
    seen = []
    while not sim.done:
        seen.append((sim.advance(2).played, sim.done))
    assert seen == [(2, False), (4, False), (5, True)]
    assert sim.advance(2).played == 5


def test_every_battle_of_any_estimate_can_be_replayed() -> None:
    """An estimate's seed is at most 2³¹ − 1, so battle i's seed (seed × 2³² + i) is a battle seed."""
    from estro_rules import scenarios
    from estro_rules.battaglia import battle_seed

    nessie = cryptid("Nessie", 3, 5, {"when": {"total": 7}, "effect": {"damage": 2}})
    kappa = cryptid("Kappa", 2, 4)
    last = battle_seed(2**31 - 1, 100_000 - 1)
    assert last <= 2**63 - 1
    assert scenarios.run({"kind": "battaglia.battle", "left": [nessie], "right": [kappa], "seed": last}).to_json()
    estimate = {"kind": "battaglia.estimate", "left": [nessie], "right": [kappa], "battles": 1}
    assert scenarios.run({**estimate, "seed": 2**31 - 1}).to_json()["played"] == 1
    with pytest.raises(ScenarioError, match=r"^seed: expected a whole number from 0 to 2³¹−1, got 2147483648$"):
        scenarios.run({**estimate, "seed": 2**31})


def test_an_estimate_advances_by_the_clock_not_by_count() -> None:
    """A slice ends when its time is up, whatever one battle costs: here each battle 'takes' 0.03 s."""
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    heavy = team([cryptid(f"C{i}", 1, 50, every, every) for i in range(4)])
    sim = Simulation(heavy, heavy, battles=1000, seed=0)
    now = [0.0]

    def clock() -> float:
        now[0] += 0.015  # two reads per batch of battles: about 0.03 s of "time" each
        return now[0]

    est = sim.advance_for(0.25, clock)
    assert 0 < est.played < 100  # a quarter of a second's worth, not a fixed count
    assert est.left_wins + est.draws + est.right_wins == est.played


# --------------------------------------------------------------------------
# A cryptid that goes down mid-chain fires none of its remaining reactions (I-BAT-3)


def test_down_cryptid_fires_no_more_damaged_reactions() -> None:
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    thorn = team([{"name": "Thorn", "threat": 4, "health": 3, "abilities": [back, back]}])
    striker = team(
        [
            {
                "name": "Striker",
                "threat": 5,
                "health": 9,
                "abilities": HIT + [{"when": {"reaction": "damaged"}, "effect": {"damage": 5}, "target": "source"}],
            }
        ]
    )
    # Step 3: Striker hits Thorn 3 -> 2. Thorn's first reaction hits Striker 9 -> 8; Striker answers with 5,
    # Thorn 2 -> 0: down. Thorn's second reaction must not happen, so Striker ends on 8.
    result = battle(striker, thorn, dice=[[1, 2]])
    events = result.trace[0].events
    assert [e.text for e in events if e.kind == "reaction" and e.actor == "right[0]"] == [
        "Reaction: Thorn (R1) (when damaged: damage 1 → source)"
    ]
    assert result.health == (8, 0) and result.winner.value == "left"


def test_down_cryptid_fires_no_more_healed_reactions() -> None:
    poke = {"when": {"reaction": "healed"}, "effect": {"damage": 1}}
    bait = team(
        [
            {
                "name": "Bait",
                "threat": 5,
                "health": 4,
                "abilities": HIT + [{"when": "every_roll", "effect": {"heal": 1}}, poke, poke],
            }
        ]
    )
    spiky = team(
        [
            {
                "name": "Spiky",
                "threat": 4,
                "health": 9,
                "abilities": [{"when": {"reaction": "damaged"}, "effect": {"damage": 3}, "target": "source"}],
            }
        ]
    )
    # Bait hits Spiky 9 -> 8, Spiky answers 3: Bait 4 -> 1. Bait heals itself 1 -> 2; its first "healed"
    # reaction hits Spiky 8 -> 7, Spiky answers 3: Bait 2 -> 0, down. The second "healed" reaction must not
    # happen, so Spiky keeps 7.
    result = battle(bait, spiky, dice=[[1, 2]])
    events = result.trace[0].events
    assert sum(e.kind == "reaction" and e.actor == "left[0]" for e in events) == 1
    assert result.health == (0, 7) and result.winner.value == "right"


# --------------------------------------------------------------------------
# Forced dice, simulation


def test_forced_dice_then_seed() -> None:
    left = team(
        [{"name": "A", "threat": 1, "health": 50, "abilities": [{"when": {"total": 12}, "effect": {"damage": 1}}]}]
    )
    right = team(
        [{"name": "B", "threat": 2, "health": 50, "abilities": [{"when": {"total": 2}, "effect": {"damage": 1}}]}]
    )
    result = battle(left, right, seed=4, dice=[[6, 6], [1, 1]])
    assert [r.forced for r in result.trace[:3]] == [True, True, False]
    assert result.trace[0].dice == (6, 6) and result.trace[1].dice == (1, 1)
    with pytest.raises(ScenarioError, match=r"^dice\[1\]\[0\]: expected a whole number from 1 to 6, got 0"):
        battle(left, right, dice=[[1, 1], [0, 3]])


def test_simulation_resumes_to_the_same_estimate() -> None:
    sim = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3)
    parts = [sim.advance(120) for _ in range(5)]
    assert [p.played for p in parts] == [120, 240, 360, 480, 500] and sim.done
    whole = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3).advance(500)
    assert parts[-1] == whole
    estimates = list(estimate(REFERENCE_LEFT, REFERENCE_RIGHT, battles=500, seed=3, chunk=100))
    assert len(estimates) == 5 and estimates[-1] == whole and estimates[-1].complete
    j = whole.to_json()
    assert j["left_wins"] + j["draws"] + j["right_wins"] == 500
    for key in ("left", "draw", "right"):
        r = j["rates"][key]
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert "95% interval" in estimate_html(whole, base="")
