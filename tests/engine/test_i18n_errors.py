"""The engine's error messages in Italian (issue 29): on the command line (``--lang it``, ``LANG``), in a
widget's reply (the page's language), in a form's words; and the widgets' own words, which an Italian page
loads (``assets/estro/words-it.js``).

An error still names its field by its machine name (the path in the scenario) and says what was expected;
the exception's own text (``str(err)``), ``--json`` and the replies' keys stay English. The Italian expected
here is written out by hand from the catalogue's translations, so that a wrong one fails.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from estro_rules import cli, i18n, scenarios, web
from estro_rules.errors import ScenarioError
from estro_rules.fields import _JSON_REASONS, parse_json
from estro_rules.i18n import Message, say, using
from estro_rules.registry import KINDS
from scripts.sitegen import jswords, messages, widgets

BAD_MODE = '{"kind": "p07.combination", "modes": ["Single Player", "Inferno 2v2"]}'
KNOWN = "'Single Player', 'Inferno 2vs2', 'Ultimo Bastione', 'Zona di Conquista', 'Cinque Soglie'"


def run_cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


def test_the_command_line_says_an_error_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = tmp_path / "bad.json"
    scenario.write_text(BAD_MODE, encoding="utf-8")
    code, out, english = run_cli("run", str(scenario))
    assert code == 2 and out == ""
    assert english == (
        f"error: {scenario}: modes[1]: expected a known mode, got 'Inferno 2v2' "
        f"(did you mean 'Inferno 2vs2'? known: {KNOWN})\n"
    )
    code, out, italian = run_cli("--lang", "it", "run", str(scenario))
    assert code == 2 and out == ""
    # The field keeps its machine name; what was expected, what was given and the hint are Italian.
    assert italian == (
        f"errore: {scenario}: modes[1]: atteso un nome di modalità tra quelli noti, ricevuto 'Inferno 2v2' "
        f"(forse 'Inferno 2vs2'? noti: {KNOWN})\n"
    )
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run_cli("run", str(scenario))[2] == italian
    assert run_cli("--lang", "en", "run", str(scenario))[2] == english


def test_the_command_line_says_a_file_problem_in_italian(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    assert run_cli("--lang", "it", "run", str(missing))[2] == (
        f"errore: {missing}: il file non esiste; atteso un file di scenario che esista\n"
    )
    assert run_cli("--lang", "it", "run", str(tmp_path))[2] == (
        f"errore: {tmp_path}: una cartella, non un file; atteso un file di scenario\n"
    )
    assert run_cli("--lang", "it", "run", "-", stdin='{"kind": "p07.combination", "modes": }')[2] == (
        "errore: scenario: riga 1, colonna 38: manca un valore; atteso JSON valido\n"
    )


def test_values_are_said_with_their_plural_and_json_stays_json() -> None:
    err = ScenarioError("modes", "a list", got=["a"])
    with using("it"):
        assert err.said() == "modes: atteso un elenco, ricevuto un elenco di 1 elemento"
    for given, said in (
        ([1, 2], "un elenco di 2 elementi"),
        ([], "un elenco vuoto"),
        ({}, "un oggetto vuoto"),
        ({"a": 1}, "un oggetto"),
        (True, "true"),
        (None, "null"),
        (10**200, "un numero di 201 cifre"),
    ):
        with using("it"):
            assert ScenarioError("x", "y", got=given).said() == f"x: atteso y, ricevuto {said}"
    # The exception's own text is English in any language (JSON, logs, the tests of the English pages).
    with using("it"):
        assert str(ScenarioError("x", "y", got=[1, 2])) == "x: expected y, got a list of 2 items"


def test_json_problems_in_italian() -> None:
    with using("it"), pytest.raises(ScenarioError) as nested:
        parse_json("[" * 40 + "]" * 40, "scenario")
    with using("it"):
        assert nested.value.said() == "scenario: atteso JSON annidato su 32 livelli al massimo, ricevuto '40 livelli'"
    assert str(nested.value) == "scenario: expected JSON nested at most 32 levels deep, got '40 levels'"
    with pytest.raises(ScenarioError) as twice:
        parse_json('{"seed": 1, "seed": 2}', "scenario")
    with using("it"):
        assert twice.value.said() == (
            "scenario: la chiave 'seed' compare due volte nello stesso oggetto; atteso ogni chiave una volta sola"
        )


def test_a_widget_gets_the_error_in_its_pages_language() -> None:
    text = '{"kind": "p07.destruction", "seed": -1}'
    italian = json.loads(web.handle(text, "../", "it"))
    english = json.loads(web.handle(text, "../"))
    assert italian["field"] == english["field"] == "seed"  # the machine name: the form finds its control by it
    assert english["error"] == "seed: expected a whole number from 0 to 2⁶³−1, got -1"
    assert english["words"] == "Random seed for the Quadrante must be a whole number from 0 to 2⁶³−1 (it is -1)"
    assert italian["error"] == "seed: atteso un numero intero da 0 a 2⁶³−1, ricevuto -1"
    assert italian["words"] == "Seme casuale del Quadrante deve essere un numero intero da 0 a 2⁶³−1 (è -1)"
    # A job (what the worker runs) says the same, and a cancelled one says so in Italian.
    assert json.loads(web.start(text, "../", "it").step())["words"] == italian["words"]
    cancelled = json.loads(web.start(text, "../", "it").cancel())
    assert cancelled["error"] == "annullata prima di partire" and cancelled["cancelled"] is True


def test_a_forms_words_for_an_error_in_italian() -> None:
    data = {"kind": "p07.destruction", "sed": 3}
    with pytest.raises(ScenarioError) as unknown:
        scenarios.load(data)
    with using("it"):
        words = scenarios.in_words(unknown.value, data)
    assert words.startswith("“sed” non è un campo previsto qui (uno tra: description, destroyed_by_opponent, ")
    data = {"kind": "p07.combination", "modes": []}
    with pytest.raises(ScenarioError) as empty:
        scenarios.load(data)
    with using("it"):
        assert scenarios.in_words(empty.value, data) == (
            "Modalità della partita deve essere almeno una modalità (è un elenco vuoto)"
        )
    data = {"kind": "p07.combination"}
    with pytest.raises(ScenarioError) as missing:
        scenarios.load(data)
    with using("it"):
        said = scenarios.in_words(missing.value, data)
    assert said == "Manca modalità della partita (deve essere un elenco)", said


def test_an_editors_labels_and_help_in_the_pages_language() -> None:
    destruction = next(k for k in KINDS if k.name == "p07.destruction")
    italian, english = widgets.kind_asset(destruction, "it"), widgets.kind_asset(destruction, "en")
    assert italian["lang"] == "it" and english["lang"] == "en"
    fields = {f["name"]: f for f in italian["fields"]["fields"]}
    assert fields["seed"]["label"] == "Seme casuale del Quadrante"
    assert fields["face_down"]["help"] == "La carta era coperta"
    assert fields["in_play"]["help"] == (
        "Quali tra `NecroToken`, `Quadrante dell'Oblio`, `Imboscata Illusoria`, `Fessura Dimensionale` sono in gioco"
    )
    # The names stay: the effects' (the options), the fields' (the JSON's keys).
    assert fields["in_play"]["type"]["item"]["options"][1] == ["Quadrante dell'Oblio", "Quadrante dell'Oblio"]
    assert [f["name"] for f in english["fields"]["fields"]] == list(fields)
    assert {f["name"]: f["label"] for f in english["fields"]["fields"]}["seed"] == "Random seed for the Quadrante"
    # A kind that does not speak Italian yet gives its English words, and says so (the page marks them).
    for kind in KINDS:
        if "it" not in kind.languages:
            assert widgets.kind_asset(kind, "it") == widgets.kind_asset(kind, "en") | {"lang": "en"}


def test_the_scripts_words_reach_an_italian_page_whole() -> None:
    marked = messages.in_scripts()
    data = jswords.words("it")
    assert data is not None and len(marked) >= 90
    assert set(data["words"]) == {m if isinstance(m, str) else m[0] for m in marked}
    assert data["words"]["Cancelled before it ran."] == "Annullata prima di partire."
    assert data["words"]["Show every step"] == "Mostra tutti i passi"
    assert data["words"]["The scenario has a problem:"] == "Lo scenario ha un problema:"
    # Three forms, in the order of the browser's plural categories: 1, a million, any other number.
    assert data["plural"] == ["one", "many", "other"]
    assert data["words"]["Cancelled after {count} battle."] == [
        "Annullata dopo {count} battaglia.",
        "Annullata dopo {count} di battaglie.",
        "Annullata dopo {count} battaglie.",
    ]
    # An English page loads nothing more; an Italian page, one script of the site that sets them.
    assert jswords.words("en") is None and list(jswords.assets()) == ["assets/estro/words-it.js"]
    line = jswords.script("it").splitlines()[-1]
    assert line.startswith("window.estroWordsData = ") and json.loads(line.split(" = ", 1)[1].rstrip(";")) == data


def test_every_message_has_its_italian() -> None:
    assert messages.problems() == []
    assert i18n.LANGUAGES == ("en", "it")


def test_a_scripts_word_without_its_italian_fails_the_build() -> None:
    """The build's check (scripts/sitegen/messages.py, run by the site's registry) reads the scripts' words
    too: one left without Italian, or with other placeholders, is named."""
    marked = messages.in_scripts()
    data = jswords.words("it")
    assert data is not None
    catalog = Catalog(locale="it")
    for message in marked:
        key = message if isinstance(message, str) else message[0]
        said = data["words"][key]
        if key == "Running…":
            continue  # left out: no Italian
        if key == "Problem: {message}":
            said = "Problema: {messaggio}"  # a placeholder translated by mistake
        catalog.add(message, said if isinstance(said, str) else tuple(said))
    assert sorted(messages.translation_problems(marked, catalog, "it")) == [
        "it: 'Problem: {message}' is translated with other placeholders: {message}, {messaggio}",
        "it: 'Running…' is not in the catalogue",
    ]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"kind": "p07.combination",}', "manca il nome di una chiave tra virgolette doppie"),  # Python 3.11, 3.12
        ('"\\q"', "sequenza di escape (\\) non valida"),
        ('"\\u12"', "escape \\uXXXX non valido"),
    ],
)
def test_every_reason_of_the_json_reader_in_italian(text: str, reason: str) -> None:
    """The JSON reader's reasons, also those of Python 3.13 and later (Pyodide's): a trailing comma."""
    with pytest.raises(ScenarioError) as bad:
        parse_json(text, "scenario")
    with using("it"):
        assert reason in bad.value.said(), bad.value.said()
    with using("it"):
        said = {english: say(Message.kept(ours)) for english, ours in _JSON_REASONS.items()}
    assert said["Illegal trailing comma before end of array"] == "virgola di troppo prima della fine dell'elenco"
    assert all(ours != english.lower() for english, ours in said.items()), said
