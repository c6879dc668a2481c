"""The odds of a turn in words and figures, in the reader's locale.

The helpers that turn an `Analysis` into text are generic (any page quoting odds can use them);
`panel` draws the whole block the sandbox shows beside the table.
"""

from __future__ import annotations

import streamlit as st

from pickomino.game import Table
from pickomino.i18n import Lang, number, percent, t
from pickomino.odds import Analysis, Outlook
from pickomino.ui.narrate import move_words


def worms(value: float, lang: Lang) -> str:
    """An expected number of worms: two decimals, the reader's decimal mark and minus sign."""
    return number(value, lang, 2)


def outlook_line(outlook: Outlook, lang: Lang) -> str:
    """The two figures that sum up a move: chance of a tile, expected worms."""
    return t(
        "odds.outlook",
        lang,
        success=percent(outlook.success, lang),
        worms=worms(outlook.expected_worms, lang),
    )


def recommendation(analysis: Analysis, table: Table, lang: Lang) -> str:
    """The recommended move and why, compared with the next best move by expected worms."""
    best = analysis.recommended
    name = move_words(best.move, table, lang)
    others = [choice for choice in analysis.choices if choice is not best]
    if not others:
        return t("odds.recommend_only", lang, move=name)
    runner = max(others, key=lambda choice: choice.outlook.expected_worms)
    return t(
        "odds.recommend",
        lang,
        move=name,
        worms=worms(best.outlook.expected_worms, lang),
        other=move_words(runner.move, table, lang),
        other_worms=worms(runner.outlook.expected_worms, lang),
        success=percent(best.outlook.success, lang),
    )


def tiles_table(analysis: Analysis, lang: Lang) -> str:
    """The chance to end the turn on each tile value or more, and on exactly it (Markdown)."""
    head = (
        f"| {t('odds.col_tile', lang)} | {t('odds.col_at_least', lang)} "
        f"| {t('odds.col_exactly', lang)} |\n| ---: | ---: | ---: |"
    )
    rows = [
        f"| {tile} | {percent(low, lang)} | {percent(exact, lang)} |"
        for tile, low, exact in zip(
            analysis.tiles, analysis.outlook.at_least, analysis.outlook.exactly, strict=True
        )
    ]
    return "\n".join([head, *rows])


def panel(analysis: Analysis, table: Table, lang: Lang) -> None:
    """The live odds of the point reached: headline figures, the advice, the chance of each tile."""
    left, middle, right = st.columns(3)
    if analysis.bust is None:  # a roll waits for a keep, or no die is left
        left.metric(t("odds.bust", lang), "—", help=t("odds.no_roll_help", lang))
    else:
        left.metric(
            t("odds.bust", lang), percent(analysis.bust, lang), help=t("odds.bust_help", lang)
        )
    middle.metric(
        t("odds.success", lang), percent(analysis.success, lang), help=t("odds.success_help", lang)
    )
    right.metric(
        t("odds.worms", lang),
        worms(analysis.outlook.expected_worms, lang),
        help=t("odds.worms_help", lang),
    )
    st.success(recommendation(analysis, table, lang), icon=":material/lightbulb:")
    # keyed and tracked, so a reader watching this table keeps it open while clicking moves
    with st.expander(t("odds.tiles", lang), key="odds_tiles_open", on_change="rerun"):
        st.caption(t("odds.tiles_help", lang))
        st.markdown(tiles_table(analysis, lang))
