"""Join a room: the pupil's phone, the code and a nickname, then the question to answer."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import frame
from pickomino.ui.frame import current_lang
from pickomino.ui.room import phone

lang = current_lang()
code, token = phone.settle()
id, refusals = phone.enter(code, token, lang) if code and token else (None, [])
if id is not None and token:  # in the room: no title, the question first on a small screen
    phone.phone(id, token, lang)
else:
    st.title(t("page.join.title", lang))
    frame.refused(refusals)
    phone.join_form(lang)
