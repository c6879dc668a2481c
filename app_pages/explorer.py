"""Odds explorer: one table, set up here or opened from a link, seen through four charts."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.lessons.explore import bust_grid
from pickomino.odds import analyse
from pickomino.ui import explorer_form, frame, show
from pickomino.ui.charts import (
    CONFIG,
    Chart,
    bust_heatmap,
    choice_bars,
    keep_bars,
    reach_bars,
)
from pickomino.ui.frame import current_lang

lang = current_lang()
st.title(t("page.explorer.title", lang))
st.markdown(prose("explorer", "intro", lang))
st.caption(prose("explorer", "notebook", lang))  # where the figures are explained


def draw(chart: Chart, key: str) -> None:
    """One chart, stretched to the column, with its text alternative as accessible name."""
    st.plotly_chart(
        chart.figure, width="stretch", theme="streamlit", config=CONFIG, key=key, alt=chart.alt
    )


# ----- the table ------------------------------------------------------------------------------

st.header(t("explorer.table.header", lang))
table = explorer_form.table_form(explorer_form.linked(lang), lang)
if table is None:
    frame.stop()
show.situation(table, lang, you=table.current)  # the odds are the current player's
analysis = analyse(table)

# ----- reaching each tile ---------------------------------------------------------------------

st.header(t("explorer.reach.header", lang))
draw(reach_bars(analysis, lang), "explore_reach")
st.caption(t("explorer.reach.caption", lang))

# ----- keeping a face of a roll ---------------------------------------------------------------

st.header(t("explorer.keep.header", lang))
kept = explorer_form.keep_form(table, lang)
if kept is not None:
    after, measure = kept
    draw(keep_bars(analyse(after), after, lang, measure), "explore_keep")
    st.caption(t("explorer.keep.caption", lang))

# ----- rolling on or stopping -----------------------------------------------------------------

st.header(t("explorer.choice.header", lang))
if table.phase in ("decide", "take"):
    draw(choice_bars(analysis, table, lang), "explore_choice")
    steal = "_swing" if analysis.steal_in_play else ""
    st.caption(t(f"explorer.choice.caption_{table.phase}{steal}", lang))
else:
    st.info(t(f"explorer.choice.not_{table.phase}", lang))

# ----- bust chance ----------------------------------------------------------------------------

st.header(t("explorer.bust.header", lang))
rolling = table.phase in ("roll", "decide", "keep") and table.in_hand > 0
mark = (table.in_hand, len(set(table.kept))) if rolling else None
draw(bust_heatmap(bust_grid(table.rules), lang, mark), "explore_bust")
st.caption(t("explorer.bust.caption", lang))
