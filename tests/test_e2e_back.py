"""Back leaves the sandbox, and a reload keeps its history, in Chromium.

The browser adds a history entry each time the app changes the address. The sandbox once wrote
the table shown into it after every click, so Back stepped through every table played before it
left the page; now the address holds the stored history's id (`?box=`), written once, and the
page keeps it the same while the learner plays.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from pickomino.i18n import t
from tests.browser import answered, needs_chromium, open_page
from tests.classroom import stored_sandbox

pytestmark = needs_chromium

MOVE = ", ".join(
    f"[class*='st-key-sandbox_{kind}'] button:not([disabled])"
    for kind in ("roll", "keep_", "take_")
)
"""Any move the table offers, found by its key whatever its words: a roll, a value to set aside,
a tile to take (the teacher's own roll is in a panel left folded)."""


def title(page: Page) -> str:
    return page.locator("h1").first.inner_text()


def test_a_reload_keeps_the_moves_and_back_leaves_the_sandbox(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/?lang=en", 1280, 1000)
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "en"))
    with answered(page):
        page.locator(".st-key-frame_nav").get_by_role(
            "link", name=t("page.sandbox.title", "en")
        ).click()
    expect(page.locator("h1").first).to_have_text(t("page.sandbox.title", "en"))
    for _ in range(6):
        with answered(page):
            page.locator(MOVE).first.click()
    played = stored_sandbox(page)
    assert played is not None and played.position == 6, page.url
    address = page.url

    with answered(page):
        page.reload()
    assert page.url == address
    assert stored_sandbox(page) == played, "the reload stored nothing new"
    undo = page.get_by_role("button", name=t("sandbox.undo", "en"), exact=True)
    expect(undo).to_be_enabled()
    with answered(page):
        undo.click()
    assert stored_sandbox(page) == played.undo()

    for _ in range(2):  # at most two presses: the page's own entry, and the one with its id
        with answered(page):  # Back is a run of the app: another page's, or this one's again
            page.go_back()
        if title(page) != t("page.sandbox.title", "en"):
            break
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "en"))
