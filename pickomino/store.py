"""The app's durable shared state: JSON documents by kind, under short unguessable ids.

A link can carry a table, but not a long game, a sandbox's whole history or a quiz's answers, and
the live classroom needs state that many sessions, and several servers, read and change. So those
go into a store, which outlives a session, a reload and (with PostgreSQL) a server.

Every document has a version. An update names the version it was made on and is refused if
another writer changed the document since (`VersionConflict`): two clicks, two tabs or two servers
cannot overwrite each other unseen. A document expires `EXPIRY` after its last write; an expired
one reads as `ExpiredDocument` for `FORGET_AFTER` more (its data erased at once), so that a reader
of an old link is told it expired rather than that it never existed, then as `UnknownDocument`.

Two backends behind one interface: SQLite in a file (the default, no set-up) and PostgreSQL (for
replicas behind a load balancer). `open_store` picks one from a URL; the UI reads that URL from its
settings and hands it over, since this module, like the engine, imports no Streamlit.

Whatever goes wrong in the database or the file system (a read-only file, a full disk, a lost
connection, a server that does not answer) comes out as one refusal, `StoreFault`, which names no
path or URL: the pages say their work is unsaved and go on. After a fault the store reconnects on
its next use, but not before `RETRY_AFTER` has passed, so a database that is down costs one
click a short wait rather than every click a long one.
"""

from __future__ import annotations

import array
import json
import logging
import math
import os
import secrets
import sqlite3
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self
from urllib.parse import unquote, urlsplit

from pickomino.echo import name_key

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

Kind = Literal["game", "sandbox", "quiz", "room"]

EXPIRY = timedelta(days=30)
FORGET_AFTER = timedelta(days=30)
MAX_BYTES = 1_000_000
"""The most a document's JSON may take, in bytes (it is stored as ASCII): over 80 times the
12,000-character link the records outgrow, and still no way for one writer to fill a small hosted
database with a few rows."""
ID_BYTES = 8
"""64 random bits, 11 URL-safe characters: short enough to read out, too many to guess."""
DEFAULT_PATH = Path(".pickomino") / "store.sqlite3"
"""Where `open_store(None)` keeps its SQLite file, relative to the server's working directory."""
PURGE_EVERY = timedelta(hours=1)
"""The most time, on the store's clock, between two purges of expired documents by one `Store`:
any use of the store runs one when it is due, so data is erased on time even where nothing new is
written. A purge is a few indexed statements, so running it this often costs nothing."""
RETRY_AFTER = 3.0
"""Seconds, on the store's clock, that a store refuses at once after a fault before it tries its
database again: a PostgreSQL that does not answer then costs one click its timeout every few
seconds, not every click."""
_ADVISORY_LOCK = 0x7069636B6F6D696E  # "pickomin": the key of the schema's lock on PostgreSQL
_SQLITE_BUSY_SECONDS = 2.0
_PG_POOL_SIZE = 10
_PG_CONNECT_SECONDS = 2.0
"""How long a click waits for a PostgreSQL connection (libpq's shortest connect timeout)."""
_PG_STATEMENT_MS = 2000
"""PostgreSQL cancels a statement running longer (each takes a millisecond or so)."""
_PG_UNACKNOWLEDGED_MS = 3000
"""A connection whose sent data the server has not acknowledged for this long is dropped
(TCP_USER_TIMEOUT): a server gone from the network fails a statement instead of hanging it."""

_log = logging.getLogger(__name__)


class StoreError(Exception):
    """Anything the store refuses; the subclasses carry what the UI needs to word it."""


class UnknownDocument(StoreError):
    """No document of this kind has this id (never had, or expired long ago)."""

    def __init__(self, kind: Kind, id: str) -> None:
        super().__init__(f"no {kind} is stored under the id {id!r}")
        self.kind = kind
        self.id = id


class ExpiredDocument(StoreError):
    """The document existed but was neither written nor touched for `EXPIRY`: its data is gone."""

    def __init__(self, kind: Kind, id: str, expired: datetime) -> None:
        super().__init__(
            f"the {kind} stored under the id {id!r} expired on {expired:%Y-%m-%d %H:%M} UTC, "
            f"{EXPIRY.days} days after its last write"
        )
        self.kind = kind
        self.id = id
        self.expired = expired


class VersionConflict(StoreError):
    """Another writer changed the document after the version this update was made on."""

    def __init__(self, kind: Kind, id: str, version: int, current: int) -> None:
        super().__init__(
            f"the {kind} {id!r} was changed by another writer: this change was made on version "
            f"{version}, it is now at version {current}; read it again and redo the change"
        )
        self.kind = kind
        self.id = id
        self.version = version
        self.current = current


class DocumentTooLarge(StoreError):
    """The document's JSON is over `MAX_BYTES`."""

    def __init__(self, kind: Kind, size: int) -> None:
        super().__init__(
            f"a {kind} of {size:,} bytes of JSON is over the store's limit of {MAX_BYTES:,} bytes"
        )
        self.kind = kind
        self.size = size


class SchemaTooNew(StoreError):
    """The database was migrated by a newer version of the app than this one."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the store's schema is at version {found}, newer than the {SCHEMA_VERSION} this "
            "version of the app knows: run the newer app, or give this one another database"
        )
        self.found = found


class BadStoreUrl(StoreError):
    """A store URL that names no backend this module has."""

    def __init__(self, url: str) -> None:
        super().__init__(
            f"store URL {url!r} is neither sqlite:///PATH nor postgresql://USER:PASSWORD@HOST/DB"
        )
        self.url = url


class StoreFault(StoreError):
    """The database or its files failed: the store could not do what was asked, just now.

    Every error of the database driver or the file system becomes this, with the error's kind but
    not its message (which may hold a path or a host), so that whatever shows it names no place on
    the server. Nothing was written; the same call may work once the database is back.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"the store's database failed ({reason}); try again later")
        self.reason = reason


class Unreachable(StoreFault):
    """The PostgreSQL server named by the URL did not answer."""

    def __init__(self, where: str, seconds: float) -> None:
        StoreError.__init__(
            self, f"could not connect to the PostgreSQL at {where} within {seconds:g} s"
        )
        self.reason = "unreachable"
        self.where = where


class RoomCodeTaken(StoreError):
    """An open room already has this code (the caller draws another)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"a room already has the code {code!r}")
        self.code = code


JoinOutcome = Literal["joined", "back", "full", "crowded", "taken", "removed"]
"""What a pupil's join did: seated, seated again (a reload), or why not."""


@dataclass(frozen=True)
class RoomPulse:
    """What a polling page compares with what it drew, read in one indexed query.

    The document's version, the room's count of changes (joins, answers, the teacher's clicks)
    and the time of its last change (for closing an idle room).
    """

    version: int
    pulse: int
    changed: float


@dataclass(frozen=True)
class Document:
    """One stored document as read: its data, and the version an update of it must name.

    `written` is its last change (of data), `expires` when it will read as expired unless it is
    written or touched before.
    """

    id: str
    kind: Kind
    version: int
    data: dict[str, Any]
    written: datetime
    expires: datetime


class _Cursor(Protocol):
    """What both drivers' cursors offer, as far as the store uses them."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> Any: ...


_Run = Callable[[str, Sequence[object]], _Cursor]
"""Runs one statement in the open transaction; `?` marks each parameter, on both backends."""

_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the documents. `data` is the JSON text, NULL once expired (the row stays only to tell a
    # reader that it expired); times are seconds since 1970, UTC, in the app's clock. Text rather
    # than PostgreSQL's jsonb: the same column on both backends, and the data read back as written.
    (
        """CREATE TABLE IF NOT EXISTS documents (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            version INTEGER NOT NULL,
            data TEXT,
            written DOUBLE PRECISION NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS documents_expires ON documents (expires)",
    ),
    # 2: the live classroom. A room's own document (kind "room") changes only by its teacher's
    # clicks; each pupil and each answer is a row of its own, so thirty pupils answering at once
    # never collide on the document's version. `rooms.pulse` counts every change to a room, its
    # document's or its rows', so a page learns whether anything changed with one indexed read;
    # `open_question` is the question answers may go to, checked in the answer's own statement.
    (
        """CREATE TABLE IF NOT EXISTS rooms (
            id TEXT PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            pulse INTEGER NOT NULL,
            open_question INTEGER,
            capacity INTEGER NOT NULL,
            changed DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS room_pupils (
            room TEXT NOT NULL,
            pupil TEXT NOT NULL,
            nickname TEXT NOT NULL,
            folded TEXT NOT NULL,
            removed INTEGER NOT NULL,
            joined DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (room, pupil)
        )""",
        "CREATE UNIQUE INDEX IF NOT EXISTS room_nicknames ON room_pupils (room, folded)",
        """CREATE TABLE IF NOT EXISTS room_answers (
            room TEXT NOT NULL,
            pupil TEXT NOT NULL,
            question INTEGER NOT NULL,
            answer INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (room, question, pupil)
        )""",
    ),
    # 3: the open question's timer. An answer is checked against it in the answer's own
    # statement, with the store's clock, so one made at the deadline is refused whatever the
    # page showed (a page only learns of the deadline at its next poll).
    ("ALTER TABLE rooms ADD COLUMN deadline DOUBLE PRECISION",),
)
SCHEMA_VERSION = len(_MIGRATIONS)


class _Backend(ABC):
    """A database that runs the store's statements, one short transaction at a time.

    It connects on first use, and again on the first use after `reset`: a database that failed
    and came back is used again without restarting the server.
    """

    schema_lock: str | None
    """The statement that keeps a second server out while the schema is migrated, if the
    transaction alone does not."""

    faults: tuple[type[BaseException], ...]
    """The driver's and the file system's errors: whatever of these a transaction raises is a
    fault of the database, not a refusal of the store."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[_Run]:
        """A transaction that commits when the block ends and rolls back on an exception."""

    @abstractmethod
    def reset(self) -> None:
        """Drop the connections after a fault; the next transaction opens new ones."""

    def close(self) -> None:
        """Release the connections."""
        self.reset()


class _SQLite(_Backend):
    """One connection behind a lock, shared by every thread.

    Streamlit runs each session's script in its own thread. SQLite serializes writers anyway and
    a statement here takes well under a millisecond, so a lock costs nothing a connection per
    thread would save, and no connection is left behind by a thread that ended. Every transaction
    takes the write lock at once (BEGIN IMMEDIATE): a read-then-write never fails halfway on a lock
    upgrade, and two servers on one file migrate the schema one after the other. WAL lets another
    process read meanwhile; the busy timeout makes it wait for a writer rather than fail.

    WAL maps its index file (`-shm`) into memory, shared by every connection of the process. When
    that file is made immutable (`chattr +i`, which binds root too), the next write to the mapping,
    or closing the connection, kills the whole server with SIGBUS, every session with it. So each
    transaction first checks that flag, and refuses while it is set, keeping the connection open
    rather than closing it; a file that is merely not writable fails a statement instead. (The
    rollback journal has no such file, but commits there cost three disk syncs rather than one,
    about 20 times slower on this machine, and two servers on one file time out on each other.)
    The database file itself is not mapped (`mmap_size = 0`): writes to it go through `write`.
    """

    schema_lock = None
    faults = (sqlite3.Error, OSError)

    def __init__(self, path: Path) -> None:
        self._path = path
        self._shm = path.with_name(path.name + "-shm")
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._shm_fd: int | None = None
        """The WAL index held open while connected, to read its flag. Never closed while the
        connection lives: closing any descriptor of a file drops every POSIX lock the process
        holds on it, SQLite's included; another process then took the index as unused and reset
        it, and this server's mapping of it died with SIGBUS (seen in CI: a browser test's server
        while the tests' own connections opened the same file)."""

    def _connect(self) -> sqlite3.Connection:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(
            self._path, timeout=_SQLITE_BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        try:
            db.execute("PRAGMA mmap_size = 0")
            # Turning a new file to WAL does not wait out the busy timeout: servers starting
            # together on a new file were refused at once ("database is locked"), so this waits
            # for it here.
            deadline = time.monotonic() + _SQLITE_BUSY_SECONDS
            while True:
                try:
                    db.execute("PRAGMA journal_mode = WAL")
                    break
                except sqlite3.OperationalError as error:
                    if error.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() > deadline:
                        raise
                    time.sleep(0.01)
        except BaseException:
            db.close()
            raise
        return db

    @contextmanager
    def transaction(self) -> Iterator[_Run]:
        with self._lock:
            if self._shm_immutable():
                raise PermissionError("the WAL index is immutable")
            if self._db is None:
                self._db = self._connect()
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db.execute
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:  # not if the failure was COMMIT's, which ended it
                    with suppress(sqlite3.Error):  # the file failing: reset() closes it
                        db.execute("ROLLBACK")
                raise

    def reset(self) -> None:
        with self._lock:
            if self._shm_immutable():  # closing would write to the mapped index: SIGBUS
                return
            db, self._db = self._db, None
            if db is not None:
                with suppress(sqlite3.Error):
                    db.close()
            fd, self._shm_fd = self._shm_fd, None
            if fd is not None:  # after the connection: no lock of SQLite's left to drop
                os.close(fd)

    def _shm_immutable(self) -> bool:
        """Whether the WAL index is immutable, read through a descriptor kept open (`_shm_fd`).

        Not connected, this process holds no lock on the file, so none is lost by opening it
        for one look and closing it again.
        """
        if self._shm_fd is None:
            try:
                fd = os.open(self._shm, os.O_RDONLY)
            except OSError:
                return False
            if self._db is None:
                try:
                    return _immutable(fd)
                finally:
                    os.close(fd)
            self._shm_fd = fd
        return _immutable(self._shm_fd)


_FS_IOC_GETFLAGS = 0x80086601
"""Linux's ioctl reading a file's attributes, those `chattr` sets."""
_FS_IMMUTABLE_FL = 0x10


def _immutable(fd: int) -> bool:
    """Whether the open file `fd` is marked immutable (`chattr +i`): not even root may write it.

    About 13 microseconds; False where the system has no such flag.
    """
    if sys.platform != "linux":
        return False
    import fcntl

    flags = array.array("i", [0])
    try:
        fcntl.ioctl(fd, _FS_IOC_GETFLAGS, flags)
    except OSError:
        return False
    return bool(flags[0] & _FS_IMMUTABLE_FL)


class _Postgres(_Backend):
    """A pool of connections, so that the threads of many sessions do not queue for one.

    The pool checks a connection before lending it: a hosted server closes idle ones. Every wait is
    short (`_PG_CONNECT_SECONDS`, `_PG_STATEMENT_MS`, `_PG_UNACKNOWLEDGED_MS`): a lost server
    costs a click a second or two, not the driver's own timeouts.
    """

    schema_lock = f"SELECT pg_advisory_xact_lock({_ADVISORY_LOCK})"

    def __init__(self, url: str) -> None:
        import psycopg

        self.faults = (psycopg.Error, OSError)
        self._url = url
        self._lock = threading.Lock()
        self._pool: ConnectionPool | None = None

    def _open(self) -> ConnectionPool:
        """A new pool, once its first connection is made; Unreachable if none is made in time."""
        from psycopg_pool import ConnectionPool, PoolTimeout

        pool = ConnectionPool(
            self._url,
            min_size=1,
            max_size=_PG_POOL_SIZE,
            timeout=_PG_CONNECT_SECONDS,
            kwargs={
                "connect_timeout": math.ceil(_PG_CONNECT_SECONDS),
                "tcp_user_timeout": _PG_UNACKNOWLEDGED_MS,
            },
            configure=_configure,
            check=ConnectionPool.check_connection,
            open=True,
        )
        try:
            pool.wait(timeout=_PG_CONNECT_SECONDS)
        except PoolTimeout:
            pool.close(timeout=0)
            parts = urlsplit(self._url)
            where = f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"
            raise Unreachable(where, _PG_CONNECT_SECONDS) from None
        return pool

    @contextmanager
    def transaction(self) -> Iterator[_Run]:
        with self._lock:
            if self._pool is None:
                self._pool = self._open()
            pool = self._pool
        with pool.connection() as connection:

            def run(sql: str, params: Sequence[object] = ()) -> _Cursor:
                return connection.execute(sql.replace("?", "%s"), params)

            yield run

    def reset(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close(timeout=0)  # its workers may be waiting on a connection that will fail


def _configure(connection: psycopg.Connection[Any]) -> None:
    """Each new PostgreSQL connection cancels a statement that runs past `_PG_STATEMENT_MS`."""
    connection.execute(f"SET statement_timeout = {_PG_STATEMENT_MS}")
    connection.commit()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Create, read, update and touch documents; safe to share between threads.

    `clock` gives the current time (aware, UTC): the tests move it on instead of waiting a month.
    With `connect`, the database is opened and its schema migrated now (a fault raised here);
    without, on first use, so that a server starts, and says its work is unsaved, while its
    database is down.
    """

    def __init__(
        self, backend: _Backend, clock: Callable[[], datetime] = _now, connect: bool = True
    ) -> None:
        self._backend = backend
        self._clock = clock
        self._migrated = False
        self._purged_at: datetime | None = None
        self._failed_at: datetime | None = None
        if connect:
            try:
                with self._transaction(purge=False):
                    pass
            except BaseException:
                backend.close()
                raise

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the backend's connections; a later use opens them again."""
        self._backend.close()

    @contextmanager
    def _transaction(self, purge: bool = True) -> Iterator[_Run]:
        """One transaction of the backend, every fault of the database turned into StoreFault.

        The schema is migrated first on the first use and after every fault (the database may
        have been replaced meanwhile), and expired documents purged when due. Within
        `RETRY_AFTER` of a fault the store refuses at once, without waiting on the database again.
        """
        now = self._clock()
        failed = self._failed_at
        if failed is not None and failed <= now < failed + timedelta(seconds=RETRY_AFTER):
            raise StoreFault("failed moments ago")
        try:
            if not self._migrated:
                self._migrate()
                self._migrated = True
            if purge and (
                self._purged_at is None
                or not self._purged_at <= now < self._purged_at + PURGE_EVERY
            ):
                self._purged_at = now
                with self._backend.transaction() as run:
                    _purge(run, now)
            with self._backend.transaction() as run:
                yield run
        except StoreFault:
            self._failed(now)
            raise
        except self._backend.faults as error:
            self._failed(now)
            _log.warning("store fault, refusing for %g s: %r", RETRY_AFTER, error)
            raise StoreFault(type(error).__name__) from None
        self._failed_at = None

    def _failed(self, now: datetime) -> None:
        """Drop the connections, migrate again once reconnected, and refuse for a while."""
        self._failed_at = now
        self._migrated = False
        self._backend.reset()

    def create(self, kind: Kind, data: Mapping[str, Any], lifetime: timedelta = EXPIRY) -> Document:
        """Store a new document at version 1 under a fresh id, kept `lifetime` after each write."""
        text = _encode(kind, data)
        now = self._clock()
        id = secrets.token_urlsafe(ID_BYTES)
        with self._transaction() as run:
            _insert(run, id, kind, text, now, lifetime)
        return Document(id, kind, 1, json.loads(text), now, now + lifetime)

    def read(self, kind: Kind, id: str) -> Document:
        """The document as last written, or UnknownDocument / ExpiredDocument."""
        with self._transaction() as run:
            return _read(run, kind, id, self._clock())

    def update(
        self,
        kind: Kind,
        id: str,
        data: Mapping[str, Any],
        version: int,
        lifetime: timedelta = EXPIRY,
    ) -> Document:
        """Replace the data of the document read at `version`, which becomes `version + 1`.

        Raises VersionConflict if the document is no longer at `version`: the caller read it
        again, and redoes its change on what the other writer left, or tells its user.
        """
        text = _encode(kind, data)
        now = self._clock()
        with self._transaction() as run:
            _update(run, kind, id, text, version, now, lifetime)
        return Document(id, kind, version + 1, json.loads(text), now, now + lifetime)

    def touch(self, kind: Kind, id: str) -> Document:
        """Restart the document's expiry without changing it (a game reopened, say)."""
        now = self._clock()
        with self._transaction() as run:
            run(
                "UPDATE documents SET expires = ? WHERE id = ? AND kind = ? AND expires > ?",
                ((now + EXPIRY).timestamp(), id, kind, now.timestamp()),
            )
            return _read(run, kind, id, now)

    def purge(self) -> int:
        """Erase the data of expired documents and forget those expired `FORGET_AFTER` ago.

        Returns how many rows it erased or deleted. Any use of the store runs it when
        `PURGE_EVERY` has passed since the last; a server may also call it on a timer.
        """
        now = self._clock()
        self._purged_at = now
        with self._transaction(purge=False) as run:
            return _purge(run, now)

    # ----- rooms ---------------------------------------------------------------------------
    # The live classroom's records (`pickomino.rooms` decides what they may hold). Each method
    # is one short transaction; the checks that must not race (a room full, a question closed)
    # are made inside it, after the room's `rooms` row is locked by its pulse being counted.

    def create_room(
        self, code: str, data: Mapping[str, Any], capacity: int, lifetime: timedelta
    ) -> Document:
        """A room's document and its row under `code`; RoomCodeTaken if an open room has it."""
        text = _encode("room", data)
        now = self._clock()
        id = secrets.token_urlsafe(ID_BYTES)
        with self._transaction() as run:
            if run("SELECT id FROM rooms WHERE code = ?", (code,)).fetchone() is not None:
                raise RoomCodeTaken(code)
            _insert(run, id, "room", text, now, lifetime)
            run(
                "INSERT INTO rooms (id, code, pulse, open_question, capacity, changed)"
                " VALUES (?, ?, 1, NULL, ?, ?)",
                (id, code, capacity, now.timestamp()),
            )
        return Document(id, "room", 1, json.loads(text), now, now + lifetime)

    def find_room(self, code: str) -> str:
        """The id of the room a code opens, or UnknownDocument."""
        with self._transaction() as run:
            row = run("SELECT id FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise UnknownDocument("room", code)
        return str(row[0])

    def update_room(
        self,
        id: str,
        data: Mapping[str, Any],
        version: int,
        open_question: int | None,
        lifetime: timedelta,
        deadline: float | None = None,
    ) -> Document:
        """The teacher's change to the room's document (versioned), and the question now open.

        `deadline` (seconds since 1970) is when that question stops taking answers by itself,
        if the teacher set a timer: `answer` refuses one made at or after it.
        """
        text = _encode("room", data)
        now = self._clock()
        with self._transaction() as run:
            _pulse(run, id, now)
            _update(run, "room", id, text, version, now, lifetime)
            run(
                "UPDATE rooms SET open_question = ?, deadline = ? WHERE id = ?",
                (open_question, deadline, id),
            )
        return Document(id, "room", version + 1, json.loads(text), now, now + lifetime)

    def room_pulse(self, id: str) -> RoomPulse:
        """The cheap check a page polls, to learn whether anything in the room changed."""
        with self._transaction() as run:
            row = run(
                "SELECT d.version, r.pulse, r.changed FROM rooms r"
                " JOIN documents d ON d.id = r.id WHERE r.id = ?",
                (id,),
            ).fetchone()
        if row is None:
            raise UnknownDocument("room", id)
        return RoomPulse(int(row[0]), int(row[1]), float(row[2]))

    def join_room(
        self, id: str, pupil: str, nickname: str, joins_per_minute: int | None = None
    ) -> JoinOutcome:
        """Seat a pupil, or welcome them back; refused when full, crowded, taken or removed.

        A pupil already in the room (a reload, a lost connection) comes back whatever the room
        holds now; a new pupil needs a free place, a nickname that looks like no other pupil's
        (`echo.name_key`: in any case, accents or look-alike letters), so the teacher can tell
        every answer apart, and fewer than `joins_per_minute` pupils seated in the last minute
        (counted here, from the join times, so the limit holds on every server of the room).
        """
        now = self._clock()
        folded = name_key(nickname)
        with self._transaction() as run:
            capacity = _pulse(run, id, now)
            row = run(
                "SELECT removed FROM room_pupils WHERE room = ? AND pupil = ?", (id, pupil)
            ).fetchone()
            if row is not None:
                return "removed" if row[0] else "back"
            taken = run(
                "SELECT 1 FROM room_pupils WHERE room = ? AND folded = ?", (id, folded)
            ).fetchone()
            if taken is not None:
                return "taken"
            seated = run(
                "SELECT COUNT(*) FROM room_pupils WHERE room = ? AND removed = 0", (id,)
            ).fetchone()[0]
            if seated >= capacity:
                return "full"
            if joins_per_minute is not None:
                lately = run(
                    "SELECT COUNT(*) FROM room_pupils WHERE room = ? AND joined > ?",
                    (id, now.timestamp() - 60),
                ).fetchone()[0]
                if lately >= joins_per_minute:
                    return "crowded"
            run(
                "INSERT INTO room_pupils (room, pupil, nickname, folded, removed, joined)"
                " VALUES (?, ?, ?, ?, 0, ?)",
                (id, pupil, nickname, folded, now.timestamp()),
            )
        return "joined"

    def remove_pupil(self, id: str, pupil: str) -> None:
        """Take a pupil out of the room, with their answers; their link no longer lets them in."""
        now = self._clock()
        with self._transaction() as run:
            _pulse(run, id, now)
            run("UPDATE room_pupils SET removed = 1 WHERE room = ? AND pupil = ?", (id, pupil))
            run("DELETE FROM room_answers WHERE room = ? AND pupil = ?", (id, pupil))

    def answer(self, id: str, pupil: str, question: int, option: int) -> bool:
        """Record (or change) a pupil's answer; False if the question is no longer open to them.

        The question must be the room's open one at the moment of the write, before its
        deadline, and the pupil seated: all are checked in this transaction, so a tap landing as
        the teacher reveals the answer, or as the timer runs out, is either counted before or
        refused, never counted after.
        """
        now = self._clock()
        with self._transaction() as run:
            counted = run(
                "UPDATE rooms SET pulse = pulse + 1, changed = ?"
                " WHERE id = ? AND open_question = ? AND (deadline IS NULL OR deadline > ?)",
                (now.timestamp(), id, question, now.timestamp()),
            ).rowcount
            if counted != 1:
                return False
            seated = run(
                "SELECT 1 FROM room_pupils WHERE room = ? AND pupil = ? AND removed = 0",
                (id, pupil),
            ).fetchone()
            if seated is None:
                return False
            run(
                "INSERT INTO room_answers (room, pupil, question, answer, at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (room, question, pupil)"
                " DO UPDATE SET answer = excluded.answer, at = excluded.at",
                (id, pupil, question, option, now.timestamp()),
            )
        return True

    def pupils(self, id: str) -> list[tuple[str, str, bool, float]]:
        """Every pupil who joined the room: (pupil, nickname, removed, joined), as they came.

        `joined` is when the pupil was first seated, in seconds since 1970.
        """
        with self._transaction() as run:
            rows = run(
                "SELECT pupil, nickname, removed, joined FROM room_pupils WHERE room = ?"
                " ORDER BY joined, pupil",
                (id,),
            ).fetchall()
        return [(str(row[0]), str(row[1]), bool(row[2]), float(row[3])) for row in rows]

    def answers(self, id: str, question: int | None = None) -> list[tuple[str, int, int]]:
        """The answers given in the room (to one question, or all): (pupil, question, option)."""
        sql = "SELECT pupil, question, answer FROM room_answers WHERE room = ?"
        params: tuple[object, ...] = (id,)
        if question is not None:
            sql += " AND question = ?"
            params = (id, question)
        with self._transaction() as run:
            rows = run(sql + " ORDER BY question, pupil", params).fetchall()
        return [(str(row[0]), int(row[1]), int(row[2])) for row in rows]

    def _migrate(self) -> None:
        """Bring the schema to `SCHEMA_VERSION`, once, however many servers start together."""
        with self._backend.transaction() as run:
            if self._backend.schema_lock:
                run(self._backend.schema_lock, ())
            run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", ())
            found = run("SELECT MAX(version) FROM schema_version", ()).fetchone()[0] or 0
            if found > SCHEMA_VERSION:
                raise SchemaTooNew(found)
            for number, statements in enumerate(_MIGRATIONS[found:], found + 1):
                for statement in statements:
                    run(statement, ())
                run("INSERT INTO schema_version (version) VALUES (?)", (number,))


_ROOM_ROWS: tuple[tuple[str, str], ...] = (
    ("room_answers", "room"),
    ("room_pupils", "room"),
    ("rooms", "id"),
)


def _purge(run: _Run, at: datetime) -> int:
    """Erase expired documents' data and forget those expired `FORGET_AFTER` before `at`."""
    now = at.timestamp()
    erased = run(
        "UPDATE documents SET data = NULL WHERE expires <= ? AND data IS NOT NULL", (now,)
    ).rowcount
    forgotten = run(
        "DELETE FROM documents WHERE expires <= ?", (now - FORGET_AFTER.total_seconds(),)
    ).rowcount
    # a room's rows go with its document's data: its pupils' nicknames and answers are kept no
    # longer than the room itself
    for table, column in _ROOM_ROWS:
        forgotten += run(
            f"DELETE FROM {table} WHERE {column} NOT IN"
            " (SELECT id FROM documents WHERE data IS NOT NULL)",
            (),
        ).rowcount
    return int(erased + forgotten)


def _pulse(run: _Run, id: str, now: datetime) -> int:
    """Count a change to the room (locking its row until the transaction ends); its capacity.

    UnknownDocument when no room has this id.
    """
    changed = run(
        "UPDATE rooms SET pulse = pulse + 1, changed = ? WHERE id = ?", (now.timestamp(), id)
    ).rowcount
    if changed != 1:
        raise UnknownDocument("room", id)
    return int(run("SELECT capacity FROM rooms WHERE id = ?", (id,)).fetchone()[0])


def _insert(run: _Run, id: str, kind: Kind, text: str, now: datetime, lifetime: timedelta) -> None:
    run(
        "INSERT INTO documents (id, kind, version, data, written, expires)"
        " VALUES (?, ?, 1, ?, ?, ?)",
        (id, kind, text, now.timestamp(), (now + lifetime).timestamp()),
    )


def _update(
    run: _Run,
    kind: Kind,
    id: str,
    text: str,
    version: int,
    now: datetime,
    lifetime: timedelta,
) -> None:
    """The one versioned write: VersionConflict (or why it cannot be read) unless at `version`."""
    changed = run(
        "UPDATE documents SET data = ?, version = version + 1, written = ?, expires = ?"
        " WHERE id = ? AND kind = ? AND version = ? AND expires > ? AND data IS NOT NULL",
        (
            text,
            now.timestamp(),
            (now + lifetime).timestamp(),
            id,
            kind,
            version,
            now.timestamp(),
        ),
    )
    if changed.rowcount != 1:
        current = _read(run, kind, id, now)  # raises if unknown or expired
        raise VersionConflict(kind, id, version, current.version)


def _encode(kind: Kind, data: Mapping[str, Any]) -> str:
    """The document's JSON text, ASCII only (so its length is its size), within `MAX_BYTES`."""
    text = json.dumps(data, separators=(",", ":"), allow_nan=False)
    if len(text) > MAX_BYTES:
        raise DocumentTooLarge(kind, len(text))
    return text


def _read(run: _Run, kind: Kind, id: str, now: datetime) -> Document:
    row = run(
        "SELECT kind, version, data, written, expires FROM documents WHERE id = ?", (id,)
    ).fetchone()
    if row is None or row[0] != kind or row[4] <= (now - FORGET_AFTER).timestamp():
        raise UnknownDocument(kind, id)
    expires = datetime.fromtimestamp(row[4], UTC)
    # data is NULL once a purge found it expired, maybe by a server whose clock is ahead
    if expires <= now or row[2] is None:
        raise ExpiredDocument(kind, id, expires)
    return Document(
        id, kind, row[1], json.loads(row[2]), datetime.fromtimestamp(row[3], UTC), expires
    )


def open_store(
    url: str | None, clock: Callable[[], datetime] = _now, connect: bool = True
) -> Store:
    """The store a URL names, its schema created or migrated (now, or on first use).

    None: SQLite at `DEFAULT_PATH`. `sqlite:///relative/path` or `sqlite:////absolute/path`:
    SQLite there (the folder is created). `postgresql://user:password@host:port/database` (or
    `postgres://`, with libpq's `?sslmode=require` and the like): PostgreSQL, which needs the
    `postgres` extra. `connect=False` opens nothing yet (see `Store`).
    """
    backend: _Backend
    parts = urlsplit(url or "")
    if url is None:
        backend = _SQLite(DEFAULT_PATH)
    elif parts.scheme == "sqlite" and not parts.netloc and len(parts.path) > 1:
        backend = _SQLite(Path(unquote(parts.path[1:])))
    elif parts.scheme in ("postgresql", "postgres"):
        backend = _Postgres(url)
    else:
        raise BadStoreUrl(url)
    return Store(backend, clock, connect)
