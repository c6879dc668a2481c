"""One browser test: `streamlit run` on 127.0.0.1, Chromium opens `?lang=fr`, French survives.

Skipped (with the reason) only when Debian's Chromium is not installed; Playwright's own browser
download is not used.
"""

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from pickomino.i18n import t, tn
from pickomino.ui.narrate import seat_name

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parent.parent
READY = (
    "[data-testid='stApp'][data-test-connection-state='CONNECTED']"
    "[data-test-script-state='notRunning']"
)
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (apt-get install chromium)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
    ]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("streamlit did not answer its health check within a minute")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_french_from_the_url_survives_a_click_to_another_page(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(f"{server}/?lang=fr")
            page.wait_for_selector(READY, timeout=60_000)
            expect(page.locator("h1").first).to_have_text(t("page.home.title", "fr"))
            nav = page.get_by_test_id("stSidebarNav")
            expect(nav.get_by_text(t("section.learn", "fr"), exact=True)).to_be_visible()

            page.get_by_role("link", name=t("page.turn.title", "fr")).first.click()
            expect(page.locator("h1").first).to_have_text(
                t("page.turn.title", "fr"), timeout=60_000
            )
            page.wait_for_selector(READY, timeout=60_000)
            expect(page).to_have_url(f"{server}/turn?lang=fr", timeout=30_000)
            alt = page.locator("img[alt='dé montrant un ver']").first
            expect(alt).to_be_visible()
        finally:
            browser.close()


def test_a_faq_situation_opens_in_the_sandbox_and_its_link_follows_each_click(
    server: str,
) -> None:
    from urllib.parse import parse_qs, urlsplit

    from playwright.sync_api import expect, sync_playwright

    from pickomino.share import decode_table, load_scenario

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.goto(f"{server}/faq?lang=nl")
            page.wait_for_selector(READY, timeout=60_000)
            page.get_by_role("link", name=t("sandbox.open", "nl")).first.click()
            expect(page.locator("h1").first).to_have_text(
                t("page.sandbox.title", "nl"), timeout=60_000
            )
            expect(page).to_have_url(f"{server}/sandbox?scenario=faq-no-worm&lang=nl")
            page.wait_for_selector(READY, timeout=60_000)

            page.get_by_role("button", name=t("sandbox.stop", "nl")).click()
            status = t("sandbox.status.roll", "nl", player="Speler 2")
            expect(page.get_by_text(status)).to_be_visible(timeout=60_000)
            page.wait_for_selector(READY, timeout=60_000)
            query = parse_qs(urlsplit(page.url).query)
            assert query["lang"] == ["nl"] and "scenario" not in query
            assert decode_table(query["table"][0]) == load_scenario("faq-no-worm")

            again = browser.new_page(viewport={"width": 1200, "height": 900})
            again.goto(page.url)
            again.wait_for_selector(READY, timeout=60_000)
            expect(again.get_by_text(status)).to_be_visible(timeout=60_000)
        finally:
            browser.close()


def test_opened_panels_stay_open_while_the_turn_is_played(server: str) -> None:
    """A teacher setting dice, or a learner watching the tile table, keeps the panel open.

    Each click adds lines above these panels (the last move, the dice); an expander without a key
    was drawn anew and closed at every click.
    """
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 2400})
            page.goto(f"{server}/sandbox?lang=fr")
            page.wait_for_selector(READY, timeout=60_000)
            for title in (t("odds.tiles", "fr"), t("sandbox.teacher.title", "fr")):
                page.locator("summary").filter(has_text=title).click()
                page.wait_for_selector(READY, timeout=60_000)
            dice = page.get_by_role("textbox", name=tn("sandbox.teacher.dice", 8, "fr"))
            dice.fill("55WW1234")
            dice.press("Enter")
            page.wait_for_selector(READY, timeout=60_000)
            page.get_by_role("button", name=t("sandbox.teacher.roll_set", "fr")).click()
            page.get_by_role("button", name=tn("sandbox.keep_worm", 2, "fr")).click()
            status = tn("sandbox.status.decide_none", 6, "fr", player=seat_name(0, "fr"))
            expect(page.get_by_text(status)).to_be_visible(timeout=60_000)
            page.wait_for_selector(READY, timeout=60_000)
            expect(page.locator("details[open]")).to_have_count(2)
            expect(
                page.get_by_role("button", name=t("sandbox.teacher.roll_set", "fr"))
            ).to_be_visible()
            expect(page.get_by_text(t("odds.tiles_help", "fr"))).to_be_visible()
        finally:
            browser.close()


CUT_LABELS = """root => Array.from(document.querySelector(root).querySelectorAll(
  '[data-testid="stPageLink-NavLink"] span, [data-testid="stSidebarNavLink"] span'))
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)"""
"""The link labels under `root` drawn narrower than their text (Streamlit cuts them with '…')."""


def test_long_link_labels_wrap_on_a_phone_and_in_presentation_mode(server: str) -> None:
    """The Tips page's French links, 'Ouvrir dans le bac à sable : 22 points, 3 dés en main', and
    the sidebar's page names under presentation mode's large text are read whole, not cut."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            phone = browser.new_page(viewport={"width": 390, "height": 1600}, is_mobile=True)
            phone.goto(f"{server}/tips?lang=fr")
            phone.wait_for_selector(READY, timeout=60_000)
            expect(phone.get_by_test_id("stPageLink").first).to_be_visible()
            assert phone.get_by_test_id("stPageLink").count() >= 5
            assert phone.evaluate(CUT_LABELS, "[data-testid=stMain]") == []

            wide = browser.new_page(viewport={"width": 1280, "height": 1200})
            wide.goto(f"{server}/sandbox?lang=fr")
            wide.wait_for_selector(READY, timeout=60_000)
            wide.get_by_text(t("sandbox.present", "fr"), exact=True).click()
            wide.wait_for_selector(READY, timeout=60_000)
            wide.wait_for_function("getComputedStyle(document.documentElement).fontSize == '26px'")
            assert wide.evaluate(CUT_LABELS, "[data-testid=stSidebar]") == []
        finally:
            browser.close()


OVERFLOWING = """() => [...new Set(Array.from(document.querySelectorAll(
  '[data-testid=stMain] button, [data-testid=stMain] button *, [data-testid=stMetric] *'))
  .filter(e => e.scrollWidth > e.clientWidth + 1
    || (getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth))
  .map(e => e.innerText))]"""
"""Buttons and headline figures whose text is wider than they are (cut, or spilling over)."""


def test_a_projector_at_1024_pixels_shows_moves_and_odds_whole(server: str) -> None:
    """Presentation mode with the sidebar open: 'Houd de 5 (3 dobbelstenen)' and '100,0%' whole."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.goto(f"{server}/sandbox?lang=nl&scenario=turn-walkthrough")
            page.wait_for_selector(READY, timeout=60_000)
            page.get_by_text(t("sandbox.present", "nl"), exact=True).click()
            page.wait_for_selector(READY, timeout=60_000)
            for _ in range(3):  # roll, keep the worms, roll: three values to keep
                page.get_by_role("button", name=t("sandbox.redo", "nl")).click()
                page.wait_for_selector(READY, timeout=60_000)
            keep = tn("sandbox.keep", 3, "nl", face="5")
            expect(page.get_by_role("button", name=keep)).to_be_visible(timeout=60_000)
            expect(page.get_by_test_id("stMetric")).to_have_count(3)
            assert page.evaluate(OVERFLOWING) == []
        finally:
            browser.close()
