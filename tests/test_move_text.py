"""A move's short text form (`Move.text`, `Move.from_text`) and its round trip."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickomino.bots import played, random_move
from pickomino.game import ROLL, STOP, Move, MoveTextError, Table
from pickomino.rules import PRESETS


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (ROLL, "roll"),
        (Move("roll", faces=("1", "1", "3", "W")), "roll 113W"),
        (Move("keep", face="W"), "keep W"),
        (Move("keep", face="4"), "keep 4"),
        (Move("take", tile=27), "take 27"),
        (STOP, "stop"),
    ],
)
def test_each_kind_of_move_has_its_text(move: Move, text: str) -> None:
    assert move.text() == text
    assert Move.from_text(text) == move


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "move_unknown"),
        ("steal 27", "move_unknown"),
        ("Roll", "move_unknown"),
        ("stop now", "move_shape"),
        ("stop ", "move_shape"),
        ("keep", "move_shape"),
        ("keep ", "move_shape"),
        ("take", "move_shape"),
        ("take 27 1", "move_shape"),
        ("roll 1 2", "move_shape"),
        ("keep WW", "move_face"),
        ("take x7", "move_tile"),
        ("take 027", "move_tile"),
        ("take -3", "move_tile"),
        ("take 1234", "move_tile"),
        ("take ²7", "move_tile"),
    ],
)
def test_text_that_is_no_move_is_refused_by_what_is_wrong(text: str, code: str) -> None:
    with pytest.raises(MoveTextError) as refused:
        Move.from_text(text)
    assert refused.value.code == code
    assert refused.value.params["text"] == text


def walk(seed: int, rules_name: str, steps: int) -> Table:
    """A table a careless player reaches in `steps` moves from a fresh game."""
    rng = random.Random(seed)
    table = Table.new(2, PRESETS[rules_name])
    for _ in range(steps):
        if table.over:
            break
        table = random_move(table, rng)[0]
    return table


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)), st.integers(0, 120))
def test_every_legal_move_of_a_table_round_trips(seed: int, rules_name: str, steps: int) -> None:
    table = walk(seed, rules_name, steps)
    for move in table.legal_moves():
        assert Move.from_text(move.text()) == move
        # A roll as a record writes it, with the faces it showed, round-trips too.
        written = played(table, move, random.Random(seed)).move
        assert written is not None and Move.from_text(written.text()) == written
