"""Home: what the game is, who the app is for, where to start."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.pages import spec_of
from pickomino.rules import STANDARD
from pickomino.ui import show
from pickomino.ui.draw import dice_row, full_row, tile_row
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.home.title", lang))
st.markdown(prose("home", "intro", lang))
show.html(dice_row(("W", "5", "5", "3", "W", "2", "4", "1"), lang))
show.html(tile_row(full_row(STANDARD, (25, 26, 27, 28))[4:8], lang, width=50))
st.markdown(prose("home", "audience", lang))
st.header(t("home.start", lang))
st.markdown(prose("home", "start", lang))
for key in ("setup", "turn", "faq"):
    spec = spec_of(key)
    st.page_link(spec.file, label=t(f"page.{key}.title", lang), icon=spec.icon)
lead_on("home", lang)
