"""The adversarial benchmark's count of a store (`benchmarks/abuse.py`), on a store of its own.

The benchmark's figures (before and after issue 30, in the README) are these counts; a count that
missed a table or a kind, or a size taken with the log still beside the file, would misstate them.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.abuse import census, file_bytes
from pickomino import rooms
from pickomino.store import open_store


def test_census_counts_every_table_and_each_kind_of_document(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        store.create("game", {"n": 1})
        store.create("game", {"n": 2})
        store.create("quiz", {"n": 3})
        code, token = rooms.new_code(), rooms.new_token()
        room = rooms.open_room(code, token, "en", time.time())
        id = store.create_room(code, room.to_json(), rooms.MAX_PUPILS, rooms.KEPT_AFTER).id
        assert store.join_room(id, rooms.pupil_id(rooms.new_token()), "Ana") == "joined"
    assert census(path) == {
        "documents: game": 2,
        "documents: quiz": 1,
        "documents: room": 1,
        "documents": 4,
        "room_answers": 0,
        "room_pupils": 1,
        "rooms": 1,
    }


def test_file_bytes_is_the_file_with_its_log_written_back(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    wal = tmp_path / "store.sqlite3-wal"
    store = open_store(f"sqlite:///{path}")
    store.create("game", {"moves": "x" * 50_000})
    assert wal.stat().st_size > 0  # the write is in the log while the store is open
    size = file_bytes(path)
    assert wal.stat().st_size == 0
    assert size == path.stat().st_size > 50_000
    store.close()
