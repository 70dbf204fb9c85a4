"""The Battaglia and §19 pages in real headless Chromium: viewer, estimate, sandbox, links, escaping."""

from __future__ import annotations

import base64
import json

from playwright.sync_api import Page, expect

from estro_rules import i18n, scenarios
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, open_json_view, wait_runs
from tests.conftest import ROOT, Site

XSS = "<img src=x onerror=alert(1)>"

#: What a result shows: its step panels (from the steps template, or from the JSON file the build moved
#: them into, which the stepper names, fetched as the page's scripts fetch it) and the rest of its text.
VIEW_TEXT = """async (root) => {
  const panels = [];
  for (const template of root.querySelectorAll('template.estro-steps, .estro-stepper[data-src]')) {
    const holder = document.createElement('template');
    if (template.dataset.src) {
      const data = await (await fetch(new URL(template.dataset.src, document.baseURI))).json();
      holder.innerHTML = data.html;
    } else {
      holder.innerHTML = template.innerHTML;
    }
    panels.push(...[...holder.content.children].map(p => p.textContent.trim()));
  }
  const clone = root.cloneNode(true);
  clone.querySelectorAll('.estro-stepper').forEach(e => e.remove());
  return {panels, rest: clone.textContent.replace(/\\s+/g, ' ').trim()};
}"""


def python_view(page: Page, data: dict[str, object]) -> dict[str, object]:
    """What the engine's own view shows for a scenario, in the page's language, read through the browser's HTML
    parser."""
    kind = scenarios.kind_of(data)
    with i18n.using(page.evaluate("document.documentElement.lang")):
        html = kind.html(scenarios.run(data), base="../")
    return page.evaluate(
        f"(html) => {{ const d = document.createElement('div'); d.innerHTML = html; return ({VIEW_TEXT})(d); }}", html
    )


def widget_view(page: Page, widget: str) -> dict[str, object]:
    return page.eval_on_selector(f"#widget-{widget} .estro-output", VIEW_TEXT)


def example(name: str) -> dict[str, object]:
    data = json.loads((ROOT / "examples" / name).read_text())
    data.pop("expect", None)
    return data


def cryptids(team: object) -> list[dict[str, object]]:
    """A team's cryptids, whether the team is a list or ``{"name", "cryptids"}``."""
    return team["cryptids"] if isinstance(team, dict) else team  # type: ignore[return-value]


def link_for(site: Site, page: str, widget: str, data: dict[str, object]) -> str:
    encoded = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return f"{site.url}{page}/?widget={widget}&scenario={encoded}#widget-{widget}"


def test_battle_viewer_steps_and_reruns(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "battle-viewer"
    default = example("battaglia/reference-matchup.json")
    assert widget_view(page, widget) == python_view(page, default), "build-time result = engine result"
    stepper = page.locator(f"#widget-{widget} .estro-stepper")
    count = int(stepper.get_attribute("data-steps") or 0)
    assert count > 2
    # The steps are not on the page until asked for: Next shows the start, then each roll.
    panels = stepper.locator(".estro-step-view .estro-step-panel")
    expect(panels).to_have_count(0)
    stepper.locator(".estro-next").click()
    expect(panels).to_have_count(1)
    expect(panels.first).to_have_attribute("data-label", "Start")
    stepper.locator(".estro-next").click()
    expect(stepper.locator(".estro-step-label")).to_contain_text(f"(2/{count})")
    expect(panels.first).to_have_attribute("data-label", "Roll 1")
    assert panels.first.locator("a.estro-ruling").count() > 0, "each roll links its rulings"
    # Or every step at once.
    stepper.locator(".estro-every").click()
    expect(panels).to_have_count(count)
    assert [t.strip() for t in panels.all_text_contents()] == widget_view(page, widget)["panels"]
    # A new seed replays a different battle: the widget shows what the engine says for it.
    page.locator(f"#widget-{widget} [data-field=seed]").fill("11")
    page.locator(f"#widget-{widget} [data-field=seed]").dispatch_event("change")
    wait_runs(page, f"widget-{widget}", 1)
    assert widget_view(page, widget) == python_view(page, {**default, "seed": 11})


def test_win_probability_progress_result_and_cancel(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "#widget-win-probability"
    scenario = json.loads(page.locator(f"{widget} .estro-scenario").input_value())
    page.locator(f"{widget} [data-field=battles]").fill("3000")
    page.locator(f"{widget} [data-field=battles]").dispatch_event("change")
    page.locator(f"{widget} .estro-run").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.doneAt", arg=widget, timeout=PYTHON_READY_TIMEOUT)
    first, done = page.eval_on_selector(widget, "w => [+w.dataset.firstPartialAt, +w.dataset.doneAt]")
    assert first <= done
    expected = scenarios.run({**scenario, "battles": 3000}).to_json()
    shown = page.locator(f"{widget} .estro-output").inner_text()
    assert f"{expected['left_wins']:,}" in shown or str(expected["left_wins"]) in shown
    expect(page.locator(f"{widget} .estro-status")).to_contain_text("Done: 3000 battles")
    # Each outcome's bar is drawn, and its filled part is the outcome's share of the bar.
    for key, row in (("left", 0), ("draw", 1), ("right", 2)):
        bar = page.locator(f"{widget} .estro-rate-bar").nth(row).bounding_box()
        fill = page.locator(f"{widget} .estro-rate-fill").nth(row).bounding_box()
        assert bar is not None and fill is not None
        assert bar["width"] >= 48 and bar["height"] >= 8, bar
        share = expected["rates"][key]["rate"]
        assert abs(fill["width"] / bar["width"] - share) < 0.02, (key, fill, bar, share)
    # A long run can be cancelled, and the page answers while it runs.
    page.locator(f"{widget} [data-field=battles]").fill("100000")
    page.locator(f"{widget} [data-field=battles]").dispatch_event("change")
    page.locator(f"{widget} .estro-run").click()
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.firstPartialAt", arg=widget, timeout=PYTHON_READY_TIMEOUT
    )
    # The page answers while the battles run (they run in the worker): the answer comes before the run ends.
    answered = page.evaluate("(s) => [1 + 1, document.querySelector(s + ' .estro-status').textContent]", widget)
    assert answered[0] == 2 and "Done" not in answered[1], answered
    expect(page.locator(f"{widget} .estro-progress")).to_be_visible()
    page.locator(f"{widget} .estro-cancel").click()
    expect(page.locator(f"{widget} .estro-status")).to_contain_text("Cancelled after", timeout=10_000)
    cancelled_at = int(page.locator(f"{widget} .estro-status").inner_text().split("after ")[1].split()[0])
    assert 0 < cancelled_at < 100_000
    assert page.locator(f"{widget} .estro-run").is_enabled()


def test_names_from_a_link_render_as_text(page: Page, site: Site) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    data = example("battaglia/default-target.json")
    cryptids(data["left"])[0]["name"] = XSS
    page.goto(link_for(site, "battaglia", "battle-viewer", data))
    wait_runs(page, "widget-battle-viewer", 1)
    output = page.locator("#widget-battle-viewer .estro-output")
    expect(output).to_contain_text(XSS)
    assert output.locator("img").count() == 0
    assert json.loads(page.locator("#widget-battle-viewer .estro-scenario").input_value()) == data
    page.wait_for_timeout(300)
    assert dialogs == []


def test_battle_viewer_copy_link_restores_teams_and_seed(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "#widget-battle-viewer"
    page.locator(f"{widget} .estro-examples").select_option(index=3)
    wait_runs(page, "widget-battle-viewer", 1)
    page.locator(f"{widget} [data-field=seed]").fill("5")
    page.locator(f"{widget} [data-field=seed]").dispatch_event("change")
    wait_runs(page, "widget-battle-viewer", 2)
    page.locator(f"{widget} .estro-copy-link").click()
    link = page.locator(f"{widget} .estro-link").input_value()
    other = page.context.new_page()
    other.goto(link)
    wait_runs(other, "widget-battle-viewer", 1)
    assert (
        other.locator(f"{widget} .estro-scenario").input_value()
        == page.locator(f"{widget} .estro-scenario").input_value()
    )
    assert other.locator(f"{widget} [data-field=seed]").input_value() == "5"
    assert widget_view(other, "battle-viewer") == widget_view(page, "battle-viewer")


def test_bad_team_shows_the_field(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "#widget-battle-viewer"
    data = example("battaglia/default-target.json")
    cryptids(data["right"])[0]["health"] = -2
    open_json_view(page.locator(widget))
    page.locator(f"{widget} .estro-scenario").fill(json.dumps(data))
    page.locator(f"{widget} .estro-run").click()
    wait_runs(page, "widget-battle-viewer", 1)
    try:
        scenarios.run(data)
    except ValueError as err:
        assert str(err) == "right[0].health: expected a whole number from 1 to 999, got -2"  # the command line's
    name = cryptids(data["right"])[0]["name"]
    # The widget says it in the form's words, with no path.
    words = f"Right team, cryptid 1 ({name}): health must be a whole number from 1 to 999 (it is -2)"
    expect(page.locator(f"{widget} .estro-error")).to_have_text(words)
    expect(page.locator(f"{widget} .estro-result-line")).to_contain_text("Problem: " + words[:30])


def test_resolution_sandbox(page: Page, site: Site) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(site.url + "resolution-19/")
    widget = "r19-sandbox"
    assert widget_view(page, widget) == python_view(page, example("r19/sabotage-breaks-location.json"))
    faces = page.locator(f"#widget-{widget} .estro-output .estro-face")
    assert faces.count() > 0
    for label in faces.all_inner_texts():
        assert label.strip(), "a face always has a text label, not colour alone"
    page.locator(f"#widget-{widget} .estro-examples").select_option(
        label=example("r19/four-players-trigger-order.json")["title"]
    )
    wait_runs(page, f"widget-{widget}", 1)
    assert widget_view(page, widget) == python_view(page, example("r19/four-players-trigger-order.json"))
    # Card names from a link are text.
    data = example("r19/drone-burned.json")
    data["cards"][0]["name"] = XSS  # type: ignore[index]
    page.goto(link_for(site, "resolution-19", widget, data))
    wait_runs(page, f"widget-{widget}", 1)
    output = page.locator(f"#widget-{widget} .estro-output")
    assert output.locator("img").count() == 0
    assert XSS in (output.text_content() or "")
    assert dialogs == []


def test_face_colours_are_the_same_everywhere(page: Page, site: Site) -> None:
    """§19.5: each face state has one colour on the whole site (and a label)."""
    colours: dict[str, set[str]] = {}
    for path in ("resolution-19/", "lint-report/"):
        page.goto(site.url + path)
        for state in ("prime", "contested", "fallen", "reversal"):
            page.evaluate(
                "(s) => { const e = document.createElement('span'); e.className = 'estro-face estro-face-' + s;"
                " e.id = 'probe-' + s; e.textContent = s; document.querySelector('.md-typeset').append(e); }",
                state,
            )
            colour = page.eval_on_selector(f"#probe-{state}", "e => getComputedStyle(e).backgroundColor")
            colours.setdefault(state, set()).add(colour)
    assert all(len(c) == 1 for c in colours.values())
    assert len({next(iter(c)) for c in colours.values()}) == 4, "four distinct colours"
