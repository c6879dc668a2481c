"""Waking up: from a new `streamlit run` to the first page drawn and the first sandbox roll.

Run with `uv run --group dev python benchmarks/wake.py [--repeats 3] [--imports]
[--cores 0.25 [--memory-mb 690]]`. Community Cloud puts an app to sleep when nobody uses it, and
the first visitor after that waits for a new process: nothing imported, every cache empty. Each
repetition starts one (on a free port of 127.0.0.1; Chromium, launched before, is not counted) and
times, from the moment the process is started:

- up: the server answers its health check (Streamlit imported, `serve.py` read for its `st.App`
  and the modules its pulse route needs imported, the port open; the app's script has not run
  yet: Streamlit runs `app.py` when a page first connects);
- first page: the home page opened in Chromium, drawn and settled (as `benchmarks/browser.py`
  settles a page: its last change before a quiet spell);
- first roll: then the sandbox opened (`/sandbox?lang=en&seed=7`) and its first roll clicked, both
  drawn: the first use of the engine, the odds and the dice's drawings. Counted as for a visitor
  who acts the moment each is drawn (the benchmark's own waits for a quiet page left out).

All of it twice: with every module compiled from source at each start (uv installs no bytecode,
and this machine's PYTHONDONTWRITEBYTECODE keeps Python from writing it), and with the bytecode a
start before kept (`bytecode`).

Then the same page and roll again in a new browser context, the process warm: what the cold run
paid beyond that is what waking up costs. Each step gives its server CPU time too, which a loaded
machine inflates less than the wall time. `--imports` adds one more cold start under
`python -X importtime` (slower: not timed) and says which modules each phase imported and their
cumulative import time: what is paid at start and what on first use. `--cores` runs the server in
a CPU quota and a memory limit, as Cloud does (`benchmarks/cgroup.py`, root).

Bounded: every wait gives up after 60 s. The machine's file cache is not emptied (that needs root
over the whole machine and is not what Cloud's sleep does either: its image stays on disk).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.browser import HOME, LANG, Tab, Timed, address, title  # noqa: E402
from benchmarks.cgroup import Box, add_arguments, describe, maybe_limited  # noqa: E402
from benchmarks.class_load import cpu_ms, memory_mb  # noqa: E402
from tests.browser import WAIT_MS, chromium, free_port, server_command  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SEED = 7
ROLL = ".st-key-sandbox_roll button"
IMPORT = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")
"""A line of `-X importtime`: the module's own microseconds, with what it imported, its nesting."""


STEPS = ("first page", "sandbox opened", "first roll")


@dataclass(frozen=True)
class Wake:
    """One cold start: when the server was up and each step drawn (ms from the process's start),
    the server's CPU until up (ms), each step cold and again warm, the server's memory after."""

    up: float
    page: float
    roll: float
    up_cpu: float
    cold: dict[str, Timed]
    warm: dict[str, Timed]
    memory: float


@contextmanager
def cold_server(
    python: str | Path, env: dict[str, str], imports: IO[bytes] | None = None
) -> Iterator[tuple[str, int, float]]:
    """A new server; yields its URL, pid and the monotonic time it was started at, stopped on exit.

    Its health is asked every 20 ms (the tests' `streamlit_server` waits half a second between
    asks, too coarse to time a start). With `imports`, Python writes its import times there.
    """
    port = free_port()
    if imports:
        env = dict(env, PYTHONPROFILEIMPORTTIME="1")
    started = time.monotonic()
    process = subprocess.Popen(
        server_command(python, port),
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=imports or subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if time.monotonic() - started > WAIT_MS / 1000 or process.poll() is not None:
                    raise RuntimeError("the server did not answer its health check") from None
                time.sleep(0.02)
        yield url, process.pid, started
    finally:
        process.terminate()
        process.wait(timeout=20)


def open_home(browser: Browser, url: str) -> tuple[Tab, Timed]:
    """The home page in a new context, drawn and settled."""
    tab = Tab(browser, url, 1280, 800)
    before = tab.counts()
    tab.page.goto(address(url, HOME))
    return tab, tab.settle(before, "h1", title(HOME), click=False)


def first_roll(tab: Tab, url: str) -> tuple[Timed, Timed]:
    """The seeded sandbox opened in `tab`, then its first roll: each drawn and settled."""
    before = tab.counts()
    tab.page.goto(f"{url}/sandbox?lang={LANG}&seed={SEED}")
    opened = tab.settle(before, "h1", title("sandbox"), click=False)
    before = tab.counts()
    tab.page.locator(ROLL).click()
    return opened, tab.settle(before, None, click=True)


def bytecode(folder: Path, cached: bool) -> dict[str, str]:
    """The server's environment: Python's compiled modules kept in `folder`, or none kept at all.

    uv installs packages without their bytecode, and this machine sets PYTHONDONTWRITEBYTECODE,
    so every start compiles Streamlit from source; a host that lets Python write it (Cloud, unless
    its image is fresh at each wake) compiles once. Both are measured, in a folder of their own
    (PYTHONPYCACHEPREFIX), so `.venv` is left as it is.
    """
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(folder))
    if cached:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def wake(browser: Browser, python: str | Path, env: dict[str, str]) -> Wake:
    """One cold start, timed step by step, then the same steps warm."""
    with cold_server(python, env) as (url, pid, started):
        up = time.monotonic()
        up_cpu = cpu_ms(pid)
        tab, page = open_home(browser, url)
        # the page's time runs from its navigation's start, a moment after `up`
        page_at = up - started + page.ms / 1000
        opened, rolled = first_roll(tab, url)
        # as a visitor who acts the moment each is drawn: not the benchmark's quiet spells
        roll_at = page_at + (opened.ms + rolled.ms) / 1000
        tab.close()
        warm_tab, warm_page = open_home(browser, url)
        warm_opened, warm_rolled = first_roll(warm_tab, url)
        warm_tab.close()
        return Wake(
            (up - started) * 1000,
            page_at * 1000,
            roll_at * 1000,
            up_cpu,
            dict(zip(STEPS, (page, opened, rolled), strict=True)),
            dict(zip(STEPS, (warm_page, warm_opened, warm_rolled), strict=True)),
            memory_mb(pid),
        )


def phases(
    browser: Browser, python: str | Path, env: dict[str, str], log: Path
) -> dict[str, list[tuple[str, int]]]:
    """Under `-X importtime`: each phase's first-hand imports and their cumulative microseconds.

    The server writes its import times to `log` as it imports (C's stderr, unbuffered), so the
    log's size at each step's end marks where the next phase starts.
    """
    with log.open("wb") as out, cold_server(python, env, out) as (url, _, _):
        ends = [log.stat().st_size]
        tab, _ = open_home(browser, url)
        ends.append(log.stat().st_size)
        first_roll(tab, url)
        ends.append(log.stat().st_size)
        tab.close()
    text = log.read_bytes()
    starts = [0, *ends[:-1]]
    return {
        phase: top_imports(text[start:end].decode(errors="replace"))
        for phase, start, end in zip(("up", "first page", "first roll"), starts, ends, strict=True)
    }


def top_imports(text: str) -> list[tuple[str, int]]:
    """Each module the text's import lines show imported first-hand (by the app or by Streamlit
    running it, not by another module imported there), with its cumulative microseconds, the
    costliest first."""
    matches = (IMPORT.match(line) for line in text.splitlines())
    # one space before the name: no module whose import the log shows imported it
    found = [(m[4], int(m[2])) for m in matches if m is not None and len(m[3]) == 1]
    return sorted(found, key=lambda item: -item[1])


def median(values: list[float]) -> str:
    return f"{statistics.median(values):5.0f}"


def report(label: str, wakes: list[Wake]) -> None:
    print(f"{len(wakes)} cold starts, {label}, medians; ms from the process's start:")
    print(f"  up (its health check answers) {median([w.up for w in wakes])}")
    print(f"  first page drawn (home)       {median([w.page for w in wakes])}")
    print(f"  first sandbox roll drawn      {median([w.roll for w in wakes])}")
    print("each step: wall ms / server CPU ms, cold, then warm (a new context, the process warm)")
    up, up_cpu = median([w.up for w in wakes]), median([w.up_cpu for w in wakes])
    print(f"  {'start to up':15} {up} / {up_cpu}")
    for step in STEPS:
        cold = [w.cold[step] for w in wakes]
        warm = [w.warm[step] for w in wakes]
        print(
            f"  {step:15} {median([t.ms for t in cold])} / {median([t.server_cpu for t in cold])}"
            f"   warm {median([t.ms for t in warm])} / {median([t.server_cpu for t in warm])}"
        )
    print(f"server memory after: {median([w.memory for w in wakes])} MB (VmRSS)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=3, choices=range(1, 11))
    parser.add_argument("--imports", action="store_true", help="which imports each phase pays")
    add_arguments(parser)
    args = parser.parse_args()
    with chromium() as browser, tempfile.TemporaryDirectory(prefix="wake-") as folder:
        for cached in (False, True):
            env = bytecode(Path(folder) / ("cached" if cached else "none"), cached)
            if cached:  # a start that compiles and keeps every module it imports, not counted
                wake(browser, sys.executable, env)
            wakes, limits = [], None
            for _ in range(args.repeats):
                with maybe_limited(args.cores, args.memory_mb) as box:
                    wakes.append(wake(browser, box.python if box else sys.executable, env))
                    limits = describe(box, args.cores, args.memory_mb) if box else None
            report(
                "bytecode kept from a start before" if cached else "every module compiled", wakes
            )
            if limits:
                print(f"last run's {limits}")
        if args.imports:
            print_imports(browser, args, env, Path(folder) / "imports.log")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine load average at the end (1, 5, 15 min): {load} on {os.cpu_count()} cores")


def print_imports(
    browser: Browser, args: argparse.Namespace, env: dict[str, str], log: Path
) -> None:
    box: Box | None
    with maybe_limited(args.cores, args.memory_mb) as box:
        found = phases(browser, box.python if box else sys.executable, env, log)
    print("imports under -X importtime (inflated by it), bytecode kept, cumulative ms;")
    print("the costliest modules each phase imported first-hand:")
    for phase, modules in found.items():
        total = sum(us for _, us in modules) / 1000
        listed = ", ".join(f"{name} {us / 1000:.0f}" for name, us in modules[:8])
        print(f"  {phase:11} {total:6.0f} ms: {listed}")


if __name__ == "__main__":
    main()
