"""The room's pages' plumbing: the store, the clock, the session's memory, the browser's cookies.

The classroom itself is `pickomino.activities.classroom` (the teacher's desk, the pupil's seat,
the room as read); this module hands them what only a page has: the store the app keeps, this
session's state (what it read last, its tokens, the codes it was let into), the cookies its
browser sent and the cookies to write (through `ui.devices`, which the Table page shares), the
server's limits kept as resources, and the polling of a page's fragment.

The teacher's token is kept in a cookie of the teacher's browser, written only once checked
against the room (`keep_in_browser`, after `TeacherDesk.teacher_of`), so a reload of the
projector keeps the controls; a pupil's seat likewise (`keep_seat`).
"""

from __future__ import annotations

import time
from typing import Final

import streamlit as st

from pickomino.activities.classroom import (
    COOKIE_PREFIX,
    CURRENT_COOKIE,
    SEAT_COOKIE,
    PupilSeat,
    TeacherDesk,
)
from pickomino.i18n import Lang
from pickomino.rooms import (
    KEPT_AFTER,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_SERVER,
    Limit,
    WrongCodes,
)
from pickomino.ui import devices
from pickomino.ui.storage import store

POLL_SECONDS: Final = 1.0
"""How often a phone looks at the room's pulse: a tap is answered at once whatever this is, so
it only delays a new question, by a second at most."""
BOARD_POLL_SECONDS: Final = 0.5
"""How often the board looks: one page per room, so twice as often costs little, and a tap
shows on the board within 2 s even with 90 pupils on a server (README, "Live classroom")."""


def now() -> float:
    """The time rooms are stamped with: seconds since 1970, the same on every server."""
    return time.time()


@st.cache_resource(show_spinner=False)
def wrong_codes() -> WrongCodes:
    """The count of wrong room codes tried on this server (`rooms.WrongCodes`)."""
    return WrongCodes()


@st.cache_resource(show_spinner=False)
def openings() -> tuple[Limit, Limit]:
    """The rooms opened on this server in the last minute: per network address, and in all."""
    return Limit(ROOMS_PER_ADDRESS), Limit(ROOMS_PER_SERVER)


def desk() -> TeacherDesk:
    """The teacher's side of the rooms, for this session and browser."""
    return TeacherDesk(store(), now, st.session_state, devices.cookie)


def seat() -> PupilSeat:
    """The pupil's side of the rooms, for this session and browser."""
    return PupilSeat(store(), now, st.session_state, devices.cookie)


def stop_polling(pace: float | None) -> None:
    """Run the whole page again if its fragment, polling at `pace`, found the room closed.

    A page that finds its room closed while polling runs again whole, the only way Streamlit
    sets a fragment's `run_every` anew; the page's run sets the fragment up without polling
    (`pace` None then, `Classroom.pace`).
    """
    if pace is not None:
        st.rerun(scope="app")


def keep_in_browser(code: str, token: str) -> None:
    """Write the teacher's token into a cookie of this browser, so a reload keeps the controls.

    Only the teacher's page calls this, once the token is checked (`TeacherDesk.teacher_of`).
    """
    devices.write_cookies({COOKIE_PREFIX + code: token, CURRENT_COOKIE: code}, KEPT_AFTER)


def keep_seat(code: str, token: str) -> None:
    """Mark this session and this browser as seated in room `code` as `token`.

    The join form reads the mark (`PupilSeat.seat_of`): a pupil joining again from the same
    browser gets their own seat back, and a pupil the teacher removed is refused, under any
    nickname. The cookie lasts as long as the room's answers are kept; a script that sends no
    cookie is held by the room's limit on joins a minute instead (README, "Live classroom").
    """
    seat().keep_seat(code, token)
    devices.write_cookies({SEAT_COOKIE + code: token}, KEPT_AFTER)


def client_address() -> str | None:
    """The network address this session's connection came from (None on the server's own host).

    The address of the last proxy unless the proxy is one the server trusts to forward the
    client's (uvicorn's FORWARDED_ALLOW_IPS, 127.0.0.1 by default): see README, "Live classroom".
    """
    return st.context.ip_address


def open_new(lang: Lang) -> str:
    """Open a room taught by this session within the session's, address's and server's limits."""
    by_address, in_all = openings()
    return desk().open(lang, by_address, in_all, client_address())
