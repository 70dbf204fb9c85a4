"""The reference pages in Italian (issue 29): the changelog, source coverage, the scenario format, rulings.json
for tools, "Adding a protocol" and About, beside the rules pages, the glossary and the rulings index.

Each is at ``it/NAME``: written in ``docs/_sources/it/NAME.md``, or generated in Italian from the same data
as the English page (the changelog's entries say what changed in both languages). The build fails when one
lacks its Italian page, when a written one's headings do not keep the English anchors (the language menu
keeps the place by them) or its figures are not the English page's, when a generated table's header or a
changelog entry has no Italian. Each is in the Italian navigation, and each has its English twin.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from estro_rules.i18n import using
from estro_rules.protocol07.tables import TABLES as P07_TABLES
from estro_rules.registry import PROTOCOLS
from estro_rules.rulings import Rulebook, Ruling
from scripts.sitegen import changes, languages, pages
from scripts.sitegen.registry import CHANGELOG, SOURCE_DIR
from tests.support.generated import generated_site

#: The reference pages, each with a word of its Italian that the English page does not say.
REFERENCE = {
    "changelog": "Registro delle modifiche alle regole",
    "source-coverage": "Copertura delle fonti",
    "scenarios": "Formato degli scenari",
    "rulings-json": "Un'interfaccia stabile",
    "adding-a-protocol": "Aggiungere un protocollo",
    "about": "Informazioni sul sito",
}


@pytest.fixture(scope="module")
def site() -> dict[str, str]:
    """The generated site (its Markdown), English and Italian."""
    return generated_site()


def test_every_reference_page_has_its_italian_twin(site: dict[str, str]) -> None:
    for name, italian in REFERENCE.items():
        assert italian in site[f"it/{name}.md"], name
        assert italian not in site[f"{name}.md"], name
    twins = languages.twins(site)
    assert {f"{name}/" for name in REFERENCE} <= twins
    for name in REFERENCE:  # the language menu and hreflang name the twin, both ways
        assert languages.of_page(f"{name}/", twins).italian == f"it/{name}/"
        assert languages.of_page(f"it/{name}/", twins) == languages.PageLanguages("it", f"{name}/", f"it/{name}/", True)
    # Every English page has its Italian twin, a protocol's own report (§19's lint report) too.
    english = {n.removesuffix(".md") for n in site if n.endswith(".md") and "/" not in n}
    assert "lint-report" in english
    assert {"" if n == "index" else f"{n}/" for n in english} == twins


def test_every_italian_page_is_in_the_italian_navigation(site: dict[str, str]) -> None:
    nav = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
    italian_nav = nav.split("  - Italiano:\n", 1)[1]
    listed = set(re.findall(r":\s*(it/[\w-]+\.md)\s*$", italian_nav, flags=re.MULTILINE))
    listed |= {f"it/{p.page}.md" for p in PROTOCOLS}  # the hooks add each protocol's Italian page
    listed |= {f"it/{name}" for p in PROTOCOLS for name in p.pages}  # and its further pages' (a report)
    assert {n for n in site if n.startswith("it/") and n.endswith(".md")} == listed


def test_the_written_pages_keep_the_english_anchors_and_figures() -> None:
    for name in ("index", "scenarios", "rulings-json", "adding-a-protocol", "about"):
        english = pages.parse(pages.PageSource(name), SOURCE_DIR / f"{name}.md")
        italian = pages.parse(pages.PageSource(name), SOURCE_DIR / "it" / f"{name}.md")
        assert pages.twin_problems(english, italian) == [], name
        assert pages.heading_ids(italian) == pages.heading_ids(english)
    about = pages.heading_ids(pages.parse(pages.PageSource("about"), SOURCE_DIR / "it" / "about.md"))
    assert about[:3] == ["about-this-site", "how-a-ruling-is-kept-honest", "in-italian"]


def test_the_italian_about_page_shows_the_english_measurements(site: dict[str, str]) -> None:
    """The tables of measurements are written once, in the English page, and shown on both (marked English)."""
    english = (SOURCE_DIR / "about.md").read_text(encoding="utf-8")
    italian = site["it/about.md"]
    rows = [line for line in english.splitlines() if line.startswith("| ") and " s " in line and "§" not in line]
    assert len(rows) > 20
    for row in rows:
        first = row.split(" | ")[0].removeprefix("| ")
        assert f'| <span lang="en">{first}</span> |' in italian, first
    assert "{{ english-table" not in italian
    assert "| Che cosa | Cifra | Obiettivo |" in italian  # their headers in Italian
    # The Italian prose writes the English page's figures the Italian way.
    assert "**3,21 MB**" in italian and "**3.21 MB**" in english and "**47,6 minuti**" in italian


def _pair(tmp_path: Path, english: str, italian: str) -> list[str]:
    (tmp_path / "it").mkdir(exist_ok=True)
    (tmp_path / "p.md").write_text(english, encoding="utf-8")
    (tmp_path / "it" / "p.md").write_text(italian, encoding="utf-8")
    source = pages.PageSource("p")
    return pages.twin_problems(pages.parse(source, tmp_path / "p.md"), pages.parse(source, tmp_path / "it" / "p.md"))


ENGLISH_PAGE = "# About\n\n## Measured figures\n\n3,392 tests in 513 s; 0.3 points.\n\n| What | Figure |\n|---|---|\n| Run | 2.5 s |\n"


def test_a_twin_with_other_anchors_or_figures_is_a_problem(tmp_path: Path) -> None:
    good = "# Informazioni {#about}\n\n## Cifre misurate {#measured-figures}\n\n3.392 test in 513 s; 0,3 punti.\n\n{{ english-table 1 }}\n"
    assert _pair(tmp_path, ENGLISH_PAGE, good) == []
    (anchors,) = _pair(tmp_path, ENGLISH_PAGE, good.replace(" {#measured-figures}", ""))
    assert "headings' anchors are not the English page's" in anchors and "missing: measured-figures" in anchors
    (figures,) = _pair(tmp_path, ENGLISH_PAGE, good.replace("513 s", "514 s"))
    assert "only in English: 513; only in Italian: 514" in figures
    (no_table,) = _pair(tmp_path, ENGLISH_PAGE, good.replace("{{ english-table 1 }}", ""))
    assert "only in English: 25; only in Italian: none" in no_table
    (wrong,) = _pair(tmp_path, ENGLISH_PAGE, good.replace("english-table 1", "english-table 2"))
    assert "english-table 2: the English page has 1 tables" in wrong


BOOK = Rulebook("demo-ref", "Demo", "demo/", [Ruling("DEMO-1", "Two", italian="Due")], italian="Prova")
RULES = (
    "# Demo\n\n### DEMO-1 Two\n\n```pycon\n>>> from estro_rules.fields import join\n>>> join('a', 'b')\n'a.b'\n```\n"
)


def _build(tmp_path: Path, *, italian_plain: bool = True, header: str = "Number", **more: object) -> dict[str, str]:
    (tmp_path / "it").mkdir(exist_ok=True)
    (tmp_path / "demo.md").write_text(RULES)
    (tmp_path / "it" / "demo.md").write_text(RULES.replace("DEMO-1 Two", "DEMO-1 Due").replace("# Demo", "# Prova"))
    (tmp_path / "guide.md").write_text("# Guide\n\n{{ table numbers }}\n")
    if italian_plain:
        (tmp_path / "it" / "guide.md").write_text("# Guida {#guide}\n\n{{ table numbers }}\n")
    else:
        (tmp_path / "it" / "guide.md").unlink(missing_ok=True)
    sources = [pages.PageSource("demo", BOOK), pages.PageSource("guide")]
    tables: dict[str, pages.TableFn] = {"numbers": lambda: ([header], [["1"]])}
    return pages.build(sources, tmp_path, tables, {}, italian=tmp_path / "it", **more)  # type: ignore[arg-type]


def test_a_page_without_its_italian_fails_the_build(tmp_path: Path) -> None:
    out = _build(tmp_path)
    assert "| Numero |" in out["it/guide.md"] and "| Number |" in out["guide.md"]
    with pytest.raises(pages.SiteError, match=r"it/guide.md: missing the Italian page of guide.md"):
        _build(tmp_path, italian_plain=False)


def test_a_table_header_without_its_italian_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(pages.SiteError, match=r"guide.md:3: the table's header 'Tally' has no Italian"):
        _build(tmp_path, header="Tally")


def test_a_generated_page_without_its_italian_fails_the_build(tmp_path: Path) -> None:
    report = {"report.md": lambda: "# Report\n\n[[DEMO-1]] holds.\n"}
    with pytest.raises(pages.SiteError, match=r"report.md: the generated page has no Italian page"):
        _build(tmp_path, extra=report)
    assert "it/report.md" not in _build(tmp_path, extra=report, english_only=("report.md",))
    out = _build(tmp_path, extra=report, italian_extra={"report.md": lambda: "# Rapporto\n\n[[DEMO-1]] vale.\n"})
    assert '[DEMO-1](demo.md#DEMO-1 "Due")' in out["it/report.md"]  # its citations lead to the Italian rulings
    assert '[DEMO-1](demo.md#DEMO-1 "Two")' in out["report.md"]


def test_the_italian_changelog_says_every_entry_in_italian(site: dict[str, str]) -> None:
    entries = changes.read_changelog(CHANGELOG)
    page = site["it/changelog.md"]
    assert "| Data | Regola | Modifica | Che cosa è cambiato |" in page
    for entry in entries:
        assert entry.what_it and entry.what_it != entry.what
        assert entry.what_it.split(" [")[0][:40] in page or entry.ruling in page
    # The change's kind in Italian, and the rulings linked on the Italian pages, with their Italian titles.
    p07_2 = next(line for line in page.splitlines() if "Il motivo che dà il motore è ora con parole nostre" in line)
    assert "| testo |" in p07_2 and '(protocol-07.md#P07-2 "Single Player non si combina' in p07_2
    assert "| comportamento |" in page and "| nuova |" in page


def test_a_changelog_entry_without_its_italian_fails(tmp_path: Path) -> None:
    data = json.loads(CHANGELOG.read_text(encoding="utf-8"))
    del data["entries"][3]["what_it"]
    path = tmp_path / "changelog.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"entries\[3\]: expected the keys ruling, date, change, what, what_it"):
        changes.read_changelog(path)
    entry = changes.Entry("P07-2", "2026-11-30", "text", "Reworded.")
    assert changes.changelog_page([entry]).endswith("| Reworded. |")
    with pytest.raises(ValueError, match="the entry for P07-2 of 2026-11-30 has no what_it"):
        changes.changelog_page([entry], "it")


def test_the_italian_coverage_page(site: dict[str, str]) -> None:
    page = site["it/source-coverage.md"]
    assert page.count("| Sezione | ¶ | Riformulato da |") == site["source-coverage.md"].count(
        "| Section | ¶ | Restated by |"
    )
    assert "(resolution-19.md#R19-2.3 " in page  # rows link the Italian rulings
    # A paragraph that is no rule says why: in the engine's words, marked English while they are English.
    english = [line.split("no rule: ")[1] for line in site["source-coverage.md"].splitlines() if "no rule: " in line]
    reasons = [line.split("nessuna regola: ")[1] for line in page.splitlines() if "nessuna regola: " in line]
    assert reasons and len(reasons) == len(english)
    for said, reason in zip(reasons, english, strict=True):
        marked = f'<span lang="en">{reason.removesuffix(" |")}</span> |'
        assert said == marked or ("<span" not in said and said != reason), said  # English, marked; or Italian


def test_the_italian_scenario_format(site: dict[str, str]) -> None:
    page = site["it/scenarios.md"]
    assert "Le sue regole sono nella pagina [PROTOCOL_07 — Combinazioni di modalità](protocol-07.md)" in page
    assert "PROTOCOL_07: queste modalità si possono giocare insieme? Le sue regole" in page  # the kind's summary
    assert "| Campo | Tipo | Predefinito | Significato |" in page and "| Field |" not in page
    # A field's label and its help, which the catalogue says in Italian.
    assert "| `face_down` | " in page and "| La carta era coperta |" in page
    assert "L'avversario ha distrutto la carta" in page and "The opponent destroyed the card" not in page
    # The generator's own words, and the rules across fields of PROTOCOL_07 (in the catalogue).
    assert "Le regole che legano i suoi campi, nell'ordine in cui le applica il lettore:" in page
    assert "| 1 | Una modalità si elenca una volta sola. |  |" in page
    assert "| Dimensione di un file di scenario o di carte | 1.000.000 byte | prima di leggere il file |" in page
    # The same kinds' headings, so the anchors (scenarios/#r19sequence) are the English page's.
    assert re.findall(r"^## `[\w.]+`$", page, re.M) == re.findall(r"^## `[\w.]+`$", site["scenarios.md"], re.M)
    # The fields' types (Type.describe) in Italian: the declared nouns, the ranges, Italian thousands.
    assert "| `face_down` | `true` o `false` | false |" in page
    assert "| `battles` | numero intero da 1 a 100.000 | — |" in page and "100,000" not in page
    assert "| `seed` | numero intero da 0 a 2⁶³−1 | 0 |" in page
    assert "| `active` | giocatore (uno degli elementi di `players`) | nessuno |" in page
    assert "| `phase` | nome di fase | Admin |" in page
    assert "| `left` | squadra | — |" in page
    assert "| elenco di classi di carte, almeno 1 |" in page and "| elenco di abilità, al massimo 8 |" in page
    assert "| carta (uno degli elementi di `board`) |" in page and "| numero intero da 1 a 999 |" in page
    english = site["scenarios.md"]  # the English page keeps its own words
    assert (
        "| `battles` | whole number, 1 to 100,000 | — |" in english
        and "| `face_down` | true/false | false |" in english
    )
    types = [
        row.split(" | ")[1]
        for name in ("it/scenarios.md",)
        for row in site[name].splitlines()
        if re.match(r"\| `\w+` \| ", row)
    ]
    assert len(types) > 100 and not [t for t in types if 'lang="en"' in t]  # no type cell left in English


def test_protocol07s_tables_in_italian(site: dict[str, str]) -> None:
    with using("it"):
        header, rows = P07_TABLES["p07.matrix"]()
        modes = P07_TABLES["p07.modes"]()[1]
    assert "✓ sì" in {cell for row in rows for cell in row}
    assert "✗ no: [[P07-3.1]]" in rows[1]
    assert "non indicato" in modes[1] and "necessario (eventi Soglia)" in [row[3] for row in modes]
    page = site["it/protocol-07.md"]
    assert "| Modalità | Campo di gioco | Avversari | Lato avversario simmetrico | Struttura autonoma |" in page
    assert "| # | Effetto | Quando | Regola |" in page
    assert "sempre: la carta va nell'Incinerator, distruzione confermata" in page
    english = site["protocol-07.md"]  # the English page is unchanged
    assert "✓ yes" in english and "always: the card goes to the Incinerator" in english and "✓ sì" not in english


def test_every_table_header_of_the_italian_pages_is_italian(site: dict[str, str]) -> None:
    """No English header is left on an Italian page's tables (but a name), the About page's measurements
    included (the English page's tables, with Italian headers)."""
    headers = [
        cells
        for name, text in site.items()
        if name.startswith("it/") and name.endswith(".md")
        for lines in [text.splitlines()]
        for i, line in enumerate(lines[:-1])
        if re.match(r"\s*\|---", lines[i + 1])
        for cells in [[c.strip() for c in line.strip().strip("|").split(" | ")]]
    ]
    assert len(headers) > 40
    english = set(pages.HEADERS) - set(pages.HEADERS.values())
    assert [h for h in headers if english & set(h)] == []
