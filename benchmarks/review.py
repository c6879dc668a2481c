"""Time the coach on a whole game, cold; and measure the costs of the bots' decisions.

`uv run python benchmarks/review.py` records one seeded two-player game of the expert against the
heuristic, then reviews it in fresh processes (so every cache of the odds module starts empty):
"review" is `pickomino.review.review` on the parsed record, timed inside the process after the
imports; "command" is the wall time of a whole `python -m pickomino review FILE` process, the
interpreter and numpy's import included.

`uv run python benchmarks/review.py --costs 40` plays 40 seeded games of the heuristic against
the expert and 40 of cautious against the expert (the seats swapping every game), reviews them
and prints the distribution of the decisions' costs per strategy: what the labels' thresholds
are checked against.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import STRATEGIES, expert, heuristic, record_game
from pickomino.review import Decision, SeatReview, review
from pickomino.scenario import loads, scenario_json

ROOT = Path(__file__).resolve().parents[1]


def time_review(path: str) -> None:
    """Print the seconds `review` takes on the record in `path`, in this (fresh) process."""
    record = loads(Path(path).read_text(encoding="utf-8"))
    start = time.perf_counter()
    review(record)
    print(time.perf_counter() - start)


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s, max {max(times):.2f} s"


def benchmark(repeats: int) -> None:
    record = record_game([expert, heuristic], random.Random("review/0"), names=["expert", "bot"])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(scenario_json(record), handle)
    decisions = len(review(record).decisions)
    print(f"one game, expert vs heuristic: {len(record.moves)} actions, {decisions} decisions")
    inside, command = [], []
    for _ in range(repeats):
        done = subprocess.run(
            [sys.executable, __file__, "--time", handle.name],
            capture_output=True,
            text=True,
            check=True,
        )
        inside.append(float(done.stdout))
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pickomino", "review", handle.name],
            capture_output=True,
            check=True,
            cwd=ROOT,
        )
        command.append(time.perf_counter() - start)
    Path(handle.name).unlink()
    print(f"review, cold ({repeats} fresh processes): {summary(inside)}")
    print(f"python -m pickomino review FILE, whole process: {summary(command)}")


def costs(games: int) -> None:
    for name in ("heuristic", "cautious"):
        bot = STRATEGIES[name]
        mine: list[Decision] = []
        experts: list[Decision] = []
        for game in range(games):
            seats = [bot, expert] if game % 2 == 0 else [expert, bot]
            record = record_game(seats, random.Random(f"costs/{game}"))
            for decision in review(record).decisions:
                (mine if seats[decision.seat] is bot else experts).append(decision)
        pooled = SeatReview(0, name, tuple(mine))  # every game's decisions of the bot, as one seat
        costly = sorted(d.cost for d in mine if d.cost > 0)
        cuts = statistics.quantiles(costly, n=20, method="inclusive")
        worst = max((d.cost for d in experts), default=0.0)
        print(f"{name} vs expert, {games} games: {len(mine)} decisions, {len(costly)} costly")
        print(f"  the expert's {len(experts)} decisions: largest cost {worst}")
        print(
            "  costly decisions, cost at 10/25/50/75/90 %: "
            + " / ".join(f"{cuts[i]:.3f}" for i in (1, 4, 9, 14, 17))
        )
        counts = pooled.counts
        print(
            "  labels: "
            + ", ".join(f"{lab} {n} ({n / len(mine):.1%})" for lab, n in counts.items())
        )
        print(
            f"  total cost per game {pooled.total_cost / games:.2f}, "
            f"mean cost {pooled.mean_cost:.3f}, accuracy {pooled.accuracy:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="fresh processes (default 7)")
    parser.add_argument("--costs", type=int, metavar="GAMES", help="measure the bots' costs")
    parser.add_argument("--time", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.time:
        time_review(args.time)
    elif args.costs:
        costs(args.costs)
    else:
        benchmark(args.repeats)


if __name__ == "__main__":
    main()
