"""Pig, the dice game, solved by value iteration: the odds notebook's last chapter.

Neller and Presser ("Optimal Play of the Dice Game Pig", UMAP Journal 25(1), 2004) solved Pig the
way `pickomino.value` solves Pickomino's small endgames: a bust hands the same two scores to the
other player, so a state's chance of winning depends on itself through the other's, and no single
backward pass finds it; guessing every chance, then working each out again from the others until
nothing changes, does. This module is that method on numpy arrays, quick enough for a notebook
cell: the state is (i, j, k), the mover's score, the other's score and the mover's turn total.

Within one turn the chances only look further along the turn (a higher k) or at a state where the
other player starts a turn (k = 0). So each round works out, from the turn-start chances of the
round before, every turn total from the highest down in one backward pass, and only the turn
starts are iterated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

Chances: TypeAlias = npt.NDArray[np.float64]
Holds: TypeAlias = npt.NDArray[np.bool_]
Strategy: TypeAlias = int | Holds | None
"""How a player chooses between rolling and holding: None plays to win against the other player
(the best reply to their strategy), an int `n` holds once the turn total reaches `n` ("hold at
20"), and an array of booleans `holds[i, j, k]` holds exactly where it is True (a strategy found
by an earlier solve, played against someone else)."""

SIDES = 6
TOLERANCE = 1e-12
"""The iteration stops when no turn-start chance moved more than this in a round."""
ROUNDS = 10_000


@dataclass(frozen=True)
class Pig:
    """The rules: the score that wins, and how many faces (the lowest) end a turn with nothing.

    The standard game is `Pig()`: a 1 ends the turn, a 2 to 6 adds its number, 100 wins.
    """

    goal: int = 100
    busts: int = 1

    def __post_init__(self) -> None:
        if self.goal < 1:
            raise ValueError(f"the goal must be at least 1 point, not {self.goal}")
        if not 1 <= self.busts < SIDES:
            raise ValueError(
                f"between 1 and {SIDES - 1} faces may end a turn (else no turn scores or none "
                f"can fail), not {self.busts}"
            )


@dataclass(frozen=True)
class Duel:
    """Two strategies against each other: each one's chance of winning from every state.

    Attributes:
        game: the rules.
        first, second: `first[i, j, k]` is the chance that the first strategy wins when it is its
            turn with score i, the other's score j and turn total k (1 once i + k reaches the
            goal: it holds and wins); `second` the same for the second strategy.
        first_holds, second_holds: where each strategy holds, `[i, j, k]` as above (a strategy
            that plays to win holds where holding is strictly better than rolling).
        rounds: how many rounds of value iteration it took.
    """

    game: Pig
    first: Chances
    second: Chances
    first_holds: Holds
    second_holds: Holds
    rounds: int

    @property
    def starting(self) -> float:
        """The first strategy's chance of winning when it plays first."""
        return float(self.first[0, 0, 0])

    @property
    def second_starting(self) -> float:
        """The second strategy's chance of winning when it plays first."""
        return float(self.second[0, 0, 0])

    @property
    def coin(self) -> float:
        """The first strategy's chance of winning when a coin decides who plays first."""
        return (self.starting + 1 - self.second_starting) / 2

    def hold_boundary(self, opponent: int) -> list[int]:
        """For each own score i, the smallest turn total at which the first strategy holds.

        Against an opponent with score `opponent`; holding at the goal counts (it wins).
        """
        goal = self.game.goal
        boundary = []
        for score in range(goal):
            holds = self.first_holds[score, opponent, 1 : goal - score]
            boundary.append(1 + int(np.argmax(holds)) if holds.any() else goal - score)
        return boundary


def _holds(game: Pig, strategy: Strategy) -> Holds | None:
    """A fixed strategy as holds[k, i, j] (turn total first, as the backward pass goes)."""
    goal = game.goal
    if strategy is None:
        return None
    if isinstance(strategy, int):
        if strategy < 1:
            raise ValueError(f"hold at {strategy}: a player must roll at least once, so n >= 1")
        turn_totals = np.arange(goal).reshape(goal, 1, 1)
        return np.broadcast_to(turn_totals >= strategy, (goal, goal, goal))
    if strategy.shape != (goal, goal, goal):
        raise ValueError(f"holds must be indexed [i, j, k] up to {goal}, not {strategy.shape}")
    if strategy[:, :, 0].any():
        raise ValueError("holds at a turn total of 0: a turn that never rolls never ends a game")
    return np.moveaxis(strategy, -1, 0)


def _turn(
    game: Pig, other_starts: Chances, holds: Holds | None
) -> tuple[Chances, npt.NDArray[np.bool_]]:
    """One player's chances at every turn total, given the other's chances at their turn starts.

    Returns the chances as [k, i, j] and where the player holds. A bust or a hold passes the turn:
    the player then wins when the other, starting with the scores swapped, does not.
    """
    goal, busts = game.goal, game.busts
    chances = np.ones((goal + SIDES, goal, goal))  # 1 wherever i + k reaches the goal
    held = np.zeros((goal, goal, goal), dtype=np.bool_)
    passed = 1 - other_starts.T  # passed[i, j]: the chance after the other starts at (j, i)
    bust = busts * passed
    ahead = np.full((goal, goal), float(SIDES - busts))  # the chances at k + busts + 1 ... k + 6
    for k in range(goal - 1, -1, -1):
        below = goal - k  # the own scores i with i + k still under the goal
        roll = (bust[:below] + ahead[:below]) / SIDES
        hold = passed[k:goal]  # the other starts at (j, i + k)
        if holds is None:
            held[k, :below] = hold > roll
        else:
            held[k, :below] = holds[k, :below]
        chances[k, :below] = np.where(held[k, :below], hold, roll)
        ahead += chances[k + busts] - chances[k + SIDES]  # one step back along the turn
    return chances[:goal], held


def solve(game: Pig, first: Strategy = None, second: Strategy = None) -> Duel:
    """Value iteration: the chances of two strategies against each other, from every state.

    Every turn-start chance starts at 1/2; each round works out the first player's turns from the
    second's chances, then the second's from the first's new ones, until no chance moves by more
    than `TOLERANCE`. Raises ValueError for a strategy that does not fit the game.
    """
    goal = game.goal
    fixed_first, fixed_second = _holds(game, first), _holds(game, second)
    starts_first = np.full((goal, goal), 0.5)
    starts_second = np.full((goal, goal), 0.5)
    for rounds in range(1, ROUNDS + 1):
        chances_first, held_first = _turn(game, starts_second, fixed_first)
        chances_second, held_second = _turn(game, chances_first[0], fixed_second)
        change = max(
            np.abs(chances_first[0] - starts_first).max(),
            np.abs(chances_second[0] - starts_second).max(),
        )
        starts_first, starts_second = chances_first[0], chances_second[0]
        if change < TOLERANCE:
            return Duel(
                game,
                np.moveaxis(chances_first, 0, -1),
                np.moveaxis(chances_second, 0, -1),
                np.moveaxis(held_first, 0, -1),
                np.moveaxis(held_second, 0, -1),
                rounds,
            )
    raise ArithmeticError(f"the chances still moved after {ROUNDS} rounds")  # pragma: no cover
