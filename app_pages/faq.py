"""FAQ: every question of the rule texts, answered and played out from a scenario."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.lessons.faq import ATTEMPTS, QUESTIONS, answer
from pickomino.ui import show
from pickomino.ui.common import sandbox_link
from pickomino.ui.frame import current_lang, lead_on
from pickomino.ui.odds_panel import star_note

lang = current_lang()
st.title(t("page.faq.title", lang))
st.markdown(prose("faq", "intro", lang))

for question, scenarios in QUESTIONS:
    st.header(t(f"faq.q_{question}", lang))
    st.markdown(prose("faq", question, lang))
    for name in scenarios:
        with st.container(border=True):
            st.markdown(f"**{t(f'faq.case.{name}', lang)}**")
            show.replay(name, lang, attempt=ATTEMPTS.get(name))
            star_note(*answer(name), "faq.star_elsewhere", lang)
            sandbox_link(t("sandbox.open", lang), lang, scenario=name)
lead_on("faq", lang)
