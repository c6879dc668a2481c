"""Screen richer models of the chance of winning against the shipped logistic, on held-out games.

`uv run python scripts/screen_values.py --games 600 --mixed 300 --held 300 --seed 9` plays
two-player games as `scripts/fit_master.py` does (the master's games, then mixed bots'; labels
`fit/{seed}/nn`), and as many again from other seeds for testing (`held/{seed}`), and fits on the
first, over the same features (`value.FEATURES`):

- the logistic regression as shipped (`fit_master.fit`);
- one logistic per stage of the game (tiles left in the middle: 0-3, 4-7, 8-11, 12-16);
- a network with one hidden layer of tanh units beside the logistic (a skip connection started at
  the logistic's weights), by 3,000 full-batch Adam steps with a small L2 penalty.

It prints each model's log loss and Brier score on the fitted and the held-out turn starts, beside
the shipped model's (`pickomino/data/master.json`). numpy only; nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_master import fit, lineups, samples

from pickomino.value import FEATURES, model

STAGES = ((0, 4), (4, 8), (8, 12), (12, 17))
HIDDEN = (8, 16, 32)
L2 = 1e-4
STEPS = 3000
RATE = 0.01


def sigmoid(z: np.ndarray) -> np.ndarray:
    """The logistic curve: a chance from a log-odds."""
    return 1 / (1 + np.exp(-z))


def network(x: np.ndarray, y: np.ndarray, hidden: int) -> Callable[[np.ndarray], np.ndarray]:
    """A tanh layer beside the logistic, fitted by Adam; the chance it gives a feature matrix."""
    scale = np.abs(x).max(axis=0)
    scale[scale == 0] = 1
    z = x / scale
    rng = np.random.default_rng(0)
    params = [
        rng.normal(0, 0.3, (z.shape[1], hidden)),
        np.zeros(hidden),
        rng.normal(0, 0.3, hidden),
        np.zeros(1),
        fit(x, y) * scale,  # the skip connection starts at the logistic
    ]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    for step in range(1, STEPS + 1):
        w1, b1, w2, b2, skip = params
        h = np.tanh(z @ w1 + b1)
        g = (sigmoid(h @ w2 + b2[0] + z @ skip) - y) / len(y)
        gh = np.outer(g, w2) * (1 - h**2)
        grads = [z.T @ gh + L2 * w1, gh.sum(0), h.T @ g + L2 * w2, np.array([g.sum()]), z.T @ g]
        for i, grad in enumerate(grads):
            first[i] = 0.9 * first[i] + 0.1 * grad
            second[i] = 0.999 * second[i] + 0.001 * grad**2
            params[i] = params[i] - RATE * (first[i] / (1 - 0.9**step)) / (
                np.sqrt(second[i] / (1 - 0.999**step)) + 1e-8
            )
    w1, b1, w2, b2, skip = params
    return lambda m: sigmoid(np.tanh(m / scale @ w1 + b1) @ w2 + b2[0] + m / scale @ skip)


def staged(x: np.ndarray, y: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """One logistic per stage of the game (`STAGES`, by tiles left); the chance it gives."""
    column = FEATURES.index("tiles_left")

    def stage(m: np.ndarray, low: int, high: int) -> np.ndarray:
        return (m[:, column] >= low) & (m[:, column] < high)

    weights = [fit(x[stage(x, *band)], y[stage(x, *band)]) for band in STAGES]

    def chance(m: np.ndarray) -> np.ndarray:
        found = np.zeros(len(m))
        for band, w in zip(STAGES, weights, strict=True):
            inside = stage(m, *band)
            found[inside] = sigmoid(m[inside] @ w)
        return found

    return chance


def scores(p: np.ndarray, y: np.ndarray) -> str:
    """The log loss and Brier score of chances `p` against results `y` (1, 1/2 or 0)."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    return f"log loss {loss:.4f}, Brier {np.mean((p - y) ** 2):.4f}"


def main() -> None:
    """Play the games, fit every model, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="master games to fit on")
    parser.add_argument("--mixed", type=int, default=300, help="mixed games to fit on")
    parser.add_argument("--held", type=int, default=300, help="of each kind, held out")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    x, y = samples(2, lineups(2, args.games, args.mixed, 1, "master"), f"fit/{args.seed}/nn")
    xt, yt = samples(2, lineups(2, args.held, args.held, 1, "master"), f"held/{args.seed}")
    print(f"{len(y):,} turn starts fitted on, {len(yt):,} held out")
    shipped = model().weights[2]
    refit = fit(x, y)
    models: dict[str, Callable[[np.ndarray], np.ndarray]] = {
        "shipped": lambda m: sigmoid(m @ shipped),
        "logistic refit": lambda m: sigmoid(m @ refit),
        "one logistic per stage": staged(x, y),
    }
    for hidden in HIDDEN:
        models[f"network, {hidden} hidden"] = network(x, y, hidden)
    for name, chance in models.items():
        print(f"{name}: fitted {scores(chance(x), y)}; held out {scores(chance(xt), yt)}")


if __name__ == "__main__":
    main()
