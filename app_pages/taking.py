"""Taking a tile: the learner sets a total and a board; the engine says what it takes and why."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.lessons.examples import ExampleError, board_table, kept_for, stopping
from pickomino.rules import STANDARD
from pickomino.ui import show
from pickomino.ui.frame import current_lang
from pickomino.ui.narrate import seat_name

lang = current_lang()
rules = STANDARD
st.title(t("page.taking.title", lang))
st.markdown(prose("taking", "intro", lang))

none = t("taking.no_tile", lang)
choices = (None, *rules.tiles)
left, right = st.columns(2)
with left:
    total = st.number_input(
        t("taking.total", lang), min_value=1, max_value=40, value=27, step=1, key="take_total"
    )
with right:
    worm = st.toggle(t("taking.worm", lang), value=True, key="take_worm")
middle = st.multiselect(
    t("taking.middle", lang),
    rules.tiles,
    default=[tile for tile in rules.tiles if tile not in (25, 27, 31)],
    key="take_middle",
)
columns = st.columns(3)
own_top = columns[0].selectbox(
    t("taking.own_top", lang),
    choices,
    index=choices.index(25),
    format_func=lambda tile: none if tile is None else str(tile),
    key="take_own",
)
opponent_defaults = (27, 31)
opponents = [
    columns[seat].selectbox(
        t("taking.opponent_top", lang, player=seat_name(seat, lang)),
        choices,
        index=choices.index(opponent_defaults[seat - 1]),
        format_func=lambda tile: none if tile is None else str(tile),
        key=f"take_opponent_{seat}",
    )
    for seat in (1, 2)
]

kept = kept_for(rules, int(total), worm)
try:
    if kept is None:
        raise ExampleError("total_impossible", f"no dice add up to {total}", total=int(total))
    table = board_table(rules, middle, opponents, own_top, kept)
except ExampleError as error:
    st.warning(t(f"errors.{error.code}", lang, **error.params))
    st.stop()

outcomes = stopping(table)
options = {outcome.option.tile for outcome in outcomes if outcome.option is not None}
marks = {tile: ("option", t("draw.badge_option", lang)) for tile in options}
st.subheader(t("taking.board", lang))
show.situation(table, lang, marks=marks)

st.subheader(t("taking.result", lang))
if len(options) > 1:
    st.markdown(t("taking.choices", lang, count=len(options)))
for outcome in outcomes:
    show.tell(outcome.events, lang, passing=False)
if own_top == total and options and worm:
    st.info(t("taking.own_top_note", lang, tile=own_top))
st.markdown(prose("taking", "rules", lang))
