"""Fit the master bot's model of the chance of winning, and write `pickomino/data/master.json`.

`uv run python scripts/fit_master.py` plays seeded games of experts against each other (2, 3 and 4
seats; `--games` each, the dice seeded by `--seed`), takes every turn's start from every seat's
side (`value.features`) with what that seat finally got (`value.share`: 1 for a win, 1/k for a
shared one, else 0), and fits a logistic regression per table size by Newton's method with a small
ridge. The expert is the opponent the master meets, so its games are the states that matter; the
default run takes about ten minutes here.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import expert, game_steps
from pickomino.game import Table
from pickomino.value import FEATURES, features, share

OUT = Path(__file__).resolve().parents[1] / "pickomino" / "data" / "master.json"
RIDGE = 1e-3


def samples(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every turn start of `games` expert games, from every seat: features and the final share."""
    rows: list[np.ndarray] = []
    labels: list[float] = []
    for game in range(games):
        rng = random.Random(f"fit/{seed}/{players}/{game}")
        starts: list[Table] = [Table.new(players)]
        final = starts[0]
        for step in game_steps([expert] * players, rng):
            final = step.table
            if not final.over and final.phase == "roll":
                starts.append(final)
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
    """Fit every table size and write the model, each size's sample count and fit on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games per table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    weights: dict[str, list[float]] = {}
    for players in (2, 3, 4):
        start = time.perf_counter()
        x, y = samples(players, args.games, args.seed)
        w = fit(x, y)
        p = 1 / (1 + np.exp(-(x @ w)))
        loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
        print(
            f"{players} players: {len(y):,} samples, log loss {loss:.4f}, "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
        weights[str(players)] = [round(float(v), 6) for v in w]
    data = {
        "fitted_by": "scripts/fit_master.py",
        "games_per_table_size": args.games,
        "seed": args.seed,
        "features": list(FEATURES),
        "weights": weights,
    }
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
