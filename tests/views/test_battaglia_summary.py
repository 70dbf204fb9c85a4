"""The summary above a battle's chart, the health tables of a rerolled roll's panel, and the estimate's
table, each checked whole; every expected text worked out by hand from the rulings it states."""

from __future__ import annotations

import re

from estro_rules.battaglia import battle, team
from estro_rules.battaglia.rulebook import RULEBOOK
from estro_rules.battaglia.simulate import Estimate
from estro_rules.battaglia.views import battle_html, estimate_html
from estro_rules.html import ruling_links
from tests.support.battaglia import cryptid, on
from tests.views.test_battaglia_stepper import panels, striker_and_thorn


def test_the_summary_of_a_battle_of_several_rolls_whole() -> None:
    # Roll 1 (3): Striker hits Thorn for 2, Thorn answers 1 (50 -> 49). Roll 2 (3): Thorn's last 1 goes
    # and it dies: the right side is empty (BAT-8), a loss, which can cost lives (I-BAT-13). Two rolls,
    # two turns, both forced; no limit applied, so no paragraph of limits.
    page = striker_and_thorn()
    assert page[: page.index("</div>") + len("</div>")] == (
        '<div class="estro-battle-summary"><p class="estro-verdict"><strong>Left wins</strong> after 2 rolls'
        " (2 turns): one side has no cryptids left. " + ruling_links(RULEBOOK, ["BAT-8", "I-BAT-13"], base="") + "</p>"
        "<p>Remaining health: left 49 of 50, right 0 of 3. Left: a win; right: a loss, which can cost lives.</p>"
        '<p class="estro-seed">Seed 0; dice forced on rolls 1–2.</p></div>'
    )


def test_a_rerolled_panel_shows_a_right_cryptid_dead_in_an_earlier_turn_as_dead() -> None:
    # Roll 1 (7): the Gambler's 9 damage goes to the highest-threat enemy (BAT-4), Bunyip, the right
    # side's second cryptid, which dies at step 6. Roll 2 (doubles) rerolls turn 2 (BAT-7): on its panel
    # Bunyip is dead, not down (I-BAT-4); Kappa, first on the right, stands untouched.
    gambler = cryptid("Gambler", 5, 9, on({"total": 7}, {"damage": 9}), on({"doubles": True}, "reroll"))
    right = team([cryptid("Kappa", 1, 9), cryptid("Bunyip", 3, 2)])
    result = battle(team([gambler]), right, dice=[[3, 4], [2, 2], [1, 2]])
    assert [(r.roll, r.turn, r.restarted) for r in result.trace[:2]] == [(1, 1, False), (2, 2, True)]
    roll2 = panels(battle_html(result, base=""))["Roll 2"]
    assert re.findall(r'<span class="estro-hp">(.*?)</span>', roll2) == ["9/9", "9/9", "0/2 (dead)"]


def test_the_estimate_table_body_is_one_row_per_outcome_in_order() -> None:
    estimate = Estimate(battles=10, played=10, seed=1, left_wins=5, draws=3, right_wins=2)
    [body] = re.findall(r"<tbody>(.*?)</tbody>", estimate_html(estimate, base=""))
    rows = re.findall(r"<tr>.*?</tr>", body)
    assert "".join(rows) == body
    assert [re.findall(r'<th scope="row">(.*?)</th><td>(\d+)</td>', row) for row in rows] == [
        [("Left side wins", "5")],
        [("Draw", "3")],
        [("Right side wins", "2")],
    ]
