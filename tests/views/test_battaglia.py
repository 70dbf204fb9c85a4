"""The battle's views: the stepper's panels and labels, and the text view; numbers worked out by hand."""

from __future__ import annotations

import re

from estro_rules.battaglia import REFERENCE_LEFT, REFERENCE_RIGHT, SITE_TABLES, battle, battle_html, battle_text, team
from tests.support.battaglia import HIT

# --------------------------------------------------------------------------
# The stepper's labels


def test_rerolled_panel_shows_earlier_deaths_as_dead() -> None:
    gambler = {
        "name": "Gambler",
        "threat": 5,
        "health": 9,
        "abilities": [{"when": {"total": 7}, "effect": {"damage": 9}}, {"when": {"doubles": True}, "effect": "reroll"}],
    }
    right = team([{"name": "A", "threat": 3, "health": 2}, {"name": "B", "threat": 2, "health": 9}])
    # Roll 1 (7): A is hit for 2 and dies at step 6 of turn 1. Roll 2 (doubles) rerolls turn 2: A is dead,
    # not down. Roll 3 (3): nothing. B survives.
    result = battle(team([gambler]), right, dice=[[3, 4], [2, 2], [1, 2]])
    assert [(r.roll, r.turn, r.restarted) for r in result.trace[:3]] == [(1, 1, False), (2, 2, True), (3, 2, False)]
    panels = re.findall(
        r'<section class="estro-step-panel" data-label="([^"]+)">(.*?)</section>', battle_html(result, base="")
    )
    roll2 = dict(panels)["Roll 2"]
    assert "0/2 (dead)" in roll2 and "(down)" not in roll2


def test_rerolled_panel_shows_this_turns_victims_as_down() -> None:
    left = team(
        [
            {
                "name": "Gambler",
                "threat": 5,
                "health": 9,
                "abilities": [
                    {"when": {"total": 4}, "effect": {"damage": 3}},
                    {"when": {"doubles": True}, "effect": "reroll"},
                ],
            }
        ]
    )
    right = team([{"name": "Kappa", "threat": 3, "health": 3}, {"name": "Yeti", "threat": 1, "health": 4}])
    result = battle(left, right, dice=[[2, 2], [4, 5]])
    panels = dict(
        re.findall(
            r'<section class="estro-step-panel" data-label="([^"]+)">(.*?)</section>', battle_html(result, base="")
        )
    )
    assert "0/3 (down)" in panels["Roll 1"] and "0/3 (dead)" in panels["Roll 2"]


def test_one_turn_is_singular() -> None:
    one = team(
        [{"name": "Wolf", "threat": 5, "health": 4, "abilities": [{"when": {"total": 7}, "effect": {"damage": 4}}]}]
    )
    two = team([{"name": "Yeti", "threat": 3, "health": 4}])
    result = battle(one, two, dice=[[3, 4]])
    assert result.turns == 1
    html = battle_html(result, base="")
    assert "(1 turn)" in html and "(1 turns)" not in html


# --------------------------------------------------------------------------
# Reactions say which step they happened in


def test_reaction_events_name_the_step_they_happen_in() -> None:
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    left = team(
        [{"name": "Wolf", "threat": 5, "health": 9, "abilities": [{"when": {"total": 7}, "effect": {"damage": 1}}]}]
    )
    right = team([{"name": "Thorn", "threat": 3, "health": 9, "abilities": HIT + [back]}])
    events = battle(left, right, dice=[[3, 4]]).trace[0].events
    reactions = [(e.step, e.within) for e in events if e.kind == "reaction"]
    # Thorn's every-roll hit on the Wolf at step 3 does not set off anything (the Wolf has no reaction);
    # the Wolf's hit at step 4 sets off Thorn's reaction: step 5 inside step 4.
    assert reactions == [(5, 4)]
    assert [e.within for e in events if not e.depth] == [0] * sum(not e.depth for e in events)
    assert "[5 in 4]" in battle_text(battle(left, right, dice=[[3, 4]]))
    assert "step 5 (in step 4)" in battle_html(battle(left, right, dice=[[3, 4]]), base="")


# --------------------------------------------------------------------------
# Escaping, the stepper's parts and the text view


def test_names_are_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    left = team(
        [{"name": evil, "threat": 2, "health": 3, "abilities": [{"when": "every_roll", "effect": {"damage": 3}}]}]
    )
    right = team({"name": evil, "cryptids": [{"name": "B", "threat": 1, "health": 3}]})
    html = battle_html(battle(left, right, seed=1), base="../")
    assert evil not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert html.count('class="estro-step-panel"') == 2
    assert '<div class="estro-stepper" data-steps="2"><template class="estro-steps">' in html and "<meter" in html
    assert "<svg" not in html  # one roll: no chart (the teams at the start and the end say it all)
    assert 'href="../battaglia/#BAT-8"' in html


def test_text_view_lists_rulings() -> None:
    text = battle_text(battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=2))
    assert "[BAT-6.1, I-BAT-1, I-BAT-12]" in text and text.splitlines()[0].endswith(
        ("cryptids left", "same time", "decides")
    )


def test_abilities_table_lists_every_word() -> None:
    header, rows = SITE_TABLES["battaglia.abilities"]()
    assert header == ["Part", "Word", "JSON", "Meaning", "Rulings"]
    assert [r[1] for r in rows] == [
        # conditions
        "every_roll", "total", "range", "parity", "doubles", "die_shows", "reaction", "death",
        # reactions
        "damaged", "healed", "ally_damaged", "ally_dies",
        # effects
        "damage", "heal", "dot", "modify_total", "reroll",
        # targets
        "highest_threat_enemy", "lowest_health_enemy", "all_enemies", "random_enemy",
        "self", "lowest_health_ally", "all_allies", "source",
    ]  # fmt: skip
    assert [r[0] for r in rows] == ["condition"] * 8 + ["reaction"] * 4 + ["effect"] * 5 + ["target"] * 8
    assert all(r[4].startswith("[[") for r in rows)
