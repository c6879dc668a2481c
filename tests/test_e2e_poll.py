"""The page's poll of a pulse (`pulse.POLL`) in Chromium, against a pulse the test answers itself.

No server: the page and its pulse are answered by the browser's own routing, so each step of the
poll is the test's to time. What is checked is what no server-side test can see: when the poll
clicks its part's hidden button, in particular not after a person's tap until the tap's run has
reached the page (a click then made Streamlit drop what the tap's run had still to send).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Route, expect

from pickomino.ui import pulse

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SITE = "http://pk.test"
PAGE = """<!doctype html><html><body>
<div data-testid="stApp">
  <div class="st-key-{moved}"><button onclick="window.clicks += 1">moved</button></div>
  <button data-testid="stBaseButton-secondary">an option</button>
  <span hidden data-pk-ran="view-1"></span>
  {poll}
</div>
<script>window.clicks = 0;</script>
</body></html>"""
"""A page as Streamlit draws a phone: the watcher's hidden button, an option to tap, the end mark
of the part the tap reruns, and the poll (each run's mark of the poll itself left as drawn)."""


def polled(browser: Browser, pulse_now: list[int]) -> Page:
    """A page polling room `ROOM`'s pulse every 0.1 s, answered at once with `pulse_now[0]`,
    once the poll has clicked for its first answer (a change since the page's run)."""
    page = browser.new_page()
    poll = pulse.poll("ROOM", 0.1, None, hold=False)

    def answer(route: Route) -> None:
        if route.request.url.startswith(f"{SITE}/pulse/ROOM"):
            route.fulfill(
                json={"pulse": pulse_now[0], "now": 0}, headers={"Cache-Control": "no-store"}
            )
        else:
            route.fulfill(
                body=PAGE.format(moved=pulse.MOVED_KEY, poll=poll), content_type="text/html"
            )

    page.route(f"{SITE}/**", answer)
    page.goto(f"{SITE}/room")
    page.wait_for_function("window.clicks === 1")
    return page


def clicks(page: Page) -> int:
    return int(page.evaluate("window.clicks"))


def test_the_poll_clicks_once_the_pulse_moved_and_not_again_until_it_moves(
    browser: Browser,
) -> None:
    now = [1]
    page = polled(browser, now)
    page.wait_for_timeout(500)
    assert clicks(page) == 1
    now[0] = 2
    page.wait_for_function("window.clicks === 2", timeout=2000)


def test_after_a_tap_the_poll_clicks_only_once_the_taps_run_has_drawn_its_end_mark(
    browser: Browser,
) -> None:
    now = [1]
    page = polled(browser, now)
    page.get_by_role("button", name="an option").click()  # a person's tap: its run is on its way
    now[0] = 2  # the tap's own write, or another pupil's, answered before the run arrived
    page.wait_for_timeout(800)  # eight looks of the poll
    assert clicks(page) == 1
    page.evaluate("document.querySelector('[data-pk-ran]').dataset.pkRan = 'view-2'")
    page.wait_for_function("window.clicks === 2", timeout=1000)


def test_the_polls_own_click_waits_for_nothing_and_a_tap_whose_run_draws_no_mark_waits_its_limit(
    browser: Browser,
) -> None:
    now = [1]
    page = polled(browser, now)
    now[0] = 2  # no tap since: at once, though the poll's own click drew no mark either
    page.wait_for_function("window.clicks === 2", timeout=1000)
    page.get_by_role("button", name="an option").click()
    now[0] = 3
    page.wait_for_timeout(pulse.TAP_MS // 2)
    assert clicks(page) == 2
    expect(page.locator("[data-pk-ran]").first).to_have_attribute("data-pk-ran", "view-1")
    page.wait_for_function("window.clicks === 3", timeout=pulse.TAP_MS)
