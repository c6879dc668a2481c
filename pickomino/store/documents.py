"""The store's documents: JSON data by kind, under short unguessable ids, versioned and expiring.

Every document has a version. An update names the version it was made on and is refused if
another writer changed the document since (`VersionConflict`): two clicks, two tabs or two servers
cannot overwrite each other unseen. A document expires `EXPIRY` after its last write; an expired
one reads as `ExpiredDocument` for `FORGET_AFTER` more (its data erased at once), so that a reader
of an old link is told it expired rather than that it never existed, then as `UnknownDocument`.

The statements are functions of a transaction's `run`, so a room's methods (`store.rooms`) write
its document with the same versioned write, in their own transactions.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from pickomino.store.backends import Run
from pickomino.store.connection import Connection
from pickomino.store.errors import (
    DocumentTooLarge,
    ExpiredDocument,
    UnknownDocument,
    VersionConflict,
)
from pickomino.store.schema import EXPIRY, FORGET_AFTER, ID_BYTES, MAX_BYTES, ROOM_ROWS, Kind


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


class Documents(Connection):
    """Create, read, update, touch and purge documents, each one short transaction."""

    def create(self, kind: Kind, data: Mapping[str, Any], lifetime: timedelta = EXPIRY) -> Document:
        """Store a new document at version 1 under a fresh id, kept `lifetime` after each write."""
        text = encode(kind, data)
        now = self._clock()
        id = secrets.token_urlsafe(ID_BYTES)
        with self._transaction() as run:
            insert_document(run, id, kind, text, now, lifetime)
        return Document(id, kind, 1, json.loads(text), now, now + lifetime)

    def claim(
        self, kind: Kind, id: str, data: Mapping[str, Any], lifetime: timedelta = EXPIRY
    ) -> bool:
        """Store a document under the chosen `id` unless one is kept there; whether it was stored.

        For a name that must have one holder at a time (a class quiz's teacher): the first claim
        wins, in one statement, so two servers claiming at once never both win. An expired
        document under the id is replaced, at its next version.
        """
        text = encode(kind, data)
        now = self._clock()
        with self._transaction(wrote=id) as run:
            stored = run(
                "INSERT INTO documents (id, kind, version, data, written, expires)"
                " VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET kind = excluded.kind,"
                " version = documents.version + 1, data = excluded.data,"
                " written = excluded.written, expires = excluded.expires"
                " WHERE documents.expires <= ? OR documents.data IS NULL",
                (id, kind, text, now.timestamp(), (now + lifetime).timestamp(), now.timestamp()),
            ).rowcount
        return bool(stored == 1)

    def read(self, kind: Kind, id: str) -> Document:
        """The document as last written, or UnknownDocument / ExpiredDocument."""
        with self._transaction(read=True) as run:
            return read_document(run, kind, id, self._clock())

    def version(self, kind: Kind, id: str) -> int:
        """The document's version alone, as `read` would give it, its data left in the database.

        For a page that polls whether a document changed (`ui/pulse.py`), many times a
        second: one indexed row, no JSON parsed.
        """
        now = self._clock()
        with self._transaction(read=True) as run:
            row = run(
                "SELECT kind, version, data IS NULL, expires FROM documents WHERE id = ?", (id,)
            ).fetchone()
        checked(kind, id, now, None if row is None else (row[0], bool(row[2]), row[3]))
        return int(row[1])

    def versions(self, kind: Kind, ids: Collection[str]) -> dict[str, int]:
        """The version of each of the documents `ids` that `version` would read, in one statement.

        For a server holding many pages' requests until their documents change (`ui/pulse.py`):
        it looks at them all a few times a second, one round trip each time. An id unknown,
        expired or of another kind is left out (`version` says which).
        """
        if not ids:
            return {}
        now = self._clock()
        with self._transaction(read=True) as run:
            rows = run(
                f"SELECT id, version FROM documents WHERE id IN ({', '.join('?' * len(ids))})"
                " AND kind = ? AND data IS NOT NULL AND expires > ?",
                (*ids, kind, now.timestamp()),
            ).fetchall()
        return {str(row[0]): int(row[1]) for row in rows}

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
        text = encode(kind, data)
        now = self._clock()
        with self._transaction(wrote=id) as run:
            update_document(run, kind, id, text, version, now, lifetime)
        return Document(id, kind, version + 1, json.loads(text), now, now + lifetime)

    def touch(self, kind: Kind, id: str) -> Document:
        """Restart the document's expiry without changing it (a game reopened, say)."""
        now = self._clock()
        with self._transaction() as run:
            run(
                "UPDATE documents SET expires = ? WHERE id = ? AND kind = ? AND expires > ?",
                ((now + EXPIRY).timestamp(), id, kind, now.timestamp()),
            )
            return read_document(run, kind, id, now)

    def purge(self) -> int:
        """Erase the data of expired documents and forget those expired `FORGET_AFTER` ago.

        Returns how many rows it erased or deleted. Any use of the store runs it when
        `PURGE_EVERY` has passed since the last; a server may also call it on a timer.
        """
        now = self._clock()
        self._purged_at = now
        with self._transaction(purge=False) as run:
            return self._expire(run, now)

    def _expire(self, run: Run, at: datetime) -> int:
        """Erase expired documents' data and forget those expired `FORGET_AFTER` before `at`."""
        now = at.timestamp()
        erased = run(
            "UPDATE documents SET data = NULL WHERE expires <= ? AND data IS NOT NULL", (now,)
        ).rowcount
        forgotten = run(
            "DELETE FROM documents WHERE expires <= ?", (now - FORGET_AFTER.total_seconds(),)
        ).rowcount
        # a room's documents and rows go with its document's data: its pupils' nicknames, answers
        # and tables are kept no longer than the room itself
        erased += run(
            "UPDATE documents SET data = NULL WHERE owner IS NOT NULL AND data IS NOT NULL"
            " AND owner NOT IN (SELECT id FROM documents WHERE data IS NOT NULL)",
            (),
        ).rowcount
        for table, column in ROOM_ROWS:
            forgotten += run(
                f"DELETE FROM {table} WHERE {column} NOT IN"
                " (SELECT id FROM documents WHERE data IS NOT NULL)",
                (),
            ).rowcount
        return int(erased + forgotten)


def insert_document(
    run: Run,
    id: str,
    kind: Kind,
    text: str,
    now: datetime,
    lifetime: timedelta,
    owner: str | None = None,
) -> None:
    """Write a new document at version 1 (its id drawn by the caller), owned by room `owner`."""
    run(
        "INSERT INTO documents (id, kind, version, data, written, expires, owner)"
        " VALUES (?, ?, 1, ?, ?, ?, ?)",
        (id, kind, text, now.timestamp(), (now + lifetime).timestamp(), owner),
    )


def update_document(
    run: Run,
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
        current = read_document(run, kind, id, now)  # raises if unknown or expired
        raise VersionConflict(kind, id, version, current.version)


def encode(kind: Kind, data: Mapping[str, Any]) -> str:
    """The document's JSON text, ASCII only (so its length is its size), within `MAX_BYTES`."""
    text = json.dumps(data, separators=(",", ":"), allow_nan=False)
    if len(text) > MAX_BYTES:
        raise DocumentTooLarge(kind, len(text))
    return text


def read_document(run: Run, kind: Kind, id: str, now: datetime) -> Document:
    """The document as stored at `now`, or UnknownDocument / ExpiredDocument."""
    row = run(
        "SELECT kind, version, data, written, expires FROM documents WHERE id = ?", (id,)
    ).fetchone()
    expires = checked(kind, id, now, None if row is None else (row[0], row[2] is None, row[4]))
    return Document(
        id, kind, row[1], json.loads(row[2]), datetime.fromtimestamp(row[3], UTC), expires
    )


def checked(kind: Kind, id: str, now: datetime, row: tuple[str, bool, float] | None) -> datetime:
    """When a document read as `row` (its kind, whether its data is erased, its expiry) expires.

    UnknownDocument for no row, another kind, or one forgotten; ExpiredDocument once expired.
    """
    if row is None or row[0] != kind or row[2] <= (now - FORGET_AFTER).timestamp():
        raise UnknownDocument(kind, id)
    expires = datetime.fromtimestamp(row[2], UTC)
    # data is NULL once a purge found it expired, maybe by a server whose clock is ahead
    if expires <= now or row[1]:
        raise ExpiredDocument(kind, id, expires)
    return expires
