"""Random mid-game tables for the quiz's questions, and the shuffling of their choices.

Every kind draws its table here, so they all deal alike: tiles spread over the middle, the
stacks and face down as a game reaches them, the dice set aside as a turn holds them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, TypeVar

from pickomino.game import Table
from pickomino.rules import STANDARD, Rules

from .base import Level

Place = tuple[Literal["middle", "down", "top", "under"], int]
"""Where `deal` must put a tile: the middle, face down, or on top of / under a seat's stack."""

V = TypeVar("V")


def deal(
    rng: random.Random,
    rules: Rules,
    players: int,
    current: int,
    pins: dict[int, Place],
    taken: float = 0.35,
    bare: Sequence[int] = (),
) -> Table | None:
    """A mid-game table with the `pins` in place and the other tiles dealt at random.

    About `taken` of the free tiles lie in stacks (never in a `bare` seat's); up to three of the
    highest left are face down, since a failed turn flips the highest tile of the middle (so a
    face-down 24 beside a face-up 35 would be a table no game reaches). None when the draw cannot
    hold the pins (a tile pinned under a stack with nothing over it) or leaves fewer than three
    tiles face up. The table passes `Table.check` like any other (a pin on a seat that does not
    exist, or a tile pinned twice, is a bug in the question and raises TableError).
    """
    middle: list[int] = []
    stacks: list[list[int]] = [[] for _ in range(players)]
    holders = [seat for seat in range(players) if seat not in bare]
    for tile in rules.tiles:
        if tile in pins:
            continue
        if rng.random() < taken and holders:
            stacks[rng.choice(holders)].append(tile)
        else:
            middle.append(tile)
    flips = rng.randint(0, 3)
    face_down = middle[len(middle) - flips :]
    middle = middle[: len(middle) - flips]
    for stack in stacks:
        rng.shuffle(stack)
    for tile, (where, seat) in pins.items():
        if where == "middle":
            middle.append(tile)
        elif where == "down":
            face_down.append(tile)
        elif where == "under":
            stacks[seat].insert(0, tile)
    for tile, (where, seat) in pins.items():
        if where == "top":
            stacks[seat].append(tile)
    if any(where == "under" and stacks[seat][-1] == tile for tile, (where, seat) in pins.items()):
        return None
    if len(middle) < 3:
        return None
    return Table(
        rules,
        players,
        tuple(sorted(middle)),
        tuple(sorted(face_down)),
        tuple(tuple(stack) for stack in stacks),
        current,
    ).check()


def kept_dice(
    rng: random.Random, rules: Rules, worm: bool, low: int, high: int, groups: tuple[int, int]
) -> tuple[str, ...]:
    """Dice set aside in a plausible turn, with or without a worm, totalling `low` to `high`.

    A few values (`groups`), one to three dice each, and at least one die still in hand, as a
    player who stops or rolls on holds them.
    """
    numbers = [face for face in rules.faces if face not in rules.worm_faces]
    worm_face = sorted(rules.worm_faces)[0]
    while True:
        count = rng.randint(*groups)
        faces = rng.sample(numbers, count - worm) + [worm_face] * worm
        rng.shuffle(faces)
        kept = tuple(face for face in faces for _ in range(rng.randint(1, 3)))
        if len(kept) < rules.dice and low <= rules.total(kept) <= high:
            return kept


def seats(rng: random.Random, level: Level) -> tuple[int, int]:
    """A number of players and the seat to play; a first lesson keeps to two or three."""
    players = rng.randint(2, 3) if level == "first" else rng.randint(2, 5)
    return players, rng.randrange(players)


def roll_board(rng: random.Random, level: Level) -> Table | None:
    """A standard mid-game board, seats drawn for the level, for a question about one roll."""
    players, current = seats(rng, level)
    return deal(rng, STANDARD, players, current, {})


def opponent(rng: random.Random, players: int, current: int) -> int:
    """A seat other than the one playing."""
    return rng.choice([seat for seat in range(players) if seat != current])


def offer(right: V, wrong: Sequence[V], rng: random.Random, most: int = 4) -> tuple[list[V], int]:
    """The right value and up to `most - 1` distinct wrong ones, shuffled, and the right index."""
    values = [right]
    for value in wrong:
        if value not in values and len(values) < most:
            values.append(value)
    rng.shuffle(values)
    return values, values.index(right)
