"""Table: a game between devices, each player at their own seat by its link, anyone watching."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import frame
from pickomino.ui.frame import current_lang
from pickomino.ui.table import draw, state

lang = current_lang()
shown, refusals = state.settle(lang)
draw.style()
st.title(t("page.table.title", lang))
frame.refused(refusals)
draw.page(shown, lang)
