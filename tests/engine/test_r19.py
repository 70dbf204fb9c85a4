"""Engine behaviour checked against the rule text, one ruling at a time (values derived by hand)."""

from __future__ import annotations

from estro_rules.r19 import STATE_CHECKS, TRANSITION_STEPS, TRIGGER_ORDER
from tests.support.r19 import character, location, run, scenario, unit


def kinds(step: object) -> list[str]:
    return [e.kind for e in step.events]  # type: ignore[attr-defined]


def test_the_ordered_lists_are_named_and_in_the_documented_order() -> None:
    assert list(STATE_CHECKS.names) == [
        "character_at_0_cp",
        "unit_at_0_def_or_rank",
        "location_or_spacecraft_at_0_def_or_rank",
    ]
    assert TRANSITION_STEPS.names[0] == "turn_face"
    assert list(TRIGGER_ORDER.names) == ["active_player_first_then_clockwise", "each_player_in_their_chosen_order"]


def test_flip_never_fires_destruction_triggers() -> None:
    # §19.4: a Prime Location that breaks to Contested is flipped, not destroyed
    loc = location("L", 1, 5)
    loc["abilities"] = [{"name": "Ruin", "type": "triggered", "on": "destroyed"}]
    step = run(
        scenario([loc], [{"card": "L", "owner": "A"}], [{"do": "penalty", "card": "L", "value": "DEF", "amount": 1}])
    ).steps[0]
    assert "destroyed" not in kinds(step) and step.batches == ()
    assert "not_destruction" in kinds(step)


def test_damage_to_zero_cp_destroys_even_with_a_fallen_face() -> None:
    # §19.4: a Character no longer Falls from damage; 3 CP - 3 damage = 0 -> destroyed
    step = run(
        scenario([character("C", 3)], [{"card": "C", "owner": "A"}], [{"do": "damage", "card": "C", "amount": 3}])
    ).steps[0]
    assert [e.card for e in step.events if e.kind == "destroyed"] == ["C"]
    assert "face_change" not in kinds(step)
    destroyed = next(e for e in step.events if e.kind == "destroyed")
    assert destroyed.rulings == ("R19-2.4", "R19-4.3")


def test_liberation_to_zero_cp_destroys_a_character() -> None:
    step = run(
        scenario([character("C", 2)], [{"card": "C", "owner": "A"}], [{"do": "liberate", "card": "C", "cp_loss": 2}])
    ).steps[0]
    assert step.board.cards["C"].zone == "Depleted Pile"


def test_morality_penalty_on_a_fallen_character_destroys_it() -> None:
    # only a *Prime* Character Falls by Morality Penalties; a Fallen one at 0 CP is destroyed
    step = run(
        scenario(
            [character("C", 3, fallen_cp=1)],
            [{"card": "C", "owner": "A", "face": "Fallen"}],
            [{"do": "morality_penalty", "card": "C", "amount": 1}],
        )
    ).steps[0]
    assert step.board.cards["C"].zone == "Depleted Pile"


def test_sabotage_counters_stay_and_break_the_new_face() -> None:
    # Prime DEF 3, Contested DEF 2: 3 Sabotage -> Prime at 0 -> Contested at -1 -> Depleted Pile
    step = run(
        scenario(
            [location("L", 3, 2)],
            [{"card": "L", "owner": "B"}],
            [{"do": "add_counters", "card": "L", "counter": "Sabotage", "n": 3}],
        )
    ).steps[0]
    assert [e.get("to") for e in step.events if e.kind == "face_change"] == ["Contested"]
    assert step.board.cards["L"].zone == "Depleted Pile"
    # but 2 Sabotage on Prime DEF 2 / Contested DEF 3 leaves it Contested at DEF 1
    step = run(
        scenario(
            [location("L", 2, 3)],
            [{"card": "L", "owner": "B"}],
            [{"do": "add_counters", "card": "L", "counter": "Sabotage", "n": 2}],
        )
    ).steps[0]
    assert step.board.cards["L"].zone == "Map" and dict(step.board.cards["L"].values)["DEF"] == 1


def test_bonus_to_unprinted_value_is_ignored_not_an_error() -> None:
    u = unit("U", {"ATK": 1, "DEF": 2})
    result = run(
        scenario(
            [u],
            [{"card": "U", "owner": "A"}],
            [{"do": "bonus", "card": "U", "value": "Vote", "amount": 1}, {"do": "capabilities", "card": "U"}],
        )
    )
    assert "Vote" not in dict(result.steps[0].board.cards["U"].values)
    vote = next(e for e in result.steps[1].events if e.get("question") == "Vote")
    assert vote.get("answer") is False


def test_lost_atk_returns_when_the_effect_ends() -> None:
    u = unit("U", {"ATK": 2, "DEF": 2})
    result = run(
        scenario(
            [u],
            [{"card": "U", "owner": "A"}],
            [
                {"do": "lose", "card": "U", "value": "ATK", "effect": "E"},
                {"do": "bonus", "card": "U", "value": "ATK", "amount": 1},
                {"do": "end_effect", "effect": "E"},
            ],
        )
    )
    assert "ATK" not in dict(result.steps[1].board.cards["U"].values)
    assert dict(result.steps[2].board.cards["U"].values)["ATK"] == 2


def test_characters_are_never_reduced_to_def_zero() -> None:
    step = run(
        scenario(
            [character("C", 5)],
            [{"card": "C", "owner": "A"}],
            [{"do": "penalty", "card": "C", "value": "DEF", "amount": 4}],
        )
    ).steps[0]
    card = step.board.cards["C"]
    assert card.zone == "Map" and dict(card.values)["DEF"] == "X" and dict(card.values)["CP"] == 1


def test_trigger_order_defaults_to_creation_order_and_says_so() -> None:
    w = unit(
        "W",
        {"DEF": 2},
        abilities=[
            {"name": "One", "type": "triggered", "on": "destroyed", "of": "any"},
            {"name": "Two", "type": "triggered", "on": "destroyed", "of": "any"},
        ],
    )
    step = run(
        scenario(
            [w, unit("V", {"DEF": 1})],
            [{"card": "W", "owner": "B"}, {"card": "V", "owner": "A"}],
            [{"do": "destroy", "card": "V"}],
        )
    ).steps[0]
    choice = next(e for e in step.events if e.kind == "trigger_choice")
    assert "in the order they were created" in choice.text and choice.rulings == ("I-R19-2",)
    assert [t.key for t in step.batches[0]] == ["W/One", "W/Two"]


def test_activate_resolves_effects_only_when_timing_allows() -> None:
    zap = unit(
        "Z",
        {"ATK": 1, "DEF": 2},
        abilities=[{"name": "Zap", "type": "activated", "effects": [{"do": "damage", "card": "C", "amount": 3}]}],
    )
    data = scenario(
        [zap, character("C", 3)],
        [{"card": "Z", "owner": "A"}, {"card": "C", "owner": "B"}],
        [{"do": "activate", "card": "Z", "ability": "Zap"}],
        phase="Ready",
    )
    assert run(data).steps[0].board.cards["C"].zone == "Map"  # Ready Phase: no activation (§19.3)
    data["phase"] = "Admin"
    step = run(data).steps[0]
    assert step.board.cards["C"].zone == "Depleted Pile"
    assert [e.kind for e in step.events][:2] == ["answer", "sequence_start"]
