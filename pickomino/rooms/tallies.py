"""How the class answered: a question's tally, the vote, the score per rule, the rankings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from pickomino.rooms.model import Answer, Pupil, Question, Room


def tally(question: Question, answers: Mapping[str, int]) -> tuple[int, ...]:
    """How many pupils chose each option of `question` (`answers`: pupil → option)."""
    counts = Counter(option for option in answers.values() if 0 <= option < question.options)
    return tuple(counts[option] for option in range(question.options))


def majority(
    question: Question, answers: Mapping[str, int]
) -> tuple[int, Literal["vote", "tie", "nobody"]]:
    """The option the class's seat plays: the most chosen one.

    A tie between the most chosen options, or a vote nobody answered, plays the best move
    among them (the expert's choice): the class never loses a turn to a split vote, and the
    reveal says which rule decided. Returns the option and why it was chosen.
    """
    counts = tally(question, answers)
    top = max(counts)
    if top == 0:
        return question.right, "nobody"
    leaders = [option for option, count in enumerate(counts) if count == top]
    if len(leaders) == 1:
        return leaders[0], "vote"
    return (question.right if question.right in leaders else leaders[0]), "tie"


TEACH_AGAIN: Final = 0.75
"""A rule the class got right less often than this, over the quiz's questions on it, is one to
teach again: most of the class, not a few, missed it."""


@dataclass(frozen=True)
class RuleTally:
    """How the class did on one rule of a quiz: `right` of the `asked` answers on it."""

    rule: str
    right: int
    asked: int

    @property
    def teach_again(self) -> bool:
        """Whether the class missed this rule often enough to go over it again."""
        return self.asked > 0 and self.right < TEACH_AGAIN * self.asked


def class_by_rule(
    asked: Sequence[Question], rules: Mapping[int, str], answers: Iterable[Answer]
) -> tuple[RuleTally, ...]:
    """The class's answers to the revealed questions, per rule (`rules`: question → its rule).

    Rules in the order the quiz first asked them; a question not revealed yet does not count.
    """
    revealed = {q.number: q for q in asked if q.revealed and q.number in rules}
    tallies: dict[str, list[int]] = {rules[n]: [0, 0] for n in sorted(revealed)}
    for answer in answers:
        question = revealed.get(answer.question)
        if question is not None:
            tally = tallies[rules[question.number]]
            tally[0] += answer.option == question.right
            tally[1] += 1
    return tuple(RuleTally(rule, right, total) for rule, (right, total) in tallies.items())


RANKED: Final = 5
"""How many nicknames a ranking shows: the first few, never the whole class's order."""


def ranking(
    room: Room, pupils: Iterable[Pupil], answers: Iterable[Answer]
) -> tuple[tuple[str, int], ...]:
    """The first `RANKED` seated pupils by right answers to the revealed questions.

    Ties are ordered by nickname; a pupil with no right answer is not listed.
    """
    revealed = {q.number: q.right for q in room.asked if q.revealed}
    seated = {pupil.id: pupil.nickname for pupil in pupils if not pupil.removed}
    right = Counter(
        a.pupil for a in answers if a.pupil in seated and revealed.get(a.question) == a.option
    )
    ordered = sorted(right.items(), key=lambda item: (-item[1], seated[item[0]].casefold()))
    return tuple((seated[pupil], score) for pupil, score in ordered[:RANKED])


def own_score(room: Room, pupil: Pupil, answers: Iterable[Answer]) -> tuple[int, int]:
    """A pupil's own score: right answers of the revealed questions the pupil met, and how many.

    A question counts if it was asked after the pupil joined, or if the pupil answered it: a
    pupil who came late is not scored on the questions before, and sees no score until one
    question they met is revealed.
    """
    mine = {a.question: a.option for a in answers if a.pupil == pupil.id}
    met = [q for q in room.asked if q.revealed and (q.number in mine or q.asked >= pupil.joined)]
    return sum(mine.get(q.number) == q.right for q in met), len(met)
