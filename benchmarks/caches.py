"""The server's memory with its caches full: each bounded cache of the app filled to its bound.

Run with `nice -n 19 uv run python benchmarks/caches.py [--games 16]` (a few minutes of CPU).
One process, as one server holds them: the app's modules imported, then the caches that grow
with use filled, the largest first, and the process's resident memory (VmRSS) and its peak
(VmHWM) printed after each step with how many entries each cache holds:

- `--games` reviews of games the expert plays against the heuristic, kept as the review caches
  keep them (`ui.review_view._reviewed` and `activities.classroom.versus._reviewed`, 8 each, so
  16 fill both); every review also solves each board of its game (`odds._solve`);
- the solved boards (`odds._solve`, `SOLVED_BOARDS`) filled with boards of random games;
- the turns solved for the master (`odds._ends_solved`, `ENDS_SOLVED`) and the exact endgames
  (`value._solve_endgame`) filled by games the master plays, until the first is full or
  `--budget` seconds have passed.

What a room or a session adds is `benchmarks/room_load.py`'s (its last lines); docs/deploy.md
adds the two up against Community Cloud's 690 MB.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.class_load import memory_mb  # noqa: E402
from pickomino import odds, value  # noqa: E402
from pickomino.bots import expert, heuristic, master, random_move, record_game  # noqa: E402
from pickomino.game import Table  # noqa: E402
from pickomino.review import Review, review  # noqa: E402
from pickomino.ui import review_view  # noqa: E402, F401  (imported as a server has it)
from pickomino.ui.room import projector  # noqa: E402, F401

REVIEWS_KEPT = 16
"""The two review caches' bounds together (8 and 8)."""


def report(step: str, started: float) -> None:
    sizes = ", ".join(
        f"{name} {cache.cache_info().currsize}"
        for name, cache in (
            ("solved boards", odds._solve),
            ("master's turns", odds._ends_solved),
            ("endgames", value._solve_endgame),
        )
    )
    rss, peak = memory_mb(os.getpid()), memory_mb(os.getpid(), "VmHWM")
    print(
        f"{step}: {rss:.0f} MB resident, peak {peak:.0f} MB "
        f"({sizes}; {time.perf_counter() - started:.0f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=REVIEWS_KEPT, choices=range(REVIEWS_KEPT + 1))
    parser.add_argument("--budget", type=float, default=300.0, help="seconds for the master")
    args = parser.parse_args()
    started = time.perf_counter()
    report("the app's modules imported", started)
    rng = random.Random(1)
    kept: list[Review] = []  # held as the caches hold them
    for _ in range(args.games):
        kept.append(review(record_game([expert, heuristic], rng)))
    report(f"{len(kept)} games reviewed and kept", started)
    while odds._solve.cache_info().currsize < odds.SOLVED_BOARDS:
        table = Table.new(rng.choice((2, 3, 4, 5)))
        while not table.over:
            odds.analyse(table)
            table, _ = random_move(table, rng)
    report("the solved boards full", started)
    budget = time.perf_counter() + args.budget
    while odds._ends_solved.cache_info().currsize < odds.ENDS_SOLVED:
        if time.perf_counter() > budget:
            break
        table = Table.new(2)
        while not table.over and time.perf_counter() < budget:
            table, _ = table.play(master(table), rng)
    report("the master's games played", started)


if __name__ == "__main__":
    main()
