"""A game between devices as a seat or a spectator sees it: on the Table page, on a room's board.

The Table page draws a seat's game and a spectator's with these, and a room's board draws one of
its tables large with the same (`game`), as a spectator. What only a seat has, its moves as
buttons, is handed in by the Table page (`Moves`), so this module draws no click of its own but
the finished game's review and file.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Final

import streamlit as st

from pickomino.activities.play import score_lines, tie_break_words, winner_words
from pickomino.activities.seats import Called, calling
from pickomino.activities.table import View
from pickomino.i18n import Lang, t
from pickomino.match import PERSON
from pickomino.narrate import seat_label
from pickomino.pages import spec_of
from pickomino.share import game_link
from pickomino.ui import frame, records, show
from pickomino.ui.common import DICE_SCALE, TILE_SCALE, status

RECENT: Final = 3
"""The moves told under the dice: the last one, and the two before it for context."""

Moves = Callable[[Called], None]
"""A seat's moves as buttons, drawn under its dice, given how the page calls the seats."""


def game(view: View, lang: Lang, log_key: str, moves: Moves | None = None) -> None:
    """The game under the page's title, from who sits where to the end.

    Whose turn (or the end), the dice, `moves` for the seat to move, the last moves, the tiles,
    and the log, folded (kept open or not under `log_key`).
    """
    if not view.started:
        seats(view, lang)
        return
    names = calling(tuple(kind or PERSON for kind in view.kinds), view.names, lang)
    if view.over:
        end(view, names, lang)
    else:
        heading(view, names, lang)
    # the dice and the moves first: on a phone, where the columns stack, they open the screen
    decision, tiles = st.columns(2, gap="medium")
    with decision:
        dice(view, lang)
        if moves is not None:
            moves(names)
        recent(view, names, lang)
    with tiles:
        board(view, names, lang)
    fill = partial(log, view, names, lang)
    frame.folded(t("table_page.log", lang), ":material/history:", log_key, fill)


def seats(view: View, lang: Lang) -> None:
    """Before the game: who sits where, and how many seats are still empty."""
    taken = sum(kind is not None for kind in view.kinds)
    st.info(
        t("table_page.waiting", lang, taken=taken, seats=len(view.kinds)),
        icon=":material/hourglass_empty:",
    )
    lines = []
    for seat, (kind, name) in enumerate(zip(view.kinds, view.names, strict=True)):
        key = "empty" if kind is None else "person" if kind == PERSON else "bot"
        lines.append(f"- {t(f'table_page.seat_{key}', lang, n=seat + 1, name=name)}")
    st.markdown("\n".join(lines))


def heading(view: View, names: Called, lang: Lang) -> None:
    """Whose turn it is, and the time left for the move when the host set a timer."""
    assert view.table is not None
    if view.mine:
        st.header(t("table_page.your_turn", lang), anchor=False)
    else:
        player = seat_label(view.table.current, lang, names.labels)
        st.header(t("table_page.their_turn", lang, player=player), anchor=False)
    st.caption(status(view.table, lang, names=names.said))
    if view.left is not None:
        st.caption(t("table_page.left", lang, seconds=math.ceil(view.left)))


def board(view: View, names: Called, lang: Lang) -> None:
    """The tiles: the middle row and every stack, the reader's own marked; the last move's marks."""
    table = view.table
    assert table is not None
    marks = show.marks_from(view.log[-1].events if view.log else (), lang)
    show.middle(table, lang, marks, scale=TILE_SCALE)
    you = -1 if view.seat is None else view.seat
    show.stacks(table, lang, you, marks, scale=TILE_SCALE, names=names.labels)


def dice(view: View, lang: Lang) -> None:
    """The dice set aside and the roll, unless the reader's buttons draw the roll themselves."""
    table = view.table
    assert table is not None
    if table.over:
        return
    show.kept(table, lang, scale=DICE_SCALE)
    if table.rolled is not None and not (view.mine and table.phase == "keep"):
        show.roll(table.rolled, table.kept, lang, scale=DICE_SCALE)


def recent(view: View, names: Called, lang: Lang) -> None:
    """The last moves, told to the reader: another device's move shows here as it comes."""
    told = [
        line for entry in view.log[-RECENT:] for line in entry.words(lang, view.seat, names.said)
    ]
    if told:
        st.markdown(
            f"**{t('table_page.recent', lang)}**\n\n" + "\n".join(f"- {line}" for line in told)
        )


def log(view: View, names: Called, lang: Lang) -> None:
    """The whole game, newest move first."""
    told = [
        "\n".join(f"- {line}" for line in entry.words(lang, view.seat, names.said))
        for entry in reversed(view.log)
    ]
    st.markdown("\n".join(told) if told else t("table_page.log_empty", lang))


def end(view: View, names: Called, lang: Lang) -> None:
    """The winner(s), every score, the tie-break when it decided; the game's review and file.

    The review from the reader's own seat: the coach's grades and chances of their moves.
    """
    table, finished = view.table, view.finished
    assert table is not None and finished is not None
    st.header(winner_words(table, lang, names), anchor=False)
    st.markdown("\n".join(f"- {line}" for line in score_lines(table, lang, names)))
    decided = tie_break_words(table, lang, names)
    if decided is not None:
        st.info(decided, icon=":material/balance:")
    # a player's review is seen from their own seat (`?seat=`, counted from 1); a spectator's
    # is everyone's
    seat = {} if view.seat is None else {"seat": str(view.seat + 1)}
    with st.container(horizontal=True, gap="small"):
        link = game_link(finished.record)
        if link is not None:
            st.page_link(
                spec_of("review").file,
                label=t("table_page.review", lang),
                icon=":material/school:",
                query_params={"game": link, **seat, "lang": lang},
            )
        elif st.button(t("table_page.review", lang), key="table_review", icon=":material/school:"):
            records.to_review(finished.record, lang, view.seat)
        records.download(finished.record, lang, "table_download")
