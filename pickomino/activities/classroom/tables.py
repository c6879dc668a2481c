"""A room's tables, from the classroom's side: the pupils dealt, the board's lines, the results.

The tables themselves are `activities.table` (a game between devices, played with the pupils' own
room tokens); here the teacher's desk deals the room's seated pupils into them, at random or as
the teacher picked each pupil's table (`tables_by_hand`), the board words
each table in one short line (thirty fit one projected screen), and the results and the games'
records are put in one file for the teacher to keep, as the answer sheet is.
"""

from __future__ import annotations

import csv
import io
import random
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from pickomino.activities.classroom.teacher import TeacherDesk
from pickomino.activities.seats import calling
from pickomino.activities.table import (
    MIN_SEATS,
    ROOM_SEATS,
    BoardLine,
    Finished,
    Tables,
    deal_at_random,
    deal_by_hand,
)
from pickomino.errors import CodedError
from pickomino.i18n import Lang, t
from pickomino.match import PERSON
from pickomino.rooms import Pupil, cell
from pickomino.scenario import Scenario

SIZES: Final = range(MIN_SEATS, ROOM_SEATS + 1)
"""The table sizes a teacher may deal a room into."""


class HandRefused(CodedError):
    """Tables made by hand that cannot be dealt; `code` names why (`room.tables.<code>`)."""

    section = "room.tables"


def tables_by_hand(pupils: Sequence[Pupil], picked: Mapping[str, int]) -> dict[int, list[str]]:
    """The tables the teacher made: each pupil's id under the table number picked for them.

    By number, in their order, a number no pupil got left out: each number is the table's on the
    board and on its pupils' phones, the one the teacher told them. Refused, naming what to
    change, when a seated pupil has no table (they joined after the teacher picked: HandRefused
    "no_table") or a table has more players than a room's table seats (HandRefused "full"); a
    pick for a pupil no longer seated is left out, as the teacher removed them.
    """
    seated = [pupil for pupil in pupils if not pupil.removed]
    missing = [pupil.nickname for pupil in seated if pupil.id not in picked]
    if missing:
        raise HandRefused(
            "no_table", f"no table picked for {', '.join(missing)}", names=", ".join(missing)
        )
    made: dict[int, list[str]] = {}
    for pupil in seated:
        made.setdefault(picked[pupil.id], []).append(pupil.id)
    groups = sorted(made.items())
    for number, ids in groups:
        if len(ids) > ROOM_SEATS:
            raise HandRefused(
                "full",
                f"table {number} has {len(ids)} players, a room's table at most {ROOM_SEATS}",
                n=number,
                count=len(ids),
                high=ROOM_SEATS,
            )
    return dict(groups)


def deal_room(
    desk: TeacherDesk,
    tables: Tables,
    code: str,
    size: int,
    hints: bool = False,
    timer: int | None = None,
    rng: random.Random | None = None,
    picked: Mapping[str, int] | None = None,
) -> tuple[str, ...]:
    """Deal room `code`'s seated pupils into tables, bots in the empty seats.

    At random into tables of `size`, numbered on from the room's last; or, given `picked`, as
    the teacher made them (`tables_by_hand`; `size` unused), each under the number picked, who
    sits first at each table (and so starts) still drawn.
    Only with the room's teacher token this session or browser holds (RoomError
    "not_teacher"); a new deal adds tables to the room's, up to its limit (TableRefused
    "many_tables"). Nothing is dealt when anything is refused.
    """
    id = desk.find(code)
    pupils = [Pupil(*row) for row in desk.store.pupils(id)]
    draw = rng or random.Random()
    if picked is None:
        dealt, places = deal_at_random(pupils, size, draw), None
    else:
        made = tables_by_hand(pupils, picked)
        for group in made.values():
            draw.shuffle(group)
        dealt, places = deal_by_hand(pupils, list(made.values())), tuple(made)
    return tables.deal(id, desk.token(code), dealt, hints=hints, timer=timer, places=places)


def may_deal(lines: Sequence[BoardLine]) -> bool:
    """Whether the teacher may deal new tables: none dealt yet, or every game over.

    So a second press while the class plays never seats a pupil at two games at once.
    """
    return all(line.over for line in lines)


@dataclass(frozen=True)
class Told:
    """One table as the board says it: its title, each player with their score, and its state.

    `state` is whose turn it is, or who won; `last` the last move in words ("" before the first).
    """

    title: str
    players: tuple[str, ...]
    state: str
    last: str


def told(line: BoardLine, lang: Lang) -> Told:
    """Table `line` in the board's words: short, a spectator's (no seat is "you")."""
    names = calling(tuple(kind or PERSON for kind in line.kinds), line.names, lang)
    labels = tuple(
        label or t("room.tables.seat", lang, n=seat + 1) for seat, label in enumerate(names.labels)
    )
    players = tuple(
        t("room.tables.player", lang, name=label, n=score)
        for label, score in zip(labels, line.scores, strict=True)
    )
    if line.over:
        won = ", ".join(labels[seat] for seat in line.winners)
        state = t("room.tables.won", lang, names=won)
    elif line.current is None:
        state = t("room.tables.starting", lang)
    else:
        state = t("room.tables.turn", lang, name=labels[line.current])
    last = "" if line.last is None else " ".join(line.last.words(lang, None, names.said))
    return Told(t("room.tables.title", lang, n=line.place), players, state, last)


def results_sheet(lines: Sequence[BoardLine], lang: Lang) -> str:
    """The tables' results as CSV in the teacher's words: table, player, score, won, a row each.

    Games not over yet are left out; every cell is safe for a spreadsheet (`rooms.cell`).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [t(f"room.tables.sheet_{column}", lang) for column in ("table", "player", "score", "won")]
    )
    for line in lines:
        if not line.over:
            continue
        labels = calling(tuple(kind or PERSON for kind in line.kinds), line.names, lang).labels
        for seat, score in enumerate(line.scores):
            name = labels[seat] or t("room.tables.seat", lang, n=seat + 1)
            won = "1" if seat in line.winners else "0"
            writer.writerow([str(line.place), cell(name), str(score), won])
    return out.getvalue()


def records_zip(
    lines: Sequence[BoardLine],
    records: Sequence[tuple[int, Finished]] | None,
    lang: Lang,
    text: Callable[[Scenario], str],
) -> bytes:
    """The file the teacher downloads: the results sheet, and each finished game's record.

    Each record is the file the Play and Review pages open (`text` writes it), named by its table,
    so a game is reviewed or replayed exactly (its seed is in it). `records` None: they could not
    be read (a store at fault). The file is made after the click, where the page can say nothing,
    so the results (already on the board) come with a note in the teacher's language saying the
    games are missing, rather than Streamlit's English failure and no file at all.
    """
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as files:
        files.writestr(f"{t('room.tables.file_results', lang)}.csv", results_sheet(lines, lang))
        if records is None:
            files.writestr(
                f"{t('room.tables.file_missing', lang)}.txt", t("room.tables.missing", lang)
            )
        for place, finished in records or ():
            name = t("room.tables.file_table", lang, n=place)
            files.writestr(f"{name}.json", text(finished.record))
    return out.getvalue()
