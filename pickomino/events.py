"""What a transition did, as data.

The engine never holds prose: the app turns these values into sentences in the reader's language
and the tests assert on them, so each event carries every number a sentence needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TakeReason = Literal["exact", "next_lower", "lower_choice", "steal"]
"""Why a tile could be taken: the exact total; the next lower face-up tile, because the exact one
is not in the middle; any lower tile (Junior overshoot); an opponent's top tile, exact total."""

FailReason = Literal["bust", "no_worm", "no_tile"]
"""Why a turn failed: a roll with no new face, stopping without a worm, or no tile for the total."""


@dataclass(frozen=True)
class Rolled:
    """The dice in hand were rolled and show `faces`; `new_faces` are those that may be kept."""

    player: int
    faces: tuple[str, ...]
    new_faces: tuple[str, ...]


@dataclass(frozen=True)
class Kept:
    """`count` dice showing `face` were set aside, bringing the kept total to `total`."""

    player: int
    face: str
    count: int
    total: int
    dice_left: int


@dataclass(frozen=True)
class TookTile:
    """`player` took `tile` with `total`, from the middle (`source` None) or seat `source`."""

    player: int
    tile: int
    total: int
    source: int | None
    reason: TakeReason


@dataclass(frozen=True)
class TurnFailed:
    """The turn of `player` failed for `reason` with the kept `total` (0 when nothing was kept).

    `lowest` is the lowest tile of the rules played (21 in the standard game), so a total below
    every tile can be told as such rather than as a row with no tile low enough face up.
    """

    player: int
    reason: FailReason
    total: int
    has_worm: bool
    lowest: int = 21


@dataclass(frozen=True)
class TileReturned:
    """After a failed turn, `tile` went from the top of `player`'s stack back to the middle."""

    player: int
    tile: int


@dataclass(frozen=True)
class TileFlipped:
    """`tile`, the highest face-up tile in the middle, was turned face down and left the game."""

    tile: int


@dataclass(frozen=True)
class TileSpared:
    """`tile` stayed face up although it is the highest: it is the tile just put back."""

    tile: int


@dataclass(frozen=True)
class NothingFlipped:
    """No tile was turned face down: the failing player had none to return (a variant's rule)."""

    player: int


@dataclass(frozen=True)
class TurnPassed:
    """The dice went to `player`, whose turn it now is."""

    player: int


@dataclass(frozen=True)
class GameOver:
    """No face-up tile is left in the middle; `winners` are the seats sharing first place."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    Rolled
    | Kept
    | TookTile
    | TurnFailed
    | TileReturned
    | TileFlipped
    | TileSpared
    | NothingFlipped
    | TurnPassed
    | GameOver
)
