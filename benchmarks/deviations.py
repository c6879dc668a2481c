"""Where the master parts from the expert: what its value promised, and what rollouts found.

`uv run python benchmarks/deviations.py --games 300 --rollouts 8` plays seeded two-player games of
the master against the expert (seats alternating). Wherever the master's move (`bots.master`)
has a better chance of winning than the expert's by more than `odds.TIE`, it notes the gain the
value promised (the chance of the master's move minus the expert's) and plays both moves on
`--rollouts` times, the rest of each game played by two experts, each pair of rollouts on the
same dice, counting the difference in the master's share. It prints, per band of the promised
gain, how many decisions, the mean difference with its standard error, and the sum a game: what
keeping the expert's move in that band (a trust margin) would give up or save, as a share of
games. The dice are seeded `deviations/{seed}/...`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import pairwise
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import master
from pickomino.game import ROLL, Move, Table
from pickomino.odds import TIE, recommended_move
from pickomino.value import move_chances, share

BANDS = (0.0, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 1.0)


def rollout(table: Table, move: Move, label: str, seat: int) -> float:
    """`seat`'s share after `move` at `table`, two experts playing on, the dice from `label`."""
    rng = random.Random(label)
    table = table.play(move, rng)[0]
    while not table.over:
        table = table.play(ROLL if table.phase == "roll" else recommended_move(table), rng)[0]
    return share(table, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rollouts", type=int, default=8, help="pairs of rollouts a decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    gains: list[float] = []
    found: list[float] = []
    for game in range(args.games):
        label = f"deviations/{args.seed}/{game}"
        rng = random.Random(label)
        seat = game % 2
        table = Table.new(2)
        while not table.over:
            if table.phase == "roll":
                move = ROLL
            elif table.current != seat:
                move = recommended_move(table)
            else:
                star = recommended_move(table)
                move = master(table)
                chances = dict(move_chances(table, reply=True))
                if chances[move] - chances[star] > TIE:
                    gains.append(chances[move] - chances[star])
                    pairs = [f"{label}/{len(gains)}/{k}" for k in range(args.rollouts)]
                    found.append(
                        float(
                            np.mean(
                                [
                                    rollout(table, move, pair, seat)
                                    - rollout(table, star, pair, seat)
                                    for pair in pairs
                                ]
                            )
                        )
                    )
            table = table.play(move, rng)[0]
    gain, diff = np.array(gains), np.array(found)
    print(
        f"{len(gain):,} decisions where the master parts from the expert in {args.games} games "
        f"(seed {args.seed}), {args.rollouts} pairs of rollouts each, "
        f"{time.process_time() - start:.0f} s CPU"
    )
    print("promised gain   decisions  rollout difference (se)  sum per game")
    for low, high in pairwise(BANDS):
        inside = (gain > low) & (gain <= high)
        if inside.any():
            print(band(f"{low:.3f}-{high:.3f}", diff[inside], args.games))
    print(band("all        ", diff, args.games))


def band(name: str, diff: np.ndarray, games: int) -> str:
    """One line of the table: the count, the mean difference (standard error), the sum a game."""
    se = diff.std() / np.sqrt(len(diff))
    per_game = diff.sum() / games
    return f"{name}     {len(diff):6d}     {diff.mean():+.4f} ({se:.4f})          {per_game:+.4f}"


if __name__ == "__main__":
    main()
