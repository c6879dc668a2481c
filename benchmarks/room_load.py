"""Live rooms under load: 3 rooms of 30 pupils on one server, driven over Streamlit's websocket.

Run with `uv run --group dev python benchmarks/room_load.py [--rooms 3] [--pupils 30]
[--questions 3] [--spread 10] [--chromium 2] [--sandboxes 3] [--postgres URL] [--entry app.py]`.
The server runs serve.py, as the app deploys; `--entry app.py` serves it without the room's pulse
route. Each pupil is a light client, `benchmarks/ws_load.py`'s `Client` (a `rerun_script` BackMsg
per run, ForwardMsgs read until `script_finished`), and polls as its page does: the room's pulse
over HTTP every second, running its watcher when it moved (`pickomino.ui.pulse.POLL`), or,
without the route, its watcher fragment every second as the browser does for
`st.fragment(run_every=...)` (the server sends `auto_rerun` with the fragment's id; the client
sends a rerun of that fragment). Each room's teacher is one more such client on the board,
opened with the teacher's control link, polling the same way.

`--chromium N` makes N of the first room's pupils real phones: Debian's Chromium at 390x844,
the join page opened with the pupil's link, a tap a click on the option's button (they count in
the taps, and their next-to-phone times are given apart). `--postgres URL` runs on PostgreSQL, in
a schema of its own made for the run and dropped after it (so the database's other users never
see its tables or its schema version).

The rooms are opened and the pupils seated through the store (the join form is not what is
measured), then each room plays a class quiz of `--questions` questions live: each pupil taps an
answer once per question, at a random moment of the `--spread` seconds after their phone showed
it; once the board counts every answer, the teacher presses *Show the best move*, then *Next
question*. Measured:

- tap to board: from a pupil's tap (the BackMsg sent) to the first board run counting it (the
  k-th tap in time is matched with the board's first count of k);
- next to phones: from the teacher's *Next* sent to each phone's first run showing the new
  question's buttons;
- the server's CPU time over the quiz and its resident memory (VmRSS) before the pupils joined and
  after, so per pupil, and the most it held (VmHWM).

`--sandboxes N` adds N learners in the sandbox beside the rooms, each a light client on the
walkthrough's link (`ws_load.LINK`) clicking *Redo* three times, then *Undo* three times, a click
every `SANDBOX_PAUSE_S` seconds while the quiz lasts: the figures are then those of a server that
serves them too.

`--cores C [--memory-mb 690]` runs the server inside a CPU quota of C cores and a memory limit
(690 MB, Community Cloud's least), as Cloud gives an app a share of a machine
(`benchmarks/cgroup.py`: cgroups, so root); the report adds how often the quota held the server
back and its peak memory.

Bounded: only 127.0.0.1, at most 4 rooms of 60 and 3 Chromium phones, every answer 60 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.cgroup import add_arguments, describe, maybe_limited  # noqa: E402
from benchmarks.class_load import cpu_ms, memory_mb, percentile, server_pid  # noqa: E402
from benchmarks.ws_load import ANSWER_S, Client, connect, join  # noqa: E402
from pickomino import rooms  # noqa: E402
from pickomino.lessons.quiz import questions, read_code  # noqa: E402
from pickomino.store import open_store  # noqa: E402
from pickomino.ui.pulse import MOVED_KEY  # noqa: E402
from tests.browser import ARGS, CHROMIUM, streamlit_server  # noqa: E402

if TYPE_CHECKING:
    from playwright.async_api import Browser, Page

QUIZ = "BENCH-E5"
SANDBOX_PAUSE_S = 2.0
"""A sandbox learner's pause between two clicks."""
COUNTED = re.compile(r"\*\*(\d+)\*\* of (\d+)")
OPTION = re.compile(r"room_option_(\d+)_(\d+)$")


def question(client: Client) -> int:
    """The number of the question whose buttons the phone's last run drew (0: none)."""
    found = [int(m[1]) for key in client.buttons if (m := OPTION.match(key))]
    return max(found, default=0)


def counted(client: Client) -> int:
    """The answers the board's last run counted (-1: no count drawn)."""
    for text in client.texts:
        if (found := COUNTED.search(text)) is not None:
            return int(found[1])
    return -1


@dataclass
class Figures:
    taps: list[float] = field(default_factory=list)
    nexts: list[float] = field(default_factory=list)
    browser_nexts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def poll(
    client: Client, stop: asyncio.Event, seen: Callable[[Client, float], None], url: str
) -> None:
    """Rerun the page's fragment every `interval`, as the browser does, until told to stop or
    the page stops polling; a page that polls the room's pulse itself (a server started from
    serve.py) asks the server at `url` for it instead, and reruns its watcher only when it moved,
    as its script does (`pickomino.ui.pulse.POLL`)."""
    last: int | None = None
    while not stop.is_set() and (client.fragment or client.pulse):
        started = time.perf_counter()
        if client.fragment:
            await client.run()
            seen(client, time.perf_counter())
        else:
            last = await look(client, url, last)
            seen(client, time.perf_counter())
        await asyncio.sleep(max(0.0, client.interval - (time.perf_counter() - started)))


async def look(client: Client, url: str, last: int | None, hold: bool = True) -> int | None:
    """One poll of a page that polls the room's pulse (or a table's version) itself, at the
    server `url`, from the page's own address: its part runs when the number moved from `last`,
    or from the one the page's mark says it drew (a table's: the mover's own tap drew it), or
    none was answered (`pulse.POLL`); the number. A page whose mark asks it (and `hold`) says the
    number it knows, and the server answers once that moved (or its hold ends), as a browser's
    poll waits. This client waits for each run, so the mark it compares with is always the last
    run's, as the script's is once the run arrived. The page's wake is not followed: the
    benchmarks' questions and tables have no timer, and the room closes idle two hours on."""
    if client.seen is not None:
        last = client.seen
    since = f"?since={last}" if hold and client.hold and last is not None else ""
    now = await client.ask(f"{url}/{client.pulse}{since}")
    if client.seen is not None:
        last = client.seen
    if now is None or now != last:
        await client.run(trigger=MOVED_KEY)
    return now


async def sandbox(url: str, stop: asyncio.Event, errors: list[str]) -> None:
    """A learner in the sandbox beside the rooms: the walkthrough's clicks, one every pause."""
    client = await join(url)
    while not stop.is_set():
        for key in ("sandbox_redo",) * 3 + ("sandbox_undo",) * 3:  # back where it started
            await asyncio.sleep(SANDBOX_PAUSE_S)
            await client.run(key)
    errors += client.errors
    await client.socket.close()


async def tap(
    phone: object,
    number: int,
    press: Callable[[], Awaitable[object]],
    shown: dict[tuple[int, int], float],
    taps: list[float],
    spread: float,
    rng: random.Random,
) -> None:
    """A pupil's tap, at a random moment of `spread` seconds after the phone showed the question."""
    while (id(phone), number) not in shown:
        await asyncio.sleep(0.05)
    await asyncio.sleep(rng.uniform(0, spread))
    taps.append(time.perf_counter())
    await press()


def option_button(page: Page, number: int, option: int) -> str:
    """The CSS selector of a Chromium phone's button for `option` of question `number`."""
    return f".st-key-room_option_{number}_{option} button"


async def watch(page: Page, count: int, shown: dict[tuple[int, int], float]) -> None:
    """When a Chromium phone first shows each question's buttons (its own polling does the rest)."""
    for number in range(1, count + 1):
        await page.locator(option_button(page, number, 0)).wait_for(timeout=ANSWER_S * 1000)
        shown.setdefault((id(page), number), time.perf_counter())


async def open_phone(browser: Browser, url: str, code: str, pupil: str) -> Page:
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.goto(f"{url}/join?{urlencode({'room': code, 'pupil': pupil, 'lang': 'fr'})}")
    return page


async def room(
    url: str,
    opened: tuple[str, str, list[str]],
    count: int,
    spread: float,
    figures: Figures,
    rng: random.Random,
    browser: Browser | None = None,
    real: int = 0,
) -> None:
    """One room's quiz: its board and phones polling, each pupil tapping once per question.

    The first `real` pupils are Chromium pages of `browser`, the others light clients.
    """
    code, token, pupils = opened
    board = await connect(url, "room", urlencode({"room": code, "control": token, "lang": "en"}))
    pages = [await open_phone(browser, url, code, p) for p in pupils[:real]] if browser else []
    phones = [
        await connect(url, "join", urlencode({"room": code, "pupil": p, "lang": "fr"}))
        for p in pupils[len(pages) :]
    ]
    everyone: list[object] = [*pages, *phones]
    stop = asyncio.Event()
    shown: dict[tuple[int, int], float] = {}
    counts: dict[int, dict[int, float]] = {}
    asked_at: dict[int, float] = {}
    number_now = [1]

    def phone_seen(client: Client, now: float) -> None:
        number = question(client)
        shown.setdefault((id(client), number), now)

    def board_seen(client: Client, now: float) -> None:
        counts.setdefault(number_now[0], {}).setdefault(counted(client), now)

    tasks = [asyncio.create_task(poll(board, stop, board_seen, url))]
    tasks += [asyncio.create_task(poll(phone, stop, phone_seen, url)) for phone in phones]
    tasks += [asyncio.create_task(watch(page, count, shown)) for page in pages]
    for number in range(1, count + 1):
        number_now[0] = number
        taps: list[float] = []

        await asyncio.gather(
            *(
                tap(
                    phone, number, _press(phone, number, rng.randrange(2)), shown, taps, spread, rng
                )
                for phone in everyone
            )
        )
        while len(pupils) not in counts.get(number, {}):
            await asyncio.sleep(0.05)
        board_counts = counts[number]
        for k, at in enumerate(sorted(taps), start=1):
            first = min((t for c, t in board_counts.items() if c >= k), default=None)
            if first is not None:
                figures.taps.append(first - at)
        if number < count:
            await board.run(trigger="room_reveal")
            asked_at[number + 1] = time.perf_counter()
            await board.run(trigger="room_next")
            while not all((id(phone), number + 1) in shown for phone in everyone):
                await asyncio.sleep(0.05)
            figures.nexts += [
                shown[(id(phone), number + 1)] - asked_at[number + 1] for phone in phones
            ]
            figures.browser_nexts += [
                shown[(id(page), number + 1)] - asked_at[number + 1] for page in pages
            ]
    stop.set()
    await asyncio.gather(*tasks)
    for client in (board, *phones):
        figures.errors += client.errors
        await client.socket.close()
    for page in pages:
        await page.close()


def _press(phone: object, number: int, option: int) -> Callable[[], Awaitable[object]]:
    """A tap on `option`: a click in a Chromium page, a button's rerun for a light client."""
    if isinstance(phone, Client):
        return lambda: phone.run(trigger=f"room_option_{number}_{option}")
    page: Page = phone  # type: ignore[assignment]
    return lambda: page.locator(option_button(page, number, option)).click()


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A store URL on a schema of its own in the PostgreSQL database `url`, dropped on exit."""
    import psycopg

    schema = f"room_load_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in url else "?"
    try:
        yield f"{url}{joiner}options={quote(f'-c search_path={schema}')}"
    finally:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rooms", type=int, default=3, choices=range(1, 5))
    parser.add_argument("--pupils", type=int, default=30, choices=range(1, 61))
    parser.add_argument("--questions", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--spread", type=float, default=10.0)
    parser.add_argument("--chromium", type=int, default=0, choices=range(4))
    parser.add_argument("--sandboxes", type=int, default=0, choices=range(11))
    parser.add_argument("--postgres", metavar="URL", help="postgresql://... (a fresh schema)")
    parser.add_argument(
        "--entry", default="serve.py", help="the file served (app.py: no pulse route)"
    )
    add_arguments(parser)
    args = parser.parse_args()
    if args.postgres:
        if urlsplit(args.postgres).hostname not in ("127.0.0.1", "localhost"):
            parser.error("--postgres: only a database on 127.0.0.1 is measured")
        with postgres_schema(args.postgres) as url:
            run(args, url)
    else:
        run(args, f"sqlite:///{tempfile.mkdtemp(prefix='room-load-')}/store.sqlite3")


def run(args: argparse.Namespace, url: str) -> None:
    """Open the rooms in the store at `url`, run the quiz on one server, print the figures."""
    os.environ["PICKOMINO_STORE_URL"] = url
    found = questions(read_code(QUIZ))
    opened: list[tuple[str, str, list[str]]] = []
    with open_store(url) as store:
        for _ in range(args.rooms):
            token, code = rooms.new_token(), rooms.new_code()
            room_ = rooms.open_room(code, token, "en", time.time())
            first = found[0]
            room_ = rooms.ask_quiz(
                room_, QUIZ, 0, first.table, len(first.choices), first.answer, time.time()
            )
            id = store.create_room(code, room_.to_json(), rooms.MAX_PUPILS, rooms.KEPT_AFTER).id
            store.update_room(id, room_.to_json(), 1, 1, rooms.KEPT_AFTER)
            pupils = [rooms.new_token() for _ in range(args.pupils)]
            for n, pupil in enumerate(pupils):
                store.join_room(id, rooms.pupil_id(pupil), f"Pupil {n}")
            opened.append((code, token, pupils))
    with (
        maybe_limited(args.cores, args.memory_mb) as box,
        streamlit_server(python=box.python if box else sys.executable, entry=args.entry) as server,
    ):
        pid = server_pid(server)
        # a warm-up page (imports, the first odds), not counted
        asyncio.run(_warm(server, opened[0][0]))
        memory_before, cpu_before = memory_mb(pid), cpu_ms(pid)
        figures = Figures()
        rng = random.Random(1)
        started = time.perf_counter()

        async def all_rooms() -> None:
            from playwright.async_api import async_playwright

            async with async_playwright() as playwright:
                browser = None
                if args.chromium:
                    browser = await playwright.chromium.launch(
                        executable_path=str(CHROMIUM), args=ARGS
                    )
                stop = asyncio.Event()
                learners = [
                    asyncio.create_task(sandbox(server, stop, figures.errors))
                    for _ in range(args.sandboxes)
                ]
                await asyncio.gather(
                    *(
                        room(
                            server, one, args.questions, args.spread, figures, rng,
                            browser, args.chromium if n == 0 else 0,
                        )
                        for n, one in enumerate(opened)
                    )
                )  # fmt: skip
                stop.set()
                await asyncio.gather(*learners)
                if browser is not None:
                    await browser.close()

        asyncio.run(all_rooms())
        seconds = time.perf_counter() - started
        memory_after, cpu_after = memory_mb(pid), cpu_ms(pid)
        memory_peak = memory_mb(pid, "VmHWM")
        limits = describe(box, args.cores, args.memory_mb) if box else None
    pupils = args.rooms * args.pupils
    print(
        f"{args.rooms} rooms x {args.pupils} pupils, {args.questions} questions, "
        f"taps spread over {args.spread:g} s, {args.chromium} of them Chromium phones, "
        f"{args.sandboxes} learners in the sandbox, store {urlsplit(url).scheme}"
    )
    for label, values in (
        ("tap -> board count", figures.taps),
        ("teacher's next -> phone shows it", figures.nexts),
        ("teacher's next -> Chromium phone shows it", figures.browser_nexts),
    ):
        if not values:
            continue
        print(
            f"{label}: n={len(values)} median {percentile(values, 0.5):.2f} s, "
            f"p95 {percentile(values, 0.95):.2f} s, max {max(values):.2f} s"
        )
    used = cpu_after - cpu_before
    print(
        f"server CPU: {used / 1000:.1f} s over {seconds:.0f} s ({used / 10 / seconds:.0f}% of "
        f"one core), {used / seconds / pupils:.1f} ms per pupil per second"
    )
    print(
        f"server memory: {memory_before:.0f} MB before, {memory_after:.0f} MB with every page "
        f"open: {(memory_after - memory_before) / pupils:.2f} MB per pupil; at most "
        f"{memory_peak:.0f} MB resident (VmHWM)"
    )
    if limits:
        print(limits)
    print(f"errors: {figures.errors[:3] if figures.errors else 'none'}")
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine load average at the end (1, 5, 15 min): {load} on {os.cpu_count()} cores")


async def _warm(url: str, code: str) -> None:
    client = await connect(url, "room", urlencode({"room": code, "lang": "en"}))
    await client.socket.close()


if __name__ == "__main__":
    main()
