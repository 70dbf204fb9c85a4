"""Every ordered list of the rules, pinned whole, and the order each one makes visible.

The page tables read these same lists, so a swap in one of them would change the page and the
engine together and nothing else would notice: the orders below are typed from the rule texts
(and, for the engine's own choices, from the pages that state them).
"""

from __future__ import annotations

from typing import Any

from estro_rules import r19, scenarios
from estro_rules.battaglia import TURN_STEPS, Matchup, battle, team
from estro_rules.protocol07 import COMBINATION_RULES, DESTRUCTION_ORDER
from estro_rules.r19 import STATE_CHECKS, TRANSITION_STEPS, TRIGGER_ORDER


def test_protocol07_orders() -> None:
    assert [s.title for s in DESTRUCTION_ORDER] == [
        "Card destroyed",
        "NecroToken assigned",
        "Quadrante dell'Oblio",
        "Imboscata Illusoria",
        "Fessura Dimensionale",
    ]
    assert DESTRUCTION_ORDER.names == (
        "card_destroyed",
        "necrotoken_assigned",
        "quadrante_dell_oblio",
        "imboscata_illusoria",
        "fessura_dimensionale",
    )
    assert COMBINATION_RULES.names == ("single_player_alone", "incompatible_pairs")


def test_battaglia_turn_steps() -> None:
    assert [(number, s.title, s.note) for number, s in enumerate(TURN_STEPS, start=1)] == [
        (1, "Roll the dice", "tira i dadi"),
        (2, "Status effects", "effetti di stato"),
        (3, "Abilities of every roll", "abilità di ogni tiro"),  # the source's words; their reading is I-BAT-17
        (4, "Abilities in threat order", "ordine di minaccia"),
        (5, "Reactions", "reazioni"),
        (6, "Deaths", "morti"),
    ]
    assert TURN_STEPS.names == ("roll", "status", "every_roll", "threat_order", "reactions", "deaths")


def test_the_battaglia_turn_loop_runs_the_list() -> None:
    """The turn loop runs TURN_STEPS itself: without its "status" rule, damage over time never ticks."""
    caster = team(
        [
            {
                "name": "A",
                "threat": 2,
                "health": 5,
                "abilities": [{"when": "every_roll", "effect": {"dot": 1, "rolls": 3}}],
            }
        ]
    )
    target = team([{"name": "B", "threat": 1, "health": 5}])
    # Put on at step 3 of each roll, each stack ticks at step 2 of the next rolls (BAT-6.2): 5 -> 4 -> 2.
    assert [e.health for e in battle(caster, target, dice=[[1, 1]] * 3).events("status", until=3)] == [4, 2]
    without = Matchup(caster, target, TURN_STEPS.without("status"))
    assert battle(caster, target, dice=[[1, 1]] * 3, matchup=without).events("status") == []


def test_r19_ordered_lists() -> None:
    lists = (
        "STATE_CHECKS",
        "TRANSITION_STEPS",
        "LEAVE_STEPS",
        "TRIGGER_ORDER",
        "ACTIVATION_CHECKS",
        "CAPABILITY_QUESTIONS",
    )
    assert {name: list(getattr(r19, name).names) for name in lists} == {
        "STATE_CHECKS": ["character_at_0_cp", "unit_at_0_def_or_rank", "location_or_spacecraft_at_0_def_or_rank"],
        "TRANSITION_STEPS": [
            "turn_face",
            "liberation_counters_off",
            "cp_loss_cleared",
            "no_story_point",
            "transition_triggers",
            "bound_storyline_flips",
        ],
        "LEAVE_STEPS": ["to_zone", "counters_and_effects_off", "leave_triggers", "bound_characters_fall"],
        "TRIGGER_ORDER": ["active_player_first_then_clockwise", "each_player_in_their_chosen_order"],
        "ACTIVATION_CHECKS": [
            "is_an_activated_ability",
            "card_in_play",
            "no_sequence_under_way",
            "not_ready_or_end_phase",
            "printed_restriction",
            "fast_by_default",
        ],
        "CAPABILITY_QUESTIONS": ["attack", "return_fire", "intercept", "vote", "be_liberated", "vox", "income"],
    }
    assert r19.FALL_ROUTES == (  # §19.2 lists the four routes of §7.7 in this order
        "a Storyline's text",
        "Morality Penalties taking a Prime Character to 0 CP",
        "the Storyline they are Bound to leaving play",
        "their own Twist",
    )


def r19_events(cards: list[dict[str, Any]], board: list[dict[str, Any]], actions: list[dict[str, Any]]) -> list[Any]:
    result = scenarios.run(
        {"kind": "r19.sequence", "players": ["A", "B"], "cards": cards, "board": board, "actions": actions}
    )
    return [(e.kind, e.card) for e in result.steps[-1].events]


CHARACTER = {
    "id": "CH",
    "name": "Colonel",
    "faces": {
        "Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 3}},
        "Fallen": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 2}},
    },
    "abilities": [{"name": "Grief", "type": "triggered", "on": "becomes Fallen"}],
}
STORYLINE = {
    "id": "ST",
    "name": "Betrayal",
    "faces": {"Prime": {"type": "Storyline"}, "Reversal": {"type": "Storyline"}},
    "abilities": [{"name": "Epitaph", "type": "triggered", "on": "destroyed"}],
}


def test_a_face_change_runs_its_steps_in_order() -> None:
    """The face turns, then what the Fall scores, then its triggers, then the Bound Storyline flips."""
    kinds = r19_events(
        [CHARACTER, STORYLINE],
        [{"card": "ST", "owner": "A"}, {"card": "CH", "owner": "A", "bound_to": "ST"}],
        [{"do": "twist", "card": "CH"}],
    )
    assert kinds[:7] == [
        ("sequence_start", None),
        ("face_change", "CH"),  # turn_face
        ("story_point", "CH"),  # no_story_point: its own Twist is the Fall that scores
        ("trigger_created", "CH"),  # transition_triggers
        ("face_change", "ST"),  # bound_storyline_flips, which runs the same steps for the Storyline:
        ("not_destruction", "ST"),  # its "destroyed" trigger does not fire on a flip
        ("sequence_end", None),
    ]


def test_leaving_the_map_runs_its_steps_in_order() -> None:
    """The Storyline goes to its zone, its lasting effects end, its destruction triggers, then its Character Falls."""
    kinds = r19_events(
        [CHARACTER, STORYLINE],
        [{"card": "ST", "owner": "A"}, {"card": "CH", "owner": "A", "bound_to": "ST"}],
        [
            {"do": "grant", "card": "ST", "value": "Vote", "amount": 1, "effect": "Oath"},
            {"do": "destroy", "card": "ST"},
        ],
    )
    assert kinds[:5] == [
        ("sequence_start", None),
        ("destroyed", "ST"),  # to_zone
        ("counters_removed", "ST"),  # counters_and_effects_off: the granted Vote ends
        ("trigger_created", "ST"),  # leave_triggers
        ("face_change", "CH"),  # bound_characters_fall
    ]


def test_a_sequence_is_checked_before_the_phase() -> None:
    """Both forbid the activation; the answer gives the first check that fails, in the list's order."""
    result = scenarios.run(
        {
            "kind": "r19.sequence",
            "players": ["A", "B"],
            "phase": "End",
            "cards": [
                {
                    "id": "GU",
                    "name": "Engineer",
                    "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 2}}},
                    "abilities": [{"name": "Patch Up", "type": "activated"}],
                }
            ],
            "board": [{"card": "GU", "owner": "A"}],
            "actions": [
                {"do": "can_activate", "card": "GU", "ability": "Patch Up", "during_sequence": True},
                {"do": "can_activate", "card": "GU", "ability": "Patch Up"},
            ],
        }
    ).to_json()
    during, after = (step["answers"][0] for step in result["steps"])
    assert (during["answer"], during["rulings"]) == (False, ["R19-1.2"])
    assert (after["answer"], after["rulings"]) == (False, ["R19-3.1"])


def test_the_ordered_lists_are_named_and_in_the_documented_order() -> None:
    assert list(STATE_CHECKS.names) == [
        "character_at_0_cp",
        "unit_at_0_def_or_rank",
        "location_or_spacecraft_at_0_def_or_rank",
    ]
    assert TRANSITION_STEPS.names[0] == "turn_face"
    assert list(TRIGGER_ORDER.names) == ["active_player_first_then_clockwise", "each_player_in_their_chosen_order"]
