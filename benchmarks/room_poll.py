"""Where a live room's poll spends its time: the store's reads, and the page's whole run.

Run with `uv run --group dev python benchmarks/room_poll.py [--postgres URL] [--entry app.py]`
(the server runs serve.py, as the app deploys; app.py: without the room's pulse route). A room of
30 pupils with a quiz question open and 29 answers in; measured:

- each store read a poll may make (the pulse, the room's document, its pupils, its answers),
  alone, 50 times;
- the round trip of one phone's poll and of the board's (a rerun of the page's fragment over
  Streamlit's websocket, `benchmarks/ws_load.py`'s light client), 40 times with nothing
  changed and 40 times with an answer written before each (so the page reads the room again);
- what one phone's poll sends: bytes and messages;
- the class left open once the lesson is over: the server's CPU a second over `QUIET_S` seconds
  with no page polling, then with the teacher's board alone (what a board waiting for nothing
  costs), then with every pupil's phone polling as its browser does in the open room where
  nothing changes (so what a waiting phone costs), then with the board polling too, then once
  the room is closed (a closed room's pages stop polling).

Bounded: only 127.0.0.1, one server, a few hundred runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.class_load import cpu_ms, server_pid  # noqa: E402
from benchmarks.room_load import QUIZ, look, poll, postgres_schema  # noqa: E402
from benchmarks.ws_load import Client, connect  # noqa: E402
from pickomino import rooms  # noqa: E402
from pickomino.lessons.quiz import questions, read_code  # noqa: E402
from pickomino.store import Store, open_store  # noqa: E402
from pickomino.ui.pulse import MOVED_KEY  # noqa: E402
from tests.browser import streamlit_server  # noqa: E402

PUPILS = 30
QUIET_S = 10.0
"""How long the class left open is measured, in each state."""
SETTLE_S = 5.0
"""How long each state is left before it is measured: every page has seen it and polls at its
pace, and the server is done with the sessions just opened (their first seconds cost more)."""


def median_ms(action: Callable[[], object], times: int) -> float:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        action()
        spent.append(time.perf_counter() - started)
    return statistics.median(spent) * 1000


async def polls(
    server: str, client: Client, store: Store, id: str, pupils: list[str], label: str
) -> None:
    last = await client.ask(f"{server}/{client.pulse}") if client.pulse else None
    for moved in (False, True):
        spent = []
        for n in range(40):
            if moved:
                store.answer(id, rooms.pupil_id(pupils[1 + n % (PUPILS - 1)]), 1, n % 2)
            started = time.perf_counter()
            if client.pulse:  # the page's own poll of the pulse (serve.py)
                last = await look(client, server, last, hold=False)  # one answer's round trip
            else:
                await client.run()
            spent.append(time.perf_counter() - started)
        what = "the room moved" if moved else "nothing changed"
        print(f"{label} poll round trip, {what}: median {statistics.median(spent) * 1000:.1f} ms")


async def measure(
    server: str, store: Store, id: str, code: str, token: str, pupils: list[str]
) -> None:
    phone = await connect(
        server, "join", urlencode({"room": code, "pupil": pupils[0], "lang": "fr"})
    )
    await polls(server, phone, store, id, pupils, "phone")
    sizes: list[int] = []
    read = phone.read

    def counted(data: str | bytes) -> bool:
        sizes.append(len(data))
        return read(data)

    phone.read = counted  # type: ignore[method-assign]
    await phone.run(trigger=MOVED_KEY if phone.pulse else None)
    which = " that runs the watcher" if phone.pulse else ""
    print(f"one phone poll{which} sends {sum(sizes) / 1000:.1f} KB in {len(sizes)} messages")
    board = await connect(server, "room", urlencode({"room": code, "control": token, "lang": "en"}))
    await polls(server, board, store, id, pupils, "board")
    for client in (phone, board):
        await client.socket.close()
    await left_open(server, store, id, code, token, pupils)


async def left_open(
    server: str, store: Store, id: str, code: str, token: str, pupils: list[str]
) -> None:
    """Every phone open on a room where nothing happens, then the board too, then the room closed.

    First the server with no page polling, then the teacher's board alone, each over `QUIET_S`:
    what a board waiting for nothing costs, apart from the phones. Then the phones alone, so what
    each costs while waiting is read apart from the board (the idle server's own few ms a second
    are counted in the phones' share)."""
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    clients: list[Client] = []

    async def join(path: str, query: dict[str, str]) -> None:
        client = await connect(server, path, urlencode(query))
        clients.append(client)
        tasks.append(asyncio.create_task(poll(client, stop, lambda *_: None, server)))

    pid = server_pid(server)
    board_query = urlencode({"room": code, "control": token, "lang": "en"})
    idle = await quiet_cpu(pid)
    board, board_stop = await connect(server, "room", board_query), asyncio.Event()
    polled = asyncio.create_task(poll(board, board_stop, lambda *_: None, server))
    alone = await quiet_cpu(pid)
    board_stop.set()
    await polled
    await board.socket.close()
    how = "its own poll of the pulse" if board.pulse else "Streamlit's poll of its fragment"
    print(
        f"the server with no page polling: {idle:.1f} ms of CPU a second; with the board alone "
        f"({how}, every {board.interval:.1f} s): {alone:.1f} ms, so the board {alone - idle:.1f} ms"
    )
    for pupil in pupils:
        await join("join", {"room": code, "pupil": pupil, "lang": "fr"})
    for state in ("open", "open, with the board", "closed"):
        if state == "open, with the board":
            await join("room", {"room": code, "control": token, "lang": "en"})
        if state == "closed":
            document = store.read("room", id)
            closed = rooms.close_room(rooms.Room.from_json(document.data), time.time())
            opened = rooms.open_question(closed, time.time())
            store.update_room(id, closed.to_json(), document.version, opened, rooms.KEPT_AFTER)
        spent = await quiet_cpu(pid)
        polling = sum(1 for client in clients if client.fragment or client.pulse)
        print(
            f"{PUPILS} phones left open, the room {state}: server CPU "
            f"{spent:.0f} ms a second, {polling} of {len(clients)} pages polling"
        )
        if state == "open":
            print(f"  a waiting phone: {spent / PUPILS:.2f} ms of server CPU a second")
    stop.set()
    await asyncio.gather(*tasks)
    for client in clients:
        await client.socket.close()


async def quiet_cpu(pid: int) -> float:
    """The server's CPU in ms a second over `QUIET_S`, after `SETTLE_S` left to settle."""
    await asyncio.sleep(SETTLE_S)
    cpu, started = cpu_ms(pid), time.perf_counter()
    await asyncio.sleep(QUIET_S)
    return (cpu_ms(pid) - cpu) / (time.perf_counter() - started)


def run(url: str, entry: str) -> None:
    os.environ["PICKOMINO_STORE_URL"] = url
    first = questions(read_code(QUIZ))[0]
    with open_store(url) as store:
        token, code = rooms.new_token(), rooms.new_code()
        room = rooms.open_room(code, token, "en", time.time())
        room = rooms.ask_quiz(
            room, QUIZ, 0, first.table, len(first.choices), first.answer, time.time()
        )
        id = store.create_room(code, room.to_json(), rooms.MAX_PUPILS, rooms.KEPT_AFTER).id
        store.update_room(id, room.to_json(), 1, 1, rooms.KEPT_AFTER)
        pupils = [rooms.new_token() for _ in range(PUPILS)]
        for n, pupil in enumerate(pupils):
            store.join_room(id, rooms.pupil_id(pupil), f"Pupil {n}")
        for n, pupil in enumerate(pupils[1:]):
            store.answer(id, rooms.pupil_id(pupil), 1, n % 2)
        reads: dict[str, Callable[[], object]] = {
            "pulse": lambda: store.room_pulse(id),
            "room": lambda: store.read("room", id),
            "pupils": lambda: store.pupils(id),
            "answers": lambda: store.answers(id),
        }
        for name, action in reads.items():
            print(f"store read, {name}: median {median_ms(action, 50):.2f} ms")
        with streamlit_server(entry=entry) as server:
            asyncio.run(measure(server, store, id, code, token, pupils))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"machine load average at the end (1, 5, 15 min): {load} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--postgres", metavar="URL", help="postgresql://... (a fresh schema)")
    parser.add_argument(
        "--entry", default="serve.py", help="the file served (app.py: no pulse route)"
    )
    args = parser.parse_args()
    if args.postgres:
        with postgres_schema(args.postgres) as url:
            run(url, args.entry)
    else:
        run(f"sqlite:///{tempfile.mkdtemp(prefix='room-poll-')}/store.sqlite3", args.entry)


if __name__ == "__main__":
    main()
