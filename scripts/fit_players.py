"""Fit the chance of winning told who plays, and write `pickomino/data/players.json`.

`uv run python scripts/fit_players.py --games 200 --seed 1` plays `--games` two-player games of
every ordered pairing of the bots the model knows (`value.PLAYERS`: cautious, heuristic, expert,
master; both seat orders), takes every turn's start from both seats' sides, and fits one logistic
regression (`fit_master.fit`) over the table's features (`value.FEATURES`) and who plays
(`value.PLAYER_FEATURES`) against what the seat finally got (`value.share`).

Each turn start is taken three times: told both players, told only the rival (the seat's own
player unknown, as a person playing a bot on the Play page), told only the seat's own player. So
one model serves a game of bots and a learner against a bot; a game where nobody is known uses
`master.json` (`value.chance`).

Why a second model: on games of mixed bots, who plays moves the chance more than anything else a
table shows (the expert beats the cautious bot about 78 games in 100), and a value of the table
alone cannot tell those games apart (docs/master.md, "Calibration").

The dice and the bots are seeded `fit/players/{seed}/...`, never the seeds
`benchmarks/calibration.py` measures on. numpy is all it needs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import permutations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.value import FEATURES, PLAYER_FEATURES, PLAYERS, features, player_features, share
from scripts.fit_master import fit, play

OUT = Path(__file__).resolve().parents[1] / "pickomino" / "data" / "players.json"
UNKNOWN = "person"


def samples(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every turn start of `games` games per ordered pairing, from both seats, told three ways."""
    rows: list[np.ndarray] = []
    labels: list[float] = []
    for names in permutations(PLAYERS, 2):
        for game in range(games):
            starts, final = play(names, f"fit/players/{seed}/{names[0]}-{names[1]}/{game}")
            for table in starts:
                for seat in range(2):
                    own = features(table, seat)
                    for unknown in (None, seat, 1 - seat):
                        told = tuple(
                            UNKNOWN if s == unknown else name for s, name in enumerate(names)
                        )
                        rows.append(np.concatenate([own, player_features(table, seat, told)]))
                        labels.append(share(final, seat))
    return np.array(rows), np.array(labels)


def main() -> None:
    """Play, fit and write the model; its fit and time on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per ordered pairing")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    began = time.process_time()
    x, y = samples(args.games, args.seed)
    w = fit(x, y)
    p = 1 / (1 + np.exp(-(x @ w)))
    print(
        f"{len(y):,} samples, Brier {np.mean((p - y) ** 2):.4f}, "
        f"{time.process_time() - began:.0f} s of CPU",
        file=sys.stderr,
    )
    data = {
        "fitted_by": "scripts/fit_players.py",
        "games_per_pairing": args.games,
        "seed": args.seed,
        "features": [*FEATURES, *PLAYER_FEATURES],
        "weights": {"2": [round(float(v), 6) for v in w]},
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
