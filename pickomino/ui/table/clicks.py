"""The Table page's callbacks: open a table, claim a seat, give a seat to a bot, play a move.

Each hands its click to `Tables` and keeps a refusal in words for the next draw (`NOTICE`), with
the move number of the table it was said at: a move sent twice or late is refused by its number
(`stale_move`), said once, calmly, and the table stays as it is.
"""

from __future__ import annotations

import streamlit as st

from pickomino.activities.table import TableRefused
from pickomino.game import IllegalMove, Move
from pickomino.i18n import Lang
from pickomino.rooms import RoomError
from pickomino.store import StoreError
from pickomino.ui.table.state import (
    HINTS,
    MOVED,
    NAME_INPUT,
    NOTICE,
    SEATS,
    TIMER,
    Reader,
    keep_player,
    played,
    put,
    reader,
    tables,
    words,
)

REFUSALS = (TableRefused, RoomError, IllegalMove, StoreError)


def open_table(lang: Lang) -> None:
    """The host's form: a table of the seats, hints and timer chosen, its links for the host."""
    st.session_state.pop(NOTICE, None)
    try:
        opened = tables().open(
            int(st.session_state.get(SEATS, 2)),
            hints=bool(st.session_state.get(HINTS, True)),
            timer=st.session_state.get(TIMER),
        )
    except REFUSALS as error:
        st.session_state[NOTICE] = (None, words(error, lang))
        return
    put(Reader(opened.id, host=opened.host))


def claim(lang: Lang) -> None:
    """The nickname form: sit at the seat the link opens, then play it by the player's token."""
    st.session_state.pop(NOTICE, None)
    shown = reader()
    assert shown.id is not None and shown.link is not None
    try:
        token = tables().claim(
            shown.id, shown.link, st.session_state.get(NAME_INPUT, ""), played(shown.id)
        )
    except REFUSALS as error:
        st.session_state[NOTICE] = (None, words(error, lang))
        return
    keep_player(shown.id, token)


def give_bot(id: str, host: str, seat: int, lang: Lang) -> None:
    """The host gives an empty seat to a bot (the expert)."""
    st.session_state.pop(NOTICE, None)
    try:
        tables().give_bot(id, host, seat)
    except REFUSALS as error:
        st.session_state[NOTICE] = (None, words(error, lang))


def play(id: str, token: str, number: int, lang: Lang, move: Move) -> None:
    """A seat's move, sent with the move number its buttons were drawn at.

    A refusal is said while the table is at the number it was refused at: a late move's refusal
    names the table's number now, any other the number sent.
    """
    st.session_state.pop(NOTICE, None)
    try:
        st.session_state[MOVED] = tables().play(id, token, number, move)
    except REFUSALS as error:
        at = error.params.get("current", number) if isinstance(error, TableRefused) else number
        st.session_state[NOTICE] = (at, words(error, lang))
