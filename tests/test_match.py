"""A game between seats (`pickomino.match`): bots to the end, people by moves, records, reasons."""

from __future__ import annotations

import json

import pytest

from pickomino import bots
from pickomino.game import ROLL, IllegalMove, Move, Table
from pickomino.match import KINDS, PERSON, Match, MatchError, Turn, verdict, why
from pickomino.odds import analyse
from pickomino.rules import JUNIOR
from pickomino.scenario import loads, scenario_json
from pickomino.share import decode_scenario, encode_scenario


def bots_only(seed: int = 3) -> Match:
    return Match.new(("expert", "heuristic", "cautious"), ("Ana", "Bo", "Cy"), seed).until_person()


def test_every_bot_of_the_registry_can_take_a_seat() -> None:
    assert (PERSON, *bots.BOTS) == KINDS and "master" in KINDS


def test_a_game_with_a_master_seat_plays_to_its_end_and_reopens_from_its_record() -> None:
    match = Match.new(("master", "cautious"), ("", ""), 5).until_person()
    assert match.table.over and match.kinds == ("master", "cautious")
    record = loads(json.dumps(scenario_json(match.record(("M", "C")))))
    assert record.seats == ("master", "cautious")
    assert Match.from_record(record, match.kinds, 5).table == match.table


def test_a_bots_only_match_plays_to_the_end_and_its_record_replays_to_the_same_table() -> None:
    match = bots_only()
    assert match.table.over and match.to_play is None
    record = match.record()
    assert record.table == Table.new(3) and record.names == ("Ana", "Bo", "Cy")
    assert all(move.faces for move in record.moves if move.kind == "roll")
    final, _ = record.replay()
    assert final == match.table
    # the file the page saves is read back by the command line's parser as the same record
    assert loads(json.dumps(scenario_json(record))) == record


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    assert bots_only(3) == bots_only(3)
    assert bots_only(3).table != bots_only(4).table


def test_a_person_plays_by_moves_and_a_roll_is_recorded_with_its_faces() -> None:
    match = Match.new(("person", "expert"), ("Ana", ""), 7)
    assert match.to_play == PERSON
    rolled = match.play(ROLL)
    assert rolled.table.rolled is not None
    assert rolled.steps[-1].move == Move("roll", faces=rolled.table.rolled)
    assert match.play(ROLL) == rolled  # the dice come from the seed and the move's number
    with pytest.raises(MatchError):
        rolled.bot_move()  # a bot never plays for a person


def test_an_illegal_person_move_is_refused_and_changes_nothing() -> None:
    match = Match.new(("person", "person"), ("", ""), 1).play(ROLL)
    assert match.table.rolled is not None
    missing = next(face for face in match.table.rules.faces if face not in match.table.rolled)
    before = match
    with pytest.raises(IllegalMove) as refused:
        match.play(Move("keep", face=missing))
    assert refused.value.code == "face_not_rolled"
    assert match == before and len(match.steps) == 1
    with pytest.raises(IllegalMove):
        match.play(Move("take", tile=21))


def test_a_record_round_trips_through_a_link_and_reopens_with_new_seat_kinds() -> None:
    match = Match.new(("person", "expert"), ("Ana", "Bot"), 5, JUNIOR)
    while len(match.steps) < 25 and not match.table.over:
        match = match.play(match.table.legal_moves()[0]) if match.to_play == PERSON else match
        match = match.until_person()
    record = decode_scenario(encode_scenario(match.record()))
    assert record == match.record()
    again = Match.from_record(record, ("person", "person"), 5)
    assert again.table == match.table and again.steps == match.steps
    assert again.names == ("Ana", "Bot") and again.kinds == ("person", "person")
    # with the same seed the reopened game rolls on exactly as the first one would
    assert again.table.phase == "roll"
    assert again.play(ROLL).table == match.play(ROLL).table


def test_a_record_has_names_only_when_every_seat_has_one() -> None:
    match = Match.new(("person", "expert"), ("Ana", ""), 5)
    assert match.record().names is None
    assert match.record(("Ana", "Expert bot 2")).names == ("Ana", "Expert bot 2")


def test_a_seat_kind_unknown_or_missing_is_refused_by_name() -> None:
    with pytest.raises(MatchError, match="'genius'"):
        Match.new(("person", "genius"), ("", ""), 1)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="2 seats"):
        Match.at(Table.new(2), ("person",), ("",), 1)
    with pytest.raises(IllegalMove):
        Match.new(("person",), ("",), 1)  # one seat is no game


def test_turns_group_the_steps_and_name_their_seat() -> None:
    match = bots_only()
    turns = match.turns()
    assert sum(len(turn.steps) for turn in turns) == len(match.steps)
    assert all(turn.done for turn in turns)
    for turn in turns:
        assert match.before(turn.first).current == turn.seat
        assert turn.steps[0].move == Move("roll", faces=turn.steps[0].move.faces)  # type: ignore[union-attr]
    under_way = Match.new(("person", "person"), ("", ""), 2).play(ROLL)
    assert under_way.table.current == 0  # the first roll did not fail the turn
    assert under_way.turns() == (Turn(0, 0, under_way.steps, False),)
    assert Match.new(("person", "person"), ("", ""), 2).turns() == (Turn(0, 0, (), False),)


def test_why_compares_the_move_with_the_best_other_one() -> None:
    table, _ = Table.new(2).roll(("W", "W", "5", "5", "5", "4", "3", "1"))
    keep_fives = Move("keep", face="5")
    reason = why(table, keep_fives)
    assert reason is not None and reason.other is not None
    assert reason.chosen.move == keep_fives and reason.other.move != keep_fives
    others = [c for c in analyse(table).choices if c.move != keep_fives]
    assert reason.other.outlook.expected_swing == max(c.outlook.expected_swing for c in others)
    assert why(Table.new(2), ROLL) is None  # the roll that starts a turn is no choice
    forced, _ = Table.new(2).roll(("W",) * 8)
    only = why(forced, Move("keep", face="W"))
    assert only is not None and only.other is None


def test_the_verdict_of_a_turn_grades_only_that_turn() -> None:
    match = Match.new(("person", "expert"), ("", ""), 11)
    # the person plays the expert's moves: every decision of the turn costs nothing
    while match.to_play == PERSON:
        move = bots.bot("expert").move(match.table)
        match = match.play(move)
    turn = match.turns()[0]
    assert turn.done and turn.seat == 0
    graded = verdict(match, turn)
    assert graded.seat == 0 and graded.total_cost == 0
    # a careless person: always the first move offered, which some turns pay for
    costs = []
    for seed in range(12):
        careless = Match.new(("person", "expert"), ("", ""), seed)
        while careless.to_play == PERSON:
            careless = careless.play(careless.table.legal_moves()[-1])
        costs.append(verdict(careless, careless.turns()[0]).total_cost)
    assert max(costs) > 0
