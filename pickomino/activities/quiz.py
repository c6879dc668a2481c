"""A quiz run: one person's answers through one class quiz, kept in the store after every answer.

The questions themselves are `pickomino.lessons.quiz`'s, fixed by the setup (class word, level,
count); a run is what a pupil or the teacher did with them: the choice made for each question
answered, and the question shown (an answered one shows its feedback until Next). It is kept in a
"quiz" document (`kept`), so a reload, Back and Forward or a tab reopened from the history finds
the answers again; each pupil's run is their own (the class's link holds the code alone).

Who made the quiz is decided here too. A word of one's own typed, or a code drawn, asks to make the
quiz; a code that carries its quiz (`K7QM-E5`) is the one on the board, typed by a pupil. A quiz
has one teacher: the first to make it claims it in the store (`claim`) and gets a token, checked
as a room's teacher token is (`is_teacher`); anyone who types the same word later, a pupil who
drops the code's ending, gets the quiz without its teacher's part.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from pickomino.activities.kept import Held, Kept
from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.lessons.quiz import (
    Level,
    Question,
    QuizError,
    RuleScore,
    Setup,
    by_rule,
    carries_quiz,
    questions,
    random_code,
    read_code,
    score,
)
from pickomino.rooms.codes import digest, new_token
from pickomino.store import (
    ExpiredDocument,
    Store,
    StoreError,
    UnknownDocument,
    VersionConflict,
)


@functools.lru_cache(maxsize=64)
def quiz(setup: Setup) -> tuple[Question, ...]:
    """The questions of a setup, drawn once per process (every pupil's run asks the same)."""
    return questions(setup)


def refusal(error: QuizError, lang: Lang) -> str:
    """What is wrong with a quiz, in the reader's words; values from the URL quoted safely."""
    params = {k: echoed(v) if isinstance(v, str) else v for k, v in error.params.items()}
    return t(f"quiz.error.{error.code}", lang, **params)


def typed(code: str) -> tuple[Setup, bool]:
    """The quiz a typed code asks for, and whether it is the typist's own (QuizError if none).

    The code alone decides (its level and count, or the defaults for a plain word): a pupil's page
    must give the teacher's quiz for the code on the board, whatever its own pickers show. A plain
    word is a word of the teacher's own; a code carrying its quiz is the one on the board.
    """
    return read_code(code), not carries_quiz(code)


def drawn(rng: random.Random, level: Level, count: int) -> Setup:
    """A fresh quiz on a random word, for a teacher who has none: the teacher's own."""
    return Setup(random_code(rng), level, count)


DRAWS: Final = 8
"""Words drawn before giving up on one nobody holds (4 letters: about a million words a level and
count, so a second draw is rare and an eighth never needed)."""


def teacher_id(setup: Setup) -> str:
    """The store id of the quiz's teacher: the code, named so no drawn id can be it (no colon)."""
    return f"teacher:{setup.code}"


def claim(store: Store, setup: Setup) -> str | None:
    """A teacher's token for `setup`, or None: someone made this quiz first and holds it.

    StoreError when the store cannot say: the caller then gives no teacher's part.
    """
    token = new_token()
    if store.claim("quiz_teacher", teacher_id(setup), {"teacher": digest(token)}):
        return token
    return None


def made(store: Store, rng: random.Random, level: Level, count: int) -> tuple[Setup, str | None]:
    """A fresh quiz on a random word nobody holds, and its teacher's token (None if none was free).

    StoreError when the store cannot say.
    """
    setup = drawn(rng, level, count)
    for _ in range(DRAWS):
        token = claim(store, setup)
        if token is not None:
            return setup, token
        setup = drawn(rng, level, count)
    return setup, None


def is_teacher(store: Store, setup: Setup, token: str) -> bool:
    """Whether `token` is the one `claim` gave the teacher of `setup` (StoreError if unsure)."""
    try:
        held = store.read("quiz_teacher", teacher_id(setup)).data.get("teacher")
    except (UnknownDocument, ExpiredDocument):
        return False
    return isinstance(held, str) and secrets.compare_digest(digest(token), held)


@dataclass(frozen=True)
class QuizRun:
    """The choices made so far (`picked[i]` answers question i), the question shown, where kept.

    `held` is the store document the run was last written to or read from, None until the first
    answer is stored. Every change returns a new run and what the store said (`Answered`).
    """

    setup: Setup
    picked: tuple[int, ...] = ()
    at: int = 0
    held: Held | None = None

    @property
    def questions(self) -> tuple[Question, ...]:
        """The quiz's questions, the same for every run of its setup."""
        return quiz(self.setup)

    @property
    def answered(self) -> bool:
        """Whether the question shown has been answered (its feedback is showing)."""
        return self.at < len(self.picked)

    @property
    def over(self) -> bool:
        """Whether every question has been answered and moved past: the end is shown."""
        return self.at >= len(self.questions)

    @property
    def right(self) -> int:
        """How many of the answers given are right."""
        return score(self.questions, self.picked)

    @property
    def rules(self) -> tuple[RuleScore, ...]:
        """The answers' score per rule, in the order the quiz first asked each."""
        return by_rule(self.questions, self.picked)

    @classmethod
    def restore(cls, store: Store, setup: Setup, id: str) -> QuizRun:
        """The run stored under `id`, now the one this session writes to.

        StoreError when the document cannot be read; UnknownDocument too when it holds another
        quiz's answers, or answers this quiz cannot have.
        """
        loaded = KEPT.load(store, id)
        if loaded.value.setup != setup:
            raise UnknownDocument(KEPT.kind, id)
        return replace(loaded.value, held=loaded.held)

    def pick(self, store: Store, number: int, choice: int) -> Answered:
        """Answer question `number`; a click meant for another question (lagging) is ignored."""
        if self.at != number or self.answered or self.over:
            return Answered(self)
        if not 0 <= choice < len(self.questions[number].choices):  # no page offers it
            return Answered(self)
        return self._save(store, replace(self, picked=(*self.picked, choice)))

    def next(self, store: Store, number: int) -> Answered:
        """On from answered question `number`; a lagging click is ignored."""
        if self.at != number or not self.answered:
            return Answered(self)
        return self._save(store, replace(self, at=number + 1))

    def again(self, store: Store) -> Answered:
        """Start the quiz again from its first question, in the same document."""
        return self._save(store, replace(self, picked=(), at=0))

    def _save(self, store: Store, changed: QuizRun) -> Answered:
        """Write `changed`; another tab's answers are shown instead, not a mix of both."""
        saved = KEPT.save(store, self.held, changed)
        if isinstance(saved.problem, VersionConflict) and saved.value.setup != self.setup:
            assert self.held is not None  # a hand-edited document: this run's answers stay
            return Answered(changed, UnknownDocument(KEPT.kind, self.held[0]))
        return Answered(replace(saved.value, held=saved.held), saved.problem)


@dataclass(frozen=True)
class Answered:
    """A run after a click, and what the store said: None when written (or nothing to write)."""

    run: QuizRun
    problem: StoreError | None = None


def _encode(run: QuizRun) -> Mapping[str, Any]:
    return {"code": run.setup.code, "picked": list(run.picked), "at": run.at}


def _decode(data: Mapping[str, Any]) -> QuizRun:
    """A run as stored; ValueError for answers its quiz cannot have.

    A code's questions are fixed, so any stored run of the same code fits them.
    """
    code, picked, at = data["code"], data["picked"], data["at"]
    if not isinstance(code, str) or read_code(code).code != code:
        raise ValueError(f"not a quiz's code: {code!r}")
    found = quiz(read_code(code))
    if (
        not isinstance(picked, list)
        or not isinstance(at, int)
        or len(picked) > len(found)
        or not all(
            isinstance(choice, int) and 0 <= choice < len(question.choices)
            for question, choice in zip(found, picked, strict=False)
        )
        or not len(picked) - 1 <= at <= len(picked)
    ):
        raise ValueError(f"not answers to {code}: {picked!r} at {at!r}")
    return QuizRun(read_code(code), tuple(picked), at)


KEPT: Final[Kept[QuizRun]] = Kept("quiz", "quiz.saved", _encode, _decode)
"""How a run goes into a "quiz" document; `KEPT.words` says what went wrong with one."""
