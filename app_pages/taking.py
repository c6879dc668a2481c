"""Taking a tile: the learner sets a total and a board; the engine says what it takes and why."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.lessons.examples import ExampleError, board_table, kept_for, stopping
from pickomino.narrate import seat_name
from pickomino.rules import STANDARD
from pickomino.ui import frame, inputs, show
from pickomino.ui.draw import TileState
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
rules = STANDARD
st.title(t("page.taking.title", lang))
st.markdown(prose("taking", "intro", lang))

choices = (None, *rules.tiles)
left, right = st.columns(2)
with left:
    # No min or max: Streamlit answers a number out of range with an English error it does not let
    # the app translate; any whole number is taken, and one no dice can make is explained below.
    total = st.number_input(
        t("taking.total", lang),
        value=27,
        step=1,
        key="take_total",
        help=t("taking.total_help", lang),
        placeholder=t("taking.total_placeholder", lang),
        persist_state="session",
    )
with right:
    worm = st.toggle(
        t("taking.worm", lang),
        value=True,
        key="take_worm",
        help=t("taking.worm_help", lang),
        persist_state="session",
    )
middle = inputs.face_up_tiles(
    t("taking.middle", lang),
    rules.tiles,
    [tile for tile in rules.tiles if tile not in (25, 27, 31)],
    key="take_middle",
    help=t("taking.middle_help", lang),
    lang=lang,
)
columns = st.columns(3)
with columns[0]:
    own_top = inputs.top_tile(
        t("taking.own_top", lang),
        choices,
        25,
        key="take_own",
        help=t("taking.own_top_help", lang),
        lang=lang,
    )
opponents = []
for seat, default in ((1, 27), (2, 31)):
    player = seat_name(seat, lang)
    with columns[seat]:
        opponents.append(
            inputs.top_tile(
                t("taking.opponent_top", lang, player=player),
                choices,
                default,
                key=f"take_opponent_{seat}",
                help=t("taking.opponent_top_help", lang, player=player),
                lang=lang,
            )
        )

kept = kept_for(rules, int(total), worm)
try:
    if kept is None:
        raise ExampleError("total_impossible", f"no dice add up to {total}", total=int(total))
    table = board_table(rules, middle, opponents, own_top, kept)
except ExampleError as error:
    st.warning(t(f"errors.{error.code}", lang, **error.params))
    frame.stop()

outcomes = stopping(table)
options = {outcome.option.tile for outcome in outcomes if outcome.option is not None}
marks: dict[int, tuple[TileState, str]] = {
    tile: ("option", t("draw.badge_option", lang)) for tile in options
}
st.header(t("taking.board", lang))
show.situation(table, lang, marks=marks)

st.header(t("taking.result", lang))
if len(options) > 1:
    st.markdown(t("taking.choices", lang, count=len(options)))
for outcome in outcomes:
    show.tell(outcome.events, lang, passing=False)
if own_top == total and options and worm:
    st.info(t("taking.own_top_note", lang, tile=own_top))
st.markdown(prose("taking", "rules", lang))
lead_on("taking", lang)
