"""Fixtures of the browser tests (one server for the whole run, one browser per test)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import chromium, streamlit_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app served by `streamlit run` on 127.0.0.1 for every browser test."""
    with streamlit_server() as url:
        yield url


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A fresh Chromium for one test."""
    with chromium() as launched:
        yield launched
