"""Tables built from what a learner sets on a page, played through the engine.

Pure Python: the pages only read widgets and draw; building a legal table, and asking the engine
what it does, happens here so the tests can check it without Streamlit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pickomino.errors import CodedError
from pickomino.events import Event
from pickomino.game import Move, Step, Table, TableError, TakeOption
from pickomino.odds import Analysis, Choice, analyse
from pickomino.rules import Rules
from pickomino.share import read_scenario


class ExampleError(CodedError):
    """A board the learner set that cannot exist; `code` and `params` let the page say why."""

    section = "explorer.error"


def kept_for(rules: Rules, total: int, worm: bool) -> tuple[str, ...] | None:
    """Kept dice adding up to `total`, with or without a worm as asked; None when impossible.

    Few dice, and easy to read: up to two worms, then the highest number, then one die for the rest.
    """
    worm_face = sorted(rules.worm_faces)[0]
    numbers = sorted((f for f in rules.faces if f not in rules.worm_faces), key=rules.value)
    high = numbers[-1]
    step = rules.value(high)
    full, rest = divmod(total, step)
    if total <= 0 or (worm and (full == 0 or rules.value(worm_face) != step)):
        return None
    worms = min(2, full) if worm else 0
    remainder = tuple(f for f in numbers if rules.value(f) == rest)[:1] if rest else ()
    kept = (worm_face,) * worms + (high,) * (full - worms) + remainder
    return kept if len(kept) <= rules.dice and rules.total(kept) == total else None


def board_table(
    rules: Rules,
    middle: Sequence[int],
    opponent_tops: Sequence[int | None],
    own_top: int | None,
    kept: tuple[str, ...] = (),
) -> Table:
    """A table where seat 0 plays, with the given middle, top tiles and kept dice.

    Tiles nobody holds and that are not in the middle are face down, so every tile has one place.
    An empty middle is refused with `ExampleError("middle_empty")` (nothing is left to aim at);
    anything else no game reaches with `Table.check`'s code, such as a tile set in two places
    (`tile_repeated`, with `tile`) or more dice kept than the game has (`too_many_kept`).
    """
    if not middle:
        raise ExampleError("middle_empty", "the middle has no tile face up")
    placed = [tile for tile in (own_top, *opponent_tops) if tile is not None]
    stacks = tuple((top,) if top is not None else () for top in (own_top, *opponent_tops))
    face_down = tuple(tile for tile in rules.tiles if tile not in middle and tile not in placed)
    return checked(Table(rules, len(stacks), tuple(sorted(middle)), face_down, stacks, 0, kept))


def checked(table: Table) -> Table:
    """`table` once `Table.check` passes it, else its refusal as an `ExampleError` (same code)."""
    try:
        return table.check()
    except TableError as error:
        raise ExampleError(error.code, str(error), **error.params) from None


@dataclass(frozen=True)
class Outcome:
    """One way the turn can end: the option taken (None: the turn fails) and the engine's events."""

    option: TakeOption | None
    table: Table
    events: tuple[Event, ...]


def stopping(table: Table) -> list[Outcome]:
    """Every way stopping now can end: one outcome per tile that may be taken, else the failure."""
    options = table.options()
    if not options:
        after, events = table.stop()
        return [Outcome(None, after, events)]
    outcomes = []
    for option in options:
        after, events = table.take(option.tile)
        outcomes.append(Outcome(option, after, events))
    return outcomes


def bust(table: Table) -> tuple[Table, Table, tuple[Event, ...]]:
    """Fail the turn of seat `current` with a roll that shows only faces already kept.

    Two worms and three fives are kept and the dice left show only worms and fives. Returns the
    table just before that roll, the table after it and the engine's events.
    """
    rules = table.rules
    worm = sorted(rules.worm_faces)[0]
    best = max((f for f in rules.faces if f not in rules.worm_faces), key=rules.value)
    kept = (worm, worm, best, best, best)
    before = checked(replace(table, kept=kept, rolled=None))
    after, events = before.roll(tuple((worm, best)[i % 2] for i in range(before.in_hand)))
    return before, after, events


def walk(name: str) -> tuple[Table, list[Step]]:
    """The starting table of scenario `name` and every step of its replay, for drawing each one."""
    scenario = read_scenario(name)
    return scenario.table, list(scenario.steps())


def worm_bands(rules: Rules) -> list[tuple[int, int, int]]:
    """The tiles grouped by worms as (lowest, highest, worms), for the scoring table."""
    bands: list[tuple[int, int, int]] = []
    for tile in rules.tiles:
        worms = rules.worms(tile)
        if bands and bands[-1][2] == worms:
            bands[-1] = (bands[-1][0], tile, worms)
        else:
            bands.append((tile, tile, worms))
    return bands


def differences(rules: Rules, base: Rules) -> list[tuple[str, dict[str, object]]]:
    """What `rules` changes from `base`, as (content key, numbers) pairs for the variants page."""
    found: list[tuple[str, dict[str, object]]] = []
    if rules.dice != base.dice:
        found.append(("dice", {"n": rules.dice, "base": base.dice}))
    if rules.tiles != base.tiles:
        found.append(("tiles", {"low": rules.tiles[0], "high": rules.tiles[-1]}))
    switches = ("stealing", "any_lower_tile", "spare_returned_highest", "flip_without_return")
    for switch in switches:
        value = getattr(rules, switch)
        if value != getattr(base, switch):
            found.append((f"{switch}_{'on' if value else 'off'}", {}))
    return found


def star_elsewhere(table: Table, advised: Move | None) -> tuple[Analysis, Choice] | None:
    """The odds and the advised move's figures when the sandbox's star marks another move.

    None when the star (`Analysis.recommended`) is on `advised`, or when no move is advised. A tip
    or a FAQ answer can advise a move that is not the best (a safe habit, or what the rules
    allow), and the page then says so before its link into the sandbox.
    """
    if advised is None:
        return None
    analysis = analyse(table)
    if analysis.recommended.move == advised:
        return None
    return analysis, analysis.choice(advised)
