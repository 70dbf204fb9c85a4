"""The §19 page's sample cards and the short way to play them (estro_rules.r19.samples).

The cards are invented, but each one stands for a case "19. Resolution Rules" names: a Character
printing DEF X and Rank X (§19.8), the Ground Unit XCS (XX-GRD-001) that prints no Rank (§19.7), a
Drone that is Burned (§19.8), an activated ability whose text says "Use only during your turn"
(§19.3)... These tests check that the cards say what the source says, that the helpers building them
give the faces the source names, and that ``play`` runs its actions with the players, active player
and phase it is given. The helpers are called here directly, not only through SAMPLE_CARDS: the cards
are built once, at import, before mutation testing switches a mutant of a helper on.
"""

from __future__ import annotations

from typing import Any

from estro_rules.r19.samples import (
    SAMPLE_CARDS,
    WAR_CRIME,
    _character,
    _two_faced,
    _unit,
    brief,
    play,
    sample_scenario,
)


def faces(cid: str) -> dict[str, Any]:
    found: dict[str, Any] = SAMPLE_CARDS[cid]["faces"]
    return found


# --------------------------------------------------------------------------
# The builders


def test_a_character_prints_def_x_and_rank_x_on_its_prime_and_fallen_faces() -> None:
    # §19.8: "A Character prints DEF X and Rank X"; §19.2 names its faces Prime and Fallen.
    built = _character("CH-1", "Test Colonel", {"ATK": 2, "CP": 3}, {"ATK": 3, "CP": 2}, [WAR_CRIME])
    assert built == {
        "id": "CH-1",
        "name": "Test Colonel",
        "faces": {
            "Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "ATK": 2, "CP": 3}},
            "Fallen": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "ATK": 3, "CP": 2}},
        },
        "abilities": [{"name": "War Crime", "type": "triggered", "on": "destroyed"}],
    }
    assert list(built["faces"]) == ["Prime", "Fallen"]


def test_a_character_without_a_fallen_face_has_only_its_prime_face() -> None:
    assert _character("CH-2", "Test Clerk", {"CP": 2}, None, []) == {
        "id": "CH-2",
        "name": "Test Clerk",
        "faces": {"Prime": {"type": "Character", "values": {"DEF": "X", "Rank": "X", "CP": 2}}},
        "abilities": [],
    }


def test_a_ground_unit_has_one_unlabelled_face() -> None:
    assert _unit("GU-1", "Test Trooper", {"ATK": 1, "DEF": 2}) == {
        "id": "GU-1",
        "name": "Test Trooper",
        "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"ATK": 1, "DEF": 2}}},
        "abilities": [],
    }


def test_a_drone_is_a_ground_unit_of_subtype_drone_and_keeps_its_abilities() -> None:
    patch = {"name": "Patch Up", "type": "activated"}
    assert _unit("GU-2", "Test Drone", {"DEF": 1}, drone=True, abilities=[patch]) == {
        "id": "GU-2",
        "name": "Test Drone",
        "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 1}, "subtypes": ["Drone"]}},
        "abilities": [{"name": "Patch Up", "type": "activated"}],
    }


def test_a_two_faced_card_has_a_prime_face_and_its_other_face() -> None:
    built = _two_faced("LOC-1", "Test Site", "Location", {"DEF": 3}, "Contested", {"DEF": 2}, subtypes=["Surface"])
    assert built == {
        "id": "LOC-1",
        "name": "Test Site",
        "faces": {
            "Prime": {"type": "Location", "values": {"DEF": 3}, "subtypes": ["Surface"]},
            "Contested": {"type": "Location", "values": {"DEF": 2}, "subtypes": ["Surface"]},
        },
    }
    assert list(built["faces"]) == ["Prime", "Contested"]


# --------------------------------------------------------------------------
# The cards say what §19 says


def test_the_sample_characters_print_def_x_and_rank_x() -> None:
    # §19.8: a Character prints DEF X and Rank X, so a penalty never takes either to 0.
    for cid in ("CH-031", "CH-061"):
        for face in faces(cid).values():
            assert (face["type"], face["values"]["DEF"], face["values"]["Rank"]) == ("Character", "X", "X"), cid
    assert list(faces("CH-031")) == ["Prime", "Fallen"]
    assert list(faces("CH-061")) == ["Prime"]


def test_xcs_is_a_ground_unit_that_prints_no_rank() -> None:
    # §19.7: "Ground Unit XCS (XX-GRD-001) prints no Rank, so it cannot be Liberated."
    card = SAMPLE_CARDS["XX-GRD-001"]
    assert (card["name"], list(card["faces"])) == ("XCS", ["Unlabelled"])
    assert card["faces"]["Unlabelled"]["type"] == "Ground Unit"
    assert "Rank" not in card["faces"]["Unlabelled"]["values"]


def test_no_sample_card_prints_def_or_rank_at_zero() -> None:
    # §19.8: "No card in the current pool prints DEF 0 or Rank 0" — a card printed at 0 would be
    # destroyed or broken on entry.
    printed = [
        (cid, label, stat)
        for cid, card in SAMPLE_CARDS.items()
        for label, face in card["faces"].items()
        for stat, value in face.get("values", {}).items()
        if stat in ("DEF", "Rank") and value == 0
    ]
    assert printed == []


def test_the_drone_is_burned_when_its_def_reaches_0() -> None:
    # §19.8: a unit at DEF 0 is destroyed and placed in its owner's Depleted Pile, or Burned if a Drone.
    assert faces("XX-DRN-004")["Unlabelled"]["subtypes"] == ["Drone"]
    [drone] = play(["XX-DRN-004"], [{"do": "penalty", "card": "XX-DRN-004", "value": "DEF", "amount": 2}])
    assert brief(drone) == {"destroyed": ["XX-DRN-004"], "zones": {"Burned": ["XX-DRN-004"]}}
    [unit] = play(["XX-GRD-001"], [{"do": "penalty", "card": "XX-GRD-001", "value": "DEF", "amount": 2}])
    assert brief(unit) == {"destroyed": ["XX-GRD-001"], "zones": {"Depleted Pile": ["XX-GRD-001"]}}


def test_vox_is_printed_by_some_ground_units_only() -> None:
    # §19.6: "Vox is printed by Characters and by some Ground Units".
    assert faces("GU-011")["Unlabelled"]["values"] == {"ATK": 1, "DEF": 3, "Rank": 1, "Vox": 1}
    assert "Vox" not in faces("GU-012")["Unlabelled"]["values"]
    assert faces("CH-031")["Prime"]["values"]["Vox"] == 1


def test_capital_spacecraft_have_a_contested_face_and_non_capital_ones_do_not() -> None:
    # §19.8: a Prime Capital Spacecraft flips to its Contested face; a Non-Capital Spacecraft "has no
    # Contested face".
    assert {label: face["type"] for label, face in faces("SC-090").items()} == {
        "Prime": "Capital Spacecraft",
        "Contested": "Capital Spacecraft",
    }
    assert {label: face["type"] for label, face in faces("SC-091").items()} == {"Prime": "Non-Capital Spacecraft"}


def test_the_abilities_section_19_3_names() -> None:
    # §19.3: a printed restriction such as "Use only during your turn"; Bind is not an activated
    # ability; Income in the Admin Phase is resource generation, not an activated ability.
    assert SAMPLE_CARDS["GU-050"]["abilities"] == [
        {"name": "Patch Up", "type": "activated"},
        {"name": "Overclock", "type": "activated", "use_only": "your turn", "text": "Use only during your turn."},
    ]
    assert SAMPLE_CARDS["ST-007"]["abilities"] == [{"name": "Bind", "type": "bind"}]
    assert list(faces("ST-007")) == ["Prime", "Reversal"]  # §19.5's "Reversal" face of a Storyline
    assert SAMPLE_CARDS["LOC-051"]["abilities"] == [{"name": "Income", "type": "resource", "phase": "Admin"}]


def test_war_crime_is_keyed_to_destruction() -> None:
    # §19.4: "Triggers keyed to destruction (e.g., War Crime) do not fire on flips."
    assert WAR_CRIME == {"name": "War Crime", "type": "triggered", "on": "destroyed"}
    assert SAMPLE_CARDS["CH-031"]["abilities"][0] == WAR_CRIME


# --------------------------------------------------------------------------
# Scenarios and play


def test_a_scenarios_cards_are_its_own_copies() -> None:
    # A scenario is the JSON the sandbox edits: editing its cards leaves the sample cards as printed.
    scenario = sample_scenario(["CH-031"], [])
    scenario["cards"][0]["faces"]["Prime"]["values"]["ATK"] = 9
    scenario["cards"][0]["abilities"].clear()
    assert SAMPLE_CARDS["CH-031"]["faces"]["Prime"]["values"]["ATK"] == 2
    assert [a["name"] for a in SAMPLE_CARDS["CH-031"]["abilities"]] == ["War Crime", "Bitter Oath"]


PATCH_UP = {"do": "can_activate", "card": "GU-050", "ability": "Patch Up"}
OVERCLOCK = {"do": "can_activate", "card": "GU-050", "ability": "Overclock"}


def answers(steps: tuple[Any, ...]) -> list[str]:
    return [a for s in steps for a in brief(s)["answers"]]


def test_play_runs_in_the_admin_phase_with_the_first_player_active_by_default() -> None:
    # R19-3.1: an activated ability is Fast by default; the Admin Phase is open to it.
    assert answers(play(["GU-050"], [PATCH_UP])) == [
        "Can Ana activate Patch Up of Field Engineer (GU-050) now (Admin Phase; active player Ana)?: yes"
    ]


def test_play_takes_the_players_the_active_player_and_the_phase_it_is_given() -> None:
    assert answers(play(["GU-050"], [PATCH_UP], players=("Cy", "Di"))) == [
        "Can Cy activate Patch Up of Field Engineer (GU-050) now (Admin Phase; active player Cy)?: yes"
    ]
    # R19-3.1: not in the End Phase.
    assert answers(play(["GU-050"], [PATCH_UP], phase="End")) == [
        "Can Ana activate Patch Up of Field Engineer (GU-050) now (End Phase; active player Ana)?: no"
    ]
    # R19-3.2: "Use only during your turn" — Ben's Overclock on Ben's turn, not on Ana's.
    ben = [{"card": "GU-050", "owner": "Ben"}]
    assert answers(play(ben, [OVERCLOCK], active="Ben")) == [
        "Can Ben activate Overclock of Field Engineer (GU-050) now (Admin Phase; active player Ben)?: yes"
    ]
    assert answers(play(ben, [OVERCLOCK])) == [
        "Can Ben activate Overclock of Field Engineer (GU-050) now (Admin Phase; active player Ana)?: no"
    ]
