"""The entry point the browser widgets call inside Pyodide (estro_rules.web), tested in CPython.

The same functions run in Pyodide (tests/scenarios/test_pyodide.py compares the two); here each promise of the
widget protocol is checked on its own: ruling links, messages, and the worker's jobs (one step for
ordinary kinds, time slices for estimates, cancel).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from estro_rules import scenarios, web
from estro_rules.battaglia.simulate import Simulation
from tests.support import ROOT

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
    assert set(answer) == {"ok", "error", "words", "field"}
    assert answer["words"].startswith("Modes in the match: item 1 must be a known mode (it is 'Solo'")
    assert answer["field"] == "modes[0]", "the reply names the field, so a form can show the message on it"


def test_an_error_deep_in_a_scenario_names_its_path() -> None:
    """The path a form finds its control by: lists as [i], objects and maps as .key, as the message starts."""
    card = {"id": "X-1", "name": "X", "faces": {"Prime": {"type": "Location", "values": {"DEF": -1}}}}
    scenario = {"kind": "r19.sequence", "players": ["A"], "cards": [card], "board": [{"card": "X-1", "owner": "A"}]}
    answer = reply(json.dumps({**scenario, "actions": [{"do": "destroy", "card": "X-1"}]}))
    assert answer["field"] == "cards[0].faces.Prime.values.DEF"
    assert answer["error"].startswith(answer["field"] + ": expected a whole number")


EXAMPLES = [p.read_text() for p in sorted((ROOT / "examples").rglob("*.json")) if "kind" in json.loads(p.read_text())]
REFERENCE = json.loads((ROOT / "examples" / "battaglia" / "reference-matchup.json").read_text())


def estimate_text(battles: int, seed: int = 1) -> str:
    return json.dumps(
        {
            "kind": "battaglia.estimate",
            "left": REFERENCE["left"],
            "right": REFERENCE["right"],
            "battles": battles,
            "seed": seed,
        }
    )


class BattleClock:
    """A clock on which every battle played takes ``per_battle`` seconds (and nothing else takes time)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, per_battle: float) -> None:
        self.now = 0.0
        advance = Simulation.advance

        def timed(simulation: Simulation, count: int) -> Any:
            before = simulation.estimate.played
            result = advance(simulation, count)
            self.now += (result.played - before) * per_battle
            return result

        monkeypatch.setattr(Simulation, "advance", timed)

    def __call__(self) -> float:
        return self.now


def steps(job: web.Job) -> list[dict[str, Any]]:
    replies = [json.loads(job.step())]
    while not replies[-1]["done"]:
        replies.append(json.loads(job.step()))
    return replies


@pytest.mark.parametrize("text", EXAMPLES, ids=lambda t: json.loads(t).get("title", "")[:40])
def test_a_job_ends_with_what_handle_gives(text: str) -> None:
    replies = steps(web.Job(text, "../"))
    final = replies[-1]
    expected = json.loads(web.handle(text, "../"))
    assert final["done"] is True
    assert {k: final[k] for k in expected} == expected
    kind = json.loads(text)["kind"]
    if kind != "battaglia.estimate":
        assert len(replies) == 1, "an ordinary scenario is answered in one step"


def test_errors_take_one_step_with_the_cli_message() -> None:
    text = '{"kind": "p07.combination", "modes": ["Nope"]}'
    reply = json.loads(web.start(text).step())
    cli = json.loads(web.handle(text))
    assert reply == {"ok": False, "error": cli["error"], "words": cli["words"], "field": "modes[0]", "done": True}
    bad_estimate = estimate_text(0)
    reply = json.loads(web.start(bad_estimate).step())
    assert reply["done"] and not reply["ok"]
    assert reply["error"].startswith("battles: expected")


@pytest.mark.parametrize("per_battle", [0.0001, 0.005])
def test_an_estimate_is_sliced_by_time_not_by_count(monkeypatch: pytest.MonkeyPatch, per_battle: float) -> None:
    """A step plays battles for about 0.1 s, however long a battle takes."""
    job = web.Job(estimate_text(100_000), slice_seconds=0.1, clock=BattleClock(monkeypatch, per_battle))
    first = json.loads(job.step())
    assert not first["done"] and first["total"] == 100_000
    # About 0.1 s of battles: at least the slice, at most the slice and one batch of about 10 ms more.
    assert 0.1 <= first["completed"] * per_battle <= 0.1 + 0.011 + per_battle
    second = json.loads(job.step())
    assert 0.1 <= (second["completed"] - first["completed"]) * per_battle <= 0.111 + per_battle
    assert second["result"]["played"] == second["completed"], "each step goes on from where the last stopped"


def test_a_sliced_estimate_ends_with_the_full_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    text = estimate_text(600, seed=3)
    replies = steps(web.Job(text, clock=BattleClock(monkeypatch, 0.001)))
    assert len(replies) > 2, "small slices: several partial replies"
    assert [r["done"] for r in replies] == [False] * (len(replies) - 1) + [True]
    completed = [r["completed"] for r in replies]
    assert completed == sorted(completed) and completed[-1] == 600
    final = scenarios.run(json.loads(text))
    assert replies[-1]["result"] == final.to_json()
    assert (
        replies[-1]["result"]["left_wins"] + replies[-1]["result"]["draws"] + replies[-1]["result"]["right_wins"] == 600
    )


def test_cancel_gives_the_battles_played_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    job = web.Job(estimate_text(100_000), clock=BattleClock(monkeypatch, 0.001))
    first = json.loads(job.step())
    cancelled = json.loads(job.cancel())
    assert cancelled["cancelled"] is True and cancelled["done"] is True and cancelled["ok"] is True
    assert cancelled["completed"] == first["completed"] == cancelled["result"]["played"]
    assert cancelled["result"]["complete"] is False
    # The view says the estimate stopped, not that it is still going.
    assert "in progress" in first["html"]
    assert f"(cancelled after {first['completed']} battles)" in cancelled["html"]
    assert "in progress" not in cancelled["html"]
    assert json.loads(job.step()) == cancelled, "a finished job keeps its final reply"
    assert job.done


def test_cancel_before_the_first_step_and_after_the_last() -> None:
    job = web.start(estimate_text(10))
    assert json.loads(job.cancel()) == {
        "ok": False,
        "error": "cancelled before it ran",
        "done": True,
        "cancelled": True,
    }
    finished = web.start('{"kind": "p07.combination", "modes": ["Single Player"]}')
    final = json.loads(finished.step())
    assert json.loads(finished.cancel()) == final, "cancelling a finished job changes nothing"
