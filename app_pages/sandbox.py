"""Sandbox: a turn played by clicks, the exact odds beside every decision; teacher tools; links."""

import streamlit as st

from pickomino.activities.practice import LEARNER, Practice
from pickomino.i18n import Lang, prose, t
from pickomino.odds import analyse
from pickomino.ui import common, frame, records, show
from pickomino.ui.frame import current_lang
from pickomino.ui.odds_panel import advice_box, headline, tiles_panel
from pickomino.ui.practice import clicks, draw, links, state
from pickomino.ui.room import projector


def about(lang: Lang) -> None:
    """What the sandbox is for and how to use it."""
    st.markdown(prose("sandbox", "intro", lang))


def share(practice: Practice, lang: Lang) -> None:
    """The links to this table, ready to copy; the moves played on it as a game file."""
    links.share(practice, lang)
    records.download(practice.box.record(), lang, "sandbox_download", words="sandbox.record")


lang = current_lang()
arrival = [links.settle(lang)]  # first: the link may switch presentation mode on
# The whole decision on one laptop or projector screen: a wide page (its layout in pages.PAGES),
# and in presentation mode no sidebar (its toggle brings it back). Only a run of the whole app can
# set that, not the page's fragment, so switching presentation mode reruns the whole app.
big = draw.scale()
st.set_page_config(initial_sidebar_state="collapsed" if big > 1 else "auto")


def page() -> None:
    """Everything below the frame, which a click on it reruns alone (`frame.as_fragment`).

    The run of the whole app settles the sandbox (`arrival`, read once); a run of the fragment
    alone settles it again, after the click's callback changed it.
    """
    if draw.scale() != big:
        st.rerun(scope="app")
    practice, refusals = arrival.pop() if arrival else links.settle(lang)
    box, settings = practice.box, practice.settings
    table = box.table
    draw.page_style(practice)

    draw.toolbar(practice, lang)  # the page's title first, in the toolbar's line
    links.banner(practice, lang)
    frame.refused(refusals)
    draw.notice_here("table")

    events = practice.told()
    marks = show.marks_from(events, lang)
    # The middle row and the stacks across the page, each in one line; under them whose turn it
    # is, the dice set aside and the moves, a waiting roll drawn as its groups of dice, each the
    # button that sets it aside (`ui.dice_choice`): the table, the dice and the decision on one
    # screen, on a phone as on a projector. Then two columns, stacked on a phone: the odds with the
    # advice, and what just happened. The learner playing every seat, the one to play is marked
    # (none once the game is over).
    to_play = -1 if table.over else table.current
    show.situation(
        table,
        lang,
        you=LEARNER if settings.bots else to_play,
        marks=marks,
        show_kept=False,
        scale=big * common.TILE_SCALE,
        you_key="draw.you_are" if settings.bots else "sandbox.to_play",
        compact=True,
    )
    if table.over:
        draw.game_over(table, lang)
        draw.last_move(practice, events, lang)
    else:
        analysis = analyse(table)
        hidden = settings.hide
        st.header(common.status(table, lang), anchor=False)
        show.html(show.kept_html(table, lang, scale=big * common.DICE_SCALE))
        draw.moves(table, None if hidden else analysis, lang)
        odds, told = st.columns([6, 5], gap="medium")
        with odds:
            if hidden:
                st.info(t("sandbox.odds_hidden", lang), icon=":material/visibility_off:")
                st.button(
                    t("sandbox.reveal", lang),
                    key="sandbox_reveal",
                    icon=":material/visibility:",
                    on_click=clicks.reveal,
                )
            else:
                with st.container(border=True, key="sandbox_odds"):
                    st.header(t("sandbox.odds_title", lang), anchor=False)
                    headline(analysis, table, lang, short=big > 1)
                    if big == 1:
                        advice_box(analysis, table, lang)
                    tiles_panel(analysis, lang)
                    common.explore_link(table, lang)
        with told:
            # On a projector beside the figures rather than under them: both under the moves, on
            # one 1024x768 screen (the figures on a 1024x650 one too).
            if big > 1 and not hidden:
                advice_box(analysis, table, lang, short=True)
            draw.last_move(practice, events, lang)

    # Panels that stay open across clicks that reshape the page above them, filled only while open.
    frame.folded(t("sandbox.about", lang), ":material/info:", state.ABOUT_OPEN, lambda: about(lang))
    frame.folded(
        t("sandbox.teacher.title", lang),
        ":material/school:",
        state.TEACHER_OPEN,
        lambda: draw.teacher_tools(table, lang, projector.ask_button),
    )
    frame.folded(
        t("sandbox.new_title", lang),
        ":material/add_box:",
        state.NEW_OPEN,
        lambda: draw.new_table_form(lang),
    )
    frame.folded(
        t("sandbox.share_title", lang),
        ":material/share:",
        state.SHARE_OPEN,
        lambda: share(practice, lang),
    )


frame.as_fragment(page, lang)
