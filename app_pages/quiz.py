"""Class quiz: a class code's questions one at a time, the score per rule, the answer sheet."""

import streamlit as st

from pickomino.i18n import t
from pickomino.ui import frame, quiz_view
from pickomino.ui.frame import current_lang
from pickomino.ui.room import projector

lang = current_lang()
refusals = quiz_view.settle(lang)
st.title(t("page.quiz.title", lang))
frame.refused(refusals, icon=":material/error:")
setup = quiz_view.current()
if setup is None:
    quiz_view.setup_form(lang)
else:
    quiz_view.code_banner(setup, lang)
    projector.quiz_button(setup, lang)  # the live classroom: this quiz put to the class's phones
    found = quiz_view.quiz(setup)
    now = quiz_view.progress(setup)
    if now.at < len(found):
        quiz_view.question_box(setup, found, now, lang)
    else:
        quiz_view.the_end(setup, found, now, lang)
    quiz_view.answer_sheet(found, lang)
