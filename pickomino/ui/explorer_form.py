"""The odds explorer's controls: the table it charts, and the roll it keeps a value from.

Each returns the table to chart, or None once it has said on the page why there is none, so the
explorer's page only reads them and draws the charts.
"""

from __future__ import annotations

import random

import streamlit as st

from pickomino.echo import echoed
from pickomino.game import IllegalMove, Table
from pickomino.i18n import Lang, strings, t
from pickomino.lessons.examples import ExampleError
from pickomino.lessons.explore import (
    Link,
    default_roll,
    from_link,
    roll_start,
    rolled_table,
    setup_table,
)
from pickomino.narrate import face_name, seat_name
from pickomino.refusals import refusal, scenario_refusal
from pickomino.rules import STANDARD, WORM
from pickomino.ui import frame
from pickomino.ui.charts import Measure


def refused(error: ExampleError, lang: Lang) -> str:
    """A set-up the explorer refuses, in words (shared messages first, then the explorer's own)."""
    key = f"errors.{error.code}"
    key = key if key in strings(lang) else f"explorer.error.{error.code}"
    return t(key, lang, **error.params)


def linked(lang: Lang) -> Link | None:
    """The table the address names, if any; what keeps it from being charted is said first.

    A link that cannot be read leaves the address bar once said, as in the sandbox: copied or
    reloaded afterwards, the address opens the explorer's own table, not the same refusal.
    """
    link = from_link(st.query_params.get("table"), st.query_params.get("scenario"))
    if link is not None and link.table is None:
        st.warning(
            t(f"explorer.link.bad_{link.kind}", lang, name=echoed(link.value)),
            icon=":material/link_off:",
        )
        if link.error is not None:
            st.caption(scenario_refusal(link.error, lang))
        for name in ("table", "scenario"):  # a scenario left beside a bad table would open next
            if name in st.query_params:
                del st.query_params[name]
    elif link is not None and not link.usable:
        st.warning(t("explorer.link.over", lang), icon=":material/flag:")
    return link


def table_form(link: Link | None, lang: Lang) -> Table | None:
    """The table to chart: the link's unless the reader turns it off, else the one set up here.

    A link opens on its own table, but the learner may go back to the controls (set to a first
    decision worth a look) without editing the address.
    """
    if link is not None and link.usable:
        toggle = t("explorer.table.use_link", lang)
        if st.toggle(toggle, value=True, key="explore_use_link"):
            return link.table
    rules = STANDARD
    st.caption(t("explorer.table.setup_help", lang))
    middle = st.multiselect(
        t("explorer.table.middle", lang), rules.tiles, default=rules.tiles, key="explore_middle"
    )
    none = t("explorer.table.no_tile", lang)
    tops = (None, *rules.tiles)
    left, right = st.columns(2)
    own_top = left.selectbox(
        t("explorer.table.own_top", lang),
        tops,
        format_func=lambda tile: none if tile is None else str(tile),
        key=frame.worded("explore_own_top"),
    )
    opponent_top = right.selectbox(
        t("explorer.table.opponent_top", lang, player=seat_name(1, lang)),
        tops,
        format_func=lambda tile: none if tile is None else str(tile),
        key=frame.worded("explore_opponent_top"),
    )
    st.markdown(t("explorer.table.kept", lang))
    defaults = {WORM: 2, "5": 3}
    counts = {
        face: column.number_input(
            face_name(face, lang),
            min_value=0,
            max_value=rules.dice,
            value=defaults.get(face, 0),
            step=1,
            key=f"explore_kept_{face}",
        )
        for face, column in zip(rules.faces, st.columns(len(rules.faces)), strict=True)
    }
    try:
        return setup_table(rules, middle, own_top, opponent_top, counts)
    except ExampleError as error:
        st.warning(refused(error, lang), icon=":material/block:")
        return None


def roll_at_random(keys: list[str], faces: tuple[str, ...]) -> None:
    """Fill the dice with a random roll, as if thrown."""
    dice = random.Random()
    for key in keys:
        st.session_state[key] = dice.choice(faces)


def keep_form(table: Table, lang: Lang) -> tuple[Table, Measure] | None:
    """The roll to keep a value from, set die by die, and the measure to chart it by.

    The roll starts where the learner picks: the table's own point, or a first roll on its board,
    where the choice matters most. None, once said why, when no roll can be charted: no dice in
    hand, or a roll that fails the turn or cannot be rolled.
    """
    sources = ("fresh", "table")
    source = st.radio(
        t("explorer.keep.source", lang),
        sources,
        index=1 if table.phase == "keep" else 0,
        format_func=lambda name: t(f"explorer.keep.source_{name}", lang),
        horizontal=True,
        key=frame.worded("explore_roll_source"),
    )
    start = roll_start(table, fresh=source == "fresh")
    in_hand = start.in_hand
    if in_hand == 0:
        st.info(t("explorer.keep.no_dice", lang))
        return None
    faces = start.rules.faces
    waiting = default_roll(table if source == "table" else start)
    keys = [f"explore_die_{source}_{in_hand}_{i}" for i in range(in_hand)]
    st.caption(t("explorer.keep.roll_help", lang, n=in_hand))
    columns = [column for _ in range(0, in_hand, 4) for column in st.columns(4)]  # rows of four
    rolled = tuple(
        columns[i].selectbox(
            t("explorer.keep.die", lang, n=i + 1),
            faces,
            index=faces.index(waiting[i]),
            format_func=lambda face: face_name(face, lang),
            key=frame.worded(key),
        )
        for i, key in enumerate(keys)
    )
    st.button(
        t("explorer.keep.random", lang),
        on_click=roll_at_random,
        args=(keys, faces),
        key="explore_roll",
    )
    measures: tuple[Measure, ...] = ("success", "expected_worms")
    measure = st.radio(
        t("explorer.keep.measure", lang),
        measures,
        format_func=lambda name: t(f"explorer.keep.measure_{name}", lang),
        horizontal=True,
        key=frame.worded("explore_measure"),
    )
    try:
        return rolled_table(start, rolled), measure
    except ExampleError as error:
        st.info(refused(error, lang), icon=":material/casino:")
    except IllegalMove as error:
        st.warning(refusal(error, lang))
    return None
