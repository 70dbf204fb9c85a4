"""The tables of the §19 page, each checked whole against the rule text and the engine it describes.

The page's tables are generated from the engine's ordered lists and limits; the site build is the only
other thing that reads them. Every expected row below is typed from §19 (seeds/002), the ruling titles
of estro_rules/r19/rulebook.py and interpretations.md; the limits are checked against what the engine
accepts at the limit and refuses one past it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from estro_rules import scenarios
from estro_rules.errors import ScenarioError
from estro_rules.r19 import FALL_ROUTES
from estro_rules.r19.lint import lint
from estro_rules.r19.tables import (
    SITE_TABLES,
    actions_table,
    activation_table,
    fall_routes_table,
    leave_table,
    limits_table,
    lint_rules_table,
    state_checks_table,
    transition_table,
    trigger_order_table,
    vocabulary_table,
)
from tests.support.r19 import STORY, character, error_of, run, scenario, unit


def test_the_page_has_one_table_per_list() -> None:
    assert SITE_TABLES == {
        "r19.state-checks": state_checks_table,
        "r19.transitions": transition_table,
        "r19.leave-steps": leave_table,
        "r19.fall-routes": fall_routes_table,
        "r19.trigger-order": trigger_order_table,
        "r19.activation": activation_table,
        "r19.actions": actions_table,
        "r19.vocabulary": vocabulary_table,
        "r19.limits": limits_table,
        "r19.lint-rules": lint_rules_table,
    }


# --------------------------------------------------------------------------
# The ordered lists: place, what a player reads, the rulings behind each step


def test_state_checks_table() -> None:
    # §19.8 and §19.2: a Character at 0 CP, then units, then Locations and Spacecraft (which break).
    assert state_checks_table() == (
        ["#", "What it checks", "Rulings"],
        [
            ["1", "A Character on the Map at 0 CP or less is destroyed, whatever took the CP.", "[[R19-2.4]], [[R19-4.3]]"],
            [
                "2",
                "A Ground Unit at DEF or Rank 0 or less is destroyed: Depleted Pile, or Burned for a Drone.",
                "[[R19-8.1]]",
            ],
            [
                "3",
                "A Location, Homeworld or Spacecraft at DEF or Rank 0 or less breaks: Prime (not a Non-Capital "
                "Spacecraft) flips to Contested; a Non-Capital Spacecraft is destroyed; a Contested face is placed "
                "in the Depleted Pile, and so is any other face. The new face is checked again.",
                "[[R19-8.3]], [[R19-8.4]], [[I-R19-3]], [[R19-8.5]], [[I-R19-9]], [[I-R19-10]]",
            ],
        ],
    )


def test_transition_table() -> None:
    # §19.2 (the three transitions, the Bound Storyline), §19.4 (not a destruction, no Story Point),
    # §19.8 (Liberation counters come off in the flip), §19.1 (triggers wait for the sequence).
    assert transition_table() == (
        ["#", "What happens when a face changes", "Rulings"],
        [
            [
                "1",
                "The card becomes Contested, Fallen or Prime; it stays in play (not a destruction).",
                "[[R19-2.1]], [[R19-2.2]], [[R19-2.7]], [[R19-4.1]]",
            ],
            ["2", "Liberation counters come off; other counters stay.", "[[R19-8.5]]"],
            ["3", "CP lost on the old face does not carry to the new face.", "[[I-R19-1]]"],
            [
                "4",
                "A Character's Fall earns an opponent no Story Point; its own Twist is the one Fall that scores.",
                "[[R19-4.2]], [[I-R19-8]]",
            ],
            [
                "5",
                "Triggers keyed to the transition are created, watched for on the Map as it is once every change of "
                "the moment is made; they wait for the sequence to end.",
                "[[R19-2.8]], [[R19-1.1]], [[I-R19-11]]",
            ],
            [
                "6",
                "A Character becoming Fallen turns the Storyline it is Bound to to its Reversal face, once the moment "
                "is over.",
                "[[R19-2.5]], [[I-R19-7]]",
            ],
        ],
    )


def test_leave_table() -> None:
    # §19.8: to the Depleted Pile (a Drone is Burned), destruction triggers fire as usual ("the moment": every
    # card leaving at once is watched for from the board just before, I-R19-11); §19.2: a Storyline leaving
    # play is route 3 of the Fall.
    assert leave_table() == (
        ["#", "What happens when a card leaves the Map", "Rulings"],
        [
            ["1", "The card goes to its zone: Depleted Pile, or Burned for a Drone.", "[[R19-8.1]]"],
            ["2", "Counters and lasting effects on it end.", "[[I-R19-1]]"],
            [
                "3",
                "Triggers keyed to its leaving play are created, and to its destruction if it was destroyed (not "
                "merely placed): every card on the Map just before the moment watches, the cards leaving with it "
                "included.",
                "[[R19-4.3]], [[R19-8.1]], [[I-R19-11]]",
            ],
            [
                "4",
                "A Storyline leaving play makes the Characters Bound to it Fall, once the moment is over.",
                "[[R19-2.3]]",
            ],
        ],
    )


def test_trigger_order_table() -> None:
    # §19.1: the active player first, then each non-active player clockwise; each in the order they choose.
    assert trigger_order_table() == (
        ["#", "What it does", "Rulings"],
        [
            ["1", "Players in seat order, starting at the active player.", "[[R19-1.3]]"],
            ["2", "Each player's triggers in the order they choose; creation order when none is given.", "[[I-R19-2]]"],
        ],
    )


def test_activation_table() -> None:
    # §19.3 and §19.1; the printed restriction quotes §19.3's own example.
    assert activation_table() == (
        ["#", "What it checks", "Rulings"],
        [
            ["1", "Bind, resource generation, triggered and static abilities are not activated.", "[[R19-3.3]], [[R19-3.4]]"],
            ["2", "The card must be on the Map.", "[[I-R19-1]]"],
            ["3", "Nothing is activated during a resolution sequence.", "[[R19-1.2]]"],
            ["4", "Never in the Ready Phase or the End Phase.", "[[R19-3.1]]"],
            ["5", "A printed restriction (“Use only during your turn”, named phases).", "[[R19-3.2]]"],
            ["6", "Otherwise yes: Fast, on any player's turn.", "[[R19-3.1]]"],
        ],
    )


# --------------------------------------------------------------------------
# The four routes of a Character's Fall, and the action that takes each


def test_fall_routes_table() -> None:
    # §19.2 names the four routes of §7.7 in this order.
    assert fall_routes_table() == (
        ["#", "Route (§7.7)", "Scenario action"],
        [
            [
                "1",
                "a Storyline's text",
                # route 1 sets no condition on where the Storyline is (I-R19-11: its leave-play text resolves
                # after it has gone)
                "`flip` (in a Storyline's own ability, or with `source` = a Storyline, wherever it is)",
            ],
            ["2", "Morality Penalties taking a Prime Character to 0 CP", "`morality_penalty`"],
            ["3", "the Storyline they are Bound to leaving play", "`storyline_leaves` / `destroy` (of the Storyline)"],
            ["4", "their own Twist", "`twist`"],
        ],
    )


def test_a_route_without_its_action_is_an_error_not_a_shorter_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were §7.7 to gain a fifth route, the table must fail until it names the action for it, not drop the route."""
    monkeypatch.setattr("estro_rules.r19.tables.FALL_ROUTES", (*FALL_ROUTES, "a fifth route"))
    with pytest.raises(ValueError, match="zip"):
        fall_routes_table()


ROUTES = {"1": ["flip"], "2": ["morality_penalty"], "3": ["storyline_leaves", "destroy"], "4": ["twist"]}
"""The actions each route's row names."""

ROUTE_ACTIONS: dict[str, dict[str, Any]] = {
    "flip": {"do": "flip", "card": "CH", "to": "Fallen", "source": "ST"},
    "morality_penalty": {"do": "morality_penalty", "card": "CH", "amount": 3},
    "storyline_leaves": {"do": "storyline_leaves", "card": "ST"},
    "destroy": {"do": "destroy", "card": "ST"},
    "twist": {"do": "twist", "card": "CH"},
}


def fall_of(action: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The face changes of the Character (CP 3, Bound to a Storyline) that ``action`` causes."""
    board = [{"card": "ST", "owner": "A"}, {"card": "CH", "owner": "A", "bound_to": "ST"}]
    result = run(scenario([character("CH", 3), STORY], board, [action]))
    return [(e.text, e.rulings) for e in result.steps[0].events if e.kind == "face_change" and e.card == "CH"]


@pytest.mark.parametrize("number", ["1", "2", "3", "4"])
def test_each_route_of_the_table_is_the_action_it_names(number: str) -> None:
    """Every action a row names makes the Character Fall, and the log gives the row's route (R19-2.3)."""
    [row] = [row for row in fall_routes_table()[1] if row[0] == number]
    actions = [name for name in re.findall(r"`(\w+)`", row[2]) if name != "source"]
    assert actions == ROUTES[number]
    for name in actions:
        [(text, rulings)] = fall_of(ROUTE_ACTIONS[name])
        assert text.startswith("Character CH (CH) becomes Fallen (")
        assert f"(route {number} of §7.7" in text
        # The route (R19-2.3), for Morality Penalties a flip too (R19-4.4), becoming Fallen (R19-2.2), no destruction (R19-4.1).
        assert rulings == ("R19-2.3", *(["R19-4.4"] if number == "2" else []), "R19-2.2", "R19-4.1")


def test_a_flip_outside_the_routes_does_not_make_a_character_fall() -> None:
    """The same flip as route 1 without a Storyline's text is no route at all (R19-2.3)."""
    assert fall_of({"do": "flip", "card": "CH", "to": "Fallen"}) == []


# --------------------------------------------------------------------------
# The actions, the vocabulary and the linter's rules


def test_actions_table() -> None:
    scenario_only = {"enter", "set_phase", "activate", "can_activate", "capabilities"}
    names = [
        ("damage", "damage to a Character (CP)"),
        ("cp_loss", "CP loss to a Character by some other route"),
        ("morality_penalty", "Morality Penalty: CP loss that can make a Character Fall"),
        ("add_counters", "put counters (Liberation, Sabotage, damage) on cards"),
        ("remove_counters", "take counters off cards"),
        ("penalty", "reduce a value (-N)"),
        ("bonus", "bonus language: +N to a value"),  # §19.6 "Bonuses versus grants"
        ("grant", "granting language: the card has the value"),
        ("lose", "the card loses a value while the effect lasts"),  # §19.7 "Losing a value"
        ("end_effect", "a lasting effect ends"),
        ("flip", "flip cards to a face"),
        ("liberate", "a successful Liberation"),
        ("redeem", "Redeem clause: flip back to Prime"),  # §19.2, §7.8
        ("twist", "a Character's own Twist: flip to Fallen"),
        ("storyline_leaves", "a Storyline leaves play"),
        ("destroy", "destroy cards"),
        ("enter", "a card enters the Map (a Storyline Binds)"),  # §19.3: a Storyline Binds when it enters
        ("set_phase", "move to a phase (and a new active player)"),
        ("activate", "activate an ability, if its timing allows"),
        ("can_activate", "ask: can this ability be used now?"),
        ("capabilities", "ask: what can this card do with the values it has?"),
    ]
    assert actions_table() == (
        ["Action (`do`)", "What it does", "Usable in an ability's effects"],
        [[name, label, "no" if name in scenario_only else "yes"] for name, label in names],
    )


EFFECT_FIELDS: dict[str, dict[str, Any]] = {
    "damage": {"amount": 1},
    "cp_loss": {"amount": 1},
    "morality_penalty": {"amount": 1},
    "add_counters": {"counter": "Sabotage"},
    "remove_counters": {"counter": "Sabotage"},
    "penalty": {"value": "DEF", "amount": 1},
    "bonus": {"value": "DEF", "amount": 1},
    "grant": {"value": "DEF", "amount": 1},
    "lose": {"value": "DEF"},
    "flip": {"to": "Prime"},
    "set_phase": {"phase": "Admin"},
    "activate": {"ability": "Act"},
    "can_activate": {"ability": "Act"},
}
"""What each action needs besides the card it acts on."""


def acting(do: str) -> dict[str, Any]:
    """A scenario whose card has an activated ability with the one effect ``do`` on the card itself."""
    effect = {"do": do, **({"effect": "Oath"} if do == "end_effect" else {"card": "self"}), **EFFECT_FIELDS.get(do, {})}
    if do == "set_phase":
        del effect["card"]
    card = unit("GU", {"DEF": 2}, abilities=[{"name": "Act", "type": "activated", "effects": [effect]}])
    return scenario([card], [{"card": "GU", "owner": "A"}], [{"do": "capabilities", "card": "GU"}])


@pytest.mark.parametrize(("name", "usable"), [(row[0], row[2]) for row in actions_table()[1]])
def test_the_actions_an_ability_may_use_are_the_ones_the_table_says(name: str, usable: str) -> None:
    if usable == "yes":
        scenarios.load(acting(name))  # loads without complaint
    else:
        # The refusal lists the effects an ability may use: exactly the table's "yes" rows, in its order.
        usable_ones = ", ".join(f"'{row[0]}'" for row in actions_table()[1] if row[2] == "yes")
        assert (usable, error_of(acting(name))) == (
            "no",
            f"cards[0].abilities[0].effects[0].do: expected a known effect, got '{name}' (known: {usable_ones})",
        )


def test_vocabulary_table() -> None:
    assert vocabulary_table() == (
        ["Term", "Values"],
        [
            ["Printed values", "ATK, DEF, Rank, Vote, Vox, CP, Income"],
            [
                "Classes an effect can name",
                "Character, Ground Unit, Drone, Unit, Location, Surface Location, Homeworld, Spacecraft, "
                "Capital Spacecraft, Non-Capital Spacecraft, Storyline",
            ],
            [
                # §19.2's causes in its order: three for Contested, then three for Prime, with the section
                # each names; the self-induced flip and "any other effect" (which both lists end with) reach
                # any face.
                "Flip causes",
                "combat destruction (to Contested, §11.7); Liberation (to Contested, §12.2); "
                "own ability (to Prime/Contested/Fallen/Reversal); Redeem (to Prime, §7.8); "
                "re-buy (to Prime, §13.2); own combat destruction (to Prime, §11.7); "
                "other effect (to Prime/Contested/Fallen/Reversal)",
            ],
            ["Capability questions", "attack, return_fire, intercept, vote, be_liberated, vox, income"],
            # destruction (§19.4, §19.8), leaving play (destroyed or placed, I-R19-9, I-R19-11), and §19.2's
            # three transitions in its order
            [
                "What a triggered ability keys on",
                "destroyed, leaves play, becomes Contested, becomes Fallen, becomes Prime",
            ],
        ],
    )


def test_each_flip_cause_leads_only_to_the_faces_the_table_gives() -> None:
    [causes] = [row[1] for row in vocabulary_table()[1] if row[0] == "Flip causes"]
    faces = ("Prime", "Contested", "Fallen", "Reversal")
    card = {"id": "L", "name": "Outpost", "faces": {face: {"type": "Location", "values": {"DEF": 3}} for face in faces}}
    parsed = [re.fullmatch(r"(.+) \(to ([\w/]+)(, §[\d.]+)?\)", part) for part in causes.split("; ")]
    assert [found[1] for found in parsed if found] == [
        "combat destruction",
        "Liberation",
        "own ability",
        "Redeem",
        "re-buy",
        "own combat destruction",
        "other effect",
    ]
    for found in filter(None, parsed):
        cause, reached = found[1], found[2]
        for face in faces:
            data = scenario(
                [card], [{"card": "L", "owner": "A"}], [{"do": "flip", "card": "L", "to": face, "cause": cause}]
            )
            if face in reached.split("/"):
                scenarios.load(data)
            else:
                expected = f"actions[0].to: expected a face that '{cause}' can lead to ({reached}), got '{face}'"
                assert error_of(data) == expected


def test_lint_rules_table() -> None:
    assert lint_rules_table() == (
        ["#", "Lint rule", "What it finds", "Rulings"],
        [
            # §19.8: "none should be designed that way".
            [
                "1",
                "`printed_zero_def_or_rank`",
                "A face prints DEF 0 or Rank 0: broken or destroyed on entry.",
                "[[R19-8.6]]",
            ],
            [
                # §19.6 "Design consequence" and §19.8 (a Character prints DEF X and Rank X); that a bonus to
                # DEF X adds nothing is I-R19-6's reading (§19.6 voids only a bonus to a value not printed)
                "2",
                "`dead_or_partly_dead_bonus`",
                "A +N bonus names a class some (or all) of whose members print no such value as a number "
                "(a Character prints DEF X and Rank X); or a card's bonus to itself on a face that does not print it.",
                "[[R19-6.3]], [[R19-6.1]], [[I-R19-6]]",
            ],
            [
                "3",
                "`fall_outside_the_four_routes`",
                "An effect would flip a Character to Fallen (or make another Character Twist) outside the four routes.",
                "[[R19-2.3]]",
            ],
        ],
    )


def test_the_linter_reports_by_the_names_the_table_gives() -> None:
    """A card printed at DEF 0 is found by the table's first rule, under the name the table shows."""
    [row] = [row for row in lint_rules_table()[1] if row[0] == "1"]
    findings = lint({"cards": [unit("Z", {"DEF": 0})]})
    assert [(f"`{f.rule}`", f"[[{f.ruling}]]", f.card) for f in findings] == [(row[1], row[3], "Z")]


# --------------------------------------------------------------------------
# The limits: each row against what the engine accepts at the limit and refuses one past it

UNIT = unit("GU", {"DEF": 2})
ON_BOARD = [{"card": "GU", "owner": "A"}]
ASK = [{"do": "capabilities", "card": "GU"}]


def test_limits_table() -> None:
    # The text sets none of these: each is the engine's, and each row is checked on both sides below.
    assert limits_table() == (
        ["Limit", "Value", "Why"],
        [
            ["Card definitions in a scenario", "1 to 100", "engine limit"],
            ["Cards on the board", "1 to 100", "engine limit"],
            ["Actions in a scenario", "1 to 100", "engine limit"],
            ["Abilities on a card or a face", "0 to 8", "engine limit"],
            ["Effects of an ability", "0 to 8", "engine limit"],
            ["Printed and granted values, counters a card starts with", "0 to 999", "engine limit; far above any card"],
            ["Amounts and counters an action adds or takes off", "1 to 999", "engine limit; far above any card"],
            ["Triggers fired while one action resolves", "200", "engine limit: past it, the triggers loop"],
            ["Events in a scenario's log", "10,000", "engine limit: bounds the work and the output"],
            ["Cards in a pool for the linter", "1 to 500", "engine limit"],
        ],
    )


def limit(label: str) -> tuple[int, int]:
    """The lowest and highest values the limits table gives for the row ``label``."""
    [value] = [row[1] for row in limits_table()[1] if row[0] == label]
    found = re.fullmatch(r"(\d+) to ([\d,]+)", value)
    assert found is not None, value
    return int(found[1]), int(found[2].replace(",", ""))


def numbered_units(n: int, abilities: int = 0) -> list[dict[str, Any]]:
    acts = [{"name": f"A{k}", "type": "activated"} for k in range(abilities)]
    return [unit(f"GU-{i}", {"DEF": 2}, abilities=acts) for i in range(n)]


def assert_both_sides(label: str, make: Any, refused: str) -> None:
    """``make(n)`` loads at the row's lowest and highest value; one past the highest is refused with ``refused``
    (``{n}`` in it the value given), and so is one below the lowest unless the lowest is 0."""
    low, high = limit(label)
    for good in (low, high):
        scenarios.load(make(good))
    assert error_of(make(high + 1)) == refused.format(n=high + 1)
    if low > 0:
        assert error_of(make(low - 1)).endswith("expected at least one item, got an empty list")


def test_limit_card_definitions() -> None:
    assert_both_sides(
        "Card definitions in a scenario",
        lambda n: scenario([UNIT, *numbered_units(n - 1)] if n else [], ON_BOARD, ASK),
        "cards: expected at most 100 card definitions, got {n}",
    )


def test_limit_cards_on_the_board() -> None:
    assert_both_sides(
        "Cards on the board",
        lambda n: scenario(
            [UNIT],
            [{"card": "GU", "id": f"I{i}", "owner": "A"} for i in range(n)],
            [{"do": "capabilities", "card": "I0"}],
        ),
        "board: expected at most 100 cards on the board, got {n}",
    )


def test_limit_actions() -> None:
    assert_both_sides(
        "Actions in a scenario",
        lambda n: scenario([UNIT], ON_BOARD, ASK * n),
        "actions: expected at most 100 actions, got {n}",
    )


def test_limit_abilities_on_a_card_or_a_face() -> None:
    assert_both_sides(
        "Abilities on a card or a face",
        lambda n: scenario(
            numbered_units(1, n), [{"card": "GU-0", "owner": "A"}], [{"do": "capabilities", "card": "GU-0"}]
        ),
        "cards[0].abilities: expected at most 8 abilities, got {n}",
    )

    def on_face(n: int) -> dict[str, Any]:
        face = {
            "type": "Ground Unit",
            "values": {"DEF": 2},
            "abilities": [{"name": f"A{k}", "type": "activated"} for k in range(n)],
        }
        return scenario([{"id": "GU", "name": "U", "faces": {"Unlabelled": face}}], ON_BOARD, ASK)

    assert_both_sides(
        "Abilities on a card or a face",
        on_face,
        "cards[0].faces.Unlabelled.abilities: expected at most 8 abilities, got {n}",
    )


def test_limit_effects_of_an_ability() -> None:
    def burst(n: int) -> dict[str, Any]:
        ability = {"name": "Burst", "type": "activated", "effects": [{"do": "destroy", "card": "self"}] * n}
        return scenario([unit("GU", {"DEF": 2}, abilities=[ability])], ON_BOARD, ASK)

    assert_both_sides(
        "Effects of an ability", burst, "cards[0].abilities[0].effects: expected at most 8 effects, got {n}"
    )


def test_limit_values_and_counters_on_a_card() -> None:
    low, high = limit("Printed and granted values, counters a card starts with")

    def printed(v: int) -> dict[str, Any]:
        return scenario([unit("GU", {"DEF": 2, "ATK": v})], ON_BOARD, ASK)

    def counters(v: int) -> dict[str, Any]:
        return scenario([UNIT], [{"card": "GU", "owner": "A", "counters": {"Sabotage": v}}], ASK)

    def granted(v: int) -> dict[str, Any]:  # §19.7: printing 0 is printing a value, and a grant may give 0
        return scenario([UNIT], ON_BOARD, [{"do": "grant", "card": "GU", "value": "Vote", "amount": v}])

    for make, field in [
        (printed, "cards[0].faces.Unlabelled.values.ATK"),
        (counters, "board[0].counters.Sabotage"),
        (granted, "actions[0].amount"),
    ]:
        for good in (low, high):
            scenarios.load(make(good))
        for bad in (low - 1, high + 1):
            assert error_of(make(bad)) == f"{field}: expected a whole number from {low} to {high}, got {bad}"


def test_limit_amounts_and_counters_of_an_action() -> None:
    """An action that does nothing is refused: its amounts and counters start at 1, and the row says so."""
    low, high = limit("Amounts and counters an action adds or takes off")
    actions = [
        ({"do": "damage", "card": "GU"}, "amount"),
        ({"do": "penalty", "card": "GU", "value": "DEF"}, "amount"),
        ({"do": "bonus", "card": "GU", "value": "DEF"}, "amount"),
        ({"do": "add_counters", "card": "GU", "counter": "Sabotage"}, "n"),
        ({"do": "remove_counters", "card": "GU", "counter": "Sabotage"}, "n"),
        ({"do": "liberate", "card": "GU"}, "cp_loss"),
    ]
    for action, field in actions:
        for good in (low, high):
            scenarios.load(scenario([UNIT], ON_BOARD, [{**action, field: good}]))
        for bad in (low - 1, high + 1):
            refused = error_of(scenario([UNIT], ON_BOARD, [{**action, field: bad}]))
            assert refused == f"actions[0].{field}: expected a whole number from {low} to {high}, got {bad}"


def watchers(n: int) -> dict[str, Any]:
    """A Location flips to Contested and ``n`` abilities watch for it: ``n`` triggers fire (8 abilities a card)."""

    def watcher(card_id: str, abilities: int) -> dict[str, Any]:
        watch = [
            {"name": f"Watch {i}", "type": "triggered", "on": "becomes Contested", "of": "any"}
            for i in range(abilities)
        ]
        return unit(card_id, {"DEF": 2}, abilities=watch)

    location = {
        "id": "LOC",
        "name": "Outpost",
        "faces": {
            "Prime": {"type": "Location", "values": {"DEF": 3}},
            "Contested": {"type": "Location", "values": {"DEF": 2}},
        },
    }
    full, rest = divmod(n, 8)
    cards = [location, watcher("W8", 8)] + ([watcher("W1", rest)] if rest else [])
    board = [{"card": "LOC", "owner": "A"}] + [{"card": "W8", "id": f"W8-{i}", "owner": "A"} for i in range(full)]
    board += [{"card": "W1", "owner": "A"}] if rest else []
    flip = {"do": "flip", "card": "LOC", "to": "Contested", "cause": "combat destruction"}
    return scenario(cards, board, [flip])


def test_limit_triggers_in_one_action() -> None:
    [value] = [row[1] for row in limits_table()[1] if row[0] == "Triggers fired while one action resolves"]
    most = int(value)
    assert len(scenarios.run(watchers(most)).to_json()["steps"][0]["fired"]) == most
    with pytest.raises(ScenarioError) as past:
        scenarios.run(watchers(most + 1))
    assert str(past.value).startswith(f"actions[0]: expected a resolution that ends (more than {most} triggers fired)")


def test_limit_cards_in_a_linter_pool() -> None:
    low, high = limit("Cards in a pool for the linter")
    assert lint({"cards": numbered_units(low)}) == [] and lint({"cards": numbered_units(high)}) == []
    with pytest.raises(ScenarioError) as past:
        lint({"cards": numbered_units(high + 1)})
    assert str(past.value) == f"cards: expected at most {high} card definitions, got {high + 1}"
    with pytest.raises(ScenarioError) as none:
        lint({"cards": []})
    assert str(none.value) == "cards: expected at least one item, got an empty list"
