"""Tables: a game of Pickomino between players each on their own device, watched by anyone.

A host opens a table of 2 to 7 seats and sends each seat's link to a friend, or a teacher deals a
room's pupils into tables of 2 to 4; bots fill the seats the host gives them, and play their turns
at once. Everything a table is lives in one store document (kind "table"), changed only through
`Tables.change`: each change is made on the table as stored now, and redone when another writer
(a second tab, a second server, the timer's poll) came first. So a move is applied once whoever
sends it twice, and a move made on a table that has moved on is refused by its number.

Who is who rests on tokens, as in rooms (`rooms.codes`): the table keeps only their digests. A
host's table has a link per seat, derived from the host's token (`seat_links`), so the host can
always send them again; a link claims its seat once, for a nickname (`rooms.nickname`), and gives
the player a token of their own, which is what plays the seat from then on: the same link opened
by someone else is refused, and a player holding one seat is refused another's. A room's table is
played by its pupils' own room tokens.

The dice are fair: the table's seed is drawn from the system's secure generator when it is opened,
the game's rolls are drawn from it (`match.Match`, `history.roll_rng`), and nothing a seat or a
spectator reads holds it (`View`) until the game is over, when the record carries it
(`Finished`), so the game replays exactly. No roll's faces are taken from a player.

The pages (not yet written) draw `View` for a seat or a spectator and `BoardLine` for a room's
board, poll `Tables.advance` for the turn timer, and word the log (`Line.words`) and every refusal
(`TableRefused`: `table.refused.<code>` in content/) in each reader's language. No Streamlit here.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pickomino.activities.kept import Held, Kept
from pickomino.bots import bot
from pickomino.errors import CodedError
from pickomino.events import Event
from pickomino.game import Move, Table
from pickomino.i18n import Lang, t
from pickomino.match import KINDS, PERSON, Kind, Match
from pickomino.names import name_key
from pickomino.narrate import Names, seat_name, story
from pickomino.odds import Analysis, analyse
from pickomino.rooms import (
    Limit,
    Pupil,
    Room,
    check_open,
    check_teacher,
    digest,
    new_token,
    nickname,
    pupil_id,
)
from pickomino.rules import PRESETS
from pickomino.scenario import Scenario
from pickomino.store import Document, Store, UnknownDocument, VersionConflict

MIN_SEATS: Final = 2
MAX_SEATS: Final = 7
"""The most seats a table has: the rules' most players, and still a table a phone shows."""
ROOM_SEATS: Final = 4
"""The most seats of a table dealt from a room: a game of a lesson's length."""
MAX_TABLES: Final = 30
"""The most tables a room holds: 60 pupils two by two, and still a board that shows them all."""
MOVES_PER_MINUTE: Final = 60
"""Moves one seat may send in a minute: a fast player's turn is a dozen taps, a script's is not."""
TIMER_SECONDS: Final = (10, 600)
"""The shortest and longest time a host may give each move; a table may also have no timer."""
BOT: Final = Kind("expert")
"""The bot a seat is given by default, and the one that plays a move when its time runs out."""
ATTEMPTS: Final = 5
"""How often a change is redone on the table as stored now, another writer having come first."""


class TableRefused(CodedError):
    """Something a table refuses; `code` names it (`table.refused.<code>` in content/)."""

    section = "table.refused"


Now = Callable[[], float]
"""The time tables are stamped with: seconds since 1970, the same on every server."""


@dataclass(frozen=True)
class Seat:
    """One seat: who plays it, and what proves it.

    `kind` is None while the seat is empty, then a person or a bot (`match.KINDS`); `link` the
    digest of the link that claims it (a host's table; None for a room's, dealt to its pupils);
    `player` the key (`rooms.pupil_id`) of the token that plays it once claimed.
    """

    kind: Kind | None = None
    name: str = ""
    link: str | None = None
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The seat as its table's document holds it."""
        return {"kind": self.kind, "name": self.name, "link": self.link, "player": self.player}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        """The seat `to_json` wrote; ValueError for a kind the app does not know."""
        kind = data["kind"]
        if kind is not None and kind not in KINDS:
            raise ValueError(f"not a seat's kind: {kind!r}")
        link, player = data["link"], data["player"]
        return cls(
            None if kind is None else Kind(kind),
            str(data["name"]),
            None if link is None else str(link),
            None if player is None else str(player),
        )


@dataclass(frozen=True)
class Sitting:
    """A table as stored: its seats, its settings, its secret seed, its game once begun.

    Attributes:
        host: the digest of the host's token (a room's teacher's, for a table dealt from a room).
        rules: the rules preset's name.
        hints: whether a seat may see the odds and hints of its own moves.
        timer: the seconds each move may take before a bot plays it, or None.
        seats: each seat, in the order they play.
        seed: the seed the game's dice are drawn from; never shown before the game is over.
        room: the room that dealt the table, or None; `place` its number there, from 1.
        match: the game, None until every seat is taken.
        since: when the move now awaited became due (seconds since 1970), for the timer.
        timed: the indexes (in `Match.steps`) of the moves a bot played when time ran out.
    """

    host: str
    rules: str
    hints: bool
    timer: int | None
    seats: tuple[Seat, ...]
    seed: int
    room: str | None = None
    place: int = 0
    match: Match | None = None
    since: float = 0.0
    timed: tuple[int, ...] = field(default=())

    @property
    def played(self) -> int:
        """How many moves were played: the number the next move must carry."""
        return 0 if self.match is None else len(self.match.steps)

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.match is not None and self.match.table.over

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` plays at this table, None when it plays none."""
        if not token:
            return None
        key = pupil_id(token)
        return next(
            (
                index
                for index, seat in enumerate(self.seats)
                if seat.player is not None and hmac.compare_digest(seat.player, key)
            ),
            None,
        )

    def due(self, now: float) -> bool:
        """Whether the seat to move ran out of time at `now`: a bot plays its move (`advance`)."""
        match = self.match
        if match is None or self.timer is None or match.table.over:
            return False
        return match.to_play == PERSON and now >= self.since + self.timer

    def left(self, now: float) -> float | None:
        """Seconds left for the move now awaited from a person, while a timer runs."""
        match = self.match
        if match is None or self.timer is None or match.to_play != PERSON:
            return None
        return max(0.0, self.since + self.timer - now)

    def to_json(self) -> dict[str, Any]:
        """The table as its document holds it (`from_json` reads it back)."""
        return {
            "host": self.host,
            "rules": self.rules,
            "hints": self.hints,
            "timer": self.timer,
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed,
            "room": self.room,
            "place": self.place,
            "game": None if self.match is None else self.match.to_data(),
            "since": self.since,
            "timed": list(self.timed),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Sitting:
        """The table `to_json` wrote; KeyError, TypeError or ValueError for anything else."""
        seats = tuple(Seat.from_json(seat) for seat in data["seats"])
        if not MIN_SEATS <= len(seats) <= MAX_SEATS or data["rules"] not in PRESETS:
            raise ValueError("not a table's seats or rules")
        game = data["game"]
        timer = data["timer"]
        room = data["room"]
        return cls(
            host=str(data["host"]),
            rules=str(data["rules"]),
            hints=bool(data["hints"]),
            timer=None if timer is None else int(timer),
            seats=seats,
            seed=int(data["seed"]),
            room=None if room is None else str(room),
            place=int(data["place"]),
            match=None if game is None else Match.from_data(game),
            since=float(data["since"]),
            timed=tuple(int(index) for index in data["timed"]),
        )


KEPT: Final[Kept[Sitting]] = Kept("table", "table.saved", Sitting.to_json, Sitting.from_json)
"""How a table goes into the store and comes back."""
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


# ----- who sits where ----------------------------------------------------------------------------


def seat_links(host_token: str, seats: int) -> tuple[str, ...]:
    """The link token of each seat of a host's table, drawn from the host's token.

    Derived rather than kept: the table keeps only their digests, and the host, holding the one
    token, can show every seat's link again after a reload.
    """
    return tuple(
        hmac.new(host_token.encode(), f"seat {seat}".encode(), hashlib.sha256).hexdigest()[:32]
        for seat in range(seats)
    )


def check_settings(seats: int, rules: str, timer: int | None) -> None:
    """Refuse a table no game can be played at: seats, rules or timer out of bounds."""
    if rules not in PRESETS:
        raise TableRefused("unknown_rules", f"no rules are called {rules[:40]!r}")
    low = max(MIN_SEATS, PRESETS[rules].min_players)
    high = min(MAX_SEATS, PRESETS[rules].max_players)
    if not low <= seats <= high:
        raise TableRefused(
            "seat_count", f"a table has {low} to {high} seats, not {seats}", low=low, high=high
        )
    if timer is not None and not TIMER_SECONDS[0] <= timer <= TIMER_SECONDS[1]:
        raise TableRefused(
            "bad_timer",
            f"a move's time is {TIMER_SECONDS[0]} to {TIMER_SECONDS[1]} seconds, not {timer}",
            low=TIMER_SECONDS[0],
            high=TIMER_SECONDS[1],
        )


def new_seed() -> int:
    """A table's seed, from the system's secure generator: no one can foresee the dice."""
    return secrets.randbits(62)


def started(sitting: Sitting, now: float) -> Sitting:
    """The game begun once every seat is taken, the bots playing until a person is to move."""
    if sitting.match is not None or any(seat.kind is None for seat in sitting.seats):
        return sitting
    kinds = tuple(seat.kind or BOT for seat in sitting.seats)
    names = tuple(seat.name for seat in sitting.seats)
    table = Table.new(len(kinds), PRESETS[sitting.rules])
    match = Match.at(table, kinds, names, sitting.seed).until_person()
    return replace(sitting, match=match, since=now)


def claim(
    sitting: Sitting, link: str, typed: str, held: str | None, fresh: str, now: float
) -> tuple[Sitting, str]:
    """Seat a player by their seat's `link` as `typed`: the table, and the token that plays it.

    `held` is the token this browser already plays this table with, if any: its own seat's link
    gives it back (a reload, the link opened again), another seat's is refused. A seat claimed
    by anyone else, or given to a bot, is refused; so is a nickname `rooms.nickname` refuses or
    one looking like another seat's. `fresh` is the new player's token.
    """
    wanted = digest(link)
    index = next(
        (
            i
            for i, seat in enumerate(sitting.seats)
            if seat.link is not None and hmac.compare_digest(seat.link, wanted)
        ),
        None,
    )
    if index is None:
        raise TableRefused("unknown_seat", "this link opens no seat of this table")
    mine = sitting.seat_of(held)
    if mine is not None:
        if mine != index:
            raise TableRefused("other_seat", "you already play another seat of this table")
        return sitting, str(held)
    seat = sitting.seats[index]
    if seat.kind is not None:
        raise TableRefused("seat_taken", "someone else plays this seat")
    name = nickname(typed)
    if any(name_key(other.name) == name_key(name) for other in sitting.seats if other.name):
        raise TableRefused("name_taken", "another player at this table has this name")
    seats = list(sitting.seats)
    seats[index] = replace(seat, kind=PERSON, name=name, player=pupil_id(fresh))
    return started(replace(sitting, seats=tuple(seats)), now), fresh


def check_host(sitting: Sitting, token: str | None) -> None:
    """Refuse a host's action made without the table's host token."""
    if token is None or not hmac.compare_digest(digest(token), sitting.host):
        raise TableRefused("not_host", "only the table's host can do that")


def give_bot(
    sitting: Sitting, host_token: str | None, seat: int, kind: Kind, now: float
) -> Sitting:
    """Seat `kind`, a bot, at the empty `seat`, by the host; a table keeps at least one person."""
    check_host(sitting, host_token)
    if kind == PERSON or kind not in KINDS:
        raise TableRefused("bad_bot", f"no bot is called {kind[:40]!r}")
    if not 0 <= seat < len(sitting.seats) or sitting.seats[seat].kind is not None:
        raise TableRefused("seat_taken", "only an empty seat can be given to a bot")
    if not any(other.kind in (None, PERSON) for i, other in enumerate(sitting.seats) if i != seat):
        raise TableRefused("no_person", "a table keeps at least one seat for a person")
    seats = list(sitting.seats)
    seats[seat] = Seat(kind)
    return started(replace(sitting, seats=tuple(seats)), now)


def play(sitting: Sitting, token: str | None, number: int, move: Move, now: float) -> Sitting:
    """`move`, sent by the player `token` as move `number` of the game; the bots answer it.

    Refused (`TableRefused`) when the token plays no seat here, the game has not begun or is
    over, the number is not the move awaited (sent twice, or late), another seat is to move, or
    a roll names its faces (the dice are the table's to draw); `IllegalMove` when the rules
    forbid the move.
    """
    seat = sitting.seat_of(token)
    if seat is None:
        raise TableRefused("not_seated", "this link plays no seat of this table")
    match = sitting.match
    if match is None:
        raise TableRefused("not_started", "the game begins once every seat is taken")
    if match.table.over:
        raise TableRefused("game_over", "the game is over")
    if number != sitting.played:
        raise TableRefused(
            "stale_move",
            f"this move was made on move {number}, the game is at move {sitting.played}",
            number=number,
            current=sitting.played,
        )
    if match.table.current != seat:
        raise TableRefused("not_your_turn", "another player is to move")
    if move.kind == "roll" and move.faces is not None:
        raise TableRefused("faces_given", "the table rolls the dice: a roll names no faces")
    return replace(sitting, match=match.play(move).until_person(), since=now)


def advance(sitting: Sitting, now: float) -> Sitting:
    """The move of a seat whose time ran out (`Sitting.due`), played by `BOT`; else unchanged.

    The log says so (`Line.timed`). Two pollers at once take it once: the second finds the
    table moved on (`Tables.change` redoes this on the table as stored).
    """
    if not sitting.due(now):
        return sitting
    assert sitting.match is not None
    match = sitting.match
    timed = (*sitting.timed, len(match.steps))
    match = match.play(bot(BOT).move(match.table)).until_person()
    return replace(sitting, match=match, since=now, timed=timed)


# ----- a room's tables ----------------------------------------------------------------------------

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


# ----- what a seat, a spectator and the board see ------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One move of the game's log: its number, the seat that made it, what it did.

    `timed`: a bot played it when the seat's time ran out.
    """

    number: int
    seat: int
    move: Move
    events: tuple[Event, ...]
    timed: bool

    def words(self, lang: Lang, you: int | None, names: Names = None) -> list[str]:
        """The move told to seat `you` (None: a spectator), the seats called by `names`."""
        told = story(self.events, lang, you, names)
        if not self.timed:
            return told
        who = "you" if self.seat == you else "they"
        said = t(f"table.log.timed_{who}", lang, player=seat_name(self.seat, lang, names))
        return [said, *told]


def log_of(sitting: Sitting) -> tuple[Line, ...]:
    """Every move of the game, in order."""
    match = sitting.match
    if match is None:
        return ()
    timed = set(sitting.timed)
    return tuple(
        Line(index, match.before(index).current, step.move, step.events, index in timed)
        for index, step in enumerate(match.steps)
        if step.move is not None
    )


@dataclass(frozen=True)
class Finished:
    """A game over: its record for each player's review, and the seed its dice were drawn from.

    `data` is the game as `Match.to_data` writes it, the seed in it, which `Match.from_data`
    and the command line read back.
    """

    record: Scenario
    seed: int
    data: Mapping[str, Any]


@dataclass(frozen=True)
class View:
    """What a seat (`seat`) or a spectator (`seat` None) sees of a table at one moment.

    Never the seed nor any token before the game is over; the odds of a move only for the seat
    to move, and only if the host allows them.
    """

    id: str
    seat: int | None
    names: tuple[str, ...]
    kinds: tuple[Kind | None, ...]
    table: Table | None
    number: int
    timer: int | None
    left: float | None
    hints_allowed: bool
    log: tuple[Line, ...]
    finished: Finished | None

    @property
    def started(self) -> bool:
        """Whether the game has begun: every seat is taken."""
        return self.table is not None

    @property
    def over(self) -> bool:
        """Whether the game is over: the record and the seed are shown."""
        return self.finished is not None

    @property
    def mine(self) -> bool:
        """Whether this seat is to move now."""
        table = self.table
        return table is not None and not table.over and table.current == self.seat

    def moves(self) -> tuple[Move, ...]:
        """The moves this seat may make now (none while another is to move)."""
        return self.table.legal_moves() if self.mine and self.table is not None else ()

    def analysis(self) -> Analysis | None:
        """The odds of this seat's move now, if the host allows them; else None."""
        if not (self.hints_allowed and self.mine and self.table is not None):
            return None
        return analyse(self.table)

    def told(self, lang: Lang, names: Names = None) -> list[str]:
        """The whole log in the reader's words, told to this seat.

        The seats are called by `names` (the page's), else by their nicknames (a bot's seat by
        its number).
        """
        called = self.names if names is None else names
        return [line for entry in self.log for line in entry.words(lang, self.seat, called)]


def view_of(id: str, sitting: Sitting, seat: int | None, now: float) -> View:
    """What `seat` (None: a spectator) sees of `sitting` at `now`."""
    match = sitting.match
    finished = None
    if match is not None and match.table.over:
        names = tuple(seat.name for seat in sitting.seats)
        finished = Finished(match.record(names), sitting.seed, match.to_data())
    return View(
        id=id,
        seat=seat,
        names=tuple(s.name for s in sitting.seats),
        kinds=tuple(s.kind for s in sitting.seats),
        table=None if match is None else match.table,
        number=sitting.played,
        timer=sitting.timer,
        left=sitting.left(now),
        hints_allowed=sitting.hints and seat is not None,
        log=log_of(sitting),
        finished=finished,
    )


@dataclass(frozen=True)
class BoardLine:
    """One table as a room's board shows it: who plays, the score, whose turn, the last move.

    `current` is None before the game begins and once it is over; `winners` empty until then.
    """

    id: str
    place: int
    names: tuple[str, ...]
    kinds: tuple[Kind | None, ...]
    scores: tuple[int, ...]
    current: int | None
    last: Line | None
    over: bool
    winners: tuple[int, ...]


def board_line(id: str, sitting: Sitting) -> BoardLine:
    """What a room's board shows of one table."""
    match = sitting.match
    table = None if match is None else match.table
    log = log_of(sitting)
    return BoardLine(
        id=id,
        place=sitting.place,
        names=tuple(s.name for s in sitting.seats),
        kinds=tuple(s.kind for s in sitting.seats),
        scores=(0,) * len(sitting.seats) if table is None else table.scores(),
        current=None if table is None or table.over else table.current,
        last=log[-1] if log else None,
        over=table is not None and table.over,
        winners=() if table is None else table.winners(),
    )


# ----- the tables in the store -------------------------------------------------------------------


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
        self, seats: int, rules: str = "standard", hints: bool = True, timer: int | None = None
    ) -> Opened:
        """A host's table of `seats` empty seats, each claimed by its link; StoreError unsaved."""
        check_settings(seats, rules, timer)
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
    ) -> tuple[str, ...]:
        """The room's tables as dealt, by its teacher: their ids, in the board's order.

        The room's teacher is the tables' host. RoomError "not_teacher" without the teacher's
        token, "closed" once the room is; TableRefused "many_tables" past `MAX_TABLES` for the
        room, counting those it holds already.
        """
        room = Room.from_json(self.store.read("room", room_id).data)
        check_teacher(room, teacher)
        now = self.now()
        check_open(room, self.store.room_pulse(room_id).changed, now)
        for table in deal:
            check_settings(len(table), rules, timer)
        held = len(self.store.owned("table", room_id))
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
                    held + place,
                    since=now,
                ),
                now,
            )
            for place, table in enumerate(deal, 1)
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

    def change(self, id: str, edit: Callable[[Sitting], Sitting]) -> Sitting:
        """Apply `edit` to the table as stored now, redone if another writer came first.

        An edit that refuses raises before anything is written; an edit that changes nothing
        writes nothing. After `ATTEMPTS` writers in a row came first: TableRefused "busy".
        """
        for _ in range(ATTEMPTS):
            stored, held = DECODED_TABLES.read(self.store, id)
            changed = edit(stored)
            if changed is stored:
                return changed
            saved = KEPT.save(self.store, held, changed)
            if saved.problem is None:
                assert saved.held is not None
                DECODED_TABLES.keep(saved.held, changed)
                return changed
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
        changed = self.change(id, lambda sitting: give_bot(sitting, host, seat, kind, self.now()))
        return view_of(id, changed, None, self.now())

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
        return self._view(id, changed, token)

    def advance(self, id: str, token: str | None = None) -> View:
        """The move of a seat whose time ran out, played by a bot; the table after it.

        Any poller of the table calls it, a seat (`token`) or a spectator (None), and sees the
        table as that reader does.
        """
        changed = self.change(id, lambda sitting: advance(sitting, self.now()))
        return self._view(id, changed, token)

    def seat(self, id: str, token: str) -> View:
        """What the player `token` sees of the table; TableRefused when it plays no seat here."""
        return self._view(id, self.load(id), token)

    def watch(self, id: str) -> View:
        """What a spectator sees: no seat, no hints, no token, and no seed before the end."""
        return view_of(id, self.load(id), None, self.now())

    def _view(self, id: str, sitting: Sitting, token: str | None) -> View:
        """What `token`'s seat sees (a spectator without a token); TableRefused for a stranger's."""
        seat = sitting.seat_of(token)
        if token is not None and seat is None:
            raise TableRefused("not_seated", "this link plays no seat of this table")
        return view_of(id, sitting, seat, self.now())

    def links(self, id: str, host: str | None) -> tuple[str, ...]:
        """Each seat's link token, for the host to send again."""
        sitting = self.load(id)
        check_host(sitting, host)
        assert host is not None
        return seat_links(host, len(sitting.seats))

    def board(self, room_id: str) -> tuple[BoardLine, ...]:
        """Every table of a room as its board shows them, in the order they were dealt.

        One read of the store for them all.
        """
        return tuple(board_line(id, sitting) for id, sitting in self._owned(room_id))

    def table_of(self, room_id: str, token: str) -> str | None:
        """The last table of a room dealt to the pupil `token` (their room token), if any."""
        found = [id for id, sitting in self._owned(room_id) if sitting.seat_of(token) is not None]
        return found[-1] if found else None

    def records(self, room_id: str) -> tuple[tuple[int, Finished], ...]:
        """The record of each finished table of a room, by its place: for the teacher to keep."""
        found = []
        for id, sitting in self._owned(room_id):
            finished = view_of(id, sitting, None, self.now()).finished
            if finished is not None:
                found.append((sitting.place, finished))
        return tuple(found)

    def _owned(self, room_id: str) -> list[tuple[str, Sitting]]:
        """A room's tables as stored, in the order they were dealt, read in one query."""
        found = []
        for document in self.store.owned("table", room_id):
            try:
                found.append((document.id, DECODED_TABLES.of(document)))
            except UnknownDocument:  # no table's data: left out, as a bad link shows no table
                continue
        return sorted(found, key=lambda pair: pair[1].place)
