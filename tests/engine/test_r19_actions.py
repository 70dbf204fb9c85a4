"""What each §19 action does to the cards it reaches, event by event (estro_rules.r19.actions).

Expected values come from the rule text (../shared/seeds/002_492d670924c9c0db.txt), the
interpretations (I-R19-*) and the rulings as docs/_sources/resolution-19.md states them. The engine
models §19 only (I-R19-1): an action that reaches a card off the Map, or a card of a type whose
rules for it are not in §19, does nothing and says so, citing I-R19-1.
"""

from __future__ import annotations

from typing import Any

import pytest

from estro_rules.errors import ScenarioError
from tests.support.r19 import STORY, character, location, permanent, run, scenario, unit

Logged = tuple[str, str | None, str, tuple[str, ...], dict[str, Any]]

MARKERS = ("sequence_start", "sequence_end", "answer", "together")
"""The events every step has (its sequence and, for ``activate``, the answer), and the note that several
cards change at one moment (pinned in tests/engine/test_r19_moments.py): left out of :func:`log`."""


def log(cards: list[Any], board: list[Any], *actions: dict[str, Any]) -> list[list[Logged]]:
    """Per action, every event but the markers: ``(kind, card, text, rulings, data)``."""
    result = run(scenario(cards, board, list(actions)))
    return [
        [(e.kind, e.card, e.text, e.rulings, dict(e.data)) for e in step.events if e.kind not in MARKERS]
        for step in result.steps
    ]


def placed(cid: str, **extra: Any) -> dict[str, Any]:
    return {"card": cid, "owner": "A", **extra}


def kinds(events: list[Logged]) -> list[tuple[str, str | None]]:
    return [(kind, card) for kind, card, *_ in events]


def self_ability(card: dict[str, Any], effect: dict[str, Any]) -> dict[str, Any]:
    """``card`` with one activated ability, "Own", whose one effect acts on the card itself."""
    return {**card, "abilities": [{"name": "Own", "type": "activated", "effects": [{**effect, "card": "self"}]}]}


def activate(cid: str) -> dict[str, Any]:
    return {"do": "activate", "card": cid, "ability": "Own"}


CH = character("CH", 3)
"""A Character: Prime CP 3, Fallen CP 2, DEF X and Rank X."""
GU = unit("GU", {"ATK": 1, "DEF": 3, "Rank": 2})
DRONE = unit("DR", {"DEF": 3}, drone=True)
"""A Drone printing no Rank (R19-7.5: it need not)."""
LOC = location("LOC", 3, 2)
SURFACE = permanent("SL", {"Prime": {"type": "Location", "subtypes": ["Surface"], "values": {"DEF": 2}}})


def copy_of(card: dict[str, Any], cid: str) -> dict[str, Any]:
    return {**card, "id": cid, "name": card["name"].rsplit(" ", 1)[0] + f" {cid}"}


# --------------------------------------------------------------------------
# I-R19-1: an action reaches only cards on the Map; the next card it names is still reached

OFF_MAP = [
    # (the action, without its cards; the card kind; what the notice calls the action)
    ({"do": "damage", "amount": 1}, CH, "Damage"),
    ({"do": "cp_loss", "amount": 1}, CH, "CP loss"),
    ({"do": "morality_penalty", "amount": 1}, CH, "Morality Penalty"),
    ({"do": "add_counters", "counter": "Sabotage", "n": 1}, LOC, "Sabotage counters"),
    ({"do": "penalty", "value": "DEF", "amount": 1}, GU, "-1 DEF"),
    ({"do": "bonus", "value": "ATK", "amount": 2}, GU, "+2 ATK"),
    ({"do": "grant", "value": "Vote", "amount": 1}, GU, "gain Vote"),
    ({"do": "lose", "value": "ATK"}, GU, "lose ATK"),
    ({"do": "flip", "to": "Contested"}, LOC, "Flip to Contested"),
    ({"do": "liberate"}, LOC, "Liberation"),
    ({"do": "redeem"}, LOC, "Redeem"),
    ({"do": "twist"}, CH, "Twist"),
    ({"do": "storyline_leaves"}, STORY, "Leave play"),
    ({"do": "destroy"}, GU, "Destroy"),
]


@pytest.mark.parametrize(("action", "card", "what"), OFF_MAP, ids=[a["do"] for a, _, _ in OFF_MAP])
@pytest.mark.parametrize("zone", ["hand", "Depleted Pile"])
def test_an_action_skips_a_card_that_is_not_on_the_map_and_goes_on_to_the_next(
    action: dict[str, Any], card: dict[str, Any], what: str, zone: str
) -> None:
    off, on = copy_of(card, "OFF"), copy_of(card, "ON")
    face = "Contested" if action["do"] == "redeem" else None
    board = [placed("OFF", zone=zone), placed("ON", face=face)]
    result = run(scenario([off, on], board, [{**action, "cards": ["OFF", "ON"]}]))
    events = [(e.kind, e.card, e.text, e.rulings) for e in result.steps[0].events if e.kind not in MARKERS]
    notice = f"{what}: {off['name']} (OFF) is not on the Map; nothing happens."
    assert events[0] == ("no_effect", "OFF", notice, ("I-R19-1",))
    assert [about for _, about, _, _ in events[1:]][:1] == ["ON"]  # the card on the Map is still reached
    assert "OFF" not in [about for _, about, _, _ in events[1:]]
    assert result.steps[0].board.cards["OFF"] == result.initial.cards["OFF"]  # nothing happened to it


# --------------------------------------------------------------------------
# I-R19-1: CP, damage and a Twist are modelled for Characters only (§7.3, §7.7); other types are skipped


@pytest.mark.parametrize(
    ("action", "what"),
    [
        ({"do": "damage", "amount": 1}, "Damage"),
        ({"do": "cp_loss", "amount": 1}, "CP loss"),
        ({"do": "morality_penalty", "amount": 1}, "Morality Penalty"),
        ({"do": "add_counters", "counter": "damage", "n": 1}, "Damage"),
        ({"do": "twist"}, "Twist"),
    ],
)
def test_a_character_only_action_skips_other_types_and_goes_on_to_the_next(action: dict[str, Any], what: str) -> None:
    [events] = log(
        [GU, SURFACE, CH], [placed("GU"), placed("SL"), placed("CH")], {**action, "cards": ["GU", "SL", "CH"]}
    )
    notice = " follows rules not in §19 (§11.6); the engine models it for Characters only."
    assert events[:2] == [
        ("no_effect", "GU", f"{what} to a Ground Unit{notice}", ("I-R19-1",), {}),
        ("no_effect", "SL", f"{what} to a Surface Location{notice}", ("I-R19-1",), {}),
    ]
    assert kinds(events[2:])[0][1] == "CH"  # the Character after them is still reached


# --------------------------------------------------------------------------
# An ability's effect on "self" acts on the ability's own card


FALL_BY_MORALITY = "Morality Penalties took the Prime Character to 0 CP (route 2 of §7.7, §7.4)"
"""Route 2 of the four routes to Fallen (R19-2.3), a flip and not a destruction (R19-4.4)."""
FLIP = " A flip is not a destruction: the card stays in play."
"""What every face change adds (R19-4.1)."""

SELF_EFFECTS = [
    (
        CH,
        {"do": "damage", "amount": 1},
        {},
        [("damage", "CH", "Character CH (CH) takes 1 damage: CP 2.", ("R19-4.3",), {"amount": 1})],
    ),
    (
        LOC,
        {"do": "add_counters", "counter": "Sabotage", "n": 1},
        {},
        [
            (
                "counters_added",
                "LOC",
                "1 Sabotage counter on Location LOC (LOC) (now 1): DEF 2.",
                ("I-R19-1", "I-R19-5"),
                {"counter": "Sabotage", "n": 1},
            )
        ],
    ),
    (
        GU,
        {"do": "penalty", "value": "DEF", "amount": 1},
        {},
        [("penalty", "GU", "-1 DEF to Unit GU (GU): DEF 2.", ("R19-8",), {})],
    ),
    (
        GU,
        {"do": "bonus", "value": "ATK", "amount": 1},
        {},
        [("bonus_live", "GU", "+1 ATK to Unit GU (GU): ATK 2.", ("R19-6.1",), {"value": "ATK"})],
    ),
    (
        LOC,
        {"do": "flip", "to": "Contested", "cause": "own ability"},
        {},
        [
            (
                "face_change",
                "LOC",
                f"Location LOC (LOC) becomes Contested (own ability).{FLIP}",
                ("R19-2.1", "R19-4.1"),
                {"from": "Prime", "to": "Contested", "cause": "own ability"},
            )
        ],
    ),
    (
        CH,
        {"do": "cp_loss", "amount": 1},
        {},
        [("cp_loss", "CH", "Character CH (CH) loses 1 CP to CP loss: CP 2.", ("R19-2.4",), {"amount": 1})],
    ),
    (
        CH,
        {"do": "morality_penalty", "amount": 3},
        {},
        [
            ("cp_loss", "CH", "Character CH (CH) loses 3 CP to Morality Penalties: CP 0.", ("R19-2.3",), {"amount": 3}),
            (
                "face_change",
                "CH",
                f"Character CH (CH) becomes Fallen ({FALL_BY_MORALITY}).{FLIP}",
                ("R19-2.3", "R19-4.4", "R19-2.2", "R19-4.1"),
                {"from": "Prime", "to": "Fallen", "cause": FALL_BY_MORALITY},
            ),
        ],
    ),
    (
        LOC,
        {"do": "remove_counters", "counter": "Sabotage", "n": 1},
        {"counters": {"Sabotage": 2}},
        [
            (
                "counters_removed",
                "LOC",
                "1 Sabotage counter removed from Location LOC (LOC).",
                ("I-R19-1",),
                {"counter": "Sabotage", "n": 1},
            )
        ],
    ),
    (
        GU,
        {"do": "grant", "value": "Vote", "amount": 0},  # R19-7.3: 0 is a value
        {},
        [
            (
                "grant",
                "GU",
                "Unit GU (GU) is granted Vote 0: granting language confers the value.",
                ("R19-6.2",),
                {"value": "Vote"},
            )
        ],
    ),
    (
        LOC,
        {"do": "redeem"},
        {"face": "Contested"},
        [
            (
                "face_change",
                "LOC",
                f"Location LOC (LOC) becomes Prime (Redeem clause flip-back, §7.8).{FLIP}",
                ("R19-2.7", "R19-4.1"),
                {"from": "Contested", "to": "Prime", "cause": "Redeem clause flip-back, §7.8"},
            )
        ],
    ),
    (
        STORY,
        {"do": "storyline_leaves", "to": "hand"},
        {},
        [("left_play", "ST", "The Storyline Story (ST) leaves play (hand).", ("R19-2.3",), {"zone": "hand"})],
    ),
    (
        GU,
        {"do": "destroy"},
        {},
        [
            (
                "destroyed",
                "GU",
                "Unit GU (GU) is destroyed and placed in its owner's Depleted Pile.",
                ("I-R19-1",),
                {"zone": "Depleted Pile"},
            )
        ],
    ),
    (
        LOC,
        {"do": "liberate"},
        {},
        [
            (
                "face_change",
                "LOC",
                f"Location LOC (LOC) becomes Contested (successful Liberation, §12.2).{FLIP}",
                ("R19-2.1", "R19-4.1"),
                {"from": "Prime", "to": "Contested", "cause": "successful Liberation, §12.2"},
            )
        ],
    ),
    (
        CH,
        {"do": "liberate", "cp_loss": 1},
        {},
        [("cp_loss", "CH", "Character CH (CH) loses 1 CP to Liberation: CP 2.", ("R19-2.4",), {"amount": 1})],
    ),
]


@pytest.mark.parametrize(
    ("card", "effect", "where", "expected"), SELF_EFFECTS, ids=[f"{e['do']}-{c['id']}" for c, e, _, _ in SELF_EFFECTS]
)
def test_an_abilitys_effect_on_self_acts_on_its_own_card(
    card: dict[str, Any], effect: dict[str, Any], where: dict[str, Any], expected: list[Logged]
) -> None:
    [events] = log([self_ability(card, effect)], [placed(card["id"], **where)], activate(card["id"]))
    assert events[: len(expected)] == expected


# --------------------------------------------------------------------------
# Counters: I-R19-1 (counters are modelled as §19 needs them)


def test_removing_counters_takes_off_at_most_those_there_and_the_last_one_leaves_none() -> None:
    loc2 = copy_of(LOC, "L2")
    result = run(
        scenario(
            [LOC, loc2],
            [placed("L2"), placed("LOC", counters={"Sabotage": 2, "Liberation": 2})],
            [
                {"do": "remove_counters", "cards": ["L2", "LOC"], "counter": "Sabotage", "n": 1},
                {"do": "remove_counters", "card": "LOC", "counter": "Sabotage", "n": 5},
                {"do": "remove_counters", "card": "LOC", "counter": "Liberation", "n": 2},
            ],
        )
    )
    events = [
        [(e.kind, e.card, e.text, e.rulings, dict(e.data)) for e in s.events if e.kind not in MARKERS]
        for s in result.steps
    ]
    assert events == [
        [
            ("no_effect", "L2", "Location L2 (L2) has no Sabotage counter to remove.", ("I-R19-1",), {}),
            (
                "counters_removed",
                "LOC",
                "1 Sabotage counter removed from Location LOC (LOC).",
                ("I-R19-1",),
                {"counter": "Sabotage", "n": 1},
            ),
        ],
        # five asked for, one there: one comes off
        [
            (
                "counters_removed",
                "LOC",
                "1 Sabotage counter removed from Location LOC (LOC).",
                ("I-R19-1",),
                {"counter": "Sabotage", "n": 1},
            )
        ],
        [
            (
                "counters_removed",
                "LOC",
                "2 Liberation counters removed from Location LOC (LOC).",
                ("I-R19-1",),
                {"counter": "Liberation", "n": 2},
            )
        ],
    ]
    assert [dict(s.board.cards["LOC"].counters) for s in result.steps] == [
        {"Sabotage": 1, "Liberation": 2},
        {"Liberation": 2},
        {},
    ]


# --------------------------------------------------------------------------
# R19-7.2: losing a value


def test_a_card_that_loses_a_value_is_treated_as_not_printing_it_and_only_a_unit_losing_atk_is_told_more() -> None:
    cards = [self_ability(GU, {"do": "lose", "value": "ATK"}), LOC, CH]
    actions = [
        activate("GU"),
        {"do": "lose", "cards": ["LOC", "GU"], "value": "DEF"},
        {"do": "lose", "card": "CH", "value": "ATK"},  # a Character is a unit too (§18.53)
    ]
    treated = "while the effect lasts and is treated as not printing it."
    # R19-7.2: a unit that loses ATK cannot attack or return fire (§11.1, §11.6) but can intercept (§11.5)
    unit_atk = " It cannot attack or return fire, but it can still intercept."
    assert log(cards, [placed("GU"), placed("LOC"), placed("CH")], *actions) == [
        [("lose", "GU", f"Unit GU (GU) loses ATK {treated}{unit_atk}", ("R19-7.2",), {"value": "ATK"})],
        [
            ("lose", "LOC", f"Location LOC (LOC) loses DEF {treated}", ("R19-7.2",), {"value": "DEF"}),
            ("lose", "GU", f"Unit GU (GU) loses DEF {treated}", ("R19-7.2",), {"value": "DEF"}),
        ],
        [("lose", "CH", f"Character CH (CH) loses ATK {treated}{unit_atk}", ("R19-7.2",), {"value": "ATK"})],
    ]


def test_a_location_losing_atk_is_not_told_about_attacks() -> None:
    [[event]] = log([LOC], [placed("LOC")], {"do": "lose", "card": "LOC", "value": "ATK"})
    assert event == (
        "lose",
        "LOC",
        "Location LOC (LOC) loses ATK while the effect lasts and is treated as not printing it.",
        ("R19-7.2",),
        {"value": "ATK"},
    )


def test_ending_a_lasting_effect_ends_it_on_every_card_and_then_there_is_none() -> None:
    gu2 = copy_of(GU, "G2")
    actions = [
        {"do": "bonus", "card": "GU", "value": "ATK", "amount": 2, "effect": "Rally"},
        {"do": "lose", "card": "G2", "value": "ATK", "effect": "Rally"},
        {"do": "bonus", "card": "G2", "value": "DEF", "amount": 1, "effect": "Other"},
        {"do": "end_effect", "effect": "Rally"},
        {"do": "end_effect", "effect": "Rally"},
    ]
    result = run(scenario([GU, gu2], [placed("GU"), placed("G2")], actions))
    ends = [[(e.kind, e.card, e.text, e.rulings) for e in s.events if e.kind not in MARKERS] for s in result.steps[3:]]
    assert ends == [
        [
            ("effect_ended", "GU", "The effect 'Rally' on Unit GU (GU) ends.", ("R19-7.2",)),
            ("effect_ended", "G2", "The effect 'Rally' on Unit G2 (G2) ends.", ("R19-7.2",)),
        ],
        [("no_effect", None, "No lasting effect named 'Rally' is active.", ("R19-7.2",))],
    ]
    # what the ended effect gave and took is gone; the other effect stays
    values = result.steps[3].board.cards
    assert (dict(values["GU"].values)["ATK"], dict(values["G2"].values)["ATK"], dict(values["G2"].values)["DEF"]) == (
        1,
        1,
        4,
    )


# --------------------------------------------------------------------------
# R19-6.2: granting language


def test_a_grant_confers_a_value_not_printed_and_leaves_a_printed_one() -> None:
    assert log(
        [GU, CH],
        [placed("GU"), placed("CH")],
        {"do": "grant", "cards": ["GU", "CH"], "value": "Vote", "amount": 2},
        {"do": "grant", "card": "GU", "value": "DEF", "amount": 9},
    ) == [
        [
            (
                "grant",
                "GU",
                "Unit GU (GU) is granted Vote 2: granting language confers the value.",
                ("R19-6.2",),
                {"value": "Vote"},
            ),
            (
                "grant",
                "CH",
                "Character CH (CH) is granted Vote 2: granting language confers the value.",
                ("R19-6.2",),
                {"value": "Vote"},
            ),
        ],
        [
            (
                "grant",
                "GU",
                "Unit GU (GU) already prints DEF 3; it keeps its printed value.",
                ("R19-6.2",),
                {"value": "DEF"},
            )
        ],
    ]


# --------------------------------------------------------------------------
# A successful Liberation: R19-2.1 (Prime -> Contested, §12.2), R19-2.4 (CP from a Character), R19-7.5


RANKED_CONTESTED = permanent(
    "RC",
    {
        "Prime": {"type": "Location", "values": {"DEF": 3, "Rank": 2}},
        "Contested": {"type": "Location", "values": {"DEF": 2, "Rank": 1}},
    },
)


def test_a_successful_liberation_turns_a_prime_card_contested_and_says_when_it_does_nothing() -> None:
    cards = [GU, DRONE, LOC, RANKED_CONTESTED]
    board = [placed("GU"), placed("DR"), placed("RC", face="Contested"), placed("LOC")]
    nothing = "has no effect that §19 states (§12.2)."
    assert log(
        cards,
        board,
        {"do": "lose", "card": "GU", "value": "Rank", "effect": "Hex"},
        {"do": "liberate", "cards": ["GU", "DR", "RC", "LOC"]},
        {"do": "end_effect", "effect": "Hex"},
        {"do": "liberate", "card": "GU"},
    )[1:] == [
        [
            # R19-7.2 and R19-7.5: a card without Rank (lost, or never printed) cannot be Liberated
            (
                "no_effect",
                "GU",
                "Unit GU (GU) cannot be Liberated: it has lost Rank (Hex) and is treated as not printing it.",
                ("R19-7.2", "R19-7.5"),
                {},
            ),
            (
                "no_effect",
                "DR",
                "Unit DR (DR) cannot be Liberated: it prints no Rank: it has nothing there to use, not 0.",
                ("R19-7.1", "R19-7.5"),
                {},
            ),
            (
                "no_effect",
                "RC",
                f"A successful Liberation of Card RC (RC) (Contested face) {nothing}",
                ("I-R19-1",),
                {},
            ),
            (
                "face_change",
                "LOC",
                f"Location LOC (LOC) becomes Contested (successful Liberation, §12.2).{FLIP}",
                ("R19-2.1", "R19-4.1"),
                {"from": "Prime", "to": "Contested", "cause": "successful Liberation, §12.2"},
            ),
        ],
        [("effect_ended", "GU", "The effect 'Hex' on Unit GU (GU) ends.", ("R19-7.2",), {})],
        [("no_effect", "GU", f"A successful Liberation of Unit GU (GU) (unlabelled face) {nothing}", ("I-R19-1",), {})],
    ]


def test_liberating_two_prime_cards_turns_both() -> None:
    [events] = log([LOC, copy_of(LOC, "L2")], [placed("LOC"), placed("L2")], {"do": "liberate", "cards": ["LOC", "L2"]})
    # one effect, one moment: both turn together, in ID order (I-R19-11)
    assert [(kind, card, data) for kind, card, _, _, data in events] == [
        ("face_change", "L2", {"from": "Prime", "to": "Contested", "cause": "successful Liberation, §12.2"}),
        ("face_change", "LOC", {"from": "Prime", "to": "Contested", "cause": "successful Liberation, §12.2"}),
    ]


def test_liberating_characters_takes_the_cp_given_from_each() -> None:
    [events] = log(
        [CH, copy_of(CH, "C2")], [placed("CH"), placed("C2")], {"do": "liberate", "cards": ["CH", "C2"], "cp_loss": 1}
    )
    assert events == [
        ("cp_loss", "CH", "Character CH (CH) loses 1 CP to Liberation: CP 2.", ("R19-2.4",), {"amount": 1}),
        ("cp_loss", "C2", "Character C2 (C2) loses 1 CP to Liberation: CP 2.", ("R19-2.4",), {"amount": 1}),
    ]


def test_liberating_a_character_needs_the_cp_it_takes() -> None:
    # §12.2, which says how much CP a Liberation takes, is not published (I-R19-1): the scenario must say
    with pytest.raises(ScenarioError) as info:
        run(
            scenario(
                [GU, CH],
                [placed("GU"), placed("CH")],
                [{"do": "destroy", "card": "GU"}, {"do": "liberate", "card": "CH"}],
            )
        )
    assert str(info.value) == (
        "actions[1].cp_loss: expected the CP a successful Liberation takes from a Character (§12.2 is not published)"
        " (CH is a Character)"
    )


# --------------------------------------------------------------------------
# Entering the Map, a Storyline Binding (R19-3.3), the turn (R19-3.1)


def test_a_card_enters_the_map_on_the_face_given_and_a_storyline_binds_as_it_enters() -> None:
    cards = [GU, LOC, STORY, CH]
    board = [placed("GU"), placed("LOC", zone="Depleted Pile"), placed("ST", zone="hand"), placed("CH")]
    actions = [
        {"do": "enter", "card": "GU"},
        {"do": "enter", "card": "LOC", "face": "Contested"},
        {"do": "enter", "card": "ST", "bind": ["CH"]},
    ]
    result = run(scenario(cards, board, actions))
    events = [[(e.kind, e.card, e.text, e.rulings) for e in s.events if e.kind not in MARKERS] for s in result.steps]
    assert events == [
        [("no_effect", "GU", "Unit GU (GU) is already on the Map.", ("I-R19-1",))],
        [("entered", "LOC", "Location LOC (LOC) enters the Map on its Contested face.", ("I-R19-1",))],
        [
            ("entered", "ST", "Story (ST) enters the Map on its Prime face.", ("I-R19-1",)),
            (
                "bind",
                "CH",
                "Story (ST) Binds Character CH (CH) as it enters the Map (§8.10); Binding is not an activated ability.",
                ("R19-3.3",),
            ),
        ],
    ]
    last = result.steps[-1].board.cards
    assert (last["LOC"].zone, last["LOC"].face, last["ST"].zone, last["CH"].bound_to) == (
        "Map",
        "Contested",
        "Map",
        "ST",
    )


def test_a_new_phase_names_the_active_player_and_the_phase() -> None:
    result = run(
        scenario(
            [GU],
            [placed("GU")],
            [{"do": "set_phase", "phase": "Combat", "active": "B"}, {"do": "set_phase", "phase": "End"}],
        )
    )
    events = [[(e.kind, e.text, e.rulings, e.player) for e in s.events if e.kind not in MARKERS] for s in result.steps]
    assert events == [
        [("phase", "B's turn, Combat Phase.", ("R19-3.1",), "B")],
        [("phase", "B's turn, End Phase.", ("R19-3.1",), "B")],  # the same player's turn when none is given
    ]


# --------------------------------------------------------------------------
# Destroying, a Storyline leaving play, Redeem


def test_a_destroyed_drone_is_burned_and_any_other_card_goes_to_its_owners_depleted_pile() -> None:
    # R19-8.1 (§18.26): destroyed and placed in its owner's Depleted Pile, or Burned if it is a Drone
    assert log(
        [DRONE, GU, LOC], [placed("DR"), placed("GU"), placed("LOC")], {"do": "destroy", "cards": ["DR", "GU", "LOC"]}
    ) == [
        [
            ("destroyed", "DR", "Unit DR (DR) is destroyed and Burned.", ("I-R19-1", "R19-8.1"), {"zone": "Burned"}),
            (
                "destroyed",
                "GU",
                "Unit GU (GU) is destroyed and placed in its owner's Depleted Pile.",
                ("I-R19-1",),
                {"zone": "Depleted Pile"},
            ),
            (
                "destroyed",
                "LOC",
                "Location LOC (LOC) is destroyed and placed in its owner's Depleted Pile.",
                ("I-R19-1",),
                {"zone": "Depleted Pile"},
            ),
        ]
    ]


def test_only_a_storyline_leaves_play_and_its_bound_character_falls() -> None:
    # R19-2.3: route 3 of §7.7, the Storyline a Character is Bound to leaving play
    [events] = log(
        [GU, STORY, CH],
        [placed("GU"), placed("ST"), placed("CH", bound_to="ST")],
        {"do": "storyline_leaves", "cards": ["GU", "ST"]},
    )
    route = "the Storyline it was Bound to, Story (ST), left play (route 3 of §7.7)"
    assert events[:3] == [
        ("no_effect", "GU", "Unit GU (GU) is not a Storyline.", ("I-R19-1",), {}),
        (
            "left_play",
            "ST",
            "The Storyline Story (ST) leaves play (Depleted Pile).",
            ("R19-2.3",),
            {"zone": "Depleted Pile"},
        ),
        (
            "face_change",
            "CH",
            f"Character CH (CH) becomes Fallen ({route}).{FLIP}",
            ("R19-2.3", "R19-2.2", "R19-4.1"),
            {"from": "Prime", "to": "Fallen", "cause": route},
        ),
    ]


def test_a_storyline_leaving_play_is_not_destroyed() -> None:
    # R19-4.1: a destruction trigger does not fire on a card that merely leaves
    wreck = {"name": "Wreck", "type": "triggered", "on": "destroyed"}
    result = run(
        scenario([{**STORY, "abilities": [wreck]}], [placed("ST")], [{"do": "storyline_leaves", "card": "ST"}])
    )
    step = result.steps[0]
    assert ([e.kind for e in step.events], step.board.cards["ST"].zone) == (
        ["sequence_start", "left_play", "sequence_end"],
        "Depleted Pile",
    )


def test_redeem_turns_back_to_prime_only_a_card_with_a_prime_face_that_is_not_showing_it() -> None:
    cards = [LOC, GU, copy_of(LOC, "L2")]
    board = [placed("LOC"), placed("GU"), placed("L2", face="Contested")]
    nothing = "has no Prime face to flip back to, or is Prime already."
    assert log(cards, board, {"do": "redeem", "cards": ["LOC", "GU", "L2"]}) == [
        [
            ("no_effect", "LOC", f"Location LOC (LOC) {nothing}", ("R19-2.7",), {}),
            ("no_effect", "GU", f"Unit GU (GU) {nothing}", ("R19-2.7",), {}),
            (
                "face_change",
                "L2",
                f"Location L2 (L2) becomes Prime (Redeem clause flip-back, §7.8).{FLIP}",
                ("R19-2.7", "R19-4.1"),
                {"from": "Contested", "to": "Prime", "cause": "Redeem clause flip-back, §7.8"},
            ),
        ]
    ]


# --------------------------------------------------------------------------
# Morality Penalties: R19-2.3 (route 2 of §7.7), R19-4.4


@pytest.mark.parametrize(("amount", "falls"), [(2, False), (3, True), (4, True)])
def test_morality_penalties_make_a_prime_character_fall_at_0_cp_or_less_and_not_above(amount: int, falls: bool) -> None:
    result = run(
        scenario(
            [CH, copy_of(CH, "C2")],
            [placed("CH"), placed("C2")],
            [{"do": "morality_penalty", "cards": ["CH", "C2"], "amount": amount}],
        )
    )
    step = result.steps[0]
    flips = [(e.card, dict(e.data)["to"]) for e in step.events if e.kind == "face_change"]
    # one effect: both Fall at the same moment, which takes its cards in ID order (I-R19-11)
    assert flips == ([("C2", "Fallen"), ("CH", "Fallen")] if falls else [])
    assert [c.zone for c in step.board.cards.values()] == ["Map", "Map"]  # a Fall is a flip, not a destruction


def test_morality_penalties_to_0_cp_destroy_a_character_with_no_fallen_face() -> None:
    # R19-2.4: the Fall route needs a Fallen face to turn to; without one, 0 CP destroys the Character (§7.3)
    result = run(
        scenario(
            [character("CH", 2, fallen_cp=None)],
            [placed("CH")],
            [{"do": "morality_penalty", "card": "CH", "amount": 2}],
        )
    )
    step = result.steps[0]
    assert ([e.kind for e in step.events if e.kind in ("face_change", "destroyed")], step.board.cards["CH"].zone) == (
        ["destroyed"],
        "Depleted Pile",
    )


# --------------------------------------------------------------------------
# Damage and counters: R19-4.3, R19-8.2 (a Character prints DEF X), I-R19-5 (a Sabotage counter is -1 DEF)


def test_damage_and_counters_on_each_card_they_reach() -> None:
    result = run(
        scenario(
            [CH, GU, LOC],
            [placed("CH"), placed("GU"), placed("LOC")],
            [
                {"do": "add_counters", "cards": ["CH", "GU", "LOC"], "counter": "Sabotage", "n": 1},
                {"do": "add_counters", "cards": ["GU", "LOC"], "counter": "Liberation", "n": 2},
                {"do": "damage", "cards": ["CH", "GU"], "amount": 1},
            ],
        )
    )
    events = [
        [(e.kind, e.card, e.text, e.rulings, dict(e.data)) for e in s.events if e.kind not in MARKERS]
        for s in result.steps
    ]
    sabotage = {"counter": "Sabotage", "n": 1}
    liberation = {"counter": "Liberation", "n": 2}
    assert events == [
        [
            (
                "counters_added",
                "CH",
                "1 Sabotage counter on Character CH (CH) (now 1); a Character prints DEF X, so the penalty becomes"
                " damage instead.",
                ("I-R19-1", "I-R19-5", "R19-8.2"),
                sabotage,
            ),
            (
                "damage",
                "CH",
                "Character CH (CH) takes 1 damage instead of -1 DEF: CP 2.",
                ("I-R19-5", "R19-8.2"),  # §19.8 speaks of a penalty: the counter's is I-R19-5's reading
                {"amount": 1},
            ),
            (
                "counters_added",
                "GU",
                "1 Sabotage counter on Unit GU (GU) (now 1): DEF 2.",
                ("I-R19-1", "I-R19-5"),
                sabotage,
            ),
            (
                "counters_added",
                "LOC",
                "1 Sabotage counter on Location LOC (LOC) (now 1): DEF 2.",
                ("I-R19-1", "I-R19-5"),
                sabotage,
            ),
        ],
        [
            ("counters_added", "GU", "2 Liberation counters on Unit GU (GU) (now 2).", ("I-R19-1",), liberation),
            ("counters_added", "LOC", "2 Liberation counters on Location LOC (LOC) (now 2).", ("I-R19-1",), liberation),
        ],
        [
            ("damage", "CH", "Character CH (CH) takes 1 damage: CP 1.", ("R19-4.3",), {"amount": 1}),
            (
                "no_effect",
                "GU",
                "Damage to a Ground Unit follows rules not in §19 (§11.6); the engine models it for Characters only.",
                ("I-R19-1",),
                {},
            ),
        ],
    ]
    last = result.steps[-1].board.cards
    assert [dict(last[cid].counters) for cid in ("CH", "GU", "LOC")] == [
        {"Sabotage": 1, "damage": 2},
        {"Sabotage": 1, "Liberation": 2},
        {"Sabotage": 1, "Liberation": 2},
    ]
    assert [dict(last[cid].values)["DEF"] for cid in ("CH", "GU", "LOC")] == ["X", 2, 2]


def test_damage_counters_are_damage_and_more_counters_add_up() -> None:
    result = run(
        scenario(
            [CH, LOC],
            [placed("CH"), placed("LOC", counters={"Sabotage": 1})],
            [
                {"do": "add_counters", "card": "CH", "counter": "damage", "n": 2},
                {"do": "add_counters", "card": "LOC", "counter": "Sabotage", "n": 1},
            ],
        )
    )
    events = [
        [(e.kind, e.card, e.text, e.rulings) for e in s.events if e.kind not in MARKERS][:1] for s in result.steps
    ]
    assert events == [
        [("damage", "CH", "Character CH (CH) takes 2 damage: CP 1.", ("R19-4.3",))],
        [("counters_added", "LOC", "1 Sabotage counter on Location LOC (LOC) (now 2): DEF 1.", ("I-R19-1", "I-R19-5"))],
    ]


def test_a_liberation_counter_is_not_placed_on_a_card_without_rank() -> None:
    # R19-7.5: Ground Unit XCS prints no Rank, so it cannot be Liberated; R19-7.2: nor a card that lost its Rank
    result = run(
        scenario(
            [DRONE, GU],
            [placed("DR"), placed("GU")],
            [
                {"do": "lose", "card": "GU", "value": "Rank", "effect": "Hex"},
                {"do": "add_counters", "cards": ["DR", "GU"], "counter": "Liberation", "n": 1},
            ],
        )
    )
    events = [(e.kind, e.card, e.text, e.rulings) for e in result.steps[1].events if e.kind not in MARKERS]
    assert events == [
        (
            "no_effect",
            "DR",
            "Unit DR (DR) cannot be Liberated: it prints no Rank: it has nothing there to use, not 0. No Liberation"
            " counter is placed.",
            ("R19-7.1", "R19-7.5"),
        ),
        (
            "no_effect",
            "GU",
            "Unit GU (GU) cannot be Liberated: it has lost Rank (Hex) and is treated as not printing it. No Liberation"
            " counter is placed.",
            ("R19-7.2", "R19-7.5"),
        ),
    ]
    assert [dict(c.counters) for c in result.steps[1].board.cards.values()] == [{}, {}]


# --------------------------------------------------------------------------
# Penalties and bonuses: R19-6.1, R19-7, R19-7.1, R19-7.2, R19-8, R19-8.2, I-R19-6


def test_a_penalty_reduces_a_printed_value_and_a_characters_x_takes_damage_or_cp_loss_instead() -> None:
    cards = [CH, GU, LOC]
    board = [placed("CH"), placed("GU"), placed("LOC")]
    steps = log(
        cards,
        board,
        {"do": "penalty", "cards": ["CH", "GU"], "value": "DEF", "amount": 1},
        {"do": "penalty", "cards": ["CH", "GU"], "value": "Rank", "amount": 1},
        {"do": "lose", "card": "GU", "value": "ATK", "effect": "Hex"},
        {"do": "penalty", "cards": ["GU", "LOC"], "value": "ATK", "amount": 1},
        {"do": "end_effect", "effect": "Hex"},
        {"do": "penalty", "cards": ["GU", "LOC"], "value": "ATK", "amount": 1},
    )
    assert steps[0] == [
        (
            "penalty",
            "CH",
            "-1 DEF to Character CH (CH): a Character prints DEF X, so it takes damage instead (§7.5).",
            ("R19-8.2",),
            {},
        ),
        ("damage", "CH", "Character CH (CH) takes 1 damage instead of -1 DEF: CP 2.", ("R19-8.2",), {"amount": 1}),
        ("penalty", "GU", "-1 DEF to Unit GU (GU): DEF 2.", ("R19-8",), {}),
    ]
    assert steps[1] == [
        (
            "penalty",
            "CH",
            "-1 Rank to Character CH (CH): a Character prints Rank X, so it takes CP loss instead (§7.5).",
            ("R19-8.2",),
            {},
        ),
        (
            "cp_loss",
            "CH",
            "Character CH (CH) loses 1 CP to CP loss instead of -1 Rank: CP 1.",
            ("R19-8.2",),
            {"amount": 1},
        ),
        ("penalty", "GU", "-1 Rank to Unit GU (GU): Rank 1.", ("R19-8",), {}),
    ]
    assert steps[3] == [
        (
            "no_effect",
            "GU",
            "-1 ATK to Unit GU (GU): it has lost ATK (Hex) and is treated as not printing it; there is nothing to"
            " reduce.",
            ("R19-7.2",),
            {},
        ),
        (
            "no_effect",
            "LOC",
            "-1 ATK to Location LOC (LOC): it prints no ATK: it has nothing there to use, not 0; there is nothing to"
            " reduce.",
            ("R19-7.1",),
            {},
        ),
    ]
    # R19-7.3: ATK 1 - 1 is ATK 0, a value; R19-7: a value other than DEF and Rank
    assert steps[5][0] == ("penalty", "GU", "-1 ATK to Unit GU (GU): ATK 0.", ("R19-7",), {})


def test_a_named_penalty_ends_with_its_effect() -> None:
    result = run(
        scenario(
            [GU],
            [placed("GU")],
            [
                {"do": "penalty", "card": "GU", "value": "DEF", "amount": 2, "effect": "Drain"},
                {"do": "end_effect", "effect": "Drain"},
            ],
        )
    )
    assert [dict(s.board.cards["GU"].values)["DEF"] for s in result.steps] == [1, 3]


def test_a_bonus_adds_only_to_a_number_the_card_has() -> None:
    g2 = copy_of(GU, "G2")
    steps = log(
        [CH, GU, g2, LOC],
        [placed("CH"), placed("GU"), placed("G2", owner="B"), placed("LOC")],
        {"do": "lose", "card": "G2", "value": "ATK", "effect": "Hex"},
        {"do": "bonus", "cards": ["CH", "GU", "G2", "LOC"], "value": "ATK", "amount": 2},
        {"do": "bonus", "card": "CH", "value": "DEF", "amount": 1},
        {"do": "bonus", "classes": ["Ground Unit"], "value": "DEF", "amount": 1},
        {"do": "bonus", "classes": ["Spacecraft"], "value": "DEF", "amount": 1},
        {"do": "bonus", "classes": ["Ground Unit", "Location"], "controller": "B", "value": "Rank", "amount": 3},
        {"do": "bonus", "classes": ["Storyline"], "controller": "B", "value": "Rank", "amount": 3},
    )
    nothing = "Nothing is added to nothing (not an error)."
    assert steps[1] == [
        (
            "bonus_dead",
            "CH",
            f"+2 ATK to Character CH (CH) does nothing: it prints no ATK: it has nothing there to use, not 0. {nothing}",
            ("R19-6.1", "R19-7.1"),
            {"value": "ATK"},
        ),
        ("bonus_live", "GU", "+2 ATK to Unit GU (GU): ATK 3.", ("R19-6.1",), {"value": "ATK"}),
        (
            "bonus_dead",
            "G2",
            f"+2 ATK to Unit G2 (G2) does nothing: it has lost ATK (Hex) and is treated as not printing it. {nothing}",
            ("R19-6.1", "R19-7.2"),
            {"value": "ATK"},
        ),
        (
            "bonus_dead",
            "LOC",
            f"+2 ATK to Location LOC (LOC) does nothing: it prints no ATK: it has nothing there to use, not 0. {nothing}",
            ("R19-6.1", "R19-7.1"),
            {"value": "ATK"},
        ),
    ]
    # I-R19-6: DEF X is not a number to add to
    assert steps[2] == [
        (
            "bonus_dead",
            "CH",
            "+1 DEF to Character CH (CH) does nothing: a Character prints DEF X, not a number, so there is no number"
            f" to add to. {nothing}",
            ("I-R19-6", "R19-8.2"),
            {"value": "DEF"},
        )
    ]
    # every card of a class is reached at once: in ID order, not in the board's order (I-R19-11)
    assert steps[3] == [
        ("bonus_live", "G2", "+1 DEF to Unit G2 (G2): DEF 4.", ("R19-6.1",), {"value": "DEF"}),
        ("bonus_live", "GU", "+1 DEF to Unit GU (GU): DEF 4.", ("R19-6.1",), {"value": "DEF"}),
    ]
    assert steps[4:] == [
        [("no_effect", None, "+1 DEF: no card matches (Spacecraft).", ("R19-6.1",), {})],
        [("bonus_live", "G2", "+3 Rank to Unit G2 (G2): Rank 5.", ("R19-6.1",), {"value": "Rank"})],
        [("no_effect", None, "+3 Rank: no card matches (Storylines controlled by B).", ("R19-6.1",), {})],
    ]


def test_a_controller_narrows_named_cards_and_the_step_says_so() -> None:
    """``controller`` keeps only the cards that player controls, named ones too: GU (B's) gets nothing from a
    bonus for A's cards, and the step's own words name the filter, so "+1 DEF to GU" never reads as if GU got it."""
    g2 = copy_of(GU, "G2")
    result = run(
        scenario(
            [GU, g2],
            [placed("GU", owner="B"), placed("G2")],
            [
                {"do": "bonus", "card": "GU", "controller": "A", "value": "DEF", "amount": 1},
                {"do": "bonus", "cards": ["GU", "G2"], "controller": "A", "value": "DEF", "amount": 1},
            ],
        )
    )
    first, second = (
        [(e.kind, e.card, e.text) for e in step.events if e.kind != "sequence_end"] for step in result.steps
    )
    assert first[0][2].startswith("Sequence begins: +1 DEF to GU controlled by A.")
    assert first[1:] == [("no_effect", None, "+1 DEF: no card matches (GU controlled by A).")]
    assert second[0][2].startswith("Sequence begins: +1 DEF to GU, G2 controlled by A.")
    assert second[1:] == [("bonus_live", "G2", "+1 DEF to Unit G2 (G2): DEF 4.")]


# --------------------------------------------------------------------------
# Flips: R19-2, R19-2.1, R19-2.3 (the four routes), R19-2.6, R19-2.7, R19-4.1


FALLEN_LOC = permanent(
    "FL", {"Prime": {"type": "Location", "values": {"DEF": 3}}, "Fallen": {"type": "Location", "values": {"DEF": 2}}}
)


@pytest.mark.parametrize(
    ("start", "to", "cause", "logged"),
    [
        # the causes §19.2 lists, each with the section it cites
        ("Prime", "Contested", "combat destruction", "combat destruction, §11.7"),
        ("Prime", "Contested", "Liberation", "Liberation, §12.2"),
        ("Prime", "Contested", "own ability", "own ability"),
        ("Prime", "Contested", "other effect", "other effect"),
        ("Contested", "Prime", "Redeem", "Redeem, §7.8"),
        ("Contested", "Prime", "re-buy", "re-buy, §13.2"),
        ("Contested", "Prime", "own combat destruction", "own combat destruction, §11.7"),
    ],
)
def test_a_flip_names_its_cause_and_the_section_behind_it(start: str, to: str, cause: str, logged: str) -> None:
    [events] = log([LOC], [placed("LOC", face=start)], {"do": "flip", "card": "LOC", "to": to, "cause": cause})
    ruling = "R19-2.1" if to == "Contested" else "R19-2.7"
    assert events == [
        (
            "face_change",
            "LOC",
            f"Location LOC (LOC) becomes {to} ({logged}).{FLIP}",
            (ruling, "R19-4.1"),
            {"from": start, "to": to, "cause": logged},
        )
    ]


def test_a_flip_skips_a_card_without_that_face_or_already_on_it() -> None:
    l2 = copy_of(LOC, "L2")
    steps = log(
        [LOC, FALLEN_LOC, l2],
        [placed("LOC"), placed("FL"), placed("L2", face="Contested")],
        {"do": "flip", "classes": ["Location"], "to": "Fallen"},
        {"do": "flip", "cards": ["L2", "LOC"], "to": "Contested"},
    )
    # every Location is reached in ID order (FL, L2, LOC); the flips the effect makes happen together once
    # it has reached them all (I-R19-11)
    assert steps == [
        [
            ("no_effect", "L2", "Location L2 (L2) has no Fallen face; nothing happens.", ("I-R19-1",), {}),
            ("no_effect", "LOC", "Location LOC (LOC) has no Fallen face; nothing happens.", ("I-R19-1",), {}),
            # R19-2.6: any effect flips a non-Character permanent to Fallen
            (
                "face_change",
                "FL",
                f"Card FL (FL) becomes Fallen (other effect).{FLIP}",
                ("R19-2.2", "R19-2.6", "R19-4.1"),
                {"from": "Prime", "to": "Fallen", "cause": "other effect"},
            ),
        ],
        [
            ("no_effect", "L2", "Location L2 (L2) is already Contested.", ("R19-2",), {}),
            (
                "face_change",
                "LOC",
                f"Location LOC (LOC) becomes Contested (other effect).{FLIP}",
                ("R19-2.1", "R19-4.1"),
                {"from": "Prime", "to": "Contested", "cause": "other effect"},
            ),
        ],
    ]


ROUTES = (
    "a Character becomes Fallen only by the four routes of §7.7 (a Storyline's text, Morality Penalties to 0 CP, its"
    " Bound Storyline leaving play, its own Twist)."
)
"""R19-2.3: the four routes, in the text's order."""
BY_STORY = "the text of the Storyline Story (ST) (route 1 of §7.7)"


def test_only_a_storylines_text_flips_a_character_to_fallen_wherever_the_storyline_is() -> None:
    st2 = {**copy_of(STORY, "S2")}
    cards = [STORY, st2, GU, CH, copy_of(CH, "C2")]
    board = [placed("ST"), placed("S2", zone="hand"), placed("GU"), placed("CH"), placed("C2")]
    steps = log(
        cards,
        board,
        {"do": "flip", "cards": ["CH", "C2"], "to": "Fallen", "cause": "own ability"},
        {"do": "flip", "cards": ["CH", "C2"], "to": "Fallen", "source": "GU"},
        {"do": "flip", "cards": ["CH", "C2"], "to": "Fallen", "source": "S2"},
        {"do": "flip", "cards": ["CH", "C2"], "to": "Fallen", "source": "ST"},
    )
    assert steps[0] == [
        ("no_effect", "CH", f"Flip Character CH (CH) to Fallen (own ability) does nothing: {ROUTES}", ("R19-2.3",), {}),
        ("no_effect", "C2", f"Flip Character C2 (C2) to Fallen (own ability) does nothing: {ROUTES}", ("R19-2.3",), {}),
    ]
    assert steps[1] == [
        (
            "no_effect",
            "CH",
            f"Flip Character CH (CH) to Fallen (other effect) does nothing: {ROUTES}",
            ("R19-2.3",),
            {},
        ),
        (
            "no_effect",
            "C2",
            f"Flip Character C2 (C2) to Fallen (other effect) does nothing: {ROUTES}",
            ("R19-2.3",),
            {},
        ),
    ]
    # R19-2.3: route 1 is "a Storyline's text", with no condition on where the Storyline is: S2's text, from
    # the hand, flips both (one effect, one moment: in ID order, each step for both before the next)
    from_hand = "the text of the Storyline Story S2 (S2), from the hand (route 1 of §7.7)"
    assert kinds(steps[2]) == [
        ("face_change", "C2"),
        ("face_change", "CH"),
        ("no_story_point", "C2"),
        ("no_story_point", "CH"),
    ]
    assert steps[2][1] == (
        "face_change",
        "CH",
        f"Character CH (CH) becomes Fallen ({from_hand}).{FLIP}",
        ("R19-2.3", "I-R19-11", "R19-2.2", "R19-4.1"),
        {"from": "Prime", "to": "Fallen", "cause": from_hand},
    )
    # the Characters are Fallen now, so the Storyline on the Map finds nothing to flip
    assert kinds(steps[3]) == [("no_effect", "CH"), ("no_effect", "C2")]


def test_a_storylines_text_on_the_map_flips_a_character_to_fallen() -> None:
    [events] = log(
        [STORY, CH, copy_of(CH, "C2")],
        [placed("ST"), placed("CH"), placed("C2")],
        {"do": "flip", "cards": ["CH", "C2"], "to": "Fallen", "source": "ST"},
    )
    assert kinds(events) == [
        ("face_change", "C2"),
        ("face_change", "CH"),
        ("no_story_point", "C2"),
        ("no_story_point", "CH"),
    ]
    assert events[1] == (
        "face_change",
        "CH",
        f"Character CH (CH) becomes Fallen ({BY_STORY}).{FLIP}",
        ("R19-2.3", "R19-2.2", "R19-4.1"),
        {"from": "Prime", "to": "Fallen", "cause": BY_STORY},
    )


def test_a_storylines_own_ability_is_its_text() -> None:
    story = {
        **STORY,
        "abilities": [{"name": "Own", "type": "activated", "effects": [{"do": "flip", "card": "CH", "to": "Fallen"}]}],
    }
    [events] = log([story, CH], [placed("ST"), placed("CH")], activate("ST"))
    assert events[0] == (
        "face_change",
        "CH",
        f"Character CH (CH) becomes Fallen ({BY_STORY}).{FLIP}",
        ("R19-2.3", "R19-2.2", "R19-4.1"),
        {"from": "Prime", "to": "Fallen", "cause": BY_STORY},
    )


# --------------------------------------------------------------------------
# A Character's own Twist: route 4 of §7.7 (R19-2.3)

TWIST = "its own Twist (route 4 of §7.7)"


def twist_fall(cid: str) -> Logged:
    return (
        "face_change",
        cid,
        f"Character {cid} ({cid}) becomes Fallen ({TWIST}).{FLIP}",
        ("R19-2.3", "R19-2.2", "R19-4.1"),
        {"from": "Prime", "to": "Fallen", "cause": TWIST},
    )


def test_only_a_characters_own_twist_makes_it_fall() -> None:
    no_fallen = character("C0", 3, fallen_cp=None)
    cards = [GU, CH, copy_of(CH, "C2"), no_fallen]
    board = [placed("GU"), placed("CH"), placed("C2", face="Fallen"), placed("C0")]
    steps = log(
        cards,
        board,
        {"do": "twist", "cards": ["CH", "C0"], "source": "GU"},
        {"do": "twist", "cards": ["C2", "C0", "CH"]},
        {"do": "redeem", "card": "CH"},
        {"do": "twist", "card": "CH", "source": "CH"},
    )
    other = "cannot make {} Fall: only a Character's own Twist is a route."
    assert steps[0] == [
        ("no_effect", "CH", "A Twist of Unit GU (GU) " + other.format("Character CH (CH)"), ("R19-2.3",), {}),
        ("no_effect", "C0", "A Twist of Unit GU (GU) " + other.format("Character C0 (C0)"), ("R19-2.3",), {}),
    ]
    assert steps[1][:3] == [
        ("no_effect", "C2", "Character C2 (C2) has no Fallen face, or is Fallen already.", ("R19-2.3",), {}),
        ("no_effect", "C0", "Character C0 (C0) has no Fallen face, or is Fallen already.", ("R19-2.3",), {}),
        twist_fall("CH"),
    ]
    assert steps[3][0] == twist_fall("CH")


def test_a_characters_twist_ability_on_self_makes_it_fall() -> None:
    [events] = log([self_ability(CH, {"do": "twist"})], [placed("CH")], activate("CH"))
    assert events[0] == twist_fall("CH")


def test_an_effect_whose_source_is_self_is_its_own_cards_twist() -> None:
    """``source: self`` in an ability's effect names the ability's own card, as leaving it out does:
    the scenario is accepted and the Twist is the Character's own (route 4 of §7.7)."""
    [events] = log([self_ability(CH, {"do": "twist", "source": "self"})], [placed("CH")], activate("CH"))
    assert events[0] == twist_fall("CH")


def test_a_granted_value_is_the_value_granted_even_0() -> None:
    # R19-6.2: granting language confers the value; R19-7.3: 0 is a value
    result = run(
        scenario(
            [GU],
            [placed("GU")],
            [
                {"do": "grant", "card": "GU", "value": "Vote", "amount": 0, "effect": "Seat"},
                {"do": "grant", "card": "GU", "value": "Vox", "amount": 2},
                {"do": "end_effect", "effect": "Seat"},
            ],
        )
    )
    values = [{k: v for k, v in s.board.cards["GU"].values if k in ("Vote", "Vox")} for s in result.steps]
    assert values == [{"Vote": 0}, {"Vote": 0, "Vox": 2}, {"Vox": 2}]
    # the lasting effects on the card, as the board shows them
    assert [s.board.cards["GU"].effects for s in result.steps] == [
        ("has Vote 0 (Seat)",),
        ("has Vote 0 (Seat)", "has Vox 2"),
        ("has Vox 2",),
    ]


def test_a_twist_in_another_cards_ability_is_not_the_characters_own() -> None:
    # R19-2.3: only a Character's own Twist is a route; an ability's text is its own card's
    other = {**GU, "abilities": [{"name": "Own", "type": "activated", "effects": [{"do": "twist", "card": "CH"}]}]}
    [events] = log([other, CH], [placed("GU"), placed("CH")], activate("GU"))
    assert events == [
        (
            "no_effect",
            "CH",
            "A Twist of Unit GU (GU) cannot make Character CH (CH) Fall: only a Character's own Twist is a route.",
            ("R19-2.3",),
            {},
        )
    ]


def test_cp_losses_on_one_face_add_up() -> None:
    steps = log(
        [CH],
        [placed("CH")],
        {"do": "cp_loss", "card": "CH", "amount": 1},
        {"do": "cp_loss", "card": "CH", "amount": 1},
    )
    assert steps == [
        [("cp_loss", "CH", "Character CH (CH) loses 1 CP to CP loss: CP 2.", ("R19-2.4",), {"amount": 1})],
        [("cp_loss", "CH", "Character CH (CH) loses 1 CP to CP loss: CP 1.", ("R19-2.4",), {"amount": 1})],
    ]


# --------------------------------------------------------------------------
# The questions: R19-3.1 (can an ability be used now?), R19-7 (what a card can do with the values it has)


def test_each_question_is_asked_about_the_card_named() -> None:
    cards = [self_ability(GU, {"do": "destroy"}), LOC]
    result = run(
        scenario(
            cards,
            [placed("GU"), placed("LOC")],
            [{"do": "capabilities", "card": "GU"}, {"do": "can_activate", "card": "GU", "ability": "Own"}],
        )
    )
    asked = [[(e.card, e.text.partition("? ")[0], dict(e.data)["answer"]) for e in s.events] for s in result.steps]
    # R19-7.1: a value it does not print leaves it out; R19-7.2: intercepting needs no attack; R19-3.1: Fast
    assert asked == [
        [
            ("GU", "Can Unit GU (GU) attack", True),
            ("GU", "Can Unit GU (GU) return fire", True),
            ("GU", "Can Unit GU (GU) intercept", True),
            ("GU", "Can Unit GU (GU) Vote", False),
            ("GU", "Can Unit GU (GU) be Liberated", True),
            ("GU", "Can Unit GU (GU) use Vox", False),
            ("GU", "Can Unit GU (GU) use Income", False),
        ],
        [("GU", "Can A activate Own of Unit GU (GU) now (Admin Phase; active player A)", True)],
    ]


def test_sabotage_counters_need_no_rank() -> None:
    # I-R19-5: a Sabotage counter is -1 DEF; only a Liberation counter needs a Rank (R19-7.5)
    [events] = log([DRONE], [placed("DR")], {"do": "add_counters", "card": "DR", "counter": "Sabotage", "n": 2})
    assert events[0] == (
        "counters_added",
        "DR",
        "2 Sabotage counters on Unit DR (DR) (now 2): DEF 1.",
        ("I-R19-1", "I-R19-5"),
        {"counter": "Sabotage", "n": 2},
    )


def test_entering_several_cards_skips_one_already_on_the_map_and_brings_in_the_rest() -> None:
    result = run(
        scenario([GU, LOC], [placed("GU"), placed("LOC", zone="hand")], [{"do": "enter", "cards": ["GU", "LOC"]}])
    )
    events = [(e.kind, e.card, e.text, e.rulings) for e in result.steps[0].events if e.kind not in MARKERS]
    assert events == [
        ("no_effect", "GU", "Unit GU (GU) is already on the Map.", ("I-R19-1",)),
        ("entered", "LOC", "Location LOC (LOC) enters the Map on its Prime face.", ("I-R19-1",)),
    ]
    assert result.steps[0].board.cards["LOC"].zone == "Map"


def test_a_bonus_to_def_x_does_nothing_and_the_next_card_still_gets_it() -> None:
    # I-R19-6: a Character's DEF X has no number to add to; R19-6.1: the unit's printed DEF 3 takes the +1
    [events] = log(
        [CH, GU], [placed("CH"), placed("GU")], {"do": "bonus", "cards": ["CH", "GU"], "value": "DEF", "amount": 1}
    )
    assert kinds(events) == [("bonus_dead", "CH"), ("bonus_live", "GU")]
    assert events[1] == ("bonus_live", "GU", "+1 DEF to Unit GU (GU): DEF 4.", ("R19-6.1",), {"value": "DEF"})
