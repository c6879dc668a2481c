"""The master's measuring scripts at a tiny size: they run, and their tables add up.

The figures are theirs to give (docs/master.md); here only that `benchmarks/deviations.py`'s bands
of promised gain cover every decision it counted, that `scripts/screen_values.py` scores every
model on the fitted and the held-out games, and that `benchmarks/oracle.py`'s estimate of the true
chance's Brier score is unbiased where a plain one is not.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from benchmarks.calibration import Game, games, rates
from benchmarks.oracle import by_pairing, noise, oracle_terms, rollout
from pickomino.bots import play_game, strategy
from pickomino.game import Table
from pickomino.value import share

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_decision_where_the_master_parts_falls_in_one_band() -> None:
    out = run("benchmarks/deviations.py", "--games", "3", "--rollouts", "1")
    counted = re.search(r"([\d,]+) decisions where the master parts", out)
    assert counted is not None and int(counted[1].replace(",", "")) > 0
    bands = re.findall(r"^\d\.\d{3}-\d\.\d{3}\s+(\d+)\s+[+-]\d\.\d{4}", out, re.MULTILINE)
    total = re.search(r"^all\s+(\d+)\s", out, re.MULTILINE)
    assert total is not None and int(total[1]) == int(counted[1].replace(",", ""))
    assert sum(map(int, bands)) == int(total[1])


def test_the_screen_scores_every_model_on_fitted_and_held_out_games() -> None:
    out = run("scripts/screen_values.py", "--games", "2", "--mixed", "1", "--held", "1")
    scored = re.findall(
        r"^(.+): fitted log loss [\d.]+, Brier [\d.]+; held out log loss", out, re.M
    )
    assert scored == [
        "shipped",
        "logistic refit",
        "one logistic per stage",
        "network, 8 hidden",
        "network, 16 hidden",
        "network, 32 hidden",
    ]


def test_the_oracles_brier_is_unbiased_for_a_known_chance_and_the_plain_one_is_not() -> None:
    # Each state's share is 1 with chance a, 1/2 (a shared first place) with chance b, else 0:
    # the true chance is p = a + b/2 and its Brier against the real outcome E[y^2] - p^2.
    rng = np.random.default_rng(7)
    states, rollouts = 40_000, 4
    a = rng.uniform(0, 0.7, states)
    b = rng.uniform(0, 0.3, states)
    p = a + b / 2
    known = float(np.mean(a + b / 4 - p**2))

    def draw(size: tuple[int, ...]) -> np.ndarray:
        u = rng.uniform(size=size)
        at_a, at_b = a.reshape(states, -1), b.reshape(states, -1)
        return np.where(u < at_a, 1.0, np.where(u < at_a + at_b, 0.5, 0.0))

    shares, outcome = draw((states, rollouts)), draw((states, 1))[:, 0]
    plain = float(np.mean((shares.mean(axis=1) - outcome) ** 2))
    corrected = float(oracle_terms(shares, outcome).mean())
    assert abs(corrected - known) < 0.006
    assert plain - known > 0.025  # about the mean variance of p^, 0.037 here


def test_for_win_or_lose_shares_the_correction_is_the_bernoulli_one() -> None:
    rng = np.random.default_rng(3)
    shares = (rng.uniform(size=(50, 8)) < 0.4).astype(float)
    outcome = (rng.uniform(size=50) < 0.4).astype(float)
    mean = shares.mean(axis=1)
    bernoulli = (mean - outcome) ** 2 - mean * (1 - mean) / (8 - 1)
    assert np.allclose(oracle_terms(shares, outcome), bernoulli)


def test_a_rollout_from_a_finished_game_gives_its_shares() -> None:
    final = play_game([strategy("cautious"), strategy("heuristic")], random.Random(5))
    assert final.over
    got = rollout(final, ("expert", "master"), random.Random(1))
    assert got == (share(final, 0), share(final, 1))


def test_rollouts_from_a_turn_start_play_to_the_end_and_share_one_game() -> None:
    start = games("oracle-test", 1, 1, ("cautious", "heuristic"))[0].starts[5]
    shares = [rollout(start, ("cautious", "heuristic"), random.Random(k)) for k in range(6)]
    assert all(first + second == 1 and first in (0, 0.5, 1) for first, second in shares)
    assert 0 <= np.mean([first for first, _ in shares]) <= 1


def test_a_tables_counting_noise_counts_one_games_turn_starts_together() -> None:
    # Seat 0's cell at lead 0 is counted from three turn starts, two of them in a game it won:
    # shares 1, 1, 0, rate 2/3; by game the gaps sum to 2/3 and -2/3, so Var = 2 (8/9) / 3^2
    # (2 games: 2/(2 - 1)), not the (1/3) / 3 of three independent turn starts.
    finals = [play_game([strategy("heuristic")] * 2, random.Random(k)) for k in range(20)]
    won = next(final for final in finals if share(final, 0) == 1)
    lost = next(final for final in finals if share(final, 0) == 0)
    start = Table.new(2)
    played = [Game("a", "b", [start, start], won), Game("a", "b", [start], lost)]
    rate = rates(played, by_pairing)
    assert rate["a", "b", 0, 0] == pytest.approx(2 / 3)
    assert noise(played, by_pairing, rate)["a", "b", 0, 0] == pytest.approx(16 / 81)


def test_the_oracle_runs_and_its_chances_are_chances() -> None:
    out = run(
        "benchmarks/oracle.py",
        *("--states", "2", "--rollouts", "2", "--games", "1", "--table-games", "1"),
        *("--bots", "cautious", "heuristic"),
    )
    assert "2 turn starts sampled uniformly, 2 rollouts each" in out
    assert re.search(r"per pairing [\d.]+, -?[\d.]+ % below", out) is not None
    rows = re.findall(r"^(oracle uncorrected|value.chance|score-lead table)\s+([\d.]+) ", out, re.M)
    assert [name for name, _ in rows] == ["oracle uncorrected", "value.chance", "score-lead table"]
    assert all(0 <= float(brier) <= 1 for _, brier in rows)
