"""The game review page: a record opened, reviewed once, and drawn decision by decision.

A record comes from the Play page (handed over in the session), a `?game=` link, a file or the
example button, checked and explained by `activities.review`, and stays in the session, so a
language or page switch keeps it. The URL holds the opened record as `?game=` (when it fits in a
link), so a reload or a copied address opens it again, and `?seat=` the seat a player's review
from a table is seen from (its paragraph first, its decisions alone). The link is read once per
visit to the page (see `frame`): a click's lagging address must not replace a game opened since.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from pickomino.activities import review as activity
from pickomino.activities.review import (
    about,
    against_best,
    drop_line,
    figures_table,
    of_seat,
    record_key,
    seat_sentence,
    seats_first,
    turn_events,
    turn_numbers,
)
from pickomino.activities.seats import Called
from pickomino.figures import outlook_line, worms
from pickomino.game import Step, Table
from pickomino.i18n import Lang, amount, t
from pickomino.narrate import (
    chance_words,
    master_words,
    move_words,
    seat_label,
    seat_name,
)
from pickomino.review import (
    Decision,
    Review,
    biggest_drops,
    master_otherwise,
    review,
    worth_a_look,
)
from pickomino.scenario import Scenario, loads
from pickomino.share import game_link
from pickomino.ui import common, frame, records, show
from pickomino.ui.charts import CONFIG
from pickomino.ui.draw import TileState
from pickomino.ui.review_chart import chance_lines, cost_lines
from pickomino.value import DecisionChance, chance, decision_chances

OPENED: Final = "review_record"
"""The record the page shows (a `Scenario`)."""
REVIEWED: Final = "review_result"
"""The opened record's text and its `Review`, so a click does not review it again."""
LINK_VISIT: Final = "review_link_visit"
"""The visit whose `?game=` link has been read."""
SHOWN: Final = "review_shown"
"""How many of the decisions worth a look are shown."""
AT: Final = "review_at"
"""The move slider: the number of moves played at the table shown."""
UPLOAD: Final = "review_upload"
FOCUS: Final = "review_seat"
"""The `?seat=` value the page arrived with: the seat whose review is put first (`focus`)."""
PAGE_SIZE: Final = 5
"""Decisions worth a look shown at first, and added by each "show more": each draws a table."""
SANDBOX_YOU: Final = "sandbox.to_play"
"""How the seat to play is marked on the stacks: "(to play)", as the sandbox does."""


# ----- opening a record -------------------------------------------------------------------------


def opened() -> Scenario | None:
    """The record the page shows, if one has been opened in this session."""
    record: Scenario | None = st.session_state.get(OPENED)
    return record


def _open(record: Scenario) -> None:
    """Show `record` from now on: its review, its first decisions, the slider at its end.

    Every seat's review: a seat's link puts its seat first once the record is opened (`settle`).
    """
    st.session_state.pop(FOCUS, None)
    st.session_state[OPENED] = record
    st.session_state[SHOWN] = PAGE_SIZE
    st.session_state[AT] = len(record.moves)


def settle(lang: Lang) -> tuple[str, ...]:
    """Open the record handed over by another page, else a `?game=` link just arrived with.

    Returns the refusal of a bad link or record in the reader's words (`frame.refused`); the
    record opened before it stays.
    """
    handed = records.handed()
    arriving = frame.arriving(LINK_VISIT)
    opening = activity.settle(opened(), handed, st.query_params.get("game"), arriving, lang)
    if opening.opened and opening.record is not None:
        _open(opening.record)
    if arriving and opening.record is not None and "seat" in st.query_params:
        st.session_state[FOCUS] = st.query_params.get("seat")
    return opening.refusals


def focus(record: Scenario) -> int | None:
    """The seat whose review comes first and alone (`?seat=`, from a table), or None: everyone's."""
    return activity.focus_of(st.session_state.get(FOCUS), record)


def _everyone() -> None:
    st.session_state.pop(FOCUS, None)


def publish(record: Scenario | None) -> None:
    """Put the opened record in the URL as `?game=`, or take it out (none, or too long).

    With the focused seat as `?seat=`, so a reload keeps the review seen from that seat.
    """
    seat = None if record is None else focus(record)
    frame.publish(
        {
            "game": None if record is None else game_link(record),
            "seat": None if seat is None else str(seat + 1),
        }
    )


@st.cache_data(max_entries=3, show_spinner=False)
def example(lang: Lang) -> Scenario:
    """The example game (`activities.review.example`), its seats named in `lang`.

    Cached: the expert weighs every move of the game, a few seconds a class need not wait twice.
    """
    return activity.example(lang)


def open_panel(lang: Lang, record: Scenario | None) -> None:
    """A file picker and the example button, open at first, folded once a game is shown.

    A game opened here starts the run again, so the whole page is drawn for it (this panel folded,
    the introduction gone) rather than below what was drawn for no game.
    """
    title = "review_page.open_title" if record is None else "review_page.open_another"
    with st.expander(t(title, lang), expanded=record is None, icon=":material/folder_open:"):
        uploaded = records.upload(lang, UPLOAD, activity.checked)  # refused there if it cannot be
        if uploaded is not None:
            _open(uploaded)
            st.rerun()
        if st.button(
            t("review_page.example", lang),
            key="review_example",
            help=t("review_page.example_help", lang),
            icon=":material/smart_toy:",
        ):
            # in the run rather than a callback, so the wait (the expert plays a whole game the
            # first time) is shown under the button
            with st.spinner(t("review_page.making_example", lang)):
                _open(example(lang))
            st.rerun()


# ----- the review -------------------------------------------------------------------------------


@st.cache_data(max_entries=8, show_spinner=False)
def _reviewed(text: str, _lang: Lang) -> Review:
    """The review of the record `text` holds, a progress bar shown meanwhile.

    Cached for every session: a class opening one shared game has it reviewed once. A review
    keeps under 6 MB (`review.MAX_DECISIONS`, tests/test_review.py), so the 8 entries keep under
    48 MB. The bar is drawn and removed inside the function, so a cache hit replays both (a bar
    made outside would break the replay); the language is left out of the key, as the review does
    not depend on it.
    """
    record = loads(text)
    count = len(record.moves)
    bar = st.progress(0.0, text=t("review_page.reviewing", _lang, done=0, count=count))
    every = max(1, count // 20)

    def told(done: int) -> None:
        if done % every == 0 or done == count:
            bar.progress(done / count, t("review_page.reviewing", _lang, done=done, count=count))

    graded = review(record, told)
    bar.empty()
    return graded


def reviewed(record: Scenario, lang: Lang) -> Review:
    """The review of `record`: kept in the session, else from the cache, else worked out now."""
    text = record_key(record)
    kept: tuple[str, Review] | None = st.session_state.get(REVIEWED)
    if kept is None or kept[0] != text:
        kept = (text, _reviewed(text, lang))
        st.session_state[REVIEWED] = kept
    return kept[1]


def summary(graded: Review, lang: Lang, names: Called, seat: int | None = None) -> None:
    """Every seat's paragraph and figures, the labels explained, and the chart of the costs.

    Seen from `seat` (a player's own review, from a table): its paragraph first, and a button
    back to everyone's.
    """
    st.header(t("review_page.summary_title", lang), anchor=False)
    if seat is not None:
        player = seat_name(seat, lang, names.said)
        st.info(t("review_page.focus", lang, player=player), icon=":material/person:")
        st.button(
            t("review_page.focus_all", lang),
            key="review_everyone",
            icon=":material/groups:",
            on_click=_everyone,
        )
    for shown in seats_first(len(graded.seats), seat):
        st.markdown(seat_sentence(graded, shown, lang, names))
    st.markdown(figures_table(graded, lang, names))
    with st.expander(t("review_page.about_title", lang), icon=":material/help:"):
        st.markdown(about(lang))
    chart = cost_lines(graded, lang, names.labels)
    st.plotly_chart(
        chart.figure,
        width="stretch",
        theme="streamlit",
        config=CONFIG,
        key="review_chart",
        alt=chart.alt,
    )
    st.caption(t("review_page.chart_caption", lang))


# ----- the chance of winning --------------------------------------------------------------------

Chances = tuple[tuple[float, ...], dict[int, DecisionChance]]
"""Each seat's chance of winning at the record's start, and every decision's chances by move."""


@st.cache_data(max_entries=8, show_spinner=False)
def _chances(text: str) -> Chances:
    """The chances of the record `text` holds; cached for every session, as its review is.

    A decision costs the master's work for one move (a few milliseconds, README's Figures), so a
    game's few hundred take a second or so, once.
    """
    record = loads(text)
    start = tuple(chance(record.table, seat, record.seats) for seat in range(record.table.players))
    return start, {found.index: found for found in decision_chances(record)}


def chances(record: Scenario) -> Chances:
    """The chances of winning along `record` (`value.decision_chances`)."""
    return _chances(record_key(record))


def chance_line(found: DecisionChance, lang: Lang, names: Called) -> str:
    """A decision's chances in words: with the best move, and after the move played."""
    return chance_words(found, lang, names.said)


def winning(
    found: Chances, steps: Sequence[Step], lang: Lang, names: Called, seat: int | None = None
) -> None:
    """Each seat's chance of winning turn after turn, and the moves that made it fall most.

    Seen from `seat`: the falls of that seat's moves only.
    """
    start, by_move = found
    turns = turn_numbers(steps)[1:]
    chart = chance_lines(list(by_move.values()), turns, start, lang, names.labels)
    st.plotly_chart(
        chart.figure,
        width="stretch",
        theme="streamlit",
        config=CONFIG,
        key="review_chances_chart",
        alt=chart.alt,
    )
    st.caption(t("review_page.chances.caption", lang))
    st.markdown(f"**{t('review_page.chances.drops_title', lang)}**")
    drops = biggest_drops(of_seat(by_move.values(), seat))
    lines = [
        f"{rank}. {drop_line(drop, turns[drop.index], steps[drop.index].table, lang, names)}"
        for rank, drop in enumerate(drops, 1)
    ]
    st.markdown("\n".join(lines) or t("review_page.chances.drops_none", lang))


# ----- the decisions worth a look ---------------------------------------------------------------


def table_at(
    table: Table, lang: Lang, names: Called, marks: dict[int, tuple[TileState, str]] | None = None
) -> None:
    """A table as it stood: the middle row, the stacks (the seat to play marked), the dice."""
    show.middle(table, lang, marks)
    to_play = -1 if table.over else table.current
    show.stacks(table, lang, to_play, marks, you_key=SANDBOX_YOU, names=names.labels)
    if table.over:
        return
    show.kept(table, lang)
    if table.rolled is not None:
        st.caption(t("review_page.rolled", lang))
        show.roll(table.rolled, table.kept, lang)


def decision_box(
    decision: Decision, before: Table, lang: Lang, names: Called, found: DecisionChance | None
) -> None:
    """One decision: the table it was made at, the move played beside the expert's, and why."""
    with st.container(border=True):
        st.subheader(
            t(
                "review_page.decision_title",
                lang,
                turn=decision.turn + 1,
                player=seat_label(decision.seat, lang, names.labels),
                label=t(f"review_page.label.{decision.label}", lang),
                cost=amount("common.worms", decision.cost, lang),
            ),
            anchor=False,
        )
        table_at(before, lang, names)
        for column, key, choice in zip(
            st.columns(2), ("played", "best"), (decision.played, decision.best), strict=True
        ):
            with column:
                st.markdown(f"**{t(f'review_page.{key}', lang)}**")
                st.markdown(move_words(choice.move, before, lang, "button", names.said))
                st.caption(outlook_line(choice.outlook, lang))
                st.caption(
                    t("review_page.swing", lang, swing=worms(choice.outlook.expected_swing, lang))
                )
        st.markdown(against_best(decision, before, lang, names))
        if found is not None:
            st.markdown(chance_line(found, lang, names))
        master = master_otherwise(before)
        if master is not None:
            st.markdown(master_words(master.move, master.reason, before, lang, names.said))
        common.sandbox_link(t("review_page.sandbox_link", lang), lang, table=before)
        common.explore_link(before, lang)


def _show_more() -> None:
    st.session_state[SHOWN] = st.session_state.get(SHOWN, PAGE_SIZE) + PAGE_SIZE


def worth_looking_at(
    graded: Review,
    steps: Sequence[Step],
    lang: Lang,
    names: Called,
    along: Chances,
    seat: int | None = None,
) -> None:
    """The costliest decisions first, a few at a time, each with its chances of winning.

    Seen from `seat`: that seat's decisions only.
    """
    if not graded.decisions:  # every move forced: the seats' sentences say so already
        return
    st.header(t("review_page.worth_title", lang), anchor=False)
    found = of_seat(worth_a_look(graded), seat)
    if not found:
        st.success(t("review_page.worth_none", lang), icon=":material/thumb_up:")
        return
    st.caption(t("review_page.worth_help", lang))
    shown = int(st.session_state.get(SHOWN, PAGE_SIZE))
    for decision in found[:shown]:
        at = decision.index
        decision_box(decision, steps[at].table, lang, names, along[1].get(at))
    if len(found) > shown:
        st.button(
            t("review_page.show_more", lang),
            key="review_more",
            icon=":material/expand_more:",
            on_click=_show_more,
        )


# ----- move by move -----------------------------------------------------------------------------


def move_by_move(steps: Sequence[Step], lang: Lang, names: Called) -> None:
    """A slider over the whole game: the table after any move, and the log of that turn."""
    st.header(t("review_page.moves_title", lang), anchor=False)
    count = len(steps) - 1
    if not count:
        st.info(t("review_page.no_moves", lang))
        return
    st.caption(t("review_page.moves_help", lang))
    if AT not in st.session_state or st.session_state[AT] > count:
        st.session_state[AT] = count
    at = int(
        st.slider(t("review_page.move_slider", lang), 0, count, key=AT, persist_state=common.KEEP)
    )
    if not at:
        st.caption(t("review_page.at_start", lang))
        table_at(steps[0].table, lang, names)
        return
    turn = turn_numbers(steps)[at]
    st.caption(t("review_page.at_move", lang, n=at, count=count, turn=turn))
    events = turn_events(steps, at)
    table_at(steps[at].table, lang, names, show.marks_from(steps[at].events, lang))
    st.markdown(f"**{t('review_page.turn_log', lang)}**")
    show.tell(events, lang, None, names=names.said)


# ----- saving and sharing -----------------------------------------------------------------------


def save_and_share(record: Scenario, lang: Lang) -> None:
    """The record as a file to download, and the link that opens it here."""
    st.header(t("review_page.share_title", lang), anchor=False)
    records.download(record, lang, key="review_download")
    value = game_link(record)
    if value is None:
        st.caption(t("review_page.share_too_long", lang))
        return
    # folded: a whole game's link runs to thousands of characters (a line that scrolls instead
    # could not be scrolled from the keyboard)
    with st.expander(t("review_page.share_link", lang), icon=":material/link:"):
        st.caption(t("review_page.share_help", lang))
        st.code(frame.page_address({"game": value, "lang": lang}), language=None, wrap_lines=True)
