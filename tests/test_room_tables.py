"""A room's tables: the teacher deals the pupils, the board shows every table, each phone its own.

The classroom's side without Streamlit first, on both backends (the deal by the teacher's desk, at
random or by hand, a table in the board's words, the results and the records' file), then the
Class room page through AppTest, with the helpers of `tests/test_room_page.py`: the teacher's
panel deals at random or by hand, the board's grid and one table large, a pupil's link to their
own seat, the results and their file.
"""

from __future__ import annotations

import csv
import io
import json
import random
import time
import zipfile
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from pickomino.activities.classroom import TEACHER_KEY, TeacherDesk
from pickomino.activities.classroom.tables import (
    HandRefused,
    deal_room,
    may_deal,
    records_zip,
    results_sheet,
    tables_by_hand,
    told,
)
from pickomino.activities.table import BOT, TIMERS, TableRefused, Tables, check_settings
from pickomino.bots import strategy
from pickomino.i18n import t
from pickomino.match import PERSON
from pickomino.rooms import (
    KEPT_AFTER,
    MAX_PUPILS,
    Limit,
    Pupil,
    RoomError,
    new_code,
    new_token,
    open_room,
)
from pickomino.rooms import pupil_id as key_of
from pickomino.scenario import scenario_json
from pickomino.share import read_file
from pickomino.store import Store, StoreFault
from pickomino.ui import storage
from pickomino.ui.room import projector
from pickomino.ui.room import tables as room_tables
from tests.stores import Clock
from tests.test_app import opened, shown_text
from tests.test_room_page import panel, pupil, served, teacher_room
from tests.test_table_page import own_store  # noqa: F401  (autouse: a store of this module's own)

__all__ = ["served"]  # the fixture, used by name

PLAYS = strategy("heuristic")
UNLIMITED = Limit(10_000)
"""No limit on moves a minute: a test plays a whole game in a second."""


def to_text(record: Any) -> str:
    return json.dumps(scenario_json(record))


def room_of(
    db: Store, clock: Clock, names: tuple[str, ...]
) -> tuple[TeacherDesk, str, dict[str, str]]:
    """A room opened by a teacher's desk, with `names` seated: the desk, the code, their tokens."""
    desk = TeacherDesk(db, lambda: clock().timestamp(), {})
    code, teacher = new_code(), new_token()
    room = db.create_room(
        code, open_room(code, teacher, "en", clock().timestamp()).to_json(), MAX_PUPILS, KEPT_AFTER
    )
    desk.remember(code, teacher)
    tokens = {name: new_token() for name in names}
    for name, token in tokens.items():
        assert db.join_room(room.id, key_of(token), name) == "joined"
    return desk, code, tokens


def play_out(at: Tables, id: str, tokens: dict[str, str], tick: Any = None) -> None:
    """Every move of table `id` played by its pupils, a rule of thumb's, to the end."""
    while not at.load(id).over:
        sitting = at.load(id)
        assert sitting.match is not None
        seat = sitting.match.table.current
        token = next(token for token in tokens.values() if sitting.seat_of(token) == seat)
        at.play(id, token, sitting.played, PLAYS(sitting.match.table))
        if tick is not None:
            tick()


def test_the_teachers_desk_deals_the_seated_pupils_and_no_one_else_can(
    db: Store, clock: Clock
) -> None:
    desk, code, tokens = room_of(db, clock, ("Ana", "Bob", "Cy"))
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    stranger = TeacherDesk(db, lambda: clock().timestamp(), {})
    with pytest.raises(RoomError) as refused:
        deal_room(stranger, at, code, 2)
    assert refused.value.code == "not_teacher"
    assert at.board(desk.find(code)) == ()
    ids = deal_room(desk, at, code, 2, timer=60, rng=random.Random(3))
    lines = at.board(desk.find(code))
    assert [line.id for line in lines] == list(ids) and len(ids) == 2
    assert sorted(name for line in lines for name in line.names if name) == ["Ana", "Bob", "Cy"]
    kinds = sorted(str(kind) for line in lines for kind in line.kinds)
    assert kinds == sorted([BOT, *[PERSON] * 3])
    assert {at.table_of(desk.find(code), token) for token in tokens.values()} == set(ids)
    assert not may_deal(lines)  # the games go on: no second deal of the same pupils
    assert may_deal(())


def test_a_table_in_the_boards_words_then_its_result_and_file(db: Store, clock: Clock) -> None:
    desk, code, tokens = room_of(db, clock, ("Ana", "Bob"))
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    (id,) = deal_room(desk, at, code, 2, rng=random.Random(1))
    room = desk.find(code)
    (line,) = at.board(room)
    first = line.names[0]
    said = told(line, "en")
    assert said.title == "Table 1"
    assert said.players == tuple(f"{name}: 0" for name in line.names)
    assert said.state == t("room.tables.turn", "en", name=first)
    assert said.last == ""
    assert results_sheet(at.board(room), "en") == "table,player,score,won\n"  # nothing over yet
    play_out(at, id, tokens, lambda: clock.advance(timedelta(seconds=1)))
    (line,) = at.board(room)
    said = told(line, "fr")
    winners = ", ".join(line.names[seat] for seat in line.winners)
    assert said.state == t("room.tables.won", "fr", names=winners)
    assert said.last != "" and "\u00a0:" in said.players[0]
    rows = list(csv.reader(io.StringIO(results_sheet(at.board(room), "en"))))
    assert rows[1:] == [
        ["1", name, str(score), "1" if seat in line.winners else "0"]
        for seat, (name, score) in enumerate(zip(line.names, line.scores, strict=True))
    ]
    made = records_zip(at.board(room), at.records(room), "nl", to_text)
    with zipfile.ZipFile(io.BytesIO(made)) as files:
        assert files.namelist() == ["uitslagen.csv", "tafel-1.json"]
        record = read_file(io.BytesIO(files.read("tafel-1.json")), "tafel-1.json")
    assert record == at.records(room)[0][1].record


def test_seats_are_called_as_on_the_play_page_on_the_board_and_in_the_sheet(
    db: Store, clock: Clock
) -> None:
    desk, code, tokens = room_of(db, clock, ("=Ana",))  # what a join let in, kept by the store
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    (id,) = deal_room(desk, at, code, 3, rng=random.Random(0))
    (line,) = at.board(desk.find(code))
    bots = tuple(f"{t('play.bot_name.expert', 'en', n=n)}: 0" for n in (2, 3))
    assert told(line, "en").players == ("Ana: 0", *bots)  # never a formula
    play_out(at, id, tokens)
    rows = list(csv.reader(io.StringIO(results_sheet(at.board(desk.find(code)), "en"))))
    assert [row[1] for row in rows[1:]] == [
        "Ana",
        t("play.bot_name.expert", "en", n=2),
        t("play.bot_name.expert", "en", n=3),
    ]


def test_tables_by_hand_follow_the_teachers_numbers_a_number_left_unused_dropped() -> None:
    pupils = [Pupil("a", "Ana"), Pupil("b", "Bob"), Pupil("c", "Cy"), Pupil("d", "Dan", True)]
    made = tables_by_hand(pupils, {"c": 1, "b": 4, "a": 4, "d": 1, "gone": 2})
    assert made == {1: ["c"], 4: ["a", "b"]}  # Dan was removed, "gone" is no pupil of the room
    assert list(made) == [1, 4], "the numbers picked, in order: the tables' on the board"
    assert tables_by_hand([Pupil("d", "Dan", True)], {}) == {}


def test_tables_by_hand_are_refused_naming_the_full_table_or_the_pupils_left_out() -> None:
    pupils = [Pupil(id, id.upper()) for id in "abcdef"]
    with pytest.raises(HandRefused) as full:
        tables_by_hand(pupils, {"a": 1, "b": 2, "c": 2, "d": 2, "e": 2, "f": 2})
    assert (full.value.code, full.value.params) == ("full", {"n": 2, "count": 5, "high": 4})
    said = t(full.value.key, "en", **full.value.params)
    assert "Table 2" in said and "5" in said and "4" in said
    with pytest.raises(HandRefused) as missing:
        tables_by_hand(pupils, {"a": 1, "b": 1, "d": 2, "f": 2})
    assert missing.value.code == "no_table"
    assert "C, E" in t(missing.value.key, "fr", **missing.value.params)


def test_the_teachers_desk_deals_tables_by_hand_a_pupil_alone_against_a_bot(
    db: Store, clock: Clock
) -> None:
    desk, code, tokens = room_of(db, clock, ("Ana", "Bob", "Cy", "Dan", "Eve"))
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    room = desk.find(code)
    id = {name: key_of(token) for name, token in tokens.items()}
    picked = {id["Ana"]: 3, id["Bob"]: 3, id["Cy"]: 1, id["Dan"]: 3, id["Eve"]: 3}
    ids = deal_room(desk, at, code, 2, timer=60, rng=random.Random(0), picked=picked)
    lines = at.board(room)
    assert [line.place for line in lines] == [1, 3] and [line.id for line in lines] == list(ids)
    assert lines[0].names[0] == "Cy" and lines[0].kinds == (PERSON, BOT)
    assert sorted(lines[1].names) == ["Ana", "Bob", "Dan", "Eve"]
    assert lines[1].kinds == (PERSON,) * 4
    assert at.table_of(room, tokens["Cy"]) == ids[0]
    assert at.load(ids[0]).timer == 60


def test_a_new_round_keeps_the_numbers_the_teacher_picked_after_the_last_rounds(
    db: Store, clock: Clock
) -> None:
    """The number a pupil is told is the one the board and the phone show, round after round."""
    desk, code, tokens = room_of(db, clock, ("Ana", "Bob", "Cy", "Dan"))
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    room = desk.find(code)
    id = {name: key_of(token) for name, token in tokens.items()}
    first = deal_room(desk, at, code, 2, rng=random.Random(0))
    assert [line.place for line in at.board(room)] == [1, 2]
    for table in first:
        play_out(at, table, tokens)
    taken = {id["Ana"]: 2, id["Bob"]: 3, id["Cy"]: 3, id["Dan"]: 5}
    with pytest.raises(TableRefused) as refused:  # a form drawn before the last deal
        deal_room(desk, at, code, 2, picked=taken)
    assert (refused.value.code, refused.value.params) == ("number_taken", {"n": 2, "first": 3})
    assert "3" in t(refused.value.key, "fr", **refused.value.params)
    assert len(at.board(room)) == 2, "nothing dealt"
    picked = {**taken, id["Ana"]: 5}
    second = deal_room(desk, at, code, 2, rng=random.Random(0), picked=picked)
    for name, token in tokens.items():
        table = at.table_of(room, token)
        assert table in second and at.load(table).place == picked[id[name]]  # a phone says
    lines = at.board(room)
    assert [line.place for line in lines] == [1, 2, 3, 5]  # what the board says
    for table in second:
        play_out(at, table, tokens)
    deal_room(desk, at, code, 4, rng=random.Random(0))  # at random: on from the last number
    assert [line.place for line in at.board(room)] == [1, 2, 3, 5, 6]


def test_a_deal_by_hand_refused_deals_nothing(db: Store, clock: Clock) -> None:
    desk, code, tokens = room_of(db, clock, ("Ana", "Bob", "Cy", "Dan", "Eve", "Fay"))
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    room = desk.find(code)
    every = {key_of(token): 1 for token in tokens.values()}
    with pytest.raises(HandRefused) as full:
        deal_room(desk, at, code, 2, picked=every)
    assert full.value.code == "full" and full.value.params["count"] == 6
    late = {key: 1 if n < 3 else 2 for n, key in enumerate(list(every)[:-1])}
    with pytest.raises(HandRefused) as missing:
        deal_room(desk, at, code, 2, picked=late)  # Fay joined after the teacher picked
    assert missing.value.params == {"names": "Fay"}
    stranger = TeacherDesk(db, lambda: clock().timestamp(), {})
    with pytest.raises(RoomError):
        deal_room(stranger, at, code, 2, picked={key: 1 + n % 2 for n, key in enumerate(every)})
    assert at.board(room) == ()
    desk.remove(code, key_of(tokens["Fay"]))
    for name in ("Ana", "Bob", "Cy", "Dan", "Eve"):
        desk.remove(code, key_of(tokens[name]))
    with pytest.raises(TableRefused) as empty:
        deal_room(desk, at, code, 2, picked=every)  # every pupil removed: no one to seat
    assert empty.value.code == "no_pupils" and at.board(room) == ()


def test_who_starts_a_table_made_by_hand_is_drawn(db: Store, clock: Clock) -> None:
    at = Tables(db, lambda: clock().timestamp(), UNLIMITED)
    firsts = set()
    for seed in range(8):
        desk, code, tokens = room_of(db, clock, ("Ana", "Bob"))
        picked = {key_of(token): 1 for token in tokens.values()}
        (id,) = deal_room(desk, at, code, 2, rng=random.Random(seed), picked=picked)
        firsts.add(at.load(id).seats[0].name)
    assert firsts == {"Ana", "Bob"}  # seat 0 plays first


# ----- the Class room page ---------------------------------------------------------------------


def app_tables() -> Tables:
    return Tables(storage.store(), time.time, UNLIMITED)


def deal(teacher: AppTest, size: int = 2) -> AppTest:
    """The teacher's *Deal the tables*, from the opened panel."""
    panel(teacher)
    teacher.selectbox(key=room_tables.SIZE).set_value(size)
    return teacher.button(key="room_tables_deal").click().run()


def by_hand(teacher: AppTest, picks: dict[AppTest, int]) -> AppTest:
    """The teacher's tables by hand, from the opened panel: each pupil's phone, their table."""
    panel(teacher)
    teacher.segmented_control(key=room_tables.HOW).set_value("by_hand").run()
    for phone, number in picks.items():
        key = room_tables.AT + key_of(str(phone.query_params["pupil"]))
        teacher.segmented_control(key=key).set_value(number)
    return teacher.button(key="room_tables_deal").click().run()


def test_the_teacher_picks_each_pupils_table_by_hand_and_a_pupil_alone_plays_a_bot() -> None:
    teacher, code = teacher_room()
    zoe, max_, ana = pupil(code, "Zoë"), pupil(code, "Max"), pupil(code, "Ana")
    panel(teacher)
    picks = [w for w in teacher.segmented_control if str(w.key).startswith(room_tables.AT)]
    assert not picks and room_tables.SIZE in {w.key for w in teacher.selectbox}  # at random
    teacher.segmented_control(key=room_tables.HOW).set_value("by_hand").run()
    picks = [w for w in teacher.segmented_control if str(w.key).startswith(room_tables.AT)]
    assert [w.value for w in picks] == [1, 1, 2]  # two by two as they joined, to start with
    assert picks[0].options == ["1", "2"]
    assert room_tables.SIZE not in {w.key for w in teacher.selectbox}
    assert t("room.tables.hand_intro", "en", high=4) in shown_text(teacher)
    by_hand(teacher, {max_: 2, ana: 1})
    assert not teacher.exception and not teacher.error
    first, second = app_tables().board(storage.store().find_room(code))
    assert sorted(first.names) == ["Ana", "Zoë"] and first.kinds == (PERSON, PERSON)
    assert second.names[0] == "Max" and second.kinds == (PERSON, BOT)
    assert t("room.tables.yours", "en", n=2) in shown_text(max_.run())
    assert t("room.tables.yours", "en", n=1) in shown_text(zoe.run())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_by_hand_with_too_many_players_is_refused_and_nothing_dealt(lang: str) -> None:
    teacher, code = teacher_room(lang)
    phones = [pupil(code, name, lang) for name in ("Zoë", "Max", "Ana", "Cy", "Bo")]
    by_hand(teacher, dict.fromkeys(phones, 1))
    said = t("room.tables.full", lang, n=1, count=5, high=4)
    assert [str(e.value) for e in teacher.error] == [said]
    assert app_tables().board(storage.store().find_room(code)) == ()
    assert "room_tables_deal" in {b.key for b in teacher.button}  # the teacher picks again
    by_hand(teacher, {phones[0]: 2, phones[1]: 2})
    assert not teacher.error and len(app_tables().board(storage.store().find_room(code))) == 2


def test_the_teacher_deals_two_pupils_into_a_table_the_board_shows_it_and_each_phone_its_seat() -> (
    None
):
    teacher, code = teacher_room()
    zoe, max_ = pupil(code, "Zoë"), pupil(code, "Max")
    assert not [b for b in zoe.button if str(b.key).startswith("room_tables")]
    deal(teacher)
    assert not teacher.exception and not teacher.error
    room = storage.store().find_room(code)
    (line,) = app_tables().board(room)
    assert sorted(line.names) == ["Max", "Zoë"]
    text = shown_text(teacher)
    assert t("room.tables.heading", "en") in text and "Table 1" in text
    current = line.names[line.current or 0]
    assert t("room.tables.turn", "en", name=current) in text
    assert "room_tables_deal" not in {b.key for b in teacher.button}  # the game goes on
    assert t("room.tables.busy", "en") in shown_text(teacher)
    for phone, name in ((zoe.run(), "Zoë"), (max_.run(), "Max")):
        assert t("room.tables.yours", "en", n=1) in shown_text(phone)
        (link,) = phone.main.get("page_link")
        assert link.proto.label == t("room.tables.go", "en")
        query = {key: value for key, (value,) in parse_qs(link.proto.query_string).items()}
        seat = opened("app_pages/table.py", **query)  # the link opened: the pupil's own seat
        assert not seat.exception
        assert t("table_page.you_are", "en", name=name) in shown_text(seat)


def test_a_pupils_link_carries_their_room_token_and_a_classmates_token_plays_no_seat() -> None:
    teacher, code = teacher_room()
    phones = {name: pupil(code, name) for name in ("Zoë", "Ana", "Cy")}
    deal(teacher, 2)  # three pupils: a table of two, and one with a bot
    room = storage.store().find_room(code)
    token = {name: str(at.query_params["pupil"]) for name, at in phones.items()}
    (link,) = phones["Zoë"].run().main.get("page_link")
    mine = app_tables().table_of(room, token["Zoë"])
    query = parse_qs(link.proto.query_string)
    assert query == {"table": [mine], "player": [token["Zoë"]], "lang": ["en"]}
    elsewhere = [name for name in ("Ana", "Cy") if app_tables().table_of(room, token[name]) != mine]
    stranger = elsewhere[0]
    assert mine is not None
    seat = opened("app_pages/table.py", "en", table=mine, player=token[stranger])
    assert t("table.refused.not_seated", "en") in [str(e.value) for e in seat.error]
    assert t("table_page.watching", "en") in shown_text(seat)


def test_without_the_teachers_token_the_board_has_no_deal_and_a_deal_is_refused() -> None:
    teacher, code = teacher_room()
    pupil(code, "Zoë")
    pupil(code, "Max")
    viewer = opened("app_pages/room.py", "en", room=code, control=new_token())
    viewer.session_state[projector.PANEL_KEY] = True
    viewer.run()
    assert not [w.key for w in [*viewer.button, *viewer.selectbox] if "tables" in str(w.key)]
    refused = TeacherDesk(storage.store(), time.time, {})  # what the deal's click calls
    with pytest.raises(RoomError) as error:
        deal_room(refused, app_tables(), code, 2)
    assert error.value.code == "not_teacher"
    panel(teacher)  # the form drawn, then the session's token no longer the room's: refused
    token = teacher.session_state[TEACHER_KEY][code]
    teacher.session_state[TEACHER_KEY] = {code: new_token()}
    teacher.button(key="room_tables_deal").click().run()
    assert app_tables().board(storage.store().find_room(code)) == ()
    teacher.session_state[TEACHER_KEY] = {code: token}
    deal(teacher)
    assert len(app_tables().board(storage.store().find_room(code))) == 1
    viewer.run()  # the class's view: the grid, nothing to pick
    assert "Table 1" in shown_text(viewer)
    assert not [w.key for w in [*viewer.button, *viewer.selectbox] if "tables" in str(w.key)]


def test_the_teacher_puts_one_table_large_and_comes_back_to_them_all() -> None:
    teacher, code = teacher_room()
    for name in ("Zoë", "Max", "Ana"):
        pupil(code, name)
    deal(teacher)
    room = storage.store().find_room(code)
    lines = app_tables().board(room)
    assert [line.place for line in lines] == [1, 2]
    teacher.selectbox(key=room_tables.PICK).set_value(lines[1].id)
    teacher.button(key="room_tables_show").click().run()
    assert not teacher.exception
    assert "room_tables_back" in {b.key for b in teacher.button}
    assert t("table_page.log", "en") in [e.label for e in teacher.expander]
    assert "**Table 2**" in shown_text(teacher)  # its number, and the game as a spectator's
    assert not any("pk-tables" in html.proto.body for html in teacher.main.get("html"))
    shown = app_tables().watch(lines[1].id)
    assert shown.table is not None
    mover = lines[1].names[shown.table.current] or t("play.bot_name.expert", "en", n=2)
    headers = [str(h.value) for h in teacher.header]
    assert t("table_page.their_turn", "en", player=mover) in headers
    teacher.button(key="room_tables_back").click().run()
    assert "Table 2" in shown_text(teacher) and "room_tables_back" not in {
        b.key for b in teacher.button
    }


def round_played(lang: str = "en") -> tuple[AppTest, str, AppTest, AppTest]:
    """A teacher's board (in `lang`) whose room dealt Zoë and Max one table played to its end."""
    teacher, code = teacher_room(lang)
    zoe, max_ = pupil(code, "Zoë"), pupil(code, "Max")
    deal(teacher)
    room = storage.store().find_room(code)
    (line,) = app_tables().board(room)
    tokens = {"Zoë": str(zoe.query_params["pupil"]), "Max": str(max_.query_params["pupil"])}
    play_out(app_tables(), line.id, tokens)
    teacher.run()
    return teacher, room, zoe, max_


def test_a_second_round_by_hand_shows_the_number_picked_on_the_board_and_the_phones() -> None:
    """The teacher tells each pupil the number clicked: the board and the phone must say it."""
    teacher, room, zoe, max_ = round_played()
    panel(teacher)
    teacher.segmented_control(key=room_tables.HOW).set_value("by_hand").run()
    picks = [w for w in teacher.segmented_control if str(w.key).startswith(room_tables.AT)]
    assert picks[0].options == ["2"] and [w.value for w in picks] == [2, 2]  # after table 1
    by_hand(teacher, {zoe: 2, max_: 2})
    assert not teacher.exception and not teacher.error
    lines = app_tables().board(room)
    assert [line.place for line in lines] == [1, 2]
    grid = "\n".join(e.proto.body for e in teacher.main.get("html"))
    assert grid.count(f">{t('room.tables.title', 'en', n=2)}</b>") == 1
    for phone in (zoe, max_):
        assert t("room.tables.yours", "en", n=2) in shown_text(phone.run())


def test_at_the_end_the_board_shows_the_results_and_the_teacher_downloads_them(
    served: list[tuple[str, bytes | None]],
) -> None:
    teacher, room, *_ = round_played()
    (line,) = app_tables().board(room)
    winners = ", ".join(line.names[seat] for seat in line.winners)
    text = shown_text(teacher)
    assert t("room.tables.results", "en") in text
    assert t("room.tables.won", "en", names=winners) in text
    assert len(teacher.get("download_button")) == 1
    panel(teacher)
    assert "room_tables_deal" in {b.key for b in teacher.button}  # a new round may be dealt
    assert ("application/zip", None) in served  # made on its click only


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_download_made_while_the_store_is_at_fault_says_the_games_are_missing(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is made after the click, where the page can say nothing: at a fault it still gives
    the results, and says in the teacher's words that the games are not in it; no failure."""
    made: list[Any] = []
    add_deferred = MediaFileManager.add_deferred

    def keep(self: MediaFileManager, data: Any, *args: Any, **kw: Any) -> str:
        made.append(data)
        return add_deferred(self, data, *args, **kw)

    monkeypatch.setattr(MediaFileManager, "add_deferred", keep)
    _, room, *_ = round_played(lang)
    zip_of = made[-1]  # the board's last run's
    with zipfile.ZipFile(io.BytesIO(zip_of())) as files:
        assert files.namelist() == [
            f"{t('room.tables.file_results', lang)}.csv",
            f"{t('room.tables.file_table', lang, n=1)}.json",
        ]

    def fault(self: Tables, room_id: str) -> None:
        raise StoreFault("the database went away")

    monkeypatch.setattr(Tables, "records", fault)
    with zipfile.ZipFile(io.BytesIO(zip_of())) as files:
        results = files.read(f"{t('room.tables.file_results', lang)}.csv").decode()
        missing = files.read(f"{t('room.tables.file_missing', lang)}.txt").decode()
        assert len(files.namelist()) == 2
    assert results == results_sheet(app_tables().board(room), lang)
    assert missing == t("room.tables.missing", lang)


def test_a_phone_looks_its_table_up_again_only_when_the_room_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    teacher, code = teacher_room()
    zoe = pupil(code, "Zoë")
    pupil(code, "Max")
    looked: list[str] = []
    table_of = Tables.table_of

    def spy(self: Tables, room: str, token: str) -> str | None:
        looked.append(room)
        return table_of(self, room, token)

    monkeypatch.setattr(Tables, "table_of", spy)
    zoe.run()
    zoe.run()  # the room unchanged: no table looked up
    assert len(looked) == 1 and not zoe.main.get("page_link")
    deal(teacher)  # the deal moves the room's pulse
    zoe.run()
    zoe.run()
    assert len(looked) == 2 and len(zoe.main.get("page_link")) == 1


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_deal_with_no_pupil_is_refused_in_the_teachers_words(lang: str) -> None:
    teacher, _ = teacher_room(lang)
    panel(teacher)
    teacher.button(key="room_tables_deal").click().run()
    assert [str(e.value) for e in teacher.error] == [t("table.refused.no_pupils", lang)]
    assert not teacher.get("download_button")


def test_every_timer_offered_is_one_a_table_takes() -> None:
    for seconds in TIMERS:
        check_settings(2, "standard", seconds)  # refused (TableRefused) past TIMER_SECONDS
    assert None in TIMERS  # a teacher may also play without one
