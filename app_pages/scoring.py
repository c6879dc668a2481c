"""End of the game and scoring: the worm table, and a tie decided by the highest tile."""

import streamlit as st

from pickomino.i18n import prose, t, tn
from pickomino.lessons.examples import walk, worm_bands
from pickomino.narrate import seat_label
from pickomino.rules import STANDARD
from pickomino.ui import show
from pickomino.ui.draw import TileView, tile_row
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.scoring.title", lang))
st.markdown(prose("scoring", "end", lang))

st.header(t("scoring.table", lang))
st.markdown(prose("scoring", "worms", lang))
bands = worm_bands(STANDARD)
header = f"| {t('scoring.tiles', lang)} | {t('scoring.worms', lang)} |\n|---|---|\n"
lines = [
    f"| {t('scoring.band', lang, low=low, high=high)} | {tn('common.worms', worms, lang)} |"
    for low, high, worms in bands
]
st.markdown(header + "\n".join(lines))
show.html(tile_row([TileView(high, worms) for _, high, worms in bands], lang, width=56))

st.header(t("scoring.example", lang))
st.markdown(prose("scoring", "tie", lang))
start, steps = walk("end-tie")
show.situation(start, lang)
show.tell(steps[-1].events, lang)
final = steps[-1].table
show.stacks(final, lang, marks=show.marks_from(steps[-1].events, lang))
scores = final.scores()
rows = [
    f"| {seat_label(seat, lang)} | {', '.join(map(str, stack))} | {scores[seat]} | {max(stack)} |"
    for seat, stack in enumerate(final.stacks)
]
head = (
    f"| {t('scoring.player', lang)} | {t('scoring.tiles', lang)} | {t('scoring.worms', lang)} "
    f"| {t('scoring.highest', lang)} |\n|---|---|---|---|\n"
)
st.markdown(head + "\n".join(rows))
st.markdown(prose("scoring", "after", lang))
lead_on("scoring", lang)
