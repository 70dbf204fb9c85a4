"""Bad Battaglia teams name the field that is wrong and say what was expected, in the ability vocabulary's words."""

from __future__ import annotations

import pytest

from estro_rules.battaglia import team
from estro_rules.errors import ScenarioError


def good() -> dict[str, object]:
    return {"name": "Nessie", "threat": 3, "health": 5, "abilities": [{"when": {"total": 7}, "effect": {"damage": 2}}]}


def bad(change: dict[str, object], drop: str = "") -> list[dict[str, object]]:
    c = good() | change
    if drop:
        del c[drop]
    return [good(), c]


@pytest.mark.parametrize(
    ("members", "message"),
    [
        (bad({}, drop="threat"), "left[1].threat: expected a whole number (missing field)"),
        (bad({"health": -3}), "left[1].health: expected a whole number from 1 to 999, got -3"),
        (bad({"health": 0}), "left[1].health: expected a whole number from 1 to 999, got 0"),
        (bad({"threat": "high"}), "left[1].threat: expected a whole number, got 'high'"),
        (bad({"name": ""}), "left[1].name: expected a non-empty name, got ''"),
        (
            bad({"helth": 3}),
            "left[1].helth: unknown field; expected one of: abilities, health, name, threat (did you mean 'health'?)",
        ),
        ([], "left: expected at least 1 cryptid, got an empty list (a side cannot start empty)"),
        (
            bad({"abilities": [{"when": {"totl": 7}, "effect": {"damage": 2}}]}),
            (
                "left[1].abilities[0].when.totl: expected a known condition, got 'totl' (did you mean 'total'? known: "
                "'total', 'range', 'parity', 'doubles', 'die_shows', 'reaction')"
            ),
        ),
        (
            bad({"abilities": [{"when": "evry_roll", "effect": {"damage": 2}}]}),
            (
                "left[1].abilities[0].when: expected a known condition, got 'evry_roll' (did you mean 'every_roll'? "
                "known: 'every_roll', 'total', 'range', 'parity', 'doubles', 'die_shows', 'reaction', 'death')"
            ),
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"damge": 2}}]}),
            (
                "left[1].abilities[0].effect.damge: expected a known effect, got 'damge' (did you mean 'damage'? known: "
                "'damage', 'heal', 'dot', 'modify_total')"
            ),
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"damage": 2}, "target": "lowest_health_enmy"}]}),
            (
                "left[1].abilities[0].target: expected a known target, got 'lowest_health_enmy' (did you mean "
                "'lowest_health_enemy'? known: 'highest_threat_enemy', 'lowest_health_enemy', 'all_enemies', "
                "'random_enemy', 'self', 'lowest_health_ally', 'all_allies', 'source')"
            ),
        ),
        (
            bad({"abilities": [{"when": {"reaction": "hurt"}, "effect": {"damage": 2}}]}),
            (
                "left[1].abilities[0].when.reaction: expected a known reaction, got 'hurt' (known: 'damaged', 'healed', "
                "'ally_damaged', 'ally_dies')"
            ),
        ),
        (
            bad({"abilities": [{"when": {"total": 13}, "effect": {"damage": 2}}]}),
            "left[1].abilities[0].when.total: expected a whole number from 2 to 12, got 13",
        ),
        (
            bad({"abilities": [{"when": {"range": [9, 4]}, "effect": {"damage": 2}}]}),
            "left[1].abilities[0].when.range[1]: expected a whole number from 9 to 12, got 4",
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"dot": 2}}]}),
            "left[1].abilities[0].effect.rolls: expected a whole number (missing field)",
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"damage": 2}, "target": "self"}]}),
            (
                "left[1].abilities[0].target: expected a target for a damage effect, got 'self' (known: "
                "'highest_threat_enemy', 'lowest_health_enemy', 'all_enemies', 'random_enemy', 'source')"
            ),
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"damage": 2}, "target": "source"}]}),
            (
                "left[1].abilities[0].target: expected a target other than 'source' unless the ability is a damaged, "
                "ally_damaged or ally_dies reaction or a death ability, got 'source' (only then is there a source of the "
                "triggering damage)"
            ),
        ),
        (
            bad({"abilities": [{"when": {"total": 7}, "effect": {"modify_total": 1}}]}),
            (
                'left[1].abilities[0].when: expected "every_roll", {"doubles": true} or {"die_shows": N} for a '
                "modify_total effect, got an object (modifiers resolve at step 3, before the total is checked)"
            ),
        ),
        (
            bad({"abilities": [{"when": "death", "effect": "reroll"}]}),
            (
                "left[1].abilities[0].when: expected a roll condition for a reroll effect, got 'death' (reactions and "
                "death abilities cannot reroll)"
            ),
        ),
        (
            bad({"abilities": [{"when": "every_roll", "effect": "reroll", "target": "self"}]}),
            (
                "left[1].abilities[0].target: expected no target for a reroll effect, got 'self' (it changes the dice, "
                "not a cryptid)"
            ),
        ),
    ],
)
def test_bad_team_names_the_field(members: list[dict[str, object]], message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        team(members, "left")
    assert str(err.value) == message


def test_named_team_paths() -> None:
    with pytest.raises(ScenarioError, match=r"^right\.cryptids\[0\]\.health: expected a whole number"):
        team({"name": "X", "cryptids": [{"name": "A", "threat": 1}]}, "right")
