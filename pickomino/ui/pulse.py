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

It asks for no token: it tells only a number that grows with every change to the room or the
table, so one who knows a room's id (a random 64-bit name, in its pupils’ pages only, never in a
link) or a table's (in its links) learns when it changes and roughly how often, nothing of what:
not the seed, not a seat's token, not a move. A network address is held to `PULSES_PER_ADDRESS` a
minute over both routes (a class behind one school address polls 30 times a second), so the routes
cannot be used to make the store read without end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import streamlit as st
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


ROOM: Final = Pulse("/pulse/", lambda store, id: store.room_pulse(id).pulse)
"""A room's pulse (`Store.room_pulse`): its count of changes, a pupil's tap among them."""
TABLE: Final = Pulse("/pulse/table/", lambda store, id: store.version("table", id))
"""A table's version (`Store.version`): a seat taken, a move, a bot's move, the end."""
PULSES_PER_ADDRESS: Final = 6000
"""A minute's polls from one network address: a class of 60 phones polling every second,
behind one school address, is well under it."""
NO_STORE: Final = {"Cache-Control": "no-store"}
MOVED_KEY: Final = "room_pulse_moved"
"""The hidden button of a page's part that looks at the room or the table (a phone's watcher, the
board's live part, a table's), which the page's poll (`POLL`) clicks once the number moved."""
STEP_MS: Final = 100
"""The longest a page's poll (`POLL`) waits before it looks again whether its pace has passed."""
POLL: Final = """<style>
.st-key-{moved}, [data-testid="stElementContainer"]:has([data-pk-pulse]) {{ display: none; }}
</style>
<span hidden data-pk-pulse="{path}" data-pk-every="{every}" data-pk-moved="{moved}"
  data-pk-wake="{wake}" data-pk-drawn="{drawn}"></span>
<script>
if (!window.pkPulse) {{
  window.pkPulse = true;
  let path = null, last = null, woken = null, drawn = null, asked = -Infinity;
  const tick = async () => {{
    const mark = document.querySelector("[data-pk-pulse]");
    const every = mark ? Number(mark.dataset.pkEvery) : 0;
    if (mark && performance.now() - asked >= every) {{
      if (mark.dataset.pkPulse !== path) [path, last, drawn] = [mark.dataset.pkPulse, null, null];
      let moved = true;
      try {{
        const answer = await fetch(path, {{cache: "no-store"}});
        const said = await answer.json();
        const wake = mark.dataset.pkWake;
        const now = document.querySelector("[data-pk-pulse]");
        const seen = now?.dataset.pkPulse === path ? now.dataset.pkDrawn : "";
        if (seen !== "" && seen !== drawn) [drawn, last] = [seen, Number(seen)];
        if (answer.status === 429 || answer.status === 503) moved = false;
        else if (Number.isInteger(said.pulse)) {{
          const due = wake !== "" && wake !== woken && said.now >= Number(wake);
          if (due) woken = wake;
          [moved, last] = [said.pulse !== last || due, said.pulse];
        }}
      }} catch (error) {{}}
      asked = performance.now();
      if (moved) document.querySelector(`.st-key-${{mark.dataset.pkMoved}} button`)?.click();
    }}
    const wait = mark ? asked + every - performance.now() : {step};
    setTimeout(tick, Math.min(Math.max(wait, 0), {step}));
  }};
  tick();
}}
</script>"""
"""The page's poll of the room's pulse (`poll`): its hidden button clicked only once the pulse
moved, at its first answer (a change made between the page's run and it), and once the server's
clock passed the page's wake (`Seen.wakes`: what the page shows changes by time alone). A page
whose mark says the number it drew (`drawn`: a table's version) compares with that whenever a run
draws a new one, so the mover's own tap, which draws the table it left, clicks nothing more, and
neither does a first answer with nothing new. It looks at the mark at least every `STEP_MS`
and asks once its pace (`every`) has passed since its last answer, the pace read afresh each
time: a page that asks seldom (a table's, its own seat to move) asks at its quick pace again
within `STEP_MS` of a run drawing that pace, not after the slow one's wait. An answer
that is no pulse (a server without the route, a room gone) clicks every time, as Streamlit's own
poll ran the watcher; a busy or faulty store, never. Installed once per tab; it reads the room,
the pace, the button and the wake from the page's mark, so a page with no mark (a room closed,
another page) makes no request."""

_served: list[bool] = []


def serve() -> None:
    """Say that this server answers the pulses' routes (`serve.py`, once they are mounted)."""
    _served.append(True)


def served() -> bool:
    """Whether this server answers the pulses' routes (`serve`); else pages poll by Streamlit."""
    return bool(_served)


def poll(
    id: str, every: float, wake: float | None, of: Pulse = ROOM, drawn: int | None = None
) -> str:
    """The markup that polls `of`'s number for document `id` every `every` seconds (`POLL`).

    It clicks the button keyed `MOVED_KEY` when the page must look again; `wake`: when it must
    anyway (`Classroom.wakes`), in seconds since 1970 by the server's clock; `drawn`: the number
    the page drew, when it knows it.
    """
    return POLL.format(
        path=of.path[1:] + id,
        every=round(every * 1000),
        moved=MOVED_KEY,
        wake="" if wake is None else f"{wake:.3f}",
        drawn="" if drawn is None else drawn,
        step=STEP_MS,
    )


def watch(
    id: str, every: float, wake: float | None, of: Pulse = ROOM, drawn: int | None = None
) -> None:
    """Draw the hidden button and the page's poll (`poll`) in the part they wake."""
    st.button("", key=MOVED_KEY)
    st.html(poll(id, every, wake, of, drawn), unsafe_allow_javascript=True)


def routes(store: Callable[[], Store], now: Callable[[], float], limit: Limit) -> list[Route]:
    """The room's route and the table's (`route`), one `limit` for both."""
    return [route(store, now, limit, of) for of in (ROOM, TABLE)]


def route(
    store: Callable[[], Store], now: Callable[[], float], limit: Limit, of: Pulse = ROOM
) -> Route:
    """The route answering `GET <of.path><id>` from `store()`, `limit` a minute by address.

    `{"pulse": n, "now": t}`, `t` the server's clock (`now()`, for the page's wake); a room or a
    table gone says `{"pulse": null}` (404), so its page runs its part and learns it; a store at
    fault 503, a busy address 429, both with no pulse, and the page asks again later.
    """

    def answer(request: Request) -> JSONResponse:
        address = request.client.host if request.client else ""
        moment = now()
        if limit.full(address, moment):
            return JSONResponse({"pulse": None}, 429, NO_STORE)
        limit.count(address, moment)
        try:
            pulse = of.read(store(), request.path_params["id"])
        except (UnknownDocument, ExpiredDocument):
            return JSONResponse({"pulse": None}, 404, NO_STORE)
        except StoreError:
            return JSONResponse({"pulse": None}, 503, NO_STORE)
        return JSONResponse({"pulse": pulse, "now": round(moment, 3)}, 200, NO_STORE)

    return Route(of.path + "{id}", answer, methods=["GET"])
