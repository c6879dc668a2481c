"""A room as a session reads it, through the store, never held in the server; shared by both sides.

A page polls the room's pulse (`Store.room_pulse`, one indexed row) every second or so and reads
the room's document, pupils and answers again only when the pulse moved: thirty phones polling a
room that nothing changed cost thirty tiny reads. Whatever a second server must see (the room,
its pupils, their answers) is in the store; the session only keeps what it last read, its tokens
and the codes it was let into, in its `memory` (the page's session state, a dict in the tests).

A room is found by its code in one place (`Classroom.look_up`), for the board, the join form and a
pupil's link alike, so a guesser learns the same from each of them: nothing, until a token proves
the reader belongs to the room.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from pickomino.i18n import Lang, t
from pickomino.rooms import (
    IDLE_CLOSE,
    Answer,
    Pupil,
    Room,
    RoomError,
    WrongCodes,
    is_closed,
    pupil_id,
)
from pickomino.store import ExpiredDocument, RoomPulse, Store, StoreError, UnknownDocument

Now = Callable[[], float]
"""The time rooms are stamped with: seconds since 1970, the same on every server."""
Memory = MutableMapping[Any, Any]
"""What a session keeps between its runs (Streamlit's session state; a dict in the tests)."""
Cookie = Callable[[str], "str | None"]
"""A cookie the reader's browser sent, by name (None when it sent none)."""

KNOWN_KEY: Final = "room_known"
"""The codes of the rooms this session was let into (`look_up`): it knows they exist already."""
SEEN_KEY: Final = "room_seen_"
"""The start of the key of a room as this session last read it (`load`)."""


def no_cookie(name: str) -> str | None:
    """The cookies of a reader whose browser sends none (a script, a test)."""
    return None


def closed_for_good() -> RoomError:
    """A room whose record is gone (`KEPT_AFTER` past its last change): it never comes back."""
    return RoomError("closed", "this room is closed, and its answers are deleted")


@dataclass(frozen=True)
class Seen:
    """A room as this session last read it: enough to draw every view without another read."""

    id: str
    room: Room
    version: int
    pulse: RoomPulse
    pupils: tuple[Pupil, ...]
    answers: tuple[Answer, ...]
    expires: float
    """When the room's record expires (seconds since 1970): past it, the read is not reused."""

    def closed(self, now: float) -> bool:
        """Whether the room is closed at `now`, by the teacher or idle (`rooms.is_closed`)."""
        return is_closed(self.room, self.pulse.changed, now)

    def wakes(self, now: float) -> float | None:
        """The next moment at which what the room's pages show changes with nothing written.

        The question opening once the board told the moves, its timer running out, the room
        closing idle; None once it is closed. The room's pulse moves with every write, not with
        the clock: a page that waits on the pulse alone (`ui.pulse`) looks again at this
        moment too, or a phone would keep an answer's buttons past the timer, or stay on the
        board's moves once the question opened.
        """
        if self.closed(now):
            return None
        moments = [self.pulse.changed + IDLE_CLOSE.total_seconds()]
        question = self.room.question
        if question is not None:
            if question.opens is not None and question.opens > now:
                moments.append(question.opens)
            if question.deadline is not None and question.stored_open(now):
                moments.append(question.deadline)
        return min(moments)

    def seated(self) -> tuple[Pupil, ...]:
        """The pupils the teacher did not remove."""
        return tuple(pupil for pupil in self.pupils if not pupil.removed)

    def of_question(self, number: int) -> dict[str, int]:
        """Each seated pupil's answer to question `number`."""
        seated = {pupil.id for pupil in self.seated()}
        return {
            a.pupil: a.option for a in self.answers if a.question == number and a.pupil in seated
        }

    def pupil(self, token: str) -> Pupil | None:
        """The pupil a token seats in this room, removed or not; None when it seats nobody."""
        me = pupil_id(token)
        return next((pupil for pupil in self.pupils if pupil.id == me), None)


class Classroom:
    """What the teacher's and the pupils' sides share: finding a room, reading it, polling it.

    `store` keeps the rooms, `now` gives the time, `memory` is the session's (what it read last,
    the codes it was let into, its tokens), `cookie` reads the reader's browser's cookies.
    """

    def __init__(self, store: Store, now: Now, memory: Memory, cookie: Cookie = no_cookie) -> None:
        self.store = store
        self.now = now
        self.memory = memory
        self.cookie = cookie

    def find(self, code: str) -> str:
        """The id of the room a code opens (UnknownDocument when none)."""
        return self.store.find_room(code)

    def load(self, id: str) -> Seen:
        """The room as it is now, read again only if its pulse moved since this session's last read.

        A room whose record is gone is refused as closed (RoomError "closed"): it will never come
        back, so a page must stop asking, not try again.
        """
        key = SEEN_KEY + id
        try:
            pulse = self.store.room_pulse(id)
            seen: Seen | None = self.memory.get(key)
            if seen is not None and seen.pulse == pulse and self.now() < seen.expires:
                return seen
            document = self.store.read("room", id)
        except (UnknownDocument, ExpiredDocument):
            raise closed_for_good() from None
        seen = Seen(
            id,
            Room.from_json(document.data),
            document.version,
            pulse,
            tuple(Pupil(*row) for row in self.store.pupils(id)),
            tuple(Answer(*row) for row in self.store.answers(id)),
            document.expires.timestamp(),
        )
        self.memory[key] = seen
        return seen

    def pace(self, id: str, every: float) -> float | None:
        """How often a page of room `id` polls it: every `every` seconds, never once it is closed.

        A closed room refuses every change but reading (`rooms.check_open`) and never opens
        again, so what its pages show cannot change: a phone left open after the lesson costs
        nothing. A room whose record is gone is closed too; an unreachable store is not final:
        the page keeps trying.
        """
        try:
            return None if self.load(id).closed(self.now()) else every
        except RoomError:
            return None
        except StoreError:
            return every

    def wakes(self, id: str) -> float | None:
        """When a page of room `id` waiting on its pulse must look again unasked (`Seen.wakes`).

        None for a room closed or gone, or a store at fault (its page looks at the next pulse).
        """
        try:
            return self.load(id).wakes(self.now())
        except (RoomError, StoreError):
            return None

    def closed(self, code: str) -> bool:
        """Whether room `code` takes no more questions: closed, or its record gone."""
        try:
            return self.load(self.find(code)).closed(self.now())
        except (RoomError, UnknownDocument):
            return True

    def look_up(
        self,
        code: str,
        member: Callable[[Seen], bool],
        wrong: WrongCodes,
        *,
        open_will_do: bool,
    ) -> Seen:
        """The room `code` opens, for a reader who may not know it exists; RoomError otherwise.

        Every way to a room by its code (the board, the join form, a pupil's link) comes here,
        so they answer alike and share the server's limit on wrong codes (`wrong`): a code that
        opens nothing, a closed or deleted room, and a pupil's link that is not of this room are
        all "no open room has this code", each counted as a wrong code; during a lock-out, every
        look-up is refused with the same "wait a minute". Only a reader who proves they belong
        gets past both: `member` (the teacher's token, or the pupil's own) says so, and a session
        let in once is let in again (it knows the room already; its board must say "closed" when
        the room closes). `open_will_do`: an open room lets anyone in (the board as the class
        sees it, the join form); a pupil's link needs its pupil.
        """
        known: set[str] = self.memory.setdefault(KNOWN_KEY, set())
        seen: Seen | None
        try:
            seen = self.load(self.find(code))
        except (UnknownDocument, RoomError):  # no room, or its record is gone
            seen = None
        if seen is None:
            if code in known:
                raise closed_for_good()
        elif code in known or member(seen):
            known.add(code)
            return seen
        wrong.check(self.now())
        if seen is None or seen.closed(self.now()) or not open_will_do:
            wrong.wrong(self.now())
            raise RoomError("unknown", "no open room has this code")
        known.add(code)
        return seen


def refusal(error: RoomError | StoreError, lang: Lang) -> str:
    """Why a room refused, in the reader's words: a store at fault says only "try again"."""
    if isinstance(error, RoomError):
        return t(error.key, lang, **error.params)
    return t("room.refused.unreachable", lang)
