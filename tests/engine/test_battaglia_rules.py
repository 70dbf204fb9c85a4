"""Battaglia's rules one by one, each on both sides of its edge, with forced dice.

Every expected number is worked out by hand from the rule text (the Battaglia source, its rulings
BAT-n and the interpretations I-BAT-n); the comment above each assertion shows the working.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.battaglia import (
    REACTION_CAP,
    ROLL_LIMIT,
    SUDDEN_DEATH_FROM,
    EndReason,
    Winner,
    battle,
    team,
)
from estro_rules.battaglia.results import BattleResult
from estro_rules.battaglia.teams import Team
from estro_rules.errors import ScenarioError
from tests.support.battaglia import HIT, cryptid, on


def every(effect: Any, target: str | None = None) -> dict[str, Any]:
    return on("every_roll", effect, target)


def total(n: int, effect: Any, target: str | None = None) -> dict[str, Any]:
    return on({"total": n}, effect, target)


def react(name: str, effect: Any, target: str | None = None) -> dict[str, Any]:
    return on({"reaction": name}, effect, target)


def both(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> tuple[Team, Team]:
    return team(left, "left"), team(right, "right")


def kinds(result: BattleResult, roll: int, *wanted: str) -> list[tuple[str, str | None, str | None, int | None]]:
    """The events of one roll as ``(kind, actor, target, amount)``, only the ``wanted`` kinds if given."""
    return [
        (e.kind, e.actor, e.target, e.amount)
        for e in result.trace[roll - 1].events
        if not wanted or e.kind in wanted
    ]


# --------------------------------------------------------------------------
# How a battle ends (BAT-8, BAT-9, BAT-10, I-BAT-6, I-BAT-7, I-BAT-8, I-BAT-13)


def test_the_36th_roll_is_the_last_and_total_health_decides() -> None:
    """BAT-9, I-BAT-8: after the turn of the 36th roll, more total health wins; equal health is a draw.

    Each side hits the other for 1 on every roll, plus the sudden-death bonus from roll 16: 36 + (1 + ... + 21)
    = 267 damage each, far from 999, so the battle runs to the limit and the starting health decides.
    """
    for lh, rh, winner in ((999, 998, Winner.LEFT), (998, 999, Winner.RIGHT), (999, 999, Winner.DRAW)):
        left, right = both([cryptid("L", 2, lh, HIT[0])], [cryptid("R", 1, rh, HIT[0])])
        result = battle(left, right, seed=4)
        assert (result.rolls, result.turns, result.reason, result.winner) == (36, 36, EndReason.ROLL_LIMIT, winner)
        assert result.final_health == (lh - 267, rh - 267)
        assert result.limits == ("roll_limit",)
        assert len(result.trace) == ROLL_LIMIT
        stakes = ("BAT-10",) if winner is Winner.DRAW else ("I-BAT-13",)
        assert result.rulings == ("BAT-9", "I-BAT-8", *stakes)
        assert [e.rulings for e in result.events("end")] == [result.rulings]
        if winner is Winner.DRAW:
            assert not result.costs_life("left") and not result.costs_life("right")


def test_no_damage_possible_ends_the_battle_after_the_turn() -> None:
    """I-BAT-7: with no living damage dealer and no damage over time, the turn's end ends the battle."""
    for lh, rh, winner in ((5, 4, Winner.LEFT), (4, 5, Winner.RIGHT), (4, 4, Winner.DRAW)):
        left, right = both([cryptid("L", 2, lh)], [cryptid("R", 1, rh)])
        result = battle(left, right, dice=[[1, 2]])
        assert (result.rolls, result.reason, result.winner) == (1, EndReason.NO_DAMAGE, winner)
        stakes = ("BAT-10",) if winner is Winner.DRAW else ("I-BAT-13",)
        assert result.rulings == ("BAT-9", "I-BAT-7", *stakes)
        assert result.limits == ()
    # A healer deals no damage: healing alone cannot end a battle any other way.
    left, right = both([cryptid("Medic", 2, 5, every({"heal": 1}))], [cryptid("R", 1, 4)])
    assert battle(left, right, dice=[[1, 2]]).reason is EndReason.NO_DAMAGE


def test_damage_over_time_keeps_a_battle_going_after_its_caster_dies() -> None:
    """I-BAT-7: "no damage possible" also needs no damage over time active on a living cryptid.

    Roll 1 (total 3): Killer (threat 9) puts 1 for 1 roll on Poisoner (the highest-threat enemy); Poisoner puts
    1 for 3 rolls on each enemy. Roll 2: the ticks down Killer and Poisoner (1 health each) and take Victim to 9;
    both die at step 6. No damage dealer is left, but Victim still carries 2 ticks: rolls 3 and 4 take it to 8
    and 7; then nothing is active and the battle ends on health, 10 to 7.
    """
    left, right = both(
        [cryptid("Poisoner", 5, 1, total(3, {"dot": 1, "rolls": 3}, "all_enemies")), cryptid("Bystander", 0, 10)],
        [cryptid("Killer", 9, 1, total(3, {"dot": 1, "rolls": 1})), cryptid("Victim", 1, 10)],
    )
    result = battle(left, right, dice=[[1, 2]] + [[2, 2]] * 5)
    assert (result.rolls, result.reason, result.winner) == (4, EndReason.NO_DAMAGE, Winner.LEFT)
    assert result.final_health == (0, 10, 0, 7)
    assert [(e.target, e.health) for e in result.events("status")] == [
        ("right[0]", 0),
        ("left[0]", 0),
        ("right[1]", 9),
        ("right[1]", 8),
        ("right[1]", 7),
    ]
    assert [e.target for e in result.events("death")] == ["right[0]", "left[0]"]


def test_a_dying_cryptid_takes_its_damage_over_time_with_it() -> None:
    """I-BAT-7: a status counts only on a living cryptid; once its carrier dies, it keeps no battle going.

    Roll 1 (total 3): Poisoner (threat 9) puts 1 for 30 rolls on the lowest-health enemy, Target (1 health);
    then Target hits the highest-threat enemy, Poisoner, for 9: down, and it dies at step 6. Roll 2: the tick
    downs Target, which dies at step 6 with its status (29 rolls still to go). Nobody left can deal damage and
    no status is active: the battle ends after roll 2 on health, left 9 to right 8.
    """
    left, right = both(
        [cryptid("Poisoner", 9, 1, total(3, {"dot": 1, "rolls": 30}, "lowest_health_enemy")), cryptid("Bystander", 0, 9)],
        [cryptid("Target", 5, 1, total(3, {"damage": 9})), cryptid("Wall", 0, 8)],
    )
    result = battle(left, right, dice=[[1, 2], [2, 2]], seed=3)
    assert (result.rolls, result.reason, result.winner) == (2, EndReason.NO_DAMAGE, Winner.LEFT)
    assert result.final_health == (0, 9, 0, 8)
    assert [e.target for e in result.events("death")] == ["left[0]", "right[0]"]


def test_who_wins_when_a_side_empties() -> None:
    """BAT-8: the side with cryptids left wins; both sides empty in the same turn is a draw (I-BAT-6)."""
    # Left (threat 2) downs Right with 5 at step 3; Right, down, does not act. Right's side is empty.
    left, right = both([cryptid("L", 2, 5, every({"damage": 5}))], [cryptid("R", 1, 5, every({"damage": 5}))])
    result = battle(left, right, dice=[[1, 2]])
    assert (result.winner, result.reason, result.rulings) == (Winner.LEFT, EndReason.SIDE_EMPTY, ("BAT-8", "I-BAT-13"))
    assert result.costs_life("right") and not result.costs_life("left")
    assert result.counts_as_win("left") and not result.counts_as_win("right")
    # The mirror: now Right has the higher threat, acts first and wins.
    left, right = both([cryptid("L", 1, 5, every({"damage": 5}))], [cryptid("R", 2, 5, every({"damage": 5}))])
    result = battle(left, right, dice=[[1, 2]])
    assert (result.winner, result.reason, result.rulings) == (Winner.RIGHT, EndReason.SIDE_EMPTY, ("BAT-8", "I-BAT-13"))
    assert result.costs_life("left") and not result.costs_life("right")
    # Both sides lose their last cryptid at step 6 of the same turn: a draw (damage over time downs both).
    left, right = both([cryptid("L", 2, 1, total(3, {"dot": 1, "rolls": 1}))], [cryptid("R", 1, 1, total(3, {"dot": 1, "rolls": 1}))])
    result = battle(left, right, dice=[[1, 2], [2, 2]])
    assert (result.winner, result.reason, result.rolls) == (Winner.DRAW, EndReason.BOTH_EMPTY, 2)
    assert result.rulings == ("BAT-8", "I-BAT-6", "BAT-10")
    assert not result.counts_as_win("left") and not result.costs_life("left") and not result.costs_life("right")


# --------------------------------------------------------------------------
# Sudden death (BAT-11, I-BAT-2)


def test_sudden_death_starts_on_the_16th_roll_and_grows() -> None:
    """BAT-11, I-BAT-2: from roll 16 every ability hit deals r − 15 more: nothing on 15, +1 on 16, +2 on 17."""
    left, right = both([cryptid("Hitter", 2, 999, HIT[0])], [cryptid("Wall", 1, 999)])
    result = battle(left, right, seed=1)
    hits = [e.amount for e in result.events("damage")]
    assert len(hits) == ROLL_LIMIT
    assert hits[:15] == [1] * 15 and hits[15:18] == [2, 3, 4] and hits[-1] == 1 + ROLL_LIMIT - 15
    assert [r.bonus for r in result.trace[14:17]] == [0, 1, 2]
    assert SUDDEN_DEATH_FROM == 16
    # The roll and every hit from roll 16 cite the sudden-death rulings; roll 15's do not.
    rolls = result.events("roll")
    assert rolls[14].rulings == ("BAT-6.1", "I-BAT-1", "I-BAT-12")
    assert rolls[15].rulings == ("BAT-6.1", "I-BAT-1", "I-BAT-12", "BAT-11", "I-BAT-2")
    assert "sudden death" not in rolls[14].text and rolls[15].text.endswith("sudden death: abilities deal +1 damage")
    damage = result.events("damage")
    assert damage[14].rulings == ("BAT-4",) and damage[15].rulings == ("BAT-4", "BAT-11", "I-BAT-2")
    assert damage[14].text == "Hitter (L1) hits Wall (R1) for 1 (984 left)"
    assert damage[15].text == "Hitter (L1) hits Wall (R1) for 2 (+1 sudden death) (982 left)"


def test_the_sudden_death_bonus_goes_to_every_target_but_not_to_damage_over_time() -> None:
    """I-BAT-2: the bonus is added to each target of a multi-target ability, never to a status tick.

    Rolls 1-15 total 3 (nothing); roll 16 (total 2) sets off both abilities: 1 + 1 to each of two enemies and a
    status of 1 for 2 rolls on the highest-threat enemy; rolls 17 and 18 tick 1 each, not 1 + bonus.
    """
    left, right = both(
        [cryptid("Blaster", 3, 99, total(2, {"damage": 1}, "all_enemies"), total(2, {"dot": 1, "rolls": 2}))],
        [cryptid("A", 2, 50), cryptid("B", 1, 50)],
    )
    result = battle(left, right, dice=[[1, 2]] * 15 + [[1, 1]] + [[1, 2]] * 2)
    assert kinds(result, 16, "damage") == [("damage", "left[0]", "right[0]", 2), ("damage", "left[0]", "right[1]", 2)]
    assert [(e.target, e.amount) for e in result.events("status", until=18)] == [("right[0]", 1), ("right[0]", 1)]
    # A tick on a sudden-death roll cites I-BAT-2 (which says the bonus is not added); before it, BAT-6.2 alone.
    assert [e.rulings for e in result.events("status", until=18)] == [("BAT-6.2", "I-BAT-2")] * 2
    early = battle(left, right, dice=[[1, 1], [1, 2], [1, 2]])
    assert [e.rulings for e in early.events("status", until=3)] == [("BAT-6.2",)] * 2


# --------------------------------------------------------------------------
# The dice (BAT-6.1, I-BAT-11, I-BAT-12)


def test_drawn_dice_are_two_faces_from_one_to_six_and_conditions_read_them() -> None:
    """BAT-6.1: two six-sided dice. Face conditions read the dice as rolled (I-BAT-11), drawn or forced."""
    watcher = cryptid(
        "Watcher",
        3,
        999,
        on({"doubles": True}, {"damage": 1}),
        on({"die_shows": 6}, {"damage": 1}, "lowest_health_enemy"),
        on({"parity": "odd"}, {"heal": 1}),
    )
    left, right = both([watcher], [cryptid("Wall", 1, 999)])
    seen: set[tuple[int, int]] = set()
    for seed in range(12):
        result = battle(left, right, seed=seed)
        assert result.rolls == ROLL_LIMIT
        for record in result.trace:
            a, b = record.dice
            assert 1 <= a <= 6 and 1 <= b <= 6 and record.total == a + b and not record.forced
            seen.add((a, b))
            events = [(e.kind, e.target) for e in record.events if e.kind in ("damage", "heal", "heal_none")]
            expected = []
            if a == b:
                expected.append(("damage", "right[0]"))
            if 6 in (a, b):
                expected.append(("damage", "right[0]"))
            if (a + b) % 2:
                expected.append(("heal_none", "left[0]"))
            assert events == expected, (seed, record.roll, record.dice)
    # 432 rolls of a fair pair of dice: every one of the 36 outcomes turns up (each is missed with odds of about
    # e^-12 over all 36); a die that never showed a 1 or a 6, or a pair stuck together, would miss some.
    assert len(seen) == 36


def test_forced_dice_come_first_then_the_seed() -> None:
    """The forced rolls are the first rolls, in order; the rest come from the seed, the same for the same seed."""
    left, right = both([cryptid("Hitter", 2, 999, HIT[0])], [cryptid("Wall", 1, 999)])
    forced = [[6, 5], [1, 1], [3, 4]]
    result = battle(left, right, seed=8, dice=forced)
    assert [list(r.dice) for r in result.trace[:3]] == forced
    assert [r.forced for r in result.trace] == [True] * 3 + [False] * (ROLL_LIMIT - 3)
    assert result.forced_dice == ((6, 5), (1, 1), (3, 4))
    assert [e.text.endswith("(forced)") for e in result.events("roll")][:4] == [True, True, True, False]
    a, b = result.trace[3].dice
    assert result.events("roll")[3].text == f"Roll 4: {a} + {b} = {a + b}"  # a drawn roll says nothing more
    again = battle(left, right, seed=8, dice=forced)
    assert [r.dice for r in again.trace] == [r.dice for r in result.trace]
    other = battle(left, right, seed=9, dice=forced)
    assert [r.dice for r in other.trace][3:] != [r.dice for r in result.trace][3:]


def test_a_battle_seed_is_a_whole_number_from_zero_to_two_to_the_63_minus_one() -> None:
    left, right = both([cryptid("A", 1, 1)], [cryptid("B", 1, 1)])
    assert battle(left, right, seed=2**63 - 1).seed == 2**63 - 1
    assert battle(left, right, seed=0).seed == 0
    for bad in (-1, 2**63):
        with pytest.raises(ScenarioError, match=r"^seed: "):
            battle(left, right, seed=bad)


# --------------------------------------------------------------------------
# Targets (BAT-4, BAT-5, I-BAT-3, I-BAT-9, I-BAT-14)


def test_the_default_target_is_the_highest_threat_enemy_standing_leftmost_on_ties() -> None:
    """BAT-4: one enemy hit goes to the highest threat, the leftmost of equal threats; a down enemy is no target."""
    shooters = [cryptid("Big gun", 9, 50, total(3, {"damage": 5})), cryptid("Small gun", 8, 50, total(3, {"damage": 1}))]
    right = [cryptid("Low", 1, 50), cryptid("Top A", 7, 5), cryptid("Top B", 7, 50), cryptid("Mid", 4, 50)]
    result = battle(*both(shooters, right), dice=[[1, 2]])
    # Big gun downs Top A (threat 7, left of Top B); Small gun then takes the next standing one: Top B.
    assert kinds(result, 1, "damage") == [
        ("damage", "left[0]", "right[1]", 5),
        ("damage", "left[1]", "right[2]", 1),
    ]
    rulings = [e.rulings for e in result.events("damage")]
    # Top A shares its threat with Top B, standing: the tie-break is cited; Top B's tie partner is down: not cited.
    assert rulings == [("BAT-4", "I-BAT-9"), ("BAT-4",)]


def test_lowest_health_skips_down_cryptids_and_ties_go_left() -> None:
    """BAT-5, I-BAT-9, I-BAT-3: the lowest health among the standing; a cryptid at 0 is not the lowest."""
    left = [
        cryptid("Bomber", 9, 50, total(3, {"damage": 2}, "all_enemies")),
        cryptid("Sniper", 5, 50, total(3, {"damage": 1}, "lowest_health_enemy")),
    ]
    right = [cryptid("Imp", 3, 2), cryptid("Ogre", 3, 9), cryptid("Gnome", 1, 4), cryptid("Troll", 2, 4)]
    result = battle(*both(left, right), dice=[[1, 2]])
    # The blast: Imp 2 -> 0 (down), Ogre 9 -> 7, Gnome 4 -> 2, Troll 4 -> 2. Sniper: Gnome and Troll tie on 2;
    # Gnome is further left.
    assert kinds(result, 1, "damage")[-1] == ("damage", "left[1]", "right[2]", 1)
    assert result.events("damage")[-1].rulings == ("BAT-5", "I-BAT-9")
    # With no tie the tie-break is not cited: Troll 4 -> 2, Gnome 5 -> 3: Troll is the lowest alone.
    right[2] = cryptid("Gnome", 1, 5)
    result = battle(*both(left, right), dice=[[1, 2]])
    assert kinds(result, 1, "damage")[-1] == ("damage", "left[1]", "right[3]", 1)
    assert result.events("damage")[-1].rulings == ("BAT-5",)


def test_lowest_health_ally_includes_the_healer_and_picks_the_lowest() -> None:
    """BAT-5: the ally with the lowest health, the healer itself included; a higher one further left loses."""
    medic = cryptid("Medic", 1, 9, total(4, {"heal": 3}, "lowest_health_ally"))
    left = [cryptid("Hale", 2, 9), medic, cryptid("Frail", 0, 9)]
    hitter = cryptid(
        "Hitter",
        9,
        99,
        total(3, {"damage": 1}, "all_enemies"),
        total(3, {"damage": 4}, "lowest_health_enemy"),
        total(5, {"damage": 6}),
    )
    # Roll 1 (3): all three 9 -> 8; then the lowest, Hale (leftmost of three 8s), 8 -> 4.
    # Roll 2 (4): the lowest ally is Hale (4): healed by 3 to 7.
    result = battle(*both(left, [hitter]), dice=[[1, 2], [2, 2]])
    assert result.trace[0].health == (4, 8, 8, 99)
    assert kinds(result, 2, "heal") == [("heal", "left[1]", "left[0]", 3)]
    # Roll 2 (5) instead: Hitter hits the highest threat, Hale, for 6: down; the Medic does nothing on a 5.
    # Roll 3 (4): Hale is dead; the lowest ally is the Medic itself or Frail, both at 8: the Medic, further left,
    # healed by 1 (3 cut at its starting health 9).
    result = battle(*both(left, [hitter]), dice=[[1, 2], [2, 3], [2, 2]])
    assert kinds(result, 3, "heal") == [("heal", "left[1]", "left[1]", 1)]
    assert result.trace[2].health == (0, 9, 8, 99)


def test_healing_never_passes_the_starting_health_and_at_full_health_does_nothing() -> None:
    """I-BAT-3: healing stops at the starting health; healing at full health is 0 and sets off nothing (I-BAT-10)."""
    medic = cryptid("Medic", 1, 9, total(4, {"heal": 3}), react("healed", {"damage": 1}))
    hitter = cryptid("Hitter", 5, 99, total(3, {"damage": 2}))
    # Roll 1 (4): full health: no healing, no reaction. Roll 2 (3): 9 -> 7. Roll 3 (4): heal 3 cut to 2, back to
    # 9; its "healed" reaction hits Hitter for 1. Roll 4 (3): 9 -> 7. Roll 5 (4): healed by 2 again.
    result = battle(*both([medic], [hitter]), dice=[[2, 2], [1, 2], [2, 2]])
    assert kinds(result, 1, "heal", "heal_none", "reaction") == [("heal_none", "left[0]", "left[0]", 0)]
    assert result.events("heal_none")[0].text == "Medic (L1) heals Medic (L1), who is at full health: nothing happens"
    assert result.events("heal_none")[0].rulings == ("I-BAT-14", "I-BAT-3", "I-BAT-10")
    assert kinds(result, 3, "heal", "reaction", "damage") == [
        ("heal", "left[0]", "left[0]", 2),
        ("reaction", "left[0]", None, None),
        ("damage", "left[0]", "right[0]", 1),
    ]
    heal = result.events("heal")[0]
    assert heal.health == 9 and heal.rulings == ("I-BAT-14", "I-BAT-3")
    assert heal.text == "Medic (L1) heals Medic (L1) by 2, cut from 3 at its starting health (9 of 9)"
    # A heal that fits in full is not cut and cites no cut: 9 -> 5 by two hits, then healed by 3 to 8.
    result = battle(*both([medic], [hitter]), dice=[[1, 2], [1, 2], [2, 2]])
    heal = result.events("heal")[0]
    assert (heal.amount, heal.health, heal.rulings) == (3, 8, ("I-BAT-14",))
    assert heal.text == "Medic (L1) heals Medic (L1) by 3 (8 of 9)"
    # A heal exactly to the starting health is not cut either: 9 -> 7 -> 9 with a heal of 2.
    exact = cryptid("Medic", 1, 9, total(4, {"heal": 2}))
    heal = battle(*both([exact], [hitter]), dice=[[1, 2], [2, 2]]).events("heal")[0]
    assert (heal.amount, heal.health, heal.rulings) == (2, 9, ("I-BAT-14",))


def test_all_allies_heals_every_standing_ally_and_all_enemies_hits_every_standing_enemy() -> None:
    """BAT-5, I-BAT-3: a group target takes every cryptid of the side still standing, left to right."""
    left = [
        cryptid("Hurt", 1, 9),
        cryptid("Priest", 2, 9, total(4, {"heal": 2}, "all_allies")),
        cryptid("Gone", 0, 3),
    ]
    right = [cryptid("Blaster", 5, 50, total(3, {"damage": 3}, "all_enemies"))]
    # Roll 1 (3): everyone on the left takes 3: Hurt 6, Priest 6, Gone 0 (down; dies at step 6).
    # Roll 2 (4): Hurt 8, Priest 8; Gone is dead and is not healed.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2]])
    assert kinds(result, 1, "damage") == [
        ("damage", "right[0]", "left[0]", 3),
        ("damage", "right[0]", "left[1]", 3),
        ("damage", "right[0]", "left[2]", 3),
    ]
    assert kinds(result, 2, "heal") == [("heal", "left[1]", "left[0]", 2), ("heal", "left[1]", "left[1]", 2)]
    assert result.trace[1].health == (8, 8, 0, 50)
    assert [e.rulings for e in result.events("heal")] == [("BAT-5",), ("BAT-5",)]


def test_a_random_enemy_is_any_standing_enemy_drawn_from_the_seed() -> None:
    """BAT-5, I-BAT-12: a random target is drawn among the standing enemies only; each one can be drawn."""
    left = [cryptid("Dart", 5, 999, every({"damage": 1}, "random_enemy"))]
    right = [cryptid("A", 3, 400), cryptid("Fallen", 2, 1), cryptid("C", 1, 400)]
    killer = cryptid("Killer", 9, 999, every({"damage": 1}, "lowest_health_enemy"))
    counts = {"right[0]": 0, "right[1]": 0, "right[2]": 0}
    for seed in range(6):
        # Roll 1, step 3: Killer (threat 9) downs Fallen before Dart throws; Fallen is never Dart's target.
        result = battle(*both([killer, *left], right), seed=seed, dice=[[1, 2]])
        darts = [e for e in result.events("damage") if e.actor == "left[1]"]
        assert all(e.rulings[:2] == ("BAT-5", "I-BAT-12") for e in darts)
        for e in darts:
            assert e.target is not None
            counts[e.target] += 1
    assert counts["right[1]"] == 0
    # 6 x 36 fair draws between two: each side gets well over a quarter (the odds against are astronomical).
    assert counts["right[0]"] > 54 and counts["right[2]"] > 54
    # The same seed draws the same targets.
    a = battle(*both(left, right), seed=5)
    b = battle(*both(left, right), seed=5)
    assert [e.target for e in a.events("damage")] == [e.target for e in b.events("damage")]


def test_a_target_that_is_down_or_missing_means_no_target() -> None:
    """I-BAT-3: with no standing target the ability does nothing, and the log cites why."""
    left = [
        cryptid("Finisher", 9, 9, total(3, {"damage": 9}, "all_enemies")),
        cryptid("Default", 5, 9, total(3, {"damage": 1})),
        cryptid("Named", 4, 9, total(3, {"damage": 1}, "lowest_health_enemy")),
        cryptid("Group", 3, 9, total(3, {"damage": 1}, "all_enemies")),
        cryptid("Random", 2, 9, total(3, {"damage": 1}, "random_enemy")),
    ]
    result = battle(*both(left, [cryptid("Only", 1, 5)]), dice=[[1, 2]])
    assert [(e.actor, e.rulings) for e in result.events("no_target")] == [
        ("left[1]", ("BAT-4", "I-BAT-3")),
        ("left[2]", ("BAT-5", "I-BAT-3")),
        ("left[3]", ("BAT-5", "I-BAT-3")),
        ("left[4]", ("BAT-5", "I-BAT-3")),
    ]
    assert result.events("no_target")[0].text == "Default (L2) (total 3: damage 1 → highest threat enemy): no target standing"


# --------------------------------------------------------------------------
# Acting order (BAT-3, BAT-6.4, I-BAT-3, I-BAT-9)


def test_a_cryptid_downed_before_its_turn_does_not_act_and_the_log_says_so() -> None:
    """BAT-6.4, I-BAT-3: a cryptid at 0 before its turn in threat order does not activate."""
    left = [cryptid("Fast", 5, 9, total(3, {"damage": 4}))]
    right = [cryptid("Slow", 3, 4, total(3, {"damage": 9})), cryptid("Other", 1, 9, total(3, {"damage": 1}))]
    result = battle(*both(left, right), dice=[[1, 2]])
    assert kinds(result, 1, "activate", "skip") == [
        ("activate", "left[0]", None, None),
        ("skip", "right[0]", None, None),
        ("activate", "right[1]", None, None),
    ]
    skip = result.events("skip")[0]
    assert skip.rulings == ("BAT-6.4", "I-BAT-3") and skip.step == 4
    assert skip.text == "Slow (R1) (total 3: damage 9 → highest threat enemy) would activate, but Slow (R1) is down and does not activate"
    assert result.trace[0].health == (8, 0, 9)
    # Once it has died (step 6 of roll 1), it is gone: no "skip" on later rolls.
    result = battle(*both(left, right), dice=[[1, 2], [1, 2]])
    assert kinds(result, 2, "skip") == []
    # The same at step 3: an every-roll ability of a downed cryptid.
    left = [cryptid("Fast", 5, 9, every({"damage": 4}))]
    right = [cryptid("Slow", 3, 4, every({"damage": 9})), cryptid("Other", 1, 9)]
    result = battle(*both(left, right), dice=[[1, 2], [1, 2]])
    skipped = [("right[0]", 3, ("BAT-6.3", "I-BAT-17", "I-BAT-3"))]  # step 3 is the every-roll step in I-BAT-17's reading
    assert [(e.actor, e.step, e.rulings) for e in result.events("skip")] == skipped


def test_equal_threat_on_one_side_acts_leftmost_first() -> None:
    """I-BAT-9: equal threat on the same side, the leftmost acts first; higher threat before both."""
    hit = total(3, {"damage": 1})
    left = [cryptid("A", 3, 9, hit), cryptid("B", 7, 9, hit), cryptid("C", 3, 9, hit)]
    right = [cryptid("Z", 5, 99, hit)]
    result = battle(*both(left, right), dice=[[1, 2]])
    assert [e.actor for e in result.events("activate")] == ["left[1]", "right[0]", "left[0]", "left[2]"]
    assert [("I-BAT-9" in e.rulings) for e in result.events("activate")] == [False, False, True, True]


def test_equal_threat_across_the_sides_is_drawn_from_the_seed_on_every_roll() -> None:
    """I-BAT-9, I-BAT-12: equal threat across the sides: a seeded draw on each roll says which side acts first,
    the log records it, and the actions follow it."""
    left = [cryptid("L", 4, 999, every({"damage": 1}))]
    right = [cryptid("R", 4, 999, every({"damage": 1}))]
    firsts = []
    for seed in range(4):
        result = battle(*both(left, right), seed=seed)
        for record in result.trace:
            [tie] = [e for e in record.events if e.kind == "tie"]
            assert tie.rulings == ("I-BAT-9", "I-BAT-12") and tie.step == 1
            side = "right" if "puts the right side first" in tie.text else "left"
            assert tie.text.startswith("Equal threat 4 across the sides (L (L1), R (R1)): the seeded draw puts the ")
            actors = [e.actor for e in record.events if e.kind == "activate"]
            assert actors == ([f"{side}[0]", f"{'left' if side == 'right' else 'right'}[0]"])
            firsts.append(side)
    # Both outcomes turn up over 144 fair draws.
    assert 30 < firsts.count("left") < 114
    # No tie is logged when one of the tied cryptids is no longer standing.
    left = [cryptid("L", 4, 999, every({"damage": 3}, "lowest_health_enemy"))]
    right = [cryptid("R", 4, 999, HIT[0]), cryptid("Weak", 1, 1)]
    both_l, both_r = both(left, right)
    result = battle(both_l, both_r, seed=1)
    assert all(sum(e.kind == "tie" for e in r.events) == 1 for r in result.trace)
    right = [cryptid("R", 4, 3), cryptid("Other", 1, 99)]
    result = battle(*both(left, right), seed=1, dice=[[1, 2], [1, 2]])
    # Roll 1: L hits R (lowest health, 3) for 3: R dies. Roll 2: the tie has nobody standing on the right.
    assert [sum(e.kind == "tie" for e in r.events) for r in result.trace[:2]] == [1, 0]


# --------------------------------------------------------------------------
# Dice-total modifiers (BAT-6.3, I-BAT-11)


def test_a_modifier_changes_the_total_every_later_check_reads_but_not_the_faces() -> None:
    """I-BAT-11: step-3 modifiers change the total each step-4 condition checks; face conditions read the dice."""
    left = [
        cryptid(
            "Bender",
            5,
            99,
            every({"modify_total": 2}),
            on({"die_shows": 6}, {"modify_total": -5}),
            total(9, {"damage": 1}),
            total(7, {"damage": 2}),
            on({"doubles": True}, {"damage": 3}),
            on({"range": [11, 12]}, {"damage": 4}),
        )
    ]
    right = [cryptid("Wall", 1, 99)]
    # [3, 4]: 7 + 2 = 9 -> 1 damage, not the 7's 2. [2, 2]: 4 + 2 = 6, doubles -> 3. [6, 3]: 9 + 2 - 5 = 6 -> nothing.
    # [5, 4]: 9 + 2 = 11 -> range 11-12 -> 4.
    result = battle(*both(left, right), dice=[[3, 4], [2, 2], [6, 3], [5, 4]])
    assert [r.total for r in result.trace[:4]] == [9, 6, 6, 11]
    assert [[e.amount for e in r.events if e.kind == "damage"] for r in result.trace[:4]] == [[1], [3], [], [4]]
    modify = [e for e in result.trace[2].events if e.kind == "modify"]
    assert [(e.amount, e.text.rsplit(" ", 1)[-1]) for e in modify] == [(2, "11"), (-5, "6")]
    assert modify[0].rulings == ("BAT-6.3", "BAT-3", "I-BAT-11") and modify[0].step == 3
    assert result.events("roll")[2].text == "Roll 3: 6 + 3 = 9 (forced)"


def test_a_modified_total_may_leave_two_to_twelve() -> None:
    """I-BAT-11: a total pushed past 12 or under 2 is checked as it is: parity holds, a 2-12 total cannot match."""
    left = [
        cryptid(
            "Bender",
            5,
            99,
            every({"modify_total": 6}),
            on({"parity": "odd"}, {"damage": 1}),
            on({"parity": "even"}, {"damage": 2}),
            total(12, {"damage": 4}),
        )
    ]
    right = [cryptid("Wall", 1, 99)]
    # [6, 6] + 6 = 18 (even): 2. [6, 5] + 6 = 17 (odd): 1. [3, 3] + 6 = 12: 2 and 4.
    result = battle(*both(left, right), dice=[[6, 6], [6, 5], [3, 3]])
    assert [r.total for r in result.trace[:3]] == [18, 17, 12]
    assert [[e.amount for e in r.events if e.kind == "damage"] for r in result.trace[:3]] == [[2], [1], [2, 4]]
    lower = [cryptid("Sinker", 5, 99, every({"modify_total": -4}), on({"parity": "odd"}, {"damage": 1}), total(2, {"damage": 2}))]
    # [1, 2] - 4 = -1 (odd): 1. [3, 3] - 4 = 2: 2. [1, 1] - 4 = -2: nothing.
    result = battle(*both(lower, right), dice=[[1, 2], [3, 3], [1, 1]])
    assert [r.total for r in result.trace[:3]] == [-1, 2, -2]
    assert [[e.amount for e in r.events if e.kind == "damage"] for r in result.trace[:3]] == [[1], [2], []]


# --------------------------------------------------------------------------
# Rerolls (BAT-7, I-BAT-1, I-BAT-4, I-BAT-8)


def test_a_reroll_restarts_the_turn_and_keeps_the_damage() -> None:
    """BAT-7, I-BAT-4: the turn stops, restarts at step 1 with a new roll; damage stays; statuses tick again."""
    gambler = cryptid(
        "Gambler",
        5,
        99,
        total(3, {"dot": 1, "rolls": 5}),
        every({"damage": 1}),
        on({"doubles": True}, "reroll"),
        total(4, {"damage": 10}),
        total(7, {"damage": 20}),
    )
    right = [cryptid("Wall", 1, 99)]
    # Roll 1 (3): hit 1 at step 3 (98), status put on at step 4. Roll 2 (turn 2, [2, 2]): tick 1 (97), hit 1 (96),
    # then the doubles reroll (step 4, listed before the 4's 10 damage) stops the turn before that damage. Roll 3 (turn 2 again, [3, 4]):
    # tick 1 (95), hit 1 (94), the 7: 20 (74).
    result = battle(*both([gambler], right), dice=[[1, 2], [2, 2], [3, 4]])
    assert [(r.roll, r.turn, r.restarted) for r in result.trace[:3]] == [(1, 1, False), (2, 2, True), (3, 2, False)]
    assert [r.health[1] for r in result.trace[:3]] == [98, 96, 74]
    assert kinds(result, 2, "status", "damage", "reroll") == [
        ("status", None, "right[0]", 1),
        ("damage", "left[0]", "right[0]", 1),
        ("reroll", "left[0]", None, None),
    ]
    reroll = result.events("reroll")[0]
    assert reroll.rulings == ("BAT-7", "I-BAT-1", "I-BAT-4") and reroll.step == 4
    assert reroll.text.endswith(": the turn stops and restarts at step 1; damage dealt stays")
    assert result.turns >= 2 and result.limits == ()


def test_a_reroll_counts_as_a_roll_toward_the_limits() -> None:
    """I-BAT-1: every roll counts, rerolls too: 35 rolls in, a reroll makes the 36th, which is the last."""
    gambler = cryptid("Gambler", 5, 99, on({"doubles": True}, "reroll"), total(11, {"damage": 1}))
    right = [cryptid("Wall", 1, 99)]
    # Rolls 1-34 total 3 (nothing); roll 35 is doubles (reroll); roll 36 is doubles again: no reroll (I-BAT-8).
    result = battle(*both([gambler], right), dice=[[1, 2]] * 34 + [[1, 1], [2, 2]])
    assert (result.rolls, result.turns, result.reason) == (36, 35, EndReason.ROLL_LIMIT)
    assert [r.restarted for r in result.trace[-2:]] == [True, False]
    [denied] = result.events("reroll_denied")
    assert denied.rulings == ("I-BAT-8",)
    assert denied.text.endswith(": 36 rolls have been made, so there is no reroll; the turn goes on")
    assert result.limits == ("reroll_denied", "roll_limit")
    # A reroll on roll 35 is allowed (the 36th roll is still to come): the limit is "36 made", not "35 made".
    result = battle(*both([gambler], right), dice=[[1, 2]] * 34 + [[1, 1], [5, 6]])
    assert result.events("reroll_denied") == [] and [e.amount for e in result.events("damage")] == [1 + 21]


# --------------------------------------------------------------------------
# Reactions (BAT-6.5, I-BAT-3, I-BAT-10, I-BAT-15)


def test_damaged_and_ally_damaged_reactions_resolve_at_once_inside_the_step() -> None:
    """BAT-6.5, I-BAT-15, I-BAT-19: a hit sets off the target's "damaged" reactions, then its allies' "ally
    damaged" ones (not its own), at once, inside the step that dealt it."""
    striker = cryptid("Striker", 9, 50, total(3, {"damage": 2}), total(3, {"damage": 1}, "lowest_health_enemy"))
    right = [
        cryptid("Thorn", 5, 10, react("damaged", {"damage": 1}, "source"), react("ally_damaged", {"damage": 50})),
        cryptid("Friend", 3, 8, react("ally_damaged", {"damage": 2}, "source")),
    ]
    # Roll 1 (3): Striker hits Thorn (highest threat) for 2 (8 left): Thorn's "damaged" answer hits Striker 1 (49),
    # then Friend's "ally damaged" hits Striker 2 (47); Thorn's own "ally damaged" does not fire for its own damage.
    # Striker's second ability: Thorn and Friend tie on 8, the lowest health; Thorn is leftmost: 1 (7 left); again
    # Thorn's answer 1 (46) and Friend's 2 (44).
    result = battle(*both([striker], right), dice=[[1, 2]])
    events = [(e.kind, e.actor, e.target, e.amount, e.depth, e.step, e.within) for e in result.trace[0].events]
    assert events[1:] == [
        ("activate", "left[0]", None, None, 0, 4, 0),
        ("damage", "left[0]", "right[0]", 2, 0, 4, 0),
        ("reaction", "right[0]", None, None, 1, 5, 4),
        ("damage", "right[0]", "left[0]", 1, 1, 5, 4),
        ("reaction", "right[1]", None, None, 1, 5, 4),
        ("damage", "right[1]", "left[0]", 2, 1, 5, 4),
        ("activate", "left[0]", None, None, 0, 4, 0),
        ("damage", "left[0]", "right[0]", 1, 0, 4, 0),
        ("reaction", "right[0]", None, None, 1, 5, 4),
        ("damage", "right[0]", "left[0]", 1, 1, 5, 4),
        ("reaction", "right[1]", None, None, 1, 5, 4),
        ("damage", "right[1]", "left[0]", 2, 1, 5, 4),
    ]
    assert result.trace[0].health == (44, 7, 8)
    # each hit set off two reactions, the hit cryptid's own first: the order is I-BAT-19's
    assert [e.rulings for e in result.events("reaction")] == [("BAT-6.5", "I-BAT-15", "I-BAT-19")] * 4


def test_a_down_ally_does_not_react_to_an_allys_damage() -> None:
    """I-BAT-3: a cryptid at 0 does not react, not even to an ally's damage."""
    blaster = cryptid("Blaster", 9, 50, total(3, {"damage": 3}, "all_enemies"))
    right = [cryptid("Tank", 5, 9), cryptid("Glass", 3, 3, react("ally_damaged", {"damage": 5}, "source"))]
    # The blast hits Tank first (3, 6 left): Glass, standing, answers 5. Then Glass takes 3: down, and nobody
    # is left to answer for it.
    result = battle(*both([blaster], right), dice=[[1, 2]])
    assert kinds(result, 1, "reaction", "damage") == [
        ("damage", "left[0]", "right[0]", 3),
        ("reaction", "right[1]", None, None),
        ("damage", "right[1]", "left[0]", 5),
        ("damage", "left[0]", "right[1]", 3),
    ]
    # Glass goes first in the blast's order when it stands to the left: it is downed first, and Tank's hit
    # sets off nothing.
    right = [cryptid("Glass", 3, 3, react("ally_damaged", {"damage": 5}, "source")), cryptid("Tank", 5, 9)]
    result = battle(*both([blaster], right), dice=[[1, 2]])
    assert kinds(result, 1, "reaction") == []


def test_reactions_chain_and_the_cap_counts_per_turn_rerolls_included() -> None:
    """I-BAT-10: reactions chain up to REACTION_CAP activations a turn, a reroll's restart included; the next
    turn starts a new count."""
    back = react("damaged", {"damage": 1}, "source")
    echo = cryptid("Echo", 5, 999, total(3, {"damage": 1}), on({"doubles": True}, "reroll"), back)
    mirror = cryptid("Mirror", 3, 999, back)
    # Roll 1 (doubles): a reroll, nothing else. Turn 1 again, roll 2 (3): Echo hits Mirror; they answer each other
    # 20 times (the cap), the 21st is stopped. Roll 3 (turn 2, 3): the same again, a fresh count of 20.
    result = battle(*both([echo], [mirror]), dice=[[1, 1], [1, 2], [1, 2]])
    assert [sum(e.kind == "reaction" for e in r.events) for r in result.trace[:3]] == [0, REACTION_CAP, REACTION_CAP]
    assert [(e.depth, e.actor) for e in result.events("reaction", until=2)][:3] == [(1, "right[0]"), (2, "left[0]"), (3, "right[0]")]
    [cap] = [e for e in result.trace[1].events if e.kind == "cap"]
    assert (cap.depth, cap.amount, cap.rulings, cap.step, cap.within) == (21, 1, ("I-BAT-10",), 5, 4)
    assert cap.text == "Reaction cap reached (20 reactions this turn): Mirror (R1) (when damaged: damage 1 → source) does not react"
    assert result.limits[:1] == ("reaction_cap",)
    # Turn 2 has a cap event of its own, counting only its own stopped reaction.
    [cap2] = [e for e in result.trace[2].events if e.kind == "cap"]
    assert cap2.amount == 1 and cap2.text == cap.text
    # Without a trace the same reactions happen, turn after turn (I-BAT-12): turn 2 again has its 20 after the
    # cap of turn 1.
    for dice in ([[1, 1], [1, 2], [1, 2]], [[1, 2], [1, 2], [1, 2], [1, 2]]):
        traced = battle(*both([echo], [mirror]), dice=dice)
        fast = battle(*both([echo], [mirror]), dice=dice, trace=False)
        assert (fast.final_health, fast.limits, fast.rolls) == (traced.final_health, traced.limits, traced.rolls)
    # Each turn's chain: Echo's hit and its 10 answers take Mirror down 11; Mirror's 10 answers take Echo down 10.
    assert traced.trace[3].health == (999 - 4 * 10, 999 - 4 * 11)
    # The count is per turn, restarts included: the rolls before and after a reroll share one cap.
    echo = cryptid("Echo", 5, 999, total(3, {"damage": 1}), total(3, "reroll"), back)
    result = battle(*both([echo], [mirror]), dice=[[1, 2], [1, 2], [3, 4]])
    # Roll 1 (3): 20 reactions, then the reroll; roll 2 (3, the same turn): no reaction left; Echo's hit still
    # lands (1) and the cap stops Mirror's answer at once; roll 2 rerolls again; roll 3 (7): nothing.
    assert [sum(e.kind == "reaction" for e in r.events) for r in result.trace[:3]] == [REACTION_CAP, 0, 0]
    assert [r.turn for r in result.trace[:3]] == [1, 1, 1]
    caps = [e for r in result.trace[:3] for e in r.events if e.kind == "cap"]
    assert len(caps) == 1 and caps[0].amount == 2
    assert caps[0].text.endswith("; 1 more reaction did not happen this turn")


def test_no_reaction_cap_when_the_chain_stays_under_it() -> None:
    """I-BAT-10: exactly REACTION_CAP reactions in a turn are allowed; the limit is reported only when one is stopped."""
    back = react("damaged", {"damage": 1}, "source")
    # Echo hits Mirror; then Mirror's answers are reactions 1, 3, 5, ... and Echo's 2, 4, ...: Mirror's k-th
    # answer (reaction 2k - 1) takes Echo from 10 to 10 - k. The 10th (reaction 19) downs Echo, which does not
    # answer again: 19 reactions, no cap.
    echo = cryptid("Echo", 5, 10, total(3, {"damage": 1}), back)
    mirror = cryptid("Mirror", 3, 999, back)
    result = battle(*both([echo], [mirror]), dice=[[1, 2]])
    assert sum(e.kind == "reaction" for e in result.trace[0].events) == 19
    assert result.events("cap") == [] and result.limits == ()
    assert result.winner is Winner.RIGHT
    # With 11 health: reaction 19 takes Echo to 1, Echo's answer is reaction 20 (Mirror 999 - 1 - 10 = 988), and
    # Mirror's 11th answer would be the 21st: past the cap. Echo ends the turn on 1.
    echo = cryptid("Echo", 5, 11, total(3, {"damage": 1}), back)
    result = battle(*both([echo], [mirror]), dice=[[1, 2]])
    assert sum(e.kind == "reaction" for e in result.trace[0].events) == REACTION_CAP
    assert result.trace[0].health == (1, 988) and len(result.events("cap", until=1)) == 1


def test_a_modifier_of_one_pushes_double_six_to_thirteen() -> None:
    """I-BAT-11: 6 + 6 with +1 counts as 13, an odd total past 12; 6 + 5 with +1 is 12. The smallest modifier
    widens the totals a roll can count as, just as +6 does above."""
    left = [
        cryptid(
            "Nudger",
            5,
            99,
            every({"modify_total": 1}),
            on({"parity": "odd"}, {"damage": 1}),
            total(12, {"damage": 2}),
        )
    ]
    right = [cryptid("Wall", 1, 99)]
    result = battle(*both(left, right), dice=[[6, 6], [6, 5]])
    assert [r.total for r in result.trace[:2]] == [13, 12]
    assert [[e.amount for e in r.events if e.kind == "damage"] for r in result.trace[:2]] == [[1], [2]]


# --------------------------------------------------------------------------
# Deaths (BAT-6.6, I-BAT-3, I-BAT-5, I-BAT-16)


def test_down_cryptids_die_together_at_step_six_then_reactions_then_death_abilities_chain() -> None:
    """BAT-6.6, I-BAT-5, I-BAT-16: all the down die at once; "ally dies" reactions come before death abilities;
    cryptids those down die in the same step, and so on."""
    blaster = cryptid("Blaster", 9, 30, total(3, {"damage": 2}, "all_enemies"))
    right = [
        cryptid("Bomb", 5, 2, on("death", {"damage": 4}, "source")),
        cryptid("Mourner", 4, 9, react("ally_dies", {"damage": 1}, "lowest_health_enemy")),
        cryptid("Fuse", 1, 2, on("death", {"damage": 9}, "all_enemies")),
    ]
    # Roll 1 (3): the blast: Bomb 0, Mourner 7, Fuse 0. Step 6: Bomb and Fuse die together (threat order). Mourner
    # reacts to each death first (1 + 1 to the only enemy: 29, 28); then Bomb's death ability hits its killer for
    # 4 (24) and Fuse's hits every enemy for 9 (15). Nobody else is down: the step ends.
    result = battle(*both([blaster], right), dice=[[1, 2]])
    sixth = [(e.kind, e.actor, e.target, e.amount) for e in result.trace[0].events if e.step == 6 or e.within == 6]
    assert sixth == [
        ("death", None, "right[0]", None),
        ("death", None, "right[2]", None),
        ("reaction", "right[1]", None, None),
        ("damage", "right[1]", "left[0]", 1),
        ("reaction", "right[1]", None, None),
        ("damage", "right[1]", "left[0]", 1),
        ("death_ability", "right[0]", None, None),
        ("damage", "right[0]", "left[0]", 4),
        ("death_ability", "right[2]", None, None),
        ("damage", "right[2]", "left[0]", 9),
    ]
    assert result.trace[0].health == (15, 0, 7, 0)
    deaths = result.events("death", "death_ability", "reaction")
    assert [e.rulings for e in deaths] == [("BAT-6.6", "I-BAT-5")] * 2 + [("BAT-6.5", "I-BAT-15", "I-BAT-16")] * 2 + [
        ("BAT-6.6", "I-BAT-5")
    ] * 2
    # Chained: with 15 health Blaster is downed by Fuse's 9 (15 - 1 - 1 - 4 - 9 = 0) and dies in the same step 6.
    blaster = cryptid("Blaster", 9, 15, total(3, {"damage": 2}, "all_enemies"))
    result = battle(*both([blaster], right), dice=[[1, 2]])
    assert [e.target for e in result.events("death")] == ["right[0]", "right[2]", "left[0]"]
    assert (result.rolls, result.winner, result.reason) == (1, Winner.RIGHT, EndReason.SIDE_EMPTY)
    assert result.final_health == (0, 0, 7, 0)


def test_deaths_resolve_the_same_for_the_left_side() -> None:
    """The rules name no side: the chain above with the teams swapped gives the same events, sides swapped
    (every threat differs, so no tie draw can tell the sides apart)."""
    blaster = cryptid("Blaster", 9, 30, total(3, {"damage": 2}, "all_enemies"))
    left = [
        cryptid("Bomb", 5, 2, on("death", {"damage": 4}, "source")),
        cryptid("Mourner", 4, 9, react("ally_dies", {"damage": 1}, "lowest_health_enemy")),
        cryptid("Fuse", 1, 2, on("death", {"damage": 9}, "all_enemies")),
    ]
    result = battle(*both(left, [blaster]), dice=[[1, 2]])
    sixth = [(e.kind, e.actor, e.target, e.amount) for e in result.trace[0].events if e.step == 6 or e.within == 6]
    assert sixth == [
        ("death", None, "left[0]", None),
        ("death", None, "left[2]", None),
        ("reaction", "left[1]", None, None),
        ("damage", "left[1]", "right[0]", 1),
        ("reaction", "left[1]", None, None),
        ("damage", "left[1]", "right[0]", 1),
        ("death_ability", "left[0]", None, None),
        ("damage", "left[0]", "right[0]", 4),
        ("death_ability", "left[2]", None, None),
        ("damage", "left[2]", "right[0]", 9),
    ]
    assert result.trace[0].health == (0, 7, 0, 15)


def test_both_sides_emptied_in_one_death_chain_is_a_draw() -> None:
    """I-BAT-6: both sides empty after step 6 is a draw, whichever order the deaths came in."""
    left = [cryptid("Striker", 5, 3, total(3, {"damage": 2}))]
    right = [cryptid("Martyr", 1, 2, on("death", {"damage": 9}, "source"))]
    # Roll 1 (3): Striker downs Martyr; step 6: Martyr dies, its death ability downs Striker, which dies too.
    result = battle(*both(left, right), dice=[[1, 2]])
    assert (result.winner, result.reason) == (Winner.DRAW, EndReason.BOTH_EMPTY)
    assert [e.target for e in result.events("death")] == ["right[0]", "left[0]"]


def test_the_source_of_a_death_is_whoever_downed_it_even_by_damage_over_time() -> None:
    """BAT-5: a "source" target is the cryptid whose ability caused the trigger: for a death, the last to damage it."""
    left = [
        cryptid("Poisoner", 5, 20, total(3, {"dot": 2, "rolls": 3})),
        cryptid("Puncher", 4, 20, total(5, {"damage": 3})),
    ]
    right = [cryptid("Avenger", 3, 4, on("death", {"damage": 7}, "source"))]
    # Roll 1 (3): Poisoner's status on Avenger. Roll 2 (4): the tick, 2 left. Roll 3 (4): the tick downs it: the
    # last to damage it is Poisoner, whose status it was. It dies; its revenge hits Poisoner.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2], [2, 2]])
    assert kinds(result, 3, "damage") == [("damage", "right[0]", "left[0]", 7)]
    # Roll 2 (5) instead: the tick (2 left), then Puncher's hit downs it: the revenge goes to Puncher.
    result = battle(*both(left, right), dice=[[1, 2], [2, 3]])
    assert kinds(result, 2, "damage") == [("damage", "left[1]", "right[0]", 2), ("damage", "right[0]", "left[1]", 7)]


def test_an_ally_dies_reaction_answers_whoever_downed_the_ally() -> None:
    """BAT-5, BAT-6.5, BAT-6.6: for an "ally dies" reaction, the source of the trigger is the cryptid that downed the
    ally, not the highest-threat enemy."""
    left = [cryptid("Bystander", 6, 20), cryptid("Puncher", 4, 20, total(5, {"damage": 3}))]
    right = [cryptid("Victim", 3, 3), cryptid("Mourner", 1, 10, react("ally_dies", {"damage": 4}, "source"))]
    # Roll 1 (5): Puncher hits Victim (the highest-threat enemy) for 3: down. Step 6: Victim dies, and Mourner
    # answers its death by hitting Puncher, who downed it, for 4 (Bystander, the highest threat, is untouched).
    result = battle(*both(left, right), dice=[[2, 3]])
    assert kinds(result, 1, "damage", "death", "reaction") == [
        ("damage", "left[1]", "right[0]", 3),
        ("death", None, "right[0]", None),
        ("reaction", "right[1]", None, None),
        ("damage", "right[1]", "left[1]", 4),
    ]
    assert result.trace[0].health == (20, 16, 0, 10)


def test_a_cryptid_down_at_the_end_of_a_turn_dies_even_after_a_reroll() -> None:
    """I-BAT-4: a cryptid downed before a reroll stays down; its death is processed when a turn reaches step 6."""
    left = [cryptid("Gambler", 5, 20, total(3, {"dot": 1, "rolls": 3}), total(3, {"damage": 5}), total(3, "reroll"))]
    right = [cryptid("Victim", 2, 5, react("ally_dies", {"damage": 1})), cryptid("Friend", 1, 9, react("ally_dies", {"damage": 1}))]
    # Roll 1 (3): Victim downed, then the reroll: no step 6 on roll 1. Roll 2 (4): step 6: Victim dies; Friend
    # reacts (1 to Gambler).
    result = battle(*both(left, right), dice=[[1, 2], [2, 2]])
    assert [e.kind for e in result.trace[0].events if e.kind in ("down", "death")] == ["down"]
    assert kinds(result, 2, "death", "reaction") == [("death", None, "right[0]", None), ("reaction", "right[1]", None, None)]
    assert result.trace[1].turn == 1 and result.trace[1].health == (19, 0, 9)
    # Victim carried a status, but a down cryptid takes nothing more: no tick at step 2 of roll 2 (I-BAT-3).
    assert result.events("status") == []


# --------------------------------------------------------------------------
# Damage over time (BAT-6.2)


def test_damage_over_time_ticks_at_step_two_of_the_next_rolls_and_stacks() -> None:
    """BAT-6.2: a status deals N at step 2 of each of the next R rolls; two statuses on a cryptid both tick."""
    left = [cryptid("Poisoner", 5, 99, total(3, {"dot": 2, "rolls": 3}), total(4, {"dot": 1, "rolls": 1}))]
    right = [cryptid("Wall", 1, 50)]
    # Roll 1 (3): 2 for 3 rolls. Roll 2 (4): tick 2 (48); then 1 for 1 roll. Roll 3: tick 2 + 1 (45). Roll 4: 2
    # (43), the first status's last. Roll 5: nothing.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2], [1, 1], [1, 1], [1, 1]])
    assert [(e.amount, e.health) for e in result.events("status")] == [(2, 48), (3, 45), (2, 43)]
    assert [r.health[1] for r in result.trace[:5]] == [50, 48, 45, 43, 43]
    status = result.events("status")[1]
    assert (status.step, status.target, status.actor) == (2, "right[0]", None)
    assert status.text == "Wall (R1) takes 3 damage over time (45 left)"
    dot = result.events("dot")[0]
    assert (dot.amount, dot.target, dot.rulings) == (2, "right[0]", ("BAT-4", "BAT-6.2"))
    assert dot.text == "Poisoner (L1) puts damage over time on Wall (R1): 2 per roll for the next 3 rolls"
    # A status never takes health below 0 (I-BAT-3): 3 damage on 2 health leaves 0, and the cryptid is down.
    right = [cryptid("Wall", 1, 2)]
    result = battle(*both(left, right), dice=[[1, 2], [1, 1]])
    assert [(e.kind, e.amount, e.health) for e in result.events("status", "down")] == [("status", 2, 0), ("down", None, 0)]
    assert result.winner is Winner.LEFT and result.rolls == 2


# --------------------------------------------------------------------------
# A battle without a trace is the same battle (I-BAT-12)


def busy_teams() -> list[tuple[Team, Team]]:
    """Matchups that reach every rule: reactions up to the cap, rerolls, statuses, deaths, ties, random targets."""
    back = react("damaged", {"damage": 1}, "source")
    echo = [
        cryptid("Echo", 4, 60, every({"damage": 1}), on({"doubles": True}, "reroll"), back),
        cryptid("Priest", 2, 30, on({"parity": "odd"}, {"heal": 3}, "all_allies"), react("ally_dies", {"damage": 2}, "all_enemies")),
    ]
    mirror = [
        cryptid("Mirror", 4, 60, back, react("ally_damaged", {"damage": 1}, "random_enemy")),
        cryptid("Sting", 3, 25, on({"range": [2, 6]}, {"dot": 2, "rolls": 3}, "lowest_health_enemy"), react("healed", {"damage": 1})),
        cryptid("Bomb", 1, 12, on({"die_shows": 6}, {"modify_total": -1}), on("death", {"damage": 6}, "source")),
    ]
    solo = [cryptid("Solo", 2, 40, every({"damage": 2}, "all_enemies"), react("damaged", {"heal": 1}), react("healed", {"damage": 1}, "lowest_health_enemy"))]
    return [both(echo, mirror), both(mirror, echo), both(solo, echo), both(mirror, solo)]


def test_a_battle_without_a_trace_plays_the_same_battle() -> None:
    """I-BAT-12: the trace only records; a battle played without one has the same winner, rolls and health."""
    seen_cap = seen_reroll = False
    for left, right in busy_teams():
        for seed in range(8):
            traced = battle(left, right, seed=seed)
            fast = battle(left, right, seed=seed, trace=False)
            assert fast.trace == () and not fast.trace_cut
            assert (fast.winner, fast.reason, fast.rolls, fast.turns, fast.final_health, fast.limits, fast.rulings) == (
                traced.winner,
                traced.reason,
                traced.rolls,
                traced.turns,
                traced.final_health,
                traced.limits,
                traced.rulings,
            )
            assert traced.trace[-1].health == traced.final_health and len(traced.trace) == traced.rolls
            seen_cap = seen_cap or "reaction_cap" in traced.limits
            seen_reroll = seen_reroll or any(r.restarted for r in traced.trace)
    assert seen_cap and seen_reroll


def test_a_replayed_seed_gives_the_same_battle() -> None:
    """I-BAT-12: a battle is a pure function of the teams and the seed: the same seed, the same log."""
    left, right = busy_teams()[0]
    a = battle(left, right, seed=42)
    b = battle(left, right, seed=42)
    assert a == b and a.to_json() == b.to_json()


# --------------------------------------------------------------------------
# A compiled matchup (matchup.py): the tables behind the rules above


def test_reactions_of_a_side_resolve_in_threat_order() -> None:
    """BAT-3, BAT-6.5: several cryptids reacting to one event act in threat order, not in line order."""
    striker = cryptid("Striker", 9, 99, total(3, {"damage": 5}, "lowest_health_enemy"))
    right = [
        cryptid("Low", 1, 20, react("ally_dies", {"damage": 1}), react("ally_damaged", {"damage": 1})),
        cryptid("Victim", 2, 5),
        cryptid("High", 6, 20, react("ally_dies", {"damage": 2}), react("ally_damaged", {"damage": 2})),
    ]
    result = battle(*both([striker], right), dice=[[1, 2]])
    # Victim (5, the lowest) is hit and downed: High then Low answer the damage; at step 6, High then Low mourn.
    assert [e.actor for e in result.events("reaction")] == ["right[2]", "right[0]", "right[2]", "right[0]"]


def test_modifiers_add_up_below_two_and_above_twelve() -> None:
    """I-BAT-11: several modifiers add up; every total they can reach is checked."""
    left = [
        cryptid("Sinker", 5, 99, every({"modify_total": -4}), every({"modify_total": -3}), on({"parity": "odd"}, {"damage": 1})),
        cryptid("Riser", 4, 99, on({"die_shows": 6}, {"modify_total": 12}), on({"parity": "even"}, {"damage": 2})),
    ]
    right = [cryptid("Wall", 1, 99)]
    # [1, 1] - 7 = -5 (odd): 1. [6, 6] - 7 + 12 = 17 (odd): 1. [6, 5] - 7 + 12 = 16 (even): 2.
    result = battle(*both(left, right), dice=[[1, 1], [6, 6], [6, 5]])
    assert [r.total for r in result.trace[:3]] == [-5, 17, 16]
    assert [[e.amount for e in r.events if e.kind == "damage"] for r in result.trace[:3]] == [[1], [1], [2]]


def test_a_matchup_keeps_each_finding_once_and_no_more_than_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The step-4 abilities a roll sets off are found once per acting order and kept, up to MAX_CACHED findings."""
    from estro_rules.battaglia import Matchup, samples
    from estro_rules.battaglia import matchup as compiled

    m = Matchup(samples.REFERENCE_LEFT, samples.REFERENCE_RIGHT)
    for seed in range(30):
        battle(samples.REFERENCE_LEFT, samples.REFERENCE_RIGHT, seed=seed, trace=False, matchup=m)
    kept = sum(len(o.set_off) for o in m.orders.values())
    assert m.cached == kept > 0
    assert all(m.order(bits) is o for bits, o in m.orders.items()) and len(m.orders) <= 2**m.ties
    monkeypatch.setattr(compiled, "MAX_CACHED", 3)
    small = Matchup(samples.REFERENCE_LEFT, samples.REFERENCE_RIGHT)
    results = [battle(samples.REFERENCE_LEFT, samples.REFERENCE_RIGHT, seed=s, trace=False, matchup=small) for s in range(5)]
    assert small.cached == 3 == sum(len(o.set_off) for o in small.orders.values())
    # Past the bound the findings are worked out again each time: the battles are the same.
    again = [battle(samples.REFERENCE_LEFT, samples.REFERENCE_RIGHT, seed=s, trace=False) for s in range(5)]
    assert [(r.winner, r.rolls, r.final_health) for r in results] == [(r.winner, r.rolls, r.final_health) for r in again]


def test_death_abilities_resolve_in_threat_order_not_line_order() -> None:
    """I-BAT-5: the death abilities of the cryptids dying together resolve highest threat first, both sides."""
    blaster = cryptid("Blaster", 9, 99, total(3, {"damage": 2}, "all_enemies"))
    right = [
        cryptid("Fuse", 1, 2, on("death", {"damage": 3})),
        cryptid("Bomb", 5, 2, on("death", {"damage": 4})),
    ]
    result = battle(*both([blaster], right), dice=[[1, 2]])
    assert [e.target for e in result.events("death")] == ["right[1]", "right[0]"]
    assert [(e.actor, e.amount) for e in result.events("damage") if e.step == 6] == [("right[1]", 4), ("right[0]", 3)]


def test_a_source_that_is_down_is_no_target() -> None:
    """BAT-5, I-BAT-3: a revenge on its killer finds no target when the killer is down too."""
    left = [cryptid("Striker", 5, 4, total(3, {"damage": 9}, "lowest_health_enemy"))]
    right = [
        cryptid("Martyr", 3, 2, on("death", {"damage": 9}, "source")),
        cryptid("Guard", 1, 9, react("ally_damaged", {"damage": 9}, "source")),
    ]
    # Roll 1 (3): Striker downs Martyr (2, the lowest); Guard answers the damage to its ally: Striker down. Step 6:
    # both die; Martyr's revenge looks for its killer, Striker, who is down: no target. Guard is left: right wins.
    result = battle(*both(left, right), dice=[[1, 2]])
    [none] = result.events("no_target")
    assert (none.actor, none.rulings, none.step) == ("right[0]", ("BAT-5", "I-BAT-3"), 6)
    assert result.winner is Winner.RIGHT and result.final_health == (0, 0, 9)


# --------------------------------------------------------------------------
# Every roll against every condition


def conditions_team(modifiers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Cryptids whose abilities each deal 1 on one condition; each ability is named after its condition."""
    conds: list[tuple[str, Any]] = [(f"total {n}", {"total": n}) for n in range(2, 13)]
    conds += [("range 4-6", {"range": [4, 6]}), ("range 9-12", {"range": [9, 12]}), ("odd", {"parity": "odd"})]
    conds += [("even", {"parity": "even"}), ("doubles", {"doubles": True})]
    conds += [(f"die {n}", {"die_shows": n}) for n in range(1, 7)]
    abilities = [{"name": name, "when": when, "effect": {"damage": 1}} for name, when in conds]
    members = [abilities[i : i + 7] for i in range(0, len(abilities), 7)]
    benders = [cryptid("Bender", 10, 999, *modifiers)] if modifiers else []
    return benders + [cryptid(f"C{i}", 9 - i, 999, *group) for i, group in enumerate(members)]


def expected_names(a: int, b: int, t: int) -> set[str]:
    """The conditions a roll meets, by the rule: totals after modifiers, faces as rolled (I-BAT-11)."""
    names = {f"total {t}"} if 2 <= t <= 12 else set()
    if 4 <= t <= 6:
        names.add("range 4-6")
    if 9 <= t <= 12:
        names.add("range 9-12")
    names.add("odd" if t % 2 else "even")
    if a == b:
        names.add("doubles")
    names |= {f"die {a}", f"die {b}"}
    return names


@pytest.mark.parametrize(
    ("modifiers", "change"),
    [
        ([], lambda a, b: 0),
        ([every({"modify_total": 3})], lambda a, b: 3),
        ([on({"die_shows": 6}, {"modify_total": -5}), on({"doubles": True}, {"modify_total": 2})], lambda a, b: (-5 if 6 in (a, b) else 0) + (2 if a == b else 0)),
        ([on({"die_shows": 3}, {"modify_total": 1})], lambda a, b: 1 if 3 in (a, b) else 0),
    ],
)
def test_every_roll_sets_off_exactly_the_conditions_it_meets(modifiers: list[dict[str, Any]], change: Any) -> None:
    """BAT-6.4, I-BAT-11: each of the 36 rolls sets off the abilities whose condition it meets, and no other."""
    left = team(conditions_team(modifiers), "left")
    right = team([cryptid("Wall", 0, 1)], "right")  # downed by the first hit: every battle is one roll
    for a in range(1, 7):
        for b in range(1, 7):
            result = battle(left, right, dice=[[a, b]])
            record = result.trace[0]
            t = a + b + change(a, b)
            assert record.total == t
            fired = {e.text.split("(", 2)[2].split(":")[0] for e in record.events if e.kind == "activate"}
            assert fired == expected_names(a, b, t), (a, b)


# --------------------------------------------------------------------------
# More targets


def test_a_blast_skips_a_target_downed_during_it() -> None:
    """I-BAT-3: a group target hits each enemy still standing when its turn in the group comes."""
    left = [cryptid("Blaster", 9, 50, total(3, {"damage": 1}, "all_enemies"), react("damaged", {"damage": 5}, "lowest_health_enemy"))]
    right = [cryptid("Thorn", 5, 10, react("damaged", {"damage": 1}, "source")), cryptid("Frail", 1, 1)]
    # The blast hits Thorn first (9 left); Thorn's answer hits Blaster (49); Blaster's own answer hits the
    # lowest-health enemy, Frail, for 5: down. The blast then comes to Frail, who is down: no second hit.
    result = battle(*both(left, right), dice=[[1, 2]])
    assert kinds(result, 1, "damage") == [
        ("damage", "left[0]", "right[0]", 1),
        ("damage", "right[0]", "left[0]", 1),
        ("damage", "left[0]", "right[1]", 1),
    ]


def test_equal_threat_leftmost_is_the_default_target_on_either_side() -> None:
    """BAT-4: of two enemies with the highest threat, the leftmost is hit, whichever side they are on."""
    gun = cryptid("Gun", 9, 50, total(3, {"damage": 1}))
    crew = [gun, cryptid("Loader", 0, 9), cryptid("Spotter", 0, 9)]
    pair = [cryptid("First", 5, 9), cryptid("Second", 5, 9), cryptid("Low", 1, 9)]
    result = battle(*both(crew, pair), dice=[[1, 2]])
    assert [e.target for e in result.events("damage")] == ["right[0]"]
    result = battle(*both(pair, crew), dice=[[1, 2]])
    assert [e.target for e in result.events("damage")] == ["left[0]"]


def test_healing_a_cryptid_at_one_health_and_the_source_of_healing() -> None:
    """I-BAT-14: healing with no target named heals the healer, standing on its last point of health too; a
    "healed" reaction that targets its source heals the one that healed it (BAT-5)."""
    left = [
        cryptid("Medic", 3, 9, total(4, {"heal": 2}, "lowest_health_ally"), total(5, {"heal": 1})),
        cryptid("Patient", 2, 9),
    ]
    hitter = cryptid("Hitter", 9, 99, total(3, {"damage": 8}))
    # Roll 1 (3): Hitter hits the highest-threat enemy, Medic, for 8: 1 left. Roll 2 (5): Medic heals itself by 1
    # (2). Roll 3 (4): the lowest-health ally is Medic itself (2 against 9): healed by 2 (4).
    result = battle(*both(left, [hitter]), dice=[[1, 2], [2, 3], [2, 2]])
    assert [(e.actor, e.target, e.amount, e.health) for e in result.events("heal", until=3)] == [
        ("left[0]", "left[0]", 1, 2),
        ("left[0]", "left[0]", 2, 4),
    ]
    left = [
        cryptid("Medic", 3, 9, total(4, {"heal": 2}, "lowest_health_ally")),
        cryptid("Patient", 2, 7, react("healed", {"heal": 3}, "source")),
    ]
    hitter = cryptid("Hitter", 9, 99, total(3, {"damage": 5}, "all_enemies"))
    # Roll 1 (3): Medic 9 -> 4, Patient 7 -> 2. Roll 2 (4): the lowest ally is Patient (2): healed by 2 (4); its
    # "healed" answer heals its source, Medic, by 3 (7).
    result = battle(*both(left, [hitter]), dice=[[1, 2], [2, 2]])
    assert [(e.actor, e.target, e.amount, e.health, e.depth) for e in result.events("heal", until=2)] == [
        ("left[0]", "left[1]", 2, 4, 0),
        ("left[1]", "left[0]", 3, 7, 1),
    ]


def test_a_step_three_hit_belongs_to_step_three_and_a_status_down_to_step_two() -> None:
    left = [cryptid("Hitter", 5, 9, every({"damage": 1}), total(3, {"dot": 2, "rolls": 1}))]
    right = [cryptid("Target", 1, 4)]
    # Roll 1 (3): the every-roll hit (3 left), then the status. Roll 2 (4): the tick (1 left), then the
    # every-roll hit downs it at step 3.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2]])
    assert [(e.kind, e.step, e.depth, e.within) for e in result.trace[0].events if e.kind in ("damage", "dot")] == [
        ("damage", 3, 0, 0),
        ("dot", 4, 0, 0),
    ]
    assert [(e.kind, e.step, e.depth, e.health) for e in result.trace[1].events if e.kind in ("status", "damage", "down")] == [
        ("status", 2, 0, 1),
        ("damage", 3, 0, 0),
        ("down", 3, 0, 0),
    ]
    right = [cryptid("Target", 1, 3)]
    # With 3 health: roll 1 leaves 2; roll 2's tick downs it at step 2.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2]])
    assert [(e.kind, e.step, e.depth) for e in result.trace[1].events if e.kind in ("status", "down")] == [
        ("status", 2, 0),
        ("down", 2, 0),
    ]


def test_step_five_has_no_place_of_its_own() -> None:
    """BAT-6.5, I-BAT-15: reactions resolve inside the step that set them off; their rule in the turn's list is a
    marker the turn loop leaves out, which does nothing and never restarts a turn."""
    from estro_rules.battaglia import TURN_STEPS, Matchup
    from estro_rules.battaglia.engine import Battle, reactions_inside_other_steps

    left, right = both([cryptid("A", 1, 1)], [cryptid("B", 1, 1)])
    m = Matchup(left, right)
    assert TURN_STEPS["reactions"].fn is reactions_inside_other_steps
    import random

    played = Battle(m, random.Random(0), (), False)
    assert reactions_inside_other_steps(played) is False
    assert [n for n, _fn in m.numbered_steps] == [1, 2, 3, 4, 6]
    assert (m.reactions_step, m.deaths_step) == (5, 6)


def test_several_ties_across_the_sides_are_each_drawn_and_logged() -> None:
    """I-BAT-9: each threat shared across the sides has its own draw; the log's word for each is the order kept."""
    hit = every({"damage": 1})
    left = [cryptid("L7", 7, 999, hit), cryptid("L5", 5, 999, hit), cryptid("L3", 3, 999, hit), cryptid("L6", 6, 999, hit)]
    right = [cryptid("R3", 3, 999, hit), cryptid("R7", 7, 999, hit), cryptid("R5", 5, 999, hit)]
    pairs = {7: ("left[0]", "right[1]"), 5: ("left[1]", "right[2]"), 3: ("left[2]", "right[0]")}
    seen = set()
    for seed in range(4):
        result = battle(*both(left, right), seed=seed)
        for record in result.trace[:12]:  # everyone still standing
            ties = [e for e in record.events if e.kind == "tie"]
            assert [int(e.text.split()[2]) for e in ties] == [7, 5, 3]
            expected = []
            for tie in ties:
                threat = int(tie.text.split()[2])
                a, b = pairs[threat]
                right_first = tie.text.endswith("the seeded draw puts the right side first")
                assert right_first or tie.text.endswith("the seeded draw puts the left side first")
                expected += [b, a] if right_first else [a, b]
                seen.add((threat, right_first))
                if threat == 7:
                    expected.append("left[3]")  # L6, alone at threat 6, between the 7s and the 5s
            assert [e.actor for e in record.events if e.kind == "activate"] == expected
    assert len(seen) == 6


def test_cryptids_dying_together_do_not_mourn_each_other_and_one_health_is_enough_to_act() -> None:
    """I-BAT-3: a cryptid at 0 (down or dying) does not react; one at 1 health still stands and acts (BAT-6.4)."""
    mourn = react("ally_dies", {"damage": 3})
    blaster = cryptid("Blaster", 9, 50, total(3, {"damage": 2}, "all_enemies"))
    right = [cryptid("Mourner A", 5, 2, mourn), cryptid("Mourner B", 4, 2, mourn), cryptid("Last", 1, 3, mourn)]
    # The blast downs both mourners (2 each) and leaves Last on 1. Step 6: A and B die together; neither mourns
    # the other; Last (1 health) mourns each: 3 + 3 to Blaster (44). Each reaction is one deep, within step 6.
    result = battle(*both([blaster], right), dice=[[1, 2]])
    assert [(e.actor, e.depth, e.within) for e in result.events("reaction")] == [("right[2]", 1, 6), ("right[2]", 1, 6)]
    assert result.trace[0].health == (44, 0, 0, 1)
    assert [(e.depth, e.step) for e in result.events("damage") if e.actor == "right[2]"] == [(1, 5), (1, 5)]


def test_a_cryptid_at_one_health_acts_at_steps_three_and_four() -> None:
    left = [cryptid("Hurt", 5, 3, every({"damage": 1}), total(4, {"damage": 2}))]
    right = [cryptid("Hitter", 9, 99, total(3, {"damage": 2}))]
    # Roll 1 (3): Hurt's every-roll hit (step 3), then Hitter's (step 4): Hurt 3 -> 1. Roll 2 (4): Hurt, on 1
    # health, acts at step 3 and at step 4.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2]])
    assert [(e.actor, e.step, e.amount) for e in result.events("damage", until=2)] == [
        ("left[0]", 3, 1),
        ("right[0]", 4, 2),
        ("left[0]", 3, 1),
        ("left[0]", 4, 2),
    ]


def test_a_skipped_every_roll_ability_does_not_stop_the_others() -> None:
    """BAT-6.3: every ability of step 3 is looked at, after a face modifier that does not apply or a cryptid that
    is down."""
    left = [
        cryptid("Fast", 9, 20, every({"damage": 4}, "lowest_health_enemy")),
        cryptid("Shaper", 6, 20, on({"die_shows": 6}, {"modify_total": 1}), every({"damage": 1}, "all_enemies")),
    ]
    right = [cryptid("Slow", 5, 4, every({"damage": 9})), cryptid("Other", 1, 20, every({"damage": 1}))]
    # [1, 2]: Fast downs Slow (4, the lowest); Shaper's modifier does not apply (no 6), its blast hits Other (Slow is
    # down); Slow is skipped; Other still hits Fast (the highest threat).
    result = battle(*both(left, right), dice=[[1, 2]])
    assert kinds(result, 1, "damage", "skip") == [
        ("damage", "left[0]", "right[0]", 4),
        ("damage", "left[1]", "right[1]", 1),
        ("skip", "right[0]", None, None),
        ("damage", "right[1]", "left[0]", 1),
    ]


def test_the_tie_break_is_cited_only_while_an_equal_threat_ally_stands() -> None:
    """I-BAT-9: an activation cites the tie-break only when another cryptid of its threat is standing."""
    left = [cryptid("A", 3, 9, every({"damage": 1})), cryptid("B", 3, 1, every({"damage": 1}))]
    right = [cryptid("Z", 5, 50, total(4, {"damage": 1}, "lowest_health_enemy"))]
    # Roll 1 (3): A and B both stand: both cite I-BAT-9 (B on its last point of health). Roll 2 (4): Z downs B
    # first (step 4 comes after step 3, so B acts at step 3 of roll 2 too). Roll 3 (3): B is dead: A alone.
    result = battle(*both(left, right), dice=[[1, 2], [2, 2], [1, 2]])
    cites = [[("I-BAT-9" in e.rulings) for e in r.events if e.kind == "activate" and e.actor.startswith("left")] for r in result.trace[:3]]
    assert cites == [[True, True], [True, True], [False]]


def test_allies_still_answer_a_hit_whose_target_went_down_in_its_own_chain() -> None:
    """BAT-6.5, I-BAT-3: a target downed in the middle of its own reactions stops reacting, but its standing
    allies' "ally damaged" reactions to the hit still happen."""
    striker = [cryptid("Striker", 5, 9, HIT[0], react("damaged", {"damage": 5}, "source"))]
    back = react("damaged", {"damage": 1}, "source")
    right = [cryptid("Thorn", 4, 3, back, back), cryptid("Friend", 1, 20, react("ally_damaged", {"damage": 1}, "source"))]
    # Striker hits Thorn (2 left). Thorn's first answer hits Striker (8), whose answer hits Thorn for 5: down;
    # Friend answers that hit (Striker 7), Striker answers Friend (15). Thorn, down, answers no more; Friend now
    # answers the first hit (Striker 6), and Striker answers it again (10).
    result = battle(*both(striker, right), dice=[[1, 2]])
    assert result.trace[0].health == (6, 0, 10)
    assert [(e.actor, e.depth) for e in result.events("reaction")] == [
        ("right[0]", 1),
        ("left[0]", 2),
        ("right[1]", 3),
        ("left[0]", 4),
        ("right[1]", 1),
        ("left[0]", 2),
    ]


def test_one_health_is_enough_to_be_a_target_and_to_react() -> None:
    """I-BAT-3: only a cryptid at 0 is no target and does not react; at 1 health it is standing."""
    # A default target, a random one, a group one and a lowest-health one at 1 health are all hit.
    for target in (None, "random_enemy", "all_enemies", "lowest_health_enemy"):
        gun = cryptid("Gun", 5, 9, total(3, {"damage": 1}, target))
        result = battle(*both([gun], [cryptid("Weak", 1, 1)]), dice=[[1, 2]])
        assert kinds(result, 1, "damage") == [("damage", "left[0]", "right[0]", 1)], target
    # An ally at 1 health answers an ally's damage; a source at 1 health is hit back.
    left = [cryptid("Poker", 5, 1, total(3, {"damage": 1}))]
    right = [
        cryptid("Thorn", 4, 9, react("damaged", {"damage": 1}, "source")),
        cryptid("Frail", 1, 1, react("ally_damaged", {"damage": 2})),
    ]
    # Poker hits Thorn (8); Thorn answers the source, Poker (1 health): down; Frail (1 health) answers too, but
    # its default target, Poker, is down: no target.
    result = battle(*both(left, right), dice=[[1, 2]])
    assert kinds(result, 1, "reaction", "damage", "no_target") == [
        ("damage", "left[0]", "right[0]", 1),
        ("reaction", "right[0]", None, None),
        ("damage", "right[0]", "left[0]", 1),
        ("reaction", "right[1]", None, None),
        ("no_target", "right[1]", None, None),
    ]
    # A tie partner at 1 health still counts for the tie-break: the target's ruling cites it.
    gun = cryptid("Gun", 9, 9, total(3, {"damage": 1}))
    result = battle(*both([gun], [cryptid("First", 5, 9), cryptid("Second", 5, 1)]), dice=[[1, 2]])
    assert [(e.target, e.rulings) for e in result.events("damage")] == [("right[0]", ("BAT-4", "I-BAT-9"))]


def test_rulings_of_a_target_chosen_on_the_left() -> None:
    """The rulings of a hit or a heal on left[0] are those of any other target (BAT-4, BAT-5, I-BAT-9)."""
    gun = cryptid("Gun", 9, 50, total(3, {"damage": 1}), total(4, {"damage": 1}, "lowest_health_enemy"))
    left = [cryptid("Front", 5, 9), cryptid("Back", 1, 9)]
    # Roll 1 (3): Front, the highest threat, is hit (8). Roll 2 (4): Front (8) is the lowest health alone.
    result = battle(*both(left, [gun]), dice=[[1, 2], [2, 2]])
    assert [(e.target, e.rulings) for e in result.events("damage", until=2)] == [
        ("left[0]", ("BAT-4",)),
        ("left[0]", ("BAT-5",)),
    ]
    medic = [cryptid("Hurt", 1, 9), cryptid("Medic", 2, 9, total(4, {"heal": 1}, "lowest_health_ally"))]
    hitter = cryptid("Hitter", 9, 50, total(3, {"damage": 2}, "lowest_health_enemy"))
    # Roll 1 (3): Hurt and Medic tie on 9: Hurt, leftmost, is hit (7). Roll 2 (4): Hurt is the lowest ally.
    result = battle(*both(medic, [hitter]), dice=[[1, 2], [2, 2]])
    assert [(e.target, e.rulings) for e in result.events("damage", "heal", until=2)] == [
        ("left[0]", ("BAT-5", "I-BAT-9")),
        ("left[0]", ("BAT-5",)),
    ]


def test_two_statuses_ending_on_the_same_roll_both_end() -> None:
    """I-BAT-7: when two statuses on one cryptid run out on the same roll, none is left active."""
    dot = {"dot": 1, "rolls": 3}
    left, right = both(
        [cryptid("Poisoner", 5, 1, total(3, dot, "all_enemies"), total(3, dot, "all_enemies")), cryptid("Bystander", 0, 10)],
        [cryptid("Killer", 9, 1, total(3, {"dot": 1, "rolls": 1})), cryptid("Victim", 1, 10)],
    )
    # As in the test above, but Victim carries two statuses of 1 for 3 rolls: 8, 6, 4 on rolls 2 to 4, when both
    # run out together; nothing can deal damage any more, and the battle ends after roll 4.
    result = battle(left, right, dice=[[1, 2]] + [[2, 2]] * 5)
    assert (result.rolls, result.reason, result.winner) == (4, EndReason.NO_DAMAGE, Winner.LEFT)
    assert result.final_health == (0, 10, 0, 4)
