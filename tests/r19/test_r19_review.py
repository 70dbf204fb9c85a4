"""Regression tests for review findings (each derived from the rule text, not from engine output)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estro_rules.errors import ScenarioError
from estro_rules.r19 import RULEBOOK, html, text
from estro_rules.r19.lint import lint
from tests.support.r19 import character, load_like_runner, location, run, scenario, unit

STORY = {"id": "ST", "name": "Story", "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}}}


def error_of(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as info:
        load_like_runner(data)
    return str(info.value)


# 1. A Fall flips the Bound Storyline to its Reversal face, never back to Prime (§19.2, §8.11)


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


# 2. Only a Storyline's text (route 1) can make a Character Fall by a flip


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
    [("ST", "Map", True), ("ST", "hand", False), ("C2", "Map", False)],
)
def test_top_level_source_must_be_a_storyline_on_the_map(source: str, zone: str, falls: bool) -> None:
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


def test_linter_agrees_with_the_engine_on_fall_routes() -> None:
    storyline = {
        "id": "ST-1",
        "name": "Plot",
        "faces": {"Prime": {"type": "Storyline"}},
        "abilities": [
            {"name": "Doom", "type": "activated", "effects": [{"do": "flip", "classes": ["Character"], "to": "Fallen"}]}
        ],
    }
    findings = lint({"cards": [storyline, character("CH-1")]})
    assert [f.rule for f in findings] == []
    with pytest.raises(ScenarioError, match=r"effects\[0\]\.source: expected 'self'"):
        lint(
            {
                "cards": [
                    character(
                        "CH-2",
                        abilities=[
                            {
                                "name": "X",
                                "type": "activated",
                                "effects": [{"do": "flip", "card": "self", "to": "Fallen", "source": "ST-1"}],
                            }
                        ],
                    ),
                    storyline,
                ]
            }
        )


# 3. The DEF/Rank check is made on the starting board and after every action


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


# 4. Bad input gives ScenarioError naming the field


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"do": "enter", "classes": ["Storyline"], "bind": ["C"]}, "actions[0].bind"),
        ({"do": "enter", "classes": ["Unit"], "face": "Prime"}, "actions[0].face"),
    ],
)
def test_enter_with_classes_and_face_or_bind(action: dict[str, Any], field: str) -> None:
    data = scenario(
        [character("C"), STORY], [{"card": "C", "owner": "A"}, {"card": "ST", "owner": "A", "zone": "hand"}], [action]
    )
    assert error_of(data).startswith(field + ":")


@pytest.mark.parametrize("face", [["Prime"], {"a": 1}, 3])
def test_board_face_of_the_wrong_type(face: object) -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A", "face": face}], [{"do": "destroy", "card": "C"}])
    assert error_of(data).startswith("board[0].face: expected")


def test_non_string_keys_are_errors() -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data["cards"][0]["faces"]["Prime"]["values"][5] = 1
    assert error_of(data).startswith("cards[0].faces.Prime.values: expected")
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data[7] = 1
    assert "expected" in error_of(data)
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": "C"}])
    data["actions"][0]["trigger_order"] = {1: []}
    assert error_of(data).startswith("actions[0].trigger_order: expected")
    with pytest.raises(ScenarioError):
        lint({"cards": [{"id": "A", "name": "A", "faces": {5: {}}}]})


@pytest.mark.parametrize("big", [10**5000, -(10**5000), 1000], ids=["huge", "huge-negative", "1000"])
def test_numbers_have_sane_bounds(big: int) -> None:
    cases = [
        ({"do": "damage", "card": "C", "amount": big}, "actions[0].amount"),
        ({"do": "add_counters", "card": "C", "counter": "damage", "n": big}, "actions[0].n"),
        ({"do": "grant", "card": "C", "value": "Vote", "amount": big}, "actions[0].amount"),
        ({"do": "liberate", "card": "C", "cp_loss": big}, "actions[0].cp_loss"),
    ]
    for action, field in cases:
        msg = error_of(scenario([character("C")], [{"card": "C", "owner": "A"}], [action]))
        assert msg.startswith(field + ": expected a whole number from"), msg
        assert "999" in msg
    board = [{"card": "C", "owner": "A", "counters": {"damage": big}}]
    msg = error_of(scenario([character("C")], board, [{"do": "destroy", "card": "C"}]))
    assert msg.startswith("board[0].counters.damage: expected a whole number from 0 to 999")
    cards = [unit("U", {"DEF": big})]
    msg = error_of(scenario(cards, [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    assert msg.startswith("cards[0].faces.Unlabelled.values.DEF: expected a whole number from 0 to 999")


def test_a_huge_number_where_a_string_belongs() -> None:
    data = scenario([character("C")], [{"card": "C", "owner": "A"}], [{"do": "destroy", "card": 10**5000}])
    assert error_of(data).startswith("actions[0].card: expected")


EXAMPLE = json.loads(
    (Path(__file__).resolve().parents[2] / "examples" / "r19" / "four-players-trigger-order.json").read_text("utf-8")
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


FUZZ_EXAMPLES = [
    json.loads((Path(__file__).resolve().parents[2] / "examples" / "r19" / name).read_text("utf-8"))
    for name in ("four-players-trigger-order.json", "morality-fall.json", "character-penalties-and-entry.json")
]
PATHS = [
    (i, p)
    for i, example in enumerate(FUZZ_EXAMPLES)
    for p in _paths(example)
    if p and p[0] not in ("kind", "title", "description", "expect")
]
FIELD_NAMES = ["face", "counters", "bind", "source", "classes", "cards", "card", "controller", "zone", "bound_to", "n"]

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=5),
    st.integers(4990, 5000).map(lambda d: 10**d),
    st.sampled_from([-(10**30), 999, 1000]),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["self", "you", "Prime", "Fallen", "Reversal", "Map", "X", "CH-B", "LOC-101", "Sabotage"]),
)
JSONISH = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers(0, 3)), inner, max_size=3),
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSONISH, st.sampled_from(["replace", "delete", "add"]), st.sampled_from(FIELD_NAMES))
def test_fuzz_every_field_gives_scenario_error_or_a_result(
    where: tuple[int, tuple[Any, ...]], value: Any, how: str, extra: str
) -> None:
    example, path = where
    data = copy.deepcopy(FUZZ_EXAMPLES[example])
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if how == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "add" and isinstance(parent[path[-1]], dict):
        parent[path[-1]][extra] = value
    else:
        parent[path[-1]] = value
    try:
        result = run(data)
    except ScenarioError as err:
        assert str(err).startswith(f"{err.field}: ") and "expected " in str(err), str(err)
        return
    assert len(result.steps) == len(data["actions"])
    assert json.loads(json.dumps(result.to_json()))["kind"] == "r19.sequence"
    assert html(result, base="../").count('class="estro-step-panel"') == len(result.steps) + 1
    assert text(result).startswith("Initial state:")


# 5. Sabotage placed on a Character at setup becomes damage, like Sabotage added later (R19-8.2)


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


def test_counters_only_on_cards_on_the_map() -> None:
    data = scenario(
        [location("L", 3, 2)], [{"card": "L", "owner": "A", "zone": "hand", "counters": {"Sabotage": 1}}], []
    )
    data["actions"] = [{"do": "enter", "card": "L"}]
    assert error_of(data).startswith("board[0].counters.Sabotage: expected")


# 6. The "no Story Point for an opponent's Fall" note is not shown on a Character's own Twist


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


# 7. Destruction events and triggers cite the destruction rulings


def test_destruction_triggers_cite_the_destruction_rulings() -> None:
    crime = {"name": "War Crime", "type": "triggered", "on": "destroyed"}
    result = run(
        scenario(
            [character("C", 2, abilities=[crime]), unit("U", {"DEF": 2}, abilities=[crime])],
            [{"card": "C", "owner": "A"}, {"card": "U", "owner": "A"}],
            [
                {"do": "damage", "card": "C", "amount": 2},
                {"do": "penalty", "card": "U", "value": "DEF", "amount": 2},
            ],
        )
    )
    for step, want in zip(result.steps, ("R19-4.3", "R19-8.1"), strict=True):
        created = [e for e in step.events if e.kind == "trigger_created"]
        assert len(created) == 1 and want in created[0].rulings and "R19-4" not in created[0].rulings
        for e in step.events:
            if e.kind in ("destroyed", "trigger_created"):
                assert not {"R19-4", "R19-4.1"} & set(e.rulings), e


def test_destroy_action_does_not_cite_flipping() -> None:
    step = run(scenario([unit("U", {"DEF": 2})], [{"card": "U", "owner": "A"}], [{"do": "destroy", "card": "U"}]))
    destroyed = [e for e in step.steps[0].events if e.kind == "destroyed"]
    assert len(destroyed) == 1 and not {"R19-4", "R19-4.1"} & set(destroyed[0].rulings)


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


# 8. The second round of triggers is the project's reading: I-R19-4


def test_second_round_cites_its_interpretation() -> None:
    assert RULEBOOK["I-R19-4"].interpretation and RULEBOOK["I-R19-4"].title == "Triggers created while triggers fire"
    step = run(EXAMPLE).steps[0]
    rounds = [e for e in step.events if e.kind == "trigger_order"]
    assert len(rounds) == 2
    assert "I-R19-4" not in rounds[0].rulings and "I-R19-4" in rounds[1].rulings


def test_page_shows_the_round_rule_as_an_interpretation() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "_sources" / "resolution-19.md").read_text("utf-8")
    assert "### I-R19-4 Triggers created while triggers fire" in page
    r13 = page.split("### R19-1.3 ")[1].split("### ")[0]
    assert "after the current round" not in r13 and "[[I-R19-4]]" in r13


# 9. +N DEF / +N Rank on a Character (DEF X, Rank X) is dead


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


def test_linter_flags_def_bonus_reaching_characters() -> None:
    lord = {
        "id": "LOC-1",
        "name": "Bastion",
        "faces": {"Prime": {"type": "Location", "values": {"DEF": 2}}},
        "abilities": [
            {
                "name": "Walls",
                "type": "static",
                "effects": [{"do": "bonus", "classes": ["Unit"], "value": "DEF", "amount": 1}],
            }
        ],
    }
    findings = lint({"cards": [lord, character("CH-1"), unit("GU-1", {"DEF": 2})]})
    assert [(f.card, f.rule) for f in findings] == [("LOC-1", "partly_dead_bonus")]
    assert "CH-1" in findings[0].message and "GU-1" not in findings[0].message.split("(")[1]
