"""The live classroom without a page: the teacher's desk and the pupils' seats on one store.

Each side is its own object on the same store (SQLite and PostgreSQL, `tests/stores.py`), with a
memory of its own as a session has, and the rooms' time read from the store's clock, which the
tests move on by hand: what one side changes, the other reads, with nothing shared but the store.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest

from pickomino.activities.classroom import (
    COOKIE_PREFIX,
    SEAT_COOKIE,
    TEACHER_KEY,
    Board,
    Phone,
    PupilSeat,
    TeacherDesk,
    control_link,
    join_link,
)
from pickomino.activities.classroom import versus as told
from pickomino.activities.classroom.asked import kept
from pickomino.activities.classroom.room import refusal
from pickomino.activities.classroom.teacher import CHANGE_ATTEMPTS
from pickomino.i18n import t, tn
from pickomino.lessons.quiz import Setup, questions
from pickomino.reach import Reach
from pickomino.rooms import (
    IDLE_CLOSE,
    KEPT_AFTER,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_SERVER,
    ROOMS_PER_SESSION,
    SERVER,
    SHOWN_SECONDS,
    TELL_SECONDS,
    Limit,
    RoomError,
    WrongCodes,
    game_of,
    moves_of,
    pupil_id,
)
from pickomino.store import RETRY_AFTER, Store, StoreFault, VersionConflict
from tests.stores import Clock
from tests.tables import table

DECIDE = table(middle=[21, 22, 23, 24, 25], kept=["W", "W", "5"], rolled=["5", "4", "4", "3", "1"])
ADDRESS = "203.0.113.7"


@pytest.fixture
def now(clock: Clock) -> Callable[[], float]:
    """The rooms' time, from the store's clock: both move together."""
    return lambda: clock.now.timestamp()


def limits() -> tuple[Limit, Limit]:
    """A server's limits on opening rooms: per address, and in all."""
    return Limit(ROOMS_PER_ADDRESS), Limit(ROOMS_PER_SERVER)


def teacher(db: Store, now: Callable[[], float]) -> tuple[TeacherDesk, str]:
    """A teacher's desk that opened a room; the room's code."""
    desk = TeacherDesk(db, now, {})
    return desk, desk.open("en", *limits(), ADDRESS)


def joined(db: Store, now: Callable[[], float], code: str, name: str) -> tuple[PupilSeat, str]:
    """A pupil's seat, in a browser of its own, that joined room `code` as `name`; its token."""
    seat = PupilSeat(db, now, {})
    _, token = seat.join(code, name, WrongCodes())
    return seat, token


def board(desk: TeacherDesk, code: str, teacher: bool = True) -> Board:
    return desk.board(desk.load(desk.find(code)), teacher)


def phone(seat: PupilSeat, code: str, token: str) -> Phone:
    return seat.phone(seat.load(seat.find(code)), token)


def refused(code: str, action: Callable[[], Any]) -> None:
    """Raises unless `action` is refused with RoomError `code`."""
    with pytest.raises(RoomError) as error:
        action()
    assert error.value.code == code


def test_a_room_opens_with_a_token_kept_only_once_the_room_takes_it(
    db: Store, now: Callable[[], float]
) -> None:
    desk, code = teacher(db, now)
    token = desk.memory[TEACHER_KEY][code]
    assert desk.current() == code and desk.asking() == code
    room = desk.load(desk.find(code)).room
    laptop = TeacherDesk(db, now, {})
    assert laptop.teacher_of(code, room, "made-up") is None
    assert TEACHER_KEY not in laptop.memory and laptop.current() is None
    _, pupil = joined(db, now, code, "Zoë")
    assert laptop.teacher_of(code, room, pupil) is None  # a pupil's token proves nothing
    refused("not_teacher", lambda: laptop.reveal(code))
    assert laptop.teacher_of(code, room, token) == token
    assert laptop.memory[TEACHER_KEY] == {code: token}
    browser = TeacherDesk(db, now, {}, {COOKIE_PREFIX + code: token}.get)  # a reload: the cookie
    assert browser.current() is None  # the cookie of the room asked last is another
    browser.ask_table(code, DECIDE)
    assert browser.load(browser.find(code)).room.question is not None
    reach = Reach("https://school.example/pickomino", "public")
    assert join_link(reach, code) == f"https://school.example/pickomino/join?room={code}"
    assert control_link(reach, code, token).endswith(f"/room?room={code}&control={token}")


def test_rooms_open_within_the_sessions_the_addresses_and_the_servers_limits(
    db: Store, now: Callable[[], float], clock: Clock
) -> None:
    by_address, in_all = limits()
    desk = TeacherDesk(db, now, {})
    codes = [desk.open("en", by_address, in_all, ADDRESS) for _ in range(ROOMS_PER_SESSION)]
    refused("many_rooms", lambda: desk.open("en", by_address, in_all, ADDRESS))
    for code in codes:
        db.find_room(code)
    for _ in range(ROOMS_PER_SERVER - ROOMS_PER_SESSION - 1):
        in_all.count(SERVER, now())
    other = TeacherDesk(db, now, {})
    other.open("fr", by_address, in_all, "198.51.100.2")  # the server's last room this minute
    refused(
        "server_rooms", lambda: TeacherDesk(db, now, {}).open("fr", *limits()[:1], in_all, None)
    )
    assert not by_address.full("198.51.100.2", now())  # the refused room counted in none
    clock.advance(timedelta(minutes=1))
    assert desk.open("en", by_address, in_all, ADDRESS) not in codes


def test_a_question_runs_on_the_board_as_its_teacher_presses(
    db: Store, now: Callable[[], float]
) -> None:
    desk, code = teacher(db, now)
    assert board(desk, code).stage == "waiting"
    desk.ask_table(code, DECIDE)
    zoe, zoe_token = joined(db, now, code, "Zoë")
    ana, ana_token = joined(db, now, code, "Ana")
    shown = board(desk, code)
    right = shown.seen.room.question.right  # type: ignore[union-attr]
    wrong = (right + 1) % len(moves_of(DECIDE))
    assert shown.stage == "question" and shown.runs() == ("show", "stop", "timer", "reveal")
    assert board(desk, code, teacher=False).runs() == ()  # the class's view has no buttons
    zoe.answer(zoe.find(code), zoe_token, 1, right)
    ana.answer(ana.find(code), ana_token, 1, wrong)
    shown = board(desk, code)
    assert shown.answered("en") == tn("room.board.answered_open", 2, "en", pupils=2)
    assert shown.votes("en") == ()  # until the teacher shows them
    desk.show_votes(code, True)
    shown = board(desk, code)
    assert shown.runs()[0] == "hide"
    votes = shown.votes("en")
    assert [vote.share for vote in votes if vote.share] == [0.5, 0.5]
    found = shown.found
    assert found is not None
    assert all(
        t("room.board.best", "en", option=found.option(right, "en")) not in v.line for v in votes
    )
    desk.stop(code)
    shown = board(desk, code)
    assert not shown.taking() and shown.runs() == ("hide", "reveal")
    refused("question_closed", lambda: ana.answer(ana.find(code), ana_token, 1, right))
    desk.reveal(code)
    shown = board(desk, code)
    assert shown.runs() == ()
    assert (
        t("room.board.best", "en", option=found.option(right, "en"))
        in shown.votes("en")[right].line
    )
    rows = list(csv.reader(io.StringIO(shown.sheet("en"))))
    assert rows[1:] == [
        ["Ana", "1", found.option(wrong, "en"), "0"],
        ["Zoë", "1", found.option(right, "en"), "1"],
    ]
    assert shown.ranking("en") is None  # until the teacher turns it on
    desk.rank(code, True)
    assert board(desk, code).ranking("en") == (
        t("room.board.rank", "en", place=1, name="Zoë", right=tn("room.board.right", 1, "en")),
    )
    desk.remove(code, pupil_id(zoe_token))
    assert board(desk, code).ranking("en") == ()  # the removed pupil's answers with them
    desk.close(code)
    shown = board(desk, code)
    assert shown.closed and desk.asking() is None
    refused("unknown", lambda: PupilSeat(db, now, {}).join(code, "Léa", WrongCodes()))


def test_a_quiz_played_live_asks_its_questions_in_turn_then_scores_the_class_per_rule(
    db: Store, now: Callable[[], float]
) -> None:
    desk, code = teacher(db, now)
    setup = Setup("CLASS", "first", 3)
    desk.ask_quiz(code, setup.code, 0)
    seat, token = joined(db, now, code, "Zoë")
    for index in range(setup.count):
        shown = board(desk, code)
        assert shown.heading("en") == t("quiz.page.question", "en", n=index + 1, count=3)
        question = shown.found.question  # type: ignore[union-attr]
        seat.answer(seat.find(code), token, question.number, question.right)
        last = index + 1 == setup.count
        assert shown.following() == (None if last else index + 1)
        assert ("next" in shown.runs()) is not last
        assert not shown.quiz_over()
        desk.reveal(code)
        if not last:
            desk.ask_quiz(code, setup.code, index + 1)
    shown = board(desk, code)
    assert shown.quiz_over() and shown.runs() == ()
    rules = [question.rule for question in questions(setup)]
    assert shown.class_score("en") == tuple(
        tn(
            "room.board.rule_ok",
            rules.count(rule),
            "en",
            rule=t(f"quiz.rule.{rule}", "en"),
            asked=rules.count(rule),
        )
        for rule in dict.fromkeys(rules)
    )
    assert phone(seat, code, token).own_score("en") == t("room.phone.score", "en", right=3, asked=3)


def test_a_teachers_change_is_redone_on_what_another_device_stored_meanwhile(
    db: Store, now: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, code = teacher(db, now)
    desk.ask_table(code, DECIDE)
    token = desk.memory[TEACHER_KEY][code]
    phone_of_teacher = TeacherDesk(db, now, {TEACHER_KEY: {code: token}})
    update = db.update_room
    raced: list[int] = []

    def racing(*args: Any) -> Any:
        if not raced:  # the teacher's phone turns the ranking on between the read and the write
            raced.append(1)
            phone_of_teacher.rank(code, True)
        return update(*args)

    monkeypatch.setattr(db, "update_room", racing)
    desk.reveal(code)
    room = board(desk, code).room
    assert room.ranking and room.question is not None and room.question.revealed  # both kept


def test_a_room_that_keeps_changing_refuses_the_change_as_busy(
    db: Store, now: Callable[[], float], monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, code = teacher(db, now)
    desk.ask_table(code, DECIDE)
    tries: list[int] = []

    def always_taken(id: str, data: Any, version: int, *rest: Any) -> Any:
        tries.append(version)
        raise VersionConflict("room", id, version, version + 1)

    monkeypatch.setattr(db, "update_room", always_taken)
    refused("busy", lambda: desk.reveal(code))
    assert len(tries) == CHANGE_ATTEMPTS


@contextmanager
def held(url: str) -> Iterator[None]:
    """The store's database held by another writer, as a server stuck mid-write holds it."""
    if url.startswith("sqlite"):
        holder = sqlite3.connect(urlsplit(url).path[1:], isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    with psycopg.connect(url) as connection:
        connection.execute("LOCK TABLE rooms IN ACCESS EXCLUSIVE MODE")
        yield


def test_a_store_fault_stops_a_change_at_once_and_the_next_press_after_the_wait_takes(
    db: Store, url: str, now: Callable[[], float], clock: Clock
) -> None:
    desk, code = teacher(db, now)
    desk.ask_table(code, DECIDE)
    with held(url), pytest.raises(StoreFault):
        desk.reveal(code)
    with pytest.raises(StoreFault, match="failed moments ago"):  # refused without a wait
        desk.reveal(code)
    assert refusal(StoreFault("x"), "fr") == t("room.refused.unreachable", "fr")
    clock.advance(timedelta(seconds=RETRY_AFTER))
    question = board(desk, code).room.question
    assert question is not None and not question.revealed  # nothing half done
    desk.reveal(code)
    question = board(desk, code).room.question
    assert question is not None and question.revealed


def test_a_browser_holds_one_seat_and_a_removed_pupil_stays_out_under_any_name(
    db: Store, now: Callable[[], float]
) -> None:
    desk, code = teacher(db, now)
    seat = PupilSeat(db, now, {})
    typed = f"{code[:4].lower()}-{code[4:]}"
    read, token = seat.join(typed, " Zoë ", WrongCodes())  # as typed off the board
    assert read == code and seat.seat_of(code) == token
    assert seat.join(code, "Zed", WrongCodes()) == (code, token)  # the same pupil, back
    assert [pupil.nickname for pupil in desk.load(desk.find(code)).seated()] == ["Zoë"]
    refused("taken", lambda: PupilSeat(db, now, {}).join(code, "zoe", WrongCodes()))
    refused("bad_nickname", lambda: PupilSeat(db, now, {}).join(code, "=Zoë", WrongCodes()))
    desk.remove(code, pupil_id(token))
    refused("removed", lambda: seat.join(code, "Zed", WrongCodes()))
    again = PupilSeat(db, now, {}, {SEAT_COOKIE + code: token}.get)  # the session gone
    refused("removed", lambda: again.join(code, "Léa", WrongCodes()))
    assert phone(seat, code, token).screen == "removed"
    assert seat.seated(seat.find(code), token) == code
    assert seat.seated(seat.find(code), "made-up") is None


def test_every_way_in_by_code_counts_a_wrong_one_alike_and_a_misread_one_not(
    db: Store, now: Callable[[], float]
) -> None:
    desk, code = teacher(db, now)
    wrong = WrongCodes(limit=2)
    seat = PupilSeat(db, now, {})
    for _ in range(5):
        refused("bad_code", lambda: seat.join("I0I0I0I", "Zoë", wrong))
    refused("unknown", lambda: seat.enter(code, "made-up", wrong))  # a link of no pupil
    refused("unknown", lambda: seat.join("ABCDEFG", "Zoë", wrong))
    refused("too_many", lambda: seat.join(code, "Zoë", wrong))  # the right code too
    teachers = desk.look_up(code, lambda seen: True, wrong, open_will_do=False)
    assert teachers.room.code == code  # who proves they belong is let in


def test_a_phone_holds_no_answer_before_the_reveal(db: Store, now: Callable[[], float]) -> None:
    desk, code = teacher(db, now)
    seat, token = joined(db, now, code, "Zoë")
    assert phone(seat, code, token).screen == "waiting"
    desk.ask_table(code, DECIDE)
    asked = phone(seat, code, token)
    assert asked.screen == "question" and asked.taking and asked.best is None
    assert asked.found is not None
    right = asked.found.question.right
    wrong = (right + 1) % len(asked.options())
    plain = [asked.found.option(option, "en") for option in asked.options()]
    assert [asked.label(option, "en") for option in asked.options()] == plain
    assert asked.after("en") is None and asked.own_score("en") is None
    seat.answer(seat.find(code), token, asked.number or 0, wrong)
    assert phone(seat, code, token).after("en") == ("answered", t("room.phone.answered", "en"))
    desk.show_votes(code, True)
    desk.stop(code)
    stopped = phone(seat, code, token)
    assert stopped.best is None and not stopped.taking
    assert stopped.after("en") == ("stopped", t("room.phone.stopped", "en", option=plain[wrong]))
    desk.reveal(code)
    revealed = phone(seat, code, token)
    assert revealed.best == right
    assert revealed.label(right, "en") == t("room.phone.best", "en", option=plain[right])
    assert revealed.after("en") == ("verdict", t("room.phone.wrong", "en"))
    assert revealed.own_score("en") == t("room.phone.score", "en", right=0, asked=1)
    desk.close(code)
    closed = phone(seat, code, token)
    assert closed.screen == "closed"
    assert closed.own_score("en") == t("room.phone.final_score", "en", right=0, asked=1)
    assert phone(seat, code, "made-up").screen == "not_in"


def test_a_phone_stays_the_same_while_others_tap_and_changes_with_what_it_shows(
    db: Store, now: Callable[[], float]
) -> None:
    """A phone's page draws again only when its `Phone` compares unequal (`ui/room/phone.py`'s
    watcher): the others' taps move the room's pulse, not what this phone shows; its own tap, the
    answers stopped, the reveal and the next question each do."""
    desk, code = teacher(db, now)
    seat, token = joined(db, now, code, "Zoë")
    other, theirs = joined(db, now, code, "Ana")
    desk.ask_table(code, DECIDE)
    id = seat.find(code)
    before = phone(seat, code, token)
    number = before.number or 0
    other.answer(id, theirs, number, 0)
    kept.cache_clear()  # the question made again, as once the process's cache let it go
    assert phone(seat, code, token) == before
    seen = [before]
    for change in (
        lambda: seat.answer(id, token, number, 1),
        lambda: desk.stop(code),
        lambda: desk.reveal(code),
        lambda: desk.ask_table(code, DECIDE),  # the same table asked again: another question
    ):
        change()
        shown = phone(seat, code, token)
        assert shown not in seen
        seen.append(shown)


def test_the_class_game_is_told_move_by_move_then_asked_and_plays_itself_when_due(
    db: Store, now: Callable[[], float], clock: Clock
) -> None:
    desk, code = teacher(db, now)
    seat, token = joined(db, now, code, "Zoë")
    desk.start_game(code, 7)
    desk.start_game(code, 7)  # the same press arriving twice starts one game
    assert board(desk, code).room.question.number == 1  # type: ignore[union-attr]
    for _ in range(200):  # the teacher ends the class's turns until the expert plays
        shown = board(desk, code)
        clock.advance(timedelta(seconds=TELL_SECONDS * 10))
        moves = moves_of(game_of(shown.room).table)
        ending = [n for n, move in enumerate(moves) if move.kind in ("take", "stop")]
        desk.play_vote(code, {})  # the votes and the best move shown first
        assert not desk.due(desk.load(desk.find(code)))
        desk.play_other(code, ending[0] if ending else 0)
        room = board(desk, code).room
        if room.game is not None and room.game["told"][1] > 2:
            break
    shown = board(desk, code)
    assert shown.stage == "telling" and not told.told(shown.room, now())
    assert phone(seat, code, token).screen == "watch"
    # nothing is written when the question opens: a phone waiting on the pulse wakes for it
    assert seat.wakes(desk.find(code)) == shown.room.question.opens  # type: ignore[union-attr]
    assert len(told.told_so_far(shown.room, "en", now())) == 1
    clock.advance(timedelta(seconds=TELL_SECONDS))
    assert len(told.told_so_far(shown.room, "en", now())) == 2
    clock.advance(timedelta(seconds=TELL_SECONDS * shown.room.game["told"][1]))  # type: ignore[index]
    assert board(desk, code).stage == "question"
    assert phone(seat, code, token).screen == "question"
    desk.play_vote(code, {})
    seen = desk.load(desk.find(code))
    assert told.play_in(seen.room, now()) == round(SHOWN_SECONDS) and not desk.due(seen)
    clock.advance(timedelta(seconds=SHOWN_SECONDS))
    seen = desk.load(desk.find(code))
    assert desk.due(seen)
    number = seen.room.question.number  # type: ignore[union-attr]
    desk.advance(code, seen)  # the teacher's board's poll plays the class's move
    assert told.played(board(desk, code).room, "en") == t("room.bot.played_nobody", "en")
    assert board(desk, code).room.question.number == number + 1  # type: ignore[union-attr]


def test_a_room_is_read_again_only_when_its_pulse_moved_and_polled_until_closed(
    db: Store, url: str, now: Callable[[], float], clock: Clock
) -> None:
    desk, code = teacher(db, now)
    id = desk.find(code)
    first = desk.load(id)
    assert desk.load(id) is first  # nothing changed: the last read serves
    assert desk.pace(id, 0.5) == 0.5
    seat, _ = joined(db, now, code, "Zoë")
    moved = desk.load(id)
    assert moved is not first and [pupil.nickname for pupil in moved.pupils] == ["Zoë"]
    with held(url):  # a store at fault is not final: the page keeps polling
        assert desk.pace(id, 0.5) == 0.5
    clock.advance(timedelta(seconds=RETRY_AFTER))
    let_in = seat.look_up(code, lambda seen: False, WrongCodes(), open_will_do=True)
    desk.close(code)
    assert desk.pace(id, 0.5) is None  # a closed room never changes again
    wrong = WrongCodes(limit=1)
    assert seat.look_up(code, lambda seen: False, wrong, open_will_do=True).id == let_in.id
    refused(
        "unknown",
        lambda: PupilSeat(db, now, {}).look_up(code, lambda seen: False, wrong, open_will_do=True),
    )
    clock.advance(KEPT_AFTER + timedelta(days=31))
    db.purge()
    refused("closed", lambda: desk.load(id))  # its record gone: closed for good, not unknown
    assert desk.pace(id, 0.5) is None
    refused(
        "closed", lambda: seat.look_up(code, lambda seen: False, WrongCodes(), open_will_do=True)
    )


def test_a_page_waiting_on_the_pulse_wakes_when_the_clock_alone_changes_what_it_shows(
    db: Store, now: Callable[[], float], clock: Clock
) -> None:
    """`wakes` is the moment a phone's view changes with nothing written: it shows the same just
    before, and otherwise just at it (the timer's end, the room closing idle)."""
    desk, code = teacher(db, now)
    id = desk.find(code)
    seat, token = joined(db, now, code, "Zoë")
    idle = now() + IDLE_CLOSE.total_seconds()  # the join was the last change
    assert seat.wakes(id) == idle
    desk.ask_table(code, DECIDE)
    desk.timer(code, 30)
    deadline = now() + 30
    assert seat.wakes(id) == deadline < now() + IDLE_CLOSE.total_seconds()
    clock.advance(timedelta(seconds=29.5))
    assert phone(seat, code, token).taking
    clock.advance(timedelta(seconds=0.5))
    assert not phone(seat, code, token).taking  # the buttons go grey at the wake
    assert seat.wakes(id) == now() - 30 + IDLE_CLOSE.total_seconds()  # the timer's end is past
    clock.advance(timedelta(seconds=IDLE_CLOSE.total_seconds() - 30.5))
    assert phone(seat, code, token).screen == "question"
    clock.advance(timedelta(seconds=0.5))
    assert phone(seat, code, token).screen == "closed"
    assert seat.wakes(id) is None  # a closed room changes no more


def test_a_board_is_still_only_while_the_clock_changes_nothing_it_shows(
    db: Store, now: Callable[[], float], clock: Clock
) -> None:
    """`Board.still`: a board may wait on the room's pulse alone, except while a timer counts
    down or the class's game is told and played by the clock."""
    desk, code = teacher(db, now)
    assert board(desk, code).still()  # pupils joining: each join moves the pulse
    desk.ask_table(code, DECIDE)
    assert board(desk, code).still()
    desk.timer(code, 30)
    assert not board(desk, code).still()  # its seconds count down with nothing written
    clock.advance(timedelta(seconds=30))
    assert board(desk, code).still()  # stopped by the clock: nothing more moves
    desk.start_game(code, 7)
    assert not board(desk, code).still()
    desk.close(code)
    assert board(desk, code).still()
