"""The `bust` question: how likely is the next roll to fail? The closed form, against the slips."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from pickomino.i18n import Lang, chance_text, t, tn
from pickomino.narrate import dice_text, faces_text
from pickomino.odds import bust_chance
from pickomino.rules import STANDARD

from .base import Json, Level, Question
from .deal import kept_dice, offer, roll_board


@dataclass(frozen=True)
class Bust(Question):
    """The dice set aside before a roll; each choice is a chance (the right one `(k/6)ⁿ`)."""

    kind: ClassVar[str] = "bust"
    levels: ClassVar[tuple[Level, ...]] = ("experienced",)
    rules: ClassVar[dict[str, str]] = {"bust_odds": "explorer"}

    choices: tuple[float, ...]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """A table with dice set aside; the wrong chances are the usual slips of the formula."""
        rules = STANDARD
        dealt = roll_board(rng, level)
        if dealt is None:
            return None
        kept = kept_dice(rng, rules, rng.random() < 0.6, 1, 30, (2, 5))
        table = replace(dealt, kept=kept)
        faces, values, dice = len(rules.faces), len(set(kept)), table.in_hand
        right = bust_chance(dice, values, faces)
        if round(right, 3) == 0:
            return None  # a chance that shows as 0.0% reads as "never", which it is not
        misread = [
            bust_chance(1, values, faces),  # one die's chance, not all of them
            1 - bust_chance(dice, faces - values, faces),  # "any value rolled again fails"
            bust_chance(len(kept), values, faces),  # the dice set aside counted, not those in hand
            bust_chance(dice, values + 1, faces),  # one value too many counted
        ]
        seen = {round(right, 3)}
        wrong = []
        for chance in misread:
            if round(chance, 3) not in seen and 0 < chance < 1:
                seen.add(round(chance, 3))
                wrong.append(chance)
        values_offered, answer = offer(right, wrong, rng)
        return cls(table, answer, "bust_odds", tuple(values_offered))

    def ask(self, lang: Lang) -> str:
        """The dice set aside, how many values they show, the dice rolled now."""
        table = self.table
        return t(
            "quiz.bust.prompt",
            lang,
            kept=faces_text(table.kept, lang),
            values=tn("quiz.bust.values", len(set(table.kept)), lang),
            dice=dice_text(table.in_hand, lang),
        )

    def choice_text(self, index: int, lang: Lang) -> str:
        """The chance as a percentage in the reader's locale."""
        return chance_text(self.choices[index], lang)

    def value_json(self, index: int) -> Json:
        """The chance, a number between 0 and 1."""
        return self.choices[index]
