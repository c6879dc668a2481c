"""What the teacher and the pupils may do to a room, as pure functions from a room to the next.

Each refuses what may not happen now (`RoomError`); the UI stores the room it returns.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any, Final

from pickomino.game import Move, Table
from pickomino.odds import analyse
from pickomino.rooms.codes import digest
from pickomino.rooms.errors import RoomError
from pickomino.rooms.model import IDLE_CLOSE, Activity, Question, Room
from pickomino.scenario import table_json

SHOWN_SECONDS: Final = 6.0
"""How long the votes and the best move are on the board before the class's move is played by
itself (after "Play the class's move" or the teacher's timer)."""


def open_room(code: str, teacher_token: str, lang: str, now: float) -> Room:
    """A new room, empty, no question asked yet."""
    return Room(code, digest(teacher_token), lang, now)


def check_teacher(room: Room, token: str | None) -> None:
    """Refuse a teacher's action made without the room's teacher token (a pupil trying one)."""
    if token is None or not secrets.compare_digest(digest(token), room.teacher):
        raise RoomError("not_teacher", "only the teacher who opened the room can do that")


def is_closed(room: Room, last_change: float, now: float) -> bool:
    """Closed by the teacher, or idle for `IDLE_CLOSE` since anyone's last change."""
    return room.closed is not None or now - last_change >= IDLE_CLOSE.total_seconds()


def check_open(room: Room, last_change: float, now: float) -> None:
    """Refuse anything but reading and downloading in a closed room."""
    if is_closed(room, last_change, now):
        raise RoomError("closed", "this room is closed")


def _asking(room: Room, question: Question) -> Room:
    """The room with `question` asked: the last one is kept, finished, for the answer sheet."""
    asked = room.asked
    if room.question is not None:
        asked = (*asked[:-1], replace(room.question, open=False))
    return replace(room, question=question, asked=(*asked, question))


def next_number(room: Room) -> int:
    """The number of the room's next question (`Question.number`)."""
    return room.question.number + 1 if room.question else 1


def moves_of(table: Table) -> tuple[Move, ...]:
    """The options of a decision: the table's legal moves, in the engine's order."""
    return table.legal_moves()


def ask_decision(
    room: Room, table: Table, now: float, activity: Activity = "decide", opens: float | None = None
) -> Room:
    """Put the next decision on `table` to the room at `now`: which value to set aside, roll...

    Refused when the table has no decision to make (the game over, or only a roll to start a
    turn): a question with one option asks nothing.
    """
    moves = moves_of(table)
    if len(moves) < 2:
        raise RoomError("no_decision", "this table has no choice to make: play on until it has")
    best = analyse(table).recommended.move
    question = Question(
        next_number(room),
        activity,
        table_json(table),
        len(moves),
        moves.index(best),
        asked=now,
        opens=opens,
    )
    return _asking(room, question)


def ask_quiz(
    room: Room, code: str, index: int, table: Table, options: int, right: int, now: float
) -> Room:
    """Put question `index` of the quiz `code` to the room at `now`."""
    question = Question(
        next_number(room), "quiz", table_json(table), options, right, (code, index), asked=now
    )
    return _asking(room, question)


def place(room: Room, question: Question) -> int:
    """The number the class reads for `question`, counted as the class met it, from 1.

    A quiz question is numbered by its place in the quiz (as the quiz page numbers it, whatever
    the room asked before), a decision of the class's game by its place in the game, a "What
    would you do?" question by its place among the room's; `Question.number` goes on counting
    the room's questions, for the answers and the sheet.
    """
    if question.quiz is not None:
        return question.quiz[1] + 1
    if question.activity == "bot" and room.game is not None:
        return question.number - int(room.game.get("first", 1)) + 1
    return sum(q.activity == question.activity and q.number <= question.number for q in room.asked)


def changed_question(room: Room, **changes: Any) -> Room:
    """The room with its question changed (and its last asked one with it); RoomError if none."""
    if room.question is None:
        raise RoomError("no_question", "no question has been asked yet")
    question = replace(room.question, **changes)
    return replace(room, question=question, asked=(*room.asked[:-1], question))


def close_question(room: Room) -> Room:
    """Take no more answers for the question (the teacher's "stop")."""
    return changed_question(room, open=False, deadline=None)


def set_timer(room: Room, seconds: int, now: float) -> Room:
    """Close the question by itself `seconds` from now.

    A decision of the class's game counts from its opening (the board may still be telling the
    moves before it), and is then played by itself: the votes and the best move are shown at
    the deadline and the class's move `SHOWN_SECONDS` later (`advance`).
    """
    if not 5 <= seconds <= 600:
        raise RoomError("bad_timer", "a timer runs 5 to 600 seconds", low=5, high=600)
    question = room.question
    if question is not None and question.activity == "bot":
        deadline = max(now, question.opens or now) + seconds
        return changed_question(room, deadline=deadline, play_at=deadline + SHOWN_SECONDS)
    return changed_question(room, deadline=now + seconds)


def show_distribution(room: Room, shown: bool = True) -> Room:
    """Show (or hide again) on the projector how the class answered."""
    return changed_question(room, shown=shown)


def reveal(room: Room) -> Room:
    """Show the right or best option and its reason: answers are final from now on."""
    return changed_question(room, open=False, shown=True, revealed=True, deadline=None)


def close_room(room: Room, now: float) -> Room:
    """Close the room: no more joins or answers; its answers stay to download for `KEPT_AFTER`."""
    room = close_question(room) if room.question and room.question.open else room
    return replace(room, closed=now)


def open_question(room: Room, now: float) -> int | None:
    """The number of the question answers go to now, or None (the store checks it atomically)."""
    if room.closed is not None or room.question is None or not room.question.stored_open(now):
        return None
    return room.question.number


def check_answer(room: Room, number: int, option: int, now: float) -> None:
    """Refuse an answer to a question that is not open, or an option that is not offered."""
    if open_question(room, now) != number:
        raise RoomError("question_closed", "this question takes no more answers")
    assert room.question is not None
    if not room.question.told(now):
        raise RoomError("watch_board", "the board is still telling the moves before the question")
    if not 0 <= option < room.question.options:
        raise RoomError(
            "bad_option",
            f"option {option} is not one of the {room.question.options} offered",
            option=option,
        )


def next_in_quiz(room: Room, count: int) -> int | None:
    """The index of the quiz's next question, None when no quiz is asked or it was the last."""
    question = room.question
    if question is None or question.quiz is None or question.quiz[1] + 1 >= count:
        return None
    return question.quiz[1] + 1


def show_ranking(room: Room, shown: bool) -> Room:
    """Show (or hide) the ranking on the board; it is off until the teacher turns it on."""
    return replace(room, ranking=shown)
