"""Engine behaviour checked against the rule text, one ruling at a time (values derived by hand)."""

from __future__ import annotations

import pytest

from estro_rules.errors import ScenarioError
from estro_rules.r19 import html, text
from tests.support.r19 import STORY, character, error_of, load_like_runner, location, run, scenario, unit


def kinds(step: object) -> list[str]:
    return [e.kind for e in step.events]  # type: ignore[attr-defined]


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


# A Fall flips the Bound Storyline to its Reversal face, never back to Prime (§19.2, §8.11)


def test_a_second_fall_leaves_the_storyline_on_reversal() -> None:
    result = run(
        scenario(
            [character("C1"), STORY],
            [{"card": "C1", "owner": "A", "bound_to": "ST"}, {"card": "ST", "owner": "A"}],
            [{"do": "twist", "card": "C1"}, {"do": "redeem", "card": "C1"}, {"do": "twist", "card": "C1"}],
        )
    )
    assert [s.board.cards["ST"].face for s in result.steps] == ["Reversal", "Reversal", "Reversal"]
    last = result.steps[2]
    assert [e.get("to") for e in last.events if e.kind == "face_change"] == ["Fallen"]
    stays = [e for e in last.events if e.kind == "no_effect" and e.card == "ST"]
    assert len(stays) == 1 and "R19-2.5" in stays[0].rulings and "Reversal" in stays[0].text


def test_a_storyline_without_a_reversal_face_does_not_flip_elsewhere() -> None:
    story = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Fallen": {"type": "Storyline"}}}
    step = run(
        scenario(
            [character("C1"), story],
            [{"card": "C1", "owner": "A", "bound_to": "ST"}, {"card": "ST", "owner": "A"}],
            [{"do": "twist", "card": "C1"}],
        )
    ).steps[0]
    assert step.board.cards["ST"].face == "Prime"


# Only a Storyline's text (route 1) can make a Character Fall by a flip


def test_an_ability_cannot_borrow_a_storylines_text() -> None:
    hero = character(
        "C2",
        abilities=[
            {
                "name": "Push",
                "type": "activated",
                "effects": [{"do": "flip", "card": "C1", "to": "Fallen", "source": "ST"}],
            }
        ],
    )
    msg = error_of(
        scenario(
            [character("C1"), hero, STORY],
            [{"card": "C1", "owner": "A"}, {"card": "C2", "owner": "A"}, {"card": "ST", "owner": "A"}],
            [{"do": "activate", "card": "C2", "ability": "Push"}],
        )
    )
    assert msg.startswith("cards[1].abilities[0].effects[0].source: expected 'self'")


@pytest.mark.parametrize(
    ("source", "zone", "falls"),
    # R19-2.3: route 1 is "a Storyline's text", wherever the Storyline is (its leave-play text resolves after
    # it has gone, I-R19-11); another card's text is no route
    [("ST", "Map", True), ("ST", "hand", True), ("ST", "Depleted Pile", True), ("C2", "Map", False)],
)
def test_top_level_source_must_be_a_storyline(source: str, zone: str, falls: bool) -> None:
    step = run(
        scenario(
            [character("C1"), character("C2"), STORY],
            [{"card": "C1", "owner": "A"}, {"card": "C2", "owner": "A"}, {"card": "ST", "owner": "A", "zone": zone}],
            [{"do": "flip", "card": "C1", "to": "Fallen", "source": source}],
        )
    ).steps[0]
    assert (step.board.cards["C1"].face == "Fallen") is falls
    if not falls:
        assert [e.rulings for e in step.events if e.kind == "no_effect"] == [("R19-2.3",)]


# The DEF/Rank check is made on the starting board and after every action


def test_state_check_runs_on_the_starting_board() -> None:
    data = scenario(
        [unit("U", {"ATK": 1, "DEF": 2}, drone=True)],
        [{"card": "U", "owner": "A", "counters": {"Sabotage": 2}}],
        [{"do": "capabilities", "card": "U"}],
    )
    result = run(data)
    assert result.initial.cards["U"].zone == "Burned"
    destroyed = [e for e in result.setup if e.kind == "destroyed"]
    assert [e.card for e in destroyed] == ["U"] and destroyed[0].rulings == ("R19-8", "R19-8.1")
    assert result.to_json()["setup"]["destroyed"] == ["U"]
    assert "estro-event-destroyed" in html(result, base="../") and "Burned" in text(result)


def test_state_check_runs_after_a_query() -> None:
    # an engine built straight from the placements (no setup check yet): the Drone sits at DEF 0
    for action in (
        {"do": "capabilities", "card": "U"},
        {"do": "can_activate", "card": "U", "ability": "Nope"},
        {"do": "set_phase", "phase": "End"},
    ):
        data = scenario(
            [unit("U", {"ATK": 1, "DEF": 2}, drone=True, abilities=[{"name": "Nope", "type": "activated"}])],
            [{"card": "U", "owner": "A", "counters": {"Sabotage": 2}}],
            [action],
        )
        loaded = load_like_runner(data)
        engine = loaded.engine()
        engine.run(loaded.actions[0])
        assert engine.cards["U"].zone == "Burned", action
        assert [e.card for e in engine.events if e.kind == "destroyed"] == ["U"]


# Sabotage placed on a Character at setup becomes damage, like Sabotage added later (R19-8.2)


def test_sabotage_on_a_character_at_setup_is_damage() -> None:
    placed = run(
        scenario(
            [character("C", 3)],
            [{"card": "C", "owner": "A", "counters": {"Sabotage": 1}}],
            [{"do": "capabilities", "card": "C"}],
        )
    )
    added = run(
        scenario(
            [character("C", 3)],
            [{"card": "C", "owner": "A"}],
            [{"do": "add_counters", "card": "C", "counter": "Sabotage", "n": 1}],
        )
    )
    assert dict(placed.initial.cards["C"].values)["CP"] == 2
    assert placed.initial.cards["C"].counters == added.steps[0].board.cards["C"].counters
    assert any("R19-8.2" in e.rulings for e in placed.setup)
    killed = run(
        scenario(
            [character("C", 3)],
            [{"card": "C", "owner": "A", "counters": {"Sabotage": 3}}],
            [{"do": "capabilities", "card": "C"}],
        )
    )
    assert killed.initial.cards["C"].zone == "Depleted Pile"


# The "no Story Point for an opponent's Fall" note is not shown on a Character's own Twist


def test_no_opponent_story_point_note_on_own_twist() -> None:
    step = run(scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "twist", "card": "C"}])).steps[0]
    assert "no_story_point" not in [e.kind for e in step.events]
    assert not any("opponent's Fall" in e.text and "No Story Point" in e.text for e in step.events)
    note = [e for e in step.events if e.kind == "story_point"]
    assert len(note) == 1 and "§8.12" in note[0].text and note[0].rulings == ("R19-4.2", "I-R19-8")
    step = run(
        scenario(
            [character("C")], [{"card": "C", "owner": "A"}], [{"do": "morality_penalty", "card": "C", "amount": 3}]
        )
    ).steps[0]
    assert [e.rulings for e in step.events if e.kind == "no_story_point"] == [("R19-4.2",)]


# A destruction's cause is the one that brought the card to 0


def test_cp_loss_cleared_by_a_flip_is_not_blamed_for_a_later_destruction() -> None:
    # Prime CP 3 takes 1 damage (CP 2), then 1 Morality Penalty (CP 1): still Prime, above 0.
    # Its own Twist turns it Fallen (printed CP 1): the Morality CP loss stays on the Prime face,
    # the damage stays on the card, so CP 1 - 1 = 0 by damage: destroyed, and damage is the cause.
    result = run(
        scenario(
            [character("C", 3, fallen_cp=1)],
            [{"card": "C", "owner": "A"}],
            [
                {"do": "damage", "card": "C", "amount": 1},
                {"do": "morality_penalty", "card": "C", "amount": 1},
                {"do": "twist", "card": "C"},
            ],
        )
    )
    destroyed = [e for e in result.steps[2].events if e.kind == "destroyed"]
    assert len(destroyed) == 1 and "by damage" in destroyed[0].text and "R19-4.3" in destroyed[0].rulings


# +N DEF / +N Rank on a Character (DEF X, Rank X) is dead


def test_def_bonus_on_a_character_is_dead() -> None:
    step = run(
        scenario(
            [character("C")],
            [{"card": "C", "owner": "A"}],
            [{"do": "bonus", "classes": ["Character"], "value": "DEF", "amount": 2}],
        )
    ).steps[0]
    assert [e.kind for e in step.events if e.card == "C"] == ["bonus_dead"]
    assert step.board.cards["C"].effects == ()
    dead = next(e for e in step.events if e.kind == "bonus_dead")
    # §19.6 voids bonuses to unprinted values; a Character prints DEF X, so this is I-R19-6, not R19-6.1.
    assert dead.rulings == ("I-R19-6", "R19-8.2") and "DEF X" in dead.text


# Scenario checks of §19 that guard a rule: each refused input names the field and why


@pytest.mark.parametrize(
    ("cause", "allowed"),
    [
        ("Redeem", ["Prime"]),
        ("re-buy", ["Prime"]),
        ("own combat destruction", ["Prime"]),
        ("combat destruction", ["Contested"]),
        ("Liberation", ["Contested"]),
        ("own ability", ["Prime", "Contested", "Fallen", "Reversal"]),
        ("other effect", ["Prime", "Contested", "Fallen", "Reversal"]),
    ],
)
def test_each_flip_cause_leads_only_to_the_faces_of_19_2(cause: str, allowed: list[str]) -> None:
    """§19.2: a Redeem clause, a re-buy and an owner's own combat destruction flip back to Prime;
    combat destruction and Liberation make a card Contested; other effects may lead anywhere."""
    faces = {state: {"type": "Location", "values": {"DEF": 3}} for state in ("Prime", "Contested", "Fallen", "Reversal")}
    card = {"id": "LOC", "name": "Everywhere", "faces": faces}
    for to in ("Prime", "Contested", "Fallen", "Reversal"):
        data = scenario([card], [{"card": "LOC", "owner": "A", "face": "Fallen" if to != "Fallen" else "Prime"}],
                        [{"do": "flip", "card": "LOC", "to": to, "cause": cause}])
        if to in allowed:
            run(data)
        else:
            with pytest.raises(ScenarioError, match=rf"^actions\[0\]\.to: expected a face that '{cause}' can lead to"):
                run(data)


def test_an_unlabelled_face_stands_alone() -> None:
    """A face with no state label is the only face of its card: beside a labelled face there is no telling which
    state the card is in (§19.2 keys every transition to the label of the visible face)."""
    card = location("LOC", 3, 2)
    card["faces"]["Unlabelled"] = {"type": "Location", "values": {"DEF": 1}}
    with pytest.raises(ScenarioError, match=r"^cards\[0\]\.faces\.Unlabelled: expected state-labelled faces only"):
        run(scenario([card], [{"card": "LOC", "owner": "A"}], [{"do": "capabilities", "card": "LOC"}]))
    alone = unit("GU", {"DEF": 2})
    run(scenario([alone], [{"card": "GU", "owner": "A"}], [{"do": "capabilities", "card": "GU"}]))
