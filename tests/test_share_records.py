"""Whole games in links (`?game=`): a record round-trips, and a broken one is refused by name."""

from __future__ import annotations

import math
import random
import tomllib
from pathlib import Path

import pytest

from pickomino import bots
from pickomino.scenario import ScenarioError
from pickomino.share import MAX_FILE_BYTES, MAX_LINK_CHARS, decode_scenario, encode_scenario


@pytest.mark.parametrize("players", [2, 7])
def test_a_whole_game_record_round_trips_through_a_link(players: int) -> None:
    names = tuple(f"P{seat}" for seat in range(players))
    seats = [bots.expert] + [bots.heuristic] * (players - 1)
    record = bots.record_game(seats, random.Random(players), names=names)
    value = encode_scenario(record)
    assert len(value) < MAX_LINK_CHARS
    back = decode_scenario(value)
    assert back == record
    assert back.replay()[0].over


def test_a_cut_game_link_says_what_is_wrong() -> None:
    record = bots.record_game([bots.cautious, bots.cautious], random.Random(1))
    value = encode_scenario(record)
    with pytest.raises(ScenarioError) as cut:
        decode_scenario(value[: len(value) // 2])
    assert cut.value.code in {"not_base64", "not_json"}
    with pytest.raises(ScenarioError) as long:
        decode_scenario("A" * (MAX_LINK_CHARS + 1))
    assert long.value.code == "too_long"


def test_a_saved_game_file_opens_as_the_same_record() -> None:
    from pickomino.ui.records import read_record, record_text

    record = bots.record_game(
        [bots.expert, bots.cautious, bots.heuristic], random.Random(5), names=("Ana", "Bo", "Cy")
    )
    text = record_text(record)
    assert read_record(text.encode()) == record
    assert text.count("\n") > len(record.moves)  # one action per line, for a reader or a diff


@pytest.mark.parametrize(
    ("data", "code"),
    [(b"\xff\xfe not text", "not_text"), (b"{", "not_json"), (b" " * 1_000_001, "too_big")],
)
def test_a_file_that_is_no_record_is_refused_by_name(data: bytes, code: str) -> None:
    from pickomino.ui.records import read_record

    with pytest.raises(ScenarioError) as refused:
        read_record(data)
    assert refused.value.code == code


def test_streamlit_refuses_an_upload_the_app_would_refuse_before_taking_it_in() -> None:
    """`server.maxUploadSize` (MiB) is the least that lets in every record the app reads."""
    config = tomllib.loads((Path(__file__).parents[1] / ".streamlit/config.toml").read_text())
    mebibyte = 1024 * 1024
    assert config["server"]["maxUploadSize"] == math.ceil(MAX_FILE_BYTES / mebibyte)


def test_every_record_the_caps_allow_can_be_saved_and_opened_again() -> None:
    """The longest record the parser reads, written as the page saves it, is under the upload limit
    (every action the longest there is: a roll of eight worms, each written "W"). Such a record is
    read back whole; its replay, which an upload also runs, is another check (a roll cannot follow
    a roll), so the size is checked on what the parser reads."""
    from pickomino.scenario import MAX_ACTIONS, loads, parse
    from pickomino.ui.records import record_text

    names = ["N" * 40] * 7
    actions = [{"roll": ["W"] * 8}] * MAX_ACTIONS
    record = parse(
        {"players": 7, "rules": "rulebook-empty-stack", "names": names, "actions": actions}
    )
    text = record_text(record)
    assert len(record.moves) == MAX_ACTIONS and len(text.encode()) < MAX_FILE_BYTES
    assert loads(text) == record
