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
- ``elements``: ``document.querySelectorAll('*').length`` once the page has loaded and its
  scripts have built what they build (editors included);
- ``html_bytes``: the page's HTML as the build wrote it (before compression);
- ``landed_ms``: for a URL with ``#ID``, when that element first stood in the top third of the
  screen, below the sticky header.
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
  const phone = (window.__phone = {answers: [], landed: null});
  addEventListener("change", (event) => {
    if (!event.target || event.target.id !== "__drawer") return;
    const handled = performance.now();
    requestAnimationFrame(() => setTimeout(() => phone.answers.push({handled, painted: performance.now()})));
  }, true);
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const look = () => {
    const target = document.getElementById(id);
    const header = document.querySelector(".md-header");
    if (target) {
      const top = target.getBoundingClientRect().top;
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
    tap_answer_ms: float
    tap_sent_ms: float
    worst_tap_ms: float
    taps: int
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


#: Where a tap closes the open menu: the shade over the page, right of the drawer.
CLOSE_POINT = (VIEWPORT["width"] - 20, VIEWPORT["height"] // 2)


def _tap(session: Any, point: tuple[float, float]) -> float:
    """A finger on ``point`` and off again; returns the wall-clock time (ms) it was sent."""
    sent = time.time() * 1000
    x, y = point
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    return sent


def visit(page: Any, url: str, point: tuple[float, float], *, every_ms: int = 500, timeout_s: float = 180) -> Visit:
    """Open ``url`` on a phone page (from :func:`new_context`, with :data:`WATCH` as an init script), tap
    the menu at the first paint, then tap every ``every_ms`` (closing and opening the menu) until the
    page has loaded and the network is quiet, and measure (see the module).

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
        sent.append(_tap(session, CLOSE_POINT if len(sent) % 2 else point))
    if len(sent) % 2:  # leave the menu closed
        sent.append(_tap(session, CLOSE_POINT))
    page.wait_for_function("(n) => window.__phone.answers.length >= n", arg=len(sent), timeout=timeout_s * 1000)
    data = page.evaluate(
        """() => {
          const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-paint");
          const nav = performance.getEntriesByType("navigation")[0];
          window.__phone.settled = true;
          return {
            firstPaint: paint ? paint.startTime : null,
            origin: performance.timeOrigin,
            answers: window.__phone.answers,
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
    answers = data["answers"]
    waits = [float(a["painted"]) - (s - origin) for a, s in zip(answers, sent, strict=False)]
    landed = data["landed"]
    return Visit(
        url=url,
        first_paint_ms=round(first, 1),
        tap_answer_ms=round(float(answers[0]["painted"]) - first, 1),
        tap_sent_ms=round(sent[0] - origin - first, 1),
        worst_tap_ms=round(max(waits), 1),
        taps=len(sent),
        elements=int(data["elements"]),
        html_bytes=int(data["bytes"]),
        loaded_ms=round(float(data["loaded"]), 1),
        landed_ms=None if landed is None else round(float(landed), 1),
    )
