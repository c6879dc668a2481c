"""A live room outlives its server, and spans two: all its state is in the store.

A server restarted mid-room (same port, same SQLite file) loses no answer: the teacher's and the
pupil's pages reconnect by themselves, come back as the same teacher and the same pupil, and the
room goes on; a tap the moment a phone reconnects is recorded too. The restarted server runs
app.py alone, without the room's pulse route (`serve.py`), as a host that serves only app.py
would: the phone, whose page polled the route, follows the room by Streamlit's poll instead.
Two servers on one PostgreSQL serve one room: the teacher on one, a pupil on the other, each
seeing what the other did. Waits are on what the pages show, never on time.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from pickomino.i18n import t
from pickomino.rooms import pupil_id
from pickomino.store import open_store
from pickomino.ui.storage import URL_SETTING
from tests.browser import (
    answered,
    free_port,
    needs_chromium,
    open_page,
    ready,
    streamlit_server,
)

pytestmark = needs_chromium

POSTGRES = os.environ.get("PICKOMINO_TEST_POSTGRES_URL")
CONNECTED = "[data-testid='stApp'][data-test-connection-state='CONNECTED']"
"""What Streamlit's page says once its websocket is open again (its run may not have begun)."""


def open_room_with_a_game(browser: Browser, server: str) -> tuple[Page, str]:
    """A teacher's laptop that opened a room and started a game against the expert."""
    board = open_page(browser, f"{server}/room?lang=en", 1280, 1000, locale="en-GB")
    with answered(board):
        board.get_by_role("button", name=t("room.teacher.open", "en")).click()
    code = re.search(r"room=([A-Z0-9]{7})", board.url)[1]  # type: ignore[index]
    board.locator(".st-key-room_bot_start button").click()
    expect(board.get_by_role("heading", name=t("room.board.question", "en", n=1))).to_be_visible()
    return board, code


def join_and_answer(browser: Browser, server: str, code: str) -> Page:
    """A phone that joined as Zoë (in French) and answered the first option of question 1."""
    phone = open_page(browser, f"{server}/join?room={code}&lang=fr", 390, 844, is_mobile=True)
    phone.get_by_role("textbox", name=t("room.join.nickname", "fr"), exact=True).fill("Zoë")
    with answered(phone):
        phone.get_by_role("button", name=t("room.join.button", "fr")).click()
    option = phone.locator(".st-key-room_option_1_0 button")
    option.click()
    expect(option).to_have_attribute("kind", "primary")
    return phone


def the_room_goes_on(board: Page, phone: Page) -> None:
    """The teacher sees the answer and reveals the best move; the phone shows the outcome."""
    expect(board.get_by_text("of 1 has answered")).to_have_text("1 of 1 has answered.")
    board.locator(".st-key-room_reveal button").click()
    expect(phone.locator(".st-key-room_option_1_0 button")).to_be_disabled()
    verdict = phone.get_by_text(re.compile(r"^(Bravo|Pas cette fois)"))
    expect(verdict).to_be_visible()


def test_a_server_restart_mid_room_loses_no_answer(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(URL_SETTING, f"sqlite:///{tmp_path}/store.sqlite3")
    port = free_port()
    with streamlit_server(port=port) as server:
        board, code = open_room_with_a_game(browser, server)
        phone = join_and_answer(browser, server, code)
    option = phone.locator(".st-key-room_option_1_0 button")
    reveal = board.locator(".st-key-room_reveal button")
    # Streamlit disables every widget while its server is gone: without seeing that first, the
    # checks below passed on what the old server had drawn, and the reveal was clicked before the
    # board's new session had drawn its controls (then lost)
    for control in (option, reveal):
        expect(control).to_be_disabled(timeout=60_000)
    with streamlit_server(port=port, entry="app.py"):  # no pulse route: the fallback
        # both pages reconnect by themselves, each a new session of the new server
        for page, control in ((phone, option), (board, reveal)):
            expect(control).to_be_enabled(timeout=120_000)
            ready(page)
        expect(option).to_have_attribute("kind", "primary")
        assert "control" not in board.url
        the_room_goes_on(board, phone)


def test_a_tap_the_moment_a_phone_reconnects_is_recorded(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Guards the first tap after a restart: Streamlit makes the buttons active again the moment
    the page reconnects, the page's first run on the new server comes up to seconds later, and the
    new server dropped a tap on the old page's fragment without a word (the answer never stored,
    lost in every one of three tries). The phone now holds its answer buttons until the new run has
    drawn them (`devices.TAP_GUARD`): the tap, made as soon as the page is connected and the button
    takes it, is stored. Twice, so the answer changes each time (0, then 1, then 0 again)."""
    url = f"sqlite:///{tmp_path}/store.sqlite3"
    monkeypatch.setenv(URL_SETTING, url)
    port = free_port()
    with streamlit_server(port=port) as server:
        _, code = open_room_with_a_game(browser, server)
        phone = join_and_answer(browser, server, code)
    me = pupil_id(parse_qs(urlsplit(phone.url).query)["pupil"][0])
    connected = phone.locator(CONNECTED)
    for option in (1, 0):
        button = phone.locator(f".st-key-room_option_1_{option} button")
        expect(button).to_be_disabled(timeout=60_000)  # the old server is gone for the page
        with streamlit_server(port=port):
            expect(connected).to_be_attached(timeout=120_000)
            button.click()
            expect(button).to_have_attribute("kind", "primary")
            with open_store(url) as store:
                assert store.answers(store.find_room(code)) == [(me, 1, option)]


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A schema of its own in the test PostgreSQL, dropped after the test."""
    if POSTGRES is None:
        pytest.skip("set PICKOMINO_TEST_POSTGRES_URL to run two servers on one PostgreSQL")
    import psycopg

    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if urlsplit(POSTGRES).query else "?"
    yield f"{POSTGRES}{joiner}options={quote(f'-c search_path={schema}')}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


def test_two_servers_on_one_postgresql_serve_one_room(
    browser: Browser, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(URL_SETTING, postgres_url)
    with streamlit_server() as one, streamlit_server() as two:
        board, code = open_room_with_a_game(browser, one)
        phone = join_and_answer(browser, two, code)
        the_room_goes_on(board, phone)
