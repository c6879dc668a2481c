"""Play: a whole game against bots or friends at one screen, each bot move with its reason."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import play_view
from pickomino.ui.frame import current_lang

lang = current_lang()
match, refused = play_view.settle(lang)
play_view.style()
st.title(t("page.play.title", lang))
if refused is not None:
    st.error(refused, icon=":material/link_off:")
play_view.notice_here()
if match is not None:
    play_view.game(match, lang)
elif not play_view.pending_form(lang):
    play_view.setup_form(lang)
    play_view.open_file(lang)
