"""The store's two backends as fixtures, for every test that keeps something in a store.

`url` gives a test a store of its own on each backend: a SQLite file in a folder not made yet, and
a schema of its own in the PostgreSQL database PICKOMINO_TEST_POSTGRES_URL names (`.ci/run`
installs and starts one; without it that half is skipped with a message saying how to get one),
so parallel workers never see each other's rows. Time is a `Clock` the test moves on by hand:
expiry is tested without waiting a month. Registered for every test module by `conftest.py`.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from pickomino.store import Store, open_store

POSTGRES = os.environ.get("PICKOMINO_TEST_POSTGRES_URL")
NO_POSTGRES = (
    "PostgreSQL tests skipped: set PICKOMINO_TEST_POSTGRES_URL to "
    "postgresql://USER:PASSWORD@HOST:PORT/DATABASE, a database where that user may create schemas "
    "(as root on Debian, .ci/run installs, starts and creates one; see docs/store.md)"
)
START = datetime(2026, 3, 1, 8, 30, tzinfo=UTC)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgresql", marks=pytest.mark.skipif(POSTGRES is None, reason=NO_POSTGRES)),
    ]
)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store URL no other test uses: a SQLite file in a folder not made yet, or a fresh schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/not-made-yet/store.sqlite3"
        return
    import psycopg

    assert POSTGRES is not None
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if urlsplit(POSTGRES).query else "?"
    yield f"{POSTGRES}{joiner}options={quote(f'-c search_path={schema}')}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(url: str, clock: Clock) -> Iterator[Store]:
    with open_store(url, clock) as opened:
        yield opened
