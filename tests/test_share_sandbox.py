"""Links that carry a table, and the sandbox's history, seeded rolls and teacher edits."""

from __future__ import annotations

import base64
import json

import pytest

from pickomino.bots import bot
from pickomino.events import TookTile, TurnFailed
from pickomino.game import IllegalMove, Table
from pickomino.sandbox import Sandbox, place_tile
from pickomino.scenario import ScenarioError
from pickomino.share import (
    MAX_LINK_CHARS,
    decode_table,
    encode_table,
    load_scenario,
    read_scenario,
    scenario_names,
)
from tests import tables


def test_a_table_survives_the_link_round_trip() -> None:
    table = tables.table(
        players=3,
        stacks=[[22], [], [30, 25]],
        face_down=[36],
        kept=["W", 5],
        rolled=[1, 2, 3, 4, 4, "W"],
        current=1,
    )
    link = encode_table(table)
    assert "=" not in link and "+" not in link and "/" not in link
    assert decode_table(link) == table


def test_padding_is_optional_and_actions_are_replayed() -> None:
    data = {"players": 2, "kept": ["W", "W", "W", 5, 5], "actions": [{"take": 25}]}
    text = json.dumps(data)
    while len(text) % 3 == 0:
        text += " "
    padded = base64.urlsafe_b64encode(text.encode()).decode()
    assert padded.endswith("=")
    table = decode_table(padded)
    assert table.stacks == ((25,), ())
    assert decode_table(padded.rstrip("=")) == table


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("%%%", "not URL-safe base64"),
        (base64.urlsafe_b64encode(b"\xff\xfe").decode(), "not URL-safe base64"),
        (base64.urlsafe_b64encode(b"[1,").decode(), "not valid JSON"),
        (base64.urlsafe_b64encode(b"[" * 3000).decode(), "nested too deeply"),
        (base64.urlsafe_b64encode(b"[" + b"9" * 5000 + b"]").decode(), "too many digits"),
        (base64.urlsafe_b64encode(b'{"players": 9}').decode(), "key 'players'"),
        (base64.urlsafe_b64encode(b'{"players": 2, "middle": [21]}').decode(), "tile 22"),
        ("A" * (MAX_LINK_CHARS + 1), "too long"),
    ],
)
def test_malformed_links_say_what_is_wrong(value: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        decode_table(value)


def test_named_scenarios_load_and_unknown_names_are_refused() -> None:
    assert "rule-steal-exact" in scenario_names()
    assert load_scenario("rule-steal-exact").stacks == ((), (26,), (30,))
    for name in ("nope", "../pyproject", "RULE-STEAL-EXACT", ""):
        with pytest.raises(ScenarioError, match="no scenario called"):
            load_scenario(name)


def test_sandbox_plays_undoes_and_redoes() -> None:
    box = Sandbox.start(Table.new(2), seed=4)
    box = (
        box.roll(["W", "W", "W", "5", "5", "5", "1", "2"]).keep("W").roll(["5", "5", "4", "4", "3"])
    )
    assert box.table.kept == ("W", "W", "W")
    box = box.keep("5")
    assert box.table.total == 25
    box = box.take(25)
    assert isinstance(box.events[0], TookTile)
    assert box.table.stacks == ((25,), ())
    back = box.undo().undo()
    assert back.table.phase == "keep" and back.can_redo
    assert back.redo().redo().table == box.table
    assert back.reset().table == Table.new(2) and not back.reset().can_undo
    branched = back.keep("4")
    assert not branched.can_redo
    assert branched.table.total == 23


def test_seeded_random_rolls_repeat_after_undo() -> None:
    box = Sandbox.start(Table.new(2), seed=11).roll()
    again = box.undo().roll()
    assert again.table.rolled == box.table.rolled
    # Another sandbox with the same seed rolls the same dice: the seed alone decides them.
    assert Sandbox.start(Table.new(2), seed=11).roll().table.rolled == box.table.rolled
    rolls = {Sandbox.start(Table.new(2), seed=s).roll().table.rolled for s in range(20)}
    assert len(rolls) > 15


def test_illegal_move_leaves_the_sandbox_as_it_was() -> None:
    box = Sandbox.start(Table.new(2)).roll(["1"] * 4 + ["2"] * 4).keep("1")
    with pytest.raises(IllegalMove):
        box.take(21)
    assert box.table.total == 4
    busted = box.roll(["1"] * 4)
    assert isinstance(busted.events[1], TurnFailed)


def test_teacher_moves_tiles_and_impossible_boards_are_refused() -> None:
    table = Table.new(3)
    moved = place_tile(place_tile(table, 30, 1), 36, "face_down")
    assert moved.stacks[1] == (30,) and moved.face_down == (36,)
    assert 30 not in moved.middle
    assert place_tile(moved, 30, "middle").stacks[1] == ()
    for place in (3, -1, True, "stack"):
        with pytest.raises(ScenarioError, match="not a seat from 0 to 2") as refused:
            place_tile(table, 30, place)  # type: ignore[arg-type]
        assert refused.value.code == "not_a_seat"
    with pytest.raises(ScenarioError, match="not a tile"):
        place_tile(table, 50, 0)
    one_left = tables.table(face_down=list(range(22, 37)), kept=[1])
    with pytest.raises(ScenarioError, match="game is over"):
        place_tile(one_left, 21, 0)


def test_bots_play_the_other_seats_and_undo_skips_their_moves() -> None:
    from pickomino.bots import bot
    from pickomino.events import Rolled, TurnPassed

    start = Sandbox.start(Table.new(3), seed=5)
    box = start.roll(["W", "W", "W", "5", "5", "5", "1", "2"]).keep("W")
    box = box.roll(["5", "5", "5", "1", "2"]).keep("5").take(30)
    assert box.table.current == 1
    played = box.autoplay(bot("expert"), 0)
    assert played.table.current == 0 or played.table.over
    assert played.position > box.position + 2, "seats 1 and 2 each rolled at least once"
    movers = {
        played.history[i - 1].table.current for i in range(box.position + 1, played.position + 1)
    }
    assert movers == {1, 2}
    story = played.events_since(0)
    assert isinstance(story[0], TookTile) and story[0].player == 0
    assert {e.player for e in story if isinstance(e, Rolled)} == {1, 2}
    assert isinstance(story[-1], TurnPassed) and story[-1].player == 0
    assert played.autoplay(bot("expert"), 0) == played, "nothing to do on the learner's turn"
    back = played.undo_to(0)
    assert back.table == box.history[box.position - 1].table, "back before the take"
    assert back.redo_to(0) == played
    assert start.autoplay(bot("expert"), 0) == start


def test_a_scenario_opens_at_its_moment_with_the_moves_before_to_undo_and_after_to_redo() -> None:
    scenario = read_scenario("faq-one-value")
    box = Sandbox.replaying(scenario)
    assert scenario.at == 1 and box.position == 1
    assert box.table.rolled == ("4", "4", "W", "W", "2", "5", "5", "1")
    assert box.can_undo and box.undo().table == scenario.table
    final, _ = scenario.replay()
    while box.can_redo:
        box = box.redo()
    assert box.table == final, "the moves after the moment are all there to redo"


def test_the_history_keeps_the_latest_tables_and_rolls_as_if_none_were_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `MAX_HISTORY` tables the oldest go: Undo stops there, the dice stay the same."""
    from pickomino import sandbox

    def rolls(box: Sandbox) -> Sandbox:
        for _ in range(30):
            box = box.roll() if box.table.phase == "roll" else box.play(box.table.legal_moves()[0])
        return box

    whole = rolls(Sandbox.start(Table.new(2), seed=4))
    monkeypatch.setattr(sandbox, "MAX_HISTORY", 10)
    bounded = rolls(Sandbox.start(Table.new(2), seed=4))
    assert len(whole.history) == 31 and len(bounded.history) == 10
    assert bounded.history == whole.history[-10:] and bounded.dropped == 21
    assert bounded.table == whole.table  # every roll drawn as in the whole history
    back = bounded
    for _ in range(20):
        back = back.undo()
    assert back.position == 0 and back.table == whole.history[21].table and not back.can_undo
    assert back.redo().table == whole.history[22].table


def test_a_record_longer_than_the_history_opens_at_its_moment() -> None:
    """The largest record allowed (`scenario.MAX_TURNS` turns) keeps `MAX_HISTORY` tables."""
    from pickomino.sandbox import MAX_HISTORY
    from pickomino.scenario import MAX_TURNS, parse

    actions = [{"roll": [1] * 8}, {"keep": 1}] * MAX_TURNS
    record = {"players": 2, "rules": "rulebook-empty-stack", "actions": actions}
    for at in (0, 1_500, len(actions)):
        box = Sandbox.replaying(parse({**record, "at": at}))
        assert len(box.history) == MAX_HISTORY
        assert box.dropped + box.position == at  # the table of the record's moment is shown


# ----- the history as stored data (`Sandbox.to_data`, `Sandbox.from_data`) ----------------------


def test_a_history_survives_the_store_round_trip_exactly() -> None:
    """Random rolls (their faces kept, their move still the faceless roll), typed rolls, the
    expert's moves, an edit, a new seed, and undone steps still there to redo."""
    box = Sandbox.start(Table.new(3), 11).roll(["W", "W", "5", "5", "5", "4", "3", "1"])
    box = box.keep("5").roll().reseed(12)
    while box.table.current == 0:  # the learner's turn to its end, random rolls among it
        box = box.play(bot("expert").move(box.table))
    box = box.edit(place_tile(box.table, 36, "face_down")).autoplay(bot("expert"), 0)
    box = box.roll().undo().undo()
    data = json.loads(json.dumps(box.to_data()))
    again = Sandbox.from_data(data)
    assert again == box
    assert [step.move for step in again.history] == [step.move for step in box.history]
    assert again.redo().redo() == box.redo().redo()


def test_past_the_cap_the_oldest_kept_step_keeps_its_table_and_move() -> None:
    box = Sandbox.start(Table.new(2), 3)
    while box.dropped == 0:  # games played one after another, a new table after each
        table = box.table
        box = box.edit(Table.new(2)) if table.over else box.play(bot("expert").move(table))
    again = Sandbox.from_data(json.loads(json.dumps(box.to_data())))
    assert (again.dropped, again.position, again.seed) == (box.dropped, box.position, box.seed)
    assert again.history[1:] == box.history[1:]
    assert again.history[0].table == box.history[0].table
    assert again.history[0].move == box.history[0].move
    assert again.history[0].events == ()  # the table it was played on is no longer kept


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"seed": 1, "position": 0, "dropped": 0, "steps": []},
        {"seed": 1, "position": 1, "dropped": 0, "steps": [{"table": {"players": 2}}]},
        {"seed": True, "position": 0, "dropped": 0, "steps": [{"table": {"players": 2}}]},
        {"seed": 1, "position": 0, "dropped": 0, "steps": [{"action": {"take": 25}}]},
        {"seed": 1, "position": 0, "dropped": 0, "steps": [{"table": []}]},
        {"seed": 1, "position": 0, "dropped": 0, "steps": [{"table": {"players": 9}}]},
        {
            "seed": 1,
            "position": 1,
            "dropped": 0,
            "steps": [{"table": {"players": 2}}, {"action": {"take": 25}}],
        },
    ],
)
def test_data_that_is_not_a_stored_sandbox_is_refused(data: dict[str, object]) -> None:
    with pytest.raises((ScenarioError, ValueError)):
        Sandbox.from_data(data)
