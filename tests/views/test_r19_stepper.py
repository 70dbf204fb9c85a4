"""§19's stepper as the site shows it: a panel for the start and one per action, each with its log,
its trigger rounds and its board."""

from __future__ import annotations

import re

from estro_rules.html import ruling_links
from estro_rules.r19 import html
from estro_rules.r19.rulebook import RULEBOOK
from tests.support import example
from tests.support.r19 import location, run, scenario
from tests.views.test_r19_text import broken_locations

BOARD = re.compile(r'<p class="estro-board-state">.*?</table></div>')


def stepper(page: str) -> str:
    """The steps of a result's view (after its summary)."""
    return page[page.index('<div class="estro-stepper'):]


def links(*rulings: str) -> str:
    return ruling_links(RULEBOOK, rulings, base="../")


def test_the_panels_and_their_headings_in_order() -> None:
    page = stepper(html(run(broken_locations()), base="../"))
    assert page.startswith(
        '<div class="estro-stepper estro-r19" data-steps="2"><template class="estro-steps">'
        '<section class="estro-step-panel" data-label="Start">'
    )
    assert page.endswith("</section></template></div>")
    assert re.findall(r'data-label="([^"]*)"|<h[45]>(.*?)</h[45]>', page) == [
        ("Start", ""),
        ("", "Initial state"),
        ("", "Checked before the first action"),
        ("", "Triggers, in the order they fire"),
        ("", "Board at the start"),
        ("Action 1", ""),
        ("", "1. add 1 Sabotage counter on L2"),
        ("", "What happened"),
        ("", "Triggers, in the order they fire"),
        ("", "Board after"),
    ]
    # The panels follow each other; each log is one list, and each panel ends with its board.
    assert '</section><section class="estro-step-panel" data-label="Action 1"><h4>' in page
    logs = re.findall(r'<ol class="estro-log">(.*?)</ol>', page)
    assert len(logs) == 2  # the setup's and the action's
    # One item after the other, nothing between them.
    assert ["".join(re.findall(r'<li class="estro-event.*?</li>', log)) for log in logs] == logs
    assert page.count('</li></ol><h5>Triggers, in the order they fire</h5><ol class="estro-queue">') == 2
    assert '<h5>Checked before the first action</h5><ol class="estro-log">' in page
    assert '<h5>What happened</h5><ol class="estro-log">' in page
    assert [m.end() for m in BOARD.finditer(page)] == [page.index("</section>"), page.rindex("</section>")]


def test_an_event_reads_its_label_its_player_its_text_and_its_rulings() -> None:
    page = html(run(broken_locations()), base="../")
    items = re.findall(r'<li class="estro-event.*?</li>', page)
    # §19.8: a Prime Location at DEF 0 breaks: it flips to Contested (R19-8.3).
    assert items[1] == (
        '<li class="estro-event estro-event-break"><span class="estro-event-kind">Breaks</span>: Location L1 (L1) is at'
        " DEF 0: it breaks the way damage equal to its DEF would break it (§11.6): the Prime face flips to Contested. "
        + links("R19-8", "R19-8.3")
        + "</li>"
    )
    # A trigger is its controller's: the player is named before the text (R19-1.3 orders triggers by player).
    assert items[4] == (
        '<li class="estro-event estro-event-trigger-created"><span class="estro-event-kind">Trigger waits</span>: '
        '<span class="estro-player">A</span> Alarm of Unit GU-SPOT (W-A) triggers (Location L1 (L1) became'
        " Contested); it waits for the sequence to end. " + links("R19-2.8", "R19-1.1") + "</li>"
    )


def test_the_trigger_rounds_list_each_trigger_with_its_player_and_cause() -> None:
    page = html(run(broken_locations()), base="../")
    queues = re.findall(r'<ol class="estro-queue">.*?</ol></li></ol>', page)
    # R19-1.3: the active player A's trigger first, then B's.
    assert queues == [
        '<ol class="estro-queue"><li>Round 1<ol>'
        f'<li><span class="estro-player">A</span>: W-A/Alarm — Location L1 ({card}) became Contested</li>'
        f'<li><span class="estro-player">B</span>: W-B/Alarm — Location L1 ({card}) became Contested</li>'
        "</ol></li></ol>"
        for card in ("L1", "L2")
    ]


def test_a_settled_start_and_an_action_that_sets_off_nothing() -> None:
    data = scenario(
        [location("L1", 2, 3)],
        [{"card": "L1", "owner": "A"}],
        [{"do": "add_counters", "card": "L1", "counter": "Liberation", "n": 1}],
    )
    page = stepper(html(run(data), base="../"))
    # Nothing to check before the first action: the start panel is the board alone.
    assert page.startswith(
        '<div class="estro-stepper estro-r19" data-steps="2"><template class="estro-steps">'
        '<section class="estro-step-panel" data-label="Start"><h4>Initial state</h4>'
        '<p class="estro-board-state">'
    )
    assert '<h5>Triggers, in the order they fire</h5><p class="estro-queue estro-empty">No triggers.</p>' in page
    assert 'estro-queue"><li>' not in page


def test_a_second_round_of_triggers_is_listed_after_the_first() -> None:
    # The worked example: five triggers fire Cleo (active, in her chosen order), Dev, Ana, Ben (R19-1.3,
    # I-R19-2); Dev's trigger destroys Envoy Hale, whose War Crime makes a second round.
    data = example("r19/four-players-trigger-order.json")
    page = html(run(data), base="")
    beacon = "Relay Beacon (LOC-101) became Contested"
    first = [
        ("Cleo", "W-C/Salvo"),
        ("Cleo", "W-C/Alarm"),
        ("Dev", "W-D/Alarm"),
        ("Ana", "W-A/Alarm"),
        ("Ben", "W-B/Alarm"),
    ]
    assert re.findall(r'<ol class="estro-queue">.*?</ol></li></ol>', page) == [
        '<ol class="estro-queue"><li>Round 1<ol>'
        + "".join(f'<li><span class="estro-player">{p}</span>: {t} — {beacon}</li>' for p, t in first)
        + "</ol></li><li>Round 2<ol>"
        + '<li><span class="estro-player">Ben</span>: CH-B/War Crime — Envoy Hale (CH-B) was destroyed</li>'
        + "</ol></li></ol>"
    ]
