"""The live classroom in Chromium: a teacher's projector and three phones in two languages.

The teacher asks the class about a sandbox table, plays a class quiz live, then starts a game of
the class against the expert and plays the class's vote with one click; the phones
answer by tapping their buttons, each in its pupil's language; the projector's count, votes
and reveal follow by themselves (the pages poll the room, nobody reloads). A pupil reloads and
comes back as themselves; the teacher reloads and keeps the controls, the token never in the
address. Every page is its own browser context (a phone, the teacher's laptop), so no cookie is
shared. Waits are on what the pages show (`expect`), never on time.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from pickomino.activities.classroom import seat_labels
from pickomino.activities.quiz import quiz
from pickomino.game import Table
from pickomino.i18n import t
from pickomino.lessons.quiz import read_code
from pickomino.odds import analyse
from pickomino.rooms import moves_of
from pickomino.sandbox import Sandbox
from pickomino.share import read_scenario
from tests.browser import answered, needs_chromium, open_page

pytestmark = needs_chromium

SCENARIO = "faq-one-value"
QUIZ_COUNT = 5
"""The fewest questions a teacher's quiz can have (`quiz.COUNTS`)."""
PUPILS = (("Ana", "fr"), ("Ben", "fr"), ("Cas", "nl"))


def scenario_table() -> Table:
    """The table the sandbox opens the scenario at."""
    return Sandbox.replaying(read_scenario(SCENARIO)).table


def option(phone: Page, number: int, index: int) -> Locator:
    """The button of option `index` of question `number` on a phone."""
    return phone.locator(f".st-key-room_option_{number}_{index} button")


def join(browser: Browser, server: str, code: str, name: str, lang: str) -> Page:
    """A phone of its own that joined room `code` with the form, as `name`, reading `lang`."""
    phone = open_page(browser, f"{server}/join?room={code}&lang={lang}", 390, 844, is_mobile=True)
    phone.get_by_role("textbox", name=t("room.join.nickname", lang), exact=True).fill(name)
    with answered(phone):
        phone.get_by_role("button", name=t("room.join.button", lang)).click()
    expect(phone.get_by_text(t("room.phone.hello", lang, name=name, code=code))).to_be_visible()
    return phone


TEACHERS: tuple[str, ...] = (
    "room_show", "room_reveal", "room_close", "room_remove", "room_ranking", "room_timer",
    "room_close_question", "room_bot_start", "room_next", "pk-copy", "control=", "data-link",
)  # fmt: skip
"""What only the teacher's page may hold: its controls' keys, the control link and its button."""


def assert_holds_nothing_of_the_teachers(phone: Page, name: str) -> None:
    """A pupil's whole page (every element, drawn or hidden), before the best move is shown:
    no star on an option, no teacher's control or control link, no other pupil's nickname."""
    page = phone.content()
    assert "★" not in page
    assert [key for key in TEACHERS if key in page] == []
    assert [other for other, _ in PUPILS if other != name and other in page] == []


def control(board: Page, key: str) -> Locator:
    """One of the teacher's buttons on the board."""
    return board.locator(f".st-key-{key} button")


def test_a_teacher_and_three_phones_through_a_decision_and_a_live_quiz(
    server: str, browser: Browser
) -> None:
    table = scenario_table()
    moves = moves_of(table)
    best = moves.index(analyse(table).recommended.move)
    other = (best + 1) % len(moves)
    board = open_page(
        browser, f"{server}/sandbox?scenario={SCENARIO}&lang=en", 1280, 1000, locale="en-GB"
    )
    with answered(board):
        board.get_by_text(t("sandbox.teacher.title", "en"), exact=True).click()
    board.get_by_role("button", name=t("room.teacher.ask", "en")).click()
    board.wait_for_url(re.compile(r"/room\?"))
    code = re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]
    expect(board.get_by_role("heading", name=t("room.board.question", "en", n=1))).to_be_visible()

    phones = [join(browser, server, code, name, lang) for name, lang in PUPILS]
    for phone, (_, lang) in zip(phones, PUPILS, strict=True):
        expect(phone.get_by_text(t(f"room.ask.{table.phase}", lang))).to_be_visible()
    expect(board.get_by_text("of 3 have answered")).to_have_text("0 of 3 have answered.")
    for phone, index in zip(phones, (best, other, best), strict=True):
        option(phone, 1, index).click()
        expect(option(phone, 1, index)).to_have_attribute("kind", "primary")
    expect(board.get_by_text("of 3 have answered")).to_have_text("3 of 3 have answered.")
    for phone, (name, _) in zip(phones, PUPILS, strict=True):
        assert_holds_nothing_of_the_teachers(phone, name)

    # a pupil's reload: the same pupil, the same answer, still changeable
    phones[1].reload()
    expect(
        phones[1].get_by_text(t("room.phone.hello", "fr", name="Ben", code=code))
    ).to_be_visible()
    expect(option(phones[1], 1, other)).to_have_attribute("kind", "primary")

    # the teacher's reload: the controls stay, the token is nowhere in the address
    board.reload()
    expect(control(board, "room_show")).to_be_visible()
    assert "control" not in board.url
    control(board, "room_show").click()
    votes = board.get_by_test_id("stProgress")
    expect(votes).to_have_count(len(moves))
    control(board, "room_reveal").click()
    expect(votes.nth(best)).to_contain_text("★")
    expect(board.get_by_test_id("stAlertContentInfo").last).to_be_visible()
    expect(phones[0].get_by_text(t("room.phone.right", "fr").replace("**", ""))).to_be_visible()
    expect(phones[1].get_by_text(t("room.phone.wrong", "fr").replace("**", ""))).to_be_visible()
    expect(option(phones[2], 1, best)).to_be_disabled()

    # the class quiz, live: the phones follow the teacher's questions by themselves; the teacher
    # draws it (a quiz's link alone opens it as a pupil's, without *Play live*)
    with answered(board):
        board.goto(f"{server}/quiz?lang=en")
    counts = board.get_by_test_id("stRadio").filter(has_text=t("quiz.page.count_label", "en"))
    with answered(board):
        counts.get_by_text(str(QUIZ_COUNT), exact=True).click()
    with answered(board):
        board.get_by_role("button", name=t("quiz.page.draw", "en")).click()
    board.wait_for_url(re.compile(r"[?&]code="))
    found = quiz(read_code(parse_qs(urlsplit(board.url).query)["code"][0]))
    assert len(found) == QUIZ_COUNT
    board.get_by_role("button", name=t("room.teacher.quiz", "en")).click()
    board.wait_for_url(re.compile(r"/room\?"))
    for offset, question in enumerate(found):
        number = 2 + offset
        # numbered as the quiz page numbers it, not as the room's second question
        heading = t("quiz.page.question", "en", n=offset + 1, count=len(found))
        expect(board.get_by_role("heading", name=heading)).to_be_visible()
        for phone, (_, lang) in zip(phones, PUPILS, strict=True):
            expect(phone.get_by_text(question.prompt(lang))).to_be_visible()
            option(phone, number, question.answer).click()
            expect(option(phone, number, question.answer)).to_have_attribute("kind", "primary")
        expect(board.get_by_text("of 3 have answered")).to_have_text("3 of 3 have answered.")
        control(board, "room_reveal").click()
        info = board.get_by_test_id("stAlertContentInfo")
        expect(info.get_by_text(question.explanation("en"))).to_be_visible()
        if offset + 1 < len(found):
            control(board, "room_next").click()
    expect(board.get_by_role("heading", name=t("room.board.score_title", "en"))).to_be_visible()
    for phone, (_, lang) in zip(phones, PUPILS, strict=True):
        score = t("room.phone.score", lang, right=1 + len(found), asked=1 + len(found))
        if phone is phones[1]:
            score = t("room.phone.score", lang, right=len(found), asked=1 + len(found))
        expect(phone.get_by_text(score)).to_be_visible()

    # the class against the expert, started from the teacher's folded panel: the phones vote;
    # one click shows the votes and the best move, and the board plays the vote's move by itself
    # a few seconds later
    board.get_by_text(t("room.teacher.title", "en"), exact=True).click()
    control(board, "room_bot_start").click()
    number = 2 + len(found)
    expect(board.get_by_text(t("room.bot.rule", "en"))).to_be_visible()
    for name in seat_labels("en"):
        expect(board.locator(".pk-stacks").first).to_contain_text(name)
    for phone in phones:
        expect(option(phone, number, 0)).to_be_visible()
        option(phone, number, 0).click()
        expect(option(phone, number, 0)).to_have_attribute("kind", "primary")
    expect(board.get_by_text("of 3 have answered")).to_have_text("3 of 3 have answered.")
    control(board, "room_bot_vote").click()
    expect(board.get_by_test_id("stProgress").first).to_contain_text("(100%)")
    expect(board.get_by_text(t("room.bot.played_vote", "en"))).to_be_visible()
    for phone in phones:
        expect(option(phone, number + 1, 0)).to_be_visible()
