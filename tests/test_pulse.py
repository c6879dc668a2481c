"""The room's pulse over plain HTTP (`ui.pulse`), on both stores, without Streamlit."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Final

import pytest
from starlette.applications import Starlette

from pickomino import rooms
from pickomino.activities.table import Opened, Tables
from pickomino.rooms import Limit
from pickomino.store import EXPIRY, Store, StoreFault, open_store
from pickomino.ui import pulse
from tests.stores import Clock

NOW = 1_000_000.0


async def fetch(
    app: Starlette, path: str, address: str = "10.0.0.1", query: str = ""
) -> tuple[int, Any, str]:
    """The status, the JSON and the Cache-Control of a GET of `path?query` from `address`."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query.encode(),
        "headers": [],
        "client": (address, 50000),
        "server": ("test", 80),
    }
    await app(scope, receive, send)
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], json.loads(body), headers["cache-control"]


def get(
    app: Starlette, path: str, address: str = "10.0.0.1", query: str = ""
) -> tuple[int, Any, str]:
    """`fetch`, on an event loop of its own."""
    return asyncio.run(fetch(app, path, address, query))


def served(store: Store, limit: int = 100) -> Starlette:
    return Starlette(routes=[pulse.route(lambda: store, lambda: NOW, Limit(limit))])


def open_room(store: Store) -> str:
    room = rooms.open_room(rooms.new_code(), rooms.new_token(), "en", NOW)
    return store.create_room(room.code, room.to_json(), rooms.MAX_PUPILS, rooms.KEPT_AFTER).id


def test_the_pulse_moves_with_every_change_to_the_room(db: Store) -> None:
    id = open_room(db)
    app = served(db)
    status, said, cache = get(app, f"/pulse/{id}")
    assert (status, cache) == (200, "no-store")
    assert said == {"pulse": db.room_pulse(id).pulse, "now": NOW}  # the clock, for a page's wake
    db.join_room(id, rooms.pupil_id(rooms.new_token()), "Ada")
    assert get(app, f"/pulse/{id}")[1] == {"pulse": said["pulse"] + 1, "now": NOW}


def test_a_room_gone_answers_no_pulse(db: Store) -> None:
    assert get(served(db), "/pulse/no-such-room")[:2] == (404, {"pulse": None})
    assert get(served(db), "/pulse/" + "x" * 5000)[:2] == (404, {"pulse": None})


def test_the_pulse_tells_nothing_of_the_room_but_its_count_of_changes(db: Store) -> None:
    teacher, pupil = rooms.new_token(), rooms.new_token()
    room = rooms.open_room(rooms.new_code(), teacher, "en", NOW)
    id = db.create_room(room.code, room.to_json(), rooms.MAX_PUPILS, rooms.KEPT_AFTER).id
    db.join_room(id, rooms.pupil_id(pupil), "Ada")
    status, said, _ = get(served(db), f"/pulse/{id}")
    assert status == 200 and set(said) == {"pulse", "now"}
    text = json.dumps(said)
    for secret in (teacher, pupil, rooms.pupil_id(pupil), room.code, "Ada"):
        assert secret not in text


def test_an_address_is_held_to_its_limit_and_no_other(db: Store) -> None:
    id = open_room(db)
    reads: list[str] = []

    def counted() -> Store:
        reads.append(id)
        return db

    app = Starlette(routes=[pulse.route(counted, lambda: NOW, Limit(2))])
    assert [get(app, f"/pulse/{id}")[:2] for _ in range(3)] == [
        (200, {"pulse": db.room_pulse(id).pulse, "now": NOW}),
    ] * 2 + [(429, {"pulse": None})]
    assert len(reads) == 2  # a request past the limit never reaches the store
    assert get(app, f"/pulse/{id}", address="10.0.0.2")[0] == 200


def test_a_store_at_fault_answers_no_pulse() -> None:
    def faulty() -> Store:
        raise StoreFault("OperationalError")

    app = Starlette(routes=[pulse.route(faulty, lambda: NOW, Limit(10))])
    assert get(app, "/pulse/any") == (
        503,
        {"pulse": None},
        "no-store",
    )  # the whole answer: no trace


def both(store: Callable[[], Store], limit: int = 100) -> Starlette:
    """The routes as serve.py mounts them: the room's and the table's, one limit for both."""
    return Starlette(routes=pulse.routes(store, lambda: NOW, Limit(limit)))


def seated_table(store: Store) -> tuple[Tables, Opened, list[str]]:
    """A table of two, both seats claimed: its tables, the host's table and the players' tokens."""
    at = Tables(store, lambda: NOW)
    opened = at.open(2)
    tokens = [
        at.claim(opened.id, link, name)
        for link, name in zip(opened.links, ("Ana", "Bob"), strict=True)
    ]
    return at, opened, tokens


def test_a_tables_version_moves_with_every_seat_taken_and_every_move(db: Store) -> None:
    at = Tables(db, lambda: NOW)
    opened = at.open(2)
    app = both(lambda: db)
    status, said, cache = get(app, f"/pulse/table/{opened.id}")
    assert (status, said, cache) == (200, {"pulse": 1, "now": NOW}, "no-store")
    token = at.claim(opened.id, opened.links[0], "Ana")
    at.claim(opened.id, opened.links[1], "Bob")
    assert get(app, f"/pulse/table/{opened.id}")[1] == {"pulse": 3, "now": NOW}
    view = at.play(opened.id, token, 0, at.seat(opened.id, token).moves()[0])
    assert get(app, f"/pulse/table/{opened.id}")[1] == {"pulse": view.version, "now": NOW} != said


def test_a_table_gone_or_no_table_answers_no_version(db: Store) -> None:
    app = both(lambda: db)
    room = open_room(db)
    for path in ("no-such-table", "x" * 5000, room):  # a room's id is no table's
        assert get(app, f"/pulse/table/{path}")[:2] == (404, {"pulse": None})
    table = Tables(db, lambda: NOW).open(2).id
    assert get(app, f"/pulse/{table}")[:2] == (404, {"pulse": None})  # nor a table's a room's


def test_a_tables_version_tells_nothing_of_its_seed_seats_or_moves(db: Store) -> None:
    at, opened, tokens = seated_table(db)
    status, said, _ = get(both(lambda: db), f"/pulse/table/{opened.id}")
    assert status == 200 and set(said) == {"pulse", "now"}
    text = json.dumps(said)
    secrets = [*tokens, *opened.links, opened.host, str(at.load(opened.id).seed), "Ana", "Bob"]
    assert not [secret for secret in secrets if secret in text]


def test_an_address_is_held_to_one_limit_over_the_rooms_and_the_tables_routes(db: Store) -> None:
    room, table = open_room(db), Tables(db, lambda: NOW).open(2).id
    reads: list[str] = []

    def counted() -> Store:
        reads.append("read")
        return db

    app = both(counted, limit=2)
    assert get(app, f"/pulse/{room}")[0] == 200
    assert get(app, f"/pulse/table/{table}")[0] == 200
    assert get(app, f"/pulse/table/{table}")[:2] == (429, {"pulse": None})
    assert get(app, f"/pulse/{room}")[:2] == (429, {"pulse": None})
    assert len(reads) == 2  # a request past the limit never reaches the store
    assert get(app, f"/pulse/table/{table}", address="10.0.0.2")[:2] == (
        200,
        {"pulse": 1, "now": NOW},
    )


def test_a_store_at_fault_answers_no_version_of_a_table() -> None:
    def faulty() -> Store:
        raise StoreFault("OperationalError")

    assert get(both(faulty), "/pulse/table/any") == (503, {"pulse": None}, "no-store")


LONG: Final = 3600.0
"""A hold or a sweep longer than any test: what answers a held request in these tests is the
thing each test is about, or the test fails (`GUARD`)."""
GUARD: Final = 30.0
"""How long a test waits on an answer that comes at once when it works (no measure of speed:
only that it did not wait its hold of an hour)."""


def holding(
    store: Callable[[], Store],
    hold: float = LONG,
    every: float = LONG,
    now: Callable[[], float] = lambda: NOW,
) -> tuple[Starlette, pulse.Held]:
    """The table's route, holding requests `hold` seconds, its store read each `every` seconds."""
    held = pulse.Held(store, every)
    return Starlette(routes=[pulse.route(store, now, Limit(100), pulse.TABLE, held, hold)]), held


async def waiting(held: pulse.Held, count: int) -> None:
    """Until `count` requests are held."""
    while len(held) != count:
        await asyncio.sleep(0.01)


def test_a_held_request_answers_the_moment_this_server_moves_the_table(db: Store) -> None:
    at, opened, tokens = seated_table(db)
    app, held = holding(lambda: db)
    version = db.version("table", opened.id)

    async def scenario() -> tuple[int, Any, str]:
        asked = asyncio.create_task(
            fetch(app, f"/pulse/table/{opened.id}", query=f"since={version}")
        )
        await waiting(held, 1)
        await asyncio.sleep(0.2)  # its first read done: only the write's word can answer it
        await asyncio.to_thread(
            at.play, opened.id, tokens[0], 0, at.seat(opened.id, tokens[0]).moves()[0]
        )
        async with asyncio.timeout(GUARD):
            return await asked

    status, said, _ = asyncio.run(scenario())
    assert (status, said) == (200, {"pulse": version + 1, "now": NOW})
    assert len(held) == 0


def test_a_request_knowing_an_old_number_is_answered_at_once(db: Store) -> None:
    _, opened, _ = seated_table(db)
    app, _ = holding(lambda: db)

    async def scenario() -> tuple[int, Any, str]:
        async with asyncio.timeout(GUARD):
            return await fetch(app, f"/pulse/table/{opened.id}", query="since=1")

    assert asyncio.run(scenario())[:2] == (200, {"pulse": 3, "now": NOW})  # two seats taken


def test_a_held_request_ends_at_its_hold_or_its_wake_with_the_number_it_knew(db: Store) -> None:
    opened = Tables(db, lambda: NOW).open(2)
    app, held = holding(lambda: db, hold=0.05)
    assert get(app, f"/pulse/table/{opened.id}", query="since=1")[:2] == (
        200,
        {"pulse": 1, "now": NOW},
    )
    clock = [NOW]
    app, held = holding(lambda: db, now=lambda: clock[0])

    async def woken(wake: float) -> tuple[int, Any, str]:
        async with asyncio.timeout(GUARD):  # not its hold of an hour
            return await fetch(app, f"/pulse/table/{opened.id}", query=f"since=1&wake={wake}")

    assert asyncio.run(woken(NOW + 0.05))[:2] == (200, {"pulse": 1, "now": NOW})
    assert asyncio.run(woken(NOW - 5))[:2] == (200, {"pulse": 1, "now": NOW})  # a wake past
    assert len(held) == 0


def test_a_held_request_sees_another_servers_write(url: str, clock: Clock, db: Store) -> None:
    _, opened, tokens = seated_table(db)
    app, held = holding(lambda: db, every=0.05)  # this server reads; the other one writes
    version = db.version("table", opened.id)

    async def scenario() -> tuple[int, Any, str]:
        asked = asyncio.create_task(
            fetch(app, f"/pulse/table/{opened.id}", query=f"since={version}")
        )
        await waiting(held, 1)
        with open_store(url, clock) as other:
            there = Tables(other, lambda: NOW)
            await asyncio.to_thread(
                there.play, opened.id, tokens[0], 0, there.seat(opened.id, tokens[0]).moves()[0]
            )
        async with asyncio.timeout(GUARD):
            return await asked

    assert asyncio.run(scenario())[:2] == (200, {"pulse": version + 1, "now": NOW})


def test_held_requests_are_capped_by_address_and_in_all(
    db: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = Tables(db, lambda: NOW).open(2)
    monkeypatch.setattr(pulse, "HELD_PER_ADDRESS", 2)
    monkeypatch.setattr(pulse, "HELD", 3)
    app, held = holding(lambda: db)
    path = f"/pulse/table/{opened.id}"

    async def scenario() -> list[tuple[int, Any]]:
        asked = [
            asyncio.create_task(fetch(app, path, address, "since=1"))
            for address in ("10.0.0.1", "10.0.0.1", "10.0.0.2")
        ]
        await waiting(held, 3)
        refused = [
            (await fetch(app, path, address, "since=1"))[:2]
            for address in ("10.0.0.1", "10.0.0.3")  # past its address's cap, past the server's
        ]
        plain = (await fetch(app, path, "10.0.0.3"))[:2]  # a request held by nobody: answered
        await asyncio.to_thread(db.update, "table", opened.id, db.read("table", opened.id).data, 1)
        async with asyncio.timeout(GUARD):
            answered = [(await one)[:2] for one in asked]
        return [*refused, plain, *answered]

    assert (
        asyncio.run(scenario())
        == [(429, {"pulse": None})] * 2
        + [(200, {"pulse": 1, "now": NOW})]
        + [(200, {"pulse": 2, "now": NOW})] * 3
    )
    assert len(held) == 0


def test_a_held_request_at_a_store_at_fault_or_a_table_gone_answers_no_version(
    db: Store,
) -> None:
    def faulty() -> Store:
        raise StoreFault("OperationalError")

    assert get(holding(faulty)[0], "/pulse/table/any", query="since=1") == (
        503,
        {"pulse": None},
        "no-store",
    )
    assert get(holding(lambda: db)[0], "/pulse/table/gone", query="since=1")[:2] == (
        404,
        {"pulse": None},
    )


def test_a_sweep_answers_a_table_gone_and_holds_the_others(
    url: str, clock: Clock, db: Store
) -> None:
    tables = Tables(db, lambda: NOW)
    gone, kept = tables.open(2).id, tables.open(2).id
    app, held = holding(lambda: db, every=0.05)

    async def scenario() -> list[tuple[int, Any]]:
        asked = [
            asyncio.create_task(fetch(app, f"/pulse/table/{id}", query="since=1"))
            for id in (gone, kept)
        ]
        await waiting(held, 2)
        clock.advance(EXPIRY - timedelta(seconds=1))
        db.touch("table", kept)  # kept a while longer than the other
        clock.advance(timedelta(seconds=2))
        async with asyncio.timeout(GUARD):
            first = (await asked[0])[:2]
        assert len(held) == 1
        with open_store(url, clock) as other:  # written by another server: not told
            other.update("table", kept, other.read("table", kept).data, 1)
        async with asyncio.timeout(GUARD):
            return [first, (await asked[1])[:2]]

    assert asyncio.run(scenario()) == [(404, {"pulse": None}), (200, {"pulse": 2, "now": NOW})]
