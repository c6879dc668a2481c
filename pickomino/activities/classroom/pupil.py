"""The pupil's side of a room: joining it with its code and a nickname, answering, the phone's view.

The pupil's token is in the phone's address (`?pupil=`), so a reload or a lost connection comes
back as the same pupil, and it is the only thing that lets anyone answer in this pupil's name.
One seat a browser: the seat is kept in the session and in a cookie (the page writes it), so a
pupil who joins again comes back as themselves, and a pupil the teacher removed stays out under
any nickname. What the phone shows at each pulse is `Phone`, which never holds the right option
before the teacher reveals it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from pickomino.activities.classroom.asked import Asked, asked
from pickomino.activities.classroom.room import Classroom, Seen
from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.rooms import (
    JOINS_PER_MINUTE,
    Pupil,
    RoomError,
    WrongCodes,
    check_answer,
    check_open,
    new_token,
    nickname,
    own_score,
    pupil_id,
    read_code,
)
from pickomino.store import StoreError

SEAT_KEY: Final = "room_seat"
"""The pupils this session was seated as: room code → the pupil's token."""
SEAT_COOKIE: Final = "pickomino_seat_"
"""The start of the name of the cookie holding this browser's seat in a room (its code follows)."""

Screen = Literal["not_in", "removed", "closed", "waiting", "watch", "question"]
"""What the phone shows: a link that seats nobody, a pupil the teacher removed, the room closed,
no question yet, the board telling the moves before the class's decision, or the question."""


@dataclass(frozen=True)
class Phone:
    """What a pupil's phone shows at one pulse, and what the pupil may do.

    `best` is the right (or best) option once the teacher revealed it, None before: nothing the
    phone words from this gives the answer away while the question is open. `found` is the
    question, for drawing its table. Two phones compare equal when they show the same, so a
    page polling the room draws again only when its phone changed, not at every pupil's tap.
    """

    screen: Screen
    code: str
    pupil: Pupil | None
    number: int | None
    found: Asked | None
    mine: int | None
    taking: bool
    best: int | None
    score: tuple[int, int]
    """The pupil's right answers over the revealed questions they met, and how many they met."""

    def hello(self, lang: Lang) -> str:
        """Whom the phone is seated as, in which room."""
        assert self.pupil is not None
        return t("room.phone.hello", lang, name=echoed(self.pupil.nickname), code=self.code)

    def options(self) -> range:
        """The options the pupil may tap."""
        return range(self.found.question.options if self.found is not None else 0)

    def label(self, option: int, lang: Lang) -> str:
        """Option `option` as its button reads: the best one marked once revealed, never before."""
        assert self.found is not None
        label = self.found.option(option, lang)
        return t("room.phone.best", lang, option=label) if option == self.best else label

    def after(self, lang: Lang) -> tuple[Literal["verdict", "stopped", "answered"], str] | None:
        """What the phone says under the buttons, and how (None: nothing to say).

        Right or wrong once revealed; that answers stopped, whatever the pupil chose (a tap on a
        greyed button sends nothing); or that the pupil's answer is in.
        """
        assert self.found is not None
        if self.best is not None:
            key = (
                "room.phone.none"
                if self.mine is None
                else ("room.phone.right" if self.mine == self.best else "room.phone.wrong")
            )
            return "verdict", t(key, lang)
        if not self.taking:
            if self.mine is None:
                return "stopped", t("room.phone.closed_question", lang)
            return "stopped", t(
                "room.phone.stopped", lang, option=self.found.option(self.mine, lang)
            )
        if self.mine is not None:
            return "answered", t("room.phone.answered", lang)
        return None

    def own_score(self, lang: Lang) -> str | None:
        """The pupil's own score (`rooms.own_score`), never the others'.

        Nothing before one of the questions they met is revealed; final once the room is closed.
        """
        right, met = self.score
        if not met:
            return None
        key = "room.phone.final_score" if self.screen == "closed" else "room.phone.score"
        return t(key, lang, right=right, asked=met)


class PupilSeat(Classroom):
    """The pupil's side: the seat this browser holds in a room, joining, answering, the phone."""

    def seat_of(self, code: str) -> str | None:
        """The token this browser was last seated with in room `code` (session, cookie), if any."""
        token: str | None = self.memory.get(SEAT_KEY, {}).get(code)
        return token or self.cookie(SEAT_COOKIE + code)

    def keep_seat(self, code: str, token: str) -> None:
        """Mark this session as seated in room `code` as `token` (the page writes the cookie)."""
        self.memory.setdefault(SEAT_KEY, {})[code] = token

    def seat_again(self, seen: Seen, code: str) -> str | None:
        """The token of this browser's seat in the room, if it has one; RoomError if removed.

        One seat a browser: a pupil who closed the page and joins again comes back as themselves
        rather than as a second pupil, and a pupil the teacher removed stays out under any
        nickname.
        """
        token = self.seat_of(code)
        if token is None:
            return None
        pupil = seen.pupil(token)
        if pupil is not None and pupil.removed:
            raise RoomError("removed", "the teacher took this pupil out of the room")
        return token if pupil is not None else None

    def join(self, typed_code: str, typed_name: str, wrong: WrongCodes) -> tuple[str, str]:
        """Seat the pupil in the room `typed_code` opens as `typed_name`: its code and their token.

        The code and the nickname are checked first (`rooms.read_code`, `rooms.nickname`), the
        room found as any code is (`look_up`, counting a wrong one) and open; this browser's own
        seat is given back whatever nickname is typed; else the store seats a new pupil, or says
        why not (full, crowded, the nickname taken, removed).
        """
        code = read_code(typed_code)
        name = nickname(typed_name)
        seen = self.look_up(code, lambda seen: False, wrong, open_will_do=True)
        check_open(seen.room, seen.pulse.changed, self.now())
        token = self.seat_again(seen, code)  # this browser's own seat, whatever nickname is typed
        if token is None:
            token = new_token()
            outcome = self.store.join_room(seen.id, pupil_id(token), name, JOINS_PER_MINUTE)
            if outcome != "joined":
                raise RoomError(outcome, f"the room refused the pupil: {outcome}")
        self.keep_seat(code, token)
        return code, token

    def enter(self, code: str, token: str, wrong: WrongCodes) -> Seen:
        """The room a pupil's link opens, or RoomError.

        The link's pupil must be one of the room's (`look_up`): a link made up for a room answers
        as a wrong code does.
        """
        me = pupil_id(token)
        return self.look_up(
            read_code(code),
            lambda seen: any(pupil.id == me for pupil in seen.pupils),
            wrong,
            open_will_do=False,
        )

    def seated(self, id: str, token: str) -> str | None:
        """The code of room `id` once it knows the pupil `token` (removed or not), else None.

        The page marks the browser with the seat then: a link with a token the room never seated
        marks nothing, so it cannot unmark a removed pupil. A store at fault marks nothing yet.
        """
        try:
            seen = self.load(id)
        except StoreError:
            return None
        return seen.room.code if seen.pupil(token) is not None else None

    def answer(self, id: str, token: str, number: int, option: int) -> None:
        """A tap: the pupil's answer to open question `number`, changeable until the reveal.

        RoomError when the question takes no more answers (stopped, revealed, timed out, or
        another asked), is not open yet (the board still telling the moves before it), or the
        option is not offered; the store's own check settles a tap racing the teacher's reveal.
        """
        seen = self.load(id)
        check_answer(seen.room, number, option, self.now())
        if not self.store.answer(id, pupil_id(token), number, option):
            raise RoomError("question_closed", "this question takes no more answers")

    def phone(self, seen: Seen, token: str) -> Phone:
        """What the phone of pupil `token` shows of `seen` now."""
        now = self.now()
        pupil = seen.pupil(token)
        room = seen.room
        question = room.question
        screen: Screen
        if pupil is None:
            screen = "not_in"
        elif pupil.removed:
            screen = "removed"
        elif seen.closed(now):
            screen = "closed"
        elif question is None:
            screen = "waiting"
        elif not question.told(now):
            screen = "watch"
        else:
            screen = "question"
        number = None if question is None else question.number
        score = own_score(room, pupil, seen.answers) if pupil is not None else (0, 0)
        if screen != "question":
            return Phone(screen, room.code, pupil, number, None, None, False, None, score)
        assert question is not None and pupil is not None
        return Phone(
            screen,
            room.code,
            pupil,
            number,
            asked(question),
            seen.of_question(question.number).get(pupil.id),
            question.taking(now),
            question.right if question.revealed else None,
            score,
        )
