"""Tips: each tip of the rule texts, with the exact numbers of the odds module behind it."""

import streamlit as st

from pickomino.i18n import number, percent, prose, t
from pickomino.ui.frame import current_lang
from pickomino.ui.tips import TIPS, tip_figures

lang = current_lang()
st.title(t("page.tips.title", lang))
st.markdown(prose("tips", "intro", lang))

for tip in TIPS:
    st.header(t(f"tips.{tip}", lang))
    st.markdown(prose("tips", tip, lang))
    shown = {
        name: percent(value, lang) if kind == "chance" else number(value, lang, 2)
        for name, (value, kind) in tip_figures(tip).items()
    }
    st.info(t(f"tips.figures_{tip}", lang, **shown), icon=":material/calculate:")
