"""Failures the browser widgets' entry point (:mod:`estro_rules.web`) turns into replies.

Its promise: a scenario error comes back as the command line's message with the field it names; any
other failure comes back as a short message, never as a traceback on the page. The failures that no
real scenario causes today are made here by replacing the loader.
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

import pytest

from estro_rules import scenarios, web
from estro_rules.errors import EstroError, ScenarioError

SOLO = {"kind": "p07.combination", "modes": ["Single Player"]}


def failing(exc: BaseException) -> Any:
    def load(*args: Any, **kwargs: Any) -> NoReturn:
        raise exc

    return load


def test_respond_gives_the_result_and_its_html() -> None:
    reply = web.respond(SOLO, base="../")
    assert set(reply) == {"ok", "result", "html", "lang"} and reply["lang"] == "en"  # the language of the html
    assert reply["ok"] is True
    assert reply["result"] == scenarios.run(SOLO).to_json()
    assert re.findall(r'href="([^"]+)"', reply["html"]) == ["../protocol-07/#P07-1"]
    assert re.findall(r'href="([^"]+)"', web.respond(SOLO)["html"]) == ["protocol-07/#P07-1"]


def test_a_scenario_error_names_its_field() -> None:
    reply = web.respond({"kind": "p07.combination", "modes": [3]})
    assert reply == {
        "ok": False,
        "error": "modes[0]: expected a mode name (a string), got 3",  # the command line's, with the path
        "words": "Modes in the match: item 1 must be a mode name (a string) (it is 3)",  # the form's words
        "field": "modes[0]",
    }


def test_handle_answers_json_text_for_text_that_is_not_json() -> None:
    assert json.loads(web.handle("{")) == {
        "ok": False,
        "error": "scenario: line 1, column 2: expecting property name enclosed in double quotes; expected valid JSON",
        "words": "The scenario: line 1, column 2: expecting property name enclosed in double quotes (expected valid JSON)",
        "field": "scenario",
    }
    assert json.loads(web.handle(json.dumps(SOLO), base="../../"))["html"].count('href="../../protocol-07/') == 1


def test_an_engine_error_that_names_no_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenarios, "load", failing(EstroError("the pool is empty")))
    assert web.respond(SOLO) == {"ok": False, "error": "the pool is empty"}
    assert json.loads(web.handle(json.dumps(SOLO))) == {"ok": False, "error": "the pool is empty"}


def test_a_scenario_too_deep_for_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenarios, "load", failing(RecursionError("maximum recursion depth exceeded")))
    assert web.respond(SOLO) == {"ok": False, "error": "internal error: the scenario is nested too deeply"}


def test_any_other_failure_is_a_short_message_and_the_traceback_goes_to_the_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(scenarios, "load", failing(ZeroDivisionError("division by zero")))
    assert web.respond(SOLO) == {"ok": False, "error": "internal error: ZeroDivisionError: division by zero"}
    assert "Traceback" in capsys.readouterr().err
    reply = json.loads(web.start(json.dumps(SOLO)).step())
    assert reply == {"ok": False, "error": "internal error: ZeroDivisionError: division by zero", "done": True}


def test_a_scenario_error_is_not_reported_as_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenarios, "load", failing(ScenarioError("", "a scenario", problem="nothing given")))
    assert web.respond(SOLO) == {
        "ok": False,
        "error": "nothing given; expected a scenario",
        "words": "The scenario: nothing given (expected a scenario)",
        "field": "",
    }


def test_a_job_keeps_what_it_was_given() -> None:
    job = web.start(json.dumps(SOLO), "../")
    assert (job.text, job.base, job.slice_seconds) == (json.dumps(SOLO), "../", web.SLICE_SECONDS)
    assert web.SLICE_SECONDS == 0.1
    assert not job.done
    reply = json.loads(job.step())
    assert job.done
    assert re.findall(r'href="([^"]+)"', reply["html"]) == ["../protocol-07/#P07-1"]
    assert json.loads(job.step()) == reply


def test_a_failed_job_is_done_and_stays_failed() -> None:
    job = web.start("[1, 2]")
    first = json.loads(job.step())
    assert first["done"] is True and first["ok"] is False
    assert job.done
    assert json.loads(job.step()) == first
    assert json.loads(job.cancel()) == first, "cancelling a finished job changes nothing"


def test_without_a_base_links_are_relative_to_the_site_root() -> None:
    text = json.dumps(SOLO)
    for job in (web.start(text), web.Job(text)):
        assert job.base == "" and job.slice_seconds == 0.1
        assert re.findall(r'href="([^"]+)"', json.loads(job.step())["html"]) == ["protocol-07/#P07-1"]
    assert re.findall(r'href="([^"]+)"', json.loads(web.handle(text))["html"]) == ["protocol-07/#P07-1"]
