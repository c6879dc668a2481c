"""A room's question in the reader's words: its prompt, its table, its options, its answer.

The projector and the phones word the same question, each in its reader's language, from the
room's record alone: a decision's options are the table's legal moves (`narrate.move_words`), a
quiz question's are the quiz's own (`lessons.quiz`), so nothing here copies either.

Every phone redraws its question every second (`phone`), so a question's table, drawn as HTML,
and its options' words are made once per question and language in this process and kept
(`functools.lru_cache`, keyed by the question's JSON): a poll then costs the pulse's read and
the sending of elements already made (`benchmarks/room_load.py`).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import streamlit as st

from pickomino.activities.quiz import quiz
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.lessons.quiz import Question as QuizQuestion
from pickomino.lessons.quiz import read_code
from pickomino.narrate import Names, move_words
from pickomino.odds import Analysis, analyse
from pickomino.rooms import CLASS_SEAT, Question, moves_of
from pickomino.scenario import parse
from pickomino.ui import show


@dataclass(frozen=True, eq=False)
class Asked:
    """A question as a page shows it: the table, and for a quiz, the quiz's own question.

    `key` is the question's JSON, which the drawings made of it are kept under.
    """

    question: Question
    table: Table
    quizzed: QuizQuestion | None
    key: str

    def prompt(self, lang: Lang) -> str:
        """What the class is asked."""
        if self.quizzed is not None:
            return self.quizzed.prompt(lang)
        return t(f"room.ask.{self.table.phase}", lang)

    def option(self, index: int, lang: Lang) -> str:
        """Option `index` as its button reads."""
        return _options(self.key, lang)[index]

    def analysis(self) -> Analysis | None:
        """The odds of a decision (None for a quiz question)."""
        return None if self.quizzed is not None else analyse(self.table)


SEAT_KEYS = {CLASS_SEAT: "room.bot.seat_class", 1 - CLASS_SEAT: "room.bot.seat_expert"}
"""The seats of the class's game against the expert, as sentences call them ("the class")."""


def seats_said(lang: Lang) -> tuple[str, ...]:
    """The class's game's seats inside a sentence: "the class", "l’expert" (a name, no article)."""
    return tuple(t(SEAT_KEYS[seat], lang) for seat in sorted(SEAT_KEYS))


def seat_labels(lang: Lang) -> tuple[str, ...]:
    """The class's game's seats standing alone, as a label: "The class", "L’expert"."""
    return tuple(name[:1].upper() + name[1:] for name in seats_said(lang))


def _names(question: Question, lang: Lang, said: bool) -> Names:
    """How a question's table calls its seats: the class and the expert in the class's game."""
    if question.activity != "bot":
        return None
    return seats_said(lang) if said else seat_labels(lang)


def asked(question: Question) -> Asked:
    """The question of a room, ready to word."""
    return _asked(json.dumps(question.to_json(), sort_keys=True))


@functools.lru_cache(maxsize=256)
def _asked(key: str) -> Asked:
    question = Question.from_json(json.loads(key))
    if question.quiz is not None:
        code, index = question.quiz
        quizzed = quiz(read_code(code))[index]
        return Asked(question, quizzed.table, quizzed, key)
    return Asked(question, parse(question.table).table, None, key)


@functools.lru_cache(maxsize=256)
def _options(key: str, lang: Lang) -> tuple[str, ...]:
    found = _asked(key)
    if found.quizzed is not None:
        return tuple(found.quizzed.choice_text(i, lang) for i in range(found.question.options))
    table = found.table
    names = _names(found.question, lang, said=True)
    return tuple(move_words(move, table, lang, "button", names) for move in moves_of(table))


@functools.lru_cache(maxsize=256)
def _table_html(key: str, lang: Lang, scale: float) -> str:
    """The question's table with the roll it is about, as one drawing (`show.situation`'s)."""
    found = _asked(key)
    table = found.table
    if found.quizzed is None:
        return table_html(table, lang, scale, _names(found.question, lang, said=False))
    markup = _table_parts(table, lang, scale, None)
    shown = found.quizzed.shown_roll()
    if shown is not None:
        caption, faces = shown
        markup += show.roll_html(faces, table.kept, lang, scale=scale, caption=t(caption, lang))
    return markup


def _table_parts(table: Table, lang: Lang, scale: float, names: Names) -> str:
    markup = show.middle_html(table, lang, scale=scale)
    markup += show.stacks_html(
        table,
        lang,
        table.current,
        scale=scale,
        you_key="sandbox.to_play",
        names=names,
        compact=True,
    )
    return markup + show.kept_html(table, lang)


def table_html(table: Table, lang: Lang, scale: float = 1.0, names: Names = None) -> str:
    """A table as the room draws it: the middle, the stacks, the dice set aside and the roll.

    The seat to play is marked. The board's telling of the class's game draws each move's so.
    """
    markup = _table_parts(table, lang, scale, names)
    if table.rolled is not None:
        markup += show.roll_html(table.rolled, table.kept, lang, scale=scale)
    return markup


def draw_table(found: Asked, lang: Lang, *, scale: float = 1.0) -> None:
    """The question's table, with the roll it is about."""
    show.html(_table_html(found.key, lang, scale))


def explanation(found: Asked, lang: Lang) -> str:
    """Why the right (or best) option is: the quiz's rule, or the odds' plain-words advice."""
    if found.quizzed is not None:
        return found.quizzed.explanation(lang)
    from pickomino.ui.odds_panel import recommendation

    analysis = found.analysis()
    assert analysis is not None
    return recommendation(analysis, found.table, lang)


def waiting(lang: Lang) -> None:
    """What a page shows before the first question."""
    st.info(t("room.waiting", lang), icon=":material/hourglass_top:")
