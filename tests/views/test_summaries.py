"""A result's summary, what a page shows without stepping: the verdict, the start and the end, the key
events with their rulings; the steps come after it, in a template (built in the browser on request)."""

from __future__ import annotations

import html
import json
import re

from estro_rules import scenarios
from estro_rules.battaglia.rulebook import RULEBOOK
from estro_rules.battaglia.views import MAX_KEY_EVENTS, battle_html
from estro_rules.html import ruling_links, steps_box
from estro_rules.i18n import using
from estro_rules.r19 import views as r19_views
from tests.support import example
from tests.views.test_battaglia_stepper import striker_and_thorn
from tests.views.test_battaglia_words import cryptid, fight, reroll_denied_battle


def key_events(page: str) -> list[str]:
    [listed] = re.findall(r'<ol class="estro-key-events">(.*?)</ol>', page)
    return re.findall(r"<li[^>]*>(.*?)</li>", listed)


def test_the_teams_at_the_start_and_the_end_in_one_table() -> None:
    # Striker (threat 9, 50 health) against Thorn (5, 3): Thorn's answer costs Striker 1 (49 left), Thorn dies.
    page = striker_and_thorn()
    [table] = re.findall(r'<table class="estro-team estro-start-end">.*?</table>', page)
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    assert rows == [
        "".join(f'<th scope="col">{c}</th>' for c in ("Cryptid", "Threat", "Start", "End", "Abilities")),
        '<th scope="row">Striker (L1)</th><td>9</td><td>50</td><td>49</td><td>total 3: damage 2 → highest threat enemy</td>',
        '<th scope="row">Thorn (R1)</th><td>5</td><td>3</td><td>0 (dead)</td><td>when damaged: damage 1 → source</td>',
    ]
    assert "<caption>" not in table, "no team has a name"
    assert '<tbody class="estro-left"><tr><th scope="row">Striker (L1)' in table, "each side its own row group"


def test_the_key_events_put_a_death_first_then_fill_up_in_battle_order() -> None:
    # Six events count: roll 1's hit, Thorn's reaction and its hit back; roll 2's hit, Thorn down, Thorn's
    # death. The death is always listed; three more fill the four places, in order; two are left to the steps.
    events = key_events(striker_and_thorn())
    assert MAX_KEY_EVENTS == 4
    assert [html.unescape(re.sub(r" <a .*", "", e)) for e in events] == [
        "Roll 1, step 4: Striker (L1) hits Thorn (R1) for 2 (1 left)",
        "Roll 1, step 5 (in step 4): Reaction: Thorn (R1) (when damaged: damage 1 → source)",
        "Roll 1, step 5 (in step 4): Thorn (R1) hits Striker (L1) for 1 (49 left)",
        "Roll 2, step 6: Thorn (R1) dies",
        "… and 2 more in the steps below.",
    ]
    assert events[3].endswith(ruling_links(RULEBOOK, ["BAT-6.6", "I-BAT-5"], base=""))


def test_sudden_death_and_a_denied_reroll_are_key_events() -> None:
    # 36 rolls: sudden death begins on roll 16 (BAT-11); roll 35's doubles reroll, roll 36's may not (I-BAT-8).
    page = battle_html(reroll_denied_battle(), base="")
    texts = [html.unescape(re.sub(r" <a .*", "", e)) for e in key_events(page)]
    assert texts[0].startswith("Roll 16, step 1: Roll 16: ") and "sudden death" in texts[0]
    assert any(t.startswith("Roll 35, ") and "reroll" in t.lower() for t in texts), texts
    assert any(t.startswith("Roll 36, ") for t in texts), texts


def test_a_battle_of_no_events_worth_listing_has_none() -> None:
    # No cryptid has an ability: neither side can damage the other (BAT-9), and the battle ends on its first
    # roll. Its events are the roll and the end, which the verdict says: no list of key events.
    result = fight([cryptid("Yeti", 3, 4)], [cryptid("Kappa", 2, 4)], [[1, 2]])
    assert [e.kind for e in result.events()] == ["roll", "end"]
    page = battle_html(result, base="")
    assert 'class="estro-key-events"' not in page and "Key events" not in page


def test_the_steps_follow_the_summary_in_a_template() -> None:
    page = striker_and_thorn()
    summary, steps = page.split('<div class="estro-stepper"', 1)
    assert "estro-step-panel" not in summary, "no step on the page itself"
    assert steps.startswith(' data-steps="3"><template class="estro-steps"><section class="estro-step-panel"')
    assert steps_box(["<section>a</section>"]) == (
        '<div class="estro-stepper" data-steps="1"><template class="estro-steps"><section>a</section></template></div>'
    )


def test_a_resolution_summary_says_what_changed_and_the_key_events_first() -> None:
    # Sabotage takes the Location to DEF 0: it breaks like damage, Prime to Contested (R19-8.3), and at DEF -1
    # on its Contested face it is placed in its owner's Depleted Pile, not destroyed.
    data = example("r19/sabotage-breaks-location.json")
    result = scenarios.run(data)
    page = r19_views.html(result, base="")
    card = data["cards"][0]
    assert f"<strong>After 1 action:</strong> {card['name']} ({card['id']}): Map → Depleted Pile, Prime → Contested." in page
    rows = re.findall(r'<table class="estro-board estro-start-end">.*?</table>', page)
    assert len(rows) == 1 and rows[0].count('<th scope="row">') == len(result.initial.cards)
    assert "<td>Depleted Pile · " in rows[0] and "unchanged" not in rows[0]
    # A flip and the card leaving the Map are listed first; the first other events fill the rest, in order.
    events = [e for e in result.steps[0].events if e.kind not in r19_views.MINOR_EVENTS]
    key = [i for i, e in enumerate(events) if e.kind in r19_views.KEY_EVENTS]
    others = [i for i, e in enumerate(events) if e.kind not in r19_views.KEY_EVENTS]
    assert [events[i].kind for i in key] == ["face_change", "left_play"]
    chosen = sorted(key + others[: r19_views.MAX_KEY_EVENTS - len(key)])
    listed = key_events(page)
    for i, item in zip(chosen, listed, strict=False):
        assert html.escape(events[i].text) in item
    assert listed[-1] == f"… and {len(events) - len(chosen)} more in the steps below."


def test_a_card_the_actions_left_as_it_was_says_so_at_the_end() -> None:
    """Four watchers only trigger (their abilities change other cards): at the end each says "unchanged",
    so that what changed stands out; the cards that changed show their end state."""
    data = example("r19/four-players-trigger-order.json")
    page = r19_views.html(scenarios.run(data), base="")
    [table] = re.findall(r'<table class="estro-board estro-start-end">.*?</table>', page)
    rows = dict(re.findall(r'<tr><th scope="row">[^<]*<small>([^<]+)</small></th>(.*?)</tr>', table))
    same = {card for card, cells in rows.items() if cells.endswith('<td class="estro-same">unchanged</td>')}
    assert same == {"W-A", "W-B", "W-C", "W-D"} and len(rows) == 6
    with using("it"):
        assert '<td class="estro-same">invariata</td>' in r19_views.html(scenarios.run(data), base="")


def test_a_summary_is_json_safe_in_a_widget_reply() -> None:
    """The summary and its template travel in the worker's JSON reply like any result."""
    data = example("battaglia/reference-matchup.json")
    page = scenarios.kind_of(data).html(scenarios.run(data), base="../")
    assert json.loads(json.dumps({"html": page}))["html"] == page


def test_named_teams_are_in_the_tables_caption() -> None:
    left = {"name": "Lake", "cryptids": [{"name": "Nessie", "threat": 6, "health": 4, "abilities": []}]}
    right = [{"name": "Kappa", "threat": 2, "health": 4, "abilities": []}]
    page = scenarios.load({"kind": "battaglia.battle", "left": left, "right": right}).run().html(base="")
    [table] = re.findall(r'<table class="estro-team estro-start-end">.*?</table>', page)
    assert table.startswith('<table class="estro-team estro-start-end"><caption>Left: Lake</caption><thead>')
    assert '<th scope="row">Kappa (R1)</th>' in table
