"""What a seat, a spectator and a room's board see of a table, and the game's log.

Made from a `Sitting` for one reader: a `View` holds the table, the log and the seats' names,
never a token, and the seed only once the game is over (`Finished`); the odds only for the seat
to move, and only if the host allows them. The log is the engine's events, worded for each reader
by `narrate` (`Line.words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pickomino.activities.kept import Held
from pickomino.activities.table.sitting import Sitting
from pickomino.events import Event
from pickomino.game import Move, Table
from pickomino.i18n import Lang, t
from pickomino.match import Kind
from pickomino.narrate import Names, seat_name, story
from pickomino.odds import Analysis, analyse
from pickomino.scenario import Scenario


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
    version: int
    """The stored table's version this view was drawn from: the number a page polls
    (`Store.version`), which moves with every change to the table."""
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


def view_of(held: Held, sitting: Sitting, seat: int | None, now: float) -> View:
    """What `seat` (None: a spectator) sees of `sitting`, stored as `held`, at `now`."""
    match = sitting.match
    finished = None
    if match is not None and match.table.over:
        names = tuple(seat.name for seat in sitting.seats)
        finished = Finished(match.record(names), sitting.seed, match.to_data())
    id, version = held
    return View(
        id=id,
        version=version,
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


def next_number(lines: Sequence[BoardLine]) -> int:
    """The number a room's next table gets: one after the highest dealt.

    So a new round's tables never share a number with the last round's, still on the board.
    """
    return max((line.place for line in lines), default=0) + 1
