"""Time a seeded tournament: wall and CPU seconds, milliseconds a game, the results beside them.

`uv run python benchmarks/tournament.py --games 1000 --players expert,heuristic` plays the same
games as `python -m pickomino tournament --games 1000 --seed 1 --players expert,heuristic`, timed
inside the process after the imports. The CPU time is the steadier figure on a machine shared with
other jobs; the results are printed too, so a faster run can be checked to play the same games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="expert,heuristic")
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), time.process_time()
    results = tournament(args.players.split(","), args.games, args.seed)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"{args.games:,} games of {args.players}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
        f"{1000 * wall / args.games:.1f} ms a game"
    )
    print(json.dumps(results["strategies"]))


if __name__ == "__main__":
    main()
