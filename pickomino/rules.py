"""Rules as data: the dice, the tiles and the variant switches of one way to play.

Every variant of the game is a `Rules` value, never a fork of the engine: the engine and the odds
module read these fields and nothing else, so a new house rule is a new preset here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

WORM: Final = "W"
"""The worm face. Faces are short strings so a kept die reads the same in JSON, events and tests."""


@dataclass(frozen=True)
class Rules:
    """One complete rule set.

    Attributes:
        name: the preset's key (`standard`, `short`, ...), used in scenarios and URLs.
        dice: how many dice a turn starts with.
        faces: the faces of one die, in display order; every face is equally likely.
        face_values: points of each face, aligned with `faces`.
        worm_faces: the faces that count as a worm (a tile needs at least one kept).
        tiles: the tile values, ascending.
        tile_worms: worms printed on each tile, aligned with `tiles`.
        min_players / max_players: the table sizes the rules allow.
        stealing: whether an opponent's top tile may be taken with an exact total.
        any_lower_tile: after an overshoot, any lower face-up tile may be chosen (Junior), instead
            of only the exact tile or else the next lower face-up one.
        spare_returned_highest: after a failed turn, the highest tile is not turned face down when
            it is the tile just put back (the standard rule); `False` flips it all the same.
        flip_without_return: after a failed turn by a player with no tile, the highest tile is still
            turned face down (the standard rule); `False` leaves the middle as it is.
    """

    name: str
    dice: int
    faces: tuple[str, ...]
    face_values: tuple[int, ...]
    worm_faces: frozenset[str]
    tiles: tuple[int, ...]
    tile_worms: tuple[int, ...]
    min_players: int = 2
    max_players: int = 7
    stealing: bool = True
    any_lower_tile: bool = False
    spare_returned_highest: bool = True
    flip_without_return: bool = True

    def __post_init__(self) -> None:
        if len(self.faces) != len(self.face_values) or len(set(self.faces)) != len(self.faces):
            raise ValueError(f"rules {self.name!r}: faces and face values must pair up uniquely")
        if not all(len(face) == 1 for face in self.faces):
            raise ValueError(f"rules {self.name!r}: each face is one character (`Move.text`)")
        if not self.worm_faces or not self.worm_faces <= set(self.faces):
            raise ValueError(f"rules {self.name!r}: worm faces must be faces of the die")
        if len(self.tiles) != len(self.tile_worms) or list(self.tiles) != sorted(set(self.tiles)):
            raise ValueError(f"rules {self.name!r}: tiles must be distinct, ascending, with worms")

    def value(self, face: str) -> int:
        """Points one die showing `face` adds to the total."""
        return self.face_values[self.faces.index(face)]

    def worms(self, tile: int) -> int:
        """Worms printed on `tile` (what it scores)."""
        return self.tile_worms[self.tiles.index(tile)]

    def total(self, kept: tuple[str, ...]) -> int:
        """Sum of the kept dice."""
        return sum(self.value(face) for face in kept)

    def has_worm(self, kept: tuple[str, ...]) -> bool:
        """Whether the kept dice hold a worm, without which no tile can be taken."""
        return any(face in self.worm_faces for face in kept)

    def parse_face(self, raw: object) -> str:
        """Read a face as written in JSON (`1`..`5` or `"W"`), or raise ValueError naming it."""
        text = str(raw).upper() if isinstance(raw, (int, str)) and not isinstance(raw, bool) else ""
        if text not in self.faces:
            allowed = ", ".join(self.faces)
            raise ValueError(f"{raw!r} is not a face of the {self.name} dice ({allowed})")
        return text


def _worm_bands(tiles: range, per_band: int) -> tuple[int, ...]:
    """Worms rising by one every `per_band` tiles, as printed on both editions' tiles."""
    return tuple(1 + i // per_band for i in range(len(tiles)))


_STANDARD_TILES: Final = range(21, 37)

STANDARD: Final = Rules(
    name="standard",
    dice=8,
    faces=("1", "2", "3", "4", "5", WORM),
    face_values=(1, 2, 3, 4, 5, 5),
    worm_faces=frozenset({WORM}),
    tiles=tuple(_STANDARD_TILES),
    tile_worms=_worm_bands(_STANDARD_TILES, 4),
)
"""The rules of the seed texts 000-002: 8 dice, tiles 21-36 with 1-4 worms."""

SHORT: Final = replace(STANDARD, name="short", spare_returned_highest=False)
"""A quicker game: the highest tile is turned face down after every failed turn, even when it is the
tile just put back (how the summary 003 and the Junior text 004 read the rule)."""

NO_STEAL: Final = replace(STANDARD, name="no-steal", stealing=False)
"""No stealing: tiles come only from the middle, the friendlier game the Junior text suggests."""

RULEBOOK_EMPTY_STACK: Final = replace(
    STANDARD, name="rulebook-empty-stack", flip_without_return=False
)
"""A failed turn with no tile to put back turns nothing face down (one reading of the boxed
rulebook)."""

_JUNIOR_TILES: Final = range(13, 25)

JUNIOR: Final = replace(
    STANDARD,
    name="junior",
    dice=6,
    tiles=tuple(_JUNIOR_TILES),
    tile_worms=_worm_bands(_JUNIOR_TILES, 3),
    any_lower_tile=True,
    spare_returned_highest=False,
)
"""The Junior edition (seed 004): 6 dice, 12 tiles, any lower tile after an overshoot, and the
highest tile always turned face down after a failed turn.

The Junior text names burger and worm symbols but gives neither face values nor tile numbers. This
app's assumption: a die shows one to five burgers (worth 1 to 5) and a worm (worth 5), like the
standard die; the tiles are 13 to 24, three tiles per worm band (13-15: 1 worm, 16-18: 2,
19-21: 3, 22-24: 4), which keeps the tiles where six dice usually land as eight dice do for 21-36.
"""

PRESETS: Final[dict[str, Rules]] = {
    rules.name: rules for rules in (STANDARD, SHORT, NO_STEAL, RULEBOOK_EMPTY_STACK, JUNIOR)
}


def preset(name: str) -> Rules:
    """The preset called `name`, or a ValueError listing the known names."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise ValueError(f"unknown rules preset {name!r} (known: {known})") from None
