"""The site generator fails the build on every kind of disagreement with the engine."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from estro_rules.rulings import Rulebook, Ruling
from scripts.sitegen import pages, registry
from tests.support import ROOT
from tests.support.generated import generated_site

#: The site generator's modules with examples in their docstrings, found by reading them (a new one is not
#: forgotten): pytest collects the examples of the engine and the pages, and scripts/ is not a test path.
EXAMPLED = sorted(p.stem for p in (ROOT / "scripts" / "sitegen").glob("*.py") if ">>>" in p.read_text("utf-8"))


@pytest.mark.parametrize("name", EXAMPLED)
def test_the_generators_examples_hold(name: str) -> None:
    module = importlib.import_module(f"scripts.sitegen.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_the_finding_of_the_generators_examples_works() -> None:
    assert {"fields", "glossary", "lang", "pages", "search", "steps", "tables", "widgets", "worked"} <= set(EXAMPLED)


BOOK = Rulebook(
    "sitegen-demo",
    "Demo",
    "demo/",
    [Ruling("DEMO-1", "Two and two"), Ruling("I-DEMO-1", "A reading", interpretation=True)],
)

GOOD = """# Demo

### DEMO-1 Two and two

Two and two make four; see [[I-DEMO-1]] and §11.7 and §19.2.

```pycon
>>> from estro_rules.fields import check_int
>>> check_int(2 + 2, "sum")
4
```

{{ table demo.numbers }}

### I-DEMO-1 A reading

The text is silent; we read it so.

```pycon
>>> from estro_rules.fields import join
>>> join("so", "[0]")
'so[0]'
```

```estro-widget demo-widget
```
"""


def table() -> pages.Table:
    return ["Number"], [["1"], ["[[DEMO-1]]"]]


def build(tmp_path: Path, text: str, tables: dict[str, pages.TableFn] | None = None) -> dict[str, str]:
    (tmp_path / "demo.md").write_text(text)
    widgets = {"demo-widget": lambda options, base: '<div class="w">prerendered</div>'}
    return pages.build(
        [pages.PageSource("demo", BOOK)], tmp_path, {"demo.numbers": table} if tables is None else tables, widgets
    )


def problems(tmp_path: Path, text: str, **kw: dict[str, pages.TableFn]) -> list[str]:
    with pytest.raises(pages.SiteError) as err:
        build(tmp_path, text, **kw)
    return err.value.problems


def test_a_good_page(tmp_path: Path) -> None:
    out = build(tmp_path, GOOD)["demo.md"]
    assert "### DEMO-1 · Two and two {#DEMO-1 .estro-ruling-heading}" in out
    assert "[I-DEMO-1](#I-DEMO-1)" in out  # on its own page: a link within it (its title shows in a popover)
    assert "§11.7 <small>(not yet published)</small>" in out
    assert "§19.2 <small>(not yet published)</small>" in out  # no R19-2 ruling on this site
    assert "| 1 |" in out and "| [DEMO-1](#DEMO-1) |" in out
    assert '!!! interpretation "Interpretation' in out and "    The text is silent" in out
    assert (
        '    <article class="estro-widget-box" data-search-exclude><div class="w">prerendered</div></article>' in out
    )  # in the box
    index = build(tmp_path, GOOD)["rulings.md"]
    assert "| [I-DEMO-1](demo.md#I-DEMO-1) | A reading | Interpretation |" in index


def test_section_references(tmp_path: Path) -> None:
    assert pages.section_ruling("19.2") == "R19-2"
    assert pages.section_ruling("19.2.1") == "R19-2.1"
    assert pages.section_ruling("19") is None
    out = build(tmp_path, GOOD.replace("and §19.2.", "and §7."))["demo.md"]
    assert "§7 <small>(not yet published)</small>" in out


def test_section_in_a_linked_title_stays_text(tmp_path: Path) -> None:
    book = Rulebook("sitegen-demo2", "Demo", "demo2/", [Ruling("DEMO2-1", "Only what §19 says")])
    (tmp_path / "demo2.md").write_text(
        "# D\n\n### DEMO2-1 Only what §19 says\n\nSee [[DEMO2-1]].\n\n"
        '```pycon\n>>> from estro_rules.fields import join\n>>> join("", "x")\n\'x\'\n```\n'
    )
    (tmp_path / "other.md").write_text("# Other\n\nSee [[DEMO2-1]].\n")
    sources = [pages.PageSource("demo2", book), pages.PageSource("other")]
    out = pages.build(sources, tmp_path, {}, {})
    # From another page the link carries the ruling's title, whose section stays text.
    assert '[DEMO2-1](demo2.md#DEMO2-1 "Only what §19 says")' in out["other.md"]
    assert "See [DEMO2-1](#DEMO2-1)." in out["demo2.md"]  # on its own page: a link within it


DEMO_1_EXAMPLE = '```pycon\n>>> from estro_rules.fields import check_int\n>>> check_int(2 + 2, "sum")\n4\n```\n'


def test_ruling_without_example(tmp_path: Path) -> None:
    text = GOOD.replace(DEMO_1_EXAMPLE, "")
    assert "demo.md:3: ruling DEMO-1 has no ```pycon example" in problems(tmp_path, text)


def test_example_that_does_not_call_the_engine(tmp_path: Path) -> None:
    text = GOOD.replace(DEMO_1_EXAMPLE, "```pycon\n>>> 1\n1\n```\n")
    found = problems(tmp_path, text)
    assert "demo.md:8: no example of DEMO-1 calls the engine (an example must run the rules it shows)" in found
    assert len(found) == 1


def test_example_that_disagrees(tmp_path: Path) -> None:
    text = GOOD.replace('check_int(2 + 2, "sum")\n4', 'check_int(2 + 2, "sum")\n5')
    found = problems(tmp_path, text)
    assert any(p.startswith("demo.md:8: the example of DEMO-1 disagrees with the engine") for p in found)


def test_every_example_runs_even_outside_a_ruling(tmp_path: Path) -> None:
    text = GOOD.replace("# Demo\n", "# Demo\n\nAn aside:\n\n```pycon\n>>> 1 + 1\n3\n```\n")
    assert any(p.startswith("demo.md:6: the example disagrees with the engine") for p in problems(tmp_path, text))


def test_plain_pages_are_checked_too(tmp_path: Path) -> None:
    (tmp_path / "guide.md").write_text("# Guide\n\nSee [[DEMO-1]] and [[DEMO-8]].\n\n```pycon\n>>> 2 * 2\n5\n```\n")
    (tmp_path / "demo.md").write_text(GOOD)
    widgets = {"demo-widget": lambda options, base: "<div></div>"}
    sources = [pages.PageSource("guide"), pages.PageSource("demo", BOOK)]
    with pytest.raises(pages.SiteError) as err:
        pages.build(sources, tmp_path, {"demo.numbers": table}, widgets)
    found = err.value.problems
    assert "guide.md:3: [[DEMO-8]] does not name a ruling on any page" in found
    assert any(p.startswith("guide.md:6: the example disagrees with the engine") for p in found)
    assert len(found) == 2
    (tmp_path / "guide.md").write_text("# Guide\n\nSee [[DEMO-1]].\n\n```pycon\n>>> 2 * 2\n4\n```\n")
    out = pages.build(sources, tmp_path, {"demo.numbers": table}, widgets)
    assert 'See [DEMO-1](demo.md#DEMO-1 "Two and two").' in out["guide.md"]
    assert "## Guide" not in out["rulings.md"]  # a plain page has no rulings to index


def test_title_differs_from_engine(tmp_path: Path) -> None:
    text = GOOD.replace("### DEMO-1 Two and two", "### DEMO-1 Two plus two")
    assert any("titled 'Two plus two' here but 'Two and two' in the engine" in p for p in problems(tmp_path, text))


def test_ruling_missing_from_page(tmp_path: Path) -> None:
    text = GOOD.split("### I-DEMO-1")[0].replace("[[I-DEMO-1]]", "")
    assert any("the engine's ruling I-DEMO-1 (A reading) is not on the page" in p for p in problems(tmp_path, text))


def test_id_used_twice(tmp_path: Path) -> None:
    text = GOOD + "\n### DEMO-1 Two and two\n\n" + DEMO_1_EXAMPLE
    assert any("ruling ID DEMO-1 is used twice" in p for p in problems(tmp_path, text))


def test_ruling_not_in_engine(tmp_path: Path) -> None:
    text = GOOD + "\n### DEMO-9 Made up\n\n" + DEMO_1_EXAMPLE
    assert any("ruling DEMO-9 is not in the engine's sitegen-demo rulebook" in p for p in problems(tmp_path, text))


def test_reference_that_does_not_resolve(tmp_path: Path) -> None:
    text = GOOD.replace("[[I-DEMO-1]]", "[[DEMO-7]]")
    assert "demo.md:5: [[DEMO-7]] does not name a ruling on any page" in problems(tmp_path, text)


def test_table_that_disagrees_with_engine(tmp_path: Path) -> None:
    def broken() -> pages.Table:
        raise ValueError("the engine forbids X + Y, the data allows it")

    found = problems(tmp_path, GOOD, tables={"demo.numbers": broken})
    assert (
        "demo.md:13: table demo.numbers disagrees with the engine: the engine forbids X + Y, the data allows it"
        in found
    )


def test_table_generator_bug_names_file_and_line(tmp_path: Path) -> None:
    summaries = {"known_step": "does something"}

    def missing_summary() -> pages.Table:
        return ["Step"], [[summaries[name]] for name in ("known_step", "extra_step")]

    found = problems(tmp_path, GOOD, tables={"demo.numbers": missing_summary})
    assert found == ["demo.md:13: table demo.numbers could not be generated: KeyError: 'extra_step'"]


def test_unknown_table_and_widget(tmp_path: Path) -> None:
    text = GOOD.replace("demo.numbers", "demo.nope").replace("demo-widget", "demo-nope")
    found = problems(tmp_path, text)
    assert found == ["demo.md:13: unknown table 'demo.nope'", "demo.md:25: unknown widget 'demo-nope'"]


#: Tables generated for the pages that no page shows, each with the reason: none today. A table nobody
#: shows is a statement of the engine's that no reader sees, so it is either placed on a page or waived here.
WAIVED_TABLES: dict[str, str] = {}


def tables_on_pages() -> set[str]:
    """Every generated table a page names: in its source (``{{ table NAME }}``) or in a section it includes."""
    used: set[str] = set()
    for source in registry.SOURCES:
        page = pages.parse(source, registry.SOURCE_DIR / f"{source.name}.md")
        used.update(name for _, name in page.tables.values())
        for _, name in page.sections.values():
            made = registry.SECTIONS[name]()
            used.update(
                m.group(1)
                for line in made.splitlines()
                if (m := re.match(r"^\{\{\s*table\s+(\S+)\s*\}\}$", line.strip()))
            )
    return used


def test_every_generated_table_is_on_a_page() -> None:
    """The scenario format page shows every kind's field tables (from the declarations), the rules pages their
    protocols' tables: a generated table no page uses fails here, unless it is waived with a reason."""
    used = tables_on_pages()
    assert sorted(set(registry.TABLES) - used - set(WAIVED_TABLES)) == []
    assert all(WAIVED_TABLES.values()) and set(WAIVED_TABLES) <= set(registry.TABLES) - used  # no stale waiver
    # the format page holds what the issue found missing: every kind's tables, Battaglia's nested objects
    assert {"fields.battaglia.battle.cryptid", "fields.battaglia.battle.ability", "fields.r19.sequence.damage"} <= used


def test_an_unused_table_is_found() -> None:
    """The check above can fail: a table no page names is reported."""
    registry.TABLES["demo.unused"] = lambda: (["A"], [])
    try:
        assert "demo.unused" in set(registry.TABLES) - tables_on_pages()
    finally:
        del registry.TABLES["demo.unused"]


def test_the_real_site_generates() -> None:
    out = generated_site()
    assert set(out) >= {"index.md", "protocol-07.md", "battaglia.md", "resolution-19.md", "rulings.md", "about.md"}
    for source in registry.SOURCES:
        for ruling in source.rulebook or ():
            assert f"{{#{ruling.id} " in out[f"{source.name}.md"]
    assert "[[§19](" not in out["lint-report.md"]  # a section inside a link's text stays text
    assert "[§19](resolution-19.md)" in out["lint-report.md"]


def test_p07_tables_catch_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the data said a pair were incompatible but the engine allowed it, the table fails."""
    from estro_rules import protocol07
    from estro_rules.protocol07 import tables

    fake = (
        *protocol07.INCOMPATIBLE_PAIRS,
        protocol07.IncompatiblePair("Inferno 2vs2", "Zona di Conquista", "x", (), "P07-3"),
    )
    monkeypatch.setattr(tables, "INCOMPATIBLE_PAIRS", fake)
    with pytest.raises(ValueError, match="does not forbid Inferno 2vs2 \\+ Zona di Conquista"):
        tables.pairs_table()
    with pytest.raises(ValueError, match="Inferno 2vs2 \\+ Zona di Conquista: the engine says allowed=True"):
        tables.matrix_table()


def test_try_it_links_carry_their_scenario() -> None:
    """Each worked example's "Try it" link opens its own scenario (checked against the page source)."""
    from scripts.sitegen import worked

    out = generated_site()["protocol-07.md"]
    links = [part.split('"')[0] for part in out.split('href="?widget=')[1:]]
    assert len(links) >= 15
    for link in links:
        scenario = worked.read_link("?widget=" + link.replace("&amp;", "&"))
        assert scenario["kind"] in ("p07.combination", "p07.destruction")
        widget = link.split("&")[0]
        assert widget == {"p07.combination": "p07-combination", "p07.destruction": "p07-destruction"}[scenario["kind"]]


def test_battaglia_rulings_have_worked_examples() -> None:
    """Every Battaglia ruling shows a worked example whose "Try it" opens its scenario in the battle viewer
    (or, for an estimate, in the win-probability widget)."""
    from estro_rules.battaglia.rulebook import RULEBOOK
    from scripts.sitegen import worked

    out = generated_site()["battaglia.md"]
    sections = re.split(r"^### (\S+) ", out, flags=re.M)
    examples = dict(zip(sections[1::2], sections[2::2], strict=True))
    for ruling in RULEBOOK:
        assert '<article class="estro-worked"' in examples[ruling.id], f"{ruling.id} has no worked example"
    widgets = {"battaglia.battle": "battle-viewer", "battaglia.estimate": "win-probability"}
    links = [part.split('"')[0] for part in out.split('href="?widget=')[1:]]
    assert len(links) >= 40
    for link in links:
        scenario = worked.read_link("?widget=" + link.replace("&amp;", "&"))
        assert link.split("&")[0] == widgets[scenario["kind"]]


def test_worked_examples_and_glossary_links(tmp_path: Path) -> None:
    """A block that binds ``scenario`` becomes a worked example followed by its closed Python box; others a
    closed Python box alone; the first use of a glossary term in a ruling links to it (its meaning shows in
    a popover, from a file the site ships)."""
    from estro_rules.glossary import Term

    book = Rulebook("protocol07", "Demo", "demo/", [Ruling("DEMO-1", "Two and two"), Ruling("DEMO-2", "Again")])
    text = (
        "# Demo\n\n### DEMO-1 Two and two\n\nA Fessura here, and a Fessura there.\n\n"
        '```pycon\n>>> from estro_rules.scenarios import run\n>>> scenario = {"kind": "p07.combination", '
        '"modes": ["Single Player"]}\n>>> run(scenario).allowed\nTrue\n```\n\n'
        "### DEMO-2 Again\n\nThe Fessura again.\n\n" + DEMO_1_EXAMPLE + "\n```estro-widget demo-widget\n```\n"
    )
    (tmp_path / "demo.md").write_text(text)
    fessura = Term("Fessura", "Fessura", "A rift.", "protocol07")
    widgets = {"demo-widget": lambda options, base: "<div>w</div>"}
    out = pages.build(
        [pages.PageSource("demo", book)],
        tmp_path,
        {},
        widgets,
        widget_kinds={"demo-widget": "p07.combination"},
        terms=[fessura],
    )
    page = out["demo.md"]
    # once in each ruling, marked as Italian (a PROTOCOL_07 name, kept in Italian: ITALIAN_FORMS)
    assert page.count('[<span lang="it">Fessura</span>](glossary.md#fessura)') == 2
    assert 'a <span lang="it">Fessura</span> there' in page
    assert "===" not in page, "no tabs: the example, then the Python under it"
    worked = page.index('<article class="estro-worked"')
    box = '<details class="example"><summary>Python: the example the tests run</summary><pre class="estro-doctest"><span><code>'
    assert page.index(box, worked) > worked
    assert page.count(box) == 2
    assert box + "&gt;&gt;&gt; from estro_rules.scenarios import run&#10;" in page, "the doctest whole, as plain text"
    assert "can be played on its own" in page and 'href="?widget=demo-widget&amp;z=' in page
    assert '<article class="estro-widget-box" data-search-exclude><div>w</div></article>' in page
    fessura_it = '<span lang="it">Fessura</span>'
    assert (
        f'| <dfn id="fessura">{fessura_it}</dfn> | {fessura_it} | A rift. | [DEMO-1](demo.md#DEMO-1'
        in out["glossary.md"]
    )


def test_page_shows_the_round_rule_as_an_interpretation() -> None:
    page = (ROOT / "docs" / "_sources" / "resolution-19.md").read_text("utf-8")
    assert "### I-R19-4 Triggers created while triggers fire" in page
    r13 = page.split("### R19-1.3 ")[1].split("### ")[0]
    assert "after the current round" not in r13 and "[[I-R19-4]]" in r13


def test_every_generated_table_links_its_ruling_ids() -> None:
    """An ID a generated table shows is written ``[[ID]]``, so the page links it to its ruling."""
    from estro_rules.registry import PROTOCOLS

    declared = {r.id for p in PROTOCOLS for r in p.rulebook}
    bare = []
    for name, make in registry.TABLES.items():
        header, rows = make()
        for row in rows:
            for cell in row:
                unlinked = re.sub(r"\[\[[^\]]+\]\]", " ", cell)
                bare += [
                    f"{name}: {i}"
                    for i in re.findall(r"(?:I-)?[A-Z][A-Z0-9]*-\d+(?:\.\d+)*", unlinked)
                    if i in declared
                ]
    assert bare == []


# --------------------------------------------------------------------------
# The Italian pages (it/NAME.md): the same checks, with the Italian titles; a missing one fails the build.

BOOK_IT = Rulebook(
    "sitegen-demo-it",
    "Demo",
    "demo/",
    [
        Ruling("DEMO-1", "Two and two", italian="Due più due"),
        Ruling("I-DEMO-1", "A reading", interpretation=True, italian="Una lettura"),
    ],
    italian="Prova",
)


def build_italian(tmp_path: Path, italian: str | None) -> dict[str, str]:
    (tmp_path / "demo.md").write_text(GOOD)
    (tmp_path / "it").mkdir(exist_ok=True)
    if italian is not None:
        (tmp_path / "it" / "demo.md").write_text(italian)
    widgets = {
        "demo-widget": lambda options, base: (
            f'<div class="w" data-base="{base}" data-assets="{base}assets/estro/widgets/demo.json">prerendered</div>'
        )
    }
    return pages.build(
        [pages.PageSource("demo", BOOK_IT)], tmp_path, {"demo.numbers": table}, widgets, italian=tmp_path / "it"
    )


ITALIAN = (
    GOOD.replace("# Demo\n", "# Prova\n", 1)
    .replace("Two and two make four", "Due più due fa quattro")
    .replace("DEMO-1 Two and two", "DEMO-1 Due più due")
    .replace("I-DEMO-1 A reading", "I-DEMO-1 Una lettura")
)


def test_an_italian_page_is_built_beside_the_english_one(tmp_path: Path) -> None:
    out = build_italian(tmp_path, ITALIAN)
    page = out["it/demo.md"]
    assert "### DEMO-1 · Due più due {#DEMO-1" in page and "### I-DEMO-1 · Una lettura {#I-DEMO-1" in page
    assert '!!! interpretation "Interpretazione' in page and "<summary>Python: l'esempio che eseguono i test" in page
    assert "[I-DEMO-1](#I-DEMO-1)" in page  # a citation on the same page, as on the English page
    assert "§11.7 <small>(non ancora pubblicata)</small>" in page
    # The widget speaks the page's language (its words are the page's: no lang="en" around it); its answers
    # link the Italian pages (its base is their root), and its files are the site's, two levels up.
    assert '<article class="estro-widget-box"' in page and 'lang="en"' not in page and 'data-base="../"' in page
    assert 'data-assets="../../assets/estro/widgets/demo.json"' in page
    assert "### DEMO-1 · Two and two {#DEMO-1" in out["demo.md"]  # the English page is unchanged
    assert "| Numero |" in page and "| Number |" in out["demo.md"]  # a generated table's header, in Italian


SAYS_ALLOWED = '>>> from estro_rules.fields import join\n>>> join("so", "[0]")\n\'so[0]\'\n'
"""I-DEMO-1's example; the test below makes it print a message of the engine's catalogue instead."""


def test_an_italian_pages_examples_run_in_italian_and_both_outputs_are_kept(tmp_path: Path) -> None:
    """The Italian page's examples print the engine's words in Italian; run in English they must print what the
    English page's print (the same data); the lock check sees both languages' outputs."""
    said = '>>> from estro_rules.i18n import Message, say\n>>> say(Message("{effect} is not in play in this match.", effect="NecroToken"))\n'
    english = GOOD.replace(SAYS_ALLOWED, said + "'NecroToken is not in play in this match.'\n")
    italian = ITALIAN.replace(SAYS_ALLOWED, said + "'NecroToken non fa parte di questa partita.'\n")
    assert english != GOOD and italian != ITALIAN
    (tmp_path / "it").mkdir()
    (tmp_path / "demo.md").write_text(english)
    seen: dict[str, pages.Outputs] = {}

    def build(italian_text: str) -> dict[str, str]:
        (tmp_path / "it" / "demo.md").write_text(italian_text)
        return pages.build(
            [pages.PageSource("demo", BOOK_IT)],
            tmp_path,
            {"demo.numbers": table},
            {"demo-widget": lambda options, base: "<div>w</div>"},
            checks=[lambda site: [seen.update(en=site.outputs, **site.outputs_in)] and []],
            italian=tmp_path / "it",
        )

    out = build(italian)
    assert "'NecroToken non fa parte di questa partita.'" in out["it/demo.md"]
    assert seen["en"]["I-DEMO-1"] == [["'NecroToken is not in play in this match.'\n"]]
    assert seen["it"]["I-DEMO-1"] == [["'NecroToken non fa parte di questa partita.'\n"]]
    # English words on the Italian page disagree with the engine, which speaks Italian there.
    with pytest.raises(pages.SiteError, match="the example of I-DEMO-1 disagrees with the engine"):
        build(italian.replace("non fa parte di questa partita", "is not in play in this match"))
    # Other data in Italian words: the English run of the Italian page prints something else.
    other = italian.replace('effect="NecroToken"', 'effect="Illusio"').replace("'NecroToken non", "'Illusio non")
    with pytest.raises(pages.SiteError, match="the examples of I-DEMO-1 print what the English page's do not"):
        build(other)


def test_a_missing_or_mistitled_italian_page_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(pages.SiteError, match="missing the Italian page of rulebook sitegen-demo-it"):
        build_italian(tmp_path, None)
    with pytest.raises(pages.SiteError, match="DEMO-1 is titled 'Two and two' here but 'Due più due' in the engine"):
        build_italian(tmp_path, ITALIAN.replace("DEMO-1 Due più due", "DEMO-1 Two and two"))
    # The build holds the Italian page to its English page (scripts/sitegen/mirror.py): a citation the English
    # section does not make fails it.
    assert "The text is silent; we read it so." in ITALIAN
    with pytest.raises(pages.SiteError, match=r"cites \['DEMO-1'\] \(citations\), which the English section does not"):
        build_italian(tmp_path, ITALIAN.replace("The text is silent; we read it so.", "Vedi [[DEMO-1]]."))
    with pytest.raises(pages.SiteError, match="the examples of DEMO-1 print what the English page's do not"):
        build_italian(tmp_path, ITALIAN.replace('>>> check_int(2 + 2, "sum")\n4', '>>> check_int(2 + 3, "sum")\n5'))


def test_a_glossary_term_without_its_italian_meaning_fails_the_build(tmp_path: Path) -> None:
    from estro_rules.glossary import Term

    (tmp_path / "demo.md").write_text(GOOD)
    (tmp_path / "it").mkdir()
    (tmp_path / "it" / "demo.md").write_text(ITALIAN)

    def build(term: Term) -> dict[str, str]:
        widgets = {"demo-widget": lambda options, base: "<div>w</div>"}
        args = ([pages.PageSource("demo", BOOK_IT)], tmp_path, {"demo.numbers": table}, widgets)
        return pages.build(*args, terms=[term], italian=tmp_path / "it")

    assert (
        "Una crepa."
        in build(Term("Fessura", "Fessura", "A rift.", "sitegen-demo-it", italian_meaning="Una crepa."))[
            "it/glossary.md"
        ]
    )
    with pytest.raises(pages.SiteError, match="it/glossary.md: the term 'Fessura' has no Italian meaning"):
        build(Term("Fessura", "Fessura", "A rift.", "sitegen-demo-it"))
