"""An activity's state saved, read back, overwritten by another tab and refused, on both backends.

`Kept` is the one save, conflict and restore path of every activity that keeps its state in the
store, so each case here is one every page (sandbox, Play, quiz) then behaves the same way for.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import pytest

from pickomino.activities.kept import Kept, Saved
from pickomino.i18n import LANGS, Lang, t
from pickomino.store import (
    EXPIRY,
    FORGET_AFTER,
    ExpiredDocument,
    Store,
    StoreFault,
    UnknownDocument,
    VersionConflict,
)
from tests.stores import Clock


def decode(data: Mapping[str, Any]) -> tuple[int, ...]:
    """A state of answers: a list of small numbers, anything else refused."""
    picked = data["picked"]
    if not isinstance(picked, list) or not all(isinstance(n, int) and 0 <= n < 4 for n in picked):
        raise ValueError(f"not answers: {picked!r}")
    return tuple(picked)


ANSWERS: Kept[tuple[int, ...]] = Kept(
    "quiz", "quiz.saved", lambda value: {"picked": list(value)}, decode
)


def test_a_first_save_creates_a_document_that_loads_back(db: Store) -> None:
    saved = ANSWERS.save(db, None, (1, 2))
    assert saved.problem is None and saved.value == (1, 2)
    assert saved.held is not None and saved.held[1] == 1
    loaded = ANSWERS.load(db, saved.held[0])
    assert (loaded.value, loaded.held) == ((1, 2), saved.held)


def test_a_later_save_updates_the_same_document(db: Store) -> None:
    first = ANSWERS.save(db, None, (1,))
    second = ANSWERS.save(db, first.held, (1, 3))
    assert second.problem is None
    assert first.held is not None and second.held == (first.held[0], 2)
    assert ANSWERS.load(db, first.held[0]).value == (1, 3)


def test_another_tabs_write_is_shown_not_overwritten(db: Store) -> None:
    mine = ANSWERS.save(db, None, (0,))
    assert mine.held is not None
    theirs = ANSWERS.save(db, ANSWERS.load(db, mine.held[0]).held, (2, 2))
    late = ANSWERS.save(db, mine.held, (0, 1))  # made on version 1, now at 2
    assert isinstance(late.problem, VersionConflict)
    assert late.value == (2, 2) and late.held == theirs.held
    assert ANSWERS.load(db, mine.held[0]).value == (2, 2)
    # the page goes on from what it now holds: its next save is not a conflict
    after = ANSWERS.save(db, late.held, (2, 2, 3))
    assert after.problem is None and ANSWERS.load(db, mine.held[0]).value == (2, 2, 3)


def test_stored_data_the_activity_does_not_accept_is_refused_as_unknown(db: Store) -> None:
    for data in ({"picked": "1,2"}, {"picked": [9]}, {"other": 1}):
        document = db.create("quiz", data)
        with pytest.raises(UnknownDocument) as refused:
            ANSWERS.load(db, document.id)
        assert refused.value.id == document.id


def test_a_conflict_whose_stored_state_is_refused_keeps_the_sessions_state(db: Store) -> None:
    mine = ANSWERS.save(db, None, (1,))
    assert mine.held is not None
    db.update("quiz", mine.held[0], {"picked": "nonsense"}, 1)
    late = ANSWERS.save(db, mine.held, (1, 2))
    assert isinstance(late.problem, UnknownDocument)
    assert late.value == (1, 2) and late.held == mine.held


def test_a_store_that_fails_leaves_the_state_unsaved_and_never_raises(
    db: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = ANSWERS.save(db, None, (1,))

    def down(*args: object, **kwargs: object) -> object:
        raise StoreFault("down")

    monkeypatch.setattr(db, "update", down)
    monkeypatch.setattr(db, "create", down)
    for held in (None, mine.held):
        saved = ANSWERS.save(db, held, (1, 2))
        assert saved == Saved((1, 2), held, saved.problem)
        assert isinstance(saved.problem, StoreFault)


def test_an_expired_or_forgotten_document_is_refused_by_name(db: Store, clock: Clock) -> None:
    mine = ANSWERS.save(db, None, (1,))
    assert mine.held is not None
    clock.advance(EXPIRY + timedelta(minutes=1))
    with pytest.raises(ExpiredDocument):
        ANSWERS.load(db, mine.held[0])
    clock.advance(FORGET_AFTER)
    with pytest.raises(UnknownDocument):
        ANSWERS.load(db, mine.held[0])


@pytest.mark.parametrize("lang", LANGS)
def test_each_problem_is_worded_from_the_activitys_section(lang: Lang) -> None:
    cases = {
        VersionConflict("quiz", "x", 1, 2): t("quiz.saved.conflict", lang),
        ExpiredDocument("quiz", "x", Clock().now): t("quiz.saved.expired", lang, days=EXPIRY.days),
        UnknownDocument("quiz", "x"): t("quiz.saved.unknown", lang),
        StoreFault("down"): t("quiz.saved.unreachable", lang),
    }
    assert len(set(cases.values())) == 4
    for problem, words in cases.items():
        assert ANSWERS.words(problem, lang) == words
        assert "x" not in words.split()
