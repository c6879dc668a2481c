"""A room's rules without a server: codes, tokens, nicknames, questions, the tally, the sheet.

`pickomino.rooms` is pure, so each rule of the live classroom is checked here on values; the
store's half (atomic joins and answers, on SQLite and PostgreSQL) is in `tests/test_store.py`.
"""

from __future__ import annotations

import csv
import io
import random

import pytest

from pickomino import rooms
from pickomino.names import MIN_NAME, NAME_CHARS
from pickomino.rooms import (
    CODE_LENGTH,
    Answer,
    Pupil,
    Room,
    RoomError,
    WrongCodes,
)
from pickomino.scenario import parse
from tests.tables import table

DECIDE = table(middle=[21, 22, 23, 24, 25], kept=["W", "W", "5"], rolled=["5", "4", "4", "3", "1"])
"""A roll waiting for a keep: four values can be set aside."""


def room() -> Room:
    return rooms.open_room("ABCDEFG", "teacher-secret", "fr", 1000.0)


def test_codes_are_drawn_from_unambiguous_letters_and_read_leniently() -> None:
    drawn = {rooms.new_code() for _ in range(200)}
    assert len(drawn) == 200
    for code in drawn:
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(rooms.CODE_LETTERS)
        assert not set(code) & set("IO01")
        assert rooms.read_code(f" {code[:3].lower()}-{code[3:]} ") == code


@pytest.mark.parametrize("typed", ["", "ABC", "ABCDEFGH", "ABCDEF0", "abcdefi", "ABC*EFG"])
def test_a_misread_code_is_refused_before_any_look_up(typed: str) -> None:
    with pytest.raises(RoomError) as refused:
        rooms.read_code(typed)
    assert refused.value.code == "bad_code"
    assert refused.value.params == {"length": CODE_LENGTH}


def test_only_the_teacher_token_allows_a_teacher_action() -> None:
    opened = room()
    assert "teacher-secret" not in str(opened.to_json())  # only its digest is kept
    rooms.check_teacher(opened, "teacher-secret")
    for wrong in (None, "", "teacher-secreT", rooms.new_token()):
        with pytest.raises(RoomError) as refused:
            rooms.check_teacher(opened, wrong)
        assert refused.value.code == "not_teacher"


def test_pupil_ids_are_short_digests_of_distinct_tokens() -> None:
    tokens = {rooms.new_token() for _ in range(50)}
    ids = {rooms.pupil_id(token) for token in tokens}
    assert len(ids) == 50
    assert all(len(id) == 20 and id not in tokens for id in ids)
    token = next(iter(tokens))
    assert rooms.pupil_id(token) == rooms.pupil_id(token)


@pytest.mark.parametrize(
    "typed",
    [
        "Zoé",
        "Zoë",
        "Ana-Lou",
        "Jan de Vries",
        "Ben.K",
        "O'Neil",
        "O’Neil",
        "李小龙",
        "Jo 2",
        "  Kim  ",
    ],
)
def test_a_real_name_is_kept_as_typed(typed: str) -> None:
    assert rooms.nickname(typed) == typed.strip()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ａｎａ", "Ana"),  # fullwidth letters
        ("𝐙𝐨𝐞", "Zoe"),  # mathematical bold
        ("Zoe\u0301", "Zoé"),  # the accent typed apart, composed
        ("Ana\u00a0\u3000Lou", "Ana Lou"),  # a no-break and an ideographic space
    ],
)
def test_a_nickname_is_kept_in_its_normal_form(typed: str, kept: str) -> None:
    assert rooms.nickname(typed) == kept


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("**bold**", "bad_nickname"),
        ("<img src=x>", "bad_nickname"),
        (":smile:", "bad_nickname"),
        ("=1+1", "bad_nickname"),
        ("line\nbreak", "bad_nickname"),
        ("x", "bad_nickname"),
        ("..", "bad_nickname"),
        ("", "bad_nickname"),
        ("a\u202eb", "hidden_nickname"),  # right-to-left override
        ("zero\u200bwidth", "hidden_nickname"),
        ("\u3164\u3164\u3164", "hidden_nickname"),  # Hangul fillers: a name of blanks
        ("Ana\u3164", "hidden_nickname"),
        ("Ana\ufe0f", "hidden_nickname"),  # a variation selector
        ("Z\u0338\u0322\u031bo\u0336\u0321e\u0337\u031b", "stacked_nickname"),  # zalgo
        ("\u0301Ana", "stacked_nickname"),  # a mark on no letter
        ("A" * (NAME_CHARS + 1), "long_nickname"),
        ("A" * 200, "long_nickname"),  # sent over the websocket, past the field's max_chars
        ("[x](http://evil.example)", "long_nickname"),
    ],
)
def test_a_hostile_nickname_is_refused_with_its_reason(typed: str, code: str) -> None:
    with pytest.raises(RoomError) as refused:
        rooms.nickname(typed)
    assert refused.value.code == code
    assert refused.value.params == {"low": MIN_NAME, "high": NAME_CHARS}


def test_a_decision_question_offers_the_legal_moves_and_knows_the_best() -> None:
    asked = rooms.ask_decision(room(), DECIDE, 1000.0)
    question = asked.question
    assert question is not None
    moves = DECIDE.legal_moves()
    assert question.options == len(moves) >= 2
    from pickomino.odds import analyse

    assert moves[question.right] == analyse(DECIDE).recommended.move
    assert (question.number, question.open, question.shown, question.revealed) == (
        1,
        True,
        False,
        False,
    )
    assert Room.from_json(asked.to_json()) == asked


def test_a_table_with_nothing_to_decide_is_refused() -> None:
    start = table(middle=[21, 22, 23])  # a turn's start: only a roll
    with pytest.raises(RoomError) as refused:
        rooms.ask_decision(room(), start, 1000.0)
    assert refused.value.code == "no_decision"


def test_questions_follow_each_other_and_the_last_one_is_kept_finished() -> None:
    first = rooms.ask_decision(room(), DECIDE, 1000.0)
    second = rooms.ask_decision(first, DECIDE, 1000.0)
    assert second.question is not None and second.question.number == 2
    assert [q.number for q in second.asked] == [1, 2]
    assert not second.asked[0].open
    assert second.asked[1] == second.question


def test_answers_go_only_to_the_open_question_until_its_reveal() -> None:
    asked = rooms.ask_decision(room(), DECIDE, 1000.0)
    rooms.check_answer(asked, 1, 0, 1001.0)
    assert rooms.open_question(asked, 1001.0) == 1
    for number, option, code in ((2, 0, "question_closed"), (1, 99, "bad_option")):
        with pytest.raises(RoomError) as refused:
            rooms.check_answer(asked, number, option, 1001.0)
        assert refused.value.code == code
    for finished in (rooms.close_question(asked), rooms.reveal(asked), rooms.close_room(asked, 2)):
        assert rooms.open_question(finished, 1001.0) is None
        with pytest.raises(RoomError) as refused:
            rooms.check_answer(finished, 1, 0, 1001.0)
        assert refused.value.code == "question_closed"
    shown = rooms.show_distribution(asked)
    assert shown.question is not None and shown.question.shown and shown.question.open


def test_a_timer_closes_the_question_by_itself() -> None:
    asked = rooms.set_timer(rooms.ask_decision(room(), DECIDE, 1000.0), 30, 1000.0)
    assert rooms.open_question(asked, 1029.9) == 1
    assert rooms.open_question(asked, 1030.0) is None
    with pytest.raises(RoomError) as refused:
        rooms.set_timer(asked, 3, 1000.0)
    assert refused.value.params == {"low": 5, "high": 600}


def test_no_question_can_be_changed_before_one_is_asked() -> None:
    with pytest.raises(RoomError) as refused:
        rooms.reveal(room())
    assert refused.value.code == "no_question"


def test_a_room_closes_when_the_teacher_says_or_after_its_idle_time() -> None:
    opened = room()
    idle = rooms.IDLE_CLOSE.total_seconds()
    assert not rooms.is_closed(opened, 1000.0, 1000.0 + idle - 1)
    assert rooms.is_closed(opened, 1000.0, 1000.0 + idle)
    closed = rooms.close_room(opened, 1500.0)
    assert rooms.is_closed(closed, 1500.0, 1500.0)
    with pytest.raises(RoomError) as refused:
        rooms.check_open(closed, 1500.0, 1500.0)
    assert refused.value.code == "closed"


def test_the_tally_counts_each_pupil_once_and_the_majority_says_why() -> None:
    question = rooms.ask_decision(room(), DECIDE, 1000.0).question
    assert question is not None
    best = question.right
    other = (best + 1) % question.options
    assert rooms.tally(question, {"a": other, "b": other, "c": best, "d": 99}) == tuple(
        2 if option == other else int(option == best) for option in range(question.options)
    )
    assert rooms.majority(question, {"a": other, "b": other, "c": best}) == (other, "vote")
    assert rooms.majority(question, {"a": other, "c": best}) == (best, "tie")
    assert rooms.majority(question, {}) == (best, "nobody")
    third = (best + 2) % question.options  # DECIDE offers four moves: neither best nor other
    # a tie without the best move: the first of the tied
    assert rooms.majority(question, {"a": other, "b": third}) == (min(other, third), "tie")


def test_the_answer_sheet_escapes_what_a_spreadsheet_would_compute() -> None:
    asked = rooms.ask_decision(room(), DECIDE, 1000.0)
    question = asked.question
    assert question is not None
    pupils = [Pupil("p1", "Zoë"), Pupil("p2", "=HYPERLINK(1)"), Pupil("p3", "-2+3")]
    answers = [
        Answer("p1", 1, question.right),
        Answer("p2", 1, (question.right + 1) % question.options),
        Answer("p3", 1, question.right),
        Answer("gone", 1, 0),  # a removed pupil's answer is not written
    ]
    header = ["nickname", "question", "answer", "right"]

    def worded(asked: rooms.Question, option: int) -> str:  # the caller's words, one a formula
        return "=best" if option == asked.right else f"choice {option}"

    text = rooms.answer_sheet(asked, pupils, answers, header, worded)
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == header
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Zoë", "'=HYPERLINK(1)", "'-2+3"}
    assert by_name["Zoë"][1:] == ["1", "'=best", "1"]
    wrong = (question.right + 1) % question.options
    assert by_name["'=HYPERLINK(1)"][2] == f"choice {wrong}"
    assert by_name["'=HYPERLINK(1)"][3] == "0"
    assert by_name["'-2+3"][3] == "1"
    assert all(not row[2].startswith(rooms.FORMULA_START) for row in rows[1:])


@pytest.mark.parametrize("value", ["=1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_every_formula_start_is_quoted(value: str) -> None:
    assert rooms.cell(value) == "'" + value
    assert rooms.cell("a" + value) == "a" + value


def test_wrong_codes_are_limited_per_server_then_forgotten() -> None:
    limit = WrongCodes(limit=3, window=60.0)
    for second in (0.0, 1.0, 2.0):
        limit.check(second)
        limit.wrong(second)
    with pytest.raises(RoomError) as refused:
        limit.check(30.0)
    assert refused.value.code == "too_many"
    assert "open again in 30 s" in str(refused.value)
    limit.check(60.5)  # the first wrong code is a minute old: one more try is open


def test_a_limit_counts_each_key_apart_over_its_window() -> None:
    limit = rooms.Limit(2, window=60.0)
    for second in (0.0, 10.0):
        assert not limit.full("203.0.113.7", second)
        limit.count("203.0.113.7", second)
    assert limit.full("203.0.113.7", 59.9)
    assert not limit.full("198.51.100.2", 59.9)  # another address is not held
    assert not limit.full("203.0.113.7", 60.0)  # the first is a minute old; asking counted nothing
    limit.count("203.0.113.7", 60.0)
    assert limit.full("203.0.113.7", 69.9)


def test_a_limit_forgets_the_keys_gone_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rooms.limit, "LIMITED_KEYS", 3)
    limit = rooms.Limit(1, window=60.0)
    for n in range(3):
        limit.count(f"old {n}", 0.0)
    limit.count("new", 30.0)  # a fourth key, the old ones still in their minute
    assert all(limit.full(f"old {n}", 30.0) for n in range(3))
    limit.count("newer", 61.0)  # a fifth: the old ones are a minute old, forgotten
    assert len(limit._times) == 2
    assert limit.full("new", 61.0) and limit.full("newer", 61.0)


def test_a_quiz_question_carries_its_code_and_index() -> None:
    rng = random.Random(4)
    asked = rooms.ask_quiz(room(), "K7QM-E5", 2, DECIDE, 4, rng.randrange(4), 1000.0)
    question = asked.question
    assert question is not None
    assert question.quiz == ("K7QM-E5", 2)
    assert Room.from_json(asked.to_json()) == asked


def test_the_class_score_per_rule_counts_revealed_questions_and_says_what_to_teach_again() -> None:
    first = rooms.ask_quiz(room(), "K7QM-E3", 0, DECIDE, 3, 1, 1000.0)
    assert rooms.next_in_quiz(first, 3) == 1
    second = rooms.ask_quiz(rooms.reveal(first), "K7QM-E3", 1, DECIDE, 3, 0, 1000.0)
    third = rooms.ask_quiz(rooms.reveal(second), "K7QM-E3", 2, DECIDE, 3, 2, 1000.0)
    assert rooms.next_in_quiz(third, 3) is None
    rules = {1: "exact", 2: "steal", 3: "exact"}
    answers = [
        Answer("a", 1, 1),
        Answer("b", 1, 1),
        Answer("c", 1, 0),
        Answer("a", 2, 0),
        Answer("b", 2, 0),
        Answer("a", 3, 0),  # question 3 is not revealed yet: not counted
    ]
    tallies = rooms.class_by_rule(third.asked, rules, answers)
    assert [(x.rule, x.right, x.asked, x.teach_again) for x in tallies] == [
        ("exact", 2, 3, True),
        ("steal", 2, 2, False),
    ]
    assert rooms.next_in_quiz(rooms.ask_decision(room(), DECIDE, 1000.0), 3) is None


def test_the_class_plays_the_expert_by_majority_the_teacher_overriding_when_they_choose() -> None:
    playing = rooms.start_game(room(), seed=7, now=1000.0)
    question = playing.question
    assert question is not None and question.activity == "bot"
    match = rooms.game_of(playing)
    assert match.to_play == "person" and len(match.table.legal_moves()) >= 2
    assert parse_table(question.table) == match.table
    with pytest.raises(RoomError) as refused:  # the odds first, then the move
        rooms.play_class_move(playing, {"a": 0}, 1000.0)
    assert refused.value.code == "not_revealed"
    voted = (question.right + 1) % question.options
    after = rooms.play_class_move(rooms.reveal(playing), {"a": voted, "b": voted, "c": 0}, 1000.0)
    played = rooms.game_of(after)
    assert played.steps[len(match.steps)].move == match.table.legal_moves()[voted]
    assert after.game is not None and after.game["played"] == [voted, "vote"]
    assert after.question is not None and after.question.number == 2
    chosen = after.question.right
    overridden = rooms.play_class_move(rooms.reveal(after), {"a": 0}, 1000.0, chosen=chosen)
    assert overridden.game is not None and overridden.game["played"] == [chosen, "teacher"]


def test_a_start_pressed_once_starts_one_game_however_often_it_arrives() -> None:
    playing = rooms.start_game(room(), seed=7, now=1000.0)
    assert rooms.start_game(playing, seed=7, now=1000.0) == playing
    again = rooms.start_game(
        playing, seed=8, now=1000.0
    )  # another press: a new game, the next question
    assert again.question is not None and again.question.number == 2
    assert again.game is not None and again.game["seed"] == 8


def test_a_game_against_the_expert_goes_to_its_end_and_asks_nothing_more() -> None:
    playing = rooms.start_game(room(), seed=3, now=1000.0)
    for _ in range(2000):
        if rooms.game_of(playing).table.over:
            break
        playing = rooms.play_class_move(
            rooms.reveal(playing), {}, 1000.0
        )  # nobody votes: the best move
        assert playing.game is not None
        assert playing.game["played"][1] in ("nobody",)
    assert rooms.game_of(playing).table.over
    assert playing.question is not None and not playing.question.open
    with pytest.raises(RoomError) as refused:
        rooms.play_class_move(rooms.reveal(playing), {}, 1000.0)
    assert refused.value.code == "game_over"


def parse_table(data: object) -> object:
    return parse(data).table


def test_every_refusal_of_a_room_is_worded_in_every_language() -> None:
    from typing import get_args

    from pickomino.i18n import LANGS, strings
    from pickomino.store import JoinOutcome
    from tests.test_content import raised_codes

    codes = raised_codes("RoomError") | set(get_args(JoinOutcome)) - {"joined", "back"}
    codes |= set(rooms.NICKNAME_REFUSALS.values())
    codes |= {"unknown", "busy", "unreachable", "removed", "many_rooms", "server_rooms"}  # pages
    assert {"bad_nickname", "not_teacher", "too_many", "full", "crowded", "closed"} <= codes
    assert {"long_nickname", "hidden_nickname", "stacked_nickname"} <= codes
    for lang in LANGS:
        missing = sorted(code for code in codes if f"room.refused.{code}" not in strings(lang))
        assert missing == [], (lang, missing)


def test_the_ranking_is_off_by_default_and_lists_the_first_few_by_right_answers() -> None:
    assert not room().ranking
    first = rooms.ask_quiz(room(), "K7QM-E3", 0, DECIDE, 3, 1, 1000.0)
    second = rooms.ask_quiz(rooms.reveal(first), "K7QM-E3", 1, DECIDE, 3, 0, 1000.0)  # not revealed
    pupils = [
        Pupil(f"p{n}", name) for n, name in enumerate(["Eve", "Dan", "Cy", "Bo", "Al", "Zed"])
    ]
    pupils.append(Pupil("gone", "Gone", removed=True))
    answers = [Answer(p.id, 1, 1) for p in pupils] + [Answer("p0", 2, 0)]  # 2: not revealed
    shown = rooms.ranking(rooms.show_ranking(second, True), pupils, answers)
    assert shown == (("Al", 1), ("Bo", 1), ("Cy", 1), ("Dan", 1), ("Eve", 1))  # Zed: 6th
    answers.append(Answer("p5", 2, 0))
    second = rooms.reveal(second)
    assert rooms.ranking(second, pupils, answers)[:2] == (("Eve", 2), ("Zed", 2))
    assert rooms.ranking(second, pupils, [Answer("p5", 1, 0)]) == ()
    assert rooms.show_ranking(second, True).ranking


def to_the_expert(seed: int) -> tuple[Room, Room]:
    """A game played until the class's move hands the dice to the expert: the room with that
    move revealed, and the room once it is played at 2000 (the expert's turn to tell)."""
    return playing_to_the_expert(rooms.start_game(room(), seed=seed, now=1000.0), 2000.0)


def playing_to_the_expert(playing: Room, now: float) -> tuple[Room, Room]:
    """The game of `playing` played on, the teacher choosing a move that ends the class's turn
    when one is offered, until the class's move hands the dice to the expert: the room with
    that move revealed, and the room once it is played at `now`."""
    for _ in range(200):
        question = playing.question
        assert question is not None
        moves = rooms.moves_of(rooms.game_of(playing).table)
        ending = [n for n, move in enumerate(moves) if move.kind in ("take", "stop")]
        revealed = rooms.reveal(playing)
        after = rooms.play_class_move(revealed, {}, now, ending[0] if ending else None)
        assert after.game is not None
        if after.game["told"][1] > 2:  # more than the class's move and a forced keep
            return revealed, after
        playing = after
    raise AssertionError("the class never handed the dice to the expert")


def test_the_moves_since_the_class_vote_are_told_one_at_a_time_then_the_question_opens() -> None:
    before, after = to_the_expert(7)
    assert after.game is not None
    first, count, at = after.game["told"]
    assert (first, at) == (len(rooms.game_of(before).steps), 2000.0)
    steps = rooms.told_steps(after.game)
    assert len(steps) == count
    assert steps[0].move == rooms.game_of(after).steps[first].move  # the class's own move first
    expert = [step for step in steps if step.move is not None and step.move.kind == "keep"]
    assert expert, "the expert's turn is among the moves told"
    shown = [rooms.telling(after, 2000.0 + k * rooms.TELL_SECONDS) for k in range(count + 1)]
    assert [told.shown for told in shown if told] == [*range(1, count + 1), count]
    assert rooms.telling(after, 2000.0 + rooms.TELL_SECONDS - 0.01) == rooms.Telling(
        first, count, 1
    )
    question = after.question
    assert question is not None and question.activity == "bot"
    assert parse_table(question.table) == steps[-1].table  # told up to the class's decision
    opens = 2000.0 + rooms.TELL_SECONDS * (count - 1)
    assert question.opens == opens
    assert not rooms.telling(after, opens - 0.01).done and rooms.telling(after, opens).done
    # the store takes answers all along (a tap racing the reveal is its check); the rule waits
    assert rooms.open_question(after, opens - 0.01) == question.number
    with pytest.raises(RoomError) as refused:
        rooms.check_answer(after, question.number, 0, opens - 0.01)
    assert refused.value.code == "watch_board"
    rooms.check_answer(after, question.number, 0, opens)
    assert Room.from_json(after.to_json()) == after


def test_one_press_shows_the_votes_then_plays_the_class_move_by_itself() -> None:
    playing = rooms.start_game(room(), seed=7, now=1000.0)
    question = playing.question
    assert question is not None
    voted = (question.right + 1) % question.options
    votes = {"a": voted, "b": voted, "c": question.right}
    pressed = rooms.play_vote(playing, votes, 1010.0)
    shown = pressed.question
    assert shown is not None and shown.revealed and shown.shown and not shown.open
    assert shown.play_at == 1010.0 + rooms.SHOWN_SECONDS
    assert rooms.game_of(pressed).steps == rooms.game_of(playing).steps  # not played yet
    assert not rooms.due(pressed, shown.play_at - 0.01)
    assert rooms.advance(pressed, votes, shown.play_at - 0.01) == pressed
    assert rooms.due(pressed, shown.play_at)
    played = rooms.advance(pressed, votes, shown.play_at)
    assert played.game is not None and played.game["played"] == [voted, "vote"]
    steps = rooms.game_of(played).steps
    assert (
        steps[len(rooms.game_of(playing).steps)].move
        == rooms.moves_of(rooms.game_of(playing).table)[voted]
    )
    assert played.question is not None and played.question.play_at is None
    assert not rooms.due(played, shown.play_at + 100)
    # pressed again once the votes are shown, it plays at once; the teacher may still choose
    assert (
        rooms.play_vote(pressed, votes, 1011.0).game
        == rooms.play_class_move(pressed, votes, 1011.0).game
    )
    chosen = rooms.play_class_move(pressed, votes, 1011.0, chosen=question.right)
    assert chosen.game is not None and chosen.game["played"] == [question.right, "teacher"]


def test_the_teachers_timer_shows_the_votes_at_its_deadline_then_plays_the_move() -> None:
    _, after = to_the_expert(7)
    question = after.question
    assert question is not None and question.opens is not None
    timed = rooms.set_timer(after, 30, 2000.0)  # set while the board still tells the moves
    deadline = question.opens + 30
    assert timed.question is not None and timed.question.deadline == deadline
    assert not rooms.due(timed, deadline - 0.01)
    assert rooms.open_question(timed, deadline) is None  # answers stop at the deadline
    shown = rooms.advance(timed, {}, deadline)
    assert shown.question is not None and shown.question.revealed
    assert shown.game == timed.game
    assert not rooms.due(shown, deadline + rooms.SHOWN_SECONDS - 0.01)
    played = rooms.advance(shown, {}, deadline + rooms.SHOWN_SECONDS)
    assert played.game is not None and played.game["played"] == [question.right, "nobody"]
    late = rooms.advance(timed, {}, deadline + 60)  # no board polled meanwhile: both at once
    assert late.game == rooms.advance(shown, {}, deadline + 60).game
    decide = rooms.set_timer(rooms.ask_decision(room(), DECIDE, 1000.0), 30, 1000.0)
    assert decide.question is not None and decide.question.play_at is None
    assert not rooms.due(decide, 5000.0)


def test_a_pupil_is_scored_only_on_the_questions_asked_since_they_joined_or_answered() -> None:
    first = rooms.reveal(rooms.ask_decision(room(), DECIDE, 1000.0))
    assert first.question is not None
    right = first.question.right
    early, late, quick = (
        Pupil("e", "Eve", joined=900.0),
        Pupil("l", "Lou", joined=1100.0),
        Pupil("q", "Quy", joined=1001.0),
    )
    answers = [Answer("q", 1, right)]  # Quy joined while question 1 was open and answered it
    assert rooms.own_score(first, early, answers) == (0, 1)
    assert rooms.own_score(first, late, answers) == (0, 0)  # nothing to score yet: no "0 of 1"
    assert rooms.own_score(first, quick, answers) == (1, 1)
    second = rooms.ask_decision(first, DECIDE, 1200.0)
    answers.append(Answer("l", 2, right))
    assert rooms.own_score(second, late, answers) == (0, 0)  # question 2 is not revealed yet
    second = rooms.reveal(second)
    assert rooms.own_score(second, late, answers) == (1, 1)
    assert rooms.own_score(second, early, answers) == (0, 2)
    assert rooms.own_score(second, quick, answers) == (1, 2)


def test_questions_are_numbered_as_the_class_met_them_in_their_quiz_game_or_the_room() -> None:
    decided = rooms.reveal(rooms.ask_decision(room(), DECIDE, 1000.0))
    quizzed = rooms.ask_quiz(decided, "K7QM-E3", 0, DECIDE, 3, 1, 1010.0)
    assert quizzed.question is not None and quizzed.question.number == 2
    assert rooms.place(quizzed, quizzed.question) == 1  # as the quiz page says "1 of 3"
    following = rooms.ask_quiz(rooms.reveal(quizzed), "K7QM-E3", 1, DECIDE, 3, 0, 1020.0)
    assert following.question is not None and rooms.place(following, following.question) == 2
    again = rooms.ask_decision(following, DECIDE, 1030.0)
    assert again.question is not None and again.question.number == 4
    assert rooms.place(again, again.question) == 2  # the room's second "What would you do?"
    playing = rooms.start_game(again, seed=7, now=1040.0)
    assert playing.question is not None and playing.question.number == 5
    assert rooms.place(playing, playing.question) == 1
    voted = rooms.play_class_move(rooms.reveal(playing), {}, 1050.0)
    assert voted.question is not None and rooms.place(voted, voted.question) == 2
