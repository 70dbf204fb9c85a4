"""Battaglia in Italian (issue 29): its trace, its views, the command line and the widgets, in the page's language.

The expected Italian is the catalogue's translation (estro_rules/locale/it/LC_MESSAGES/estro_rules.po), written
out by hand; the English next to it is what the English pages and tests already say, unchanged. Names (cryptids,
abilities, teams) stay as the player wrote them; the data (results, events' ``text``, JSON) stays English.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from estro_rules import cli, i18n, web
from estro_rules.battaglia import Matchup, battle, team
from estro_rules.battaglia.kinds import BATTLE, ESTIMATE
from estro_rules.battaglia.results import BattleResult
from estro_rules.battaglia.samples import REFERENCE_LEFT, REFERENCE_RIGHT
from estro_rules.battaglia.simulate import Estimate, Simulation
from estro_rules.battaglia.teams import Team
from estro_rules.battaglia.trace import Trace
from estro_rules.battaglia.views import battle_html, battle_text, estimate_html, estimate_text
from estro_rules.i18n import say, using
from scripts.sitegen import worked
from tests.engine.test_battaglia_rules import busy_teams
from tests.support import ROOT
from tests.support.battaglia import cryptid

EXAMPLES = sorted((ROOT / "examples" / "battaglia").glob("*.json"))
REFERENCE = ROOT / "examples" / "battaglia" / "reference-matchup.json"
ESTIMATE_FILE = ROOT / "examples" / "battaglia" / "estimate-one-sided.json"

WOLF = {"name": "Wolf", "threat": 5, "health": 4, "abilities": [{"when": {"total": 7}, "effect": {"damage": 4}}]}
YETI = {"name": "Yeti", "threat": 3, "health": 4, "abilities": [{"when": {"total": 7}, "effect": {"damage": 4}}]}


def wolf_and_yeti() -> BattleResult:
    """The Battaglia page's example of BAT-3 (a roll of 7: the Wolf acts first and the Yeti never does)."""
    return battle(team([WOLF], "left"), team([YETI], "right"), dice=[[3, 4]])


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_both_battaglia_kinds_speak_italian() -> None:
    assert BATTLE.languages == ESTIMATE.languages == ("en", "it")


def test_a_trace_in_italian_and_in_english() -> None:
    result = wolf_and_yeti()
    with using("it"):
        italian = [say(e.text) for e in result.events()]
        kept = [e.text for e in result.events()]
    assert italian == [
        "Tiro 1: 3 + 4 = 7 (fissato)",
        "Wolf (S1) (totale 7: danni 4 → nemico con più minaccia) si attiva",
        "Wolf (S1) colpisce Yeti (D1) e gli toglie 4 di salute (resta a 0)",
        "Yeti (D1) è a zero salute fino alla fine del turno",
        "Yeti (D1) (totale 7: danni 4 → nemico con più minaccia) si attiverebbe, ma Yeti (D1) è a zero salute e non si "
        "attiva",
        "Yeti (D1) muore",
        "Vince la parte sinistra dopo 1 tiro: una parte è rimasta senza criptidi (salute rimasta: sinistra 4, destra 0)",
    ]
    english = [
        "Roll 1: 3 + 4 = 7 (forced)",
        "Wolf (L1) (total 7: damage 4 → highest threat enemy) activates",
        "Wolf (L1) hits Yeti (R1) for 4 (0 left)",
        "Yeti (R1) is down (0 health) until the end of the turn",
        "Yeti (R1) (total 7: damage 4 → highest threat enemy) would activate, but Yeti (R1) is down and does not activate",
        "Yeti (R1) dies",
        "The left side wins after 1 roll: one side has no cryptids left (health left 4, right 0)",
    ]
    assert kept == english, "an event's text is data: English whatever the language"
    assert [say(e.text) for e in result.events()] == english
    assert json.dumps(result.to_json()) == json.dumps(wolf_and_yeti().to_json())


def test_every_kind_of_sentence_in_italian() -> None:
    """The trace test's battle that says almost everything (tests/engine/test_battaglia_trace.py), in Italian."""
    left = team(
        [
            cryptid(
                "Nessie",
                4,
                10,
                {"when": {"die_shows": 6}, "effect": {"modify_total": 1}},
                {"when": {"total": 8}, "effect": {"damage": 3}},
                {"when": {"total": 8}, "effect": {"dot": 2, "rolls": 2}, "target": "lowest_health_enemy"},
            )
        ],
        "left",
    )
    right = team(
        [
            cryptid("Kappa", 4, 6, {"when": {"reaction": "damaged"}, "effect": {"heal": 1}}),
            cryptid("Imp", 1, 2, {"when": "death", "effect": {"damage": 1}, "target": "source"}),
        ],
        "right",
    )
    first, second = battle(left, right, dice=[[6, 1], [1, 1]], seed=0).trace[:2]
    with using("it"):
        tie = say(first.events[1].text)
        one = [say(e.text) for e in first.events if e.kind != "tie"]
        two = [say(e.text) for e in second.events if e.kind != "tie"]
    assert tie.startswith(
        "Stessa minaccia 4 nelle due parti (Nessie (S1), Kappa (D1)): l'estrazione dal seme fa agire "
    )
    assert tie.endswith(("prima la parte sinistra", "prima la parte destra"))
    assert one == [
        "Tiro 1: 6 + 1 = 7 (fissato)",
        "Nessie (S1) (un dado mostra 6: totale +1): il totale diventa 8",
        "Nessie (S1) (totale 8: danni 3 → nemico con più minaccia) si attiva",
        "Nessie (S1) colpisce Kappa (D1) e gli toglie 3 di salute (resta a 3)",
        "Reazione: Kappa (D1) (quando subisce danni: cura 1 → sé stesso)",
        "Kappa (D1) cura Kappa (D1) di 1 (4 su 6)",
        "Nessie (S1) (totale 8: danni nel tempo 2 per 2 tiri → nemico con meno salute) si attiva",
        "Nessie (S1) mette danni nel tempo su Imp (D2): 2 a ogni tiro per i prossimi 2 tiri",
    ]
    assert two == [
        "Tiro 2: 1 + 1 = 2 (fissato)",
        "Imp (D2) perde 2 di salute per i danni nel tempo (resta a 0)",
        "Imp (D2) è a zero salute fino alla fine del turno",
        "Imp (D2) muore",
        "Abilità di morte: Imp (D2) (alla morte: danni 1 → la fonte)",
        "Imp (D2) colpisce Nessie (S1) e gli toglie 1 di salute (resta a 9)",
    ]


def test_the_rarer_sentences_in_italian() -> None:
    """A heal cut at the starting health, damage over time for one roll, sudden death, the reaction cap."""
    medic = cryptid("Medic", 1, 9, {"when": {"total": 3}, "effect": {"heal": 5}, "target": "lowest_health_ally"})
    hitter = cryptid("Hit", 5, 9, {"when": {"total": 3}, "effect": {"damage": 2}})
    sting = cryptid("Sting", 4, 9, {"when": {"total": 3}, "effect": {"dot": 1, "rolls": 1}})
    result = battle(team([medic], "left"), team([hitter, sting], "right"), dice=[[1, 2]])
    with using("it"):
        said = [say(e.text) for e in result.events("heal", "dot")]
    assert said == [
        "Sting (D2) mette danni nel tempo su Medic (S1): 1 al prossimo tiro",
        "Medic (S1) cura Medic (S1) di 2 e non di 5, per non superare la salute iniziale (9 su 9)",
    ]
    late = cryptid("Late", 5, 60, {"when": "every_roll", "effect": {"damage": 1}})
    sleeper = cryptid("Sleeper", 1, 60)
    result = battle(team([late], "left"), team([sleeper], "right"), dice=[[1, 2]] * 16)
    with using("it"):
        sudden = [say(e.text) for e in result.trace[15].events[:3]]
    assert sudden == [
        "Tiro 16: 1 + 2 = 3 (fissato); morte improvvisa: +1 ai danni delle abilità",
        "Late (S1) (ogni tiro: danni 1 → nemico con più minaccia) si attiva",
        "Late (S1) colpisce Sleeper (D1) e gli toglie 2 di salute (+1 per la morte improvvisa) (resta a 43)",
    ]
    back = {"when": {"reaction": "damaged"}, "effect": {"damage": 1}, "target": "source"}
    echo = cryptid("Echo", 4, 99, {"when": {"total": 3}, "effect": {"damage": 1}}, back)
    mirror = cryptid("Mirror", 3, 99, back)
    helper = cryptid(
        "Helper", 2, 99, {"when": {"reaction": "ally_damaged"}, "effect": {"damage": 1}, "target": "source"}
    )
    for helpers, more in (([], ""), ([helper], "; in questo turno non sono avvenute altre 11 reazioni")):
        result = battle(team([echo], "left"), team([mirror, *helpers], "right"), dice=[[1, 2]])
        [cap] = result.events("cap")
        assert cap.amount == (12 if helpers else 1)
        with using("it"):
            said = say(cap.text)
            text = battle_text(result)
        assert re.fullmatch(
            r"Raggiunto il tetto delle reazioni \(20 in questo turno\): (Echo \(S1\)|Mirror \(D1\)|Helper \(D2\)) "
            r"\(quando (subisce danni|un alleato subisce danni): danni 1 → la fonte\) non reagisce" + re.escape(more),
            said,
        ), said
        assert "  limiti applicati: reaction_cap" in text
    # One reaction more than the first that the cap stops: the singular.
    matchup = Matchup(team([echo], "left"), team([mirror], "right"))
    words = Trace(matchup, [99, 99])
    words.roll(1, 1, (1, 2), True, 0, ())
    words.step = 4
    reaction = matchup.abilities[1][0]
    words.capped(reaction, 1, ())
    words.capped(reaction, 1, ())
    words.roll_done(3, False)
    words.turn_done()
    with using("it"):
        assert say(words.records[0].events[-1].text) == (
            "Raggiunto il tetto delle reazioni (20 in questo turno): Mirror (D1) (quando subisce danni: danni 1 → la "
            "fonte) non reagisce; in questo turno non è avvenuta 1 altra reazione"
        )


def test_the_text_view_in_italian() -> None:
    with using("it"):
        text = battle_text(wolf_and_yeti())
    assert text == (
        "Vince la parte sinistra dopo 1 tiro (1 turno): una parte è rimasta senza criptidi\n"
        "  salute rimasta: sinistra 4/4, destra 0/4\n"
        "  Sinistra: una vittoria; destra: una sconfitta, che può costare vite\n"
        "  regole: BAT-8, I-BAT-13\n"
        "  [1] Tiro 1: 3 + 4 = 7 (fissato) [BAT-6.1, I-BAT-1, I-BAT-12]\n"
        "  [4] Wolf (S1) (totale 7: danni 4 → nemico con più minaccia) si attiva [BAT-6.4, BAT-3]\n"
        "  [4] Wolf (S1) colpisce Yeti (D1) e gli toglie 4 di salute (resta a 0) [BAT-4]\n"
        "  [4] Yeti (D1) è a zero salute fino alla fine del turno [I-BAT-3]\n"
        "  [4] Yeti (D1) (totale 7: danni 4 → nemico con più minaccia) si attiverebbe, ma Yeti (D1) è a zero salute e "
        "non si attiva [BAT-6.4, I-BAT-3]\n"
        "  [6] Yeti (D1) muore [BAT-6.6, I-BAT-5]\n"
        "  [fine] Vince la parte sinistra dopo 1 tiro: una parte è rimasta senza criptidi (salute rimasta: sinistra 4, "
        "destra 0) [BAT-8, I-BAT-13]"
    )
    assert battle_text(wolf_and_yeti()).splitlines()[:2] == [
        "Left wins after 1 roll (1 turn): one side has no cryptids left",
        "  health left: 4/4, right: 0/4",
    ]


def test_the_battle_viewer_in_italian() -> None:
    named = team({"name": "I Lupi", "cryptids": [WOLF]}, "left")
    result = battle(named, team([YETI], "right"), dice=[[3, 4]])
    with using("it"):
        page = battle_html(result, base="../")
    assert (
        "<strong>Vince la parte sinistra, I Lupi,</strong> dopo 1 tiro (1 turno): una parte è rimasta senza criptidi."
        in page
    )
    assert (
        "Salute rimasta: sinistra 4 su 4, destra 0 su 4. Sinistra: una vittoria; destra: una sconfitta, che può costare vite."
        in page
    )
    assert "Seme 0; dadi fissati al tiro 1." in page
    assert '<p class="estro-key-title">Eventi principali</p>' in page
    assert "Tiro 1, passo 6: Yeti (D1) muore" in page
    assert '<th scope="col">Criptide</th><th scope="col">Minaccia</th><th scope="col">Inizio</th>' in page
    assert (
        '<th scope="row">Wolf (S1)</th>' in page
        and "0 (morto)" in page
        and "<caption>Sinistra: I Lupi</caption>" in page
    )
    assert 'aria-label="Le squadre all&#x27;inizio e alla fine"' in page
    assert (
        "<h4>Inizio</h4><p>Le due squadre come sono state preparate nel negozio; la battaglia si gioca da sola.</p>"
        in page
    )
    assert 'aria-label="Squadra di sinistra"' in page and "<li>totale 7: danni 4 → nemico con più minaccia</li>" in page
    assert "<h4>Tiro 1 (turno 1): 3 + 4 = 7</h4>" in page and 'data-label="Tiro 1"' in page
    assert '<span class="estro-step-no">passo 4</span>: Wolf (S1) colpisce Yeti (D1)' in page
    assert "4/4" in page and "0/4 (morto)" in page
    english = battle_html(result, base="../")
    assert "<strong>Left side, I Lupi, wins</strong> after 1 roll (1 turn): one side has no cryptids left." in english
    assert "Key events" in english and "Eventi" not in english


def test_the_chart_and_the_stepper_in_italian() -> None:
    """A longer battle: the chart, a reaction inside a step, the sudden-death roll title, the limits."""
    result = battle(REFERENCE_LEFT, REFERENCE_RIGHT, seed=3)
    with using("it"):
        page = battle_html(result, base="../")
    assert 'aria-label="Salute totale di ogni parte dopo ogni tiro"' in page
    assert "<title>Salute totale di ogni parte dopo ogni tiro</title>" in page
    assert ">tiro</text>" in page and ">salute</text>" in page and ">S 0</text>" in page and ">D 18</text>" in page
    assert (
        "Linea continua: parte sinistra (S); linea tratteggiata: parte destra (D). Inizio: sinistra 35, destra 36;"
        in page
    )
    assert re.search(r'<span class="estro-step-no">passo 5 \(nel passo [346]\)</span>: ↳ Reazione: ', page)
    late = cryptid("Late", 5, 60, {"when": "every_roll", "effect": {"damage": 1}})
    loop = cryptid(
        "Loop",
        3,
        5,
        {"when": {"total": 3}, "effect": "reroll"},
        {"when": {"doubles": True}, "effect": {"modify_total": 1}},
    )
    with using("it"):
        sudden = battle_html(battle(team([late], "left"), team([cryptid("Sleeper", 1, 999)], "right"), seed=1), base="")
        rerolled = battle_html(
            battle(team([loop], "left"), team([cryptid("Idle", 1, 5)], "right"), dice=[[1, 2], [1, 1]]), base=""
        )
    assert "<h4>Tiro 16 (turno 16): " in sudden and " (morte improvvisa +1)</h4>" in sudden
    assert "Limiti applicati: il limite di 36 tiri" in sudden
    assert "<h4>Tiro 1 (turno 1): 1 + 2 = 3 — dadi ritirati</h4>" in rerolled
    assert "<h4>Tiro 2 (turno 1): 1 + 1 = 2, vale 3 — dadi ritirati</h4>" in rerolled


def test_an_estimate_in_italian() -> None:
    scenario = ESTIMATE.read(json.loads(ESTIMATE_FILE.read_text()))
    result = scenario.run()
    with using("it"):
        text = estimate_text(result)
        page = estimate_html(result, base="../")
    assert text == (
        "200 su 200 battaglie, seme 7:\n"
        "  Vince la parte sinistra: 200 (100,0%, intervallo al 95% 98,1%–100,0%)\n"
        "  Pareggio: 0 (0,0%, intervallo al 95% 0,0%–1,9%)\n"
        "  Vince la parte destra: 0 (0,0%, intervallo al 95% 0,0%–1,9%)"
    )
    assert "200 su 200 battaglie (completa), seme 7. Un pareggio non costa vite e non è una vittoria" in page
    assert '<th scope="col">Esito</th><th scope="col">Battaglie</th><th scope="col">Frequenza</th>' in page
    assert '<th scope="col">Intervallo al 95%</th>' in page and 'aria-label="Stima"' in page
    assert 'aria-label="Vince la parte sinistra: 100,0%, intervallo al 95% 98,1% – 100,0%"' in page
    assert "width: 100.0%" in page, "a style keeps its decimal point"
    assert estimate_text(result).splitlines()[1] == "  Left side wins: 200 (100.0%, 95% interval 98.1%–100.0%)"
    assert '<th scope="col">95% interval</th>' in estimate_html(result, base="../")
    stopped = Estimate(1000, 30, 1, 20, 1, 9, stopped=True)
    running = Estimate(1000, 1, 1, 1, 0, 0)
    with using("it"):
        assert "30 su 1000 battaglie (annullata dopo 30 battaglie), seme 1." in estimate_html(stopped, base="")
        assert "1 su 1000 battaglie (in corso), seme 1." in estimate_html(running, base="")
        assert "1 su 2 battaglie (annullata dopo 1 battaglia)" in estimate_html(
            Estimate(2, 1, 0, 1, 0, 0, True), base=""
        )
        assert "1 su 1 battaglia (completa)" in estimate_html(Estimate(1, 1, 0, 1, 0, 0), base="")
        summary = Simulation(REFERENCE_LEFT, REFERENCE_RIGHT, battles=10).advance(10).summary()
    assert re.fullmatch(r"sinistra \d+,\d%  pareggio \d+,\d%  destra \d+,\d%", summary)


def test_the_command_line_plays_a_battle_in_italian(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    code, english, _ = run_cli("battle", str(REFERENCE), "--text")
    assert code == 0 and english.startswith("Left side, Bosco Nero (sample), wins after 17 rolls (15 turns): ")
    code, italian, _ = run_cli("--lang", "it", "battle", str(REFERENCE), "--text")
    assert code == 0 and italian.startswith(
        "Vince la parte sinistra, Bosco Nero (sample), dopo 17 tiri (15 turni): una parte è rimasta senza criptidi\n"
        "  salute rimasta: sinistra 23/35, destra 0/36\n"
        "  Sinistra: una vittoria; destra: una sconfitta, che può costare vite\n"
    )
    assert "  [1] Tiro 1: 6 + 1 = 7 [BAT-6.1, I-BAT-1, I-BAT-12]\n" in italian
    assert run_cli("--lang", "it", "run", str(REFERENCE), "--text")[1] == italian  # the same through 'run'
    assert run_cli("battle", str(REFERENCE), "--text", "--lang", "it")[1] == italian  # after the command too
    assert run_cli("--lang", "it", "battle", str(REFERENCE), "--text", "--lang", "en")[1] == english  # the last wins
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run_cli("battle", str(REFERENCE), "--text")[1] == italian
    assert run_cli("--lang", "en", "battle", str(REFERENCE), "--text")[1] == english
    # JSON is the same in both languages: English keys and English event texts.
    assert run_cli("--lang", "it", "battle", str(REFERENCE))[1] == run_cli("--lang", "en", "battle", str(REFERENCE))[1]
    assert run_cli("--lang", "it", "run", str(REFERENCE))[1] == run_cli("--lang", "en", "run", str(REFERENCE))[1]
    code, out, err = run_cli("--lang", "it", "battle", str(ESTIMATE_FILE), "--text")
    assert code == 0 and out.startswith("200 su 200 battaglie, seme 7:\n  Vince la parte sinistra: 200 (100,0%")
    assert err.rstrip().endswith("200/200  sinistra 100,0%  pareggio 0,0%  destra 0,0%")


def test_a_widget_and_a_worked_example_in_italian() -> None:
    text = REFERENCE.read_text()
    italian = json.loads(web.handle(text, "../", "it"))
    english = json.loads(web.handle(text, "../"))
    assert italian["lang"] == "it" and english["lang"] == "en"
    assert italian["result"] == english["result"]
    assert "Eventi principali" in italian["html"] and "Key events" in english["html"]
    job = web.start(ESTIMATE_FILE.read_text(), "../", "it")
    reply: dict[str, Any] = {"done": False}
    while not reply["done"]:
        reply = json.loads(job.step())
    assert reply["lang"] == "it" and "battaglie (completa), seme 7." in reply["html"]
    assert i18n.current() == "en"
    with using("it"):
        example = worked.worked_html(json.loads(text), "battle-viewer", "../")
    assert example.startswith('<article class="estro-worked"')  # the page's language
    assert ">Provalo</a>" in example and "Eventi principali" in example


# --------------------------------------------------------------------------
# No English left: every view of many battles, read as a player reads it


ENGLISH = (
    "roll rolls turn turns step steps wins win draw health left right hits heals dies activates activate react "
    "reaction reactions damage seed forced threat cryptid cryptids abilities ability start end key events none dead "
    "down total every when enemy enemies ally allies the and of after limits limit interval battles battle outcome "
    "rate cap trace doubles heal self source reroll rerolled sudden death team teams side loss lives nothing happens "
    "target counts solid dashed line complete cancelled progress estimate shows die would becomes stops unrecorded "
    "applied remaining full standing equal across first"
).split()
"""English words that Battaglia's Italian views must not show (none is an Italian word)."""


class Visible(HTMLParser):
    """What a player reads of a page: its text, and the words of its labels and titles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts += [value or "" for name, value in attrs if name in ("aria-label", "title", "data-label")]

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def visible(html: str) -> str:
    parser = Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


def names(*teams: Team) -> list[str]:
    """Every name a player gave, which stays as written: teams', cryptids' and abilities'."""
    found = [t.name for t in teams if t.name]
    found += [c.name for t in teams for c in t.cryptids] + [
        a.name for t in teams for c in t.cryptids for a in c.abilities
    ]
    return sorted((n for n in found if n), key=len, reverse=True)


LIMITS = re.compile(r"\b(reaction_cap|reroll_denied|roll_limit)\b")
"""The limits' names in the text view (identifiers, as in the JSON, in both languages)."""


def english_left(text: str, given: list[str]) -> list[str]:
    for name in given:
        text = text.replace(name, " ")
    text = LIMITS.sub(" ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH})


def battles() -> Iterator[BattleResult]:
    """Battles that say every kind of event, every limit and every end, with and without names."""
    for path in EXAMPLES:
        scenario = json.loads(path.read_text())
        if scenario.get("kind") == "battaglia.battle":
            yield BATTLE.read(scenario).run()
    for left, right in busy_teams():
        for seed in range(3):
            yield battle(left, right, seed=seed)
    loop = cryptid(
        "Loop",
        3,
        5,
        {"when": "every_roll", "effect": "reroll"},
        {"when": {"doubles": True}, "effect": {"modify_total": 1}},
    )
    yield battle(
        team([loop], "left"),
        team([cryptid("Idle", 1, 5, {"when": {"total": 12}, "effect": {"damage": 1}})], "right"),
        seed=3,
    )
    every = {"when": "every_roll", "effect": {"damage": 1}, "target": "all_enemies"}
    side = [cryptid(f"C{i}", 1, 999, every, every) for i in range(8)]
    yield battle(team(side, "left"), team(side, "right"), seed=2)  # the trace is cut
    yield battle(team([cryptid("A", 1, 3)], "left"), team([cryptid("B", 1, 3)], "right"))  # no damage: a draw
    yield battle(team([WOLF], "left"), team([YETI], "right"), seed=1, trace=False)


def test_no_english_is_left_in_any_italian_view() -> None:
    seen: set[str] = set()
    checked = 0
    for result in battles():
        seen.update(e.kind for e in result.events())
        given = names(result.left, result.right)
        with using("it"):
            for shown in (visible(battle_html(result, base="../")), battle_text(result)):
                assert english_left(shown, given) == [], shown[:2000]
                checked += 1
    assert seen >= {
        "roll", "tie", "status", "down", "skip", "modify", "activate", "reroll", "reroll_denied", "no_target",
        "damage", "heal", "heal_none", "dot", "reaction", "cap", "death", "death_ability", "trace_cut", "end",
    }  # fmt: skip
    assert checked >= 2 * len(EXAMPLES)
    for estimate in (
        ESTIMATE.read(json.loads(ESTIMATE_FILE.read_text())).run(),
        Estimate(1000, 30, 1, 20, 1, 9, stopped=True),
        Estimate(1000, 1, 1, 1, 0, 0),
    ):
        with using("it"):
            for shown in (visible(estimate_html(estimate, base="../")), estimate_text(estimate)):
                assert english_left(shown, []) == [], shown


def test_the_check_finds_english() -> None:
    """The check above can fail: an English view is full of the words it looks for."""
    result = wolf_and_yeti()
    assert {"wins", "after", "roll", "hits", "dies"} <= set(
        english_left(visible(battle_html(result, base="")), ["Wolf", "Yeti"])
    )
    assert english_left("Vince la parte sinistra: Wolf (S1) colpisce", ["Wolf"]) == []
