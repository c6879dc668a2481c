"""How far `value.chance` can be trusted: calibration and Brier score beside a score-lead table.

`uv run python benchmarks/calibration.py --games 20 --seed 1` plays two-player games between mixed
bots (cautious, heuristic, expert, master: every pairing, in both seat orders, `--games` each)
and takes every turn start from both seats' sides: the chance `value.chance` gives, and what that
seat finally got (1 for a win, 1/2 for a shared first place, else 0). It prints:

- the calibration error: the 10 bins of the stated chance (0-0.1, ..., 0.9-1), each bin's mean
  stated chance against its mean result, the gaps averaged weighted by the bins' sizes;
- the Brier score (the mean squared gap between the stated chance and the result);
- both figures for `value.chance` told who plays (`players`, as the Play and Review pages tell
  it): told both bots, and told only the rival's (the seat's own player unknown, as a person
  playing a bot is to the model);
- the same two figures for the yardstick: a plain table of the win rate by score lead (the seat's
  worms minus the rival's, clipped to -15..15), counted on games of the same kind played from
  other seeds (`--table-games` each pairing and order), so neither side sees its test games.

The dice are seeded `calibration/{seed}/...`, the table's games `lead-table/{seed}/...`; the models
are fitted on `fit/...` seeds (scripts/fit_master.py, scripts/fit_players.py), so none of these
games was fitted on.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from itertools import permutations
from pathlib import Path
from typing import NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import bot, game_steps
from pickomino.game import Table
from pickomino.value import chance, share

BOTS = ("cautious", "heuristic", "expert", "master")
CLIP = 15


def lead(table: Table, seat: int) -> int:
    """The seat's worms minus the best rival's, clipped to the table's range."""
    scores = table.scores()
    ahead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
    return max(-CLIP, min(CLIP, ahead))


class Game(NamedTuple):
    """One played game: who sat first and second, its turn starts and its final table."""

    first: str
    second: str
    starts: list[Table]
    final: Table


def games(label: str, count: int, seed: int, bots: Sequence[str] = BOTS) -> list[Game]:
    """`count` games of every ordered pair of `bots`: each game's turn starts and final table."""
    played = []
    for first, second in permutations(bots, 2):
        for game in range(count):
            name = f"{label}/{seed}/{first}-{second}/{game}"
            seats = [
                bot(first, random.Random(f"{name}/0")),
                bot(second, random.Random(f"{name}/1")),
            ]
            starts = [Table.new(2)]
            final = starts[0]
            for step in game_steps(seats, random.Random(name)):
                final = step.table
                if not final.over and final.phase == "roll":
                    starts.append(final)
            played.append(Game(first, second, starts, final))
    return played


Key = Callable[[Game, Table, int], Hashable]
"""What a yardstick table is counted by, for a seat at a turn start of a game."""


def by_lead(game: Game, table: Table, seat: int) -> Hashable:
    """The plain score-lead table's key: the lead alone."""
    return lead(table, seat)


def rates(played: list[Game], key: Key = by_lead) -> dict[Hashable, float]:
    """The mean share of every turn start (both seats' sides) of `played`, counted by `key`."""
    wins: dict[Hashable, list[float]] = {}
    for game in played:
        for table in game.starts:
            for seat in range(2):
                wins.setdefault(key(game, table, seat), []).append(share(game.final, seat))
    return {at: float(np.mean(results)) for at, results in wins.items()}


def calibration(stated: np.ndarray, result: np.ndarray) -> float:
    """The bins' gaps between mean stated chance and mean result, weighted by the bins' sizes."""
    bins = np.minimum((stated * 10).astype(int), 9)
    gap = 0.0
    for b in range(10):
        inside = bins == b
        if inside.any():
            gap += inside.sum() * abs(stated[inside].mean() - result[inside].mean())
    return gap / len(stated)


def brier(stated: np.ndarray, result: np.ndarray) -> float:
    """The mean squared gap between the stated chance and the result."""
    return float(np.mean((stated - result) ** 2))


def report(name: str, stated: np.ndarray, result: np.ndarray) -> None:
    print(
        f"{name}: calibration error {calibration(stated, result):.4f}, "
        f"Brier {brier(stated, result):.4f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="test games per ordered pairing")
    parser.add_argument(
        "--table-games", type=int, default=40, help="games per pairing for the table"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    table_rate = rates(games("lead-table", args.table_games, args.seed))
    stated, told, rival_told, from_table, result = [], [], [], [], []
    for game in games("calibration", args.games, args.seed):
        players = (game.first, game.second)
        for table in game.starts:
            for seat in range(2):
                stated.append(chance(table, seat))
                told.append(chance(table, seat, players))
                person = tuple("person" if s == seat else p for s, p in enumerate(players))
                rival_told.append(chance(table, seat, person))
                from_table.append(table_rate.get(lead(table, seat), 0.5))
                result.append(share(game.final, seat))
    outcome = np.array(result)
    print(
        f"{len(result):,} turn starts (both seats) of {args.games} games per ordered pairing of "
        f"{', '.join(BOTS)}; lead table from {args.table_games} games each; seed {args.seed}; "
        f"{time.process_time() - start:.0f} s CPU"
    )
    report("value.chance", np.array(stated), outcome)
    report("value.chance told both players", np.array(told), outcome)
    report("value.chance told the rival only", np.array(rival_told), outcome)
    report("score-lead table", np.array(from_table), outcome)
    table_brier = brier(np.array(from_table), outcome)
    for name, found in (("not told", stated), ("told both", told), ("told the rival", rival_told)):
        below = 1 - brier(np.array(found), outcome) / table_brier
        print(f"value.chance {name}: Brier {below:.1%} below the score-lead table's")


if __name__ == "__main__":
    main()
