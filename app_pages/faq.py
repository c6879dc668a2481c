"""FAQ: every question of the rule texts, answered and played out from a scenario."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.rules import WORM
from pickomino.ui import show
from pickomino.ui.frame import current_lang
from pickomino.ui.practice import links

lang = current_lang()
st.title(t("page.faq.title", lang))
st.markdown(prose("faq", "intro", lang))

QUESTIONS = (
    ("no_worm", ("faq-no-worm",)),
    ("lower", ("faq-lower",)),
    ("steal_top", ("faq-steal-top",)),
    ("thirty", ("faq-thirty-lower", "faq-thirty-steal", "faq-thirty-nothing")),
    ("one_value", ("faq-one-value",)),
)
# After keeping the fours, the same roll's worms are tried too, and refused.
ATTEMPTS = {"faq-one-value": ("keep", WORM)}

for question, scenarios in QUESTIONS:
    st.header(t(f"faq.q_{question}", lang))
    st.markdown(prose("faq", question, lang))
    for name in scenarios:
        with st.container(border=True):
            st.markdown(f"**{t(f'faq.case.{name}', lang)}**")
            show.replay(name, lang, attempt=ATTEMPTS.get(name))
            links.link(t("sandbox.open", lang), lang, scenario=name)
