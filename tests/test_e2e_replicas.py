"""Two Streamlit servers on one PostgreSQL, as replicas behind a load balancer: a game played
through one is opened through the other by its id, the same game, and goes on there.

Skipped when PICKOMINO_TEST_POSTGRES_URL is unset (see tests/test_store.py) or Chromium is missing.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Browser, expect

from pickomino.i18n import t
from pickomino.ui.storage import URL_SETTING
from tests.browser import answered, needs_chromium, open_page, streamlit_server
from tests.test_e2e_play import MOVE, stored_game

POSTGRES = os.environ.get("PICKOMINO_TEST_POSTGRES_URL")

pytestmark = [
    needs_chromium,
    pytest.mark.skipif(POSTGRES is None, reason="set PICKOMINO_TEST_POSTGRES_URL to run it"),
]


@pytest.fixture
def replicas(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str]]:
    """Two servers of the app sharing a fresh PostgreSQL schema, which this process reads too."""
    import psycopg

    assert POSTGRES is not None
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if urlsplit(POSTGRES).query else "?"
    options = quote(f"-c search_path={schema}")
    monkeypatch.setenv(URL_SETTING, f"{POSTGRES}{joiner}options={options}")
    try:
        with streamlit_server() as first, streamlit_server() as second:
            yield first, second
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def test_a_game_played_on_one_server_opens_the_same_on_the_other(
    replicas: tuple[str, str], browser: Browser
) -> None:
    first, second = replicas
    page = open_page(browser, f"{first}/play?lang=en", 1280, 1000)
    page.get_by_label(t("play.seat_kind", "en", n=2), exact=True).click()  # opens the list
    with answered(page):
        page.get_by_role("option", name=t("play.kind.person", "en")).click()
    for seat, name in ((1, "Ana"), (2, "Bo")):
        field = page.get_by_label(t("play.seat_name", "en", n=seat), exact=True)
        field.fill(name)
        with answered(page):
            field.press("Enter")
    with answered(page):
        page.get_by_role("button", name=t("play.start", "en")).click()
    for _ in range(3):
        with answered(page):
            page.locator(MOVE).first.click()
    played = stored_game(page)
    assert played is not None and len(played[0].steps) == 3
    (stored,) = parse_qs(urlsplit(page.url).query)["match"]

    other = open_page(browser, f"{second}/play?lang=en&match={stored}", 1280, 1000)
    assert stored_game(other) == played, "opening it stored nothing new"
    player = played[0].names[played[0].table.current]
    heading = t("play.your_turn", "en", player=player)
    expect(other.get_by_role("heading", name=heading)).to_be_visible()
    with answered(other):
        other.locator(MOVE).first.click()
    moved = stored_game(other)
    assert moved is not None and moved[0].steps[:3] == played[0].steps
    assert len(moved[0].steps) == 4

    with answered(page):  # the first server, reloaded, finds the move made through the second
        page.reload()
    assert stored_game(page) == moved
