"""What the browser tests share: Debian's Chromium, a `streamlit run` server on 127.0.0.1, and a
page opened once the app has connected and finished its run.

Playwright's own browser download does not work here, so Chromium comes from apt-get; without it
the browser tests are skipped with that reason rather than failing on a missing binary.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parent.parent
READY = (
    "[data-testid='stApp'][data-test-connection-state='CONNECTED']"
    "[data-test-script-state='notRunning']"
)
"""The app is connected and no script runs: the moment a click or an assertion is safe."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 60_000

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (apt-get install chromium)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def streamlit_server() -> Iterator[str]:
    """`streamlit run app.py` on a free port of 127.0.0.1, stopped on exit; yields its URL."""
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.address",
               "127.0.0.1", "--server.port", str(port), "--server.headless", "true"]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("streamlit did not answer its health check within a minute")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser: Browser, url: str, width: int, height: int, **options: Any) -> Page:
    """A new page of `width` x `height` at `url`, returned once the app is ready for a click."""
    page = browser.new_page(viewport={"width": width, "height": height}, **options)
    page.goto(url)
    ready(page)
    return page


IMAGES_LOADED = "Array.from(document.images).every(image => image.complete)"
"""Every drawing is in place: until then the page grows as images load, and a click aimed at a
link lands on whatever moved under it (a FAQ link opened the next question's situation)."""


def ready(page: Page) -> None:
    """Wait until the app has answered the last action and its drawings are loaded."""
    page.wait_for_selector(READY, timeout=WAIT_MS)
    page.wait_for_function(IMAGES_LOADED, timeout=WAIT_MS)
