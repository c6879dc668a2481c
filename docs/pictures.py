"""Take the README's pictures of the app in Chromium, as a learner, a teacher and a phone see it.

Run from the checkout: `uv run python docs/pictures.py` (writes docs/pictures/*.png). Uses the
browser tests' helpers: a `streamlit run` on 127.0.0.1 and Debian's Chromium.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import random  # noqa: E402
import re  # noqa: E402

from playwright.sync_api import Browser, expect  # noqa: E402

from pickomino.activities.seats import default_name  # noqa: E402
from pickomino.bots import expert, record_game  # noqa: E402
from pickomino.i18n import t  # noqa: E402
from pickomino.lessons.quiz import questions, read_code  # noqa: E402
from pickomino.scenario import Scenario  # noqa: E402
from pickomino.share import encode_scenario  # noqa: E402
from tests.browser import answered, chromium, open_page, ready, streamlit_server  # noqa: E402

OUT = ROOT / "docs" / "pictures"


def game_mid_way() -> str:
    """A `?game=` value: a seeded game of two, stopped at Ana's keep after a few turns."""
    names = ("Ana", default_name("expert", 1, "en"))
    record = record_game([expert, expert], random.Random(4), names=names)
    table, at = record.table, 0
    for at, step in enumerate(record.steps(), start=1):
        table = step.table
        if at > 40 and table.current == 0 and table.phase == "keep" and len(table.kept) >= 2:
            break
    return encode_scenario(Scenario(record.table, record.moves[:at], names=names))


def main() -> None:
    """Each picture from a fresh page, so one does not inherit another's settings."""
    OUT.mkdir(parents=True, exist_ok=True)
    with streamlit_server() as server, chromium() as browser:
        # A learner on a laptop: the walkthrough's first decision, advice beside the moves.
        page = open_page(browser, f"{server}/sandbox?lang=en&scenario=turn-walkthrough", 1280, 800)
        with answered(page):
            page.get_by_role("button", name=t("sandbox.redo", "en")).click()
        page.screenshot(path=OUT / "sandbox-laptop-en.png")
        # A teacher's projector: presentation mode at 1024x768, in French.
        link = f"{server}/sandbox?lang=fr&scenario=turn-walkthrough&present=1"
        page = open_page(browser, link, 1024, 768)
        with answered(page):
            page.get_by_role("button", name=t("sandbox.redo", "fr")).click()
        page.evaluate("document.querySelector('h1').scrollIntoView()")
        page.screenshot(path=OUT / "sandbox-projector-fr.png")
        # A learner's phone: the same decision, the roll's groups of dice under the table, in Dutch.
        link = f"{server}/sandbox?lang=nl&scenario=turn-walkthrough"
        page = open_page(browser, link, 390, 844, is_mobile=True)
        with answered(page):
            page.get_by_role("button", name=t("sandbox.redo", "nl")).click()
        page.screenshot(path=OUT / "sandbox-phone-nl.png")
        # A phone: the Learn page on taking a tile, in Dutch.
        page = open_page(browser, f"{server}/taking?lang=nl", 390, 844, is_mobile=True)
        page.screenshot(path=OUT / "taking-phone-nl.png")
        # The odds explorer's charts.
        page = open_page(browser, f"{server}/explorer?lang=en", 1280, 1400)
        page.get_by_test_id("stPlotlyChart").first.locator("svg.main-svg").first.wait_for()
        page.screenshot(path=OUT / "explorer-en.png")
        # The welcome page, where a newcomer starts.
        page = open_page(browser, f"{server}/?lang=en", 1280, 800)
        page.screenshot(path=OUT / "welcome-en.png")
        # A game against the expert bot, Ana to play, the live odds on.
        link = f"{server}/play?lang=en&game={game_mid_way()}&seats=person,expert&seed=7"
        page = open_page(browser, link, 1280, 900)
        with answered(page):
            page.get_by_text(t("play.odds", "en"), exact=True).click()
        page.screenshot(path=OUT / "play-en.png")
        # The review of the example game, in Dutch: the figures and the chart.
        page = open_page(browser, f"{server}/review?lang=nl", 1280, 1300)
        with answered(page):
            page.get_by_role("button", name=t("review_page.example", "nl")).click()
        page.get_by_test_id("stPlotlyChart").first.locator("svg.main-svg").first.wait_for()
        page.screenshot(path=OUT / "review-nl.png")
        # A class quiz in French, the first question answered.
        page = open_page(browser, f"{server}/quiz?code=cm2b-b5&lang=fr", 1280, 1350)
        first = questions(read_code("CM2B-B5"))[0]
        choice = first.choice_text(first.answer, "fr")
        with answered(page):
            page.get_by_role("button", name=choice, exact=True).click()
        page.evaluate("document.querySelector('h1').scrollIntoView()")
        page.screenshot(path=OUT / "quiz-fr.png")
        room_pictures(server, browser)


def room_pictures(server: str, browser: Browser) -> None:
    """The live classroom: the projector, and a phone with its answer sent (in French).

    The projector once three phones voted and the best move is shown.
    """
    board = open_page(browser, f"{server}/sandbox?lang=en&scenario=faq-one-value", 1280, 800)
    with answered(board):
        board.get_by_text(t("sandbox.teacher.title", "en"), exact=True).click()
    board.get_by_role("button", name=t("room.teacher.ask", "en")).click()
    board.wait_for_url(re.compile(r"/room\?"))
    code = re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]
    phones = []
    for name, lang, option in (("Ana", "fr", 0), ("Ben", "nl", 3), ("Zoë", "fr", 3)):
        # a context of its own: one browser gets one seat a room (its cookie)
        phone = open_page(
            browser, f"{server}/join?room={code}&lang={lang}", 390, 844, is_mobile=True
        )
        phone.get_by_role("textbox", name=t("room.join.nickname", lang), exact=True).fill(name)
        with answered(phone):
            phone.get_by_role("button", name=t("room.join.button", lang)).click()
        button = phone.locator(f".st-key-room_option_1_{option} button")
        button.click()
        expect(button).to_have_attribute("kind", "primary")
        phones.append(phone)
    phones[0].screenshot(path=OUT / "room-phone-fr.png")
    expect(board.get_by_text("of 3 have answered")).to_have_text("3 of 3 have answered.")
    board.locator(".st-key-room_show button").click()
    board.locator(".st-key-room_reveal button").click()
    expect(board.get_by_test_id("stProgress").first).to_be_visible()
    board.set_viewport_size({"width": 1280, "height": 1500})
    board.evaluate("document.querySelector('h1').scrollIntoView()")
    ready(board)
    board.screenshot(path=OUT / "room-projector-en.png")


if __name__ == "__main__":
    main()
