"""What a room is: its record, the question it asks, its pupils and their answers, as JSON.

The room's document changes only by its teacher's actions; pupils and answers are kept beside it, a
row each (`pickomino.store`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Final, Literal

MAX_PUPILS: Final = 60
"""The most pupils one room holds: two classes joined for a lesson, and still a tally a
projector can show and a server answers at once (README, "Live classroom")."""
IDLE_CLOSE: Final = timedelta(hours=2)
"""A room nobody acted in (no join, answer or teacher's click) for this long is closed: a lesson
is over, and a forgotten room would keep taking answers from its old links."""
KEPT_AFTER: Final = timedelta(days=7)
"""How long a room's answers are kept after its last change (closing it is one): a week for the
teacher to download them, then the store deletes the room with its pupils and answers."""
Activity = Literal["decide", "quiz", "bot"]
"""What a question is about: a table's next decision ("What would you do?"), a quiz question,
or the class's seat in a game against a bot."""


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
