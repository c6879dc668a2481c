"""Fit the master bot's model of the chance of winning, and write `pickomino/data/master.json`.

`uv run python scripts/fit_master.py --games 600 --mixed 300 --rounds 2 --seed 1` fits in rounds
(fitted value iteration on the master's own games). Each round plays, for 2, 3 and 4 seats:

- `--games` games of the master: every other game the master in every seat, the others one master
  among experts (its seat rotating), since these are the tables the master reaches and values;
- `--mixed` games of bots drawn at random for each seat (cautious, heuristic, expert, master), so
  the chance the coach shows learners is also right in games of weaker or mixed play;

takes every turn's start from every seat's side (`value.features`) with what that seat finally got
(`value.share`: 1 for a win, 1/k for a shared one, else 0), fits a logistic regression per table
size by Newton's method with a small ridge, and writes the model, which the next round's master
plays with. The first round has no model of these features to play with yet, so its games are the
expert's where the master would sit (its mixed games draw from the other three bots).

The dice and the bots are seeded `fit/{seed}/...`, never the seeds `benchmarks/calibration.py` or
`benchmarks/master.py` measure on. numpy is all it needs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino import value
from pickomino.bots import bot, game_steps
from pickomino.game import Table
from pickomino.value import FEATURES, features, share

OUT = Path(__file__).resolve().parents[1] / "pickomino" / "data" / "master.json"
RIDGE = 1e-3
MIXED = ("cautious", "heuristic", "expert", "master")


def play(names: Sequence[str], label: str) -> tuple[list[Table], Table]:
    """One seeded game of the bots `names`: its turn starts and its final table."""
    seats = [bot(name, random.Random(f"{label}/{seat}")) for seat, name in enumerate(names)]
    starts = [Table.new(len(names))]
    final = starts[0]
    for step in game_steps(seats, random.Random(label)):
        final = step.table
        if not final.over and final.phase == "roll":
            starts.append(final)
    return starts, final


def lineups(players: int, games: int, mixed: int, seed: int, master: str) -> list[list[str]]:
    """The seats of a round's games: the master's (`master` is who sits there), then mixed ones."""
    found = []
    for game in range(games):
        names = ["expert"] * players
        if game % 2 == 0:
            names = [master] * players
        else:
            names[game // 2 % players] = master
        found.append(names)
    bots = [name for name in MIXED if name != "master" or master == "master"]
    for game in range(mixed):
        found.append(random.Random(f"fit/{seed}/mixed/{players}/{game}").choices(bots, k=players))
    return found


def samples(players: int, lineup: list[list[str]], label: str) -> tuple[np.ndarray, np.ndarray]:
    """Every turn start of the games, from every seat: features and the seat's final share."""
    rows: list[np.ndarray] = []
    labels: list[float] = []
    for game, names in enumerate(lineup):
        starts, final = play(names, f"{label}/{players}/{game}")
        for table in starts:
            for seat in range(players):
                rows.append(features(table, seat))
                labels.append(share(final, seat))
    return np.array(rows), np.array(labels)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression weights by Newton's method (labels may be fractions: shared wins)."""
    scale = np.abs(x).max(axis=0)
    scale[scale == 0] = 1
    z = x / scale  # scaled so that the ridge weighs every feature alike
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) / len(y) + RIDGE * w
        hessian = (z.T * (p * (1 - p))) @ z / len(y) + RIDGE * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    weights: np.ndarray = w / scale
    return weights


def main() -> None:
    """Fit every table size round after round, writing the model each round; progress on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="master games per size and round")
    parser.add_argument("--mixed", type=int, default=300, help="mixed games per size and round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    began = time.perf_counter()
    for round_ in range(args.rounds):
        master = "expert" if round_ == 0 else "master"
        weights: dict[str, list[float]] = {}
        for players in (2, 3, 4):
            start = time.perf_counter()
            lineup = lineups(players, args.games, args.mixed, args.seed, master)
            x, y = samples(players, lineup, f"fit/{args.seed}/{round_}")
            w = fit(x, y)
            p = 1 / (1 + np.exp(-(x @ w)))
            loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
            print(
                f"round {round_}, {players} players: {len(y):,} samples, log loss {loss:.4f}, "
                f"Brier {np.mean((p - y) ** 2):.4f}, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
            weights[str(players)] = [round(float(v), 6) for v in w]
        data = {
            "fitted_by": "scripts/fit_master.py",
            "games_per_table_size": args.games,
            "mixed_games_per_table_size": args.mixed,
            "rounds": args.rounds,
            "seed": args.seed,
            "features": list(FEATURES),
            "weights": weights,
        }
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        value.model.cache_clear()  # the next round's master plays with this round's model
        value.reply_chance.cache_clear()
    print(f"{time.perf_counter() - began:.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
