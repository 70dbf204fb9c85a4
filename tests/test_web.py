"""The entry point the browser widgets call inside Pyodide (estro_rules.web), tested in CPython.

The same functions run in Pyodide (tests/test_pyodide.py compares the two); here each promise
of the widget protocol is checked on its own.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from estro_rules import web
from estro_rules.protocol07 import Destruction, resolve_destruction

NESSIE = {"name": "Nessie", "threat": 3, "health": 5, "abilities": [{"when": "every_roll", "effect": {"damage": 1}}]}
KAPPA = {"name": "Kappa", "threat": 2, "health": 3}


def reply(text: str, base: str = "") -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.handle(text, base=base))
    return answer


def test_ruling_links_lead_from_the_page_to_the_site_root() -> None:
    scenario = json.dumps({"kind": "p07.combination", "modes": ["Single Player"]})
    for base in ("../", "../../", ""):
        hrefs = re.findall(r'href="([^"]+)"', reply(scenario, base=base)["html"])
        assert hrefs == [f"{base}protocol-07/#P07-1"]


def test_a_bad_scenario_is_a_message() -> None:
    answer = reply('{"kind": "p07.combination", "modes": ["Solo"]}')
    assert answer["ok"] is False and answer["error"].startswith("modes[0]: expected a known mode, got 'Solo'")
    assert set(answer) == {"ok", "error"}


def test_simulation_start_refuses_a_scenario_that_is_not_an_estimate() -> None:
    sim = web.simulation_start(json.dumps({"kind": "p07.combination", "modes": ["Single Player"]}))
    answer = json.loads(sim.first())
    assert answer == {
        "ok": False,
        "error": "kind: expected a scenario kind that simulates many battles, got 'p07.combination'",
    }
    assert json.loads(sim.advance()) == answer  # asking again gives the same answer, never a crash


def test_simulation_is_done_only_after_the_last_battle() -> None:
    scenario = {"kind": "battaglia.estimate", "left": [NESSIE], "right": [KAPPA], "battles": 120, "seed": 3}
    sim = web.simulation_start(json.dumps(scenario))
    answers = [json.loads(sim.first())]
    while not answers[-1]["done"]:
        answers.append(json.loads(sim.advance()))
    assert len(answers) >= 2  # the first slice is small, for a first estimate on screen at once
    assert all(a["completed"] == a["result"]["played"] < 120 for a in answers[:-1])
    assert answers[-1]["completed"] == answers[-1]["result"]["played"] == 120
    assert answers[-1]["result"]["complete"] is True


def test_quadrante_result_n_is_the_nth_effect_of_the_table() -> None:
    """I-P07-4: with a table, result N of the Tool is the table's Nth effect (counting from 1)."""
    table = ("Swap", "Mirror", "Echo")
    seen = set()
    for seed in range(60):
        step = resolve_destruction(Destruction(quadrante_table=table), random.Random(seed)).steps[2]
        n = step.quadrante_result
        assert n is not None and 1 <= n <= 3
        assert step.detail.endswith(f"(result {n} of the Tool). Effect: {table[n - 1]}")
        seen.add(n)
    assert seen == {1, 2, 3}  # every effect can come up
    only = resolve_destruction(Destruction(quadrante_table=("Only",)), random.Random(5)).steps[2]
    assert only.quadrante_result == 1 and only.detail.endswith("Effect: Only")
