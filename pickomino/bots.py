"""Strategies that play whole games through the engine, and seeded tournaments between them.

A strategy is a function from the table to the move it plays when the table waits for a keep, a
choice between rolling on and stopping, or a tile; rolling at the start of a turn needs no choice,
so the game loop does it. Moves are the engine's `Move`, played through `Table.play` like any
player's, so a bot's game can be written out and replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from pickomino.events import Event, Rolled
from pickomino.game import ROLL, STOP, Move, Step, Table, TableError
from pickomino.odds import analyse, bust_chance
from pickomino.rules import STANDARD, Rules
from pickomino.scenario import Scenario, parse, scenario_json

Strategy = Callable[[Table], Move]


MAX_GAMES = 100_000
"""The most games a tournament plays: fitting a bot to play like the expert needs tens of thousands,
and 100,000 two-seat games take about 10 minutes here for the heuristic against cautious (6 ms a
game), about 5 hours for the expert against the heuristic (0.2 s a game). More would run for days
with nothing to show before the end, so it is refused at once."""


class TournamentError(ValueError):
    """A tournament that cannot be played: an unknown strategy, a bad game or player count."""


def _most_points(table: Table) -> str:
    """The keepable face adding the most points (the higher face, then a worm, on equal points)."""
    assert table.rolled is not None
    rolled, rules = table.rolled, table.rules
    return max(
        table.keepable(),
        key=lambda f: (rolled.count(f) * rules.value(f), rules.value(f), f in rules.worm_faces),
    )


def _best_tile(table: Table) -> Move:
    """Take the offered tile with the most worms (a steal first among equals)."""
    rules = table.rules
    best = max(table.options(), key=lambda o: (rules.worms(o.tile), o.source is not None))
    return Move("take", tile=best.tile)


def cautious(table: Table) -> Move:
    """Take the first tile offered; keep a worm as soon as one shows, else the most points."""
    if table.phase == "keep":
        worms = [f for f in table.keepable() if f in table.rules.worm_faces]
        return Move("keep", face=worms[0] if worms else _most_points(table))
    if table.options():
        return Move("take", tile=table.options()[0].tile)
    return ROLL


def heuristic(table: Table) -> Move:
    """A rule of thumb: points first, a worm once half the dice are gone; stop at a worse outlook.

    The estimate of rolling on: the next roll busts with (k/6)^n, costing the tile in hand and the
    own top tile; otherwise it adds about the best live face's value for every three dice in hand.
    """
    rules = table.rules
    if table.phase == "keep":
        worms = [f for f in table.keepable() if f in rules.worm_faces]
        if worms and table.in_hand <= rules.dice // 2:
            return Move("keep", face=worms[0])
        return Move("keep", face=_most_points(table))
    options = table.options()
    if not options:
        return ROLL
    if table.phase == "take":
        return _best_tile(table)
    board = table.board()
    now = max(rules.worms(o.tile) for o in options)
    live = [f for f in rules.faces if f not in table.kept]
    if not live:  # every face is kept: the next roll would bust for sure
        return _best_tile(table)
    bust = bust_chance(table.in_hand, len(rules.faces) - len(live), len(rules.faces))
    gain = max(rules.value(f) for f in live) * max(1, table.in_hand // 3)
    after = board.options(table.total + gain, table.has_worm)
    later = max((rules.worms(o.tile) for o in after), default=0)
    if (1 - bust) * later - bust * board.at_stake > now:
        return ROLL
    return _best_tile(table)


def expert(table: Table) -> Move:
    """Play the exact odds' best move (`Analysis.recommended`): the best expected worm swing.

    The swing counts a steal twice (what it gains and what the robbed player loses) and a failed
    turn as the loss of the own top tile, since the gap to the others is what wins a game.
    """
    return analyse(table).recommended.move


STRATEGIES: dict[str, Strategy] = {
    "cautious": cautious,
    "heuristic": heuristic,
    "expert": expert,
}


def strategy(name: str) -> Strategy:
    """The strategy called `name`, or TournamentError listing the known names."""
    try:
        return STRATEGIES[name]
    except KeyError:
        known = ", ".join(STRATEGIES)
        raise TournamentError(f"unknown strategy {name!r} (known: {known})") from None


def random_move(
    table: Table, rng: random.Random, roll_on: float = 0.6
) -> tuple[Table, tuple[Event, ...]]:
    """Play one legal move picked at random: a careless player, who still obeys every rule.

    The property tests and the benchmarks walk through many games this way to reach tables no
    strategy would, including stopping empty-handed. `roll_on` is the chance of rolling again
    when the dice in hand could be rolled but stopping is possible too.
    """
    moves = table.legal_moves()
    ending = [move for move in moves if move != ROLL]
    if ROLL in moves and (not ending or rng.random() < roll_on):
        return table.play(ROLL, rng)
    return table.play(STOP if ending == [STOP] else rng.choice(ending))


def game_steps(
    seats: Sequence[Strategy], rng: random.Random, rules: Rules = STANDARD
) -> Iterator[Step]:
    """Play one game from a fresh table, seat i choosing by `seats[i]`, the dice drawn from `rng`.

    Each step's move is written as it could be replayed: a roll carries the faces it showed, so
    the steps make a game record that plays the same game again without `rng`.
    """
    table = Table.new(len(seats), rules)
    while not table.over:
        step = played(table, ROLL if table.phase == "roll" else seats[table.current](table), rng)
        table = step.table
        yield step


def played(table: Table, move: Move, rng: random.Random) -> Step:
    """Play `move` on `table` (a roll without faces drawn from `rng`), written as it replays.

    A roll's move carries the faces it showed, so a history of such steps is a game record that
    plays the same game again without `rng`; bots and people at the Play page are written alike.
    IllegalMove, as `Table.play`, when the rules forbid the move.
    """
    after, events = table.play(move, rng)
    if move.kind == "roll":
        shown = next(event for event in events if isinstance(event, Rolled))
        move = replace(move, faces=shown.faces)
    return Step(after, events, move)


def play_game(seats: Sequence[Strategy], rng: random.Random, rules: Rules = STANDARD) -> Table:
    """Play one game, seat i choosing by `seats[i]`, the dice drawn from `rng`; the final table."""
    table = Table.new(len(seats), rules)
    for step in game_steps(seats, rng, rules):
        table = step.table
    return table


def record_game(
    seats: Sequence[Strategy],
    rng: random.Random,
    rules: Rules = STANDARD,
    names: Sequence[str] | None = None,
) -> Scenario:
    """Play one game like `play_game` and keep it as a scenario: the fresh table and every move.

    `scenario.scenario_json` writes it out, and `python -m pickomino replay` or `review` reads it.
    The record goes through the parser once, so `names` (one per seat) are checked like those of
    a record read from a file (ScenarioError).
    """
    moves = tuple(step.move for step in game_steps(seats, rng, rules) if step.move is not None)
    record = Scenario(
        Table.new(len(seats), rules), moves, names=None if names is None else (*names,)
    )
    return parse(scenario_json(record))


def tournament(
    names: Sequence[str],
    games: int,
    seed: int,
    rules: Rules = STANDARD,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` seeded games, the seats rotating by one every game; results per strategy.

    A strategy named twice plays both seats and its figures cover both. A game won by several seats
    at once (all without a tile) shares the win between them. `progress`, if given, is called with
    the number of games played after each one, for a long run to say how far it has got.
    """
    if not 1 <= games <= MAX_GAMES:
        raise TournamentError(
            f"a tournament plays 1 to {MAX_GAMES:,} games, not {games:,}"
            + (" (for more, run several with other seeds)" if games > MAX_GAMES else "")
        )
    seats_of = [strategy(name) for name in names]
    try:
        Table.new(len(names), rules)
    except TableError as error:
        raise TournamentError(str(error)) from None
    wins = dict.fromkeys(names, 0.0)
    worms = dict.fromkeys(names, 0)
    for game in range(games):
        shift = game % len(names)
        order = [(i + shift) % len(names) for i in range(len(names))]  # seat -> player
        final = play_game([seats_of[p] for p in order], random.Random(f"{seed}/{game}"), rules)
        scores = final.scores()
        winners = final.winners()
        for seat, player in enumerate(order):
            worms[names[player]] += scores[seat]
            if seat in winners:
                wins[names[player]] += 1 / len(winners)
        if progress is not None:
            progress(game + 1)
    return {
        "games": games,
        "seed": seed,
        "rules": rules.name,
        "players": list(names),
        "strategies": {
            name: {
                "win_rate": wins[name] / (games * names.count(name)),
                "mean_worms": worms[name] / (games * names.count(name)),
            }
            for name in dict.fromkeys(names)
        },
    }
