"""The live classroom through AppTest: a teacher's projector and pupils' phones on one store.

Every session is its own AppTest run against the same store (a SQLite file of the test's own,
named by PICKOMINO_STORE_URL), as sessions of one server would be: what one session changes,
the others read on their next run, with no shared memory but the store.
"""

from __future__ import annotations

import base64
import csv
import io
import re
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import streamlit as st
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.util import patch_config_options

from pickomino.activities.classroom import TEACHER_KEY, seat_labels, seats_said
from pickomino.activities.quiz import quiz
from pickomino.i18n import percent, t, tn
from pickomino.lessons.quiz import read_code as read_quiz
from pickomino.narrate import move_words
from pickomino.odds import analyse
from pickomino.reach import on_this_machine
from pickomino.review import review
from pickomino.rooms import (
    JOINS_PER_MINUTE,
    KEPT_AFTER,
    MAX_PUPILS,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_SERVER,
    ROOMS_PER_SESSION,
    SHOWN_SECONDS,
    TELL_SECONDS,
    WRONG_CODES_PER_MINUTE,
    Room,
    RoomError,
    ask_decision,
    game_of,
    moves_of,
    new_token,
    open_question,
    place,
    play_class_move,
    reveal,
    start_game,
    told_steps,
)
from pickomino.store import StoreFault, open_store
from pickomino.ui import devices, frame, pulse, quiz_view, storage
from pickomino.ui.devices import qr_svg
from pickomino.ui.pulse import MOVED_KEY
from pickomino.ui.room import live, projector
from pickomino.ui.storage import store
from tests.tables import table
from tests.test_app import APP, TIMEOUT, opened, shown_text
from tests.test_rooms import playing_to_the_expert

DECIDE = table(middle=[21, 22, 23, 24, 25], kept=["W", "W", "5"], rolled=["5", "4", "4", "3", "1"])


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A store no other test sees, opened afresh (the app keeps one per process)."""
    monkeypatch.setenv(storage.URL_SETTING, f"sqlite:///{tmp_path}/store.sqlite3")
    storage.store.clear()
    live.wrong_codes.clear()
    live.openings.clear()
    yield
    storage.store().close()
    storage.store.clear()


def teacher_room(lang: str = "en") -> tuple[AppTest, str]:
    """A teacher's session that opened a room from the Class room page; the room's code."""
    at = opened("app_pages/room.py", lang)
    at.button(key="room_open").click().run()
    return at, str(at.query_params["room"])


def ask(code: str) -> None:
    """Put DECIDE to the room, as the sandbox's button does (its click is a browser test's)."""
    id = store().find_room(code)
    document = store().read("room", id)
    room = ask_decision(Room.from_json(document.data), DECIDE, live.now())
    number = open_question(room, live.now())
    store().update_room(id, room.to_json(), document.version, number, live.KEPT_AFTER)


def pupil(code: str, name: str, lang: str = "en") -> AppTest:
    """A pupil's phone that joined room `code` with the form."""
    at = opened("app_pages/join.py", lang, room=code)
    return join_again(at, name)


def join_again(at: AppTest, name: str, code: str | None = None) -> AppTest:
    """The join form sent with `name` (and `code`, typed again) in this session, as a websocket
    client may send it.

    `set_value`, not AppTest's `input`, which drops a value longer than the field's `max_chars`:
    the server sees what the client sent, and must check it itself.
    """
    if code is not None:
        at.text_input(key="join_code").set_value(code)
    at.text_input(key="join_name").set_value(name)
    at.button[0].click().run()
    return at


def errors(at: AppTest) -> list[str]:
    return [str(e.value) for e in at.error]


def seated(code: str) -> list[str]:
    """The nicknames seated in room `code`, in the order they came."""
    return [row[1] for row in store().pupils(store().find_room(code)) if not row[2]]


def panel(at: AppTest) -> AppTest:
    """The teacher's folded panel opened, as the teacher's click on its title does."""
    at.session_state[projector.PANEL_KEY] = True
    return at.run()


def close(at: AppTest) -> AppTest:
    """The room closed from the teacher's panel: *Close the room*, then the confirmation."""
    panel(at).button(key="room_close").click().run()
    return at.button(key="room_close_yes").click().run()


def no_room_page(at: AppTest) -> AppTest:
    """The teacher's session back on the Class room page without a room, to open another."""
    at.query_params.pop("room", None)
    return at.run()


def test_a_pupil_joins_with_the_code_and_answers_the_teachers_question() -> None:
    teacher, code = teacher_room()
    assert code in shown_text(teacher).replace("\u00a0", "").replace(" ", "")
    zoe = pupil(code, "Zoë")
    assert "pupil" in zoe.query_params
    assert t("room.waiting", "en") in shown_text(zoe)
    ask(code)
    zoe.run()
    assert t("room.ask.keep", "en") in shown_text(zoe)
    assert len(
        [key for key in (b.key for b in zoe.button) if key.startswith("room_option_1_")]
    ) == len(moves_of(DECIDE))
    zoe.button(key="room_option_1_0").click().run()
    teacher.run()
    assert "**1** of 1 has answered." in shown_text(teacher)
    teacher.button(key="room_reveal").click().run()
    bars = [bar.proto.text for bar in teacher.get("progress")]
    best = moves_of(DECIDE).index(analyse(DECIDE).recommended.move)
    assert len(bars) == len(moves_of(DECIDE))
    assert [bar.startswith("★") for bar in bars] == [n == best for n in range(len(bars))]
    assert bars[0].split(" — ")[1] == "1 vote (100%)"
    zoe.run()
    assert all(button.disabled for button in zoe.button if button.key.startswith("room_option_"))


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes | None]]:
    """Every file the app gave Streamlit to serve (a download's data is one), as it is given:
    whoever holds a file's /media/ address gets it, so a sheet never made is a sheet never
    served. A deferred file (made on its click) is listed without its data."""
    files: list[tuple[str, bytes | None]] = []
    add, add_deferred = MediaFileManager.add, MediaFileManager.add_deferred

    def spy(self: MediaFileManager, data: bytes | str, mimetype: str, *args: Any, **kw: Any) -> str:
        files.append((mimetype, data if isinstance(data, bytes) else None))
        return add(self, data, mimetype, *args, **kw)

    def spy_deferred(
        self: MediaFileManager, data: Any, mimetype: Any, *args: Any, **kw: Any
    ) -> str:
        files.append((str(mimetype), None))
        return add_deferred(self, data, mimetype, *args, **kw)

    monkeypatch.setattr(MediaFileManager, "add", spy)
    monkeypatch.setattr(MediaFileManager, "add_deferred", spy_deferred)
    return files


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
@pytest.mark.parametrize("who", ["pupil", "wrong_token", "no_token"])
def test_without_the_rooms_teacher_token_nothing_of_the_teachers_is_drawn_or_served(
    who: str, closed: bool, served: list[tuple[str, bytes | None]]
) -> None:
    """The board opened by a pupil's session with their own token as a control link, by a
    made-up control link and by no token at all: the class's view of an open room at most; no
    button, no nickname, no answer sheet made, no token kept or written as a cookie."""
    teacher, code = teacher_room()
    ask(code)
    zoe = pupil(code, "Zoë")
    zoe.button(key="room_option_1_0").click().run()
    teacher.run()
    if closed:
        close(teacher)
    assert [mimetype for mimetype, _ in served] == (["text/csv"] if closed else [])
    served.clear()
    if who == "pupil":
        zoe.query_params["control"] = str(zoe.query_params["pupil"])
        viewer = zoe.switch_page("app_pages/room.py").run()
    else:
        control = {"control": new_token()} if who == "wrong_token" else {}
        viewer = opened("app_pages/room.py", "en", room=code, **control)
    assert not viewer.exception
    assert not viewer.get("download_button") and served == []
    widgets = [*viewer.button, *viewer.selectbox, *viewer.toggle]
    assert [w.key for w in widgets if w.key and w.key.startswith("room_")] == []
    assert "Zoë" not in shown_text(viewer)
    assert TEACHER_KEY not in viewer.session_state
    assert not any("document.cookie" in html.proto.body for html in viewer.get("html"))
    assert "control" not in viewer.query_params
    text = shown_text(viewer)
    if not closed:  # the board as the class sees it
        assert "**1** of 1 has answered." in text
    elif who == "pupil":  # Zoë's session found the room open: it may learn that it closed
        assert t("room.board.closed", "en", days=KEPT_AFTER.days) in text
    else:  # a closed room is no room to whoever cannot show it is theirs
        assert [str(e.value) for e in viewer.error] == [t("room.refused.unknown", "en")]


def test_the_control_link_gives_its_teacher_the_controls_and_the_sheet_in_their_words(
    served: list[tuple[str, bytes | None]],
) -> None:
    teacher, code = teacher_room("fr")
    ask(code)
    zoe = pupil(code, "Zoë", "fr")
    zoe.button(key="room_option_1_1").click().run()
    label = zoe.button(key="room_option_1_1").label
    token = teacher.session_state[TEACHER_KEY][code]
    laptop = opened("app_pages/room.py", "fr", room=code, control=token)
    assert "control" not in laptop.query_params
    assert laptop.session_state[TEACHER_KEY] == {code: token}
    assert any("document.cookie" in html.proto.body for html in laptop.get("html"))
    close(laptop)
    sheets = [data for mimetype, data in served if mimetype == "text/csv"]
    assert len(sheets) == 1 and sheets[0] is not None
    rows = list(csv.reader(io.StringIO(sheets[0].decode())))
    question = Room.from_json(store().read("room", store().find_room(code)).data).question
    assert question is not None
    right = "1" if question.right == 1 else "0"
    header = [t(f"room.sheet.{key}", "fr") for key in ("nickname", "question", "answer", "right")]
    assert rows == [header, ["Zoë", "1", label, right]]
    assert label == move_words(moves_of(DECIDE)[1], DECIDE, "fr", "button")


@pytest.mark.parametrize("name", ["**bold**", "<b>x</b>", "[a](http://e.ex)", "a:b"])
def test_a_nickname_with_markup_is_refused_and_seats_nobody(name: str) -> None:
    _, code = teacher_room()
    phone = pupil(code, name)
    assert [str(e.value) for e in phone.error] == [
        t("room.refused.bad_nickname", "en", low=2, high=20)
    ]
    assert store().pupils(store().find_room(code)) == []


def test_a_wrong_code_is_refused_and_counted_per_server() -> None:
    teacher_room()
    phone = opened("app_pages/join.py", "fr", room="ZZZZZZZ")
    phone.text_input(key="join_name").input("Zoë")
    phone.button[0].click().run()
    assert [str(e.value) for e in phone.error] == [t("room.refused.unknown", "fr")]


def test_past_the_servers_wrong_codes_a_pupil_is_told_to_wait_and_the_teacher_is_not_held() -> None:
    teacher, code = teacher_room("nl")
    zoe = pupil(code, "Zoë")  # seated before the guessing
    for _ in range(WRONG_CODES_PER_MINUTE):
        live.wrong_codes().wrong(live.now())
    late = pupil(code, "Ana", "nl")  # the right code, refused with the rest for now
    assert [str(e.value) for e in late.error] == [t("room.refused.too_many", "nl")]
    assert "pupil" not in late.query_params
    assert [row[1] for row in store().pupils(store().find_room(code))] == ["Zoë"]
    ask(code)
    teacher.run()
    assert not teacher.error
    assert teacher.button(key="room_reveal") is not None
    teacher.button(key="room_show").click().run()
    assert not teacher.error
    zoe.run()
    assert not zoe.error
    zoe.button(key="room_option_1_0").click().run()
    teacher.run()
    assert "**1** van de 1 heeft geantwoord." in shown_text(teacher)


def closed_room() -> str:
    """The code of a room its teacher opened and closed."""
    teacher, code = teacher_room()
    close(teacher)
    return code


def open_room() -> str:
    """The code of an open room, a pupil in it."""
    _, code = teacher_room()
    pupil(code, "Zoë")
    return code


LOOK_UPS = {
    "form": lambda code: pupil(code, "Ana"),
    "pupil_link": lambda code: opened("app_pages/join.py", "en", room=code, pupil=new_token()),
    "board": lambda code: opened("app_pages/room.py", "en", room=code),
}
"""Every way to a room by its code, for a reader who shows no token of the room."""


@pytest.mark.parametrize(
    ("way", "room"),
    [
        ("form", "wrong"),
        ("form", "closed"),
        ("pupil_link", "wrong"),
        ("pupil_link", "open"),
        ("pupil_link", "closed"),
        ("board", "wrong"),
        ("board", "closed"),
    ],
)
def test_every_look_up_answers_a_wrong_code_and_a_room_not_yours_alike_and_counts_it(
    way: str, room: str
) -> None:
    code = {"wrong": lambda: "ZZZZZZZ", "closed": closed_room, "open": open_room}[room]()
    limit = live.wrong_codes()
    for _ in range(WRONG_CODES_PER_MINUTE - 1):
        limit.wrong(live.now())
    limit.check(live.now())  # one wrong code left before the lock-out
    page = LOOK_UPS[way](code)
    assert [str(e.value) for e in page.error] == [t("room.refused.unknown", "en")]
    assert "pupil" not in page.query_params  # a join form to start again under the refusal
    with pytest.raises(RoomError) as refused:
        limit.check(live.now())
    assert refused.value.code == "too_many"


def test_during_a_lock_out_every_look_up_waits_but_the_rooms_pupils_and_teacher() -> None:
    teacher, code = teacher_room()
    ask(code)
    zoe = pupil(code, "Zoë")
    link = {key: str(value) for key, value in zoe.query_params.items() if key != "lang"}
    for _ in range(WRONG_CODES_PER_MINUTE):
        live.wrong_codes().wrong(live.now())
    wait = [t("room.refused.too_many", "en")]
    for way in LOOK_UPS.values():
        for tried in (code, "ZZZZZZZ"):
            assert [str(e.value) for e in way(tried).error] == wait
    back = opened("app_pages/join.py", "en", **link)  # Zoë's link, in a new session
    assert not back.error
    back.button(key="room_option_1_0").click().run()
    teacher.run()
    assert "**1** of 1 has answered." in shown_text(teacher)
    token = teacher.session_state[TEACHER_KEY][code]
    laptop = opened("app_pages/room.py", "en", room=code, control=token)
    assert not laptop.error and laptop.button(key="room_reveal") is not None


@pytest.mark.parametrize("gone", ["expired", "purged"])
def test_a_room_whose_record_is_gone_is_closed_to_its_pages_which_stop_asking(
    gone: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `KEPT_AFTER` a room's record reads as expired, then is purged: its board and phones
    say it is closed, not that the server cannot reach it, and poll no more."""
    paces: list[float | None] = []
    fragment = st.fragment

    def recorded(func: Any = None, *, run_every: Any = None, **options: Any) -> Any:
        paces.append(run_every)
        return fragment(func, run_every=run_every, **options)

    teacher, code = teacher_room()
    ask(code)
    zoe = pupil(code, "Zoë")
    projector = opened("app_pages/room.py", "en", room=code)
    later = datetime.fromtimestamp(live.now(), UTC) + KEPT_AFTER + timedelta(hours=1)
    future = open_store(str(storage.store_url()), lambda: later)
    if gone == "purged":
        future.purge()
    monkeypatch.setattr(live, "store", lambda: future)
    monkeypatch.setattr(live, "now", later.timestamp)
    monkeypatch.setattr(st, "fragment", recorded)
    closed = [t("room.refused.closed", "en")]
    for page in (teacher, projector, zoe):
        page.run()
        assert [str(e.value) for e in page.error] == closed
        assert t("room.refused.unreachable", "en") not in shown_text(page)
    assert paces == []  # no page sets up a part that polls
    stranger = opened("app_pages/room.py", "en", room=code)
    assert [str(e.value) for e in stranger.error] == [t("room.refused.unknown", "en")]
    future.close()


def test_once_the_answers_are_stopped_a_phone_says_so_and_a_late_tap_is_refused() -> None:
    teacher, code = teacher_room()
    ask(code)
    zoe, ana = pupil(code, "Zoë"), pupil(code, "Ana")
    zoe.button(key="room_option_1_0").click().run()
    ana.run()
    teacher.run()
    teacher.button(key="room_close_question").click().run()
    zoe.run()  # the phone's next look at the room: greyed buttons, and why
    chosen = zoe.button(key="room_option_1_0").label
    assert [str(i.value) for i in zoe.info] == [t("room.phone.stopped", "en", option=chosen)]
    assert all(b.disabled for b in zoe.button if b.key.startswith("room_option_"))
    ana.button(key="room_option_1_1").click().run()  # a tap from before the phone looked
    assert [str(e.value) for e in ana.error] == [t("room.refused.question_closed", "en")]
    assert [str(i.value) for i in ana.info] == [t("room.phone.closed_question", "en")]
    id = store().find_room(code)
    assert [(row[1], row[2]) for row in store().answers(id)] == [(1, 0)]
    ask(code)  # the next question: the refusal was for the last one
    ana.run()
    assert not ana.error


def test_the_class_quiz_live_question_by_question_then_the_score_by_rule() -> None:
    teacher = opened("app_pages/quiz.py", "en", code="ROOM-E2")
    teacher.session_state[quiz_view.MADE_KEY] = {read_quiz("ROOM-E2")}  # as if drawn here
    teacher.run().button(key="room_ask_quiz").click().run()
    code = str(teacher.query_params["room"])  # the button switched to the room's board,
    teacher.switch_page("app_pages/room.py")  # which AppTest runs from now on when told
    found = quiz(read_quiz("ROOM-E2"))
    dutch = pupil(code, "Ana", "nl")
    english = pupil(code, "Zoë", "en")
    for number, question in enumerate(found, 1):
        teacher.run()
        assert question.prompt("en") in shown_text(teacher)
        dutch.run()
        english.run()
        assert question.prompt("nl") in shown_text(dutch)
        assert question.prompt("en") in shown_text(english)
        wrong = (question.answer + 1) % len(question.choices)
        dutch.button(key=f"room_option_{number}_{question.answer}").click().run()
        english.button(key=f"room_option_{number}_{wrong}").click().run()
        teacher.run()
        assert "**2** of 2 have answered." in shown_text(teacher)
        teacher.button(key="room_reveal").click().run()
        assert question.explanation("en") in [str(e.value) for e in teacher.info]
        dutch.run()
        assert t("room.phone.right", "nl") in shown_text(dutch)
        assert t("room.phone.score", "nl", right=number, asked=number) in shown_text(dutch)
        english.run()
        assert t("room.phone.wrong", "en") in shown_text(english)
        if number < len(found):
            assert t("room.board.score_title", "en") not in shown_text(teacher)
            teacher.button(key="room_next").click().run()
    assert not [b for b in teacher.button if b.key == "room_next"]
    text = shown_text(teacher)
    assert t("room.board.score_title", "en") in text
    for rule in {question.rule for question in found}:
        asked = 2 * sum(question.rule == rule for question in found)
        said = t("quiz.rule." + rule, "en")
        assert tn("room.board.rule_again", asked // 2, "en", rule=said, asked=asked) in text


class Clock:
    """The rooms' time (`live.now`), moved on by hand: the board's telling without waiting."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(live, "now", moved)
    return moved


def stored(code: str) -> Room:
    return Room.from_json(store().read("room", store().find_room(code)).data)


def test_the_class_against_the_expert_by_vote_in_one_click_then_the_teachers_choice(
    clock: Clock,
) -> None:
    teacher, code = teacher_room("nl")
    teacher.button(key="room_bot_start").click().run()
    ana = pupil(code, "Ana", "fr")
    first = stored(code)
    assert first.question is not None and first.question.activity == "bot"
    assert t("room.bot.rule", "nl") in [str(c.value) for c in teacher.caption]
    voted = (first.question.right + 1) % first.question.options
    ana.button(key=f"room_option_1_{voted}").click().run()
    teacher.run()
    teacher.button(key="room_bot_vote").click().run()  # the teacher's one click
    shown = stored(code)
    assert shown.question is not None and shown.question.revealed
    assert game_of(shown).steps == game_of(first).steps  # the votes and odds first
    bars = [bar.proto.text for bar in teacher.get("progress")]
    assert len(bars) == first.question.options
    assert [" (100%)" in bar for bar in bars] == [n == voted for n in range(len(bars))]
    left = t("room.bot.play_in", "nl", seconds=round(SHOWN_SECONDS))
    assert left in [str(i.value) for i in teacher.info]
    clock.now += SHOWN_SECONDS
    teacher.run()  # the board's poll plays the move: no second click
    after = stored(code)
    match = game_of(after)
    before = game_of(first)
    assert match.steps[len(before.steps)].move == before.table.legal_moves()[voted]
    assert t("room.bot.played_vote", "nl") in [str(c.value) for c in teacher.caption]
    assert after.question is not None and after.question.number == 2
    clock.now += TELL_SECONDS * len(told_steps(after.game or {}))
    teacher.run()
    teacher.button(key="room_reveal").click().run()
    teacher.selectbox(key="room_bot_pick_2").set_value(after.question.right).run()
    teacher.button(key="room_bot_other").click().run()
    assert t("room.bot.played_teacher", "nl") in [str(c.value) for c in teacher.caption]


def test_a_full_room_refuses_one_more_pupil_and_seats_nobody_new() -> None:
    _, code = teacher_room()
    id = store().find_room(code)
    for n in range(MAX_PUPILS):
        assert store().join_room(id, f"p{n}", f"Pupil {n}") == "joined"
    late = pupil(code, "Zoë", "nl")
    assert [str(e.value) for e in late.error] == [t("room.refused.full", "nl")]
    assert "pupil" not in late.query_params
    assert len(store().pupils(id)) == MAX_PUPILS


def test_a_closed_room_takes_no_join_nor_answer_and_its_answers_download_as_csv() -> None:
    teacher, code = teacher_room()
    ask(code)
    zoe = pupil(code, "=Zoë")  # refused: not a nickname
    assert [str(e.value) for e in zoe.error] == [
        t("room.refused.bad_nickname", "en", low=2, high=20)
    ]
    zoe = pupil(code, "Zoë")
    zoe.button(key="room_option_1_1").click().run()
    teacher.run()
    close(teacher)
    assert t("room.board.closed", "en", days=KEPT_AFTER.days) in shown_text(teacher)
    late = pupil(code, "Ana")  # told as for a wrong code: the room is no business of Ana's
    assert [str(e.value) for e in late.error] == [t("room.refused.unknown", "en")]
    zoe.run()
    assert t("room.phone.closed", "en") in shown_text(zoe)
    assert not [b for b in zoe.button if b.key.startswith("room_option_")]
    id = store().find_room(code)
    assert not store().answer(id, next(p[0] for p in store().pupils(id)), 1, 0)
    sheet = teacher.get("download_button")
    assert len(sheet) == 1
    assert store().answers(id) == [(store().pupils(id)[0][0], 1, 1)]


def test_once_the_room_is_closed_its_board_and_phones_stop_polling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing in a closed room can change, so its pages set their part up without `run_every`:
    a class left open after the lesson costs the server nothing (benchmarks/room_poll.py)."""
    paces: dict[str, float | None] = {}
    fragment = st.fragment

    def recorded(func: Any = None, *, run_every: Any = None, **options: Any) -> Any:
        if func is not None:
            paces[func.__module__] = run_every
        return fragment(func, run_every=run_every, **options)

    monkeypatch.setattr(st, "fragment", recorded)
    board, phone = "pickomino.ui.room.projector", "pickomino.ui.room.phone"
    teacher, code = teacher_room()
    ask(code)
    zoe = pupil(code, "Zoë")
    teacher.run()
    assert paces == {board: live.BOARD_POLL_SECONDS, phone: live.POLL_SECONDS}
    close(teacher)
    zoe.run()
    assert t("room.phone.closed", "en") in shown_text(zoe)
    assert paces == {board: None, phone: None}


def test_the_ranking_shows_only_when_the_teacher_turns_it_on() -> None:
    teacher, code = teacher_room("fr")
    ask(code)
    zoe = pupil(code, "Zoë")
    right = Room.from_json(store().read("room", store().find_room(code)).data).question
    assert right is not None
    zoe.button(key=f"room_option_1_{right.right}").click().run()
    teacher.run()
    teacher.button(key="room_reveal").click().run()
    assert t("room.board.ranking", "fr") not in shown_text(teacher)
    panel(teacher).button(key="room_ranking").click().run()
    assert "1. Zoë\u00a0: 1 bonne réponse" in shown_text(teacher)


def test_the_teacher_removes_a_nickname_and_its_answers_and_the_link_stays_out() -> None:
    teacher, code = teacher_room()
    ask(code)
    zoe, ana = pupil(code, "Zoë"), pupil(code, "Ana")
    zoe.button(key="room_option_1_0").click().run()
    ana.button(key="room_option_1_1").click().run()
    teacher.run()
    id = store().find_room(code)
    zoe_id = next(row[0] for row in store().pupils(id) if row[1] == "Zoë")
    panel(teacher).selectbox(key="room_remove_pick").set_value(zoe_id).run()
    teacher.button(key="room_remove").click().run()
    assert "**1** of 1 has answered." in shown_text(teacher)
    assert zoe_id not in [row[0] for row in store().answers(id)]
    zoe.run()
    assert t("room.phone.removed", "en") in [str(e.value) for e in zoe.error]
    assert not [b for b in zoe.button if b.key.startswith("room_option_")]


def test_the_teachers_timer_reaches_the_store_which_refuses_an_answer_at_its_deadline() -> None:
    teacher, code = teacher_room()
    ask(code)
    pupil(code, "Zoë"), pupil(code, "Ana")
    teacher.run()
    teacher.button(key="room_timer").click().run()
    id = store().find_room(code)
    question = Room.from_json(store().read("room", id).data).question
    assert question is not None and question.deadline is not None
    pupils = {row[1]: row[0] for row in store().pupils(id)}
    url = str(storage.store_url())

    def at(seconds: float) -> datetime:
        return datetime.fromtimestamp(seconds, UTC)

    with open_store(url, lambda: at(question.deadline - 0.1)) as before:
        assert before.answer(id, pupils["Zoë"], 1, 0)
    with open_store(url, lambda: at(question.deadline + 0.001)) as after:
        assert not after.answer(id, pupils["Ana"], 1, 1)  # whatever Ana's phone still shows
    assert store().answers(id) == [(pupils["Zoë"], 1, 0)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_finished_game_against_the_expert_shows_its_last_table_winner_and_review(
    lang: str,
) -> None:
    teacher, code = teacher_room(lang)
    id = store().find_room(code)
    document = store().read("room", id)
    room = start_game(Room.from_json(document.data), 7, live.now() - 3600)
    last = 0
    while room.question is not None and room.question.open:
        last = room.question.number
        room = play_class_move(reveal(room), {}, live.now() - 3600, room.question.right)
    store().update_room(id, room.to_json(), document.version, None, KEPT_AFTER)
    teacher.run()
    table = game_of(room).table
    assert table.over
    headers = [h.value for h in teacher.header]
    assert t("room.bot_end.title", lang) in headers
    assert t("room.board.question", lang, n=last) not in headers
    winners = table.winners()
    result = "tie" if len(winners) > 1 else ("won" if 0 in winners else "lost")
    assert t(f"room.bot.{result}", lang) in [s.value for s in teacher.success]
    final = "".join(str(h.proto.body) for h in teacher.get("html"))
    assert all(name in final for name in seat_labels(lang))
    for tile in (*table.middle, *(tile for stack in table.stacks for tile in stack)):
        assert f">{tile}<" in final
    seat = review(game_of(room).record()).seats[0]
    assert seat.accuracy is not None
    summary = t(
        "room.bot_end.summary",
        lang,
        decisions=tn("review_page.decisions", len(seat.decisions), lang),
        near=seat.counts["best"] + seat.counts["good"],
        accuracy=percent(seat.accuracy, lang, 0),
    )
    assert summary in shown_text(teacher)
    assert teacher.button(key="room_bot_review") is not None


def board_at(url: str, lang: str = "en") -> tuple[AppTest, str, str]:
    """A teacher's room opened from a page the browser shows at `url`: the session, the room's
    code, and the join link on the board, checked to be the one its QR code holds."""
    at = opened("app_pages/room.py", lang)
    at.context["url"] = url
    at.button(key="room_open").click().run()
    code = str(at.query_params["room"])
    link = str(at.code[0].value)
    qr = base64.b64encode(qr_svg(link).encode()).decode()
    assert any(qr in str(h.proto.body) for h in at.main.get("html")), "the QR code is another link"
    return at, code, link


def warnings(at: AppTest) -> list[str]:
    return [str(w.value) for w in at.warning]


def test_a_board_opened_at_localhost_gives_the_phones_an_address_they_can_open() -> None:
    teacher, code, link = board_at("http://localhost:8501/room", "fr")
    network = frame.network_address()
    loopback = t("room.address.loopback", "fr", setting=frame.PUBLIC_SETTING)
    if network is not None and not on_this_machine(network):
        assert link == f"http://{network}:8501/join?room={code}"
        assert t("room.address.network", "fr") in [str(c.value) for c in teacher.caption]
        assert loopback not in warnings(teacher)
    else:  # this machine has no network address: the board says phones cannot open its own
        assert link == f"http://localhost:8501/join?room={code}"
        assert loopback in warnings(teacher)


def test_a_server_listening_on_127_0_0_1_only_warns_that_phones_cannot_open_it() -> None:
    with patch_config_options({"server.address": "127.0.0.1"}):
        teacher, code, link = board_at("http://127.0.0.1:8501/room")
    assert link == f"http://127.0.0.1:8501/join?room={code}"
    assert warnings(teacher) == [t("room.address.loopback", "en", setting=frame.PUBLIC_SETTING)]
    assert t("room.address.network", "en") not in [str(c.value) for c in teacher.caption]


def test_the_public_address_set_for_the_app_is_the_one_on_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(frame.PUBLIC_SETTING, "https://NAME.streamlit.app/")
    teacher, code, link = board_at("http://localhost:8501/room", "nl")
    assert link == f"https://NAME.streamlit.app/join?room={code}"
    assert t("room.address.public", "nl") in [str(c.value) for c in teacher.caption]
    assert warnings(teacher) == [] and [e.value for e in teacher.error] == []
    control = "".join(str(h.proto.body) for h in panel(teacher).main.get("html"))
    assert f'data-link="https://NAME.streamlit.app/room?room={code}&amp;control=' in control


def test_a_public_address_that_is_no_web_address_is_said_and_the_pages_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(frame.PUBLIC_SETTING, "NAME.streamlit.app")
    teacher, code, link = board_at("https://pickomino.school.example/room")
    assert link == f"https://pickomino.school.example/join?room={code}"
    assert [e.value for e in teacher.error] == [
        t("room.address.bad_setting", "en", setting=frame.PUBLIC_SETTING)
    ]
    assert t("room.address.page", "en") in [str(c.value) for c in teacher.caption]


def test_a_phone_opening_the_join_link_of_a_french_board_reads_its_own_dutch() -> None:
    teacher, code, link = board_at("https://pickomino.school.example/room", "fr")
    assert teacher.query_params["lang"] == "fr"  # the board's own page is in French
    address = urlsplit(link)
    assert address.path == "/join" and parse_qs(address.query) == {"room": [code]}
    phone = AppTest.from_file(APP, default_timeout=TIMEOUT)
    phone.query_params["room"] = code
    phone.context["locale"] = "nl-NL"
    phone.switch_page("app_pages/join.py")
    phone.run()
    assert [title.value for title in phone.title] == [t("page.join.title", "nl")]
    phone.text_input(key="join_name").input("Zoë")
    phone.button[0].click().run()
    assert t("room.waiting", "nl") in shown_text(phone)
    phone.selectbox(key="lang_picker").set_value("fr").run()  # the pupil's own choice
    assert t("room.waiting", "fr") in shown_text(phone)


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("\u3164\u3164\u3164", "hidden_nickname"),  # Hangul fillers: a name drawn as nothing
        ("Ana\u200b", "hidden_nickname"),
        ("Z\u0338\u0322\u031bo\u0336\u0321e\u0337\u031b", "stacked_nickname"),  # zalgo
        ("A" * 200, "long_nickname"),  # past the field's max_chars, refused rather than cut
    ],
)
def test_a_hostile_nickname_is_refused_by_the_server_and_seats_nobody(
    name: str, refused: str
) -> None:
    _, code = teacher_room()
    phone = pupil(code, name)
    assert errors(phone) == [t(f"room.refused.{refused}", "en", low=2, high=20)]
    assert "pupil" not in phone.query_params
    assert seated(code) == []


@pytest.mark.parametrize("twin", ["\u0410na", "ANA", "Ａｎａ", "Ána"])
def test_a_nickname_that_looks_like_a_seated_pupils_is_taken(twin: str) -> None:
    _, code = teacher_room("fr")
    pupil(code, "Ana")
    late = pupil(code, twin, "fr")
    assert errors(late) == [t("room.refused.taken", "fr")]
    assert seated(code) == ["Ana"]


def test_a_fullwidth_nickname_is_seated_in_its_normal_form() -> None:
    _, code = teacher_room()
    pupil(code, "Ｚｏé")
    assert seated(code) == ["Zoé"]


def test_a_removed_pupil_cannot_join_again_from_the_same_browser() -> None:
    teacher, code = teacher_room("nl")
    zoe = pupil(code, "Zoë", "nl")
    id = store().find_room(code)
    teacher.run()
    panel(teacher).selectbox(key="room_remove_pick").set_value(store().pupils(id)[0][0]).run()
    teacher.button(key="room_remove").click().run()
    zoe.run()
    assert errors(zoe) == [t("room.phone.removed", "nl")]
    zoe.query_params.pop("pupil")  # back to the join form, under another nickname
    join_again(zoe.run(), "Zoë B", code)
    assert errors(zoe) == [t("room.refused.removed", "nl")]
    assert "pupil" not in zoe.query_params
    assert [row[1] for row in store().pupils(id)] == ["Zoë"]  # nobody new seated


def test_a_new_session_of_a_removed_pupils_browser_is_refused_by_its_cookie(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """AppTest sends no cookie: the cookie the pupil's page wrote is given as `devices.cookie`
    reads it."""
    _, code = teacher_room()
    zoe = pupil(code, "Zoë")
    token = str(zoe.query_params["pupil"])
    written = "".join(str(h.proto.body) for h in zoe.get("html"))
    assert f"document.cookie = '{live.SEAT_COOKIE}{code}={token}; path=/;" in written
    id = store().find_room(code)
    store().remove_pupil(id, store().pupils(id)[0][0])
    cookies = {live.SEAT_COOKIE + code: token}
    monkeypatch.setattr(devices, "cookie", cookies.get)
    again = pupil(code, "Zoë B")
    assert errors(again) == [t("room.refused.removed", "en")]
    assert len(store().pupils(id)) == 1


def test_a_pupil_joining_again_from_the_same_browser_gets_their_own_seat_back() -> None:
    _, code = teacher_room()
    zoe = pupil(code, "Zoë")
    token = zoe.query_params["pupil"]
    zoe.query_params.pop("pupil")
    join_again(zoe.run(), "Zoë 2", code)
    assert not zoe.error
    assert zoe.query_params["pupil"] == token
    assert seated(code) == ["Zoë"]


def test_a_room_seats_so_many_pupils_a_minute_then_asks_the_next_to_wait() -> None:
    """The store counts the joins from their times: some are stamped by stores with moved clocks,
    as on other servers, a minute ago and half a minute ago."""
    _, code = teacher_room()
    id = store().find_room(code)
    url = str(storage.store_url())
    start = live.now()

    def stamped(seconds_ago: float, names: range) -> None:
        moment = datetime.fromtimestamp(start - seconds_ago, UTC)
        with open_store(url, lambda: moment) as elsewhere:
            for n in names:
                assert elsewhere.join_room(id, f"p{n}", f"Pupil {n}", JOINS_PER_MINUTE) == "joined"

    stamped(95, range(10))  # more than a minute old: no longer counted
    pupil(code, "Zoë")
    stamped(30, range(10, 10 + JOINS_PER_MINUTE - 1))
    late = pupil(code, "Ana", "fr")
    assert errors(late) == [t("room.refused.crowded", "fr")]
    assert "Ana" not in seated(code)
    assert len(seated(code)) == 10 + JOINS_PER_MINUTE


def test_a_session_opens_so_many_rooms_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, first = teacher_room("fr")
    codes = {first}
    for _ in range(ROOMS_PER_SESSION - 1):
        no_room_page(teacher).button(key="room_open").click().run()
        codes.add(str(teacher.query_params["room"]))
    assert len(codes) == ROOMS_PER_SESSION
    no_room_page(teacher).button(key="room_open").click().run()
    assert errors(teacher) == [t("room.refused.many_rooms", "fr")]
    assert "room" not in teacher.query_params
    other = opened("app_pages/room.py", "fr")  # another teacher's session is not held
    other.button(key="room_open").click().run()
    assert not other.error and "room" in other.query_params
    later = live.now() + 60
    monkeypatch.setattr(live, "now", lambda: later)
    no_room_page(teacher).button(key="room_open").click().run()
    assert not teacher.error and "room" in teacher.query_params


def test_a_server_and_an_address_open_so_many_rooms_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(live, "client_address", lambda: "203.0.113.7")
    by_address, in_all = live.openings()
    for _ in range(ROOMS_PER_ADDRESS):
        by_address.count("203.0.113.7", live.now())
    school = opened("app_pages/room.py", "nl")
    school.button(key="room_open").click().run()
    assert errors(school) == [t("room.refused.many_rooms", "nl")]
    monkeypatch.setattr(live, "client_address", lambda: "198.51.100.2")
    for _ in range(ROOMS_PER_SERVER - 1):
        in_all.count("", live.now())
    teacher_room("nl")  # the server's last room of the minute
    late = opened("app_pages/room.py", "nl")
    late.button(key="room_open").click().run()
    assert errors(late) == [t("room.refused.server_rooms", "nl")]
    assert "room" not in late.query_params


def write(code: str, change: Any) -> Room:
    """The stored room changed by `change` (a room → room function), as a teacher's press does."""
    id = store().find_room(code)
    document = store().read("room", id)
    room = change(Room.from_json(document.data))
    number = open_question(room, live.now())
    store().update_room(id, room.to_json(), document.version, number, live.KEPT_AFTER)
    return room


def told_items(at: AppTest) -> list[str]:
    """The moves the board lists as told, in order (its numbered list)."""
    return [
        line.split(". ", 1)[1]
        for element in at.markdown
        for line in str(element.value).splitlines()
        if re.match(r"\d+\. ", line)
    ]


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_board_names_the_class_and_the_expert_and_tells_the_experts_moves_one_at_a_time(
    lang: str, clock: Clock
) -> None:
    teacher, code = teacher_room(lang)
    teacher.button(key="room_bot_start").click().run()
    zoe = pupil(code, "Zoë", lang)
    room = write(code, lambda room: playing_to_the_expert(room, live.now())[1])
    assert room.game is not None and room.question is not None
    count = len(told_steps(room.game))
    assert count > 2
    class_, expert = seats_said(lang)
    seen: list[str] = []
    for shown in range(1, count):  # the last move told comes with the class's decision
        teacher.run()
        headers = [h.value for h in teacher.header]
        assert t("room.bot.told_title", lang) in headers, shown
        items = told_items(teacher)
        assert items[: len(seen)] == seen and len(items) == shown  # one more each time
        seen = items
        drawn = "".join(str(h.proto.body) for h in teacher.main.get("html"))
        assert all(f"<strong>{name}" in drawn for name in seat_labels(lang))
        zoe.run()
        assert t("room.phone.watch", lang) in shown_text(zoe)
        assert not [b for b in zoe.button if b.key.startswith("room_option_")]
        clock.now += TELL_SECONDS
    assert any(class_ in item.casefold() for item in seen)
    assert sum(expert in item.casefold() for item in seen) >= 2  # the expert's turn, told
    assert all(item[:1].isupper() for item in seen)
    for numbered in (t("common.player", lang, n=1), t("common.player", lang, n=2)):
        assert numbered.casefold() not in shown_text(teacher).casefold()
    if lang == "fr":  # a name, not a noun: no article of a numbered seat before it
        for wrong in ("le la classe", "au la classe", "du la classe", "le l’expert", "du l’"):
            assert wrong not in " ".join(seen).casefold()
    teacher.run()  # every move told: the class's decision, the moves kept to read back
    number = place(room, room.question)
    assert [h.value for h in teacher.header] == [t("room.board.question", lang, n=number)]
    assert told_items(teacher)[:-1] == seen and len(told_items(teacher)) == count
    zoe.run()
    assert [b for b in zoe.button if b.key.startswith("room_option_")]


def test_a_pupil_who_joins_late_is_scored_only_on_the_questions_after() -> None:
    teacher, code = teacher_room()
    ask(code)
    teacher.run()
    teacher.button(key="room_reveal").click().run()
    late = pupil(code, "Zoë")
    text = shown_text(late)
    assert t("room.phone.none", "en") in text  # question 1, revealed before Zoë came
    assert t("room.phone.score", "en", right=0, asked=1) not in text
    ask(code)
    late.run()
    best = stored(code).question
    assert best is not None
    late.button(key=f"room_option_2_{best.right}").click().run()
    teacher.run()
    teacher.button(key="room_reveal").click().run()
    late.run()
    assert t("room.phone.score", "en", right=1, asked=1) in shown_text(late)


def test_a_quiz_started_in_a_room_used_before_starts_at_question_1_as_the_quiz_page() -> None:
    teacher, code = teacher_room()
    ask(code)
    teacher.run()
    assert t("room.board.question", "en", n=1) in [h.value for h in teacher.header]
    teacher.query_params["code"] = "ROOM-E2"
    teacher.session_state[quiz_view.MADE_KEY] = {read_quiz("ROOM-E2")}  # as if drawn here
    teacher.switch_page("app_pages/quiz.py").run()
    count = read_quiz("ROOM-E2").count
    first = t("quiz.page.question", "en", n=1, count=count)
    assert first in [h.value for h in teacher.header]  # the quiz page's own numbering
    teacher.button(key="room_ask_quiz").click().run()
    assert teacher.query_params["room"] == code  # the same room, its second question
    teacher.switch_page("app_pages/room.py").run()
    question = stored(code).question
    assert question is not None and question.number == 2
    assert first in [h.value for h in teacher.header]
    teacher.button(key="room_reveal").click().run()
    teacher.button(key="room_next").click().run()
    assert t("quiz.page.question", "en", n=2, count=count) in [h.value for h in teacher.header]


def test_rooms_opened_at_once_keep_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teachers' clicks arriving together, each in its own script thread, while the store writes:
    a burst of 50 once opened 18 to 35 rooms against limits of 10 and 20 (benchmarks/abuse.py),
    every click checking the limit before any had counted its room."""
    monkeypatch.setattr(live, "client_address", lambda: None)
    _, in_all = live.openings()
    for _ in range(ROOMS_PER_SERVER - 1):
        in_all.count("", live.now())
    create = store().create_room

    def slow_create(*args: Any) -> Any:
        time.sleep(0.3)  # the store's write: the others click meanwhile
        return create(*args)

    monkeypatch.setattr(store(), "create_room", slow_create)
    outcomes: list[str] = []

    def click() -> None:
        try:
            outcomes.append(live.open_new("en"))
        except RoomError as error:
            outcomes.append(error.code)

    clicks = [threading.Thread(target=click) for _ in range(4)]
    for thread in clicks:
        thread.start()
    for thread in clicks:
        thread.join(TIMEOUT)
    opened_ = [outcome for outcome in outcomes if outcome != "server_rooms"]
    assert len(outcomes) == 4 and len(opened_) == 1, outcomes  # the server's last room, once
    store().find_room(opened_[0])


def test_the_teachers_panel_is_folded_and_sends_nothing_of_the_teachers_until_opened() -> None:
    """The board the class sees, on the teacher's own screen: no nickname, no control link, no
    *Close the room* until the teacher opens the panel, whose things then come (and go again)."""
    teacher, code = teacher_room()
    ask(code)
    pupil(code, "Zoë")
    teacher.run()
    folded = shown_text(teacher)
    assert "Zoë" not in folded and "control=" not in folded
    keys = {w.key for w in [*teacher.button, *teacher.selectbox]}
    assert {"room_show", "room_reveal"} <= keys
    assert keys.isdisjoint({"room_close", "room_remove", "room_ranking"})
    assert not any("data-link" in h.proto.body for h in teacher.main.get("html"))
    opened_panel = panel(teacher)
    assert {"room_close", "room_remove", "room_ranking"} <= {
        w.key for w in [*opened_panel.button, *opened_panel.selectbox]
    }
    assert any("data-link" in h.proto.body for h in opened_panel.main.get("html"))
    teacher.session_state[projector.PANEL_KEY] = False
    assert not any("data-link" in h.proto.body for h in teacher.run().main.get("html"))


def test_closing_a_room_asks_once_more_and_the_closed_board_says_it_is_closed() -> None:
    teacher, code = teacher_room("fr")
    id = store().find_room(code)
    closed = t("room.board.closed", "fr", days=KEPT_AFTER.days)
    panel(teacher).button(key="room_close").click().run()
    assert t("room.teacher.close_confirm", "fr") in [str(w.value) for w in teacher.warning]

    def closed_at() -> float | None:
        return Room.from_json(store().read("room", id).data).closed

    assert closed_at() is None
    teacher.button(key="room_close_no").click().run()  # changed their mind: still open
    assert closed_at() is None and closed not in shown_text(teacher)
    assert teacher.button(key="room_close") is not None
    teacher.button(key="room_close").click().run()
    teacher.button(key="room_close_yes").click().run()
    assert closed_at() is not None
    text = shown_text(teacher)
    assert closed in text
    assert t("room.waiting", "fr") not in text
    assert t("room.board.join", "fr") not in text and not teacher.code  # no way in to show


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_closed_rooms_phone_gives_the_score_as_final(lang: str) -> None:
    teacher, code = teacher_room(lang)
    ask(code)
    zoe = pupil(code, "Zoë", lang)
    best = stored(code).question
    assert best is not None
    zoe.button(key=f"room_option_1_{best.right}").click().run()
    teacher.run()
    teacher.button(key="room_reveal").click().run()
    zoe.run()
    assert t("room.phone.score", lang, right=1, asked=1) in shown_text(zoe)
    close(teacher)
    zoe.run()
    text = shown_text(zoe)
    assert t("room.phone.final_score", lang, right=1, asked=1) in text
    assert t("room.phone.score", lang, right=1, asked=1) not in text  # no "so far" once closed


class GoesDown:
    """The app's store until a room's write: from then on every call fails, as a store down."""

    def __init__(self) -> None:
        self.real, self.down = store(), False

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.real, name)

        def call(*args: object, **kwargs: object) -> object:
            self.down = self.down or name == "update_room"
            if self.down:
                raise StoreFault("down")
            return method(*args, **kwargs)

        return call


def test_a_store_down_when_the_board_plays_the_class_move_says_so_with_no_traceback(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board's poll steps the class's game on, then reads the room again: the store that
    failed the step fails the read too, which the board says, as any poll's."""
    teacher, code = teacher_room("fr")
    teacher.button(key="room_bot_start").click().run()
    ana = pupil(code, "Ana", "fr")
    first = stored(code)
    assert first.question is not None
    ana.button(key=f"room_option_1_{first.question.right}").click().run()
    teacher.run()
    teacher.button(key="room_bot_vote").click().run()
    clock.now += SHOWN_SECONDS
    before = stored(code)
    failing = GoesDown()
    monkeypatch.setattr(live, "store", lambda: failing)
    teacher.run()  # the board's poll plays the move, and the store goes down
    assert failing.down and not teacher.exception
    assert t("room.refused.unreachable", "fr") in [str(e.value) for e in teacher.error]
    assert stored(code) == before, "nothing was played"


def test_a_phone_on_a_server_with_the_pulse_route_polls_it_from_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Served from serve.py, the phone's watcher is not polled by Streamlit: the page's script
    asks the room's pulse route and clicks the watcher's hidden button once the pulse moved."""
    paces: dict[str, Any] = {}
    fragment = st.fragment

    def recorded(func: Any = None, *, run_every: Any = None, **options: Any) -> Any:
        paces[func.__name__] = run_every
        return fragment(func, run_every=run_every, **options)

    _, code = teacher_room()
    ask(code)
    monkeypatch.setattr(st, "fragment", recorded)
    monkeypatch.setattr(pulse, "_served", [True])
    zoe = pupil(code, "Zoë")
    drawn = "".join(element.proto.body for element in zoe.main.get("html"))
    id = storage.store().find_room(code)
    assert f'data-pk-pulse="pulse/{id}"' in drawn
    wake = re.search(r'data-pk-wake="([0-9.]+)"', drawn)  # the room closing idle, at the latest
    assert wake is not None and time.time() < float(wake[1]) <= time.time() + 2 * 3600
    assert paces == {"_view": None, "_watch": None}
    assert zoe.button(key=MOVED_KEY) is not None
    monkeypatch.setattr(pulse, "_served", [])
    zoe.run()
    assert paces["_watch"] == live.POLL_SECONDS
    assert "data-pk-pulse" not in "".join(e.proto.body for e in zoe.main.get("html"))


def test_a_board_waits_on_the_pulse_from_its_page_and_on_streamlit_while_a_timer_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Served from serve.py, the board's live part runs when the page's own poll of the pulse
    clicks it, while what it shows changes only with the room; a timer counting down (what the
    clock changes) runs the page again whole, polled by Streamlit as on app.py."""
    paces: dict[str, Any] = {}
    fragment = st.fragment

    def recorded(func: Any = None, *, run_every: Any = None, **options: Any) -> Any:
        paces[func.__name__] = run_every
        return fragment(func, run_every=run_every, **options)

    def drawn(at: AppTest) -> str:
        return "".join(element.proto.body for element in at.main.get("html"))

    monkeypatch.setattr(st, "fragment", recorded)
    monkeypatch.setattr(pulse, "_served", [True])
    teacher, code = teacher_room()
    id = storage.store().find_room(code)
    assert paces == {"_live": None}
    assert f'data-pk-pulse="pulse/{id}" data-pk-every="500"' in drawn(teacher)
    assert teacher.button(key=MOVED_KEY) is not None
    ask(code)
    teacher.run()
    assert paces == {"_live": None} and "**0** of 0 have answered." in shown_text(teacher)
    teacher.button(key="room_timer").click().run()
    assert paces == {"_live": live.BOARD_POLL_SECONDS}
    assert "data-pk-pulse" not in drawn(teacher)
