"""Time the sandbox page: server time of each click of a full turn, through AppTest.

Run with `uv run python benchmarks/app.py [REPEATS]`. Each repetition opens the sandbox in a fresh
AppTest session and plays the same turn with dice set by hand (so it is reproducible): roll, keep
the worms, roll, keep the fives, take tile 25. A click is one `AppTest.run()`: the callback, the
whole page script (odds included) and AppTest's own bookkeeping, so the figures are an upper bound
of what the server spends per click.

Three series: "warm" keeps the odds module's caches between repetitions, as a running server does
once a board has been seen; "cold odds" clears them before each repetition, so every new board of
the turn (the fresh table, the table after the take) is solved on the click that reaches it;
"expert answers" is the cold series with the expert playing the other seat, so the take click also
plays the expert's whole turn (seed = repetition number, so each repetition sees other dice).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from pickomino import odds  # noqa: E402
from pickomino.events import TookTile  # noqa: E402
from pickomino.pages import spec_of  # noqa: E402

TARGET_MS = 150
Click = tuple[str, Callable[[AppTest], AppTest]]


def roll(dice: str) -> Callable[[AppTest], AppTest]:
    def run(at: AppTest) -> AppTest:
        at.text_input(key="sandbox_dice").input(dice)
        return at.button(key="sandbox_roll_set").click().run()

    return run


def press(key: str) -> Callable[[AppTest], AppTest]:
    return lambda at: at.button(key=key).click().run()


TURN: list[Click] = [
    ("roll", roll("WW555431")),
    ("keep", press("sandbox_keep_W")),
    ("roll", roll("555442")),
    ("keep", press("sandbox_keep_5")),
    ("take", press("sandbox_take_25")),
]


def open_sandbox(expert_seed: int | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    at = at.switch_page(spec_of("sandbox").file).run()
    if expert_seed is not None:
        at.number_input(key="sandbox_seed").set_value(expert_seed)
        at = at.toggle(key="sandbox_bots").set_value(True).run()
    return at


def play_turn(cold: bool, expert_seed: int | None = None) -> list[float]:
    """Seconds per click of one turn; fails loudly if the turn did not go as scripted."""
    if cold:
        odds._solve.cache_clear()
    at = open_sandbox(expert_seed)
    times = []
    for name, click in TURN:
        start = time.perf_counter()
        at = click(at)
        times.append(time.perf_counter() - start)
        if at.exception:
            raise RuntimeError(f"{name}: {at.exception[0].value}")
    took = at.session_state["sandbox"].history[len(TURN)].events[0]
    if not isinstance(took, TookTile) or (took.player, took.tile) != (0, 25):
        raise RuntimeError(f"the scripted turn did not end with tile 25 taken: {took}")
    return times


def report(label: str, runs: list[list[float]]) -> None:
    every = [t * 1000 for run in runs for t in run]
    print(f"{label}: {len(runs)} turns, {len(every)} clicks")
    for index, (name, _) in enumerate(TURN):
        column = [run[index] * 1000 for run in runs]
        print(
            f"  {index + 1}. {name:<5} median {statistics.median(column):6.1f} ms"
            f"   worst {max(column):6.1f} ms"
        )
    verdict = "within" if max(every) < TARGET_MS else "OVER"
    p95 = statistics.quantiles(every, n=20, method="inclusive")[-1]
    print(
        f"  all clicks: median {statistics.median(every):.1f} ms, 95th percentile {p95:.1f} ms, "
        f"worst {max(every):.1f} ms ({verdict} the {TARGET_MS} ms target)"
    )


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    play_turn(cold=False)  # imports, the rules' state graph, Streamlit's first run
    report("warm", [play_turn(cold=False) for _ in range(repeats)])
    report("cold odds", [play_turn(cold=True) for _ in range(repeats)])
    report("expert answers", [play_turn(cold=True, expert_seed=seed) for seed in range(repeats)])


if __name__ == "__main__":
    main()
