"""Variants: each rules preset of the engine and what it changes, then the Junior edition."""

import streamlit as st

from pickomino.i18n import prose, t, tn
from pickomino.lessons.examples import differences
from pickomino.rules import JUNIOR, PRESETS, STANDARD
from pickomino.ui import show
from pickomino.ui.draw import dice_row, full_row, tile_row
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.variants.title", lang))
st.markdown(prose("variants", "intro", lang))

for name, rules in PRESETS.items():
    st.header(t(f"variants.{name}.title", lang))
    st.markdown(prose("variants", name.replace("-", "_"), lang))
    changes = differences(rules, STANDARD)
    if changes:
        st.markdown(f"**{t('variants.changes', lang)}**")
        st.markdown("\n".join(f"- {t(f'variants.diff.{key}', lang, **p)}" for key, p in changes))

show.html(tile_row(full_row(JUNIOR, JUNIOR.tiles), lang, width=50))
show.html(
    dice_row(
        JUNIOR.faces,
        lang,
        captions=[tn("common.points", JUNIOR.value(face), lang) for face in JUNIOR.faces],
    )
)
st.warning(prose("variants", "junior_assumption", lang), icon=":material/info:")
lead_on("variants", lang)
