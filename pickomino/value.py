"""The chance of winning the game: for the master bot's choices and the coach's figures.

A turn's play only matters through how the turn ends (a tile taken from the middle, a steal, or a
failed turn with its returned and flipped tiles), so the exact per-turn solve of the odds module
(`odds.end_valued`) gives the best play for any value of those ends. Here each end is valued by the
chance of winning the game from the table it leads to:

- a finished game: the share of first place (1, or 1/k when k seats share it), as tournaments count;
- a small two-player endgame (`EXACT_STATES` tables at most reachable by takes, steals and failed
  turns): exact, by value iteration, since steals can bring a table back;
- anywhere else: a logistic model of the table's features (`FEATURES`), fitted offline on the
  master's games by `scripts/fit_master.py` and shipped as `pickomino/data/master.json`; and when
  the caller knows who plays the game (`players`: one of the bots `PLAYERS`, or a person
  or another bot, unknown to the model), a second one that also sees who plays each seat
  (`PLAYER_FEATURES`), fitted by `scripts/fit_players.py` (`pickomino/data/players.json`): the
  same table is not the same chance against the cautious bot and against the expert.

`chance(table, seat)` is that value at a turn's start; `move_chances(table)` values each move open
at any decision of a turn under best play for the rest of it (with `reply`, looking one turn
further, as the master does); `win_chance(table)` is the best of those as the master values them,
the chance of the player to move; `decision_chances(record)` walks a game record for the coach,
with the same figures. Each takes `players` to value the game knowing who plays it; the master
bot itself passes none. numpy is the only dependency beyond the engine and the odds.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib.resources import files
from typing import Final

import numpy as np

from pickomino.game import Move, Table, TakeOption
from pickomino.odds import TIE, NoOdds, end_valued, offers
from pickomino.scenario import Scenario

FEATURES: Final = (
    "bias",
    "lead",
    "lead_per_worm_left",
    "lead_per_tile_left",
    "lead_per_root_tiles_left",
    "lead_when_to_move",
    "lead_when_to_move_per_tile_left",
    "ahead_per_worm_left",
    "to_move",
    "wait",
    "mean_lead",
    "mean_lead_per_worm_left",
    "own_top",
    "own_top_exposed",
    "own_top_per_tile_left",
    "rival_top",
    "rival_top_in_reach",
    "worms_left",
    "tiles_left",
    "easy_worms_left",
    "lowest_left",
)
"""What the model sees of a table, from one seat (`features`).

The lead is the seat's worms minus the best rival's (the mean lead: minus the rivals' mean). What a
lead is worth depends on what is left to play for: the worms still in the middle (a lead of 6
decides a game with 8 worms left, not one with 30), the tiles left (about the turns left: each
turn takes or turns one) and how easy they are to take (the worms on tiles up to 26, the lowest
tile); and on who plays next (`to_move`; `wait`, the share of a round before the seat plays).
The top tiles are what a failed turn loses and what a steal takes: the seat's own is exposed to
the rivals while it waits, a rival's is in reach when the seat is to move."""

PLAYERS: Final = ("cautious", "heuristic", "expert", "master")
"""The bots whose play the second model knows (`players.json`); any other seat (a person, another
bot) is unknown to it, as a seat whose player it was not told."""

PLAYER_FEATURES: Final = tuple(
    f"{side}_{bot}{part}"
    for side in ("own", "rival")
    for bot in PLAYERS
    for part in ("", "_by_share_of_tiles_left")
)
"""What the second model sees of who plays (`player_features`): which of `PLAYERS` plays the seat
(none of them: unknown), and the share of its rivals each plays (with one rival: whether it plays
it), alone and times the share of the tiles still in the middle, since who plays matters more the
more turns are left to play."""

Players = tuple[str, ...] | None
"""Who plays each seat of a table, by the words of `match.KINDS` ("person", a bot's name); None:
not told. Only a game with a seat among `PLAYERS` changes a chance."""

EASY: Final = 26
"""The highest tile counted as easy to take: a turn reaches 26 or less most of the time."""

EXACT_STATES: Final = 24
"""The most turn-start tables an endgame may reach for its chances to be solved exactly: each is
one turn solve (about 2 ms) per round of value iteration, so this keeps the first decision of an
endgame under a second and every later one a lookup."""

EXACT_MIDDLE: Final = 2
EXACT_STACKED: Final = 4
"""Only two-player tables with at most this many tiles in the middle and on the stacks together
are tried for an exact endgame: larger ones reach more than `EXACT_STATES` tables (steals and
failed turns move the stacked tiles around), and finding that out costs a search per table."""


def ended(table: Table, option: TakeOption | None) -> Table:
    """The table after the current turn ends by taking `option`, or failing (None).

    A take moves the tile onto the player's stack (from the middle or a rival's top); a failure is
    the engine's own, with its returned and flipped tiles. Either way the dice pass on.
    """
    if option is None:
        faces = [face for face in table.rules.faces if face not in table.rules.worm_faces]
        no_worm = replace(table, kept=(faces[0],) * table.rules.dice, rolled=None)
        return no_worm.stop()[0]  # all dice kept, no worm: stopping is the failed turn
    stacks = list(table.stacks)
    middle = table.middle
    if option.source is None:
        middle = tuple(tile for tile in middle if tile != option.tile)
    else:
        stacks[option.source] = stacks[option.source][:-1]
    stacks[table.current] = (*stacks[table.current], option.tile)
    following = (table.current + 1) % table.players
    return replace(
        table, middle=middle, stacks=tuple(stacks), current=following, kept=(), rolled=None
    )


def share(final: Table, seat: int) -> float:
    """What a finished game gives `seat`: 1 for first place, 1/k for one of k equal firsts."""
    winners = final.winners()
    return 1 / len(winners) if seat in winners else 0.0


def features(table: Table, seat: int) -> np.ndarray:
    """The model's inputs (`FEATURES`) for `seat` at `table`, a turn's start."""
    rules = table.rules
    scores = table.scores()
    rivals = [other for other in range(table.players) if other != seat]
    lead = scores[seat] - max(scores[other] for other in rivals)
    mean_lead = scores[seat] - sum(scores[other] for other in rivals) / len(rivals)
    left = sum(rules.worms(tile) for tile in table.middle)
    tiles = len(table.middle)
    to_move = float(table.current == seat)
    own = table.top(seat)
    own_worms = rules.worms(own) if own is not None else 0
    tops = [table.top(other) for other in rivals]
    rival = max((rules.worms(top) for top in tops if top is not None), default=0)
    return np.array(
        [
            1.0,
            lead,
            lead / (left + 1),
            lead / (tiles + 1),
            lead / math.sqrt(tiles + 1),
            lead * to_move,
            lead * to_move / (tiles + 1),
            max(lead, 0) / (left + 1),
            to_move,
            (seat - table.current) % table.players / table.players,
            mean_lead,
            mean_lead / (left + 1),
            own_worms,
            own_worms * (1 - to_move),
            own_worms / (tiles + 1),
            rival,
            rival * to_move,
            left,
            tiles,
            sum(rules.worms(tile) for tile in table.middle if tile <= EASY),
            (min(table.middle, default=rules.tiles[-1]) - rules.tiles[0]) / len(rules.tiles),
        ]
    )


def player_features(table: Table, seat: int, players: tuple[str, ...]) -> np.ndarray:
    """The second model's inputs on who plays (`PLAYER_FEATURES`), from `seat`'s side."""
    per_tile = len(table.middle) / len(table.rules.tiles)
    rivals = [who for other, who in enumerate(players) if other != seat]
    found = []
    for bot in PLAYERS:
        found += [1.0, per_tile] if players[seat] == bot else [0.0, 0.0]
    for bot in PLAYERS:
        part = rivals.count(bot) / len(rivals)
        found += [part, part * per_tile]
    return np.array(found)


def _told(table: Table, players: Players) -> tuple[str, ...] | None:
    """`players` where the second model applies (a bot it knows plays a seat), else None."""
    if players is None or not set(players) & set(PLAYERS):
        return None
    return players


@dataclass(frozen=True)
class WinModel:
    """Logistic weights over `FEATURES` per number of players (more players use the largest)."""

    weights: dict[int, np.ndarray]

    def chance(self, table: Table, seat: int) -> float:
        """The modelled chance that `seat` wins from `table`, a turn's start."""
        players = min(table.players, max(self.weights))
        return _logistic(float(self.weights[players] @ features(table, seat)))


def _logistic(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def _weights(name: str, names: tuple[str, ...]) -> dict[str, list[float]]:
    """The weights of the shipped file `name`; refused if fitted on other features than `names`."""
    data = json.loads(files("pickomino").joinpath("data", name).read_text("utf-8"))
    if tuple(data["features"]) != names:
        raise ValueError(f"pickomino/data/{name} was fitted on other features: refit it")
    weights: dict[str, list[float]] = data["weights"]
    return weights


@cache
def model() -> WinModel:
    """The fitted model shipped with the package (`pickomino/data/master.json`)."""
    weights = _weights("master.json", FEATURES)
    return WinModel({int(n): np.array(w, dtype=float) for n, w in weights.items()})


@cache
def knowing() -> dict[int, np.ndarray]:
    """The weights told who plays (`pickomino/data/players.json`), by number of players.

    More players than the largest use its weights. Over `FEATURES` then `PLAYER_FEATURES`;
    loaded apart from `model`, so the master bot plays (and `scripts/fit_players.py` fits)
    without this file.
    """
    weights = _weights("players.json", FEATURES + PLAYER_FEATURES)
    return {int(n): np.array(w, dtype=float) for n, w in weights.items()}


def _turn_start(table: Table) -> Table:
    return replace(table, kept=(), rolled=None)


def _ends(table: Table) -> list[TakeOption | None]:
    """Every way a turn from `table` can end: each tile some total offers, and failing."""
    found: dict[TakeOption, None] = {}
    for _, options in offers(table.board()):
        found.update(dict.fromkeys(options))
    return [*found, None]


def _small(table: Table) -> bool:
    """Whether a table may be an endgame small enough to solve exactly (`_endgame` decides)."""
    return (
        table.players == 2
        and len(table.middle) <= EXACT_MIDDLE
        and sum(map(len, table.stacks)) <= EXACT_STACKED
    )


def _endgame(table: Table) -> list[Table] | None:
    """The turn-start tables a game reaches from `table` before it ends, None past `EXACT_STATES`.

    Takes, steals and failed turns lead from one to the next, each end `_ends` lists.
    """
    found: dict[Table, None] = {}
    queue = [table]
    while queue:
        state = queue.pop()
        if state in found:
            continue
        found[state] = None
        if len(found) > EXACT_STATES:
            return None
        for option in _ends(state):
            after = ended(state, option)
            if not after.over and after not in found:
                queue.append(after)
    return list(found)


def endgame_tables(table: Table) -> list[Table] | None:
    """The turn-start tables whose chances `chance` solves together with `table`'s, exactly.

    They are the small two-player endgame from `table` (its turn start), in the order they were
    found; None when `table` is no such endgame, where `chance` uses the fitted model. The notebook
    lists them beside their exact and modelled chances.
    """
    start = _turn_start(table)
    return _endgame(start) if _small(start) else None


_exact: dict[Table, float] = {}
"""Exact chances of the player to move at endgame tables already solved, each endgame's tables
all at once (they are the tables its later turns reach). Cleared past `EXACT_KEPT` tables."""

EXACT_KEPT: Final = 10_000


@lru_cache(maxsize=1024)
def _solve_endgame(table: Table) -> bool:
    """Solve the two-player endgame from `table` into `_exact`; False when it is too large.

    Value iteration: each table's value is the best turn for its player, every end valued by the
    finished game's share or by one minus the rival's value of the table it leads to; steals can
    bring a table back, so the values are iterated until they stop changing.
    """
    states = _endgame(table)
    if states is None:
        return False
    values = dict.fromkeys(states, 0.5)

    def turn(state: Table) -> float:
        def worth(option: TakeOption | None) -> tuple[float]:
            after = ended(state, option)
            return (share(after, state.current) if after.over else 1 - values[after],)

        return float(end_valued(state, worth)[0][1][0])

    for _ in range(10_000):
        change = 0.0
        for state in states:
            value = turn(state)
            change = max(change, abs(value - values[state]))
            values[state] = value
        if change < TIE:
            break
    if len(_exact) > EXACT_KEPT:
        _exact.clear()
        _solve_endgame.cache_clear()  # it would say solved for tables no longer kept
    _exact.update(values)
    return True


def chance(table: Table, seat: int, players: Players = None) -> float:
    """The chance that `seat` wins the game from `table`, a turn's start or a finished game.

    Exact for a finished game and a small two-player endgame (best play on both sides, whoever
    plays), the fitted model elsewhere, told who plays when `players` says it.
    """
    if table.over:
        return share(table, seat)
    start = _turn_start(table)
    if _exactly(start):
        return _exact[start] if seat == start.current else 1 - _exact[start]
    told = _told(start, players)
    if told is None:
        return model().chance(start, seat)
    weights = knowing()
    inputs = np.concatenate([features(start, seat), player_features(start, seat, told)])
    return _logistic(float(weights[min(start.players, max(weights))] @ inputs))


@lru_cache(maxsize=4096)
def reply_chance(table: Table, seat: int, players: Players = None) -> float:
    """The chance `seat` wins from `table`, once the rival to move there has played its turn.

    In a two-player game, at a turn's start of `seat`'s rival: the rival's turn is solved as
    exactly as the master solves its own, each of its ends valued by `chance` (from the rival's
    side), and `seat` gets the rest. This looks one turn further than `chance`, whose model only
    guesses what the rival's turn will do with the table left to it. Elsewhere (more seats, the
    seat's own turn, an exact endgame, a finished game) it is `chance`. Cached: every decision of
    a turn values the same ends.
    """
    start = _turn_start(table)
    if table.over or table.players != 2 or table.current == seat or _exactly(start):
        return chance(table, seat, players)
    rival = start.current
    best = end_valued(start, lambda option: (chance(ended(start, option), rival, players),))
    return 1 - float(best[0][1][0])
    return 1 - float(best)


def _exactly(start: Table) -> bool:
    """Whether `chance` is exact at the turn start `start` (solving its endgame if it can be)."""
    return start in _exact or (_small(start) and _solve_endgame(start) and start in _exact)


def move_chances(
    table: Table, reply: bool = False, players: Players = None
) -> list[tuple[Move, float]]:
    """Each move open at `table` with the chance the player to move wins after it.

    The rest of the turn is played to win the game; with `reply`, each way the turn can end is
    valued after the rival's next turn too (`reply_chance`, two players), as the master plays.
    `players`: who plays, when known (`chance`). Raises NoOdds when the game is over.
    """
    if table.over:
        raise NoOdds("game_over", "the game is over: there is no turn to analyse")
    mover = table.current
    told = _told(table, players)  # one cache entry for every way of saying "not told"
    worth = reply_chance if reply else chance

    def end(option: TakeOption | None) -> tuple[float]:
        return (worth(ended(table, option), mover, told),)

    return [(move, float(vector[0])) for move, vector in end_valued(table, end)]


def best_chance(moves: list[tuple[Move, float]]) -> tuple[Move, float]:
    """The move with the highest chance, the first of equals (as listed by `legal_moves`)."""
    top = max(value for _, value in moves)
    return next((move, value) for move, value in moves if value >= top - TIE)


def win_chance(table: Table, players: Players = None) -> float:
    """The chance the player to move wins, playing best from here; the share once it is over.

    Valued as the master values moves: with two players, each end of the turn after the rival's
    next turn (`reply_chance`), knowing who plays when `players` says it. The Play page says "as
    the master bot plays them", and the review's figures are these too (`decision_chances`, told
    the record's players as the Play page is told its game's), so the two agree on a table.
    """
    if table.over:
        return share(table, table.current)
    return best_chance(move_chances(table, reply=True, players=players))[1]


def in_ten(chance: float) -> int:
    """A chance as a count of games in 10, rounded: a picture a child holds (0.68 is 7 in 10).

    The one rounding of a chance for the learner: the coach's words show it, and the review
    judges whether a chance moved by it (`review.chance_verdict`), so they cannot disagree. Half
    a game rounds up (0.05 is 1 in 10, 0.25 is 3), not to the even count as `round` does: the
    review names a fall from half a game in 10 (`review.DROP`), and a fall it names must read as a
    game, never as "less than 1 game in 10".
    """
    return math.floor(chance * 10 + 0.5)


@dataclass(frozen=True)
class DecisionChance:
    """One decision of a game record in chances of winning, for the coach.

    Attributes:
        index: the move's position in the record's moves.
        seat: the player who chose.
        move: the move played; `best`: the move with the highest chance.
        before: the chance of the player winning before choosing, with the best move.
        after: the chance after the move played (the same as `before` when it is the best).
    """

    index: int
    seat: int
    move: Move
    best: Move
    before: float
    after: float

    @property
    def change(self) -> float:
        """What the choice cost in chance of winning: 0 for the best move, negative otherwise."""
        return self.after - self.before


def decision_chances(record: Scenario) -> Iterator[DecisionChance]:
    """Every decision of `record` (a keep, a stop or a take, a roll on) with its chances.

    The roll that starts a turn is no decision and the dice are luck, so neither is listed. Who
    plays is the record's word for it (`Scenario.seats`), as the Play page tells `win_chance`.
    """
    table = record.table
    for index, move in enumerate(record.moves):
        if table.phase != "roll":
            moves = move_chances(table, reply=True, players=record.seats)  # as `win_chance`
            best, before = best_chance(moves)
            played = next(value for open_move, value in moves if _same(open_move, move))
            yield DecisionChance(index, table.current, move, best, before, played)
        table = table.play(move)[0]


def _same(open_move: Move, played: Move) -> bool:
    """A move of the record against one open at the table: a roll matches whatever it showed."""
    return open_move == replace(played, faces=None)
