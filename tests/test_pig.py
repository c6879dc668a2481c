"""Pig by value iteration: the published figures, and every state against a plain solver.

The plain solver shares nothing with `pickomino.lessons.pig` but the rules: a dictionary of states,
each worked out in turn from the others (the newest values at once) until none moves, with plain
loops, as the paper writes the equations. It is slow, so it plays to a small goal.
"""

from __future__ import annotations

import numpy as np
import pytest

from pickomino.lessons.pig import Pig, Strategy, solve

State = tuple[int, int, int]


def chosen(strategy: int | None, k: int, roll: float, hold: float) -> float:
    """The chance after the strategy's choice at turn total k: the better one, or hold at n."""
    if strategy is None:
        return max(roll, hold)
    return hold if k >= strategy else roll


def plain(
    goal: int, busts: int, first: int | None, second: int | None
) -> tuple[list[dict[State, float]], list[dict[State, float]]]:
    """Each player's chance to win at each of its states; None plays to win, n holds at n.

    Also how much better holding is than rolling at each state (negative: rolling is better).
    """
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    chances: list[dict[State, float]] = [dict.fromkeys(states, 0.5) for _ in range(2)]
    margins: list[dict[State, float]] = [{}, {}]
    strategies = (first, second)

    def at(player: int, i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else chances[player][i, j, k]

    for _ in range(5000):
        change = 0.0
        for player in (0, 1):
            other, strategy = 1 - player, strategies[player]
            for i, j, k in states:
                faces = [1 - at(other, j, i, 0)] * busts
                faces += [at(player, i, j, k + face) for face in range(busts + 1, 7)]
                roll, hold = sum(faces) / 6, 1 - at(other, j, i + k, 0)
                value = chosen(strategy, k, roll, hold)
                margins[player][i, j, k] = hold - roll
                change = max(change, abs(value - chances[player][i, j, k]))
                chances[player][i, j, k] = value
        if change < 1e-13:
            return chances, margins
    raise AssertionError("the plain solver did not settle")


@pytest.mark.parametrize(
    ("goal", "busts", "first", "second"),
    [(12, 1, None, None), (12, 2, None, None), (14, 1, None, 4), (13, 1, 3, 5)],
)
def test_every_state_matches_a_plain_solver(
    goal: int, busts: int, first: int | None, second: int | None
) -> None:
    duel = solve(Pig(goal, busts), first, second)
    (mine, theirs), (margins, _) = plain(goal, busts, first, second)
    for (i, j, k), value in mine.items():
        assert duel.first[i, j, k] == pytest.approx(value, abs=1e-10), (i, j, k)
        assert duel.second[i, j, k] == pytest.approx(theirs[i, j, k], abs=1e-10), (i, j, k)
    if first is not None:
        return
    # Playing to win holds exactly where holding is better; from (score, opponent, 1) on, the
    # first such turn total is the hold boundary (the goal itself when it never holds before).
    assert all(abs(margin) > 1e-9 for margin in margins.values()), "a tie: the test cannot tell"
    for (i, j, k), margin in margins.items():
        assert duel.first_holds[i, j, k] == (margin > 0), (i, j, k)
    for opponent in range(goal):
        for score, boundary in enumerate(duel.hold_boundary(opponent)):
            holds = [k for k in range(1, goal - score) if margins[score, opponent, k] > 0]
            assert boundary == min(holds, default=goal - score), (score, opponent)


def test_both_optimal_the_first_player_wins_53_06_percent() -> None:
    """Neller and Presser (2004): 0.530593, the whole 100-point game."""
    duel = solve(Pig())
    assert round(duel.starting, 6) == 0.530593
    # Both play to win, so both play the same: the same chances and holds on either side.
    assert np.allclose(duel.first, duel.second, rtol=0, atol=1e-10)
    assert np.array_equal(duel.first_holds, duel.second_holds)
    assert round(duel.coin, 6) == 0.5


@pytest.mark.parametrize(
    ("first", "starting", "second_starting", "coin"),
    [
        (None, 0.587368, 0.477618, 0.554875),  # the best reply to "hold at 20"
        ("optimal", 0.571498, 1 - 0.508342, 0.539920),  # the both-optimal strategy instead
    ],
)
def test_against_hold_at_20_the_published_figures(
    first: str | None, starting: float, second_starting: float, coin: float
) -> None:
    strategy: Strategy = solve(Pig()).first_holds if first == "optimal" else None
    duel = solve(Pig(), strategy, 20)
    assert round(duel.starting, 6) == starting
    assert round(duel.second_starting, 6) == round(second_starting, 6)
    assert round(duel.coin, 6) == coin


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Pig(goal=0), "the goal must be at least 1 point, not 0"),
        (lambda: Pig(busts=6), "not 6"),
        (lambda: Pig(busts=0), "not 0"),
        (lambda: solve(Pig(goal=10), 0), "hold at 0"),
        (lambda: solve(Pig(goal=10), None, np.zeros((9, 9, 9), dtype=bool)), r"\(9, 9, 9\)"),
        (lambda: solve(Pig(goal=10), np.ones((10, 10, 10), dtype=bool)), "turn total of 0"),
    ],
)
def test_a_strategy_or_rules_that_cannot_be_played_are_named(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]
