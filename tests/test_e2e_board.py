"""The live classroom's board on a projector, as a teacher runs it: one screen, no scrolling.

At 1024x768 and 1024x650, the sidebar open (Streamlit's default at that width): while the class
joins, the room code and its QR code whole, nothing over them; once a question is asked and the
votes and best move shown, the code, a small QR code, the question, the count of answers, every
vote and the best move with its reason, all inside the window. The pupils are seated and answer
through the store (the board reads nothing else), so only the board is a browser page.

The teacher's things are off the projected page: *Copy the control link* puts the link on the
clipboard (read back in Chromium), and the link opens the controls on another device; closing
the room asks once more, and the closed board says so.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pickomino.game import Table
from pickomino.i18n import t, tn
from pickomino.rooms import MAX_PUPILS, Room, ask_decision, moves_of, open_question
from pickomino.rules import preset
from pickomino.sandbox import Sandbox
from pickomino.store import open_store
from pickomino.ui.room import live
from pickomino.ui.storage import URL_SETTING
from tests.browser import answered, needs_chromium, open_page, ready

pytestmark = needs_chromium

WIDTH = 1024
SIX_VALUES_SEED = 32
"""The seed whose first roll of a fresh table of four shows six values: six moves to vote on,
the most a roll brings, and four players' stacks (test_e2e_projector.py)."""

IN_VIEW = """names => {
  const wanted = {
    code: ".pk-room-code", qr: "img.pk-qr", question: ".st-key-room_heading h2",
    prompt: ".st-key-room_heading [data-testid=stMarkdownContainer]",
    count: ".st-key-room_status [data-testid=stMarkdownContainer]",
    vote: ".st-key-room_question [data-testid=stProgress]",
    best: ".st-key-room_question [data-testid=stAlertContainer]",
  };
  const found = {}, outside = [], covered = [];
  const inside = b => b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
  for (const name of names) {
    const elements = [...document.querySelectorAll(wanted[name])].filter(e => e.checkVisibility());
    found[name] = elements.length;
    for (const e of elements) {
      if (!inside(e.getBoundingClientRect())) outside.push(`${name}: ${e.innerText || e.alt}`);
    }
  }
  // the code's letters and the QR code: inside the window, and on top at every corner
  const code = document.querySelector(".pk-room-code");
  const letters = document.createRange();
  letters.selectNodeContents(code);
  const qr = document.querySelector("img.pk-qr");
  const boxes = [[code, letters.getBoundingClientRect()], [qr, qr.getBoundingClientRect()]];
  for (const [e, box] of boxes) {
    if (!inside(box)) outside.push(`whole ${e.className}`);
    for (const [x, y] of [[box.left + 3, box.top + 3], [box.right - 3, box.top + 3],
        [box.left + 3, box.bottom - 3], [box.right - 3, box.bottom - 3]]) {
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !e.contains(hit)) {
        covered.push(`${e.className} at ${x},${y}: ${hit?.outerHTML.slice(0, 80)}`);
      }
    }
  }
  const scrolled = document.querySelector("[data-testid=stMain]").scrollTop;
  return {found, outside, covered, scrolled};
}"""
"""How many of each wanted element the board shows, those not wholly inside the window, and the
corners of the code's letters and of the QR code that something else covers."""

JOINING = ["code", "qr"]
VOTING = ["code", "qr", "question", "prompt", "count", "vote", "best"]


def six_moves() -> Table:
    """A fresh table of four whose roll shows six values: six moves to vote on."""
    return Sandbox.start(Table.new(4, preset("standard")), SIX_VALUES_SEED).roll().table


def change(code: str, edit: Any) -> None:
    """A change to room `code` made in the store, as the sandbox's *Ask the class* makes it."""
    with open_store(os.environ[URL_SETTING]) as store:
        id = store.find_room(code)
        document = store.read("room", id)
        room = edit(Room.from_json(document.data))
        number = open_question(room, live.now())
        store.update_room(id, room.to_json(), document.version, number, live.KEPT_AFTER)


def seat(code: str, pupils: int) -> None:
    """`pupils` pupils joined, as the join form seats them."""
    with open_store(os.environ[URL_SETTING]) as store:
        id = store.find_room(code)
        for n in range(pupils):
            assert store.join_room(id, f"p{n}", f"Pupil {n}") == "joined"


def vote(code: str, pupils: int, options: int) -> list[int]:
    """Every pupil answers question 1 (a vote on each option, most on the last); the votes."""
    chosen = [options - 1 if n % 3 == 0 else n % options for n in range(pupils)]
    with open_store(os.environ[URL_SETTING]) as store:
        id = store.find_room(code)
        for n, option in enumerate(chosen):
            assert store.answer(id, f"p{n}", 1, option)
    return chosen


def teachers_board(browser: Browser, server: str, lang: str, height: int, **options: Any) -> Page:
    """The board of a room its teacher just opened on the Class room page."""
    board = open_page(browser, f"{server}/room?lang={lang}", WIDTH, height, **options)
    with answered(board):
        board.get_by_role("button", name=t("room.teacher.open", lang)).click()
    expect(board.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "false")
    return board


def room_code(board: Page) -> str:
    return re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]


def assert_in_view(board: Page, names: list[str]) -> dict[str, int]:
    """Every element `names` asks for is shown and wholly in the window, the page not scrolled,
    the code and the QR code covered by nothing; how many of each were found."""
    board.mouse.move(0, 0)  # no tooltip over the page
    shown = board.evaluate(IN_VIEW, names)
    assert all(shown["found"][name] for name in names), shown
    assert shown["outside"] == [] and shown["covered"] == [], shown
    assert shown["scrolled"] == 0, shown
    found: dict[str, int] = shown["found"]
    return found


@pytest.mark.parametrize(
    ("lang", "height", "pupils"),
    [("en", 768, 60), ("fr", 768, 60), ("nl", 768, 60), ("fr", 650, 60), ("fr", 650, 2)],
)
def test_the_board_shows_the_code_then_the_question_votes_and_best_move_on_one_screen(
    server: str, browser: Browser, lang: str, height: int, pupils: int
) -> None:
    board = teachers_board(browser, server, lang, height)
    code = room_code(board)
    seat(code, pupils)
    seated = tn("room.board.pupils", pupils, lang, high=MAX_PUPILS)
    expect(board.get_by_text(seated)).to_be_visible()
    assert_in_view(board, JOINING)

    table = six_moves()
    change(code, lambda room: ask_decision(room, table, live.now()))
    heading = board.get_by_role("heading", name=t("room.board.question", lang, n=1))
    expect(heading).to_be_visible()
    expect(board.locator(".pk-strip")).to_be_visible()  # the join box gave way to the strip
    vote(code, pupils, len(moves_of(table)))
    count = tn("room.board.answered_open", pupils, lang, pupils=pupils)
    expect(board.locator(".st-key-room_status")).to_contain_text(count.replace("**", ""))
    board.locator(".st-key-room_show button").click()
    votes = board.get_by_test_id("stProgress")
    expect(votes).to_have_count(len(moves_of(table)))
    board.locator(".st-key-room_reveal button").click()
    expect(board.locator(".st-key-room_question [data-testid=stAlertContainer]")).to_be_visible()
    expect(votes.filter(has_text="★")).to_have_count(1)
    found = assert_in_view(board, VOTING)
    assert found["vote"] == len(moves_of(table)) and found["best"] == 1


def test_the_control_link_is_copied_and_closing_asks_once_more(
    server: str, browser: Browser
) -> None:
    """The copy button of the teacher's folded panel puts the control link on the clipboard; the
    link opens the controls elsewhere; *Close the room* asks, and the closed board says so."""
    board = teachers_board(
        browser, server, "en", 768, permissions=["clipboard-read", "clipboard-write"]
    )
    code = room_code(board)
    title = t("room.teacher.title", "en")
    close = board.locator(".st-key-room_close button")
    expect(close).to_have_count(0)  # folded: nothing of the teacher's on the projected page
    board.get_by_text(title, exact=True).click()
    ready(board)  # the panel fills as its run draws: a click before may land where it was
    copy = board.locator("button.pk-copy")
    expect(copy).to_have_text(t("room.teacher.control_copy", "en"))
    copy.click()
    expect(copy).to_have_text(t("room.teacher.control_copied", "en"))
    link = board.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{server}/room?room={code}&control="), link

    laptop = open_page(browser, link, 1280, 800, locale="en-GB")  # another device
    expect(laptop.get_by_text(title, exact=True)).to_be_visible()
    assert "control" not in laptop.url

    close.click()
    expect(board.get_by_text(t("room.teacher.close_confirm", "en"))).to_be_visible()
    board.locator(".st-key-room_close_yes button").click()
    closed = t("room.board.closed", "en", days=live.KEPT_AFTER.days)
    expect(board.get_by_text(closed)).to_be_visible()
    expect(board.get_by_text(t("room.waiting", "en"))).to_have_count(0)
    expect(board.locator(".pk-room-code")).to_have_count(0)
    expect(laptop.get_by_text(closed)).to_be_visible()
