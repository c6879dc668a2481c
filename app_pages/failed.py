"""A failed turn: what goes back to the middle and what is turned face down, exception included."""

import streamlit as st

from pickomino.events import Rolled
from pickomino.i18n import prose, t
from pickomino.lessons.examples import ExampleError, board_table, bust
from pickomino.rules import PRESETS
from pickomino.ui import frame, inputs, show
from pickomino.ui.frame import current_lang, lead_on

lang = current_lang()
st.title(t("page.failed.title", lang))
st.markdown(prose("failed", "intro", lang))

VARIANTS = ("standard", "short", "rulebook-empty-stack")
ALL_TILES = PRESETS["standard"].tiles
EXAMPLES = {
    "plain": (28, tuple(tile for tile in ALL_TILES if tile != 28)),
    "exception": (36, tuple(tile for tile in ALL_TILES if tile != 36)),
    "empty": (None, ALL_TILES),
}


def _load(example: str) -> None:
    """Put a ready-made board in the widgets (a callback, so it runs before they are drawn)."""
    top, middle = EXAMPLES[example]
    st.session_state["fail_top"] = top
    st.session_state["fail_middle"] = list(middle)


st.caption(t("failed.examples", lang))
buttons = st.columns(3)
for column, (example, (tile, _)) in zip(buttons, EXAMPLES.items(), strict=True):
    column.button(
        t(f"failed.example_{example}", lang),
        key=f"fail_example_{example}",
        help=t(f"failed.example_{example}_help", lang, tile=tile),
        on_click=_load,
        args=(example,),
        width="stretch",
    )

variant = st.radio(
    t("failed.rules", lang),
    VARIANTS,
    format_func=lambda name: t(f"variants.{name}.title", lang),
    key=frame.worded("fail_rules"),
    help=t("failed.rules_help", lang),
    horizontal=True,
    persist_state="session",
)
rules = PRESETS[variant]
top = inputs.top_tile(
    t("failed.top", lang),
    (None, *rules.tiles),
    EXAMPLES["plain"][0],
    key="fail_top",
    help=t("failed.top_help", lang),
    lang=lang,
)
middle = inputs.face_up_tiles(
    t("failed.middle", lang),
    rules.tiles,
    EXAMPLES["plain"][1],
    key="fail_middle",
    help=t("failed.middle_help", lang),
    lang=lang,
)

try:
    table = board_table(rules, middle, [None], top)
except ExampleError as error:
    st.warning(t(f"errors.{error.code}", lang, **error.params))
    frame.stop()

before, after, events = bust(table)
st.header(t("failed.before", lang))
show.situation(before, lang)
show.roll(next(e.faces for e in events if isinstance(e, Rolled)), before.kept, lang)
st.header(t("failed.after", lang))
show.tell(events, lang, passing=False)
show.situation(after, lang, marks=show.marks_from(events, lang), show_kept=False)
st.markdown(prose("failed", "rules", lang))
lead_on("failed", lang)
