"""Play: a whole game against bots or friends at one screen, each bot move with its reason."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import frame, play_view
from pickomino.ui.frame import current_lang

lang = current_lang()
match, refusals = play_view.settle(lang)
play_view.style()
st.title(t("page.play.title", lang))
frame.refused(refusals)
play_view.notice_here()
if match is not None:
    play_view.game(match, lang)
elif not play_view.pending_form(lang):
    play_view.setup_form(lang)
    play_view.open_file(lang)
