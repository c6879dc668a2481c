"""A room's pulse over plain HTTP, so a waiting phone asks the server without a Streamlit run.

A phone's watcher fragment, polled by Streamlit once a second, costs the server a thread and a
whole fragment run each time (about 2.5 ms, docs/speed.md "Waiting cheaply"), whatever it finds.
Served from `serve.py` (`st.App`), `GET /pulse/<room id>` answers the room's pulse
(`Store.room_pulse`, one indexed row) in JSON, and the phone's page polls it from JavaScript,
running its watcher only once the pulse moved or the room's clock said so (`poll`); the teacher's
board too, while what it shows changes only with the room (`Board.still`).

It asks for no token: it tells only a number that grows with every change to the room, so one
who knows a room's id (a random 64-bit name, in its pupils’ pages only, never in a link) learns
when the room changes and roughly how often, nothing of what. A network address is held to
`PULSES_PER_ADDRESS` a minute (a class behind one school address polls 30 times a second), so
the route cannot be used to make the store read without end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from pickomino.rooms import Limit
from pickomino.store import Store, StoreError, UnknownDocument

PATH: Final = "/pulse/"
"""Where the route answers: `PATH` and the room's id."""
PULSES_PER_ADDRESS: Final = 6000
"""A minute's polls from one network address: a class of 60 phones polling every second,
behind one school address, is well under it."""
NO_STORE: Final = {"Cache-Control": "no-store"}
MOVED_KEY: Final = "room_pulse_moved"
"""The hidden button of a page's part that looks at the room (a phone's watcher, the board's
live part), which the page's poll (`POLL`) clicks once the room's pulse moved."""
POLL: Final = """<style>
.st-key-{moved}, [data-testid="stElementContainer"]:has([data-pk-pulse]) {{ display: none; }}
</style>
<span hidden data-pk-pulse="{path}" data-pk-every="{every}" data-pk-moved="{moved}"
  data-pk-wake="{wake}"></span>
<script>
if (!window.pkPulse) {{
  window.pkPulse = true;
  let path = null, last = null, woken = null;
  const tick = async () => {{
    const mark = document.querySelector("[data-pk-pulse]");
    let every = 1000;
    if (mark) {{
      every = Number(mark.dataset.pkEvery);
      if (mark.dataset.pkPulse !== path) [path, last] = [mark.dataset.pkPulse, null];
      let moved = true;
      try {{
        const answer = await fetch(path, {{cache: "no-store"}});
        const said = await answer.json();
        const wake = mark.dataset.pkWake;
        if (answer.status === 429 || answer.status === 503) moved = false;
        else if (Number.isInteger(said.pulse)) {{
          const due = wake !== "" && wake !== woken && said.now >= Number(wake);
          if (due) woken = wake;
          [moved, last] = [said.pulse !== last || due, said.pulse];
        }}
      }} catch (error) {{}}
      if (moved) document.querySelector(`.st-key-${{mark.dataset.pkMoved}} button`)?.click();
    }}
    setTimeout(tick, every);
  }};
  tick();
}}
</script>"""
"""The page's poll of the room's pulse (`poll`): its hidden button clicked only once the pulse
moved, at its first answer (a change made between the page's run and it), and once the server's
clock passed the page's wake (`Seen.wakes`: what the page shows changes by time alone). An answer
that is no pulse (a server without the route, a room gone) clicks every time, as Streamlit's own
poll ran the watcher; a busy or faulty store, never. Installed once per tab; it reads the room,
the pace, the button and the wake from the page's mark, so a page with no mark (a room closed,
another page) makes no request."""

_served: list[bool] = []


def serve() -> None:
    """Say that this server answers `PATH` (`serve.py`, once its route is mounted)."""
    _served.append(True)


def served() -> bool:
    """Whether this server answers `PATH` (`serve`): else its phones poll through Streamlit."""
    return bool(_served)


def poll(id: str, every: float, wake: float | None) -> str:
    """The markup that polls room `id`'s pulse from the page every `every` seconds (`POLL`).

    It clicks the button keyed `MOVED_KEY` when the page must look again; `wake`: when it must
    anyway (`Classroom.wakes`), in seconds since 1970 by the server's clock.
    """
    moment = "" if wake is None else f"{wake:.3f}"
    return POLL.format(path=PATH[1:] + id, every=round(every * 1000), moved=MOVED_KEY, wake=moment)


def watch(id: str, every: float, wake: float | None) -> None:
    """Draw the hidden button and the page's poll (`poll`) in the part they wake."""
    st.button("", key=MOVED_KEY)
    st.html(poll(id, every, wake), unsafe_allow_javascript=True)


def route(store: Callable[[], Store], now: Callable[[], float], limit: Limit) -> Route:
    """The route answering `GET /pulse/<id>` from `store()`, `limit` a minute by address.

    `{"pulse": n, "now": t}`, `t` the server's clock (`now()`, for the page's wake); a room gone
    says `{"pulse": null}` (404), so its phone runs its watcher and learns it closed; a store at
    fault 503, a busy address 429, both with no pulse, and the phone asks again later.
    """

    def answer(request: Request) -> JSONResponse:
        address = request.client.host if request.client else ""
        moment = now()
        if limit.full(address, moment):
            return JSONResponse({"pulse": None}, 429, NO_STORE)
        limit.count(address, moment)
        try:
            pulse = store().room_pulse(request.path_params["id"]).pulse
        except UnknownDocument:
            return JSONResponse({"pulse": None}, 404, NO_STORE)
        except StoreError:
            return JSONResponse({"pulse": None}, 503, NO_STORE)
        return JSONResponse({"pulse": pulse, "now": round(moment, 3)}, 200, NO_STORE)

    return Route(PATH + "{id}", answer, methods=["GET"])
