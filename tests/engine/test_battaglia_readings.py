"""Acceptance tests for the readings issue 26 wrote down as interpretations (I-BAT-17, I-BAT-18, I-BAT-19),
from the text of "Un turno, passo dopo passo": step 3 "Si attivano le abilità di ogni tiro" (dice-total
changes among them, "prima di qualsiasi controllo sul tiro"), step 4 abilities "in ordine di minaccia", step 5
"Un'abilità che infligge danni o cura può attivare subito altre abilità". Expected values worked out by hand.
"""

from __future__ import annotations

from typing import Any

from estro_rules.battaglia import Winner, battle, team


def side(*cryptids: dict[str, Any]) -> Any:
    return team(list(cryptids))


def test_an_every_roll_ability_acts_at_step_3_before_a_higher_threat_ability_of_step_4() -> None:
    """I-BAT-17: the Pixie (threat 1) acts on every roll, at step 3; the Wolf (threat 5) acts on a 7, at step
    4. The Pixie's 3 damage downs the Wolf (3 health) first, so the Wolf never acts and the Pixie's side wins."""
    pixie = {"name": "Pixie", "threat": 1, "health": 3, "abilities": [{"when": "every_roll", "effect": {"damage": 3}}]}
    wolf = {"name": "Wolf", "threat": 5, "health": 3, "abilities": [{"when": {"total": 7}, "effect": {"damage": 3}}]}
    result = battle(side(pixie), side(wolf), dice=[[3, 4]])
    first = result.trace[0].events
    assert [(e.step, e.kind, e.actor) for e in first if e.kind in ("activate", "skip")] == [
        (3, "activate", "left[0]"),
        (4, "skip", "right[0]"),
    ]
    assert next(e.rulings for e in first if e.kind == "activate") == ("BAT-6.3", "I-BAT-17", "BAT-3")
    assert result.winner is Winner.LEFT


def test_a_tick_of_damage_over_time_sets_off_no_reaction() -> None:
    """I-BAT-18: step 5 speaks of an ability that deals damage. Thorn answers every hit, but the tick of
    damage over time at step 2 of roll 2 is no hit: no reaction, and the tick cites I-BAT-18."""
    devil = {
        "name": "Devil",
        "threat": 3,
        "health": 20,
        "abilities": [{"when": {"total": 7}, "effect": {"dot": 2, "rolls": 1}}],
    }
    thorn = {
        "name": "Thorn",
        "threat": 2,
        "health": 9,
        "abilities": [{"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}],
    }
    result = battle(side(devil), side(thorn), dice=[[3, 4], [1, 1]])
    second = result.trace[1].events
    assert [(e.step, e.kind) for e in second[1:]] == [(2, "status")]
    assert second[1].rulings == ("BAT-6.2", "I-BAT-18")
    assert result.trace[1].health == (20, 7)
    # with no reaction that the tick could have set off, nothing is said of reactions
    quiet = {"name": "Kappa", "threat": 2, "health": 9}
    ticks = [e for e in battle(side(devil), side(quiet), dice=[[3, 4], [1, 1]]).trace[1].events if e.kind == "status"]
    assert [e.rulings for e in ticks] == [("BAT-6.2",)]


def test_the_hit_cryptid_answers_before_its_allies_whatever_their_threat() -> None:
    """I-BAT-19: the Striker hits Thorn (threat 1, the least health). Thorn's own "when damaged" reaction
    comes first, then Mirror's "when an ally is damaged", although Mirror has the higher threat (4)."""
    striker = {
        "name": "Striker",
        "threat": 5,
        "health": 20,
        "abilities": [{"when": "every_roll", "effect": {"damage": 1}, "target": "lowest_health_enemy"}],
    }
    back = {"effect": {"damage": 1}, "target": "source"}
    thorn = {"name": "Thorn", "threat": 1, "health": 8, "abilities": [{"when": {"reaction": "damaged"}, **back}]}
    mirror = {"name": "Mirror", "threat": 4, "health": 9, "abilities": [{"when": {"reaction": "ally_damaged"}, **back}]}
    first = battle(side(striker), side(thorn, mirror), dice=[[1, 2]]).trace[0].events
    reactions = [e for e in first if e.kind == "reaction"]
    assert [e.actor for e in reactions] == ["right[0]", "right[1]"]
    assert {e.rulings for e in reactions} == {("BAT-6.5", "I-BAT-15", "I-BAT-19")}
    # a hit that sets off one reaction only has no order to decide
    alone = [e for e in battle(side(striker), side(thorn), dice=[[1, 2]]).trace[0].events if e.kind == "reaction"]
    assert [e.rulings for e in alone] == [("BAT-6.5", "I-BAT-15")]
