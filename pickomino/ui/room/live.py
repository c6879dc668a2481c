"""A room as this session reads and changes it, through the store, never held in the server.

A page polls the room's pulse (`Store.room_pulse`, one indexed row) every second or so and reads
the room's document, pupils and answers again only when the pulse moved: thirty phones polling a
room that nothing changed cost thirty tiny reads. Whatever a second server must see (the room,
its pupils, their answers) is in the store; the session only keeps what it last read, and the
teacher's token.

The teacher's token is kept in the teacher's session and in a cookie of the teacher's browser
(so a reload of the projector keeps the controls), and travels in the control link the teacher
opens on another device; never in the projector's address or on its screen. A token is kept or
written only once checked against the room (`teacher_of`): a made-up control link leaves nothing.

A room is found by its code in one place (`look_up`), for the board, the join form and a pupil's
link alike, so a guesser learns the same from each of them: nothing, until a token proves the
reader belongs to the room.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import streamlit as st

from pickomino.i18n import Lang, t
from pickomino.rooms import (
    KEPT_AFTER,
    MAX_PUPILS,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_SERVER,
    ROOMS_PER_SESSION,
    SERVER,
    Answer,
    Limit,
    Pupil,
    Room,
    RoomError,
    WrongCodes,
    check_teacher,
    is_closed,
    new_code,
    new_token,
    open_question,
    open_room,
)
from pickomino.store import (
    ExpiredDocument,
    RoomCodeTaken,
    RoomPulse,
    StoreError,
    UnknownDocument,
    VersionConflict,
)
from pickomino.ui.storage import store

TEACHER_KEY: Final = "room_teacher"
"""The rooms this session teaches: code → the teacher's token."""
KNOWN_KEY: Final = "room_known"
"""The codes of the rooms this session was let into (`look_up`): it knows they exist already."""
CURRENT_KEY: Final = "room_current"
"""The code of the room this session opened last, for the sandbox and the quiz to ask it."""
COOKIE_PREFIX: Final = "pickomino_room_"
CURRENT_COOKIE: Final = "pickomino_room_current"
SEAT_KEY: Final = "room_seat"
"""The pupils this session was seated as: room code → the pupil's token."""
SEAT_COOKIE: Final = "pickomino_seat_"
OPENED_KEY: Final = "room_opened"
"""The rooms this session opened in the last minute (`rooms.Limit`)."""
POLL_SECONDS: Final = 1.0
"""How often a phone looks at the room's pulse: a tap is answered at once whatever this is, so
it only delays a new question, by a second at most."""
BOARD_POLL_SECONDS: Final = 0.5
"""How often the board looks: one page per room, so twice as often costs little, and a tap
shows on the board within 2 s even with 90 pupils on a server (README, "Live classroom")."""
CHANGE_ATTEMPTS: Final = 5
OPENING: Final = threading.Lock()
"""Held by a room's opening from the check of the limits to their count: each session runs its
script in a thread of its own, and clicks arriving together all passed the check while the
first was still writing its room (a burst of 50 from one address, `benchmarks/abuse.py`, opened
18 to 35 rooms against limits of 10 and 20). One room opens at a time on a server, a store write
of a few ms, and a store at fault refuses at once after its first wait (`store.RETRY_AFTER`)."""


def now() -> float:
    """The time rooms are stamped with: seconds since 1970, the same on every server."""
    return time.time()


@st.cache_resource(show_spinner=False)
def wrong_codes() -> WrongCodes:
    """The count of wrong room codes tried on this server (`rooms.WrongCodes`)."""
    return WrongCodes()


def refusal(error: RoomError | StoreError, lang: Lang) -> str:
    """Why a room refused, in the reader's words."""
    if isinstance(error, RoomError):
        return t(f"room.refused.{error.code}", lang, **error.params)
    return t("room.refused.unreachable", lang)


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

    def closed(self) -> bool:
        """Whether the room is closed, by the teacher or idle (`rooms.is_closed`), as of now."""
        return is_closed(self.room, self.pulse.changed, now())

    def seated(self) -> tuple[Pupil, ...]:
        """The pupils the teacher did not remove."""
        return tuple(pupil for pupil in self.pupils if not pupil.removed)

    def of_question(self, number: int) -> dict[str, int]:
        """Each seated pupil's answer to question `number`."""
        seated = {pupil.id for pupil in self.seated()}
        return {
            a.pupil: a.option for a in self.answers if a.question == number and a.pupil in seated
        }


def find(code: str) -> str:
    """The id of the room a code opens (UnknownDocument when none)."""
    return store().find_room(code)


def load(id: str) -> Seen:
    """The room as it is now, read again only if its pulse moved since this session's last read.

    A room whose record is gone (`KEPT_AFTER` past its last change) is refused as closed
    (RoomError "closed"): it will never come back, so a page must stop asking, not try again.
    """
    key = f"room_seen_{id}"
    try:
        pulse = store().room_pulse(id)
        seen: Seen | None = st.session_state.get(key)
        if seen is not None and seen.pulse == pulse and now() < seen.expires:
            return seen
        document = store().read("room", id)
    except (UnknownDocument, ExpiredDocument):
        raise RoomError("closed", "this room is closed, and its answers are deleted") from None
    seen = Seen(
        id,
        Room.from_json(document.data),
        document.version,
        pulse,
        tuple(Pupil(*row) for row in store().pupils(id)),
        tuple(Answer(*row) for row in store().answers(id)),
        document.expires.timestamp(),
    )
    st.session_state[key] = seen
    return seen


def pace(id: str, every: float) -> float | None:
    """How often a page of room `id` polls it: every `every` seconds, never once it is closed.

    A closed room refuses every change but reading (`rooms.check_open`) and never opens again, so
    what its pages show cannot change: a phone left open after the lesson costs nothing. A page
    that finds its room closed while polling runs again whole (`stop_polling`), the only way
    Streamlit sets a fragment's `run_every` anew. A room whose record is gone is closed too; an
    unreachable store is not final: the page keeps trying.
    """
    try:
        return None if load(id).closed() else every
    except RoomError:
        return None
    except StoreError:
        return every


def stop_polling(pace: float | None) -> None:
    """Run the whole page again if its fragment, polling at `pace`, found the room closed.

    The page's run sets the fragment up without polling (`pace` None then), as Streamlit fixes a
    fragment's `run_every` only when the whole page runs.
    """
    if pace is not None:
        st.rerun(scope="app")


def look_up(code: str, member: Callable[[Seen], bool], *, open_will_do: bool) -> Seen:
    """The room `code` opens, for a reader who may not know it exists; RoomError otherwise.

    Every way to a room by its code (the board, the join form, a pupil's link) comes here, so
    they answer alike and share the server's limit on wrong codes (`rooms.WrongCodes`): a code
    that opens nothing, a closed or deleted room, and a pupil's link that is not of this room
    are all "no open room has this code", each counted as a wrong code; during a lock-out, every
    look-up is refused with the same "wait a minute". Only a reader who proves they belong gets
    past both: `member` (the teacher's token, or the pupil's own) says so, and a session let in
    once is let in again (it knows the room already; its board must say "closed" when the room
    closes). `open_will_do`: an open room lets anyone in (the board as the class sees it, the
    join form); a pupil's link needs its pupil.
    """
    known: set[str] = st.session_state.setdefault(KNOWN_KEY, set())
    seen: Seen | None
    try:
        seen = load(find(code))
    except (UnknownDocument, RoomError):  # no room, or its record is gone
        seen = None
    if seen is None:
        if code in known:
            raise RoomError("closed", "this room is closed, and its answers are deleted")
    elif code in known or member(seen):
        known.add(code)
        return seen
    limit = wrong_codes()
    limit.check(now())
    if seen is None or seen.closed() or not open_will_do:
        limit.wrong(now())
        raise RoomError("unknown", "no open room has this code")
    known.add(code)
    return seen


def teacher_token(code: str) -> str | None:
    """The token this session or browser holds for room `code`, unchecked (`teacher_of` checks).

    Only a checked token is ever kept in the session; a cookie is the browser's to send, so a
    change made with it is checked against the room as well (`change`).
    """
    token: str | None = st.session_state.get(TEACHER_KEY, {}).get(code)
    return token or _cookie(COOKIE_PREFIX + code)


def teacher_of(code: str, room: Room, offered: str | None = None) -> str | None:
    """The teacher's token for `room`, checked against it, or None: this reader is not its teacher.

    `offered` comes from a control link; then the token this session or browser holds is
    tried. Only the token that passes `rooms.check_teacher` is kept in the session: a control
    link with another room's token, a pupil's or a made-up one is forgotten at once.
    """
    for token in (offered, teacher_token(code)):
        try:
            check_teacher(room, token)
        except RoomError:
            continue
        assert token is not None
        remember(code, token)
        return token
    return None


def _cookie(name: str) -> str | None:
    """A cookie the browser sent with this session's connection (AppTest has none to send)."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and value else None


def remember(code: str, token: str) -> None:
    """Keep a checked teacher's token in the session; `keep_in_browser` writes its cookie."""
    st.session_state.setdefault(TEACHER_KEY, {})[code] = token
    st.session_state[CURRENT_KEY] = code


def keep_in_browser(code: str, token: str) -> None:
    """Write the teacher's token into a cookie of this browser, so a reload keeps the controls.

    Only the teacher's page calls this, once the token is checked (`teacher_of`).
    """
    _write_cookies({COOKIE_PREFIX + code: token, CURRENT_COOKIE: code})


def _write_cookies(cookies: dict[str, str]) -> None:
    """Write `cookies` into this browser, kept as long as the room's answers are.

    The site's own (SameSite=Strict), sent by the browser with Streamlit's connection. Names
    and values are a room's code and tokens, written into a script: anything but their letters
    writes nothing.
    """
    if not all(re.fullmatch(r"[A-Za-z0-9_-]+", name + value) for name, value in cookies.items()):
        return
    age = int(KEPT_AFTER.total_seconds())
    script = "".join(
        f"document.cookie = '{name}={value}; path=/; max-age={age}; SameSite=Strict';"
        for name, value in cookies.items()
    )
    st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def current() -> str | None:
    """The code of the room this teacher opened last, in this session or this browser, if any.

    So the sandbox and the quiz, opened in a new tab or reloaded, still ask the same room.
    """
    code: str | None = st.session_state.get(CURRENT_KEY) or _cookie(CURRENT_COOKIE)
    if code is None or teacher_token(code) is None:
        return None
    return code


@st.cache_resource(show_spinner=False)
def openings() -> tuple[Limit, Limit]:
    """The rooms opened on this server in the last minute: per network address, and in all."""
    return Limit(ROOMS_PER_ADDRESS), Limit(ROOMS_PER_SERVER)


def client_address() -> str | None:
    """The network address this session's connection came from (None on the server's own host).

    The address of the last proxy unless the proxy is one the server trusts to forward the
    client's (uvicorn's FORWARDED_ALLOW_IPS, 127.0.0.1 by default): see README, "Live classroom".
    """
    return st.context.ip_address


def open_new(lang: Lang) -> str:
    """Open a room taught by this session; its code, or RoomError past a limit on opening rooms.

    At most `ROOMS_PER_SESSION` a minute from this session and `ROOMS_PER_ADDRESS` from its
    address ("many_rooms"), `ROOMS_PER_SERVER` on this server ("server_rooms"); a refused room
    counts in none, and a room the store failed to create counts neither.
    """
    own: Limit = st.session_state.setdefault(OPENED_KEY, Limit(ROOMS_PER_SESSION))
    by_address, in_all = openings()
    where = client_address()
    with OPENING:
        moment = now()
        if own.full("", moment) or (where is not None and by_address.full(where, moment)):
            raise RoomError("many_rooms", "too many rooms opened from here in the last minute")
        if in_all.full(SERVER, moment):
            raise RoomError(
                "server_rooms", "too many rooms opened on this server in the last minute"
            )
        token = new_token()
        while True:
            code = new_code()
            room = open_room(code, token, lang, moment)
            try:
                store().create_room(code, room.to_json(), MAX_PUPILS, KEPT_AFTER)
            except RoomCodeTaken:  # one chance in billions: draw another
                continue
            own.count("", moment)
            in_all.count(SERVER, moment)
            if where is not None:
                by_address.count(where, moment)
            remember(code, token)
            return code


def seat_of(code: str) -> str | None:
    """The token this browser was last seated with in room `code`, if any (session or cookie)."""
    token: str | None = st.session_state.get(SEAT_KEY, {}).get(code)
    return token or _cookie(SEAT_COOKIE + code)


def keep_seat(code: str, token: str, in_browser: bool) -> None:
    """Mark this session, and with `in_browser` this browser, as seated in room `code` as `token`.

    The join form reads the mark (`seat_of`): a pupil joining again from the same browser gets
    their own seat back, and a pupil the teacher removed is refused, under any nickname. The
    cookie lasts as long as the room's answers are kept; a script that sends no cookie is held
    by the room's limit on joins a minute instead (README, "Live classroom").
    """
    st.session_state.setdefault(SEAT_KEY, {})[code] = token
    if in_browser:
        _write_cookies({SEAT_COOKIE + code: token})


def change(code: str, edit: Callable[[Room], Room]) -> Room:
    """Apply a teacher's change to room `code`, made on the room as it is stored now.

    Checks the teacher's token first (RoomError "not_teacher"), and redoes the change on the
    stored room when another of the teacher's devices changed it meanwhile.
    """
    id = find(code)
    for _ in range(CHANGE_ATTEMPTS):
        document = store().read("room", id)
        room = Room.from_json(document.data)
        check_teacher(room, teacher_token(code))
        changed = edit(room)
        try:
            store().update_room(
                id,
                changed.to_json(),
                document.version,
                open_question(changed, now()),
                KEPT_AFTER,
                changed.question.deadline if changed.question else None,
            )
        except VersionConflict:
            continue
        return changed
    raise RoomError("busy", "the room changed too often to apply this change; try again")
