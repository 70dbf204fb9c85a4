"""The tables of the Battaglia page, each checked whole against the rule text and the engine.

The turn steps are typed from the six steps of "Un turno, passo dopo passo" (seeds/001); the numbers of
the limits table from the text ("due dadi a sei facce", "36 tiri", "al 16° tiro") and interpretations.md,
and each engine limit is checked against what the engine accepts at the limit and refuses one past it.
"""

from __future__ import annotations

import re
from typing import Any

from estro_rules import scenarios
from estro_rules.battaglia import EndReason, battle, team
from estro_rules.battaglia.tables import (
    SITE_TABLES,
    abilities_table,
    limits_table,
    turn_steps_table,
)
from estro_rules.errors import ScenarioError
from tests.support.battaglia import KAPPA, NESSIE


def test_the_page_has_three_tables() -> None:
    assert SITE_TABLES == {
        "battaglia.abilities": abilities_table,
        "battaglia.turn-steps": turn_steps_table,
        "battaglia.limits": limits_table,
    }


def test_turn_steps_table() -> None:
    # "Un turno, passo dopo passo", steps 1 to 6, with the interpretations that fill them in.
    assert turn_steps_table() == (
        ["#", "Step", "Italian", "What happens", "Rulings"],
        [
            [
                "1",
                "Roll the dice",
                "tira i dadi",
                "Two six-sided dice are rolled; every roll, reroll or not, counts.",
                "[[BAT-6.1]], [[I-BAT-1]]",
            ],
            [
                "2",
                "Status effects",
                "effetti di stato",
                "Damage over time ticks on every cryptid that carries it (no sudden-death bonus, no reactions).",
                "[[BAT-6.2]], [[I-BAT-2]], [[I-BAT-18]]",  # no reactions: I-BAT-18, no longer without an ID
            ],
            [
                # the source's words ("abilità di ogni tiro") with the reading that decides them, I-BAT-17
                "3",
                "Abilities of every roll",
                "abilità di ogni tiro",
                "Dice-total changes, before any check on the roll; in the engine's reading, with them the abilities "
                "that act on every roll whatever the dice show, all in threat order.",
                "[[BAT-6.3]], [[I-BAT-17]], [[I-BAT-11]]",
            ],
            [
                "4",
                "Abilities in threat order",
                "ordine di minaccia",
                "Abilities whose condition the roll meets resolve, highest threat first on both sides; a cryptid at "
                "0 health does not act.",
                "[[BAT-6.4]], [[BAT-3]], [[I-BAT-3]], [[I-BAT-9]]",
            ],
            [
                "5",
                "Reactions",
                "reazioni",
                "Damage or healing that an ability deals triggers reactions at once, inside the step it happens in "
                "(the hit cryptid's own first, then its allies'); they can chain, up to the cap.",
                "[[BAT-6.5]], [[I-BAT-15]], [[I-BAT-19]], [[I-BAT-18]], [[I-BAT-10]]",
            ],
            [
                "6",
                "Deaths",
                "morti",
                "Every cryptid at 0 health dies; “ally dies” reactions, then death abilities, resolve in threat "
                "order, and so on until none is down.",
                "[[BAT-6.6]], [[I-BAT-5]], [[I-BAT-16]]",
            ],
        ],
    )


# --------------------------------------------------------------------------
# The limits table: the text's numbers, then the engine's limits on both sides


def test_limits_table() -> None:
    assert limits_table() == (
        ["Number", "Value", "Source"],
        [
            ["Dice per roll", "2 dice with 6 faces", "[[BAT-6.1]]"],  # "due dadi a sei facce"
            ["Sudden death starts at roll", "16", "[[BAT-11]], [[I-BAT-2]]"],  # "al 16° tiro"
            ["Last roll", "36", "[[BAT-9]], [[I-BAT-8]]"],  # "arriva a 36 tiri"
            [
                "Reaction activations per turn",
                "20",
                "[[I-BAT-10]] (engine choice)",
            ],  # "the engine documents the number"
            ["Cryptids per team", "1 to 12", "engine limit (the text sets none)"],
            ["Abilities per cryptid", "0 to 8", "engine limit (the text sets none)"],
            ["Forced rolls in a scenario", "0 to 36", "engine limit: no battle rolls more"],
            ["Events in one battle's trace", "5,000", "engine limit; the battle plays on unrecorded"],
            ["Battles in one estimate", "1 to 100,000", "engine limit; Ctrl-C stops the command line early"],
            ["Seed of a battle", "0 to 9,223,372,036,854,775,807 (2⁶³ − 1)", "[[I-BAT-12]], engine limit"],
            [
                "Seed of an estimate",
                "0 to 2,147,483,647 (2³¹ − 1)",
                "[[I-BAT-12]], engine limit: battle i of it replays as a battle with the seed × 2³² + i",
            ],
        ],
    )


def value(label: str) -> str:
    [found] = [row[1] for row in limits_table()[1] if row[0] == label]
    return found


def bounds(label: str) -> tuple[int, int]:
    """The lowest and highest values the limits table gives for the row ``label``."""
    found = re.fullmatch(r"(\d+) to ([\d,]+)( \(.*\))?", value(label))
    assert found is not None, value(label)
    return int(found[1]), int(found[2].replace(",", ""))


def refusal(data: dict[str, Any]) -> str:
    try:
        scenarios.load(data)
    except ScenarioError as err:
        return str(err)
    raise AssertionError("loaded without complaint")


BATTLE: dict[str, Any] = {"kind": "battaglia.battle", "left": [NESSIE], "right": [KAPPA], "trace": False}
STEADY: list[dict[str, Any]] = [
    {"name": "A", "threat": 1, "health": 999, "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}
]
"""A cryptid that deals 1 damage on every roll and cannot die within a battle."""


def test_a_battle_of_steady_hitters_shows_the_text_numbers() -> None:
    """Sudden death adds +1 from the table's roll on, and the table's last roll is the last one (BAT-9, BAT-11)."""
    sudden, last = int(value("Sudden death starts at roll")), int(value("Last roll"))
    result = battle(team(STEADY), team(STEADY), seed=1)
    assert (result.rolls, result.reason) == (last, EndReason.ROLL_LIMIT)
    hits = [[e.amount for e in record.events if e.kind == "damage"] for record in result.trace]
    # I-BAT-2: the bonus on roll r >= 16 is r - 15; before it, the ability's 1.
    assert hits == [[1, 1] if r < sudden else [1 + r - sudden + 1] * 2 for r in range(1, last + 1)]
    assert result.final_health == (999 - 36 - sum(range(1, 22)),) * 2  # rolls 16..36 add 1..21


def test_the_dice_of_a_roll() -> None:
    found = re.fullmatch(r"(\d) dice with (\d) faces", value("Dice per roll"))
    assert found is not None
    dice, faces = int(found[1]), int(found[2])
    scenarios.load({**BATTLE, "dice": [[1] * dice, [faces] * dice]})
    assert (
        refusal({**BATTLE, "dice": [[faces + 1, 1]]})
        == f"dice[0][0]: expected a whole number from 1 to {faces}, got {faces + 1}"
    )
    assert (
        refusal({**BATTLE, "dice": [[1] * (dice + 1)]})
        == "dice[0]: expected a roll of two dice such as [3, 4], got a list of 3 items"
    )


def test_the_reaction_cap() -> None:
    """Two cryptids that answer each other's damage: the table's cap stops the chain and says so (I-BAT-10)."""
    cap = int(value("Reaction activations per turn"))
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    hit = {"when": "every_roll", "effect": {"damage": 1}}
    echo = team([{"name": "Echo", "threat": 2, "health": 99, "abilities": [hit, back]}])
    mirror = team([{"name": "Mirror", "threat": 1, "health": 99, "abilities": [back]}])
    record = battle(echo, mirror, dice=[[1, 2]]).trace[0]
    assert sum(e.kind == "reaction" for e in record.events) == cap
    [stop] = [e for e in record.events if e.kind == "cap"]
    assert stop.text.startswith(f"Reaction cap reached ({cap} reactions this turn)")


def test_cryptids_per_team() -> None:
    low, high = bounds("Cryptids per team")
    for n in (low, high):
        scenarios.load({**BATTLE, "left": [NESSIE] * n})
    assert (
        refusal({**BATTLE, "left": [NESSIE] * (high + 1)})
        == f"left: expected at most {high} cryptids, got a list of {high + 1} items"
    )
    assert refusal({**BATTLE, "left": [NESSIE] * (low - 1)}) == (
        "left: expected at least 1 cryptid, got an empty list (a side cannot start empty)"
    )


def test_abilities_per_cryptid() -> None:
    low, high = bounds("Abilities per cryptid")
    ability = NESSIE["abilities"][0]
    for n in (low, high):
        scenarios.load({**BATTLE, "left": [{**NESSIE, "abilities": [ability] * n}]})
    assert refusal({**BATTLE, "left": [{**NESSIE, "abilities": [ability] * (high + 1)}]}) == (
        f"left[0].abilities: expected at most {high} abilities, got a list of {high + 1} items"
    )


def test_forced_rolls() -> None:
    low, high = bounds("Forced rolls in a scenario")
    assert high == int(value("Last roll"))  # no battle rolls more than its last roll
    for n in (low, high):
        scenarios.load({**BATTLE, "dice": [[1, 2]] * n})
    assert refusal({**BATTLE, "dice": [[1, 2]] * (high + 1)}) == (
        f"dice: expected at most {high} rolls, got {high + 1} (no battle rolls more)"
    )


def test_battles_in_an_estimate() -> None:
    low, high = bounds("Battles in one estimate")
    estimate = {"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA]}
    for n in (low, high):
        scenarios.load({**estimate, "battles": n})  # loaded, not played
    for n in (low - 1, high + 1):
        assert refusal({**estimate, "battles": n}) == f"battles: expected a whole number from 1 to 100,000, got {n}"


def test_the_seed_of_a_battle() -> None:
    low, high = bounds("Seed of a battle")
    assert high == 2**63 - 1  # the "(2⁶³ − 1)" the row adds
    for seed in (low, high):
        scenarios.load({**BATTLE, "seed": seed})
    for seed in (low - 1, high + 1):
        assert refusal({**BATTLE, "seed": seed}) == f"seed: expected a whole number from 0 to 2⁶³−1, got {seed}"


def test_a_trace_keeps_at_most_its_events() -> None:
    """The table's number of events is recorded, and the battle plays on unrecorded (the note says so)."""
    most = int(value("Events in one battle's trace").replace(",", ""))
    hitters = [{**STEADY[0], "name": f"C{i}", "abilities": STEADY[0]["abilities"] * 8} for i in range(12)]
    result = battle(team(hitters), team(hitters), seed=1)
    events = result.events()
    kept = [e for e in events if e.kind not in ("trace_cut", "end")]
    assert (len(kept), [e.kind for e in events].count("trace_cut"), result.trace_cut) == (most, 1, True)
    assert result.rolls == int(value("Last roll"))  # the battle went on to its end


def test_the_seed_of_an_estimate() -> None:
    """An estimate's battle i plays with the seed × 2³² + i, so its own seed stops at 2³¹ − 1 (a battle seed)."""
    low, high = bounds("Seed of an estimate")
    assert high == 2**31 - 1 and high * 2**32 + (2**32 - 1) == bounds("Seed of a battle")[1]
    estimate = {"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": 1}
    for seed in (low, high):
        scenarios.load({**estimate, "seed": seed})
    for seed in (low - 1, high + 1):
        assert refusal({**estimate, "seed": seed}) == f"seed: expected a whole number from 0 to 2³¹−1, got {seed}"
