"""The answer sheet a teacher downloads: a CSV a spreadsheet shows as text, whatever it holds."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from pickomino.rooms.model import Answer, Pupil, Question, Room

FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP, "CSV injection")."""


def cell(value: str) -> str:
    """A CSV cell a spreadsheet shows as text: a leading formula character is quoted away."""
    return "'" + value if value.startswith(FORMULA_START) else value


def answer_sheet(
    room: Room,
    pupils: Iterable[Pupil],
    answers: Iterable[Answer],
    header: Sequence[str],
    option: Callable[[Question, int], str],
) -> str:
    """The CSV a teacher downloads: nickname, question, answer, right or not.

    `header` and `option` (an answer as its button read) are worded by the caller in the
    teacher's language, as this module holds no prose. Every cell goes through `cell`: a
    nickname is filtered already, but the sheet must be safe whatever its rows hold.
    """
    names = {pupil.id: pupil.nickname for pupil in pupils}
    asked = {question.number: question for question in room.asked}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([cell(text) for text in header])
    for answer in sorted(answers, key=lambda a: (a.question, names.get(a.pupil, ""))):
        question = asked.get(answer.question)
        if question is None or answer.pupil not in names:
            continue
        writer.writerow(
            [
                cell(names[answer.pupil]),
                str(answer.question),
                cell(option(question, answer.option)),
                "1" if answer.option == question.right else "0",
            ]
        )
    return out.getvalue()
