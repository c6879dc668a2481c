"""A game's review: the record opened, checked before anything is drawn from it, and explained.

A record comes from the Play page (handed over), a `?game=` link, a file or the example game; each
is checked the same way (`review.reviewable`: its moves replay and the coach can grade it in
seconds), and a refused one is worded from its code, with where it came from, while the record
opened before stays. The grades are the coach's (`pickomino.review`) and the chances of winning
`pickomino.value`'s; here they are put in the reader's words.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeVar

from pickomino.activities.seats import Called, default_name
from pickomino.bots import expert, heuristic, record_game
from pickomino.events import Event
from pickomino.figures import worms
from pickomino.game import Step, Table
from pickomino.i18n import Lang, amount, chance_text, join_list, percent, t, tn
from pickomino.match import Kind
from pickomino.narrate import games_cost, games_in_ten, move_words, seat_label, seat_name
from pickomino.odds import TIE
from pickomino.refusals import scenario_refusal
from pickomino.review import LABELS, THRESHOLDS, Decision, Review, reviewable
from pickomino.scenario import Scenario, ScenarioError, ends_turn, scenario_json
from pickomino.share import decode_scenario, game_link
from pickomino.value import DecisionChance

EXAMPLE_SEED: Final = "review/example"
"""The example game's dice: always the same game, which a teacher can prepare."""
EXAMPLE_SEATS: Final = (Kind("expert"), Kind("heuristic"))

Source = Literal["handed", "link"]
"""Where a record came from, as its refusal says (a file's is said by the file picker)."""


@dataclass(frozen=True)
class Opening:
    """What opening a record did: the record shown now, whether it is newly opened, and why not.

    `record` is the one opened before when the new one was refused (or when the link holds the
    record already open: a reload, or back from another page).
    """

    record: Scenario | None
    opened: bool = False
    refusals: tuple[str, ...] = ()


def checked(record: Scenario) -> Scenario:
    """The record, once its moves replay and the coach can review it (ScenarioError otherwise).

    A link, a file or a game handed over by the Play page can hold a move against the rules, or be
    too long to review in seconds (`review.reviewable`); found now, it is refused with what
    brought it, before anything of the page is drawn from it.
    """
    return reviewable(record)


def _opened(shown: Scenario | None, found: Scenario, source: Source, lang: Lang) -> Opening:
    """`found` checked and opened, or refused in the words of where it came from."""
    try:
        return Opening(checked(found), opened=True)
    except ScenarioError as error:
        reason = scenario_refusal(error, lang)
        return Opening(shown, refusals=(t(f"review_page.{source}_refused", lang, reason=reason),))


def open_link(shown: Scenario | None, value: str, lang: Lang) -> Opening:
    """The record of a `?game=` link, unless it is the one shown already; a bad link refused."""
    if shown is not None and value == game_link(shown):
        return Opening(shown)
    try:
        found = decode_scenario(value)
    except ScenarioError as error:
        reason = scenario_refusal(error, lang)
        return Opening(shown, refusals=(t("review_page.link_refused", lang, reason=reason),))
    return _opened(shown, found, "link", lang)


def settle(
    shown: Scenario | None,
    handed: Scenario | None,
    link: str | None,
    arriving: bool,
    lang: Lang,
) -> Opening:
    """The record of this run: one handed over by another page, else a link just arrived with.

    The link is read on the first run of a visit only (`arriving`); a record handed over comes
    first, even if it is refused.
    """
    if handed is not None:
        return _opened(shown, handed, "handed", lang)
    if arriving and link is not None:
        return open_link(shown, link, lang)
    return Opening(shown)


def example(lang: Lang) -> Scenario:
    """The example game: the expert against the heuristic, its seats named in `lang`.

    The record says who plays each seat, so the review calls them by their kind in any language,
    not by names read back.
    """
    names = [default_name(kind, seat, lang) for seat, kind in enumerate(EXAMPLE_SEATS)]
    record = record_game([expert, heuristic], random.Random(EXAMPLE_SEED), names=names)
    return checked(Scenario(record.table, record.moves, record.at, record.names, EXAMPLE_SEATS))


def record_key(record: Scenario) -> str:
    """The record as compact scenario JSON: what the caches of reviews and chances are keyed by.

    The text `?game=` encodes in base64, but not decoded from it: an uploaded game too long for a
    link (`share.MAX_LINK_CHARS`) is reviewed too.
    """
    return json.dumps(scenario_json(record), separators=(",", ":"))


class Seated(Protocol):
    """What a seat made: a decision (`review.Decision`), a fall in chance (`DecisionChance`)."""

    @property
    def seat(self) -> int:
        """The seat that made it."""
        ...


Made = TypeVar("Made", bound=Seated)


def focus_of(value: str | None, record: Scenario) -> int | None:
    """The seat a `?seat=` link puts first (its number counted from 1, as the players say it).

    None for no value, or one that names no seat of `record`: the review of every seat, as if
    the link had none (a player's review opened from a table, with a number edited by hand).
    """
    if value is None or not value.isdigit():
        return None
    seat = int(value) - 1
    return seat if 0 <= seat < record.table.players else None


def seats_first(players: int, seat: int | None) -> tuple[int, ...]:
    """The seats in the order their paragraphs show: the focused one first, then the others."""
    others = tuple(other for other in range(players) if other != seat)
    return others if seat is None else (seat, *others)


def of_seat(found: Iterable[Made], seat: int | None) -> tuple[Made, ...]:
    """What the focused `seat` made, in the order given; everyone's when no seat is focused.

    A player reviewing their own game from a table looks at their own decisions and at their own
    falls in chance of winning, not at their friends'.
    """
    return tuple(item for item in found if seat is None or item.seat == seat)


def history(record: Scenario) -> tuple[Step, ...]:
    """The record's tables: the start (index 0), then the one after each move with its events."""
    return (Step(record.table), *record.steps())


def turn_numbers(steps: Sequence[Step]) -> tuple[int, ...]:
    """For each count of moves played, the turn (from 1) of the last move (0 for the start)."""
    numbers, turn = [0], 1
    for step in steps[1:]:
        numbers.append(turn)
        if ends_turn(step):
            turn += 1
    return tuple(numbers)


def turn_events(steps: Sequence[Step], at: int) -> tuple[Event, ...]:
    """The events of the turn the `at`-th move belongs to, from its start up to that move."""
    start = at
    while start > 1 and not ends_turn(steps[start - 1]):
        start -= 1
    return tuple(event for step in steps[start : at + 1] for event in step.events)


# ----- explanations -------------------------------------------------------------------------------


def seat_sentence(graded: Review, seat: int, lang: Lang, names: Called) -> str:
    """A seat's review in one paragraph: its decisions, how many were fine, what it gave up."""
    found = graded.seats[seat]
    player = seat_name(seat, lang, names.said)
    if found.accuracy is None or found.mean_cost is None:
        return t("review_page.no_decision", lang, player=player)
    counts = found.counts
    slips = [
        tn(f"review_page.count.{name}", counts[name], lang)
        for name in ("inaccuracy", "mistake", "blunder")
        if counts[name]
    ]
    return t(
        "review_page.summary",
        lang,
        player=player,
        decisions=tn("review_page.decisions", len(found.decisions), lang),
        near=counts["best"] + counts["good"],
        accuracy=percent(found.accuracy, lang, 0),
        slips=t("review_page.slips", lang, slips=join_list(slips, lang))
        if slips
        else t("review_page.slips_none", lang),
        total=amount("common.worms", found.total_cost, lang),
        mean=worms(found.mean_cost, lang),
    )


def figures_table(graded: Review, lang: Lang, names: Called) -> str:
    """The seats' figures side by side (Markdown), a column per seat: it fits seven on a phone."""
    seats = graded.seats
    head = "| | " + " | ".join(seat_label(s.seat, lang, names.labels) for s in seats) + " |"
    rule = "| --- |" + " ---: |" * len(seats)

    def row(key: str, values: Sequence[str]) -> str:
        return f"| {t(key, lang)} | " + " | ".join(values) + " |"

    rows = [row("review_page.row_decisions", [str(len(s.decisions)) for s in seats])]
    rows += [
        row(f"review_page.label.{name}", [str(s.counts[name]) for s in seats]) for name in LABELS
    ]
    rows += [
        row(
            "review_page.row_accuracy",
            ["—" if s.accuracy is None else percent(s.accuracy, lang, 0) for s in seats],
        ),
        row("review_page.row_total", [worms(s.total_cost, lang) for s in seats]),
        row(
            "review_page.row_mean",
            ["—" if s.mean_cost is None else worms(s.mean_cost, lang) for s in seats],
        ),
    ]
    return "\n".join([head, rule, *rows])


def about(lang: Lang) -> str:
    """The labels and the accuracy explained, the thresholds quoted from `review.THRESHOLDS`."""
    limits = {name: amount("common.worms", below, lang) for name, below in THRESHOLDS}
    return t("review_page.about", lang, **limits)


def drop_line(found: DecisionChance, turn: int, before: Table, lang: Lang, names: Called) -> str:
    """A fall in chance of winning told as a child follows it: where, what, and what it cost."""
    return t(
        "review_page.chances.drop",
        lang,
        turn=turn,
        label=seat_label(found.seat, lang, names.labels),
        move=move_words(found.move, before, lang, "button", names.said),
        player=seat_name(found.seat, lang, names.said),
        before=games_in_ten(found.before, lang),
        cost=games_cost(found.change, lang),
    )


def against_best(decision: Decision, before: Table, lang: Lang, names: Called) -> str:
    """The move played against the expert's in words, then what the one played cost.

    The chance of a tile and the worms are what a learner weighs; when they do not explain the
    expert's choice (its move brings no more worms: a steal, or a safer top tile), the worms
    against the others, which the expert plays by, are quoted too.
    """
    played, best = decision.played.outlook, decision.best.outlook
    said = [
        t(
            "review_page.why",
            lang,
            played=move_words(decision.played.move, before, lang, "told", names.said),
            played_success=chance_text(played.success, lang),
            played_worms=amount("common.worms", played.expected_worms, lang),
            best=move_words(decision.best.move, before, lang, "told", names.said),
            best_success=chance_text(best.success, lang),
            best_worms=worms(best.expected_worms, lang),
        )
    ]
    if best.expected_worms <= played.expected_worms + TIE:
        said.append(
            t(
                "review_page.why_swing",
                lang,
                played_swing=worms(played.expected_swing, lang),
                best_swing=amount("common.worms", best.expected_swing, lang),
            )
        )
    said.append(
        t(
            "review_page.cost",
            lang,
            player=seat_name(decision.seat, lang, names.said),
            cost=amount("common.worms", decision.cost, lang),
        )
    )
    return " ".join(said)
