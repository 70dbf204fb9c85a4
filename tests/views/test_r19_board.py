"""§19's board as the site shows it: one table row per card, every column in words."""

from __future__ import annotations

import re

from estro_rules.r19.views import board_html
from tests.support.r19 import STORY, character, location, run, scenario, unit


def board_after_two_bonuses() -> str:
    data = scenario(
        [location("L1", 3, 3), STORY, character("CH-1"), unit("GU-1", {"ATK": 2, "DEF": 2})],
        [
            {"card": "L1", "owner": "A", "controller": "B", "counters": {"Sabotage": 1, "Liberation": 2}},
            {"card": "L1", "id": "L2", "owner": "B", "zone": "Depleted Pile"},
            {"card": "ST", "owner": "A"},
            {"card": "CH-1", "owner": "A", "bound_to": "ST"},
            {"card": "GU-1", "owner": "B"},
        ],
        [
            {"do": "bonus", "card": "L1", "value": "DEF", "amount": 2, "effect": "Walls"},
            {"do": "bonus", "card": "L1", "value": "DEF", "amount": 1, "effect": "More"},
        ],
    )
    return board_html(run(data).steps[-1].board)


def test_the_board_heading_names_the_seats_the_active_player_and_the_phase() -> None:
    page = board_after_two_bonuses()
    assert page.startswith(
        '<p class="estro-board-state">Players (clockwise): A, B. Active player: <strong>A</strong>. Phase: Admin.</p>'
        '<div class="estro-scroll" role="region" tabindex="0" aria-label="Board"><table class="estro-board">'
    )
    [head] = re.findall(r"<thead>(.*?)</thead>", page)
    columns = ("Card", "Owner", "Zone", "Face", "Type", "Values", "Counters", "Bound to", "Effects")
    assert head == "<tr>" + "".join(f'<th scope="col">{c}</th>' for c in columns) + "</tr>"


def test_each_card_is_a_row_with_every_column() -> None:
    rows = re.findall(r"<tr class=.*?</tr>", board_after_two_bonuses())
    prime = '<span class="estro-face estro-face-prime">Prime</span>'
    assert rows == [
        # DEF 3, less 1 for the Sabotage counter (I-R19-1), plus the two bonuses (§19.6: it prints DEF).
        '<tr class="estro-card estro-zone-map" data-card="L1"><th scope="row">Location L1 <small>L1</small></th>'
        f"<td>A (controlled by B)</td><td>Map</td><td>{prime}</td><td>Location</td><td>DEF 5, Rank 1</td>"
        "<td>2 Liberation, 1 Sabotage</td><td>—</td><td>+2 DEF (Walls); +1 DEF (More)</td></tr>",
        # A copy in the Depleted Pile: no counters (counters sit only on a card on the Map).
        '<tr class="estro-card estro-zone-depleted-pile" data-card="L2"><th scope="row">Location L1 <small>L2</small></th>'
        f"<td>B</td><td>Depleted Pile</td><td>{prime}</td><td>Location</td><td>DEF 3, Rank 1</td>"
        "<td>—</td><td>—</td><td>—</td></tr>",
        # A Storyline prints no value (§19.7: not 0, nothing).
        '<tr class="estro-card estro-zone-map" data-card="ST"><th scope="row">Story <small>ST</small></th>'
        f"<td>A</td><td>Map</td><td>{prime}</td><td>Storyline</td><td>none printed</td><td>—</td><td>—</td><td>—</td></tr>",
        '<tr class="estro-card estro-zone-map" data-card="CH-1"><th scope="row">Character CH-1 <small>CH-1</small></th>'
        f"<td>A</td><td>Map</td><td>{prime}</td><td>Character</td><td>DEF X, Rank X, CP 3</td><td>—</td><td>ST</td>"
        "<td>—</td></tr>",
        # A face with no state label says so in words (§19.5: colour is never the only signal).
        '<tr class="estro-card estro-zone-map" data-card="GU-1"><th scope="row">Unit GU-1 <small>GU-1</small></th>'
        '<td>B</td><td>Map</td><td><span class="estro-face estro-face-unlabelled">no state label</span></td>'
        "<td>Ground Unit</td><td>ATK 2, DEF 2</td><td>—</td><td>—</td><td>—</td></tr>",
    ]
    # The body is those rows, one after the other, and nothing else.
    [body] = re.findall(r"<tbody>(.*?)</tbody>", board_after_two_bonuses())
    assert body == "".join(rows)
    assert board_after_two_bonuses().endswith("</tr></tbody></table></div>")
