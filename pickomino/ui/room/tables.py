"""A room's tables on its board and on the pupils' phones: dealt, watched, their results kept.

The teacher deals the room's pupils into tables from the folded panel (`deal_form`), at random or
by hand (a row of table numbers for each pupil, one click to seat them); the board
then shows every table of the room in one compact grid, thirty on a projected screen (`board`),
one of them large if the teacher picks it (drawn as the Table page's spectator sees it,
`ui.table_game`), and the results with their file once every game is over. Each pupil's phone
offers a link to their own table (`phone_link`), which they play with their room token, as the
Table page reads it (`?table=ID&player=TOKEN`). The logic is `activities.classroom.tables`.
"""

from __future__ import annotations

import math
from html import escape
from typing import Final

import streamlit as st

from pickomino.activities.classroom.room import Seen, refusal
from pickomino.activities.classroom.tables import (
    SIZES,
    HandRefused,
    deal_room,
    may_deal,
    records_zip,
    told,
)
from pickomino.activities.table import (
    MIN_SEATS,
    ROOM_SEATS,
    TIMERS,
    BoardLine,
    Finished,
    TableRefused,
    Tables,
    next_number,
)
from pickomino.i18n import Lang, t
from pickomino.pages import spec_of
from pickomino.rooms import Pupil, RoomError
from pickomino.store import StoreError
from pickomino.ui import frame, records, show, table_game
from pickomino.ui.room import live
from pickomino.ui.storage import store

SIZE: Final = "room_tables_size"
HINTS: Final = "room_tables_hints"
TIMER: Final = "room_tables_timer"
NOTICE: Final = "room_tables_refused"
"""Why the teacher's last deal was refused, said above the tables until the next click."""
BIG: Final = "room_tables_big"
"""The id of the table the teacher shows large on the board, if any."""
PICK: Final = "room_tables_pick"
LOG_OPEN: Final = "room_tables_log_open"
PHONE: Final = "room_tables_phone"
"""A phone's table as last looked up: the room and its pulse then, the table's id and place."""
HOW: Final = "room_tables_how"
"""How the teacher deals: `HOWS`, at random (as first offered) or by hand."""
HOWS: Final = ("at_random", "by_hand")
AT: Final = "room_tables_at_"
"""A pupil's table picked by hand: this prefix and the pupil's id name its widget."""
DEFAULT_TIMER: Final = 60
"""A class match's turn timer unless the teacher picks another: no one waits long for a pupil."""

TABLES_CSS: Final = """<style>
.pk-tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: 0.4rem; }
.pk-tb { border: 1px solid rgba(49, 51, 63, 0.25); border-radius: 0.4rem; min-width: 0;
  padding: 0.25rem 0.5rem; font-size: 1rem; line-height: 1.3; }
.pk-tb p { margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pk-tb .pk-tb-players { white-space: normal; display: flex; flex-wrap: wrap; column-gap: 0.6rem; }
.pk-tb .pk-tb-now { font-weight: 700; text-decoration: underline; }
.pk-tb .pk-tb-state { color: #005a8c; }
.pk-tb-over { background: rgba(0, 158, 115, 0.1); }
.pk-tb-over .pk-tb-state { color: #00694c; font-weight: 600; }
.pk-tb .pk-tb-last { color: rgba(49, 51, 63, 0.75); white-space: normal; display: -webkit-box;
  -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.pk-tables-many { grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.2rem; }
.pk-tables-many .pk-tb { font-size: 0.7rem; line-height: 1.2; padding: 0.1rem 0.3rem; }
.pk-tables-many .pk-tb-last { display: none; }
</style>"""
"""The tables' grid: as many columns of small cards as the board's width holds, each card a few
short lines (its number and state, the players and scores, the last move), the player to move
underlined, a finished game tinted, its winners said. Past `MANY` tables the cards are smaller and
leave the last move out, so thirty fit one projected screen (1024x768) under the join strip, the
sidebar open or folded."""
MANY: Final = 12
"""Past this many tables the board's cards are the smallest (`TABLES_CSS`)."""


def tables() -> Tables:
    """The server's tables, in its store (the board reads them, plays none)."""
    return Tables(store(), live.now)


def _words(error: RoomError | TableRefused | HandRefused | StoreError, lang: Lang) -> str:
    """A refusal in the teacher's words: the room's, the tables', or the store's."""
    if isinstance(error, TableRefused | HandRefused):
        return t(error.key, lang, **error.params)
    return refusal(error, lang)


def _deal(code: str, lang: Lang, by_hand: tuple[str, ...] | None) -> None:
    """The teacher's *Deal the tables*: the room's pupils into tables, their token checked.

    `by_hand`: the ids of the pupils the form gave a table to pick, when the teacher picks.
    """
    st.session_state.pop(NOTICE, None)
    picked = None
    if by_hand is not None:
        picks = {id: st.session_state.get(AT + id) for id in by_hand}
        picked = {id: int(number) for id, number in picks.items() if number is not None}
    try:
        deal_room(
            live.desk(),
            tables(),
            code,
            int(st.session_state.get(SIZE, SIZES[0])),
            bool(st.session_state.get(HINTS, False)),
            st.session_state.get(TIMER, DEFAULT_TIMER),
            picked=picked,
        )
    except (RoomError, TableRefused, HandRefused, StoreError) as error:
        st.session_state[NOTICE] = _words(error, lang)
        return
    st.session_state.pop(BIG, None)
    for id in by_hand or ():  # the next round's rows start afresh, from its own numbers
        st.session_state.pop(AT + id, None)


def deal_form(seen: Seen, code: str, lang: Lang) -> None:
    """*Play in tables*, in the teacher's panel: at random or by hand, the hints, the turn timer.

    Only the room's teacher gets it (the panel is theirs), and the deal checks the token again.
    While games go on, it says to wait, so no pupil is dealt into two games at once.
    """
    st.markdown(f"**{t('room.tables.play', lang)}**")
    try:
        lines = tables().board(seen.id)
    except StoreError as error:
        st.error(refusal(error, lang), icon=":material/cloud_off:")
        return
    if not may_deal(lines):
        st.caption(t("room.tables.intro", lang))
        st.caption(t("room.tables.busy", lang))
        return
    how = st.segmented_control(
        t("room.tables.how", lang),
        HOWS,
        default=HOWS[0],
        required=True,
        key=frame.worded(HOW),
        format_func=lambda how: t(f"room.tables.{how}", lang),
    )
    pupils = seen.seated() if how == "by_hand" else None
    if pupils is None:
        st.caption(t("room.tables.intro", lang))
    else:
        st.caption(t("room.tables.hand_intro", lang, high=ROOM_SEATS))
    with st.form("room_tables_form", border=False):
        if pupils is not None:
            _picks(pupils, next_number(lines))
        size, timer = st.columns(2)
        if pupils is None:
            size.selectbox(t("room.tables.size", lang), SIZES, key=SIZE)
        timer.selectbox(
            t("table_page.timer", lang),
            TIMERS,
            index=TIMERS.index(DEFAULT_TIMER),
            key=frame.worded(TIMER),
            format_func=lambda seconds: (
                t("table_page.no_timer", lang)
                if seconds is None
                else t("table_page.seconds", lang, seconds=seconds)
            ),
        )
        st.toggle(t("room.tables.hints", lang), value=False, key=HINTS)
        st.form_submit_button(
            t("room.tables.deal", lang),
            type="primary",
            key="room_tables_deal",
            icon=":material/groups:",
            on_click=_deal,
            args=(code, lang, None if pupils is None else tuple(pupil.id for pupil in pupils)),
        )


HAND_CSS: Final = """<style>
.st-key-room_tables_hand { gap: 0.15rem; }
.st-key-room_tables_hand button[data-variant="segmented_control"] { min-width: 1.7rem;
  min-height: 1.8rem; padding: 0 0.2rem; }
.st-key-room_tables_hand [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
.st-key-room_tables_hand [data-testid="stMarkdownContainer"] p { margin: 0;
  overflow-wrap: anywhere; }
</style>"""
"""The rows of tables by hand, small: fifteen table numbers beside a name on one line of the
teacher's panel, sidebar open, so thirty pupils take under two projected screens; the name
centred on its row (Streamlit's text pulls the next element up by a negative margin)."""


def _picks(pupils: tuple[Pupil, ...], first: int) -> None:
    """Each pupil's name and a row of table numbers from `first`, theirs marked: one click each.

    Thirty pupils are one short row each, the whole class's tables seen at a glance on the
    projector, nothing to type and no list to open (a selectbox takes two clicks a pupil, a
    table's cell a double click and typing). At first the pupils sit two by two as they
    joined, so the teacher moves only those to move; as many numbers as make tables of two, a
    pupil alone getting a bot. Inside the form, a click sends nothing until the deal; a pupil
    who joins later gets a row on the next redraw, and a deal that left them out is refused
    (`tables_by_hand`). The numbers are the tables' on the board and the phones, the ones the
    teacher tells the class; a new round's go on from the last round's (`next_number`), whose
    tables the board still shows.
    """
    show.html(HAND_CSS)
    numbers = list(range(first, first + math.ceil(len(pupils) / MIN_SEATS)))
    with st.container(key="room_tables_hand"):
        for index, pupil in enumerate(pupils):
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.markdown(f"**{pupil.nickname}**", width=110)
                st.segmented_control(
                    pupil.nickname,
                    numbers,
                    default=first + index // MIN_SEATS,
                    required=True,
                    key=AT + pupil.id,
                    label_visibility="collapsed",
                )


def dealt(id: str) -> bool:
    """Whether room `id` has tables: the board then shows them, and the strip to join."""
    try:
        return bool(tables().board(id))
    except StoreError:
        return False


def board(id: str, code: str, teacher: bool, lang: Lang) -> bool:
    """The room's tables on the board, if any: the grid, or one large; the results at the end.

    `teacher`: the reader holds the room's teacher token: the choice of a table to show large,
    and the results' file. Everyone else sees the grid as the class does. Whether the room has
    tables.
    """
    refused = st.session_state.get(NOTICE) if teacher else None
    if refused:
        st.error(refused, icon=":material/error:")
    try:
        lines = tables().board(id)
    except StoreError as error:
        st.error(refusal(error, lang), icon=":material/cloud_off:")
        return False
    if not lines:
        return False
    over = may_deal(lines)
    big = st.session_state.get(BIG) if teacher else None
    shown = next((line for line in lines if line.id == big), None)
    if shown is not None:
        _large(shown, lang)
        return True
    st.subheader(t("room.tables.results" if over else "room.tables.heading", lang), anchor=False)
    show.html(TABLES_CSS + _grid(lines, lang))
    if not teacher:
        return True
    with st.container(horizontal=True, vertical_alignment="bottom", key="room_tables_tools"):
        places = {line.id: line.place for line in lines}
        st.selectbox(
            t("room.tables.pick", lang),
            list(places),
            key=PICK,
            format_func=lambda table: t("room.tables.title", lang, n=places.get(table, 0)),
            filter_mode=None,
            width=200,
        )
        st.button(
            t("room.tables.big", lang),
            key="room_tables_show",
            icon=":material/zoom_in:",
            on_click=lambda: st.session_state.__setitem__(BIG, st.session_state.get(PICK)),
        )
        if over:
            _download(id, code, lines, lang)
    return True


def _grid(lines: tuple[BoardLine, ...], lang: Lang) -> str:
    """Every table as a small card: its number and state, the players and scores, the last move."""
    cards = []
    for line in lines:
        said = told(line, lang)
        players = "".join(
            f'<span class="pk-tb-now">{escape(player)}</span>'
            if seat == line.current
            else f"<span>{escape(player)}</span>"
            for seat, player in enumerate(said.players)
        )
        last = f'<p class="pk-tb-last">{escape(said.last)}</p>' if said.last else ""
        cards.append(
            f'<section class="pk-tb{" pk-tb-over" if line.over else ""}" '
            f'aria-label="{escape(said.title)}">'
            f'<p><b>{escape(said.title)}</b> · <span class="pk-tb-state">{escape(said.state)}'
            f'</span></p><p class="pk-tb-players">{players}</p>{last}</section>'
        )
    many = " pk-tables-many" if len(lines) > MANY else ""
    return f'<div class="pk-tables{many}">{"".join(cards)}</div>'


def _large(line: BoardLine, lang: Lang) -> None:
    """One table large, as a spectator sees it on the Table page; a button back to them all.

    The board's poll plays a move whose time ran out, as a spectator's page does.
    """
    with st.container(horizontal=True, vertical_alignment="center", key="room_tables_large"):
        st.button(
            t("room.tables.back", lang),
            key="room_tables_back",
            icon=":material/grid_view:",
            on_click=st.session_state.pop,
            args=(BIG, None),
        )
        st.markdown(f"**{t('room.tables.title', lang, n=line.place)}**", width="content")
    try:
        view = tables().advance(line.id)
    except (TableRefused, StoreError) as error:
        st.error(_words(error, lang), icon=":material/error:")
        return
    table_game.game(view, lang, LOG_OPEN)


def _download(id: str, code: str, lines: tuple[BoardLine, ...], lang: Lang) -> None:
    """The results and every finished game's file, one zip, for the teacher to keep."""
    st.download_button(
        t("room.tables.download", lang),
        lambda: records_zip(lines, _records(id), lang, records.record_text),
        file_name=f"room-{code}-tables.zip",
        mime="application/zip",
        key="room_tables_download",
        on_click="ignore",
        icon=":material/download:",
    )


def _records(id: str) -> tuple[tuple[int, Finished], ...] | None:
    """The room's finished games, or None when the store cannot say (`records_zip`)."""
    try:
        return tables().records(id)
    except StoreError:
        return None


Mine = tuple[str, int] | None
"""A pupil's table in their room: its id and its number on the board, or None before a deal."""


def mine(seen: Seen, token: str) -> Mine:
    """The table pupil `token` plays at in the room `seen`, once tables are dealt.

    Looked up again only when the room's pulse moved (a deal moves it, `Store.create_owned`), so
    a phone polling its room costs no more read for its table; a store at fault says none, and
    the next poll asks again.
    """
    kept = st.session_state.get(PHONE)
    if kept is not None and kept[0] == (seen.id, seen.pulse):
        found: Mine = kept[1]
        return found
    try:
        id = tables().table_of(seen.id, token)
        found = None if id is None else (id, tables().load(id).place)
    except StoreError:
        return None
    st.session_state[PHONE] = ((seen.id, seen.pulse), found)
    return found


def phone_link(table: Mine, token: str, lang: Lang) -> None:
    """On a pupil's phone once tables are dealt: which table is theirs, and a link to play it.

    The link carries the pupil's room token as the table's player token: the pupil's seat, and
    no one else's.
    """
    if table is None:
        return
    found, place = table
    st.markdown(f"**{t('room.tables.yours', lang, n=place)}**")
    st.page_link(
        spec_of("table").file,
        label=t("room.tables.go", lang),
        icon=":material/casino:",
        query_params={"table": found, "player": token, "lang": lang},
    )
