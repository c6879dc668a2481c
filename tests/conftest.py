"""Shared fixtures: the command line in this process, and the browser tests' server and browser.

The browser tests get one server for each worker's run and one Chromium for every browser test
of that worker in a row, cleared after each test (see tests/browser.py).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

from pickomino.__main__ import main
from tests.browser import Relay, release, streamlit_server
from tests.cli import Ran

if TYPE_CHECKING:
    from playwright.sync_api import Browser


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
    """`python -m pickomino ARGS` run in this process through `main`, `stdin` as standard input."""

    def run(*args: str, stdin: str | None = None) -> Ran:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()  # what the test printed before is not the command's
        code = main(list(args))
        out, err = capsys.readouterr()
        return Ran(code, out, err)

    return run
