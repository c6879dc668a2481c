"""The class against a bot: the class's seat played by its vote, the expert's by the engine.

The game is kept in the room's record (`Room.game`), replayed from its scenario when needed; the
board tells the moves since the class's vote one at a time, from a time kept in the room, so
every board on every server tells the same move at the same moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from pickomino.game import Step
from pickomino.match import PERSON, Kind, Match
from pickomino.rooms.errors import RoomError
from pickomino.rooms.model import Question, Room
from pickomino.rooms.tallies import majority
from pickomino.rooms.transitions import (
    SHOWN_SECONDS,
    ask_decision,
    changed_question,
    moves_of,
    next_number,
    reveal,
)
from pickomino.scenario import parse, scenario_json

CLASS_SEAT: Final = 0
"""The class plays first, the expert second."""
OPPONENT: Final = Kind("expert")
TELL_SECONDS: Final = 2.5
"""The board tells the moves since the class's vote one every so many seconds: time to read a
sentence aloud and look at the table after it."""
Played = Literal["vote", "tie", "nobody", "teacher"]
"""How the class's move was chosen (`majority`'s reasons, or the teacher's override)."""


def game_of(room: Room) -> Match:
    """The room's game against the bot, replayed from its record (RoomError when none)."""
    if room.game is None:
        raise RoomError("no_game", "no game is played in this room")
    return _match(room.game)


def _match(game: Mapping[str, Any]) -> Match:
    return Match.from_record(parse(game["record"]), (PERSON, OPPONENT), int(game["seed"]))


def told_steps(game: Mapping[str, Any]) -> tuple[Step, ...]:
    """The moves the board tells since the class's vote, each with its events and table after.

    `game` is a `Room.game`; the moves are those `telling` counts.
    """
    first, count, _ = game.get("told") or (0, 0, 0.0)
    return _match(game).steps[int(first) : int(first) + int(count)]


@dataclass(frozen=True)
class Telling:
    """The moves played since the class's last vote, as the board tells them, one at a time.

    `first` is the index in `Match.steps` of the first move told (the class's own move), `count`
    how many moves there are to tell (the class's, those it had no choice in, the expert's
    turn), `shown` how many the board shows by now.
    """

    first: int
    count: int
    shown: int

    @property
    def done(self) -> bool:
        """Whether every move is told, so the class's next decision (or the end) is shown."""
        return self.shown >= self.count


def telling(room: Room, now: float) -> Telling | None:
    """How far the board has told the moves since the class's vote at `now` (None: no game).

    The first move is shown at once, then one every `TELL_SECONDS`: a time kept in the room, so
    every board (on any server) tells the same move at the same moment, and the board's poll
    moves it on without anyone's click.
    """
    if room.game is None:
        return None
    first, count, at = room.game.get("told") or (0, 0, 0.0)
    shown = min(count, 1 + max(0, int((now - at) // TELL_SECONDS)))
    return Telling(int(first), int(count), shown)


def _to_class(
    room: Room, match: Match, played: tuple[int, Played] | None, first: int, now: float
) -> Room:
    """The game played on from the class's move `played` until the class has a decision.

    The decision is put to the room (question `first` was the game's first). The bot plays its
    turns, and the class's moves that leave no choice (a turn's first roll, a roll showing one
    value) are played for it. The moves from the class's (or the game's start) are told by the
    board one at a time from `now` (`telling`); the question opens to the phones when the last
    is told. The game over, no question is asked.
    """
    told = len(match.steps)
    if played is not None:
        match = match.play(moves_of(match.table)[played[0]])
    while not match.table.over:
        if match.to_play != PERSON:
            match = match.bot_move()
        elif len(match.table.legal_moves()) == 1:  # a turn's first roll, a single value to keep
            match = match.play(match.table.legal_moves()[0])
        else:
            break
    count = len(match.steps) - told
    game = {
        "seed": match.seed,
        "record": scenario_json(match.record()),
        "played": list(played) if played else None,
        "first": first,
        "told": [told, count, now],
    }
    room = replace(room, game=game)
    if match.table.over:
        return changed_question(room, open=False) if room.question else room
    opens = now + TELL_SECONDS * (count - 1) if count > 1 else None
    return ask_decision(room, match.table, now, "bot", opens)


def start_game(room: Room, seed: int, now: float) -> Room:
    """A new game, the class against the expert, played until the class's first decision.

    The seed, drawn with the button, names the press: the same press arriving twice (Streamlit
    ran a start button's callback again in a run the board's poll had started) starts one game,
    not a second one over it, asked as question 2.
    """
    if room.game is not None and room.game.get("seed") == seed:
        return room
    match = Match.new((PERSON, OPPONENT), ("", ""), seed)
    return _to_class(room, match, None, next_number(room), now)


def _game_question(room: Room) -> tuple[Question, Match]:
    """The class's open decision and its game; RoomError when there is none."""
    question = room.question
    if question is None or question.activity != "bot":
        raise RoomError("no_game", "no game is played in this room")
    match = game_of(room)
    if match.table.over:
        raise RoomError("game_over", "the game is over")
    return question, match


def play_class_move(
    room: Room, answers: Mapping[str, int], now: float, chosen: int | None = None
) -> Room:
    """Play the class's move once the best move is revealed: the vote's, or the teacher's.

    `chosen` is the teacher's override; without it the majority decides (`majority`). Refused
    before the reveal, so the class always sees the odds of the move it is about to play.
    """
    question, match = _game_question(room)
    if not question.revealed:
        raise RoomError("not_revealed", "show the best move before the class's move is played")
    if chosen is not None and not 0 <= chosen < question.options:
        raise RoomError("bad_option", f"option {chosen} is not one of the choices", option=chosen)
    played: tuple[int, Played] = (
        (chosen, "teacher") if chosen is not None else majority(question, answers)
    )
    first = int((room.game or {}).get("first", 1))
    return _to_class(room, match, played, first, now)


def play_vote(room: Room, answers: Mapping[str, int], now: float) -> Room:
    """The teacher's one button: the votes and the best move shown, then the class's move.

    Before the reveal, it reveals and has the vote's move played `SHOWN_SECONDS` later by the
    teacher's board (`advance`), so the class sees the votes and the odds first; once revealed
    (by this button or "Show the best move"), it plays the vote's move at once.
    """
    question, _ = _game_question(room)
    if question.revealed:
        return play_class_move(room, answers, now)
    return changed_question(reveal(room), play_at=now + SHOWN_SECONDS)


def due(room: Room, now: float) -> bool:
    """Whether the class's game has a step to take by itself at `now` (`advance` takes it).

    The class's move when its time came (`play_vote`, the timer), or the reveal of the votes
    at the timer's deadline.
    """
    question = room.question
    if room.closed is not None or question is None or question.play_at is None:
        return False
    if question.activity != "bot" or game_of(room).table.over:
        return False
    timed_out = question.deadline is not None and now >= question.deadline
    return now >= question.play_at or (timed_out and not question.revealed)


def advance(room: Room, answers: Mapping[str, int], now: float) -> Room:
    """The step `due` says is to take: the class's move played, or the votes revealed.

    The room unchanged when nothing is due: two devices of the teacher polling the same room
    take each step once (the second one finds it taken, `TeacherDesk.change` re-reading the room).
    """
    if not due(room, now):
        return room
    assert room.question is not None and room.question.play_at is not None
    revealed = room if room.question.revealed else reveal(room)
    if now >= room.question.play_at:
        return play_class_move(revealed, answers, now)
    return revealed
