"""The Play page in Chromium: a game of bots set up by clicks and run to its end; a game too
long for a link restored by a reload; Back leaving the page after several moves.

The address holds the stored game's id (`?match=`), written once when the game starts: the
browser adds a history entry each time the app changes the address, and the page once wrote the
game into it after every move, so Back stepped through every move before it left the page.

Skipped (with the reason) only when Debian's Chromium is not installed.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect

from pickomino.bots import strategy
from pickomino.i18n import t, tn
from pickomino.match import Match
from pickomino.rules import preset
from pickomino.share import MAX_LINK_CHARS, encode_scenario
from pickomino.store import open_store
from pickomino.ui.storage import URL_SETTING
from tests.browser import answered, needs_chromium, open_page

pytestmark = needs_chromium

MOVE = ", ".join(
    f"[class*='st-key-play_{kind}'] button:not([disabled])" for kind in ("roll", "keep_", "take_")
)
"""Any move the table offers a person, found by its key whatever its words."""


def stored_game(page: Page) -> tuple[Match, list[object]] | None:
    """The game the page's address finds in the store (`?match=`) and its settings."""
    found = parse_qs(urlsplit(page.url).query).get("match")
    if not found:
        return None
    with open_store(os.environ[URL_SETTING]) as store:
        data = store.read("game", found[0]).data
    return Match.from_data(data["match"]), data["settings"]


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
    # the finished game is in the store, under the address's id, with who played each seat
    stored = stored_game(page)
    assert stored is not None, page.url
    game, _ = stored
    assert game.kinds == ("heuristic", "expert") and game.table.over


def long_game() -> Match:
    """A person and six cautious bots, the record past a link's limit, the person to play
    (`tests/test_play_store.long_game`'s game)."""
    kinds = ("person", *("cautious",) * 6)
    game = Match.new(kinds, ("Ana", *("",) * 6), 9, preset("rulebook-empty-stack"))
    cautious = strategy("cautious")
    game = game.until_person()
    while len(encode_scenario(game.record())) <= MAX_LINK_CHARS or game.table.phase == "roll":
        game = game.person_move(cautious(game.table))
        game = game.until_person()
    return game


def test_a_game_too_long_for_a_link_is_all_there_after_a_reload(
    server: str, browser: Browser
) -> None:
    game = long_game()
    with open_store(os.environ[URL_SETTING]) as store:
        document = store.create(
            "game", {"match": game.to_data(), "settings": [True, False, False, "step"]}
        )
    page = open_page(browser, f"{server}/play?lang=fr&match={document.id}", 1280, 1000)
    heading = t("play.your_turn", "fr", player="Ana")
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    with answered(page):
        page.locator(MOVE).first.click()
    stored = stored_game(page)
    assert stored is not None and len(stored[0].steps) == len(game.steps) + 1
    address = page.url
    with answered(page):
        page.reload()
    assert page.url == address
    assert stored_game(page) == stored, "the reload stored nothing new"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    odds = page.get_by_role("switch", name=t("play.odds", "fr"))
    expect(odds).to_be_checked()  # the odds shown, as the reader left them
    expect(page.locator(MOVE).first).to_be_visible()


def test_back_leaves_the_play_page_after_several_moves(server: str, browser: Browser) -> None:
    page = open_page(browser, f"{server}/?lang=en", 1280, 1000)
    with answered(page):
        page.locator(".st-key-frame_nav").get_by_role(
            "link", name=t("page.play.title", "en")
        ).click()
    page.get_by_label(t("play.seat_kind", "en", n=2), exact=True).click()  # opens the list
    with answered(page):
        page.get_by_role("option", name=t("play.kind.person", "en")).click()
    seed = page.get_by_label(t("play.seed", "en"), exact=True)
    seed.fill("5")  # the same dice every run: six moves a person can play
    with answered(page):
        seed.press("Enter")
    with answered(page):
        page.get_by_role("button", name=t("play.start", "en")).click()
    for _ in range(6):
        with answered(page):
            page.locator(MOVE).first.click()
    stored = stored_game(page)
    assert stored is not None and len(stored[0].steps) == 6, page.url
    for _ in range(2):  # at most two presses: the page's own entry, and the one with its id
        with answered(page):  # Back is a run of the app: another page's, or this one's again
            page.go_back()
        if page.locator("h1").first.inner_text() != t("page.play.title", "en"):
            break
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "en"))
