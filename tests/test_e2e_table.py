"""A table between two devices in Chromium: a host's laptop opens it, two phones sit at it.

Each phone is a browser context of its own (no cookie or session shared), one reading English,
the other French. The pages poll the table: a move tapped on one phone shows on the other by
itself. A move tapped twice is played once; a reload mid-turn keeps the seat. Waits are on what
the pages show (`expect`) or on the stored table, never on time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from pickomino.activities.table import Tables, View
from pickomino.bots import strategy
from pickomino.game import Move
from pickomino.i18n import Lang, t
from pickomino.store import open_store
from pickomino.ui.storage import store_url
from tests.browser import BURST_QUIET_MS, answered, needs_chromium, open_page, ready

pytestmark = needs_chromium

PLAYS = strategy("heuristic")
NAMES = ("Ana", "Bob")


def stored(id: str) -> View:
    """The table as the server stored it, read from the same store."""
    with open_store(store_url()) as store:
        return Tables(store, time.time, None).watch(id)


def button(page: Page, number: int, move: Move) -> Locator:
    """The button of `move` on a seat's page drawn at move `number`."""
    key = f"table_{number}_{move.kind}"
    key += (
        f"_{move.face}" if move.kind == "keep" else f"_{move.tile}" if move.kind == "take" else ""
    )
    return page.locator(f".st-key-{key} button")


def sit(browser: Browser, server: str, link: str, name: str, lang: Lang) -> Page:
    """A phone of its own that opened a seat's link and sat down as `name`."""
    query = urlsplit(link).query  # the host's link, wherever it points: this server's page
    phone = open_page(browser, f"{server}/table?{query}&lang={lang}", 390, 844, is_mobile=True)
    phone.get_by_role("textbox", name=t("room.join.nickname", lang), exact=True).fill(name)
    with answered(phone):
        phone.get_by_role("button", name=t("table_page.sit_down", lang)).click()
    expect(phone.get_by_text(t("table_page.you_are", lang, name=name))).to_be_visible()
    return phone


def keep_tapped_twice(ana: Page, bob: Page, stored: Callable[[], View]) -> None:
    """Ana, to move after her roll, taps a keep twice: it is played once, the second tap refused
    by its number or dropped, and Bob's French page tells it."""
    view = stored()
    assert view.table is not None
    keep = PLAYS(view.table)
    assert keep.kind == "keep"
    button(ana, 1, keep).dblclick()
    expect(ana.locator(".st-key-table_2_moves")).to_be_visible()
    ready(ana, BURST_QUIET_MS)
    assert stored().number == 2
    expect(bob.get_by_text(told(stored(), 1, "fr"))).to_be_visible()


def told(view: View, seat: int, lang: Lang) -> str:
    """The first sentence of the last move, as seat `seat` reads it."""
    return view.log[-1].words(lang, seat, NAMES)[0]


def test_two_phones_play_at_one_table_and_each_sees_the_others_moves(
    server: str, browser: Browser
) -> None:
    host = open_page(browser, f"{server}/table?lang=en", 1280, 1000)
    with answered(host):
        host.get_by_role("button", name=t("table_page.open", "en")).click()
    id = parse_qs(urlsplit(host.url).query)["table"][0]
    codes = host.get_by_test_id("stCode").all_inner_texts()
    links = [code.strip() for code in codes if "seat=" in code]
    assert len(links) == 2
    ana = sit(browser, server, links[0], "Ana", "en")
    bob = sit(browser, server, links[1], "Bob", "fr")

    # the game starts on Ana's phone by itself (her page polls the table)
    expect(ana.get_by_role("heading", name=t("table_page.your_turn", "en"))).to_be_visible()
    their = t("table_page.their_turn", "fr", player="Ana")
    expect(bob.get_by_role("heading", name=their)).to_be_visible()
    expect(host.get_by_text(t("table_page.watch_link", "en"))).to_be_visible()
    assert bob.locator("[class*='st-key-table_0_']").count() == 0  # no buttons for Bob

    button(ana, 0, Move("roll")).click()
    expect(bob.get_by_text(told(stored_at(id, 1), 1, "fr"))).to_be_visible()

    keep_tapped_twice(ana, bob, lambda: stored(id))

    # Ana reloads mid-turn: the same seat, its buttons at the same move
    ana.reload()
    expect(ana.get_by_text(t("table_page.you_are", "en", name="Ana"))).to_be_visible()
    expect(ana.locator(".st-key-table_2_moves")).to_be_visible()

    # Ana plays on until her turn ends; Bob's phone follows, then Bob moves and Ana sees it
    while (view := stored(id)).table is not None and view.table.current == 0:
        assert view.table is not None
        button(ana, view.number, PLAYS(view.table)).click()
        stored_at(id, view.number + 1)
    expect(bob.get_by_role("heading", name=t("table_page.your_turn", "fr"))).to_be_visible()
    number = stored(id).number
    button(bob, number, Move("roll")).click()
    expect(ana.get_by_text(told(stored_at(id, number + 1), 0, "en"))).to_be_visible()


def stored_at(id: str, number: int) -> View:
    """The stored table once it holds at least `number` moves (a click reaches it in a moment)."""
    for _ in range(200):
        view = stored(id)
        if view.number >= number:
            return view
        time.sleep(0.05)
    raise AssertionError(f"the table did not reach move {number}: {stored(id).number}")
