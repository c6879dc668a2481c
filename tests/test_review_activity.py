"""A game's review without a page (`activities.review`): records opened or refused, and explained.

The page keeps the opened record in its session and draws it; what may be opened, what a refusal
says and how a seat's review and a decision read are decided here, and checked without Streamlit.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pickomino.activities.review import (
    Opening,
    against_best,
    example,
    figures_table,
    focus_of,
    history,
    of_seat,
    open_link,
    seat_sentence,
    seats_first,
    settle,
    turn_events,
    turn_numbers,
)
from pickomino.activities.seats import recorded
from pickomino.bots import heuristic, record_game
from pickomino.game import STOP, Table
from pickomino.i18n import LANGS, Lang, amount, t
from pickomino.narrate import move_words
from pickomino.odds import TIE
from pickomino.refusals import scenario_refusal
from pickomino.review import LABELS, Review, review, reviewable
from pickomino.scenario import Scenario, ScenarioError, ends_turn
from pickomino.share import encode_scenario


@pytest.fixture(scope="module")
def record() -> Scenario:
    """A short game between two heuristic bots, with names."""
    return record_game([heuristic, heuristic], random.Random(11), names=("Ana", "Bo"))


@pytest.fixture(scope="module")
def graded(record: Scenario) -> Review:
    return review(record)


AGAINST_THE_RULES = Scenario(Table.new(2), (STOP,))
"""A record whose first move (stopping before any roll) the rules refuse."""


def refused_words(found: Scenario, lang: Lang) -> str:
    """Why the coach refuses `found`, in the reader's words."""
    with pytest.raises(ScenarioError) as refused:
        reviewable(found)
    return scenario_refusal(refused.value, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_opens_its_record_and_a_bad_one_keeps_the_record_shown(
    record: Scenario, lang: Lang
) -> None:
    assert open_link(None, encode_scenario(record), lang) == Opening(record, opened=True)
    bad = open_link(record, encode_scenario(AGAINST_THE_RULES), lang)
    reason = refused_words(AGAINST_THE_RULES, lang)
    assert bad == Opening(record, refusals=(t("review_page.link_refused", lang, reason=reason),))
    unread = open_link(record, "%%%", lang)
    assert unread.record == record and not unread.opened and len(unread.refusals) == 1
    assert unread.refusals[0].startswith(t("review_page.link_refused", lang, reason="")[:20])


def test_the_link_of_the_record_shown_does_not_open_it_again(record: Scenario) -> None:
    assert open_link(record, encode_scenario(record), "en") == Opening(record)


def test_a_handed_record_comes_first_and_is_refused_in_its_own_words(record: Scenario) -> None:
    link = encode_scenario(record)
    refused = settle(record, AGAINST_THE_RULES, link, True, "nl")
    reason = refused_words(AGAINST_THE_RULES, "nl")
    assert refused == Opening(
        record, refusals=(t("review_page.handed_refused", "nl", reason=reason),)
    )
    assert settle(None, record, None, False, "en") == Opening(record, opened=True)
    # a link is read only as the visit arrives: a later run's address may lag behind
    assert settle(None, None, link, False, "en") == Opening(None)
    assert settle(None, None, link, True, "en") == Opening(record, opened=True)


def test_the_example_says_who_plays_each_seat_so_its_names_follow_the_reader() -> None:
    game = example("en")
    assert game.seats == ("expert", "heuristic")
    for lang in LANGS:
        labels = recorded(game, lang).labels
        assert labels == (
            t("play.bot_name.expert", lang, n=1),
            t("play.bot_name.heuristic", lang, n=2),
        )
    assert example("fr").moves == game.moves  # the same dice in every language


def test_turns_are_numbered_from_one_and_a_moves_turn_starts_after_the_last_that_ended(
    record: Scenario,
) -> None:
    steps = history(record)
    numbers = turn_numbers(steps)
    assert numbers[0] == 0 and numbers[1] == 1 and len(numbers) == len(record.moves) + 1
    ended = sum(1 for step in steps[1:] if ends_turn(step))
    assert numbers[-1] == ended + (0 if ends_turn(steps[-1]) else 1)
    first = next(at for at in range(2, len(steps)) if ends_turn(steps[at - 1]))
    assert turn_events(steps, first) == steps[first].events
    assert turn_events(steps, first + 1) == (*steps[first].events, *steps[first + 1].events)


def test_a_seats_review_and_the_figures_table_quote_the_coach(
    record: Scenario, graded: Review
) -> None:
    names = recorded(record, "en")
    sentence = seat_sentence(graded, 0, "en", names)
    found = graded.seats[0]
    assert (
        sentence.startswith("Ana ") and amount("common.worms", found.total_cost, "en") in sentence
    )
    rows = figures_table(graded, "en", names).splitlines()
    assert rows[0] == "| | Ana | Bo |" and len(rows) == 2 + 1 + len(LABELS) + 3
    assert (
        rows[2]
        == f"| {t('review_page.row_decisions', 'en')} | "
        + " | ".join(str(len(seat.decisions)) for seat in graded.seats)
        + " |"
    )


def test_a_decision_is_worded_against_the_best_move_and_its_cost(
    record: Scenario, graded: Review
) -> None:
    steps = history(record)
    costly = [decision for decision in graded.decisions if decision.cost > 0]
    assert costly
    names = recorded(record, "fr")
    for decision in costly:
        before = steps[decision.index].table
        said = against_best(decision, before, "fr", names)
        assert move_words(decision.best.move, before, "fr", "told", names.said) in said
        assert amount("common.worms", decision.cost, "fr") in said
        swing = decision.best.outlook.expected_worms <= decision.played.outlook.expected_worms + TIE
        assert (
            t("review_page.why_swing", "fr", played_swing="", best_swing="")[:20] in said
        ) == swing
    plain = replace(costly[0], seat=1)
    assert "Bo" in against_best(plain, steps[plain.index].table, "en", recorded(record, "en"))


@pytest.mark.parametrize(
    ("value", "seat"), [("1", 0), ("2", 1), ("3", None), ("0", None), ("-1", None), ("x", None)]
)
def test_a_seat_link_names_a_seat_of_the_record_counted_from_one(
    record: Scenario, value: str, seat: int | None
) -> None:
    assert record.table.players == 2
    assert focus_of(value, record) == seat
    assert focus_of(None, record) is None


def test_a_seats_review_puts_its_paragraph_first_and_keeps_its_own_decisions(
    graded: Review,
) -> None:
    assert seats_first(3, 2) == (2, 0, 1) and seats_first(3, None) == (0, 1, 2)
    assert seats_first(2, 0) == (0, 1)
    theirs = of_seat(graded.decisions, 1)
    assert theirs and {d.seat for d in theirs} == {1}
    assert theirs == tuple(d for d in graded.decisions if d.seat == 1)  # in the order given
    assert len(theirs) + len(of_seat(graded.decisions, 0)) == len(graded.decisions)
    assert of_seat(graded.decisions, None) == graded.decisions
