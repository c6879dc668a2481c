"""What a click on the sandbox does: callbacks that turn it into the practice table's methods.

Streamlit runs a callback before the page is drawn again, so each click changes the session once
and the page draws the result. A click the engine refuses leaves the table as it was and keeps the
refusal (`activities.practice.Clicked`) for the page to show once, beside the control refused.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from pickomino.activities.practice import Clicked, Practice
from pickomino.game import Move
from pickomino.sandbox import Place
from pickomino.ui.frame import current_lang
from pickomino.ui.practice.state import (
    DICE,
    EDIT_PLACE,
    EDIT_TILE,
    NOTICE,
    Where,
    bots,
    fresh_table,
    keep,
    practice,
    refuse,
    seed,
)


def pop_notice(where: Where) -> str | None:
    """The refusal of the last click, once, if it is to be shown here."""
    notice: tuple[str, Where] | None = st.session_state.get(NOTICE)
    if notice is None or notice[1] != where:
        return None
    del st.session_state[NOTICE]
    return notice[0]


def _now() -> Practice:
    """The session's practice table, which a click always finds (the page ran first)."""
    found = practice()
    assert found is not None
    return found


def _kept(clicked: Clicked, where: Where = "table") -> None:
    """Keep the table a click left; its refusal, if any, for the page to show beside `where`."""
    keep(clicked.practice)
    if clicked.refusal is not None:
        refuse(clicked.refusal, where)


def act(method: Callable[..., Clicked], *args: object) -> None:
    """A click as `method` of the session's practice table, called with `args` and the language.

    The buttons whose click needs nothing read at click time (undo, redo, reset, a new game) name
    their method (`Practice.undo`); the others read their widget's value first, below.
    """
    _kept(method(_now(), *args, current_lang()))


def play(move: Move) -> None:
    """A move clicked in the sandbox (`dice_choice` and `draw.offer` call it with the move)."""
    act(Practice.play, move)


def roll_set() -> None:
    """Roll the dice the teacher typed."""
    _kept(_now().roll_typed(str(st.session_state.get(DICE, "")), current_lang()), "dice")


def move_tile() -> None:
    """Move the tile a teacher chose where the teacher chose."""
    place: Place = st.session_state[EDIT_PLACE]
    _kept(_now().move_tile(int(st.session_state[EDIT_TILE]), place, current_lang()), "board")


def new_table() -> None:
    """Start over with the players and rules chosen in the new-table form, not the link's."""
    act(Practice.new_table, fresh_table())


def reseed() -> None:
    """Roll from the seed a teacher typed, so a class repeats the same dice from here on."""
    act(Practice.reseed, seed())


def switch_bots() -> None:
    """The expert switched on or off (the toggle's value, in the session already)."""
    act(Practice.with_bots, bots())


def reveal() -> None:
    """Show the hidden odds (the class has answered)."""
    keep(_now().reveal())
