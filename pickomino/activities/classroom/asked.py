"""A room's question in the reader's words: its prompt, its options, the odds behind its answer.

The projector and the phones word the same question, each in its reader's language, from the
room's record alone: a decision's options are the table's legal moves (`narrate.move_words`), a
quiz question's are the quiz's own (`lessons.quiz`), so nothing here copies either.

The board redraws its question twice a second and thirty phones word it at once when it is
asked, so a question and its options' words are made once per question and language in this
process and kept (`functools.lru_cache`, keyed by the question's JSON): a drawing then costs the
sending of elements already made (`benchmarks/room_load.py`).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from pickomino.activities.quiz import quiz
from pickomino.advice import recommendation
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.lessons.quiz import Question as QuizQuestion
from pickomino.lessons.quiz import read_code
from pickomino.narrate import Names, move_words
from pickomino.odds import Analysis, analyse
from pickomino.rooms import CLASS_SEAT, Question, moves_of
from pickomino.scenario import parse


@dataclass(frozen=True, eq=False)
class Asked:
    """A question as a page shows it: the table, and for a quiz, the quiz's own question.

    `key` is the question's JSON, which the words and drawings made of it are kept under.
    """

    question: Question
    table: Table
    quizzed: QuizQuestion | None
    key: str

    def __eq__(self, other: object) -> bool:
        """The same question, whichever read made it: a phone's view compares equal across polls."""
        return isinstance(other, Asked) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def prompt(self, lang: Lang) -> str:
        """What the class is asked."""
        if self.quizzed is not None:
            return self.quizzed.prompt(lang)
        return t(f"room.ask.{self.table.phase}", lang)

    def option(self, index: int, lang: Lang) -> str:
        """Option `index` as its button reads."""
        return _options(self.key, lang)[index]

    def explanation(self, lang: Lang) -> str:
        """Why the right (or best) option is: the quiz's rule, or the odds' plain-words advice."""
        if self.quizzed is not None:
            return self.quizzed.explanation(lang)
        return recommendation(analyse(self.table), self.table, lang)

    def analysis(self) -> Analysis | None:
        """The odds of a decision (None for a quiz question)."""
        return None if self.quizzed is not None else analyse(self.table)

    def names(self, lang: Lang, said: bool) -> Names:
        """How the question's table calls its seats: the class and the expert in the class's game.

        `said`: inside a sentence ("the class"), else standing alone as a label ("The class").
        """
        if self.question.activity != "bot":
            return None
        return seats_said(lang) if said else seat_labels(lang)


SEAT_KEYS = {CLASS_SEAT: "room.bot.seat_class", 1 - CLASS_SEAT: "room.bot.seat_expert"}
"""The seats of the class's game against the expert, as sentences call them ("the class")."""


def seats_said(lang: Lang) -> tuple[str, ...]:
    """The class's game's seats inside a sentence: "the class", "l’expert" (a name, no article)."""
    return tuple(t(SEAT_KEYS[seat], lang) for seat in sorted(SEAT_KEYS))


def seat_labels(lang: Lang) -> tuple[str, ...]:
    """The class's game's seats standing alone, as a label: "The class", "L’expert"."""
    return tuple(name[:1].upper() + name[1:] for name in seats_said(lang))


def asked(question: Question) -> Asked:
    """The question of a room, ready to word."""
    return kept(json.dumps(question.to_json(), sort_keys=True))


@functools.lru_cache(maxsize=256)
def kept(key: str) -> Asked:
    """The question whose JSON is `key`, made once per process (`asked`)."""
    question = Question.from_json(json.loads(key))
    if question.quiz is not None:
        code, index = question.quiz
        found = quiz(read_code(code))[index]
        return Asked(question, found.table, found, key)
    return Asked(question, parse(question.table).table, None, key)


@functools.lru_cache(maxsize=256)
def _options(key: str, lang: Lang) -> tuple[str, ...]:
    found = kept(key)
    if found.quizzed is not None:
        return tuple(found.quizzed.choice_text(i, lang) for i in range(found.question.options))
    table = found.table
    names = found.names(lang, said=True)
    return tuple(move_words(move, table, lang, "button", names) for move in moves_of(table))
