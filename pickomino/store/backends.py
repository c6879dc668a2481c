"""The two databases behind the store, and the URL that picks one.

SQLite in a file (the default, no set-up) and PostgreSQL (for replicas behind a load balancer)
run the same statements, with `?` marking each parameter, one short transaction at a time; what
differs between them, connecting, locking and their drivers' errors, is all here.
"""

from __future__ import annotations

import array
import math
import os
import sqlite3
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import unquote, urlsplit

from pickomino.store.errors import BadStoreUrl, Unreachable

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

DEFAULT_PATH = Path(".pickomino") / "store.sqlite3"
"""Where `open_store(None)` keeps its SQLite file, relative to the server's working directory."""
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


class _Cursor(Protocol):
    """What both drivers' cursors offer, as far as the store uses them."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> Any: ...


Run = Callable[[str, Sequence[object]], _Cursor]
"""Runs one statement in the open transaction; `?` marks each parameter, on both backends."""


class Backend(ABC):
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
    def transaction(self, read: bool = False) -> AbstractContextManager[Run]:
        """A transaction that commits when the block ends and rolls back on an exception.

        `read`: the block runs one statement that writes nothing (a read), which may then take
        no write lock, nor wait for a write's.
        """

    @abstractmethod
    def reset(self) -> None:
        """Drop the connections after a fault; the next transaction opens new ones."""

    def close(self) -> None:
        """Release the connections."""
        self.reset()


class _SQLite(Backend):
    """Two connections, each behind a lock, shared by every thread: one writes, one only reads.

    Streamlit runs each session's script in its own thread. SQLite serializes writers anyway and
    a statement here takes well under a millisecond, so a lock costs nothing a connection per
    thread would save, and no connection is left behind by a thread that ended. Every transaction
    takes the write lock at once (BEGIN IMMEDIATE): a read-then-write never fails halfway on a lock
    upgrade, and two servers on one file migrate the schema one after the other. A read (one
    statement, its own snapshot) takes none, and goes to the other connection, read-only (`PRAGMA
    query_only`), behind a lock of its own: under load most of the store's uses are reads (every
    page's poll, the pulses' routes about 90 a second at 50 tables, docs/speed.md "Tables"), and
    on the one connection they queued the runs' writes behind them and waited behind each write's
    whole transaction, its thread waiting for the GIL again over each statement's call into SQLite.
    WAL lets a reader read beside the writer, in this process as in another; the busy timeout
    makes a writer wait for another rather than fail.

    WAL maps its index file (`-shm`) into memory, shared by every connection of the process. When
    that file is made immutable (`chattr +i`, which binds root too), the next write to the mapping,
    or closing a connection, kills the whole server with SIGBUS, every session with it. So each
    transaction first checks that flag, and refuses while it is set, keeping the connections open
    rather than closing them; a file that is merely not writable fails a statement instead. (The
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
        self._read_lock = threading.Lock()
        self._files_lock = threading.Lock()
        """Held while the index's flag is read (`_shm_fd`) and a connection made, by either."""
        self._db: sqlite3.Connection | None = None
        self._reader: sqlite3.Connection | None = None
        self._shm_fd: int | None = None
        """The WAL index held open while connected, to read its flag. Never closed while a
        connection lives: closing any descriptor of a file drops every POSIX lock the process
        holds on it, SQLite's included; another process then took the index as unused and reset
        it, and this server's mapping of it died with SIGBUS (seen in CI: a browser test's server
        while the tests' own connections opened the same file)."""

    def _connect(self, read: bool) -> sqlite3.Connection:
        """A connection to the file, in WAL mode; `read`: one that cannot write."""
        self._path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(
            self._path, timeout=_SQLITE_BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        try:
            db.execute("PRAGMA mmap_size = 0")
            if read:  # the file is in WAL mode already, or a later writer turns it
                db.execute("PRAGMA query_only = ON")
                return db
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
    def transaction(self, read: bool = False) -> Iterator[Run]:
        if read:  # one statement is its own snapshot: no write lock to wait for, nor commit
            with self._read_lock:
                yield self._connected(read).execute
            return
        with self._lock:
            db = self._connected(read)
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db.execute
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:  # not if the failure was COMMIT's, which ended it
                    with suppress(sqlite3.Error):  # the file failing: reset() closes it
                        db.execute("ROLLBACK")
                raise

    def _connected(self, read: bool) -> sqlite3.Connection:
        """The reader (`read`) or the writer, connected; its lock held by the caller."""
        with self._files_lock:
            if self._shm_immutable():
                raise PermissionError("the WAL index is immutable")
            if read:
                if self._reader is None:
                    self._reader = self._connect(read)
                return self._reader
            if self._db is None:
                self._db = self._connect(read)
            return self._db

    def reset(self) -> None:
        with self._lock, self._read_lock, self._files_lock:
            if self._shm_immutable():  # closing would write to the mapped index: SIGBUS
                return
            for db in (self._reader, self._db):  # the writer last: it checkpoints
                if db is not None:
                    with suppress(sqlite3.Error):
                        db.close()
            self._db = self._reader = None
            fd, self._shm_fd = self._shm_fd, None
            if fd is not None:  # after the connections: no lock of SQLite's left to drop
                os.close(fd)

    def _shm_immutable(self) -> bool:
        """Whether the WAL index is immutable, read through a descriptor kept open (`_shm_fd`).

        Not connected, this process holds no lock on the file, so none is lost by opening it
        for one look and closing it again. `_files_lock` held: no connection is made meanwhile.
        """
        if self._shm_fd is None:
            try:
                fd = os.open(self._shm, os.O_RDONLY)
            except OSError:
                return False
            if self._db is None and self._reader is None:
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


class _Postgres(Backend):
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
    def transaction(self, read: bool = False) -> Iterator[Run]:
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


def backend_for(url: str | None) -> Backend:
    """The database a store URL names (see `open_store`), not connected yet; or BadStoreUrl."""
    parts = urlsplit(url or "")
    if url is None:
        return _SQLite(DEFAULT_PATH)
    if parts.scheme == "sqlite" and not parts.netloc and len(parts.path) > 1:
        return _SQLite(Path(unquote(parts.path[1:])))
    if parts.scheme in ("postgresql", "postgres"):
        return _Postgres(url)
    raise BadStoreUrl(url)
