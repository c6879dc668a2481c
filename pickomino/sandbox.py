"""A practice table with history: moves, teacher edits, undo, redo and reproducible dice.

The sandbox page keeps one `Sandbox` in the session and replaces it after every click. Its history
is a `History`, the Play page's too, so undo/redo and seeded rolls are tested without a browser, a
sandbox is stored as a Play game is, and can be saved as a game record; the page holds no game
logic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from pickomino.bots import Bot
from pickomino.events import Event
from pickomino.game import ROLL, STOP, Move, Step, Table, TableError
from pickomino.history import History
from pickomino.scenario import Scenario, ScenarioError

MAX_HISTORY: Final = 1_000
"""The most tables a sandbox keeps (about 650 bytes each, so under 1 MB a session): past it the
oldest are dropped, and Undo goes back at most 999 moves. A whole game of seven seats, every bot
move a step, takes under 700 (benchmarks/records.py)."""

Place = int | Literal["middle", "face_down"]
"""Where a teacher puts a tile: a seat's stack (on top), the middle, or face down."""


@dataclass(frozen=True)
class Sandbox:
    """A history (`history.History`) and which of its tables is shown; later ones are for redo.

    At most `MAX_HISTORY` tables are kept: a move past it drops the oldest, counted in `dropped`.
    Random rolls are seeded as every history's are, with the seed and the place of the table rolled
    on in the whole history (`history.roll_rng`), so the same seed and the same moves give the same
    dice, and an undone roll rolls the same again, whatever was dropped.
    """

    log: History
    position: int = 0

    @classmethod
    def start(cls, table: Table, seed: int = 0) -> Sandbox:
        """A sandbox whose first table is `table`."""
        return cls(History.begin(table, seed))

    @classmethod
    def replaying(cls, scenario: Scenario, seed: int = 0) -> Sandbox:
        """A scenario at its moment (`at` moves in), the moves before it to undo, the rest to redo.

        ScenarioError names the first move the rules refuse, before any sandbox is made.
        """
        return cls.showing(History.of(scenario, seed), scenario.at)

    @classmethod
    def showing(cls, log: History, at: int) -> Sandbox:
        """`log` with its table `at` shown, the oldest dropped past `MAX_HISTORY` as in play.

        A longer history keeps the tables just before `at` and as many after it as fit.
        """
        drop = max(0, min(at, len(log.steps) - MAX_HISTORY))
        return cls(log.dropping(drop).upto(MAX_HISTORY - 1), at - drop)

    def to_data(self) -> dict[str, Any]:
        """The sandbox as JSON data that `from_data` rebuilds exactly: its history's stored form."""
        return self.log.to_data(self.position)

    @classmethod
    def from_data(cls, data: object) -> Sandbox:
        """The sandbox stored by this version or an older one, or any record or stored game.

        `History.from_data` reads it; ScenarioError (or ValueError) when the data is not one.
        """
        return cls.showing(*History.from_data(data))

    def record(self) -> Scenario:
        """The sandbox as a game record opening at the table shown (`History.record`).

        `python -m pickomino replay` and `review` read it, as a link does.
        """
        return self.log.record(at=self.position)

    @property
    def seed(self) -> int:
        """The seed of the next random roll."""
        return self.log.seed

    @property
    def history(self) -> tuple[Step, ...]:
        """The tables kept, each with the move and events that led to it."""
        return self.log.steps

    @property
    def dropped(self) -> int:
        """How many tables were dropped before the first kept."""
        return self.log.dropped

    @property
    def table(self) -> Table:
        """The table shown now."""
        return self.history[self.position].table

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last move did, for the page to narrate."""
        return self.history[self.position].events

    @property
    def can_undo(self) -> bool:
        """Whether an earlier table exists."""
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone table can be brought back."""
        return self.position < len(self.history) - 1

    def _kept(self, log: History) -> Sandbox:
        """`log`, grown past the table shown, at its last table, the oldest past the cap dropped."""
        log = log.dropping(len(log.steps) - MAX_HISTORY)
        return Sandbox(log, len(log.steps) - 1)

    def play(self, move: Move) -> Sandbox:
        """Apply a move (random when a roll has no faces); IllegalMove leaves this sandbox as is.

        The moves after the table shown (kept for redo) are forgotten.
        """
        return self._kept(self.log.upto(self.position).play(move))

    def roll(self, faces: Sequence[str] | None = None) -> Sandbox:
        """Roll at random, or show `faces` (a teacher setting the dice by hand)."""
        return self.play(ROLL if faces is None else Move("roll", faces=tuple(faces)))

    def keep(self, face: str) -> Sandbox:
        """Keep every die of the waiting roll showing `face`."""
        return self.play(Move("keep", face=face))

    def take(self, tile: int) -> Sandbox:
        """Stop and take `tile`."""
        return self.play(Move("take", tile=tile))

    def stop(self) -> Sandbox:
        """Stop without a tile (fails the turn)."""
        return self.play(STOP)

    def edit(self, table: Table) -> Sandbox:
        """Show a table a teacher set up, as one undoable step."""
        return self._kept(self.log.upto(self.position).edit(table))

    def undo(self) -> Sandbox:
        """Back one table (no change when there is none)."""
        return replace(self, position=max(0, self.position - 1))

    def redo(self) -> Sandbox:
        """Forward one undone table (no change when there is none)."""
        return replace(self, position=min(len(self.history) - 1, self.position + 1))

    def reset(self) -> Sandbox:
        """Back to the first table kept, keeping the history for redo."""
        return replace(self, position=0)

    def reseed(self, seed: int) -> Sandbox:
        """Use another seed for the random rolls from now on."""
        return replace(self, log=replace(self.log, seed=seed))

    # ----- one learner against bots: the other seats' moves happen at once -----------------------

    def autoplay(self, player: Bot, seat: int) -> Sandbox:
        """Let `player` play every seat but `seat` until `seat` is to play or the game ends.

        Each bot move is a step of the history, its random rolls seeded like any other.
        """
        box = self
        while not box.table.over and box.table.current != seat:
            box = box.play(player.move(box.table))
        return box

    def undo_to(self, seat: int) -> Sandbox:
        """Back to the last earlier table where `seat` is to play, past the bots' moves."""
        box = self.undo()
        while box.can_undo and box.table.current != seat:
            box = box.undo()
        return box

    def redo_to(self, seat: int) -> Sandbox:
        """Forward to the next undone table where `seat` is to play (or the last one)."""
        box = self.redo()
        while box.can_redo and box.table.current != seat:
            box = box.redo()
        return box

    def events_since(self, seat: int) -> tuple[Event, ...]:
        """The events of the last move `seat` made and of every move after it, in order."""
        events: list[Event] = []
        position = self.position
        while position > 0:
            events[:0] = self.history[position].events
            if self.history[position - 1].table.current == seat:
                break
            position -= 1
        return tuple(events)


def place_tile(table: Table, tile: int, place: Place) -> Table:
    """`table` with `tile` moved to `place` (on top of a stack), checked like any table.

    The edit goes through `Table.check` so a teacher's board obeys the same checks as a link:
    an edit that empties the middle during a turn, for instance, is refused with its reason
    (ScenarioError, with `Table.check`'s code).
    """
    seat = not isinstance(place, bool) and isinstance(place, int) and 0 <= place < table.players
    if not seat and place not in ("middle", "face_down"):
        raise ScenarioError(
            "not_a_seat",
            f"{place!r} is not a seat from 0 to {table.players - 1}, 'middle' or 'face_down'",
            seat=place,
            last=table.players - 1,
        )
    middle = tuple(t for t in table.middle if t != tile)
    face_down = tuple(t for t in table.face_down if t != tile)
    stacks = [tuple(t for t in stack if t != tile) for stack in table.stacks]
    if place == "middle":
        middle = tuple(sorted((*middle, tile)))
    elif place == "face_down":
        face_down = tuple(sorted((*face_down, tile)))
    else:
        assert isinstance(place, int)
        stacks[place] = (*stacks[place], tile)
    edited = replace(table, middle=middle, face_down=face_down, stacks=tuple(stacks))
    try:
        return edited.check()
    except TableError as error:
        raise ScenarioError(error.code, str(error), **error.params) from None
