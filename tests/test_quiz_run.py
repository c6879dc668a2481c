"""A quiz run without a page: answers by clicks, kept, read back, overwritten in another tab.

On both store backends (`db`), as the Quiz page's session would call it, with no Streamlit.
"""

from __future__ import annotations

import random

import pytest

from pickomino.activities.quiz import KEPT, QuizRun, claim, drawn, is_teacher, made, refusal, typed
from pickomino.i18n import t
from pickomino.lessons.quiz import QuizError, Setup, read_setup
from pickomino.store import Store, StoreFault, UnknownDocument, VersionConflict

SETUP = Setup("RUN", "first", 5)


def wrong(run: QuizRun) -> int:
    """A wrong choice for the question the run shows."""
    question = run.questions[run.at]
    return (question.answer + 1) % len(question.choices)


def test_clicks_answer_move_on_and_score_and_a_lagging_click_changes_nothing(db: Store) -> None:
    run = QuizRun(SETUP)
    first = run.questions[0].answer
    run = run.pick(db, 0, first).run
    assert (run.picked, run.at, run.answered, run.right) == ((first,), 0, True, 1)
    assert run.pick(db, 0, first).run is run, "a second answer to the same question is ignored"
    assert run.next(db, 1).run is run, "a Next meant for another question is ignored"
    run = run.next(db, 0).run
    assert (run.at, run.answered) == (1, False)
    assert run.next(db, 1).run is run, "no Next before an answer"
    assert run.pick(db, 1, len(run.questions[1].choices)).run is run, "no such choice"
    run = run.pick(db, 1, wrong(run)).run
    assert run.right == 1 and len(run.picked) == 2
    for number in range(2, 5):
        run = run.next(db, number - 1).run
        run = run.pick(db, number, run.questions[number].answer).run
    run = run.next(db, 4).run
    assert run.over and run.right == 4
    assert sum(rule.right for rule in run.rules) == 4
    assert sum(rule.asked for rule in run.rules) == 5
    assert run.pick(db, 5, 0).run is run, "nothing to answer after the last question"
    again = run.again(db).run
    assert run.held is not None and (again.picked, again.at) == ((), 0)
    assert again.held == (run.held[0], run.held[1] + 1), "started again in the same document"


def test_the_first_answer_creates_the_document_a_reload_restores(db: Store) -> None:
    fresh = QuizRun(SETUP)
    assert fresh.held is None
    answered = fresh.pick(db, 0, 1)
    assert answered.problem is None and answered.run.held is not None
    assert answered.run.held[1] == 1
    moved = answered.run.next(db, 0).run
    assert moved.held == (answered.run.held[0], 2), "later answers update the same document"
    # a reload: another session reads the address's run
    back = QuizRun.restore(db, SETUP, answered.run.held[0])
    assert back == moved
    assert db.read("quiz", moved.held[0]).data == {"code": "RUN-B5", "picked": [1], "at": 1}


def test_another_quizs_or_impossible_answers_are_refused_as_unknown(db: Store) -> None:
    other = QuizRun(Setup("OTHER", "first", 5)).pick(db, 0, 0).run
    assert other.held is not None
    with pytest.raises(UnknownDocument):
        QuizRun.restore(db, SETUP, other.held[0])
    choices = len(QuizRun(SETUP).questions[0].choices)
    for data in (
        {"code": "RUN-B5", "picked": [choices], "at": 0},  # no such choice
        {"code": "RUN-B5", "picked": [0], "at": 3},  # beyond the answers
        {"code": "RUN-B5", "picked": [0, 0, 0, 0, 0, 0], "at": 5},  # more answers than questions
        {"code": "run-b5", "picked": [], "at": 0},  # not the code the app writes
        {"code": 7, "picked": [], "at": 0},
        {"picked": [], "at": 0},
    ):
        stored = db.create("quiz", data)
        with pytest.raises(UnknownDocument):
            QuizRun.restore(db, SETUP, stored.id)
    with pytest.raises(UnknownDocument):
        QuizRun.restore(db, SETUP, "nothing-here")


def test_another_tabs_answers_are_shown_not_overwritten(db: Store) -> None:
    mine = QuizRun(SETUP).pick(db, 0, 0).run
    assert mine.held is not None
    theirs = QuizRun.restore(db, SETUP, mine.held[0])  # the same address in a second tab
    theirs = theirs.next(db, 0).run
    theirs = theirs.pick(db, 1, 2).run
    late = mine.next(db, 0)  # the first tab, a step behind, clicks
    assert isinstance(late.problem, VersionConflict)
    assert late.run == theirs, "their answers, and the version their next write must name"
    assert KEPT.words(late.problem, "en") == t("quiz.saved.conflict", "en")
    after = late.run.next(db, 1)
    assert after.problem is None and after.run.held == (mine.held[0], 4)


def test_a_store_that_fails_keeps_the_answers_unsaved(
    db: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = QuizRun(SETUP).pick(db, 0, 0).run.next(db, 0).run

    def down(*args: object, **kwargs: object) -> object:
        raise StoreFault("down")

    monkeypatch.setattr(db, "create", down)
    monkeypatch.setattr(db, "update", down)
    for run in (QuizRun(SETUP), saved):
        answered = run.pick(db, run.at, 1)
        assert isinstance(answered.problem, StoreFault)
        assert answered.run.held == run.held and answered.run != run, "changed, not written"
        assert KEPT.words(answered.problem, "fr") == t("quiz.saved.unreachable", "fr")


def test_a_typed_plain_word_is_the_typists_own_and_a_full_code_is_the_boards() -> None:
    assert typed(" cm2b ") == (Setup("CM2B"), True)
    assert typed("k7qm-e5") == (Setup("K7QM", "experienced", 5), False)
    mine = drawn(random.Random(4), "experienced", 15)
    assert typed(mine.code) == (mine, False), "the drawn code, typed on a pupil's page"


def test_a_bad_link_is_refused_in_the_readers_words_quoting_it_safely() -> None:
    with pytest.raises(QuizError) as refused:
        read_setup("[click](http://x)")
    words = refusal(refused.value, "nl")
    assert "](" not in words and "click" in words
    assert words.startswith(t("quiz.error.bad_code", "nl", given="§").split("§")[0])


def test_a_quiz_has_one_teacher_the_first_to_make_it_and_only_their_token_opens_it(
    db: Store,
) -> None:
    """A pupil typing the bare word of the class's code makes nothing: the quiz is held."""
    token = claim(db, Setup("CM2B"))
    assert token is not None and is_teacher(db, Setup("CM2B"), token)
    assert claim(db, Setup("CM2B")) is None, "the word typed again, by a pupil"
    other = claim(db, Setup("CM2B", "experienced", 5))  # another quiz of the same word
    assert other is not None and other != token
    assert not is_teacher(db, Setup("CM2B"), other), "another quiz's token"
    assert not is_teacher(db, Setup("CM2B", "experienced", 5), token)
    assert not is_teacher(db, Setup("CM2B"), "made-up")
    assert not is_teacher(db, Setup("NOBODY"), token), "a quiz nobody made"


def test_a_drawn_quiz_is_one_nobody_holds(db: Store) -> None:
    taken = drawn(random.Random(7), "first", 10)
    assert claim(db, taken) is not None
    setup, token = made(db, random.Random(7), "first", 10)  # draws `taken` first, then another
    assert setup != taken and (setup.level, setup.count) == ("first", 10)
    assert token is not None and is_teacher(db, setup, token)
