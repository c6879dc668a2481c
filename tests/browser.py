"""What the browser tests share: Debian's Chromium, a `streamlit run` server on 127.0.0.1, and a
page opened once the app has connected and finished its run.

A browser test file asks for two fixtures (tests/conftest.py) and opens its pages here:

    from tests.browser import answered, needs_chromium, open_page

    pytestmark = needs_chromium

    def test_something(server: str, browser: Browser) -> None:
        page = open_page(browser, f"{server}/sandbox?lang=fr", 1280, 1000)
        with answered(page):
            page.get_by_role("button", name=...).click()

`server` is one `streamlit run` for the whole run of each pytest-xdist worker (two, see
`pyproject.toml`); `browser` is one Chromium for every browser test in a row (launching it costs
a second or two each time), and after each test whatever the test opened is put away
(`release`): any context it made (`browser.new_context`, `new_page`) closed, its pages blanked
for the next test. `open_page` without options takes its page from one context shared by the
tests, whose cache keeps Streamlit's scripts and Plotly's once loaded
(a fresh context fetches and compiles megabytes of them from the server again); with options
(`is_mobile=True`...) the page gets a context of its own. Each page is still its own Streamlit
session: the server tells sessions by their websocket, not by cookies. Do not close `browser` in
a test.

Wrap every action that makes the app run in `answered(page)`: it returns once that run is drawn
and the page settled, so the next locator finds what the run drew (a wait on Streamlit's own
"not running" state alone returns before the server has even seen the click). A block of several
clicks without waiting in between gives `answered(page, BURST_QUIET_MS)`.

Playwright's own browser download does not work here, so Chromium comes from apt-get; without it
the browser tests are skipped with that reason rather than failing on a missing binary.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

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
ENTRY = "serve.py"
"""The file the servers run: the app with its own routes (`pickomino.ui.pulse`), as it
deploys (README, "Deploy"), so the tests exercise what is served."""
ENTRY_SETTING = "PICKOMINO_TEST_ENTRY"
"""Another file for every server to run, when set (`app.py`: the app without its routes, whose
phones fall back to Streamlit's poll)."""
WAIT_MS = 60_000

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (apt-get install chromium)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def entry_of(root: Path, entry: str = "") -> str:
    """The file a server of the copy at `root` runs: `entry`, else `ENTRY_SETTING`'s, else `ENTRY`;
    app.py in a copy without that file (an older checkout compared, the smallest Streamlit app)."""
    chosen = entry or os.environ.get(ENTRY_SETTING) or ENTRY
    return chosen if (root / chosen).exists() else "app.py"


def server_command(python: str | Path, port: int, entry: str = "", root: Path = ROOT) -> list[str]:
    """`streamlit run serve.py` on `port` of 127.0.0.1 run by `python` in the copy at `root`, for
    tests and benchmarks; `entry`: another file to run (`entry_of`)."""
    entry = entry_of(root, entry)
    return [str(python), "-m", "streamlit", "run", entry, "--server.address",
            "127.0.0.1", "--server.port", str(port), "--server.headless", "true",
            # the code as it was at start: a file saved meanwhile (an edit, a merge) made
            # Streamlit reload changed modules mid-test, and an event of the old class had
            # no sentence in the new one
            "--server.fileWatcherType", "none"]  # fmt: skip


@contextmanager
def streamlit_server(
    python: str | Path = sys.executable,
    root: Path = ROOT,
    port: int | None = None,
    entry: str = "",
) -> Iterator[str]:
    """`streamlit run serve.py` on a free port of 127.0.0.1, stopped on exit; yields its URL.

    `python` and `root`: another environment and copy of the app (the deployment test's);
    `port`: a given one (a server restarted where its pages will reconnect); `entry`: the file
    run (`server_command`)."""
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:  # its last words, should it end before the tests
        process = subprocess.Popen(
            server_command(python, port, entry, root),
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
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
            ended = process.poll()
            process.terminate()
            process.wait(timeout=20)
            if ended is not None:  # every test after its end was refused a connection: say why
                log.seek(0)
                said = log.read()[-3000:].decode(errors="replace")
                pytest.fail(f"the server at {url} ended on its own (exit {ended}):\n{said}")


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, closed on exit.

    Playwright's assertions (`expect`) wait as long as every other wait here, WAIT_MS, instead of
    their own 5 s: on this shared 2-core machine, with two test workers each driving a Chromium, a
    click's answer can take longer than that, and an assertion that gives up first fails a test
    whose page is right a moment later. A page that stays wrong still fails, only later.
    """
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            SHARED.pop(browser, None)
            IDLE.pop(browser, None)
            browser.close()


class Relay:
    """One Chromium handed from browser test to browser test: launched when a test first asks
    (`get`), closed (`close`) before a test that does not use it. Not kept to the end of the run:
    while Playwright's sync API is open its event loop counts as running in this thread, and a
    later test's `asyncio.run` (the notebook's kernel) would fail."""

    def __init__(self) -> None:
        self._stack = ExitStack()
        self._browser: Browser | None = None

    def get(self) -> Browser:
        if self._browser is None:
            self._browser = self._stack.enter_context(chromium())
        return self._browser

    def close(self) -> None:
        self._browser = None
        self._stack.close()


QUIET_MS = 100
"""How long the page must stay unchanged to count as settled after a run: a layout pass or two
(Streamlit measures some elements once drawn, and draws them again to fit)."""
BURST_QUIET_MS = 300
"""The same after a burst of clicks: a click that reached the server during the run starts its
own run right after it, which the page shows a moment later."""
PROBE = """
window.__pickomino = {changed: performance.now()};
const touched = () => { window.__pickomino.changed = performance.now(); };
new MutationObserver(touched).observe(document,
  {subtree: true, childList: true, attributes: true, characterData: true});
document.addEventListener("load", touched, true);
"""
"""Installed in every page before the app loads: the time of the last change to the page (an
element added, changed, or an image loaded)."""
RUN_NUMBER = "document.querySelector('[data-testid=stMain] [data-run]')?.dataset.run ?? null"
"""The number the app draws at the end of each run (`ui.frame.finish_run`), once the browser
has drawn it: Streamlit reports a run finished before the browser has drawn it all, and once the
last thing a run sent is drawn, so is everything it sent before."""
CRASHED = "[data-testid=stException]"
"""Streamlit's report of an exception the page raised (a run that crashed draws no run number)."""
SETTLED = f"""quiet => document.querySelector("{READY}") !== null
  && document.querySelector("[data-testid=stSkeleton]") === null
  && Array.from(document.images).every(image => image.complete)
  && performance.now() - window.__pickomino.changed >= quiet"""
"""No run, no element waiting for its code (Streamlit loads each kind of element's code the first
time one is drawn, showing a skeleton meanwhile), every image loaded, and a quiet spell."""


SHARED: dict[Browser, BrowserContext] = {}
"""Each browser's context for the pages `open_page` opens without options."""
IDLE: dict[Browser, list[Page]] = {}
"""Pages of the shared context a finished test left, blank, for the next `open_page`: a page
already made opens the app about twice as fast as a new one."""


def shared_context(browser: Browser) -> BrowserContext:
    """The context `open_page` uses without options, made on first use, the probe installed."""
    if browser not in SHARED:
        SHARED[browser] = browser.new_context()
        SHARED[browser].add_init_script(PROBE)
    return SHARED[browser]


def open_page(browser: Browser, url: str, width: int, height: int, **options: Any) -> Page:
    """A page of `width` x `height` at `url` (a new Streamlit session), returned once its first
    run is drawn; `options` (Playwright's context options) give it a context of its own."""
    if options:
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        context.add_init_script(PROBE)
        page = context.new_page()
    else:
        idle = IDLE.setdefault(browser, [])
        page = idle.pop() if idle else shared_context(browser).new_page()
        page.set_viewport_size({"width": width, "height": height})
    with answered(page):
        page.goto(url)
    return page


def release(browser: Browser) -> None:
    """Close what a test opened in `browser`, so the next test starts from nothing of it.

    Other contexts are closed; the shared context's pages are blanked (their Streamlit session
    ends with the websocket), their storage and the cookies cleared, and kept for `open_page`.
    """
    from playwright.sync_api import Error

    shared = SHARED.get(browser)
    for context in browser.contexts:
        if context is not shared:
            context.close()
    if shared is None:
        return
    idle = IDLE.setdefault(browser, [])
    for page in shared.pages:
        if page in idle:
            continue
        try:
            if page.url.startswith("http"):  # Streamlit keeps a few settings in localStorage
                page.evaluate("localStorage.clear(); sessionStorage.clear()")
            page.goto("about:blank")
        except Error:  # a page the test left broken is not worth keeping
            page.close()
        else:
            idle.append(page)
    shared.clear_cookies()


def ready(page: Page, quiet_ms: int = QUIET_MS) -> None:
    """Wait until no script runs and the page has stayed unchanged, its drawings loaded, for
    `quiet_ms`: only then does a locator find what the last run drew, and a click land where
    aimed."""
    page.wait_for_function(SETTLED, arg=quiet_ms, polling=50, timeout=WAIT_MS)


@contextmanager
def answered(page: Page, quiet_ms: int = QUIET_MS) -> Iterator[None]:
    """Wait, after the block's action, until the run it causes is drawn and the page settled
    (`ready`; a block of several clicks gives `BURST_QUIET_MS`).

    Right after a click the app still says no script runs (the server has not answered yet), and
    at the end of a run the browser may still be drawing it: only the run's number tells.
    """
    before = page.evaluate(RUN_NUMBER)
    yield
    page.wait_for_function(
        f"before => ({RUN_NUMBER}) !== before || document.querySelector('{CRASHED}') !== null",
        arg=before,
        polling=50,
        timeout=WAIT_MS,
    )
    crashed = page.locator(CRASHED)
    if crashed.count():
        pytest.fail(f"the app failed: {crashed.first.inner_text()}")
    ready(page, quiet_ms)


BROKEN_WORDS = """(selector = "[data-testid=stMain] button") => {
  const broken = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.parentElement.closest("[data-testid=stIconMaterial]") !== null) continue;
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""
"""The words that their box broke over two lines ("dobbelsten-en"), in the elements `selector`
finds (by default the page's buttons; the projector's test gives the headline figures)."""


def open_language_list(page: Page) -> None:
    """Open the sidebar's language list, as a reader does: scrolled to first, then clicked.

    The list sits at the sidebar's foot, under every page's link; on a screen 1000 px high it is
    below the sidebar's fold (since the Table page joined the list), where a click lands on
    nothing, so the sidebar is scrolled to its end first, as a reader would scroll it.
    """
    page.get_by_test_id("stSidebarContent").evaluate("e => e.scrollTo(0, e.scrollHeight)")
    page.get_by_test_id("stSidebar").get_by_role("combobox").click()
