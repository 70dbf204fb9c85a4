"""What a player reads of a battle and an estimate: the limits paragraph, the text view line by line,
and the estimate's rates; every expected text worked out by hand from the rulings it states."""

from __future__ import annotations

import re
from typing import Any

from estro_rules.battaglia import battle, team
from estro_rules.battaglia.results import BattleResult
from estro_rules.battaglia.rulebook import RULEBOOK
from estro_rules.battaglia.simulate import Estimate
from estro_rules.battaglia.views import battle_html, battle_text, estimate_html, estimate_text
from estro_rules.html import ruling_links
from tests.support.battaglia import cryptid, on


def fight(left: list[dict[str, Any]], right: list[dict[str, Any]], dice: list[list[int]]) -> BattleResult:
    return battle(team(left, "left"), team(right, "right"), dice=dice)


ANSWER = on({"reaction": "damaged"}, {"damage": 1}, "source")
"""When damaged, 1 damage back to whoever dealt it."""


def reroll_denied_battle() -> BattleResult:
    """I-BAT-1, I-BAT-8: 34 rolls of 3 (nothing), doubles on roll 35 (a reroll), doubles again on roll 36:
    36 rolls have been made, so no reroll, and the battle ends at the limit."""
    gambler = cryptid("Gambler", 5, 99, on({"doubles": True}, "reroll"), on({"total": 11}, {"damage": 1}))
    return fight([gambler], [cryptid("Wall", 1, 99)], [[1, 2]] * 34 + [[1, 1], [2, 2]])


def limits_paragraph(result: BattleResult) -> str:
    [paragraph] = re.findall(r'<p class="estro-limits">.*?</p>', battle_html(result, base="../"))
    return paragraph


def test_the_limits_paragraph_names_each_limit_with_its_rulings() -> None:
    result = reroll_denied_battle()
    assert result.limits == ("reroll_denied", "roll_limit")
    # I-BAT-8: a reroll asked for once 36 rolls have been made does not happen; BAT-9 and I-BAT-8: the
    # 36th roll is the last.
    assert limits_paragraph(result) == (
        '<p class="estro-limits">Limits that applied: no reroll once 36 rolls have been made '
        + ruling_links(RULEBOOK, ["I-BAT-8"], base="../")
        + "; the limit of 36 rolls "
        + ruling_links(RULEBOOK, ["BAT-9", "I-BAT-8"], base="../")
        + ".</p>"
    )


def test_the_limits_paragraph_names_the_reaction_cap() -> None:
    # Echo hits Mirror on every 3 and they answer each other until the cap of 20 reactions a turn
    # (I-BAT-10) stops them; neither can fall, so the battle also runs to its 36th roll.
    result = fight(
        [cryptid("Echo", 4, 99, on({"total": 3}, {"damage": 1}), ANSWER)], [cryptid("Mirror", 3, 99, ANSWER)], [[1, 2]]
    )
    assert result.limits == ("reaction_cap", "roll_limit")
    assert limits_paragraph(result) == (
        '<p class="estro-limits">Limits that applied: the cap of 20 reactions in a turn '
        + ruling_links(RULEBOOK, ["I-BAT-10"], base="../")
        + "; the limit of 36 rolls "
        + ruling_links(RULEBOOK, ["BAT-9", "I-BAT-8"], base="../")
        + ".</p>"
    )


def test_no_limits_paragraph_when_no_limit_applied() -> None:
    result = fight([cryptid("Wolf", 5, 4, on({"total": 7}, {"damage": 4}))], [cryptid("Yeti", 3, 4)], [[3, 4]])
    assert result.limits == ()
    assert "estro-limits" not in battle_html(result, base="")


def test_text_view_of_a_short_battle_line_by_line() -> None:
    striker = cryptid("Striker", 9, 50, on({"total": 3}, {"damage": 2}))
    thorn = cryptid("Thorn", 5, 3, ANSWER)
    result = fight([striker], [thorn], [[1, 2], [1, 2]])
    assert battle_text(result).split("\n") == [
        # BAT-8: a side with no cryptids left loses; I-BAT-13: a loss can cost lives.
        "Left wins after 2 rolls (2 turns): one side has no cryptids left",
        "  health left: 49/50, right: 0/3",
        "  Left: a win; right: a loss, which can cost lives",
        "  rulings: BAT-8, I-BAT-13",
        # Roll 1 (3): Striker hits Thorn, the only enemy, for 2 (3 -> 1); Thorn answers at once, inside
        # step 4 (a reaction, one level deeper): 1 back to Striker (50 -> 49).
        "  [1] Roll 1: 1 + 2 = 3 (forced) [BAT-6.1, I-BAT-1, I-BAT-12]",
        "  [4] Striker (L1) (total 3: damage 2 → highest threat enemy) activates [BAT-6.4, BAT-3]",
        "  [4] Striker (L1) hits Thorn (R1) for 2 (1 left) [BAT-4]",
        "    [5 in 4] Reaction: Thorn (R1) (when damaged: damage 1 → source) [BAT-6.5, I-BAT-15]",
        "    [5 in 4] Thorn (R1) hits Striker (L1) for 1 (49 left) [BAT-5]",
        # Roll 2 (3): Thorn's last 1 health goes; at 0 it is down and does not answer (I-BAT-3), and
        # dies at step 6; the right side is empty: the end.
        "  [1] Roll 2: 1 + 2 = 3 (forced) [BAT-6.1, I-BAT-1, I-BAT-12]",
        "  [4] Striker (L1) (total 3: damage 2 → highest threat enemy) activates [BAT-6.4, BAT-3]",
        "  [4] Striker (L1) hits Thorn (R1) for 1 (0 left) [BAT-4]",
        "  [4] Thorn (R1) is down (0 health) until the end of the turn [I-BAT-3]",
        "  [6] Thorn (R1) dies [BAT-6.6, I-BAT-5]",
        "  [end] The left side wins after 2 rolls: one side has no cryptids left (health left 49, right 0) [BAT-8, I-BAT-13]",
    ]


def test_text_view_says_one_roll_and_one_turn_in_the_singular() -> None:
    result = fight([cryptid("Wolf", 5, 4, on({"total": 7}, {"damage": 4}))], [cryptid("Yeti", 3, 4)], [[3, 4]])
    assert battle_text(result).split("\n")[0] == "Left wins after 1 roll (1 turn): one side has no cryptids left"


def test_text_view_of_a_battle_at_its_limits() -> None:
    lines = battle_text(reroll_denied_battle()).split("\n")
    # 36 rolls, but the reroll of roll 35 restarts turn 35: 35 turns (I-BAT-1). Equal health at the
    # limit is a draw (BAT-9, I-BAT-8), which costs no lives and is no win (BAT-10).
    assert lines[:5] == [
        "Draw after 36 rolls (35 turns): 36 rolls were made; total remaining health decides",
        "  health left: 99/99, right: 99/99",
        "  A draw: it costs neither side a life and is a win for neither",
        "  rulings: BAT-9, I-BAT-8, BAT-10",
        "  limits applied: reroll_denied, roll_limit",
    ]
    assert lines[-2] == (
        "  [4] Gambler (L1) (doubles: reroll): 36 rolls have been made, so there is no reroll; the turn goes on [I-BAT-8]"
    )


def test_estimate_text_gives_each_outcome_with_its_wilson_interval() -> None:
    # 95% Wilson score intervals, worked out by hand with z = 1.96: 50 of 100 is 40.38%-59.62% (as in
    # the doctest of wilson), 20 of 100 is 13.34%-28.88%, 30 of 100 is 21.89%-39.58%.
    estimate = Estimate(battles=100, played=100, seed=7, left_wins=50, draws=20, right_wins=30)
    assert estimate_text(estimate).split("\n") == [
        "100 of 100 battles, seed 7:",
        "  Left side wins: 50 (50.0%, 95% interval 40.4%–59.6%)",
        "  Draw: 20 (20.0%, 95% interval 13.3%–28.9%)",
        "  Right side wins: 30 (30.0%, 95% interval 21.9%–39.6%)",
    ]


# --------------------------------------------------------------------------
# The summary above the stepper

WOLF = cryptid("Wolf", 5, 4, on({"total": 7}, {"damage": 4}))
"""4 damage on a 7: enough to take the Yeti's 4 health at once."""


def wolves_against_a_yeti(dice: list[list[int]], *, seed: int = 0, trace: bool = True) -> BattleResult:
    lupi = team({"name": "Lupi", "cryptids": [WOLF]}, "right")
    return battle(team([cryptid("Yeti", 3, 4)], "left"), lupi, dice=dice, seed=seed, trace=trace)


def paragraphs(html: str) -> list[str]:
    return re.findall(r"<p[ >].*?</p>", html)


def test_the_summary_of_a_right_side_win_names_the_team() -> None:
    # Roll 1 (7): the Wolf takes the Yeti's 4 health; the left side is empty (BAT-8) and loses, which can
    # cost lives (I-BAT-13). Only the first of the three forced rolls is made.
    result = wolves_against_a_yeti([[3, 4], [1, 1], [2, 2]])
    summary = battle_html(result, base="")
    summary = summary[: summary.index("</div>")]  # the summary: the first block, before the teams and the steps
    assert paragraphs(summary) == [
        '<p class="estro-verdict"><strong>Right side, Lupi, wins</strong> after 1 roll (1 turn): one side has no '
        "cryptids left. " + ruling_links(RULEBOOK, ["BAT-8", "I-BAT-13"], base="") + "</p>",
        "<p>Remaining health: left 0 of 4, right 4 of 4. Right: a win; left: a loss, which can cost lives.</p>",
        '<p class="estro-seed">Seed 0; dice forced on roll 1.</p>',
    ]
    assert battle_text(result).split("\n")[:3] == [
        "Right side, Lupi, wins after 1 roll (1 turn): one side has no cryptids left",
        "  health left: 0/4, right: 4/4",
        "  Right: a win; left: a loss, which can cost lives",
    ]


def seed_note(result: BattleResult) -> str:
    [note] = re.findall(r'<p class="estro-seed">(.*?)</p>', battle_html(result, base=""))
    return note


def test_the_seed_note_says_which_rolls_had_forced_dice() -> None:
    # Roll 1 (3) does nothing, roll 2 (7) ends the battle: both rolls forced.
    assert seed_note(wolves_against_a_yeti([[1, 2], [3, 4]])) == "Seed 0; dice forced on rolls 1–2."
    # Only roll 1 (3, nothing) forced: the battle goes on with dice from the seed.
    assert (
        seed_note(wolves_against_a_yeti([[1, 2]], seed=5)) == "Seed 5; dice forced on roll 1, then drawn from the seed."
    )
    assert seed_note(wolves_against_a_yeti([[1, 2], [1, 2]], seed=5)) == (
        "Seed 5; dice forced on rolls 1–2, then drawn from the seed."
    )
    # No dice forced: the seed alone.
    assert seed_note(wolves_against_a_yeti([], seed=5)) == "Seed 5."


def test_a_battle_without_a_trace_has_a_summary_and_a_note() -> None:
    html = battle_html(wolves_against_a_yeti([[3, 4]], trace=False), base="")
    assert html.endswith(
        '<p class="estro-seed">Seed 0; dice forced on roll 1.</p></div><p class="estro-note">This battle ran without a trace.</p>'
    )
    assert "<figure" not in html and "estro-stepper" not in html


def test_the_verdict_names_the_winning_team_not_the_other() -> None:
    lupi = team({"name": "Lupi", "cryptids": [WOLF]}, "left")
    yeti = team({"name": "Nevi", "cryptids": [cryptid("Yeti", 3, 4)]}, "right")
    result = battle(lupi, yeti, dice=[[3, 4]])
    assert (
        battle_text(result).split("\n")[0]
        == "Left side, Lupi, wins after 1 roll (1 turn): one side has no cryptids left"
    )


# --------------------------------------------------------------------------
# The estimate on the site


def test_estimate_html_gives_each_outcome_as_text_and_as_a_bar() -> None:
    # The same Wilson intervals as the text view; each bar's interval is as wide as high - low:
    # 59.62 - 40.38 = 19.24, 28.88 - 13.34 = 15.54, 39.58 - 21.89 = 17.69.
    estimate = Estimate(battles=100, played=100, seed=7, left_wins=50, draws=20, right_wins=30)
    page = estimate_html(estimate, base="")
    assert page.startswith(
        '<p class="estro-verdict">100 of 100 battles (complete), seed 7. A draw costs no lives and is not a win '
        + ruling_links(RULEBOOK, ["BAT-10"], base="")
        + '.</p><div class="estro-scroll" role="region" tabindex="0" aria-label="Estimate"><table class="estro-estimate">'
    )
    [head] = re.findall(r"<thead>(.*?)</thead>", page)
    columns = ("Outcome", "Battles", "Rate", "95% interval", "")
    assert head == "<tr>" + "".join(f'<th scope="col">{c}</th>' for c in columns) + "</tr>"
    rows = [
        ("Left side wins", 50, "50.0%", "40.4%", "59.6%", "19.2%"),
        ("Draw", 20, "20.0%", "13.3%", "28.9%", "15.5%"),
        ("Right side wins", 30, "30.0%", "21.9%", "39.6%", "17.7%"),
    ]
    assert re.findall(r"<tr><th scope=\"row\">.*?</tr>", page) == [
        f'<tr><th scope="row">{label}</th><td>{count}</td><td>{rate}</td><td>{low} – {high}</td><td>'
        f'<div class="estro-rate-bar" role="img" aria-label="{label}: {rate}, 95% interval {low} – {high}">'
        f'<div class="estro-rate-fill" style="width: {rate}"></div>'
        f'<div class="estro-rate-ci" style="left: {low}; width: {width}"></div></div></td></tr>'
        for label, count, rate, low, high, width in rows
    ]
    assert page.endswith("</tbody></table></div>")


def test_estimate_html_says_whether_the_estimate_is_complete() -> None:
    def intro(**state: bool) -> str:
        estimate = Estimate(battles=100, played=40, seed=7, left_wins=20, draws=10, right_wins=10, **state)
        [first] = re.findall(r'<p class="estro-verdict">(.*?)\. A draw', estimate_html(estimate, base=""))
        return first

    assert intro() == "40 of 100 battles (in progress), seed 7"
    assert intro(stopped=True) == "40 of 100 battles (cancelled after 40 battles), seed 7"
