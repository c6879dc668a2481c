"""A class of N on one server, driven over Streamlit's own websocket protocol, with real browsers.

Run with `uv run --group dev python benchmarks/ws_load.py [--sessions 1 10 30] [--browsers 2]`
(`--budget 900`, `--cold`; the test tools drive the browsers).
`benchmarks/class_load.py` drives 30 Chromium pages, which on this machine's two cores measures
mostly the browsers; here each pupil but a few is a light client that speaks to the server as
Streamlit's browser client does, so nearly all the CPU left goes to the server:

- it opens the websocket `ws://127.0.0.1:PORT/_stcore/stream` (subprotocol "streamlit", no
  Origin header, so no XSRF token is needed) and sends a `rerun_script` BackMsg carrying the
  link's query string and url path (`/sandbox?scenario=turn-walkthrough&lang=fr`), as the browser
  does on opening a link; it reads ForwardMsgs until `script_finished`, keeping the page's script
  hash (the `navigation` message), the address the app wrote (`page_info_changed`) and every
  button's widget id (a button element's `id`: Streamlit derives it from the button's key);
- a click is the next `rerun_script`: the same page hash, the address as the app last wrote it,
  and a widget state that sets the button's `trigger_value`. The browser sends every widget's
  value with it; the sandbox's other widgets are left as they were, which the server keeps
  (`SessionState` falls back to the previous run's values), so only the button is sent.

For each N a fresh `streamlit run` on a free port of 127.0.0.1 serves a warm-up session (the first
run's imports and the walkthrough's odds, then closed, not counted), then N websocket sessions and
`--browsers` Chromium pages open the link together and play four rounds, as class_load.py's class
does: Redo, Redo, Redo, Undo, every session's click sent at once in each round. Measured: per
websocket click, from the BackMsg sent to `script_finished` received (the server's answer, not
the drawing); per browser click, from the click event to the page's last change once settled
(what a pupil sees, measured in the page as `tests/classroom.py` does); the server's resident
memory (VmRSS of /proc/PID/status) before the class and after its clicks, with every session still
open, so its growth per session; its CPU time per click.

Checked: every run finishes successfully and shows no exception; after each round every session's
address opens the walkthrough's table its own clicks lead to (step 1, 2, 3, then 2: the history
the address names in the store, `tests/classroom.address_table`). Bounded:
only 127.0.0.1, at most 30 websocket and 4 browser sessions, four rounds, every answer 60 s, and no
new N starts past `--budget` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from benchmarks.class_load import (  # noqa: E402
    LINK,
    ROUNDS,
    cpu_ms,
    memory_mb,
    percentile,
    server_pid,
)
from tests.browser import chromium, streamlit_server  # noqa: E402
from tests.classroom import (  # noqa: E402
    Pupil,
    address_table,
    click_all,
    click_ms,
    crashed,
    open_class,
    settle,
    shown_table,
    walkthrough,
)

MAX_SESSIONS = 30
MAX_BROWSERS = 4
ANSWER_S = 60.0
"""How long one run may take to finish, the class's first included."""
PULSE_MARK = re.compile(r'data-pk-pulse="([^"]+)" data-pk-every="(\d+)"')
"""A page's mark of its own poll of a room's pulse or a table's version (`ui.pulse.POLL`)."""
DRAWN_MARK = re.compile(r'data-pk-drawn="(\d+)"')
HOLD_MARK = 'data-pk-hold="1"'
"""A page's mark that asks the server to hold its ask until the number moves (`ui.pulse.POLL`)."""
"""The number the page drew, in its mark when it knows it (a table's version)."""


@dataclass
class Client:
    """One page over the websocket, as Streamlit's browser client speaks to the server: what its
    runs told about the page, and the buttons and text they drew.

    `benchmarks/room_load.py`'s phones and boards are such clients too; they poll a fragment
    (`st.fragment(run_every=...)`): the server names it in an `auto_rerun` message, and from then
    on a poll is a rerun of that fragment, until a run of the whole page sets no `auto_rerun` (a
    closed room's pages stop polling). A click reruns the fragment its button was drawn in (every
    delta names it), or the whole page for a button outside any, as the browser sends it.
    """

    socket: websockets.ClientConnection
    query: str
    page_hash: str = ""
    fragment: str = ""
    interval: float = 1.0
    """The fragment's `run_every`, as the server sent it."""
    pulse: str = ""
    """The path of the room's pulse or the table's version the page polls itself
    (`ui.pulse`, a server started from serve.py), from the page's mark; "" when it does
    not."""
    seen: int | None = None
    """The number the page's mark says it drew (a table's version), None when it says none."""
    hold: bool = False
    """Whether the page's mark asks the server to hold its ask until the number moves."""
    source: str | None = None
    """The loopback address the page connects from, and polls its pulse from."""
    runs: int = 0
    """How many runs the page has asked for."""
    http: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    """The page's connection for its own poll (`ask`), kept alive as a browser keeps it."""
    buttons: dict[str, str] = field(default_factory=dict)
    """Each button's Streamlit key and its widget id (a form's submit button: the form's key)."""
    owners: dict[str, str] = field(default_factory=dict)
    """Each button's fragment, by Streamlit key ("": drawn outside any fragment)."""
    drawn: set[str] = field(default_factory=set)
    """The keys of the buttons on the page after the last run: a fragment's run keeps the page's
    others in `buttons`, and replaces only its own buttons here (a button drawn earlier may be
    gone from the page now)."""
    inputs: dict[str, str] = field(default_factory=dict)
    """Each text input's Streamlit key and its widget id."""
    texts: list[str] = field(default_factory=list)
    """The markdown bodies of the last run."""
    errors: list[str] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One run at a time: a tap must not interleave its messages with a poll's."""

    async def run(
        self, trigger: str | None = None, page_name: str = "", typed: dict[str, str] | None = None
    ) -> float:
        """One run: the first of the page `page_name`, a click of the button of key `trigger`, or
        (neither) a poll of the page's fragment; read until it has finished, its seconds.

        `typed`: text sent with the click, by text input key, as a browser sends a form's fields
        with its submit button."""
        async with self.lock:
            self.runs += 1
            message = BackMsg()
            state = message.rerun_script
            state.query_string, state.page_script_hash, state.page_name = (
                self.query,
                self.page_hash,
                page_name,
            )
            fragment = self.fragment if trigger is None else self.owners.get(trigger, "")
            if fragment and not page_name:
                state.fragment_id = fragment
                state.is_auto_rerun = trigger is None
            for key, text in (typed or {}).items():
                state.widget_states.widgets.add(id=self.inputs[key], string_value=text)
            if trigger is not None:
                state.widget_states.widgets.add(id=self.buttons[trigger], trigger_value=True)
            # a fragment's run draws only the fragment: the page's other buttons stay
            self.buttons, self.texts = ({}, []) if page_name else (dict(self.buttons), [])
            self.owners = {} if page_name else dict(self.owners)
            # as the browser, a fragment's run replaces only what that fragment drew: a watcher's
            # poll that draws nothing leaves the page's buttons on it
            self.drawn = {key for key in self.drawn if fragment and self.owners[key] != fragment}
            self.inputs = {} if page_name else dict(self.inputs)
            started = time.perf_counter()
            await self.socket.send(message.SerializeToString())
            async with asyncio.timeout(ANSWER_S):
                while not self.read(await self.socket.recv()):
                    pass
            return time.perf_counter() - started

    async def ask(self, url: str) -> int | None:
        """The number the pulse route at `url` answers, None when it answers none.

        Asked as the page's script's `fetch` is: on this driver's event loop (a hundred pages
        asking at once queue behind no thread of it), on one connection kept alive, from the
        page's address (`source`: the route counts its requests by address).
        """
        address = urlsplit(url)
        path = f"{address.path}?{address.query}" if address.query else address.path
        request = f"GET {path} HTTP/1.1\r\nHost: {address.netloc}\r\n\r\n"
        try:
            async with asyncio.timeout(ANSWER_S):
                if self.http is None:
                    self.http = await asyncio.open_connection(
                        address.hostname,
                        address.port,
                        local_addr=None if self.source is None else (self.source, 0),
                    )
                reader, writer = self.http
                writer.write(request.encode())
                head = await reader.readuntil(b"\r\n\r\n")
                length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
                body = await reader.readexactly(int(length[1]) if length else 0)
            found = json.loads(body).get("pulse")
        except (OSError, TimeoutError, EOFError, ValueError, AttributeError) as error:
            if not isinstance(error, ValueError | AttributeError) and self.http is not None:
                self.http[1].close()  # a connection that failed is not asked again
                self.http = None
            return None
        return found if isinstance(found, int) else None

    def read(self, data: str | bytes) -> bool:
        """Take in one ForwardMsg; True once it ends the run."""
        message = ForwardMsg()
        message.ParseFromString(data if isinstance(data, bytes) else data.encode())
        kind = message.WhichOneof("type")
        if kind == "new_session" and not message.metadata.run.fragment_ids:
            self.fragment = ""  # a run of the whole page: the browser drops every fragment's
            # timer, and the run's `auto_rerun` sets it again if the fragment still polls
            self.drawn = set()  # and it draws the page anew (a watcher's `st.rerun` too)
            self.pulse, self.seen, self.hold = "", None, False  # likewise the page's own poll
        elif kind == "navigation":
            self.page_hash = message.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = message.page_info_changed.query_string
        elif kind == "auto_rerun":
            self.fragment = message.auto_rerun.fragment_id
            self.interval = message.auto_rerun.interval
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            element = message.delta.new_element
            which = element.WhichOneof("type")
            if which == "button":
                button = element.button
                key = button.form_id if button.is_form_submitter else button.id.rsplit("-", 1)[-1]
                self.buttons[key] = button.id
                self.owners[key] = message.delta.fragment_id
                self.drawn.add(key)
            elif which == "text_input":
                self.inputs[element.text_input.id.rsplit("-", 1)[-1]] = element.text_input.id
            elif which == "markdown":
                self.texts.append(element.markdown.body)
            elif which == "html" and (mark := PULSE_MARK.search(element.html.body)):
                self.pulse, self.interval = mark[1], int(mark[2]) / 1000
                drawn = DRAWN_MARK.search(element.html.body)
                self.seen = None if drawn is None else int(drawn[1])
                self.hold = HOLD_MARK in element.html.body
            elif which == "exception":
                self.errors.append(element.exception.message)
        elif kind == "script_finished":
            if message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                return False  # `st.rerun`: the run it asked for follows
            if message.script_finished not in (
                ForwardMsg.FINISHED_SUCCESSFULLY,
                ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            ):
                self.errors.append(f"run ended with status {message.script_finished}")
            return True
        return False


async def connect(url: str, path: str, query: str, source: str | None = None) -> Client:
    """A new session on the server at `url` that has opened the page `path` with `query`.

    `source`: the loopback address to connect from (127.0.0.2, say), so the page sees a client
    address; Streamlit gives a page none for 127.0.0.1 (`st.context.ip_address`)."""
    address = urlsplit(url)
    socket = await websockets.connect(
        f"ws://{address.netloc}/_stcore/stream",
        subprotocols=[websockets.Subprotocol("streamlit")],
        max_size=None,
        open_timeout=ANSWER_S,
        local_addr=None if source is None else (source, 0),
    )
    client = Client(socket, query, source=source)
    await client.run(page_name=path)
    return client


async def join(url: str) -> Client:
    """A new session on the server at `url` that has opened LINK."""
    link = urlsplit(LINK)
    return await connect(url, link.path.strip("/"), link.query)


class Browsers(threading.Thread):
    """A few Chromium pages beside the websocket class, in their own thread (Playwright's sync
    API keeps its own event loop): they open the link when told, then play each round when told."""

    def __init__(self, url: str, count: int) -> None:
        super().__init__(daemon=True)
        self.url, self.count = url, count
        self.go = threading.Barrier(2)
        """Met once to open, then once per round: the round's clicks start together."""
        self.done = threading.Barrier(2)
        self.clicks: list[float] = []
        self.errors: list[str] = []

    def run(self) -> None:
        tables = walkthrough()
        with chromium() as browser:
            self.go.wait()
            pupils: list[Pupil] = open_class(browser, self.url + LINK, self.count)
            for number, pupil in enumerate(pupils):
                settle(pupil.page, None, int(ANSWER_S * 4000))
                if (failure := crashed(pupil.page)) is not None:
                    self.errors.append(f"browser {number} opening: {failure}")
            self.done.wait()
            for key, step in ROUNDS:
                self.go.wait()
                for number, (pupil, run) in enumerate(
                    zip(pupils, click_all(pupils, key), strict=True)
                ):
                    settle(pupil.page, run)
                    if (failure := crashed(pupil.page)) is not None:
                        self.errors.append(f"browser {number}, {key}: {failure}")
                    elif shown_table(pupil.page) != tables[step]:
                        self.errors.append(f"browser {number}, {key}: not step {step}")
                    self.clicks.append(click_ms(pupil.page))
                self.done.wait()
            for pupil in pupils:
                pupil.context.close()


async def together(browsers: Browsers | None) -> None:
    """Let the browsers start their part now (no-op without browsers)."""
    if browsers is not None:
        await asyncio.to_thread(browsers.go.wait, ANSWER_S * 4)


async def finished(browsers: Browsers | None) -> None:
    if browsers is not None:
        await asyncio.to_thread(browsers.done.wait, ANSWER_S * 8)


@dataclass
class Figures:
    """What one class of N measured."""

    sessions: int
    browsers: int
    clicks: list[float]
    browser_clicks: list[float]
    opening: float
    opening_cpu: float
    rss_before: float
    rss_after: float
    cpu_per_click: float
    errors: list[str]


async def play(url: str, server: int, sessions: int, browsers_wanted: int, cold: bool) -> Figures:
    """One class: warm-up (unless `cold`), then `sessions` websocket pupils and
    `browsers_wanted` browsers."""
    tables = walkthrough()
    if not cold:
        warm = await join(url)
        for key, _ in ROUNDS:
            await warm.run(key)
        await warm.socket.close()
    await asyncio.sleep(3)  # the server lets the closed session go
    rss_before = memory_mb(server)
    browsers = Browsers(url, browsers_wanted) if browsers_wanted else None
    if browsers is not None:
        browsers.start()
    errors: list[str] = []

    started, cpu = time.perf_counter(), cpu_ms(server)
    await together(browsers)
    pupils = await asyncio.gather(*(join(url) for _ in range(sessions)))
    await finished(browsers)
    opening, opening_cpu = time.perf_counter() - started, cpu_ms(server) - cpu

    cpu = cpu_ms(server)
    clicks: list[float] = []
    for key, step in ROUNDS:
        await together(browsers)
        spent = await asyncio.gather(*(pupil.run(key) for pupil in pupils))
        await finished(browsers)
        clicks += [seconds * 1000 for seconds in spent]
        for number, pupil in enumerate(pupils):
            if address_table(pupil.query) != tables[step]:
                errors.append(f"session {number}, {key}: not the walkthrough's step {step}")
    browser_clicks = browsers.clicks if browsers is not None else []
    cpu_per_click = (cpu_ms(server) - cpu) / max(1, len(clicks) + len(browser_clicks))
    rss_after = memory_mb(server)
    for number, pupil in enumerate(pupils):
        errors += [f"session {number}: {error}" for error in pupil.errors]
        await pupil.socket.close()
    if browsers is not None:
        browsers.join(ANSWER_S)
        errors += browsers.errors
    return Figures(
        sessions,
        browsers_wanted,
        clicks,
        browser_clicks,
        opening,
        opening_cpu,
        rss_before,
        rss_after,
        cpu_per_click,
        errors,
    )


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} / {percentile(values, 0.95):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 10, 30])
    parser.add_argument("--browsers", type=int, default=2, help="Chromium pages beside them")
    parser.add_argument("--budget", type=float, default=900, help="seconds before no new N")
    parser.add_argument(
        "--cold", action="store_true", help="no warm-up: the class is the server's first visit"
    )
    options = parser.parse_args()
    sizes = [max(1, min(MAX_SESSIONS, n)) for n in options.sessions]
    browsers = max(0, min(MAX_BROWSERS, options.browsers))
    deadline = time.monotonic() + options.budget
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    results: list[Figures] = []
    for size in sizes:
        if time.monotonic() > deadline:
            print(f"time budget spent: N = {size} not played")
            break
        with streamlit_server() as url:
            results.append(asyncio.run(play(url, server_pid(url), size, browsers, options.cold)))
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"{LINK}, {len(ROUNDS)} rounds of clicks (Redo x3, Undo), {browsers} browsers beside, "
        + ("no warm-up" if options.cold else "after a warm-up session")
    )
    print(
        "| N | clicks | click ms, median / p95 | browser click ms, median / p95 | "
        "class opened: s, server CPU s | RSS before → after MB | RSS per session MB | "
        "server CPU ms/click |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for figures in results:
        both = figures.sessions + figures.browsers
        per_session = (figures.rss_after - figures.rss_before) / both
        print(
            f"| {figures.sessions} | {len(figures.clicks)} | {spread(figures.clicks)} | "
            f"{spread(figures.browser_clicks)} | {figures.opening:.1f}, "
            f"{figures.opening_cpu / 1000:.1f} | "
            f"{figures.rss_before:.0f} → {figures.rss_after:.0f} | {per_session:.1f} | "
            f"{figures.cpu_per_click:.0f} |"
        )
    errors = [error for figures in results for error in figures.errors]
    print(f"errors: {len(errors)}")
    for error in errors:
        print(f"  {error}")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
