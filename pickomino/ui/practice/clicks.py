"""What a click on the sandbox does: callbacks that replace the session's `Sandbox`.

Streamlit runs a callback before the page is drawn again, so each click changes the session once
and the page draws the result. A click the engine refuses leaves the table as it was and keeps the
refusal for the page to show once, beside the control that was refused.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from pickomino.bots import bot
from pickomino.echo import echoed
from pickomino.game import IllegalMove
from pickomino.i18n import join_list, t
from pickomino.narrate import UnknownFace, face_name, read_dice
from pickomino.sandbox import Place, Sandbox, place_tile
from pickomino.scenario import ScenarioError
from pickomino.ui import show
from pickomino.ui.frame import current_lang
from pickomino.ui.practice.state import (
    BOX,
    DICE,
    EDIT_PLACE,
    EDIT_TILE,
    HIDE,
    LEARNER,
    NOTICE,
    Where,
    bots,
    fresh_table,
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


def act(step: Callable[[Sandbox], Sandbox], where: Where = "table") -> None:
    """Apply a click to the session's sandbox; a refusal is kept for the page, the table kept.

    With the expert playing the other seats, their turns follow the click at once.
    """
    lang = current_lang()
    try:
        box = step(st.session_state[BOX])
        st.session_state[BOX] = box.autoplay(bot("expert"), LEARNER) if bots() else box
    except IllegalMove as error:
        refuse(t("common.refused", lang, reason=show.refusal(error, lang)), where)
    except ScenarioError as error:
        refuse(show.scenario_refusal(error, lang), where)


def roll_set() -> None:
    """Roll the dice the teacher typed (read by `narrate.read_dice`: "V V 5 5" or "ww55")."""
    lang = current_lang()
    typed = str(st.session_state.get(DICE, ""))
    rules = st.session_state[BOX].table.rules
    try:
        faces = read_dice(typed, rules)
    except UnknownFace as error:
        allowed = join_list([face_name(f, lang) for f in rules.faces], lang, word="or")
        refuse(t("sandbox.teacher.bad_face", lang, face=echoed(error.char), faces=allowed), "dice")
        return
    if not faces:
        refuse(t("sandbox.teacher.no_dice", lang), "dice")
        return
    act(lambda box: box.roll(faces), "dice")


def move_tile() -> None:
    """Move the tile a teacher chose: an edit in the history, so a slip is undone like a move."""
    tile = int(st.session_state[EDIT_TILE])
    place: Place = st.session_state[EDIT_PLACE]
    act(lambda box: box.edit(place_tile(box.table, tile, place)), "board")


def new_table() -> None:
    """Start over with the players and rules chosen in the new-table form, not the link's."""
    act(lambda box: Sandbox.start(fresh_table(), seed()))


def reseed() -> None:
    """Roll from the seed a teacher typed, so a class repeats the same dice from here on."""
    act(lambda box: box.reseed(seed()))


def undo() -> None:
    """Step back; with the expert playing, past its moves, which the learner did not choose."""
    act(lambda box: box.undo_to(LEARNER) if bots() else box.undo())


def redo() -> None:
    """Step forward; with the expert playing, past its moves, to the learner's next decision."""
    act(lambda box: box.redo_to(LEARNER) if bots() else box.redo())


def reveal() -> None:
    """Show the hidden odds (the class has answered)."""
    st.session_state[HIDE] = False
