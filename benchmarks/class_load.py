"""A class of 30 at once: every pupil opens the teacher's link and clicks together, on one server.

Run with `uv run python benchmarks/class_load.py [--pupils 30] [--budget 900]`. It starts one
`streamlit run` on a free port of 127.0.0.1 and Debian's Chromium (through `tests/browser.py`),
then, after a warm-up session (imports, the walkthrough's odds) that is closed again:

1. `--pupils` browser contexts (at most 30), each its own Streamlit session, open
   /sandbox?scenario=turn-walkthrough&lang=fr one right after the other, without waiting;
2. four rounds of clicks, Redo, Redo, Redo, Undo: in each round every page's button is clicked one
   right after the other, then each page is waited for until it has drawn its run and settled.

Per click: the time from the click event to the page's last change once settled (measured in the
page, as `benchmarks/browser.py` does), p50 / p95 / max. Per round: the wall time from the first
click to the last page settled. The server: its CPU time (user + system, /proc/PID/stat) while
the pages open and while they click, its resident memory (VmRSS) before the class, with the class
connected, after the clicks and once the class has left, and its peak (VmHWM). The browser's CPU
(Chromium's processes under this one) beside it: all 30 pages render on this machine's 2 shared
cores, where a class has one laptop each, so the click times here are an upper bound.

Checked: after each round every session's address carries the table its own clicks lead to (the
walkthrough's step 1, 2, 3 then 2), none another session's or a mix (every session plays the
same steps, so two sessions swapping equal tables would not show); no page shows an exception; no
click goes unanswered past 60 s. Bounded: at most 30 sessions, four rounds, every wait 60 s (the
opening 240 s), and no new round starts past `--budget` seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.browser import chromium, streamlit_server  # noqa: E402
from tests.classroom import (  # noqa: E402
    Pupil,
    click_all,
    click_ms,
    crashed,
    load_ms,
    open_class,
    settle,
    shown_table,
    walkthrough,
)

LINK = "/sandbox?scenario=turn-walkthrough&lang=fr"
ROUNDS = (("sandbox_redo", 1), ("sandbox_redo", 2), ("sandbox_redo", 3), ("sandbox_undo", 2))
"""Each round's button, and the walkthrough's step every session must then show."""
MAX_PUPILS = 30
OPEN_MS = 240_000
"""How long the first page may take to be drawn while the whole class loads at once (its wait
starts with the first page; a click's answer, 60 s, is `tests.browser.WAIT_MS`)."""
TICK = os.sysconf("SC_CLK_TCK")


def server_pid(url: str) -> int:
    """The process of the `streamlit run` serving `url`."""
    port = url.rsplit(":", 1)[1].encode()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(argv) and port in argv:
            return int(proc.name)
    raise LookupError(f"no streamlit process serves port {port.decode()}")


def cpu_ms(pid: int) -> float:
    """CPU time (user + system) process `pid` has used so far; 0 once it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1000 / TICK


def memory_mb(pid: int, field: str = "VmRSS") -> float:
    """A memory figure of /proc/PID/status (VmRSS: resident now; VmHWM: the peak), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


def descendants(root: int, leave_out: int) -> list[int]:
    """The processes under `root` (Playwright's driver, Chromium and its renderers), but not the
    server's."""
    parents: dict[int, int] = {}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            parents[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid != leave_out:
                found.append(pid)
                frontier.append(pid)
    return found


def browser_cpu_ms(server: int) -> float:
    return sum(cpu_ms(pid) for pid in descendants(os.getpid(), server))


class Peak(threading.Thread):
    """Samples the server's resident memory every 0.2 s; `peak` is the largest seen."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, 0.0, threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.2):
            self.peak = max(self.peak, memory_mb(self.pid))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def figures(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none measured"
    return (
        f"{label} (n={len(values)}): p50 {statistics.median(values):.0f} ms, "
        f"p95 {percentile(values, 0.95):.0f} ms, max {max(values):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=MAX_PUPILS, help="sessions (at most 30)")
    parser.add_argument("--budget", type=float, default=900, help="seconds before no new round")
    options = parser.parse_args()
    pupils_wanted = max(1, min(MAX_PUPILS, options.pupils))
    deadline = time.monotonic() + options.budget
    tables = walkthrough()
    errors: list[str] = []
    clicks: list[float] = []
    rounds: list[float] = []
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with streamlit_server() as url, chromium() as browser:
        server = server_pid(url)
        # Warm-up, not counted: the first run's imports, the walkthrough's odds, then gone.
        (warm,) = open_class(browser, url + LINK, 1)
        settle(warm.page, None)
        for key, _ in ROUNDS:
            settle(warm.page, click_all([warm], key)[0])
        warm.context.close()
        time.sleep(3)
        rss_before = memory_mb(server)
        sampler = Peak(server)
        sampler.start()

        cpu, browser_cpu, started = cpu_ms(server), browser_cpu_ms(server), time.monotonic()
        pupils: list[Pupil] = open_class(browser, url + LINK, pupils_wanted)
        loads = []
        for number, pupil in enumerate(pupils):
            try:
                settle(pupil.page, None, OPEN_MS)
            except PlaywrightTimeout:
                errors.append(f"session {number}: not drawn within {OPEN_MS // 1000} s of opening")
                continue
            if (failure := crashed(pupil.page)) is not None:
                errors.append(f"session {number} opening: {failure}")
            loads.append(load_ms(pupil.page))
        open_wall = time.monotonic() - started
        open_cpu, open_browser_cpu = cpu_ms(server) - cpu, browser_cpu_ms(server) - browser_cpu
        rss_open = memory_mb(server)

        cpu, browser_cpu = cpu_ms(server), browser_cpu_ms(server)
        played = 0
        for key, step in ROUNDS:
            if time.monotonic() > deadline:
                errors.append(f"time budget spent: {len(ROUNDS) - len(rounds)} rounds not played")
                break
            started = time.monotonic()
            before = click_all(pupils, key)
            for number, (pupil, run) in enumerate(zip(pupils, before, strict=True)):
                try:
                    settle(pupil.page, run)
                except PlaywrightTimeout:
                    errors.append(f"session {number}, {key} (step {step}): unanswered in 60 s")
                    continue
                played += 1
                if (failure := crashed(pupil.page)) is not None:
                    errors.append(f"session {number}, {key}: {failure}")
                elif shown_table(pupil.page) != tables[step]:
                    errors.append(f"session {number}, {key}: not the walkthrough's step {step}")
                clicks.append(click_ms(pupil.page))
            rounds.append((time.monotonic() - started) * 1000)
        click_cpu, click_browser_cpu = cpu_ms(server) - cpu, browser_cpu_ms(server) - browser_cpu
        rss_after = memory_mb(server)
        sampler.done.set()
        sampler.join()
        for pupil in pupils:
            pupil.context.close()
        time.sleep(5)
        rss_left, rss_peak = memory_mb(server), memory_mb(server, "VmHWM")

    sessions = len(pupils)
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{sessions} sessions opening {LINK} at once, then {len(rounds)} rounds of clicks")
    print(figures("page opened, from navigation start to settled", loads))
    print(f"  all {sessions} settled {open_wall:.1f} s after the first was opened")
    print(
        f"  server CPU {open_cpu:.0f} ms ({open_cpu / max(1, sessions):.0f} ms a session), "
        f"browser CPU {open_browser_cpu:.0f} ms"
    )
    print(figures("click to settled", clicks))
    print(
        "  rounds (first click to last page settled): "
        + ", ".join(f"{r / 1000:.1f} s" for r in rounds)
    )
    per_click = click_browser_cpu / max(1, played)
    print(
        f"  server CPU {click_cpu:.0f} ms ({click_cpu / max(1, played):.0f} ms a click), "
        f"browser CPU {click_browser_cpu:.0f} ms ({per_click:.0f} ms a click)"
    )
    connected = (rss_open - rss_before) / max(1, sessions)
    clicked = (rss_after - rss_before) / max(1, sessions)
    print(
        f"server memory (RSS): {rss_before:.0f} MB before the class, {rss_open:.0f} MB with "
        f"{sessions} sessions connected ({connected:+.1f} MB a session), {rss_after:.0f} MB after "
        f"the clicks ({clicked:+.1f} MB a session), {rss_left:.0f} MB 5 s after the class left; "
        f"peak {max(rss_peak, sampler.peak):.0f} MB"
    )
    print(f"errors: {len(errors)}")
    for error in errors:
        print(f"  {error}")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
