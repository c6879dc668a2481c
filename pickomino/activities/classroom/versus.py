"""The class against the expert on the board: the moves since the vote, the score, the end.

After the class's vote the board tells each move since (the class's, the expert's turn) as a
sentence with the table after it, one every `rooms.TELL_SECONDS`, moved on by the board's poll;
then the class's next decision. The game itself is `rooms.start_game` / `rooms.play_vote` /
`rooms.advance` over `match.Match`; this module words its state for the board, which only draws.
"""

from __future__ import annotations

import functools
import json
import re

from pickomino.activities.classroom.asked import seats_said
from pickomino.game import Table
from pickomino.i18n import Lang, percent, t, tn
from pickomino.narrate import story
from pickomino.review import Review, review
from pickomino.rooms import CLASS_SEAT, Room, game_of, telling, told_steps
from pickomino.scenario import parse


def sentence_case(text: str) -> str:
    """Each sentence starting with a capital: a seat's name ("the class", "l’expert") opens some."""
    return re.sub(r"(^|[.!?]\s+)(\w)", lambda found: found.group(1) + found.group(2).upper(), text)


@functools.lru_cache(maxsize=16)
def _told(game: str, lang: Lang) -> tuple[tuple[str, Table], ...]:
    """The moves to tell of a game (`Room.game` as JSON): each as sentences and the table after.

    Worked out once per move and language in this process: the board polls twice a second.
    """
    said = seats_said(lang)
    return tuple(
        (sentence_case(" ".join(story(step.events, lang, None, said))), step.table)
        for step in told_steps(json.loads(game))
    )


def moves(room: Room, lang: Lang) -> tuple[tuple[str, Table], ...]:
    """Every move since the class's vote, each as sentences and the table after it."""
    assert room.game is not None
    return _told(json.dumps(dict(room.game), sort_keys=True), lang)


def told_so_far(room: Room, lang: Lang, now: float) -> tuple[tuple[str, Table], ...]:
    """The moves since the class's vote the board has told by `now`, the first at the top."""
    told = telling(room, now)
    assert told is not None
    return moves(room, lang)[: told.shown]


def told(room: Room, now: float) -> bool:
    """Whether the board has told every move since the class's vote (True with no game)."""
    told = telling(room, now)
    return told is None or told.done


def over(room: Room) -> bool:
    """Whether the room's game against the expert is finished (False when none is played)."""
    return room.game is not None and game_of(room).table.over


def score(table: Table, lang: Lang) -> str:
    """The class's and the expert's worms."""
    us, bot = (
        tn("common.worms", table.scores()[seat], lang) for seat in (CLASS_SEAT, 1 - CLASS_SEAT)
    )
    return t("room.bot.score", lang, us=us, bot=bot)


def played(room: Room, lang: Lang) -> str | None:
    """How the class's last move was chosen (None before the first)."""
    assert room.game is not None
    how = room.game.get("played")
    return t(f"room.bot.played_{how[1]}", lang) if how else None


def result(table: Table, lang: Lang) -> str:
    """Who won the finished game: the class, the expert, or both (a tie)."""
    winners = table.winners()
    key = "tie" if len(winners) > 1 else ("won" if CLASS_SEAT in winners else "lost")
    return t(f"room.bot.{key}", lang)


def play_in(room: Room, now: float) -> int | None:
    """Seconds until the class's move plays by itself, once the votes are shown; else None."""
    question = room.question
    if question is None or question.play_at is None or not question.revealed:
        return None
    return max(0, round(question.play_at - now))


def summary(room: Room, lang: Lang) -> str:
    """How many of the class's decisions were the expert's, or nearly (the review's measure)."""
    assert room.game is not None
    seat = _reviewed(json.dumps(room.game["record"], sort_keys=True)).seats[CLASS_SEAT]
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
