"""Who reads the Table page, from its address, and the server's tables.

The address says who the reader is: `?table=ID` alone watches, `&host=TOKEN` is the table's host
(the links of the seats are drawn from it, so a reload shows them again), `&seat=LINK` is a seat's
link not yet claimed, `&player=TOKEN` plays a claimed seat. The player's token replaces the link
in the address once claimed, so a reload or a lost connection comes back as the same seat, as a
pupil's phone does in a room (`?pupil=`). The address is read on the first run of a visit only
(`frame.arriving`); later runs keep the reader in the session, where the tokens a session played
with are kept too, and in a cookie of the browser (`keep_in_browser`), so a seat's link opened
again, in the session or in a new tab, gives its seat back and another seat's link is refused.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Final

import streamlit as st

from pickomino.activities.table import (
    KEPT,
    MOVES_PER_MINUTE,
    SEAT_COOKIE,
    TableRefused,
    Tables,
    held,
)
from pickomino.game import IllegalMove
from pickomino.i18n import Lang, t
from pickomino.refusals import refusal as engine_refusal
from pickomino.rooms import Limit, RoomError
from pickomino.store import EXPIRY, StoreError
from pickomino.ui import devices, frame, storage

READER: Final = "table_reader"
"""Who this session reads the page as (`Reader`), settled on arriving and changed by clicks."""
VISIT: Final = "table_visit"
PLAYED: Final = "table_played"
"""The tokens this session plays tables with: table id → the player's token."""
NOTICE: Final = "table_notice"
"""The last click's refusal, with the move number of the table it was said at."""
NAME_INPUT: Final = "table_name"
SEATS: Final = "table_seats"
HINTS: Final = "table_hints"
TIMER: Final = "table_timer"
LOG_OPEN: Final = "table_log_open"
MOVED: Final = "table_moved"
"""The table as the seat's own move left it (`View`), for the run the tap starts to draw
instead of reading the table again: the store is the server's one queue, a tap took it twice."""
POLL_SECONDS: Final = 1.0
"""How often a page at a table runs its part that draws the table, polled by Streamlit: on a
server without the table's pulse (`app.py`), or while a turn timer counts down every second."""
PULSE_SECONDS: Final = 0.5
"""The least time between two asks of a page at a table for the table's version over HTTP
(`pulse.TABLE`), drawing it again only when it moved: each ask is held by the server until the
version moves, so a move shows as soon as it is written, and a page asks again at once after one
(docs/speed.md, "Tables")."""
TURN_PULSE_SECONDS: Final = 2.0
"""How often a page at an untimed table asks while its own seat is to move, without the server
holding its ask: only its own taps change the table then, and each draws what it left, so the
asking only notices a table closed or gone. The mover's page asks a quarter as often
(docs/speed.md, "Tables"), and holds its asks again within `pulse.STEP_MS` of its turn ending."""


@dataclass(frozen=True)
class Reader:
    """Who reads the page: a table's id, and at most one token.

    The host's token, a seat's unclaimed link, or the player's token; none to watch. No id: the
    host's form to open a table.
    """

    id: str | None = None
    host: str | None = None
    link: str | None = None
    player: str | None = None

    def address(self) -> dict[str, str | None]:
        """The page's own parameters, each None that this reader does not carry."""
        return {"table": self.id, "host": self.host, "seat": self.link, "player": self.player}


@st.cache_resource(show_spinner=False)
def moves() -> Limit:
    """The moves each seat sent in the last minute, on this server (`MOVES_PER_MINUTE`)."""
    return Limit(MOVES_PER_MINUTE)


def tables() -> Tables:
    """The server's tables, in its store."""
    return Tables(storage.store(), time.time, moves())


def reader() -> Reader:
    """The reader this session settled on."""
    found: Reader = st.session_state.get(READER, Reader())
    return found


def put(shown: Reader) -> None:
    """Read the page as `shown` from now on, and write it into the address."""
    st.session_state[READER] = shown
    frame.publish(shown.address())


def played(id: str) -> str | None:
    """The token this session, else this browser (its cookie), plays table `id` with, if any."""
    return held(id, st.session_state.get(PLAYED, {}), devices.cookie)


def keep_in_browser(id: str, token: str) -> None:
    """Write the player's token into a cookie of this browser, for as long as a table is kept.

    Only once the table took the token (the seat's page draws it): a seat's link opened again
    in a new tab, a new session, then gives the seat back (`played`).
    """
    devices.write_cookies({SEAT_COOKIE + id: token}, EXPIRY)


def keep_player(id: str, token: str) -> None:
    """Remember that this session plays table `id` as `token`, and read the page as that seat."""
    st.session_state.setdefault(PLAYED, {})[id] = token
    put(Reader(id, player=token))


def words(error: Exception, lang: Lang) -> str:
    """A refusal in the reader's words: the table's, a nickname's, the rules', or the store's."""
    if isinstance(error, TableRefused | RoomError):
        return t(error.key, lang, **error.params)
    if isinstance(error, IllegalMove):
        return engine_refusal(error, lang)
    if isinstance(error, StoreError):
        return KEPT.words(error, lang)
    raise error


def settle(lang: Lang) -> tuple[Reader, list[str]]:
    """The reader of this run; on arriving, the address read and checked, with its refusals.

    A table the store does not hold leaves the address (the host's form shows instead); a host's
    or a player's token the table does not take is refused, and the table is watched instead. A
    seat's link opened by a session that plays this table already gives its own seat back, or is
    refused when it is another seat's.
    """
    if not frame.arriving(VISIT):
        return reader(), []
    params = st.query_params
    shown = Reader(
        params.get("table"), params.get("host"), params.get("seat"), params.get("player")
    )
    id = shown.id
    if id is None:
        put(Reader())
        return reader(), []
    at = tables()
    try:
        if shown.host is not None:
            at.links(id, shown.host)
            shown = Reader(id, host=shown.host)
        elif shown.player is not None:
            at.seat(id, shown.player)
            shown = Reader(id, player=shown.player)
            st.session_state.setdefault(PLAYED, {})[id] = shown.player
        elif shown.link is not None:
            shown = _by_link(at, shown)
        else:
            at.watch(id)
    except StoreError as error:
        put(Reader())
        return reader(), [words(error, lang)]
    except (TableRefused, RoomError) as error:
        put(Reader(id))
        return reader(), [words(error, lang)]
    put(shown)
    return reader(), []


def _by_link(at: Tables, shown: Reader) -> Reader:
    """A seat's link: its seat given back to a session playing this table, else kept to claim."""
    assert shown.id is not None and shown.link is not None
    held = played(shown.id)
    if held is None:
        at.watch(shown.id)  # the table exists: the nickname form is worth showing
        return Reader(shown.id, link=shown.link)
    token = at.claim(shown.id, shown.link, "", held)
    return replace(shown, link=None, player=token)
