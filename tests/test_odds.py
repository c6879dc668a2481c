"""The odds module against the published figures, brute force, closed forms and its own play."""

from __future__ import annotations

import json
import math
import random
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import islice, product
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pickomino.__main__ import odds_json
from pickomino.bots import random_move
from pickomino.game import Board, Move, Table, TakeOption
from pickomino.odds import (
    TIE,
    Analysis,
    NoOdds,
    analyse,
    end_valued,
    recommended_move,
    swing_and_worms,
)
from pickomino.rules import JUNIOR, PRESETS, STANDARD, Rules
from pickomino.scenario import parse
from tests.cli import Ran, run_process
from tests.tables import table

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "published-odds.md"


def published_rows() -> dict[str, list[float]]:
    """The two percentage rows of the reference file, read from the file itself."""
    rows = re.findall(r"^\| %\s*\|(.*)\|\s*$", REFERENCE.read_text(encoding="utf-8"), re.M)
    assert len(rows) == 2, "the reference file should hold an 'at least' and an 'exactly' row"
    at_least, exactly = ([float(cell) for cell in row.split("|")] for row in rows)
    return {"at_least": at_least, "exactly": exactly}


# ----- the published figures for a fresh turn --------------------------------------------------


@pytest.fixture(scope="module")
def fresh() -> Analysis:
    return analyse(Table.new(2))


# The published rows (../shared/reference/published-odds.md), copied so that CI checks them too.
PUBLISHED = {
    "at_least": [
        89.303, 85.560, 80.774, 74.837, 68.033, 60.699, 52.476, 43.542,
        34.629, 26.379, 19.401, 13.581, 8.678, 5.262, 2.891, 1.568,
    ],
    "exactly": [
        43.960, 41.331, 41.608, 37.506, 33.648, 28.414, 24.776, 22.148,
        17.679, 13.564, 9.791, 7.234, 5.081, 3.118, 1.699, 0.924,
    ],
}  # fmt: skip


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference file not present")
def test_the_copied_rows_are_the_reference_files() -> None:
    assert published_rows() == PUBLISHED


@pytest.mark.parametrize("kind", ["at_least", "exactly"])
def test_fresh_turn_matches_every_published_percentage(fresh: Analysis, kind: str) -> None:
    ours = [round(100 * p, 3) for p in getattr(fresh.outlook, kind)]
    assert len(ours) == len(PUBLISHED[kind]) == 16
    assert ours == PUBLISHED[kind]


def test_fresh_turn_expected_worms_and_distribution(fresh: Analysis) -> None:
    assert round(fresh.outlook.expected_worms, 4) == 1.6447
    distribution = dict(fresh.outlook.worm_distribution)
    published = {0: 0.232232, 1: 0.167638, 2: 0.363195, 3: 0.197040, 4: 0.039896}
    assert distribution.keys() == published.keys()
    for gain, chance in published.items():
        # The reference says ties between equal choices move these by about 1e-6; ours differ
        # from it by at most 5e-6 (our tie rule: first face in die order, stopping before rolling).
        assert distribution[gain] == pytest.approx(chance, abs=1e-5)
    assert sum(distribution.values()) == pytest.approx(1.0, abs=1e-12)


def test_fresh_turn_success_bust_and_recommendation(fresh: Analysis) -> None:
    assert fresh.phase == "roll"
    assert fresh.bust == 0.0
    # With every tile from 21 up in the middle, success is reaching 21 or more with a worm.
    assert fresh.success == pytest.approx(fresh.outlook.at_least[0], abs=1e-15)
    assert [c.move.kind for c in fresh.choices] == ["roll"]
    assert fresh.recommended.outlook.expected_worms == fresh.outlook.expected_worms


def test_two_dice_distribution_scoring_the_total_with_a_worm() -> None:
    # "Scoring a total only when a worm is kept": tiles 1..10 whose worms equal their value make
    # the worm gain of the turn the total itself, so the worm distribution is the published one.
    rules = replace(
        STANDARD, name="two-dice", dice=2, tiles=tuple(range(1, 11)), tile_worms=tuple(range(1, 11))
    )
    analysis = analyse(Table.new(2, rules))
    in_216 = {g: p * 216 for g, p in analysis.outlook.worm_distribution if p > 1e-12}
    assert in_216.keys() == {0, 6, 7, 8, 9, 10}
    for gain, count in {0: 140, 6: 10, 7: 12, 8: 14, 9: 16, 10: 24}.items():
        assert in_216[gain] == pytest.approx(count, abs=1e-9)


# ----- brute force with exact fractions ----------------------------------------------------------

Objective = Callable[[int, tuple[TakeOption, ...]], Fraction]


Rolls = Callable[[Rules, int], list[tuple[Any, dict[str, int]]]]
"""Every roll of `n` dice as (chance, count of each face shown)."""


def ordered_rolls(rules: Rules, n: int) -> list[tuple[Fraction, dict[str, int]]]:
    """Each ordered roll once, exact chances: the plainest enumeration, for small dice counts."""
    chance = Fraction(1, len(rules.faces) ** n)
    return [(chance, Counter(faces)) for faces in product(rules.faces, repeat=n)]


def multiset_rolls(rules: Rules, n: int) -> list[tuple[float, dict[str, int]]]:
    """Each multiset of faces once with its multinomial chance, in floats (for six dice)."""
    found = []
    for counts in product(range(n + 1), repeat=len(rules.faces)):
        if sum(counts) == n:
            weight = math.factorial(n) / math.prod(math.factorial(c) for c in counts)
            found.append(
                (weight / len(rules.faces) ** n, dict(zip(rules.faces, counts, strict=True)))
            )
    return found


def brute_force(
    board: Board,
    kept: tuple[str, ...],
    objective: Objective,
    fail: Fraction | float,
    rolls: Rolls = ordered_rolls,
) -> Fraction | float:
    """Best value of a point of the turn by trying every roll and every keep (no shared code).

    From a turn start (nothing kept) the value is the roll's; otherwise it is the decide point's.
    """
    rules = board.rules

    @cache
    def decide(kept: tuple[str, ...]) -> Fraction | float:
        total = rules.total(kept)
        options = board.options(total, rules.has_worm(kept))
        stop = objective(total, options) if options else None
        if len(kept) == rules.dice:
            return fail if stop is None else stop
        rolled = roll(kept)
        return rolled if stop is None else max(stop, rolled)

    @cache
    def roll(kept: tuple[str, ...]) -> Fraction | float:
        value = 0 * fail
        for chance, counts in rolls(rules, rules.dice - len(kept)):
            new = [(f, c) for f, c in counts.items() if c and f not in kept]
            best = max((decide(tuple(sorted(kept + (f,) * c))) for f, c in new), default=fail)
            value += chance * best
        return value

    kept = tuple(sorted(kept))
    return roll(kept) if not kept else decide(kept)


def objectives(board: Board) -> dict[str, tuple[Objective, Fraction]]:
    rules = board.rules
    lost = Fraction(-rules.worms(board.own_top)) if board.own_top is not None else Fraction(0)
    found: dict[str, tuple[Objective, Fraction]] = {
        "success": (lambda total, options: Fraction(1), Fraction(0)),
        "expected_worms": (
            lambda total, options: Fraction(max(rules.worms(o.tile) for o in options)),
            lost,
        ),
        "expected_swing": (
            lambda total, options: Fraction(
                max(rules.worms(o.tile) * (1 if o.source is None else 2) for o in options)
            ),
            lost,
        ),
    }
    for i, tile in enumerate(rules.tiles):
        found[f"at_least/{i}"] = (lambda total, options, t=tile: Fraction(total >= t), Fraction(0))
        found[f"exactly/{i}"] = (lambda total, options, t=tile: Fraction(total == t), Fraction(0))
    return found


def figure(analysis: Analysis, name: str) -> float:
    if "/" in name:
        kind, i = name.split("/")
        return getattr(analysis.outlook, kind)[int(i)]
    return getattr(analysis.outlook, name)


SMALL = replace(
    STANDARD, name="small", dice=4, tiles=tuple(range(8, 16)), tile_worms=(1, 1, 2, 2, 3, 3, 4, 4)
)
SMALL_JUNIOR = replace(SMALL, name="small-junior", dice=3, any_lower_tile=True)


@pytest.mark.parametrize(
    ("rules", "middle", "stacks", "kept"),
    [
        (SMALL, SMALL.tiles, ((), ()), ()),
        (SMALL, (8, 10, 11, 14), ((9, 13), (12, 15)), ()),
        (SMALL, (8, 10, 11, 14), ((9, 13), (12, 15)), ("W",)),
        (SMALL, (10, 11), ((8, 9, 13), (12, 15, 14)), ("3", "3")),
        (SMALL_JUNIOR, (8, 10, 11, 14), ((9,), (12,)), ()),
        (SMALL_JUNIOR, (8, 10, 14), ((11,), (12, 9)), ("2",)),
    ],
)
def test_every_figure_matches_brute_force(
    rules: Rules,
    middle: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    kept: tuple[str, ...],
) -> None:
    placed = {t for stack in stacks for t in stack} | set(middle)
    face_down = tuple(t for t in rules.tiles if t not in placed)
    state = Table(rules, 2, tuple(middle), face_down, stacks, 0, kept)
    analysis = analyse(state)
    board = state.board()
    for name, (objective, fail) in objectives(board).items():
        exact = brute_force(board, kept, objective, fail)
        assert figure(analysis, name) == pytest.approx(float(exact), abs=1e-12), name
    gains = analysis.outlook.worm_distribution
    policy = float(best_move_worms(board, kept))
    assert sum(g * p for g, p in gains) == pytest.approx(policy, abs=1e-12)


def best_move_worms(board: Board, kept: tuple[str, ...]) -> Fraction:
    """Expected worms when every decision is the best move, by trying every roll and every keep.

    The best move is the highest expected swing, ties to the most expected worms, each figure
    its own best over the rest of the turn (exact fractions, so a tie is a tie). Each point's
    value is (best swing, best worms, worms of the best move's line).
    """
    rules = board.rules
    lost = Fraction(-rules.worms(board.own_top)) if board.own_top is not None else Fraction(0)
    fail = (lost, lost, lost)
    Point = tuple[Fraction, Fraction, Fraction]

    def pick(alternatives: list[Point]) -> Point:
        swing = max(a[0] for a in alternatives)
        worms = max(a[1] for a in alternatives)
        chosen = max((a for a in alternatives if a[0] == swing), key=lambda a: a[1])
        return swing, worms, chosen[2]

    def take(options: tuple[TakeOption, ...]) -> Point:
        return pick(
            [
                (Fraction(rules.worms(o.tile) * (1 if o.source is None else 2)),)
                + (Fraction(rules.worms(o.tile)),) * 2
                for o in options
            ]
        )

    @cache
    def decide(kept: tuple[str, ...]) -> Point:
        options = board.options(rules.total(kept), rules.has_worm(kept))
        if len(kept) == rules.dice:
            return take(options) if options else fail
        rolled = roll(kept)
        return pick([take(options), rolled]) if options else rolled

    @cache
    def roll(kept: tuple[str, ...]) -> Point:
        value = [Fraction(0)] * 3
        for chance, counts in ordered_rolls(rules, rules.dice - len(kept)):
            new = [(f, c) for f, c in counts.items() if c and f not in kept]
            outcomes = [decide(tuple(sorted(kept + (f,) * c))) for f, c in new]
            best = pick(outcomes) if outcomes else fail
            value = [v + chance * b for v, b in zip(value, best, strict=True)]
        return value[0], value[1], value[2]

    kept = tuple(sorted(kept))
    return (roll(kept) if not kept else decide(kept))[2]


def late_points(count: int, seed: int) -> list[Table]:
    """Decide points with at most three dice in hand, from random standard games."""
    rng = random.Random(seed)
    found: list[Table] = []
    state = Table.new(3)
    while len(found) < count:
        if state.over:
            state = Table.new(3)
        if state.phase == "decide" and state.in_hand <= 3 and state.scores() != (0, 0, 0):
            found.append(state)
        state, _ = random_move(state, rng, roll_on=0.7)
    return found


@pytest.mark.parametrize("state", late_points(6, seed=11), ids=lambda s: f"kept{s.kept}")
def test_late_points_of_real_games_match_brute_force(state: Table) -> None:
    analysis = analyse(state)
    board = state.board()
    for name, (objective, fail) in objectives(board).items():
        exact = brute_force(board, state.kept, objective, fail)
        assert figure(analysis, name) == pytest.approx(float(exact), abs=1e-12), name


def test_keep_figures_match_the_tables_after_each_keep() -> None:
    state = table(middle=[21, 22, 25, 30], stacks=[[23, 28], [24, 36]], kept=["W", "W"])
    state, _ = state.roll(("1", "3", "3", "5", "W", "4"))
    analysis = analyse(state)
    assert analysis.phase == "keep"
    assert analysis.bust is None
    assert set(analysis.keep_success) == {"1", "3", "4", "5"}
    for face, chance in analysis.keep_success.items():
        after, _ = state.keep(face)
        assert analyse(after).success == pytest.approx(chance, abs=1e-15)
    assert analysis.success == max(analysis.keep_success.values())


def test_best_picks_the_choice_maximising_the_named_figure() -> None:
    # A roll where the safest keep (a worm) is not the keep with the most worms on average, and
    # neither is the first choice, so picking the first or one fixed figure would be caught.
    state = table(face_down=[36], kept=["1", "1"], rolled=["1", "3", "4", "5", "W", "4"])
    analysis = analyse(state)
    for objective in ("expected_worms", "expected_swing", "success"):
        best = analysis.best(objective)
        top = max(getattr(choice.outlook, objective) for choice in analysis.choices)
        assert getattr(best.outlook, objective) == top, objective
        assert best != analysis.choices[0], objective
    assert analysis.best("success") != analysis.best("expected_worms")


# ----- bust against counting ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "kept", [(), ("W",), ("1", "2"), ("3", "3", "4", "W"), ("1", "2", "3", "4", "5")]
)
def test_bust_is_k_sixths_to_the_n_and_agrees_with_counting(kept: tuple[str, ...]) -> None:
    state = table(kept=list(kept))
    analysis = analyse(state)
    n, k = 8 - len(kept), len(set(kept))
    assert analysis.bust == pytest.approx((k / 6) ** n, abs=1e-15)
    if n <= 5:
        rolls = list(product(STANDARD.faces, repeat=n))
        busts = sum(1 for faces in rolls if set(faces) <= set(kept))
        assert analysis.bust == pytest.approx(busts / len(rolls), abs=1e-15)


def test_bust_is_none_while_a_roll_waits_and_when_no_die_is_left() -> None:
    waiting = table(kept=["W"] * 4, rolled=["1", "2", "2", "3"])
    assert analyse(waiting).bust is None
    full, _ = table(kept=["W"] * 4 + ["5"] * 3, rolled=["4"]).keep("4")
    assert full.phase == "take"
    analysis = analyse(full)
    assert analysis.bust is None
    assert analysis.success == 1.0
    assert [(c.move.kind, c.move.tile) for c in analysis.choices] == [("take", 36)]


# ----- every preset, and points later in the turn ------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_gives_coherent_figures(name: str) -> None:
    rules = PRESETS[name]
    analysis = analyse(Table.new(2, rules))
    assert analysis.tiles == rules.tiles
    at_least, exactly = analysis.outlook.at_least, analysis.outlook.exactly
    assert all(0.0 <= p <= 1.0 for p in (*at_least, *exactly, analysis.success))
    assert list(at_least) == sorted(at_least, reverse=True)
    assert all(e <= a + 1e-15 for e, a in zip(exactly, at_least, strict=True))
    assert analysis.success == pytest.approx(at_least[0], abs=1e-15)
    assert analysis.outlook.expected_worms > 1.0


def test_junior_fresh_turn_against_a_float_brute_force() -> None:
    # Six dice are too many for fractions in a test, but not for floats over one objective.
    board = Table.new(2, JUNIOR).board()
    analysis = analyse(Table.new(2, JUNIOR))
    for name in ("success", "expected_worms", "at_least/6", "exactly/3"):
        objective, fail = objectives(board)[name]
        exact = brute_force(board, (), objective, float(fail), multiset_rolls)
        assert figure(analysis, name) == pytest.approx(exact, abs=1e-12), name


def test_a_steal_counts_once_in_worms_and_twice_in_swing() -> None:
    # All dice kept on 26 with a worm: the middle offers 25 (2 worms), the opponent's top is 26.
    state = table(middle=[21, 25], stacks=[[], [26]], kept=["W"] * 4 + ["2"] * 2, rolled=["1", "1"])
    state, _ = state.keep("1")
    analysis = analyse(state)
    takes = {(c.move.tile, c.source): c.outlook for c in analysis.choices}
    assert takes.keys() == {(25, None), (26, 1)}
    assert takes[25, None].expected_worms == takes[26, 1].expected_worms == 2
    assert (takes[25, None].expected_swing, takes[26, 1].expected_swing) == (2, 4)
    assert analysis.outlook.expected_swing == 4


def test_failing_costs_the_own_top_tile() -> None:
    # Nothing in reach can be taken (36, and 30 atop the opponent): every path fails, losing 28.
    state = table(middle=[36], stacks=[[28], [30]], kept=["1", "1", "2", "2", "2"])
    analysis = analyse(state)
    assert analysis.success == 0.0
    # a sum of chances times -2: exact but for the last bit, which depends on the BLAS kernel
    assert analysis.outlook.expected_worms == pytest.approx(-2, abs=1e-12)
    assert dict(analysis.outlook.worm_distribution)[-2] == 1.0
    assert [c.move.kind for c in analysis.choices] == ["stop", "roll"]


def test_game_over_has_no_turn_to_analyse() -> None:
    over = Table(STANDARD, 2, (), STANDARD.tiles, ((), ()))
    with pytest.raises(NoOdds, match="game is over"):
        analyse(over)


def test_all_dice_kept_without_a_tile_leaves_only_failing() -> None:
    # The engine fails such a turn at the keep; a hand-written table can still show it.
    dead = table(kept=["1"] * 8, stacks=[[30], []])
    analysis = analyse(dead)
    assert analysis.phase == "take"
    assert [c.move.kind for c in analysis.choices] == ["stop"]
    assert (analysis.success, analysis.outlook.expected_worms) == (0.0, -3.0)


# ----- Monte Carlo of the recommended policy -----------------------------------------------------


Turn = tuple[int, tuple[tuple[str, ...], ...]]
"""A turn played: the worm gain (a steal counted once) and the rolls it saw, in order."""


def turns_by_the_tables(start: Table, rng: random.Random) -> Iterator[Turn]:
    """Play turns from `start` by the exact figures without stepping the engine through each move.

    Each die shows a face drawn from `rng`. A roll keeps the face after which the figures promise
    the best move's most: the highest expected swing, then the most expected worms (the first in
    die order among equals, closer than `TIE`); the point reached then plays its recommendation.
    Those points (the dice kept, none waiting) recur from turn to turn, so each is analysed once;
    how a turn ends (a tile taken, a failed turn) is scored once by the engine.
    """
    rules, player = start.rules, start.current
    before = start.scores()[player]

    @cache
    def analysis(kept: tuple[str, ...]) -> Analysis:
        return analyse(replace(start, kept=kept))

    @cache
    def ending(kept: tuple[str, ...], how: int | str) -> int:
        """The engine's worm gain of ending on `kept`: taking tile `how`, a bust or a stop."""
        state = replace(start, kept=kept)
        if how == "bust":  # a roll showing only faces kept already
            after, _ = state.roll((kept[0],) * state.in_hand)
        elif how == "stop":
            after, _ = state.stop()
        else:
            after, _ = state.take(int(how))
        assert after.current != player, how
        return after.scores()[player] - before

    def worth(kept: tuple[str, ...]) -> tuple[float, float]:
        outlook = analysis(kept).outlook
        return outlook.expected_swing, outlook.expected_worms

    def turn() -> Turn:
        kept: tuple[str, ...] = ()
        rolls = []
        while True:
            shown = tuple(rng.choice(rules.faces) for _ in range(rules.dice - len(kept)))
            rolls.append(shown)
            new = [face for face in rules.faces if face in shown and face not in kept]
            if not new:
                return ending(kept, "bust"), tuple(rolls)
            keeps = [tuple(sorted(kept + (face,) * shown.count(face))) for face in new]
            swing = max(worth(after)[0] for after in keeps)
            level = [after for after in keeps if worth(after)[0] >= swing - TIE]
            worms = max(worth(after)[1] for after in level)
            kept = next(after for after in level if worth(after)[1] >= worms - TIE)
            move = analysis(kept).recommended.move
            if move.kind == "take":
                return ending(kept, move.tile), tuple(rolls)
            if move.kind == "stop":
                return ending(kept, "stop"), tuple(rolls)

    while True:
        yield turn()


def play_recommended(start: Table, rolls: tuple[tuple[str, ...], ...]) -> int:
    """Play one turn through the engine by the recommendations, the dice showing `rolls`."""
    player = start.current
    dice = iter(rolls)
    state = start
    while state.current == player and not state.over:
        move = analyse(state).recommended.move
        state, _ = state.play(Move("roll", faces=next(dice)) if move.kind == "roll" else move)
    assert next(dice, None) is None, "the engine's turn ended before its last roll"
    return state.scores()[player] - start.scores()[player]


@pytest.mark.parametrize(
    "keys",
    [
        {},
        {"middle": [22, 24, 27, 29, 30, 33], "stacks": [[21, 26], [23, 25, 28]]},
    ],
)
def test_monte_carlo_of_the_recommended_policy(keys: dict[str, object]) -> None:
    start = table(**keys)
    expected = analyse(start).outlook
    runs = 3000
    turns = list(islice(turns_by_the_tables(start, random.Random(20261129)), runs))
    # The shortcut plays the engine's game: the first turns, replayed move by move through the
    # engine by the recommendations on the same dice, end with the same gains.
    for gain, rolls in turns[:100]:
        assert play_recommended(start, rolls) == gain, rolls
    gains = [gain for gain, _ in turns]
    mean = sum(gains) / runs
    variance = sum((g - mean) ** 2 for g in gains) / (runs - 1)
    # 4.5 standard errors: a correct policy fails this about once in 150,000 runs.
    policy = sum(gain * chance for gain, chance in expected.worm_distribution)
    assert abs(mean - policy) < 4.5 * math.sqrt(variance / runs)
    for gain, chance in expected.worm_distribution:
        seen = sum(1 for g in gains if g == gain) / runs
        assert abs(seen - chance) < 4.5 * math.sqrt(chance * (1 - chance) / runs) + 1e-9, gain


# ----- the command line --------------------------------------------------------------------------


def test_cli_prints_the_analysis_of_the_replayed_point() -> None:
    # The one real `python -m pickomino odds` process, reading a pipe; the others call main().
    scenario = {
        "players": 2,
        "kept": ["W", "W"],
        "actions": [{"roll": [1, 3, 3, 5, 5, 4]}],
    }
    result = run_process("odds", "-", stdin=json.dumps(scenario))
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    state, _ = parse(scenario).replay()
    assert printed == json.loads(json.dumps(odds_json(analyse(state))))
    assert printed["bust"] is None
    assert set(printed["keep_success"]) == {"1", "3", "4", "5"}
    assert printed["recommendation"]["action"] == "keep"


def test_cli_fresh_turn_keys(tmp_path: Path, cli: Callable[..., Ran]) -> None:
    scenario = tmp_path / "fresh.json"
    scenario.write_text('{"players": 3}', encoding="utf-8")
    result = cli("odds", str(scenario))
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed["bust"] == 0.0
    assert round(printed["success"], 5) == 0.89303
    assert round(printed["expected_worms"], 4) == 1.6447
    assert set(printed["at_least"]) == {str(t) for t in STANDARD.tiles}


@pytest.mark.parametrize(
    ("stdin", "named"),
    [
        ("{not json", "JSON"),
        ('{"players": 2, "rules": "chess"}', "chess"),
        ('{"players": 2, "middle": [], "face_down": ' + str(list(range(21, 37))) + "}", "over"),
    ],
)
def test_cli_invalid_input_exits_2_with_one_line(
    stdin: str, named: str, cli: Callable[..., Ran]
) -> None:
    result = cli("odds", "-", stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert named in result.stderr


def test_a_board_many_threads_ask_for_at_once_is_solved_once() -> None:
    # Streamlit runs each session's script in its own thread: a class opening the same link asks
    # for the same board together, which must be solved once per process, not once per session.
    from pickomino import odds

    board = Table.new(3, STANDARD)
    odds._solve.cache_clear()
    together = threading.Barrier(10)
    found: list[Analysis] = []

    def ask() -> None:
        together.wait()
        found.append(analyse(board))

    threads = [threading.Thread(target=ask) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert odds._solve.cache_info()[:2] == (9, 1)  # hits, misses
    assert len(found) == 10 and all(a.outlook == found[0].outlook for a in found)


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_cached_solution_holds_at_most_its_stated_size(name: str) -> None:
    """The solve cache's bound (`odds.SOLVED_BOARDS` entries of at most 1.24 MB) holds for the
    board with the most figures: every seat holding a tile, so the most worm values at stake."""
    from pickomino import odds

    rules = PRESETS[name]
    stacks = tuple((rules.tiles[-1 - seat],) for seat in range(rules.max_players))
    middle = rules.tiles[: -rules.max_players]
    table = Table(rules, rules.max_players, middle, (), stacks, 0).check()
    solution = odds._solve(odds.solved_board(table))
    size = solution.decide.nbytes + solution.roll.nbytes + solution.fail.nbytes
    assert size <= 1_242_000
    assert odds.SOLVED_BOARDS * 1_242_000 <= 80_000_000
    # The bots' solves hold two figures for the expert (one for the master): 62 kB at most.
    plan = odds._plan(rules)
    stops = np.full((2, rules.dice * max(rules.face_values) + 1, 2), np.nan)
    decide, roll = odds._backward(plan, stops, np.zeros(2), lambda v, axis: v.max(axis=axis))
    assert decide.nbytes + roll.nbytes <= 62_100
    assert odds.ENDS_SOLVED * 62_100 <= 64_000_000


def test_the_turns_under_way_at_fifty_tables_stay_solved() -> None:
    """A busy server's tables each ask for their mover's board at every move, one table after
    another: after each turn's first move, every move must find its board solved."""
    from pickomino import odds

    boards = list(dict.fromkeys(odds.solved_board(state) for state in tables_of_bot_games(12, 3)))
    assert len(boards) >= 50
    odds._solve.cache_clear()
    for board in boards[:50]:  # each table's first move of its turn
        odds._solved(board)
    for board in boards[:50]:  # each table's next move: a lookup
        odds._solved(board)
    assert odds._solve.cache_info()[:2] == (50, 50)  # hits, misses


def tables_of_bot_games(games: int, seed: int) -> Iterator[Table]:
    """Every table careless players reach, under every preset, steals and failed turns included."""
    rng = random.Random(seed)
    for game in range(games):
        rules = PRESETS[sorted(PRESETS)[game % len(PRESETS)]]
        state = Table.new(2 + game % 3, rules)
        while not state.over:
            yield state
            state, _ = random_move(state, rng, roll_on=0.7)


def test_the_fast_recommendation_is_the_full_analysis_recommendation() -> None:
    """The bots' two-figure pass must give each move the full pass's figures, and the same pick."""
    checked = 0
    for state in tables_of_bot_games(12, 7):
        analysis = analyse(state)
        assert recommended_move(state) == analysis.recommended.move
        valued = end_valued(state, swing_and_worms(state))
        assert [move for move, _ in valued] == [choice.move for choice in analysis.choices]
        for (_, vector), choice in zip(valued, analysis.choices, strict=True):
            assert vector[0] == pytest.approx(choice.outlook.expected_swing, abs=1e-12)
            assert vector[1] == pytest.approx(choice.outlook.expected_worms, abs=1e-12)
        checked += 1
    assert checked > 500


def test_end_valued_refuses_a_finished_game() -> None:
    over = replace(Table.new(2), middle=())
    with pytest.raises(NoOdds):
        end_valued(over, lambda option: (0.0,))
