"""The app's durable shared state: JSON documents by kind, under short unguessable ids.

A link can carry a table, but not a long game, a sandbox's whole history or a quiz's answers, and
the live classroom needs state that many sessions, and several servers, read and change. So those
go into a store, which outlives a session, a reload and (with PostgreSQL) a server.

Two backends behind one interface: SQLite in a file (the default, no set-up) and PostgreSQL (for
replicas behind a load balancer). `open_store` picks one from a URL; the UI reads that URL from its
settings and hands it over, since this package, like the engine, imports no Streamlit.

The package, from the bottom up:

- `schema`: the tables and their migrations, the kinds of document, their size and lifetimes;
- `errors`: `StoreError` and its family, every refusal of the store;
- `backends`: SQLite and PostgreSQL, and the URL that picks one (`backend_for`);
- `connection`: one transaction at a time, every fault of the database one `StoreFault`;
- `documents`: create, read, update, touch and purge documents, versioned and expiring;
- `rooms`: the live classroom's rows and statements, beside a room's document;
- `owned`: the documents a room owns (its tables of players), within its limit, read together.

`Store` is assembled from the last three as mixins over `Connection` rather than delegating to them:
every method, documents' or rooms', is one transaction of the same connection with its own SQL, so
a module holds its methods whole, statements and all, and `Store` has nothing to forward. A room's
methods write its document with the documents' own versioned write (`documents.update_document`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pickomino.store.backends import DEFAULT_PATH, backend_for
from pickomino.store.connection import PURGE_EVERY, RETRY_AFTER, utc_now
from pickomino.store.documents import Document, Documents
from pickomino.store.errors import (
    BadStoreUrl,
    DocumentTooLarge,
    ExpiredDocument,
    RoomCodeTaken,
    SchemaTooNew,
    StoreError,
    StoreFault,
    UnknownDocument,
    Unreachable,
    VersionConflict,
)
from pickomino.store.owned import Owned
from pickomino.store.rooms import JoinOutcome, RoomPulse, Rooms
from pickomino.store.schema import (
    EXPIRY,
    FORGET_AFTER,
    ID_BYTES,
    MAX_BYTES,
    SCHEMA_VERSION,
    Kind,
)

__all__ = [
    "DEFAULT_PATH",
    "EXPIRY",
    "FORGET_AFTER",
    "ID_BYTES",
    "MAX_BYTES",
    "PURGE_EVERY",
    "RETRY_AFTER",
    "SCHEMA_VERSION",
    "BadStoreUrl",
    "Document",
    "DocumentTooLarge",
    "ExpiredDocument",
    "JoinOutcome",
    "Kind",
    "RoomCodeTaken",
    "RoomPulse",
    "SchemaTooNew",
    "Store",
    "StoreError",
    "StoreFault",
    "UnknownDocument",
    "Unreachable",
    "VersionConflict",
    "open_store",
]


class Store(Documents, Rooms, Owned):
    """Create, read, update and touch documents, keep rooms and their tables; safe for threads.

    Opened on a backend with a clock, now or on first use (`Connection`); `open_store` picks the
    backend from a URL.
    """


def open_store(
    url: str | None, clock: Callable[[], datetime] = utc_now, connect: bool = True
) -> Store:
    """The store a URL names, its schema created or migrated (now, or on first use).

    None: SQLite at `DEFAULT_PATH`. `sqlite:///relative/path` or `sqlite:////absolute/path`:
    SQLite there (the folder is created). `postgresql://user:password@host:port/database` (or
    `postgres://`, with libpq's `?sslmode=require` and the like): PostgreSQL, which needs the
    `postgres` extra. `connect=False` opens nothing yet (see `Store`).
    """
    return Store(backend_for(url), clock, connect)
