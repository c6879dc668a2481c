"""What a click on the Play page, or the bots' timer, does: a method of the session's game.

Each callback reads the game, asks it for the change (`activities.play.PlayGame`, which checks
the position the control was drawn for and words a refusal), keeps the outcome, and keeps the
refusal for the page to show once.
"""

from __future__ import annotations

import streamlit as st

from pickomino.activities.play import Clicked, SetUp
from pickomino.game import Move
from pickomino.scenario import Scenario
from pickomino.ui.frame import current_lang
from pickomino.ui.play.state import (
    RULES,
    SEATS,
    SEED,
    TICKING,
    chosen_kind,
    chosen_rules,
    game,
    kind_key,
    match,
    name_key,
    open_kind_key,
    pace,
    put,
    refuse,
)


def _kept(clicked: Clicked) -> bool:
    """Keep a click's outcome, and its refusal for the page; True if the click was played."""
    put(clicked.game)
    if clicked.refusal is not None:
        refuse(clicked.refusal)
        return False
    return True


def person_move(move: Move, drawn: int) -> None:
    """A person's click on a move, drawn when the game had `drawn` moves."""
    _kept(game().person_move(move, drawn, current_lang()))


def bots_play(drawn: int, until_person: bool) -> None:
    """The bots play one move, or until a person is to play (or the end)."""
    _kept(game().bots_play(drawn, until_person, current_lang()))


def tick(drawn: int) -> None:
    """The bots' timer: one bot move, drawn when the game had `drawn` moves, then the page.

    Run with the page, it does nothing (the page has just drawn the table). On its own runs it
    plays like a click, so a timer left from an earlier moment (a person's click moved the bots on
    meanwhile) is refused, and said, rather than playing a move unseen.
    """
    if st.session_state.pop(TICKING, False) or pace() == "step":
        return
    _kept(game().tick(drawn, current_lang()))
    st.rerun()


def start() -> None:
    """Start the game the set-up describes."""
    count = int(st.session_state.get(SEATS, 2))
    setup = SetUp(
        tuple(chosen_kind(seat) for seat in range(count)),
        tuple(str(st.session_state.get(name_key(seat), "")) for seat in range(count)),
        chosen_rules(),
        str(st.session_state.get(SEED, "")),
    )
    _kept(game().start(setup, current_lang()))


def go_on() -> None:
    """Carry on the opened game with the seats' kinds the reader chose."""
    now = game()
    players = 0 if now.waiting is None else now.waiting[0].table.players
    kinds = [chosen_kind(seat, open_kind_key(seat)) for seat in range(players)]
    _kept(now.go_on(kinds, current_lang()))


def open_file(record: Scenario, drawn: int | None) -> None:
    """A saved game opened in place of the game drawn (`drawn`; None: the set-up)."""
    _kept(game().open_file(record, drawn, current_lang()))


def again(drawn: int) -> None:
    """The same seats at a fresh table, with a new seed."""
    _kept(game().again(drawn, current_lang()))


def set_up(drawn: int) -> None:
    """Leave the game for the set-up, its seats kept there for the next one."""
    left = match()
    if not _kept(game().set_up(drawn, current_lang())) or left is None:
        return
    st.session_state[SEATS] = left.start.players
    st.session_state[RULES] = left.start.rules.name
    for seat, (kind, name) in enumerate(zip(left.kinds, left.names, strict=True)):
        st.session_state[kind_key(seat)] = kind
        st.session_state[name_key(seat)] = name
