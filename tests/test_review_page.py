"""The Game review page through AppTest: its figures are the command's, its links open its tables.

The game is a seeded one of the expert against the heuristic, reviewed by `python -m pickomino
review` (called in this process) and by the page; the page must show the same figures, list the
same costly decisions costliest first, and draw each one's table as the record replays it.
"""

from __future__ import annotations

import base64
import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.activities.review import history, turn_numbers
from pickomino.activities.seats import default_name, recorded
from pickomino.bots import expert, heuristic, record_game
from pickomino.echo import echoed
from pickomino.figures import worms
from pickomino.i18n import LANGS, amount, percent, strings, t, tn
from pickomino.narrate import SeatTitle, games_cost, games_in_ten, sentence
from pickomino.review import WORTH_A_LOOK, Review, biggest_drops, review, worth_a_look
from pickomino.scenario import Scenario, scenario_json
from pickomino.share import decode_table, encode_scenario
from pickomino.ui import records, review_view
from pickomino.ui.review_chart import chance_lines, cost_lines
from pickomino.ui.review_view import AT, PAGE_SIZE, UPLOAD, example
from pickomino.value import chance, decision_chances
from tests.cli import Ran
from tests.test_app import opened, shown_text

PAGE = "app_pages/review.py"
NAMES = ["Ana", "Bob"]


@pytest.fixture(scope="module")
def record() -> Scenario:
    return record_game([heuristic, expert], random.Random("review-page"), names=NAMES)


@pytest.fixture
def command(record: Scenario, cli: Callable[..., Ran]) -> dict[str, Any]:
    """What `python -m pickomino review -` prints for the record."""
    done = cli("review", "-", stdin=json.dumps(scenario_json(record)))
    assert (done.returncode, done.stderr) == (0, "")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def review_page(lang: str = "en", **params: str) -> AppTest:
    at = opened(PAGE, lang, **params)
    assert not at.exception, [str(e.value) for e in at.exception]
    return at


def markdown(at: AppTest) -> list[str]:
    return [str(element.value) for element in at.markdown]


def figures(at: AppTest) -> dict[str, list[str]]:
    """The page's table of figures: each row's title with its cells, a cell per seat."""
    (table,) = [text for text in markdown(at) if text.startswith("| |")]
    lines = table.splitlines()
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    return {row[0]: row[1:] for row in [rows[0], *rows[2:]]}


def titles(at: AppTest) -> list[str]:
    return [str(element.value) for element in at.subheader]


def expected_title(decision: dict[str, Any], lang: str = "en") -> str:
    return t(
        "review_page.decision_title",
        lang,
        turn=decision["turn"] + 1,
        player=NAMES[decision["seat"]],
        label=t(f"review_page.label.{decision['label']}", lang),
        cost=amount("common.worms", decision["cost"], lang),
    )


def sandbox_tables(at: AppTest) -> list[str]:
    """The `table=` value of every link to the sandbox in the main area."""
    found = []
    for link in at.main.get("page_link"):
        if link.proto.page == "sandbox":
            (value,) = parse_qs(link.proto.query_string)["table"]
            found.append(value)
    return found


def test_a_game_link_opens_its_review_with_the_figures_of_the_command(
    record: Scenario, command: dict[str, Any]
) -> None:
    at = review_page(game=encode_scenario(record))
    shown = figures(at)
    assert shown[""] == NAMES
    for index, seat in enumerate(command["seats"]):
        assert shown[t("review_page.row_decisions", "en")][index] == str(seat["decisions"])
        for name, count in seat["labels"].items():
            assert shown[t(f"review_page.label.{name}", "en")][index] == str(count)
        accuracy = percent(seat["accuracy"], "en", 0)
        assert shown[t("review_page.row_accuracy", "en")][index] == accuracy
        assert shown[t("review_page.row_total", "en")][index] == worms(seat["total_cost"], "en")
        assert shown[t("review_page.row_mean", "en")][index] == worms(seat["mean_cost"], "en")
        said = next(text for text in markdown(at) if text.startswith(f"{NAMES[index]} made"))
        assert tn("review_page.decisions", seat["decisions"], "en") in said
        assert f"({accuracy})" in said and worms(seat["total_cost"], "en") in said
        for name in WORTH_A_LOOK:
            if seat["labels"][name]:
                assert tn(f"review_page.count.{name}", seat["labels"][name], "en") in said
    heuristic_seat = command["seats"][0]
    assert heuristic_seat["accuracy"] < 1, "the heuristic errs, so the figures above can differ"


def test_the_decisions_listed_are_the_commands_costly_ones_worst_first(
    record: Scenario, command: dict[str, Any]
) -> None:
    costly = [d for d in command["decisions"] if d["label"] in WORTH_A_LOOK]
    costly.sort(key=lambda d: -d["cost"])
    assert len(costly) > PAGE_SIZE, "enough to need the show-more button"
    assert costly[0]["label"] in ("mistake", "blunder")
    at = review_page(game=encode_scenario(record))
    assert titles(at) == [expected_title(d) for d in costly[:PAGE_SIZE]]
    while any(button.key == "review_more" for button in at.button):
        at.button(key="review_more").click().run()
    assert titles(at) == [expected_title(d) for d in costly]


def test_a_decisions_sandbox_link_opens_the_table_it_was_made_at(
    record: Scenario, command: dict[str, Any]
) -> None:
    at = review_page(game=encode_scenario(record))
    before = [record.table, *(step.table for step in record.steps())]
    costly = sorted(
        (d for d in command["decisions"] if d["label"] in WORTH_A_LOOK), key=lambda d: -d["cost"]
    )
    linked = sandbox_tables(at)
    assert len(linked) == PAGE_SIZE
    for value, decision in zip(linked, costly, strict=False):
        table = decode_table(value)
        assert table == before[decision["index"]]
        assert table.current == decision["seat"]
    explored = [
        parse_qs(link.proto.query_string)["table"][0]
        for link in at.main.get("page_link")
        if link.proto.page == "explorer"
    ]
    assert explored == linked  # each table in the explorer too
    sandbox = opened("app_pages/sandbox.py", "en", table=linked[0])
    assert not sandbox.exception
    assert sandbox.session_state["sandbox"].table == before[costly[0]["index"]]


def test_the_example_button_reviews_the_example_game() -> None:
    at = review_page()
    assert t("review_page.intro", "en") in markdown(at)
    assert not at.subheader and "game" not in at.query_params
    at.button(key="review_example").click().run()
    assert not at.exception
    assert t("review_page.intro", "en") not in markdown(at)  # the page drawn for the game
    game = example("en")
    graded = review(game)
    names = [default_name("expert", 0, "en"), default_name("heuristic", 1, "en")]
    shown = figures(at)
    assert shown[""] == names
    assert shown[t("review_page.row_accuracy", "en")] == [
        percent(seat.accuracy or 0, "en", 0) for seat in graded.seats
    ]
    assert at.query_params["game"] == encode_scenario(game)  # a reload opens it again
    assert at.session_state[AT] == len(game.moves)  # the slider starts at the game's end


def test_a_bad_game_link_says_why_and_keeps_the_game_open(record: Scenario) -> None:
    good = encode_scenario(record)
    at = review_page(game=good)
    at.switch_page("app_pages/home.py").run()
    at.query_params["game"] = "not a game!"
    at.switch_page(PAGE).run()
    assert not at.exception
    reason = t("errors.scenario.not_base64", "en")
    assert [e.value for e in at.error] == [t("review_page.link_refused", "en", reason=reason)]
    assert figures(at)[""] == NAMES  # the game opened before is still shown
    assert at.query_params["game"] == good

    broken = dict(scenario_json(record), actions=[{"keep": 5}])
    at.switch_page("app_pages/home.py").run()
    at.query_params["game"] = encode_scenario_json(broken)
    at.switch_page(PAGE).run()
    (error,) = at.error
    assert t("errors.scenario.action_refused", "en", index=0, reason="")[:20] in str(error.value)
    assert figures(at)[""] == NAMES


def encode_scenario_json(data: dict[str, Any]) -> str:
    """A `?game=` value for JSON that may not replay (the page must refuse it, not crash)."""
    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_lagging_address_does_not_bring_an_older_game_back(record: Scenario) -> None:
    at = review_page(game=encode_scenario(record))
    at.button(key="review_example").click().run()
    at.query_params["game"] = encode_scenario(record)  # the address the last click carried
    at.slider(key=AT).set_value(3).run()
    assert figures(at)[""][0] == default_name("expert", 0, "en")
    assert at.query_params["game"] == encode_scenario(example("en"))


def test_a_seats_link_shows_the_review_from_that_seat_until_everyones_is_asked_for(
    record: Scenario, command: dict[str, Any]
) -> None:
    """Bob is the expert: none of his decisions is worth a look, all of Ana's are."""
    costly = [d for d in command["decisions"] if d["label"] in WORTH_A_LOOK]
    costly.sort(key=lambda d: -d["cost"])
    assert costly and {d["seat"] for d in costly} == {0}
    at = review_page(game=encode_scenario(record), seat="2")
    assert t("review_page.focus", "en", player="Bob") in [str(i.value) for i in at.info]
    said = [text for text in markdown(at) if text.startswith(tuple(f"{n} made" for n in NAMES))]
    assert said[0].startswith("Bob made") and said[1].startswith("Ana made")
    assert titles(at) == []
    assert t("review_page.worth_none", "en") in [str(s.value) for s in at.success]
    assert at.query_params["seat"] == "2"
    at.run()  # a reload keeps it
    assert titles(at) == [] and at.query_params["seat"] == "2"
    at.button(key="review_everyone").click().run()
    assert "seat" not in at.query_params and not at.info
    assert titles(at) == [expected_title(d) for d in costly[:PAGE_SIZE]]
    ana = review_page(game=encode_scenario(record), seat="1")
    assert titles(ana) == [expected_title(d) for d in costly[:PAGE_SIZE]]


def test_a_seat_the_game_does_not_have_shows_everyones_review(record: Scenario) -> None:
    at = review_page(game=encode_scenario(record), seat="5")
    assert not at.info and "seat" not in at.query_params
    assert figures(at)[""] == NAMES


def test_a_record_handed_over_by_the_play_page_is_opened(record: Scenario) -> None:
    at = review_page()
    at.session_state[records.HANDED] = record
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PAGE).run()
    assert figures(at)[""] == NAMES
    assert records.HANDED not in at.session_state  # taken: a later run does not open it again


def test_a_language_or_page_switch_keeps_the_game_and_the_move_shown(record: Scenario) -> None:
    at = review_page(game=encode_scenario(record))
    at.slider(key=AT).set_value(12).run()
    at.sidebar.selectbox(key="lang_picker").set_value("nl").run()
    assert not at.exception
    assert at.title[0].value == t("page.review.title", "nl")
    assert figures(at)[""] == NAMES
    assert at.slider(key=AT).value == 12
    assert t("review_page.row_accuracy", "nl") in figures(at)
    at.switch_page("app_pages/home.py").run()
    at.switch_page(PAGE).run()  # back by the navigation: no game in the address
    assert figures(at)[""] == NAMES
    assert at.slider(key=AT).value == 12
    assert at.query_params["game"] == encode_scenario(record)


def test_the_slider_shows_the_table_after_a_move_and_that_turns_story(record: Scenario) -> None:
    steps = list(record.steps())
    ends = [n for n, step in enumerate(steps, 1) if step.table.phase == "roll"]
    first_turn = ends[0]  # the number of moves of the first turn, the dice then passed on
    at = review_page(game=encode_scenario(record))
    at.slider(key=AT).set_value(first_turn).run()
    caption = t("review_page.at_move", "en", n=first_turn, count=len(steps), turn=1)
    assert caption in [c.value for c in at.caption]
    told = [event for step in steps[:first_turn] for event in step.events]
    log = next(text for text in markdown(at) if text.startswith("- "))
    assert log.splitlines() == [f"- {sentence(event, 'en', None, NAMES)}" for event in told]
    assert "Ana" in log.splitlines()[0]  # the turn of the first seat, named


def test_a_saved_file_opens_and_a_bad_one_is_refused_by_its_reason(record: Scenario) -> None:
    at = review_page(game=encode_scenario(record))
    game = example("en")
    saved = records.record_text(game).encode()
    at.file_uploader(key=UPLOAD).set_value((records.FILE_NAME, saved, "application/json")).run()
    assert not at.exception
    assert figures(at)[""][0] == default_name("expert", 0, "en")
    assert at.query_params["game"] == encode_scenario(game)

    at.file_uploader(key=UPLOAD).set_value(("game.json", b"{", "application/json")).run()
    reason = t("errors.scenario.not_json", "en")
    assert [e.value for e in at.error] == [
        t("records.refused", "en", name=echoed("game.json"), reason=reason)
    ]
    assert figures(at)[""][0] == default_name("expert", 0, "en")  # still open

    illegal = json.dumps(dict(scenario_json(record), actions=[{"take": 21}])).encode()
    at.file_uploader(key=UPLOAD).set_value(("illegal.json", illegal, "application/json")).run()
    (error,) = at.error
    refused = t("records.refused", "en", name=echoed("illegal.json"), reason="")
    assert str(error.value).startswith(refused)
    assert "against the rules" in str(error.value)
    assert figures(at)[""][0] == default_name("expert", 0, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_reviewed_game_shows_no_raw_key_in_any_language(record: Scenario, lang: str) -> None:
    at = review_page(lang, game=encode_scenario(record))
    text = shown_text(at)
    assert t("review_page.worth_title", lang) in text
    raw = [key for key in strings(lang) if key in text]  # type: ignore[arg-type]
    assert raw == [], f"raw keys shown: {raw}"
    assert "{" not in text, "an unfilled placeholder is shown"


def test_the_chart_draws_each_seats_cost_added_up_and_says_it_in_words(record: Scenario) -> None:
    graded = review(record)
    chart = cost_lines(graded, "fr", NAMES)
    lines = chart.figure.data
    assert [line.name for line in lines] == NAMES
    for seat, line in enumerate(lines):
        assert list(line.x) == list(range(graded.turns + 1))
        assert list(line.y) == pytest.approx([0, *graded.cumulative(seat)])
        assert line.y[-1] == pytest.approx(graded.seats[seat].total_cost)
    assert len({line.line.color for line in lines}) == len({line.line.dash for line in lines}) == 2
    costly = graded.seats[0]
    worst = max(range(graded.turns), key=lambda turn: graded.per_turn(0)[turn])
    assert graded.per_turn(0)[worst] > 0
    said = t(
        "review_page.chart.alt_item",
        "fr",
        player="Ana",
        total=worms(costly.total_cost, "fr"),
        turn=worst + 1,
        cost=worms(graded.per_turn(0)[worst], "fr"),
    )
    assert said in chart.alt
    assert t("review_page.chart.alt_item_none", "fr", player="Bob") in chart.alt


def test_named_seats_read_as_french_sentences_need_them() -> None:
    """French gives a seat called by a noun its article ("le robot expert 2"), a name none."""
    record = record_game(
        [expert, heuristic], random.Random(3), names=("Ana", default_name("expert", 1, "en"))
    )
    seats = recorded(record, "fr")
    assert seats.labels == ("Ana", default_name("expert", 1, "fr"))
    assert seats.said == ("Ana", t("play.bot_said.expert", "fr", n=2))
    assert isinstance(seats.said[1], SeatTitle)
    steps = list(record.steps())
    told = [sentence(e, "fr", None, seats.said) for step in steps for e in step.events]
    assert not any(re.search(r"\b(le|au|du) (joueur )?Ana\b", line, re.I) for line in told)
    assert any(line.startswith("Ana lance") for line in told)
    assert any(line.startswith("Le robot expert 2 lance") for line in told)


def too_long(record: Scenario, monkeypatch: pytest.MonkeyPatch) -> tuple[Scenario, int]:
    """The record under other names, one board past the coach's bound (lowered for the test), and
    its count of boards.

    Other names, so neither a session nor the page's cache of reviews holds it already: were it
    not refused, the page would have to grade it.
    """
    from pickomino import review as coach
    from pickomino.odds import solved_board

    tables = [record.table, *(step.table for step in record.steps())][:-1]
    boards = len({solved_board(table) for table in tables if len(table.legal_moves()) > 1})
    monkeypatch.setattr(coach, "MAX_BOARDS", boards - 1)
    return replace(record, names=("Refused", "Too long")), boards


def grading(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The records the page grades from now on (each as `review_view.record_key`).

    The coach's `review` is watched, not replaced: everything else on the page, the odds of the
    game shown included, runs for real.
    """
    graded: list[str] = []

    def watched(record: Scenario, progress: Callable[[int], None] | None = None) -> Review:
        graded.append(review_view.record_key(record))
        return review(record, progress)

    monkeypatch.setattr(review_view, "review", watched)
    return graded


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_too_long_for_the_coach_is_refused_with_its_link_in_the_readers_words(
    record: Scenario, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the coach's bounds (here lowered to this game's boards less one) the link is refused
    after a replay, before it is graded, as any bad link is."""
    long, boards = too_long(record, monkeypatch)
    graded = grading(monkeypatch)
    at = opened(PAGE, lang, game=encode_scenario(long))
    assert not at.exception
    reason = t("errors.scenario.too_long_to_review", lang, count=boards, limit=boards - 1)
    assert [e.value for e in at.error] == [t("review_page.link_refused", lang, reason=reason)]
    assert review_view.record_key(long) not in graded
    assert not at.subheader  # no game is shown


def test_a_saved_file_past_the_caps_is_refused_and_the_game_stays(record: Scenario) -> None:
    """Too many actions (read from their count) or turns (found by the replay), said in French."""
    from pickomino.scenario import MAX_ACTIONS, MAX_TURNS

    at = review_page("fr", game=encode_scenario(record))
    turn = [{"roll": [1] * 8}, {"keep": 1}]
    long = {"players": 2, "rules": "rulebook-empty-stack"}
    for actions, reason in (
        (
            turn * (MAX_ACTIONS // 2) + turn[:1],
            t("errors.scenario.too_many_actions", "fr", count=MAX_ACTIONS + 1, limit=MAX_ACTIONS),
        ),
        (
            turn * (MAX_TURNS + 1),
            t("errors.scenario.too_many_turns", "fr", limit=MAX_TURNS, index=2 * MAX_TURNS),
        ),
    ):
        data = json.dumps({**long, "actions": actions}).encode()
        at.file_uploader(key=UPLOAD).set_value(("long.json", data, "application/json")).run()
        assert not at.exception
        (error,) = at.error  # the file named, then the reason in the reader's words
        assert str(error.value).endswith(reason)
        assert figures(at)[""] == NAMES  # the game opened before is still shown


def test_a_file_or_a_played_game_too_long_for_the_coach_is_refused_not_crashed(
    record: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file is refused with its name where the picker is; a game handed over by the Play page
    with the page's words; neither is graded, and the game shown before stays (its odds drawn)."""
    shown = review_page("en", game=encode_scenario(record))
    long, boards = too_long(record, monkeypatch)
    graded = grading(monkeypatch)
    reason = t("errors.scenario.too_long_to_review", "en", count=boards, limit=boards - 1)
    saved = json.dumps(scenario_json(long)).encode()
    shown.file_uploader(key=UPLOAD).set_value(("long.json", saved, "application/json")).run()
    assert not shown.exception
    (error,) = shown.error
    assert echoed("long.json") in str(error.value) and str(error.value).endswith(reason)
    assert figures(shown)[""] == NAMES  # the game opened before is still shown
    handed = review_page("en")
    handed.session_state[records.HANDED] = long  # as the Play page's "Review this game" does
    handed.run()
    assert not handed.exception
    assert [e.value for e in handed.error] == [t("review_page.handed_refused", "en", reason=reason)]
    assert review_view.record_key(long) not in graded


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_chance_of_winning_is_drawn_turn_by_turn_and_its_falls_said_in_words(
    record: Scenario, lang: str
) -> None:
    every = list(decision_chances(record))
    turns = turn_numbers(history(record))[1:]
    start = tuple(chance(record.table, seat) for seat in range(2))
    chart = chance_lines(every, turns, start, lang, NAMES)
    lines = chart.figure.data
    assert [line.name for line in lines] == NAMES
    for seat, line in enumerate(lines):
        mine = [found for found in every if found.seat == seat]
        assert line.x[0] == 0 and line.y[0] == start[seat]
        assert line.x[-1] == turns[mine[-1].index] and line.y[-1] == mine[-1].after
        assert list(line.x) == sorted(set(line.x))  # one point a turn of the seat's
    assert (
        len({line.line.dash for line in lines}) == len({line.marker.symbol for line in lines}) == 2
    )
    assert games_in_ten(every[-1].after, lang) in chart.alt
    at = review_page(lang, game=encode_scenario(record))
    drawn = [element.proto.alt for element in at.get("plotly_chart")]
    assert drawn == [cost_lines(review(record), lang, NAMES).alt, chart.alt]
    text = shown_text(at)
    worst = biggest_drops(every)[0]
    assert games_cost(worst.change, lang) in text
    assert t("review_page.chances.drops_title", lang) in text
    shown = worth_a_look(review(record))[0]
    found = next(c for c in every if c.index == shown.index)
    assert games_in_ten(found.before, lang) in text and games_in_ten(found.after, lang) in text
