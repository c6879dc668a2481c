"""The `end` question: who wins this finished game? Worms first, then the highest tile."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Self

from pickomino.game import Table
from pickomino.i18n import Lang, join_list, t, tn
from pickomino.narrate import seat_name
from pickomino.rules import STANDARD

from .base import Json, Level, Question
from .deal import offer


@dataclass(frozen=True)
class End(Question):
    """A finished game (no face-up tile in the middle); each choice is a list of winning seats."""

    kind: ClassVar[str] = "end"
    levels: ClassVar[tuple[Level, ...]] = ("experienced",)
    rules: ClassVar[dict[str, str]] = {"end_worms": "scoring", "end_highest": "scoring"}

    choices: tuple[tuple[int, ...], ...]

    @classmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """Tiles dealt to two to four stacks, a worm tie in about two games of five."""
        rules = STANDARD
        players = rng.randint(2, 4)
        tie = rng.random() < 0.4
        stacks: list[list[int]] = [[] for _ in range(players)]
        face_down = []
        for tile in rules.tiles:
            if rng.random() < 0.25:
                face_down.append(tile)
            else:
                stacks[rng.randrange(players)].append(tile)
        for stack in stacks:
            rng.shuffle(stack)
        table = Table(rules, players, (), tuple(face_down), tuple(map(tuple, stacks)), 0).check()
        scores = table.scores()
        first = tuple(seat for seat in range(players) if scores[seat] == max(scores))
        if tie != (len(first) > 1):
            return None

        def most(measure: Callable[[int], int]) -> tuple[int, ...]:
            best = max(measure(seat) for seat in range(players))
            return tuple(seat for seat in range(players) if measure(seat) == best)

        misread = [
            first,  # "a tie in worms is shared"
            most(lambda seat: sum(table.stacks[seat])),  # the numbers added instead of the worms
            most(lambda seat: len(table.stacks[seat])),  # the most tiles
            most(lambda seat: max(table.stacks[seat], default=0)),  # the highest tile alone
            *((seat,) for seat in range(players)),
        ]
        choices, answer = offer(table.winners(), misread, rng)
        if len(choices) < 3:
            return None
        rule = "end_highest" if len(first) > 1 else "end_worms"
        return cls(table, answer, rule, tuple(choices))

    def ask(self, lang: Lang) -> str:
        """Who wins (the table shows the stacks)."""
        return t("quiz.end.prompt", lang)

    def choice_text(self, index: int, lang: Lang) -> str:
        """The winners, each with the article their language gives a seat, the first capitalised."""
        seats = [t("quiz.end.seat", lang, player=seat_name(s, lang)) for s in self.choices[index]]
        text = tn("quiz.end.winners", len(seats), lang, winners=join_list(seats, lang))
        return text[:1].upper() + text[1:]

    def value_json(self, index: int) -> Json:
        """The sorted winning seats, counted from 0."""
        return list(self.choices[index])
