"""A room's tables in Chromium: the teacher deals two phones into a table, the board shows it.

The teacher opens a room on a projector-sized board (1024x768), two phones join, the teacher deals
them from the folded panel; the board's grid shows the table, its two players and whose turn it
is, without a reload; each phone offers its own table, and its link opens the Table page as that
pupil's seat, the move buttons on the phone of the pupil to move. Every page is its own browser
context, as every device is.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from pickomino.i18n import t
from pickomino.rooms import MAX_PUPILS
from tests.browser import answered, needs_chromium, open_page
from tests.test_e2e_room import join

pytestmark = needs_chromium

PUPILS = (("Ana", "fr"), ("Ben", "nl"))


def open_board(browser: Browser, server: str) -> tuple[Page, str]:
    """A teacher's board of a new room, at a projector's size; the room's code."""
    board = open_page(browser, f"{server}/room?lang=en", 1024, 768, locale="en-GB")
    with answered(board):
        board.get_by_role("button", name=t("room.teacher.open", "en")).click()
    board.wait_for_url(re.compile(r"room=[A-Z0-9]{7}"))
    return board, re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]


def test_the_teacher_deals_two_phones_into_a_table_shown_on_the_board(
    server: str, browser: Browser
) -> None:
    board, code = open_board(browser, server)
    phones = [join(browser, server, code, name, lang) for name, lang in PUPILS]
    pupils = t("room.board.pupils.other", "en", n=2, high=MAX_PUPILS)
    expect(board.get_by_text(pupils)).to_be_visible()
    board.get_by_text(t("room.teacher.title", "en"), exact=True).click()
    board.get_by_role("button", name=t("room.tables.deal", "en")).click()

    card = board.locator(".pk-tb")
    expect(card).to_have_count(1)
    expect(card).to_contain_text(t("room.tables.title", "en", n=1))
    for name, _ in PUPILS:
        expect(card).to_contain_text(f"{name}: 0")
    expect(card.locator(".pk-tb-now")).to_have_count(1)  # whose turn it is
    box = card.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 768  # on the projected screen

    for phone, (name, lang) in zip(phones, PUPILS, strict=True):
        expect(phone.get_by_text(t("room.tables.yours", lang, n=1))).to_be_visible()
        with answered(phone):
            phone.get_by_role("link", name=t("room.tables.go", lang)).click()
        phone.wait_for_url(re.compile(r"/table\?.*player="))
        expect(phone.get_by_text(t("table_page.you_are", lang, name=name))).to_be_visible()
    mover = card.locator(".pk-tb-now").inner_text().split(":")[0]
    at = [name for name, _ in PUPILS].index(mover)
    your_turn = t("table_page.your_turn", PUPILS[at][1])
    expect(phones[at].get_by_role("heading", name=your_turn)).to_be_visible()
