"""Set-up: the row of tiles with their worms, and the faces of the dice."""

import streamlit as st

from pickomino.i18n import prose, t, tn
from pickomino.rules import STANDARD
from pickomino.ui import show
from pickomino.ui.draw import dice_row, full_row, tile_row
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.setup.title", lang))
st.markdown(prose("setup", "row", lang))
show.html(tile_row(full_row(STANDARD, STANDARD.tiles), lang, width=50))
st.markdown(prose("setup", "dice", lang))
show.html(
    dice_row(
        STANDARD.faces,
        lang,
        captions=[tn("common.points", STANDARD.value(face), lang) for face in STANDARD.faces],
    )
)
st.markdown(prose("setup", "start", lang))
lead_on("setup", lang)
