"""The class quiz: questions generated from the engine on random mid-game tables.

A teacher gives the class one code; every pupil who types it gets the same questions in the same
order, in whichever language each one reads. The code carries the whole quiz: a word, then the
level's letter and the number of questions (`K7QM-E5`: experienced players, 5 questions); a word
alone (`CM2B`) is the first lesson with 10 questions. So a question is built from the code alone
(the language only words it), and each question draws from its own `random.Random`, seeded with
a string: Python hashes a string seed with SHA-512, the same on every machine and every run
(unlike `hash()`), and the first questions of a longer quiz are those of a shorter one.

Every right answer is what the engine (or the odds module) says about the table; the wrong choices
are the misreadings of the Common mistakes page, most of them computed by the same engine with one
rule switched (the exact tile forgotten, the worm forgotten, any tile of a stack stealable...), so
a wrong choice is always a mistake someone makes, never a random number.

Each kind of question is one class in its own module (`take`, `failed`, `steal`, `keep`, `bust`,
`end`), listed once in `REGISTRY`: adding a kind is a module and a line here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, get_args

from pickomino.i18n import Lang

from .base import Json, Level, Question, QuizError
from .bust import Bust
from .end import End
from .failed import Failed
from .keep import Keep
from .steal import StealQuestion
from .take import Take

__all__ = [
    "COUNTS",
    "DEFAULT_COUNT",
    "DEFAULT_LEVEL",
    "KINDS",
    "LEVELS",
    "MAX_COUNT",
    "REGISTRY",
    "RULE_PAGES",
    "Level",
    "Question",
    "QuizError",
    "RuleScore",
    "Setup",
    "by_rule",
    "carries_quiz",
    "questions",
    "quiz_json",
    "random_code",
    "read_code",
    "read_count",
    "read_level",
    "read_setup",
    "score",
]

REGISTRY: Final[dict[str, type[Question]]] = {
    kind.kind: kind for kind in (Take, Failed, StealQuestion, Keep, Bust, End)
}
"""Every kind of question, by its name."""

LEVELS: Final[tuple[Level, ...]] = get_args(Level)
KINDS: Final[dict[Level, tuple[str, ...]]] = {
    level: tuple(name for name, kind in REGISTRY.items() if level in kind.levels)
    for level in LEVELS
}
"""The kinds of question of each level: a first lesson asks only what a stop or a failed turn
does to the tiles; experienced players get the odds and the end of the game too."""

RULE_PAGES: Final[dict[str, str]] = {
    rule: page for kind in REGISTRY.values() for rule, page in kind.rules.items()
}
"""Each rule a question can turn on, and the key of the page that explains it."""

MAX_COUNT: Final = 50
COUNTS: Final = (5, 10, 15)
"""The quiz lengths the Quiz page offers a teacher (a code may ask for any 1 to MAX_COUNT)."""
DEFAULT_LEVEL: Final[Level] = "first"
DEFAULT_COUNT: Final = 10
LETTERS: Final[dict[Level, str]] = {"first": "B", "experienced": "E"}
"""The level's letter in a code: B for beginners, E for experienced players. B and E, not F and
E, which a hand on a board writes alike."""

WORD: Final = re.compile(r"[A-Z0-9-]{1,20}")
"""A class word: up to 20 letters, digits and hyphens, read without regard to case, so a pupil
typing `cm2-b` gets the questions of the teacher's `CM2-B`."""
CARRIED: Final = re.compile(rf"(?P<word>{WORD.pattern})-(?P<level>[BE])(?P<count>[0-9]{{1,3}})")
"""A word followed by its quiz: `K7QM-E5`, `CM2-B-B10`."""
CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a drawn word: none that reads like another on a board (no I/1, O/0)."""


@dataclass(frozen=True)
class Setup:
    """A quiz: the class word that seeds it, its level and its number of questions."""

    word: str
    level: Level = DEFAULT_LEVEL
    count: int = DEFAULT_COUNT

    @property
    def code(self) -> str:
        """The code that carries this quiz, for the board: `K7QM-E5`."""
        return f"{self.word}-{LETTERS[self.level]}{self.count}"


# ----- reading what the teacher or the pupil typed ----------------------------------------------


def read_count(count: int | str) -> int:
    """A quiz length as a code, link or command line writes it (1 to MAX_COUNT), or QuizError."""
    text = str(count).strip()
    if not re.fullmatch(r"[0-9]{1,3}", text) or not 1 <= int(text) <= MAX_COUNT:
        raise QuizError(
            "bad_count",
            f"count {count!r}: a quiz has 1 to {MAX_COUNT} questions",
            count=count,
            high=MAX_COUNT,
        )
    return int(text)


def read_level(level: str) -> Level:
    """A level as a link or the command line writes it, or QuizError."""
    for known in LEVELS:
        if level == known:
            return known
    raise QuizError(
        "bad_level", f"unknown level {level!r} (known: {', '.join(LEVELS)})", level=level
    )


def carries_quiz(code: str) -> bool:
    """Whether a typed code ends with its quiz (`K7QM-E5`), as the codes this app shows do.

    A plain word (`CM2B`) is a word of the teacher's own, read with the defaults.
    """
    return CARRIED.fullmatch(code.strip().upper()) is not None


def read_code(code: str) -> Setup:
    """The quiz a typed code asks for: its level and count if it carries them, else the defaults.

    Read in any case, spaces around it ignored; QuizError for anything else.
    """
    normal = code.strip().upper()
    carried = CARRIED.fullmatch(normal)
    if carried is not None:
        level = next(lvl for lvl, letter in LETTERS.items() if letter == carried["level"])
        return Setup(carried["word"], level, read_count(carried["count"]))
    if WORD.fullmatch(normal):
        return Setup(normal)
    raise QuizError(
        "bad_code",
        f"class code {code!r}: use 1 to 20 letters, digits or hyphens",
        given=code,
    )


def read_setup(code: str, level: str | None = None, count: str | None = None) -> Setup:
    """A quiz from a link or the command line: the code, and a level or count given beside it.

    A level or count given beside a plain word sets it (links made before codes carried their
    quiz); beside a code that carries its own, it must say the same, or QuizError.
    """
    setup = read_code(code)
    level_given = read_level(level) if level is not None else None
    count_given = read_count(count) if count is not None else None
    if not carries_quiz(code):
        return Setup(setup.word, level_given or setup.level, count_given or setup.count)
    if (level_given or setup.level, count_given or setup.count) != (setup.level, setup.count):
        raise QuizError(
            "conflict",
            f"code {setup.code} is a quiz of its own; give no other level or count",
            given=setup.code,
        )
    return setup


def random_code(rng: random.Random, length: int = 4) -> str:
    """A fresh class word for a teacher who has none: `length` letters easy to copy from a board."""
    return "".join(rng.choice(CODE_LETTERS) for _ in range(length))


# ----- the questions ---------------------------------------------------------------------------


def _kinds(setup: Setup) -> list[str]:
    """The kinds in quiz order: every kind once per round, each round shuffled."""
    rng = random.Random(f"quiz/{setup.level}/{setup.word}/kinds")
    order: list[str] = []
    while len(order) < setup.count:
        round_ = list(KINDS[setup.level])
        rng.shuffle(round_)
        order += round_
    return order[: setup.count]


ATTEMPTS: Final = 10_000


def questions(setup: Setup) -> tuple[Question, ...]:
    """The quiz `setup`: its questions, the same for every language.

    Each question redraws until its table has the case it asks about (a table that cannot hold
    it, or a roll with no clear best value, is drawn again), all from its own seeded generator.
    """
    found = []
    for index, kind in enumerate(_kinds(setup)):
        rng = random.Random(f"quiz/{setup.level}/{setup.word}/{index}")
        for _ in range(ATTEMPTS):
            question = REGISTRY[kind].build(rng, setup.level)
            if question is not None:
                found.append(question)
                break
        else:  # pragma: no cover - every case is drawn in a few attempts (tests/test_quiz.py)
            raise RuntimeError(f"no table found for question {index} ({kind}) of {setup.code}")
    return tuple(found)


def quiz_json(setup: Setup, lang: Lang) -> dict[str, Json]:
    """The whole quiz in `lang`, as `python -m pickomino quiz` prints it."""
    return {
        "code": setup.code,
        "level": setup.level,
        "count": setup.count,
        "lang": lang,
        "questions": [question.to_json(lang) for question in questions(setup)],
    }


# ----- a class answering -----------------------------------------------------------------------


@dataclass(frozen=True)
class RuleScore:
    """How a class (or one pupil) did on one rule: `right` of the `asked` questions it decided."""

    rule: str
    right: int
    asked: int

    @property
    def missed(self) -> bool:
        """Whether any question on this rule was answered wrong."""
        return self.right < self.asked


def score(found: Sequence[Question], picked: Sequence[int]) -> int:
    """How many of the answered questions (`picked[i]` the choice for `found[i]`) are right."""
    return sum(choice == question.answer for question, choice in zip(found, picked, strict=False))


def by_rule(found: Sequence[Question], picked: Sequence[int]) -> tuple[RuleScore, ...]:
    """The answered questions' score per rule, the rules in the order the quiz first asked them."""
    asked: dict[str, list[int]] = {}
    for question, choice in zip(found, picked, strict=False):
        tally = asked.setdefault(question.rule, [0, 0])
        tally[0] += choice == question.answer
        tally[1] += 1
    return tuple(RuleScore(rule, right, total) for rule, (right, total) in asked.items())
