"""The widgets' own words on the Italian pages (issue 29), in real headless Chromium on the built site.

On an Italian page a widget speaks Italian: its buttons and its status (written by the site build), what its
scripts say while it runs (progress, cancel, the result line, the steps), its editor's labels and generic
words, and the message of a wrong input. The scripts' words come in one script of the site that only the
Italian pages load (``assets/estro/words-it.js``); the English page loads none of it and stays English. No
request leaves the origin (the ``context`` fixture fails the test otherwise).

The Italian expected here is the catalogue's (``estro_rules/locale/it/LC_MESSAGES/estro_rules.po``), written
out by hand: a test that read it from the catalogue could not fail on a wrong translation.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from estro_rules import registry
from tests.browser.conftest import Traffic, guard
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, wait_runs
from tests.conftest import Site

DESTRUCTION = "#widget-p07-destruction"
ESTIMATE = "#widget-win-probability"
SEED = f"{DESTRUCTION} input[data-field=seed]"

WRONG_SEED_IT = "Seme casuale del Quadrante deve essere un numero intero da 0 a 2⁶³−1 (è -1)"
WRONG_SEED_EN = "Random seed for the Quadrante must be a whole number from 0 to 2⁶³−1 (it is -1)"


def wrong_seed(page: Page, runs_before: int) -> None:
    """Type a seed below its range into the destruction widget's editor, by keyboard, and wait for its answer."""
    page.locator(SEED).focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("-1")
    page.keyboard.press("Tab")  # leaving the box commits the edit: it runs
    wait_runs(page, "widget-p07-destruction", runs_before + 1)


def test_an_italian_page_says_the_widgets_words_in_italian(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "it/protocol-07/")
    widget = page.locator(DESTRUCTION)
    # The frame, written by the build: buttons, the status, the JSON view.
    expect(widget.locator(".estro-run")).to_have_text("Esegui")
    expect(widget.locator(".estro-cancel")).to_have_text("Annulla")
    expect(widget.locator(".estro-copy-link")).to_have_text("Copia il link")
    expect(widget.locator(".estro-status")).to_contain_text("Risultato calcolato quando il sito è stato generato.")
    expect(widget.locator(".estro-json summary")).to_contain_text("Lo scenario in JSON")
    expect(widget.locator(".estro-examples option").first).to_have_text("Scegli un esempio…")
    # The editor, built by the scripts from the Italian declarations: labels, help, the generic words.
    expect(widget.locator(f"label[for='{page.locator(SEED).get_attribute('id')}']")).to_have_text(
        "Seme casuale del Quadrante"
    )
    expect(widget.locator("label.estro-check").filter(has_text="La carta era coperta")).to_have_count(1)
    expect(widget.locator(".estro-help").filter(has_text="lo stesso seme dà lo stesso risultato")).to_have_count(1)
    expect(widget.locator("button.estro-add")).to_have_text("Aggiungi: testo")  # the Quadrante's table
    expect(widget.locator(".estro-result-link")).to_have_text("Risultato completo")
    expect(widget.locator(".estro-line-run")).to_have_text("Esegui")
    assert traffic.to("/assets/estro/words-it.js") and traffic.to("/kinds/it/"), "the scripts' words, the editor's"
    # A wrong input: the message is Italian, names the field as the form does, and says what was expected.
    wrong_seed(page, 0)
    expect(widget.locator(".estro-status")).to_have_text("Lo scenario ha un problema:")
    expect(widget.locator(".estro-error")).to_have_text(WRONG_SEED_IT)
    expect(widget.locator(".estro-field-error")).to_have_text(WRONG_SEED_IT)
    expect(widget.locator(".estro-result-text")).to_have_text("Problema: " + WRONG_SEED_IT)
    # Put right, it runs and says so in Italian.
    page.locator(SEED).fill("7")
    page.locator(SEED).dispatch_event("change")
    wait_runs(page, "widget-p07-destruction", 2)
    expect(widget.locator(".estro-status")).to_have_text(re.compile(r"^Fatto in \d+,\d\d s\.$"))
    assert traffic.errors == []


def test_an_italian_estimate_runs_and_cancels_in_italian(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "it/battaglia/")
    widget = page.locator(ESTIMATE)
    expect(widget.locator(".estro-run")).to_have_text("Avvia la simulazione")
    # A stepper's controls (the battle viewer's steps, or a worked example's).
    expect(page.locator(".estro-stepper .estro-every").first).to_have_text("Mostra tutti i passi")
    expect(page.locator(".estro-stepper .estro-next").first).to_have_attribute("aria-label", "Avanti di un passo")
    # Its editor speaks Italian where its kind does; a kind that does not yet has an English editor, all of it
    # (labels and the editor's own words), marked lang="en".
    add = widget.locator("button.estro-add").first
    if "it" in registry.kind("battaglia.estimate").languages:
        assert widget.locator(".estro-form").get_attribute("lang") is None
        expect(add).to_have_text(re.compile(r"^Aggiungi: "))
    else:
        expect(widget.locator(".estro-form")).to_have_attribute("lang", "en")
        expect(add).to_have_text(re.compile(r"^Add "))
    page.locator(f"{ESTIMATE} [data-field=battles]").fill("100000")
    page.locator(f"{ESTIMATE} [data-field=battles]").dispatch_event("change")
    widget.locator(".estro-run").click()
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.firstPartialAt", arg=ESTIMATE, timeout=PYTHON_READY_TIMEOUT
    )
    # Progress, in Italian: "In corso: 1234 di 100000 battaglie…", and the bar's words.
    expect(widget.locator(".estro-status")).to_have_text(re.compile(r"^In corso: \d+ di 100000 battaglie…$"))
    expect(widget.locator(".estro-progress-text")).to_have_text(re.compile(r"^ \d+ di 100000 battaglie$"))
    widget.locator(".estro-cancel").click()
    expect(widget.locator(".estro-status")).to_have_text(re.compile(r"^Annullata dopo \d+ battaglie?\.$"))
    assert traffic.errors == []


def test_the_english_page_stays_english_and_carries_no_italian(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    widget = page.locator(DESTRUCTION)
    expect(widget.locator(".estro-run")).to_have_text("Run")
    expect(widget.locator(".estro-cancel")).to_have_text("Cancel")
    expect(widget.locator(".estro-result-link")).to_have_text("Full result")
    expect(widget.locator(f"label[for='{page.locator(SEED).get_attribute('id')}']")).to_have_text(
        "Random seed for the Quadrante"
    )
    expect(widget.locator("button.estro-add")).to_have_text("Add text")
    wrong_seed(page, 0)
    expect(widget.locator(".estro-status")).to_have_text("The scenario has a problem:")
    expect(widget.locator(".estro-error")).to_have_text(WRONG_SEED_EN)
    # Nothing Italian was loaded: no words for the scripts, the editor from the English declarations.
    assert traffic.to("words-it.js") == [] and page.evaluate("window.estroWordsData === undefined")
    assert traffic.to("/kinds/it/") == [] and traffic.to("/kinds/p07.destruction.json")
    assert traffic.errors == []


def test_a_phone_player_by_keyboard_on_the_italian_page(browser: Browser, site: Site) -> None:
    """390 px wide, keyboard only: a wrong seed gets its Italian message on its field, and Escape-free."""
    traffic = Traffic()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guard(context, traffic)
    try:
        page = context.new_page()
        page.goto(site.url + "it/protocol-07/")
        page.locator(SEED).wait_for()
        wrong_seed(page, 0)
        field_error = page.locator(f"{DESTRUCTION} .estro-field-error")
        expect(field_error).to_have_text(WRONG_SEED_IT)
        # The seed box says it is wrong, and which message describes it, to a screen reader.
        seed = page.locator(SEED)
        expect(seed).to_have_attribute("aria-invalid", "true")
        assert field_error.get_attribute("id") in (seed.get_attribute("aria-describedby") or "").split()
        # The message fits the phone's width (it wraps, it does not run off the screen).
        box = field_error.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    finally:
        context.close()
    assert traffic.outside == [], traffic.outside
