"""The teacher's side of a room: opening it, the token that proves the teacher, every change.

The teacher's token is kept in the teacher's session and in a cookie of the teacher's browser
(so a reload of the projector keeps the controls; the page writes the cookie), and travels in the
control link the teacher opens on another device; never in the projector's address or on its
screen. A token is kept only once checked against the room (`TeacherDesk.teacher_of`): a made-up
control link leaves nothing.

Every change is made on the room as it is stored now (`TeacherDesk.change`): the teacher's token
checked, then the change redone on the stored room when another of the teacher's devices changed
it meanwhile. What the board shows at each pulse, and which of the teacher's buttons act now, is
`Board`: the page only draws it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pickomino.activities.classroom import versus
from pickomino.activities.classroom.asked import Asked, asked
from pickomino.activities.classroom.room import Classroom, Seen
from pickomino.activities.quiz import quiz as quiz_questions
from pickomino.echo import echoed
from pickomino.game import Table
from pickomino.i18n import Lang, percent, t, tn
from pickomino.lessons.quiz import read_code as read_quiz
from pickomino.pages import spec_of
from pickomino.reach import Reach
from pickomino.rooms import (
    KEPT_AFTER,
    MAX_PUPILS,
    ROOMS_PER_SESSION,
    SERVER,
    Limit,
    Room,
    RoomError,
    advance,
    answer_sheet,
    ask_decision,
    ask_quiz,
    check_teacher,
    class_by_rule,
    close_question,
    close_room,
    due,
    new_code,
    new_token,
    next_in_quiz,
    open_question,
    open_room,
    place,
    play_class_move,
    play_vote,
    ranking,
    reveal,
    set_timer,
    show_distribution,
    show_ranking,
    start_game,
    tally,
)
from pickomino.store import RoomCodeTaken, VersionConflict

TEACHER_KEY: Final = "room_teacher"
"""The rooms this session teaches: code → the teacher's token."""
CURRENT_KEY: Final = "room_current"
"""The code of the room this session opened last, for the sandbox and the quiz to ask it."""
OPENED_KEY: Final = "room_opened"
"""The rooms this session opened in the last minute (`rooms.Limit`)."""
COOKIE_PREFIX: Final = "pickomino_room_"
"""The start of the name of the cookie holding the teacher's token of a room (its code follows)."""
CURRENT_COOKIE: Final = "pickomino_room_current"
"""The cookie holding the code of the room this browser's teacher opened last."""
CHANGE_ATTEMPTS: Final = 5
TIMER_SECONDS: Final = 30
OPENING: Final = threading.Lock()
"""Held by a room's opening from the check of the limits to their count: each session runs its
script in a thread of its own, and clicks arriving together all passed the check while the
first was still writing its room (a burst of 50 from one address, `benchmarks/abuse.py`, opened
18 to 35 rooms against limits of 10 and 20). One room opens at a time on a server, a store write
of a few ms, and a store at fault refuses at once after its first wait (`store.RETRY_AFTER`)."""

Run = Literal["show", "hide", "stop", "timer", "reveal", "next"]
"""A button that runs the question on the board: show or hide the votes, stop the answers, set a
timer, show the best move, ask the quiz's next question."""
Stage = Literal["waiting", "telling", "game_over", "question"]
"""What the board shows: the room before its first question, the moves of the class's game told
one at a time, the finished game, or the question asked."""


def join_link(reach: Reach, code: str) -> str:
    """The link a phone opens to join room `code`: no language, each phone opens in its own."""
    return reach.link(spec_of("join").url_path, {"room": code})


def control_link(reach: Reach, code: str, token: str) -> str:
    """The link that opens the board of room `code` with the teacher's controls, on any device."""
    return reach.link(spec_of("room").url_path, {"room": code, "control": token})


@dataclass(frozen=True)
class Vote:
    """One option's share of the class's answers, as the board's bar reads it."""

    option: int
    share: float
    line: str


@dataclass(frozen=True)
class Board:
    """What the board shows of a room at one pulse, and which of the teacher's buttons act now.

    `teacher`: the reader holds the room's teacher token (the buttons, the panel); `closed`: the
    room takes nobody and nothing more; `answers`: each seated pupil's answer to the question.
    """

    seen: Seen
    now: float
    teacher: bool
    closed: bool
    stage: Stage
    found: Asked | None
    answers: Mapping[str, int]

    @property
    def room(self) -> Room:
        """The room as read."""
        return self.seen.room

    def pupils(self, lang: Lang) -> str:
        """How many pupils joined, before the first question."""
        return tn("room.board.pupils", len(self.seen.seated()), lang, high=MAX_PUPILS)

    def heading(self, lang: Lang) -> str:
        """The question's number, as the class met it (a quiz's, out of the quiz's count)."""
        question = self._found().question
        number = place(self.room, question)
        if question.quiz:
            count = read_quiz(question.quiz[0]).count
            return t("quiz.page.question", lang, n=number, count=count)
        return t("room.board.question", lang, n=number)

    def taking(self) -> bool:
        """Whether the question takes answers now."""
        return self._found().question.taking(self.now)

    def answered(self, lang: Lang) -> str:
        """How many of the seated pupils answered, and whether answers are still taken."""
        status = "open" if self.taking() else "closed"
        count = len(self.answers)
        return tn(f"room.board.answered_{status}", count, lang, pupils=len(self.seen.seated()))

    def timer(self) -> int | None:
        """Seconds left before the question stops by itself, while a timer runs."""
        question = self._found().question
        if question.deadline is None or not self.taking():
            return None
        return max(0, round(question.deadline - self.now))

    def still(self) -> bool:
        """Whether what the board shows changes only when the room is written, its pulse moving.

        Not while a timer counts down, nor during the class's game, which the board tells move by
        move and plays on by the clock: a board waiting on the pulse alone (`ui.pulse`) would
        freeze there, so it polls at its pace instead.
        """
        question = self.room.question
        if question is None or self.closed:
            return True
        counting = question.deadline is not None and question.taking(self.now)
        return question.activity != "bot" and not counting

    def runs(self) -> tuple[Run, ...]:
        """The buttons that run the question now, for its teacher on an open room, in order.

        Only those that act: a button that could do nothing more (the answers stopped, the best
        move shown) is left out.
        """
        question = self._found().question
        if not self.teacher or self.closed:
            return ()
        shown: tuple[tuple[bool, Run], ...] = (
            (not question.revealed, "hide" if question.shown else "show"),
            (question.open, "stop"),
            (question.open and question.deadline is None, "timer"),
            (not question.revealed, "reveal"),
            (self.following() is not None, "next"),
        )
        return tuple(run for on, run in shown if on)

    def following(self) -> int | None:
        """The index of the quiz's next question, None when no quiz is asked or it was the last."""
        question = self._found().question
        if question.quiz is None:
            return None
        return next_in_quiz(self.room, read_quiz(question.quiz[0]).count)

    def votes(self, lang: Lang) -> tuple[Vote, ...]:
        """Each option's share of the answers, once the teacher shows them.

        The best option is marked once revealed, never before.
        """
        question = self._found().question
        if not question.shown:
            return ()
        count = len(self.answers)
        out = []
        for option, chosen in enumerate(tally(question, self.answers)):
            share = chosen / count if count else 0.0
            label = self._found().option(option, lang)
            if question.revealed and option == question.right:
                label = t("room.board.best", lang, option=label)
            line = tn("room.board.votes", chosen, lang, option=label, share=percent(share, lang, 0))
            out.append(Vote(option, share, line))
        return tuple(out)

    def quiz_over(self) -> bool:
        """Whether the quiz's last question is revealed: the class's score per rule is shown."""
        question = self._found().question
        return question.quiz is not None and question.revealed and self.following() is None

    def class_score(self, lang: Lang) -> tuple[str, ...]:
        """The class's answers per rule of the quiz, and the rules to teach again, a line each."""
        rules = {
            q.number: asked(q).quizzed.rule  # type: ignore[union-attr]
            for q in self.room.asked
            if q.quiz is not None
        }
        seated = {pupil.id for pupil in self.seen.seated()}
        answers = [answer for answer in self.seen.answers if answer.pupil in seated]
        lines = []
        for rule in class_by_rule(self.room.asked, rules, answers):
            key = "room.board.rule_again" if rule.teach_again else "room.board.rule_ok"
            said = t(f"quiz.rule.{rule.rule}", lang)
            lines.append(tn(key, rule.right, lang, rule=said, asked=rule.asked))
        return tuple(lines)

    def ranking(self, lang: Lang) -> tuple[str, ...] | None:
        """The first few nicknames by right answers, a line each; None while the ranking is off.

        Off, each pupil sees only their own score.
        """
        if not self.room.ranking:
            return None
        return tuple(
            t(
                "room.board.rank",
                lang,
                place=place,
                name=echoed(name),
                right=tn("room.board.right", right, lang),
            )
            for place, (name, right) in enumerate(
                ranking(self.room, self.seen.pupils, self.seen.answers), 1
            )
        )

    def sheet(self, lang: Lang) -> str:
        """The answer sheet the teacher downloads, as CSV in the teacher's words."""
        header = [
            t(f"room.sheet.{column}", lang)
            for column in ("nickname", "question", "answer", "right")
        ]
        return answer_sheet(
            self.room,
            self.seen.pupils,
            self.seen.answers,
            header,
            lambda question, option: asked(question).option(option, lang),
        )

    def _found(self) -> Asked:
        assert self.found is not None, "no question is asked"
        return self.found


class TeacherDesk(Classroom):
    """The teacher's side: the token that proves the teacher, opening a room, every change.

    Each change names the room's code and is made on the room as stored now; a refusal is a
    `RoomError` (`room.refused.<code>` in content/) or a `StoreError` (the store unreachable).
    """

    def token(self, code: str) -> str | None:
        """The token this session or browser holds for room `code`, unchecked (`teacher_of` checks).

        Only a checked token is ever kept in the session; a cookie is the browser's to send, so
        a change made with it is checked against the room as well (`change`).
        """
        token: str | None = self.memory.get(TEACHER_KEY, {}).get(code)
        return token or self.cookie(COOKIE_PREFIX + code)

    def teacher_of(self, code: str, room: Room, offered: str | None = None) -> str | None:
        """The teacher's token for `room`, checked against it, or None: not its teacher.

        `offered` comes from a control link; then the token this session or browser holds is
        tried. Only the token that passes `rooms.check_teacher` is kept in the session: a control
        link with another room's token, a pupil's or a made-up one is forgotten at once.
        """
        for token in (offered, self.token(code)):
            try:
                check_teacher(room, token)
            except RoomError:
                continue
            assert token is not None
            self.remember(code, token)
            return token
        return None

    def remember(self, code: str, token: str) -> None:
        """Keep a checked teacher's token in the session, and its room as the one asked next."""
        self.memory.setdefault(TEACHER_KEY, {})[code] = token
        self.memory[CURRENT_KEY] = code

    def current(self) -> str | None:
        """The code of the room this teacher opened last, in this session or this browser, if any.

        So the sandbox and the quiz, opened in a new tab or reloaded, still ask the same room.
        """
        code: str | None = self.memory.get(CURRENT_KEY) or self.cookie(CURRENT_COOKIE)
        if code is None or self.token(code) is None:
            return None
        return code

    def asking(self) -> str | None:
        """The room the sandbox and the quiz put their questions to: the last one, if still open."""
        code = self.current()
        return None if code is None or self.closed(code) else code

    def open(self, lang: Lang, by_address: Limit, in_all: Limit, where: str | None) -> str:
        """Open a room taught by this session; its code, or RoomError past a limit on opening rooms.

        At most `ROOMS_PER_SESSION` a minute from this session (its own `Limit`, in its memory)
        and `by_address` from its network address `where` ("many_rooms"), `in_all` on this
        server ("server_rooms"); a refused room counts in none, and a room the store failed to
        create counts neither.
        """
        own: Limit = self.memory.setdefault(OPENED_KEY, Limit(ROOMS_PER_SESSION))
        with OPENING:
            moment = self.now()
            if own.full("", moment) or (where is not None and by_address.full(where, moment)):
                raise RoomError("many_rooms", "too many rooms opened from here in the last minute")
            if in_all.full(SERVER, moment):
                raise RoomError(
                    "server_rooms", "too many rooms opened on this server in the last minute"
                )
            token = new_token()
            while True:
                code = new_code()
                room = open_room(code, token, lang, moment)
                try:
                    self.store.create_room(code, room.to_json(), MAX_PUPILS, KEPT_AFTER)
                except RoomCodeTaken:  # one chance in billions: draw another
                    continue
                own.count("", moment)
                in_all.count(SERVER, moment)
                if where is not None:
                    by_address.count(where, moment)
                self.remember(code, token)
                return code

    def change(self, code: str, edit: Callable[[Room], Room]) -> Room:
        """Apply a teacher's change to room `code`, made on the room as it is stored now.

        Checks the teacher's token first (RoomError "not_teacher"), and redoes the change on the
        stored room when another of the teacher's devices changed it meanwhile, up to
        `CHANGE_ATTEMPTS` times (then RoomError "busy"). A store at fault refuses at once
        (`StoreError`), with nothing changed.
        """
        id = self.find(code)
        for _ in range(CHANGE_ATTEMPTS):
            document = self.store.read("room", id)
            room = Room.from_json(document.data)
            check_teacher(room, self.token(code))
            changed = edit(room)
            try:
                self.store.update_room(
                    id,
                    changed.to_json(),
                    document.version,
                    open_question(changed, self.now()),
                    KEPT_AFTER,
                    changed.question.deadline if changed.question else None,
                )
            except VersionConflict:
                continue
            return changed
        raise RoomError("busy", "the room changed too often to apply this change; try again")

    def board(self, seen: Seen, teacher: bool) -> Board:
        """What the board shows of `seen` now; `teacher`: with the teacher's buttons."""
        now = self.now()
        room = seen.room
        question = room.question
        stage: Stage
        if question is None:
            stage = "waiting"
        elif question.activity == "bot" and not versus.told(room, now):
            stage = "telling"
        elif question.activity == "bot" and versus.over(room):
            stage = "game_over"
        else:
            stage = "question"
        return Board(
            seen,
            now,
            teacher,
            seen.closed(now),
            stage,
            None if question is None else asked(question),
            {} if question is None else seen.of_question(question.number),
        )

    def due(self, seen: Seen) -> bool:
        """Whether the class's game takes a step by itself now (`rooms.due`) in an open room."""
        return not seen.closed(self.now()) and due(seen.room, self.now())

    # ----- the teacher's buttons: each a change of the stored room -----------------------------

    def show_votes(self, code: str, shown: bool) -> Room:
        """Show (or hide again) how the class answered."""
        return self.change(code, lambda room: show_distribution(room, shown))

    def stop(self, code: str) -> Room:
        """Take no more answers to the question."""
        return self.change(code, close_question)

    def timer(self, code: str, seconds: int = TIMER_SECONDS) -> Room:
        """Stop the question by itself `seconds` from now (the class's game: then play on)."""
        return self.change(code, lambda room: set_timer(room, seconds, self.now()))

    def reveal(self, code: str) -> Room:
        """Show the best (or right) option and why: answers are final."""
        return self.change(code, reveal)

    def rank(self, code: str, shown: bool) -> Room:
        """Show (or hide) the ranking on the board."""
        return self.change(code, lambda room: show_ranking(room, shown))

    def close(self, code: str) -> Room:
        """Close the room for good, the teacher having confirmed it."""
        return self.change(code, lambda room: close_room(room, self.now()))

    def remove(self, code: str, pupil: str | None) -> None:
        """Take `pupil` out of the room, with their answers, once the teacher's token is checked."""
        self.change(code, lambda room: room)  # the teacher's token checked before any removal
        if pupil:
            self.store.remove_pupil(self.find(code), pupil)

    def ask_table(self, code: str, table: Table) -> Room:
        """Put the next decision on `table` to the class (the sandbox's "ask the class")."""
        return self.change(code, lambda room: ask_decision(room, table, self.now()))

    def ask_quiz(self, code: str, quiz: str, index: int) -> Room:
        """Put question `index` of quiz `quiz` to the class (its first, or the next)."""
        found = quiz_questions(read_quiz(quiz))[index]
        return self.change(
            code,
            lambda room: ask_quiz(
                room, quiz, index, found.table, len(found.choices), found.answer, self.now()
            ),
        )

    def start_game(self, code: str, seed: int) -> Room:
        """A new game, the class against the expert.

        `seed`, drawn with the button, names the press, so the same press arriving twice starts
        one game (`rooms.start_game`).
        """
        return self.change(code, lambda room: start_game(room, seed, self.now()))

    def play_vote(self, code: str, answers: Mapping[str, int]) -> Room:
        """The one button: the votes and the best move shown, then the class's move played."""
        return self.change(code, lambda room: play_vote(room, answers, self.now()))

    def play_other(self, code: str, chosen: int | None) -> Room:
        """The teacher's own choice for the class's move."""
        return self.change(code, lambda room: play_class_move(room, {}, self.now(), chosen))

    def advance(self, code: str, seen: Seen) -> Room:
        """The step the class's game takes by itself now (`due`), with the answers of `seen`.

        Taken by the teacher's board at each poll (only the teacher may change the room): the
        class's move played when its time came, or the votes shown at the timer's deadline.
        """
        assert seen.room.question is not None
        answers = seen.of_question(seen.room.question.number)
        return self.change(code, lambda room: advance(room, answers, self.now()))
