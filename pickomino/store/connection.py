"""A store's use of its database: one transaction at a time, every fault turned into one refusal.

Whatever goes wrong in the database or the file system (a read-only file, a full disk, a lost
connection, a server that does not answer) comes out as `StoreFault`, which names no path or URL:
the pages say their work is unsaved and go on. After a fault the store reconnects on its next use,
but not before `RETRY_AFTER` has passed, so a database that is down costs one click a short wait
rather than every click a long one. The schema is migrated on the first use after connecting, and
expired documents purged when due, whatever the use.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Self

from pickomino.store.backends import Backend, Run
from pickomino.store.errors import SchemaTooNew, StoreFault
from pickomino.store.schema import MIGRATIONS, SCHEMA_VERSION

PURGE_EVERY = timedelta(hours=1)
"""The most time, on the store's clock, between two purges of expired documents by one `Store`:
any use of the store runs one when it is due, so data is erased on time even where nothing new is
written. A purge is a few indexed statements, so running it this often costs nothing."""
RETRY_AFTER = 3.0
"""Seconds, on the store's clock, that a store refuses at once after a fault before it tries its
database again: a PostgreSQL that does not answer then costs one click its timeout every few
seconds, not every click."""

_log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """The time now, aware, in UTC: the clock of a store given none."""
    return datetime.now(UTC)


class Connection(ABC):
    """The part of a `Store` that talks to its backend; the documents and rooms build on it.

    `clock` gives the current time (aware, UTC): the tests move it on instead of waiting a month.
    With `connect`, the database is opened and its schema migrated now (a fault raised here);
    without, on first use, so that a server starts, and says its work is unsaved, while its
    database is down.
    """

    def __init__(
        self, backend: Backend, clock: Callable[[], datetime] = utc_now, connect: bool = True
    ) -> None:
        self._backend = backend
        self._clock = clock
        self._migrated = False
        self._purged_at: datetime | None = None
        self._failed_at: datetime | None = None
        self._observers: list[Callable[[str], None]] = []
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

    def observe(self, wrote: Callable[[str], None]) -> None:
        """Have `wrote` called with the id of each document or room this store changes.

        Called in the writer's thread once the change is committed, so that a server holding
        pages' requests until a number changes (`ui/pulse.py`) answers them at once rather than
        at its next look at the database. It must return quickly and raise nothing.
        """
        self._observers.append(wrote)

    @contextmanager
    def _transaction(
        self, purge: bool = True, read: bool = False, wrote: str | None = None
    ) -> Iterator[Run]:
        """One transaction of the backend, every fault of the database turned into StoreFault.

        `read`: one statement that writes nothing (`Backend.transaction`). `wrote`: the id of the
        document or room whose number (its version, a room's pulse) it changes, told to the
        observers (`observe`) once committed.

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
                    self._expire(run, now)
            with self._backend.transaction(read) as run:
                yield run
        except StoreFault:
            self._failed(now)
            raise
        except self._backend.faults as error:
            self._failed(now)
            _log.warning("store fault, refusing for %g s: %r", RETRY_AFTER, error)
            raise StoreFault(type(error).__name__) from None
        self._failed_at = None
        if wrote is not None:
            for observer in self._observers:
                observer(wrote)

    def _failed(self, now: datetime) -> None:
        """Drop the connections, migrate again once reconnected, and refuse for a while."""
        self._failed_at = now
        self._migrated = False
        self._backend.reset()

    @abstractmethod
    def _expire(self, run: Run, at: datetime) -> int:
        """Erase expired documents' data and forget those long expired (`Documents` does it)."""

    def _migrate(self) -> None:
        """Bring the schema to `SCHEMA_VERSION`, once, however many servers start together."""
        with self._backend.transaction() as run:
            if self._backend.schema_lock:
                run(self._backend.schema_lock, ())
            run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", ())
            found = run("SELECT MAX(version) FROM schema_version", ()).fetchone()[0] or 0
            if found > SCHEMA_VERSION:
                raise SchemaTooNew(found)
            for number, statements in enumerate(MIGRATIONS[found:], found + 1):
                for statement in statements:
                    run(statement, ())
                run("INSERT INTO schema_version (version) VALUES (?)", (number,))
