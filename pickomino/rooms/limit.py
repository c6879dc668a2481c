"""How often a room, a session, an address or a server may act: events counted per minute.

Counted in the server's memory (`Limit`, `WrongCodes`, kept by the UI as resources) where a limit
is a server's, a session's or an address's; joins are counted by the store from the pupils' join
times instead (`JOINS_PER_MINUTE`), so that limit holds on every server of a room.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Final

from pickomino.rooms.errors import RoomError

WRONG_CODES_PER_MINUTE: Final = 30
"""Wrong codes one server takes in a minute before it refuses every code for the rest of that
minute. Counted per server, not per address: behind a load balancer every pupil may come from one
address, and a guesser can change theirs."""
JOINS_PER_MINUTE: Final = 30
"""Pupils seated in one room in a minute, counted by the store from the pupils' join times, so it
holds on every server of the room and whoever joins: a class of 30 joins in its first minute,
and one client cannot fill a room in seconds (README, "Live classroom")."""
ROOMS_PER_SESSION: Final = 3
"""Rooms one browser session opens in a minute: a teacher opens one, two with a slip."""
ROOMS_PER_ADDRESS: Final = 10
"""Rooms opened from one network address in a minute: a school's teachers share one address."""
ROOMS_PER_SERVER: Final = 20
"""Rooms one server opens in a minute: a server holds a few rooms at once (about 90 pupils)."""
LIMITED_KEYS: Final = 10_000
"""How many keys a `Limit` holds before it forgets those whose times are all past."""
SERVER: Final = ""
"""The one key of a `Limit` counted for the whole server."""


class Limit:
    """Events counted per key (a session, an address, or one key for the server) over a window.

    One per server process or per session (the UI keeps it), times given by the caller so the
    tests need no clock. `full` and `count` are apart so a change refused by one limit counts in
    none: a room refused by the server's limit uses nothing of the teacher's own.
    """

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self._window = window
        self._times: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._times.setdefault(key, deque())
        while times and now - times[0] >= self._window:
            times.popleft()
        return times

    def free_in(self, key: str, now: float) -> float:
        """Seconds from `now` until `key` may count again: 0 while under its limit."""
        with self._lock:
            times = self._recent(key, now)
            wait = self._window - (now - times[0]) if len(times) >= self.limit else 0.0
            if not times:
                del self._times[key]
            return wait

    def full(self, key: str, now: float) -> bool:
        """Whether `key` had `limit` events in the window before `now`."""
        return self.free_in(key, now) > 0

    def count(self, key: str, now: float) -> None:
        """Count one event of `key`; past `LIMITED_KEYS` keys, forget the keys gone quiet."""
        with self._lock:
            self._recent(key, now).append(now)
            if len(self._times) > LIMITED_KEYS:
                for quiet in [k for k in self._times if not self._recent(k, now)]:
                    del self._times[quiet]


class WrongCodes:
    """Wrong room codes tried on this server in the last minute, to refuse guessing.

    A wrong code is any look-up by code that lets the reader in nowhere: a code that opens no
    room, a closed one, or a pupil's link to a room that has no such pupil (the UI answers them
    alike, so each teaches a guesser as much as a code that opens nothing).

    One per server process (the UI keeps it as a resource): the limit is the server's, so a
    guesser behind many addresses gains nothing, and a class behind one address loses nothing
    until someone guesses. Times are given by the caller, so the tests need no clock.
    """

    def __init__(self, limit: int = WRONG_CODES_PER_MINUTE, window: float = 60.0) -> None:
        self._counted = Limit(limit, window)

    def check(self, now: float) -> None:
        """Refuse any code while the server is over its limit.

        The pupil is told to wait a minute, not the seconds left: a right code is refused too
        (the price of a limit that an address cannot dodge), and a whole minute is plain.
        """
        wait = self._counted.free_in(SERVER, now)
        if wait:
            raise RoomError(
                "too_many", f"too many wrong codes: open again in {max(1, round(wait))} s"
            )

    def wrong(self, now: float) -> None:
        """Count one wrong code."""
        self._counted.count(SERVER, now)
