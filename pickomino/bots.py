"""Bots that play whole games through the engine, their registry, and seeded tournaments.

A bot (`Bot`) has a name and answers every table with its move, the roll that starts a turn
included; it is made for one game by its registry entry (`BOTS`), with a random generator of its
own, so it may keep memory across the game and draw without touching the dice. The simple bots are
strategies: a function from the table to its move when the table waits for a keep, a choice
between rolling on and stopping, or a tile (`Strategy`, `StrategyBot`). Moves are the engine's
`Move`, played through `Table.play` like any player's, so a bot's game can be written out and
replayed. `autoplay` is the one loop that lets bots play their seats.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pickomino.errors import CodedError
from pickomino.events import Event, Rolled
from pickomino.game import ROLL, STOP, Move, Step, Table, TableError
from pickomino.odds import bust_chance, recommended_move
from pickomino.rules import STANDARD, Rules
from pickomino.scenario import Scenario, parse, scenario_json
from pickomino.value import best_chance, move_chances

Strategy = Callable[[Table], Move]
"""A stateless bot's decisions: the move for a table waiting for a keep, a stop or a tile."""


class Bot(Protocol):
    """A computer player for one game: its registry name and its move at any phase of a turn."""

    @property
    def name(self) -> str:
        """The registry name (`BOTS`), also the key of its display name in content."""
        ...

    def move(self, table: Table) -> Move:
        """The move for `table`, where this bot's seat is to play (a roll when a turn starts)."""
        ...


@dataclass(frozen=True)
class StrategyBot:
    """A bot without memory or dice of its own: a strategy, and the roll every turn starts with."""

    name: str
    strategy: Strategy

    def move(self, table: Table) -> Move:
        """Roll at a turn's start (there is nothing to choose), else what the strategy says."""
        return ROLL if table.phase == "roll" else self.strategy(table)


MAX_GAMES = 100_000
"""The most games a tournament plays: fitting a bot to play like the expert needs tens of thousands,
and 100,000 two-seat games take about 10 minutes here for the heuristic against cautious (6 ms a
game), about 1.5 hours for the expert against the heuristic (50 ms a game of CPU). More would run
for many hours with nothing to show before the end, so it is refused at once."""


class TournamentError(CodedError):
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
    return recommended_move(table)


def master(table: Table) -> Move:
    """Play to win the game, not the turn: the move with the best chance of winning.

    The turn is solved exactly as for the expert, but each way it can end (a tile, a steal, a failed
    turn) is worth the chance of winning from the table it leads to, not its worms: ahead near the
    end it takes the sure small tile, behind it gambles on the steal that turns the game. With two
    players that chance is taken one turn further, after the rival's next turn solved as exactly
    (`value.reply_chance`); with more, from the table itself (`value.chance`).
    """
    return best_chance(move_chances(table, reply=True))[0]


STRATEGIES: dict[str, Strategy] = {
    "cautious": cautious,
    "heuristic": heuristic,
    "expert": expert,
}
"""The bots without memory that are a plain function of the table; `BOTS` makes each a `Bot`."""

BotMaker = Callable[[random.Random], Bot]
"""Makes a bot for one game, handing it a random generator of its own."""


def _strategy_bot(name: str) -> BotMaker:
    plays = STRATEGIES[name]
    return lambda rng: StrategyBot(name, plays)


BOTS: dict[str, BotMaker] = {
    **{name: _strategy_bot(name) for name in STRATEGIES},
    "master": lambda rng: StrategyBot("master", master),
}
"""Every bot, by registry name: the command line's `--players`, and the names the pages and
content use (`match.KINDS`, `play.kind.<name>`, `play.bot_name.<name>`, `play.bot_said.<name>` in
`content/*/ui.toml`). A new bot is one entry here and those three keys in each language."""


def _known(name: str) -> None:
    if name not in BOTS:
        raise TournamentError(
            "unknown_strategy",
            f"unknown strategy {name!r} (known: {', '.join(BOTS)})",
            name=name[:40],
            known=", ".join(BOTS),
        )


def bot(name: str, rng: random.Random | None = None) -> Bot:
    """A fresh bot called `name` for one game (its generator seeded 0 if none is given).

    TournamentError listing the known names for any other name.
    """
    _known(name)
    return BOTS[name](random.Random(0) if rng is None else rng)


def strategy(name: str) -> Strategy:
    """The bot called `name` as a strategy, for callers that roll the dice themselves.

    TournamentError listing the known names for any other name.
    """
    return bot(name).move


def autoplay(table: Table, seats: Sequence[Bot | None], rng: random.Random) -> Iterator[Step]:
    """The bots play from `table` until a seat without one (None) is to play or the game is over.

    The one loop of bots at play: whole games (`game_steps`), and the pages' bots between a
    person's moves. Each step is written as it replays (`played`), the dice drawn from `rng`.
    """
    while not table.over and (seat := seats[table.current]) is not None:
        step = played(table, seat.move(table), rng)
        table = step.table
        yield step


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


Player = Bot | Strategy
"""A seat of a whole game: a bot, or a strategy (played as a `StrategyBot`)."""


def _as_bot(player: Player) -> Bot:
    if callable(player):
        return StrategyBot(getattr(player, "__name__", "strategy"), player)
    return player


def game_steps(
    seats: Sequence[Player], rng: random.Random, rules: Rules = STANDARD
) -> Iterator[Step]:
    """Play one game from a fresh table, seat i played by `seats[i]`, the dice drawn from `rng`.

    Each step's move is written as it could be replayed: a roll carries the faces it showed, so
    the steps make a game record that plays the same game again without `rng`.
    """
    yield from autoplay(Table.new(len(seats), rules), [_as_bot(seat) for seat in seats], rng)


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


def play_game(seats: Sequence[Player], rng: random.Random, rules: Rules = STANDARD) -> Table:
    """Play one game, seat i choosing by `seats[i]`, the dice drawn from `rng`; the final table."""
    table = Table.new(len(seats), rules)
    for step in game_steps(seats, rng, rules):
        table = step.table
    return table


def record_game(
    seats: Sequence[Player],
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
    """Play `games` seeded games, the seats rotating by one every game; results per bot.

    Each game gets fresh bots, each with a generator of its own seeded by the game and the player,
    so a bot's draws never change the dice.

    A strategy named twice plays both seats and its figures cover both. A game won by several seats
    at once (all without a tile) shares the win between them. `progress`, if given, is called with
    the number of games played after each one, for a long run to say how far it has got.
    """
    if not 1 <= games <= MAX_GAMES:
        raise TournamentError(
            "game_count",
            f"a tournament plays 1 to {MAX_GAMES:,} games, not {games:,}"
            + (" (for more, run several with other seeds)" if games > MAX_GAMES else ""),
            games=games,
            limit=MAX_GAMES,
        )
    for name in names:
        _known(name)
    try:
        Table.new(len(names), rules)
    except TableError as error:
        raise TournamentError("tournament_players", str(error), **error.params) from None
    wins = dict.fromkeys(names, 0.0)
    worms = dict.fromkeys(names, 0)
    for game in range(games):
        shift = game % len(names)
        order = [(i + shift) % len(names) for i in range(len(names))]  # seat -> player
        seats = [bot(names[p], random.Random(f"{seed}/{game}/{p}")) for p in order]
        final = play_game(seats, random.Random(f"{seed}/{game}"), rules)
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
