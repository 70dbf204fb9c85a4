"""Reading a §19 scenario (kinds.py): what a field left out means, what a placed card starts as, and
running the result.

The defaults are typed here from the scenario format (the fields' help: a card's ID is its card
number, its controller its owner, its face its first face, the active player the first player).
"""

from __future__ import annotations

from estro_rules.r19.kinds import Placement, load_sequence_data, run_scenario
from tests.support.r19 import STORY, character, load_like_runner, location, run, scenario, unit

CARDS = [unit("GU", {"ATK": 1, "DEF": 2}), location("LOC", 3, 2), character("CH", 3), STORY]
ASK = [{"do": "capabilities", "card": "GU"}]


def test_a_card_left_to_the_defaults_is_its_number_on_the_map_on_its_first_face() -> None:
    loaded = load_like_runner(scenario(CARDS, [{"card": "LOC", "owner": "B"}], [{"do": "capabilities", "card": "LOC"}]))
    assert loaded.placements == (Placement("LOC", "B", id="LOC", controller="B", zone="Map", face="Prime", counters={}),)


def test_a_placed_card_keeps_what_it_is_given() -> None:
    board = [
        {"card": "ST", "owner": "B", "face": "Reversal"},
        {
            "card": "CH",
            "id": "CH-2",
            "owner": "A",
            "controller": "B",
            "face": "Fallen",
            "counters": {"damage": 1, "Sabotage": 0, "Liberation": 2},
            "bound_to": "ST",
        },
        {"card": "LOC", "owner": "A", "zone": "hand"},
    ]
    loaded = load_like_runner(scenario(CARDS, board, [{"do": "capabilities", "card": "CH-2"}]))
    assert loaded.placements == (
        Placement("ST", "B", id="ST", controller="B", zone="Map", face="Reversal", counters={}),
        # a counter given as 0 is no counter
        Placement(
            "CH", "A", id="CH-2", controller="B", zone="Map", face="Fallen", counters={"damage": 1, "Liberation": 2},
            bound_to="ST",
        ),
        Placement("LOC", "A", id="LOC", controller="A", zone="hand", face="Prime", counters={}),
    )


def test_the_first_player_is_active_and_the_phase_is_admin_when_left_out() -> None:
    data = scenario(CARDS, [{"card": "GU", "owner": "B"}], ASK, players=["B", "A"])
    del data["active"], data["phase"]
    loaded = load_like_runner(data)
    assert (loaded.players, loaded.active, loaded.phase) == (("B", "A"), "B", "Admin")


def test_a_scenario_with_one_player_defaults_to_that_player() -> None:
    data = scenario(CARDS, [{"card": "GU", "owner": "A"}], ASK, players=["A"])
    del data["active"]
    assert load_like_runner(data).active == "A"


def test_the_players_the_active_player_and_the_phase_given_are_kept() -> None:
    loaded = load_like_runner(scenario(CARDS, [{"card": "GU", "owner": "B"}], ASK, active="B", phase="End"))
    assert (loaded.players, loaded.active, loaded.phase) == (("A", "B"), "B", "End")
    assert [card.id for card in loaded.cards] == ["GU", "LOC", "CH", "ST"]
    assert [a.do for a in loaded.actions] == ["capabilities"]


def test_the_engine_starts_from_the_placements() -> None:
    board = [
        {
            "card": "CH",
            "id": "CH-2",
            "owner": "A",
            "controller": "B",
            "face": "Fallen",
            "counters": {"damage": 1},
            "bound_to": "ST",
        },
        {"card": "ST", "owner": "B"},
        {"card": "GU", "owner": "A", "zone": "hand"},
    ]
    engine = load_like_runner(scenario(CARDS, board, ASK, active="B", phase="End")).engine()
    assert (engine.players, engine.active, engine.phase) == (("A", "B"), "B", "End")
    ch = engine.cards["CH-2"]
    assert (ch.id, ch.card.id, ch.owner, ch.controller, ch.zone, ch.face, ch.counters, ch.bound_to) == (
        "CH-2",
        "CH",
        "A",
        "B",
        "Map",
        "Fallen",
        {"damage": 1},
        "ST",
    )
    assert (engine.cards["GU"].zone, engine.cards["GU"].counters, engine.cards["ST"].bound_to) == ("hand", {}, None)


def test_damage_placed_on_a_character_has_taken_its_cp() -> None:
    # R19-4.3: damage takes CP; 3 damage on a 3 CP Character leaves it at 0 CP by damage: destroyed (R19-2.4)
    result = run(
        scenario(
            CARDS, [{"card": "CH", "owner": "A", "counters": {"damage": 3}}], [{"do": "capabilities", "card": "CH"}]
        )
    )
    [destroyed] = [e for e in result.setup if e.kind == "destroyed"]
    assert destroyed.text == "Character CH (CH) is at 0 CP by damage: it is destroyed (§7.3)."
    assert destroyed.rulings == ("R19-2.4", "R19-4.3")


def test_a_character_printed_at_zero_cp_is_destroyed_by_its_printed_cp() -> None:
    result = run(scenario([character("CH", 0)], [{"card": "CH", "owner": "A"}], [{"do": "capabilities", "card": "CH"}]))
    [destroyed] = [e for e in result.setup if e.kind == "destroyed"]
    assert destroyed.text == "Character CH (CH) is at 0 CP by its printed CP: it is destroyed (§7.3)."
    assert destroyed.rulings == ("R19-2.4",)


def test_a_scenario_given_as_a_dict_loads_and_runs_without_its_kind() -> None:
    data = scenario(CARDS, [{"card": "CH", "owner": "A"}], [{"do": "damage", "card": "CH", "amount": 3}])
    del data["kind"]
    assert load_sequence_data(data).placements[0].card == "CH"
    assert run_scenario(data).steps[0].board.cards["CH"].zone == "Depleted Pile"


def test_a_trigger_order_names_a_card_whose_id_has_a_slash() -> None:
    # I-R19-2: a player orders their triggers by 'card/ability', the card by its ID on the board
    twice = [{"name": n, "type": "triggered", "on": "destroyed", "of": "any"} for n in ("One", "Two")]
    order = {"A": ["W/1/Two", "W/1/One"]}
    data = scenario(
        [unit("W", {"DEF": 2}, abilities=twice), location("LOC", 3, 2)],
        [{"card": "W", "id": "W/1", "owner": "A"}, {"card": "LOC", "owner": "B"}],
        [{"do": "destroy", "card": "LOC", "trigger_order": order}],
    )
    assert [t.key for t in run(data).steps[0].batches[0]] == ["W/1/Two", "W/1/One"]


def test_a_trigger_order_names_an_ability_whose_name_has_a_slash() -> None:
    twice = [{"name": n, "type": "triggered", "on": "destroyed", "of": "any"} for n in ("Hit/Run", "Hold")]
    data = scenario(
        [unit("W", {"DEF": 2}, abilities=twice), location("LOC", 3, 2)],
        [{"card": "W", "owner": "A"}, {"card": "LOC", "owner": "B"}],
        [{"do": "destroy", "card": "LOC", "trigger_order": {"A": ["W/Hold", "W/Hit/Run"]}}],
    )
    assert [t.key for t in run(data).steps[0].batches[0]] == ["W/Hold", "W/Hit/Run"]
