"""A practice table with history: moves, teacher edits, undo, redo and reproducible dice.

The sandbox page keeps one `Sandbox` in the session and replaces it after every click. Keeping the
history here, as plain values, lets undo/redo and seeded rolls be tested without a browser, and
keeps the page free of game logic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from pickomino.events import Event, Rolled
from pickomino.game import ROLL, STOP, Move, Step, Table, TableError
from pickomino.scenario import Scenario, ScenarioError, action_json, parse, table_json

MAX_HISTORY: Final = 1_000
"""The most tables a sandbox keeps (about 650 bytes each, so under 1 MB a session): past it the
oldest are dropped, and Undo goes back at most 999 moves. A whole game of seven seats, every bot
move a step, takes under 700 (benchmarks/records.py)."""

Place = int | Literal["middle", "face_down"]
"""Where a teacher puts a tile: a seat's stack (on top), the middle, or face down."""


@dataclass(frozen=True)
class Sandbox:
    """The tables reached so far; `position` is the one shown, later ones are for redo.

    At most `MAX_HISTORY` tables are kept: a move past it drops the oldest, counted in `dropped`.
    Random rolls draw from a generator seeded with `seed` and the move's place in the whole
    history (`dropped + position`), so the same seed and the same moves give the same dice, and an
    undone roll rolls the same again, whatever was dropped.
    """

    seed: int
    history: tuple[Step, ...]
    position: int = 0
    dropped: int = 0

    @classmethod
    def start(cls, table: Table, seed: int = 0) -> Sandbox:
        """A sandbox whose first table is `table`."""
        return cls(seed, (Step(table),))

    @classmethod
    def replaying(cls, scenario: Scenario, seed: int = 0) -> Sandbox:
        """A scenario at its moment (`at` moves in), the moves before it to undo, the rest to redo.

        ScenarioError names the first move the rules refuse, before any sandbox is made. A record
        longer than `MAX_HISTORY` keeps the tables just before its moment and as many after it as
        fit: the oldest are dropped as they would have been in play.
        """
        history = (Step(scenario.table), *scenario.steps())
        drop = max(0, min(scenario.at, len(history) - MAX_HISTORY))
        return cls(seed, history[drop : drop + MAX_HISTORY], scenario.at - drop, drop)

    def to_data(self) -> dict[str, Any]:
        """The sandbox as JSON data that `from_data` rebuilds exactly, for the store.

        A move is kept in the scenario's `actions` form, its events rebuilt by playing it again on
        the table before it, so a history of a thousand moves stays a few hundred kilobytes. A
        random roll is written with the faces it drew (and `drawn`), since its seed may have
        changed since; every other step (the first, an edit, a new table) keeps its table.
        """
        steps: list[dict[str, Any]] = []
        for index, step in enumerate(self.history):
            item: dict[str, Any] = {}
            if index == 0 or step.move is None:
                item["table"] = table_json(step.table)
            if step.move is not None:
                move = step.move
                if move.kind == "roll" and move.faces is None:
                    (rolled,) = (event for event in step.events if isinstance(event, Rolled))
                    move = Move("roll", faces=rolled.faces)
                    item["drawn"] = True
                item["action"] = action_json(move)
            steps.append(item)
        return {
            "seed": self.seed,
            "position": self.position,
            "dropped": self.dropped,
            "steps": steps,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Sandbox:
        """The sandbox `to_data` wrote; ScenarioError (or ValueError) when the data is not one.

        Every table and move goes through the scenario parser and the rules, as a link's would.
        The first table kept keeps its move but not its events (the table before it is gone): it
        is only reached by undoing past `MAX_HISTORY` moves.
        """
        seed, position, dropped, raw = (
            data.get(k) for k in ("seed", "position", "dropped", "steps")
        )
        if (
            not all(
                isinstance(v, int) and not isinstance(v, bool) for v in (seed, position, dropped)
            )
            or not isinstance(raw, list)
            or not 0 < len(raw) <= MAX_HISTORY
        ):
            raise ValueError("not a stored sandbox")
        assert isinstance(seed, int) and isinstance(position, int) and isinstance(dropped, int)
        if not 0 <= position < len(raw) or dropped < 0:
            raise ValueError("not a stored sandbox")
        history: list[Step] = []
        for index, item in enumerate(raw):
            if (
                not isinstance(item, dict)
                or ("table" in item) != (index == 0 or "action" not in item)
                or not isinstance(item.get("table", {}), dict)
            ):
                raise ValueError(f"step {index} is not a stored step")
            actions = [item["action"]] if "action" in item else []
            if "table" in item:
                scenario = parse({**item["table"], "actions": actions})
                move = scenario.moves[0] if actions else None
                step = Step(scenario.table, (), None if move is None else _undrawn(move, item))
            else:
                played = next(parse({**table_json(history[-1].table), "actions": actions}).steps())
                step = Step(played.table, played.events, _undrawn(played.move, item))
            history.append(step)
        return cls(seed, tuple(history), position, dropped)

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

    def _push(self, step: Step) -> Sandbox:
        """`step` after the table shown (redo steps forgotten), the oldest dropped past the cap."""
        kept = (*self.history[: self.position + 1], step)
        drop = max(0, len(kept) - MAX_HISTORY)
        return replace(
            self, history=kept[drop:], position=len(kept) - 1 - drop, dropped=self.dropped + drop
        )

    def rng(self) -> random.Random:
        """The generator for a random roll from the current position."""
        return random.Random(f"{self.seed}:{self.dropped + self.position}")

    def play(self, move: Move) -> Sandbox:
        """Apply a move (random when a roll has no faces); IllegalMove leaves this sandbox as is."""
        table, events = self.table.play(move, self.rng())
        return self._push(Step(table, events, move))

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
        return self._push(Step(table))

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
        return replace(self, seed=seed)

    # ----- one learner against bots: the other seats' moves happen at once -----------------------

    def autoplay(self, strategy: Callable[[Table], Move], seat: int) -> Sandbox:
        """Let `strategy` play every seat but `seat` until `seat` is to play or the game ends.

        Each bot move is a step of the history, its random rolls seeded like any other.
        """
        box = self
        while not box.table.over and box.table.current != seat:
            table = box.table
            box = box.play(ROLL if table.phase == "roll" else strategy(table))
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


def _undrawn(move: Move | None, item: dict[str, Any]) -> Move:
    """The move as it was played: a random roll's faces forgotten again, as `play` recorded it."""
    assert move is not None
    return ROLL if item.get("drawn") is True and move.kind == "roll" else move


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
