"""The room's pulse over plain HTTP (`ui.room.pulse`), on both stores, without Streamlit."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.applications import Starlette

from pickomino import rooms
from pickomino.rooms import Limit
from pickomino.store import Store, StoreFault
from pickomino.ui.room import pulse

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
