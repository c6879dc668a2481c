"""Chances of winning: small endgames exactly against an independent brute force; the coach.

The independent side shares no code with `pickomino.value` beyond the engine: each turn is solved
by trying every roll and keep (`tests.test_odds.brute_force`), each end of a turn is played by the
engine's own moves (`Table.take`, `Table.stop`), and the endgame's values are iterated until they
stop changing. Small rules (three dice, six tiles) keep the brute force quick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from itertools import product

import pytest

from pickomino.bots import expert, heuristic, master, play_game, record_game
from pickomino.game import ROLL, STOP, Move, Table, TakeOption
from pickomino.odds import TIE, NoOdds
from pickomino.rules import STANDARD
from pickomino.scenario import Scenario
from pickomino.value import (
    EXACT_MIDDLE,
    EXACT_STATES,
    best_chance,
    chance,
    decision_chances,
    endgame_tables,
    features,
    in_ten,
    model,
    move_chances,
    reply_chance,
    win_chance,
)
from tests.test_odds import Rolls, brute_force, multiset_rolls, ordered_rolls

TINY = replace(
    STANDARD,
    name="tiny",
    dice=3,
    tiles=(9, 10, 11, 12, 13, 14),
    tile_worms=(1, 1, 2, 2, 3, 3),
)


def tiny(middle: tuple[int, ...], stacks: tuple[tuple[int, ...], ...], current: int = 0) -> Table:
    placed = {*middle, *(tile for stack in stacks for tile in stack)}
    down = tuple(tile for tile in TINY.tiles if tile not in placed)
    return Table(TINY, 2, middle, down, stacks, current).check()


@cache
def engine_after(table: Table, option: TakeOption | None) -> Table:
    """The table after ending the turn, by the engine's own moves from dice that reach the end."""
    rules = table.rules
    for count in range(1, rules.dice + 1):
        for kept in product(rules.faces, repeat=count):
            worm = rules.has_worm(kept)
            if option is None and not worm and count == rules.dice:
                return replace(table, kept=kept).stop()[0]
            if option is not None and worm and rules.total(kept) == option.tile:
                return replace(table, kept=kept).take(option.tile)[0]
    raise AssertionError(f"no dice reach {option}")


def share_of(final: Table, seat: int) -> float:
    winners = final.winners()
    return 1 / len(winners) if seat in winners else 0.0


def exact_values(start: Table) -> dict[Table, float]:
    """Value iteration over every turn start the endgame reaches: the mover's chance to win."""
    states: list[Table] = []
    queue = [start]
    while queue:
        state = queue.pop()
        if state in states:
            continue
        states.append(state)
        board = state.board()
        ends = {o for total in range(40) for o in board.options(total, True)}
        for option in [*ends, None]:
            after = engine_after(state, option)
            if not after.over:
                queue.append(after)
    values = dict.fromkeys(states, 0.5)

    def worth(state: Table, option: TakeOption | None) -> float:
        after = engine_after(state, option)
        return share_of(after, state.current) if after.over else 1 - values[after]

    for _ in range(500):
        change = 0.0
        for state in states:
            board = state.board()

            def objective(total: int, options: tuple[TakeOption, ...], s: Table = state) -> float:
                return max(worth(s, option) for option in options)

            value = float(brute_force(board, (), objective, worth(state, None)))  # type: ignore[arg-type]
            change = max(change, abs(value - values[state]))
            values[state] = value
        if change < 1e-13:
            break
    return values


Worth = Callable[[TakeOption | None], float]
"""The mover's chance of winning once the turn ends with this tile (None: the turn fails)."""


def turn_move_chances(
    state: Table, worth: Worth, rolls: Rolls = ordered_rolls
) -> dict[Move, float]:
    """Each move open at `state` with the mover's chance, the rest of the turn tried every way.

    Shares no code with `pickomino.value`: the rest of the turn is `brute_force`'s, the ends are
    valued by `worth`, and a roll on is every way the dice in hand can fall.
    """
    rules, board, kept = state.rules, state.board(), state.kept

    def objective(total: int, options: tuple[TakeOption, ...]) -> float:
        return max(worth(option) for option in options)

    def onwards(shown: Mapping[str, int]) -> float:
        """The best keep among the faces `shown`, played on best (a bust: the turn fails)."""
        new = [(face, count) for face, count in shown.items() if count and face not in kept]
        return max(
            (
                float(brute_force(board, kept + (face,) * count, objective, worth(None), rolls))
                for face, count in new
            ),
            default=worth(None),
        )

    if state.rolled is not None:
        return {
            Move("keep", face=face): onwards({face: state.rolled.count(face)})
            for face in state.keepable()
        }
    options = board.options(rules.total(kept), rules.has_worm(kept))
    chances = {Move("take", tile=option.tile): worth(option) for option in options}
    if not options:
        chances[STOP] = worth(None)
    if state.phase == "decide":
        falls = rolls(rules, rules.dice - len(kept))
        chances[ROLL] = sum(float(likely) * onwards(counts) for likely, counts in falls)
    return chances


def endgame_worth(state: Table, values: dict[Table, float]) -> Worth:
    """The ends of `state`'s turn valued by the exact endgame, for its mover."""
    start = replace(state, kept=(), rolled=None)

    def worth(option: TakeOption | None) -> float:
        after = engine_after(start, option)
        return share_of(after, state.current) if after.over else 1 - values[after]

    return worth


ENDGAMES = [
    tiny((11,), ((9,), (13,))),
    tiny((12,), ((), (14, 10))),
    tiny((13,), ((12,), (11, 10))),
    tiny((14,), ((9, 12), (13,))),
]


@pytest.mark.parametrize("start", ENDGAMES, ids=str)
def test_small_endgames_are_exact(start: Table) -> None:
    values = exact_values(start)
    # The endgame goes on past one turn somewhere, and is small enough to be solved exactly.
    assert 1 < len(values) <= EXACT_STATES
    tables = endgame_tables(start)  # the tables the notebook lists: exactly these
    assert tables is not None and tables[0] == start and set(tables) == set(values)
    for state, value in values.items():
        assert chance(state, state.current) == pytest.approx(value, abs=1e-9)
        assert chance(state, 1 - state.current) == pytest.approx(1 - value, abs=1e-9)
        assert win_chance(state) == pytest.approx(value, abs=1e-9)


def test_every_move_is_valued_by_the_exact_endgame_and_master_plays_the_best() -> None:
    start = ENDGAMES[0]
    values = exact_values(start)
    # 10 with a worm and a die left: take nothing yet (no 10 in the middle), roll on or stop.
    state = replace(start, kept=("W", "W"))
    assert state.phase == "decide"
    moves = dict(move_chances(state))
    after_stop = engine_after(start, None)
    assert set(moves) == {Move("stop"), Move("roll")}
    # Rolling the last die: a worm busts (worms are kept already); any other face is kept, then
    # the turn ends there, with the best tile that total offers, or failed.
    fail = share_of(after_stop, 0) if after_stop.over else 1 - values[after_stop]
    roll = 0.0
    for face in TINY.faces:
        options = () if face == "W" else state.board().options(TINY.total(("W", "W", face)), True)
        ends = [engine_after(start, option) for option in options]
        roll += max((share_of(a, 0) if a.over else 1 - values[a] for a in ends), default=fail) / 6
    assert moves[Move("stop")] == pytest.approx(fail, abs=1e-9)
    assert moves[Move("roll")] == pytest.approx(roll, abs=1e-9)
    assert master(state) == max(moves, key=lambda move: moves[move])


def test_a_finished_game_gives_the_share_of_first_place() -> None:
    final = play_game([master, expert], random.Random(3))
    for seat in range(2):
        assert chance(final, seat) == share_of(final, seat)
    assert sum(chance(final, seat) for seat in range(2)) == pytest.approx(1.0)
    with pytest.raises(NoOdds):
        move_chances(final)


def test_the_model_rises_with_the_lead_and_falls_as_the_middle_empties_behind() -> None:
    base = Table.new(2)
    ahead = replace(base, middle=base.middle[:-3], stacks=((34, 35, 36), ()), current=1)
    behind = replace(ahead, stacks=((), (34, 35, 36)))
    later_behind = replace(behind, middle=behind.middle[:4], face_down=behind.middle[4:])
    assert model().chance(ahead, 0) > 0.5 > model().chance(behind, 0)
    assert model().chance(later_behind, 0) < model().chance(behind, 0)
    assert len(features(base, 0)) == len(model().weights[2])
    # Too large for an exact endgame: the model answers, and the seats' chances add up near 1.
    assert len(ahead.middle) > EXACT_MIDDLE and endgame_tables(ahead) is None
    assert chance(ahead, 0) + chance(ahead, 1) == pytest.approx(1.0, abs=0.1)


def test_the_coach_walks_every_decision_of_a_record() -> None:
    start = ENDGAMES[3]
    rng = random.Random(5)
    moves: list[Move] = []
    table = start
    while not table.over and len(moves) < 60:
        # any open move, so that the record holds the best moves and moves that cost a chance
        move = Move("roll") if table.phase == "roll" else rng.choice(table.legal_moves())
        table, events = table.play(move, rng)
        if move.kind == "roll":
            move = replace(move, faces=next(e.faces for e in events if hasattr(e, "faces")))
        moves.append(move)
    record = Scenario(start, tuple(moves))
    decisions = list(decision_chances(record))
    assert decisions
    exact = exact_values(start)
    replayed = start
    by_index = {d.index: d for d in decisions}
    for index, move in enumerate(moves):
        if replayed.phase == "roll":
            assert index not in by_index
        else:
            # the coach's figures are the exact ones, each move's chance found independently
            decision = by_index[index]
            chances = turn_move_chances(replayed, endgame_worth(replayed, exact))
            assert set(chances) == set(replayed.legal_moves())
            top = max(chances.values())
            assert decision.before == pytest.approx(top, abs=1e-9)
            assert decision.after == pytest.approx(chances[replace(move, faces=None)], abs=1e-9)
            assert chances[decision.best] == pytest.approx(top, abs=1e-9)
        replayed = replayed.play(move)[0]
    assert chance(start, 0) == pytest.approx(exact[start], abs=1e-9)
    assert {decision.change < -TIE for decision in decisions} == {True, False}


def test_master_keeps_the_face_with_the_best_chance_on_a_standard_table() -> None:
    # Far behind late in the game: the worms of a small sure tile do not win it.
    behind = Table(STANDARD, 2, tuple(range(21, 27)), tuple(range(27, 34)), ((), (34, 35, 36)), 0)
    rolled = replace(behind.check(), rolled=("1", "1", "1", "3", "3", "4", "5", "W"))

    # Each end of the turn is worth the chance of winning from the table it leads to, after the
    # rival's next turn (as the master values it); the rest of the turn is tried every way, apart
    # from the master's own search.
    def worth(option: TakeOption | None) -> float:
        return reply_chance(engine_after(behind, option), rolled.current)

    chances = turn_move_chances(rolled, worth, cache(multiset_rolls))
    assert set(chances) == set(rolled.legal_moves())
    first, second = sorted(chances.values(), reverse=True)[:2]
    assert first > second + TIE  # one best keep, no tie to break
    best = max(chances, key=lambda move: chances[move])
    assert master(rolled) == best != expert(rolled)  # the expert keeps for worms


def test_the_rivals_next_turn_is_solved_as_exactly_as_the_movers() -> None:
    """Past an exact endgame, `reply_chance` plays the rival's turn best for the rival.

    The rival's turn is tried every way (`brute_force`), each of its ends valued by `chance` from
    the rival's side, and the seat waiting gets the rest; at its own turn there is no reply.
    """
    table = tiny((9, 10, 11, 12), ((13,), (14,)), current=1)
    assert endgame_tables(table) is None  # the model values the ends

    def worth(option: TakeOption | None) -> float:
        return chance(engine_after(table, option), 1)

    def objective(total: int, options: tuple[TakeOption, ...]) -> float:
        return max(worth(option) for option in options)

    rival_best = float(brute_force(table.board(), (), objective, worth(None)))  # type: ignore[arg-type]
    assert reply_chance(table, 0) == pytest.approx(1 - rival_best, abs=1e-9)
    assert reply_chance(table, 0) != pytest.approx(chance(table, 0), abs=1e-3)
    assert reply_chance(table, 1) == chance(table, 1)
    small = ENDGAMES[0]  # exact already: the reply adds nothing
    assert reply_chance(small, 1 - small.current) == chance(small, 1 - small.current)


def test_with_reply_every_end_of_the_turn_is_valued_after_the_rivals_turn() -> None:
    start = tiny((9, 10, 11, 12), ((13,), (14,)), current=0)
    state = replace(start, kept=("W",))
    assert state.phase == "decide"

    def worth(option: TakeOption | None) -> float:
        return reply_chance(engine_after(start, option), 0)

    expected = turn_move_chances(state, worth)
    found = dict(move_chances(state, reply=True))
    assert set(found) == set(expected)
    for move, value in expected.items():
        assert found[move] == pytest.approx(value, abs=1e-9)


def test_the_chance_shown_is_the_masters_on_the_play_page_and_in_the_review_alike() -> None:
    """The Play page says "with the best moves, as the master bot plays them": with two players the
    master looks one turn further than the ends' model alone, and the figure must be that one."""
    record = record_game([expert, heuristic], random.Random("w0"))
    by_index = {found.index: found for found in decision_chances(record)}
    table, parted = record.table, 0
    for index, move in enumerate(record.moves):
        if table.phase != "roll":
            best, masters = best_chance(move_chances(table, reply=True))
            one_turn = best_chance(move_chances(table))[1]
            parted += in_ten(one_turn) != in_ten(masters)
            assert win_chance(table) == masters == by_index[index].before
            assert master(table) == best
        table = table.play(move)[0]
    assert parted, "a game where looking one turn further changes a figure shown"


def test_told_who_plays_the_same_table_is_a_better_chance_against_a_weaker_bot() -> None:
    """The expert beats the cautious bot about 78 games in 100: told who plays, the chance at
    the start says so, from either side; told a person against a bot, it lies in between."""
    start = Table.new(2)
    strong = chance(start, 0, ("expert", "cautious"))
    weak = chance(start, 0, ("cautious", "expert"))
    assert strong > 0.65 and weak < 0.35
    assert chance(start, 1, ("cautious", "expert")) > 0.65  # the expert's side, second to play
    assert weak < chance(start, 0, ("person", "expert")) < chance(start, 0, ("person", "cautious"))
    assert chance(start, 0, ("person", "cautious")) < strong


def test_not_told_who_plays_is_the_masters_own_value() -> None:
    """Untold (None, only persons or bots the second model does not know), every figure is the
    one the master bot plays by: the same number, not a close one."""
    record = record_game([expert, heuristic], random.Random(4))
    tables = [step.table for step in record.steps() if not step.table.over][::7]
    three = Table.new(3)
    assert len(tables) > 5
    for table in tables:
        for untold in (("person", "person"), ("person", "random")):
            assert chance(table, 0, untold) == chance(table, 0)
            assert reply_chance(table, 1, untold) == reply_chance(table, 1)
        assert win_chance(table, ("person", "person")) == win_chance(table)
    assert chance(three, 0, ("person", "person", "random")) == chance(three, 0)


@pytest.mark.parametrize("players", [3, 4])
def test_told_who_plays_a_larger_table_counts_each_rival(players: int) -> None:
    """With more seats too: the expert among cautious bots is a better chance than the cautious
    bot among experts, and each rival who is an expert rather than a cautious bot lowers it."""
    start = Table.new(players)
    share = 1 / players
    among_cautious = chance(start, 0, ("expert", *("cautious",) * (players - 1)))
    among_experts = chance(start, 0, ("cautious", *("expert",) * (players - 1)))
    assert among_experts < share < among_cautious
    rivals = ["cautious"] * (players - 1)
    found = []
    for rival in range(players - 1):
        rivals[rival] = "expert"
        found.append(chance(start, 0, ("person", *rivals)))
    assert found == sorted(found, reverse=True) and found[0] > found[-1]


def test_a_record_that_says_who_played_is_valued_told_so() -> None:
    """The review's figures are the Play page's: `decision_chances` tells the record's seats."""
    played = record_game([expert, heuristic], random.Random(5))
    told = replace(played, seats=("person", "cautious"))
    table = told.table
    for move in told.moves:  # to the record's first decision, after its first roll
        if table.phase != "roll":
            break
        table = table.play(move)[0]
    first = next(decision_chances(told))
    found = dict(move_chances(table, reply=True, players=("person", "cautious")))
    assert first.before == pytest.approx(max(found.values()), abs=TIE)
    untold = next(decision_chances(replace(played, seats=None)))
    assert abs(first.before - untold.before) > 0.01
