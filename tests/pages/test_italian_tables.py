"""The cells of the generated tables on the Italian pages (issue 29): every cell that is our own words is said in
Italian, what stays as the source writes it is marked English (``lang="en"``), and the English tables are
unchanged. The build fails on an Italian page's table cell that reads as English; §19's lint report has its
Italian twin.

The expected Italian is the translation written in the catalogue (``estro_rules/locale/it``), not the
generator's output copied.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from estro_rules.battaglia.rules import MAX_TRACE_EVENTS
from estro_rules.i18n import using
from estro_rules.r19.rules import FLIP_CAUSES, MAX_CARDS, MAX_EVENTS, MAX_POOL
from estro_rules.r19.tables import lint_report
from estro_rules.registry import PROTOCOLS
from estro_rules.rulings import Rulebook, Ruling
from scripts.mkdocs_hooks import with_protocols
from scripts.sitegen import pages
from scripts.sitegen.registry import TABLES


def table(name: str, language: str = "it") -> tuple[list[str], list[list[str]]]:
    with using(language):
        return TABLES[name]()


def row(name: str, first: str, language: str = "it") -> list[str]:
    """The row of table ``name`` whose first cell is ``first``."""
    return next(r for r in table(name, language)[1] if r[0] == first)


# --------------------------------------------------------------------------
# Battaglia


def test_battaglia_turn_steps_say_what_happens_in_italian() -> None:
    _, rows = table("battaglia.turn-steps")
    assert rows[0][3] == "Si tirano due dadi a sei facce; conta ogni tiro, ripetuto o no."
    assert rows[5][3] == (
        "Ogni criptide a zero salute muore; le reazioni «muore un alleato», poi le abilità di morte, si risolvono "
        "in ordine di minaccia, e così via finché nessuno è più a zero salute."
    )
    assert [r[2] for r in rows][:2] == ["tira i dadi", "effetti di stato"]  # the source's own words, as before


def test_battaglia_vocabulary_says_parts_and_meanings_in_italian_and_keeps_the_words() -> None:
    every_roll = table("battaglia.abilities")[1][0]
    assert every_roll[:3] == ["condizione", '<span lang="en">every_roll</span>', '"every_roll"']
    assert every_roll[3].startswith("a qualunque tiro, comunque cadano i dadi")
    parts = {r[0] for r in table("battaglia.abilities")[1]}
    assert parts == {"condizione", "reazione", "effetto", "bersaglio"}


def test_battaglia_limits_in_italian_with_italian_numbers() -> None:
    assert row("battaglia.limits", "Dadi per tiro") == ["Dadi per tiro", "2 dadi a 6 facce", "[[BAT-6.1]]"]
    assert row("battaglia.limits", "Attivazioni di reazioni per turno")[2] == "[[I-BAT-10]] (scelta del motore)"
    assert row("battaglia.limits", "Criptidi per squadra")[1:] == [
        "da 1 a 12",
        "limite del motore (il testo non ne pone)",
    ]
    assert row("battaglia.limits", "Eventi nella traccia di una battaglia")[1] == "5.000"
    assert row("battaglia.limits", "Battaglie in una stima")[1] == "da 1 a 100.000"
    seed = row("battaglia.limits", "Seme di una stima")
    assert seed[1] == "da 0 a 2.147.483.647 (2³¹ − 1)"
    assert seed[2].startswith("[[I-BAT-12]], limite del motore: la battaglia i della stima si rigioca")


def test_battaglia_ability_rules_on_the_scenario_format_page_in_italian() -> None:
    _, rows = table("rules.battaglia.battle.ability")
    assert rows[6][1] == "Un'abilità di morte non può avere come bersaglio il criptide stesso che muore."


# --------------------------------------------------------------------------
# §19


def test_r19_fall_routes_in_italian() -> None:
    problems: list[str] = []
    assert pages.italian_headers(table("r19.fall-routes"), problems, "-") == [
        "#",
        "Via (§7.7)",
        "Azione dello scenario",
    ]
    assert problems == []
    _, rows = table("r19.fall-routes")
    assert rows[0] == [
        "1",
        "il testo di una Storyline",
        "`flip` (in un'abilità della Storyline stessa, o con `source` = una Storyline, ovunque si trovi)",
    ]
    assert rows[2][1:] == [
        "l'uscita dal gioco della Storyline a cui è Bound",
        "`storyline_leaves` / `destroy` (della Storyline)",
    ]
    assert rows[3][1:] == ["il suo stesso Twist", "`twist`"]


def test_r19_actions_say_what_they_do_in_italian() -> None:
    assert row("r19.actions", '<span lang="en">enter</span>') == [
        '<span lang="en">enter</span>',
        "una carta entra nella Map (una Storyline fa Bind)",
        "no",
    ]
    assert row("r19.actions", '<span lang="en">destroy</span>')[1:] == ["distruggere carte", "sì"]


def test_r19_vocabulary_in_italian_the_cards_words_marked_english() -> None:
    rows = dict((r[0], r[1]) for r in table("r19.vocabulary")[1])
    assert rows["Valori stampati"] == '<span lang="en">ATK, DEF, Rank, Vote, Vox, CP, Income</span>'
    causes = rows["Cause per cui si gira una carta"].split("; ")
    assert causes[0] == "distruzione in combattimento (su Contested, §11.7)"
    assert causes[2] == "abilità propria (su Prime/Contested/Fallen/Reversal)"
    assert causes[4] == "riacquisto (su Prime, §13.2)"
    assert rows["Che cosa innesca un'abilità innescata"].startswith('<span lang="en">destroyed, leaves play')


def test_r19_limits_in_italian() -> None:
    assert row("r19.limits", "Carte in gioco")[1:] == ["da 1 a 100", "limite del motore"]
    assert row("r19.limits", "Eventi nel registro di uno scenario")[1] == "10.000"
    assert row("r19.limits", "Inneschi che si risolvono durante una sola azione")[2] == (
        "limite del motore: oltre questo numero, gli inneschi si ripetono senza fine"
    )


# --------------------------------------------------------------------------
# PROTOCOL_07


def test_p07_quotes_the_protocol_marked_english_with_our_translation() -> None:
    modes = {r[0]: r for r in table("p07.modes")[1]}
    assert modes["Zona di Conquista"][1] == '<span lang="en">5 flat zones</span>'
    assert modes["Single Player"][4] == "astronavi, guardiani, un'IA tutta sua"  # our words, in Italian
    reasons = [r[2] for r in table("p07.incompatible-pairs")[1]]
    assert reasons[3] == (
        '<q lang="en">co-op against the Horde: no symmetric opponent side for the Threshold events</q> '
        "(traduzione nostra: cooperativa contro la Horde: nessun lato avversario simmetrico per gli eventi Soglia)"
    )


# --------------------------------------------------------------------------
# Every table, in both languages


def test_no_italian_table_cell_reads_as_english() -> None:
    italian = (Path(__file__).resolve().parents[2] / "docs" / "_sources" / "it" / "index.md").read_text()
    assert "{{ table site.protocols }}" not in italian  # the English home page's: the Italian one says its own
    for name in set(TABLES) - {"site.protocols"}:
        for cells in table(name)[1]:
            for cell in cells:
                assert pages.english_words(cell) == [], (name, cell)


def test_the_english_tables_are_unchanged() -> None:
    """The English tables say what they said before the Italian: the same words, numbers and separators, no
    marks."""
    for name in TABLES:
        assert 'lang="en"' not in str(table(name, "en")), name
    assert row("battaglia.limits", "Dice per roll", "en") == ["Dice per roll", "2 dice with 6 faces", "[[BAT-6.1]]"]
    assert row("battaglia.limits", "Events in one battle's trace", "en")[1] == f"{MAX_TRACE_EVENTS:,}" == "5,000"
    assert row("battaglia.limits", "Seed of a battle", "en")[1:] == [
        "0 to 9,223,372,036,854,775,807 (2⁶³ − 1)",
        "[[I-BAT-12]], engine limit",
    ]
    assert table("battaglia.abilities", "en")[1][0][:2] == ["condition", "every_roll"]
    assert table("r19.fall-routes", "en")[1][0][1] == "a Storyline's text"
    assert row("r19.actions", "enter", "en") == ["enter", "a card enters the Map (a Storyline Binds)", "no"]
    vocabulary = dict((r[0], r[1]) for r in table("r19.vocabulary", "en")[1])
    assert vocabulary["Flip causes"] == "; ".join(
        f"{c.name} (to {'/'.join(c.to)}{', ' + c.section if c.section else ''})" for c in FLIP_CAUSES
    )
    assert row("r19.limits", "Card definitions in a scenario", "en")[1:] == [f"1 to {MAX_CARDS}", "engine limit"]
    assert row("r19.limits", "Cards in a pool for the linter", "en")[1] == f"1 to {MAX_POOL}"
    assert row("r19.limits", "Events in a scenario's log", "en")[1] == f"{MAX_EVENTS:,}"
    assert table("p07.incompatible-pairs", "en")[1][0][2] == "<q>Competitive teams vs co-op; different play fields</q>"


# --------------------------------------------------------------------------
# The build's check


BOOK = Rulebook("demo-cells", "Demo", "demo/", [Ruling("DEMO-1", "Two", italian="Due")], italian="Prova")
RULES = (
    "# Demo\n\n### DEMO-1 Two\n\n```pycon\n>>> from estro_rules.fields import join\n>>> join('a', 'b')\n'a.b'\n```\n"
)


def _build(tmp_path: Path, cell: str) -> dict[str, str]:
    (tmp_path / "it").mkdir(exist_ok=True)
    (tmp_path / "demo.md").write_text(RULES + "\n{{ table cells }}\n")
    (tmp_path / "it" / "demo.md").write_text(
        RULES.replace("DEMO-1 Two", "DEMO-1 Due").replace("# Demo", "# Prova") + "\n{{ table cells }}\n"
    )
    return pages.build(
        [pages.PageSource("demo", BOOK)],
        tmp_path,
        {"cells": lambda: (["Value"], [[cell]])},
        {},
        italian=tmp_path / "it",
    )


def test_an_italian_table_cell_that_reads_as_english_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(pages.SiteError, match=r"demo.md:\d+: table cells: a cell reads as English \(the, of\)"):
        _build(tmp_path, "the sum of the dice")
    for fine in ("Single Player", '<span lang="en">the sum of the dice</span>', "`the_sum`", "[[DEMO-1]]"):
        assert f"| {fine.replace('[[DEMO-1]]', '[DEMO-1](#DEMO-1)')} |" in _build(tmp_path, fine)["it/demo.md"]


# --------------------------------------------------------------------------
# §19's lint report


def test_the_lint_report_in_italian_keeps_the_english_anchors() -> None:
    with using("it"):
        report = lint_report()
    lines = report.splitlines()
    assert lines[0] == "# Rapporto del linter di progettazione delle carte {#card-design-lint-report}"
    assert "I controlli, nell'ordine in cui il linter li applica:" in lines
    assert "| # | Regola del linter | Che cosa trova | Regole |" in lines
    assert "## Rilievi {#findings}" in lines
    assert "6 rilievi." in lines and "| Carta | Regola | Rilievo |" in lines
    english = lint_report().splitlines()
    assert english[0] == "# Card-design lint report" and "## Findings" in english
    assert "| # | Lint rule | What it finds | Rulings |" in english


def test_the_lint_report_is_in_the_italian_navigation() -> None:
    nav = with_protocols(
        [{"Italiano": [{"Inizio": "it/index.md"}, {"Formato degli scenari": "it/scenarios.md"}]}], PROTOCOLS
    )
    entries = nav[0]["Italiano"]
    assert (
        entries.index({"Rapporto del linter": "it/lint-report.md"})
        == entries.index({"Formato degli scenari": "it/scenarios.md"}) + 1
    )
