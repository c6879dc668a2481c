"""What every kind of quiz question shares: the `Question` each kind subclasses, and its errors.

A kind lives in one module of this package (`take.py`, `keep.py`...): how it draws its table, how
it words its prompt, choices and explanation, what its JSON adds. This module only holds what
the page, the command line and the scoring ask of any question, so none of them names a kind.
Nothing here imports Streamlit or holds prose: the words come from `content/` through `t`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, Self

from pickomino.errors import CodedError
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.rules import STANDARD
from pickomino.scenario import table_json

Level = Literal["first", "experienced"]

Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]
"""A value as the command line prints it."""


class QuizError(CodedError):
    """A quiz that cannot be asked (bad code, count or level); `code` and `params` word it."""

    section = "quiz.error"


@dataclass(frozen=True)
class Question(ABC):
    """One question: the table it is about, the choices offered and which one is right.

    Nothing here depends on the language: `prompt`, `choice_text` and `explanation` word it. Each
    kind narrows `choices` to its own typed values (tiles, a seat list, a face...), draws itself
    in `build` and says in `value_json` how a choice's value is printed.

    Attributes:
        table: the table asked about (each kind's docstring says at which point of the turn).
        answer: the index of the right choice.
        rule: the rule that decides the answer, a key of the kind's `rules`.
        choices: the values offered, the right one among them, no two equal.
    """

    kind: ClassVar[str]
    """The kind's name in the JSON and the content keys (`quiz.<kind>.*`)."""
    levels: ClassVar[tuple[Level, ...]]
    """The levels that ask this kind."""
    rules: ClassVar[dict[str, str]]
    """Each rule this kind can turn on, and the key of the page explaining it (`pages.PAGES`);
    the rule's one-line statement is `quiz.rule.<rule>` in content/."""

    table: Table
    answer: int
    rule: str
    choices: Sequence[object]

    @classmethod
    @abstractmethod
    def build(cls, rng: random.Random, level: Level) -> Self | None:
        """A question of this kind drawn with `rng`, or None when the draw missed its case."""

    @abstractmethod
    def ask(self, lang: Lang) -> str:
        """The question itself in `lang` (`prompt` adds the variant played)."""

    @abstractmethod
    def choice_text(self, index: int, lang: Lang) -> str:
        """Choice `index` in `lang`, as its button reads."""

    @abstractmethod
    def value_json(self, index: int) -> Json:
        """Choice `index`'s machine-readable value (docs/cli.md, "The class quiz")."""

    def prompt(self, lang: Lang) -> str:
        """The question in `lang`, with the variant's name when the table is not standard."""
        text = self.ask(lang)
        if self.table.rules.name == STANDARD.name:
            return text
        variant = t(f"variants.{self.table.rules.name}.title", lang)
        return f"{text} {t('quiz.rules', lang, rules=variant)}"

    def explanation(self, lang: Lang) -> str:
        """What the page says once the question is answered: the rule, and for some kinds more."""
        return t(f"quiz.rule.{self.rule}", lang)

    def choice_json(self, index: int) -> dict[str, Json]:
        """What the JSON adds to choice `index` beyond its text and value (nothing by default)."""
        return {}

    def extra_json(self) -> dict[str, Json]:
        """What the JSON adds to the question beyond every kind's keys (nothing by default)."""
        return {}

    def shown_roll(self) -> tuple[str, tuple[str, ...]] | None:
        """The roll the question is about, drawn under the table, and its caption's content key."""
        return None

    def table_of(self) -> dict[str, Json]:
        """The table in the scenario format, as the JSON's `table` holds it."""
        return dict(table_json(self.table))

    def to_json(self, lang: Lang) -> dict[str, Json]:
        """The question as the command line prints it (keys in docs/cli.md)."""
        choices: list[Json] = [
            {
                "text": self.choice_text(index, lang),
                "value": self.value_json(index),
                **self.choice_json(index),
            }
            for index in range(len(self.choices))
        ]
        return {
            "kind": self.kind,
            "rule": self.rule,
            "page": self.rules[self.rule],
            "why": t(f"quiz.rule.{self.rule}", lang),
            "explanation": self.explanation(lang),
            "table": self.table_of(),
            "prompt": self.prompt(lang),
            "choices": choices,
            "answer": self.answer,
            **self.extra_json(),
        }
