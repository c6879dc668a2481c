"""A class in one Chromium: many sessions open the same link at once and click at once.

Each session is its own page, with its own websocket, so its own Streamlit session (the server
tells sessions by their websocket alone). By default each page has a browser context of its own
too, its own cookies and cache, as each pupil's laptop would: a class's first load, as the
benchmark measures it. Given one context, the pages share it and its cache, as the guard does:
eight cold loads of Streamlit's scripts made most of its time, and say nothing of the server's
sessions. The pages are opened, and their buttons clicked, one
right after the other without waiting in between; only then does the caller wait for each page
to settle, so the server has every session's run to answer at the same time.

Shared by `tests/test_e2e_class.py` (a small guard) and `benchmarks/class_load.py` (a class of 30).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from pickomino.game import Table
from pickomino.sandbox import Sandbox
from pickomino.share import decode_table, read_scenario
from pickomino.store import DEFAULT_PATH, open_store
from pickomino.ui.storage import URL_SETTING
from tests.browser import CRASHED, PROBE, ROOT, RUN_NUMBER, WAIT_MS, ready

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

CLICKED = "document.addEventListener('click', e => { window.__clickedAt = e.timeStamp; }, true);"
"""Installed in every page beside `tests.browser.PROBE`: the time of the last click, on the same
clock as the time of the page's last change."""


@dataclass
class Pupil:
    """One session of the class: its browser context and its page."""

    context: BrowserContext
    page: Page
    own_context: bool = True

    def leave(self) -> None:
        """Close the page, and its context when it is the pupil's own."""
        if self.own_context:
            self.context.close()
        else:
            self.page.close()


def walkthrough(name: str = "turn-walkthrough") -> list[Table]:
    """Every table of a scenario, from its start to its last move (what Redo steps through)."""
    scenario = read_scenario(name)
    box = Sandbox.start(scenario.table)
    tables = [box.table]
    for move in scenario.moves:
        box = box.play(move)
        tables.append(box.table)
    return tables


def stored_sandbox(page: Page) -> Sandbox | None:
    """The sandbox the page's address finds in the store (`?box=`), None before its first change."""
    return _stored(urlsplit(page.url).query)


def _stored(query: str) -> Sandbox | None:
    """The sandbox an address's `query` finds in the store (`box=`).

    Read from the store the server writes to (`PICKOMINO_STORE_URL`, which the tests set and the
    server inherits; else the default SQLite file under the checkout, where `streamlit_server`
    runs it, as for a benchmark).
    """
    found = parse_qs(query).get("box")
    if not found:
        return None
    url = os.environ.get(URL_SETTING) or f"sqlite:///{ROOT / DEFAULT_PATH}"
    with open_store(url) as store:
        return Sandbox.from_data(store.read("sandbox", found[0]).data)


def shown_table(page: Page) -> Table | None:
    """The table a reload of the page's address opens (`address_table`)."""
    return address_table(urlsplit(page.url).query)


def address_table(query: str) -> Table | None:
    """The table a reload of an address with `query` opens: the stored history's, else its
    link's; None when the address holds neither (a reload opens a fresh table).

    `benchmarks/ws_load.py` reads its websocket sessions' addresses with it too.
    """
    stored = _stored(query)
    if stored is not None:
        return stored.table
    found = parse_qs(query)
    if "table" in found:
        return decode_table(found["table"][0])
    return read_scenario(found["scenario"][0]).table if "scenario" in found else None


def crashed(page: Page) -> str | None:
    """The text of the first exception Streamlit shows on the page, None when there is none."""
    shown = page.locator(CRASHED)
    return shown.first.inner_text() if shown.count() else None


def settle(page: Page, before: object, timeout_ms: int = WAIT_MS) -> None:
    """Wait until a run after `before` (a run number) is drawn, or an exception shown; then until
    the page is settled. Raises Playwright's TimeoutError past `timeout_ms`."""
    page.wait_for_function(
        f"before => ({RUN_NUMBER}) !== before || document.querySelector('{CRASHED}') !== null",
        arg=before,
        polling=100,
        timeout=timeout_ms,
    )
    if crashed(page) is None:
        ready(page)


def open_class(
    browser: Browser,
    url: str,
    pupils: int,
    width: int = 1280,
    height: int = 1000,
    context: BrowserContext | None = None,
) -> list[Pupil]:
    """`pupils` fresh pages (in fresh contexts, or all in `context`, whose pages must have
    `tests.browser.PROBE`), each starting to load `url` right after the other; not waited for
    (see `settle`, with `before` None)."""
    opened = []
    for _ in range(pupils):
        if context is None:
            own = browser.new_context(viewport={"width": width, "height": height})
            own.add_init_script(PROBE + CLICKED)
            page = own.new_page()
        else:
            page = context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            page.add_init_script(CLICKED)
        page.goto(url, wait_until="commit", timeout=WAIT_MS)
        opened.append(Pupil(page.context, page, own_context=context is None))
    return opened


def click_all(pupils: list[Pupil], key: str) -> list[object]:
    """Click the button of Streamlit key `key` on every page, one right after the other, without
    waiting for the app; returns each page's run number before its click (for `settle`)."""
    before = [pupil.page.evaluate(RUN_NUMBER) for pupil in pupils]
    for pupil in pupils:
        pupil.page.locator(f".st-key-{key} button").click(timeout=WAIT_MS)
    return before


def click_ms(page: Page) -> float:
    """From the last click on `page` to its last change, once settled: what the pupil waited."""
    return float(page.evaluate("window.__pickomino.changed - window.__clickedAt"))


def load_ms(page: Page) -> float:
    """From the navigation's start to the page's last change, once settled."""
    return float(page.evaluate("window.__pickomino.changed"))
