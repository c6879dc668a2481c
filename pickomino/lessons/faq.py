"""The FAQ's questions and the scenarios that answer them, one map for every page that needs it.

The FAQ page draws each question with its scenarios; the sandbox names the question a FAQ link
opened, so a learner who followed the link sees what the table is about. Kept here, in plain
Python, so the two can never disagree on which scenario answers which question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from pickomino.game import Move, Table
from pickomino.rules import WORM
from pickomino.sandbox import Sandbox
from pickomino.share import read_scenario

QUESTIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("no_worm", ("faq-no-worm",)),
    ("lower", ("faq-lower",)),
    ("steal_top", ("faq-steal-top",)),
    ("thirty", ("faq-thirty-lower", "faq-thirty-steal", "faq-thirty-nothing")),
    ("one_value", ("faq-one-value",)),
)
"""Each question (its text is `faq.q_<question>` in content/) with the scenarios answering it, in
the page's order; each scenario's caption is `faq.case.<scenario>`."""

ATTEMPTS: Final[dict[str, tuple[str, str]]] = {"faq-one-value": ("keep", WORM)}
"""After keeping the fours, the same roll's worms are tried too, and refused: the answer is a move
the rules forbid, so the page shows the refusal."""


def answer(scenario: str) -> tuple[Table, Move]:
    """The table the scenario's link opens at, and the move its answer plays there.

    The FAQ page compares that move with the sandbox's star (`examples.star_elsewhere`): an
    answer shows what the rules allow, which need not be the best move.
    """
    record = read_scenario(scenario)
    opened = Sandbox.replaying(record).table
    return opened, replace(record.moves[record.at], faces=None)


def question_of(scenario: str) -> str | None:
    """The question a scenario answers, or None for a scenario of no FAQ question."""
    for question, scenarios in QUESTIONS:
        if scenario in scenarios:
            return question
    return None
