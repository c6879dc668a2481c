"""Play: a whole game against bots or friends at one screen, each bot move with its reason."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import frame
from pickomino.ui.frame import current_lang
from pickomino.ui.play import draw, links

lang = current_lang()
match, refusals = links.settle(lang)
draw.style()
st.title(t("page.play.title", lang))
frame.refused(refusals)
draw.notice_here()
if match is not None:
    draw.game(match, lang)
elif not draw.pending_form(lang):
    draw.setup_form(lang)
    draw.open_file(lang)
