"""The `take` question: stopping with these dice, the complete list of the tiles one may take.

Each choice is a complete list ("only 26", "26 or 28 from Player 2: you choose one", "no tile"),
so exactly one choice is true: a choice naming some of the right tiles is a different list, and
says "only", not a true statement marked wrong.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, Self, get_args

from pickomino.game import Board, TakeOption
from pickomino.i18n import Lang, join_list, t
from pickomino.narrate import faces_text, seat_name
from pickomino.rules import NO_STEAL, STANDARD

from .base import Json, Level, Question
from .deal import Place, deal, kept_dice, offer, opponent, seats

Case = Literal["exact", "next_lower", "steal", "own_top", "steal_top", "no_worm", "no_tile"]


def _tiles(options: Sequence[TakeOption]) -> tuple[int, ...]:
    return tuple(sorted({option.tile for option in options}))


@dataclass(frozen=True)
class Take(Question):
    """Which tiles may a stop take? The table holds the dice set aside as the player stops.

    A choice is the sorted tuple of the tiles it says may be taken, `()` for none.
    """

    kind: ClassVar[str] = "take"
    levels: ClassVar[tuple[Level, ...]] = ("first", "experienced")
    rules: ClassVar[dict[str, str]] = {rule: "taking" for rule in get_args(Case)}

    choices: tuple[tuple[int, ...], ...]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """Each case sets one trap on the board; the wrong lists are the common misreadings."""
        rules = STANDARD
        case: Case = rng.choice(get_args(Case))
        players, current = seats(rng, level)
        other = opponent(rng, players, current)
        worm = case != "no_worm"
        low, high = (15, 20) if case == "no_tile" and rng.random() < 0.5 else (21, 36)
        kept = kept_dice(rng, rules, worm, low, high, (2, 4))
        total = rules.total(kept)
        pins: dict[int, Place] = {}
        if total in rules.tiles:
            pins[total] = {
                "exact": ("middle", 0),
                "next_lower": (rng.choice(("down", "under")), other),
                "steal": ("top", other),
                "own_top": ("top", current),
                "steal_top": ("under", other),
                "no_worm": ("middle", 0),
                "no_tile": ("down", 0),
            }[case]
        if case == "no_tile":
            pins |= {tile: ("down", 0) for tile in rules.tiles if tile < total}
        taken = 0.25 if level == "first" else 0.35
        dealt = deal(rng, rules, players, current, pins, taken=taken)
        if dealt is None:
            return None
        table = replace(dealt, kept=kept)
        options = table.options()
        board = table.board()
        if case in ("exact", "next_lower") and not (options and options[0].reason == case):
            return None
        if case == "no_tile" and options:
            return None
        if case == "no_worm" and not board.options(total, True):
            return None
        if case in ("next_lower", "own_top", "steal_top") and not options and rng.random() < 0.7:
            return None  # mostly a lower tile to take, sometimes the turn fails
        stacked = {tile: seat for seat, stack in enumerate(table.stacks) for tile in stack}
        every_tile = Board(
            rules, board.middle, tuple((s, tile) for tile, s in stacked.items()), None
        )
        any_lower = replace(board, rules=replace(rules, any_lower_tile=True))
        misread = [
            (),  # "a total that is not a tile in the middle fails the turn"
            (total,) if total in rules.tiles else (),  # the exact tile, wherever it is
            _tiles(board.options(total, True)),  # the worm forgotten
            _tiles(every_tile.options(total, True)),  # any tile of any stack, one's own included
            _tiles(any_lower.options(total, worm)),
            _tiles(replace(board, rules=NO_STEAL).options(total, worm)),
            (min(board.middle),),  # "the lowest tile when nothing fits"
        ]
        values, answer = offer(_tiles(options), misread, rng)
        return cls(table, answer, case, tuple(values))

    def ask(self, lang: Lang) -> str:
        """The dice, their total, and the request for the complete list."""
        table = self.table
        return t("quiz.take.prompt", lang, dice=faces_text(table.kept, lang), total=table.total)

    def choice_text(self, index: int, lang: Lang) -> str:
        """A complete list: no tile, only this one, or these (one of them to choose)."""
        tiles = self.choices[index]
        if not tiles:
            return t("quiz.take.none", lang)
        named = self._named(tiles, lang)
        if len(tiles) == 1:
            return t("quiz.take.only", lang, tile=named[0])
        listed = join_list(named, lang, word="or")
        if len(named) > 1 and len(named) < len(tiles):
            # The middle's tiles are already joined by "or": a comma before the last "or" keeps
            # the two lists apart ("22 or 23 from the middle, or 28 from Player 2").
            listed = f"{', '.join(named[:-1])}, {t('common.or', lang)} {named[-1]}"
        return t("quiz.take.either", lang, tiles=listed)

    def value_json(self, index: int) -> Json:
        """The sorted tiles, `[]` for a failed turn."""
        return list(self.choices[index])

    def _named(self, tiles: tuple[int, ...], lang: Lang) -> list[str]:
        """The tiles with where they lie; the middle's named once ("22, 23 or 29 from the middle").

        Only the middle can offer several (a misreading takes any lower tile there), and a choice
        listing eight tiles each "from the middle" is too long to read off a projector.
        """
        middle = [tile for tile in tiles if tile in self.table.middle]
        named = [self._where(tile, lang) for tile in tiles if tile not in self.table.middle]
        if middle:
            listed = [t("quiz.take.tile", lang, tile=tile) for tile in middle]
            named.insert(0, t("quiz.take.middle", lang, tiles=join_list(listed, lang, word="or")))
        return named

    def _where(self, tile: int, lang: Lang) -> str:
        """A tile out of the middle named with where it lies, so a pupil can find it."""
        table = self.table
        for seat, stack in enumerate(table.stacks):
            if tile in stack and seat == table.current:
                return t("quiz.take.own", lang, tile=tile)
            if tile in stack:
                return t("common.from_player", lang, tile=tile, player=seat_name(seat, lang))
        return t("quiz.take.face_down", lang, tile=tile)
