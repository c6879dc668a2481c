"""The `keep` question: which value of this roll to set aside, for a named aim.

The answer comes from the odds, not from a rule, so the question names its aim, the surest tile
(`analysis.best("success")`) or the best move (`analysis.recommended`, the most worms on average
with a steal counted twice), and is asked only where that answer is clearly ahead of every other
choice on that aim: a class must be able to tell, and the explanation gives the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar, Final, Literal, Self, get_args

from pickomino.game import Move
from pickomino.i18n import Lang, amount, chance_text, join_list, t, tn
from pickomino.narrate import faces_text, move_words
from pickomino.odds import Outlook, analyse
from pickomino.rules import STANDARD, WORM
from pickomino.scenario import face_json

from .base import Json, Level, Question
from .deal import kept_dice, roll_board

Aim = Literal["surest", "best"]

MARGIN: Final[dict[Aim, float]] = {"surest": 0.03, "best": 0.05}
"""How far the answer must be ahead of the next choice on the aim: 3 percentage points of the
chance of a tile, or 0.05 worms of expected swing. Closer than that, the figures shown could
not tell the choices apart and a class would argue over a coin toss."""


def figure(outlook: Outlook, aim: Aim) -> float:
    """What an aim compares: the chance of a tile, or the expected swing in worms."""
    return outlook.success if aim == "surest" else outlook.expected_swing


@dataclass(frozen=True)
class Keep(Question):
    """A roll waits for a keep: which face to set aside for `aim`.

    Attributes:
        choices: the faces offered: every value that may be set aside, and sometimes a value of
            the roll already set aside (a trap the explanation calls against the rules).
        aim: `surest` (highest chance of a tile) or `best` (highest expected swing).
        outlooks: per choice, the odds after setting it aside (None for a value already aside).
    """

    kind: ClassVar[str] = "keep"
    levels: ClassVar[tuple[Level, ...]] = ("experienced",)
    rules: ClassVar[dict[str, str]] = {f"keep_{aim}": "explorer" for aim in get_args(Aim)}

    choices: tuple[str, ...]
    aim: Aim
    outlooks: tuple[Outlook | None, ...]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """A roll with two values or more to set aside, whose answer is clearly best on the aim."""
        rules = STANDARD
        dealt = roll_board(rng, level)
        if dealt is None:
            return None
        kept = (
            kept_dice(rng, rules, rng.random() < 0.5, 1, 25, (1, 3)) if rng.random() < 0.8 else ()
        )
        roll = tuple(rng.choice(rules.faces) for _ in range(rules.dice - len(kept)))
        table = replace(dealt, kept=kept, rolled=roll)
        keepable = table.keepable()
        if len(keepable) < 2:
            return None
        aim: Aim = rng.choice(get_args(Aim))
        analysis = analyse(table)
        right = analysis.recommended if aim == "best" else analysis.best("success")
        others = [c for c in analysis.choices if c.move != right.move]
        ahead = figure(right.outlook, aim) - max(figure(c.outlook, aim) for c in others)
        if ahead < MARGIN[aim]:
            return None
        again = [face for face in rules.faces if face in roll and face in kept][:1]
        faces = tuple(face for face in rules.faces if face in keepable or face in again)
        outlooks = tuple(
            analysis.choice(Move("keep", face=face)).outlook if face in keepable else None
            for face in faces
        )
        return cls(table, faces.index(right.move.face), f"keep_{aim}", faces, aim, outlooks)

    def ask(self, lang: Lang) -> str:
        """The dice set aside (if any), the roll, and the aim."""
        table = self.table
        assert table.rolled is not None
        text = t(f"quiz.keep.prompt.{self.aim}", lang, faces=faces_text(table.rolled, lang))
        if not table.kept:
            return text
        dice = faces_text(table.kept, lang)
        aside = tn("quiz.keep.kept", len(table.kept), lang, dice=dice, total=table.total)
        return f"{aside} {text}"

    def choice_text(self, index: int, lang: Lang) -> str:
        """The keep as the sandbox's button words it."""
        return move_words(Move("keep", face=self.choices[index]), self.table, lang, "button")

    def value_json(self, index: int) -> Json:
        """The face: `1`..`5` or `"W"`."""
        return face_json(self.choices[index])

    def choice_json(self, index: int) -> dict[str, Json]:
        """The chance of a tile and the expected swing after this keep (null: not allowed)."""
        outlook = self.outlooks[index]
        if outlook is None:
            return {"chance": None, "swing": None}
        return {"chance": outlook.success, "swing": outlook.expected_swing}

    def shown_roll(self) -> tuple[str, tuple[str, ...]] | None:
        """The roll waiting for the keep."""
        assert self.table.rolled is not None
        return "quiz.page.rolled", self.table.rolled

    def extra_json(self) -> dict[str, Json]:
        """The aim the question names."""
        return {"aim": self.aim}

    def explanation(self, lang: Lang) -> str:
        """The aim's rule, the right keep's figure, the others' figures, and the trap if offered.

        A best move can still lose worms on average (a turn that often fails gives the top tile
        back): that is said as a loss, "loses 0.44 worms", not as "worth −0.44 worms".
        """
        legal = [index for index, outlook in enumerate(self.outlooks) if outlook is not None]
        ranked = sorted(legal, key=self._figure, reverse=True)
        value = self._figure(self.answer)
        why = f"quiz.keep.why.{self.aim}" + ("_loss" if value < 0 else "")
        others = [
            f"{self._group(index, lang)} ({self._shown(self._figure(index), lang)})"
            for index in ranked
            if index != self.answer
        ]
        lines = [
            t(f"quiz.rule.{self.rule}", lang),
            t(why, lang, face=self._group(self.answer, lang), figure=self._shown(abs(value), lang)),
            tn("quiz.keep.others", len(others), lang, others=join_list(others, lang)),
        ]
        lines += [
            t("quiz.keep.again", lang, face=self._group(index, lang))
            for index, outlook in enumerate(self.outlooks)
            if outlook is None
        ]
        return " ".join(lines)

    def _figure(self, index: int) -> float:
        """Choice `index`'s figure on the aim (a choice that may be set aside)."""
        outlook = self.outlooks[index]
        assert outlook is not None
        return figure(outlook, self.aim)

    def _shown(self, value: float, lang: Lang) -> str:
        """A figure in words: "71%" of the time, or "2.31 worms"."""
        if self.aim == "surest":
            return chance_text(value, lang, decimals=0)
        return amount("common.worms", value, lang)

    def _group(self, index: int, lang: Lang) -> str:
        """The dice of the roll showing choice `index`'s face, as a group: "the 5s", "le ver"."""
        face = self.choices[index]
        assert self.table.rolled is not None
        count = self.table.rolled.count(face)
        if face == WORM:
            return tn("quiz.keep.group_worm", count, lang)
        return tn("quiz.keep.group", count, lang, face=face)
