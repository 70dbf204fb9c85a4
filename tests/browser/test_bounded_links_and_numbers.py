"""The last unbounded inputs of the widgets: a link that inflates without limit, a link meant for another
page, and numbers the widget used to rewrite (seed 1e309 became null, a random seed; threat 3.0 became 3).

Real headless Chromium against the built site. The widget's messages are compared with the command
line's own, run here in this process on the same scenario text: a value the command line refuses is
refused in the widget too, the command line naming the field's path and the widget saying it in the
form's words (issue 24: :data:`IN_WORDS`).
"""

from __future__ import annotations

import io
import json
from typing import Any

from playwright.sync_api import Page, expect

from estro_rules.cli import main
from scripts.sitegen.links import pack
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, wait_runs
from tests.conftest import Site
from tests.support import example

VIEWER = "#widget-battle-viewer"
VALID_SEED = 12  # any accepted seed, to clear the error
ORIGINAL_THREAT = example("battaglia/reference-matchup.json")["left"]["cryptids"][0]["threat"]
FIRST_CRYPTID = example("battaglia/reference-matchup.json")["left"]["cryptids"][0]["name"]

IN_WORDS = {
    "seed: expected a whole number, got inf": "Seed must be a whole number (it is inf)",
    "left.cryptids[0].threat: expected a whole number, got 3.0":
        f"Left team, cryptid 1 ({FIRST_CRYPTID}): threat must be a whole number (it is 3.0)",
}
"""The command line's message (the path) → what the widget says (the form's labels: "Left team", a
cryptid by its place and name, "Threat")."""


def cli_message(command: str, text: str) -> str:
    """What ``python -m estro_rules COMMAND -`` says about ``text``, without its ``error: `` prefix."""
    out, err = io.StringIO(), io.StringIO()
    code = main([command, "-"], out=out, stdin=io.StringIO(text), err=err)
    assert code == 2, (code, out.getvalue())
    line = err.getvalue().strip()
    assert line.startswith("error: ")
    return line.removeprefix("error: ")


def matchup_text(**changes: str) -> str:
    """The reference matchup as JSON text, with raw number tokens put in place of some values
    (``seed="1e309"``; ``threat="3.0"``: the first cryptid's threat)."""
    data: dict[str, Any] = example("battaglia/reference-matchup.json")
    data.pop("expect", None)
    data["seed"] = "@seed@"
    data["left"]["cryptids"][0]["threat"] = "@threat@"
    text = json.dumps(data, indent=2)
    original = example("battaglia/reference-matchup.json")
    text = text.replace('"@seed@"', changes.get("seed", json.dumps(original.get("seed", 0))))
    return text.replace('"@threat@"', changes.get("threat", str(original["left"]["cryptids"][0]["threat"])))


def error_of(page: Page, widget: str) -> str:
    box = page.locator(f"{widget} .estro-error")
    expect(box).to_be_visible(timeout=PYTHON_READY_TIMEOUT)
    return box.inner_text()


def test_numbers_typed_in_a_box_reach_the_engine_as_typed(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    runs = 0
    for field, typed, change in (
        ("seed", "1e309", {"seed": "1e309"}),
        ("left.cryptids[0].threat", "3.0", {"threat": "3.0"}),
    ):
        if field.startswith("left.cryptids[0]."):  # a cryptid is a compact row (issue 24): a tap opens it
            page.locator(f"{VIEWER} .estro-row[data-path='left.cryptids[0]'] > .estro-row-head > .estro-row-toggle").click()
        box = page.locator(f"{VIEWER} [data-field='{field}']")
        box.fill(typed)
        box.dispatch_event("change")
        runs += 1
        wait_runs(page, "widget-battle-viewer", runs)
        sent = page.locator(f"{VIEWER} .estro-scenario").input_value()
        assert f": {typed}" in sent, "the JSON view holds the number as typed"
        expected = cli_message("battle", matchup_text(**change))
        assert expected in IN_WORDS, expected
        assert error_of(page, VIEWER) == IN_WORDS[expected]
        box.fill(str(VALID_SEED if field == "seed" else ORIGINAL_THREAT))
        box.dispatch_event("change")
        runs += 1
        wait_runs(page, "widget-battle-viewer", runs)
        expect(page.locator(f"{VIEWER} .estro-error")).to_be_hidden()
    # Up and Down still step a whole number, as in a number box.
    seed = page.locator(f"{VIEWER} [data-field='seed']")
    seed.fill("41")
    seed.press("ArrowUp")
    assert seed.input_value() == "42"


def test_numbers_in_the_json_view_and_in_a_link_stay_as_written(page: Page, site: Site) -> None:
    text = matchup_text(seed="1e309", threat="3.0")
    expected = cli_message("battle", text)
    page.goto(site.url + "battaglia/")
    textarea = page.locator(f"{VIEWER} .estro-scenario")
    page.locator(f"{VIEWER} .estro-json").evaluate("(details) => (details.open = true)")
    textarea.fill(text)
    wait_runs(page, "widget-battle-viewer", 1)
    assert error_of(page, VIEWER) == IN_WORDS[expected]
    assert '"seed": 1e309' in textarea.input_value() and '"threat": 3.0' in textarea.input_value()
    # The same scenario in a link (as "Copy link" makes one): opened, it is refused with the same words.
    page.goto(f"{site.url}battaglia/?widget=battle-viewer&z={pack(text)}#widget-battle-viewer")
    wait_runs(page, "widget-battle-viewer", 1)
    assert error_of(page, VIEWER) == IN_WORDS[expected]
    assert '"seed": 1e309' in page.locator(f"{VIEWER} .estro-scenario").input_value()


def test_a_link_bomb_is_refused_before_it_is_read(page: Page, site: Site) -> None:
    """40 MB of scenario text in a 40 kB link: refused once 1 MB is inflated, in well under a second."""
    bomb = pack('{"kind": "p07.combination", "modes": ["' + " " * 40_000_000 + '"]}')
    url = f"{site.url}protocol-07/?widget=p07-combination&z={bomb}#widget-p07-combination"
    assert len(url) < 60_000, "short enough for a static server's request line"
    page.goto(url)
    message = "The link's scenario is longer than 1,000,000 bytes once unpacked (the most a scenario may be): it was not opened."
    assert error_of(page, "#widget-p07-combination") == message
    assert page.locator("#widget-p07-combination .estro-output").is_hidden()
    assert len(page.locator("#widget-p07-combination .estro-scenario").input_value()) < 10_000, "nothing of it shown"
    # Refused once 1 MB is inflated, not after reading all 40 MB: count what the inflating stream hands out
    # (the browser's own DecompressionStream, its output passed on through a counting stream).
    read = page.evaluate(
        """async (z) => {
             const Native = window.DecompressionStream;
             let pulled = 0;
             window.DecompressionStream = function (format) {
               const inner = new Native(format);
               const count = new TransformStream({transform(chunk, out) { pulled += chunk.byteLength; out.enqueue(chunk); }});
               return {writable: inner.writable, readable: inner.readable.pipeThrough(count)};
             };
             try { await estroShare.decode(z); return {pulled, refused: null}; }
             catch (e) { return {pulled, refused: e.message}; }
             finally { window.DecompressionStream = Native; } }""",
        bomb,
    )
    assert read["refused"] == message
    assert 1_000_000 < read["pulled"] < 4_000_000, f"{read['pulled']:,} bytes inflated of 40,000,000"
    assert page.evaluate("1 + 1") == 2, "the page answers"


def test_a_link_meant_for_another_page_says_where_it_goes(page: Page, site: Site) -> None:
    scenario = {**example("battaglia/reference-matchup.json"), "seed": 12}
    scenario.pop("expect", None)
    z = pack(json.dumps(scenario))
    page.goto(f"{site.url}protocol-07/?widget=battle-viewer&z={z}#widget-battle-viewer")
    note = page.locator(".estro-link-elsewhere")
    expect(note).to_contain_text("This link is for another page")
    expect(note).to_contain_text(
        "The link carries a scenario for the widget “battle-viewer”, which is not on this page."
    )
    link = note.locator("a")
    expect(link).to_have_text("Open it on the page that has it")
    assert link.get_attribute("href") == f"{site.url}battaglia/?widget=battle-viewer&z={z}#widget-battle-viewer"
    link.click()
    expect(page.locator("h1")).to_contain_text("Battaglia")
    wait_runs(page, "widget-battle-viewer", 1)
    assert json.loads(page.locator(f"{VIEWER} .estro-scenario").input_value())["seed"] == 12
    # A widget no page has (a link from another version of the site): said so, with nowhere to go.
    page.goto(f"{site.url}protocol-07/?widget=no-such-widget&z={z}")
    expect(note).to_contain_text(
        "“no-such-widget”, which is not on this page. It may come from another version of the site."
    )
    assert note.locator("a").count() == 0
    # The right page shows no such note.
    page.goto(f"{site.url}battaglia/?widget=battle-viewer&z={z}#widget-battle-viewer")
    wait_runs(page, "widget-battle-viewer", 1)
    assert page.locator(".estro-link-elsewhere").count() == 0
