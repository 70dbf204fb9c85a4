"""§19's views: the HTML stepper, the text view, the linter's report."""

from __future__ import annotations

from estro_rules.r19 import html, text
from estro_rules.r19.lint import lint, report_markdown
from tests.support import EXAMPLES
from tests.support.r19 import location, run, scenario

EVIL = "<img src=x onerror=alert(1)>"


def test_stepper_escapes_scenario_text_and_labels_faces() -> None:
    loc = location("L1", 1, 1)
    loc["name"] = EVIL
    data = scenario(
        [loc], [{"card": "L1", "id": "L1", "owner": "A"}], [{"do": "add_counters", "card": "L1", "counter": "Sabotage"}]
    )
    data["players"] = [EVIL, "B"]
    data["active"] = EVIL
    data["board"][0]["owner"] = EVIL
    page = html(run(data), base="../")
    assert EVIL not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert page.startswith('<div class="estro-sequence-summary">')  # the summary, then the steps
    assert '<div class="estro-stepper estro-r19" data-steps="2"><template class="estro-steps">' in page
    assert page.count('<section class="estro-step-panel"') == 2
    assert 'data-label="Start"' in page and 'data-label="Action 1"' in page
    # initial panel shows Prime, the step shows the Contested face as a text label with its class
    first, second = page.split('data-label="Action 1"')
    assert '<span class="estro-face estro-face-prime">Prime</span>' in first
    assert '<span class="estro-face estro-face-contested">Contested</span>' in second
    assert 'href="../resolution-19/#R19-8.3"' in second


def test_text_view_lists_events_with_rulings() -> None:
    data = scenario(
        [location("L1", 1, 1)],
        [{"card": "L1", "owner": "A"}],
        [{"do": "add_counters", "card": "L1", "counter": "Sabotage"}],
    )
    out = text(run(data))
    assert "becomes Contested" in out and "[R19-8, R19-8.3, R19-2.1, R19-4.1]" in out
    assert "Depleted Pile" in out


def test_report_markdown_links_rulings() -> None:
    md = report_markdown(lint((EXAMPLES / "r19" / "card-pool.json").read_text(encoding="utf-8")))
    assert md.startswith("6 findings.")
    assert "| Glass Sentinel (GU-203) | [[R19-8.6]] |" in md
