"""The ability vocabulary and the scenario kinds: each condition on both sides of its edge, each word's reading
and its JSON form, and each refusal naming its field.

Conditions follow the rule text and I-BAT-11 (totals after modifiers; faces as rolled); the limits on
teams are the engine's (rules.py), stated in the messages.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules import scenarios
from estro_rules.battaglia import (
    BattleScenario,
    EstimateScenario,
    ability,
    cryptid,
    dice_list,
    sudden_death_bonus,
    team,
)
from estro_rules.battaglia.teams import Ability, Cryptid, Team
from estro_rules.battaglia.words import WHEN, Condition, Effect, OnlyTrue, TotalRange
from estro_rules.errors import ScenarioError
from estro_rules.schema import Int, Later, Pending

TEAM = Team.SCHEMA


def test_each_condition_on_both_sides_of_its_edge() -> None:
    """I-BAT-11: total, range and parity read the total after modifiers; doubles and a die's face the dice."""
    total7 = Condition("total", 7)
    assert total7.on_roll(1, 1, 7) and not total7.on_roll(3, 4, 6) and not total7.on_roll(3, 4, 8)
    r = Condition("range", (4, 6))
    assert [r.on_roll(1, 1, t) for t in (3, 4, 5, 6, 7)] == [False, True, True, True, False]
    odd, even = Condition("parity", "odd"), Condition("parity", "even")
    assert [odd.on_roll(1, 1, t) for t in (2, 3, -1, 0)] == [False, True, True, False]
    assert [even.on_roll(1, 1, t) for t in (2, 3, -2, 13)] == [True, False, True, False]
    doubles = Condition("doubles", True)
    assert doubles.on_roll(4, 4, 3) and not doubles.on_roll(4, 5, 8) and doubles.on_roll(1, 1, 99)
    six = Condition("die_shows", 6)
    assert six.on_roll(6, 1, 7) and six.on_roll(1, 6, 7) and six.on_roll(6, 6, 2) and not six.on_roll(5, 5, 6)
    assert Condition("every_roll").on_roll(1, 2, 3)
    assert not Condition("reaction", "damaged").on_roll(1, 2, 3) and not Condition("death").on_roll(6, 6, 12)


def test_each_condition_and_ability_in_words_and_in_json() -> None:
    words = {
        "every_roll": "every roll",
        "death": "on death",
    }
    for kind, text in words.items():
        assert Condition(kind).describe() == text and Condition(kind).to_json() == kind
    assert Condition("total", 7).describe() == "total 7" and Condition("total", 7).to_json() == {"total": 7}
    assert Condition("range", (2, 5)).describe() == "total 2–5" and Condition("range", (2, 5)).to_json() == {"range": [2, 5]}
    assert Condition("parity", "odd").describe() == "odd total" and Condition("parity", "odd").to_json() == {"parity": "odd"}
    assert Condition("doubles", True).describe() == "doubles" and Condition("doubles", True).to_json() == {"doubles": True}
    assert Condition("die_shows", 6).describe() == "a die shows 6"
    assert [Condition("reaction", r).describe() for r in ("damaged", "healed", "ally_damaged", "ally_dies")] == [
        "when damaged",
        "when healed",
        "when an ally is damaged",
        "when an ally dies",
    ]
    assert Condition("reaction", "healed").to_json() == {"reaction": "healed"}
    dot = ability({"name": "Venom", "when": {"total": 7}, "effect": {"dot": 2, "rolls": 3}, "target": "all_enemies"})
    assert dot.describe() == "Venom: total 7: 2 damage per roll for 3 rolls → all enemies"
    assert dot.to_json() == {"name": "Venom", "when": {"total": 7}, "effect": {"dot": 2, "rolls": 3}, "target": "all_enemies"}
    mod = ability({"when": {"doubles": True}, "effect": {"modify_total": -2}})
    assert mod.describe() == "doubles: total -2" and mod.to_json() == {"when": {"doubles": True}, "effect": {"modify_total": -2}}
    assert ability({"when": "every_roll", "effect": {"modify_total": 3}}).describe() == "every roll: total +3"
    reroll = ability({"when": {"die_shows": 1}, "effect": "reroll"})
    assert reroll.describe() == "a die shows 1: reroll" and reroll.to_json() == {"when": {"die_shows": 1}, "effect": "reroll"}
    heal = ability({"when": "every_roll", "effect": {"heal": 2}})
    assert heal.describe() == "every roll: heal 2 → self"
    assert heal.to_json() == {"when": "every_roll", "effect": {"heal": 2}, "target": "self"}
    assert (heal.target, heal.target_named) == ("self", False)
    hit = ability({"when": "every_roll", "effect": {"damage": 2}})
    assert (hit.target, hit.target_named) == ("highest_threat_enemy", False)
    assert ability({"when": "every_roll", "effect": {"damage": 2}, "target": "highest_threat_enemy"}).target_named
    # Damage and damage over time can deal damage (I-BAT-7); healing and the dice effects cannot.
    assert [a.deals_damage for a in (dot, hit, heal, mod, reroll)] == [True, True, False, False, False]


def test_a_team_round_trips_through_json_and_totals_its_health() -> None:
    data = [
        {"name": "Nessie", "threat": 3, "health": 5, "abilities": [{"when": {"total": 7}, "effect": {"damage": 2}, "target": "highest_threat_enemy"}]},
        {"name": "Kappa", "threat": 2, "health": 4, "abilities": []},
    ]
    t = team(data)
    assert t.to_json() == data and t.health == 9 and t.name == ""
    named = team({"name": "Lake", "cryptids": data})
    assert named.name == "Lake" and named.to_json() == {"name": "Lake", "cryptids": data}
    assert team(named.to_json()) == named
    assert cryptid(data[1], "c") == Cryptid("Kappa", 2, 4, ())
    assert Team((Cryptid("A", 1, 3), Cryptid("B", 1, 4))).health == 7


def test_sudden_death_bonus_and_forced_dice() -> None:
    """I-BAT-2: the bonus on roll r is r − 15 from roll 16; forced dice are at most 36 pairs of faces 1-6."""
    assert [sudden_death_bonus(r) for r in (1, 15, 16, 17, 36)] == [0, 0, 1, 2, 21]
    assert dice_list([[1, 6], [6, 1]]) == ((1, 6), (6, 1))
    assert dice_list(([2, 3],)) == ((2, 3),)
    assert dice_list([[1, 1]] * 36) == ((1, 1),) * 36
    with pytest.raises(ScenarioError, match=r"^dice: expected at most 36 rolls, got 37 \(no battle rolls more\)$"):
        dice_list([[1, 1]] * 37)
    with pytest.raises(ScenarioError, match=r"^moves\[0\]\[0\]: expected a whole number from 1 to 6, got 0$"):
        dice_list([[0, 1]], "moves")
    for value, got in ((7, "7"), (None, "null"), ({"a": 1}, "an object")):
        with pytest.raises(ScenarioError, match=rf"^dice: expected a list of rolls such as \[\[3, 4\], \[6, 6\]\], got {got}$"):
            dice_list(value)


# --------------------------------------------------------------------------
# Reading teams and abilities: every refusal names its field


def refused(data: Any) -> str:
    with pytest.raises(ScenarioError) as err:
        ability(data, "a")
    return str(err.value)


def test_a_name_is_a_string_with_more_than_blank_space() -> None:
    base = {"threat": 1, "health": 1}
    assert cryptid({"name": " Nessie ", **base}, "c").name == " Nessie "
    for bad, message in (
        ("   ", "c.name: expected a non-empty name, got '   '"),
        (3, "c.name: expected a string, got 3"),
        ([], "c.name: expected a string, got an empty list"),
    ):
        with pytest.raises(ScenarioError) as err:
            cryptid({"name": bad, **base}, "c")
        assert str(err.value) == message


def test_a_cryptid_name_is_plain_text_like_a_team_name() -> None:
    """A cryptid's name is shown in every sentence of the trace: like a team's name, it may not forge a line,
    run a terminal escape or turn the text around (a defect: cryptid names took them)."""
    base = {"threat": 1, "health": 1}
    for bad in ("Nes\nsie", "Ogo\u202epogo", "Kap\x1b[31mpa", "Tab\tby"):
        expected = f"c.name: expected text without line breaks, control characters or direction marks, got {bad!r}"
        with pytest.raises(ScenarioError) as err:
            cryptid({"name": bad, **base}, "c")
        assert str(err.value) == expected
        with pytest.raises(ScenarioError) as err:
            team({"name": bad, "cryptids": [{"name": "A", **base}]})
        assert str(err.value) == expected.replace("c.name", "team.name")
    assert cryptid({"name": "Ogopogo l'ancien — ça va", **base}, "c").name == "Ogopogo l'ancien — ça va"


def test_an_effect_needs_its_amount() -> None:
    assert refused({"when": "every_roll", "effect": {"damage": None}}) == "a.effect.damage: expected a whole number (missing field)"
    assert refused({"when": "every_roll", "effect": {"heal": 0}}) == "a.effect.heal: expected a whole number from 1 to 99, got 0"
    assert refused({"when": "every_roll", "effect": {"modify_total": 0}}) == "a.effect.modify_total: expected a change other than 0, got 0"
    assert refused({"when": "every_roll", "effect": {"modify_total": 13}}).startswith("a.effect.modify_total: expected a whole number from -12 to 12")
    assert ability({"when": "every_roll", "effect": {"damage": 99}}).amount == 99


def test_a_range_is_two_totals_low_first() -> None:
    assert ability({"when": {"range": [2, 12]}, "effect": {"damage": 1}}).when.value == (2, 12)
    assert ability({"when": {"range": [7, 7]}, "effect": {"damage": 1}}).when.value == (7, 7)
    for value, message in (
        ([3], "a.when.range: expected a list of two totals [low, high], got a list of 1 item"),
        ([3, 4, 5], "a.when.range: expected a list of two totals [low, high], got a list of 3 items"),
        ("3-4", "a.when.range: expected a list of two totals [low, high], got '3-4'"),
        ([1, 4], "a.when.range[0]: expected a whole number from 2 to 12, got 1"),
        ([5, 4], "a.when.range[1]: expected a whole number from 5 to 12, got 4"),
        ([5, 13], "a.when.range[1]: expected a whole number from 5 to 12, got 13"),
    ):
        assert refused({"when": {"range": value}, "effect": {"damage": 1}}) == message
    assert TotalRange().read([4, 9], "r") == (4, 9)


def test_doubles_is_true_and_nothing_else() -> None:
    assert ability({"when": {"doubles": True}, "effect": {"damage": 1}}).when == Condition("doubles", True)
    # The refusal shows what was given, as JSON writes it.
    for value, got in ((False, "false"), (1, "1"), ("true", "'true'"), (None, "null")):
        assert refused({"when": {"doubles": value}, "effect": {"damage": 1}}) == f"a.when.doubles: expected true, got {got}"
    only = OnlyTrue()
    assert only.read(True, "x") is True and only.describe() == "true" and only.to_json() == {"type": "const", "value": True}


def test_a_word_in_the_wrong_form_says_which_form() -> None:
    assert refused({"when": "total", "effect": {"damage": 1}}) == "a.when: expected the form {\"total\": 7}, got 'total'"
    assert refused({"when": {"every_roll": True}, "effect": {"damage": 1}}) == (
        "a.when: expected the plain string \"every_roll\", got an object"
    )
    assert refused({"when": "every_roll", "effect": "damage"}) == "a.effect: expected the form {\"damage\": 3}, got 'damage'"


def test_which_targets_fit_which_abilities() -> None:
    """BAT-4, BAT-5: harm goes to enemies, healing to allies; "source" only where a trigger has a source."""
    ok = [
        ({"reaction": "damaged"}, {"damage": 1}, "source"),
        ({"reaction": "ally_damaged"}, {"dot": 1, "rolls": 2}, "source"),
        ({"reaction": "ally_dies"}, {"damage": 1}, "source"),
        ("death", {"damage": 1}, "source"),
        ({"reaction": "healed"}, {"heal": 1}, "source"),
        ("death", {"heal": 1}, "all_allies"),
        ({"total": 7}, {"heal": 1}, "lowest_health_ally"),
    ]
    for when, effect, target in ok:
        assert ability({"when": when, "effect": effect, "target": target}).target == target
    bad_source = [
        ({"reaction": "healed"}, {"damage": 1}, "damaged, ally_damaged or ally_dies reaction or a death ability", "damage"),
        ({"total": 7}, {"damage": 1}, "damaged, ally_damaged or ally_dies reaction or a death ability", "damage"),
        ({"reaction": "damaged"}, {"heal": 1}, "healed reaction", "healing"),
        ("death", {"heal": 1}, "healed reaction", "healing"),
    ]
    for when, effect, need, what in bad_source:
        assert refused({"when": when, "effect": effect, "target": "source"}) == (
            f"a.target: expected a target other than 'source' unless the ability is a {need}, got 'source' "
            f"(only then is there a source of the triggering {what})"
        )
    assert refused({"when": {"total": 7}, "effect": {"heal": 1}, "target": "all_enemies"}) == (
        "a.target: expected a target for a heal effect, got 'all_enemies' (known: 'self', 'lowest_health_ally', "
        "'all_allies', 'source')"
    )
    assert refused({"when": "death", "effect": {"heal": 1}, "target": "self"}) == (
        "a.target: expected a target other than 'self' for a death ability, got 'self' (a dying cryptid cannot be targeted)"
    )
    assert refused({"when": "every_roll", "effect": {"modify_total": 1}, "target": "self"}) == (
        "a.target: expected no target for a modify_total effect, got 'self' (it changes the dice, not a cryptid)"
    )


def test_which_conditions_fit_the_dice_effects() -> None:
    """BAT-6.3, I-BAT-11: a modifier resolves at step 3 (every roll, or on the faces); a reroll needs a roll."""
    for when in ("every_roll", {"doubles": True}, {"die_shows": 3}):
        assert ability({"when": when, "effect": {"modify_total": 1}}).effect.kind == "modify_total"
    for when in ({"range": [2, 4]}, {"parity": "odd"}, "death", {"reaction": "damaged"}):
        assert refused({"when": when, "effect": {"modify_total": 1}}).startswith(
            'a.when: expected "every_roll", {"doubles": true} or {"die_shows": N} for a modify_total effect, got '
        )
    for when in ("every_roll", {"total": 7}, {"range": [2, 4]}, {"parity": "even"}, {"doubles": True}, {"die_shows": 2}):
        assert ability({"when": when, "effect": "reroll"}).effect.kind == "reroll"
    assert refused({"when": {"reaction": "damaged"}, "effect": "reroll"}) == (
        "a.when: expected a roll condition for a reroll effect, got an object (reactions and death abilities cannot reroll)"
    )
    # The refusals say why: a modifier acts at step 3, before step 4 checks the total (BAT-6.3); a reroll restarts
    # a roll, which reactions and death abilities are not part of (BAT-7).
    assert refused({"when": "death", "effect": {"modify_total": -1}}) == (
        'a.when: expected "every_roll", {"doubles": true} or {"die_shows": N} for a modify_total effect, got \'death\' '
        "(modifiers resolve at step 3, before the total is checked)"
    )
    assert refused({"when": "death", "effect": "reroll"}) == (
        "a.when: expected a roll condition for a reroll effect, got 'death' (reactions and death abilities cannot reroll)"
    )
    assert refused({"when": {"total": 7}, "effect": "reroll", "target": "random_enemy"}) == (
        "a.target: expected no target for a reroll effect, got 'random_enemy' (it changes the dice, not a cryptid)"
    )


def test_team_limits() -> None:
    one = {"name": "A", "threat": 0, "health": 1}
    assert len(team([one] * 12).cryptids) == 12
    with pytest.raises(ScenarioError, match=r"^team: expected at most 12 cryptids, got a list of 13 items$"):
        team([one] * 13)
    hit = {"when": "every_roll", "effect": {"damage": 1}}
    assert len(cryptid({**one, "abilities": [hit] * 8}, "c").abilities) == 8
    with pytest.raises(ScenarioError, match=r"^c\.abilities: expected at most 8 abilities, got a list of 9 items$"):
        cryptid({**one, "abilities": [hit] * 9}, "c")
    with pytest.raises(ScenarioError, match=r"^team\.cryptids: expected at least 1 cryptid, got an empty list \(a side cannot start empty\)$"):
        team({"name": "X", "cryptids": []})
    with pytest.raises(ScenarioError, match=r"^team\.colour: unknown field"):
        team({"name": "X", "colour": "red", "cryptids": [one]})


def test_the_team_form_describes_its_fields() -> None:
    data = TEAM.to_json()
    cryptids = next(f for f in data["fields"] if f["name"] == "cryptids")
    assert cryptids["type"]["type"] == "list" and cryptids["type"]["item"]["name"] == "cryptid"
    when = WHEN.to_json()
    names = [o["name"] for o in when["options"]]
    assert names == ["every_roll", "total", "range", "parity", "doubles", "die_shows", "reaction", "death"]
    doubles = when["options"][names.index("doubles")]
    assert doubles["label"] == "Doubles" and doubles["value"] == {"type": "const", "value": True}
    assert doubles["help"] == "both dice show the same face, as rolled"
    later = Later(Int(1, 6))
    assert later.describe() == Int(1, 6).describe() and later.to_json() == Int(1, 6).to_json()
    pending = later.read(9, "p")
    assert pending == Pending(later.inner, 9, "p")
    with pytest.raises(ScenarioError, match=r"^p: expected a whole number from 1 to 6, got 9$"):
        pending.read()


# --------------------------------------------------------------------------
# The scenario kinds


NESSIE = {"name": "Nessie", "threat": 3, "health": 5, "abilities": [{"when": {"total": 7}, "effect": {"damage": 2}}]}
KAPPA = {"name": "Kappa", "threat": 2, "health": 4}


def test_a_battle_scenario_reads_every_field_and_plays_the_battle() -> None:
    result = scenarios.run({"kind": "battaglia.battle", "left": [NESSIE], "right": [KAPPA], "seed": 3, "dice": [[3, 4], [3, 4]], "trace": False})
    assert result.seed == 3 and result.forced_dice == ((3, 4), (3, 4)) and result.trace == ()
    # Two forced 7s: Kappa 4 -> 2 -> 0.
    assert result.rolls == 2 and result.final_health == (5, 0)
    traced = scenarios.run({"kind": "battaglia.battle", "left": [NESSIE], "right": [KAPPA], "dice": [[3, 4], [3, 4]]})
    assert len(traced.trace) == 2 and traced.seed == 0
    scenario = BattleScenario(team([NESSIE]), team([KAPPA]), 3, ((3, 4), (3, 4)), False)
    assert scenario.run() == result


def test_an_estimate_scenario_reads_every_field_and_plays_every_battle() -> None:
    est = scenarios.run({"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": 12, "seed": 5})
    assert (est.battles, est.played, est.seed) == (12, 12, 5) and est.complete
    scenario = EstimateScenario(team([NESSIE]), team([KAPPA]), 12, 5)
    sim = scenario.simulation()
    assert (sim.battles, sim.seed, sim.played) == (12, 5, 0)
    assert scenario.run() == est
    with pytest.raises(ScenarioError, match=r"^battles: expected a whole number from 1 to 100,000, got 0$"):
        scenarios.run({"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": 0})
    with pytest.raises(ScenarioError, match=r"^right: expected a value \(missing field\)$"):
        scenarios.run({"kind": "battaglia.estimate", "left": [NESSIE], "battles": 3})


def test_ability_parts_read_as_given() -> None:
    a = ability({"when": {"total": 7}, "effect": {"dot": 2, "rolls": 3}})
    assert a == Ability(
        when=Condition("total", 7), effect=Effect("dot", 2, 3), target="highest_threat_enemy", target_named=False
    )
    r = ability({"when": "every_roll", "effect": "reroll", "name": "Again"})
    assert r == Ability(when=Condition("every_roll"), effect=Effect("reroll", 0, 0), target=None, name="Again")
    m = ability({"when": {"die_shows": 6}, "effect": {"modify_total": -3}})
    assert (m.amount, m.rolls, m.target, m.when) == (-3, 0, None, Condition("die_shows", 6))


def test_the_forms_take_their_words_from_the_vocabulary() -> None:
    """Each option of a form carries its word's label, help and rulings: each word is a class, and the form's
    options are made from the tuple of them."""
    from estro_rules.battaglia import teams, words
    from estro_rules.battaglia.battles import BattleScenario
    from estro_rules.battaglia.simulate import EstimateScenario

    options = [w.option() for w in words.EFFECTS]
    assert [o.value for o in options] == [w.value for w in words.EFFECTS]
    assert [o.name for o in options] == ["damage", "heal", "dot", "modify_total", "reroll"]
    dot = options[2]
    assert (dot.form, dot.label, [f.name for f in dot.extra]) == ('{"dot": 1, "rolls": 3}', "Damage over time", ["rolls"])
    assert dot.help == "damage over time: each target takes N damage at step 2 of each of the next R rolls"
    # damage over time ticks at step 2 (BAT-6.2) on the ability's targets, the default one included (BAT-4)
    assert dot.rulings == ("BAT-6.2", "BAT-4") and options[0].extra == ()
    assert options[0].rulings == ("BAT-11", "I-BAT-2")
    assert words._labels(words.REACTIONS)["ally_dies"] == "When an ally dies" and len(words._labels(words.REACTIONS)) == 4
    assert words._the_form(options[0]) == 'the form {"damage": 3}'
    assert teams._at_most(3, "cryptids")([1, 2, 3, 4]) == ("at most 3 cryptids", [1, 2, 3, 4], "")
    left, right = BattleScenario.SCHEMA.field("left"), EstimateScenario.SCHEMA.field("right")
    assert (left.name, left.label, left.missing) == ("left", "Left team", "a value")
    assert left.help == 'A team: a list of 1 to 12 cryptids, left to right, or `{"name": ..., "cryptids": [...]}`'
    assert (right.name, right.label, right.help, right.missing) == ("right", "Right team", "The other team", "a value")
    assert left.type is right.type is TEAM


def test_a_name_and_a_total_range_as_types() -> None:
    """The types a form is built from, made afresh: what they read, refuse and say of themselves."""
    from estro_rules.battaglia.teams import Name

    name = Name()
    assert name.read(" Nessie ", "n") == " Nessie "
    assert name.describe() == "name" and name.to_json() == {"type": "text", "nonempty": True, "what": "name"}
    with pytest.raises(ScenarioError, match=r"^n: expected a non-empty name, got ' '$"):
        name.read(" ", "n")
    with pytest.raises(ScenarioError, match=r"^n: expected a string, got 3$"):
        name.read(3, "n")
    totals = TotalRange()
    assert totals.read([2, 12], "r") == (2, 12) and totals.read([12, 12], "r") == (12, 12)
    assert totals.describe() == "`[low, high]`, 2–12"
    both_ends = {"type": "int", "min": 2, "max": 12, "nonzero": False}
    assert totals.to_json() == {"type": "pair", "items": [both_ends, both_ends]}
    for value, message in (
        ([1, 5], r"^r\[0\]: expected a whole number from 2 to 12, got 1$"),
        ([13, 13], r"^r\[0\]: expected a whole number from 2 to 12, got 13$"),
        ([None, 5], r"^r\[0\]: expected a whole number"),
        ([5, 4], r"^r\[1\]: expected a whole number from 5 to 12, got 4$"),
        ([3], r"^r: expected a list of two totals \[low, high\], got a list of 1 item$"),
    ):
        with pytest.raises(ScenarioError, match=message):
            totals.read(value, "r")


def test_load_battle_and_load_estimate_read_a_scenarios_own_fields() -> None:
    from estro_rules.battaglia import load_battle, load_estimate
    from estro_rules.fields import Fields

    data = {"left": [NESSIE], "right": [KAPPA], "seed": 4, "dice": [[3, 4]], "trace": False}
    scenario = load_battle(Fields(data, ""))
    assert scenario == BattleScenario(team([NESSIE], "left"), team([KAPPA], "right"), 4, ((3, 4),), False)
    est = load_estimate(Fields({"left": [NESSIE], "right": [KAPPA], "battles": 9, "seed": 2}, ""))
    assert est == EstimateScenario(team([NESSIE], "left"), team([KAPPA], "right"), 9, 2)
    assert load_estimate(Fields({"left": [NESSIE], "right": [KAPPA], "battles": 9}, "")).seed == 0
    with pytest.raises(ScenarioError, match=r"^battles: expected a whole number from 1 to 100,000, got 0$"):
        load_estimate(Fields({"left": [NESSIE], "right": [KAPPA], "battles": 0}, ""))
