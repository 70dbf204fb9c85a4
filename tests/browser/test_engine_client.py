"""The engine client (assets/estro/engine.js) and the worker's jobs, in real headless Chromium.

Python loads on a reader's intent (pointer moving over a widget, focus inside it,
a finger on one of its controls), never on load or scroll, and only on a real
interaction with Save-Data on. Every request is a job run in time slices: a long
estimate never keeps another widget waiting, and a page's jobs end when it is left.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from estro_rules import scenarios
from estro_rules.protocol07 import check_combination
from tests.browser.conftest import Traffic, guard
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, wait_runs
from tests.conftest import ROOT, Site

WIDGET = "#widget-p07-combination"


def python_requests(traffic: Traffic) -> list[str]:
    return traffic.to("worker.js") + traffic.to("/assets/pyodide/") + traffic.to("runtime.json")


def wait_ready(page: Page) -> None:
    page.wait_for_function("window.estroEngine.ready", timeout=PYTHON_READY_TIMEOUT)


def test_reading_and_scrolling_load_no_python(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    # The pointer rests mid-page (not on a widget) while the wheel and the keyboard scroll every widget under it.
    assert page.evaluate("document.elementFromPoint(640, 450).closest('.estro-widget')") is None
    page.mouse.move(640, 450)
    for _ in range(12):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(60)
    for key in ("PageUp", "PageUp", "Home", "End"):
        page.keyboard.press(key)
        page.wait_for_timeout(150)
    page.wait_for_timeout(500)
    assert page.evaluate("window.estroEngine.worker") is None
    assert python_requests(traffic) == [], "reading and scrolling must not load Python"


def test_pointer_over_a_widget_starts_python_before_the_click(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    page.hover(f"{WIDGET} .estro-form")
    wait_ready(page)  # no click yet
    assert page.evaluate("window.estroEngine.timings.intent") is not None
    assert traffic.to("pyodide.asm.wasm"), "the runtime was downloaded on intent"
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Not allowed.")  # nothing ran
    page.locator(f"{WIDGET} input[value='Single Player']").uncheck()
    wait_runs(page, "widget-p07-combination", 1)
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Allowed.")


def test_focus_inside_a_widget_starts_python(page: Page, site: Site, traffic: Traffic) -> None:
    page.goto(site.url + "protocol-07/")
    assert python_requests(traffic) == []
    page.locator(f"{WIDGET} input[value='Inferno 2vs2']").focus()
    page.wait_for_function("window.estroEngine.worker !== null")
    wait_ready(page)
    assert traffic.to("worker.js")


def test_a_touch_on_a_control_starts_python_but_not_on_text(browser: Browser, site: Site) -> None:
    traffic = Traffic()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guard(context, traffic)
    try:
        page = context.new_page()
        page.goto(site.url + "protocol-07/")
        page.locator(f"{WIDGET} .estro-output").dispatch_event("touchstart")  # a swipe starting on text
        page.wait_for_timeout(300)
        assert page.evaluate("window.estroEngine.worker") is None
        page.locator(f"{WIDGET} input[value='Inferno 2vs2']").dispatch_event("touchstart")
        page.wait_for_function("window.estroEngine.worker !== null")
        assert page.evaluate("window.estroEngine.timings.intent") is not None
    finally:
        context.close()
    assert traffic.outside == []


SAVE_DATA = "Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true})})"


def test_save_data_loads_python_only_on_a_real_interaction(browser: Browser, site: Site) -> None:
    """Chromium has no switch for Save-Data: the page sees it through navigator.connection, set here."""
    traffic = Traffic()
    context = browser.new_context()
    guard(context, traffic)
    context.add_init_script(SAVE_DATA)
    try:
        page = context.new_page()
        page.goto(site.url + "protocol-07/")
        assert page.evaluate("window.estroEngine.saveData") is True
        page.hover(f"{WIDGET} .estro-form")
        page.mouse.move(300, 300)
        page.hover(f"{WIDGET} .estro-form")
        page.locator(f"{WIDGET} input[value='Inferno 2vs2']").focus()
        page.wait_for_timeout(500)
        assert python_requests(traffic) == [], "with Save-Data, intent alone loads nothing"
        page.locator(f"{WIDGET} input[value='Single Player']").uncheck()
        wait_runs(page, "widget-p07-combination", 1)
        assert page.evaluate("window.estroEngine.timings.intent") is None
        expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Allowed.")
        # Fewer bytes: a normal start from the boot library, not the site's 30 MiB snapshot.
        assert page.evaluate("window.estroEngine.timings.from") == "start"
        assert not traffic.to("estro-engine.snapshot") and len(traffic.to("/python_stdlib.zip")) == 1
    finally:
        context.close()
    assert traffic.outside == []


def estimate_text(battles: int) -> str:
    data = json.loads((ROOT / "examples" / "battaglia" / "reference-matchup.json").read_text())
    return json.dumps(
        {"kind": "battaglia.estimate", "left": data["left"], "right": data["right"], "battles": battles, "seed": 1}
    )


SEND = """([type, text]) => new Promise((resolve) => {
  const replies = [];
  const id = window.estroEngine.send(type, text, "../", {
    onReply: (reply) => resolve({id, reply, at: performance.now(), replies}),
    onProgress: (m) => { replies.push(m.reply.completed); if (m.done) resolve({id, reply: m.reply, at: performance.now(), replies}); },
  });
  window.__last = id;
})"""


def test_a_run_is_answered_while_an_estimate_runs(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    page.hover("#widget-battle-viewer .estro-form")
    wait_ready(page)
    # A 100,000-battle estimate sent as a plain "run": sliced all the same.
    page.evaluate(
        "([t]) => { window.__estimate = new Promise((resolve) => { window.__estimateId = window.estroEngine.send("
        "'run', t, '../', {onReply: (reply) => resolve({reply, at: performance.now()})}); }); }",
        [estimate_text(100_000)],
    )
    page.wait_for_timeout(300)  # the estimate has had a few slices
    p07 = '{"kind": "p07.combination", "modes": ["Inferno 2vs2", "Ultimo Bastione"]}'
    answered = page.evaluate(SEND, ["run", p07])
    assert answered["reply"]["ok"] and answered["reply"]["result"] == scenarios.run(json.loads(p07)).to_json()
    assert page.evaluate("window.estroEngine.pending.has(window.__estimateId)"), "answered while the estimate runs"
    # The estimate can be cancelled; its final reply has the battles played so far.
    page.evaluate("window.estroEngine.cancel(window.__estimateId)")
    final = page.evaluate("window.__estimate")["reply"]
    assert final["cancelled"] is True and final["done"] is True and final["ok"] is True
    assert 0 < final["completed"] < 100_000 == final["total"]
    assert final["result"]["played"] == final["completed"]


def start_long_estimate(page: Page, site: Site) -> str:
    """Start a 100,000-battle estimate on the Battaglia page and wait for its first partial result."""
    page.goto(site.url + "battaglia/")
    estimate = "#widget-win-probability"
    page.locator(f"{estimate} [data-field=battles]").fill("100000")
    page.locator(f"{estimate} [data-field=battles]").dispatch_event("change")
    page.locator(f"{estimate} .estro-run").click()
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.firstPartialAt", arg=estimate, timeout=PYTHON_READY_TIMEOUT
    )
    return estimate


def test_a_long_estimate_does_not_hold_up_a_widget(page: Page, site: Site) -> None:
    estimate = start_long_estimate(page, site)
    viewer = "#widget-battle-viewer"
    page.locator(f"{viewer} [data-field=seed]").fill("11")
    page.locator(f"{viewer} [data-field=seed]").dispatch_event("change")
    wait_runs(page, "widget-battle-viewer", 1)
    assert not page.eval_on_selector(estimate, "w => w.dataset.doneAt"), "the battle came back mid-estimate"
    expect(page.locator(f"{viewer} .estro-output")).to_contain_text("Seed 11")
    page.locator(f"{estimate} .estro-cancel").click()
    expect(page.locator(f"{estimate} .estro-status")).to_contain_text("Cancelled after", timeout=10_000)


def test_leaving_a_page_cancels_its_jobs(page: Page, site: Site) -> None:
    start_long_estimate(page, site)
    page.evaluate("window.__sameWindow = true")
    page.locator(".md-sidebar--primary a.md-nav__link[href$='protocol-07/']").click()
    expect(page.locator("h1")).to_contain_text("PROTOCOL_07")
    assert page.evaluate("window.__sameWindow === true"), "navigation was instant"
    page.wait_for_function("window.estroEngine.pending.size === 0", timeout=5_000)
    # The worker is free at once: a run on the new page comes back without waiting for 100,000 battles.
    page.locator(f"{WIDGET} input[value='Inferno 2vs2']").check()
    wait_runs(page, "widget-p07-combination", 1)
    verdict = check_combination(["Single Player", "Inferno 2vs2", "Cinque Soglie"])
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text(verdict.violations[0].reason)


def test_unloading_a_page_cancels_its_jobs(page: Page, site: Site) -> None:
    """A page unloaded, or put in the back-forward cache, fires pagehide: its estimate stops there."""
    estimate = start_long_estimate(page, site)
    assert page.evaluate("window.estroEngine.pending.size") > 0
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    page.wait_for_function("window.estroEngine.pending.size === 0", timeout=5_000)
    expect(page.locator(f"{estimate} .estro-status")).to_contain_text("Cancelled after")


def test_a_failed_start_is_reported_and_the_next_try_starts_again(
    context: BrowserContext, page: Page, site: Site
) -> None:
    refused: list[str] = []

    def once(route: Route) -> None:  # the network drops the first request for the runtime's description
        if refused:
            route.fallback()
        else:
            refused.append(route.request.url)
            route.abort()

    context.route("**/estro/runtime.json?*", once)  # its URL names its content (?v=...)
    page.goto(site.url + "protocol-07/")
    page.locator(f"{WIDGET} input[value='Single Player']").uncheck()
    wait_runs(page, "widget-p07-combination", 1)
    expect(page.locator(f"{WIDGET} .estro-error")).to_contain_text("Python could not start")
    assert refused and page.evaluate("window.estroEngine.worker") is None, "the failed worker is gone"
    page.locator(f"{WIDGET} .estro-run").click()
    wait_runs(page, "widget-p07-combination", 2)
    expect(page.locator(f"{WIDGET} .estro-output")).to_contain_text("Allowed.")
    expect(page.locator(f"{WIDGET} .estro-error")).to_be_hidden()
