"""The odds of a turn drawn: the headline figures, the advice, each tile's chance.

What they say is worded in `pickomino.advice` (and `pickomino.figures`), where the classroom's
board and the tests read it too; here it is only drawn.
"""

from __future__ import annotations

from functools import partial
from typing import Final

import streamlit as st

from pickomino.advice import best_for, recommendation, tiles_table
from pickomino.figures import outlook_line, worms
from pickomino.game import Move, Table
from pickomino.i18n import Lang, chance_text, t
from pickomino.lessons.examples import star_elsewhere
from pickomino.narrate import move_words
from pickomino.odds import Analysis
from pickomino.ui import frame

TILES_OPEN: Final = "odds_tiles_open"
"""The key of the panel of each tile's chance: open or folded, kept across clicks."""


def star_note(table: Table, advised: Move | None, key: str, lang: Lang) -> None:
    """Before a link into the sandbox: where its star marks another move than the page advises.

    `key` words it for the page (a tip's safe habit, a FAQ answer's rule); the figures of both
    moves say why the star is elsewhere, in worms against the others where a steal is in play.
    """
    elsewhere = star_elsewhere(table, advised)
    if elsewhere is None:
        return
    analysis, other = elsewhere
    steal = analysis.steal_in_play
    best = analysis.recommended
    text = t(
        key,
        lang,
        best=move_words(best.move, table, lang),
        line=outlook_line(best.outlook, lang, "play.figures", swing=steal),
        advised=move_words(other.move, table, lang),
        advised_line=outlook_line(other.outlook, lang, "play.figures", swing=steal),
    )
    if steal:
        text += " " + t("odds.steal_twice", lang)
    st.caption(text)


def advice_box(analysis: Analysis, table: Table, lang: Lang, *, short: bool = False) -> None:
    """The advice, drawn just above the moves it names (`short`: without its figures)."""
    st.success(recommendation(analysis, table, lang, short=short), icon=":material/lightbulb:")


def panel(analysis: Analysis, table: Table, lang: Lang) -> None:
    """The live odds of the point reached: the headline figures, each tile's chance."""
    headline(analysis, table, lang)
    tiles_panel(analysis, lang)


def headline(analysis: Analysis, table: Table, lang: Lang, *, short: bool = False) -> None:
    """The headline figures: the chance of a tile and the worms on average (and of a bust).

    Under each, the move it is reached by; `short` (a projector) leaves those lines out: the
    advice just below names the same moves (`advice`, one line per aim), and at a size the back
    of a room reads the two lines pushed the advice off a 1024x768 screen.
    """
    # A row that wraps rather than columns: in a narrow panel (a projector, Dutch's long words)
    # a figure moves to the next line instead of its label breaking mid-word.
    row = st.container(horizontal=True)
    # No bust figure while no roll can be made (a roll waits for a keep, or no die is left).
    if analysis.bust is not None:
        row.container().metric(
            t("odds.bust", lang), chance_text(analysis.bust, lang), help=t("odds.bust_help", lang)
        )
    tile, most = row.container(), row.container()
    tile.metric(
        t("odds.success", lang),
        chance_text(analysis.success, lang),
        help=t("odds.success_help", lang),
    )
    if not short:
        tile.caption(
            t(
                "odds.success_by",
                lang,
                move=move_words(best_for(analysis, "success").move, table, lang),
            )
        )
    figure, key = (
        (analysis.outlook.expected_swing, "odds.swing")
        if analysis.steal_in_play
        else (analysis.outlook.expected_worms, "odds.worms")
    )
    most.metric(t(key, lang), worms(figure, lang), help=t(f"{key}_help", lang))
    if not short:
        best = move_words(analysis.recommended.move, table, lang)
        most.caption(t("odds.best_by", lang, move=best))


def tiles_panel(analysis: Analysis, lang: Lang) -> None:
    """Each tile's chance, in a panel folded by default, filled only while open (`frame.folded`).

    A reader watching this table keeps it open while clicking moves; folded, its table is not sent
    again on every click.
    """
    frame.folded(t("odds.tiles", lang), None, TILES_OPEN, partial(tiles_shown, analysis, lang))


def tiles_shown(analysis: Analysis, lang: Lang) -> None:
    """Each tile's chance, with what the figures mean."""
    st.caption(t("odds.tiles_help", lang))
    st.markdown(tiles_table(analysis, lang))
