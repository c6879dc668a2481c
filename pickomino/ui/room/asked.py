"""A room's question drawn: its table with the roll it is about, and why its answer is right.

The words of a question (its prompt, its options) are `activities.classroom.asked`'s; this module
draws its table. The board redraws its question twice a second and thirty phones draw it at once
when it is asked, so a question's table, drawn as HTML, is made once per question, language and
scale in this process and kept (`functools.lru_cache`, keyed by the question's JSON): a drawing
then costs the sending of elements already made (`benchmarks/room_load.py`).
"""

from __future__ import annotations

import functools

import streamlit as st

from pickomino.activities.classroom.asked import Asked, kept
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.narrate import Names
from pickomino.ui import show


@functools.lru_cache(maxsize=256)
def _table_html(key: str, lang: Lang, scale: float) -> str:
    """The question's table with the roll it is about, as one drawing (`show.situation`'s)."""
    found = kept(key)
    table = found.table
    if found.quizzed is None:
        return table_html(table, lang, scale, found.names(lang, said=False))
    markup = _table_parts(table, lang, scale, None)
    shown = found.quizzed.shown_roll()
    if shown is not None:
        caption, faces = shown
        markup += show.roll_html(faces, table.kept, lang, scale=scale, caption=t(caption, lang))
    return markup


def _table_parts(table: Table, lang: Lang, scale: float, names: Names) -> str:
    markup = show.middle_html(table, lang, scale=scale)
    markup += show.stacks_html(
        table,
        lang,
        table.current,
        scale=scale,
        you_key="sandbox.to_play",
        names=names,
        compact=True,
    )
    return markup + show.kept_html(table, lang)


def table_html(table: Table, lang: Lang, scale: float = 1.0, names: Names = None) -> str:
    """A table as the room draws it: the middle, the stacks, the dice set aside and the roll.

    The seat to play is marked. The board's telling of the class's game draws each move's so.
    """
    markup = _table_parts(table, lang, scale, names)
    if table.rolled is not None:
        markup += show.roll_html(table.rolled, table.kept, lang, scale=scale)
    return markup


def draw_table(found: Asked, lang: Lang, *, scale: float = 1.0) -> None:
    """The question's table, with the roll it is about."""
    show.html(_table_html(found.key, lang, scale))


def waiting(lang: Lang) -> None:
    """What a page shows before the first question."""
    st.info(t("room.waiting", lang), icon=":material/hourglass_top:")
