"""axe-core on the live classroom's pages in use, in every language: the join form, a phone
with a question (then its verdict), and the projector with the votes and the best move shown.

`tests/test_e2e_a11y.py` checks every page as the navigation opens it (a room page without a
room); here each page is checked with what a lesson puts on it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from pickomino.i18n import LANGS, t
from tests.browser import answered, needs_chromium, open_page
from tests.test_e2e_a11y import untranslated, violations

pytestmark = needs_chromium


@pytest.mark.parametrize("lang", LANGS)
def test_the_join_phone_and_projector_pages_pass_axe(
    server: str, browser: Browser, lang: str
) -> None:
    board = open_page(browser, f"{server}/room?lang={lang}", 1280, 1600, locale="en-GB")
    with answered(board):
        board.get_by_role("button", name=t("room.teacher.open", lang)).click()
    code = re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]
    board.locator(".st-key-room_bot_start button").click()
    expect(board.get_by_role("heading", name=t("room.board.question", lang, n=1))).to_be_visible()
    phone = open_page(browser, f"{server}/join?room={code}&lang={lang}", 390, 844, is_mobile=True)
    found = {"join": violations(phone)}
    left = {"join": untranslated(phone, lang)}
    phone.get_by_role("textbox", name=t("room.join.nickname", lang), exact=True).fill("Zoë")
    with answered(phone):
        phone.get_by_role("button", name=t("room.join.button", lang)).click()
    option = phone.locator(".st-key-room_option_1_0 button")
    option.click()
    expect(option).to_have_attribute("kind", "primary")
    found["phone"], left["phone"] = violations(phone), untranslated(phone, lang)
    board.locator(".st-key-room_show button").click()
    board.locator(".st-key-room_reveal button").click()
    expect(board.get_by_test_id("stProgress").first).to_contain_text(re.compile("."))
    expect(option).to_be_disabled()
    found["projector"], left["projector"] = violations(board), untranslated(board, lang)
    found["verdict"], left["verdict"] = violations(phone), untranslated(phone, lang)
    assert {key: v for key, v in found.items() if v} == {}
    assert {key: v for key, v in left.items() if v} == {}, "raw keys or English left on the page"
