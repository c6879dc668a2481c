"""A store whose database fails: one refusal, no place named, the work kept, the database back.

Faults are made in ways root cannot walk past (the tests run as root, which file modes do not
stop): SQLite's files made immutable (`chattr +i`, where the file system has the flag), a path
whose folder is a file, the database held locked by another connection; a PostgreSQL server of
the test's own (`tests/throwaway_pg.py`) stopped and started again, and a statement held up by
another connection's lock. Each through the store, then through the pages (AppTest): the page
says in the reader's language that its work is unsaved, shows no exception and no path, and once
the database is back the next action saves.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from streamlit.testing.v1 import AppTest

from pickomino import store
from pickomino.i18n import t
from pickomino.lessons.quiz import Setup, questions
from pickomino.match import Match
from pickomino.share import game_link
from pickomino.store import Store, StoreFault, Unreachable, backends, connection, open_store
from pickomino.ui import storage
from pickomino.ui.room import live
from tests import throwaway_pg
from tests.stores import Clock
from tests.test_app import opened, shown_text
from tests.test_visits import person_move

ROOT = Path(__file__).resolve().parent.parent
RETRY = timedelta(seconds=store.RETRY_AFTER)


def chattr(flag: str, *paths: Path) -> None:
    subprocess.run(["chattr", flag, *map(str, paths)], check=True, capture_output=True)


def immutable_files_unsupported(folder: Path) -> str | None:
    """Why `chattr +i` cannot be used in `folder`, or None when it can."""
    probe = folder / "probe"
    probe.touch()
    try:
        chattr("+i", probe)
    except (OSError, subprocess.CalledProcessError) as error:
        return f"chattr +i does not work here ({error}): the immutable-file faults are skipped"
    chattr("-i", probe)
    probe.unlink()
    return None


@pytest.fixture(scope="module")
def pg() -> Iterator[throwaway_pg.Server]:
    """A PostgreSQL server of this module's own, to stop and start."""
    missing = throwaway_pg.available()
    if missing is not None:
        pytest.skip(f"the throwaway PostgreSQL cannot run: {missing}")
    with throwaway_pg.server() as made:
        yield made


def schema_url(server_url: str) -> str:
    """A URL of `server_url` with a schema no other test uses."""
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    return f"{server_url}?options={quote(f'-c search_path={schema}')}"


def names_no_place(error: BaseException, *places: str) -> None:
    for place in places:
        assert place not in str(error)


# ----- the store ------------------------------------------------------------------------------


IMMUTABLE = """
import json, subprocess, sys
from pickomino.store import StoreError, connection, open_store

folder = sys.argv[1]
db = open_store(f"sqlite:///{folder}/store.sqlite3")
kept = db.create("game", {"n": 1})
files = [f"{folder}/{name}" for name in ("store.sqlite3", "store.sqlite3-wal", "store.sqlite3-shm")]
subprocess.run(["chattr", "+i", *files], check=True)
said = []
try:
    for attempt in (lambda: db.create("game", {}), lambda: db.read("game", kept.id),
                    lambda: db.update("game", kept.id, {"n": 2}, 1)):
        try:
            attempt()
            said.append("written")
        except StoreError as error:
            said.append(f"{type(error).__name__}: {error}")
finally:
    subprocess.run(["chattr", "-i", *files], check=True)
connection.RETRY_AFTER = 0.0
said.append(db.update("game", kept.id, {"n": 2}, 1).version)
print(json.dumps(said))
"""


def test_sqlite_files_made_immutable_refuse_without_killing_the_server_and_come_back(
    tmp_path: Path,
) -> None:
    """Writing to, or closing, a WAL index made immutable kills the process with SIGBUS: the
    store checks first. Run in a process of its own, whose death would be this test failing."""
    unsupported = immutable_files_unsupported(tmp_path)
    if unsupported:
        pytest.skip(unsupported)
    ran = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(IMMUTABLE), str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr  # -7: SIGBUS
    said = json.loads(ran.stdout)
    assert (
        said[:3]
        == ["StoreFault: the store's database failed (PermissionError); try again later"]
        + ["StoreFault: the store's database failed (failed moments ago); try again later"] * 2
    )
    assert said[3] == 2  # the file writable again: the same store writes, no restart
    assert str(tmp_path) not in ran.stdout


def test_a_sqlite_path_that_cannot_be_made_is_refused_unnamed_then_opened_once_it_can(
    tmp_path: Path, clock: Clock
) -> None:
    blocker = tmp_path / "folder"
    blocker.write_text("a file where the store's folder should be")
    url = f"sqlite:///{blocker}/store.sqlite3"
    with pytest.raises(StoreFault) as refused:
        open_store(url, clock)
    names_no_place(refused.value, str(tmp_path))
    lazy = open_store(url, clock, connect=False)  # as the app opens it: nothing tried yet
    with pytest.raises(StoreFault) as refused:
        lazy.create("game", {})
    names_no_place(refused.value, str(tmp_path))
    blocker.unlink()
    with pytest.raises(StoreFault):  # tried again only after RETRY_AFTER
        lazy.create("game", {})
    clock.advance(RETRY)
    made = lazy.create("game", {"n": 1})
    assert lazy.read("game", made.id).data == {"n": 1}
    lazy.close()


@contextmanager
def another_writer(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch, begin: str
) -> Iterator[tuple[Store, str, sqlite3.Connection]]:
    """A SQLite store holding one game, and another server's connection to its file, inside
    `begin` (its write lock taken): the store, the game's id and that connection, rolled back and
    closed after."""
    monkeypatch.setattr(backends, "_SQLITE_BUSY_SECONDS", 0.1)
    path = tmp_path / "store.sqlite3"
    with open_store(f"sqlite:///{path}", clock) as db:
        kept = db.create("game", {"n": 1})
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute(begin)
        try:
            yield db, kept.id, holder
        finally:
            if holder.in_transaction:
                holder.execute("ROLLBACK")
            holder.close()


def test_a_locked_sqlite_database_costs_one_wait_then_is_refused_at_once_until_retried(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with another_writer(tmp_path, clock, monkeypatch, "BEGIN EXCLUSIVE") as (db, id, holder):
        with pytest.raises(StoreFault, match=r"\(OperationalError\)"):  # another server stuck
            db.update("game", id, {"n": 2}, 1)
        holder.execute("ROLLBACK")
        with pytest.raises(StoreFault, match="failed moments ago"):  # not tried: no wait
            db.read("game", id)
        clock.advance(RETRY)
        assert db.update("game", id, {"n": 2}, 1).version == 2


def test_a_sqlite_read_does_not_wait_for_another_servers_writer(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read takes no write lock: it sees what was committed while another writer holds it."""
    with another_writer(tmp_path, clock, monkeypatch, "BEGIN IMMEDIATE") as (db, id, holder):
        holder.execute("UPDATE documents SET data = '{\"n\": 9}' WHERE id = ?", (id,))
        assert db.read("game", id).data == {"n": 1}  # another server mid-write, not committed
        with pytest.raises(StoreFault, match=r"\(OperationalError\)"):  # a write still waits
            db.update("game", id, {"n": 2}, 1)


def test_a_postgresql_stopped_mid_use_is_refused_unnamed_and_used_again_once_back(
    pg: throwaway_pg.Server, clock: Clock
) -> None:
    url = schema_url(pg.url)
    with open_store(url, clock) as db:
        kept = db.create("game", {"n": 1})
        pg.stop()
        try:
            with pytest.raises(StoreFault) as refused:
                db.update("game", kept.id, {"n": 2}, 1)
            names_no_place(refused.value, str(pg.port), "127.0.0.1", "postgres")
            with pytest.raises(StoreFault, match="failed moments ago"):
                db.read("game", kept.id)
            clock.advance(RETRY)
            with pytest.raises(Unreachable):  # tried again: a new connection is refused
                db.read("game", kept.id)
        finally:
            pg.start()
        clock.advance(RETRY)
        assert db.read("game", kept.id).version == 1  # the update refused wrote nothing
        assert db.update("game", kept.id, {"n": 2}, 1).version == 2


def test_a_postgresql_down_when_the_server_starts_is_used_once_it_is_up(
    pg: throwaway_pg.Server, clock: Clock
) -> None:
    url = schema_url(pg.url)
    pg.stop()
    try:
        lazy = open_store(url, clock, connect=False)
        with pytest.raises(Unreachable):
            lazy.create("quiz", {})
    finally:
        pg.start()
    clock.advance(RETRY)
    made = lazy.create("quiz", {"n": 1})
    assert lazy.read("quiz", made.id).data == {"n": 1}
    lazy.close()


def test_a_postgresql_statement_held_up_is_cancelled_and_refused(
    pg: throwaway_pg.Server, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "_PG_STATEMENT_MS", 100)
    url = schema_url(pg.url)
    with open_store(url, clock) as db:
        kept = db.create("game", {"n": 1})
        with psycopg.connect(url) as holder:
            holder.execute("LOCK TABLE documents IN ACCESS EXCLUSIVE MODE")
            with pytest.raises(StoreFault, match=r"\(QueryCanceled\)"):
                db.read("game", kept.id)
        clock.advance(RETRY)
        assert db.read("game", kept.id).data == {"n": 1}


# ----- the pages ------------------------------------------------------------------------------


@dataclass
class Fault:
    """A store URL for the app, a way to break its database and to mend it, and what of it the
    pages must never show."""

    url: str
    down: Callable[[], None]
    up: Callable[[], None]
    places: tuple[str, ...]
    first_use_down: bool = False
    """The fault is of opening: it must be there before the server's first use of the store."""
    cleanup: list[Callable[[], None]] = field(default_factory=list)


def sqlite_path_fault(folder: Path) -> Fault:
    blocker = folder / "blocked"

    def down() -> None:
        blocker.write_text("a file where the store's folder should be")

    return Fault(f"sqlite:///{blocker}/store.sqlite3", down, blocker.unlink, (str(folder),), True)


def sqlite_immutable_fault(folder: Path) -> Fault:
    path = folder / "store.sqlite3"
    files = [path.with_name(path.name + suffix) for suffix in ("", "-wal", "-shm")]

    def down() -> None:
        chattr("+i", *files)

    def up() -> None:
        chattr("-i", *files)

    fault = Fault(f"sqlite:///{path}", down, up, (str(folder),))
    fault.cleanup.append(lambda: subprocess.run(["chattr", "-i", *map(str, files)], check=False))
    return fault


def postgres_fault(server: throwaway_pg.Server) -> Fault:
    return Fault(schema_url(server.url), server.stop, server.start, (str(server.port), "127.0.0.1"))


@pytest.fixture(params=["sqlite-path", "sqlite-immutable", "postgresql"])
def fault(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Fault]:
    """The app's store set to a database this test breaks and mends, tried again at once."""
    if request.param == "sqlite-path":
        made = sqlite_path_fault(tmp_path)
    elif request.param == "sqlite-immutable":
        unsupported = immutable_files_unsupported(tmp_path)
        if unsupported:
            pytest.skip(unsupported)
        made = sqlite_immutable_fault(tmp_path)
    else:
        made = postgres_fault(request.getfixturevalue("pg"))
    monkeypatch.setenv(storage.URL_SETTING, made.url)
    monkeypatch.setattr(connection, "RETRY_AFTER", 0.0)
    storage.store.clear()
    live.wrong_codes.clear()
    yield made
    for step in made.cleanup:
        step()
    storage.store().close()
    storage.store.clear()


def unsaved(at: AppTest, key: str, fault: Fault) -> None:
    """The page ran, says `key` (its "unsaved" words) and names no place of the server."""
    assert not at.exception
    said = [str(element.value) for element in at.error]
    assert t(key, "fr") in said
    shown = "\n".join([shown_text(at), *said])
    for place in fault.places:
        assert place not in shown


def saved(url: str, kind: store.Kind, id: str) -> None:
    """Raises unless the store at `url` holds this document."""
    with open_store(url) as db:
        db.read(kind, id)


def test_every_page_that_writes_says_unsaved_keeps_the_work_and_saves_once_back(
    fault: Fault,
) -> None:
    if fault.first_use_down:
        fault.down()
        room = None
    else:  # a room to join, opened while the store worked; then the fault
        teacher = opened("app_pages/room.py", "fr")
        teacher.button(key="room_open").click().run()
        room = str(teacher.query_params["room"])
        fault.down()
    try:
        sandbox = opened("app_pages/sandbox.py", "fr")
        fresh = sandbox.session_state["sandbox"]
        sandbox = sandbox.button(key="sandbox_roll").click().run()
        unsaved(sandbox, "sandbox.saved.unreachable", fault)
        rolled = sandbox.session_state["sandbox"]
        assert rolled.table != fresh.table  # the roll is played, kept in the page only
        assert len(rolled.history) == 2 and "box" not in sandbox.query_params
        unsaved(
            opened("app_pages/sandbox.py", "fr", box="AAAAAAAAAAA"),
            "sandbox.saved.unreachable",
            fault,
        )
        unsaved(
            opened("app_pages/play.py", "fr", match="AAAAAAAAAAA"), "play.saved.unreachable", fault
        )
        record = Match.new(("person", "expert"), ("Ana", ""), 3).record()
        link = game_link(record)
        assert link is not None
        played = person_move(opened("app_pages/play.py", "fr", game=link))  # stored at a move
        unsaved(played, "play.saved.unreachable", fault)
        setup = Setup("FAULT", "first", 5)
        quiz = opened("app_pages/quiz.py", "fr", code="FAULT-B5")
        quiz = quiz.button(key=f"quiz_choice_0_{questions(setup)[0].answer}").click().run()
        unsaved(quiz, "quiz.saved.unreachable", fault)
        unsaved(
            opened("app_pages/quiz.py", "fr", code="FAULT-B5", run="AAAAAAAAAAA"),
            "quiz.saved.unreachable",
            fault,
        )
        opening = opened("app_pages/room.py", "fr").button(key="room_open").click().run()
        unsaved(opening, "room.refused.unreachable", fault)
        if room is not None:
            phone = opened("app_pages/join.py", "fr", room=room)
            phone.text_input(key="join_name").input("Zoë")
            phone = phone.button[0].click().run()
            unsaved(phone, "room.refused.unreachable", fault)
            board = opened("app_pages/room.py", "fr", room=room)
            unsaved(board, "room.refused.unreachable", fault)
    finally:
        fault.up()
    # back: the next action of the same pages saves
    sandbox = sandbox.button(key="sandbox_undo").click().run()
    assert not sandbox.exception and not sandbox.error
    saved(fault.url, "sandbox", str(sandbox.query_params["box"]))
    quiz = quiz.button(key="quiz_next_0").click().run()
    quiz = quiz.button(key=f"quiz_choice_1_{questions(setup)[1].answer}").click().run()
    assert not quiz.exception and not quiz.error
    saved(fault.url, "quiz", str(quiz.query_params["run"]))
    if room is not None:
        phone = phone.button[0].click().run()
        assert not phone.exception and "pupil" in phone.query_params


DMS_PROBE = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 128)
    print("free")
except OSError:
    print("held")
"""
"""Another process asking for SQLite's "the index is in use" lock (byte 128 of the WAL index)."""


@pytest.mark.skipif(sys.platform != "linux", reason="the immutable flag is read on Linux only")
def test_a_connected_store_keeps_sqlites_lock_on_the_wal_index_while_checking_its_flag(
    tmp_path: Path,
) -> None:
    """Reading the index's flag must not drop SQLite's locks: closing any descriptor of a file
    drops every POSIX lock the process holds on it, another process then took the index as unused
    and reset it, and the server's mapping of it died with SIGBUS (a CI run lost its browser
    tests' server so). Fails with the flag read through a descriptor opened and closed each time."""
    path = tmp_path / "store.sqlite3"
    with open_store(f"sqlite:///{path}") as kept:
        for n in range(3):  # each transaction reads the flag first
            kept.create("game", {"n": n})
        probe = [sys.executable, "-c", DMS_PROBE, str(path.with_name(path.name + "-shm"))]
        assert subprocess.run(probe, capture_output=True, text=True).stdout.strip() == "held"
