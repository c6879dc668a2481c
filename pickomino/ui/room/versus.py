"""The class against the expert on the board: the score, how the last move was chosen, the buttons.

The teacher plays the class's move (the vote's, or another one) and opens the game's review.

The game itself is `rooms.start_game` / `rooms.play_class_move` over `match.Match`; this module
only words and draws it.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Callable

import streamlit as st

from pickomino.i18n import Lang, percent, t, tn
from pickomino.review import Review, review
from pickomino.rooms import CLASS_SEAT, Room, game_of, play_class_move, start_game
from pickomino.scenario import parse
from pickomino.ui import records, show
from pickomino.ui.room.asked import Asked

Press = Callable[..., None]
"""The board's teacher's button (`projector._teacher`): a room change and its arguments."""


def start_button(code: str, lang: Lang, press: Press) -> None:
    """Start a new game, the class against the expert."""
    st.button(
        t("room.bot.start", lang),
        key="room_bot_start",
        icon=":material/smart_toy:",
        on_click=press,
        args=(code, lang, start_game, secrets.randbelow(1_000_000)),
    )


def status(room: Room, lang: Lang) -> None:
    """The score, the rule of the vote, and how the class's last move was chosen."""
    match = game_of(room)
    scores = match.table.scores()
    us, bot = (tn("common.worms", scores[seat], lang) for seat in (CLASS_SEAT, 1 - CLASS_SEAT))
    st.markdown(t("room.bot.score", lang, us=us, bot=bot))
    assert room.game is not None
    played = room.game.get("played")
    if played:
        st.caption(t(f"room.bot.played_{played[1]}", lang))
    if match.table.over:
        winners = match.table.winners()
        key = (
            "room.bot.tie"
            if len(winners) > 1
            else ("room.bot.won" if CLASS_SEAT in winners else "room.bot.lost")
        )
        st.success(t(key, lang), icon=":material/flag:")
    else:
        st.caption(t("room.bot.rule", lang))


def over(room: Room) -> bool:
    """Whether the room's game against the expert is finished (False when none is played)."""
    return room.game is not None and game_of(room).table.over


def final(room: Room, lang: Lang) -> None:
    """The finished game: its last table, the score and the winner, how the class decided.

    Shown in place of the last question, whose table is a decision before the game's end.
    """
    match = game_of(room)
    table = match.table
    st.header(t("room.bot_end.title", lang), anchor=False)
    names = [t("room.bot_end.class", lang), t("play.bot_name.expert", lang, n=2)]
    # both seats are named, so no stack is marked as the viewer's
    markup = show.middle_html(table, lang) + show.stacks_html(table, lang, -1, names=names)
    show.html(markup)
    status(room, lang)
    assert room.game is not None
    st.markdown(_summary(json.dumps(room.game["record"], sort_keys=True), lang))


def _summary(record: str, lang: Lang) -> str:
    """How many of the class's decisions were the expert's, or nearly (the review's measure)."""
    seat = _reviewed(record).seats[CLASS_SEAT]
    if seat.accuracy is None:
        return t("room.bot_end.no_decision", lang)
    counts = seat.counts
    return t(
        "room.bot_end.summary",
        lang,
        decisions=tn("review_page.decisions", len(seat.decisions), lang),
        near=counts["best"] + counts["good"],
        accuracy=percent(seat.accuracy, lang, 0),
    )


@functools.lru_cache(maxsize=8)
def _reviewed(text: str) -> Review:
    """The game's review, worked out once a server: the board polls, the game no longer changes."""
    return review(parse(json.loads(text)))


def controls(
    room: Room, found: Asked, answers: dict[str, int], code: str, lang: Lang, press: Press
) -> None:
    """Play the class's move (once the best move is shown), or the teacher's choice instead."""
    match = game_of(room)
    if match.table.over:
        if st.button(t("room.bot.review", lang), key="room_bot_review", icon=":material/insights:"):
            records.to_review(match.record(), lang)
        start_button(code, lang, press)
        return
    question = found.question
    if not question.revealed:
        return
    vote, instead = st.columns([1, 2], vertical_alignment="bottom")
    vote.button(
        t("room.bot.play_vote", lang),
        key="room_bot_vote",
        type="primary",
        icon=":material/how_to_vote:",
        on_click=press,
        args=(code, lang, play_class_move, answers),
    )
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
    chosen = st.session_state.get(f"room_bot_pick_{number}")
    press(code, lang, play_class_move, {}, chosen)
