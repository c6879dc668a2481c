"""A room's question in the reader's words: its prompt, its table, its options, its answer.

The projector and the phones word the same question, each in its reader's language, from the
room's record alone: a decision's options are the table's legal moves (`narrate.move_words`), a
quiz question's are the quiz's own (`lessons.quiz`), so nothing here copies either.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.lessons.quiz import Question as QuizQuestion
from pickomino.lessons.quiz import read_code
from pickomino.narrate import move_words
from pickomino.odds import Analysis, analyse
from pickomino.rooms import Question, moves_of
from pickomino.scenario import parse
from pickomino.ui import show
from pickomino.ui.quiz_view import quiz


@dataclass(frozen=True)
class Asked:
    """A question as a page shows it: the table, and for a quiz, the quiz's own question."""

    question: Question
    table: Table
    quizzed: QuizQuestion | None

    def prompt(self, lang: Lang) -> str:
        """What the class is asked."""
        if self.quizzed is not None:
            return self.quizzed.prompt(lang)
        return t(f"room.ask.{self.table.phase}", lang)

    def option(self, index: int, lang: Lang) -> str:
        """Option `index` as its button reads."""
        if self.quizzed is not None:
            return self.quizzed.choice_text(index, lang)
        return move_words(moves_of(self.table)[index], self.table, lang, "button")

    def analysis(self) -> Analysis | None:
        """The odds of a decision (None for a quiz question)."""
        return None if self.quizzed is not None else analyse(self.table)


def asked(question: Question) -> Asked:
    """The question of a room, ready to word."""
    quizzed = None
    if question.quiz is not None:
        code, index = question.quiz
        quizzed = quiz(read_code(code))[index]
        return Asked(question, quizzed.table, quizzed)
    return Asked(question, parse(question.table).table, None)


def draw_table(found: Asked, lang: Lang, *, scale: float = 1.0) -> None:
    """The question's table, with the roll it is about."""
    table = found.table
    show.situation(
        table,
        lang,
        you=table.current,
        show_kept=True,
        scale=scale,
        you_key="sandbox.to_play",
        compact=True,
    )
    if found.quizzed is not None:
        shown = found.quizzed.shown_roll()
        if shown is not None:
            caption, faces = shown
            show.html(
                show.roll_html(faces, table.kept, lang, scale=scale, caption=t(caption, lang))
            )
    elif table.rolled is not None:
        show.html(show.roll_html(table.rolled, table.kept, lang, scale=scale))


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
