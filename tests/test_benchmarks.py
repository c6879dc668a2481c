"""The tables' load benchmark (`benchmarks/table_load.py`) at a tiny size: it runs and reports.

The figures are the benchmark's to give (docs/speed.md); here only that two tables on one server
play, each move is seen on the other seat's screen, and every figure is printed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from benchmarks.table_load import choose

ROOT = Path(__file__).resolve().parent.parent


def test_a_simple_player_takes_a_tile_sets_a_worm_aside_and_else_rolls_on() -> None:
    assert choose(["table_7_roll", "table_7_take_23", "table_7_take_21", "table_7_stop"]) == (
        "table_7_take_23"
    )
    assert choose(["table_4_keep_3", "table_4_keep_W", "table_4_keep_5"]) == "table_4_keep_W"
    assert choose(["table_4_keep_3", "table_4_keep_5", "table_4_kept_W"]) == "table_4_keep_5"
    assert choose(["table_9_stop", "table_9_roll", "table_open"]) == "table_9_roll"
    assert choose(["table_9_stop"]) == "table_9_stop"
    assert choose(["table_open", "table_2_moves"]) is None  # another seat is to move


def test_two_tables_play_on_one_server_and_the_benchmark_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/table_load.py", "--tables", "2", "--seconds", "6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    print(done.stdout)
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    played = re.search(r"moves played: (\d+)", out)
    seen = re.search(r"move -> opponent's screen: n=(\d+) median ([\d.]+) s, p95 ([\d.]+) s", out)
    assert played is not None and int(played[1]) >= 4
    assert seen is not None and int(seen[1]) >= 2 and float(seen[3]) >= float(seen[2]) > 0
    assert re.search(r"[\d.]+ ms per table per second", out)
    assert re.search(r"server 1 peak RSS \d+ MB", out)
    assert "errors: 0" in out
