"""Documents a room owns: its tables of players, added within the room's limit, read all at once.

A table dealt from a room is a document of its own (its moves never collide with the room's
version), marked with the room as its owner. The room's board reads every table of the room in one
indexed query, and the room's limit on them is counted in the transaction that adds them, with the
room's row locked (its pulse counted), so two deals at once never pass it together.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from pickomino.store.connection import Connection
from pickomino.store.documents import Document, encode, insert_document
from pickomino.store.rooms import pulse
from pickomino.store.schema import EXPIRY, ID_BYTES, Kind


class Owned(Connection):
    """Create a room's documents within its limit, and read them back together."""

    def create_owned(
        self,
        kind: Kind,
        owner: str,
        datas: Sequence[Mapping[str, Any]],
        most: int,
        lifetime: timedelta = EXPIRY,
    ) -> tuple[Document, ...] | None:
        """New documents owned by room `owner`, or None when it would then own more than `most`.

        Documents whose data expired no longer count. UnknownDocument when no room has this id.
        """
        texts = [encode(kind, data) for data in datas]
        now = self._clock()
        ids = [secrets.token_urlsafe(ID_BYTES) for _ in texts]
        with self._transaction(wrote=owner) as run:
            pulse(run, owner, now)
            held = run(
                "SELECT COUNT(*) FROM documents WHERE owner = ? AND kind = ?"
                " AND data IS NOT NULL AND expires > ?",
                (owner, kind, now.timestamp()),
            ).fetchone()[0]
            if int(held) + len(texts) > most:
                return None
            for id, text in zip(ids, texts, strict=True):
                insert_document(run, id, kind, text, now, lifetime, owner)
        return tuple(
            Document(id, kind, 1, json.loads(text), now, now + lifetime)
            for id, text in zip(ids, texts, strict=True)
        )

    def owned(self, kind: Kind, owner: str) -> tuple[Document, ...]:
        """Every document of `kind` room `owner` owns and that has not expired, in one read."""
        now = self._clock()
        with self._transaction() as run:
            rows = run(
                "SELECT id, version, data, written, expires FROM documents"
                " WHERE owner = ? AND kind = ? AND data IS NOT NULL AND expires > ? ORDER BY id",
                (owner, kind, now.timestamp()),
            ).fetchall()
        return tuple(
            Document(
                str(row[0]),
                kind,
                int(row[1]),
                json.loads(row[2]),
                datetime.fromtimestamp(row[3], UTC),
                datetime.fromtimestamp(row[4], UTC),
            )
            for row in rows
        )
