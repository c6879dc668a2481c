"""Measure the master bot against experts, beside a crude rule: 95% intervals, decision time.

`uv run python benchmarks/master.py --games 2000 --players master,expert` plays a seeded
tournament (`bots.tournament`: seats rotating every game, a shared first place a shared win) and
prints the first bot's win rate with its Wilson 95% interval, its fair share (one over the seats)
and the CPU time per game. `--players crude,expert` measures the yardstick of the issue: the expert,
except that it takes the surest tile on offer (stops now) when its lead over the best rival is at
least half the worms left in the middle. `--time 200` instead times 200 of the master's decisions
from seeded games (median and worst, milliseconds).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino import bots
from pickomino.bots import StrategyBot, expert, master, tournament
from pickomino.game import Move, Table


def crude(table: Table) -> Move:
    """The expert, but ahead by half the worms left it stops on the best tile it can take now."""
    options = table.options()
    if table.phase in ("decide", "take") and options:
        scores = table.scores()
        lead = scores[table.current] - max(
            s for seat, s in enumerate(scores) if seat != table.current
        )
        left = sum(table.rules.worms(tile) for tile in table.middle)
        if lead >= left / 2:
            best = max(options, key=lambda o: (table.rules.worms(o.tile), o.source is not None))
            return Move("take", tile=best.tile)
    return expert(table)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson 95% interval of a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def time_decisions(count: int) -> None:
    """Time `count` of the master's decisions at tables from seeded master-against-expert games."""
    times: list[float] = []
    game = 0
    while len(times) < count:
        rng = random.Random(f"time/{game}")
        table = Table.new(2)
        while not table.over and len(times) < count:
            if table.phase == "roll":
                table = table.play(Move("roll"), rng)[0]
                continue
            if table.current == 0:
                start = time.process_time()
                move = master(table)
                times.append(1000 * (time.process_time() - start))
            else:
                move = expert(table)
            table = table.play(move, rng)[0]
        game += 1
    times.sort()
    print(
        f"{count} master decisions: median {statistics.median(times):.1f} ms, "
        f"95th percentile {times[int(0.95 * count)]:.1f} ms, worst {times[-1]:.1f} ms (CPU)"
    )


def main() -> None:
    """Play the tournament asked for, or time the master's decisions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="master,expert")
    parser.add_argument("--time", type=int, default=0, help="time this many decisions instead")
    args = parser.parse_args()
    if args.time:
        time_decisions(args.time)
        return
    bots.STRATEGIES["crude"] = crude  # the yardstick joins the registry for this run only
    bots.BOTS["crude"] = lambda rng: StrategyBot("crude", crude)
    names = args.players.split(",")
    start = time.process_time()
    result = tournament(names, args.games, args.seed)
    cpu = time.process_time() - start
    first = names[0]
    rate = result["strategies"][first]["win_rate"]
    seats = args.games * names.count(first)
    low, high = wilson(rate * seats, seats)
    print(
        f"{first} in {args.games:,} games of {args.players} (seed {args.seed}): wins {rate:.1%} "
        f"(95% interval {low:.1%} to {high:.1%}; fair share {names.count(first) / len(names):.1%}),"
        f" {1000 * cpu / args.games:.0f} ms CPU a game"
    )
    print(result["strategies"])


if __name__ == "__main__":
    main()
