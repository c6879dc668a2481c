"""The master's measuring scripts at a tiny size: they run, and their tables add up.

The figures are theirs to give (docs/master.md); here only that `benchmarks/deviations.py`'s bands
of promised gain cover every decision it counted, and that `scripts/screen_values.py` scores every
model on the fitted and the held-out games.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
