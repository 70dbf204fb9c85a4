"""§19 in Italian (issue 29): its traces, step labels, answers and views in the current language; its
results, JSON and English words unchanged; the command line's ``--lang it``; and no English sentence left
in a view said in Italian.

The expected Italian is written from the catalogue's translation (``estro_rules/locale/it``); the card words
(names, states, types, values, zones, keywords) stay as the cards print them, as the Italian page does.
"""

from __future__ import annotations

import copy
import html as html_text
import io
import json
import pickle
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from estro_rules import cli, web
from estro_rules.i18n import Plural, say, using
from estro_rules.r19.kinds import SEQUENCE_KIND
from estro_rules.r19.lint import lint, report_markdown, report_text
from estro_rules.r19.samples import sample_scenario
from estro_rules.r19.views import html, text
from tests.support import EXAMPLES, ROOT

DRONE = EXAMPLES / "r19" / "drone-burned.json"
TIMING = EXAMPLES / "r19" / "activation-timing.json"
POOL = EXAMPLES / "r19" / "card-pool.json"
CATALOGUE = ROOT / "estro_rules" / "locale" / "it" / "LC_MESSAGES" / "estro_rules.po"


def run(path_or_data: Any) -> Any:
    data = json.loads(path_or_data.read_text(encoding="utf-8")) if hasattr(path_or_data, "read_text") else path_or_data
    return SEQUENCE_KIND.read(data).run()


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# A scenario that reaches the rarer sentences: a Sabotage counter on a Character at the start (the setup's
# checks), a controller that narrows a class, a bonus that finds no card, a penalty to a value the card does
# not print, a grant, an effect that ends without having started, a question about a triggered ability, the
# capabilities of a Convocant and of a card at Vote 0, a Twist that turns the Character's Bound Storyline to
# Reversal, and that Storyline leaving play.
RARE = sample_scenario(
    [
        {"card": "CH-031", "owner": "Ana", "bound_to": "ST-007"},
        {"card": "CH-061", "owner": "Ana", "counters": {"Sabotage": 1}},
        "ST-007",
        {"card": "GU-050", "owner": "Ana", "controller": "Ben"},
    ],
    [
        {"do": "bonus", "classes": ["Location"], "controller": "Ana", "value": "Vox", "amount": 1},
        {"do": "penalty", "card": "CH-031", "value": "Income", "amount": 1},
        {"do": "grant", "card": "GU-050", "value": "Vote", "amount": 2},
        {"do": "end_effect", "effect": "Curfew"},
        {"do": "can_activate", "card": "CH-031", "ability": "War Crime"},
        {"do": "capabilities", "card": "GU-050"},
        {"do": "twist", "card": "CH-031"},
        {"do": "storyline_leaves", "card": "ST-007"},
    ],
)


def test_a_trace_reads_in_italian() -> None:
    with using("it"):
        lines = text(run(DRONE)).splitlines()
    assert lines[0] == "Situazione iniziale:"
    assert lines[1] == "  situazione in gioco: turno di Ana, fase Admin; posti Ana, Ben"
    assert "Azione 1. -2 DEF a XX-DRN-004" in lines
    assert (
        "  - Picket Drone (XX-DRN-004) è un'unità a DEF 0: viene distrutta e va in Burned (controllo di stato, "
        "§10.6). [R19-8, R19-8.1]"
    ) in lines
    assert (
        "  - Scrap Signal di Picket Drone (XX-DRN-004) si innesca (distruzione di Picket Drone (XX-DRN-004)); "
        "aspetta la fine della sequenza. [R19-8, R19-8.1, R19-1.1]"
    ) in lines
    assert "  - Sequenza completata; 1 nuovo innesco in attesa. [R19-1.1]" in lines
    assert "  - Sequenza completata; 0 nuovi inneschi in attesa. [R19-1.1]" in lines
    assert (
        "  - Giro 1: gli inneschi si risolvono prima per il giocatore attivo, poi in senso orario: "
        "Ben: XX-DRN-004/Scrap Signal. [R19-1.3, I-R19-2]"
    ) in lines
    assert "  ordine del giro 1: Ben: XX-DRN-004/Scrap Signal" in lines
    assert "    XX-DRN-004   Burned        [senza etichetta] Ground Unit — Drone; ATK 1, DEF 2" in lines


def test_answers_read_in_italian() -> None:
    with using("it"):
        lines = text(run(TIMING)).splitlines()
    assert "Azione 1. GU-050 può attivare ora Patch Up?" in lines
    assert (
        "  - Ben può attivare ora Patch Up di Field Engineer (GU-050) (fase Ready; giocatore attivo Ana)? No: "
        "Nella fase Ready non si può usare nessuna abilità attivata, nemmeno Fast. [R19-3.1]"
    ) in lines
    assert "Azione 2. stesso giocatore: fase Admin" in lines and "  - Turno di Ana, fase Admin. [R19-3.1]" in lines
    # A text printed on the card is quoted as printed.
    assert (
        "  - Ben può attivare ora Overclock di Field Engineer (GU-050) (fase Admin; giocatore attivo Ana)? No: "
        "Il suo testo dice «Use only during your turn», e il giocatore attivo è Ana. [R19-3.2]"
    ) in lines


def test_the_rarer_sentences_read_in_italian() -> None:
    result = run(RARE)
    with using("it"):
        lines = text(result).splitlines()
        page = html_text.unescape(html(result, base="../"))
    assert (
        "  - Clerk Odo (CH-061) comincia con 1 segnalino Sabotage; un Character stampa DEF X, quindi la penalità "
        "diventa invece danni. [I-R19-1, I-R19-5, R19-8.2]"
    ) in lines
    assert "Azione 1. +1 Vox a Location sotto il controllo di Ana" in lines
    assert "  - +1 Vox: nessuna carta corrisponde (Location sotto il controllo di Ana). [R19-6.1]" in lines
    assert (
        "  - -1 Income a Colonel Varro (CH-031): non stampa Income: lì non ha nulla da usare, e nulla non vale 0; "
        "non c'è nulla da ridurre. [R19-7.1]"
    ) in lines
    assert "Azione 3. dare Vote 2 a GU-050" in lines
    assert "  - Nessun effetto duraturo chiamato 'Curfew' è attivo. [R19-7.2]" in lines
    assert any("? No: War Crime è un'abilità innescata, non attivata. [R19-3]" in line for line in lines)
    assert "  - Field Engineer (GU-050) può votare? Sì: Vote 2: è un Convocant. [R19-7]" in lines
    assert (
        "  - The Long Betrayal (ST-007) diventa Reversal (il Character che le è Bound, Colonel Varro (CH-031), "
        "è diventato Fallen (§8.11)). Girare una carta non è distruggerla: la carta resta in gioco. "
        "[R19-2.5, I-R19-7, R19-4.1]"
    ) in lines
    assert "Azione 8. la Storyline ST-007 lascia il gioco e va in Depleted Pile" in lines
    # The stepper: its headings, the board's table and the summary.
    for words in (
        "Controllato prima della prima azione",
        "Situazione in gioco all'inizio",
        "Clerk Odo (CH-061) subisce 1 danno invece di -1 DEF: CP 1.",
        "Ana (sotto il controllo di Ben)",
        '<th scope="col">Proprietario</th>',
        "ha Vote 2",
    ):
        assert words in page, words


def test_the_stepper_reads_in_italian() -> None:
    with using("it"):
        page = html(run(DRONE), base="../")
    assert '<p class="estro-verdict"><strong>Dopo 2 azioni:</strong>' in page
    assert "Picket Drone (XX-DRN-004): Map → Burned" in page
    assert '<p class="estro-key-title">Eventi principali</p>' in page
    assert "Azione 1, Distruzione: " in page
    assert "<h4>Situazione iniziale</h4>" in page and 'data-label="Inizio"' in page
    assert 'data-label="Azione 2"' in page and "<h4>2. -1 Rank a XX-GRD-020</h4>" in page
    assert "<h5>Che cosa è successo</h5>" in page and "<h5>Inneschi, nell&#x27;ordine in cui si risolvono</h5>" in (
        page.replace("'", "&#x27;")
    )
    assert '<span class="estro-face estro-face-unlabelled">nessuna etichetta di stato</span>' in page
    assert "Giocatori (in senso orario): Ana, Ben. Giocatore attivo: <strong>Ana</strong>. Fase: Admin." in page
    assert '<span class="estro-event-kind">Inizio della sequenza</span>' in page


def test_english_is_unchanged_and_the_result_is_the_same_data() -> None:
    result = run(DRONE)
    english = text(result)
    assert (
        "  - Picket Drone (XX-DRN-004) is a unit at DEF 0: destroyed and Burned (state-based check, §10.6). "
        "[R19-8, R19-8.1]"
    ) in english.splitlines()
    assert "  - Sequence complete; 1 new trigger waiting. [R19-1.1]" in english.splitlines()
    with using("it"):
        data = json.dumps(result.to_json())
        assert text(result) != english
    assert json.dumps(result.to_json()) == data
    assert "Sequence complete; 1 new trigger waiting." in data and "Sequenza" not in data
    assert text(result) == english  # back to English outside the block


def test_the_command_line_speaks_italian_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    code, italian, _ = run_cli("--lang", "it", "run", str(DRONE), "--text")
    assert code == 0 and italian.startswith("Situazione iniziale:\n")
    assert "  - -2 DEF a Picket Drone (XX-DRN-004): DEF 0. [R19-8]\n" in italian
    code, english, _ = run_cli("run", str(DRONE), "--text")
    assert (
        code == 0
        and english.startswith("Initial state:\n")
        and "  - -2 DEF to Picket Drone (XX-DRN-004): DEF 0." in english
    )
    assert run_cli("--lang", "it", "run", str(DRONE))[1] == run_cli("run", str(DRONE))[1]  # JSON: the same
    code, findings, _ = run_cli("--lang", "it", "lint", str(POOL))
    assert code == 0 and findings.startswith(
        "GU-203 Glass Sentinel: [R19-8.6] La sua faccia stampa DEF 0: a 0 o meno una carta viene distrutta o si "
        "rompe nel momento in cui entra, quindi DEF non dovrebbe mai essere stampato a 0 (§19.7, §19.8).\n"
    )
    assert run_cli("--lang", "it", "lint", str(POOL), "--json")[1] == run_cli("lint", str(POOL), "--json")[1]


def test_the_linters_reports_in_italian() -> None:
    findings = lint(POOL.read_text(encoding="utf-8"))
    with using("it"):
        assert report_text([]) == "nessun rilievo"
        table = report_markdown(findings)
    assert table.splitlines()[:3] == [f"{len(findings)} rilievi.", "", "| Carta | Regola | Rilievo |"]
    assert "«+1 Vox» nomina Character e Ground Unit, ma alcune di queste carte non stampano" in table
    assert report_markdown(findings).splitlines()[2] == "| Card | Ruling | Finding |"


def test_a_widget_gets_the_italian_views_and_the_english_data() -> None:
    scenario = DRONE.read_text(encoding="utf-8")
    italian, english = json.loads(web.handle(scenario, "../", "it")), json.loads(web.handle(scenario, "../"))
    assert italian["lang"] == "it" and english["lang"] == "en"
    assert italian["result"] == english["result"]
    assert "Eventi principali" in italian["html"] and "Key events" in english["html"]


def test_a_plural_kept_message_is_said_with_every_form() -> None:
    one, two = (Plural("{n} trigger waiting.", "{n} triggers waiting.", n) for n in (1, 2))
    assert (one, two) == ("1 trigger waiting.", "2 triggers waiting.")
    with using("it"):
        said = [
            say(
                Plural("Sequence complete; {n} new trigger waiting.", "Sequence complete; {n} new triggers waiting.", n)
            )
            for n in (1, 2)
        ]
    assert said == [
        "Sequenza completata; 1 nuovo innesco in attesa.",
        "Sequenza completata; 2 nuovi inneschi in attesa.",
    ]
    for kept in (copy.deepcopy(two), pickle.loads(pickle.dumps(two))):
        assert kept == two and isinstance(kept, Plural) and kept.values == {"n": 2}


def _english_fragments() -> set[str]:
    """The English sentences (between placeholders) of every catalogue message whose Italian is different:
    none of them may be left in a view said in Italian."""
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    out: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        italian = [message.string] if isinstance(message.string, str) else list(message.string)
        for english in ids:
            for piece in re.split(r"\{[^}]*\}", english):
                piece = piece.strip(" .,:;()")
                if len(piece) >= 10 and " " in piece and not any(piece in it for it in italian):
                    out.add(piece)
    return out


WORDS = (
    "Sequence", "trigger", "Round", "active player", "What happened", "Key events", "Initial state", "Board",
    "After ", "Action ", "Players (clockwise)", "controlled by", "counter", " is destroyed", "becomes ",
    "does nothing", "no state label", "none printed", "unlabelled", "Yes:", "resolves ", "waiting",
)  # fmt: skip
"""English words of ours that must not be left in a view said in Italian (the cards' own words, such as
"Picket Drone" or "Scrap Signal", never contain them in these scenarios)."""


@pytest.mark.parametrize(
    "scenario",
    [p for p in sorted((EXAMPLES / "r19").glob("*.json")) if p.name != "card-pool.json"] + [RARE],
    ids=lambda s: getattr(s, "stem", "rare"),
)
def test_a_view_said_in_italian_leaves_no_english_sentence(scenario: Any) -> None:
    result = run(scenario)
    with using("it"):
        page = re.sub(r"<[^>]*>", " ", html(result, base="../"))  # the words a player reads, not the markup
        said = html_text.unescape(page) + "\n" + text(result)
    names = {c["name"] for c in (scenario if isinstance(scenario, dict) else json.loads(scenario.read_text()))["cards"]}
    for card in names:  # the cards' names stay as printed; they are not ours to check
        said = said.replace(card, "")
    left = sorted(piece for piece in _english_fragments() if piece in said)
    assert left == []
    assert [word for word in WORDS if word in said] == []
    assert "Content-Type" not in said, "an empty string said is gettext's header: nothing empty is said"


def _kept_messages(data: Any, path: str = "") -> list[str]:
    """Where ``data`` holds a kept message instead of a plain ``str``."""
    if isinstance(data, dict):
        return [p for key, value in data.items() for p in _kept_messages(value, f"{path}.{key}")]
    if isinstance(data, list):
        return [p for i, value in enumerate(data) for p in _kept_messages(value, f"{path}[{i}]")]
    return [path] if isinstance(data, str) and type(data) is not str else []


def test_a_results_data_are_plain_english_strings() -> None:
    """A result's JSON holds plain ``str`` (an example's ``expect`` compares types too), in English."""
    for scenario in [*sorted((EXAMPLES / "r19").glob("*.json")), RARE]:
        if getattr(scenario, "name", "") == "card-pool.json":
            continue
        with using("it"):
            data = run(scenario).to_json()
        assert _kept_messages(data) == []
    findings = [f.to_json() for f in lint(POOL.read_text(encoding="utf-8"))]
    assert _kept_messages(findings) == [] and findings[0]["message"].startswith("Its face prints DEF 0")
