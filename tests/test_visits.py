"""Visits alone store nothing: every page a link opens reads it without writing to the store.

A link is shared with a class or posted anywhere; were each visit to store a document, the store
would grow with the clicks on a link (200 visits, 200 documents). Each page stores at its first
change instead. Counted here in a SQLite store of the test's own, by SQL over all its tables.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.bots import strategy
from pickomino.match import Match
from pickomino.share import encode_scenario, encode_table
from pickomino.ui import storage
from pickomino.ui.play import state
from pickomino.ui.room import live
from tests.tables import table
from tests.test_app import opened

VISITS = 3
TABLES = ("documents", "rooms", "room_pupils", "room_answers")


@pytest.fixture
def rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A store no other test sees (the app keeps one per process); its file, to count rows in."""
    path = tmp_path / "store.sqlite3"
    monkeypatch.setenv(storage.URL_SETTING, f"sqlite:///{path}")
    storage.store.clear()
    live.wrong_codes.clear()
    storage.store().purge()  # the app's store connects on first use: the tables, before a count
    yield path
    storage.store().close()
    storage.store.clear()


def count(path: Path) -> int:
    """Every row the store holds: documents, rooms, their pupils and answers."""
    with sqlite3.connect(path) as connection:
        counts = (connection.execute(f"SELECT count(*) FROM {name}") for name in TABLES)
        return sum(int(found.fetchone()[0]) for found in counts)


def visits(path: Path, page: str, **params: str) -> AppTest:
    """`VISITS` new sessions opening `page` with `params`; checks that none stored a thing."""
    before = count(path)
    for _ in range(VISITS):
        at = opened(page, **params)
        assert not at.exception, at.exception
        assert count(path) == before, f"a visit of {page} {sorted(params)} stored something"
    return at


def person_move(at: AppTest) -> AppTest:
    """The person's next move on the Play page, as the cautious bot would play it."""
    move = strategy("cautious")(at.session_state[state.MATCH].table)
    key = {"roll": "play_roll", "stop": "play_stop"}.get(move.kind)
    key = key or (f"play_keep_{move.face}" if move.kind == "keep" else f"play_take_{move.tile}")
    return at.button(key=key).click().run()


def test_a_game_link_is_stored_at_its_first_move_not_by_its_visits(rows: Path) -> None:
    game = Match.new(("person", "expert"), ("Ana", ""), 4).until_person()
    value = encode_scenario(game.record())
    at = visits(rows, "app_pages/play.py", game=value, seed="8")
    assert at.session_state[state.MATCH].table == game.table
    # the address still opens this game, with the seed its dice roll with
    assert dict(at.query_params) == {"lang": "en", "game": value, "seed": "8"}
    at = person_move(at)
    assert count(rows) == 1 and set(at.query_params) == {"lang", "match"}
    # the stored game's visits read it, writing nothing
    again = visits(rows, "app_pages/play.py", match=str(at.query_params["match"]))
    assert again.session_state[state.MATCH] == at.session_state[state.MATCH]


def test_a_game_link_without_a_seed_keeps_the_one_drawn_in_the_address(rows: Path) -> None:
    game = Match.new(("person", "person"), ("Ana", "Bo"), 4)
    at = visits(rows, "app_pages/play.py", game=encode_scenario(game.record()))
    drawn = at.session_state[state.MATCH].seed
    assert at.query_params["seed"] == str(drawn)
    again = opened("app_pages/play.py", **dict(at.query_params))
    assert again.session_state[state.MATCH] == at.session_state[state.MATCH]


def test_sandbox_quiz_review_and_explorer_links_store_nothing(rows: Path) -> None:
    decide = table(middle=[21, 22, 23], kept=["W", "5"], rolled=["4", "4", "3", "1", "1", "2"])
    visits(rows, "app_pages/sandbox.py", table=encode_table(decide))
    visits(rows, "app_pages/sandbox.py", scenario="turn-walkthrough")
    visits(rows, "app_pages/explorer.py", table=encode_table(decide))
    game = Match.new(("expert", "cautious"), ("", ""), 2).bot_move()
    visits(rows, "app_pages/review.py", game=encode_scenario(game.record()))
    quiz = visits(rows, "app_pages/quiz.py", code="K7QM-E5")
    # an answer stores the pupil's progress; its `?run=` then reads it back
    quiz = quiz.button(key="quiz_choice_0_0").click().run()
    assert count(rows) == 1
    visits(rows, "app_pages/quiz.py", **dict(quiz.query_params))
    sandbox = opened("app_pages/sandbox.py", table=encode_table(decide))
    sandbox = sandbox.button(key="sandbox_keep_4").click().run()
    assert count(rows) == 2
    visits(rows, "app_pages/sandbox.py", **dict(sandbox.query_params))


def test_room_pages_store_nothing_but_a_room_opened_or_joined(rows: Path) -> None:
    teacher = opened("app_pages/room.py")
    teacher = teacher.button(key="room_open").click().run()
    code = str(teacher.query_params["room"])
    room = count(rows)
    assert room > 0
    visits(rows, "app_pages/room.py", room=code)
    visits(rows, "app_pages/join.py", room=code)
    pupil = opened("app_pages/join.py", room=code)
    pupil.text_input(key="join_name").input("Ana")
    pupil = pupil.button[0].click().run()
    assert count(rows) == room + 1  # the pupil's seat
    visits(rows, "app_pages/join.py", **dict(pupil.query_params))
