"""Odds explorer: one table, set up here or opened from a link, seen through four charts."""

import random

import streamlit as st

from pickomino.game import IllegalMove, Table
from pickomino.i18n import prose, strings, t
from pickomino.lessons.examples import ExampleError
from pickomino.lessons.explore import (
    bust_grid,
    default_roll,
    from_link,
    roll_start,
    rolled_table,
    setup_table,
    shown_name,
)
from pickomino.odds import analyse
from pickomino.rules import STANDARD, WORM
from pickomino.ui import show
from pickomino.ui.charts import (
    CONFIG,
    Chart,
    Measure,
    bust_heatmap,
    choice_bars,
    keep_bars,
    reach_bars,
)
from pickomino.ui.frame import current_lang
from pickomino.ui.narrate import face_name, seat_name

lang = current_lang()
st.title(t("page.explorer.title", lang))
st.markdown(prose("explorer", "intro", lang))
st.caption(prose("explorer", "notebook", lang))  # where the figures are explained


def draw(chart: Chart, key: str) -> None:
    """One chart, stretched to the column, with its text alternative as accessible name."""
    st.plotly_chart(
        chart.figure, width="stretch", theme="streamlit", config=CONFIG, key=key, alt=chart.alt
    )


def refused(error: ExampleError) -> str:
    """A set-up the explorer refuses, in words (shared messages first, then the explorer's own)."""
    key = f"errors.{error.code}"
    key = key if key in strings(lang) else f"explorer.error.{error.code}"
    return t(key, lang, **error.params)


# ----- the table ------------------------------------------------------------------------------

st.header(t("explorer.table.header", lang))
link = from_link(st.query_params.get("table"), st.query_params.get("scenario"))
if link is not None and link.table is None:
    st.warning(
        t(f"explorer.link.bad_{link.kind}", lang, name=shown_name(link.value)),
        icon=":material/link_off:",
    )
    if link.error is not None:
        st.caption(show.scenario_refusal(link.error, lang))
elif link is not None and not link.usable:
    st.warning(t("explorer.link.over", lang), icon=":material/flag:")

table: Table | None = None
use_link = False
if link is not None and link.usable:
    use_link = st.toggle(t("explorer.table.use_link", lang), value=True, key="explore_use_link")
if use_link and link is not None:
    table = link.table
else:
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
        key="explore_own_top",
    )
    opponent_top = right.selectbox(
        t("explorer.table.opponent_top", lang, player=seat_name(1, lang)),
        tops,
        format_func=lambda tile: none if tile is None else str(tile),
        key="explore_opponent_top",
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
        table = setup_table(rules, middle, own_top, opponent_top, counts)
    except ExampleError as error:
        st.warning(refused(error), icon=":material/block:")

if table is None:
    st.stop()
show.situation(table, lang, you=table.current)  # the odds are the current player's
analysis = analyse(table)

# ----- reaching each tile ---------------------------------------------------------------------

st.header(t("explorer.reach.header", lang))
draw(reach_bars(analysis, lang), "explore_reach")
st.caption(t("explorer.reach.caption", lang))

# ----- keeping a face of a roll ---------------------------------------------------------------

st.header(t("explorer.keep.header", lang))
sources = ("fresh", "table")
source = st.radio(
    t("explorer.keep.source", lang),
    sources,
    index=1 if table.phase == "keep" else 0,
    format_func=lambda name: t(f"explorer.keep.source_{name}", lang),
    horizontal=True,
    key="explore_roll_source",
)
start = roll_start(table, fresh=source == "fresh")
in_hand = start.in_hand
if in_hand == 0:
    st.info(t("explorer.keep.no_dice", lang))
else:
    faces = start.rules.faces
    waiting = default_roll(table if source == "table" else start)
    keys = [f"explore_die_{source}_{in_hand}_{i}" for i in range(in_hand)]

    def roll_at_random() -> None:
        """Fill the dice with a random roll, as if thrown."""
        dice = random.Random()
        for key in keys:
            st.session_state[key] = dice.choice(faces)

    st.caption(t("explorer.keep.roll_help", lang, n=in_hand))
    columns = [column for _ in range(0, in_hand, 4) for column in st.columns(4)]  # rows of four
    rolled = tuple(
        columns[i].selectbox(
            t("explorer.keep.die", lang, n=i + 1),
            faces,
            index=faces.index(waiting[i]),
            format_func=lambda face: face_name(face, lang),
            key=key,
        )
        for i, key in enumerate(keys)
    )
    st.button(t("explorer.keep.random", lang), on_click=roll_at_random, key="explore_roll")
    measures: tuple[Measure, ...] = ("success", "expected_worms")
    measure = st.radio(
        t("explorer.keep.measure", lang),
        measures,
        format_func=lambda name: t(f"explorer.keep.measure_{name}", lang),
        horizontal=True,
        key="explore_measure",
    )
    try:
        after = rolled_table(start, rolled)
    except ExampleError as error:
        st.info(refused(error), icon=":material/casino:")
    except IllegalMove as error:
        st.warning(show.refusal(error, lang))
    else:
        draw(keep_bars(analyse(after), after, lang, measure), "explore_keep")
        st.caption(t("explorer.keep.caption", lang))

# ----- rolling on or stopping -----------------------------------------------------------------

st.header(t("explorer.choice.header", lang))
if table.phase in ("decide", "take"):
    draw(choice_bars(analysis, table, lang), "explore_choice")
    st.caption(t(f"explorer.choice.caption_{table.phase}", lang))
else:
    st.info(t(f"explorer.choice.not_{table.phase}", lang))

# ----- bust chance ----------------------------------------------------------------------------

st.header(t("explorer.bust.header", lang))
rolling = table.phase in ("roll", "decide", "keep") and table.in_hand > 0
mark = (table.in_hand, len(set(table.kept))) if rolling else None
draw(bust_heatmap(bust_grid(table.rules), lang, mark), "explore_bust")
st.caption(t("explorer.bust.caption", lang))
