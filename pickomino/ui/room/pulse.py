"""A room's pulse over plain HTTP, so a waiting phone asks the server without a Streamlit run.

A phone's watcher fragment, polled by Streamlit once a second, costs the server a thread and a
whole fragment run each time (about 2.5 ms, docs/speed.md "Waiting cheaply"), whatever it finds.
Served from `serve.py` (`st.App`), `GET /pulse/<room id>` answers the room's pulse
(`Store.room_pulse`, one indexed row) in JSON, and the phone's page polls it from JavaScript,
running its watcher only once the pulse moved (`pickomino.ui.room.phone`).

It asks for no token: it tells only a number that grows with every change to the room, so one
who knows a room's id (a random 64-bit name, in its pupils’ pages only, never in a link) learns
when the room changes and roughly how often, nothing of what. A network address is held to
`PULSES_PER_ADDRESS` a minute (a class behind one school address polls 30 times a second), so
the route cannot be used to make the store read without end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

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

_served: list[bool] = []


def serve() -> None:
    """Say that this server answers `PATH` (`serve.py`, once its route is mounted)."""
    _served.append(True)


def served() -> bool:
    """Whether this server answers `PATH` (`serve`): else its phones poll through Streamlit."""
    return bool(_served)


def route(store: Callable[[], Store], now: Callable[[], float], limit: Limit) -> Route:
    """The route answering `GET /pulse/<id>` from `store()`, `limit` a minute by address.

    `{"pulse": n}`; a room gone says `{"pulse": null}` (404), so its phone runs its watcher and
    learns it closed; a store at fault 503, a busy address 429, both with no pulse, and the
    phone asks again later.
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
        return JSONResponse({"pulse": pulse}, 200, NO_STORE)

    return Route(PATH + "{id}", answer, methods=["GET"])
