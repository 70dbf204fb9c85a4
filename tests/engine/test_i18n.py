"""The engine in Italian (issue 29): the catalogues, the command line's --lang and LANG, the widgets' replies."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from estro_rules import cli, i18n, scenarios, web
from estro_rules.protocol07 import check_combination
from estro_rules.r19.kinds import SEQUENCE_KIND
from scripts.sitegen import messages, worked
from tests.support import ROOT

COMBINATION = ROOT / "examples" / "p07" / "cinque-soglie-single-player.json"
DESTRUCTION = ROOT / "examples" / "p07" / "destroyed-by-opponent-face-down.json"
R19 = ROOT / "examples" / "r19" / "morality-fall.json"  # every kind speaks Italian now (test_i18n_battaglia, _r19)


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_every_message_of_the_code_is_in_every_catalogue() -> None:
    assert len(messages.in_code()) >= 29
    assert messages.problems() == []


def test_the_command_line_speaks_italian_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    code, english, _ = run_cli("run", str(COMBINATION), "--text")
    assert code == 0 and english.startswith("Cinque Soglie + Single Player: not allowed\n")
    code, italian, _ = run_cli("--lang", "it", "run", str(COMBINATION), "--text")
    assert code == 0 and italian.startswith("Cinque Soglie + Single Player: non ammesso\n")
    # Our words are Italian; the protocol's own (a quoted reason) stay as the protocol says them.
    assert "Single Player è un mondo a sé (astronavi, guardiani, un'IA tutta sua)" in italian
    assert "“asymmetric match against starships" in italian and "  regole: P07-2, P07-3.3, I-P07-2" in italian
    assert run_cli("run", str(COMBINATION), "--text", "--lang", "it")[1] == italian  # after the command too
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run_cli("run", str(COMBINATION), "--text")[1] == italian
    assert run_cli("--lang", "en", "run", str(COMBINATION), "--text")[1] == english  # the flag wins
    monkeypatch.setenv("LANGUAGE", "fr:it")  # a list, as gettext reads it: the first language the engine speaks
    assert run_cli("run", str(COMBINATION), "--text")[1] == italian
    code, steps, _ = run_cli("run", str(DESTRUCTION), "--text")
    assert steps.splitlines()[1] == (
        "2. SCATTA NecroToken assegnato: L'ha distrutta l'avversario: il proprietario riceve 1 NecroToken "
        "(passivo, immediato). [P07-4, P07-4.2, I-P07-1]"
    )


def test_json_is_the_same_in_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LANG", raising=False)
    for example in (COMBINATION, DESTRUCTION):
        english = run_cli("--lang", "en", "run", str(example))[1]
        assert run_cli("--lang", "it", "run", str(example))[1] == english
        assert "NecroToken assegnato" not in english and "non ammesso" not in english


def test_an_unknown_language_is_named() -> None:
    with pytest.raises(SystemExit) as stop:
        run_cli("--lang", "fr", "run", str(COMBINATION))
    assert stop.value.code == 2
    wrong = {"ok": False, "error": "language: expected one of 'en', 'it', got 'fr'"}
    assert json.loads(web.handle(COMBINATION.read_text(), "", "fr")) == wrong
    assert json.loads(web.start(COMBINATION.read_text(), "", "fr").step()) == {**wrong, "done": True}


def test_a_widget_gets_its_pages_language_where_the_kind_speaks_it() -> None:
    text = COMBINATION.read_text()
    italian = json.loads(web.handle(text, "../", "it"))
    english = json.loads(web.handle(text, "../"))
    assert italian["result"] == english["result"]  # the data: the same, in English
    assert italian["lang"] == "it" and english["lang"] == "en"
    assert "<strong>Non ammesso.</strong> Cinque Soglie, Single Player violano 2 regole:" in italian["html"]
    assert check_combination(["Cinque Soglie", "Single Player"]).violations  # (the verdict the words say)
    job = web.start(text, "../", "it")
    assert "Non ammesso." in json.loads(job.step())["html"]
    reply = json.loads(web.handle(R19.read_text(), "../", "it"))
    assert reply["lang"] == "it" and "Situazione iniziale" in reply["html"]
    assert i18n.current() == "en", "the language is the request's only"
    # A kind whose views speak English only says so, whatever the page's language.
    english_only = dataclasses.replace(SEQUENCE_KIND, languages=("en",))
    scenario = english_only.read(json.loads(R19.read_text()))
    with i18n.using("it"):
        assert english_only.show(scenario, scenario.run()).language == "en"
        assert SEQUENCE_KIND.show(scenario, scenario.run()).language == "it"


def test_a_worked_example_speaks_the_pages_language_where_its_kind_does() -> None:
    scenario = {"kind": "p07.destruction", "destroyed_by_opponent": True, "face_down": True}
    with i18n.using("it"):
        italian = worked.worked_html(scenario, "p07-destruction", "../")
        r19 = worked.worked_html(json.loads(R19.read_text()), "r19-sandbox", "../")
    english = worked.worked_html(scenario, "p07-destruction", "../")
    assert italian.startswith('<article class="estro-worked"')  # in the page's language: the page says it
    assert "<strong>Situazione:</strong> distrutta dall&#x27;avversario; la carta era coperta." in italian
    assert ">Provalo</a>" in italian and "NecroToken assegnato" in italian
    assert english.startswith('<article class="estro-worked"')
    assert "<strong>Situation:</strong> destroyed by the opponent; the card was face-down." in english
    assert ">Try it</a>" in english
    assert r19.startswith('<article class="estro-worked"') and ">Provalo</a>" in r19
    assert "Eventi principali" in r19 and "Key events" not in r19


def test_a_players_own_text_is_never_translated() -> None:
    """A Quadrante effect is the player's text: said as written, even when it is a word of the catalogue."""
    scenario = {"kind": "p07.destruction", "quadrante_table": ["fires"], "in_play": ["Quadrante dell'Oblio"]}
    with i18n.using("it"):
        text = scenarios.load(scenario).run().text()
    assert "(risultato 1 del Tool). Effetto: fires [" in text
