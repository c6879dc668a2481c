"""The class against the expert on the board: the moves told one at a time, the score, the buttons.

After the class's vote the board tells each move since (the class's, the expert's turn) as a
sentence with the table after it, one every `rooms.TELL_SECONDS`, moved on by the board's poll;
then the class's next decision. One button of the teacher ("Play the class's move") shows the
votes and the best move and plays the vote's move a few seconds later; the teacher may play
another move instead.

The game is `rooms` over `match.Match`, worded by `activities.classroom.versus` and changed by
the teacher's desk (`TeacherDesk.start_game`, `play_vote`, `play_other`); this module draws it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable

import streamlit as st

from pickomino.activities.classroom import Board, TeacherDesk, seat_labels
from pickomino.activities.classroom import versus as told
from pickomino.i18n import Lang, t
from pickomino.rooms import SHOWN_SECONDS, Room, game_of
from pickomino.ui import records, show
from pickomino.ui.room.asked import table_html

Press = Callable[..., None]
"""The board's teacher's button (`projector._teacher`): a change of the desk and its arguments."""


def start_button(code: str, lang: Lang, press: Press) -> None:
    """Start a new game, the class against the expert."""
    st.button(
        t("room.bot.start", lang),
        key="room_bot_start",
        icon=":material/smart_toy:",
        on_click=press,
        args=(code, lang, TeacherDesk.start_game, secrets.randbelow(1_000_000)),
    )


def tell(room: Room, lang: Lang, now: float) -> None:
    """The moves since the class's vote, told so far, and the table after the last one told."""
    moves = told.told_so_far(room, lang, now)
    st.header(t("room.bot.told_title", lang), anchor=False)
    _played(room, lang)
    _listed(sentence for sentence, _ in moves)
    table = moves[-1][1]
    show.html(table_html(table, lang, names=seat_labels(lang)))
    st.markdown(told.score(table, lang))


def _listed(sentences: Iterable[str]) -> None:
    """The moves told, numbered, the first at the top."""
    st.markdown("\n".join(f"{n}. {sentence}" for n, sentence in enumerate(sentences, 1)))


def _played(room: Room, lang: Lang) -> None:
    """How the class's last move was chosen (nothing before the first)."""
    played = told.played(room, lang)
    if played:
        st.caption(played)


def status(room: Room, lang: Lang, now: float) -> None:
    """The score, how the class's last move was chosen, the moves since, and what comes next."""
    table = game_of(room).table
    st.markdown(told.score(table, lang))
    _played(room, lang)
    moves = told.moves(room, lang)
    if moves:
        with st.expander(t("room.bot.told_title", lang), icon=":material/format_list_numbered:"):
            _listed(sentence for sentence, _ in moves)
    if table.over:
        st.success(told.result(table, lang), icon=":material/flag:")
        return
    left = told.play_in(room, now)
    if left is not None:
        st.info(t("room.bot.play_in", lang, seconds=left), icon=":material/timer:")
    else:
        st.caption(t("room.bot.rule", lang))


def final(room: Room, lang: Lang, now: float) -> None:
    """The finished game: its last table, the score and the winner, how the class decided.

    Shown in place of the last question, whose table is a decision before the game's end.
    """
    table = game_of(room).table
    st.header(t("room.bot_end.title", lang), anchor=False)
    # both seats are named, so no stack is marked as the viewer's
    markup = show.middle_html(table, lang)
    markup += show.stacks_html(table, lang, -1, names=seat_labels(lang))
    show.html(markup)
    status(room, lang, now)
    st.markdown(told.summary(room, lang))


def controls(shown: Board, code: str, lang: Lang, press: Press) -> None:
    """Play the class's move (the votes and the best move shown first), or another one instead."""
    match = game_of(shown.room)
    if match.table.over:
        if st.button(t("room.bot.review", lang), key="room_bot_review", icon=":material/insights:"):
            records.to_review(match.record(), lang)
        start_button(code, lang, press)
        return
    found = shown.found
    assert found is not None
    question = found.question
    vote, instead = st.columns([1, 2], vertical_alignment="bottom")
    vote.button(
        t("room.bot.play_vote", lang),
        key="room_bot_vote",
        type="primary",
        icon=":material/how_to_vote:",
        on_click=press,
        args=(code, lang, TeacherDesk.play_vote, shown.answers),
        disabled=not question.told(shown.now),
    )
    if not question.revealed:
        instead.caption(t("room.bot.play_vote_help", lang, seconds=round(SHOWN_SECONDS)))
        return
    with instead:
        pick, play = st.columns([3, 2], vertical_alignment="bottom")
        pick.selectbox(
            t("room.bot.other", lang),
            range(question.options),
            key=f"room_bot_pick_{question.number}",
            format_func=lambda option: found.option(option, lang),
            filter_mode=None,
        )
        play.button(
            t("room.bot.play_other", lang),
            key="room_bot_other",
            icon=":material/touch_app:",
            on_click=_other,
            args=(code, lang, press, question.number),
        )


def _other(code: str, lang: Lang, press: Press, number: int) -> None:
    """The teacher's own choice for the class's move."""
    press(code, lang, TeacherDesk.play_other, st.session_state.get(f"room_bot_pick_{number}"))
