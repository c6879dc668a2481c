"""A table as stored, and who may do what at it: seats claimed, bots given, moves played, timed.

Pure functions over `Sitting`, the table's one stored value: each returns the table after the
change, or refuses (`TableRefused`, or the engine's `IllegalMove`) before anything is built, so
`Tables.change` may redo any of them on the table as another writer left it. The seed is drawn
here from the system's secure generator (`new_seed`) and stays in `Sitting`, which no page shows
(`view.View` is what a reader gets).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pickomino.activities.kept import Kept
from pickomino.bots import bot
from pickomino.errors import CodedError
from pickomino.game import Move, Table
from pickomino.match import KINDS, PERSON, Kind, Match
from pickomino.names import name_key
from pickomino.rooms import digest, nickname, pupil_id
from pickomino.rules import PRESETS
from pickomino.scenario import parse, table_json

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
TIMERS: Final = (None, 30, 60, 120)
"""The turn timers a host or a teacher picks from: none, or seconds a move."""
BOT: Final = Kind("expert")
"""The bot a seat is given by default, and the one that plays a move when its time runs out."""
ATTEMPTS: Final = 5
"""How often a change is redone on the table as stored now, another writer having come first."""
SEAT_COOKIE: Final = "pickomino_table_"
"""The start of the name of the cookie holding this browser's token at a table (its id follows)."""


class TableRefused(CodedError):
    """Something a table refuses; `code` names it (`table.refused.<code>` in content/)."""

    section = "table.refused"


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
        start: the table the game begins from, None for a fresh one (`Tables.open`).
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
    start: Table | None = None

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
            "start": None if self.start is None else table_json(self.start),
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
        start = data.get("start")  # absent from the tables stored before a table could have one
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
            start=None if start is None else parse(start).table,
        )


KEPT: Final[Kept[Sitting]] = Kept("table", "table.saved", Sitting.to_json, Sitting.from_json)
"""How a table goes into the store and comes back."""


def seat_links(host_token: str, seats: int) -> tuple[str, ...]:
    """The link token of each seat of a host's table, drawn from the host's token.

    Derived rather than kept: the table keeps only their digests, and the host, holding the one
    token, can show every seat's link again after a reload.
    """
    return tuple(
        hmac.new(host_token.encode(), f"seat {seat}".encode(), hashlib.sha256).hexdigest()[:32]
        for seat in range(seats)
    )


def held(id: str, tokens: Mapping[str, str], cookie: Callable[[str], str | None]) -> str | None:
    """The token this browser plays table `id` with: this session's (`tokens`), else its cookie's.

    A seat's link opened in a new tab starts a new session, which holds no token: the cookie the
    seat's page wrote (`SEAT_COOKIE`) gives the seat back, as a pupil's gives a room's
    (`classroom.PupilSeat.seat_of`), and makes another seat's link refused (`claim`).
    """
    return tokens.get(id) or cookie(SEAT_COOKIE + id)


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


def check_start(start: Table, seats: int, rules: str) -> Table:
    """The table a game begins from, checked by the engine (`Table.check`: TableError).

    ValueError for a table of other seats or rules than the table's, or a game over already.
    For a test or a lesson that starts near the end; the host's form always starts a fresh game.
    """
    start.check()
    if start.players != seats or start.rules != PRESETS[rules]:
        raise ValueError(f"a start table of {start.players} seats and {start.rules.name} rules")
    if start.over:
        raise ValueError("a start table whose game is over already")
    return start


def new_seed() -> int:
    """A table's seed, from the system's secure generator: no one can foresee the dice."""
    return secrets.randbits(62)


def started(sitting: Sitting, now: float) -> Sitting:
    """The game begun once every seat is taken, the bots playing until a person is to move."""
    if sitting.match is not None or any(seat.kind is None for seat in sitting.seats):
        return sitting
    kinds = tuple(seat.kind or BOT for seat in sitting.seats)
    names = tuple(seat.name for seat in sitting.seats)
    table = sitting.start or Table.new(len(kinds), PRESETS[sitting.rules])
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
