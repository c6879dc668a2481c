"""Tips: each tip of the rule texts, with the exact numbers of the odds module behind it."""

import streamlit as st

from pickomino.i18n import amount, chance_text, prose, t, tn
from pickomino.lessons.tips import TIPS, tip_advice, tip_figures, tip_tables
from pickomino.narrate import dice_text
from pickomino.ui.common import sandbox_link
from pickomino.ui.frame import current_lang, lead_on
from pickomino.ui.odds_panel import star_note

lang = current_lang()
st.title(t("page.tips.title", lang))
st.markdown(prose("tips", "intro", lang))

for tip in TIPS:
    st.header(t(f"tips.{tip}", lang))
    st.markdown(prose("tips", tip, lang))
    shown = {
        name: chance_text(value, lang) if kind == "chance" else amount("common.worms", value, lang)
        for name, (value, kind) in tip_figures(tip).items()
    }
    st.info(t(f"tips.figures_{tip}", lang, **shown), icon=":material/calculate:")
    tables = tip_tables(tip)
    for table, advised in zip(tables, tip_advice(tip), strict=True):
        star_note(table, advised, "tips.star_elsewhere", lang)
        label = t("sandbox.open", lang)
        if len(tables) > 1:
            points = tn("common.points", table.total, lang)
            label = t("sandbox.open_at", lang, points=points, dice=dice_text(table.in_hand, lang))
        sandbox_link(label, lang, table=table, tip=tip)
lead_on("tips", lang)
