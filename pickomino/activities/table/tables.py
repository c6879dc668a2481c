"""The tables in a store, as every page reaches them: opened, dealt, claimed, played, seen.

Each change is one of `sitting`'s pure functions, made on the table as stored now and redone
when another writer came first (`Tables.change`); each version of a table is decoded once per
server (`Decoded`), so a page polling a table costs one read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pickomino.activities.kept import Held
from pickomino.activities.table.deal import Deal
from pickomino.activities.table.sitting import (
    ATTEMPTS,
    BOT,
    KEPT,
    MAX_TABLES,
    MOVES_PER_MINUTE,
    Seat,
    Sitting,
    TableRefused,
    advance,
    check_host,
    check_settings,
    check_start,
    claim,
    give_bot,
    new_seed,
    play,
    seat_links,
    started,
)
from pickomino.activities.table.view import (
    BoardLine,
    Finished,
    View,
    board_line,
    next_number,
    view_of,
)
from pickomino.game import Move, Table
from pickomino.match import PERSON, Kind
from pickomino.rooms import (
    Limit,
    Room,
    check_open,
    check_teacher,
    digest,
    new_token,
    pupil_id,
)
from pickomino.store import Document, Store, UnknownDocument, VersionConflict

Now = Callable[[], float]
"""The time tables are stamped with: seconds since 1970, the same on every server."""


DECODED: Final = 512
"""How many tables, each at one version, a server keeps decoded (`Decoded`)."""


class Decoded:
    """The tables this server read or wrote lately, decoded, by id and version.

    Every page at a table polls it, and decoding replays the whole game (a few ms for a long
    one); a table at one version never changes, so each version is decoded once per server,
    whoever polls it. One per process, safe for threads; the oldest forgotten past `DECODED`.
    """

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, int], Sitting] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, store: Store, id: str) -> tuple[Sitting, Held]:
        """The table as stored now, and the document it is (StoreError when unreadable)."""
        document = store.read("table", id)
        return self.of(document), (id, document.version)

    def of(self, document: Document) -> Sitting:
        """The table a document read holds (UnknownDocument when it holds none)."""
        key = (document.id, document.version)
        with self._lock:
            found = self._kept.get(key)
        if found is None:
            found = KEPT.value(document)
            self.keep(key, found)
        return found

    def keep(self, key: Held, sitting: Sitting) -> None:
        """Remember `sitting` as the table `key` names (just read, or just written)."""
        with self._lock:
            self._kept[key] = sitting
            self._kept.move_to_end(key)
            while len(self._kept) > DECODED:
                self._kept.popitem(last=False)


DECODED_TABLES: Final = Decoded()


@dataclass(frozen=True)
class Opened:
    """A host's new table: its id, the host's token, and each seat's link token."""

    id: str
    host: str
    links: tuple[str, ...]


class Tables:
    """The tables in a store, as every page reaches them: opened, dealt, claimed, played, seen.

    `now` gives the time; `moves` counts each seat's moves (`MOVES_PER_MINUTE`), one per server
    process (the UI keeps it as a resource). Each change is one of the pure functions above,
    made on the table as stored now (`change`).
    """

    def __init__(self, store: Store, now: Now, moves: Limit | None = None) -> None:
        self.store = store
        self.now = now
        self.moves = moves if moves is not None else Limit(MOVES_PER_MINUTE)

    def open(
        self,
        seats: int,
        rules: str = "standard",
        hints: bool = True,
        timer: int | None = None,
        start: Table | None = None,
    ) -> Opened:
        """A host's table of `seats` empty seats, each claimed by its link; StoreError unsaved.

        `start`: the table the game begins from once every seat is taken, instead of a fresh one
        (`check_start`); a test plays a game's end with it.
        """
        check_settings(seats, rules, timer)
        if start is not None:
            check_start(start, seats, rules)
        host = new_token()
        links = seat_links(host, seats)
        sitting = Sitting(
            digest(host),
            rules,
            hints,
            timer,
            tuple(Seat(link=digest(link)) for link in links),
            new_seed(),
            since=self.now(),
            start=start,
        )
        saved = KEPT.save(self.store, None, sitting)
        if saved.problem is not None or saved.held is None:
            raise saved.problem or TableRefused("busy", "the table could not be saved")
        return Opened(saved.held[0], host, links)

    def deal(
        self,
        room_id: str,
        teacher: str | None,
        deal: Deal,
        rules: str = "standard",
        hints: bool = False,
        timer: int | None = None,
        places: Sequence[int] | None = None,
    ) -> tuple[str, ...]:
        """The room's tables as dealt, by its teacher: their ids, in the board's order.

        `places`: each table's number on the board, the numbers a teacher picked by hand and told
        the class; without them, the tables are numbered on from the last the room holds (a new
        round after the first). The room's teacher is the tables' host. RoomError "not_teacher"
        without the teacher's token, "closed" once the room is; TableRefused "many_tables" past
        `MAX_TABLES` for the room, counting those it holds already, "number_taken" for a number
        the room's earlier tables have.
        """
        room = Room.from_json(self.store.read("room", room_id).data)
        check_teacher(room, teacher)
        now = self.now()
        check_open(room, self.store.room_pulse(room_id).changed, now)
        for table in deal:
            check_settings(len(table), rules, timer)
        last = next_number(self.board(room_id)) - 1
        numbers = list(places or range(last + 1, last + 1 + len(deal)))
        taken = [number for number in numbers if number <= last]
        if taken:
            raise TableRefused(
                "number_taken", f"table {taken[0]} was dealt before", n=taken[0], first=last + 1
            )
        sittings = [
            started(
                Sitting(
                    room.teacher,
                    rules,
                    hints,
                    timer,
                    tuple(
                        Seat(BOT) if pupil is None else Seat(PERSON, pupil.nickname, None, pupil.id)
                        for pupil in table
                    ),
                    new_seed(),
                    room_id,
                    place,
                    since=now,
                ),
                now,
            )
            for place, table in zip(numbers, deal, strict=True)
        ]
        made = self.store.create_owned(
            "table", room_id, [sitting.to_json() for sitting in sittings], MAX_TABLES
        )
        if made is None:
            raise TableRefused(
                "many_tables", f"a room holds at most {MAX_TABLES} tables", high=MAX_TABLES
            )
        return tuple(document.id for document in made)

    def load(self, id: str) -> Sitting:
        """The table as stored now (StoreError when it cannot be read, or is no table)."""
        return DECODED_TABLES.read(self.store, id)[0]

    def change(self, id: str, edit: Callable[[Sitting], Sitting]) -> tuple[Sitting, Held]:
        """Apply `edit` to the table as stored now, redone if another writer came first.

        The table then, and the document it is (its id and version, which a page polls).

        An edit that refuses raises before anything is written; an edit that changes nothing
        writes nothing. After `ATTEMPTS` writers in a row came first: TableRefused "busy".
        """
        for _ in range(ATTEMPTS):
            stored, held = DECODED_TABLES.read(self.store, id)
            changed = edit(stored)
            if changed is stored:
                return changed, held
            saved = KEPT.save(self.store, held, changed)
            if saved.problem is None:
                assert saved.held is not None
                DECODED_TABLES.keep(saved.held, changed)
                return changed, saved.held
            if not isinstance(saved.problem, VersionConflict):
                raise saved.problem
        raise TableRefused("busy", "the table changed too often to apply this; try again")

    def claim(self, id: str, link: str, typed: str, held: str | None = None) -> str:
        """Sit at the seat `link` opens as `typed`: the token that plays it from now on.

        `held`: the token this browser already plays this table with, if any (see `claim`).
        """
        fresh = new_token()
        given: list[str] = []

        def edit(sitting: Sitting) -> Sitting:
            seated, token = claim(sitting, link, typed, held, fresh, self.now())
            given[:] = [token]
            return seated

        self.change(id, edit)
        return given[0]

    def give_bot(self, id: str, host: str | None, seat: int, kind: Kind = BOT) -> View:
        """The host gives the empty `seat` to the bot `kind`: the table as a spectator sees it."""
        given, held = self.change(
            id, lambda sitting: give_bot(sitting, host, seat, kind, self.now())
        )
        return view_of(held, given, None, self.now())

    def play(self, id: str, token: str | None, number: int, move: Move) -> View:
        """The player `token` plays `move` as move `number`: the table as that seat sees it then.

        Refused past `MOVES_PER_MINUTE`: every move sent counts, refused or not, so a seat
        sending a flood is stopped whatever it sends.
        """
        now = self.now()
        key = f"{id} {pupil_id(token or '')}"
        if self.moves.full(key, now):
            raise TableRefused("too_fast", "too many moves in a minute: wait a moment")
        self.moves.count(key, now)
        changed = self.change(id, lambda sitting: play(sitting, token, number, move, self.now()))
        return self._view(*changed, token)

    def advance(self, id: str, token: str | None = None) -> View:
        """The move of a seat whose time ran out, played by a bot; the table after it.

        Any poller of the table calls it, a seat (`token`) or a spectator (None), and sees the
        table as that reader does.
        """
        changed = self.change(id, lambda sitting: advance(sitting, self.now()))
        return self._view(*changed, token)

    def seat(self, id: str, token: str) -> View:
        """What the player `token` sees of the table; TableRefused when it plays no seat here."""
        return self._view(*DECODED_TABLES.read(self.store, id), token)

    def watch(self, id: str) -> View:
        """What a spectator sees: no seat, no hints, no token, and no seed before the end."""
        sitting, held = DECODED_TABLES.read(self.store, id)
        return view_of(held, sitting, None, self.now())

    def _view(self, sitting: Sitting, held: Held, token: str | None) -> View:
        """What `token`'s seat sees (a spectator without a token); TableRefused for a stranger's."""
        seat = sitting.seat_of(token)
        if token is not None and seat is None:
            raise TableRefused("not_seated", "this link plays no seat of this table")
        return view_of(held, sitting, seat, self.now())

    def links(self, id: str, host: str | None) -> tuple[str, ...]:
        """Each seat's link token, for the host to send again.

        None for a room's table: its pupils play it with their own room tokens.
        """
        sitting = self.load(id)
        check_host(sitting, host)
        assert host is not None
        return () if sitting.room is not None else seat_links(host, len(sitting.seats))

    def board(self, room_id: str) -> tuple[BoardLine, ...]:
        """Every table of a room as its board shows them, in the order they were dealt.

        One read of the store for them all.
        """
        return tuple(board_line(id, sitting) for (id, _), sitting in self._owned(room_id))

    def table_of(self, room_id: str, token: str) -> str | None:
        """The last table of a room dealt to the pupil `token` (their room token), if any."""
        found = [
            id for (id, _), sitting in self._owned(room_id) if sitting.seat_of(token) is not None
        ]
        return found[-1] if found else None

    def records(self, room_id: str) -> tuple[tuple[int, Finished], ...]:
        """The record of each finished table of a room, by its place: for the teacher to keep."""
        found = []
        for held, sitting in self._owned(room_id):
            finished = view_of(held, sitting, None, self.now()).finished
            if finished is not None:
                found.append((sitting.place, finished))
        return tuple(found)

    def _owned(self, room_id: str) -> list[tuple[Held, Sitting]]:
        """A room's tables as stored, in the order they were dealt, read in one query."""
        found = []
        for document in self.store.owned("table", room_id):
            try:
                found.append(((document.id, document.version), DECODED_TABLES.of(document)))
            except UnknownDocument:  # no table's data: left out, as a bad link shows no table
                continue
        return sorted(found, key=lambda pair: pair[1].place)
