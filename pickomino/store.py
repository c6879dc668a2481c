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
"""

from __future__ import annotations

import json
import math
import secrets
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Protocol, Self
from urllib.parse import unquote, urlsplit

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
PURGE_EVERY = 3600.0
"""Seconds between two purges of expired documents by one `Store`; a purge is two indexed
statements, so running it from `create` this often costs nothing a reader would notice."""
_ADVISORY_LOCK = 0x7069636B6F6D696E  # "pickomin": the key of the schema's lock on PostgreSQL
_SQLITE_BUSY_SECONDS = 5.0
_PG_POOL_SIZE = 10
_PG_CONNECT_SECONDS = 10.0


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


class Unreachable(StoreError):
    """The PostgreSQL server named by the URL did not answer."""

    def __init__(self, where: str, seconds: float) -> None:
        super().__init__(f"could not connect to the PostgreSQL at {where} within {seconds:g} s")
        self.where = where


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
)
SCHEMA_VERSION = len(_MIGRATIONS)


class _Backend(ABC):
    """A database that runs the store's statements, one short transaction at a time."""

    schema_lock: str | None
    """The statement that keeps a second server out while the schema is migrated, if the
    transaction alone does not."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[_Run]:
        """A transaction that commits when the block ends and rolls back on an exception."""

    @abstractmethod
    def close(self) -> None:
        """Release the connections."""


class _SQLite(_Backend):
    """One connection behind a lock, shared by every thread.

    Streamlit runs each session's script in its own thread. SQLite serializes writers anyway and
    a statement here takes well under a millisecond, so a lock costs nothing a connection per
    thread would save, and no connection is left behind by a thread that ended. Every transaction
    takes the write lock at once (BEGIN IMMEDIATE): a read-then-write never fails halfway on a lock
    upgrade, and two servers on one file migrate the schema one after the other. WAL lets another
    process read meanwhile; the busy timeout makes it wait for a writer rather than fail.
    """

    schema_lock = None

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            path, timeout=_SQLITE_BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        # Turning a new file to WAL does not wait out the busy timeout: servers starting together
        # on a new file were refused at once ("database is locked"), so this waits for it here.
        deadline = time.monotonic() + _SQLITE_BUSY_SECONDS
        while True:
            try:
                self._db.execute("PRAGMA journal_mode = WAL")
                break
            except sqlite3.OperationalError as error:
                if error.sqlite_errorname != "SQLITE_BUSY" or time.monotonic() > deadline:
                    self._db.close()
                    raise
                time.sleep(0.01)

    @contextmanager
    def transaction(self) -> Iterator[_Run]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db.execute
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # not if the failure was COMMIT's, which ended it
                    self._db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self._lock:
            self._db.close()


class _Postgres(_Backend):
    """A pool of connections, so that the threads of many sessions do not queue for one.

    The pool checks a connection before lending it: a hosted server closes idle ones.
    """

    schema_lock = f"SELECT pg_advisory_xact_lock({_ADVISORY_LOCK})"

    def __init__(self, url: str) -> None:
        from psycopg_pool import ConnectionPool, PoolTimeout

        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=_PG_POOL_SIZE,
            timeout=_PG_CONNECT_SECONDS,
            check=ConnectionPool.check_connection,
            open=True,
        )
        try:
            self._pool.wait(timeout=_PG_CONNECT_SECONDS)
        except PoolTimeout:
            self._pool.close()
            parts = urlsplit(url)
            where = f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"
            raise Unreachable(where, _PG_CONNECT_SECONDS) from None

    @contextmanager
    def transaction(self) -> Iterator[_Run]:
        with self._pool.connection() as connection:

            def run(sql: str, params: Sequence[object] = ()) -> _Cursor:
                return connection.execute(sql.replace("?", "%s"), params)

            yield run

    def close(self) -> None:
        self._pool.close()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Create, read, update and touch documents; safe to share between threads.

    `clock` gives the current time (aware, UTC): the tests move it on instead of waiting a month.
    """

    def __init__(self, backend: _Backend, clock: Callable[[], datetime] = _now) -> None:
        self._backend = backend
        self._clock = clock
        self._purged_at = -math.inf
        try:
            self._migrate()
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
        """Release the backend's connections; the store cannot be used afterwards."""
        self._backend.close()

    def create(self, kind: Kind, data: Mapping[str, Any]) -> Document:
        """Store a new document at version 1 under a fresh id."""
        text = _encode(kind, data)
        if time.monotonic() - self._purged_at >= PURGE_EVERY:
            self.purge()
        now = self._clock()
        id = secrets.token_urlsafe(ID_BYTES)
        with self._backend.transaction() as run:
            run(
                "INSERT INTO documents (id, kind, version, data, written, expires)"
                " VALUES (?, ?, 1, ?, ?, ?)",
                (id, kind, text, now.timestamp(), (now + EXPIRY).timestamp()),
            )
        return Document(id, kind, 1, json.loads(text), now, now + EXPIRY)

    def read(self, kind: Kind, id: str) -> Document:
        """The document as last written, or UnknownDocument / ExpiredDocument."""
        with self._backend.transaction() as run:
            return _read(run, kind, id, self._clock())

    def update(self, kind: Kind, id: str, data: Mapping[str, Any], version: int) -> Document:
        """Replace the data of the document read at `version`, which becomes `version + 1`.

        Raises VersionConflict if the document is no longer at `version`: the caller read it
        again, and redoes its change on what the other writer left, or tells its user.
        """
        text = _encode(kind, data)
        now = self._clock()
        with self._backend.transaction() as run:
            changed = run(
                "UPDATE documents SET data = ?, version = version + 1, written = ?, expires = ?"
                " WHERE id = ? AND kind = ? AND version = ? AND expires > ? AND data IS NOT NULL",
                (
                    text,
                    now.timestamp(),
                    (now + EXPIRY).timestamp(),
                    id,
                    kind,
                    version,
                    now.timestamp(),
                ),
            )
            if changed.rowcount != 1:
                current = _read(run, kind, id, now)  # raises if unknown or expired
                raise VersionConflict(kind, id, version, current.version)
        return Document(id, kind, version + 1, json.loads(text), now, now + EXPIRY)

    def touch(self, kind: Kind, id: str) -> Document:
        """Restart the document's expiry without changing it (a game reopened, say)."""
        now = self._clock()
        with self._backend.transaction() as run:
            run(
                "UPDATE documents SET expires = ? WHERE id = ? AND kind = ? AND expires > ?",
                ((now + EXPIRY).timestamp(), id, kind, now.timestamp()),
            )
            return _read(run, kind, id, now)

    def purge(self) -> int:
        """Erase the data of expired documents and forget those expired `FORGET_AFTER` ago.

        Returns how many rows it erased or deleted. `create` calls it every `PURGE_EVERY`
        seconds; a server may also call it on a timer.
        """
        self._purged_at = time.monotonic()
        now = self._clock().timestamp()
        with self._backend.transaction() as run:
            erased = run(
                "UPDATE documents SET data = NULL WHERE expires <= ? AND data IS NOT NULL", (now,)
            ).rowcount
            forgotten = run(
                "DELETE FROM documents WHERE expires <= ?", (now - FORGET_AFTER.total_seconds(),)
            ).rowcount
        return erased + forgotten

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


def open_store(url: str | None, clock: Callable[[], datetime] = _now) -> Store:
    """The store a URL names, its schema created or migrated.

    None: SQLite at `DEFAULT_PATH`. `sqlite:///relative/path` or `sqlite:////absolute/path`:
    SQLite there (the folder is created). `postgresql://user:password@host:port/database` (or
    `postgres://`, with libpq's `?sslmode=require` and the like): PostgreSQL, which needs the
    `postgres` extra.
    """
    if url is None:
        return Store(_SQLite(DEFAULT_PATH), clock)
    parts = urlsplit(url)
    if parts.scheme == "sqlite" and not parts.netloc and len(parts.path) > 1:
        return Store(_SQLite(Path(unquote(parts.path[1:]))), clock)
    if parts.scheme in ("postgresql", "postgres"):
        return Store(_Postgres(url), clock)
    raise BadStoreUrl(url)
