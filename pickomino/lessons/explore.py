"""The odds explorer's tables and figures, without Streamlit or Plotly.

The explorer charts one table: set up with a few controls or opened from a `?table=` /
`?scenario=` link. Building it, checking it and turning the odds module's answers into rows to
chart happens here, so the tests can compare every number with `analyse` and the closed form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Final, Literal

from pickomino.game import Table
from pickomino.lessons.examples import ExampleError, board_table
from pickomino.odds import bust_chance
from pickomino.rules import WORM, Rules
from pickomino.scenario import ScenarioError
from pickomino.share import decode_table, load_scenario


@dataclass(frozen=True)
class BustGrid:
    """The bust chance `(k/6)**n` for every number of dice in hand and of faces kept.

    `chances[k][n - 1]` is None where `n` dice cannot be in hand while `k` faces are kept (each
    kept face holds a die at least), so the chart leaves those cells empty instead of quoting a
    situation no game reaches.
    """

    dice: tuple[int, ...]
    kept_faces: tuple[int, ...]
    chances: tuple[tuple[float | None, ...], ...]


def bust_grid(rules: Rules) -> BustGrid:
    """The grid for the rules' dice: 1 to `rules.dice` in hand, 0 to all but one face kept."""
    faces = len(rules.faces)
    dice = tuple(range(1, rules.dice + 1))
    kept = tuple(range(faces))
    chances = tuple(
        tuple(bust_chance(n, k, faces) if n + k <= rules.dice else None for n in dice) for k in kept
    )
    return BustGrid(dice, kept, chances)


def setup_table(
    rules: Rules,
    middle: list[int],
    own_top: int | None,
    opponent_top: int | None,
    kept_counts: Mapping[str, int],
) -> Table:
    """A two-player table where seat 0 plays, from the explorer's controls.

    Refused with `ExampleError` as `board_table` refuses: more dice kept than the game has
    (`too_many_kept`), a tile in two places (`tile_repeated`) or an empty middle (`middle_empty`).
    """
    kept = tuple(face for face in rules.faces for _ in range(kept_counts.get(face, 0)))
    return board_table(rules, middle, (opponent_top,), own_top, kept)


@dataclass(frozen=True)
class Link:
    """A table named by the page's URL, or why it cannot be used.

    `error` is the parser's refusal (None when the table was read), which the page states in the
    reader's language under its own message.
    """

    kind: Literal["table", "scenario"]
    value: str
    table: Table | None
    error: ScenarioError | None = None

    @property
    def usable(self) -> bool:
        """Whether the explorer can chart this link's table."""
        return self.table is not None and not self.table.over


def from_link(table_value: str | None, scenario_value: str | None) -> Link | None:
    """The table of `?table=` (which wins when both are given) or `?scenario=`, if any."""
    read: Callable[[str], Table]
    if table_value is not None:
        kind: Literal["table", "scenario"] = "table"
        value, read = table_value, decode_table
    elif scenario_value is not None:
        kind, value, read = "scenario", scenario_value, load_scenario
    else:
        return None
    try:
        return Link(kind, value, read(value))
    except ScenarioError as error:
        return Link(kind, value, None, error)


FIRST_ROLL: Final = (WORM, WORM, "5", "5", "5", "4", "3", "1")
"""The first roll the Tips page discusses: worms or fives? The explorer starts from it."""


def roll_start(table: Table, *, fresh: bool) -> Table:
    """Where the roll to choose from starts: the table's own point, or a turn's start on its board.

    A first roll of eight dice is where the keep decision matters most, while the table explored
    may be late in a turn, so the learner may pick either.
    """
    return replace(table, kept=() if fresh else table.kept, rolled=None)


def default_roll(table: Table) -> tuple[str, ...]:
    """The roll shown before the learner sets one: the waiting roll, else one worth a thought.

    A first roll is the Tips page's; later, the highest values not kept yet, so the roll does not
    fail at once.
    """
    if table.rolled is not None:
        return table.rolled
    if not table.kept and table.in_hand == len(FIRST_ROLL):
        return FIRST_ROLL
    rules = table.rules
    fresh = sorted((f for f in rules.faces if f not in table.kept), key=rules.value, reverse=True)
    pool = fresh or list(rules.faces)
    return tuple(pool[i % len(pool)] for i in range(table.in_hand))


def rolled_table(table: Table, faces: tuple[str, ...]) -> Table:
    """The table with `faces` as the roll waiting for a keep, rolled from the point before it.

    The engine checks the roll (`IllegalMove` for a wrong number of dice); a roll showing only
    faces kept already ends the turn, refused as `ExampleError("roll_busts")` since there is then
    nothing to keep.
    """
    after, _ = replace(table, rolled=None).roll(faces)
    if after.phase != "keep":
        raise ExampleError(
            "roll_busts", "every die shows a value already set aside: the turn fails"
        )
    return after
