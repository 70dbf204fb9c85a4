"""The widgets' editors in real headless Chromium: controls generated from the declarations, the JSON
view in sync, live results, the out-of-date marking, errors on their field, links, the keyboard."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from estro_rules import scenarios
from estro_rules.battaglia import REFERENCE_MATCHUP
from scripts.sitegen.links import scenario_text, share_link
from tests.browser.conftest import Traffic, guard
from tests.browser.test_battaglia_r19_pages import python_view, widget_view
from tests.browser.test_protocol07_page import PYTHON_READY_TIMEOUT, open_json_view, wait_runs, wait_settled
from tests.conftest import Site


def scenario_of(page: Page, widget: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(page.locator(f"#widget-{widget} .estro-scenario").input_value())
    return data


def runs(page: Page, widget: str) -> int:
    return int(page.eval_on_selector(f"#widget-{widget}", "w => Number(w.dataset.runs || 0)"))


def test_out_of_date_until_the_new_result_and_an_error_takes_its_place(page: Page, site: Site) -> None:
    page.goto(site.url + "protocol-07/")
    widget = "#widget-p07-combination"
    output = page.locator(f"{widget} .estro-output")
    # Ticking a mode while Python loads: the old verdict is marked out of date at once.
    page.locator(f"{widget} input[value='Zona di Conquista']").check()
    expect(output).to_have_attribute("aria-busy", "true")
    expect(output).to_have_class("estro-output estro-stale")
    expect(page.locator(f"{widget} .estro-stale-note")).to_be_visible()
    expect(page.locator(f"{widget} .estro-stale-note")).to_contain_text("Out of date")
    wait_runs(page, "widget-p07-combination", 1)
    expect(output).to_have_attribute("aria-busy", "false")
    expect(page.locator(f"{widget} .estro-stale-note")).to_be_hidden()
    assert "estro-stale" not in (output.get_attribute("class") or "")
    assert widget_view(page, "p07-combination") == python_view(page, scenario_of(page, "p07-combination"))
    assert scenario_of(page, "p07-combination")["modes"] == ["Single Player", "Zona di Conquista", "Cinque Soglie"]

    # A seed of -1: the error replaces the result, at the top and on the seed's own control.
    widget = "#widget-p07-destruction"
    seed = page.locator(f"{widget} [data-field=seed]")
    seed.fill("-1")
    seed.dispatch_event("change")
    wait_runs(page, "widget-p07-destruction", 1)
    message = "Random seed for the Quadrante must be a whole number from 0 to 2⁶³−1 (it is -1)"  # the form's words
    expect(page.locator(f"{widget} .estro-error")).to_have_text(message)
    expect(page.locator(f"{widget} .estro-output")).to_be_hidden()
    inline = page.locator(f"{widget} .estro-field[data-path=seed] .estro-field-error")
    expect(inline).to_have_text(message)
    expect(seed).to_have_attribute("aria-invalid", "true")
    assert inline.get_attribute("id") in (seed.get_attribute("aria-describedby") or "").split()
    # Typing a fix runs again by itself (after a pause in typing), and the error goes.
    seed.fill("3")
    wait_runs(page, "widget-p07-destruction", 2)
    expect(page.locator(f"{widget} .estro-error")).to_be_hidden()
    expect(page.locator(f"{widget} .estro-field-error")).to_have_count(0)
    expect(page.locator(f"{widget} .estro-output")).to_be_visible()
    assert widget_view(page, "p07-destruction") == python_view(page, scenario_of(page, "p07-destruction"))


def test_every_field_of_both_protocol07_kinds_has_a_control(page: Page, site: Site) -> None:
    from estro_rules.protocol07 import KINDS

    page.goto(site.url + "protocol-07/")
    for widget, kind in (("p07-combination", KINDS[0]), ("p07-destruction", KINDS[1])):
        form = page.locator(f"#widget-{widget} .estro-form")
        for f in kind.fields.fields:
            group = form.locator(f"[data-path={f.name}]").first
            expect(group).to_be_visible()
            assert group.locator("input, select, button").count() > 0, f.name
    # The Quadrante table, a list of texts: Add, type, and the JSON follows.
    widget = page.locator("#widget-p07-destruction")
    widget.get_by_role("button", name="Add text").click()
    page.keyboard.type("Swap")
    assert scenario_of(page, "p07-destruction")["quadrante_table"] == ["Swap"]
    # And back: the JSON view's edits update the controls.
    data = {**scenario_of(page, "p07-destruction"), "face_down": False, "seed": 42}
    open_json_view(widget)
    widget.locator(".estro-scenario").fill(json.dumps(data))
    expect(widget.locator("[data-field=seed]")).to_have_value("42")
    expect(widget.locator("[data-field=face_down]")).not_to_be_checked()


def test_r19_board_editor_add_a_card_set_its_def_add_an_action(page: Page, site: Site) -> None:
    page.goto(site.url + "resolution-19/")
    name = "r19-sandbox"
    widget = page.locator(f"#widget-{name}")
    cards = widget.locator("fieldset[data-path=cards]")
    cards.get_by_role("button", name="Add card", exact=True).last.click()
    expect(page.locator(":focus")).to_have_attribute("data-field", "cards[1].id")
    page.keyboard.type("GRD-900")
    card = widget.locator(".estro-row[data-path='cards[1]']")
    card.get_by_label("Name", exact=True).fill("Test Drone")
    card.locator("[data-field='cards[1].faces.Unlabelled']").check()
    card.get_by_label("Card type").select_option(label="Ground Unit")
    card.locator("[data-field='cards[1].faces.Unlabelled.values.DEF']").fill("3")
    card.locator("[data-field='cards[1].faces.Unlabelled.values.ATK']").fill("1")
    widget.get_by_role("button", name="Add card on the board").click()
    widget.locator("[data-field='board[1].card']").select_option("GRD-900")
    widget.get_by_role("button", name="Add action").click()
    action = widget.locator("[data-field='actions[1].do']")
    expect(action).to_be_focused()
    assert page.evaluate("document.activeElement.labels[0].textContent") == "Action"
    action.select_option(label="reduce a value (-N)")
    widget.locator("[data-field='actions[1].card']").select_option("GRD-900")
    widget.locator("[data-field='actions[1].value']").select_option("DEF")
    widget.locator("[data-field='actions[1].amount']").fill("3")
    widget.locator("[data-field='actions[1].amount']").dispatch_event("change")
    data = scenario_of(page, name)
    assert data["cards"][1] == {  # type: ignore[index]
        "id": "GRD-900",
        "name": "Test Drone",
        "faces": {"Unlabelled": {"type": "Ground Unit", "values": {"DEF": 3, "ATK": 1}}},
    }
    assert data["actions"][1] == {"do": "penalty", "card": "GRD-900", "value": "DEF", "amount": 3}  # type: ignore[index]
    page.wait_for_function(
        "(w) => !document.getElementById(w).dataset.busy && !document.getElementById(w).dataset.stale",
        arg=f"widget-{name}",
        timeout=PYTHON_READY_TIMEOUT,
    )
    assert widget_view(page, name) == python_view(page, data)
    expect(widget.locator(".estro-output .estro-stepper")).to_have_attribute("data-steps", "3")  # start + 1 per action
    # The result steps through: the start, then each action.
    widget.locator(".estro-output .estro-next").click()
    expect(widget.locator(".estro-output .estro-step-label")).to_contain_text("(1/3)")
    widget.locator(".estro-output .estro-next").click()
    expect(widget.locator(".estro-output .estro-step-label")).to_contain_text("(2/3)")
    widget.locator(".estro-output .estro-next").click()
    expect(widget.locator(".estro-output .estro-step-view .estro-step-panel")).to_contain_text("GRD-900")


def test_an_engine_error_is_shown_on_its_row(page: Page, site: Site) -> None:
    page.goto(site.url + "resolution-19/")
    widget = page.locator("#widget-r19-sandbox")
    card = widget.locator(".estro-row[data-path='cards[0]']")
    card.locator(".estro-row-toggle").click()  # a card is a compact row: a tap opens it
    widget.locator("[data-field='cards[0].faces.Prime.values.DEF']").fill("-2")
    widget.locator("[data-field='cards[0].faces.Prime.values.DEF']").dispatch_event("change")
    wait_runs(page, "widget-r19-sandbox", 1)
    data = scenario_of(page, "r19-sandbox")
    try:
        scenarios.run(data)
    except ValueError as err:
        assert str(err).startswith("cards[0].faces.Prime.values.DEF: ")  # the command line's: the path
        message = scenarios.in_words(err, data)
    name = data["cards"][0]["name"]  # type: ignore[index]
    assert message == f"Card 1 ({name}), faces, Prime, printed values: DEF must be a whole number from 0 to 999 (it is -2)"
    expect(widget.locator(".estro-error")).to_have_text(message)
    field = widget.locator(".estro-field[data-path='cards[0].faces.Prime.values.DEF']")
    expect(field.locator(".estro-field-error")).to_have_text(message)
    expect(widget.locator(".estro-row[data-path='cards[0]']")).to_have_class(re.compile(r"\bestro-invalid\b"))


def test_links_carry_the_edited_scenario_compressed(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "#widget-battle-viewer"
    seed = page.locator(f"{widget} [data-field=seed]")
    seed.fill("5")
    seed.dispatch_event("change")
    wait_runs(page, "widget-battle-viewer", 1)
    page.locator(f"{widget} .estro-copy-link").click()
    link = page.locator(f"{widget} .estro-link").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["widget"] == ["battle-viewer"] and "scenario" not in query
    assert len(link) <= 2000, f"the sample matchup's link is {len(link)} characters"
    shared = json.loads(scenario_text(query["z"][0]))  # the browser's deflate-raw reads in Python
    assert shared == scenario_of(page, "battle-viewer") and shared["seed"] == 5
    other = page.context.new_page()
    other.goto(link)
    wait_runs(other, "widget-battle-viewer", 1)
    assert scenario_of(other, "battle-viewer") == shared
    assert widget_view(other, "battle-viewer") == widget_view(page, "battle-viewer")
    # A link made at build time in Python opens the same way.
    data = {**shared, "seed": 9}
    other.goto(share_link(site.url + "battaglia/", "battle-viewer", data))
    wait_runs(other, "widget-battle-viewer", 1)
    assert scenario_of(other, "battle-viewer") == data
    expect(other.locator(f"{widget} [data-field=seed]")).to_have_value("9")
    assert widget_view(other, "battle-viewer") == python_view(other, data)
    other.close()


def test_a_cancelled_estimate_says_how_far_it_got(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = "#widget-win-probability"
    battles = page.locator(f"{widget} [data-field=battles]")
    battles.fill("100000")
    battles.dispatch_event("change")
    page.wait_for_function(
        "(s) => document.querySelector(s).dataset.firstPartialAt", arg=widget, timeout=PYTHON_READY_TIMEOUT
    )
    expect(page.locator(f"{widget} .estro-cancel")).to_be_enabled()
    page.locator(f"{widget} .estro-cancel").focus()
    page.keyboard.press("Enter")
    status = page.locator(f"{widget} .estro-status")
    expect(status).to_contain_text("Cancelled after", timeout=10_000)
    # Cancel is disabled now; the keyboard's place moved to Run instead of dropping to the page.
    expect(page.locator(f"{widget} .estro-cancel")).to_be_disabled()
    expect(page.locator(f"{widget} .estro-run")).to_be_focused()
    n = status.inner_text().split("after ")[1].split()[0]
    verdict = page.locator(f"{widget} .estro-output .estro-verdict")
    expect(verdict).to_contain_text(f"(cancelled after {n} battles)")
    expect(verdict).not_to_contain_text("in progress")
    expect(page.locator(f"{widget} .estro-output")).to_have_attribute("aria-busy", "false")


def test_a_run_widget_given_an_estimate_shows_progress_and_can_cancel(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    widget = page.locator("#widget-battle-viewer")
    data = {**scenario_of(page, "battle-viewer"), "kind": "battaglia.estimate", "battles": 100_000}
    for key in ("dice", "trace"):
        data.pop(key, None)
    open_json_view(widget)
    widget.locator(".estro-scenario").fill(json.dumps(data))
    expect(widget.locator(".estro-progress")).to_be_visible(timeout=PYTHON_READY_TIMEOUT)
    expect(widget.locator(".estro-cancel")).to_be_enabled()
    widget.locator(".estro-cancel").click()
    expect(widget.locator(".estro-status")).to_contain_text("Cancelled after", timeout=10_000)


def press_until(page: Page, select: Locator, value: str) -> None:
    """Press the down arrow on the focused select until it shows ``value`` (a reader choosing by keyboard)."""
    for key in ("ArrowDown", "ArrowUp"):
        for _ in range(40):
            if select.input_value() == value:
                return
            before = select.input_value()
            page.keyboard.press(key)
            if select.input_value() == before:
                break  # the end of the list: the other way
    raise AssertionError(f"the arrow keys never reached {value!r} (at {select.input_value()!r})")


def test_the_editors_work_with_the_keyboard_alone(page: Page, site: Site) -> None:
    page.goto(site.url + "resolution-19/")
    name = "r19-sandbox"
    widget = page.locator(f"#widget-{name}")
    widget.locator("fieldset[data-path=players] > .estro-list-bar .estro-add").focus()  # where a reader's Tab would reach
    page.keyboard.press("Enter")
    expect(page.locator(":focus")).to_have_attribute("data-field", "players[2]")
    page.keyboard.type("Cy")
    page.keyboard.press("Tab")  # the new row's "Move up"
    expect(page.locator(":focus")).to_have_attribute("aria-label", "Move player 3 up")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), "the focus is visible"
    page.keyboard.press("Enter")
    assert scenario_of(page, name)["players"] == ["Ana", "Cy", "Ben"]
    expect(page.locator(":focus")).to_have_attribute("aria-label", "Move player 2 up")
    # The active player: a select fed from the players, chosen with the arrow keys.
    active = widget.locator("[data-field=active]")
    active.focus()
    options = active.locator("option").all_inner_texts()
    assert "Cy" in options
    press_until(page, active, "Cy")
    assert scenario_of(page, name)["active"] == "Cy"
    # An action chosen and its parameters set from the keyboard, then run.
    widget.locator("fieldset[data-path=actions] > .estro-list-bar .estro-add").focus()
    page.keyboard.press("Enter")
    expect(page.locator(":focus")).to_have_attribute("data-field", "actions[1].do")
    press_until(page, widget.locator("[data-field='actions[1].do']"), "destroy")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_attribute("data-field", "actions[1].card")
    press_until(page, widget.locator("[data-field='actions[1].card']"), "LOC-017")
    page.wait_for_function(
        "(w) => !document.getElementById(w).dataset.busy && !document.getElementById(w).dataset.stale",
        arg=f"widget-{name}",
        timeout=PYTHON_READY_TIMEOUT,
    )
    data = scenario_of(page, name)
    assert data["actions"][1] == {"do": "destroy", "card": "LOC-017"}  # type: ignore[index]
    assert widget_view(page, name) == python_view(page, data)


def test_editor_at_390_px_in_dark_mode(browser: Browser, site: Site) -> None:
    traffic = Traffic()
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True)
    guard(context, traffic)
    page = context.new_page()
    for path in ("protocol-07/", "resolution-19/"):
        page.goto(site.url + path)
        expect(page.locator(".estro-form").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path}: the page scrolls sideways ({width} px)"
        # A group's "Run" stop is a skip link, out of sight until the keyboard reaches it (then 24 px and more).
        small = page.eval_on_selector_all(
            ".estro-editor :is(button:not(.estro-run-here), select, input:not([type=checkbox]))",
            "es => es.filter(e => e.offsetParent).map(e => [e.dataset.field || e.textContent, e.getBoundingClientRect()])"
            ".filter(([_, r]) => r.height < 24 || r.width < 24)",
        )
        assert small == [], f"{path}: controls smaller than 24 px: {small[:5]}"
        stop = page.locator(".estro-editor .estro-run-here").first
        stop.focus()
        box = stop.bounding_box()
        assert box is not None and box["height"] >= 24 and box["width"] >= 24, box
        boxes = page.eval_on_selector_all(
            ".estro-editor .estro-check",
            "es => es.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height).filter(h => h < 24)",
        )
        assert boxes == [], f"{path}: checkbox labels under 24 px"
    background = page.eval_on_selector(".estro-editor select", "e => getComputedStyle(e).backgroundColor")
    channels = [int(c) for c in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert max(channels) < 100, f"a dark control background in dark mode, got {background}"
    context.close()
    assert traffic.outside == []


def test_battaglia_two_against_two_built_from_empty_with_the_controls(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    name = "battle-viewer"
    widget = page.locator(f"#widget-{name}")
    for side in ("left", "right"):
        rows = widget.locator(f"fieldset[data-path='{side}.cryptids'] > .estro-rows > .estro-row")
        expect(rows).to_have_count(5)
        while rows.count():
            rows.first.get_by_role("button", name="Remove cryptid 1").click()
    assert scenario_of(page, name)["left"]["cryptids"] == []  # type: ignore[index]
    team = {"left": [("Nessie", 3, 5), ("Yeti", 2, 4)], "right": [("Kappa", 4, 3), ("Bunyip", 1, 6)]}
    for side, cryptids in team.items():
        add = widget.locator(f"fieldset[data-path='{side}.cryptids'] > .estro-list-bar").get_by_role("button", name="Add cryptid")
        for i, (cryptid, threat, health) in enumerate(cryptids):
            add.click()
            expect(page.locator(":focus")).to_have_attribute("data-field", f"{side}.cryptids[{i}].name")
            page.keyboard.type(cryptid)  # the suggested name is selected: typing replaces it
            row = widget.locator(f".estro-row[data-path='{side}.cryptids[{i}]']")
            row.locator(f"[data-field='{side}.cryptids[{i}].threat']").fill(str(threat))
            row.locator(f"[data-field='{side}.cryptids[{i}].health']").fill(str(health))
    # Nessie: deals 2 to every enemy on a total of 7; Bunyip heals itself on doubles.
    nessie = widget.locator(".estro-row[data-path='left.cryptids[0]']")
    nessie.get_by_role("button", name="Add ability").click()
    ability = "left.cryptids[0].abilities[0]"
    widget.locator(f"[data-field='{ability}.when']").select_option("total")
    widget.locator(f"[data-field='{ability}.when.total']").fill("7")
    widget.locator(f"[data-field='{ability}.effect']").select_option("damage")
    widget.locator(f"[data-field='{ability}.effect.damage']").fill("2")
    widget.locator(f"[data-field='{ability}.target']").select_option("all_enemies")
    bunyip = widget.locator(".estro-row[data-path='right.cryptids[1]']")
    bunyip.get_by_role("button", name="Add ability").click()
    ability = "right.cryptids[1].abilities[0]"
    widget.locator(f"[data-field='{ability}.when']").select_option("doubles")
    widget.locator(f"[data-field='{ability}.effect']").select_option("heal")
    widget.locator(f"[data-field='{ability}.effect.heal']").fill("3")
    # Order decides ties: Kappa moves to the right of Bunyip.
    widget.get_by_role("button", name="Move cryptid 1 right").last.click()
    widget.locator("[data-field=seed]").fill("4")
    widget.locator("[data-field=seed]").dispatch_event("change")
    data = scenario_of(page, name)
    left, right = data["left"]["cryptids"], data["right"]["cryptids"]  # type: ignore[index]
    assert [(c["name"], c["threat"], c["health"]) for c in left] == team["left"]
    assert [c["name"] for c in right] == ["Bunyip", "Kappa"]
    assert left[0]["abilities"] == [{"when": {"total": 7}, "effect": {"damage": 2}, "target": "all_enemies"}]
    assert right[0]["abilities"] == [{"when": {"doubles": True}, "effect": {"heal": 3}}]
    wait_settled(page, f"widget-{name}")
    assert widget_view(page, name) == python_view(page, data), "the result is the engine's for the same JSON"
    expect(widget.locator(".estro-error")).to_be_hidden()


def test_battaglia_problems_show_on_their_row_and_samples_fill_a_side(page: Page, site: Site) -> None:
    page.goto(site.url + "battaglia/")
    name = "battle-viewer"
    widget = page.locator(f"#widget-{name}")
    row = widget.locator(".estro-row[data-path='left.cryptids[3]']")
    row.locator(":scope > .estro-row-head > .estro-row-toggle").click()  # a cryptid is a compact row: a tap opens it
    widget.locator(".estro-row[data-path='left.cryptids[3].abilities[0]'] .estro-row-toggle").click()  # and an ability
    total = widget.locator("[data-field='left.cryptids[3].abilities[0].when.total']")
    total.fill("13")
    total.dispatch_event("change")
    wait_settled(page, f"widget-{name}")
    data = scenario_of(page, name)
    try:
        scenarios.run(data)
    except ValueError as err:
        assert str(err).startswith("left.cryptids[3].abilities[0].when.total: ")  # the command line's: the path
        message = scenarios.in_words(err, data)
    cryptid = data["left"]["cryptids"][3]  # type: ignore[index]
    assert message == (
        f"Left team, cryptid 4 ({cryptid['name']}), ability 1 ({cryptid['abilities'][0]['name']}), when it activates: "
        "“The dice total is” must be a whole number from 2 to 12 (it is 13)"
    )
    expect(widget.locator(".estro-error")).to_have_text(message)
    expect(widget.locator(".estro-field[data-path='left.cryptids[3].abilities[0].when.total'] .estro-field-error")).to_have_text(message)
    expect(total).to_have_attribute("aria-invalid", "true")
    expect(widget.locator(".estro-row[data-path='left.cryptids[3]']")).to_have_class(re.compile(r"\bestro-invalid\b"))
    # A sample team for the left side, from the roster's sample teams.
    widget.get_by_label("Use a sample team for Left team").select_option(label="Lago Profondo (sample)")
    assert scenario_of(page, name)["left"] == REFERENCE_MATCHUP["right"]
    wait_settled(page, f"widget-{name}")
    expect(widget.locator(".estro-error")).to_be_hidden()
    # A roster cryptid added to a side.
    widget.locator("fieldset[data-path='right.cryptids']").get_by_label("Add a sample cryptid").select_option(label="Yeti")
    assert scenario_of(page, name)["right"]["cryptids"][-1]["name"] == "Yeti"  # type: ignore[index]
