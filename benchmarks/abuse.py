"""What a hostile class leaves in the store: an adversarial run against a fresh SQLite file.

Run with `uv run --group dev python benchmarks/abuse.py [--app DIR ...] [--budget 900]`. For each
checkout DIR (this one by default; give an older one first to set before and after side by side),
a `streamlit run` of that checkout, with its own `DIR/.venv/bin/python` when it has one, serves
127.0.0.1 on a free port with `PICKOMINO_STORE_URL` naming a new SQLite file, and one client
drives it over Streamlit's websocket (`benchmarks/ws_load.py`'s `Client`: every session a fresh
one, as a script that drops its session and cookies, nothing sent but what a browser sends):

1. the clicks that store something on purpose: a move on a `?game=` link's Play page (its
   `?match=`), a keep on a `?table=` sandbox (`?box=`), a quiz answer (`?run=`), and a room opened
   by its teacher (the one the joins go to);
2. visits, `VISITS` of one `?game=` link (each stored a new game before issue 30) and
   `LINK_VISITS` of each other link: `?match=`, `?box=`, `?run=`, a review's `?game=`, the room's
   board and its join address;
3. `JOINS` joins to that room in one burst: as many sessions open the join link, then all submit
   the form at once, each with a nickname of its own;
4. `OPENINGS` rooms opened in one burst: as many sessions open `/room`, then all click *Open a
   room* at once, connecting from 127.0.0.2 so the page sees one client address (Streamlit gives
   a page none for 127.0.0.1);
5. hostile addresses (`hostile()`): malformed, unknown and long query values on every page that
   reads one, an unknown language, repeated keys;
6. `WRONG_CODES` joins with made-up room codes, the nickname filled in.

The store is measured once the server has stopped: rows per table (documents by kind), and the
file's size after a WAL checkpoint. Beside them: the exceptions the pages showed (an `exception`
element, or a run that did not finish successfully) and each phase's seconds.

Bounded: only 127.0.0.1 (and 127.0.0.2 as a source address), a fixed number of sessions (at most
`JOINS` open at once), every answer 60 s, and no phase starts past `--budget` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ws_load import Client, connect  # noqa: E402
from pickomino.match import Kind, Match  # noqa: E402
from pickomino.rooms import new_code  # noqa: E402
from pickomino.share import encode_scenario, encode_table  # noqa: E402
from tests.browser import streamlit_server  # noqa: E402
from tests.tables import table  # noqa: E402

VISITS = 200
LINK_VISITS = 20
JOINS = 62
OPENINGS = 50
WRONG_CODES = 35
PARALLEL = 4
"""Sessions at a time for the visits (the bursts open all theirs at once)."""
SOURCE = "127.0.0.2"
"""The address the room openings come from: a loopback address the page sees as a client's."""
LONG = 20_000
"""Characters of a long query value: over the websocket, past the 16 KiB an HTTP address may
take (docs/deploy.md), as a script sends it."""
QUIZ = "K7QM-E5"


def census(path: Path) -> dict[str, int]:
    """Rows in each of the store's tables, `documents` counted by kind ("documents: game")."""
    with sqlite3.connect(path) as connection:
        tables = [
            str(name)
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'schema_version'"
                " ORDER BY name"
            )
        ]
        counts: dict[str, int] = {}
        for name in tables:
            if name == "documents":
                for kind, rows in connection.execute(
                    "SELECT kind, count(*) FROM documents GROUP BY kind ORDER BY kind"
                ):
                    counts[f"documents: {kind}"] = int(rows)
            counts[name] = int(connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0])
    connection.close()
    return counts


def file_bytes(path: Path) -> int:
    """The store file's size once its write-ahead log is written back into it and emptied."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def game_link() -> str:
    """A `?game=` link's value: a game against the expert, the person to roll first."""
    return encode_scenario(
        Match.new((Kind("person"), Kind("expert")), ("Ana", ""), 4).until_person().record()
    )


def review_link() -> str:
    """A review's `?game=` value: a bots' game one move in."""
    return encode_scenario(
        Match.new((Kind("expert"), Kind("cautious")), ("", ""), 2).bot_move().record()
    )


def sandbox_link() -> str:
    """A sandbox `?table=` value: a decision to keep (the keep buttons store the history)."""
    decide = table(middle=[21, 22, 23], kept=["W", "5"], rolled=["4", "4", "3", "1", "1", "2"])
    return encode_table(decide)


def hostile() -> list[tuple[str, str]]:
    """Pages and query strings a hostile pupil sends: malformed, unknown and long values."""
    long = "A" * LONG
    bad = "!!not*base64%%"
    return [
        ("", "lang=xx"),
        ("", f"lang={long}"),
        ("sandbox", "lang=ｅｎ"),
        ("play", f"game={bad}"),
        ("play", f"game={long}"),
        ("play", f"game={game_link()}&seed=-1"),
        ("play", f"game={game_link()}&seed=99999999999"),
        ("play", f"game={game_link()}&game={review_link()}"),
        ("play", "match=nope"),
        ("play", f"match={long}"),
        ("sandbox", f"table={bad}"),
        ("sandbox", f"table={long}"),
        ("sandbox", "scenario=../../etc/passwd"),
        ("sandbox", "scenario=nope"),
        ("sandbox", "box=nope"),
        ("sandbox", f"box={long}&seed=x"),
        ("review", f"game={bad}"),
        ("review", f"game={long}"),
        ("explorer", f"table={bad}"),
        ("quiz", "code=ZZZZ-99"),
        ("quiz", f"code={long}"),
        ("quiz", "run=nope"),
        ("quiz", f"code={QUIZ}&run={long}"),
        ("room", f"room={long}"),
        ("room", "room=ABC&control=xyz"),
        ("join", f"room={new_code()}&pupil={long}"),
        ("join", "room=<b>x</b>&pupil=%00"),
        ("join", f"room={long}"),
    ]


@dataclass
class Run:
    """What one checkout's run did: each phase's sessions and seconds, the pages' exceptions."""

    phases: list[tuple[str, int, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


async def closed(client: Client, run: Run, label: str) -> Client:
    """The client with its page's exceptions noted and its session closed."""
    run.errors += [f"{label}: {error}" for error in client.errors]
    await client.socket.close()
    return client


async def visits(url: str, pages: list[tuple[str, str]], run: Run, label: str) -> None:
    """Each page opened with its query by a fresh session, `PARALLEL` at a time."""
    slots = asyncio.Semaphore(PARALLEL)

    async def one(path: str, query: str) -> None:
        async with slots:
            await closed(await connect(url, path, query), run, f"{label} /{path}")

    await asyncio.gather(*(one(path, query) for path, query in pages))


async def clicked(url: str, path: str, query: str, key: str, run: Run) -> str:
    """The address a fresh session's page writes after a click of the button `key`."""
    client = await connect(url, path, query)
    await client.run(key)
    await closed(client, run, f"click /{path} {key}")
    return client.query


async def burst(
    url: str,
    path: str,
    query: str,
    key: str,
    typed: Callable[[int], dict[str, str]],
    run: Run,
    label: str,
    count: int,
    source: str | None = None,
) -> None:
    """`count` fresh sessions open the page, then all click `key` at once, with `typed(n)`."""
    clients = await asyncio.gather(*(connect(url, path, query, source) for _ in range(count)))
    await asyncio.gather(*(client.run(key, typed=typed(n)) for n, client in enumerate(clients)))
    for client in clients:
        await closed(client, run, label)


async def adversary(url: str, budget: float) -> Run:
    """The whole adversarial run against the server at `url`, phase by phase."""
    run = Run()
    deadline = time.monotonic() + budget
    game = game_link()
    stored: dict[str, str] = {}

    async def setup() -> None:
        stored["match"] = await clicked(url, "play", f"game={game}&seed=8", "play_roll", run)
        box = f"table={sandbox_link()}"
        stored["box"] = await clicked(url, "sandbox", box, "sandbox_keep_4", run)
        stored["run"] = await clicked(url, "quiz", f"code={QUIZ}", "quiz_choice_0_0", run)
        stored["room"] = await clicked(url, "room", "", "room_open", run)

    def code() -> str:
        return parse_qs(stored["room"])["room"][0]

    phases: list[tuple[str, int, Callable[[], Awaitable[None]]]] = [
        ("clicks that store: a move, a keep, an answer, a room", 4, setup),
        (
            "visits of one ?game= link",
            VISITS,
            lambda: visits(url, [("play", f"game={game}&seed=8")] * VISITS, run, "?game="),
        ),
        (
            "visits of ?match=, ?box=, ?run=, a review link, the board, the join link",
            6 * LINK_VISITS,
            lambda: visits(
                url,
                [
                    ("play", stored["match"]),
                    ("sandbox", stored["box"]),
                    ("quiz", stored["run"]),
                    ("review", f"game={review_link()}"),
                    ("room", f"room={code()}"),
                    ("join", f"room={code()}"),
                ]
                * LINK_VISITS,
                run,
                "stored link",
            ),
        ),
        (
            "joins to one room, at once",
            JOINS,
            lambda: burst(
                url,
                "join",
                f"room={code()}",
                "join_form",
                lambda n: {"join_code": code(), "join_name": f"Pupil {n}"},
                run,
                "join",
                JOINS,
            ),
        ),
        (
            f"rooms opened at once from {SOURCE}",
            OPENINGS,
            lambda: burst(
                url, "room", "", "room_open", lambda n: {}, run, "opening", OPENINGS, SOURCE
            ),
        ),
        ("hostile addresses", len(hostile()), lambda: visits(url, hostile(), run, "hostile")),
        ("wrong codes typed in the join form", WRONG_CODES, lambda: wrong_codes(url, run)),
    ]
    for name, count, phase in phases:
        if time.monotonic() > deadline:
            run.skipped.append(name)
            continue
        started = time.perf_counter()
        await phase()
        run.phases.append((name, count, time.perf_counter() - started))
    return run


async def wrong_codes(url: str, run: Run) -> None:
    """`WRONG_CODES` fresh sessions typing a made-up code and a nickname in the join form."""
    for n in range(WRONG_CODES):
        client = await connect(url, "join", "")
        await client.run("join_form", typed={"join_code": new_code(), "join_name": f"Guess {n}"})
        await closed(client, run, "wrong code")


def commit(app: Path) -> str:
    """The checkout's commit, short, to head its column (its folder's name outside git)."""
    found = subprocess.run(
        ["git", "-C", str(app), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    return found.stdout.strip() or app.name


@dataclass(frozen=True)
class Result:
    """One checkout's store after the run, and the run."""

    app: Path
    rows: dict[str, int]
    size: int
    run: Run
    seconds: float


def measure(app: Path, budget: float) -> Result:
    """The adversarial run against a `streamlit run` of checkout `app` on a fresh store."""
    path = Path(tempfile.mkdtemp(prefix="abuse-")) / "store.sqlite3"
    os.environ["PICKOMINO_STORE_URL"] = f"sqlite:///{path}"
    venv = app / ".venv" / "bin" / "python"
    started = time.perf_counter()
    with streamlit_server(python=venv if venv.exists() else sys.executable, root=app) as url:
        run = asyncio.run(adversary(url, budget))
    return Result(app, census(path), file_bytes(path), run, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--app",
        type=Path,
        nargs="+",
        default=[ROOT],
        help="checkouts to serve, each with a fresh store (an older one first: before, after)",
    )
    parser.add_argument("--budget", type=float, default=900, help="seconds before no new phase")
    options = parser.parse_args()
    results = [measure(app.resolve(), options.budget) for app in options.app]
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for result in results:
        print(f"{result.app} ({commit(result.app)}): {result.seconds:.0f} s")
        for name, count, seconds in result.run.phases:
            print(f"  {count} {name}: {seconds:.1f} s")
        for name in result.run.skipped:
            print(f"  not run, time budget spent: {name}")
    header = " → ".join(commit(result.app) for result in results)
    print(f"| rows | {header} |")
    print("|---|---|")
    names = sorted({name for result in results for name in result.rows})
    for name in names:
        print(f"| {name} | {' → '.join(str(result.rows.get(name, 0)) for result in results)} |")
    sizes = " → ".join(f"{result.size / 1024:.0f} KiB" for result in results)
    print(f"| file size after a checkpoint | {sizes} |")
    shown = " → ".join(str(len(result.run.errors)) for result in results)
    print(f"| exceptions the pages showed | {shown} |")
    for result in results:
        for error in result.run.errors[:10]:
            print(f"  {commit(result.app)}: {error[:200]}")


if __name__ == "__main__":
    main()
