"""One history for the Play page, the sandbox and game records: old data reads, dice unchanged.

The fixtures in `tests/fixtures/history/` were written by the code before `History` existed (a
Play game as the store kept it, its record, and two sandboxes, one past its cap), each with the
table it showed and the table the next random roll led to. Reading them now must give the same
tables and the same dice, or a link or a stored game shared before would change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pickomino.bots import bot
from pickomino.game import ROLL, Table
from pickomino.history import VERSION, History, HistoryError, roll_rng
from pickomino.match import Match, MatchError
from pickomino.sandbox import Sandbox, place_tile
from pickomino.scenario import dump, scenario_json
from tests.cli import Ran

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "history"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text())
    return data


# ----- every form written before the version key still reads, with its dice -------------------


def test_a_play_game_stored_before_reads_with_its_table_and_next_roll() -> None:
    stored = fixture("match_v1")
    assert "version" not in stored["data"]
    match = Match.from_data(stored["data"])
    assert dump(match.table) == stored["table"] and len(match.steps) == stored["steps"]
    assert match.names == ("Ana", "", "Bo") and match.kinds == ("person", "expert", "cautious")
    assert stored["next"] is not None and dump(match.play(ROLL).table) == stored["next"]
    assert Match.from_data(match.to_data()) == match


def test_a_record_without_version_reads_as_a_history_and_a_play_game() -> None:
    stored = fixture("record_v1")
    history, at = History.from_data(stored["data"])
    assert dump(history.table) == stored["table"] and at == 0
    assert history.seats == ("person", "expert", "cautious")
    assert dump(Match.from_data(stored["data"]).table) == stored["table"]


@pytest.mark.parametrize("name", ["sandbox_v1", "sandbox_edit_v1"])
def test_a_sandbox_stored_before_reads_with_its_table_and_next_roll(name: str) -> None:
    stored = fixture(name)
    box = Sandbox.from_data(stored["data"])
    assert (box.position, box.dropped, box.seed) == tuple(
        stored["data"][key] for key in ("position", "dropped", "seed")
    )
    assert dump(box.table) == stored["table"]
    assert dump(box.roll().table) == stored["next"]
    again = Sandbox.from_data(box.to_data())
    assert again == box and box.to_data()["version"] == VERSION


def test_the_fixtures_hold_what_they_are_meant_to() -> None:
    """The sandbox fixtures hold a dropped past, a redo and a teacher's edit, or prove less."""
    dropped = fixture("sandbox_v1")["data"]
    assert dropped["dropped"] > 0 and dropped["position"] < len(dropped["steps"]) - 1
    edited = fixture("sandbox_edit_v1")["data"]["steps"]
    assert any("table" in step for step in edited[1:])
    assert any(step.get("drawn") for step in edited)


# ----- one seeding rule ---------------------------------------------------------------------------


def test_the_play_page_and_the_sandbox_roll_the_same_dice_from_the_same_seed() -> None:
    match = Match.new(("person", "person"), ("", ""), 11)
    box = Sandbox.start(Table.new(2), 11)
    for _ in range(12):
        move = bot("expert").move(match.table)
        match, box = match.play(move), box.play(move)
        assert box.table == match.table
    assert box.history == match.history.steps


def test_a_roll_draws_from_the_seed_and_the_place_of_its_table() -> None:
    history = History.begin(Table.new(2), 5)
    rolled = history.play(ROLL).table.rolled
    assert rolled is not None
    expected = Table.new(2).play(ROLL, roll_rng(5, 0))[0].rolled
    assert rolled == expected
    later = history.play(ROLL).upto(0)
    assert later.play(ROLL).table.rolled == rolled  # the same place rolls the same again
    moved = History(history.steps, 5, dropped=1)
    assert moved.play(ROLL).table.rolled == Table.new(2).play(ROLL, roll_rng(5, 1))[0].rolled


# ----- a sandbox saved as a game record -------------------------------------------------------


def test_a_sandbox_saved_as_a_record_replays_and_is_reviewed_by_the_command_line(
    cli: Callable[..., Ran],
) -> None:
    box = Sandbox.start(Table.new(2), 3).roll()
    box = box.edit(place_tile(box.table, 36, 1))  # a teacher's edit: the record starts there
    box = box.autoplay(bot("expert"), seat=1).play(ROLL)  # seat 0's turn played out, seat 1's begun
    box = box.play(bot("expert").move(box.table)).undo()
    record = box.record()
    assert record.table == box.history[2].table and record.at == box.position - 2
    assert len(record.moves) == len(box.history) - 3
    text = json.dumps(scenario_json(record))
    replayed = cli("replay", "-", stdin=text)
    assert (replayed.returncode, replayed.stderr) == (0, "")
    assert json.loads(replayed.stdout) == dump(box.history[-1].table)
    reviewed = cli("review", "-", stdin=text)
    assert (reviewed.returncode, reviewed.stderr) == (0, "")
    decisions = json.loads(reviewed.stdout)["decisions"]
    assert decisions and {decision["seat"] for decision in decisions} == {0, 1}


def test_a_record_of_a_history_without_edits_starts_at_its_first_table() -> None:
    match = Match.new(("expert", "cautious"), ("Ana", "Bo"), 2).until_person()
    record = match.history.record()
    assert record.table == match.start and record.names == ("Ana", "Bo")
    assert History.of(record, 2).steps == match.history.steps


# ----- one stored form ------------------------------------------------------------------------


def test_a_play_game_opens_in_the_sandbox_and_an_edited_sandbox_is_no_play_game() -> None:
    match = Match.new(("person", "expert"), ("", ""), 4).play(ROLL)
    box = Sandbox.from_data(match.to_data())
    assert box.history == match.history.steps and box.table == match.table
    edited = box.edit(place_tile(box.table, 36, 1)).to_data()
    with pytest.raises(MatchError, match="every move by the rules"):
        Match.from_data(edited)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"version": VERSION + 1}, "'version'"),
        ({"seed": True}, "'seed'"),
        ({"dropped": -1}, "'dropped'"),
        ({"at": 5}, "'at'"),
        ({"names": ["Ana"]}, "'names'"),
        ({"steps": []}, "'steps'"),
        ({"steps": [{"action": {"stop": True}}]}, "step 0"),
    ],
)
def test_stored_data_that_is_no_history_is_refused_by_name(
    change: dict[str, Any], named: str
) -> None:
    data = {**History.begin(Table.new(2), 1).to_data(), **change}
    with pytest.raises(HistoryError, match=named):
        History.from_data(data)
    with pytest.raises(ValueError, match=named):
        Sandbox.from_data(data)
    with pytest.raises(MatchError, match=named):
        Match.from_data({**data, "seats": ["person", "expert"]})


def test_an_older_form_with_a_wrong_key_is_refused_by_name() -> None:
    sandbox = fixture("sandbox_v1")["data"]
    with pytest.raises(HistoryError, match="'position'"):
        History.from_data({**sandbox, "position": len(sandbox["steps"])})
    game = fixture("match_v1")["data"]
    unseated = {key: value for key, value in game["record"].items() if key != "seats"}
    with pytest.raises(HistoryError, match="'seats'"):
        History.from_data({**game, "record": unseated})
