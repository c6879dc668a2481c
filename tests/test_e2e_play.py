"""The Play page in Chromium: a game of bots set up by clicks and run to its end.

Skipped (with the reason) only when Debian's Chromium is not installed.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, expect

from pickomino.i18n import t, tn
from pickomino.share import decode_scenario
from tests.browser import answered, needs_chromium, open_page

pytestmark = needs_chromium


def test_a_bots_only_game_set_up_by_clicks_reaches_its_end(server: str, browser: Browser) -> None:
    lang = "nl"
    page = open_page(browser, f"{server}/play?lang={lang}", 1280, 900)
    page.get_by_label(t("play.seat_kind", lang, n=1), exact=True).click()  # opens the list
    with answered(page):
        page.get_by_role("option", name=t("play.kind.heuristic", lang)).click()
    with answered(page):
        page.get_by_role("button", name=t("play.start", lang)).click()
    bot = t("play.bot_name.heuristic", lang, n=1)
    expect(page.get_by_role("heading", name=t("play.bot_turn", lang, player=bot))).to_be_visible()
    # the bots play on their own at first (slow); one at a time, they wait for the reader
    with answered(page):
        page.get_by_text(t("play.pace.step", lang), exact=True).click()
    with answered(page):
        page.get_by_role("button", name=t("play.run_end", lang)).click()
    over = tn("play.winner", 1, lang, winners="|").split("|")[0]
    expect(page.get_by_role("heading", name=over)).to_be_visible()
    expect(page.get_by_role("button", name=t("play.again", lang))).to_be_visible()
    # the finished game is in the address, as a record that replays to its end
    query = parse_qs(urlsplit(page.url).query)
    assert query["seats"] == ["heuristic,expert"]
    assert decode_scenario(query["game"][0]).replay()[0].over
