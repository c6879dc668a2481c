"""Join a room: the pupil's phone, the code and a nickname, then the question to answer."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui.frame import current_lang
from pickomino.ui.room import phone

lang = current_lang()
code, token = phone.settle()
if code and token:  # in the room: no title, the question first on a small screen
    phone.phone(code, token, lang)
else:
    st.title(t("page.join.title", lang))
    phone.join_form(lang)
