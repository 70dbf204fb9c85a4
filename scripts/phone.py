"""The phone profile: a page opened as a player on a phone opens it, and what that player waits for.

The browser tests (``tests/browser/test_phone.py``) and the benchmark (``scripts/bench_site.py``)
measure with these same functions, so a figure in the benchmark is the figure the tests check.

The profile: a 390 × 844 px screen at 3 device pixels per CSS pixel, touch, a mobile viewport,
and the CPU slowed down 4 × through the DevTools protocol (``Emulation.setCPUThrottlingRate``),
as Chromium's DevTools do it.

What is measured on one visit (:func:`visit`), in the page's own clock (ms since navigation):

- ``first_paint_ms``: the browser's first paint;
- ``tap_answer_ms``: a tap on the menu button, sent as soon as the browser reports its first
  paint (through the protocol's lifecycle events, outside the page, so a busy page cannot delay
  the sending), to the frame after the page opened the menu, counted from the first paint. This
  is what a player who taps the moment the page looks ready waits for. The tap goes in through
  ``Input.dispatchTouchEvent`` at the button's place, not through Playwright's ``tap``, which
  waits inside the page until the page is free and would hide exactly this wait;
- ``tap_sent_ms``: when the tap was sent, counted from the first paint (how late the measurement
  itself was: never in the player's favour, since a later tap finds the page further along);
- ``worst_tap_ms``: the longest any tap waited, from being sent to the frame after the page handled it,
  over taps every 0.5 s from the first paint until the page has loaded (a player may tap at any
  moment); ``lost_taps``: taps the page never handled (none, on every page measured so far);
- ``elements``: ``document.querySelectorAll('*').length`` once the page has loaded and its
  scripts have built what they build (editors included);
- ``html_bytes``: the page's HTML as the build wrote it (before compression);
- ``landed_ms``: for a URL with ``#ID``, when that element's text first stood in the top third of the
  screen, clear of the sticky header (and stayed there).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

VIEWPORT = {"width": 390, "height": 844}
SCALE = 3
CPU_SLOWDOWN = 4
MENU_BUTTON = 'label.md-header__button[for="__drawer"]'

#: Runs before the page's own scripts: notes when the menu opened (and the frame after it), and when
#: the element the URL's fragment names first stood in the top third of the screen.
WATCH = """
(() => {
  const phone = (window.__phone = {answers: [], touches: [], landed: null});
  addEventListener("change", (event) => {
    if (!event.target || event.target.id !== "__drawer") return;
    const handled = performance.now();
    requestAnimationFrame(() => setTimeout(() => phone.answers.push({handled, painted: performance.now()})));
  }, true);
  // Every tap ends in one of these: when the page handled it, and the frame after.
  for (const type of ["pointerup", "pointercancel"]) {
    addEventListener(type, (event) => {
      if (event.pointerType !== "touch") return;
      const handled = performance.now();
      requestAnimationFrame(() => setTimeout(() => phone.touches.push({type, handled, painted: performance.now()})));
    }, true);
  }
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const look = () => {
    const target = document.getElementById(id);
    const header = document.querySelector(".md-header");
    if (target) {
      // Its text, below the border and padding of its box, stands clear of the header.
      const top = target.getBoundingClientRect().top + parseFloat(getComputedStyle(target).paddingTop || "0");
      const below = header ? header.getBoundingClientRect().bottom : 0;
      if (top >= below - 1 && top <= innerHeight / 3 && phone.landed === null) phone.landed = performance.now();
      else if (top < below - 1 || top > innerHeight / 3) phone.landed = null;  // moved away again
    }
    if (!phone.settled) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


@dataclass
class Visit:
    """What a player on a phone waited for on one page (ms in the page's clock, see the module)."""

    url: str
    first_paint_ms: float
    tap_answer_ms: float | None
    """``None``: the tap on the menu never opened it (the page handled the touch, but no click came of it)."""
    tap_sent_ms: float
    worst_tap_ms: float
    taps: int
    lost_taps: int
    elements: int
    html_bytes: int
    loaded_ms: float
    landed_ms: float | None = None


def new_context(browser: Any, **options: Any) -> Any:
    """A browser context with the phone's screen and touch (the CPU is slowed per page: :func:`slow_down`)."""
    return browser.new_context(
        viewport=VIEWPORT, device_scale_factor=SCALE, is_mobile=True, has_touch=True, **options
    )


def slow_down(page: Any, rate: float = CPU_SLOWDOWN) -> Any:
    """Slow the page's CPU ``rate`` times (DevTools protocol); returns the protocol session."""
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return session


def menu_point(page: Any) -> tuple[float, float]:
    """The centre of the header's menu button on a loaded page (the same place on every page)."""
    box = page.locator(MENU_BUTTON).bounding_box()
    assert box is not None, "the menu button is on the page at phone width"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


#: Where the later taps go: the header's title, which does nothing (and, while the menu is open, the shade
#: over the page right of it, which closes the menu). Never a link (the menu's own title holds one, left
#: of 242 px), nor the scheme's toggle (right of 280 px): a tap must not leave the page or change it.
CLOSE_POINT = (260, 24)


def _tap(session: Any, point: tuple[float, float]) -> float:
    """A finger on ``point`` and off again; returns the wall-clock time (ms) it was sent."""
    sent = time.time() * 1000
    x, y = point
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    return sent


def visit(page: Any, url: str, point: tuple[float, float], *, every_ms: int = 500, timeout_s: float = 180) -> Visit:
    """Open ``url`` on a phone page (from :func:`new_context`, with :data:`WATCH` as an init script), tap
    the menu at the first paint, then tap the header's title every ``every_ms`` (the first of these taps
    closes the menu) until the page has loaded and the network is quiet, and measure (see the module).

    ``worst_tap_ms`` is the longest any of those taps waited from being sent to the frame after its
    answer: a player may tap at any moment, not only at the first paint."""
    session = slow_down(page)
    session.send("Page.enable")
    session.send("Page.setLifecycleEventsEnabled", {"enabled": True})
    main = session.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
    events: list[dict[str, Any]] = []
    session.on("Page.lifecycleEvent", lambda e: events.append(e) if e.get("frameId") == main else None)

    def seen(name: str) -> bool:
        loaders = [e["loaderId"] for e in events if e["name"] == "init"]
        return bool(loaders) and any(e["name"] == name and e["loaderId"] == loaders[-1] for e in events)

    page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    deadline = time.monotonic() + timeout_s
    while not seen("firstPaint"):
        assert time.monotonic() < deadline, f"{url}: no first paint in {timeout_s} s"
        page.wait_for_timeout(2)
    sent = [_tap(session, point)]
    while not (seen("load") and seen("networkIdle")) or len(sent) < 3:
        assert time.monotonic() < deadline, f"{url}: not loaded in {timeout_s} s"
        page.wait_for_timeout(every_ms)
        sent.append(_tap(session, CLOSE_POINT))
    try:  # every tap ends in a pointerup or a pointercancel; a tap the browser never delivered is counted as lost
        page.wait_for_function("(n) => window.__phone.touches.length >= n", arg=len(sent), timeout=15_000)
    except Exception:  # noqa: BLE001 (Playwright's TimeoutError): counted below
        pass
    assert page.url.split("#")[0] == url.split("#")[0], f"{url}: a tap left the page (now at {page.url})"
    data = page.evaluate(
        """() => {
          const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-paint");
          const nav = performance.getEntriesByType("navigation")[0];
          window.__phone.settled = true;
          return {
            firstPaint: paint ? paint.startTime : null,
            origin: performance.timeOrigin,
            answers: window.__phone.answers,
            touches: window.__phone.touches,
            landed: window.__phone.landed,
            elements: document.querySelectorAll("*").length,
            bytes: nav ? nav.decodedBodySize : 0,
            loaded: nav ? nav.loadEventEnd : 0,
          };
        }"""
    )
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    session.detach()
    first = float(data["firstPaint"])
    origin = float(data["origin"])
    answers, touches = data["answers"], data["touches"]
    # Each answer goes to the earliest tap sent before it was handled that has none yet.
    pending = [s - origin for s in sent]
    waits = []
    for touch in touches:
        earlier = [t for t in pending if t <= float(touch["handled"])]
        if earlier:
            pending.remove(earlier[0])
            waits.append(float(touch["painted"]) - earlier[0])
    landed = data["landed"]
    return Visit(
        url=url,
        first_paint_ms=round(first, 1),
        tap_answer_ms=round(float(answers[0]["painted"]) - first, 1) if answers else None,
        tap_sent_ms=round(sent[0] - origin - first, 1),
        worst_tap_ms=round(max(waits), 1),
        taps=len(sent),
        lost_taps=len(pending),
        elements=int(data["elements"]),
        html_bytes=int(data["bytes"]),
        loaded_ms=round(float(data["loaded"]), 1),
        landed_ms=None if landed is None else round(float(landed), 1),
    )


#: The rows a reader opens to reach every kind of control of an editor, as chains of row paths: none (the
#: editor as it loads), the first row of each list, and the first row of each list inside those.
STAGES = """(widget) => {
  const editor = document.querySelector(`#${widget} .estro-editor`);
  const firsts = (scope) => [...scope.querySelectorAll('.estro-compact-rows')]
    .filter((list) => list.closest('.estro-row-body') === scope.closest('.estro-row-body'))
    .map((list) => list.querySelector(':scope > .estro-rows > .estro-row-collapsible'))
    .filter(Boolean);
  const chains = [[]];
  for (const row of firsts(editor)) {
    chains.push([row.dataset.path]);
    row.estroOpen(true);
    const body = row.querySelector(':scope > .estro-row-body');
    for (const inner of firsts(body.firstElementChild || body)) chains.push([row.dataset.path, inner.dataset.path]);
    row.estroOpen(false);
  }
  return chains;
}"""

#: Opens the rows of one chain (and closes every other), and names each control a Tab press can reach in
#: that open row, or outside every row for the empty chain (data-reach="N"); returns how many.
MARK_CONTROLS = """([widget, chain]) => {
  const editor = document.querySelector(`#${widget} .estro-editor`);
  for (const e of editor.querySelectorAll('[data-reach]')) delete e.dataset.reach;
  for (const row of [...editor.querySelectorAll('.estro-row-collapsible.estro-open')].reverse()) row.estroOpen(false);
  let body = null;
  for (const path of chain) {
    const row = editor.querySelector(`.estro-row-collapsible[data-path="${CSS.escape(path)}"]`);
    row.estroOpen(true);
    body = row.querySelector(':scope > .estro-row-body');
  }
  const controls = [...editor.querySelectorAll('input, select, textarea, button')].filter(
    (e) => !e.disabled && e.tabIndex >= 0 && e.offsetParent !== null && !e.closest('.estro-result-line')
      && !e.matches('.estro-run-here')
      && e.closest('.estro-row-body') === body);
  controls.forEach((e, i) => (e.dataset.reach = String(i)));
  return controls.length;
}"""

#: Where a control and the widget's verdict line are: their distance in px (0 when they overlap).
DISTANCE = """(widget) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const field = document.activeElement.getBoundingClientRect();
  const line = document.querySelector(`#${widget} .estro-result-line`).getBoundingClientRect();
  resolve(Math.max(0, line.top - field.bottom, field.top - line.bottom));
})))"""


@dataclass
class Reach:
    """How far Run and the verdict are from each control of an editor (see :func:`reach`)."""

    controls: int
    """How many controls were measured."""
    max_tabs: int
    """The most Tab presses from a control to a Run button of the widget (``limit + 1``: never reached)."""
    max_distance_px: float
    """The farthest the verdict line was from the focused control, in CSS px."""
    worst: str
    """The control with the most presses (its ``data-field`` or text)."""


def reach(page: Any, widget: str, *, limit: int = 40) -> Reach:
    """For every control of the widget's editor, the Tab presses from it to a Run of the widget (its group's
    Run stop, the result line's or the actions'), and the distance from it to the verdict line once it has the focus: the
    controls of the editor as it loads, then those of the first row of each list opened (as a reader opens
    it to reach them), and of the first row of each list inside that one. Real key presses, in the page as
    it is (use the phone profile)."""
    most, farthest, worst, total = 0, 0.0, "", 0
    for chain in page.evaluate(STAGES, widget):
        count = int(page.evaluate(MARK_CONTROLS, [widget, chain]))
        total += count
        presses, far, which = _reach_marked(page, widget, count, limit)
        farthest = max(farthest, far)
        if presses > most:
            most, worst = presses, which
    return Reach(total, most, round(farthest, 1), worst)


def _reach_marked(page: Any, widget: str, count: int, limit: int) -> tuple[int, float, str]:
    """The most Tab presses to Run and the farthest verdict line from the controls named ``data-reach``."""
    most, farthest, worst = 0, 0.0, ""
    for i in range(count):
        control = page.locator(f"#{widget} [data-reach='{i}']")
        if not control.count() or not control.is_visible():
            continue  # gone: a control that another one's edit replaced
        control.focus()
        farthest = max(farthest, float(page.evaluate(DISTANCE, widget)))
        presses = 0
        while presses <= limit:
            presses += 1
            page.keyboard.press("Tab")
            at = page.evaluate(
                "(w) => { const a = document.activeElement;"
                " return !a || !a.closest(`#${w}`) ? 'out' : a.matches('.estro-run, .estro-line-run, .estro-run-here') ? 'run' : ''; }",
                widget,
            )
            if at:
                break
        if at != "run":
            presses = limit + 1
        if presses > most:
            most = presses
            worst = str(control.get_attribute("data-field") or control.get_attribute("aria-label") or control.inner_text())
    return most, farthest, worst
