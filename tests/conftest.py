"""Shared fixtures: the command line in this process, and the browser tests' server and browser.

The browser tests get one server for each worker's run and one Chromium for every browser test
of that worker in a row, cleared after each test (see tests/browser.py).
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

from pickomino.__main__ import main
from pickomino.ui.storage import URL_SETTING
from tests.browser import Relay, release, streamlit_server
from tests.cli import Ran

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytest_plugins = ["tests.stores"]
"""The store fixtures (`url`, `clock`, `db`) for every test module."""


def pytest_configure(config: pytest.Config) -> None:
    """The app's store in a fresh SQLite file of this test process, never the checkout's.

    Set before any test runs, so AppTest's runs and the browser tests' `streamlit run` (which
    inherits the environment) store what they store there, and nothing leaks between two runs.
    """
    folder = tempfile.mkdtemp(prefix="pickomino-store-")
    os.environ[URL_SETTING] = f"sqlite:///{folder}/store.sqlite3"
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app served by `streamlit run` on 127.0.0.1 for every browser test."""
    with streamlit_server() as url:
        yield url


CHROMIUM = Relay()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """The browser tests' Chromium, with nothing open; what the test opens is closed after it."""
    launched = CHROMIUM.get()
    yield launched
    release(launched)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Close Chromium after the last browser test of a row (see `Relay`), once its fixtures are
    torn down."""
    try:
        return (yield)
    finally:
        if "browser" not in getattr(nextitem, "fixturenames", ()):
            CHROMIUM.close()


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    """`python -m pickomino ARGS` run in this process through `main`, `stdin` as standard input
    (text in UTF-8, or bytes as they are: the command reads its bytes, as from a pipe)."""

    def run(*args: str, stdin: str | bytes | None = None) -> Ran:
        if stdin is not None:
            data = stdin.encode() if isinstance(stdin, str) else stdin
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        capsys.readouterr()  # what the test printed before is not the command's
        code = main(list(args))
        out, err = capsys.readouterr()
        return Ran(code, out, err)

    return run
