"""Fit the chance of winning told who plays, and write it into `pickomino/data/players.json`.

`uv run python scripts/fit_players.py --players 2 --games 200 --seed 1` fits one table size and
writes its weights into the file, keeping the other sizes' (`--players 3` and `4` likewise; a
larger table uses the 4-seat weights). With two seats it plays `--games` games of every ordered
pairing of the bots the model knows (`value.PLAYERS`: cautious, heuristic, expert, master); with
more, `--games` times 12 games (as many as two seats play), each seat's bot drawn at random.
It takes every turn's start from every seat's side, and fits one logistic regression
(`fit_master.fit`) over the table's features (`value.FEATURES`) and who plays
(`value.PLAYER_FEATURES`) against what the seat finally got (`value.share`).

Each turn start is taken three times: told every player, told the rivals only (the seat's own
player unknown, as a person playing bots on the Play page), told the seat's own only. So one
model serves a game of bots and a learner against bots; a game where nobody is known uses
`master.json` (`value.chance`).

`--held N` then plays N games of other seeds (with two seats, N of each pairing) and prints the
Brier score on them told and not told, beside a table of the win rate by score lead counted on
the fit's games (for two seats `benchmarks/calibration.py` measures more).

Why a second model: on games of mixed bots, who plays moves the chance more than anything else a
table shows (the expert beats the cautious bot about 78 games in 100), and a value of the table
alone cannot tell those games apart (docs/master.md, "Calibration").

The dice and the bots are seeded `fit/players/{seed}/...` and `held/players/{seed}/...`, never the
seeds `benchmarks/calibration.py` measures on. numpy is all it needs.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import random
import sys
import tempfile
import time
from itertools import permutations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.calibration import lead
from pickomino.game import Table
from pickomino.value import (
    FEATURES,
    PLAYER_FEATURES,
    PLAYERS,
    chance,
    features,
    knowing,
    player_features,
    share,
)
from scripts.fit_master import fit, play

OUT = Path(__file__).resolve().parents[1] / "pickomino" / "data" / "players.json"
UNKNOWN = "person"
PAIRINGS = len(list(permutations(PLAYERS, 2)))

Game = tuple[tuple[str, ...], list[Table], Table]
"""Who played each seat, the game's turn starts and its final table."""


def games(players: int, count: int, label: str) -> list[Game]:
    """`count` games a pairing with two seats; `count` times `PAIRINGS` drawn lineups with more."""
    seeded: list[tuple[tuple[str, ...], str]]
    if players == 2:
        seeded = [
            (names, f"{label}/{names[0]}-{names[1]}/{game}")
            for names in permutations(PLAYERS, 2)
            for game in range(count)
        ]
    else:
        drawn = random.Random(f"{label}/lineups")
        seeded = [
            (tuple(drawn.choices(PLAYERS, k=players)), f"{label}/{game}")
            for game in range(count * PAIRINGS)
        ]
    return [(names, *play(names, seed)) for names, seed in seeded]


def told(names: tuple[str, ...], seat: int) -> list[tuple[str, ...]]:
    """The three ways a seat's sample is told who plays: all, the rivals only, the seat only."""
    return [
        names,
        tuple(UNKNOWN if other == seat else name for other, name in enumerate(names)),
        tuple(name if other == seat else UNKNOWN for other, name in enumerate(names)),
    ]


def samples(played: list[Game]) -> tuple[np.ndarray, np.ndarray]:
    """Every turn start of `played`, from every seat, told three ways (`told`)."""
    rows: list[np.ndarray] = []
    labels: list[float] = []
    for names, starts, final in played:
        for table in starts:
            for seat in range(len(names)):
                own = features(table, seat)
                for said in told(names, seat):
                    rows.append(np.concatenate([own, player_features(table, seat, said)]))
                    labels.append(share(final, seat))
    return np.array(rows), np.array(labels)


def held_out(played: list[Game], fitted: list[Game]) -> None:
    """The Brier score on `played`, told all, told the rivals, not told; and by score lead."""
    wins: dict[int, list[float]] = {}
    for names, starts, final in fitted:
        for table in starts:
            for seat in range(len(names)):
                wins.setdefault(lead(table, seat), []).append(share(final, seat))
    rate = {at: float(np.mean(found)) for at, found in wins.items()}
    found: dict[str, list[float]] = {"told all": [], "told the rivals": [], "not told": []}
    by_lead, result = [], []
    for names, starts, final in played:
        for table in starts:
            for seat in range(len(names)):
                everyone, rivals, _ = told(names, seat)
                found["told all"].append(chance(table, seat, everyone))
                found["told the rivals"].append(chance(table, seat, rivals))
                found["not told"].append(chance(table, seat))
                by_lead.append(rate.get(lead(table, seat), 1 / len(names)))
                result.append(share(final, seat))
    outcome = np.array(result)
    table_brier = float(np.mean((np.array(by_lead) - outcome) ** 2))
    print(f"held out: {len(result):,} turn starts; score-lead table Brier {table_brier:.4f}")
    for name, stated in found.items():
        brier = float(np.mean((np.array(stated) - outcome) ** 2))
        print(f"  {name}: Brier {brier:.4f}, {1 - brier / table_brier:.1%} below the table")


def write(players: int, fitted: dict[str, int], weights: np.ndarray) -> None:
    """Put one size's weights into the file, keeping the others': sizes may be fitted at once."""
    with open(Path(tempfile.gettempdir()) / "pickomino-fit-players.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = json.loads(OUT.read_text("utf-8")) if OUT.exists() else {}
        if data.get("features") != [*FEATURES, *PLAYER_FEATURES]:
            data = {}  # fitted on other features: none of its sizes is kept
        fits, found = data.get("fits", {}), data.get("weights", {})
        fits[str(players)] = fitted
        found[str(players)] = [round(float(v), 6) for v in weights]
        data = {
            "fitted_by": "scripts/fit_players.py",
            "fits": dict(sorted(fits.items())),
            "features": [*FEATURES, *PLAYER_FEATURES],
            "weights": dict(sorted(found.items())),
        }
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    """Play, fit and write one table size's weights; the fit and its time on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=200, help="games per pairing (see above)")
    parser.add_argument("--held", type=int, default=0, help="held-out games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    began = time.process_time()
    label = f"fit/players/{args.seed}" + ("" if args.players == 2 else f"/{args.players}")
    fitted = games(args.players, args.games, label)
    x, y = samples(fitted)
    w = fit(x, y)
    p = 1 / (1 + np.exp(-(x @ w)))
    print(
        f"{args.players} players: {len(y):,} samples, Brier {np.mean((p - y) ** 2):.4f}, "
        f"{time.process_time() - began:.0f} s of CPU",
        file=sys.stderr,
    )
    write(args.players, {"games": args.games, "seed": args.seed}, w)
    if args.held:
        knowing.cache_clear()
        held = games(args.players, args.held, label.replace("fit/", "held/", 1))
        held_out(held, fitted)


if __name__ == "__main__":
    main()
