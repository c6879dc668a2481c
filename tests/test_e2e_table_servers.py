"""One table on two servers sharing one PostgreSQL: two phones and a laptop, as behind a load
balancer that sends each device to either server.

Ana's phone (English) is on the first server, Bob's (French) and the host's laptop on the second:
every move crosses from one server to the other through the database. A game begun near its end
(`Tables.open(start=...)`, opened here on the shared database) is played to its last move and its
review opened; at a fresh table, a reload mid-turn (and Ana's address opened on the other server)
keeps the seat, a move tapped twice is played once, and a seat's link opened by another player is
refused. Waits are on what the pages show or on the stored table, never on time.

Skipped when PICKOMINO_TEST_POSTGRES_URL is unset (see tests/test_store.py) or Chromium is missing.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Iterator
from urllib.parse import quote, urlencode, urlsplit

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from pickomino.activities.table import Opened, Tables, View
from pickomino.game import Move, Table
from pickomino.i18n import Lang, t
from pickomino.store import Store, open_store
from pickomino.ui.storage import URL_SETTING
from tests.browser import (
    answered,
    needs_chromium,
    open_page,
    streamlit_server,
)
from tests.tables import table
from tests.test_e2e_table import NAMES, PLAYS, button, keep_tapped_twice, sit, told

POSTGRES = os.environ.get("PICKOMINO_TEST_POSTGRES_URL")

pytestmark = [
    needs_chromium,
    pytest.mark.skipif(
        POSTGRES is None,
        reason="set PICKOMINO_TEST_POSTGRES_URL to run two servers on one database",
    ),
]

NEAR_END = table(middle=[25, 36], stacks=[[21, 22], [23]])
"""Two tiles left in the middle: a few turns to the end."""


class Shared:
    """The two servers and the database they share, which the test reads and writes too."""

    def __init__(self, store: Store, first: str, second: str) -> None:
        self.tables, self.first, self.second = Tables(store, time.time), first, second

    def open(self, start: Table | None = None) -> Opened:
        """A host's table of two, opened on the shared database."""
        return self.tables.open(2, start=start)

    def stored(self, id: str) -> View:
        return self.tables.watch(id)

    def stored_at(self, id: str, number: int) -> View:
        """The stored table once it holds at least `number` moves (a click reaches it soon)."""
        for _ in range(400):
            view = self.stored(id)
            if view.number >= number:
                return view
            time.sleep(0.05)
        raise AssertionError(f"the table did not reach move {number}: {self.stored(id).number}")


@pytest.fixture(scope="module")
def shared() -> Iterator[Shared]:
    """Two servers of the app on a fresh PostgreSQL schema, dropped after the module."""
    import psycopg

    assert POSTGRES is not None
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if urlsplit(POSTGRES).query else "?"
    url = f"{POSTGRES}{joiner}options={quote(f'-c search_path={schema}')}"
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv(URL_SETTING, url)
            with (
                open_store(url) as store,
                streamlit_server() as first,
                streamlit_server() as second,
            ):
                yield Shared(store, first, second)
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def review(page: Page, lang: Lang) -> Locator:
    """The end's link to the game's review (the sidebar's menu, folded on a phone, is not it)."""
    return page.get_by_test_id("stMain").get_by_text(t("table_page.review", lang), exact=True)


def at_one_table(
    browser: Browser, shared: Shared, start: Table | None = None
) -> tuple[Opened, Page, Page, Page]:
    """A table, the host's laptop on the second server, Ana's phone on the first and Bob's on
    the second, both seated."""
    opened = shared.open(start)
    query = urlencode({"table": opened.id, "host": opened.host, "lang": "en"})
    laptop = open_page(browser, f"{shared.second}/table?{query}", 1280, 1000)
    ana, bob = (
        sit(browser, server, "?" + urlencode({"table": opened.id, "seat": link}), name, lang)
        for server, link, name, lang in zip(
            (shared.first, shared.second), opened.links, NAMES, ("en", "fr"), strict=True
        )
    )
    return opened, laptop, ana, bob


def test_a_game_across_two_servers_is_played_to_its_end_and_its_review(
    browser: Browser, shared: Shared
) -> None:
    opened, laptop, ana, bob = at_one_table(browser, shared, NEAR_END)
    id = opened.id
    assert shared.stored(id).table == NEAR_END
    phones = (ana, bob)
    langs: tuple[Lang, ...] = ("en", "fr", "en")
    while not (view := shared.stored(id)).over:
        assert view.table is not None
        mover = view.table.current
        move = PLAYS(view.table)
        button(phones[mover], view.number, move).click()
        after = shared.stored_at(id, view.number + 1)
        if not after.over:  # the other phone, on the other server, shows the move by itself
            other = 1 - mover
            expect(phones[other].get_by_text(told(after, other, langs[other]))).to_be_visible()
    # every device shows the end and the review, without a reload
    for page, lang in zip((ana, bob, laptop), langs, strict=True):
        expect(review(page, lang)).to_be_visible()
    finished = shared.stored(id).finished
    assert finished is not None and finished.record.table == NEAR_END
    assert finished.record.names == NAMES
    with answered(bob):
        review(bob, "fr").click()
    expect(bob).to_have_url(re.compile(r"/review\?"))
    expect(bob.get_by_role("heading", name=t("page.review.title", "fr"))).to_be_visible()


def test_a_reload_a_double_tap_and_another_players_link_across_two_servers(
    browser: Browser, shared: Shared
) -> None:
    opened, laptop, ana, bob = at_one_table(browser, shared)
    id = opened.id
    expect(ana.get_by_role("heading", name=t("table_page.your_turn", "en"))).to_be_visible()
    button(ana, 0, Move("roll")).click()
    expect(bob.get_by_text(told(shared.stored_at(id, 1), 1, "fr"))).to_be_visible()

    keep_tapped_twice(ana, bob, lambda: shared.stored(id))
    watched = shared.stored(id).log[-1].words("en", None, NAMES)[0]  # the laptop seats no one
    expect(laptop.get_by_text(watched)).to_be_visible()

    # Ana reloads mid-turn: the same seat, its buttons at the same move; her address opened on
    # the other server (a load balancer's choice) is her seat too
    with answered(ana):
        ana.reload()
    expect(ana.get_by_text(t("table_page.you_are", "en", name="Ana"))).to_be_visible()
    expect(ana.locator(".st-key-table_2_moves")).to_be_visible()
    elsewhere = open_page(
        browser, ana.url.replace(shared.first, shared.second), 390, 844, is_mobile=True
    )
    expect(elsewhere.get_by_text(t("table_page.you_are", "en", name="Ana"))).to_be_visible()
    expect(elsewhere.locator(".st-key-table_2_moves")).to_be_visible()
    elsewhere.context.close()

    # Cleo, on a phone of her own, opens Ana's seat link: refused, and the seat stays Ana's
    query = urlencode({"table": id, "seat": opened.links[0], "lang": "en"})
    cleo = open_page(browser, f"{shared.first}/table?{query}", 390, 844, is_mobile=True)
    cleo.get_by_role("textbox", name=t("room.join.nickname", "en"), exact=True).fill("Cleo")
    with answered(cleo):
        cleo.get_by_role("button", name=t("table_page.sit_down", "en")).click()
    expect(cleo.get_by_text(t("table.refused.seat_taken", "en"))).to_be_visible()
    assert shared.stored(id).names == NAMES
    assert shared.stored(id).number == 2
    expect(ana.locator(".st-key-table_2_moves")).to_be_visible()  # Ana still plays
