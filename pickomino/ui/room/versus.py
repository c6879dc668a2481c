"""The class against the expert on the board: the moves told one at a time, the score, the buttons.

After the class's vote the board tells each move since (the class's, the expert's turn) as a
sentence with the table after it, one every `rooms.TELL_SECONDS`, moved on by the board's poll;
then the class's next decision. One button of the teacher ("Play the class's move") shows the
votes and the best move and plays the vote's move a few seconds later; the teacher may play
another move instead.

The game itself is `rooms.start_game` / `rooms.play_vote` / `rooms.advance` over `match.Match`;
this module only words and draws it.
"""

from __future__ import annotations

import functools
import json
import re
import secrets
from collections.abc import Callable, Iterable, Mapping

import streamlit as st

from pickomino.game import Table
from pickomino.i18n import Lang, percent, t, tn
from pickomino.narrate import story
from pickomino.review import Review, review
from pickomino.rooms import (
    CLASS_SEAT,
    SHOWN_SECONDS,
    Room,
    advance,
    due,
    game_of,
    play_class_move,
    play_vote,
    start_game,
    telling,
    told_steps,
)
from pickomino.scenario import parse
from pickomino.ui import records, show
from pickomino.ui.room import live
from pickomino.ui.room.asked import Asked, seat_labels, seats_said, table_html

Press = Callable[..., None]
"""The board's teacher's button (`projector._teacher`): a room change and its arguments."""


def start_button(code: str, lang: Lang, press: Press) -> None:
    """Start a new game, the class against the expert."""
    st.button(
        t("room.bot.start", lang),
        key="room_bot_start",
        icon=":material/smart_toy:",
        on_click=press,
        args=(code, lang, _start, secrets.randbelow(1_000_000)),
    )


def _start(room: Room, seed: int) -> Room:
    """The new game, its first move told from the moment of the press."""
    return start_game(room, seed, live.now())


def _sentence_case(text: str) -> str:
    """Each sentence starting with a capital: a seat's name ("the class", "l’expert") opens some."""
    return re.sub(r"(^|[.!?]\s+)(\w)", lambda found: found.group(1) + found.group(2).upper(), text)


@functools.lru_cache(maxsize=16)
def _told(game: str, lang: Lang) -> tuple[tuple[str, Table], ...]:
    """The moves to tell of a game (`Room.game` as JSON): each as sentences and the table after.

    Worked out once per move and language in this process: the board polls twice a second.
    """
    said = seats_said(lang)
    return tuple(
        (_sentence_case(" ".join(story(step.events, lang, None, said))), step.table)
        for step in told_steps(json.loads(game))
    )


def _moves(room: Room, lang: Lang) -> tuple[tuple[str, Table], ...]:
    assert room.game is not None
    return _told(json.dumps(dict(room.game), sort_keys=True), lang)


def told(room: Room, now: float) -> bool:
    """Whether the board has told every move since the class's vote (True with no game)."""
    told = telling(room, now)
    return told is None or told.done


def tell(room: Room, lang: Lang, now: float) -> None:
    """The moves since the class's vote, told so far, and the table after the last one told."""
    told = telling(room, now)
    assert told is not None
    moves = _moves(room, lang)[: told.shown]
    st.header(t("room.bot.told_title", lang), anchor=False)
    _played(room, lang)
    _listed(sentence for sentence, _ in moves)
    table = moves[-1][1]
    show.html(table_html(table, lang, names=seat_labels(lang)))
    _score(table, lang)


def _listed(sentences: Iterable[str]) -> None:
    """The moves told, numbered, the first at the top."""
    st.markdown("\n".join(f"{n}. {sentence}" for n, sentence in enumerate(sentences, 1)))


def _score(table: Table, lang: Lang) -> None:
    scores = table.scores()
    us, bot = (tn("common.worms", scores[seat], lang) for seat in (CLASS_SEAT, 1 - CLASS_SEAT))
    st.markdown(t("room.bot.score", lang, us=us, bot=bot))


def _played(room: Room, lang: Lang) -> None:
    """How the class's last move was chosen (nothing before the first)."""
    assert room.game is not None
    played = room.game.get("played")
    if played:
        st.caption(t(f"room.bot.played_{played[1]}", lang))


def status(room: Room, lang: Lang) -> None:
    """The score, how the class's last move was chosen, the moves since, and what comes next."""
    match = game_of(room)
    _score(match.table, lang)
    _played(room, lang)
    moves = _moves(room, lang)
    if moves:
        with st.expander(t("room.bot.told_title", lang), icon=":material/format_list_numbered:"):
            _listed(sentence for sentence, _ in moves)
    if match.table.over:
        winners = match.table.winners()
        key = (
            "room.bot.tie"
            if len(winners) > 1
            else ("room.bot.won" if CLASS_SEAT in winners else "room.bot.lost")
        )
        st.success(t(key, lang), icon=":material/flag:")
        return
    question = room.question
    if question is not None and question.play_at is not None and question.revealed:
        left = max(0, round(question.play_at - live.now()))
        st.info(t("room.bot.play_in", lang, seconds=left), icon=":material/timer:")
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
    # both seats are named, so no stack is marked as the viewer's
    markup = show.middle_html(table, lang)
    markup += show.stacks_html(table, lang, -1, names=seat_labels(lang))
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
    """Play the class's move (the votes and the best move shown first), or another one instead."""
    match = game_of(room)
    if match.table.over:
        if st.button(t("room.bot.review", lang), key="room_bot_review", icon=":material/insights:"):
            records.to_review(match.record(), lang)
        start_button(code, lang, press)
        return
    question = found.question
    vote, instead = st.columns([1, 2], vertical_alignment="bottom")
    vote.button(
        t("room.bot.play_vote", lang),
        key="room_bot_vote",
        type="primary",
        icon=":material/how_to_vote:",
        on_click=press,
        args=(code, lang, _vote, answers),
        disabled=not question.told(live.now()),
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


def _vote(room: Room, answers: Mapping[str, int]) -> Room:
    """The one button, at the moment of the press (`rooms.play_vote`)."""
    return play_vote(room, answers, live.now())


def _other(code: str, lang: Lang, press: Press, number: int) -> None:
    """The teacher's own choice for the class's move."""
    chosen = st.session_state.get(f"room_bot_pick_{number}")
    press(code, lang, _chosen, chosen)


def _chosen(room: Room, chosen: int | None) -> Room:
    return play_class_move(room, {}, live.now(), chosen)


def advanced(seen: live.Seen, code: str, lang: Lang, press: Press) -> live.Seen:
    """The room after the step its game takes by itself now, if any (`rooms.due`).

    Run by the teacher's board at each poll (only the teacher may change the room): the class's
    move played when its time came, or the votes shown at the timer's deadline.
    """
    room = seen.room
    if seen.closed() or not due(room, live.now()):
        return seen
    assert room.question is not None
    press(code, lang, _advance, seen.of_question(room.question.number))
    return live.load(seen.id)


def _advance(room: Room, answers: Mapping[str, int]) -> Room:
    return advance(room, answers, live.now())
