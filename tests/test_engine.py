"""One test per rule sentence and per FAQ answer of the standard rules (seeds 000-002)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pickomino.events import (
    GameOver,
    Kept,
    NothingFlipped,
    Rolled,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.game import Board, IllegalMove, Table, TableError
from pickomino.rules import (
    JUNIOR,
    NO_STEAL,
    PRESETS,
    RULEBOOK_EMPTY_STACK,
    SHORT,
    STANDARD,
    Rules,
    preset,
)
from tests.tables import table

# ----- set-up ------------------------------------------------------------------------------------


def test_eight_dice_with_faces_one_to_five_and_a_worm_worth_five() -> None:
    assert STANDARD.dice == 8
    assert STANDARD.faces == ("1", "2", "3", "4", "5", "W")
    assert [STANDARD.value(face) for face in STANDARD.faces] == [1, 2, 3, 4, 5, 5]


def test_sixteen_tiles_21_to_36_with_one_to_four_worms() -> None:
    assert STANDARD.tiles == tuple(range(21, 37))
    bands = {tile: STANDARD.worms(tile) for tile in STANDARD.tiles}
    assert {t for t, w in bands.items() if w == 1} == {21, 22, 23, 24}
    assert {t for t, w in bands.items() if w == 2} == {25, 26, 27, 28}
    assert {t for t, w in bands.items() if w == 3} == {29, 30, 31, 32}
    assert {t for t, w in bands.items() if w == 4} == {33, 34, 35, 36}


def test_new_game_lays_every_tile_face_up_in_order() -> None:
    fresh = Table.new(3)
    assert fresh.middle == tuple(range(21, 37))
    assert fresh.face_down == ()
    assert fresh.stacks == ((), (), ())
    assert fresh.current == 0
    assert fresh.phase == "roll"
    assert fresh.in_hand == 8


@pytest.mark.parametrize("players", [1, 8, 0])
def test_two_to_seven_players(players: int) -> None:
    with pytest.raises(TableError) as error:
        Table.new(players)
    assert error.value.code == "player_count"
    assert "2 to 7" in str(error.value)


@pytest.mark.parametrize("players", [2, 7])
def test_two_and_seven_players_are_allowed(players: int) -> None:
    assert Table.new(players).players == players


# ----- a turn ------------------------------------------------------------------------------------


def test_first_roll_uses_all_eight_dice() -> None:
    rolled, events = Table.new(2).roll(["1", "2", "3", "4", "5", "W", "W", "1"])
    assert rolled.rolled == ("1", "2", "3", "4", "5", "W", "W", "1")
    assert events == (Rolled(0, rolled.rolled, ("1", "2", "3", "4", "5", "W")),)


def test_roll_must_show_exactly_the_dice_in_hand() -> None:
    start = Table.new(2)
    with pytest.raises(IllegalMove) as error:
        start.roll(["1", "2"])
    assert error.value.code == "dice_count"
    assert "8 dice in hand" in str(error.value)


def test_random_roll_is_reproducible_with_a_seeded_rng() -> None:
    first, _ = Table.new(2).roll(rng=random.Random(7))
    second, _ = Table.new(2).roll(rng=random.Random(7))
    assert first.rolled == second.rolled
    assert first.rolled is not None and len(first.rolled) == 8


def test_keeping_a_face_sets_aside_all_its_dice() -> None:
    rolled, _ = Table.new(2).roll(["5", "5", "5", "W", "1", "2", "3", "5"])
    kept, events = rolled.keep("5")
    assert kept.kept == ("5", "5", "5", "5")
    assert kept.in_hand == 4
    assert kept.total == 20
    assert events == (Kept(0, "5", 4, 20, 4),)
    assert kept.phase == "decide"


def test_a_worm_is_a_face_and_counts_five() -> None:
    rolled, _ = Table.new(2).roll(["W", "W", "1", "1", "1", "1", "1", "1"])
    kept, _ = rolled.keep("W")
    assert kept.total == 10
    assert kept.has_worm


def test_only_a_face_not_kept_yet_may_be_kept() -> None:
    waiting = table(kept=["W", "W"], rolled=["W", "3", "3", "1", "1", "2"])
    with pytest.raises(IllegalMove) as error:
        waiting.keep("W")
    assert error.value.code == "face_already_kept"
    assert waiting.keepable() == ("1", "2", "3")


def test_only_a_face_that_was_rolled_may_be_kept() -> None:
    waiting = table(rolled=["1", "1", "2", "2", "3", "3", "4", "4"])
    with pytest.raises(IllegalMove) as error:
        waiting.keep("W")
    assert error.value.code == "face_not_rolled"


def test_one_face_per_roll_then_stop_or_roll_again() -> None:
    rolled, _ = Table.new(2).roll(["W", "W", "5", "5", "4", "4", "3", "3"])
    kept, _ = rolled.keep("W")
    with pytest.raises(IllegalMove) as error:
        kept.keep("5")
    assert error.value.code == "not_now_decide"
    again, _ = kept.roll(["5", "5", "4", "4", "3", "3"])
    assert again.phase == "keep"


def test_cannot_roll_or_stop_while_a_roll_waits_for_a_keep() -> None:
    waiting = table(rolled=["1", "1", "2", "2", "3", "3", "4", "4"])
    for move in (lambda: waiting.roll(), waiting.stop, lambda: waiting.take(21)):
        with pytest.raises(IllegalMove) as error:
            move()
        assert error.value.code == "not_now_keep"


def test_a_turn_starts_with_a_roll() -> None:
    with pytest.raises(IllegalMove) as error:
        Table.new(2).stop()
    assert error.value.code == "not_now_roll"


def test_roll_with_no_new_face_fails_the_turn_at_once() -> None:
    start = table(stacks=[[25], []], kept=["W", "5", "5"])
    after, events = start.roll(["W", "W", "5", "5", "W"])
    assert isinstance(events[0], Rolled) and events[0].new_faces == ()
    assert TurnFailed(0, "bust", 15, True) in events
    assert TileReturned(0, 25) in events
    assert TileFlipped(36) in events
    assert events[-1] == TurnPassed(1)
    assert after.stacks == ((), ())
    assert after.current == 1
    assert after.kept == ()


def test_a_roll_with_one_new_face_among_old_ones_does_not_fail() -> None:
    start = table(kept=["W", "5", "5"])
    after, events = start.roll(["W", "W", "5", "5", "2"])
    assert after.keepable() == ("2",)
    assert not any(isinstance(event, TurnFailed) for event in events)


# ----- stopping and taking -----------------------------------------------------------------------


def test_stopping_sums_the_kept_dice_with_worms_as_five() -> None:
    deciding = table(kept=["W", "W", "4", "4", "4"])
    assert deciding.total == 22
    after, events = deciding.take(22)
    assert events[0] == TookTile(0, 22, 22, None, "exact")
    assert after.stacks[0] == (22,)


def test_faq_21_without_a_worm_takes_nothing_and_the_turn_fails() -> None:
    deciding = table(stacks=[[27], []], kept=["5", "5", "5", "4", "2"])
    assert deciding.total == 21
    assert deciding.options() == ()
    with pytest.raises(IllegalMove) as error:
        deciding.take(21)
    assert "no worm" in str(error.value)
    after, events = deciding.stop()
    assert events[0] == TurnFailed(0, "no_worm", 21, False)
    assert TileReturned(0, 27) in events
    assert after.stacks[0] == ()
    assert 27 in after.middle


def test_faq_a_lower_tile_only_when_the_exact_one_is_gone() -> None:
    deciding = table(kept=["W", "W", "W", "5", "5"])
    assert deciding.total == 25
    assert [option.tile for option in deciding.options()] == [25]
    with pytest.raises(IllegalMove) as error:
        deciding.take(24)
    assert error.value.code == "tile_not_takeable"
    assert "you may take 25" in str(error.value)


def test_next_lower_face_up_tile_when_the_exact_one_is_not_in_the_middle() -> None:
    deciding = table(face_down=[25, 24], kept=["W", "W", "W", "5", "5"])
    (option,) = deciding.options()
    assert (option.tile, option.reason) == (23, "next_lower")


def test_faq_stealing_only_the_top_tile_with_the_exact_total() -> None:
    stacks = [[], [28, 22], [31]]
    buried = table(players=3, stacks=stacks, kept=["W", "W", "W", "5", "4", "4"])
    assert buried.total == 28
    assert [(o.tile, o.source) for o in buried.options()] == [(27, None)]
    with pytest.raises(IllegalMove):
        buried.take(28)  # under the 22: safe
    on_top = table(players=3, stacks=stacks, kept=["W", "W", "4", "4", "4"])
    assert on_top.total == 22
    assert {(o.tile, o.source) for o in on_top.options()} == {(21, None), (22, 1)}
    above = table(players=3, stacks=stacks, kept=["W", "W", "W", "5", "5", "5", "2"])
    assert above.total == 32
    assert [(o.tile, o.source) for o in above.options()] == [(32, None)]


def test_steal_the_top_tile_with_exactly_its_number() -> None:
    deciding = table(players=3, stacks=[[], [26, 30], []], current=2, kept=["W"] * 6)
    assert deciding.total == 30
    options = {(o.tile, o.source, o.reason) for o in deciding.options()}
    assert options == {(29, None, "next_lower"), (30, 1, "steal")}
    after, events = deciding.take(30)
    assert events[0] == TookTile(2, 30, 30, 1, "steal")
    assert after.stacks == ((), (26,), (30,))
    assert after.middle == deciding.middle


def test_when_both_are_possible_the_player_chooses() -> None:
    deciding = table(players=3, stacks=[[], [26, 30], []], current=2, kept=["W"] * 6)
    after, events = deciding.take(29)
    assert events[0] == TookTile(2, 29, 30, None, "next_lower")
    assert after.stacks == ((), (26, 30), (29,))


def test_faq_30_face_down_takes_the_highest_face_up_below() -> None:
    deciding = table(face_down=[30], kept=["W"] * 6)
    assert [(o.tile, o.reason) for o in deciding.options()] == [(29, "next_lower")]


def test_faq_30_face_down_and_nothing_lower_fails() -> None:
    gone = [t for t in range(21, 31)]
    deciding = table(face_down=gone, kept=["W"] * 6)
    assert deciding.options() == ()
    after, events = deciding.stop()
    assert events[0] == TurnFailed(0, "no_tile", 30, True)
    assert TileFlipped(36) in events
    assert after.face_down[-1] == 36


def test_your_own_top_tile_is_never_a_target() -> None:
    deciding = table(stacks=[[30], []], kept=["W"] * 6)
    assert [(o.tile, o.source) for o in deciding.options()] == [(29, None)]
    with pytest.raises(IllegalMove) as error:
        deciding.take(30)
    assert "your own top tile" in str(error.value)


def test_rulebook_23_with_own_23_on_top_and_22_gone_takes_21() -> None:
    deciding = table(face_down=[22], stacks=[[23], []], kept=["W", "W", "5", "5", "3"])
    assert deciding.total == 23
    assert [o.tile for o in deciding.options()] == [21]


def test_rulebook_31_with_29_to_31_gone_takes_28() -> None:
    deciding = table(face_down=[29, 30, 31], kept=["W", "W", "W", "5", "5", "3", "3"])
    assert deciding.total == 31
    assert [(o.tile, o.reason) for o in deciding.options()] == [(28, "next_lower")]


def test_a_total_above_36_takes_the_highest_face_up_tile() -> None:
    deciding = table(kept=["W", "W", "W", "W", "5", "5", "5", "4"])
    assert deciding.total == 39
    assert [(o.tile, o.reason) for o in deciding.options()] == [(36, "next_lower")]


def test_a_total_below_21_takes_nothing() -> None:
    deciding = table(kept=["W", "W", "1", "1"])
    assert deciding.options() == ()


def test_stopping_empty_handed_is_refused_when_a_tile_can_be_taken() -> None:
    deciding = table(kept=["W", "W", "W", "4", "4"])
    with pytest.raises(IllegalMove) as error:
        deciding.stop()
    assert error.value.code == "tile_can_be_taken"
    # the tile that can be taken, apart from the total ("23" in the message would be either)
    assert error.value.params == {"total": 23, "options": (23,)}


def test_all_dice_kept_with_nothing_to_take_fails_without_a_decision() -> None:
    waiting = table(kept=["1", "1", "1", "2", "2", "2", "3"], rolled=["4"])
    after, events = waiting.keep("4")
    assert events[0] == Kept(0, "4", 1, 16, 0)
    assert events[1] == TurnFailed(0, "no_worm", 16, False)
    assert after.current == 1


def test_all_dice_kept_with_a_tile_waits_for_the_take() -> None:
    waiting = table(kept=["W", "W", "W", "5", "5", "4", "4"], rolled=["3"])
    after, _ = waiting.keep("3")
    assert after.phase == "take"
    with pytest.raises(IllegalMove) as error:
        after.roll()
    assert "no dice are left" in str(error.value)
    assert [o.tile for o in after.options()] == [36]


def test_the_taken_tile_goes_on_top_of_the_own_stack_covering_the_one_below() -> None:
    deciding = table(stacks=[[22, 26], []], kept=["W", "W", "W", "5", "5"])
    after, _ = deciding.take(25)
    assert after.stacks[0] == (22, 26, 25)
    assert after.top(0) == 25
    # The 26 is now under the 25: an exact 26 can no longer steal it, only the 25 on top.
    assert (26, 0) not in {(o.tile, o.source) for o in after.board().options(26, True)}
    assert (25, 0) in {(o.tile, o.source) for o in after.board().options(25, True)}


def test_the_dice_pass_to_the_next_player_and_wrap() -> None:
    deciding = table(players=3, current=2, kept=["W", "W", "W", "4", "4"])
    after, events = deciding.take(23)
    assert after.current == 0
    assert events[-1] == TurnPassed(0)


# ----- a failed turn -----------------------------------------------------------------------------


def test_failed_turn_puts_the_top_tile_back_and_flips_the_highest() -> None:
    deciding = table(stacks=[[22, 25], []], kept=["5", "5", "5", "4", "4"])
    after, events = deciding.stop()
    assert [type(event) for event in events] == [TurnFailed, TileReturned, TileFlipped, TurnPassed]
    assert events[1] == TileReturned(0, 25)
    assert events[2] == TileFlipped(36)
    assert after.stacks[0] == (22,)
    assert 25 in after.middle
    assert after.face_down == (36,)


def test_rulebook_a_returned_30_that_is_now_the_highest_stays_face_up() -> None:
    deciding = table(
        face_down=[31, 32, 33, 34, 35, 36], stacks=[[30], []], kept=["5", "5", "5", "4"]
    )
    after, events = deciding.stop()
    assert TileSpared(30) in events
    assert not any(isinstance(event, TileFlipped) for event in events)
    assert after.middle[-1] == 30
    assert after.face_down == (31, 32, 33, 34, 35, 36)


def test_no_tile_to_put_back_still_flips_the_highest() -> None:
    deciding = table(kept=["5", "5", "5", "4"])
    after, events = deciding.stop()
    assert TileFlipped(36) in events
    assert not any(isinstance(event, TileReturned) for event in events)
    assert after.face_down == (36,)


def test_face_down_tiles_never_come_back() -> None:
    deciding = table(face_down=[36], kept=["W", "W", "W", "W", "5", "5", "5", "4"])
    assert [o.tile for o in deciding.options()] == [35]


# ----- end and scoring ---------------------------------------------------------------------------


def test_game_ends_when_no_face_up_tile_is_left() -> None:
    last = table(
        face_down=[t for t in range(21, 37) if t not in (23, 30)],
        stacks=[[30], []],
        current=1,
        kept=["W", "W", "W", "4", "4"],
    )
    after, events = last.take(23)
    assert after.over
    assert after.phase == "over"
    assert events[-1] == GameOver((3, 1), (0,))
    with pytest.raises(IllegalMove) as error:
        after.roll()
    assert error.value.code == "not_now_over"


def test_game_ends_when_the_last_tile_is_flipped() -> None:
    last = table(face_down=list(range(22, 37)), kept=["1", "1", "1"])
    after, events = last.stop()
    assert TileFlipped(21) in events
    assert after.over
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == (0, 1)


def test_score_counts_worms_not_numbers() -> None:
    done = table(face_down=[*range(24, 33), 34, 35, 36], stacks=[[33], [21, 22, 23]])
    assert done.scores() == (4, 3)
    assert done.winners() == (0,)


def test_tie_on_worms_goes_to_the_highest_tile() -> None:
    done = table(players=3, face_down=list(range(22, 33)), stacks=[[33], [21, 34], [35, 36]])
    assert done.scores() == (4, 5, 8)
    tie = table(players=2, face_down=list(range(23, 35)), stacks=[[35, 22], [36, 21]])
    assert tie.scores() == (5, 5)
    assert tie.winners() == (1,)


def test_players_tied_with_no_tiles_share_the_result() -> None:
    done = table(players=3, face_down=list(range(21, 36)), stacks=[[], [], [36]])
    assert done.winners() == (2,)
    nobody = table(players=3, face_down=list(range(21, 37)))
    assert nobody.winners() == (0, 1, 2)


def test_no_winner_before_the_end() -> None:
    assert Table.new(2).winners() == ()


# ----- variants ----------------------------------------------------------------------------------


def test_rules_refuse_inconsistent_data() -> None:
    with pytest.raises(ValueError, match="faces and face values must pair up"):
        replace(STANDARD, face_values=(1, 2, 3))
    with pytest.raises(ValueError, match="faces and face values must pair up"):
        replace(STANDARD, faces=("1", "1", "3", "4", "5", "W"))
    with pytest.raises(ValueError, match="worm faces must be faces of the die"):
        replace(STANDARD, worm_faces=frozenset({"X"}))
    with pytest.raises(ValueError, match="worm faces must be faces of the die"):
        replace(STANDARD, worm_faces=frozenset())
    with pytest.raises(ValueError, match="tiles must be distinct, ascending"):
        replace(STANDARD, tiles=tuple(reversed(STANDARD.tiles)))
    with pytest.raises(ValueError, match="tiles must be distinct, ascending"):
        replace(STANDARD, tile_worms=STANDARD.tile_worms[:-1])


def test_a_face_is_read_from_json_as_a_digit_or_w_and_nothing_else() -> None:
    assert [STANDARD.parse_face(raw) for raw in (1, "5", "W", "w")] == ["1", "5", "W", "W"]
    for raw in (0, 6, True, 1.0, "X", None, [1]):
        with pytest.raises(ValueError, match="is not a face of the standard dice"):
            STANDARD.parse_face(raw)


def test_presets_are_data_not_forks() -> None:
    assert set(PRESETS) == {"standard", "short", "no-steal", "rulebook-empty-stack", "junior"}
    assert all(isinstance(rules, Rules) for rules in PRESETS.values())
    assert preset("short") is SHORT
    with pytest.raises(ValueError, match="unknown rules preset 'long'"):
        preset("long")


def test_short_game_flips_the_returned_tile_even_when_highest() -> None:
    deciding = table(
        rules="short",
        face_down=[31, 32, 33, 34, 35, 36],
        stacks=[[30], []],
        kept=["5", "5", "5", "4"],
    )
    after, events = deciding.stop()
    assert TileFlipped(30) in events
    assert after.middle[-1] == 29


def test_no_steal_takes_only_from_the_middle() -> None:
    deciding = table(rules="no-steal", stacks=[[], [30]], kept=["W"] * 6)
    assert NO_STEAL.stealing is False
    assert [(o.tile, o.source) for o in deciding.options()] == [(29, None)]


def test_rulebook_empty_stack_flips_nothing_without_a_tile_to_return() -> None:
    deciding = table(rules="rulebook-empty-stack", kept=["5", "5", "5", "4"])
    after, events = deciding.stop()
    assert NothingFlipped(0) in events
    assert after.middle == RULEBOOK_EMPTY_STACK.tiles
    returning = table(rules="rulebook-empty-stack", stacks=[[22], []], kept=["5", "5", "5", "4"])
    _, events = returning.stop()
    assert TileFlipped(36) in events


def test_junior_six_dice_twelve_tiles_any_lower_tile() -> None:
    assert JUNIOR.dice == 6 and len(JUNIOR.tiles) == 12
    fresh = Table.new(2, JUNIOR)
    assert fresh.in_hand == 6
    deciding = table(rules="junior", face_down=[19], kept=["W", "W", "5", "5"])
    assert deciding.total == 20
    assert [(o.tile, o.reason) for o in deciding.options()] == [
        (20, "exact"),
        (18, "lower_choice"),
        (17, "lower_choice"),
        (16, "lower_choice"),
        (15, "lower_choice"),
        (14, "lower_choice"),
        (13, "lower_choice"),
    ]
    after, events = deciding.take(14)
    assert events[0] == TookTile(0, 14, 20, None, "lower_choice")
    assert after.stacks[0] == (14,)


def test_junior_flips_the_highest_even_when_it_was_just_returned() -> None:
    deciding = table(rules="junior", face_down=[23, 24], stacks=[[22], []], kept=["1", "2"])
    after, events = deciding.stop()
    assert TileFlipped(22) in events
    assert after.face_down == (22, 23, 24)


# ----- illegal moves leave the table untouched ---------------------------------------------------


def test_illegal_move_leaves_the_table_as_it_was() -> None:
    deciding = table(stacks=[[30], []], kept=["W"] * 6)
    snapshot = (deciding.middle, deciding.stacks, deciding.kept, deciding.current)
    for move in (lambda: deciding.take(30), deciding.stop, lambda: deciding.keep("W")):
        with pytest.raises(IllegalMove):
            move()
    assert (deciding.middle, deciding.stacks, deciding.kept, deciding.current) == snapshot


def test_board_options_are_the_engines_single_answer() -> None:
    board = Board(STANDARD, (21, 25, 27), ((1, 26), (2, 30)), 29)
    assert [(o.tile, o.reason) for o in board.options(26, True)] == [
        (25, "next_lower"),
        (26, "steal"),
    ]
    assert board.options(26, False) == ()
    assert board.options(20, True) == ()
    assert [o.tile for o in board.options(29, True)] == [27]


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"players": 8, "stacks": ((),) * 8}, "player_count"),
        ({"stacks": ((),)}, "stack_count"),
        ({"middle": (*range(21, 37), 40)}, "not_a_tile"),
        ({"middle": tuple(range(22, 37))}, "tile_missing"),
        ({"face_down": (21,)}, "tile_repeated"),
        ({"current": 2}, "not_a_seat"),
        ({"kept": ("1",) * 9}, "too_many_kept"),
        ({"middle": (), "face_down": tuple(range(21, 37)), "kept": ("1",)}, "turn_after_end"),
        ({"kept": ("W",), "rolled": ("1", "2")}, "rolled_count"),
        ({"kept": ("W",), "rolled": ("W",) * 7}, "rolled_bust"),
    ],
)
def test_a_table_no_game_reaches_is_refused_by_its_one_check(
    changes: dict[str, object], code: str
) -> None:
    with pytest.raises(TableError) as refused:
        replace(Table.new(2), **changes).check()  # type: ignore[arg-type]
    assert refused.value.code == code


def test_every_builder_of_tables_refuses_a_tile_in_two_places_with_the_same_code() -> None:
    """Records and the pages' controls both go through `Table.check` (a teacher's edit moves a
    tile, so it cannot put one in two places; its refusals are in test_share_sandbox.py)."""
    from pickomino.lessons.examples import ExampleError, board_table
    from pickomino.scenario import ScenarioError, parse

    with pytest.raises(ScenarioError) as record:
        parse({"players": 2, "middle": list(range(21, 37)), "stacks": [[25], []]})
    with pytest.raises(ExampleError) as page:
        board_table(STANDARD, [21, 25], [25], None)
    assert {record.value.code, page.value.code} == {"tile_repeated"}
    assert record.value.params == page.value.params == {"tile": 25}
