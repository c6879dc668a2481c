"""A room's pupils dealt into tables, at random by a seeded draw or as the teacher makes them."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pickomino.activities.table.sitting import (
    MAX_TABLES,
    MIN_SEATS,
    ROOM_SEATS,
    TableRefused,
)
from pickomino.rooms import Pupil

Deal = tuple[tuple[Pupil | None, ...], ...]
"""A room's pupils dealt into tables: each table's seats in order, None for a bot's."""


def deal_at_random(pupils: Sequence[Pupil], size: int, rng: random.Random) -> Deal:
    """The room's seated pupils shuffled by `rng` into tables of `size` seats (2 to 4).

    As few tables as hold everyone, their pupils as even as can be (7 pupils by 4: 4 and 3), the
    empty seats left to bots.
    """
    if not MIN_SEATS <= size <= ROOM_SEATS:
        raise TableRefused(
            "seat_count",
            f"a room's table has {MIN_SEATS} to {ROOM_SEATS} seats, not {size}",
            low=MIN_SEATS,
            high=ROOM_SEATS,
        )
    seated = [pupil for pupil in pupils if not pupil.removed]
    rng.shuffle(seated)
    count = math.ceil(len(seated) / size)
    _check_count(count)
    groups = [seated[index::count] for index in range(count)]
    return tuple((*group, *(None,) * (size - len(group))) for group in groups)


def deal_by_hand(pupils: Sequence[Pupil], groups: Sequence[Sequence[str]]) -> Deal:
    """The tables a teacher made, each a list of pupil ids; a table of one gets a bot.

    Each pupil sits at one table at most, every table has 1 to `ROOM_SEATS` pupils.
    """
    known = {pupil.id: pupil for pupil in pupils if not pupil.removed}
    _check_count(len(groups))
    seen: set[str] = set()
    dealt: list[tuple[Pupil | None, ...]] = []
    for group in groups:
        if not 1 <= len(group) <= ROOM_SEATS:
            raise TableRefused(
                "seat_count",
                f"a room's table has {MIN_SEATS} to {ROOM_SEATS} seats, not {len(group)}",
                low=MIN_SEATS,
                high=ROOM_SEATS,
            )
        for id in group:
            if id not in known or id in seen:
                raise TableRefused("pupil_twice", "a pupil sits at one table of the room")
            seen.add(id)
        dealt.append((*(known[id] for id in group), *(None,) * (MIN_SEATS - len(group))))
    return tuple(dealt)


def _check_count(count: int) -> None:
    if count < 1:
        raise TableRefused("no_pupils", "no pupil is in the room to sit at a table")
    if count > MAX_TABLES:
        raise TableRefused(
            "many_tables", f"a room holds at most {MAX_TABLES} tables", high=MAX_TABLES
        )
