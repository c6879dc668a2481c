"""Bots play whole games legally, each follows its own rule, and the expert wins clearly."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from pickomino import bots
from pickomino.bots import (
    BOTS,
    Bot,
    TournamentError,
    autoplay,
    bot,
    cautious,
    expert,
    heuristic,
    play_game,
    record_game,
    strategy,
    tournament,
)
from pickomino.game import Move, Table
from pickomino.odds import analyse
from pickomino.rules import JUNIOR, PRESETS, STANDARD, Rules
from pickomino.scenario import ScenarioError, dump, scenario_json
from tests.cli import Ran, run_process
from tests.tables import table


@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_every_strategy_finishes_games_under_every_preset(rules_name: str) -> None:
    rules = PRESETS[rules_name]
    seats = [bot(name) for name in ("cautious", "heuristic", "expert", "master")]
    final = play_game(seats, random.Random(rules_name), rules)
    assert final.over
    # The box holds 40 worms (16 tiles, four each of 1 to 4 worms); Junior 30 (12 tiles, three
    # each): every one is on a stack, so in a score, or face down out of the game.
    in_the_box = {STANDARD.tiles: 40, JUNIOR.tiles: 30}[rules.tiles]
    assert sum(final.scores()) + sum(rules.worms(t) for t in final.face_down) == in_the_box
    assert sorted([*final.face_down, *(t for s in final.stacks for t in s)]) == list(rules.tiles)
    assert final.winners()


def test_cautious_keeps_a_worm_at_once_and_takes_the_first_tile() -> None:
    rolled = table(rolled=["1", "W", "4", "4", "4", "4", "2", "3"])
    assert cautious(rolled) == Move("keep", face="W")
    # 21 with a worm and three dice left: cautious stops on the first tile offered.
    state = table(kept=["W", "W", "W", "4", "2"])
    assert state.options()[0].tile == 21
    assert cautious(state) == Move("take", tile=21)


def test_heuristic_rolls_on_low_and_stops_high() -> None:
    # 21 with three dice in hand and four faces live: a bust is unlikely, 26 is within reach.
    low = table(kept=["W", "W", "W", "W", "1"])
    assert heuristic(low) == Move("roll")
    # 31 with one die and three faces live: half the rolls bust, so take the 31.
    high = table(kept=["W", "W", "W", "W", "4", "4", "3"])
    assert heuristic(high) == Move("take", tile=31)


def test_heuristic_prefers_points_early_and_a_worm_late() -> None:
    early = table(rolled=["5", "5", "5", "W", "1", "2", "3", "4"])
    assert heuristic(early) == Move("keep", face="5")
    late = table(kept=["4", "4", "3", "3"], rolled=["5", "5", "W", "1"])
    assert heuristic(late) == Move("keep", face="W")


def test_expert_steals_when_the_swing_is_larger() -> None:
    # 26 with a worm and no die left: 25 lies in the middle, 26 tops the opponent's stack (both 2
    # worms). Taking from the middle gains 2; stealing gains 2 and costs the opponent 2.
    state = table(
        middle=[21, 25],
        face_down=[22, 23, 24, *range(27, 37)],
        stacks=[[], [26]],
        kept=["W", "W", "W", "W", "2", "2"],
        rolled=["1", "1"],
    )
    state, _ = state.keep("1")
    assert cautious(state) == Move("take", tile=25)
    assert expert(state) == Move("take", tile=26)


def test_expert_risks_the_tile_in_hand_for_a_steal_worth_twice_in_the_swing() -> None:
    # Three players: 35 and 36 (4 worms each) top the opponents' stacks, 25 (2 worms) is the best
    # tile of the middle. Worked by hand, with the worm, two 5s and two dice left at 30 on the
    # roll 4-3 (W and 5 kept, so the last die busts on half its faces, which costs nothing: the
    # own stack is empty):
    # - keep 4 (34, faces 1-2-3 live): take 25 (2 worms, swing 2), or roll: 1 steals 35,
    #   2 steals 36 (4 worms, swing 8), 3 takes 25; worms (4+4+2)/6 = 5/3, swing (8+8+2)/6 = 3.
    # - keep 3 (33, faces 1-2-4 live): take 25 (2, 2), or roll: 1 takes 25, 2 steals 35, 4 takes
    #   25; worms (2+4+2)/6 = 4/3, swing (2+8+2)/6 = 2.
    # The expert plays the swing: keep 4 (3 against 2), then roll (3 against 2), where the
    # expected worms alone would take 25 (2 against 5/3). The recommendation is the same move.
    state = table(
        players=3,
        middle=[21, 25],
        stacks=[[], [35], [36]],
        kept=["W", "W", "W", "W", "5", "5"],
        rolled=["4", "3"],
    )
    keeps = {c.move.face: c.outlook for c in analyse(state).choices}
    assert keeps.keys() == {"3", "4"}
    assert (keeps["3"].expected_worms, keeps["3"].expected_swing) == pytest.approx((2, 2))
    assert (keeps["4"].expected_worms, keeps["4"].expected_swing) == pytest.approx((2, 3))
    assert expert(state) == Move("keep", face="4")

    state, _ = state.keep("4")
    analysis = analyse(state)
    moves = {(c.move.kind, c.move.tile): c.outlook for c in analysis.choices}
    assert moves.keys() == {("take", 25), ("roll", 0)}
    assert moves["take", 25].expected_worms == moves["take", 25].expected_swing == 2
    roll = moves["roll", 0]
    assert (roll.expected_worms, roll.expected_swing) == pytest.approx((5 / 3, 3))
    assert analysis.recommended.move == Move("roll")
    assert cautious(state) == Move("take", tile=25)
    assert expert(state) == Move("roll")


def test_a_recorded_game_replays_to_the_final_table(cli: Callable[..., Ran]) -> None:
    seats = [expert, heuristic, cautious]
    record = record_game(seats, random.Random("record"), names=["Ann", "Bob", "Cy"])
    final = play_game(seats, random.Random("record"))
    written = scenario_json(record)
    assert set(written) >= {"players", "rules", "names", "actions"}
    assert written["names"] == ["Ann", "Bob", "Cy"]
    rolls = [action["roll"] for action in written["actions"] if "roll" in action]
    assert rolls and all(isinstance(faces, list) and faces for faces in rolls)  # faces shown
    code, out, err = cli("replay", "-", stdin=json.dumps(written))
    assert (code, err) == (0, "")
    assert json.loads(out) == dump(final)
    assert final.over


def test_a_record_without_names_has_none_and_bad_names_are_refused() -> None:
    assert "names" not in scenario_json(record_game([cautious, cautious], random.Random(1)))
    with pytest.raises(ScenarioError, match="expected 2 names"):
        record_game([cautious, cautious], random.Random(1), names=["Ann"])


def test_tournament_is_seeded() -> None:
    first = tournament(["heuristic", "cautious"], 12, seed=5)
    assert first == tournament(["heuristic", "cautious"], 12, seed=5)
    # The figures, not the whole result: it holds the seed itself, so it would differ anyway.
    other = tournament(["heuristic", "cautious"], 12, seed=6)
    assert first["strategies"] != other["strategies"]
    rates = first["strategies"]
    assert rates.keys() == {"heuristic", "cautious"}
    assert rates["heuristic"]["win_rate"] + rates["cautious"]["win_rate"] == pytest.approx(1.0)


def test_tournament_rotates_the_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    seatings: list[list[str]] = []
    real = bots.play_game

    def recording(seats: Sequence[Bot], rng: random.Random, rules: Rules = STANDARD) -> Table:
        seatings.append([seat.name for seat in seats])
        return real(seats, rng, rules)

    monkeypatch.setattr(bots, "play_game", recording)
    tournament(["heuristic", "cautious", "cautious"], 4, seed=1)
    assert seatings == [
        ["heuristic", "cautious", "cautious"],
        ["cautious", "cautious", "heuristic"],
        ["cautious", "heuristic", "cautious"],
        ["heuristic", "cautious", "cautious"],
    ]


def test_tournament_refuses_bad_input() -> None:
    with pytest.raises(TournamentError, match="chess"):
        tournament(["expert", "chess"], 1, seed=0)
    with pytest.raises(TournamentError, match="1 to 100,000 games, not 0"):
        tournament(["expert", "cautious"], 0, seed=0)
    with pytest.raises(TournamentError, match="2 to 7 players"):
        tournament(["expert"], 1, seed=0)


def one_sided_p(wins: float, games: int) -> float:
    """Chance of at least `wins` wins in `games` fair coin flips."""
    least = math.ceil(wins)
    return sum(math.comb(games, k) for k in range(least, games + 1)) / 2**games


@pytest.mark.parametrize("other", ["cautious", "heuristic"])
def test_expert_wins_significantly_more_than_half(other: str) -> None:
    games = 60
    result = tournament(["expert", other], games, seed=2026)
    wins = result["strategies"]["expert"]["win_rate"] * games
    # A strategy no better than its opponent reaches this many wins less than once in 100 runs.
    assert one_sided_p(wins, games) < 0.01, wins


def test_cli_tournament_prints_json() -> None:
    # The one real `python -m pickomino tournament` process; the others call main().
    args = ("tournament", "--games", "6", "--seed", "3", "--players", "heuristic,cautious")
    result = run_process(*args)
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed == tournament(["heuristic", "cautious"], 6, seed=3, rules=STANDARD)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--players", "expert,chess"], "chess"),
        (["--games", "0"], "game"),
        (["--games", "100001"], "1 to 100,000 games"),
        (["--games", "1000000000"], "not 1,000,000,000"),
        (["--rules", "chess"], "chess"),
    ],
)
def test_cli_tournament_bad_input_exits_2(
    args: list[str], named: str, cli: Callable[..., Ran]
) -> None:
    result = cli("tournament", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert named in result.stderr


def test_a_tournament_over_the_cap_is_refused_before_any_game(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_game(*_: object) -> Table:
        raise AssertionError("a game was played")

    monkeypatch.setattr(bots, "play_game", no_game)
    with pytest.raises(TournamentError, match="not 100,001"):
        tournament(["heuristic", "cautious"], bots.MAX_GAMES + 1, seed=0)
    assert cli("tournament", "--games", str(bots.MAX_GAMES + 1)).returncode == 2


def test_a_long_tournament_tells_its_progress_on_stderr(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every `PROGRESS_SECONDS` (here every game) a line on stderr; stdout stays the one JSON."""
    import pickomino.__main__ as command

    quiet = cli("tournament", "--games", "4", "--players", "cautious,cautious")
    assert quiet.returncode == 0 and quiet.stderr == ""  # a short run says nothing
    monkeypatch.setattr(command, "PROGRESS_SECONDS", 0.0)
    told = cli("tournament", "--games", "4", "--players", "cautious,cautious")
    assert told.returncode == 0 and json.loads(told.stdout) == json.loads(quiet.stdout)
    lines = told.stderr.splitlines()
    assert [line.split(" games")[0] for line in lines] == [
        f"tournament: {done:,} of 4" for done in (1, 2, 3)
    ]
    assert "(25%)" in lines[0] and "s left" in lines[0]


def test_every_registered_bot_rolls_to_start_a_turn_and_plays_legal_moves() -> None:
    rng = random.Random(4)
    for name in BOTS:
        player = bot(name)
        assert player.name == name
        state = Table.new(2)
        assert player.move(state) == Move("roll")
        for _ in range(40):
            if state.over:
                break
            move = player.move(state)
            assert move.kind == "roll" or move in state.legal_moves()
            state = state.play(move, rng)[0]
    # The pages' old call: a strategy for the decisions, the roll played by the caller.
    rolled = table(rolled=["1", "W", "4", "4", "4", "4", "2", "3"])
    assert strategy("expert")(rolled) == expert(rolled)
    with pytest.raises(TournamentError, match="known: cautious, heuristic, expert, master"):
        bot("chess")


def test_autoplay_stops_at_a_seat_without_a_bot() -> None:
    seats: list[Bot | None] = [None, bot("heuristic"), bot("cautious")]
    start = replace(Table.new(3), current=1)
    steps = list(autoplay(start, seats, random.Random(2)))
    assert steps and steps[-1].table.current == 0
    assert all(step.table.current != 0 for step in steps[:-1])
    assert [step.move for step in autoplay(steps[-1].table, seats, random.Random(2))] == []
    # Every step replays without the generator: a roll carries the faces it showed.
    table_now = start
    for step in steps:
        assert step.move is not None
        table_now = table_now.play(step.move)[0]
    assert table_now == steps[-1].table
