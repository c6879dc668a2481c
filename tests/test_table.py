"""Tables played from many devices, on both backends: seats and their links, fair dice, moves by
number, the timer's bot, what each reader sees, a room's tables, and two writers at once.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from datetime import timedelta

import pytest

from pickomino.activities.table import (
    BOT,
    MAX_TABLES,
    SEAT_COOKIE,
    BoardLine,
    TableRefused,
    Tables,
    View,
    deal_at_random,
    deal_by_hand,
    held,
)
from pickomino.bots import strategy
from pickomino.game import IllegalMove, Move, TableError
from pickomino.i18n import LANGS, t
from pickomino.match import PERSON, Match
from pickomino.rooms import (
    KEPT_AFTER,
    MAX_PUPILS,
    Limit,
    Pupil,
    RoomError,
    close_room,
    new_code,
    new_token,
    open_room,
)
from pickomino.rooms import pupil_id as key_of
from pickomino.store import ExpiredDocument, Store, open_store
from tests.stores import Clock
from tests.tables import table

PLAYS = strategy("heuristic")


def tables(store: Store, clock: Clock, moves: Limit | None = None) -> Tables:
    return Tables(store, lambda: clock().timestamp(), moves)


def seated_pair(db: Store, clock: Clock, timer: int | None = None) -> tuple[Tables, str, str, str]:
    """A host's table of two, both seats claimed: the tables, its id, Ana's and Bob's tokens."""
    at = tables(db, clock)
    opened = at.open(2, timer=timer)
    ana = at.claim(opened.id, opened.links[0], "Ana")
    bob = at.claim(opened.id, opened.links[1], "Bob")
    return at, opened.id, ana, bob


def next_move(at: Tables, id: str) -> tuple[int, Move]:
    """The move the seat to move makes now (a rule of thumb's) and the number it carries."""
    sitting = at.load(id)
    assert sitting.match is not None
    return sitting.played, PLAYS(sitting.match.table)


def version(db: Store, id: str) -> int:
    return db.read("table", id).version


def test_a_whole_game_between_two_seats_replays_exactly_from_its_record_and_seed(
    db: Store, clock: Clock
) -> None:
    at, id, ana, bob = seated_pair(db, clock)
    seed = at.load(id).seed
    while not at.load(id).over:
        number, move = next_move(at, id)
        current = at.load(id).match.table.current  # type: ignore[union-attr]
        at.play(id, (ana, bob)[current], number, move)
        clock.advance(timedelta(seconds=1))  # a player's pace: under the limit of moves
    view = at.watch(id)
    assert view.over and view.finished is not None
    finished = view.finished
    assert finished.seed == seed and finished.data["seed"] == seed
    record = finished.record
    assert record.names == ("Ana", "Bob") and len(record.moves) == view.number > 20
    # the record replays to the same end, and its choices played again from the seed alone
    # (every roll drawn again) give the same dice, move for move
    assert record.replay()[0] == view.table
    again = Match.new((PERSON, PERSON), ("Ana", "Bob"), finished.seed)
    for move in record.moves:
        again = again.play(replace(move, faces=None) if move.kind == "roll" else move)
    assert [step.move for step in again.steps] == list(record.moves)
    assert again.table == view.table
    assert Match.from_data(dict(finished.data)).table == view.table
    # each player sees the same end, told in every language
    for token, seat in ((ana, 0), (bob, 1)):
        mine = at.seat(id, token)
        assert mine.seat == seat and mine.finished == finished and not mine.moves()
        for lang in LANGS:
            told = mine.told(lang)
            assert len(told) > len(record.moves) and all(told)
    with pytest.raises(TableRefused) as over:
        at.play(id, ana, view.number, Move("roll"))
    assert over.value.code == "game_over"


def test_the_seed_is_in_no_view_before_the_end(db: Store, clock: Clock) -> None:
    at, id, ana, bob = seated_pair(db, clock)
    seed = str(at.load(id).seed)
    number, move = next_move(at, id)
    at.play(id, ana, number, move)
    views: list[View] = [at.seat(id, ana), at.seat(id, bob), at.watch(id)]
    for view in views:
        assert view.finished is None
        assert seed not in repr(view)
    assert ana not in repr(at.watch(id)) and bob not in repr(at.watch(id))
    opened = at.open(3)
    assert seed not in repr(opened)  # a host's links, the only addresses, hold no seed either


def test_a_move_sent_twice_or_late_is_refused_by_its_number_and_changes_nothing(
    db: Store, clock: Clock
) -> None:
    at, id, ana, bob = seated_pair(db, clock)
    number, move = next_move(at, id)
    at.play(id, ana, number, move)  # the first roll
    stored = version(db, id)
    for token, sent in ((ana, number), (ana, number + 5), (bob, number)):
        with pytest.raises(TableRefused) as refused:
            at.play(id, token, sent, move)
        assert refused.value.code == "stale_move"
        assert version(db, id) == stored and at.load(id).played == number + 1
    with pytest.raises(TableRefused) as turn:
        at.play(id, bob, number + 1, Move("roll"))
    assert turn.value.code == "not_your_turn" and version(db, id) == stored
    with pytest.raises(IllegalMove) as illegal:  # a roll waits for a keep: the rules refuse it
        at.play(id, ana, number + 1, Move("stop"))
    assert illegal.value.code == "not_now_keep"
    assert version(db, id) == stored


def test_a_roll_cannot_name_its_dice(db: Store, clock: Clock) -> None:
    at, id, ana, _ = seated_pair(db, clock)
    with pytest.raises(TableRefused) as refused:
        at.play(id, ana, 0, Move("roll", faces=("W",) * 8))
    assert refused.value.code == "faces_given" and at.load(id).played == 0


def test_another_seats_link_or_token_is_refused(db: Store, clock: Clock) -> None:
    at = tables(db, clock)
    opened = at.open(3)
    ana = at.claim(opened.id, opened.links[0], "Ana")
    with pytest.raises(TableRefused) as other:  # Ana opens the second seat's link
        at.claim(opened.id, opened.links[1], "Ana two", held=ana)
    assert other.value.code == "other_seat"
    with pytest.raises(TableRefused) as taken:  # someone else opens Ana's link
        at.claim(opened.id, opened.links[0], "Zed")
    assert taken.value.code == "seat_taken"
    with pytest.raises(TableRefused) as alike:
        at.claim(opened.id, opened.links[1], "ANA")
    assert alike.value.code == "name_taken"
    with pytest.raises(TableRefused) as unknown:
        at.claim(opened.id, new_token(), "Bob")
    assert unknown.value.code == "unknown_seat"
    for stranger in (new_token(), opened.host, opened.links[1]):
        with pytest.raises(TableRefused) as refused:
            at.seat(opened.id, stranger)
        assert refused.value.code == "not_seated"
    assert at.seat(opened.id, ana).seat == 0 and not at.seat(opened.id, ana).started


def test_a_reload_comes_back_as_the_same_seat(db: Store, url: str, clock: Clock) -> None:
    at, id, ana, bob = seated_pair(db, clock)
    number, move = next_move(at, id)
    at.play(id, ana, number, move)
    with open_store(url, clock) as other:  # another server, or the same after a restart
        again = tables(other, clock)
        assert again.seat(id, ana).seat == 0 and again.seat(id, bob).seat == 1
        assert again.seat(id, ana).mine and again.seat(id, ana).number == number + 1
        assert again.watch(id).log == at.watch(id).log


def test_the_host_sends_the_links_again_and_gives_an_empty_seat_to_a_bot(
    db: Store, clock: Clock
) -> None:
    at = tables(db, clock)
    opened = at.open(2)
    assert at.links(opened.id, opened.host) == opened.links
    ana = at.claim(opened.id, opened.links[0], "Ana")
    assert at.claim(opened.id, opened.links[0], "Other name", held=ana) == ana  # a reload
    for token in (ana, None, new_token()):
        with pytest.raises(TableRefused) as refused:
            at.give_bot(opened.id, token, 1)
        assert refused.value.code == "not_host"
    with pytest.raises(TableRefused) as last:
        at.give_bot(opened.id, opened.host, 0)
    assert last.value.code == "seat_taken"
    at.give_bot(opened.id, opened.host, 1, BOT)
    view = at.seat(opened.id, ana)
    assert view.started and view.kinds == (PERSON, BOT) and view.mine
    while not any(line.seat == 1 for line in at.watch(opened.id).log):
        number, move = next_move(at, opened.id)
        at.play(opened.id, ana, number, move)
        clock.advance(timedelta(seconds=1))
    # the bot played its whole turn at once, in the same change as Ana's last move
    after = at.seat(opened.id, ana)
    assert after.mine or after.over
    assert any(line.seat == 1 for line in after.log)


def test_a_table_keeps_a_seat_for_a_person(db: Store, clock: Clock) -> None:
    at = tables(db, clock)
    opened = at.open(2)
    at.give_bot(opened.id, opened.host, 0)
    with pytest.raises(TableRefused) as refused:
        at.give_bot(opened.id, opened.host, 1)
    assert refused.value.code == "no_person"


def test_the_hints_are_the_seat_to_moves_and_only_if_the_host_allows_them(
    db: Store, clock: Clock
) -> None:
    at = tables(db, clock)
    with_hints = at.open(2, hints=True)
    without = at.open(2, hints=False)
    for opened, allowed in ((with_hints, True), (without, False)):
        ana = at.claim(opened.id, opened.links[0], "Ana")
        bob = at.claim(opened.id, opened.links[1], "Bob")
        number, move = next_move(at, opened.id)
        at.play(opened.id, ana, number, move)  # Ana's roll: a keep to decide
        assert (at.seat(opened.id, ana).analysis() is not None) is allowed
        assert at.seat(opened.id, bob).analysis() is None  # not Bob's move
        assert at.watch(opened.id).analysis() is None


def test_when_the_time_runs_out_a_bot_plays_the_move_and_the_log_says_so(
    db: Store, clock: Clock
) -> None:
    at, id, ana, bob = seated_pair(db, clock, timer=30)
    stored = version(db, id)
    clock.advance(timedelta(seconds=29))
    assert at.seat(id, ana).left == pytest.approx(1.0)
    assert at.advance(id).number == 0 and version(db, id) == stored  # not yet: nothing written
    clock.advance(timedelta(seconds=1))
    assert at.advance(id).number == 1
    assert at.advance(id).number == 1  # the timer restarted with the bot's move: nothing more
    view = at.seat(id, bob)
    line = view.log[-1]
    assert line.timed and line.seat == 0 and line.number == 0
    assert view.told("en")[0] == t("table.log.timed_they", "en", player="Ana")
    assert at.seat(id, ana).told("en")[0] == t("table.log.timed_you", "en")
    assert at.seat(id, ana).left == pytest.approx(30.0)


def test_the_moves_of_a_seat_are_limited_per_minute(db: Store, clock: Clock) -> None:
    _, id, ana, _ = seated_pair(db, clock)
    limited = tables(db, clock, Limit(2))
    for _ in range(2):
        with pytest.raises(TableRefused) as stale:
            limited.play(id, ana, 7, Move("roll"))
        assert stale.value.code == "stale_move"
    with pytest.raises(TableRefused) as fast:
        limited.play(id, ana, 0, Move("roll"))  # a right move too, once the minute is full
    assert fast.value.code == "too_fast"
    clock.advance(timedelta(seconds=60))
    assert limited.play(id, ana, 0, Move("roll")).number == 1


def test_two_writers_at_once_lose_no_move_and_apply_none_twice(
    db: Store, url: str, clock: Clock
) -> None:
    at, id, ana, bob = seated_pair(db, clock)
    with open_store(url, clock) as second:
        writers = (at, tables(second, clock))
        for _ in range(12):
            sitting = at.load(id)
            if sitting.over:
                break
            number, move = next_move(at, id)
            token = (ana, bob)[sitting.match.table.current]  # type: ignore[union-attr]
            done: list[str] = []
            start = threading.Barrier(2)
            threads = [
                threading.Thread(target=send, args=(writer, start, done, (id, token, number, move)))
                for writer in writers
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(done) == ["played", "stale_move"]
            assert at.load(id).played == number + 1
            clock.advance(timedelta(seconds=1))


def send(
    writer: Tables, start: threading.Barrier, done: list[str], sent: tuple[str, str, int, Move]
) -> None:
    """One writer's move, sent as the other's is: what it did ("played"), or its refusal."""
    start.wait()
    try:
        writer.play(*sent)
        done.append("played")
    except TableRefused as refused:
        done.append(refused.code)


def test_a_rooms_pupils_are_dealt_at_random_by_a_seeded_draw() -> None:
    pupils = [Pupil(f"p{n}", f"Pupil {n}") for n in range(7)] + [Pupil("gone", "Gone", True)]
    dealt = deal_at_random(pupils, 4, random.Random(5))
    assert dealt == deal_at_random(pupils, 4, random.Random(5))
    assert [len([p for p in table if p]) for table in dealt] == [4, 3]
    assert all(len(table) == 4 for table in dealt)  # the empty seat is a bot's
    seated = sorted(p.id for table in dealt for p in table if p)
    assert seated == sorted(f"p{n}" for n in range(7))
    assert dealt != deal_at_random(pupils, 4, random.Random(6))
    many = [Pupil(f"p{n}", f"P{n}") for n in range(2 * MAX_TABLES + 1)]
    with pytest.raises(TableRefused) as refused:
        deal_at_random(many, 2, random.Random(0))
    assert refused.value.code == "many_tables"
    with pytest.raises(TableRefused) as size:
        deal_at_random(pupils, 5, random.Random(0))
    assert size.value.code == "seat_count"


def test_a_teacher_deals_tables_by_hand() -> None:
    pupils = [Pupil("a", "Ana"), Pupil("b", "Bob"), Pupil("c", "Cy")]
    dealt = deal_by_hand(pupils, [["a", "b"], ["c"]])
    assert dealt == ((pupils[0], pupils[1]), (pupils[2], None))
    for groups in ([["a", "b"], ["b", "c"]], [["a", "x"]]):
        with pytest.raises(TableRefused) as twice:
            deal_by_hand(pupils, groups)
        assert twice.value.code == "pupil_twice"
    with pytest.raises(TableRefused) as empty:
        deal_by_hand(pupils, [[]])
    assert empty.value.code == "seat_count"


def test_a_rooms_tables_are_played_by_its_pupils_tokens_and_shown_on_its_board(
    db: Store, clock: Clock
) -> None:
    teacher = new_token()
    code = new_code()
    now = clock().timestamp()
    room = db.create_room(
        code, open_room(code, teacher, "en", now).to_json(), MAX_PUPILS, KEPT_AFTER
    )
    tokens = {name: new_token() for name in ("Ana", "Bob", "Cy")}
    for name, token in tokens.items():
        assert db.join_room(room.id, key_of(token), name) == "joined"
    pupils = [Pupil(*row) for row in db.pupils(room.id)]
    at = tables(db, clock)
    dealt = deal_by_hand(
        pupils, [[key_of(tokens["Ana"]), key_of(tokens["Bob"])], [key_of(tokens["Cy"])]]
    )
    with pytest.raises(RoomError) as refused:
        at.deal(room.id, tokens["Ana"], dealt)
    assert refused.value.code == "not_teacher"
    ids = at.deal(room.id, teacher, dealt, timer=60)
    assert len(ids) == 2
    first = at.seat(ids[0], tokens["Ana"])
    assert first.seat == 0 and first.mine and first.names == ("Ana", "Bob")
    assert not first.hints_allowed  # a class match: no odds unless the teacher allows them
    assert at.seat(ids[0], tokens["Bob"]).seat == 1
    with pytest.raises(TableRefused):
        at.seat(ids[1], tokens["Ana"])  # not Ana's table
    assert at.seat(ids[1], tokens["Cy"]).kinds == (PERSON, BOT)
    assert [at.table_of(room.id, tokens[name]) for name in ("Ana", "Bob", "Cy")] == [
        ids[0],
        ids[0],
        ids[1],
    ]
    assert at.table_of(room.id, teacher) is None
    assert at.links(ids[0], teacher) == ()  # no link opens a seat dealt to a pupil
    number, move = next_move(at, ids[0])
    at.play(ids[0], tokens["Ana"], number, move)
    board = at.board(room.id)
    assert [line.id for line in board] == list(ids)
    assert [line.place for line in board] == [1, 2]
    line: BoardLine = board[0]
    assert line.current == 0 and line.last is not None and line.last.number == 0
    assert line.scores == (0, 0) and not line.over and line.winners == ()
    assert board[1].names == ("Cy", "")


def test_a_rooms_finished_table_gives_its_result_and_record_and_a_closed_room_deals_none(
    db: Store, clock: Clock
) -> None:
    teacher, code = new_token(), new_code()
    room = open_room(code, teacher, "en", clock().timestamp())
    stored = db.create_room(code, room.to_json(), MAX_PUPILS, KEPT_AFTER)
    ana = new_token()
    at = tables(db, clock)
    (id,) = at.deal(stored.id, teacher, ((Pupil(key_of(ana), "Ana"), None),), rules="short")
    assert at.records(stored.id) == ()
    while not at.load(id).over:
        number, move = next_move(at, id)
        at.play(id, ana, number, move)
        clock.advance(timedelta(seconds=1))
    (line,) = at.board(stored.id)
    view = at.seat(id, ana)
    assert line.over and line.current is None and line.winners == view.table.winners()  # type: ignore[union-attr]
    assert line.scores == view.table.scores()  # type: ignore[union-attr]
    assert at.records(stored.id) == ((1, view.finished),)
    db.update_room(
        stored.id,
        close_room(room, clock().timestamp()).to_json(),
        db.read("room", stored.id).version,
        None,
        KEPT_AFTER,
    )
    with pytest.raises(RoomError) as closed:
        at.deal(stored.id, teacher, ((Pupil(key_of(ana), "Ana"), None),))
    assert closed.value.code == "closed"


def test_a_rooms_tables_are_erased_with_the_room(db: Store, clock: Clock) -> None:
    teacher, code = new_token(), new_code()
    room = open_room(code, teacher, "en", clock().timestamp())
    stored = db.create_room(code, room.to_json(), MAX_PUPILS, KEPT_AFTER)
    ana = new_token()
    at = tables(db, clock)
    (id,) = at.deal(stored.id, teacher, ((Pupil(key_of(ana), "Ana"), None),))
    own = at.open(2).id  # a host's table belongs to no room: it stays
    clock.advance(KEPT_AFTER - timedelta(minutes=1))
    number, move = next_move(at, id)
    at.play(id, ana, number, move)  # the table played on: still erased with its room
    clock.advance(timedelta(minutes=2))
    db.purge()
    assert at.board(stored.id) == ()
    with pytest.raises(ExpiredDocument):
        at.seat(id, ana)
    assert at.watch(own).seat is None


def test_a_room_holds_at_most_thirty_tables(db: Store, clock: Clock) -> None:
    teacher = new_token()
    code = new_code()
    room = db.create_room(
        code, open_room(code, teacher, "en", clock().timestamp()).to_json(), MAX_PUPILS, KEPT_AFTER
    )
    ana = Pupil("a", "Ana")
    at = tables(db, clock)
    assert len(at.deal(room.id, teacher, ((ana, None),) * (MAX_TABLES - 1))) == MAX_TABLES - 1
    with pytest.raises(TableRefused) as refused:
        at.deal(room.id, teacher, ((ana, None),) * 2)
    assert refused.value.code == "many_tables"
    assert len(at.board(room.id)) == MAX_TABLES - 1
    at.deal(room.id, teacher, ((ana, None),))
    assert [line.place for line in at.board(room.id)] == list(range(1, MAX_TABLES + 1))


def test_a_table_refuses_settings_no_game_is_played_with(db: Store, clock: Clock) -> None:
    at = tables(db, clock)
    for seats, rules, timer, code in (
        (1, "standard", None, "seat_count"),
        (8, "standard", None, "seat_count"),
        (2, "nonsense", None, "unknown_rules"),
        (2, "standard", 3, "bad_timer"),
    ):
        with pytest.raises(TableRefused) as refused:
            at.open(seats, rules, timer=timer)
        assert refused.value.code == code
    assert len(at.open(7).links) == 7


def test_a_table_may_begin_from_a_given_table_checked_by_the_engine(
    db: Store, clock: Clock
) -> None:
    # two tiles left in the middle: the game's end is a few turns away, and its record replays
    # from that table, which the stored table keeps until both seats are taken
    near_end = table(middle=[35, 36], stacks=[[21, 22], [23]], current=1)
    at = tables(db, clock)
    opened = at.open(2, start=near_end)
    assert at.watch(opened.id).table is None  # the game begins once both seats are taken
    ana = at.claim(opened.id, opened.links[0], "Ana")
    bob = at.claim(opened.id, opened.links[1], "Bob")
    assert at.watch(opened.id).table == near_end
    played = 0
    while not (view := at.watch(opened.id)).over:
        assert view.table is not None
        at.play(opened.id, (ana, bob)[view.table.current], view.number, PLAYS(view.table))
        clock.advance(timedelta(seconds=1))
        played += 1
        assert played < 200
    finished = at.watch(opened.id).finished
    assert finished is not None and finished.record.table == near_end
    assert finished.record.replay()[0] == at.watch(opened.id).table
    # refused before anything is stored: a table no game reaches, another seat count, a game over
    bad = replace(near_end, middle=(35,))  # tile 36 nowhere
    with pytest.raises(TableError) as missing:
        at.open(2, start=bad)
    assert missing.value.code == "tile_missing"
    with pytest.raises(ValueError, match="3 seats"):
        at.open(2, start=table(players=3, middle=[35]))
    with pytest.raises(ValueError, match="over already"):
        at.open(2, start=table(middle=[], stacks=[[21], [22]]))


def test_two_deals_at_once_never_pass_the_rooms_limit_together(
    db: Store, url: str, clock: Clock
) -> None:
    code = new_code()
    room = open_room(code, new_token(), "en", clock().timestamp())
    id = db.create_room(code, room.to_json(), MAX_PUPILS, KEPT_AFTER).id
    made: list[int] = []
    start = threading.Barrier(2)

    def add(store: Store) -> None:
        start.wait()
        found = store.create_owned("table", id, [{"n": n} for n in range(20)], MAX_TABLES)
        made.append(0 if found is None else len(found))

    with open_store(url, clock) as second:
        threads = [threading.Thread(target=add, args=(store,)) for store in (db, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(made) == [0, 20]
    assert len(db.owned("table", id)) == 20


def test_a_new_tab_finds_its_seat_by_the_cookie_the_session_first(db: Store, clock: Clock) -> None:
    at = tables(db, clock)
    opened = at.open(3)
    ana = at.claim(opened.id, opened.links[0], "Ana")
    cookies = {SEAT_COOKIE + opened.id: ana, SEAT_COOKIE + "other": "someone"}
    token = held(opened.id, {}, cookies.get)  # a new tab: no token in its session
    assert token == ana
    assert at.claim(opened.id, opened.links[0], "", token) == ana  # her seat given back
    with pytest.raises(TableRefused) as refused:  # another seat's link, from her browser
        at.claim(opened.id, opened.links[1], "Bob", token)
    assert refused.value.code == "other_seat"
    assert held(opened.id, {opened.id: "mine"}, cookies.get) == "mine"  # the session's first
    assert held(opened.id, {}, {}.get) is None
    assert held(opened.id, {"other": ana}, {SEAT_COOKIE + "other": ana}.get) is None
