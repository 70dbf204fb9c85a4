"""The Battaglia stepper as the site shows it: a panel for the start and one per roll, each with its
events (reactions marked and indented by their depth in the chain) and both teams' health."""

from __future__ import annotations

import re

from estro_rules.battaglia import battle, team
from estro_rules.battaglia.rulebook import RULEBOOK
from estro_rules.battaglia.views import _chart, battle_html
from estro_rules.html import ruling_links
from tests.views.test_battaglia_words import ANSWER, cryptid, fight, on, reroll_denied_battle

STRIKER = cryptid("Striker", 9, 50, on({"total": 3}, {"damage": 2}))
THORN = cryptid("Thorn", 5, 3, ANSWER)


def striker_and_thorn() -> str:
    """Roll 1 (3): Striker hits Thorn for 2; Thorn answers 1 at once, inside step 4. Roll 2 (3): Thorn's
    last 1 health goes, it is down (no answer, I-BAT-3) and dies at step 6: the left side wins."""
    return battle_html(fight([STRIKER], [THORN], [[1, 2], [1, 2]]), base="")


def panels(page: str) -> dict[str, str]:
    return dict(re.findall(r'<section class="estro-step-panel" data-label="([^"]+)">(.*?)</section>', page))


def test_one_panel_for_the_start_and_one_per_roll() -> None:
    page = striker_and_thorn()
    assert list(panels(page)) == ["Start", "Roll 1", "Roll 2"]
    assert re.findall(r"<h4>(.*?)</h4>", page) == ["Start", "Roll 1 (turn 1): 1 + 2 = 3", "Roll 2 (turn 2): 1 + 2 = 3"]


def test_a_roll_title_says_the_counted_total_the_sudden_death_bonus_and_a_reroll() -> None:
    # I-BAT-11: a step-3 modifier changes the total the conditions check (3 + 2 = 5), not the dice.
    fixer = cryptid("Fixer", 5, 9, on("every_roll", {"modify_total": 2}), on({"total": 5}, {"damage": 9}))
    page = battle_html(fight([fixer], [cryptid("Yeti", 3, 9)], [[1, 2]]), base="")
    assert re.findall(r"<h4>(.*?)</h4>", page) == ["Start", "Roll 1 (turn 1): 1 + 2 = 3, counts as 5"]
    # BAT-11: from roll 16 abilities deal +1 more on each roll; roll 35's doubles reroll (I-BAT-1), roll
    # 36's do not (I-BAT-8).
    titles = re.findall(r"<h4>(.*?)</h4>", battle_html(reroll_denied_battle(), base=""))
    assert titles[15:17] == ["Roll 15 (turn 15): 1 + 2 = 3", "Roll 16 (turn 16): 1 + 2 = 3 (sudden death +1)"]
    assert titles[-2:] == [
        "Roll 35 (turn 35): 1 + 1 = 2 (sudden death +20) — rerolled",
        "Roll 36 (turn 35): 2 + 2 = 4 (sudden death +21)",
    ]


def test_each_event_names_its_step_and_a_reaction_is_marked_and_indented() -> None:
    events = re.findall(
        r'<li class="([^"]*)" data-depth="(\d+)"( style="[^"]*")?><span class="estro-step-no">(.*?)</span>: (.*?) <a',
        panels(striker_and_thorn())["Roll 1"],
    )
    assert events == [
        ("estro-event estro-roll", "0", "", "step 1", "Roll 1: 1 + 2 = 3 (forced)"),
        (
            "estro-event estro-activate",
            "0",
            "",
            "step 4",
            "Striker (L1) (total 3: damage 2 → highest threat enemy) activates",
        ),
        ("estro-event estro-damage", "0", "", "step 4", "Striker (L1) hits Thorn (R1) for 2 (1 left)"),
        (
            "estro-event estro-reaction estro-reaction-chain",
            "1",
            ' style="margin-left: 0.8em"',
            "step 5 (in step 4)",
            "↳ Reaction: Thorn (R1) (when damaged: damage 1 → source)",
        ),
        (
            "estro-event estro-damage estro-reaction-chain",
            "1",
            ' style="margin-left: 0.8em"',
            "step 5 (in step 4)",
            "↳ Thorn (R1) hits Striker (L1) for 1 (49 left)",
        ),
    ]
    # The events are one list, one item after the other.
    [listed] = re.findall(r'<ol class="estro-events">(.*?)</ol>', panels(striker_and_thorn())["Roll 1"])
    assert "".join(re.findall(r"<li .*?</li>", listed)) == listed
    last = re.findall(r'<li class="estro-event estro-end".*?</li>', panels(striker_and_thorn())["Roll 2"])
    assert last == [
        '<li class="estro-event estro-end" data-depth="0"><span class="estro-step-no">end</span>: The left side wins'
        " after 2 rolls: one side has no cryptids left (health left 49, right 0) "
        + ruling_links(RULEBOOK, ["BAT-8", "I-BAT-13"], base="")
        + "</li>"
    ]


def test_a_long_chain_is_indented_up_to_eight_levels() -> None:
    # Echo hits Mirror on a 3 and they answer each other until the cap of 20 reactions (I-BAT-10).
    echo = cryptid("Echo", 4, 99, on({"total": 3}, {"damage": 1}), ANSWER)
    page = battle_html(fight([echo], [cryptid("Mirror", 3, 99, ANSWER)], [[1, 2], [3, 4]]), base="")
    reactions = re.findall(
        r'estro-reaction estro-reaction-chain" data-depth="(\d+)" style="([^"]*)"', panels(page)["Roll 1"]
    )
    assert reactions[:10] == [
        ("1", "margin-left: 0.8em"),
        ("2", "margin-left: 1.6em"),
        ("3", "margin-left: 2.4em"),
        ("4", "margin-left: 3.2em"),
        ("5", "margin-left: 4em"),
        ("6", "margin-left: 4.8em"),
        ("7", "margin-left: 5.6em"),
        ("8", "margin-left: 6.4em"),
        ("9", "margin-left: 6.4em"),
        ("10", "margin-left: 6.4em"),
    ]
    assert len(reactions) == 20


def test_the_start_shows_the_teams_with_their_abilities_and_a_roll_their_health() -> None:
    found = panels(striker_and_thorn())
    assert found["Start"].startswith(
        '<h4>Start</h4><p>Both teams as set in the shop; the battle plays itself.</p><div class="estro-teams">'
        '<div class="estro-scroll" role="region" tabindex="0" aria-label="Left team"><table class="estro-team estro-left">'
        "<caption>Left</caption><thead><tr>"
        + "".join(f'<th scope="col">{c}</th>' for c in ("Cryptid", "Threat", "Health", "Abilities"))
    )
    assert re.findall(r"<tr><th scope=\"row\">.*?</tr>", found["Start"]) == [
        '<tr><th scope="row">Striker</th><td>9</td><td><meter min="0" max="50" value="50">50/50</meter> '
        '<span class="estro-hp">50/50</span></td><td><ul class="estro-abilities">'
        "<li>total 3: damage 2 → highest threat enemy</li></ul></td></tr>",
        '<tr><th scope="row">Thorn</th><td>5</td><td><meter min="0" max="3" value="3">3/3</meter> '
        '<span class="estro-hp">3/3</span></td><td><ul class="estro-abilities">'
        "<li>when damaged: damage 1 → source</li></ul></td></tr>",
    ]
    # After roll 2, Thorn at 0 at the end of the turn is dead; no abilities column.
    assert re.findall(r"<tr><th scope=\"row\">.*?</tr>", found["Roll 2"]) == [
        '<tr><th scope="row">Striker</th><td>9</td><td><meter min="0" max="50" value="49">49/50</meter> '
        '<span class="estro-hp">49/50</span></td></tr>',
        '<tr><th scope="row">Thorn</th><td>5</td><td><meter min="0" max="3" value="0">0/3</meter> '
        '<span class="estro-hp">0/3 (dead)</span></td></tr>',
    ]
    assert '<table class="estro-team estro-right"><caption>Right</caption>' in found["Roll 2"]


def test_a_cryptid_without_abilities_says_none() -> None:
    page = battle_html(fight([STRIKER], [cryptid("Yeti", 3, 4)], [[1, 2], [1, 2]]), base="")
    assert (
        '<tr><th scope="row">Yeti</th><td>3</td><td><meter min="0" max="4" value="4">4/4</meter> <span class="estro-hp">4/4</span></td><td>none</td></tr>'
        in panels(page)["Start"]
    )


def test_the_chart_legend_gives_each_sides_health_at_the_start_and_the_end() -> None:
    legend = re.findall(r'<figcaption class="estro-legend">(.*?)</figcaption>', _chart(fight([STRIKER], [THORN], [[1, 2], [1, 2]])))
    assert legend == [
        "Solid line: left side (L); dashed line: right side (R). Start: left 50, right 3; end: left 49, right 0."
    ]


def test_the_start_panel_whole_for_a_named_team_of_two() -> None:
    striker = cryptid("Striker", 9, 50, on({"total": 3}, {"damage": 2}), on({"total": 7}, {"damage": 1}))
    lupi = team({"name": "Lupi", "cryptids": [cryptid("Yeti", 3, 2), cryptid("Kappa", 2, 4)]}, "right")
    page = battle_html(battle(team([striker], "left"), lupi, dice=[[1, 2]] * 3), base="")
    head = "<thead><tr>" + "".join(f'<th scope="col">{c}</th>' for c in ("Cryptid", "Threat", "Health", "Abilities"))

    def row(name: str, threat: int, health: int, abilities: str) -> str:
        hp = f"{health}/{health}"
        return (
            f'<tr><th scope="row">{name}</th><td>{threat}</td><td><meter min="0" max="{health}" value="{health}">{hp}'
            f'</meter> <span class="estro-hp">{hp}</span></td><td>{abilities}</td></tr>'
        )

    # Each ability a line, in the order they resolve; a team's name in its caption.
    abilities = (
        '<ul class="estro-abilities"><li>total 3: damage 2 → highest threat enemy</li>'
        "<li>total 7: damage 1 → highest threat enemy</li></ul>"
    )
    assert page[page.index('<div class="estro-stepper"') :].startswith(
        '<div class="estro-stepper" data-steps="4"><template class="estro-steps">'
        '<section class="estro-step-panel" data-label="Start"><h4>Start</h4>'
        '<p>Both teams as set in the shop; the battle plays itself.</p><div class="estro-teams">'
        '<div class="estro-scroll" role="region" tabindex="0" aria-label="Left team"><table class="estro-team estro-left">'
        f"<caption>Left</caption>{head}</tr></thead><tbody>{row('Striker', 9, 50, abilities)}</tbody></table></div>"
        '<div class="estro-scroll" role="region" tabindex="0" aria-label="Right team"><table class="estro-team estro-right">'
        f"<caption>Right: Lupi</caption>{head}</tr></thead><tbody>{row('Yeti', 3, 2, 'none')}{row('Kappa', 2, 4, 'none')}"
        '</tbody></table></div></div></section><section class="estro-step-panel" data-label="Roll 1">'
        '<h4>Roll 1 (turn 1): 1 + 2 = 3</h4><ol class="estro-events"><li class="estro-event estro-roll"'
    )
    # Roll 1 (3): the Yeti (highest threat) takes 2 and dies at step 6; the Kappa stands.
    roll1 = panels(page)["Roll 1"]
    assert roll1.endswith(
        '</li></ol><div class="estro-teams"><table class="estro-team estro-left"><caption>Left</caption>'
        + head.replace('<th scope="col">Abilities</th>', "")
        + '</tr></thead><tbody><tr><th scope="row">Striker</th><td>9</td><td><meter min="0" max="50" value="50">50/50'
        '</meter> <span class="estro-hp">50/50</span></td></tr></tbody></table><table class="estro-team estro-right">'
        "<caption>Right: Lupi</caption>"
        + head.replace('<th scope="col">Abilities</th>', "")
        + '</tr></thead><tbody><tr><th scope="row">Yeti</th><td>3</td><td><meter min="0" max="2" value="0">0/2</meter>'
        ' <span class="estro-hp">0/2 (dead)</span></td></tr><tr><th scope="row">Kappa</th><td>2</td><td><meter min="0"'
        ' max="4" value="4">4/4</meter> <span class="estro-hp">4/4</span></td></tr></tbody></table></div>'
    )
