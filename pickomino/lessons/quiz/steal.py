"""The `steal` question: may you take this tile from this player? Exact total and top tile only."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, NamedTuple, Self, get_args

from pickomino.i18n import Lang, t
from pickomino.narrate import faces_text, seat_name
from pickomino.rules import NO_STEAL, STANDARD

from .base import Json, Level, Question
from .deal import Place, deal, kept_dice, opponent, seats

Case = Literal["allowed", "not_exact", "not_top", "no_steal"]


class Steal(NamedTuple):
    """A choice: tile `tile` may (`allowed`) or may not be taken from seat `from_seat`."""

    tile: int
    from_seat: int
    allowed: bool


@dataclass(frozen=True)
class StealQuestion(Question):
    """Yes or no: may this stop take this opponent's tile? The table holds the dice set aside."""

    kind: ClassVar[str] = "steal"
    levels: ClassVar[tuple[Level, ...]] = ("first", "experienced")
    rules: ClassVar[dict[str, str]] = {
        "steal": "taking",
        "steal_top": "taking",
        "no_steal": "variants",
    }

    choices: tuple[Steal, Steal]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """The tile pinned as the case needs: on top, under the top, or one away from the total."""
        cases = get_args(Case) if level == "experienced" else get_args(Case)[:3]
        case: Case = rng.choice(cases)
        rules = NO_STEAL if case == "no_steal" else STANDARD
        players, current = seats(rng, level)
        victim = opponent(rng, players, current)
        kept = kept_dice(rng, rules, True, 21, 36, (2, 4))
        total = rules.total(kept)
        tile = total
        if case == "not_exact":
            tile = total + rng.choice((-2, -1, 1, 2))
        if tile not in rules.tiles:
            return None
        pins: dict[int, Place] = {tile: ("under" if case == "not_top" else "top", victim)}
        taken = 0.25 if level == "first" else 0.35
        dealt = deal(rng, rules, players, current, pins, taken=taken)
        if dealt is None:
            return None
        table = replace(dealt, kept=kept)
        allowed = any(o.tile == tile and o.source == victim for o in table.options())
        if not rules.stealing:
            rule = "no_steal"
        elif table.top(victim) != tile:
            rule = "steal_top"
        else:
            rule = "steal"
        choices = (Steal(tile, victim, True), Steal(tile, victim, False))
        return cls(table, 0 if allowed else 1, rule, choices)

    def ask(self, lang: Lang) -> str:
        """The dice, their total, the tile and the player asked about."""
        table, asked = self.table, self.choices[0]
        return t(
            "quiz.steal.prompt",
            lang,
            dice=faces_text(table.kept, lang),
            total=table.total,
            tile=asked.tile,
            player=seat_name(asked.from_seat, lang),
        )

    def choice_text(self, index: int, lang: Lang) -> str:
        """Yes or no."""
        return t("quiz.steal.yes" if self.choices[index].allowed else "quiz.steal.no", lang)

    def value_json(self, index: int) -> Json:
        """`{"tile", "from_seat", "allowed"}`."""
        return dict(self.choices[index]._asdict())
