"""What the store keeps and for how long: its tables, their migrations, its kinds of document.

The tables are created and changed only by `MIGRATIONS`, applied in order by `Connection` and
counted in the `schema_version` table, so a database written by any earlier version of the app is
brought up to date by the first server of a newer one (and refused by an older one, `SchemaTooNew`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Literal

Kind = Literal["game", "sandbox", "quiz", "room", "table", "quiz_teacher"]

EXPIRY = timedelta(days=30)
FORGET_AFTER = timedelta(days=30)
MAX_BYTES = 1_000_000
"""The most a document's JSON may take, in bytes (it is stored as ASCII): over 80 times the
12,000-character link the records outgrow, and still no way for one writer to fill a small hosted
database with a few rows."""
ID_BYTES = 8
"""64 random bits, 11 URL-safe characters: short enough to read out, too many to guess."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
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
    # 4: the documents a room owns (its tables of players). A room's board reads them all in one
    # indexed query, and the room's limit on them is counted in the transaction that adds them.
    (
        "ALTER TABLE documents ADD COLUMN owner TEXT",
        "CREATE INDEX IF NOT EXISTS documents_owner ON documents (owner, kind)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

ROOM_ROWS: tuple[tuple[str, str], ...] = (
    ("room_answers", "room"),
    ("room_pupils", "room"),
    ("rooms", "id"),
)
"""The tables (and their column naming the room) of the rows kept beside a room's document,
which go with its data when it expires: a pupil's nickname and answers are kept no longer than
the room itself."""
