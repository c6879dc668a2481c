"""Class room: the projector's view of a live room, and the teacher's controls."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui.frame import current_lang
from pickomino.ui.room import projector

lang = current_lang()
st.title(t("page.room.title", lang))
code, offered = projector.settle(lang)
if code is None:
    projector.no_room(lang)
else:
    projector.board(code, offered, lang)
