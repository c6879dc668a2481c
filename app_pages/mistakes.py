"""Common mistakes: each misreading beside the right reading, on an example the engine plays."""

import streamlit as st

from pickomino.i18n import prose, t
from pickomino.ui import show
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.mistakes.title", lang))
st.markdown(prose("mistakes", "intro", lang))

MISTAKES = (
    ("not_exact", "faq-lower"),
    ("repeat", "mistake-repeat"),
    ("same_value", "mistake-same-value"),
    ("forget_worm", "faq-no-worm"),
    ("steal_lower", "faq-steal-top"),
    ("no_flip", "mistake-flip-anyway"),
    ("flip_returned", "mistake-spared"),
)
# The fives showing again are tried, and refused: they were kept earlier in the turn.
ATTEMPTS = {"mistake-same-value": ("roll", "5")}

for mistake, name in MISTAKES:
    st.header(t(f"mistakes.{mistake}", lang))
    wrong, right = st.columns(2)
    with wrong:
        st.markdown(f":orange[:material/cancel:] **{t('mistakes.wrong', lang)}**")
        st.markdown(prose("mistakes", f"{mistake}_wrong", lang))
    with right:
        st.markdown(f":blue[:material/check_circle:] **{t('mistakes.right', lang)}**")
        st.markdown(prose("mistakes", f"{mistake}_right", lang))
    with st.container(border=True):
        st.caption(t("mistakes.example", lang))
        show.replay(name, lang, attempt=ATTEMPTS.get(name))
lead_on("mistakes", lang)
