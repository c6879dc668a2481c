"""Exact odds of a turn, for any table and any point of the turn.

One backward pass over the turn's states (dice in hand, faces kept, running total) solves every
objective at once: each figure is the best chance (or expectation) over all ways to play the rest of
the turn *for that figure*, so the components of the value vector are maximised separately and
carried side by side. The worm distribution is the exception: it describes one policy, the best
move's (the highest expected swing, then the most expected worms), so it follows that choice
instead of taking its own max.

The pass depends only on the board (rules, face-up middle, opponents' top tiles, own top tile), so
it is cached per board; any later point of the same turn is then a lookup.

Semantics, shared by every figure:
- A roll that shows no face not kept yet fails the turn (bust). Otherwise one new face is kept.
- The player may stop whenever the board offers a tile for the total (`Board.options`) and must end
  the turn when no die is left; ending without a tile fails the turn.
- `at_least[t]` / `exactly[t]`: the turn ends with a tile taken and a total >= t / == t.
- Worm gain: a tile from the middle gains its worms; a steal gains the stolen tile's worms too
  (`expected_worms`), while `expected_swing` counts a steal twice, as the gap it opens on the robbed
  player; a failed turn loses the worms of one's own top tile in both.

numpy carries the vectors; the module has no other dependency than the engine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement, groupby
from typing import Final, Literal

import numpy as np

from pickomino.errors import CodedError
from pickomino.game import Board, Move, Phase, Table, TakeOption, roll_outcomes
from pickomino.rules import Rules


class NoOdds(CodedError):
    """Nothing to work out: a table with no turn to analyse (the game is over), no move to weigh."""


# ----- the plan: the state graph of a turn, which depends on the rules only ----------------------


@dataclass(frozen=True)
class _Batch:
    """States with the same dice in hand and as many faces left to keep, solved in one step.

    They roll alike (same outcomes, same chances), and every state a keep leads to holds fewer dice,
    so it belongs to an earlier batch.

    Attributes:
        dice: dice in hand.
        rows: the batch's rows in the value arrays.
        totals: each state's total; `worm`: whether it has a worm kept.
        gather: (outcomes, live faces, states) row of the state after keeping that face (all its
            dice), row 0 when the outcome does not show the face.
        weights: the chance of each outcome that shows a face not kept yet; `bust`: of the others.
    """

    dice: int
    rows: slice
    totals: np.ndarray
    worm: np.ndarray
    gather: np.ndarray
    weights: np.ndarray
    bust: float


@dataclass(frozen=True)
class _Plan:
    """Rows of every reachable state, and the batches in solving order (fewest dice first)."""

    rules: Rules
    rows: int
    index: dict[tuple[int, int, int], int]
    batches: tuple[_Batch, ...]


@cache
def _rolls(rules: Rules, dice: int, live: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Roll outcomes of `dice` dice seen through `live` faces not kept yet (the rest are alike).

    Summed over the engine's one list of a roll's outcomes (`roll_outcomes`), its first `live`
    faces standing for those not kept yet: every face is equally likely, so any `live` faces give
    the same law, and one batch serves every state with that many. Returns the counts of the live
    faces per outcome that shows one at least (in `combinations_with_replacement` order, the order
    the pass sums them in; those the list lacks, with no face left to show, have chance 0), their
    probabilities, and the bust chance (no live face at all).
    """
    seen: dict[tuple[int, ...], Fraction] = {}
    live_faces = rules.faces[:live]
    for shown, listed in roll_outcomes(rules, dice):
        live_counts = tuple(shown.count(face) for face in live_faces)
        key = (*live_counts, dice - sum(live_counts))
        seen[key] = seen.get(key, Fraction(0)) + listed
    rolls = list(combinations_with_replacement(range(live + 1), dice))
    faces_shown = np.array(rolls, dtype=np.intp).reshape(len(rolls), dice)
    counts = (faces_shown[:, :, None] == np.arange(live + 1)).sum(axis=1)
    chance = np.array([float(seen.get(tuple(int(n) for n in row), 0)) for row in counts])
    shows = counts[:, :live].any(axis=1)
    return counts[shows, :live], chance[shows], float(chance[~shows].sum())


@lru_cache(maxsize=16)
def _plan(rules: Rules) -> _Plan:
    """Enumerate the turn's states from the start and wire each to the states a keep leads to.

    Cached per rule set: only the 5 presets reach it from any input (about 1.25 MB each).
    """
    faces = len(rules.faces)
    reach: dict[tuple[int, int], set[int]] = {(rules.dice, 0): {0}}
    for dice in range(rules.dice, 0, -1):  # a keep always lowers the dice in hand
        for (in_hand, mask), reached in list(reach.items()):
            if in_hand != dice:
                continue
            for bit, value in enumerate(rules.face_values):
                if not mask >> bit & 1:
                    for c in range(1, dice + 1):
                        after = reach.setdefault((dice - c, mask | 1 << bit), set())
                        after.update(t + c * value for t in reached)

    def batch_of(key: tuple[int, int]) -> tuple[int, int]:
        return key[0], faces - key[1].bit_count()

    order = sorted(reach, key=lambda key: (*batch_of(key), key[1]))
    most = rules.dice * max(rules.face_values) + 1
    index: dict[tuple[int, int, int], int] = {}
    row_of: dict[tuple[int, int], np.ndarray] = {}
    row = 1  # row 0 is the sentinel standing for a face the roll does not show
    for key in order:
        row_of[key] = np.zeros(most, dtype=np.intp)
        for total in sorted(reach[key]):
            index[(*key, total)] = row_of[key][total] = row
            row += 1
    worm_bits = sum(1 << bit for bit, face in enumerate(rules.faces) if face in rules.worm_faces)
    batches = []
    for (dice, live), grouped in groupby(order, key=batch_of):
        keys = list(grouped)
        counts, weights, bust = _rolls(rules, dice, live)
        wired: list[np.ndarray] = []
        totals: list[np.ndarray] = []
        worm: list[np.ndarray] = []
        for _, mask in keys:
            held = np.array(sorted(reach[dice, mask]), dtype=np.intp)
            leads = np.zeros((live, dice + 1, len(held)), dtype=np.intp)
            for slot, bit in enumerate(b for b in range(faces) if not mask >> b & 1):
                value = rules.face_values[bit]
                for c in range(1, dice + 1):
                    leads[slot, c] = row_of[dice - c, mask | 1 << bit][held + c * value]
            wired.append(leads)
            totals.append(held)
            worm.append(np.full(len(held), bool(mask & worm_bits)))
        first = int(row_of[keys[0]][totals[0][0]])
        gather = np.concatenate(wired, axis=2)[np.arange(live)[None, :], counts]
        rows = slice(first, first + sum(len(held) for held in totals))
        batches.append(
            _Batch(dice, rows, np.concatenate(totals), np.concatenate(worm), gather, weights, bust)
        )
    return _Plan(rules, row, index, tuple(batches))


# ----- the value vector -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """Where each objective sits in the value vector of one board."""

    tiles: tuple[int, ...]
    gains: tuple[int, ...]  # the worm gains the distribution covers, ascending

    @property
    def success(self) -> int:
        return 0

    def at_least(self, i: int) -> int:
        return 1 + i

    def exactly(self, i: int) -> int:
        return 1 + len(self.tiles) + i

    @property
    def worms(self) -> int:
        return 1 + 2 * len(self.tiles)

    @property
    def swing(self) -> int:
        return self.worms + 1

    @property
    def dist(self) -> int:
        return self.worms + 2

    @property
    def size(self) -> int:
        return self.dist + len(self.gains)


TIE = 1e-12
"""Figures closer than this are a tie (they differ by rounding only)."""


def _choose(swing: np.ndarray, worms: np.ndarray, axis: int) -> np.ndarray:
    """Index along `axis` of the best move: the highest expected swing, then worms, then first.

    The one rule of "the best move": the recommendation, the expert bot, the coach and every page
    that marks a move take it from here, so they cannot disagree. The swing is what wins games:
    a steal gains the tile's worms *and* takes them from a rival, so it counts twice.
    """
    top = np.expand_dims(swing.max(axis=axis), axis)
    level = swing >= top - TIE
    tied = np.where(level, worms, -np.inf)
    most = np.expand_dims(tied.max(axis=axis), axis)
    chosen: np.ndarray = (level & (tied >= most - TIE)).argmax(axis=axis)
    return chosen


def _best(values: np.ndarray, axis: int, layout: _Layout) -> np.ndarray:
    """The value of choosing among alternatives laid along `axis`.

    Every objective takes its own best; the worm distribution follows the best move's choice
    (`_choose`), so it describes the policy the recommendation plays.
    """
    best: np.ndarray = values.max(axis=axis)
    pick = _choose(values[..., layout.swing], values[..., layout.worms], axis)
    pick = np.expand_dims(pick, axis)
    chosen = np.take_along_axis(values[..., layout.dist :], pick[..., None], axis=axis)
    best[..., layout.dist :] = np.squeeze(chosen, axis=axis)
    return best


@dataclass(frozen=True)
class _Solution:
    """Every state's value for one board: `decide` after a keep, `roll` for rolling from there."""

    plan: _Plan
    layout: _Layout
    decide: np.ndarray
    roll: np.ndarray
    fail: np.ndarray


def _fail_vector(board: Board, layout: _Layout) -> np.ndarray:
    lost = board.at_stake
    vector = np.zeros(layout.size)
    vector[layout.worms] = vector[layout.swing] = -lost
    vector[layout.dist + layout.gains.index(-lost)] = 1.0
    return vector


def _take_vector(board: Board, layout: _Layout, total: int, option: TakeOption) -> np.ndarray:
    """The value of ending the turn by taking `option` with this total."""
    worms = board.rules.worms(option.tile)
    vector = np.zeros(layout.size)
    vector[layout.success] = 1.0
    tiles = np.array(layout.tiles)
    count = len(layout.tiles)
    vector[layout.at_least(0) : layout.at_least(0) + count] = total >= tiles
    vector[layout.exactly(0) : layout.exactly(0) + count] = total == tiles
    vector[layout.worms] = worms
    vector[layout.swing] = worms if option.source is None else 2 * worms
    vector[layout.dist + layout.gains.index(worms)] = 1.0
    return vector


def _stop_vector(board: Board, layout: _Layout, total: int, has_worm: bool) -> np.ndarray | None:
    """The value of ending the turn now with the best tile for each aim, None if none is offered."""
    options = board.options(total, has_worm)
    if not options:
        return None
    return _best(np.stack([_take_vector(board, layout, total, o) for o in options]), 0, layout)


def _layout(board: Board) -> _Layout:
    rules = board.rules
    return _Layout(rules.tiles, tuple(sorted({*rules.tile_worms, -board.at_stake})))


SOLVED_BOARDS: Final = 64
"""Solutions kept (`_solve`): one for each turn under way on a busy server, with room to spare.
Every move of a turn asks for its board again, so the turns under way must all fit: at 50 tables
playing at once (`benchmarks/table_load.py`), a cache of 32 had each board pushed out by the other
tables' moves before its mover's next tap, and every move solved its turn again (13 ms, half the
server's CPU; a move's p95 to the opponent's screen 1.7 s, and 0.35 s with 64). An entry's arrays
hold the plan's states times the layout's figures, both fixed by the rules: at most 1.24 MB (the
8 dice's 1,940 states, 40 figures, float64, `decide` and `roll`), so the cache holds at most 80 MB
whatever boards it is asked for (tests/test_odds.py checks the largest entry of every preset)."""


def _backward(
    plan: _Plan, stops: np.ndarray, fail: np.ndarray, best: Callable[[np.ndarray, int], np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """The backward pass over the turn's states, for any figures the ends of a turn are worth.

    `stops[has_worm, total]` is what stopping there is worth (NaN: nothing to take), `fail` what a
    failed turn is worth, and `best(values, axis)` chooses among alternatives. Returns `decide`
    (each state's value after a keep) and `roll` (its value for rolling on). The odds panel and
    every bot go through this one pass, so a bot can never play other rules than the odds count.
    """
    size = fail.shape[0]
    decide = np.zeros((plan.rows, size))
    roll = np.zeros((plan.rows, size))
    decide[0] = -np.inf  # a face the roll does not show can never be chosen
    for batch in plan.batches:
        rolled = np.broadcast_to(batch.bust * fail, (len(batch.totals), size))
        if len(batch.weights):
            outcomes = best(decide.take(batch.gather, axis=0), 1)  # (outcomes, states, figures)
            rolled = rolled + np.tensordot(batch.weights, outcomes, axes=1)
        roll[batch.rows] = rolled
        stop = stops[batch.worm.astype(np.intp), batch.totals]
        can_stop = ~np.isnan(stop[:, 0])
        if batch.dice:  # stopping is a choice, listed first so that it wins a tie
            stop[can_stop] = best(np.stack([stop[can_stop], rolled[can_stop]]), 0)
        decide[batch.rows] = np.where(can_stop[:, None], stop, rolled)
    decide.flags.writeable = roll.flags.writeable = False
    return decide, roll


@lru_cache(maxsize=SOLVED_BOARDS)
def _solve(board: Board) -> _Solution:
    """One backward pass over the whole turn for `board` (cached: boards repeat within a turn)."""
    rules = board.rules
    plan = _plan(rules)
    layout = _layout(board)
    fail = _fail_vector(board, layout)
    # What stopping is worth for every total, without and with a worm; NaN: nothing to take.
    stops = np.full((2, _most(rules), layout.size), np.nan)
    for has_worm in (False, True):
        for total in range(_most(rules)):
            stop = _stop_vector(board, layout, total, has_worm)
            if stop is not None:
                stops[int(has_worm), total] = stop
    decide, roll = _backward(plan, stops, fail, lambda values, axis: _best(values, axis, layout))
    return _Solution(plan, layout, decide, roll, fail)


_solving: dict[Board, threading.Lock] = {}
_solving_guard = threading.Lock()


def _solved(board: Board) -> _Solution:
    """`_solve(board)`, solved once however many threads ask for it at the same moment.

    Streamlit runs each session's script in a thread of its own, and a class opening the same link
    together asks for the same board at once: `lru_cache` lets every one of them miss and solve it
    (ten threads at once, ten solves). The first asker solves it; the others
    wait for that, then find it cached. Different boards are still solved side by side.
    """
    with _solving_guard:
        lock = _solving.setdefault(board, threading.Lock())
    with lock:
        try:
            return _solve(board)
        finally:
            with _solving_guard:
                if _solving.get(board) is lock:
                    del _solving[board]


def solved_board(table: Table) -> Board:
    """The board `analyse(table)` solves the turn for: one backward pass per distinct board.

    Which seat holds a target does not change any figure, so the seats are left out. The coach
    counts these to know what a review will cost before it starts (`review.MAX_BOARDS`).
    """
    board = table.board()
    tops = sorted({top for _, top in board.steal_targets})
    return Board(board.rules, board.middle, tuple(enumerate(tops)), board.own_top)


# ----- the public figures -----------------------------------------------------------------------


def bust_chance(dice: int, kept_faces: int, faces: int = 6) -> float:
    """Chance that `dice` dice show only the `kept_faces` faces already kept: `(k/6)**n`.

    Public so the explorer's chart and `analyse` quote one formula.
    """
    return (kept_faces / faces) ** dice


@dataclass(frozen=True)
class Outlook:
    """The figures of a point in the turn, or of one choice there, under best play.

    Attributes:
        success: best chance of ending the turn with a tile (from the middle or stolen).
        at_least: per tile value t of the rules (ascending, as `Rules.tiles`), best chance of ending
            with a tile taken and a total of at least t.
        exactly: per tile value t, best chance of ending with a tile taken and a total of exactly t.
        expected_worms: expected worm gain under the policy maximising it (a steal counts the
            stolen worms once, a failed turn loses the own top tile's worms).
        expected_swing: the same with a steal counted twice (what it gains plus what the robbed
            player loses), under the policy maximising that.
        worm_distribution: (gain, probability) of the worm gain when every decision is the best
            move (`Analysis.recommended`: the highest expected swing, then expected worms).
    """

    success: float
    at_least: tuple[float, ...]
    exactly: tuple[float, ...]
    expected_worms: float
    expected_swing: float
    worm_distribution: tuple[tuple[int, float], ...]


def _outlook(vector: np.ndarray, layout: _Layout) -> Outlook:
    count = len(layout.tiles)
    values = [float(x) for x in vector]
    return Outlook(
        success=values[layout.success],
        at_least=tuple(values[layout.at_least(0) : layout.at_least(0) + count]),
        exactly=tuple(values[layout.exactly(0) : layout.exactly(0) + count]),
        expected_worms=values[layout.worms],
        expected_swing=values[layout.swing],
        worm_distribution=tuple(zip(layout.gains, values[layout.dist :], strict=True)),
    )


@dataclass(frozen=True)
class Choice:
    """One move open at this point and what follows it under best play.

    `move` is the engine's move (a roll without faces); `source` is, for a take, the seat robbed,
    None for the middle. A `stop` ends the turn without a tile, which fails it.
    """

    move: Move
    outlook: Outlook
    source: int | None = None


@dataclass(frozen=True)
class Analysis:
    """Everything the odds panel shows for one table.

    Attributes:
        phase: the table's phase (`roll`, `keep`, `decide` or `take`; never `over`).
        tiles: the tile values of the rules, the keys of `outlook.at_least` and `outlook.exactly`.
        bust: chance that the next roll of the dice in hand shows no new face, `(k/6)**n`; None
            when no roll is possible now (a roll waits for a keep, or no die is left).
        outlook: the figures of this point under best play.
        choices: the moves open now (`Table.legal_moves`, in its order), each with its figures.
        recommended: the best move: the highest expected swing, then the most expected worms,
            then the first listed. The one definition every page, bot and the coach use.
    """

    phase: Phase
    tiles: tuple[int, ...]
    bust: float | None
    outlook: Outlook
    choices: tuple[Choice, ...]
    recommended: Choice

    @property
    def success(self) -> float:
        """Best chance of ending this turn with a tile."""
        return self.outlook.success

    @property
    def keep_success(self) -> dict[str, float]:
        """For a roll waiting for a keep: the best chance of success after keeping each face."""
        return {c.move.face: c.outlook.success for c in self.choices if c.move.kind == "keep"}

    @property
    def steal_in_play(self) -> bool:
        """Whether a steal can change this turn's figures: some move's swing is not its worms.

        Then the best move is judged on the swing, which counts a steal twice, and a page says
        so beside its figures; elsewhere the swing and the worms are the same figure.
        """
        return any(
            abs(choice.outlook.expected_swing - choice.outlook.expected_worms) > TIE
            for choice in self.choices
        )

    def choice(self, move: Move) -> Choice:
        """The figures of `move`, one of the moves open now (KeyError for any other)."""
        for choice in self.choices:
            if choice.move == move:
                return choice
        raise KeyError(f"{move} is not open at this point")

    def best(self, objective: Literal["expected_worms", "expected_swing", "success"]) -> Choice:
        """The choice maximising `objective` (first of equals), for callers with another aim."""
        return max(self.choices, key=lambda choice: getattr(choice.outlook, objective))


def analyse(table: Table) -> Analysis:
    """The odds at the point `table` has reached in the current player's turn.

    Raises NoOdds when the game is over.
    """
    phase = table.phase
    if phase == "over":
        raise NoOdds("game_over", "the game is over: there is no turn to analyse")
    board = table.board()
    solution = _solved(solved_board(table))
    layout = solution.layout
    entries = [
        (Choice(move, _outlook(vector, layout), source), vector)
        for move, source, vector in _move_vectors(
            table,
            solution.plan,
            solution.decide,
            solution.roll,
            solution.fail,
            lambda option: _take_vector(board, layout, table.total, option),
        )
    ]
    point = _best(np.stack([vector for _, vector in entries]), 0, layout)
    choices = tuple(choice for choice, _ in entries)
    kept_faces = len(set(table.kept))
    rules = table.rules
    rolling = phase in ("roll", "decide")
    bust = bust_chance(table.in_hand, kept_faces, len(rules.faces)) if rolling else None
    outlook = _outlook(point, layout)
    return Analysis(phase, rules.tiles, bust, outlook, choices, best_move(choices))


def best_move(choices: Sequence[Choice]) -> Choice:
    """The best of `choices` by the one rule (`_choose`): swing, then worms, then the first.

    `Analysis.recommended` is this over every open move; the Play page's "why" asks it of the
    moves left once the one played is set aside.
    """
    if not choices:
        raise NoOdds("no_choice", "no move to choose from")
    swing = np.array([choice.outlook.expected_swing for choice in choices])
    worms = np.array([choice.outlook.expected_worms for choice in choices])
    return choices[int(_choose(swing, worms, 0))]


# ----- turns valued by how they end: the bots' fast path ----------------------------------------


def _move_vectors(
    table: Table,
    plan: _Plan,
    decide: np.ndarray,
    roll: np.ndarray,
    fail: np.ndarray,
    take: Callable[[TakeOption], np.ndarray],
) -> list[tuple[Move, int | None, np.ndarray]]:
    """Each legal move with the seat it robs (None: none) and its value from a backward pass.

    A keep is worth the state it leads to, a roll the state's rolling value, a stop the failed
    turn, a take what `take` says of that tile.
    """
    rules = table.rules
    mask = sum(1 << rules.faces.index(face) for face in set(table.kept))
    sources = {option.tile: option for option in table.options()}
    found: list[tuple[Move, int | None, np.ndarray]] = []
    for move in table.legal_moves():
        source = None
        if move.kind == "keep":
            assert table.rolled is not None
            count = table.rolled.count(move.face)
            after = (
                table.in_hand - count,
                mask | 1 << rules.faces.index(move.face),
                table.total + count * rules.value(move.face),
            )
            vector = decide[plan.index[after]]
        elif move.kind == "take":
            option = sources[move.tile]
            vector, source = take(option), option.source
        elif move.kind == "stop":
            vector = fail
        else:
            vector = roll[plan.index[table.in_hand, mask, table.total]]
        found.append((move, source, vector))
    return found


def _most(rules: Rules) -> int:
    """One more than the highest total a turn can reach: the length of a table by total."""
    return rules.dice * max(rules.face_values) + 1


@lru_cache(maxsize=SOLVED_BOARDS)
def offers(board: Board) -> tuple[tuple[list[int], tuple[TakeOption, ...]], ...]:
    """The totals that offer each set of tiles (with a worm kept; without one nothing is offered).

    Asked at every decision of a bot's turn on the same board, and a few sets cover every total.
    """
    totals: dict[tuple[TakeOption, ...], list[int]] = {}
    for total in range(_most(board.rules)):
        if options := board.options(total, True):
            totals.setdefault(options, []).append(total)
    return tuple((found, options) for options, found in totals.items())


EndValue = Callable[[TakeOption | None], Sequence[float]]
"""What ending the turn is worth, one figure or several: taking that tile, or failing (None).

Only the board's tiles and the failed turn matter to a turn's play, so a bot that values those
ends (by worms, by its chance of winning the game) gets its best play of the whole turn from one
backward pass."""

ENDS_SOLVED: Final = 1024
"""Turns solved for `end_valued` kept: at most 62 KB each (1,940 states, 2 figures, float64,
`decide` and `roll`), 64 MB in all. Keyed by the ends' values, not the table, a solve serves every
table whose ends are worth the same (another middle with the same worms on the same totals), so a
bot's tournament solves most turns once."""


@lru_cache(maxsize=ENDS_SOLVED)
def _ends_solved(rules: Rules, stops: bytes, fail: bytes) -> tuple[np.ndarray, np.ndarray]:
    """`_backward` for figures each maximised alone, the ends' values passed as bytes (hashable)."""
    failed = np.frombuffer(fail)
    values = np.frombuffer(stops).reshape(2, -1, failed.shape[0]).copy()
    return _backward(_plan(rules), values, failed, lambda v, axis: v.max(axis=axis))


def end_valued(table: Table, end: EndValue) -> list[tuple[Move, np.ndarray]]:
    """Each legal move with its value under best play for `end`'s figures, each maximised alone.

    A stop with several tiles on offer takes the best one for each figure. Raises NoOdds when the
    game is over.
    """
    if table.over:
        raise NoOdds("game_over", "the game is over: there is no turn to analyse")
    rules, board = table.rules, table.board()
    known: dict[TakeOption | None, np.ndarray] = {}

    def value(option: TakeOption | None) -> np.ndarray:
        if option not in known:
            known[option] = np.asarray(end(option), dtype=float)
        return known[option]

    fail = value(None)
    stops = np.full((2, _most(rules), fail.shape[0]), np.nan)
    for totals, options in offers(board):
        stops[1, totals] = np.max([value(option) for option in options], axis=0)
    decide, roll = _ends_solved(rules, stops.tobytes(), fail.tobytes())
    vectors = _move_vectors(table, _plan(rules), decide, roll, fail, value)
    return [(move, vector) for move, _, vector in vectors]


def swing_and_worms(table: Table) -> EndValue:
    """The expert's ends: the swing and the worms each tile brings, or a failed turn costs."""
    rules, at_stake = table.rules, table.board().at_stake

    def ends(option: TakeOption | None) -> tuple[float, float]:
        if option is None:
            return -at_stake, -at_stake
        worms = rules.worms(option.tile)
        return (worms if option.source is None else 2 * worms), worms

    return ends


def recommended_move(table: Table) -> Move:
    """`analyse(table).recommended.move` from a pass over two figures instead of forty.

    The expert bot asks this at every decision of a tournament; the figures it compares (the best
    expected swing and the best expected worms of each move) are the same as the full pass's, and
    `_choose` picks among them, so the move is the same (tests/test_odds.py checks it).
    """
    moves = end_valued(table, swing_and_worms(table))
    values = np.stack([vector for _, vector in moves])
    return moves[int(_choose(values[:, 0], values[:, 1], 0))][0]
