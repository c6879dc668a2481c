"""The coach: hand-worked decisions graded as worked out, bot games, `python -m pickomino review`.

Standard tiles: 21-24 hold 1 worm, 25-28 2, 29-32 3, 33-36 4; a worm face counts 5 points. With
no steal in reach the expected swing equals the expected worms, so the figures below are worked
out on worms.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pickomino.bots import cautious, expert, game_steps, heuristic, master, record_game
from pickomino.events import TurnPassed
from pickomino.game import Move, Table
from pickomino.i18n import LANGS, t, tn
from pickomino.narrate import chance_words, games_cost, games_in_ten, master_words, move_words
from pickomino.odds import analyse
from pickomino.review import (
    DROP,
    LABELS,
    WORTH_A_LOOK,
    Decision,
    MasterView,
    biggest_drops,
    chance_verdict,
    label,
    master_otherwise,
    review,
    worth_a_look,
)
from pickomino.scenario import ScenarioError, parse, scenario_json
from pickomino.value import DecisionChance, decision_chances, in_ten
from tests.cli import Ran, run_process

TILES = range(21, 37)


def graded(record: dict[str, Any]) -> list[Decision]:
    return list(review(parse({"players": 2, **record})).decisions)


def figures(decision: Decision) -> tuple[float, float, float, float, float, float]:
    played, best = decision.played.outlook, decision.best.outlook
    return (
        played.expected_swing,
        played.expected_worms,
        played.success,
        best.expected_swing,
        best.expected_worms,
        best.success,
    )


# ----- decisions worked out by hand -------------------------------------------------------------

# 21 with a worm and one die left (W W 1 1 1 4 4 kept): the live faces are 2, 3 and 5, so rolling
# busts on half the faces and otherwise reaches 23, 24 (1 worm) or 26 (2 worms).
ONE_DIE_AT_21 = {
    "kept": ["W", "W", 1, 1, 1, 4, 4],
    "actions": [{"roll": [5]}, {"keep": 5}, {"take": 26}],
}


def test_rolling_on_from_21_with_one_die_left_is_a_mistake() -> None:
    # Take 21: 1 worm, sure. Roll: (1 + 1 + 2) / 6 = 2/3 worm, a tile half the time. Cost 1/3.
    (decision,) = graded(ONE_DIE_AT_21)  # keeping the 5 it shows and taking 26 are forced
    assert (decision.seat, decision.turn, decision.index, decision.phase) == (0, 0, 0, "decide")
    assert decision.played.move.kind == "roll"
    assert decision.best.move.kind == "take" and decision.best.move.tile == 21
    assert figures(decision) == pytest.approx((2 / 3, 2 / 3, 1 / 2, 1, 1, 1))
    assert decision.cost == pytest.approx(1 / 3)
    assert decision.label == "mistake"


def test_the_same_roll_with_a_tile_at_stake_is_a_blunder() -> None:
    # Holding 25 (2 worms), a bust costs it: rolling is worth 2/3 - (1/2) * 2 = -1/3. Cost 4/3.
    (decision,) = graded({**ONE_DIE_AT_21, "stacks": [[25], []]})
    assert figures(decision) == pytest.approx((-1 / 3, -1 / 3, 1 / 2, 1, 1, 1))
    assert decision.cost == pytest.approx(4 / 3)
    assert decision.label == "blunder"


def test_keeping_the_five_over_the_worm_is_a_blunder() -> None:
    # 4 4 4 3 3 3 kept (21, no worm), the last two dice show W and 5.
    # - Keep W: 26 with a worm; take 26 (2 worms) beats rolling the last die ((2 + 2 + 3) / 6 for
    #   27, 28, 31 on the live faces 1, 2, 5), so 2 worms, a tile for sure.
    # - Keep 5: 26 without a worm; only a worm on the last die gives a tile (31, 3 worms): 3/6,
    #   a tile one time in six. Cost 2 - 1/2 = 3/2.
    # Then rolling on (rather than stopping empty-handed, worth 0) is the best move, cost 0; the
    # keep of the worm it shows and the take of 31 are forced.
    record = {
        "kept": [4, 4, 4, 3, 3, 3],
        "rolled": ["W", 5],
        "actions": [{"keep": 5}, {"roll": ["W"]}, {"keep": "W"}, {"take": 31}],
    }
    keep, roll = graded(record)
    assert (keep.index, keep.phase, keep.played.move.face, keep.best.move.face) == (
        0,
        "keep",
        "5",
        "W",
    )
    assert figures(keep) == pytest.approx((1 / 2, 1 / 2, 1 / 6, 2, 2, 1))
    assert keep.cost == pytest.approx(3 / 2)
    assert keep.label == "blunder"
    assert (roll.index, roll.phase) == (1, "decide")
    assert roll.played.move.kind == roll.best.move.kind == "roll"
    assert figures(roll) == pytest.approx((1 / 2, 1 / 2, 1 / 6) * 2)
    assert (roll.cost, roll.label) == (0, "best")


def test_a_missed_steal_costs_the_robbed_worms() -> None:
    # 26 with a worm and no die left: 25 from the middle gains 2 worms; stealing the opponent's 26
    # gains 2 and takes 2 from them, a swing of 4. Taking 25 gives up 2 of swing, no worm.
    record = {
        "middle": [21, 25],
        "face_down": [t for t in TILES if t not in (21, 25, 26)],
        "stacks": [[], [26]],
        "kept": ["W", "W", "W", "W", 2, 2],
        "rolled": [1, 1],
        "actions": [{"keep": 1}, {"take": 25}],
    }
    (decision,) = graded(record)  # the keep of the only new face is forced
    assert (decision.index, decision.phase) == (1, "take")
    assert (decision.played.move.tile, decision.best.move.tile) == (25, 26)
    assert figures(decision) == pytest.approx((2, 2, 1, 4, 2, 1))
    assert decision.cost == pytest.approx(2)
    assert decision.label == "blunder"


def test_a_move_as_good_as_the_experts_costs_nothing() -> None:
    # W W W 2 2 2 1 kept: 22 with a worm and one die left; the live faces 3, 4, 5 reach 25, 26,
    # 27 (2 worms each) and the others bust: rolling is worth (2 + 2 + 2) / 6 = 1 worm, as much
    # as taking 22.
    record = {
        "kept": ["W", "W", "W", 2, 2, 2, 1],
        "actions": [{"roll": [4]}, {"keep": 4}, {"take": 26}],
    }
    (decision,) = graded(record)
    assert decision.best.move.kind == "take"  # equal swing and worms: the first listed, the take
    assert decision.played.move.kind == "roll"
    assert figures(decision) == pytest.approx((1, 1, 1 / 2, 1, 1, 1))
    assert (decision.cost, decision.label) == (0, "best")


def test_labels_follow_the_documented_thresholds() -> None:
    costs = [0, 1e-9, 0.0499, 0.05, 0.1999, 0.2, 0.4999, 0.5, 3]
    assert [label(c) for c in costs] == [
        "best",
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


# ----- whole games ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    """A seeded game of the expert (seat 0) against the heuristic, as a record."""
    record = record_game([expert, heuristic], random.Random("review"), names=["Ann", "Bob"])
    return scenario_json(record)


def test_every_decision_of_the_expert_costs_nothing(game: dict[str, Any]) -> None:
    coached = review(parse(game))
    mine = [d for d in coached.decisions if d.seat == 0]
    assert len(mine) > 20
    assert all(d.played.move == d.best.move and d.cost == 0 for d in mine)
    theirs = coached.seats[1]
    assert theirs.total_cost > 0  # the heuristic errs somewhere, so the check above can fail
    assert coached.seats[0].accuracy == 1 and theirs.accuracy is not None and theirs.accuracy < 1


def test_turns_alternate_between_the_two_seats(game: dict[str, Any]) -> None:
    decisions = review(parse(game)).decisions
    assert decisions[0].turn == 0
    assert all(d.seat == d.turn % 2 for d in decisions)
    assert [d.index for d in decisions] == sorted({d.index for d in decisions})


def test_seat_figures_add_up(game: dict[str, Any]) -> None:
    for seat in review(parse(game)).seats:
        costs = [d.cost for d in seat.decisions]
        assert sum(seat.counts.values()) == len(costs)
        assert seat.total_cost == pytest.approx(sum(costs))
        assert seat.mean_cost == pytest.approx(sum(costs) / len(costs))
        fine = sum(1 for c in costs if c < 0.05)
        assert seat.accuracy == pytest.approx(fine / len(costs))


def test_a_seat_with_no_decision_has_no_mean() -> None:
    seats = review(parse({"players": 3, "kept": ["W", "W", 1, 1, 1, 4, 4]})).seats
    assert [(s.decisions, s.mean_cost, s.accuracy, s.total_cost) for s in seats] == [
        ((), None, None, 0)
    ] * 3


def test_turns_count_every_turn_the_record_holds(game: dict[str, Any]) -> None:
    coached = review(parse(game))
    passes = sum(isinstance(event, TurnPassed) for event in parse(game).replay()[1])
    assert coached.turns == passes + 1  # every turn passes the dice on, but the last ends the game
    assert coached.decisions[-1].turn < coached.turns
    # a record stopped mid-turn counts that turn; one with no move counts none
    assert review(parse({"players": 2, "actions": [{"roll": [1, 1, 2, 2, 3, 3, 4, 4]}]})).turns == 1
    assert review(parse({"players": 2})).turns == 0


def test_cumulative_cost_adds_each_seats_costs_turn_by_turn(game: dict[str, Any]) -> None:
    coached = review(parse(game))
    for seat in coached.seats:
        series = coached.cumulative(seat.seat)
        assert len(series) == coached.turns
        assert series[-1] == pytest.approx(seat.total_cost)
        for turn, value in enumerate(series):
            upto = sum(d.cost for d in seat.decisions if d.turn <= turn)
            assert value == pytest.approx(upto)
            mine = sum(d.cost for d in seat.decisions if d.turn == turn)
            assert coached.per_turn(seat.seat)[turn] == pytest.approx(mine)
    assert set(coached.cumulative(0)) == {0}  # the expert gives nothing up


def test_worth_a_look_lists_the_costly_decisions_costliest_first(game: dict[str, Any]) -> None:
    coached = review(parse(game))
    found = worth_a_look(coached)
    assert found, "the heuristic makes costly decisions in this game"
    assert {d.index for d in found} == {d.index for d in coached.decisions if d.cost >= 0.05}
    assert [d.cost for d in found] == sorted((d.cost for d in found), reverse=True)
    labels = [d.label for d in found]
    assert labels == sorted(labels, key=WORTH_A_LOOK.index, reverse=True)  # blunders first


def test_progress_is_told_after_every_action(game: dict[str, Any]) -> None:
    record = parse(game)
    told: list[int] = []
    assert review(record, told.append) == review(record)
    assert told == list(range(1, len(record.moves) + 1))


# ----- the command line -------------------------------------------------------------------------


def test_cli_review_prints_decisions_and_seats(cli: Callable[..., Ran]) -> None:
    record = {"players": 2, "names": ["Ann", "Bob"], **ONE_DIE_AT_21}
    code, out, err = cli("review", "-", stdin=json.dumps(record))
    assert (code, err) == (0, "")
    result = json.loads(out)
    (decision,) = result["decisions"]
    assert decision == {
        "seat": 0,
        "turn": 0,
        "index": 0,
        "phase": "decide",
        "played": {
            "roll": None,
            "expected_swing": pytest.approx(2 / 3),
            "expected_worms": pytest.approx(2 / 3),
            "success": pytest.approx(1 / 2),
        },
        "best": {"take": 21, "expected_swing": 1, "expected_worms": 1, "success": 1},
        "cost": pytest.approx(1 / 3),
        "label": "mistake",
    }
    ann, bob = result["seats"]
    assert ann == {
        "seat": 0,
        "name": "Ann",
        "decisions": 1,
        "labels": dict.fromkeys(LABELS, 0) | {"mistake": 1},
        "total_cost": pytest.approx(1 / 3),
        "mean_cost": pytest.approx(1 / 3),
        "accuracy": 0,
    }
    assert bob["name"] == "Bob" and bob["decisions"] == 0 and bob["accuracy"] is None


def test_cli_review_of_a_bot_game_file(game: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    # The one real `python -m pickomino review` process; the others call main().
    done = run_process("review", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    result = json.loads(done.stdout)
    assert [seat["name"] for seat in result["seats"]] == ["Ann", "Bob"]
    assert result["seats"][0]["total_cost"] == 0
    assert len(result["decisions"]) == len(review(parse(game)).decisions)


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("{", "not valid JSON"),
        ('{"players": 2, "coach": true}', "key 'coach' is unknown"),
        ('{"players": 2, "names": ["Ann"]}', "key 'names': expected 2 names"),
        ('{"players": 2, "actions": [{"keep": 5}]}', "action 0 (keep): cannot keep now"),
    ],
)
def test_cli_review_bad_input_exits_2_with_one_line(
    stdin: str, message: str, cli: Callable[..., Ran]
) -> None:
    code, out, err = cli("review", "-", stdin=stdin)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err


def test_cli_review_of_a_missing_file_exits_2(cli: Callable[..., Ran]) -> None:
    code, out, err = cli("review", "/nonexistent/game.json")
    assert (code, out) == (2, "")
    assert err == "error: cannot read /nonexistent/game.json: No such file or directory\n"


# ----- what a review may cost -------------------------------------------------------------------


def test_a_record_past_the_coachs_bounds_is_refused_before_any_odds(
    game: dict[str, Any], cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bounds are counted on a replay; no odds are worked out for a record over one."""
    from pickomino import review as coach
    from pickomino.odds import solved_board

    record = parse(game)
    tables = [record.table, *(step.table for step in record.steps())][:-1]
    deciding = [table for table in tables if len(table.legal_moves()) > 1]
    boards = len({solved_board(table) for table in deciding})
    assert coach.reviewable(record) is record  # a real game is far within both bounds
    assert boards < coach.MAX_BOARDS and len(deciding) < coach.MAX_DECISIONS

    def no_odds(_: object) -> None:
        raise AssertionError("the odds were asked for")

    monkeypatch.setattr(coach, "analyse", no_odds)
    for bound, count, code in (
        ("MAX_BOARDS", boards, "too_long_to_review"),
        ("MAX_DECISIONS", len(deciding), "too_many_decisions"),
    ):
        with monkeypatch.context() as patch:
            patch.setattr(coach, bound, count - 1)
            with pytest.raises(ScenarioError) as refused:
                review(record)
            assert refused.value.code == code
            assert refused.value.params == {"count": count, "limit": count - 1}
            ran = cli("review", "-", stdin=json.dumps(game))
            assert (ran.returncode, ran.stdout) == (2, "") and f"at most {count - 1}" in ran.stderr


def test_the_largest_review_allowed_keeps_a_few_megabytes(game: dict[str, Any]) -> None:
    """A review keeps under 1,000 bytes a decision (pickled, as Streamlit's cache keeps it), so
    one of `MAX_DECISIONS` decisions keeps under 6 MB, and the Review page's cache of 8 under 48."""
    import pickle

    from pickomino import review as coach

    graded = review(parse(game))
    per_decision = len(pickle.dumps(graded)) / len(graded.decisions)
    assert per_decision < 1_000
    assert coach.MAX_DECISIONS * 1_000 <= 6_000_000


def test_the_biggest_drops_are_the_decisions_that_cost_most_chance_of_winning_worst_first() -> None:
    record = record_game([heuristic, cautious], random.Random("d"))
    every = list(decision_chances(record))
    big = [found for found in every if found.change <= -DROP]
    assert len(big) > 3  # the test needs more falls than are named
    drops = biggest_drops(every)
    changes = [drop.change for drop in drops]
    assert len(drops) == 3 and changes == sorted(changes)
    assert changes[0] == min(found.change for found in every)
    assert all(found.change >= changes[-1] for found in big if found not in drops)
    assert biggest_drops(every, 1) == drops[:1] and biggest_drops(every[:0]) == ()


def test_where_the_master_leaves_the_star_the_reason_follows_the_score() -> None:
    """A seeded game where the master parts from the expert's star ahead, behind, and otherwise."""
    views: dict[str, tuple[Table, MasterView]] = {}
    table = Table.new(2)
    for step in game_steps([expert, heuristic], random.Random("find1")):
        view = master_otherwise(table)
        if view is not None:
            views.setdefault(view.reason, (table, view))
            assert view.move == master(table) != analyse(table).recommended.move
        table = step.table
    assert set(views) == {"ahead", "behind", "other"}
    for reason, (at, view) in views.items():
        scores = at.scores()
        lead = scores[at.current] - scores[1 - at.current]
        gain = (
            analyse(at).choice(view.move).outlook.success - analyse(at).recommended.outlook.success
        )
        assert (reason == "ahead") == (lead > 0 and gain > 0)
        assert (reason == "behind") == (lead < 0 and gain < 0)  # bolder: an equal chance is not
        for lang in LANGS:
            said = master_words(view.move, reason, at, lang, ("Ana", "Bo"))
            assert move_words(view.move, at, lang, "told", ("Ana", "Bo")) in said
            assert (["Ana", "Bo"][at.current] in said) == (reason != "other")
    assert master_otherwise(Table.new(2)) is None  # the roll that starts a turn is no choice


def test_a_decision_graded_worth_a_look_says_why_when_its_chance_shown_does_not_fall() -> None:
    """A real game where cautious blunders with the chance shown unmoved: the words say which.

    Before, the line beside the grade "Blunder" read "with the best move, about 1 game in 10;
    after the move played, about 1 game in 10", and nothing said why that was a blunder.
    """
    record = record_game([cautious, expert], random.Random("a"))
    found = {chance.index: chance for chance in decision_chances(record)}
    verdicts = {}
    for decision in worth_a_look(review(record)):
        chance = found[decision.index]
        verdict = chance_verdict(chance)
        verdicts.setdefault((decision.label, verdict), chance)
        assert (verdict == "falls") == (in_ten(chance.after) < in_ten(chance.before))
        for lang in LANGS:
            said = chance_words(chance, lang, ("Ana", "Bo"))
            assert games_in_ten(chance.before, lang) in said
            assert games_in_ten(chance.after, lang) in said
    assert ("blunder", "lost") in verdicts and ("blunder", "few_worms") in verdicts
    lost = verdicts["blunder", "lost"]
    assert in_ten(lost.before) == in_ten(lost.after) <= 1
    said = chance_words(lost, "en", ("Ana", "Bo"))
    assert "disagree" in said and "close to losing" in said
    said = chance_words(verdicts["blunder", "few_worms"], "en", ("Ana", "Bo"))
    assert "disagree" in said and "too few" in said
    falls = DecisionChance(lost.index, lost.seat, lost.move, lost.best, 0.64, 0.54)
    assert "disagree" not in chance_words(falls, "en", ("Ana", "Bo"))


@pytest.mark.parametrize(
    ("before", "after", "verdict"),
    [
        (0.64, 0.54, "falls"),  # 6 in 10, then 5
        (0.44, 0.36, "few_worms"),  # a fall of 0.08, but 4 in 10 either way
        (0.12, 0.04, "falls"),  # 1 in 10, then almost none
        (0.12, 0.06, "lost"),  # 1 in 10 either way
        (0.93, 0.86, "won"),  # 9 in 10 either way
    ],
)
def test_the_verdict_follows_the_games_in_ten_shown(
    before: float, after: float, verdict: str
) -> None:
    move = Move("stop")
    assert chance_verdict(DecisionChance(0, 0, move, move, before, after)) == verdict


def test_a_fall_of_exactly_half_a_game_in_10_is_named_and_reads_as_one_game() -> None:
    """`DROP` names falls from half a game in 10; the words must not call one "less than 1"."""
    assert [in_ten(x) for x in (0.0, 0.0499, DROP, 0.15, 0.25, 0.45, 0.5, 0.95, 1.0)] == [
        0,
        0,
        1,
        2,
        3,
        5,
        5,
        10,
        10,
    ]
    stop = Move("stop")
    at_drop = DecisionChance(0, 0, stop, stop, DROP, 0.0)
    under = DecisionChance(1, 0, stop, stop, 0.049, 0.0)
    assert at_drop.change <= -DROP and biggest_drops([at_drop, under]) == (at_drop,)
    for lang in LANGS:
        assert games_cost(-DROP, lang) == tn("chances.games", 1, lang)
        assert games_cost(under.change, lang) == t("chances.under_one", lang)
        assert games_in_ten(DROP, lang) == tn("chances.games", 1, lang)
