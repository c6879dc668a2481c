"""Time the odds module: cold, later in the turn, cached; peak memory; a plain solver for scale.

Run with `uv run python benchmarks/odds.py`. "Cold" clears every cache of the module first (the
turn's state graph per rules and the solved boards), so it is what the first click costs; "new
board" keeps the state graph of the rules, which is what every later turn of a game costs.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino import odds
from pickomino.bots import random_move
from pickomino.game import Table
from pickomino.rules import JUNIOR, STANDARD, Rules

REPEATS = 15


def clear(everything: bool) -> None:
    odds._solve.cache_clear()
    if everything:
        odds._plan.cache_clear()
        odds._rolls.cache_clear()


def timed(run: Callable[[], object], before: Callable[[], None] = lambda: None) -> list[float]:
    times = []
    for _ in range(REPEATS):
        before()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def ms(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
    return (
        f"median {1000 * statistics.median(times):6.1f} ms, 95th percentile {1000 * p95:6.1f} ms, "
        f"max {1000 * max(times):6.1f} ms"
    )


def plain_solver(rules: Rules, target: int) -> float:
    """A plain recursive memoised solver of one objective: P(end on >= target with a worm).

    The textbook approach the module is compared with: floats, memoised recursion over (dice in
    hand, kept faces, total), roll outcomes as multisets with multinomial weights.
    """
    faces = range(len(rules.faces))
    worm_bits = sum(1 << b for b in faces if rules.faces[b] in rules.worm_faces)

    @cache
    def outcomes(n: int) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
        found = []
        for roll in combinations_with_replacement(faces, n):
            counts = [(b, roll.count(b)) for b in faces if b in roll]
            ways = factorial(n)
            for _, c in counts:
                ways //= factorial(c)
            found.append((ways / len(faces) ** n, tuple(counts)))
        return found

    @cache
    def decide(n: int, mask: int, total: int) -> float:
        stop = 1.0 if total >= target and mask & worm_bits else 0.0
        return stop if n == 0 or stop == 1.0 else max(stop, roll(n, mask, total))

    @cache
    def roll(n: int, mask: int, total: int) -> float:
        value = 0.0
        for chance, counts in outcomes(n):
            best = max(
                (
                    decide(n - c, mask | 1 << b, total + c * rules.face_values[b])
                    for b, c in counts
                    if not mask >> b & 1
                ),
                default=0.0,
            )
            value += chance * best
        return value

    return roll(rules.dice, 0, 0)


def random_points(rules: Rules, count: int, seed: int) -> list[Table]:
    """Tables at random points of random games: turn starts, waiting rolls, decisions."""
    rng = random.Random(seed)
    points: list[Table] = []
    table = Table.new(2, rules)
    while len(points) < count:
        if table.over:
            table = Table.new(2, rules)
        if table.phase != "take" and rng.random() < 0.3:
            points.append(table)
        table, _ = random_move(table, rng, roll_on=0.8)
    return points


def main() -> None:
    fresh = Table.new(2)
    later, _ = fresh.roll(("W", "W", "3", "3", "1", "5", "5", "2"))
    later, _ = later.keep("W")
    later, _ = later.roll(("1", "3", "3", "4", "5", "5"))
    later, _ = later.keep("5")  # 20 with a worm, four dice in hand
    print(f"python {sys.version.split()[0]}, {REPEATS} repeats each\n")

    cold_fresh = timed(lambda: odds.analyse(fresh), lambda: clear(True))
    print(f"fresh turn, cold (nothing cached):      {ms(cold_fresh)}")
    board_fresh = timed(lambda: odds.analyse(fresh), lambda: clear(False))
    print(f"fresh turn, new board (rules known):    {ms(board_fresh)}")
    cold_later = timed(lambda: odds.analyse(later), lambda: clear(True))
    print(f"later in the turn, cold:                {ms(cold_later)}")
    odds.analyse(fresh)
    cached = timed(lambda: odds.analyse(later))
    print(f"later in the turn, board cached:        {ms(cached)}")
    junior = timed(lambda: odds.analyse(Table.new(2, JUNIOR)), lambda: clear(True))
    print(f"junior fresh turn, cold:                {ms(junior)}")

    points = random_points(STANDARD, 60, seed=7)
    worst = []
    for point in points:
        clear(True)
        start = time.perf_counter()
        odds.analyse(point)
        worst.append(time.perf_counter() - start)
    print(f"60 random points of random games, cold: {ms(worst)}")

    clear(True)
    tracemalloc.start()
    odds.analyse(fresh)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"\npeak memory of a cold analysis (tracemalloc): {peak / 2**20:.1f} MB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this whole process:   {rss:.1f} MB")

    plain = []
    for _ in range(3):
        start = time.perf_counter()
        value = plain_solver(STANDARD, 21)
        plain.append(time.perf_counter() - start)
    assert abs(value - odds.analyse(fresh).outlook.at_least[0]) < 1e-12
    module = statistics.median(cold_fresh)
    print(
        f"\nplain memoised solver, one objective (at least 21): {1000 * min(plain):.1f} ms"
        f"\nmodule, all {3 + 2 * len(STANDARD.tiles)} objectives and the distribution, cold: "
        f"{1000 * module:.1f} ms"
        f"\nratio plain / module: {min(plain) / module:.1f}x "
        f"(per objective: {min(plain) * (3 + 2 * len(STANDARD.tiles)) / module:.0f}x)"
    )


if __name__ == "__main__":
    main()
