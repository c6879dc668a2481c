"""The live classroom: what a room is and what may happen in it, as pure functions over records.

A teacher opens a room and gets a short code; pupils join it with the code and a nickname, and
answer the question the teacher puts to the room, one answer each, changeable until the reveal.
This module decides everything that can be decided without a database or a page: the code and
the tokens, who may do what, the limits (pupils, idle time, nickname), the tally of answers and
the answer sheet a teacher downloads. `pickomino.store` keeps the records and applies the few
checks that must be atomic (room full, question still open); the UI words every `RoomError`.

Never imports Streamlit and holds no prose: refusals carry a code and their numbers.

Who may do what rests on tokens, never on a name or an address: the teacher's token (in the
teacher's session and control link, never on the projected page) and each pupil's token (in the
pupil's own link) are random; the room keeps only their hashes, so a copy of the room's record
lets no one act as its teacher or its pupils.
"""

from __future__ import annotations

import csv
import hashlib
import io
import secrets
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any, Final, Literal

from pickomino.echo import MAX_MARKS, MIN_NAME, NAME_CHARS, NameFault, name_fault, normal_name
from pickomino.errors import CodedError
from pickomino.game import Move, Step, Table
from pickomino.match import PERSON, Kind, Match
from pickomino.odds import analyse
from pickomino.scenario import parse, scenario_json, table_json

CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a room code: none that reads like another on a board (no I/1, O/0)."""
CODE_LENGTH: Final = 7
"""32^7 = 34 billion codes, and seven letters are still read off a board in a breath. Guessing
stays hopeless: with 300 rooms open, a guesser needs 32^7 / 300 = 115 million tries on average,
which at `WRONG_CODES_PER_MINUTE` (30 a minute) a server take 3.8 million minutes, about 7 years
per server (README and docs/classroom.md, "Limits")."""
MAX_PUPILS: Final = 60
"""The most pupils one room holds: two classes joined for a lesson, and still a tally a
projector can show and a server answers at once (README, "Live classroom")."""
IDLE_CLOSE: Final = timedelta(hours=2)
"""A room nobody acted in (no join, answer or teacher's click) for this long is closed: a lesson
is over, and a forgotten room would keep taking answers from its old links."""
KEPT_AFTER: Final = timedelta(days=7)
"""How long a room's answers are kept after its last change (closing it is one): a week for the
teacher to download them, then the store deletes the room with its pupils and answers."""
WRONG_CODES_PER_MINUTE: Final = 30
"""Wrong codes one server takes in a minute before it refuses every code for the rest of that
minute. Counted per server, not per address: behind a load balancer every pupil may come from one
address, and a guesser can change theirs."""
TOKEN_BYTES: Final = 16

Activity = Literal["decide", "quiz", "bot"]
"""What a question is about: a table's next decision ("What would you do?"), a quiz question,
or the class's seat in a game against a bot."""

JOINS_PER_MINUTE: Final = 30
"""Pupils seated in one room in a minute, counted by the store from the pupils' join times, so it
holds on every server of the room and whoever joins: a class of 30 joins in its first minute,
and one client cannot fill a room in seconds (README, "Live classroom")."""
ROOMS_PER_SESSION: Final = 3
"""Rooms one browser session opens in a minute: a teacher opens one, two with a slip."""
ROOMS_PER_ADDRESS: Final = 10
"""Rooms opened from one network address in a minute: a school's teachers share one address."""
ROOMS_PER_SERVER: Final = 20
"""Rooms one server opens in a minute: a server holds a few rooms at once (about 90 pupils)."""
LIMITED_KEYS: Final = 10_000
"""How many keys a `Limit` holds before it forgets those whose times are all past."""
SERVER: Final = ""
"""The one key of a `Limit` counted for the whole server."""


class RoomError(CodedError):
    """Something a room refuses; `code` names it (`room.refused.<code>` in content/)."""

    section = "room.refused"


def new_code(draw: secrets.SystemRandom | None = None) -> str:
    """A fresh room code, drawn from the system's secure generator."""
    rng = draw or secrets.SystemRandom()
    return "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def read_code(typed: str) -> str:
    """A code as a pupil typed or scanned it (any case, spaces and hyphens ignored), or RoomError.

    A misread letter is refused here, before any look-up, and not counted as a wrong code.
    """
    normal = "".join(char for char in typed.upper() if char not in " -\t")
    if len(normal) != CODE_LENGTH or any(char not in CODE_LETTERS for char in normal):
        raise RoomError(
            "bad_code",
            f"a room code is {CODE_LENGTH} letters and digits, without I, O, 0 or 1",
            length=CODE_LENGTH,
        )
    return normal


def new_token() -> str:
    """A secret that lets its holder act: the teacher's, or one pupil's."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What the store keeps of a token: enough to check it, nothing to act with."""
    return hashlib.sha256(token.encode()).hexdigest()


def pupil_id(token: str) -> str:
    """A pupil's key in the room's records: a short digest of the pupil's token."""
    return digest(token)[:20]


NICKNAME_REFUSALS: Final[Mapping[NameFault, str]] = {
    "long": "long_nickname",
    "hidden": "hidden_nickname",
    "stacked": "stacked_nickname",
    "chars": "bad_nickname",
    "short": "bad_nickname",
}
"""The refusal (`room.refused.<code>`) of each thing `echo.name_fault` finds wrong with a name."""


def nickname(typed: str) -> str:
    """The nickname a pupil typed, in its normal form (`echo.normal_name`), or RoomError.

    Checked by the one check of names (`echo.name_fault`), on the server whatever the form's
    field allowed: a value sent over the websocket arrives as sent (cut by Streamlit to the
    field's `max_chars`, `echo.TYPED_CHARS`, so still too long to pass). A nickname is refused,
    never cut or filtered, so the pupil knows the name the class sees; it is shown on the board,
    in the CSV and in buttons, never read as Markdown or HTML. Whether it looks like another
    pupil's is the store's check, made as the pupil is seated (`echo.name_key`).
    """
    fault = name_fault(typed)
    if fault is not None:
        raise RoomError(
            NICKNAME_REFUSALS[fault],
            f"a nickname is {MIN_NAME} to {NAME_CHARS} letters, digits, spaces, apostrophes, "
            f"dots or hyphens, with no hidden character nor more than {MAX_MARKS} accents on a "
            f"letter ({fault})",
            low=MIN_NAME,
            high=NAME_CHARS,
        )
    return normal_name(typed)


class Limit:
    """Events counted per key (a session, an address, or one key for the server) over a window.

    One per server process or per session (the UI keeps it), times given by the caller so the
    tests need no clock. `full` and `count` are apart so a change refused by one limit counts in
    none: a room refused by the server's limit uses nothing of the teacher's own.
    """

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self._window = window
        self._times: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._times.setdefault(key, deque())
        while times and now - times[0] >= self._window:
            times.popleft()
        return times

    def free_in(self, key: str, now: float) -> float:
        """Seconds from `now` until `key` may count again: 0 while under its limit."""
        with self._lock:
            times = self._recent(key, now)
            wait = self._window - (now - times[0]) if len(times) >= self.limit else 0.0
            if not times:
                del self._times[key]
            return wait

    def full(self, key: str, now: float) -> bool:
        """Whether `key` had `limit` events in the window before `now`."""
        return self.free_in(key, now) > 0

    def count(self, key: str, now: float) -> None:
        """Count one event of `key`; past `LIMITED_KEYS` keys, forget the keys gone quiet."""
        with self._lock:
            self._recent(key, now).append(now)
            if len(self._times) > LIMITED_KEYS:
                for quiet in [k for k in self._times if not self._recent(k, now)]:
                    del self._times[quiet]


@dataclass(frozen=True)
class Question:
    """What the room is asked now: its number, its activity, its options and how far it went.

    Attributes:
        number: counts the questions of the room from 1; an answer names it, so a late tap on
            the last question never counts for this one.
        activity: what the question is about.
        table: the table in the scenario format (the "decide" and "bot" questions; for the quiz,
            its question's table, so the phones draw it without building the quiz).
        options: how many options the phones offer (answers are their indexes).
        right: the index of the right (quiz) or best (decide, bot) option.
        quiz: for a quiz question, its quiz code and its index in the quiz.
        open: answers are taken (until the teacher closes the question or reveals it).
        shown: the projector shows the distribution of answers.
        revealed: the right or best option is shown, with its reason; answers are final.
        deadline: when the question closes by itself (seconds since 1970), if the teacher set
            a timer.
        asked: when it was asked: a pupil who joined later is not scored on it (`own_score`).
        opens: when pupils may answer (a "bot" question, once the board told the moves before
            it: `telling`); None for at once.
        play_at: when the class's move is played by itself (a "bot" question whose teacher
            pressed "Play the class's move" or set a timer: `advance`).
    """

    number: int
    activity: Activity
    table: Mapping[str, Any]
    options: int
    right: int
    quiz: tuple[str, int] | None = None
    open: bool = True
    shown: bool = False
    revealed: bool = False
    deadline: float | None = None
    asked: float = 0.0
    opens: float | None = None
    play_at: float | None = None

    def stored_open(self, now: float) -> bool:
        """Whether the store takes answers to it at `now`: neither closed, revealed nor timed out.

        True while the board still tells the moves before it: the store's check is for a tap
        racing the teacher's reveal or the timer, and the question opens by itself (`taking`).
        """
        return self.open and not self.revealed and (self.deadline is None or now < self.deadline)

    def told(self, now: float) -> bool:
        """Whether the board has told the moves before the question by `now` (`opens` passed)."""
        return self.opens is None or now >= self.opens

    def taking(self, now: float) -> bool:
        """Whether an answer made at `now` counts."""
        return self.stored_open(now) and self.told(now)

    def to_json(self) -> dict[str, Any]:
        """The question as the room's document holds it (`from_json` reads it back)."""
        return {
            "number": self.number,
            "activity": self.activity,
            "table": dict(self.table),
            "options": self.options,
            "right": self.right,
            "quiz": list(self.quiz) if self.quiz else None,
            "open": self.open,
            "shown": self.shown,
            "revealed": self.revealed,
            "deadline": self.deadline,
            "asked": self.asked,
            "opens": self.opens,
            "play_at": self.play_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Question:
        """The question `to_json` wrote."""
        quiz = data.get("quiz")
        return cls(
            number=int(data["number"]),
            activity=data["activity"],
            table=dict(data["table"]),
            options=int(data["options"]),
            right=int(data["right"]),
            quiz=(str(quiz[0]), int(quiz[1])) if quiz else None,
            open=bool(data["open"]),
            shown=bool(data["shown"]),
            revealed=bool(data["revealed"]),
            deadline=data.get("deadline"),
            asked=float(data.get("asked", 0.0)),
            opens=data.get("opens"),
            play_at=data.get("play_at"),
        )


@dataclass(frozen=True)
class Room:
    """A room as the teacher left it: the document only the teacher's actions change.

    Pupils and answers are kept beside it, a row each (`pickomino.store`), so thirty pupils
    answering at once never collide on this record's version.

    Attributes:
        code: what pupils type to join.
        teacher: the digest of the teacher's token.
        lang: the projector's language (each pupil reads their own).
        opened: when the room was opened (seconds since 1970).
        closed: when the teacher closed it, or None while open.
        question: the question asked now, None before the first one.
        asked: every question asked so far, for the answer sheet and the quiz's score.
        ranking: whether pupils see a ranking (off by default: each sees their own score).
        game: the class-against-bot game's scenario JSON (None when no game is played).
    """

    code: str
    teacher: str
    lang: str
    opened: float
    closed: float | None = None
    question: Question | None = None
    asked: tuple[Question, ...] = ()
    ranking: bool = False
    game: Mapping[str, Any] | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        """The room as its document holds it, in the store (`from_json` reads it back)."""
        return {
            "code": self.code,
            "teacher": self.teacher,
            "lang": self.lang,
            "opened": self.opened,
            "closed": self.closed,
            "question": self.question.to_json() if self.question else None,
            "asked": [question.to_json() for question in self.asked],
            "ranking": self.ranking,
            "game": dict(self.game) if self.game is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Room:
        """The room `to_json` wrote."""
        question = data.get("question")
        return cls(
            code=str(data["code"]),
            teacher=str(data["teacher"]),
            lang=str(data["lang"]),
            opened=float(data["opened"]),
            closed=data.get("closed"),
            question=Question.from_json(question) if question else None,
            asked=tuple(Question.from_json(item) for item in data.get("asked", ())),
            ranking=bool(data.get("ranking", False)),
            game=data.get("game"),
        )


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


def _next_number(room: Room) -> int:
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
        _next_number(room),
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
        _next_number(room), "quiz", table_json(table), options, right, (code, index), asked=now
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


def _changed_question(room: Room, **changes: Any) -> Room:
    if room.question is None:
        raise RoomError("no_question", "no question has been asked yet")
    question = replace(room.question, **changes)
    return replace(room, question=question, asked=(*room.asked[:-1], question))


def close_question(room: Room) -> Room:
    """Take no more answers for the question (the teacher's "stop")."""
    return _changed_question(room, open=False, deadline=None)


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
        return _changed_question(room, deadline=deadline, play_at=deadline + SHOWN_SECONDS)
    return _changed_question(room, deadline=now + seconds)


def show_distribution(room: Room, shown: bool = True) -> Room:
    """Show (or hide again) on the projector how the class answered."""
    return _changed_question(room, shown=shown)


def reveal(room: Room) -> Room:
    """Show the right or best option and its reason: answers are final from now on."""
    return _changed_question(room, open=False, shown=True, revealed=True, deadline=None)


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


def tally(question: Question, answers: Mapping[str, int]) -> tuple[int, ...]:
    """How many pupils chose each option of `question` (`answers`: pupil → option)."""
    counts = Counter(option for option in answers.values() if 0 <= option < question.options)
    return tuple(counts[option] for option in range(question.options))


def majority(
    question: Question, answers: Mapping[str, int]
) -> tuple[int, Literal["vote", "tie", "nobody"]]:
    """The option the class's seat plays: the most chosen one.

    A tie between the most chosen options, or a vote nobody answered, plays the best move
    among them (the expert's choice): the class never loses a turn to a split vote, and the
    reveal says which rule decided. Returns the option and why it was chosen.
    """
    counts = tally(question, answers)
    top = max(counts)
    if top == 0:
        return question.right, "nobody"
    leaders = [option for option, count in enumerate(counts) if count == top]
    if len(leaders) == 1:
        return leaders[0], "vote"
    return (question.right if question.right in leaders else leaders[0]), "tie"


TEACH_AGAIN: Final = 0.75
"""A rule the class got right less often than this, over the quiz's questions on it, is one to
teach again: most of the class, not a few, missed it."""


@dataclass(frozen=True)
class RuleTally:
    """How the class did on one rule of a quiz: `right` of the `asked` answers on it."""

    rule: str
    right: int
    asked: int

    @property
    def teach_again(self) -> bool:
        """Whether the class missed this rule often enough to go over it again."""
        return self.asked > 0 and self.right < TEACH_AGAIN * self.asked


def class_by_rule(
    asked: Sequence[Question], rules: Mapping[int, str], answers: Iterable[Answer]
) -> tuple[RuleTally, ...]:
    """The class's answers to the revealed questions, per rule (`rules`: question → its rule).

    Rules in the order the quiz first asked them; a question not revealed yet does not count.
    """
    revealed = {q.number: q for q in asked if q.revealed and q.number in rules}
    tallies: dict[str, list[int]] = {rules[n]: [0, 0] for n in sorted(revealed)}
    for answer in answers:
        question = revealed.get(answer.question)
        if question is not None:
            tally = tallies[rules[question.number]]
            tally[0] += answer.option == question.right
            tally[1] += 1
    return tuple(RuleTally(rule, right, total) for rule, (right, total) in tallies.items())


def next_in_quiz(room: Room, count: int) -> int | None:
    """The index of the quiz's next question, None when no quiz is asked or it was the last."""
    question = room.question
    if question is None or question.quiz is None or question.quiz[1] + 1 >= count:
        return None
    return question.quiz[1] + 1


RANKED: Final = 5
"""How many nicknames a ranking shows: the first few, never the whole class's order."""


def show_ranking(room: Room, shown: bool) -> Room:
    """Show (or hide) the ranking on the board; it is off until the teacher turns it on."""
    return replace(room, ranking=shown)


def ranking(
    room: Room, pupils: Iterable[Pupil], answers: Iterable[Answer]
) -> tuple[tuple[str, int], ...]:
    """The first `RANKED` seated pupils by right answers to the revealed questions.

    Ties are ordered by nickname; a pupil with no right answer is not listed.
    """
    revealed = {q.number: q.right for q in room.asked if q.revealed}
    seated = {pupil.id: pupil.nickname for pupil in pupils if not pupil.removed}
    right = Counter(
        a.pupil for a in answers if a.pupil in seated and revealed.get(a.question) == a.option
    )
    ordered = sorted(right.items(), key=lambda item: (-item[1], seated[item[0]].casefold()))
    return tuple((seated[pupil], score) for pupil, score in ordered[:RANKED])


# ----- the class against a bot ----------------------------------------------------------------

CLASS_SEAT: Final = 0
"""The class plays first, the expert second."""
OPPONENT: Final = Kind("expert")
TELL_SECONDS: Final = 2.5
"""The board tells the moves since the class's vote one every so many seconds: time to read a
sentence aloud and look at the table after it."""
SHOWN_SECONDS: Final = 6.0
"""How long the votes and the best move are on the board before the class's move is played by
itself (after "Play the class's move" or the teacher's timer)."""

Played = Literal["vote", "tie", "nobody", "teacher"]
"""How the class's move was chosen (`majority`'s reasons, or the teacher's override)."""


def game_of(room: Room) -> Match:
    """The room's game against the bot, replayed from its record (RoomError when none)."""
    if room.game is None:
        raise RoomError("no_game", "no game is played in this room")
    return _match(room.game)


def _match(game: Mapping[str, Any]) -> Match:
    return Match.from_record(parse(game["record"]), (PERSON, OPPONENT), int(game["seed"]))


def told_steps(game: Mapping[str, Any]) -> tuple[Step, ...]:
    """The moves the board tells since the class's vote, each with its events and table after.

    `game` is a `Room.game`; the moves are those `telling` counts.
    """
    first, count, _ = game.get("told") or (0, 0, 0.0)
    return _match(game).steps[int(first) : int(first) + int(count)]


@dataclass(frozen=True)
class Telling:
    """The moves played since the class's last vote, as the board tells them, one at a time.

    `first` is the index in `Match.steps` of the first move told (the class's own move), `count`
    how many moves there are to tell (the class's, those it had no choice in, the expert's
    turn), `shown` how many the board shows by now.
    """

    first: int
    count: int
    shown: int

    @property
    def done(self) -> bool:
        """Whether every move is told, so the class's next decision (or the end) is shown."""
        return self.shown >= self.count


def telling(room: Room, now: float) -> Telling | None:
    """How far the board has told the moves since the class's vote at `now` (None: no game).

    The first move is shown at once, then one every `TELL_SECONDS`: a time kept in the room, so
    every board (on any server) tells the same move at the same moment, and the board's poll
    moves it on without anyone's click.
    """
    if room.game is None:
        return None
    first, count, at = room.game.get("told") or (0, 0, 0.0)
    shown = min(count, 1 + max(0, int((now - at) // TELL_SECONDS)))
    return Telling(int(first), int(count), shown)


def _to_class(
    room: Room, match: Match, played: tuple[int, Played] | None, first: int, now: float
) -> Room:
    """The game played on from the class's move `played` until the class has a decision.

    The decision is put to the room (question `first` was the game's first). The bot plays its
    turns, and the class's moves that leave no choice (a turn's first roll, a roll showing one
    value) are played for it. The moves from the class's (or the game's start) are told by the
    board one at a time from `now` (`telling`); the question opens to the phones when the last
    is told. The game over, no question is asked.
    """
    told = len(match.steps)
    if played is not None:
        match = match.play(moves_of(match.table)[played[0]])
    while not match.table.over:
        if match.to_play != PERSON:
            match = match.bot_move()
        elif len(match.table.legal_moves()) == 1:  # a turn's first roll, a single value to keep
            match = match.play(match.table.legal_moves()[0])
        else:
            break
    count = len(match.steps) - told
    game = {
        "seed": match.seed,
        "record": scenario_json(match.record()),
        "played": list(played) if played else None,
        "first": first,
        "told": [told, count, now],
    }
    room = replace(room, game=game)
    if match.table.over:
        return _changed_question(room, open=False) if room.question else room
    opens = now + TELL_SECONDS * (count - 1) if count > 1 else None
    return ask_decision(room, match.table, now, "bot", opens)


def start_game(room: Room, seed: int, now: float) -> Room:
    """A new game, the class against the expert, played until the class's first decision.

    The seed, drawn with the button, names the press: the same press arriving twice (Streamlit
    ran a start button's callback again in a run the board's poll had started) starts one game,
    not a second one over it, asked as question 2.
    """
    if room.game is not None and room.game.get("seed") == seed:
        return room
    match = Match.new((PERSON, OPPONENT), ("", ""), seed)
    return _to_class(room, match, None, _next_number(room), now)


def _game_question(room: Room) -> tuple[Question, Match]:
    """The class's open decision and its game; RoomError when there is none."""
    question = room.question
    if question is None or question.activity != "bot":
        raise RoomError("no_game", "no game is played in this room")
    match = game_of(room)
    if match.table.over:
        raise RoomError("game_over", "the game is over")
    return question, match


def play_class_move(
    room: Room, answers: Mapping[str, int], now: float, chosen: int | None = None
) -> Room:
    """Play the class's move once the best move is revealed: the vote's, or the teacher's.

    `chosen` is the teacher's override; without it the majority decides (`majority`). Refused
    before the reveal, so the class always sees the odds of the move it is about to play.
    """
    question, match = _game_question(room)
    if not question.revealed:
        raise RoomError("not_revealed", "show the best move before the class's move is played")
    if chosen is not None and not 0 <= chosen < question.options:
        raise RoomError("bad_option", f"option {chosen} is not one of the choices", option=chosen)
    played: tuple[int, Played] = (
        (chosen, "teacher") if chosen is not None else majority(question, answers)
    )
    first = int((room.game or {}).get("first", 1))
    return _to_class(room, match, played, first, now)


def play_vote(room: Room, answers: Mapping[str, int], now: float) -> Room:
    """The teacher's one button: the votes and the best move shown, then the class's move.

    Before the reveal, it reveals and has the vote's move played `SHOWN_SECONDS` later by the
    teacher's board (`advance`), so the class sees the votes and the odds first; once revealed
    (by this button or "Show the best move"), it plays the vote's move at once.
    """
    question, _ = _game_question(room)
    if question.revealed:
        return play_class_move(room, answers, now)
    return _changed_question(reveal(room), play_at=now + SHOWN_SECONDS)


def due(room: Room, now: float) -> bool:
    """Whether the class's game has a step to take by itself at `now` (`advance` takes it).

    The class's move when its time came (`play_vote`, the timer), or the reveal of the votes
    at the timer's deadline.
    """
    question = room.question
    if room.closed is not None or question is None or question.play_at is None:
        return False
    if question.activity != "bot" or game_of(room).table.over:
        return False
    timed_out = question.deadline is not None and now >= question.deadline
    return now >= question.play_at or (timed_out and not question.revealed)


def advance(room: Room, answers: Mapping[str, int], now: float) -> Room:
    """The step `due` says is to take: the class's move played, or the votes revealed.

    The room unchanged when nothing is due: two devices of the teacher polling the same room
    take each step once (the second one finds it taken, `live.change` re-reading the room).
    """
    if not due(room, now):
        return room
    assert room.question is not None and room.question.play_at is not None
    revealed = room if room.question.revealed else reveal(room)
    if now >= room.question.play_at:
        return play_class_move(revealed, answers, now)
    return revealed


@dataclass(frozen=True)
class Pupil:
    """A pupil as the store keeps them: key, nickname, removed by the teacher or not, joined when.

    `joined` is in seconds since 1970: a question asked before counts in the pupil's score only
    if they answered it (`own_score`).
    """

    id: str
    nickname: str
    removed: bool = False
    joined: float = 0.0


@dataclass(frozen=True)
class Answer:
    """One pupil's answer to one question (the last one given before the reveal)."""

    pupil: str
    question: int
    option: int


def own_score(room: Room, pupil: Pupil, answers: Iterable[Answer]) -> tuple[int, int]:
    """A pupil's own score: right answers of the revealed questions the pupil met, and how many.

    A question counts if it was asked after the pupil joined, or if the pupil answered it: a
    pupil who came late is not scored on the questions before, and sees no score until one
    question they met is revealed.
    """
    mine = {a.question: a.option for a in answers if a.pupil == pupil.id}
    met = [q for q in room.asked if q.revealed and (q.number in mine or q.asked >= pupil.joined)]
    return sum(mine.get(q.number) == q.right for q in met), len(met)


FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP, "CSV injection")."""


def cell(value: str) -> str:
    """A CSV cell a spreadsheet shows as text: a leading formula character is quoted away."""
    return "'" + value if value.startswith(FORMULA_START) else value


def answer_sheet(
    room: Room,
    pupils: Iterable[Pupil],
    answers: Iterable[Answer],
    header: Sequence[str],
    option: Callable[[Question, int], str],
) -> str:
    """The CSV a teacher downloads: nickname, question, answer, right or not.

    `header` and `option` (an answer as its button read) are worded by the caller in the
    teacher's language, as this module holds no prose. Every cell goes through `cell`: a
    nickname is filtered already, but the sheet must be safe whatever its rows hold.
    """
    names = {pupil.id: pupil.nickname for pupil in pupils}
    asked = {question.number: question for question in room.asked}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([cell(text) for text in header])
    for answer in sorted(answers, key=lambda a: (a.question, names.get(a.pupil, ""))):
        question = asked.get(answer.question)
        if question is None or answer.pupil not in names:
            continue
        writer.writerow(
            [
                cell(names[answer.pupil]),
                str(answer.question),
                cell(option(question, answer.option)),
                "1" if answer.option == question.right else "0",
            ]
        )
    return out.getvalue()


class WrongCodes:
    """Wrong room codes tried on this server in the last minute, to refuse guessing.

    A wrong code is any look-up by code that lets the reader in nowhere: a code that opens no
    room, a closed one, or a pupil's link to a room that has no such pupil (the UI answers them
    alike, so each teaches a guesser as much as a code that opens nothing).

    One per server process (the UI keeps it as a resource): the limit is the server's, so a
    guesser behind many addresses gains nothing, and a class behind one address loses nothing
    until someone guesses. Times are given by the caller, so the tests need no clock.
    """

    def __init__(self, limit: int = WRONG_CODES_PER_MINUTE, window: float = 60.0) -> None:
        self._counted = Limit(limit, window)

    def check(self, now: float) -> None:
        """Refuse any code while the server is over its limit.

        The pupil is told to wait a minute, not the seconds left: a right code is refused too
        (the price of a limit that an address cannot dodge), and a whole minute is plain.
        """
        wait = self._counted.free_in(SERVER, now)
        if wait:
            raise RoomError(
                "too_many", f"too many wrong codes: open again in {max(1, round(wait))} s"
            )

    def wrong(self, now: float) -> None:
        """Count one wrong code."""
        self._counted.count(SERVER, now)
