"""Light pages, made by the generator: a result's steps in a JSON file beside its page, the widgets' examples
and samples and the glossary's meanings in files the site ships, Italian words marked, rulings above
introductions in search. (The weights of the built pages: tests/browser/test_phone.py and test_reading.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from estro_rules import scenarios
from estro_rules.registry import term
from scripts.sitegen import glossary, lang, offline, registry, search, steps, widgets
from scripts.sitegen.lang import ITALIAN_FORMS
from tests.support.generated import generated_site


@pytest.fixture(scope="module")
def out() -> dict[str, str]:
    return generated_site()


def test_the_same_steps_are_one_file_and_a_page_without_steps_is_left_alone() -> None:
    files: dict[str, str] = {}
    box = (
        '<div class="estro-stepper" data-steps="1"><template class="estro-steps"><section>x</section></template></div>'
    )
    page = steps.externalise(box + box, "demo", files)
    assert len(files) == 1 and page.count('data-src="steps/') == 2
    [(name, text)] = files.items()
    assert name.startswith("demo/steps/") and json.loads(text) == {"html": "<section>x</section>"}
    assert steps.externalise("<p>no steps</p>", "demo", files) == "<p>no steps</p>"


def test_every_result_on_a_page_has_its_steps_in_a_file_beside_it(out: dict[str, str]) -> None:
    for name in ("battaglia", "resolution-19"):
        page = out[f"{name}.md"]
        assert 'class="estro-step-panel"' not in page, f"{name}: a step panel left on the page"
        sources = re.findall(r'<div class="estro-stepper[^"]*" data-steps="\d+" data-src="([^"]+)"></div>', page)
        assert len(sources) >= 10
        assert page.count('<template class="estro-steps"') == 0, "every template gone"
        assert page.count('class="estro-stepper') == len(sources), "every stepper names its file"
        for src in sources:
            data = json.loads(out[f"{name}/{src}"])
            assert data["html"].startswith('<section class="estro-step-panel" data-label="Start">')


def test_the_steps_file_holds_the_engines_own_panels(out: dict[str, str]) -> None:
    """The battle viewer's default result: its steps file is the template of the engine's view, whole."""
    spec = next(s for s in registry.WIDGET_SPECS if s.name == "battle-viewer")
    data = widgets.default_scenario(spec)
    view = scenarios.kind_of(data).html(scenarios.run(data), base="../")
    [panels] = re.findall(r'<template class="estro-steps">(.*?)</template>', view)
    page = out["battaglia.md"]
    widget = page[page.index('id="widget-battle-viewer"') :]
    src = re.search(r'<div class="estro-stepper" data-steps="\d+" data-src="([^"]+)"></div>', widget)
    assert src is not None
    # On the page, links to the page's own rulings are links within it (#BAT-8), as everywhere on it.
    assert json.loads(out[f"battaglia/{src.group(1)}"])["html"] == panels


def test_the_service_worker_keeps_every_file_the_generator_writes(out: dict[str, str], tmp_path: Path) -> None:
    for name, text in out.items():
        if not name.endswith(".md"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(text, encoding="utf-8")
    files = set(offline.offline_files(tmp_path))
    written = {n for n in out if not n.endswith(".md")}
    assert written <= files
    assert any("/steps/" in f for f in files) and "assets/estro/glossary.json" in files


def test_a_picker_lists_titles_and_its_examples_come_from_a_file(out: dict[str, str]) -> None:
    for spec in registry.WIDGET_SPECS:
        if not spec.examples:
            continue
        shipped = json.loads(out[f"{widgets.WIDGETS_DIR}/{spec.name}.json"])
        kind = scenarios.kind_of(widgets.default_scenario(spec)).name
        assert shipped["examples"] == [list(e) for e in widgets.example_options(spec.examples, kind)]
        assert shipped["samples"] == widgets.samples(spec)
        page = out[f"{next(p.page for p in registry.PROTOCOLS if spec in p.widgets)}.md"]
        block = page[page.index(f'id="widget-{spec.name}"') :]
        [select] = re.findall(r'<select class="estro-examples">(.*?)</select>', block)[:1]
        titles = re.findall(r'<option value="\d+">(.*?)</option>', select)
        assert len(titles) == len(shipped["examples"])
        assert [re.sub(r"<[^>]+>", "", t) for t in titles] == [
            t.replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;") for t, _ in shipped["examples"]
        ]


def test_a_glossary_term_links_without_a_title_and_its_meaning_is_shipped(out: dict[str, str]) -> None:
    page = out["battaglia.md"]
    assert re.search(r"\]\(glossary\.md#cryptid\)", page), "the link is bare"
    assert 'glossary.md#cryptid "' not in page
    meanings = json.loads(out[glossary.MEANINGS])
    cryptid = term("cryptid")
    assert meanings["terms"]["cryptid"] == [
        "cryptid",
        "criptide",
        cryptid.meaning,
        False,
        cryptid.italian_meaning,
        "criptide",
    ]
    assert re.search(r"\]\(glossary\.md#cryptid\)", out["it/battaglia.md"]), "an Italian page links its glossary"
    assert '<dfn id="cryptid">criptide</dfn>' in out["it/glossary.md"]
    assert meanings["italian"] == list(ITALIAN_FORMS)


def test_italian_words_are_marked_on_the_pages_and_code_links_and_tags_are_left_alone(out: dict[str, str]) -> None:
    p07 = out["protocol-07.md"]
    assert '<span lang="it">Zona di Conquista</span>' in p07
    assert re.search(r'<p class="estro-situation">.*<span lang="it">Zona di Conquista</span>', p07), "in results"
    # Code is code, a link's destination and an attribute are left as they are.
    assert '"Zona di Conquista"' in p07  # the doctest's JSON, in a code block
    for name, text in out.items():
        if name.endswith(".md"):
            assert not re.search(r'\]\([^)\s]*<span lang="it">', text), f"{name}: a link's destination marked"
            assert not re.search(r'="[^"<>]*<span lang', text), f"{name}: an attribute marked"
    assert lang.mark("```text\nbattaglia\n```") == "```text\nbattaglia\n```"
    assert lang.mark("`battaglia`") == "`battaglia`"
    assert lang.mark("[x](battaglia.md) battaglia") == '[x](battaglia.md) <span lang="it">battaglia</span>'


def test_a_ruling_is_boosted_above_its_pages_introduction(tmp_path: Path) -> None:
    (tmp_path / "search").mkdir()
    docs = [
        {"location": "battaglia/", "title": "Battaglia", "text": "morte improvvisa"},
        {"location": "battaglia/#BAT-11", "title": "BAT-11 · Sudden death", "text": "morte improvvisa"},
    ]
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": {}, "docs": docs}))
    assert search.add_ruling_ids(tmp_path, ["BAT-11"]) == 1
    written = json.loads((tmp_path / "search" / "search_index.json").read_text())["docs"]
    assert "boost" not in written[0] and written[1]["boost"] == search.RULING_BOOST == 5


def test_the_home_page_starts_with_the_game_and_the_three_rule_sets(out: dict[str, str]) -> None:
    home = out["index.md"]
    intro = home.split("\n## ")[0]
    assert intro.startswith("# ESTRO Rules\n\nESTRO is a game") and "build" not in intro
    first = home.split("\n## ")[1]
    assert first.startswith("The rule sets")
    linked = re.findall(r"\]\(([a-z0-9-]+)\.md\)", first)
    assert linked[:3] == ["protocol-07", "battaglia", "resolution-19"], "the three rule sets, first"
    assert linked[: len(registry.PROTOCOLS)] == [p.page for p in registry.PROTOCOLS], (
        "every rule set, from the registry"
    )
    assert "*Who wins this battle, and why?*" in first, "each with the question a player reads it for"
