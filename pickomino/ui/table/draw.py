"""What the Table page shows: the host's form and links, the nickname form, the table itself.

A seat's page and a spectator's draw the table in a fragment. On a server that answers the
table's version (`serve.py`, `pulse.TABLE`), the page's own script asks it over HTTP and runs the
fragment only when it moved, a table without a turn timer (`_pulsed`); else Streamlit runs it
every second (`st.fragment(run_every=...)`), as on `app.py`. A run is one read of the table,
decoded once per version on the server (`activities.table.Decoded`), and it plays the move of a
seat whose time ran out (`Tables.advance`). A finished table is drawn once, without polling.
Only the seat to move gets buttons, each carrying the move number the table was drawn at, in its
key and in its click, so a tap arriving twice or late is refused by its number and changes
nothing.
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
from pickomino.i18n import Lang, t
from pickomino.store import StoreError
from pickomino.ui import devices, frame, pulse, table_game
from pickomino.ui.common import TABLE_CSS, offer
from pickomino.ui.odds_panel import panel
from pickomino.ui.table import clicks
from pickomino.ui.table.state import (
    HINTS,
    LOG_OPEN,
    MOVED,
    NAME_INPUT,
    NOTICE,
    POLL_SECONDS,
    PULSE_SECONDS,
    SEATS,
    TIMER,
    TURN_PULSE_SECONDS,
    Reader,
    keep_in_browser,
    tables,
    words,
)

PAGE: Final = "table"
"""The page's path in the app's addresses (`frame.address`)."""
HELD: Final = "table_"
"""The start of the key of every button at a table (its moves, the host's bots): held after a
lost connection until the page has run again (`devices.hold_taps`)."""


OWN_CSS: Final = """<style>
[data-testid="stMain"] .element-container:has(> .stHtml > script):not(
  :has(> .stHtml > :not(style, script))) { display: none; }
[class*="st-key-table_seat_"] > :first-child { flex: none; }
[class*="st-key-table_seat_"] > :last-child { flex: 1 1 0; min-width: 0; }
[class*="st-key-table_seat_"] .pk-qr { display: block; width: 8.5rem; height: auto; }
@media (max-width: 640px) {
  [class*="st-key-table_seat_"] { flex-wrap: wrap; }
  [class*="st-key-table_seat_"] > :last-child { flex: 1 1 14rem; }
  [class*="st-key-table_seat_"] .pk-qr { width: 7rem; }
}
</style>"""
"""The page's own: a script alone (the seat's cookie) takes no room; a seat's QR code beside its
link, small enough that a host's page of seven seats stays short, large enough for a phone held
at arm's length to scan; on a phone the link goes under it."""


def style() -> None:
    """A table's compact page, as the Play page's: the moves' rows and the phone's sizes."""
    st.html(TABLE_CSS + OWN_CSS)


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
        devices.nickname_input(NAME_INPUT, lang)
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
    if shown.player is not None and view.seat is not None:
        keep_in_browser(view.id, shown.player)
    if view.over:
        _at_table(shown, view, lang)
        return
    pulsed = _pulsed(view)
    st.fragment(_live, run_every=None if pulsed else POLL_SECONDS)(shown, lang, pulsed)
    devices.hold_taps(HELD)


def _pulsed(view: View) -> bool:
    """Whether the page waits on the table's version from its own script (`pulse.TABLE`).

    On a server that answers it, for a table without a turn timer: a timer's seconds left change
    what every page shows each second, and its end is played by whichever page looks, so a timed
    table is polled by Streamlit every second, as before.
    """
    return pulse.served() and view.timer is None


def _pace(view: View) -> float:
    """How often the page asks the table's version (`_pulsed`): seldom while its seat is to move."""
    return TURN_PULSE_SECONDS if view.mine else PULSE_SECONDS


def _view(shown: Reader) -> View:
    """The table as this reader sees it now, a seat whose time ran out played by a bot.

    Right after the reader's own move, the table that move left (`MOVED`): its timer has just
    started again, so nothing is due, and no other read is needed.
    """
    assert shown.id is not None
    moved: View | None = st.session_state.pop(MOVED, None)
    if moved is not None and moved.id == shown.id and shown.player is not None:
        return moved
    return tables().advance(shown.id, shown.player)


def _live(shown: Reader, lang: Lang, pulsed: bool) -> None:
    """The table, polled: the whole page runs again once the game is over, to stop polling.

    `pulsed`: run by the page's own poll of the table's version (`_pulsed`), whose mark says the
    version drawn, so the mover's own tap does not run it again; a table that could not be read
    draws no version, and the next move runs it.
    """
    assert shown.id is not None
    try:
        view = _view(shown)
    except (TableRefused, StoreError) as error:
        if pulsed:
            pulse.watch(shown.id, PULSE_SECONDS, None, pulse.TABLE)
        st.error(words(error, lang), icon=":material/error:")
        return
    if view.over:
        st.rerun(scope="app")
    if pulsed:
        # its own seat to move, only its own taps change the table: nothing worth holding for
        pulse.watch(view.id, _pace(view), None, pulse.TABLE, view.version, hold=not view.mine)
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

    Each with its QR code, for a friend at the table to scan, and a button that copies it on a
    page opened at a plain-http network address too (`devices.copy_button`). The links are drawn
    from the host's token (`seat_links`), so a reload shows them again; the table's own address
    lets anyone watch.
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
            address = frame.address(PAGE, {"table": view.id, "seat": link})
            with st.container(border=True, horizontal=True, gap="medium", key=f"table_seat_{seat}"):
                alt = t("table_page.qr_label", lang, n=seat + 1)
                st.html(devices.qr_image(address, alt), width="content")
                with st.container(gap="small"):
                    st.markdown(f"**{t('table_page.seat', lang, n=seat + 1)}**")
                    st.code(address, language=None, wrap_lines=True)
                    with st.container(horizontal=True, gap="small"):
                        devices.copy_button(
                            address, t("table_page.copy", lang), t("table_page.copied", lang)
                        )
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
    """The seat's moves drawn as on the Play page (`common.offer`), sent with the move number.

    The odds beside the buttons and under them, the advised move starred, when the host allows
    hints; the buttons' keys carry the table's move number, so a tap drawn at an older number is
    another button and a late one is refused by its number.
    """
    table = view.table
    assert table is not None
    analysis = view.analysis()
    click = partial(clicks.play, view.id, token, view.number, lang)
    offer(table, analysis, lang, click, prefix=f"table_{view.number}", names=names.said)
    if analysis is not None:
        with st.container(border=True):
            panel(analysis, table, lang)
