"""Tables under load: 50 two-player tables on one Streamlit server, driven over its websocket.

Run with `uv run --group dev python benchmarks/table_load.py [--tables 50] [--seconds 60] [--moves
N] [--think 1] [--phones 2] [--store-url postgresql://... [--servers 2]] [--cores C [--memory-mb
690]] [--entry app.py]`. The tables are opened through the activity (`Tables.open`, as the host's
form does), then each seat is a light client, `benchmarks/ws_load.py`'s `Client`: it opens its
seat's link, types its nickname into the form and sits down, then waits as the browser does: on
serve.py (the default, as the app deploys) it asks the table's version over HTTP twice a second
(`GET /pulse/table/<id>`, from an address of its own, 127.1.T.S, as players at home have) and runs
the page's fragment only when it moved from the version drawn (`benchmarks/room_load.py`'s `look`,
as `pickomino.ui.pulse.POLL`); on `--entry app.py` it polls the fragment every second
(`st.fragment(run_every=...)`). When its buttons show it is to move, it waits `--think` seconds (a
player's pace, and under the moves allowed a minute) and taps one, a simple player's choice among
the buttons drawn (`choose`). `--phones 2` seats two real Chromium phones (390x844,
tests/browser.py's flags) at one more table, tapping the same way.

Measured:

- move to the opponent's screen: from a move's tap (its message sent) to the first run of the
  opponent's page showing it (the move's first sentence, as the opponent's seat is told it, in the
  page's recent moves; read from the stored game's log at the end, so nothing is timed against
  the store meanwhile). A page asks every half second (every second on app.py), so a move waits
  a quarter of a second on average (half a second) before any page can show it; the target is
  p95 under 1 s;
- the servers' CPU time over the play (/proc/PID/stat), per table per second;
- each server's peak resident memory (VmHWM), and its memory before the tables opened.

`--store-url` runs on PostgreSQL (on 127.0.0.1), in a schema of its own dropped after the run;
`--servers 2` starts two servers on it, each table's first seat on the first and its second seat
on the second, so every move crosses from one server to the other through the database.
`--cores C [--memory-mb 690]` runs the servers in one CPU quota and memory limit
(`benchmarks/cgroup.py`, as `benchmarks/room_load.py`).

Bounded: only 127.0.0.1 (and 127.1.T.S as the seats' source addresses), at most 60 tables, 2 phones,
2 servers and 900 seconds, every answer 60 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import resource
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar
from urllib.parse import parse_qs, urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.cgroup import add_arguments, describe, maybe_limited  # noqa: E402
from benchmarks.class_load import cpu_ms, memory_mb, percentile, server_pid  # noqa: E402
from benchmarks.room_load import look, postgres_schema  # noqa: E402
from benchmarks.ws_load import ANSWER_S, Client, connect  # noqa: E402
from pickomino.activities.table import Opened, Tables  # noqa: E402
from pickomino.i18n import Lang, t  # noqa: E402
from pickomino.rules import WORM  # noqa: E402
from pickomino.store import Store, open_store  # noqa: E402
from tests.browser import ARGS, CHROMIUM, streamlit_server  # noqa: E402

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

MAX_TABLES = 60
MAX_PHONES = 2
MAX_SERVERS = 2
MAX_SECONDS = 900.0
T = TypeVar("T")
NAMES = ("Ana", "Bob")
LANG: Final[Lang] = "en"
MOVE = re.compile(r"table_(\d+)_(roll|stop|take_\d+|keep_\w+)$")
"""A seat's move button, keyed with the move number the table was drawn at (`ui.table.draw`)."""
PHONE_KEYS = """() => Array.from(document.querySelectorAll("[class*='st-key-table_'] button"))
  .filter(b => !b.disabled)
  .map(b => [...b.closest("[class*='st-key-table_']").classList]
    .find(c => c.startsWith("st-key-table_")).slice("st-key-".length))"""
"""The keys of the move buttons a Chromium phone shows, enabled."""


def choose(keys: Iterable[str]) -> str | None:
    """A simple player's move among a seat's buttons: a tile when one can be taken (the highest),
    a worm when one can be set aside, else the highest face; then roll on, or stop.

    None when no move button is drawn (another seat is to move).
    """
    moves = {found[2]: key for key in keys if (found := MOVE.match(key))}
    if not moves:
        return None
    takes = [kind for kind in moves if kind.startswith("take_")]
    if takes:
        return moves[max(takes, key=lambda kind: int(kind.removeprefix("take_")))]
    keeps = [kind for kind in moves if kind.startswith("keep_")]
    if keeps:
        return moves[max(keeps, key=lambda kind: (kind == f"keep_{WORM}", kind))]
    return moves.get("roll") or moves.get("stop")


def number_of(key: str) -> int:
    """The move number a move button carries."""
    found = MOVE.match(key)
    assert found is not None
    return int(found[1])


@dataclass
class Seat:
    """One seat's page as the run saw it: every screen it drew, and the moves it tapped."""

    table: int
    seat: int
    token: str = ""
    screens: list[tuple[float, str]] = field(default_factory=list)
    """When each run of the page finished, and the text it drew."""
    sent: dict[int, float] = field(default_factory=dict)
    """Move number -> when this seat first tapped it."""
    errors: list[str] = field(default_factory=list)


@dataclass
class Run:
    """What every seat shares: when to stop, and the moves each table may still make."""

    stop: asyncio.Event
    think: float
    moves: int | None
    rng: random.Random

    def pause(self) -> float:
        """A player's time to think before a tap: from half to one and a half `think`.

        Not the same each time: a tap a fixed time after the last would fall at the same point of
        the opponent's second between polls, tap after tap, and time that point only.
        """
        return self.rng.uniform(0.5, 1.5) * self.think

    def done(self, number: int) -> bool:
        return self.stop.is_set() or (self.moves is not None and number >= self.moves)


def address(seat: Seat) -> str:
    """The loopback address a seat's page connects from: one for each, as players at home."""
    return f"127.1.{seat.table}.{seat.seat + 1}"


async def until_stopped(work: Coroutine[None, None, T], stop: asyncio.Event) -> tuple[T] | None:
    """`work`'s result, or None once `stop` is set first (`work` then cancelled): a held ask
    (`look`) ends with the run, not up to its hold later, so the run's seconds are its play."""
    task, stopped = asyncio.ensure_future(work), asyncio.ensure_future(stop.wait())
    await asyncio.wait({task, stopped}, return_when=asyncio.FIRST_COMPLETED)
    stopped.cancel()
    if task.done():
        return (task.result(),)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return None


async def sit(url: str, id: str, link: str, name: str, seat: Seat) -> Client:
    """A light client that opened a seat's link and sat down as `name` (its page then polls)."""
    query = urlencode({"table": id, "seat": link, "lang": LANG})
    client = await connect(url, "table", query, address(seat))
    await client.run("table_claim_form", typed={"table_name": name})
    seat.token = parse_qs(client.query).get("player", [""])[0]
    if not seat.token:
        seat.errors.append(f"table {seat.table} seat {seat.seat}: not seated")
    return client


async def play_light(client: Client, seat: Seat, run: Run, url: str) -> None:
    """Wait as the page does (its own poll of the table's version at the server `url`, else
    Streamlit's of its fragment); when this seat is to move, think, then tap `choose`'s move."""
    polled = True
    last: int | None = None
    while not run.stop.is_set() and (client.fragment or client.pulse):
        started = time.perf_counter()
        if polled:
            runs = client.runs
            if client.fragment:
                await client.run()
            else:
                looked = await until_stopped(look(client, url, last), run.stop)
                if looked is None:
                    break  # its held ask left as a closed tab leaves it
                last = looked[0]
            if client.runs != runs:  # a screen drawn
                seat.screens.append((time.perf_counter(), "\n".join(client.texts)))
        key = choose(client.drawn)
        if key is not None and not run.done(number_of(key)):
            await asyncio.sleep(run.pause())
            seat.sent.setdefault(number_of(key), time.perf_counter())
            await client.run(trigger=key)
            seat.screens.append((time.perf_counter(), "\n".join(client.texts)))
            polled = False  # the tap's run drew the table: the next move may follow at once
            continue
        polled = True
        await asyncio.sleep(max(0.0, client.interval - (time.perf_counter() - started)))
    seat.errors += client.errors
    await client.socket.close()


async def sit_phone(browser: Browser, url: str, id: str, link: str, name: str) -> Page:
    """A Chromium phone that opened a seat's link and sat down as `name`."""
    page = await browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    await page.goto(f"{url}/table?{urlencode({'table': id, 'seat': link, 'lang': LANG})}")
    box = page.get_by_role("textbox", name=t("room.join.nickname", LANG), exact=True)
    await box.fill(name, timeout=ANSWER_S * 1000)
    await page.get_by_role("button", name=t("table_page.sit_down", LANG)).click()
    await page.get_by_text(t("table_page.you_are", LANG, name=name)).wait_for(
        timeout=ANSWER_S * 1000
    )
    return page


async def play_phone(page: Page, seat: Seat, run: Run) -> None:
    """Look at the phone's screen every 50 ms (its own page polls the server); tap as a light
    client does when this seat is to move. Stops at the end, when the review is offered."""
    from playwright.async_api import Error

    review = t("table_page.review", LANG)
    while not run.stop.is_set():
        text = await page.inner_text("[data-testid=stMain]")
        seat.screens.append((time.perf_counter(), text))
        if review in text:
            break
        key = choose(await page.evaluate(PHONE_KEYS))
        if key is None or run.done(number_of(key)):
            await asyncio.sleep(0.05)
            continue
        await asyncio.sleep(run.pause())
        seat.sent.setdefault(number_of(key), time.perf_counter())
        try:
            await page.locator(f".st-key-{key} button").click(timeout=ANSWER_S * 1000)
            await page.locator(f".st-key-{key}").wait_for(state="detached", timeout=10_000)
        except Error as error:  # drawn again at the same number (a refusal): the next look says
            seat.errors.append(f"phone {seat.seat}: {str(error).splitlines()[0]}")
    seat.token = parse_qs(urlsplit(page.url).query).get("player", [""])[0]
    await page.close()


def latencies(
    store: Store, ids: list[str], seats: list[tuple[Seat, Seat]]
) -> tuple[list[float], int]:
    """Each move's time from its tap to the opponent's first screen showing it (seconds), and
    how many moves played no screen of the opponent showed before the run ended.

    The move is found by its first sentence as the opponent is told it, in the stored game's log.
    """
    tables = Tables(store, time.time, None)
    found, unseen = [], 0
    for id, pair in zip(ids, seats, strict=True):
        if not all(seat.token for seat in pair):
            continue
        for mover, opponent in (pair, pair[::-1]):
            view = tables.seat(id, opponent.token)
            for line in view.log:
                sent = mover.sent.get(line.number)
                if sent is None or line.seat != mover.seat:
                    continue
                sentence = line.words(LANG, opponent.seat, view.names)[0]
                seen = next(
                    (at for at, text in opponent.screens if at >= sent and sentence in text), None
                )
                if seen is None:
                    unseen += 1
                else:
                    found.append(seen - sent)
    return found, unseen


def moves_played(store: Store, ids: list[str]) -> tuple[int, int]:
    """The moves played at these tables, and how many of their games are over."""
    tables = Tables(store, time.time, None)
    views = [tables.watch(id) for id in ids]
    return sum(view.number for view in views), sum(view.over for view in views)


def spread(label: str, measured: tuple[list[float], int]) -> str:
    values, unseen = measured
    if not values:
        return f"{label}: none measured"
    return (
        f"{label}: n={len(values)} median {percentile(values, 0.5):.2f} s, "
        f"p95 {percentile(values, 0.95):.2f} s, max {max(values):.2f} s, "
        f"{unseen} played but not yet seen when the run ended"
    )


@contextmanager
def servers(count: int, python: str | Path, entry: str) -> Iterator[list[str]]:
    """`count` servers of the app on 127.0.0.1 running `entry`, on the store the environment
    names."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(streamlit_server(python=python, entry=entry)) for _ in range(count)
        ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--tables", type=int, default=50, choices=range(1, MAX_TABLES + 1), metavar="1-60"
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--moves", type=int, help="the moves each table plays at most")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each tap")
    parser.add_argument("--phones", type=int, default=0, choices=(0, MAX_PHONES))
    parser.add_argument("--store-url", metavar="URL", help="postgresql://... (a fresh schema)")
    parser.add_argument("--servers", type=int, default=1, choices=range(1, MAX_SERVERS + 1))
    parser.add_argument(
        "--entry", default="serve.py", help="the file served (app.py: no table's version route)"
    )
    add_arguments(parser)
    args = parser.parse_args()
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds: more than 0, at most {MAX_SECONDS:g}")
    if args.store_url:
        if urlsplit(args.store_url).hostname not in ("127.0.0.1", "localhost"):
            parser.error("--store-url: only a database on 127.0.0.1 is measured")
        with postgres_schema(args.store_url) as url:
            run(args, url)
    else:
        if args.servers > 1:
            parser.error("--servers 2 shares one PostgreSQL: give --store-url")
        run(args, f"sqlite:///{tempfile.mkdtemp(prefix='table-load-')}/store.sqlite3")


def run(args: argparse.Namespace, url: str) -> None:
    """Open the tables in the store at `url`, play them on the servers, print the figures."""
    os.environ["PICKOMINO_STORE_URL"] = url
    count = args.tables + (1 if args.phones else 0)
    with open_store(url) as store:
        opened = [Tables(store, time.time).open(2) for _ in range(count)]
    ids = [table.id for table in opened]
    seats = [(Seat(n, 0), Seat(n, 1)) for n in range(count)]
    with (
        maybe_limited(args.cores, args.memory_mb) as box,
        servers(args.servers, box.python if box else sys.executable, args.entry) as urls,
    ):
        pids = [server_pid(one) for one in urls]
        asyncio.run(_warm(urls))
        before = [memory_mb(pid) for pid in pids]
        cpu_before = sum(cpu_ms(pid) for pid in pids)
        driver_before = _driver_cpu_s()
        started = time.perf_counter()
        late = asyncio.run(_play(args, urls, opened, seats))
        seconds = time.perf_counter() - started
        used = sum(cpu_ms(pid) for pid in pids) - cpu_before
        driver = _driver_cpu_s() - driver_before
        peaks = [memory_mb(pid, "VmHWM") for pid in pids]
        limits = describe(box, args.cores, args.memory_mb) if box else None
    light = args.tables
    with open_store(url) as store:
        moved = latencies(store, ids[:light], seats[:light])
        phoned = latencies(store, ids[light:], seats[light:])
        played, over = moves_played(store, ids)
    errors = [error for pair in seats for seat in pair for error in seat.errors]
    print(
        f"{args.tables} tables x 2 light seats"
        + (f" + {args.phones} Chromium phones at one more table" if args.phones else "")
        + f", {args.servers} server(s) of {args.entry}, store {urlsplit(url).scheme}, "
        f"{seconds:.0f} s of play, {args.think:g} s to think before each tap"
    )
    print(f"moves played: {played} ({played / count:.1f} a table), games over: {over}")
    print(spread("move -> opponent's screen", moved))
    if args.phones:
        print(spread("move -> Chromium phone's screen", phoned))
    print(
        f"server CPU: {used / 1000:.1f} s over {seconds:.0f} s ({used / 10 / seconds:.0f}% of "
        f"one core), {used / seconds / count:.1f} ms per table per second"
    )
    print(
        "server memory: "
        + ", ".join(
            f"server {n + 1} peak RSS {peak:.0f} MB ({was:.0f} MB before the tables)"
            for n, (peak, was) in enumerate(zip(peaks, before, strict=True))
        )
    )
    print(
        f"this driver (the light clients): CPU {driver:.1f} s ({driver * 100 / seconds:.0f}% of "
        f"one core), its event loop late by {percentile(late, 0.5) * 1000:.0f} ms median, "
        f"{percentile(late, 0.95) * 1000:.0f} ms p95 (a tap or a screen is timed that late)"
    )
    if limits:
        print(limits)
    print(f"errors: {len(errors)}" + (f": {errors[:3]}" if errors else ""))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine load average at the end (1, 5, 15 min): {load} on {os.cpu_count()} cores")


def _driver_cpu_s() -> float:
    """The CPU seconds this process (the light clients' driver) has used."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


async def _lateness(stop: asyncio.Event, found: list[float]) -> None:
    """How late this driver's event loop wakes from a 50 ms sleep, until `stop`: every tap and
    every screen is timed here, so a busy driver adds its lateness to the latencies measured."""
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.05)
        found.append(time.perf_counter() - started - 0.05)


async def _play(
    args: argparse.Namespace, urls: list[str], tables: list[Opened], seats: list[tuple[Seat, Seat]]
) -> list[float]:
    """Seat every table's players, then let them play until the time or the moves run out.

    How late the driver's event loop woke meanwhile, in seconds (`_lateness`).
    """
    from playwright.async_api import async_playwright

    play = Run(asyncio.Event(), args.think, args.moves, random.Random(1))
    gate = asyncio.Semaphore(8)  # a hundred sessions opened at once would time the opening

    async def seated(table: int, seat: int) -> Client:
        async with gate:
            one = tables[table]
            server = urls[seat % len(urls)]
            return await sit(server, one.id, one.links[seat], NAMES[seat], seats[table][seat])

    clients = await asyncio.gather(
        *(seated(table, seat) for table in range(args.tables) for seat in (0, 1))
    )
    async with async_playwright() as playwright:
        browser = None
        pages = []
        if args.phones:
            browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            last = tables[-1]
            for seat in (0, 1):
                server = urls[seat % len(urls)]
                pages.append(
                    await sit_phone(browser, server, last.id, last.links[seat], NAMES[seat])
                )
        tasks = [
            asyncio.create_task(
                play_light(client, seats[n // 2][n % 2], play, urls[n % 2 % len(urls)])
            )
            for n, client in enumerate(clients)
        ]
        tasks += [
            asyncio.create_task(play_phone(page, seats[-1][seat], play))
            for seat, page in enumerate(pages)
        ]
        late: list[float] = []
        watch = asyncio.create_task(_lateness(play.stop, late))
        await asyncio.wait(tasks, timeout=args.seconds)
        play.stop.set()
        await asyncio.gather(*tasks, watch)
        if browser is not None:
            await browser.close()
    return late


async def _warm(urls: list[str]) -> None:
    """A first page on each server (its imports, its first table), not counted."""
    for url in urls:
        client = await connect(url, "table", urlencode({"lang": LANG}))
        await client.socket.close()


if __name__ == "__main__":
    main()
