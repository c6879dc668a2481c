"""What more than one page draws, here once, so that no page's own package imports another's.

The sandbox and the Play page draw a table alike (its scale, its compact page, whose turn it is, a
button for every move); the Learn pages, the quiz and the review link a situation into the sandbox,
the sandbox and the review a table into the explorer; the sandbox, the Play page and the review
keep their settings for the session alike. The page packages (`ui/practice`, `ui/play`, `ui/room`,
and the modules of one page: `ui/quiz_view`, `ui/review_view` with `ui/review_chart`,
`ui/explorer_form`) import this module, the other shared modules of `ui/` and the layers below,
never one another (`tests/test_boundaries.py`).
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from pickomino.advice import best_for, serves_both
from pickomino.game import STOP, Move, Table
from pickomino.i18n import Lang, t, tn
from pickomino.narrate import Names, move_words, seat_name
from pickomino.odds import Analysis
from pickomino.pages import spec_of
from pickomino.share import encode_table
from pickomino.ui import dice_choice
from pickomino.ui.dice_choice import Click

KEEP: Final = "session"
"""How long a setting outlives its widget: the whole session, so a teacher back from the FAQ finds
presentation mode, the hidden odds, the expert, the seed and the new-table choices as left, a
player the Play page's seats, a reader the review's move (Streamlit otherwise drops a widget's
value on a run that does not draw it)."""


def sandbox_link(
    label: str, lang: Lang, *, scenario: str = "", table: Table | None = None, tip: str = ""
) -> None:
    """A link that opens a situation in the sandbox, in this language: a named one or a table.

    `tip` names the tip the table illustrates, for the sandbox to say so above it.
    """
    params = {"table": encode_table(table)} if table is not None else {"scenario": scenario}
    if tip:
        params["tip"] = tip
    st.page_link(
        spec_of("sandbox").file,
        label=label,
        icon=":material/casino:",
        query_params={**params, "lang": lang},
    )


def explore_link(table: Table, lang: Lang) -> None:
    """A link that opens this table in the odds explorer, for its charts, in this language."""
    st.page_link(
        spec_of("explorer").file,
        label=t("sandbox.explore", lang),
        icon=":material/monitoring:",
        query_params={"table": encode_table(table), "lang": lang},
    )


# ----- a table to play on: the sandbox's and the Play page's ----------------------------------

TILE_SCALE: Final = 0.8
"""Tiles are drawn a little smaller than on the Learn pages, so the sixteen of the middle row take
one line across the page, on a laptop (sidebar open) as on a projector."""
DICE_SCALE: Final = 0.85
"""Dice too, so eight of them fit one line of the table's column."""

_MOVE_ROW: Final = "move_row_"
"""The key of each move's row (its button and its odds), which the styles below size."""

TABLE_CSS: Final = f"""<style>
[data-testid="stMainBlockContainer"] {{ padding: 3.5rem 2.5rem 2rem; }}
[data-testid="stMainBlockContainer"] h1 {{ font-size: 2rem; padding: 0; }}
[data-testid="stMainBlockContainer"] :is(h2, h3) {{ font-size: 1.35rem; padding: 0.25rem 0; }}
[data-testid="stColumn"] [data-testid="stVerticalBlock"] {{ gap: 0.6rem; }}
[class*="st-key-{_MOVE_ROW}"] > :first-child {{ flex: 0 0 45%; min-width: 0; }}
[class*="st-key-{_MOVE_ROW}"] > :last-child {{ flex: 1 1 0; min-width: 0; }}
[class*="st-key-{_MOVE_ROW}"] [data-testid="stMarkdownContainer"] p {{
  font-size: 0.875rem; line-height: 1.35;
}}
:has(> [class*="st-key-{_MOVE_ROW}"]) {{ flex-wrap: wrap; }}
[data-testid="stLayoutWrapper"]:has(> [class*="st-key-{_MOVE_ROW}"]) {{
  flex: 1 1 17rem; max-width: 34rem;
}}
@media (max-width: 640px) {{
  [data-testid="stMainBlockContainer"] {{ padding: 3.6rem 1rem 2rem; }}
  [data-testid="stHeading"] [data-testid="stMarkdownContainer"] {{ margin-bottom: 0; }}
  [data-testid="stMainBlockContainer"] h1 {{ font-size: 1.5rem; }}
  [data-testid="stMainBlockContainer"] :is(h2, h3) {{ font-size: 0.95rem; padding: 0; }}
  [data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {{ gap: 0.5rem; }}
  .pk-tiles {{ gap: 3px; margin: 0.1rem 0 0.3rem; }}
  .pk-tiles img {{ width: 35px; height: auto; }}
  .pk-caption {{ font-size: 0.75rem; line-height: 1.3; }}
  [data-testid="stHtml"] > .pk-caption:first-child:has(+ .pk-tiles) {{ display: none; }}
  .pk-stacks {{ font-size: 0.75rem; column-gap: 0.9rem !important; }}
  .pk-stacks > div {{ gap: 0.3rem !important; }}
  [data-testid="stMain"] {{ --pk-die: 1.4rem; --pk-group: 6.2rem; }}
}}
</style>"""
"""A table's page starts higher than other pages: on a 1280x800 laptop the moves and the odds then
show under the table without scrolling. A move's button takes the same share of every move's
row, so their odds line up in a column; the rows sit side by side on a wide page. On a phone
(Streamlit stacks columns under 640 px) the page and the tiles are made smaller, the middle row's
legend left out, so the table, the dice and the moves fill the first screen."""


def status(table: Table, lang: Lang, *, names: Names = None) -> str:
    """Whose turn it is and what the table waits for, in one sentence.

    With no tile to take, the sentence does not invite a stop that would take one.
    """
    player = seat_name(table.current, lang, names)
    phase = table.phase
    none = "_none" if phase in ("decide", "take") and not table.options() else ""
    if phase == "decide":
        return tn(f"sandbox.status.decide{none}", table.in_hand, lang, player=player)
    return t(f"sandbox.status.{phase}{none}", lang, player=player)


ICONS: Final[dict[str, str | None]] = {
    "keep": None,
    "roll": ":material/casino:",
    "take": ":material/back_hand:",
    "stop": ":material/block:",
}


def advised(analysis: Analysis | None, lang: Lang) -> dict[Move, str]:
    """The moves the advice names, with the mark their line carries.

    The star for the best move (`Analysis.recommended`, the move the expert plays and the coach
    grades against), the ring for the surest tile when another move gives it; none while the
    odds are hidden, so the class answers first.
    """
    if analysis is None or len(analysis.choices) == 1:
        return {}
    marks = {analysis.recommended.move: t("odds.mark_best", lang)}
    if not serves_both(analysis, lang):
        marks[best_for(analysis, "success").move] = t("odds.mark_tile", lang)
    return marks


def _move(
    move: Move,
    table: Table,
    analysis: Analysis | None,
    marks: dict[Move, str],
    lang: Lang,
    click: Click,
    prefix: str,
    names: Names,
) -> None:
    """One move: its button, and beside it what it leads to (when the odds are shown).

    The advice's move is the one primary button, with a star, so the class sees which button the
    advice means without reading the sentence.
    """
    key = f"{move.kind}_{move.face}" if move.kind == "keep" else move.kind
    key += f"_{move.tile}" if move.kind == "take" else ""
    best = analysis is not None and move == analysis.recommended.move and move in marks
    # One row container rather than two columns: three elements fewer for the browser to build
    # again on every click, the same look (`TABLE_CSS` gives the button its share of the row).
    with st.container(
        horizontal=True, vertical_alignment="center", key=f"{_MOVE_ROW}{prefix}_{key}"
    ):
        st.button(
            move_words(move, table, lang, "button", names),
            key=f"{prefix}_{key}",
            icon=":material/star:" if best else ICONS[move.kind],
            type="primary" if best else "secondary",
            on_click=click,
            args=(move,),
            width="stretch",
        )
        line = dice_choice.outlook(move, analysis, marks, lang)
        if line:
            st.markdown(line)


def offer(
    table: Table,
    analysis: Analysis | None,
    lang: Lang,
    click: Click,
    *,
    prefix: str = "sandbox",
    names: Names = None,
) -> None:
    """A button for every legal move, the odds beside each; what is not offered, and why.

    Rolling on comes first, as the move that keeps the turn going; stopping empty-handed last,
    the reason no tile is offered said above them. A roll waiting for a keep is offered as its
    groups of dice (`dice_choice.groups`). A click calls `click` with its move; the buttons' keys
    start with `prefix`, and a steal names the robbed seat by `names`.
    """
    legal = table.legal_moves()
    marks = advised(analysis, lang)
    shown = (analysis, marks, lang, click, prefix, names)
    if table.phase == "keep":
        best = analysis.recommended.move if analysis is not None and marks else None
        dice_choice.groups(table, analysis, marks, lang, click, prefix=prefix, best=best)
        return
    if table.phase == "take":
        st.caption(t("sandbox.not_offered.no_dice", lang))
    if STOP in legal:
        lowest = table.rules.tiles[0]
        reason = "no_worm" if not table.has_worm else "no_tile"
        if reason == "no_tile" and table.total < lowest:
            reason = "too_low"
        st.caption(t(f"sandbox.not_offered.{reason}", lang, total=table.total, lowest=lowest))
    # side by side where the page is wide (`TABLE_CSS`), one under another in a narrow column
    with st.container(horizontal=True, key=f"{prefix}_moves"):
        for move in sorted(legal, key=lambda move: ("roll", "take", "stop").index(move.kind)):
            _move(move, table, *shown)
