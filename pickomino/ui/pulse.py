"""A room's pulse and a table's version over plain HTTP, so a waiting page asks without a run.

A phone's watcher fragment, polled by Streamlit once a second, costs the server a thread and a
whole fragment run each time (about 2.5 ms, docs/speed.md "Waiting cheaply"), whatever it finds.
Served from `serve.py` (`st.App`), `GET /pulse/<room id>` answers the room's pulse
(`Store.room_pulse`, one indexed row) in JSON, and the phone's page polls it from JavaScript,
running its watcher only once the pulse moved or the room's clock said so (`poll`); the teacher's
board too, while what it shows changes only with the room (`Board.still`). A table's page the
same way (`GET /pulse/table/<table id>`, `TABLE`): the table document's version (`Store.version`),
which moves with every seat taken and every move, and its fragment runs only when that moved
(`ui/table/draw.py`).

A page that says the number it knows is answered when that number moves, not when it asks next:
the server holds its request (`Held`), woken by this server's own write (`Store.observe`) or, for
another server's, by reading the documents waited on a few times a second; so a move or a tap
reaches the waiting pages as soon as it is written, and an idle page asks four times a minute.

It asks for no token: it tells only a number that grows with every change to the room or the
table, so one who knows a room's id (a random 64-bit name, in its pupils’ pages only, never in a
link) or a table's (in its links) learns when it changes and roughly how often, nothing of what:
not the seed, not a seat's token, not a move. A network address is held to `PULSES_PER_ADDRESS` a
minute over both routes (a class behind one school address polls 30 times a second), so the routes
cannot be used to make the store read without end.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Final

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pickomino.rooms import Limit
from pickomino.store import ExpiredDocument, Store, StoreError, UnknownDocument


@dataclass(frozen=True)
class Pulse:
    """What a page polls over HTTP: where (`path` and the document's id), and the number read."""

    path: str
    read: Callable[[Store, str], int]
    """The number of the document of that id, UnknownDocument or ExpiredDocument when gone."""
    reads: Callable[[Store, list[str]], dict[str, int]]
    """The numbers of the documents of those ids, in one statement, those gone left out."""


ROOM: Final = Pulse(
    "/pulse/",
    lambda store, id: store.room_pulse(id).pulse,
    lambda store, ids: store.room_pulses(ids),
)
"""A room's pulse (`Store.room_pulse`): its count of changes, a pupil's tap among them."""
TABLE: Final = Pulse(
    "/pulse/table/",
    lambda store, id: store.version("table", id),
    lambda store, ids: store.versions("table", ids),
)
"""A table's version (`Store.version`): a seat taken, a move, a bot's move, the end."""
PULSES_PER_ADDRESS: Final = 6000
"""A minute's polls from one network address: a class of 60 phones polling every second,
behind one school address, is well under it."""
HOLD_SECONDS: Final = 15.0
"""The longest a request that says the number it knows waits for another (`route`): a proxy cuts
a request silent for a minute or more (nginx's default, Cloudflare's 100 s), so a quarter of that
is safe, and a page whose table or room is idle asks four times a minute."""
SWEEP_SECONDS: Final = 0.25
"""How often the server reads every number its held requests wait on (`Held`), to see another
server's writes to the same database: its own writes answer them at once, so only a change made
by another server waits for it, an eighth of a second on average. One statement for all the
documents of a kind waited on (`Pulse.reads`), on one thread: a few a second, whatever the
number of pages waiting (docs/speed.md, "Tables")."""
HELD_PER_ADDRESS: Final = 200
"""The requests one network address may have waiting at once: 50 tables' 100 pages and a class
of 60 behind one address (a school's, or a proxy's whose forwarded addresses uvicorn does not
trust: then every page has it, docs/deploy.md); past it, 429 and the page asks a second later."""
HELD: Final = 2000
"""The requests the server holds at once, whoever asks: each is an open connection."""
NO_STORE: Final = {"Cache-Control": "no-store"}
MOVED_KEY: Final = "room_pulse_moved"
"""The hidden button of a page's part that looks at the room or the table (a phone's watcher, the
board's live part, a table's), which the page's poll (`POLL`) clicks once the number moved."""
STEP_MS: Final = 100
"""The longest a page's poll (`POLL`) waits before it looks again at its mark: whether its pace
has passed, or what it asks has changed (another document, another wake)."""
BACK_OFF_MS: Final = 1000
"""The least a page's poll waits after an answer that is no number (a busy address, a faulty
store, no server): a page that asks again at once would ask without end."""
TAP_MS: Final = 3000
"""The longest a page's poll holds its click after a tap while no run's end mark has changed
(`ran`): a tap whose run draws none must not stop the page from looking."""
RAN: Final = """<style>[data-testid="stElementContainer"]:has([data-pk-ran]) {{ display: none; }}
</style><span hidden data-pk-ran="{run}"></span>"""
"""The mark a part of a page draws last in each of its runs (`ran`), new every run."""
POLL: Final = """<style>
.st-key-{moved}, [data-testid="stElementContainer"]:has([data-pk-pulse]) {{ display: none; }}
</style>
<span hidden data-pk-pulse="{path}" data-pk-every="{every}" data-pk-moved="{moved}"
  data-pk-wake="{wake}" data-pk-drawn="{drawn}" data-pk-hold="{hold}" data-pk-ran="{run}"></span>
<script>
if (!window.pkPulse) {{
  window.pkPulse = true;
  let path = null, last = null, woken = null, drawn = null;
  let asked = -Infinity, resting = -Infinity, asking = null, due = null, tapped = null, runs = "";
  const mark = () => document.querySelector("[data-pk-pulse]");
  const ran = () => Array.from(document.querySelectorAll("[data-pk-ran]"),
                               (at) => at.dataset.pkRan).join(" ");
  document.addEventListener("click", (event) => {{
    if (event.isTrusted && event.target.closest?.('button[data-testid^="stBaseButton"]')) {{
      [tapped, runs] = [performance.now(), ran()];
    }}
  }}, true);
  const click = (at) => {{
    const now = performance.now();
    if (due === null) due = now;
    if (tapped !== null && ran() === runs && now < tapped + {tap}) return;
    [due, tapped] = [null, null];
    document.querySelector(`.st-key-${{at.dataset.pkMoved}} button`)?.click();
  }};
  const look = (at) => {{
    if (at.dataset.pkPulse !== path) [path, last, drawn] = [at.dataset.pkPulse, null, null];
    const seen = at.dataset.pkDrawn;
    if (seen !== "" && seen !== drawn) [drawn, last] = [seen, Number(seen)];
  }};
  const waking = (at) => {{
    const wake = at.dataset.pkWake;
    return wake !== "" && wake !== woken ? wake : "";
  }};
  const ask = async (at) => {{
    const mine = path, wake = waking(at), control = new AbortController();
    const query = new URLSearchParams();
    if (at.dataset.pkHold === "1" && last !== null) query.set("since", last);
    if (query.has("since") && wake !== "") query.set("wake", wake);
    [asking, asked] = [{{control, path: mine, wake}}, performance.now()];
    let moved = true, failed = false;
    try {{
      const sent = query.toString();
      const answer = await fetch(sent ? `${{mine}}?${{sent}}` : mine,
                                 {{cache: "no-store", signal: control.signal}});
      const said = await answer.json();
      const then = mark();
      if (then) look(then);
      if (path !== mine) control.abort();
      else if (answer.status === 429 || answer.status === 503) [moved, failed] = [false, true];
      else if (Number.isInteger(said.pulse)) {{
        const due = wake !== "" && said.now >= Number(wake);
        if (due) woken = wake;
        [moved, last] = [said.pulse !== last || due, said.pulse];
      }}
    }} catch (error) {{
      failed = true;
    }}
    asking = null;
    if (control.signal.aborted) [asked, resting] = [-Infinity, -Infinity];
    else {{
      if (failed) resting = performance.now() + {back_off};
      if (moved) click(at);
    }}
  }};
  const tick = () => {{
    const at = mark();
    if (at) look(at);
    if (at && due !== null) click(at);
    if (asking && (!at || asking.path !== path || asking.wake !== waking(at))) {{
      asking.control.abort();
    }}
    const now = performance.now();
    if (at && !asking && now >= asked + Number(at.dataset.pkEvery) && now >= resting) ask(at);
    setTimeout(tick, {step});
  }};
  tick();
}}
</script>"""
"""The page's poll of the room's pulse (`poll`): its hidden button clicked only once the pulse
moved, at its first answer (a change made between the page's run and it), and once the server's
clock passed the page's wake (`Seen.wakes`: what the page shows changes by time alone). A page
whose mark says the number it drew (`drawn`: a table's version) compares with that whenever a run
draws a new one, so the mover's own tap, which draws the table it left, clicks nothing more, and
neither does a first answer with nothing new.

A page whose mark says `hold` asks with the number it knows (`?since=`) and its wake, so the
server answers the moment the number moves or the wake comes (`route`), not at the page's next
ask: it asks again as soon as its pace (`every`) has passed since it last asked, so a held ask
that ended is followed at once, and a number moving many times a second (a class answering)
answers a page no more often than its pace. A page without `hold` (a table's while its own seat
is to move: only its own taps change the table then, and their runs draw what they left, so an
answer held until its own write would click a run that draws nothing new) asks at its pace and
is answered at once. After an answer that is no number it waits `BACK_OFF_MS` at least.

After a tap on one of the page's buttons it clicks only once the tap's run has reached the page:
once a part's end mark has changed (`ran`: the mark of this poll's part, or of another part
such as a phone's view), or `TAP_MS` after the tap. Streamlit sends what a run drew from its
event loop, after the run; a click reaching the server before the loop has sent it all starts
the page's next run on a new runner, and Streamlit drops whatever the ended one had left to send
(it comes from a runner no longer current). A part that draws its page again whole loses nothing
by it, but a phone's watcher draws nothing: held asks answered the moment another pupil answered,
the click came right after the pupil's own tap, and the tap's buttons sometimes never arrived (5
taps in 840 under load; `tests/test_e2e_room.py` failed 1 run in 3). Only a person's tap counts
(`isTrusted`): the poll's own click waits for nothing.

It looks at the mark at least every `STEP_MS`, the pace read afresh each time: a page that asks
seldom (a table's, its own seat to move) asks at its quick pace again within `STEP_MS` of a run
drawing that pace, not after the slow one's wait; a held ask whose document or wake the mark no
longer says is abandoned then and asked anew. An answer that is no pulse (a server without the
route, a room gone) clicks every time, as Streamlit's own poll ran the watcher; a busy or faulty
store, never. Installed once per tab; it reads the room, the pace, the button and the wake from
the page's mark, so a page with no mark (a room closed, another page) makes no request, and one
held when its mark went is abandoned."""

_served: list[bool] = []


def serve() -> None:
    """Say that this server answers the pulses' routes (`serve.py`, once they are mounted)."""
    _served.append(True)


def served() -> bool:
    """Whether this server answers the pulses' routes (`serve`); else pages poll by Streamlit."""
    return bool(_served)


def poll(
    id: str,
    every: float,
    wake: float | None,
    of: Pulse = ROOM,
    drawn: int | None = None,
    hold: bool = True,
) -> str:
    """The markup that polls `of`'s number for document `id` every `every` seconds (`POLL`).

    It clicks the button keyed `MOVED_KEY` when the page must look again; `wake`: when it must
    anyway (`Classroom.wakes`), in seconds since 1970 by the server's clock; `drawn`: the number
    the page drew, when it knows it; `hold`: whether the server holds its ask until the number
    moves.
    """
    return POLL.format(
        path=of.path[1:] + id,
        every=round(every * 1000),
        moved=MOVED_KEY,
        wake="" if wake is None else f"{wake:.3f}",
        drawn="" if drawn is None else drawn,
        hold="1" if hold else "",
        step=STEP_MS,
        back_off=BACK_OFF_MS,
        tap=TAP_MS,
        run=secrets.token_hex(4),
    )


def ran() -> None:
    """Draw the end mark of a part of a page that a tap reruns alone (`RAN`), as its last element.

    The page's poll clicks nothing after the tap until this mark has reached the page (`POLL`).
    """
    st.html(RAN.format(run=secrets.token_hex(4)))


def watch(
    id: str,
    every: float,
    wake: float | None,
    of: Pulse = ROOM,
    drawn: int | None = None,
    hold: bool = True,
) -> None:
    """Draw the hidden button and the page's poll (`poll`) in the part they wake."""
    st.button("", key=MOVED_KEY)
    st.html(poll(id, every, wake, of, drawn, hold), unsafe_allow_javascript=True)


def routes(store: Callable[[], Store], now: Callable[[], float], limit: Limit) -> list[Route]:
    """The room's route and the table's (`route`), one `limit` and one `Held` for both."""
    held = Held(store)
    return [route(store, now, limit, of, held) for of in (ROOM, TABLE)]


def route(
    store: Callable[[], Store],
    now: Callable[[], float],
    limit: Limit,
    of: Pulse = ROOM,
    held: Held | None = None,
    hold: float = HOLD_SECONDS,
) -> Route:
    """The route answering `GET <of.path><id>` from `store()`, `limit` a minute by address.

    `{"pulse": n, "now": t}`, `t` the server's clock (`now()`, for the page's wake); a room or a
    table gone says `{"pulse": null}` (404), so its page runs its part and learns it; a store at
    fault 503, a busy address 429, both with no pulse, and the page asks again later. With
    `?since=n`, the number the page knows, the answer waits (`held`) until the number is another,
    `hold` seconds pass, or the server's clock reaches `?wake=t` (the page's wake), whichever
    comes first: the page learns of a change the moment it is written, and asks again only then.
    """
    waits = Held(store) if held is None else held

    async def answer(request: Request) -> JSONResponse:
        address = request.client.host if request.client else ""
        moment = now()
        if limit.full(address, moment):
            return JSONResponse({"pulse": None}, 429, NO_STORE)
        limit.count(address, moment)
        id, asked = request.path_params["id"], request.query_params
        since, wake = whole(asked.get("since")), instant(asked.get("wake"))
        until = moment + hold if wake is None else min(moment + hold, wake)
        try:
            if since is None or until <= moment:
                pulse = await run_in_threadpool(lambda: of.read(store(), id))
            else:
                pulse = await waits.wait(of, id, since, address, until - moment)
        except (UnknownDocument, ExpiredDocument):
            return JSONResponse({"pulse": None}, 404, NO_STORE)
        except StoreError:
            return JSONResponse({"pulse": None}, 503, NO_STORE)
        except Crowded:
            return JSONResponse({"pulse": None}, 429, NO_STORE)
        return JSONResponse({"pulse": pulse, "now": round(now(), 3)}, 200, NO_STORE)

    return Route(of.path + "{id}", answer, methods=["GET"])


def whole(text: str | None) -> int | None:
    """The number a page says it knows (`?since=`), None when it says none or nonsense."""
    return int(text) if text is not None and text.isdecimal() and len(text) <= 18 else None


def instant(text: str | None) -> float | None:
    """A moment by the server's clock a page says it wakes at (`?wake=`), None when none."""
    try:
        moment = float(text) if text is not None and len(text) <= 32 else None
    except ValueError:
        return None
    return moment if moment is not None and math.isfinite(moment) else None


class Crowded(Exception):
    """Refused: too many requests held, for the address or for the server (`HELD`)."""


Key = tuple[Pulse, str]
Read = int | StoreError
"""A number read, or why it could not be."""


class Held:
    """The requests waiting for a number to change, by document, on the server's event loop.

    A request waits on a future of its own; a number read settles every request of its document
    that knows another. It is read when the request arrives (after it waits, so no write slips
    between), whenever this server writes the document (`Store.observe`: the writer's thread
    wakes the loop), and every `SWEEP_SECONDS` for all documents waited on at once, for another
    server's writes to the same database. The reads run on Starlette's threads: a PostgreSQL's
    round trip never stalls the loop that serves every page's websocket.
    """

    def __init__(self, store: Callable[[], Store], every: float = SWEEP_SECONDS) -> None:
        self._store = store
        self._every = every
        self._waiting: dict[Key, dict[asyncio.Future[int], int]] = {}
        self._ids: set[str] = set()
        self._addresses: Counter[str] = Counter()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._observed: Store | None = None
        self._reading: set[Key] = set()
        self._again: set[Key] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeping = False

    def __len__(self) -> int:
        """How many requests are held."""
        return self._addresses.total()

    async def wait(self, of: Pulse, id: str, since: int, address: str, seconds: float) -> int:
        """`of`'s number for `id` once it is not `since`, or `since` after `seconds`.

        UnknownDocument or ExpiredDocument once gone, StoreError when it cannot be read, Crowded
        past `HELD_PER_ADDRESS` or `HELD`.
        """
        if self._addresses[address] >= HELD_PER_ADDRESS or len(self) >= HELD:
            raise Crowded
        self._loop = asyncio.get_running_loop()
        key = (of, id)
        waiter: asyncio.Future[int] = self._loop.create_future()
        self._waiting.setdefault(key, {})[waiter] = since
        self._ids.add(id)
        self._addresses[address] += 1
        try:
            self._observe()
            self._read([key])
            if not self._sweeping:
                self._start(self._sweep())
            async with asyncio.timeout(seconds):
                return await waiter
        except TimeoutError:
            return since
        finally:
            waiting = self._waiting[key]
            del waiting[waiter]
            if not waiting:
                del self._waiting[key]
                self._ids.discard(id)
            self._addresses[address] -= 1
            if not self._addresses[address]:
                del self._addresses[address]

    def _observe(self) -> None:
        """Be told of this server's writes to the store (`wrote`), once per store."""
        try:
            store = self._store()
        except StoreError:
            return  # the read says so
        if store is not self._observed:
            store.observe(self.wrote)
            self._observed = store

    def wrote(self, id: str) -> None:
        """Document `id` changed here (in a script's thread): read it if a request waits on it."""
        loop = self._loop
        if id in self._ids and loop is not None:
            # a closed loop: the server stopping, or a test's
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._written, id)

    def _written(self, id: str) -> None:
        self._read([key for key in self._waiting if key[1] == id])

    def _read(self, keys: list[Key]) -> None:
        """Read the documents' numbers, one read at a time per document, again if asked meanwhile.

        A document asked while its read runs is read once more after: that read may have missed
        the write that asked.
        """
        for key in keys:
            if key in self._reading:
                self._again.add(key)
            else:
                self._reading.add(key)
                self._start(self._reread(key))

    async def _reread(self, key: Key) -> None:
        try:
            while True:
                self._again.discard(key)
                self._settle(await run_in_threadpool(self._numbers, [key]))
                if key not in self._again:
                    return
        finally:
            self._reading.discard(key)

    async def _sweep(self) -> None:
        """Read every document waited on, each `SWEEP_SECONDS` while any is."""
        self._sweeping = True
        try:
            while self._waiting:
                await asyncio.sleep(self._every)
                self._settle(await run_in_threadpool(self._numbers, list(self._waiting)))
        finally:
            self._sweeping = False

    def _start(self, work: Coroutine[None, None, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)  # the loop keeps only a weak reference
        task.add_done_callback(self._tasks.discard)

    def _numbers(self, keys: list[Key]) -> dict[Key, Read]:
        """The documents' numbers, or why each could not be read (on a thread).

        One statement for all of a kind (`Pulse.reads`); one read more for each left out, to learn
        why (gone, expired, or changed kind in between).
        """
        read: dict[Key, Read] = {}
        for of in {of for of, _ in keys}:
            ids = [id for kind, id in keys if kind is of]
            try:
                store = self._store()
                found = of.reads(store, ids)
            except StoreError as error:
                read.update({(of, id): error for id in ids})
                continue
            for id in ids:
                try:
                    read[of, id] = found[id] if id in found else of.read(store, id)
                except StoreError as error:
                    read[of, id] = error
        return read

    def _settle(self, read: dict[Key, Read]) -> None:
        """Answer the requests that wait on a number other than the one read, or on a fault."""
        for key, number in read.items():
            for waiter, since in self._waiting.get(key, {}).items():
                if waiter.done():
                    continue
                if isinstance(number, StoreError):
                    waiter.set_exception(number)
                elif number != since:
                    waiter.set_result(number)
