"""The room's pulse over plain HTTP (`ui.pulse`), on both stores, without Streamlit."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette

from pickomino import rooms
from pickomino.activities.table import Opened, Tables
from pickomino.rooms import Limit
from pickomino.store import Store, StoreFault
from pickomino.ui import pulse

NOW = 1_000_000.0


def get(app: Starlette, path: str, address: str = "10.0.0.1") -> tuple[int, Any, str]:
    """The status, the JSON and the Cache-Control of a GET of `path` from `address`."""
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
        "query_string": b"",
        "headers": [],
        "client": (address, 50000),
        "server": ("test", 80),
    }
    asyncio.run(app(scope, receive, send))
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], json.loads(body), headers["cache-control"]


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
