"""What a click on the Play page, or the bots' timer, does, each through `change`.

Every change of the match goes through `change`, which checks the position it was made on.
A control is drawn for a position of the game (its number of moves; None for the set-up, before
any game), as a store write names the version it was made on. A click that arrives once the game
has moved on (a quick double click, a click as the page redraws, a timer that fires as a person's
click moves the bots on) is refused with its reason and changes nothing: the table it was meant
for is gone, and the move might now be another seat's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import streamlit as st

from pickomino.echo import echoed
from pickomino.game import IllegalMove, Move
from pickomino.i18n import t
from pickomino.match import Match, MatchError
from pickomino.rules import preset
from pickomino.share import SEED_HIGH, read_seed
from pickomino.ui import show
from pickomino.ui.frame import current_lang
from pickomino.ui.play.links import fresh_seed, opened
from pickomino.ui.play.state import (
    PENDING,
    RULES,
    SEATS,
    SEED,
    STORED,
    TICKING,
    WRITTEN,
    chosen_kind,
    chosen_rules,
    kind_key,
    match,
    name_key,
    open_kind_key,
    pace,
    put,
    refuse,
)

Position = int | None
"""The number of moves of the game a control was drawn for; None: drawn with no game."""


def position(found: Match | None) -> Position:
    """The position of a game, as its controls are drawn for it."""
    return None if found is None else len(found.steps)


def change(
    drawn: Position,
    step: Callable[[Match | None], Match | None],
    stale: str | None = None,
) -> bool:
    """Replace the match by `step` of it, if it is still at the position `drawn`; True if done.

    A position that moved on is refused with `stale` (by default: that click was for an earlier
    moment, the game has moved on); a move the rules refuse, or a move for a seat the click may
    not play, keeps the match as it was. Either way the refusal is kept for the page to show once.
    """
    lang = current_lang()
    now = match()
    said = stale if stale is not None else moved_on()
    if position(now) != drawn:
        refuse(said)
        return False
    try:
        put(step(now))
    except IllegalMove as error:
        refuse(t("common.refused", lang, reason=show.refusal(error, lang)))
        return False
    except MatchError:
        refuse(said)
        return False
    return True


def moved_on() -> str:
    """The refusal of a click made on an earlier moment of the game, said for any control."""
    lang = current_lang()
    return t("play.stale", lang, reason=t("play.stale_moved", lang))


def _game(found: Match | None) -> Match:
    """The match a click on the game was drawn for: there is one, since the game was shown."""
    if found is None:
        raise MatchError("no_game", "no game is played now")
    return found


def person_move(move: Move, drawn: int) -> None:
    """A person's click on a move, drawn when the game had `drawn` moves.

    A stale click is refused with the rules' reason when the move is no longer open, which says
    more than "the game moved on" (a face already set aside, a tile already taken).
    """
    lang = current_lang()
    now = match()
    stale = None
    if now is not None and len(now.steps) != drawn:
        try:
            now.table.play(move, random.Random(0))
        except IllegalMove as error:
            stale = t("play.stale", lang, reason=show.refusal(error, lang))
    change(drawn, lambda found: _game(found).person_move(move), stale)


def bots_play(drawn: int, until_person: bool) -> None:
    """The bots play one move, or until a person is to play (or the end)."""
    change(drawn, lambda found: _bots(_game(found), until_person))


def _bots(found: Match, until_person: bool) -> Match:
    if found.to_play is None:
        raise MatchError("match_over", "the game is over")
    return found.until_person() if until_person else found.bot_move()


def tick(drawn: int) -> None:
    """The bots' timer: one bot move, drawn when the game had `drawn` moves, then the page.

    Run with the page, it does nothing (the page has just drawn the table). On its own runs it
    plays through `change` like a click, so a timer left from an earlier moment (a person's click
    moved the bots on meanwhile) is refused, and said, rather than playing a move unseen.
    """
    if st.session_state.pop(TICKING, False) or pace() == "step":
        return
    change(drawn, lambda found: _game(found).bot_move(), t("play.stale_tick", current_lang()))
    st.rerun()


def start() -> None:
    """Start the game the set-up describes; a seed that cannot be read is refused by name."""
    lang = current_lang()
    typed_seed = str(st.session_state.get(SEED, "")).strip()
    seed = read_seed(typed_seed) if typed_seed else fresh_seed()
    if seed is None:
        refuse(t("play.bad_seed", lang, seed=echoed(typed_seed), high=SEED_HIGH))
        return
    count = int(st.session_state.get(SEATS, 2))
    kinds = [chosen_kind(seat) for seat in range(count)]
    names = [str(st.session_state.get(name_key(seat), "")).strip() for seat in range(count)]
    rules = preset(chosen_rules())
    if change(None, lambda _: Match.new(kinds, names, seed, rules)):
        st.session_state.pop(PENDING, None)


def go_on() -> None:
    """Carry on the opened game with the seats' kinds the reader chose."""
    waiting = st.session_state.get(PENDING)
    if waiting is None:  # carried on already, by a click just before this one
        refuse(moved_on())
        return
    record, seed = waiting
    kinds = [chosen_kind(seat, open_kind_key(seat)) for seat in range(record.table.players)]
    change(None, lambda _: opened(record, kinds, seed))


def again(drawn: int) -> None:
    """The same seats at a fresh table, with a new seed."""
    change(drawn, lambda found: _game(found).again(fresh_seed()))


def set_up(drawn: int) -> None:
    """Leave the game for the set-up (its seats kept there for the next one)."""
    left = match()
    if not change(drawn, lambda _: None) or left is None:
        return
    for key in (PENDING, STORED, WRITTEN):  # the next game is stored under a new id
        st.session_state.pop(key, None)
    st.session_state[SEATS] = left.start.players
    st.session_state[RULES] = left.start.rules.name
    for seat, (kind, name) in enumerate(zip(left.kinds, left.names, strict=True)):
        st.session_state[kind_key(seat)] = kind
        st.session_state[name_key(seat)] = name
