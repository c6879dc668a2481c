"""One game history for the Play page, the sandbox and game records: its tables, moves and dice.

A `Match` (Play page) and a `Sandbox` (practice table) each hold one `History` and add only what
their page needs (who plays each seat, which table is shown). So a game is replayed one way
(`Scenario.steps`), its random rolls are seeded one way (`roll_rng`), and it is stored one way
(`to_data`, with a format version), whichever page played it; and any history, a sandbox's too,
can be saved as a game record the command line replays and reviews. Never imports Streamlit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from pickomino.bots import played
from pickomino.errors import CodedError
from pickomino.game import Move, Step, Table
from pickomino.names import blank
from pickomino.scenario import (
    MAX_ACTIONS,
    Scenario,
    action_json,
    parse,
    read_action,
    read_seats,
    table_json,
)

VERSION: Final = 2
"""The form `History.to_data` writes. Version 1 is every form written before there was one (no
"version" key): a scenario record, the Play page's stored game (`{"record", "names", "seed"}`) and
the sandbox's (`{"seed", "position", "dropped", "steps"}`). `from_data` reads them all, so a link
or a stored game of an older app opens in a newer one; a newer version is refused by name."""


class HistoryError(CodedError):
    """Stored data that is not a history: `code` and the message name the key at fault."""


def roll_rng(seed: int, index: int) -> random.Random:
    """The dice of a random roll played on table `index` of a history (0: its first table).

    `index` counts every table since the history began, dropped ones too, so an undone roll rolls
    the same again. The Play page (n moves played) and the sandbox (n tables before) both seeded
    with `f"{seed}:{n}"` before they shared this function: the same n, so `?seed=` links and
    stored games shared before it keep their dice.
    """
    return random.Random(f"{seed}:{index}")


@dataclass(frozen=True)
class History:
    """The tables of a game since its first kept one, and the seed of its next random roll.

    Attributes:
        steps: `steps[0]` holds the first table kept; each later step a move played (a roll with
            the faces it showed, so the history replays without its seed) or, with no move, a
            table a teacher set up (`edit`). The first step's move, if any, is the one that led to
            it from tables dropped before (its events are gone with them).
        seed: the seed of the next random roll (the sandbox may change it between rolls).
        dropped: how many tables came before `steps[0]` (the sandbox keeps a bounded history).
        names: per seat, a name as typed ("" for none), when the history says.
        seats: per seat, who played it ("person" or a bot), when the history says; the words are
            the Play page's to check (`match.KINDS`), so a record names bots of any version.
    """

    steps: tuple[Step, ...]
    seed: int = 0
    dropped: int = 0
    names: tuple[str, ...] | None = None
    seats: tuple[str, ...] | None = None

    @classmethod
    def begin(
        cls,
        table: Table,
        seed: int = 0,
        names: Sequence[str] | None = None,
        seats: Sequence[str] | None = None,
    ) -> History:
        """A history at `table`, nothing played yet."""
        return cls(
            (Step(table),),
            seed,
            names=None if names is None else tuple(names),
            seats=None if seats is None else tuple(seats),
        )

    @classmethod
    def of(cls, record: Scenario, seed: int = 0) -> History:
        """A record's moves replayed on its table (ScenarioError names a move the rules refuse)."""
        return cls((Step(record.table), *record.steps()), seed, 0, record.names, record.seats)

    @property
    def start(self) -> Table:
        """The first table kept."""
        return self.steps[0].table

    @property
    def table(self) -> Table:
        """The last table."""
        return self.steps[-1].table

    @property
    def edited(self) -> bool:
        """Whether a table after the first was set up by hand rather than reached by a move."""
        return any(step.move is None for step in self.steps[1:])

    def rng(self) -> random.Random:
        """The generator of a random roll played on the last table."""
        return roll_rng(self.seed, self.dropped + len(self.steps) - 1)

    def play(self, move: Move) -> History:
        """`move` played on the last table, a roll without faces drawn from the seed.

        IllegalMove (this history left as it is) when the rules forbid the move there.
        """
        return replace(self, steps=(*self.steps, played(self.table, move, self.rng())))

    def edit(self, table: Table) -> History:
        """`table`, set up by hand, after the last table."""
        return replace(self, steps=(*self.steps, Step(table)))

    def upto(self, index: int) -> History:
        """The history up to table `index` of `steps`, the later ones forgotten."""
        return replace(self, steps=self.steps[: index + 1])

    def dropping(self, count: int) -> History:
        """The history without its `count` oldest tables (at least one table stays)."""
        count = max(0, min(count, len(self.steps) - 1))
        return replace(self, steps=self.steps[count:], dropped=self.dropped + count)

    def record(self, names: Sequence[str] | None = None, at: int = 0) -> Scenario:
        """The history as a game record opening `at` tables after its first, for the command line.

        `python -m pickomino replay` and `review` read it (written by `scenario.scenario_json`).
        A record replays moves from one table, so it starts at the last table set up by hand (or
        the first kept): what came before no longer leads to the tables that follow. `names`
        (else the history's own) are written only when every seat has one (none `names.blank`,
        which a record refuses).
        """
        base = max(index for index, step in enumerate(self.steps) if not index or step.move is None)
        moves = tuple(step.move for step in self.steps[base + 1 :] if step.move is not None)
        written = tuple(names) if names is not None else self.names
        return Scenario(
            self.steps[base].table,
            moves,
            min(max(0, at - base), len(moves)),
            written if written is not None and not any(map(blank, written)) else None,
            self.seats,
        )

    # ----- stored -----------------------------------------------------------------------------

    def to_data(self, at: int = 0) -> dict[str, Any]:
        """The history as JSON data that `from_data` rebuilds exactly, `at` the table shown.

        A move is kept in the scenario's `actions` form, its events rebuilt by replaying it, so a
        history of a thousand moves stays a few hundred kilobytes; the first table and every table
        set up by hand are written whole (`scenario.table_json`).
        """
        steps: list[dict[str, Any]] = []
        for index, step in enumerate(self.steps):
            item: dict[str, Any] = {}
            if index == 0 or step.move is None:
                item["table"] = table_json(step.table)
            if step.move is not None:
                item["action"] = action_json(step.move)
            steps.append(item)
        out: dict[str, Any] = {"version": VERSION, "seed": self.seed, "dropped": self.dropped}
        if self.names is not None:
            out["names"] = list(self.names)
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if at:
            out["at"] = at
        out["steps"] = steps
        return out

    @classmethod
    def from_data(cls, data: object) -> tuple[History, int]:
        """The history any version wrote, and the table it showed (an index in `steps`).

        HistoryError names what is not a history; ScenarioError a table or move the rules refuse
        (every one is checked, as a link's).
        """
        if not isinstance(data, dict):
            raise HistoryError("not_a_history", "a history is one JSON object")
        if "version" not in data:
            return _version_1(data)
        if data["version"] != VERSION:
            raise HistoryError(
                "history_version",
                f"key 'version': this app reads version {VERSION} and older, "
                f"not {str(data['version'])[:20]!r}",
                version=str(data["version"])[:20],
                newest=VERSION,
            )
        seed, dropped, at = _whole(data, "seed"), _whole(data, "dropped"), _whole(data, "at")
        steps = _steps(data.get("steps"))
        players = steps[0].table.players
        names = _names(data.get("names"), players)
        return cls(steps, seed, dropped, names, read_seats(data, players)), _moment(at, steps)


def _version_1(data: Mapping[str, Any]) -> tuple[History, int]:
    """A form written before the version key: a Play page game, a sandbox or a scenario record."""
    if "record" in data:  # the Play page's stored game
        seed = _whole(data, "seed")
        record = parse(data["record"])
        if record.seats is None:
            raise HistoryError(
                "stored_game_seats",
                "key 'record': a stored game says who plays each seat ('seats')",
            )
        names = _names(data.get("names"), record.table.players)
        return replace(History.of(record, seed), names=names), 0
    if "steps" in data:  # the sandbox
        seed, dropped = _whole(data, "seed"), _whole(data, "dropped")
        steps = _steps(data["steps"])
        return History(steps, seed, dropped), _moment(_whole(data, "position"), steps, "position")
    record = parse(data)
    return History.of(record), record.at


def _whole(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and key != "seed"):
        raise HistoryError(
            "history_not_whole",
            f"key {key!r}: expected a whole number, got {str(value)[:20]!r}",
            field=key,
        )
    return value


def _moment(at: int, steps: tuple[Step, ...], key: str = "at") -> int:
    if not 0 <= at < len(steps):
        raise HistoryError(
            "history_not_a_table",
            f"key {key!r}: {at} is not a table from 0 to {len(steps) - 1}",
            at=at,
            last=len(steps) - 1,
        )
    return at


def _names(raw: object, players: int) -> tuple[str, ...] | None:
    """Names as typed: one string per seat, "" (or any `names.blank` one) for a seat not named.

    Kept as typed, so the history is written back as it was read; shown through `names.safe_name`.
    """
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != players or not all(isinstance(n, str) for n in raw):
        raise HistoryError(
            "history_names",
            f"key 'names': expected {players} strings, one per seat",
            players=players,
        )
    return tuple(raw)


def _steps(raw: object) -> tuple[Step, ...]:
    """The stored steps replayed: each table written whole starts a record of the moves after it.

    Every run of moves is replayed by `Scenario.steps`, the one replay, from the table before it.
    """
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_ACTIONS + 1:
        raise HistoryError(
            "history_steps",
            f"key 'steps': expected a list of 1 to {MAX_ACTIONS + 1:,} steps",
            limit=MAX_ACTIONS + 1,
        )
    steps: list[Step] = []
    actions: list[object] = []
    for index, item in enumerate(raw):
        if (
            not isinstance(item, dict)
            or ("table" in item) != (index == 0 or "action" not in item)
            or not isinstance(item.get("table", {}), dict)
        ):
            raise HistoryError(
                "history_step", f"key 'steps': step {index} is not a stored step", index=index
            )
        if "table" not in item:
            actions.append(item["action"])
            continue
        steps.extend(_replayed(steps, actions))
        actions = []
        table = parse(item["table"]).table
        first = None if "action" not in item else read_action(table.rules, index, item["action"])
        steps.append(Step(table, (), first))
    steps.extend(_replayed(steps, actions))
    return tuple(steps)


def _replayed(steps: list[Step], actions: list[object]) -> tuple[Step, ...]:
    if not actions:
        return ()
    return tuple(parse({**table_json(steps[-1].table), "actions": actions}).steps())
