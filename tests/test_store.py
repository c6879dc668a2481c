"""The store keeps documents, refuses stale writes and forgets old ones, on SQLite and PostgreSQL.

Every test runs on both backends through the `url` fixture (tests/stores.py), with an injected
clock moved on by hand.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from pickomino import store
from pickomino.store import (
    EXPIRY,
    FORGET_AFTER,
    MAX_BYTES,
    BadStoreUrl,
    DocumentTooLarge,
    ExpiredDocument,
    RoomCodeTaken,
    SchemaTooNew,
    Store,
    UnknownDocument,
    Unreachable,
    VersionConflict,
    backends,
    open_store,
)
from tests.stores import START, Clock

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"[A-Za-z0-9_-]{11}")
MIGRATED = [(number,) for number in range(1, store.SCHEMA_VERSION + 1)]
"""The schema's record once every migration ran, each once."""


def raw(url: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows a query finds in the store's database, read past the store."""
    if url.startswith("sqlite:"):
        with sqlite3.connect(urlsplit(url).path[1:]) as connection:
            return connection.execute(sql).fetchall()
    import psycopg

    with psycopg.connect(url) as connection:
        return connection.execute(sql).fetchall()


GAME = {"players": 3, "names": ["Zoë", "Ana", "李"], "actions": [{"roll": ["W", "5"]}], "at": None}


def test_a_document_reads_back_as_written(db: Store, clock: Clock) -> None:
    created = db.create("game", GAME)
    assert ID.fullmatch(created.id)
    assert (created.kind, created.version, created.data) == ("game", 1, GAME)
    assert (created.written, created.expires) == (START, START + EXPIRY)
    clock.advance(timedelta(hours=1))
    assert db.read("game", created.id) == created
    assert db.read("game", created.id).data["names"] == ["Zoë", "Ana", "李"]


def test_the_store_keeps_its_own_copy(db: Store) -> None:
    data = {"answers": [1, 2]}
    created = db.create("quiz", data)
    data["answers"].append(3)
    created.data["answers"].append(4)
    assert db.read("quiz", created.id).data == {"answers": [1, 2]}


def test_an_unknown_id_is_refused_naming_it(db: Store) -> None:
    with pytest.raises(UnknownDocument, match="no game is stored under the id 'nothing-here'"):
        db.read("game", "nothing-here")
    quiz = db.create("quiz", {"code": "ABC"})
    # an id belongs to its kind: a quiz's id does not open a game
    with pytest.raises(UnknownDocument) as refused:
        db.read("game", quiz.id)
    assert (refused.value.kind, refused.value.id) == ("game", quiz.id)
    with pytest.raises(UnknownDocument):
        db.update("game", quiz.id, {"code": "XYZ"}, 1)
    with pytest.raises(UnknownDocument):
        db.touch("sandbox", quiz.id)
    assert db.read("quiz", quiz.id).data == {"code": "ABC"}


def test_a_documents_version_alone_follows_its_writes_and_refuses_as_a_read_does(
    db: Store, clock: Clock
) -> None:
    game = db.create("game", GAME)
    assert db.version("game", game.id) == 1
    db.update("game", game.id, {"move": 2}, 1)
    assert db.version("game", game.id) == db.read("game", game.id).version == 2
    with pytest.raises(UnknownDocument):  # an id belongs to its kind
        db.version("quiz", game.id)
    with pytest.raises(UnknownDocument):
        db.version("game", "nothing-here")
    clock.advance(EXPIRY)
    with pytest.raises(ExpiredDocument):
        db.version("game", game.id)
    clock.advance(FORGET_AFTER)
    with pytest.raises(UnknownDocument):
        db.version("game", game.id)


def test_a_version_is_read_beside_the_stores_own_write_not_after_it(db: Store) -> None:
    """A page's poll (`Store.version`, many a second) reads what was committed while the server's
    own store is mid-write, holding SQLite's write lock, instead of queueing behind the write.
    Fails with the reads on the writer's connection: the read then saw the write's version."""
    game = db.create("game", GAME)
    writing, done = threading.Event(), threading.Event()

    def write() -> None:
        with db._transaction() as run:  # a write of the store's, under way
            run("UPDATE documents SET version = version + 1 WHERE id = ?", (game.id,))
            writing.set()
            done.wait(10)

    writer = threading.Thread(target=write)
    writer.start()
    assert writing.wait(10)
    versions: list[int] = []
    reader = threading.Thread(target=lambda: versions.append(db.version("game", game.id)))
    reader.start()
    reader.join(10)  # a guard against a hang, not a limit of time: it fails by what it read
    done.set()
    writer.join()
    reader.join()
    assert versions == [1]
    assert db.version("game", game.id) == 2


def test_a_document_expires_a_stated_time_after_its_last_write(db: Store, clock: Clock) -> None:
    game = db.create("game", GAME)
    clock.advance(EXPIRY - timedelta(seconds=1))
    assert db.read("game", game.id).version == 1
    clock.advance(timedelta(seconds=1))
    with pytest.raises(ExpiredDocument, match=f"{game.id!r} expired on 2026-03-31 08:30 UTC") as e:
        db.read("game", game.id)
    assert e.value.expired == START + EXPIRY
    for late in (lambda: db.update("game", game.id, {}, 1), lambda: db.touch("game", game.id)):
        with pytest.raises(ExpiredDocument):
            late()
    # told it expired for a while, then it is as if it never was
    clock.advance(FORGET_AFTER - timedelta(seconds=1))
    with pytest.raises(ExpiredDocument):
        db.read("game", game.id)
    clock.advance(timedelta(seconds=1))
    with pytest.raises(UnknownDocument):
        db.read("game", game.id)


def test_writing_or_touching_restarts_the_expiry(db: Store, clock: Clock) -> None:
    game = db.create("game", GAME)
    clock.advance(timedelta(days=20))
    updated = db.update("game", game.id, {"move": 2}, 1)
    assert (updated.version, updated.written, updated.expires) == (2, clock.now, clock.now + EXPIRY)
    clock.advance(EXPIRY - timedelta(days=1))  # 49 days after creation, 29 after the update
    touched = db.touch("game", game.id)
    assert (touched.version, touched.data, touched.written) == (2, {"move": 2}, updated.written)
    assert touched.expires == clock.now + EXPIRY
    clock.advance(EXPIRY - timedelta(seconds=1))
    assert db.read("game", game.id) == touched
    clock.advance(timedelta(seconds=1))
    with pytest.raises(ExpiredDocument):
        db.read("game", game.id)


def test_a_purge_erases_expired_data_and_later_forgets_the_id(
    db: Store, clock: Clock, url: str
) -> None:
    old = db.create("game", {"secret": "old"})
    clock.advance(timedelta(days=20))
    young = db.create("sandbox", {"secret": "young"})
    clock.advance(timedelta(days=11))  # old expired a day ago
    assert db.purge() == 1
    assert db.purge() == 0
    rows = dict(raw(url, "SELECT id, data FROM documents"))
    assert rows == {old.id: None, young.id: '{"secret":"young"}'}
    clock.advance(FORGET_AFTER)  # old forgotten, young expired
    assert db.purge() == 2
    assert raw(url, "SELECT id, data FROM documents") == [(young.id, None)]
    with pytest.raises(ExpiredDocument):
        db.read("sandbox", young.id)


def test_any_use_of_the_store_purges_when_due_not_only_a_write(url: str, clock: Clock) -> None:
    def stored(id: str) -> object:
        return raw(url, f"SELECT data FROM documents WHERE id = '{id}'")[0][0]

    with open_store(url, clock) as db:
        kept = db.create("quiz", {"secret": 1})  # its first use purged: the next is due in an hour
        brief = db.create("quiz", {"secret": 2}, lifetime=timedelta(minutes=30))
        clock.advance(timedelta(minutes=40))
        with pytest.raises(ExpiredDocument):
            db.read("quiz", brief.id)
        assert stored(brief.id) == '{"secret":2}'  # expired, not purged yet: not due
        clock.advance(store.PURGE_EVERY - timedelta(minutes=40))
        db.read("quiz", kept.id)  # only reads from here on: the purge is due, and runs
        assert stored(brief.id) is None
        assert stored(kept.id) == '{"secret":1}'
        shorter = db.create("quiz", {"secret": 3}, lifetime=timedelta(minutes=1))
    clock.advance(timedelta(minutes=2))
    with open_store(url, clock) as second:  # another server's store purges on its first use
        second.read("quiz", kept.id)
    assert stored(shorter.id) is None


def test_an_update_made_on_an_old_version_is_refused(db: Store) -> None:
    room = db.create("room", {"answers": {}})
    mine, theirs = db.read("room", room.id), db.read("room", room.id)
    assert db.update("room", room.id, {"answers": {"Ana": 2}}, theirs.version).version == 2
    with pytest.raises(VersionConflict, match="made on version 1, it is now at version 2") as e:
        db.update("room", room.id, {"answers": {"Bo": 1}}, mine.version)
    assert (e.value.version, e.value.current) == (1, 2)
    assert db.read("room", room.id).data == {"answers": {"Ana": 2}}
    # the refused writer reads again and redoes its change on the other's
    again = db.read("room", room.id)
    both = db.update("room", room.id, {"answers": {**again.data["answers"], "Bo": 1}}, 2)
    assert db.read("room", room.id) == both
    assert both.version == 3 and both.data == {"answers": {"Ana": 2, "Bo": 1}}


def test_many_threads_of_two_servers_writing_at_once_lose_no_write(
    db: Store, url: str, clock: Clock
) -> None:
    """Streamlit runs each session in a thread; half of these use a second server's store."""
    counter = db.create("room", {"count": 0})
    threads, increments = 8, 25
    start = threading.Barrier(threads)
    finished: list[int] = []
    created: list[str] = []
    errors: list[BaseException] = []

    def work(server: Store) -> None:
        try:
            start.wait()
            for _ in range(increments):
                created.append(server.create("sandbox", {"by": threading.get_ident()}).id)
                for _attempt in range(1000):
                    seen = server.read("room", counter.id)
                    count = seen.data["count"] + 1
                    try:
                        server.update("room", counter.id, {"count": count}, seen.version)
                        break
                    except VersionConflict:
                        continue
                else:
                    raise AssertionError("an increment was refused 1000 times in a row")
            finished.append(1)
        except BaseException as error:  # reported below: a thread's exception is otherwise lost
            errors.append(error)

    with open_store(url, clock) as other:
        pool = [threading.Thread(target=work, args=((db, other)[n % 2],)) for n in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join(timeout=120)
    assert errors == []
    assert len(finished) == threads
    final = db.read("room", counter.id)
    assert final.data == {"count": threads * increments}
    assert final.version == 1 + threads * increments
    assert len(set(created)) == len(created) == threads * increments
    assert raw(url, "SELECT COUNT(*) FROM documents WHERE kind = 'sandbox'") == [(len(created),)]


def test_two_servers_on_one_database_see_each_others_documents(url: str, clock: Clock) -> None:
    with open_store(url, clock) as one, open_store(url, clock) as two:
        game = one.create("game", GAME)
        assert two.read("game", game.id).data == GAME
        two.update("game", game.id, {"turn": 2}, 1)
        assert one.read("game", game.id).data == {"turn": 2}
        with pytest.raises(VersionConflict):
            one.update("game", game.id, {"turn": 1}, 1)
    # and a server in another process, with a pool or a file lock of its own
    code = (
        "import sys\nfrom pickomino.store import open_store\n"
        "with open_store(sys.argv[1]) as other:\n"
        "    print(other.create('game', {'from': 'elsewhere'}).id)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, url], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    with open_store(url) as here:
        assert here.read("game", done.stdout.strip()).data == {"from": "elsewhere"}


def test_the_schema_is_created_once_however_often_and_however_many_start(url: str) -> None:
    starts = 4  # servers starting together on a new database
    together = threading.Barrier(starts)
    errors: list[BaseException] = []

    def start() -> None:
        together.wait()
        try:
            open_store(url).close()
        except BaseException as error:
            errors.append(error)

    pool = [threading.Thread(target=start) for _ in range(starts)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join(timeout=60)
    assert errors == []
    assert raw(url, "SELECT version FROM schema_version ORDER BY version") == MIGRATED
    with open_store(url) as first:
        kept = first.create("game", GAME)
    with open_store(url) as again:
        assert again.read("game", kept.id).data == GAME
    assert raw(url, "SELECT version FROM schema_version ORDER BY version") == MIGRATED


def test_a_database_migrated_by_a_newer_app_is_refused(url: str) -> None:
    open_store(url).close()
    if url.startswith("sqlite:"):
        with sqlite3.connect(urlsplit(url).path[1:]) as connection:
            connection.execute("INSERT INTO schema_version VALUES (99)")
    else:
        import psycopg

        with psycopg.connect(url) as connection:
            connection.execute("INSERT INTO schema_version VALUES (99)")
    with pytest.raises(
        SchemaTooNew, match=f"at version 99, newer than the {store.SCHEMA_VERSION} "
    ):
        open_store(url)


def test_a_document_over_the_size_limit_is_refused(db: Store) -> None:
    padding = MAX_BYTES - len('{"s":""}')
    largest = db.create("sandbox", {"s": "x" * padding})
    assert len(db.read("sandbox", largest.id).data["s"]) == padding
    with pytest.raises(DocumentTooLarge, match="1,000,001 bytes of JSON is over") as e:
        db.create("sandbox", {"s": "x" * (padding + 1)})
    assert e.value.size == MAX_BYTES + 1
    # non-ASCII text counts as the escapes it is stored as: é is \u00e9, six bytes
    with pytest.raises(DocumentTooLarge):
        db.update("sandbox", largest.id, {"s": "é" * (MAX_BYTES // 6 + 1)}, 1)
    assert db.read("sandbox", largest.id).version == 1


def test_ids_are_short_url_safe_random_and_distinct(db: Store) -> None:
    ids = [db.create("game", {}).id for _ in range(300)]
    assert all(ID.fullmatch(id) for id in ids)
    assert len(set(ids)) == len(ids)
    # 300 ids of 11 characters drawn from 64 use almost every one of them and begin in almost
    # as many ways (about one pair of them in six runs shares its first three characters); a
    # counter or a clock would not
    assert len(set("".join(ids))) >= 60
    assert len({id[:3] for id in ids}) >= len(ids) - 5


def test_a_sqlite_url_names_a_file_and_none_names_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with open_store(None) as default:
        default.create("game", {})
    assert (tmp_path / ".pickomino" / "store.sqlite3").is_file()  # as the README says
    with open_store("sqlite:///relative/here.sqlite3") as relative:
        relative.create("game", {})
    assert (tmp_path / "relative" / "here.sqlite3").is_file()
    assert raw(f"sqlite:///{tmp_path}/relative/here.sqlite3", "PRAGMA journal_mode") == [("wal",)]


@pytest.mark.parametrize(
    "bad", ["mysql://u@h/db", "sqlite://host/file.sqlite3", "sqlite:///", "store.sqlite3", ""]
)
def test_a_url_naming_no_backend_is_refused(bad: str) -> None:
    with pytest.raises(BadStoreUrl, match="neither sqlite:///PATH nor postgresql://"):
        open_store(bad)


def test_a_postgresql_that_does_not_answer_is_named_without_its_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backends, "_PG_CONNECT_SECONDS", 1.0)
    with pytest.raises(Unreachable, match=r"at 127\.0\.0\.1:9/pickomino within 1 s") as refused:
        open_store("postgresql://pupil:hunter2@127.0.0.1:9/pickomino")
    assert "hunter2" not in str(refused.value)


# ----- rooms: pupils and answers a row each, joins and answers checked atomically -----------

LIFE = timedelta(days=7)


def new_room(db: Store, code: str = "ABCDEFG", capacity: int = 3) -> str:
    return db.create_room(code, {"code": code}, capacity, LIFE).id


def test_a_code_opens_its_room_and_no_other(db: Store) -> None:
    id = new_room(db)
    assert db.find_room("ABCDEFG") == id
    with pytest.raises(UnknownDocument):
        db.find_room("ABCDEFH")
    with pytest.raises(RoomCodeTaken):
        new_room(db)
    assert db.read("room", id).data == {"code": "ABCDEFG"}


def test_pupils_join_come_back_and_are_refused_when_full_or_the_name_is_taken(
    db: Store, clock: Clock
) -> None:
    id = new_room(db, capacity=2)
    assert db.join_room(id, "p1", "Zoë") == "joined"
    zoe = clock.now.timestamp()
    clock.advance(timedelta(minutes=3))
    assert db.join_room(id, "p1", "Zoë") == "back"  # a reload: still joined when first seated
    assert db.join_room(id, "p2", "ZOË") == "taken"  # in any case
    assert db.join_room(id, "p2", "Ana") == "joined"
    assert db.join_room(id, "p3", "Li") == "full"
    ana = clock.now.timestamp()
    assert db.pupils(id) == [("p1", "Zoë", False, zoe), ("p2", "Ana", False, ana)]
    db.remove_pupil(id, "p2")
    assert db.join_room(id, "p2", "Ana") == "removed"  # the removed pupil's link is dead
    assert db.join_room(id, "p3", "Li") == "joined"  # the place is free again
    with pytest.raises(UnknownDocument):
        db.join_room("nothing", "p1", "Zoë")


def test_answers_go_only_to_the_open_question_and_can_change_until_it_closes(
    db: Store,
) -> None:
    id = new_room(db)
    db.join_room(id, "p1", "Zoë")
    db.join_room(id, "p2", "Ana")
    version = db.read("room", id).version
    assert not db.answer(id, "p1", 1, 0)  # no question open yet
    version = db.update_room(id, {"q": 1}, version, 1, LIFE).version
    assert db.answer(id, "p1", 1, 0)
    assert db.answer(id, "p1", 1, 2)  # changed
    assert db.answer(id, "p2", 1, 1)
    assert not db.answer(id, "p2", 2, 1)  # another question
    assert not db.answer(id, "stranger", 1, 1)  # never joined
    assert db.answers(id, 1) == [("p1", 1, 2), ("p2", 1, 1)]
    db.update_room(id, {"q": 1, "revealed": True}, version, None, LIFE)
    assert not db.answer(id, "p1", 1, 0)  # the reveal made the answers final
    assert db.answers(id) == [("p1", 1, 2), ("p2", 1, 1)]
    db.remove_pupil(id, "p2")
    assert db.answers(id) == [("p1", 1, 2)]


def test_an_answer_at_or_after_the_timers_deadline_is_refused_by_the_store(
    db: Store, clock: Clock
) -> None:
    id = new_room(db)
    db.join_room(id, "p1", "Zoë")
    db.join_room(id, "p2", "Ana")
    deadline = START.timestamp() + 30
    db.update_room(id, {}, 1, 1, LIFE, deadline)
    clock.advance(timedelta(seconds=29.5))
    assert db.answer(id, "p1", 1, 0)  # before the deadline
    clock.advance(timedelta(seconds=0.5))
    assert not db.answer(id, "p2", 1, 1)  # at it: the page may still show the question open
    assert not db.answer(id, "p1", 1, 3)  # nor may an answer be changed
    clock.advance(timedelta(seconds=5))
    assert not db.answer(id, "p2", 1, 1)
    assert db.answers(id, 1) == [("p1", 1, 0)]
    db.update_room(id, {}, 2, 2, LIFE)  # the next question, with no timer, takes answers
    assert db.answer(id, "p2", 2, 1)


def test_the_pulse_counts_every_change_and_reads_the_document_version(
    db: Store, clock: Clock
) -> None:
    id = new_room(db)
    start = db.room_pulse(id)
    assert start.version == 1
    clock.advance(timedelta(minutes=5))
    db.join_room(id, "p1", "Zoë")
    joined = db.room_pulse(id)
    assert joined.pulse > start.pulse and joined.version == 1
    assert joined.changed == start.changed + 300
    db.update_room(id, {}, 1, 1, LIFE)
    asked = db.room_pulse(id)
    assert asked.version == 2 and asked.pulse > joined.pulse
    db.answer(id, "p1", 1, 0)
    assert db.room_pulse(id).pulse > asked.pulse
    assert db.room_pulse(id).version == 2
    with pytest.raises(UnknownDocument):
        db.room_pulse("nothing")


def test_thirty_pupils_answering_at_once_on_two_servers_lose_no_answer(url: str) -> None:
    with open_store(url) as teacher, open_store(url) as other:
        id = new_room(teacher, capacity=60)
        teacher.update_room(id, {}, 1, 1, LIFE)
        pupils = [f"p{n}" for n in range(30)]
        for n, pupil in enumerate(pupils):
            (teacher if n % 2 else other).join_room(id, pupil, f"Pupil {n}")
        together = threading.Barrier(len(pupils))
        errors: list[BaseException] = []

        def tap(n: int, pupil: str) -> None:
            together.wait()
            try:
                assert (teacher if n % 2 else other).answer(id, pupil, 1, n % 4)
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=tap, args=item) for item in enumerate(pupils)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert errors == []
        assert sorted(teacher.answers(id, 1)) == sorted(
            (pupil, 1, n % 4) for n, pupil in enumerate(pupils)
        )


def test_a_full_room_takes_no_more_even_when_pupils_join_at_once(url: str) -> None:
    with open_store(url) as one, open_store(url) as two:
        id = new_room(one, capacity=5)
        together = threading.Barrier(12)
        outcomes: list[str] = []

        def join(n: int) -> None:
            together.wait()
            outcomes.append((one if n % 2 else two).join_room(id, f"p{n}", f"Pupil {n}"))

        threads = [threading.Thread(target=join, args=(n,)) for n in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(outcomes) == ["full"] * 7 + ["joined"] * 5
        assert len(one.pupils(id)) == 5


def test_a_room_its_pupils_and_answers_are_deleted_after_its_stated_time(
    db: Store, clock: Clock
) -> None:
    id = new_room(db)
    db.join_room(id, "p1", "Zoë")
    db.update_room(id, {}, 1, 1, LIFE)
    db.answer(id, "p1", 1, 0)
    clock.advance(LIFE - timedelta(seconds=1))
    db.purge()
    assert db.pupils(id) and db.answers(id)
    clock.advance(timedelta(seconds=1))
    db.purge()
    assert db.pupils(id) == [] and db.answers(id) == []
    with pytest.raises(UnknownDocument):
        db.find_room("ABCDEFG")
    new_room(db)  # the code is free again


def test_a_claimed_id_has_one_holder_until_it_expires(db: Store, clock: Clock) -> None:
    """A name claimed once (a quiz's teacher): a second claim is refused, whoever makes it."""
    assert db.claim("quiz_teacher", "teacher:CM2B-B10", {"teacher": "first"})
    clock.advance(EXPIRY - timedelta(seconds=1))
    assert not db.claim("quiz_teacher", "teacher:CM2B-B10", {"teacher": "second"})
    assert db.read("quiz_teacher", "teacher:CM2B-B10").data == {"teacher": "first"}
    clock.advance(timedelta(seconds=1))  # expired: the name is free again
    assert db.claim("quiz_teacher", "teacher:CM2B-B10", {"teacher": "second"})
    again = db.read("quiz_teacher", "teacher:CM2B-B10")
    assert (again.data, again.version, again.expires) == (
        {"teacher": "second"},
        2,
        START + 2 * EXPIRY,
    )
    clock.advance(EXPIRY + FORGET_AFTER)  # forgotten by a purge, then claimed afresh
    db.purge()
    assert db.claim("quiz_teacher", "teacher:CM2B-B10", {"teacher": "third"})
    assert db.read("quiz_teacher", "teacher:CM2B-B10").version == 1
    with pytest.raises(UnknownDocument):  # a claim is no other kind's document
        db.read("quiz", "teacher:CM2B-B10")


def test_observers_are_told_every_committed_change_of_a_number_and_nothing_else(
    db: Store,
) -> None:
    """A server holding pages' requests until a table's version or a room's pulse moves
    (`ui/pulse.py`) learns of its own writes from here: each one that moves a number, once it is
    committed (a change told before would be read as not yet made), and no read or refused write.
    """
    told: list[str] = []
    versions: list[int] = []
    game = db.create("game", GAME)

    def observer(id: str) -> None:
        told.append(id)
        if id == game.id:
            versions.append(db.version("game", id))  # what another reader sees then

    db.observe(observer)
    db.read("game", game.id)
    db.version("game", game.id)
    db.touch("game", game.id)
    db.update("game", game.id, {"move": 2}, 1)
    with pytest.raises(VersionConflict):
        db.update("game", game.id, {"move": 3}, 1)
    assert (told, versions) == ([game.id], [2])
    room = new_room(db)
    pupil = "p" * 16
    db.join_room(room, pupil, "Ada")
    db.update_room(room, {"code": "x"}, 1, 1, LIFE)
    db.answer(room, pupil, 1, 0)
    db.create_owned("table", room, [{}], 5)
    db.remove_pupil(room, pupil)
    assert told[1:] == [room] * 5


def test_many_versions_and_pulses_are_read_as_one_by_one_with_those_gone_left_out(
    db: Store, clock: Clock
) -> None:
    old, new, other = (db.create(kind, GAME) for kind in ("game", "game", "quiz"))
    db.update("game", new.id, {"move": 2}, 1)
    clock.advance(EXPIRY - timedelta(seconds=1))
    db.update("game", new.id, {"move": 3}, 2)
    clock.advance(timedelta(seconds=2))  # `old` expired, `new` written since
    ids = [old.id, new.id, other.id, "nothing-here"]
    assert db.versions("game", ids) == {new.id: 3} == {new.id: db.version("game", new.id)}
    assert db.versions("game", []) == {}
    rooms = [new_room(db, code) for code in ("ABCDEFG", "HJKMNPQ")]
    db.join_room(rooms[1], "p" * 16, "Ada")
    assert (
        db.room_pulses([*rooms, "nothing-here"])
        == {room: db.room_pulse(room).pulse for room in rooms}
        == {rooms[0]: 1, rooms[1]: 2}
    )
