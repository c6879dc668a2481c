"""A turn, step by step, each rule next to a turn the engine plays."""

import random

import streamlit as st

from pickomino.game import Table
from pickomino.i18n import prose, t
from pickomino.lessons.examples import walk
from pickomino.ui import show
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.turn.title", lang))
st.markdown(prose("turn", "overview", lang))

st.header(t("turn.walkthrough", lang))
start, steps = walk("turn-walkthrough")
table = start
for number, step in enumerate(steps, start=1):
    move = step.move
    assert move is not None  # a replayed scenario: every step is a move
    st.markdown(prose("turn", f"step_{number}", lang))
    if move.kind == "roll":
        assert move.faces is not None  # a scenario's roll says its dice
        show.roll(move.faces, table.kept, lang)
    show.tell(step.events, lang)
    if move.kind == "keep":
        show.kept(step.table, lang)
    table = step.table
show.stacks(table, lang, marks=show.marks_from(steps[-1].events, lang))

st.header(t("turn.try", lang))
st.markdown(prose("turn", "try", lang))
if st.button(
    t("turn.try_button", lang),
    key="turn_roll_button",
    help=t("turn.try_button_help", lang),
    icon=":material/casino:",
):
    st.session_state["turn_roll"] = Table.new(2).roll(rng=random.Random())[1]
if "turn_roll" in st.session_state:
    (rolled,) = st.session_state["turn_roll"]
    show.roll(rolled.faces, (), lang)
    show.tell((rolled,), lang)

st.header(t("turn.bust", lang))
st.markdown(prose("turn", "bust", lang))
# A failed turn puts back the top tile, so the learner is first shown holding it.
start, steps = walk("turn-bust")
st.caption(t("turn.before_roll", lang))
show.stacks(start, lang)
show.kept(start, lang)
bust = steps[0].move
assert bust is not None and bust.faces is not None  # the scenario opens with the roll that fails
show.roll(bust.faces, start.kept, lang)
show.tell(steps[0].events, lang)
st.caption(t("turn.afterwards", lang))
show.situation(steps[0].table, lang, marks=show.marks_from(steps[0].events, lang), show_kept=False)

st.header(t("turn.stopping", lang))
st.markdown(prose("turn", "stopping", lang))
left, right = st.columns(2)
for column, name in ((left, "turn-stop-worm"), (right, "turn-stop-no-worm")):
    with column:
        start, steps = walk(name)
        st.subheader(t(f"turn.{name}", lang))
        st.caption(t("turn.before_stop", lang))
        show.stacks(start, lang)
        show.kept(start, lang)
        show.tell(steps[0].events, lang)
        marks = show.marks_from(steps[0].events, lang)
        st.caption(t("turn.afterwards", lang))
        show.stacks(steps[0].table, lang, marks=marks)
st.markdown(prose("turn", "after", lang))
lead_on("turn", lang)
