"""Clicks faster than the page redraws lose nothing: a teacher's double click keeps the history.

A click reaches the server with the address the browser showed when it was made, which can be
older than the table the last click left; these tests fire bursts of clicks (double clicks, clicks
20 ms apart) at Redo, Roll and Keep and check that the table, its undo and redo history and the
language all survive.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from pickomino.game import Table
from pickomino.i18n import t
from tests import classroom
from tests.browser import (
    BURST_QUIET_MS,
    answered,
    needs_chromium,
    open_language_list,
    open_page,
)
from tests.classroom import walkthrough

pytestmark = needs_chromium


def middle(target: Locator) -> tuple[float, float]:
    """Where a person clicks `target`: the middle of its box."""
    box = target.bounding_box()
    assert box is not None, "the button to click is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def now_at(target: Locator) -> tuple[float, float] | None:
    """The middle of `target` at this instant, or None if it is not drawn.

    Unlike Playwright's own `bounding_box` it does not wait, so a burst keeps its pace."""
    found = target.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return r.width ? [r.x + r.width / 2, r.y + r.height / 2] : null; })"
    )
    return (found[0][0], found[0][1]) if found and found[0] else None


def burst(page: Page, target: Locator | tuple[float, float], clicks: int, gap_ms: int) -> None:
    """Click `target` `clicks` times, `gap_ms` apart, without waiting for the app in between; then
    wait until the app has answered them (a later click's run may start as the first one ends:
    `BURST_QUIET_MS` gives it time to start).

    A button is aimed at where it is at each click, as a person would: a page redrawn in another
    language moves it (Roll sits 24 px lower in French), and a click aimed at its old place landed
    beside it, a miss that read as a lost click. Once a click has made it go (Roll gives way to the
    values to keep), the next click lands where it was, on whatever is there now."""
    point = target if isinstance(target, tuple) else middle(target)
    with answered(page, BURST_QUIET_MS):
        for click in range(clicks):
            if click:
                page.wait_for_timeout(gap_ms)
                if not isinstance(target, tuple):
                    point = now_at(target) or point
            page.mouse.click(*point)


def shown_table(page: Page) -> Table:
    """The table a reload of the page's address opens (the stored history's, once stored)."""
    found = classroom.shown_table(page)
    assert found is not None, f"the address opens no table of its own: {page.url}"
    return found


def step(page: Page, target: Locator) -> None:
    """One unhurried click that changes the table: wait until the stored history shows it."""
    before = classroom.stored_sandbox(page)
    with answered(page):
        target.click()
    assert classroom.stored_sandbox(page) != before, "the click did not change the table"


def button(page: Page, key: str, lang: str = "en") -> Locator:
    return page.get_by_role("button", name=t(key, lang), exact=True)


def test_redo_clicked_in_quick_bursts_keeps_the_prepared_example(
    server: str, browser: Browser
) -> None:
    tables = walkthrough()
    page = open_page(browser, f"{server}/sandbox?lang=en&scenario=turn-walkthrough", 1280, 1000)
    reached = 0
    for clicks, gap in ((2, 0), (3, 20), (2, 20)):
        burst(page, button(page, "sandbox.redo"), clicks, gap)
        shown = shown_table(page)
        assert shown in tables, "the table shown is not one of the example's"
        position = tables.index(shown)
        # Forward, never further than the clicks: the history survives. Clicks that reach the
        # server before the run of the first one starts count once (Streamlit merges them), so a
        # burst may move fewer steps than it has clicks; the unhurried clicks below finish.
        assert reached < position <= reached + clicks, (reached, position, clicks)
        reached = position
        expect(button(page, "sandbox.undo")).to_be_enabled()
    while reached < len(tables) - 1:  # the rest of the example is still there to redo
        step(page, button(page, "sandbox.redo"))
        reached += 1
    assert shown_table(page) == tables[-1]
    expect(button(page, "sandbox.redo")).to_be_disabled()
    for _ in range(len(tables) - 1):  # and every step back to the start
        step(page, button(page, "sandbox.undo"))
    assert shown_table(page) == tables[0]


def test_roll_and_keep_clicked_twice_quickly_keep_the_history_and_the_language(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/sandbox?lang=en", 1280, 1000)
    assert classroom.shown_table(page) is None, "nothing is stored before the first click"
    start = Table.new(2)  # what a reload of that address opens: a fresh table
    open_language_list(page)
    page.get_by_role("option", name=t("frame.native_name", "fr")).click()
    # at once, with the address still in English; found by its key, whatever its language
    burst(page, page.locator(".st-key-sandbox_roll button"), 2, 20)
    expect(page.locator("h1").first).to_have_text(t("page.sandbox.title", "fr"))
    expect(button(page, "sandbox.undo", "fr")).to_be_enabled()
    # a value this roll offers (the second click may have kept one already, landing on its button)
    keep = page.get_by_role("button", name=re.compile("^Mettre de côté"), disabled=False)
    if keep.count():
        burst(page, keep.first, 2, 0)
    burst(page, button(page, "sandbox.undo", "fr"), 2, 20)
    expect(page.locator("h1").first).to_have_text(t("page.sandbox.title", "fr"))
    assert parse_qs(urlsplit(page.url).query)["lang"] == ["fr"]
    while button(page, "sandbox.undo", "fr").is_enabled():
        step(page, button(page, "sandbox.undo", "fr"))
    assert shown_table(page) == start
    expect(button(page, "sandbox.redo", "fr")).to_be_enabled()
