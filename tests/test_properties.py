"""Property tests: random legal play from random valid tables, under every preset."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pickomino.bots import random_move
from pickomino.events import GameOver, TileReturned, TookTile, TurnPassed
from pickomino.game import IllegalMove, Table
from pickomino.rules import PRESETS
from pickomino.scenario import dump, parse

MAX_MOVES = 20_000


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A valid table at the start of a turn: tiles dealt at random to middle, face down, stacks."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    players = draw(st.integers(rules.min_players, rules.max_players))
    places = draw(
        st.lists(st.integers(-2, players - 1), min_size=len(rules.tiles), max_size=len(rules.tiles))
    )
    middle = [tile for tile, place in zip(rules.tiles, places, strict=True) if place == -1]
    if not middle:
        middle = [rules.tiles[0]]
        places[0] = -1
    shuffled = draw(st.permutations(rules.tiles))
    stacks: list[list[int]] = [[] for _ in range(players)]
    for tile in shuffled:
        place = places[rules.tiles.index(tile)]
        if place >= 0:
            stacks[place].append(tile)
    face_down = [tile for tile, place in zip(rules.tiles, places, strict=True) if place == -2]
    current = draw(st.integers(0, players - 1))
    return parse(
        {
            "rules": rules.name,
            "players": players,
            "middle": middle,
            "face_down": face_down,
            "stacks": stacks,
            "current": current,
        }
    ).table


def tiles_everywhere(table: Table) -> list[int]:
    return sorted([*table.middle, *table.face_down, *(t for s in table.stacks for t in s)])


def illegal_attempts(table: Table) -> list:
    """Moves that must be refused at this point of the game."""
    attempts = [lambda: table.roll(["1"] * (table.in_hand + 1))]
    if table.kept:
        attempts.append(lambda: table.keep(table.kept[0]))
    not_options = [t for t in table.rules.tiles if t not in {o.tile for o in table.options()}]
    attempts.append(lambda: table.take(not_options[0]))
    return attempts


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 2**32 - 1))
def test_random_legal_play_ends_and_conserves_everything(start: Table, seed: int) -> None:
    rng = random.Random(seed)
    table = start
    everything = tiles_everywhere(start)
    assert everything == list(start.rules.tiles)
    worms = list(start.scores())
    for _ in range(MAX_MOVES):
        if table.over:
            break
        snapshot = dump(table)
        for attempt in illegal_attempts(table):
            try:
                attempt()
            except IllegalMove:
                pass
            else:
                raise AssertionError("an illegal move was accepted")
            assert dump(table) == snapshot
        seat = table.current
        table, events = random_move(table, rng)
        for event in events:
            if isinstance(event, TookTile):
                worms[event.player] += table.rules.worms(event.tile)
                if event.source is not None:
                    worms[event.source] -= table.rules.worms(event.tile)
            elif isinstance(event, TileReturned):
                worms[event.player] -= table.rules.worms(event.tile)
        assert tiles_everywhere(table) == everything
        assert list(table.scores()) == worms
        if any(isinstance(event, (TurnPassed, GameOver)) for event in events):
            assert table.current == (seat + 1) % table.players
            assert (table.kept, table.rolled) == ((), None)
        else:
            assert table.current == seat
    assert table.over, "the game did not end"
    assert table.winners()
    best = max(table.scores())
    assert all(table.scores()[seat] == best for seat in table.winners())
