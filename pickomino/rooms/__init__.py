"""The live classroom: what a room is and what may happen in it, as pure functions over records.

A teacher opens a room and gets a short code; pupils join it with the code and a nickname, and
answer the question the teacher puts to the room, one answer each, changeable until the reveal.
This package decides everything that can be decided without a database or a page; `pickomino.store`
keeps the records and applies the few checks that must be atomic (room full, question still open);
the UI words every `RoomError`. It never imports Streamlit and holds no prose: refusals carry a
code and their numbers.

Its modules, each one job, from the bottom up:

- `errors`: `RoomError`, the one refusal;
- `limit`: events counted per key over a minute (`Limit`), wrong codes per server (`WrongCodes`);
- `codes`: the room's code, the teacher's and pupils' tokens, a pupil's nickname;
- `model`: the room, its questions, its pupils and their answers, and their JSON;
- `transitions`: who may do what to a room, and the room after it;
- `tallies`: how the class answered (tally, majority, score per rule, ranking, own score);
- `versus`: the class's game against the expert bot;
- `sheet`: the CSV answer sheet a teacher downloads.

Every name is also importable from `pickomino.rooms` itself, as the pages and tests do.
"""

from __future__ import annotations

from pickomino.rooms.codes import (
    CODE_LENGTH,
    CODE_LETTERS,
    NICKNAME_REFUSALS,
    TOKEN_BYTES,
    digest,
    new_code,
    new_token,
    nickname,
    pupil_id,
    read_code,
)
from pickomino.rooms.errors import (
    RoomError,
)
from pickomino.rooms.limit import (
    JOINS_PER_MINUTE,
    LIMITED_KEYS,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_SERVER,
    ROOMS_PER_SESSION,
    SERVER,
    WRONG_CODES_PER_MINUTE,
    Limit,
    WrongCodes,
)
from pickomino.rooms.model import (
    IDLE_CLOSE,
    KEPT_AFTER,
    MAX_PUPILS,
    Activity,
    Answer,
    Pupil,
    Question,
    Room,
)
from pickomino.rooms.sheet import (
    FORMULA_START,
    answer_sheet,
    cell,
)
from pickomino.rooms.tallies import (
    RANKED,
    TEACH_AGAIN,
    RuleTally,
    class_by_rule,
    majority,
    own_score,
    ranking,
    tally,
)
from pickomino.rooms.transitions import (
    SHOWN_SECONDS,
    ask_decision,
    ask_quiz,
    check_answer,
    check_open,
    check_teacher,
    close_question,
    close_room,
    is_closed,
    moves_of,
    next_in_quiz,
    open_question,
    open_room,
    place,
    reveal,
    set_timer,
    show_distribution,
    show_ranking,
)
from pickomino.rooms.versus import (
    CLASS_SEAT,
    OPPONENT,
    TELL_SECONDS,
    Played,
    Telling,
    advance,
    due,
    game_of,
    play_class_move,
    play_vote,
    start_game,
    telling,
    told_steps,
)

__all__ = [
    "CLASS_SEAT",
    "CODE_LENGTH",
    "CODE_LETTERS",
    "FORMULA_START",
    "IDLE_CLOSE",
    "JOINS_PER_MINUTE",
    "KEPT_AFTER",
    "LIMITED_KEYS",
    "MAX_PUPILS",
    "NICKNAME_REFUSALS",
    "OPPONENT",
    "RANKED",
    "ROOMS_PER_ADDRESS",
    "ROOMS_PER_SERVER",
    "ROOMS_PER_SESSION",
    "SERVER",
    "SHOWN_SECONDS",
    "TEACH_AGAIN",
    "TELL_SECONDS",
    "TOKEN_BYTES",
    "WRONG_CODES_PER_MINUTE",
    "Activity",
    "Answer",
    "Limit",
    "Played",
    "Pupil",
    "Question",
    "Room",
    "RoomError",
    "RuleTally",
    "Telling",
    "WrongCodes",
    "advance",
    "answer_sheet",
    "ask_decision",
    "ask_quiz",
    "cell",
    "check_answer",
    "check_open",
    "check_teacher",
    "class_by_rule",
    "close_question",
    "close_room",
    "digest",
    "due",
    "game_of",
    "is_closed",
    "majority",
    "moves_of",
    "new_code",
    "new_token",
    "next_in_quiz",
    "nickname",
    "open_question",
    "open_room",
    "own_score",
    "place",
    "play_class_move",
    "play_vote",
    "pupil_id",
    "ranking",
    "read_code",
    "reveal",
    "set_timer",
    "show_distribution",
    "show_ranking",
    "start_game",
    "tally",
    "telling",
    "told_steps",
]
