"""Class quiz: a class code's questions one at a time, the score per rule, the answer sheet."""

import streamlit as st

from pickomino.activities.quiz import quiz
from pickomino.i18n import t
from pickomino.ui import frame, quiz_view
from pickomino.ui.frame import current_lang
from pickomino.ui.room import projector

lang = current_lang()
refusals, notes = quiz_view.settle(lang)
st.title(t("page.quiz.title", lang))
frame.refused(refusals, icon=":material/error:")
for note in notes:
    st.info(note, icon=":material/info:")
setup = quiz_view.current()
if setup is None:
    quiz_view.setup_form(lang)
elif quiz_view.made_here(setup):  # the teacher's quiz: the code for the board first, the sheet
    quiz_view.teachers_part(setup, lang, projector.quiz_button)
    quiz_view.asked(setup, lang)
    quiz_view.answer_sheet(quiz(setup), lang)
else:  # a pupil's: the question alone, no answer on the page before it is answered
    quiz_view.asked(setup, lang)
    quiz_view.another(lang)
