"""What a fault of the store costs a click, on SQLite and on PostgreSQL.

Run with `uv run --group dev python benchmarks/store_fault.py` (as root, with Debian's PostgreSQL
server binaries: the PostgreSQL half starts a throwaway server of its own, `tests/throwaway_pg.py`,
to stop it; without them that half is skipped). For each fault, the store as the app holds it
(`open_store(url, connect=False)`) is asked to write a document several times in a row, each
call timed: the first call after the fault, then calls within `RETRY_AFTER` of it, then one past
it. Then a sandbox click (Roll, through AppTest) with the database working and failing.

Bounded: temporary files, one server on 127.0.0.1, a few dozen calls.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pickomino import store  # noqa: E402
from pickomino.pages import spec_of  # noqa: E402
from pickomino.store import StoreError, backends, open_store  # noqa: E402
from tests import throwaway_pg  # noqa: E402

CALLS = 4
"""Calls right after the fault (the first waits, the others are refused at once)."""


def timed(call: Callable[[], object]) -> tuple[float, str]:
    """Milliseconds the call took, and what it gave: "saved" or the refusal's kind."""
    started = time.perf_counter()
    try:
        call()
        outcome = "saved"
    except StoreError as error:
        outcome = type(error).__name__
    return (time.perf_counter() - started) * 1000, outcome


def series(
    name: str, url: str, down: Callable[[], None], up: Callable[[], None], used: bool = True
) -> None:
    """Calls with the database down, one after `RETRY_AFTER`, one after it is back.

    `used`: the store wrote once before the fault; else the fault is there from the start.
    """
    db = open_store(url, connect=False)
    if used:
        db.create("game", {"warm": True})
    down()
    try:
        first = [timed(lambda: db.create("game", {})) for _ in range(CALLS)]
        time.sleep(store.RETRY_AFTER)
        later = timed(lambda: db.create("game", {}))
    finally:
        up()
    time.sleep(store.RETRY_AFTER)
    back = timed(lambda: db.create("game", {}))
    db.close()
    cells = [f"{ms:7.1f} ms {outcome}" for ms, outcome in first]
    print(f"{name}:")
    print(f"  right after the fault:        {cells[0]}")
    print(f"  the next {CALLS - 1} calls (within {store.RETRY_AFTER:g} s): {'; '.join(cells[1:])}")
    print(f"  after {store.RETRY_AFTER:g} s, still down:      {later[0]:7.1f} ms {later[1]}")
    print(f"  once back (after {store.RETRY_AFTER:g} s):       {back[0]:7.1f} ms {back[1]}")


def sandbox_clicks(url: str, down: Callable[[], None], up: Callable[[], None]) -> None:
    """A Roll click on the sandbox through AppTest, the store working then failing (median of 5)."""
    from streamlit.testing.v1 import AppTest

    from pickomino.ui import storage

    os.environ[storage.URL_SETTING] = url
    storage.store.clear()

    def clicks() -> list[float]:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.query_params["lang"] = "en"
        at.switch_page(spec_of("sandbox").file)
        at.run()
        spent = []
        for _ in range(5):
            started = time.perf_counter()
            at.button(key="sandbox_roll").click().run()
            spent.append((time.perf_counter() - started) * 1000)
            at.button(key="sandbox_undo").click().run()
        return spent

    clicks()  # warm: the first page run in a process builds its caches
    working = clicks()
    down()
    try:
        failing = clicks()
    finally:
        up()
    storage.store().close()
    storage.store.clear()
    print(
        f"  a sandbox Roll click: {statistics.median(working):.0f} ms working, "
        f"{statistics.median(failing):.0f} ms failing (first {failing[0]:.0f} ms)"
    )


def sqlite_faults(folder: Path) -> None:
    path = folder / "store.sqlite3"
    url = f"sqlite:///{path}"
    files = [str(path) + suffix for suffix in ("", "-wal", "-shm")]

    def immutable() -> None:
        subprocess.run(["chattr", "+i", *files], check=True)

    def mutable() -> None:
        subprocess.run(["chattr", "-i", *files], check=True)

    if subprocess.run(["chattr", "-i", str(folder)], capture_output=True).returncode == 0:
        series("SQLite, its files made immutable (chattr +i)", url, immutable, mutable)
    holder = sqlite3.connect(folder / "held.sqlite3", isolation_level=None)
    held_url = f"sqlite:///{folder}/held.sqlite3"
    series(
        "SQLite, locked by another server stuck mid-write",
        held_url,
        lambda: holder.execute("BEGIN EXCLUSIVE"),
        lambda: holder.execute("ROLLBACK"),
    )
    blocker = folder / "blocked"
    series(
        "SQLite, its folder not makeable (a file in the way)",
        f"sqlite:///{blocker}/store.sqlite3",
        lambda: blocker.write_text("in the way"),
        blocker.unlink,
        used=False,
    )
    sandbox_clicks(
        held_url, lambda: holder.execute("BEGIN EXCLUSIVE"), lambda: holder.execute("ROLLBACK")
    )


def postgres_faults() -> None:
    missing = throwaway_pg.available()
    if missing is not None:
        print(f"PostgreSQL skipped: {missing}")
        return
    import psycopg

    with throwaway_pg.server() as server:
        series(
            "PostgreSQL, stopped after the store connected", server.url, server.stop, server.start
        )
        server.stop()
        series("PostgreSQL, down from the start", server.url, lambda: None, server.start, False)
        holder = psycopg.connect(server.url)

        def hold() -> None:
            holder.execute("LOCK TABLE documents IN ACCESS EXCLUSIVE MODE")

        series(
            "PostgreSQL, a statement held up by another's lock", server.url, hold, holder.rollback
        )
        holder.close()
        sandbox_clicks(server.url, server.stop, server.start)


def main() -> None:
    print(
        f"RETRY_AFTER {store.RETRY_AFTER:g} s, SQLite busy timeout"
        f" {backends._SQLITE_BUSY_SECONDS:g} s, PostgreSQL connect"
        f" {backends._PG_CONNECT_SECONDS:g} s, statement {backends._PG_STATEMENT_MS / 1000:g} s"
    )
    with tempfile.TemporaryDirectory(prefix="pickomino-fault-") as folder:
        sqlite_faults(Path(folder))
    postgres_faults()


if __name__ == "__main__":
    main()
