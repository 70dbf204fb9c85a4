"""The PROTOCOL_07 page in real headless Chromium, served from the built site on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys

from playwright.sync_api import Browser, Locator, Page, expect

from estro_rules.protocol07 import Destruction, check_combination, resolve_destruction
from tests.browser.conftest import Traffic
from tests.conftest import ROOT, Site

PYTHON_READY_TIMEOUT = 90_000  # ms: cold Pyodide start on a loaded 2-core machine


def wait_runs(page: Page, widget: str, runs: int) -> None:
    page.wait_for_function(
        "([w, n]) => Number(document.getElementById(w).dataset.runs || 0) >= n",
        arg=[widget, runs],
        timeout=PYTHON_READY_TIMEOUT,
    )


def open_json_view(widget: Locator) -> None:
    """Open a widget's "Scenario as JSON" box, as a reader does: a click on its summary, and one more if the
    box is still shut (on a busy machine the page can move under the click while the editors are built)."""
    details = widget.locator(".estro-json")
    for _ in range(3):
        if details.evaluate("d => d.open"):
            return
        widget.locator(".estro-json summary").click()
        widget.page.wait_for_timeout(100)
    expect(details).to_have_attribute("open", "")


def wait_settled(page: Page, widget: str) -> None:
    """Wait until the widget shows the result of its latest scenario (edits in a row cancel earlier runs)."""
    page.wait_for_function(
        "(w) => { const d = document.getElementById(w).dataset; return +d.runs >= 1 && !d.busy && !d.stale; }",
        arg=widget,
        timeout=PYTHON_READY_TIMEOUT,
    )


def ruling_ids(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(f"{selector} a.estro-ruling", "links => links.map(a => a.textContent)")


def test_results_are_on_the_page_before_python(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    out = page.locator("#widget-p07-combination .estro-output")
    expect(out).to_contain_text("Not allowed.")
    default = check_combination(["Single Player", "Cinque Soglie"])
    assert ruling_ids(page, "#widget-p07-combination .estro-output > p:last-child") == list(default.rulings)
    expect(page.locator("#widget-p07-destruction .estro-step")).to_have_count(5)
    page.wait_for_timeout(500)
    assert traffic.to("/assets/pyodide/") == [], "Pyodide must load only on interaction"
    assert traffic.to("worker.js") == []
    # Every ruling of the page has its anchor, and every result link points to one.
    for href in page.eval_on_selector_all(".estro-output a.estro-ruling", "as => as.map(a => a.getAttribute('href'))"):
        anchor = href.split("#")[1]
        assert page.locator(f"[id='{anchor}']").count() == 1, href


def test_combination_picker(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    widget = "#widget-p07-combination"
    status = page.locator(f"{widget} .estro-status")
    expect(status).to_contain_text("MB")  # says how much it will download
    page.locator(f"{widget} input[value='Single Player']").uncheck()
    expect(status).to_contain_text("Loading Python")
    wait_runs(page, "widget-p07-combination", 1)
    announced = int(page.locator(widget).get_attribute("data-download-bytes") or 0)
    counted = int(page.locator(widget).get_attribute("data-loaded-bytes") or 0)
    runtime = json.loads((site.root / "assets" / "estro" / "runtime.json").read_text())
    assert announced == runtime["download"] > 4_000_000, "the widget announces what the server sends (brotli)"
    assert counted >= 0.9 * announced, (announced, counted)  # progress was real
    expect(page.locator(f"{widget} .estro-output")).to_contain_text("Allowed.")
    assert ruling_ids(page, f"{widget} .estro-output") == list(check_combination(["Cinque Soglie"]).rulings)
    # Second interaction: Python is warm.
    page.locator(f"{widget} input[value='Ultimo Bastione']").check()
    wait_runs(page, "widget-p07-combination", 2)
    verdict = check_combination(["Ultimo Bastione", "Cinque Soglie"])
    expect(page.locator(f"{widget} .estro-output")).to_contain_text(verdict.violations[0].reason)
    assert ruling_ids(page, f"{widget} .estro-output > p:last-child") == list(verdict.rulings)
    assert json.loads(page.locator(f"{widget} .estro-scenario").input_value())["modes"] == [
        "Ultimo Bastione",
        "Cinque Soglie",
    ]
    assert len(traffic.to("pyodide.asm.wasm")) == 1, "worker requests are seen (and guarded) too"
    assert len(traffic.to("estro-engine.snapshot")) == 1, "a first visit restores the site's snapshot"
    assert page.evaluate("window.estroEngine.timings.from") == "shipped"
    assert not traffic.to("/python_stdlib"), "a restored Python never reads the standard library: not downloaded"
    assert traffic.errors == []


def test_destruction_resolver(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    widget = "#widget-p07-destruction"
    page.locator(f"{widget} [data-field=destroyed_by_opponent]").uncheck()
    page.locator(f"{widget} [data-field=fessura_self_destruct]").check()
    wait_settled(page, "widget-p07-destruction")  # each change runs; the latest cancels the one before
    expected = resolve_destruction(Destruction(face_down=True, illusio_in_hand=True, fessura_self_destruct=True))
    steps = page.locator(f"{widget} .estro-output .estro-step")
    expect(steps).to_have_count(5)
    for i, step in enumerate(expected.steps):
        row = steps.nth(i)
        expect(row).to_contain_text(step.effect)
        expect(row).to_contain_text(step.detail.split(" (result")[0])
        assert ("estro-fires" in (row.get_attribute("class") or "")) == step.fires
        assert ruling_ids(page, f"{widget} .estro-output .estro-step:nth-child({i + 1})") == list(step.rulings)


def test_bad_scenario_shows_the_cli_message_in_the_forms_words(page: Page, site: Site) -> None:
    text = '{"kind": "p07.combination", "modes": ["Single Player", "Zona di Conquest"]}'
    cli = subprocess.run(
        [sys.executable, "-m", "estro_rules", "run", "-"], input=text, capture_output=True, text=True, cwd=ROOT
    )
    assert cli.returncode == 2
    message = cli.stderr.strip().removeprefix("error: ")
    page.goto(site.url + "protocol-07/")
    widget = "#widget-p07-combination"
    open_json_view(page.locator(widget))
    page.locator(f"{widget} .estro-scenario").fill(text)
    page.locator(f"{widget} .estro-run").click()
    wait_runs(page, "widget-p07-combination", 1)
    error = page.locator(f"{widget} .estro-error")
    expect(error).to_be_visible()
    # The command line's answer, with the field named in the form's words instead of its path.
    assert message.startswith(
        "modes[1]: expected a known mode, got 'Zona di Conquest' (did you mean 'Zona di Conquista'?"
    )
    words = "Modes in the match: item 2 must be a known mode (it is 'Zona di Conquest'; " + message.split(" (", 1)[1]
    expect(error).to_have_text(words)
    expect(page.locator(f"{widget} .estro-output")).to_be_hidden()  # no old result that looks current
    expect(page.locator(f"{widget} .estro-result-line")).to_contain_text("Problem: Modes in the match")
    # Broken JSON gets the same answer as the CLI too.
    page.locator(f"{widget} .estro-scenario").fill('{"kind": ')
    page.locator(f"{widget} .estro-run").click()
    wait_runs(page, "widget-p07-combination", 2)
    expect(error).to_have_text("The scenario: line 1, column 10: expecting value (expected valid JSON)")
    # Fixed, the result comes back in the error's place.
    page.locator(f"{widget} .estro-scenario").fill('{"kind": "p07.combination", "modes": ["Single Player"]}')
    expect(page.locator(f"{widget} .estro-output")).to_contain_text("Allowed.", timeout=PYTHON_READY_TIMEOUT)
    expect(error).to_be_hidden()


#: Records the name of every Web Worker the page creates (window.__workers).
COUNT_WORKERS = """
window.__workers = [];
window.Worker = class extends window.Worker {
  constructor(url, options) { super(url, options); window.__workers.push((options && options.name) || ""); }
};
"""


def test_instant_navigation_keeps_one_python(page: Page, site: Site, traffic: Traffic) -> None:
    page.add_init_script(COUNT_WORKERS)
    page.goto(site.url + "protocol-07/")
    page.locator("#widget-p07-combination input[value='Inferno 2vs2']").check()
    wait_runs(page, "widget-p07-combination", 1)
    page.evaluate("window.__sameWindow = true")
    page.locator(".md-sidebar--primary a.md-nav__link[href$='rulings/']").click()
    expect(page.locator("h1")).to_contain_text("Rulings index")
    page.locator("a[href$='protocol-07/#P07-2']").first.click()
    expect(page.locator("h1")).to_contain_text("PROTOCOL_07")
    assert page.evaluate("window.__sameWindow === true"), "navigation was instant (no full reload)"
    page.locator("#widget-p07-combination input[value='Zona di Conquista']").check()
    wait_runs(page, "widget-p07-combination", 1)  # a fresh widget on the new page view
    verdict = check_combination(["Single Player", "Inferno 2vs2", "Zona di Conquista", "Cinque Soglie"])
    assert ruling_ids(page, "#widget-p07-combination .estro-output > p:last-child") == list(verdict.rulings)
    engines = [name for name in page.evaluate("window.__workers") if name.startswith("estro-engine")]
    assert engines == ["estro-engine"], "one worker (one Pyodide) across pages"
    # After 2 s with nothing to do (a slow or busy machine), the page also registers the service worker
    # (which downloads the runtime) and starts the worker that makes the browser's snapshot.
    if page.evaluate("window.estroEngine.snapshot") == "missing":
        assert len(traffic.to("worker.js")) == 1, "one worker (one Pyodide) across pages"
        assert len(traffic.to("pyodide.asm.wasm")) == 1


def test_copy_link_restores_the_widget(page: Page, site: Site, context: object) -> None:
    page.goto(site.url + "protocol-07/")
    widget = "#widget-p07-destruction"
    page.locator(f"{widget} .estro-examples").select_option(label="A Fessura self-destruct")
    wait_runs(page, "widget-p07-destruction", 1)
    page.locator(f"{widget} .estro-copy-link").click()
    link = page.locator(f"{widget} .estro-link").input_value()
    assert link.startswith(site.url + "protocol-07/?widget=p07-destruction&z=")
    scenario = json.loads(page.locator(f"{widget} .estro-scenario").input_value())
    output = page.locator(f"{widget} .estro-output").inner_html()

    other = page.context.new_page()
    other.goto(link)
    wait_runs(other, "widget-p07-destruction", 1)
    assert json.loads(other.locator(f"{widget} .estro-scenario").input_value()) == scenario
    assert other.locator(f"{widget} .estro-output").inner_html() == output
    assert other.locator(f"{widget} [data-field=fessura_self_destruct]").is_checked()
    assert not other.locator(f"{widget} [data-field=destroyed_by_opponent]").is_checked()


def test_search_works_offline(page: Page, site: Site) -> None:
    page.goto(site.url)
    page.locator(".md-search__input").click()
    page.keyboard.type("Imboscata", delay=30)
    expect(page.locator(".md-search-result__item").first).to_contain_text("Imboscata", timeout=20_000)


def test_phone_layout(browser: Browser, site: Site, traffic: Traffic) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for path in ("protocol-07/", "battaglia/", "resolution-19/", "lint-report/"):
            page.goto(site.url + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} scrolls sideways on a phone ({width}px)"
        page.goto(site.url + "protocol-07/")
        expect(page.locator("#widget-p07-combination .estro-output")).to_contain_text("Not allowed.")
    finally:
        context.close()
