"""The best Brier score any chance of winning could reach: an oracle that knows the bots at play.

`uv run python benchmarks/oracle.py --states 600 --rollouts 32 --games 60 --table-games 100`
plays the test games and the lead table's games of `benchmarks/calibration.py` (same labels and
seeds, so the figures are of the same games), then:

1. samples `--states` of the test games' turn starts uniformly (each turn start, both seats' sides,
   as calibration.py counts them, so the sample's Brier estimates the same population's) and plays
   the rest of each game on `--rollouts` times with the same bots in the same seats, fresh dice
   seeded `oracle/{seed}/...`. The bots are functions of the table, so the rollouts' mean share is
   an unbiased estimate of the seat's true chance under those players. Its Brier against what the
   seat really got is estimated without bias (`oracle_terms`). Beside it, on the same states,
   `value.chance` and the score-lead table, each with how far below the table's Brier it is, a 95 %
   interval by bootstrap over the states. No value of the table alone can beat the oracle: it knows
   the table and the players too.
2. on every test turn start, the score-lead table counted per ordered pairing and seat (the table
   plus who plays) against the pooled one: what knowing the players buys a table-only yardstick.

`--bots expert master` restricts every game (tests, lead table) to those bots' pairings.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Hashable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.calibration import BOTS, Game, Key, brier, by_lead, games, lead, rates
from pickomino.bots import autoplay, bot
from pickomino.game import Table
from pickomino.value import chance, share


def rollout(table: Table, names: tuple[str, str], rng: random.Random) -> tuple[float, float]:
    """Both seats' shares once the bots `names` (seat 0, seat 1) play on from `table`."""
    seats = [bot(name, random.Random(0)) for name in names]
    for step in autoplay(table, seats, rng):
        table = step.table
    return share(table, 0), share(table, 1)


def oracle_terms(shares: np.ndarray, result: np.ndarray) -> np.ndarray:
    """Per row, an unbiased estimate of (p - y)^2, p the true chance, from N rollouts' shares.

    `shares` is rows x N, `result` the real outcome y of each row. With p^ the rollouts' mean,
    E[(p^ - y)^2] = (p - y)^2 + Var(p^), the rollouts being independent of y given the table;
    the sample variance s^2 (ddof 1) over N is unbiased for Var(p^). For 0/1 shares that is
    p^(1 - p^)/(N - 1); the sample variance also holds for shared first places (1/2).
    """
    mean = shares.mean(axis=1)
    spread = shares.var(axis=1, ddof=1) / shares.shape[1]
    return np.asarray((mean - result) ** 2 - spread)


def by_pairing(game: Game, table: Table, seat: int) -> tuple[str, str, int, int]:
    """The score-lead table per ordered pairing: who sits first and second, which seat, the lead."""
    return game.first, game.second, seat, lead(table, seat)


def noise(played: list[Game], key: Key, rate: dict[Hashable, float]) -> dict[Hashable, float]:
    """The variance of each cell's counted rate (`rates`), its turn starts clustered by game.

    A cell's rate r is the mean of its n shares x; one game's turn starts share its outcome, so
    they are summed per game first: over its G games, Var(r) ~ G/(G - 1) times the sum of
    (sum of x - r in a game)^2, over n^2 (0 for a cell of one game: nothing to tell it by). A test
    row's expected squared gap to the counted rate is its gap to the cell's true rate plus Var(r),
    the counting games being independent of the test games: subtracting it gives the Brier the
    table would have if counted on endless games.
    """
    gaps: dict[tuple[int, Hashable], float] = {}
    count: dict[Hashable, int] = {}
    for number, game in enumerate(played):
        for table in game.starts:
            for seat in range(2):
                at = key(game, table, seat)
                gap = share(game.final, seat) - rate[at]
                gaps[number, at] = gaps.get((number, at), 0.0) + gap
                count[at] = count.get(at, 0) + 1
    spread: dict[Hashable, float] = {}
    clusters: dict[Hashable, int] = {}
    for (_, at), gap in gaps.items():
        spread[at] = spread.get(at, 0.0) + gap * gap
        clusters[at] = clusters.get(at, 0) + 1
    return {
        at: spread[at] * clusters[at] / max(clusters[at] - 1, 1) / count[at] ** 2 for at in count
    }


def below(terms: np.ndarray, yardstick: np.ndarray, rng: np.random.Generator) -> str:
    """How far the mean of `terms` is below the yardstick's, in %, a bootstrap 95 % interval."""
    picks = rng.integers(0, len(terms), size=(2000, len(terms)))
    with np.errstate(divide="ignore", invalid="ignore"):  # a tiny run's yardstick may be 0
        point = 100 * (1 - terms.mean() / yardstick.mean())
        drawn = 100 * (1 - terms[picks].mean(axis=1) / yardstick[picks].mean(axis=1))
    low, high = np.percentile(drawn, [2.5, 97.5])
    return f"{point:5.1f} % ({low:.1f} to {high:.1f})"


def line(name: str, terms: np.ndarray, yardstick: np.ndarray, rng: np.random.Generator) -> str:
    se = terms.std(ddof=1) / np.sqrt(len(terms))
    return f"{name:<34} {terms.mean():.4f} ({se:.4f})  {below(terms, yardstick, rng)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--states", type=int, default=600, help="turn starts rolled out (0: the tables alone)"
    )
    parser.add_argument("--rollouts", type=int, default=32, help="rollouts a turn start")
    parser.add_argument("--games", type=int, default=60, help="test games per ordered pairing")
    parser.add_argument(
        "--table-games", type=int, default=100, help="games per pairing for the table"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS))
    args = parser.parse_args()
    if args.rollouts < 2:
        parser.error("--rollouts must be at least 2 (the variance correction needs two)")
    start = time.process_time()
    table_games = games("lead-table", args.table_games, args.seed, args.bots)
    pooled, paired = rates(table_games), rates(table_games, by_pairing)
    pooled_noise = noise(table_games, by_lead, pooled)
    paired_noise = noise(table_games, by_pairing, paired)
    tested = games("calibration", args.games, args.seed, args.bots)
    starts = [(game, table) for game in tested for table in game.starts]
    played = time.process_time() - start

    # 2. The table per pairing against the pooled one, on every test turn start.
    # Where a test row's cell was never counted: the pooled table's rate, else an even chance.
    result, from_pooled, from_paired, pooled_spread, paired_spread = [], [], [], [], []
    for game, table in starts:
        for seat in range(2):
            result.append(share(game.final, seat))
            ahead, pairing = by_lead(game, table, seat), by_pairing(game, table, seat)
            from_pooled.append(pooled.get(ahead, 0.5))
            pooled_spread.append(pooled_noise.get(ahead, 0.0))
            from_paired.append(paired.get(pairing, from_pooled[-1]))
            paired_spread.append(paired_noise.get(pairing, pooled_spread[-1]))
    pooled_brier = brier(np.array(from_pooled), np.array(result))
    paired_brier = brier(np.array(from_paired), np.array(result))
    pooled_true = pooled_brier - float(np.mean(pooled_spread))
    paired_true = paired_brier - float(np.mean(paired_spread))

    # 1. The oracle on a uniform sample of the same turn starts (none with --states 0).
    sample = sorted(random.Random(f"oracle/{args.seed}").sample(range(len(starts)), args.states))
    oracle, raw, stated, yardstick = [], [], [], []
    for index in sample:
        game, table = starts[index]
        names = (game.first, game.second)
        shares = np.array(
            [
                rollout(table, names, random.Random(f"oracle/{args.seed}/{index}/{k}"))
                for k in range(args.rollouts)
            ]
        ).T  # seats x rollouts
        got = np.array([share(game.final, seat) for seat in range(2)])
        oracle.append(oracle_terms(shares, got).mean())
        raw.append(float(np.mean((shares.mean(axis=1) - got) ** 2)))
        said = np.array([chance(table, seat) for seat in range(2)])
        stated.append(float(np.mean((said - got) ** 2)))
        by_table = np.array([pooled.get(lead(table, seat), 0.5) for seat in range(2)])
        yardstick.append(float(np.mean((by_table - got) ** 2)))
    table_terms = np.array(yardstick)
    boot = np.random.default_rng(args.seed)

    print(
        f"{len(starts):,} test turn starts of {args.games} games per ordered pairing of "
        f"{', '.join(args.bots)}; lead table from {args.table_games} games each; seed {args.seed}; "
        f"{played:.0f} s CPU to play them"
    )
    print(
        f"All test turn starts (both seats): score-lead table Brier {pooled_brier:.4f}; "
        f"counted per ordered pairing and seat {paired_brier:.4f}, "
        f"{100 * (1 - paired_brier / pooled_brier):.1f} % below"
    )
    print(
        f"The same less their counting noise (tables of endless games): pooled {pooled_true:.4f}, "
        f"per pairing {paired_true:.4f}, {100 * (1 - paired_true / pooled_true):.1f} % below"
    )
    if not args.states:
        return
    print(
        f"{args.states} turn starts sampled uniformly, {args.rollouts} rollouts each, "
        f"{time.process_time() - start:.0f} s CPU in all"
    )
    print(f"{'value':<34} Brier  (s.e.)    below the table's (95 % interval)")
    named = f"oracle ({args.rollouts} rollouts, corrected)"
    print(line(named, np.array(oracle), table_terms, boot))
    print(line("oracle uncorrected", np.array(raw), table_terms, boot))
    print(line("value.chance", np.array(stated), table_terms, boot))
    print(line("score-lead table", table_terms, table_terms, boot))


if __name__ == "__main__":
    main()
