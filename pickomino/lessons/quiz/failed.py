"""The `failed` question: after a roll that fails, which tile goes back, which is turned over.

A variant is played only on a table where it changes the answer (the shorter game when the tile
put back is the highest, the rulebook's empty stack when the player has no tile), so the
variant's name under the question never points at something the table does not show.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, NamedTuple, Self, get_args

from pickomino.events import Event, TileFlipped, TileReturned
from pickomino.i18n import Lang, t
from pickomino.narrate import faces_text
from pickomino.rules import RULEBOOK_EMPTY_STACK, SHORT, STANDARD, Rules
from pickomino.scenario import face_json

from .base import Json, Level, Question
from .deal import Place, deal, kept_dice, offer, seats

Case = Literal["plain", "spared", "empty"]

VARIANT: dict[Case, Rules] = {"spared": SHORT, "empty": RULEBOOK_EMPTY_STACK}
"""The variant that changes each case's answer (none changes a plain one)."""


class Fate(NamedTuple):
    """A choice: the tile that goes back to the middle and the one turned face down (or None)."""

    returned: int | None
    flipped: int | None


def _fate(events: Sequence[Event]) -> Fate:
    """The tiles a failed turn's events put back and turn face down."""
    returned = next((e.tile for e in events if isinstance(e, TileReturned)), None)
    flipped = next((e.tile for e in events if isinstance(e, TileFlipped)), None)
    return Fate(returned, flipped)


@dataclass(frozen=True)
class Failed(Question):
    """The table just before `roll` fails the turn (the roll shows only values set aside)."""

    kind: ClassVar[str] = "failed"
    levels: ClassVar[tuple[Level, ...]] = ("first", "experienced")
    rules: ClassVar[dict[str, str]] = {
        "fail_return": "failed",
        "fail_spared": "failed",
        "fail_empty": "failed",
        "fail_short": "variants",
        "fail_empty_nothing": "variants",
    }

    choices: tuple[Fate, ...]
    roll: tuple[str, ...]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """A case, sometimes its variant for experienced players, the other readings as traps."""
        case: Case = rng.choice(get_args(Case))
        rules = STANDARD
        if case in VARIANT and level == "experienced" and rng.random() < 0.4:
            rules = VARIANT[case]
        players, current = seats(rng, level)
        pins: dict[int, Place] = {}
        if case == "spared":
            high = rng.choice(rules.tiles[-4:])
            pins[high] = ("top", current)
            pins |= {tile: ("down", 0) for tile in rules.tiles if tile > high}
        bare = (current,) if case == "empty" else ()
        table = deal(rng, rules, players, current, pins, bare=bare)
        if table is None or (case == "plain" and table.top(current) is None):
            return None
        kept = kept_dice(rng, rules, rng.random() < 0.7, 8, 30, (2, 4))
        table = replace(table, kept=kept)
        faces = sorted(set(kept))
        roll = tuple(rng.choice(faces) for _ in range(table.in_hand))
        right = _fate(table.roll(roll)[1])
        misread = [
            _fate(replace(table, rules=switched).roll(roll)[1])
            for switched in (
                replace(rules, spare_returned_highest=not rules.spare_returned_highest),
                replace(rules, flip_without_return=not rules.flip_without_return),
            )
        ]
        top = table.top(current)
        misread += [
            Fate(None, table.middle[-1]),  # the top tile forgotten
            Fate(top, None),  # "nothing turned over"
            Fate(None, None),  # "a failed turn changes nothing"
        ]
        if right.returned is not None:
            rule = "fail_return"
            if right.flipped is None:
                rule = "fail_spared"
            elif right.flipped == right.returned:
                rule = "fail_short"
        else:
            rule = "fail_empty" if right.flipped is not None else "fail_empty_nothing"
        values, answer = offer(right, misread, rng)
        return cls(table, answer, rule, tuple(values), roll)

    def ask(self, lang: Lang) -> str:
        """The dice set aside, the roll that fails, and what happens to the tiles."""
        return t(
            "quiz.failed.prompt",
            lang,
            dice=faces_text(self.table.kept, lang),
            total=self.table.total,
            faces=faces_text(self.roll, lang),
        )

    def choice_text(self, index: int, lang: Lang) -> str:
        """What goes back, then what is turned face down."""
        back, down = self.choices[index]
        returned = (
            t("quiz.failed.returned", lang, tile=back)
            if back is not None
            else t("quiz.failed.returned_none", lang)
        )
        flipped = (
            t("quiz.failed.flipped", lang, tile=down)
            if down is not None
            else t("quiz.failed.flipped_none", lang)
        )
        return t("quiz.failed.both", lang, returned=returned, flipped=flipped)

    def value_json(self, index: int) -> Json:
        """`{"returned": tile or null, "flipped": tile or null}`."""
        return dict(self.choices[index]._asdict())

    def shown_roll(self) -> tuple[str, tuple[str, ...]] | None:
        """The roll that fails the turn."""
        return "draw.failed_roll", self.roll

    def table_of(self) -> dict[str, Json]:
        """The table with the roll that fails the turn as its one action, so it replays."""
        return {**super().table_of(), "actions": [{"roll": [face_json(f) for f in self.roll]}]}
