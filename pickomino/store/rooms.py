"""The live classroom's records and statements: a room's row, its pupils and their answers.

`pickomino.rooms` decides what they may hold. A room's own document (kind "room") changes only by
its teacher's clicks; each pupil and each answer is a row of its own, so thirty pupils answering
at once never collide on the document's version. Each method is one short transaction; the checks
that must not race (a room full, a question closed) are made inside it, after the room's `rooms`
row is locked by its pulse being counted.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from pickomino.names import name_key
from pickomino.store.backends import Run
from pickomino.store.connection import Connection
from pickomino.store.documents import Document, encode, insert_document, update_document
from pickomino.store.errors import RoomCodeTaken, UnknownDocument
from pickomino.store.schema import ID_BYTES

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


class Rooms(Connection):
    """A room's document with its row, its pupils seated and removed, their answers."""

    def create_room(
        self, code: str, data: Mapping[str, Any], capacity: int, lifetime: timedelta
    ) -> Document:
        """A room's document and its row under `code`; RoomCodeTaken if an open room has it."""
        text = encode("room", data)
        now = self._clock()
        id = secrets.token_urlsafe(ID_BYTES)
        with self._transaction() as run:
            if run("SELECT id FROM rooms WHERE code = ?", (code,)).fetchone() is not None:
                raise RoomCodeTaken(code)
            insert_document(run, id, "room", text, now, lifetime)
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
        text = encode("room", data)
        now = self._clock()
        with self._transaction(wrote=id) as run:
            pulse(run, id, now)
            update_document(run, "room", id, text, version, now, lifetime)
            run(
                "UPDATE rooms SET open_question = ?, deadline = ? WHERE id = ?",
                (open_question, deadline, id),
            )
        return Document(id, "room", version + 1, json.loads(text), now, now + lifetime)

    def room_pulse(self, id: str) -> RoomPulse:
        """The cheap check a page polls, to learn whether anything in the room changed."""
        with self._transaction(read=True) as run:
            row = run(
                "SELECT d.version, r.pulse, r.changed FROM rooms r"
                " JOIN documents d ON d.id = r.id WHERE r.id = ?",
                (id,),
            ).fetchone()
        if row is None:
            raise UnknownDocument("room", id)
        return RoomPulse(int(row[0]), int(row[1]), float(row[2]))

    def room_pulses(self, ids: Collection[str]) -> dict[str, int]:
        """The pulse of each of the rooms `ids`, in one statement; an unknown room left out.

        For a server holding many pages' requests until their rooms change (`ui/pulse.py`), as
        `Documents.versions`.
        """
        if not ids:
            return {}
        with self._transaction(read=True) as run:
            rows = run(
                f"SELECT id, pulse FROM rooms WHERE id IN ({', '.join('?' * len(ids))})",
                tuple(ids),
            ).fetchall()
        return {str(row[0]): int(row[1]) for row in rows}

    def join_room(
        self, id: str, pupil: str, nickname: str, joins_per_minute: int | None = None
    ) -> JoinOutcome:
        """Seat a pupil, or welcome them back; refused when full, crowded, taken or removed.

        A pupil already in the room (a reload, a lost connection) comes back whatever the room
        holds now; a new pupil needs a free place, a nickname that looks like no other pupil's
        (`names.name_key`: in any case, accents or look-alike letters), so the teacher can tell
        every answer apart, and fewer than `joins_per_minute` pupils seated in the last minute
        (counted here, from the join times, so the limit holds on every server of the room).
        """
        now = self._clock()
        folded = name_key(nickname)
        with self._transaction(wrote=id) as run:
            capacity = pulse(run, id, now)
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
        with self._transaction(wrote=id) as run:
            pulse(run, id, now)
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
        with self._transaction(wrote=id) as run:
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


def pulse(run: Run, id: str, now: datetime) -> int:
    """Count a change to the room (locking its row until the transaction ends); its capacity.

    UnknownDocument when no room has this id.
    """
    changed = run(
        "UPDATE rooms SET pulse = pulse + 1, changed = ? WHERE id = ?", (now.timestamp(), id)
    ).rowcount
    if changed != 1:
        raise UnknownDocument("room", id)
    return int(run("SELECT capacity FROM rooms WHERE id = ?", (id,)).fetchone()[0])
