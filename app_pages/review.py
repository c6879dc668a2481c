"""Game review: every decision of a game graded against the expert's, the costliest shown first."""

import streamlit as st

from pickomino.activities.review import history
from pickomino.activities.seats import recorded
from pickomino.i18n import t
from pickomino.ui import frame, review_view
from pickomino.ui.frame import current_lang

lang = current_lang()
refusals = review_view.settle(lang)
st.title(t("page.review.title", lang))
frame.refused(refusals)
record = review_view.opened()
if record is None:
    st.markdown(t("review_page.intro", lang))
review_view.open_panel(lang, record)
record = review_view.opened()  # a file just chosen opens here
review_view.publish(record)
if record is None:
    frame.stop()
names = recorded(record, lang)
graded = review_view.reviewed(record, lang)
steps = history(record)
chances = review_view.chances(record)
seat = review_view.focus(record)
review_view.summary(graded, lang, names, seat)
review_view.winning(chances, steps, lang, names, seat)
review_view.worth_looking_at(graded, steps, lang, names, chances, seat)
review_view.move_by_move(steps, lang, names)
review_view.save_and_share(record, lang)
