"""How long real games are, and what a record at the caps costs to replay and review.

`uv run python benchmarks/records.py --games 100` plays seeded games of 2 to 7 seats under every
rules preset, each seat playing the same way (cautious, heuristic, random legal moves by
`bots.random_move`, and the expert in a tenth as many games since it is slower), and prints the
longest game of each in actions and in turns: what `scenario.MAX_ACTIONS` and `MAX_TURNS` are set
above. Cautious players under the rulebook's empty-stack rules make the longest games (a failed
turn with no tile turns nothing over, so the middle empties slowly). `--tail 1000` plays 1,000
games a size of random legal moves under those rules alone, for the longest of the long tail.

`uv run python benchmarks/records.py --cap` builds the costliest records the caps let through (7
seats under the rulebook's empty-stack rules, a game that never ends, each turn handing the coach
a board it has not solved yet) and times parsing, replaying and reviewing (`review.review` cold in
this process, and the whole `python -m pickomino review FILE` process) one with
`review.MAX_BOARDS` boards to solve, then the same for one with more (refused by the coach after
a replay), then parsing a record over `MAX_ACTIONS` (refused by its count).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pickomino.bots import STRATEGIES, game_steps, random_move
from pickomino.events import TurnPassed
from pickomino.game import Board, Move, Step, Table
from pickomino.lessons.examples import kept_for
from pickomino.odds import _solve, solved_board
from pickomino.review import MAX_BOARDS, MAX_DECISIONS, Review, review
from pickomino.rules import PRESETS, Rules
from pickomino.scenario import (
    MAX_ACTIONS,
    MAX_TURNS,
    Scenario,
    ScenarioError,
    parse,
    scenario_json,
)

ROOT = Path(__file__).resolve().parents[1]
PLAYERS: tuple[str, ...] = ("cautious", "heuristic", "random", "expert")


def random_steps(players: int, rng: random.Random, rules: Rules) -> Iterator[Step]:
    """A game of careless players who still obey every rule (`bots.random_move`)."""
    table = Table.new(players, rules)
    while not table.over:
        after, events = random_move(table, rng)
        table = after
        yield Step(after, events)


def length(steps: Iterator[Step]) -> tuple[int, int]:
    """The actions and the turns of one game (a turn ends when the dice pass on, or the game)."""
    actions = turns = 0
    for step in steps:
        actions += 1
        turns += sum(isinstance(event, TurnPassed) for event in step.events)
    return actions, turns + 1


def measure(games: int) -> None:
    longest = (0, 0)
    for rules in PRESETS.values():
        for player in PLAYERS:
            count = max(1, games // 10) if player == "expert" else games
            worst = (0, 0)
            for players in range(rules.min_players, rules.max_players + 1):
                for game in range(count):
                    rng = random.Random(f"records/{rules.name}/{player}/{players}/{game}")
                    steps: Iterator[Step]
                    if player == "random":
                        steps = random_steps(players, rng, rules)
                    else:
                        steps = game_steps([STRATEGIES[player]] * players, rng, rules)
                    actions, turns = length(steps)
                    worst = (max(worst[0], actions), max(worst[1], turns))
            longest = (max(longest[0], worst[0]), max(longest[1], worst[1]))
            print(
                f"{rules.name:22} {player:10} {count:4} games a size: "
                f"longest {worst[0]:5} actions, {worst[1]:4} turns",
                flush=True,
            )
    print(f"longest of all: {longest[0]} actions, {longest[1]} turns")
    print(f"caps: {MAX_ACTIONS} actions, {MAX_TURNS} turns")


def turn_for(table: Table, total: int | None) -> list[Move]:
    """The moves of one turn of `table`'s seat that ends on `total` (None: fails without a worm).

    Each roll shows the dice of one face of the aim, the rest showing a face the aim does not
    use, so every keep and every roll on is a decision the coach grades.
    """
    rules = table.rules
    if total is None:
        return [Move("roll", faces=("1",) * rules.dice), Move("keep", face="1")]
    aim = kept_for(rules, total, worm=True)
    assert aim is not None
    groups = [(face, aim.count(face)) for face in dict.fromkeys(aim)]
    spare = next(face for face in rules.faces if face not in aim)
    moves, in_hand = [], rules.dice
    for face, count in groups:
        moves.append(Move("roll", faces=(face,) * count + (spare,) * (in_hand - count)))
        moves.append(Move("keep", face=face))
        in_hand -= count
    return [*moves, Move("take", tile=total)]


def tail(games: int) -> None:
    """The longest games of random legal moves under the rulebook's empty-stack rules, the longest
    kind of game, over `games` a size: how far the caps sit above the tail."""
    rules = PRESETS["rulebook-empty-stack"]
    found = sorted(
        (*length(random_steps(players, random.Random(f"tail/{players}/{game}"), rules)), players)
        for players in range(rules.min_players, rules.max_players + 1)
        for game in range(games)
    )
    print(f"{len(found):,} games; longest (actions, turns, seats): {found[-5:]}")
    print(f"caps: {MAX_ACTIONS} actions, {MAX_TURNS} turns")


def cap_record(fresh: int) -> Scenario:
    """A record as costly as the caps allow: `fresh` new boards for the coach, then long turns.

    Seven seats under the rulebook's empty-stack rules; the game never ends. Each turn steals
    another seat's top tile, takes a tile from the middle (while more than one is left) or fails.
    Until `fresh` boards are seen, each turn hands the next seat a board the odds have not solved
    yet (their cost is a solve per new board); then only boards already seen, so the rest of the
    record is decisions (up to `review.MAX_DECISIONS`) and actions (up to `MAX_ACTIONS`).
    """
    rules = PRESETS["rulebook-empty-stack"]
    table = Table.new(rules.max_players, rules)
    rng = random.Random("cap")
    seen: set[Board] = set()
    moves: list[Move] = []
    decisions = 0
    for _ in range(MAX_TURNS):
        tops = {table.top(seat) for seat in range(table.players) if seat != table.current}
        aims: list[int | None] = [*(tops - {None}), *(table.middle[:-1])]
        rng.shuffle(aims)
        aims.append(None)  # a failed turn, only when no tile is to be had
        turns = [turn_for(table, aim) for aim in aims]
        boards = [{solved_board(t) for t in deciding(table, turn)} for turn in turns]
        if len(seen) < fresh:  # a turn that hands the coach a new board, else the first one
            chosen = next((i for i, found in enumerate(boards) if found - seen), 0)
        else:  # a turn on boards already solved, else the record ends here
            chosen = next((i for i, found in enumerate(boards) if found <= seen), -1)
        turn = turns[chosen]
        count = sum(1 for _ in deciding(table, turn))
        over = len(moves) + len(turn) > MAX_ACTIONS or decisions + count > MAX_DECISIONS
        if chosen < 0 or over or len(seen | boards[chosen]) > max(fresh, len(seen)):
            break
        seen |= boards[chosen]
        decisions += count
        moves.extend(turn)
        table = replay(table, turn)
    assert not table.over
    return Scenario(Table.new(rules.max_players, rules), tuple(moves))


def deciding(table: Table, moves: list[Move]) -> Iterator[Table]:
    """The tables of `moves` where the seat had a choice: the decisions the coach grades."""
    for move in moves:
        if len(table.legal_moves()) > 1:
            yield table
        table, _ = table.play(move)


def replay(table: Table, moves: list[Move]) -> Table:
    for move in moves:
        table, _ = table.play(move)
    return table


def timed(label: str, run: Callable[[], object]) -> None:
    """Run `run`, then print how long it took and what it found (or why it refused)."""
    start = time.perf_counter()
    try:
        result = run()
    except ScenarioError as error:
        said = f"refused: {error}"
    else:
        said = f"{len(result.decisions):,} decisions" if isinstance(result, Review) else "done"
    print(f"{label}: {time.perf_counter() - start:.2f} s, {said}", flush=True)


def cap() -> None:
    for fresh, label in ((MAX_BOARDS, "at the coach's bounds"), (MAX_TURNS, "past them")):
        data = scenario_json(cap_record(fresh))
        size = len(json.dumps(data))
        print(f"record {label}: {len(data['actions']):,} actions, {size:,} bytes of JSON")
        parsed = parse(data)
        boards = {solved_board(table) for table in deciding(parsed.table, list(parsed.moves))}
        print(f"  {len(boards)} boards for the odds to solve")
        timed("  parse", partial(parse, data))
        timed("  replay", parsed.replay)
        timed("  review, cold (the odds' cache emptied)", partial(cold_review, parsed))
        with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
            json.dump(data, handle)
            handle.flush()
            command = [sys.executable, "-m", "pickomino", "review", handle.name]
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
            said = done.stderr.strip() or f"{len(done.stdout):,} bytes of JSON"
            print(f"  python -m pickomino review FILE: {time.perf_counter() - start:.2f} s, {said}")
    over = {**data, "actions": data["actions"] * (MAX_ACTIONS // len(data["actions"]) + 1)}
    timed(f"parse {len(over['actions']):,} actions", partial(parse, over))


def cold_review(record: Scenario) -> Review:
    """The review with no board solved yet, as in a fresh server."""
    _solve.cache_clear()
    return review(record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a size and player")
    parser.add_argument("--cap", action="store_true", help="time a record at the caps")
    parser.add_argument("--tail", type=int, metavar="GAMES", help="random games' longest")
    args = parser.parse_args()
    if args.cap:
        cap()
    elif args.tail:
        tail(args.tail)
    else:
        measure(args.games)


if __name__ == "__main__":
    main()
