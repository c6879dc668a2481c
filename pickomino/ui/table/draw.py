"""What the Table page shows: the host's form and links, the nickname form, the table itself.

A seat's page and a spectator's poll the table in a fragment (`st.fragment(run_every=...)`), as a
pupil's phone polls its room: a poll is one read of the table, decoded once per version on the
server (`activities.table.Decoded`), and it plays the move of a seat whose time ran out
(`Tables.advance`). A finished table is drawn once, without polling. Only the seat to move gets
buttons, each carrying the move number the table was drawn at, in its key and in its click, so a
tap arriving twice or late is refused by its number and changes nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Final

import streamlit as st

from pickomino.activities.seats import Called
from pickomino.activities.table import (
    MAX_SEATS,
    MIN_SEATS,
    TIMERS,
    TableRefused,
    View,
    seat_links,
)
from pickomino.game import Move
from pickomino.i18n import Lang, t
from pickomino.names import TYPED_CHARS
from pickomino.narrate import move_words
from pickomino.store import StoreError
from pickomino.ui import dice_choice, frame, table_game
from pickomino.ui.odds_panel import panel
from pickomino.ui.table import clicks
from pickomino.ui.table.state import (
    HINTS,
    LOG_OPEN,
    NAME_INPUT,
    NOTICE,
    POLL_SECONDS,
    SEATS,
    TIMER,
    Reader,
    tables,
    words,
)

PAGE: Final = "table"
"""The page's path in the app's addresses (`frame.address`)."""
ORDER: Final = ("roll", "take", "stop")
"""The moves other than a keep, in the order their buttons show: rolling on keeps the turn."""


def page(shown: Reader, lang: Lang) -> None:
    """The page for `shown`: the host's form, the nickname form, or the table."""
    if shown.id is None:
        _form_notice()
        host_form(lang)
    elif shown.link is not None:
        _form_notice()
        nickname_form(lang)
    else:
        table_page(shown, lang)


def _form_notice() -> None:
    """A form's last refusal, said once."""
    found = st.session_state.pop(NOTICE, None)
    if found is not None:
        st.error(found[1], icon=":material/error:")


def host_form(lang: Lang) -> None:
    """How many seats, the hints, the timer; the button that opens the table."""
    st.markdown(t("table_page.intro", lang))
    with st.form("table_open_form", border=False):
        st.selectbox(t("table_page.seats", lang), range(MIN_SEATS, MAX_SEATS + 1), key=SEATS)
        st.toggle(t("table_page.hints", lang), value=True, key=HINTS)
        st.selectbox(
            t("table_page.timer", lang),
            TIMERS,
            key=frame.worded(TIMER),
            format_func=lambda seconds: (
                t("table_page.no_timer", lang)
                if seconds is None
                else t("table_page.seconds", lang, seconds=seconds)
            ),
        )
        st.form_submit_button(
            t("table_page.open", lang),
            type="primary",
            key="table_open",
            on_click=clicks.open_table,
            args=(lang,),
        )


def nickname_form(lang: Lang) -> None:
    """A seat's link not yet claimed: the nickname the other players will see."""
    st.markdown(t("table_page.nickname_intro", lang))
    with st.form("table_claim_form", border=False):
        st.text_input(  # Streamlit cuts a value to `max_chars`: past 20, refused (`nickname`)
            t("room.join.nickname", lang),
            key=NAME_INPUT,
            max_chars=TYPED_CHARS,
            help=t("room.join.nickname_help", lang),
        )
        st.form_submit_button(
            t("table_page.sit_down", lang),
            type="primary",
            key="table_claim",
            on_click=clicks.claim,
            args=(lang,),
        )


def table_page(shown: Reader, lang: Lang) -> None:
    """The table for its host, a seat or a spectator: polled while the game goes on."""
    assert shown.id is not None
    try:
        view = _view(shown)
    except (TableRefused, StoreError) as error:
        st.error(words(error, lang), icon=":material/error:")
        return
    if view.over:
        _at_table(shown, view, lang)
        return
    st.fragment(_live, run_every=POLL_SECONDS)(shown, lang)


def _view(shown: Reader) -> View:
    """The table as this reader sees it now, a seat whose time ran out played by a bot."""
    assert shown.id is not None
    return tables().advance(shown.id, shown.player)


def _live(shown: Reader, lang: Lang) -> None:
    """The table, polled: the whole page runs again once the game is over, to stop polling."""
    try:
        view = _view(shown)
    except (TableRefused, StoreError) as error:
        st.error(words(error, lang), icon=":material/error:")
        return
    if view.over:
        st.rerun(scope="app")
    _at_table(shown, view, lang)


def _at_table(shown: Reader, view: View, lang: Lang) -> None:
    """Everything under the title: the host's links, who reads, the game."""
    _notice(view)
    if shown.host is not None:
        host_links(view, shown.host, lang)
    if view.seat is None:
        st.caption(t("table_page.watching", lang))
    else:  # a nickname is letters, digits and a few marks (`rooms.nickname`): no Markdown
        st.caption(t("table_page.you_are", lang, name=view.names[view.seat]))
    player = shown.player
    moves = None if not view.mine or player is None else partial(_moves, view, player, lang)
    table_game.game(view, lang, LOG_OPEN, moves)


def host_links(view: View, host: str, lang: Lang) -> None:
    """For the host: each empty seat's link to send, to open oneself, or to give to a bot.

    The links are drawn from the host's token (`seat_links`), so a reload shows them again; the
    table's own address lets anyone watch.
    """
    if not view.started:
        st.markdown(t("table_page.links_intro", lang))
        if not frame.reach().reachable:
            st.warning(
                t("table_page.loopback", lang, setting=frame.PUBLIC_SETTING),
                icon=":material/wifi_off:",
            )
        links = seat_links(host, len(view.kinds))
        for seat, (kind, link) in enumerate(zip(view.kinds, links, strict=True)):
            if kind is not None:
                continue
            with st.container(border=True, key=f"table_seat_{seat}"):
                st.markdown(f"**{t('table_page.seat', lang, n=seat + 1)}**")
                address = frame.address(PAGE, {"table": view.id, "seat": link})
                st.code(address, language=None, wrap_lines=True)
                with st.container(horizontal=True, gap="small"):
                    st.link_button(
                        t("table_page.sit_here", lang),
                        address,
                        icon=":material/open_in_new:",
                    )
                    st.button(
                        t("table_page.give_bot", lang),
                        key=f"table_bot_{seat}",
                        icon=":material/smart_toy:",
                        on_click=clicks.give_bot,
                        args=(view.id, host, seat, lang),
                    )
    st.caption(t("table_page.watch_link", lang))
    st.code(frame.address(PAGE, {"table": view.id}), language=None, wrap_lines=True)


def _notice(view: View) -> None:
    """The last click's refusal, said calmly.

    A move's while the table is at the move it was said at; the host's once.
    """
    found = st.session_state.get(NOTICE)
    if found is None:
        return
    at, text = found
    if at is None or at != view.number:
        st.session_state.pop(NOTICE, None)
    if at is None:
        st.error(text, icon=":material/error:")
    elif at == view.number:
        st.info(text, icon=":material/block:")


def _moves(view: View, token: str, lang: Lang, names: Called) -> None:
    """The seat's moves as buttons, keyed and sent with the table's move number.

    The odds under them, and the advised move starred, when the host allows hints.
    """
    table = view.table
    assert table is not None
    analysis = view.analysis()
    best = None if analysis is None else analysis.recommended.move
    prefix = f"table_{view.number}"
    click = partial(clicks.play, view.id, token, view.number, lang)
    if table.phase == "keep":
        dice_choice.groups(table, analysis, {}, lang, click, prefix=prefix, best=best)
    else:
        legal = sorted(view.moves(), key=lambda move: ORDER.index(move.kind))
        with st.container(horizontal=True, key=f"{prefix}_moves"):
            for move in legal:
                _move_button(view, move, best, names, lang, click, prefix)
    if analysis is not None:
        with st.container(border=True):
            panel(analysis, table, lang)


def _move_button(
    view: View,
    move: Move,
    best: Move | None,
    names: Called,
    lang: Lang,
    click: dice_choice.Click,
    prefix: str,
) -> None:
    """One move other than a keep: its words, and what it leads to when the odds are shown."""
    table = view.table
    assert table is not None
    line = dice_choice.outlook(move, view.analysis(), {}, lang)
    key = f"{prefix}_{move.kind}" + (f"_{move.tile}" if move.kind == "take" else "")
    st.button(
        move_words(move, table, lang, "button", names.said) + (f"\n\n{line}" if line else ""),
        key=key,
        icon=":material/star:" if move == best else None,
        type="primary" if move == best else "secondary",
        on_click=click,
        args=(move,),
        width="stretch",
    )
