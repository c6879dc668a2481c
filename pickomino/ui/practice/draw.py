"""What the sandbox page shows: the toolbar, the moves, the end of a game, the teacher's tools.

Every control here answers through a callback of `clicks`, so drawing only reads the session (and
takes a refusal once it is shown); the page calls these in order and draws the table between them
with `pickomino.ui.show`, and whose turn it is with `pickomino.ui.common`, as the Play page does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from pickomino.activities.practice import LEARNER, Practice
from pickomino.events import Event
from pickomino.game import Table
from pickomino.i18n import Lang, t, tn
from pickomino.narrate import seat_name, seats_text
from pickomino.odds import Analysis
from pickomino.rules import PRESETS
from pickomino.sandbox import Place
from pickomino.ui import frame, show
from pickomino.ui.common import KEEP, TABLE_CSS, offer
from pickomino.ui.practice.clicks import (
    act,
    move_tile,
    new_table,
    play,
    pop_notice,
    reseed,
    roll_set,
    switch_bots,
)
from pickomino.ui.practice.state import (
    BOTS,
    DICE,
    EDIT_PLACE,
    EDIT_TILE,
    HIDE,
    PLAYERS,
    PRESENT,
    RULES,
    SEED,
    Where,
    fresh_rules,
)

PRESENTATION_SCALE: Final = 1.3
"""How much larger dice and tiles are drawn in presentation mode."""

PAGE_CSS: Final = (
    TABLE_CSS
    + f"""<style>
@media (max-width: 640px) {{
  .st-key-sandbox_toolbar {{ gap: 0.2rem 0.6rem; }}
  .st-key-sandbox_toolbar [data-testid="stTooltipIcon"] {{ display: none; }}
  .st-key-sandbox_toolbar label p {{ font-size: 0.8rem; }}
  .st-key-sandbox_toolbar button {{ min-height: 2.2rem; padding: 0.2rem 0.55rem; }}
  .st-key-sandbox_toolbar :is(.st-key-{PRESENT}, :has(> .st-key-{PRESENT})) {{ display: none; }}
}}
</style>"""
)
"""The table's page (`common.TABLE_CSS`), and on a phone a smaller toolbar, its switches' "?" and
the switch for a projector left out."""

SMALLEST_PX: Final = 16
"""No text of presentation mode is drawn smaller than this many pixels (CSS pixels of a 1024x768
projector): smaller, the odds under each move could not be read from the back of a room."""

PRESENTATION_CSS: Final = (
    PAGE_CSS
    + """<style>
html { font-size: 22px; }
:root { --pk-smallest: 0.75rem; }
[data-testid="stMainBlockContainer"] { max-width: 100vw; padding: 0.6rem 1.5rem 2rem; }
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.45rem; }
[data-testid="stMainBlockContainer"] :is(h2, h3) { font-size: 1.05rem; padding: 0; }
[data-testid="stHeading"] [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
[data-testid="stMainBlockContainer"] :is([data-testid="stCaptionContainer"], .pk-caption) {
  font-size: var(--pk-smallest);
}
[data-testid="stMainBlockContainer"] button :is([data-testid="stMarkdownContainer"], p) {
  font-size: 0.8rem; font-weight: 600; line-height: 1.25;
}
[data-testid="stMainBlockContainer"] [data-testid="stAlertContainer"] { padding: 0.35rem 0.7rem; }
[data-testid="stColumn"] [data-testid="stVerticalBlock"] { gap: 0.35rem; }
.st-key-sandbox_toolbar { gap: 0.25rem; padding: 0 1.8rem 0 2.4rem; }
.st-key-sandbox_toolbar > :has(h1) {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
}
.st-key-sandbox_toolbar :is(button, label) :is([data-testid="stMarkdownContainer"], p) {
  font-size: var(--pk-smallest); font-weight: 400; line-height: 1.15;
}
.st-key-sandbox_toolbar label [data-testid="stWidgetLabel"] { max-width: 7rem; }
.st-key-sandbox_toolbar button { min-height: 1.8rem; padding: 0 0.45rem; }
[data-testid="stMainBlockContainer"] button { min-height: 2rem; padding: 0.05rem 0.6rem; }
[data-testid="stMetricValue"] { font-size: 1.5rem; }
[class*="st-key-move_row_"] [data-testid="stMarkdownContainer"] p { font-size: var(--pk-smallest); }
[data-testid="stHeader"], [data-testid="stHeader"] div {
  background: transparent; pointer-events: none;
}
[data-testid="stHeader"] :is(button, a) { pointer-events: auto; }
[data-testid="stMain"] { --pk-die: 1.7rem; --pk-group: 6.5rem; }
[data-testid="stMain"] .st-key-sandbox_groups button { padding: 0.25rem 0.3rem; gap: 0.15rem; }
[data-testid="stMain"] .st-key-sandbox_groups button :has(> [data-testid="stIconMaterial"]) {
  display: none;
}
[data-testid="stMain"] .st-key-sandbox_groups button p { font-size: var(--pk-smallest); }
[data-testid="stMain"] .st-key-sandbox_groups button p + p {
  font-weight: 400; line-height: 1.25; margin-top: 0.1rem;
}
.st-key-sandbox_odds { padding: 0.5rem 0.8rem; }
[data-testid="stHtml"] > .pk-caption:first-child:has(+ .pk-tiles) { display: none; }
.pk-stacks { font-size: var(--pk-smallest); column-gap: 1rem !important; }
.st-key-sandbox_odds h2 { display: none; }
.st-key-sandbox_odds [data-testid="stMetricLabel"] p { font-size: var(--pk-smallest); }
</style>"""
)
"""Presentation mode: every text of the app sized in rem grows with the root font, none smaller
than `--pk-smallest` (16.5 px, over `SMALLEST_PX`), and the page uses the screen's width, so the
table and each move's odds read from the back of a classroom, while the whole decision (the table,
the dice, the moves and the advice) fits one 1024x768 projector screen. The teacher's controls
take one line (two while Redo says "Replay the answer"): Undo, Redo and Reset by their icon, their
name kept for screen readers and in their tooltip; each switch's label on two lines at most; the
page's title kept for screen readers only (the class knows the page; at a size read from the back,
the title and the switches' three labels did not fit one line in Dutch). The elements sit closer;
the advice stands beside the figures, not under them (the page), and a group of dice on the primary
button is marked by its ★ in words, without the icon beside them that took a third of a narrow
button's width. The page starts under Streamlit's bar of buttons, made see-through (it caught
clicks on the top edge of Undo and Redo), the controls set beside its sidebar button."""

_ICON_ONLY: Final = """<style>
.st-key-sandbox_toolbar :is({keys}) button [data-testid="stMarkdownContainer"] {{
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
}}
</style>"""
"""The toolbar's buttons shown by their icon alone, their label kept for screen readers."""


def notice_here(where: Where) -> None:
    """Show the last click's refusal here, if it belongs here."""
    notice = pop_notice(where)
    if notice is not None:
        st.warning(notice, icon=":material/block:")


def scale() -> float:
    """How large to draw dice and tiles: larger in presentation mode."""
    return PRESENTATION_SCALE if st.session_state.get(PRESENT) else 1.0


def page_style(practice: Practice) -> None:
    """The page's styles; on a projector and a phone Undo, Reset and Redo show their icon only.

    Redo keeps its words when it replays a FAQ's answer: that is the next step the link offers.
    """
    keys = [".st-key-sandbox_undo", ".st-key-sandbox_reset"]
    if not practice.replaying:
        keys.append(".st-key-sandbox_redo")
    icons = _ICON_ONLY.format(keys=", ".join(keys))
    if scale() == 1:  # on a phone only, so the title and the three buttons share a line
        st.html(
            PAGE_CSS
            + icons.replace("<style>", "<style>@media (max-width: 640px) {", 1).replace(
                "</style>", "}</style>"
            )
        )
        return
    st.html(PRESENTATION_CSS + icons)


def toolbar(practice: Practice, lang: Lang) -> None:
    """The page's title; undo, redo, reset; the toggles for the odds, the expert, the projector.

    One horizontal container, so the title and the controls share a line on a laptop and on a
    projector, and wrap on a phone. In presentation mode a button's name is also its tooltip, for
    the icon alone shown there (`page_style`).
    """
    box = practice.box
    explain = scale() == 1  # on a projector the switches' "?" would push Reset to a second line
    with st.container(
        horizontal=True, vertical_alignment="center", gap="small", key="sandbox_toolbar"
    ):
        st.title(t("page.sandbox.title", lang), anchor=False, width="content")
        undo_label, again = t("sandbox.undo", lang), practice.redo_words(lang)
        st.button(
            undo_label,
            key="sandbox_undo",
            icon=":material/undo:",
            disabled=not box.can_undo,
            on_click=act,
            args=(Practice.undo,),
            help=None if explain else undo_label,
        )
        st.button(
            again,
            key="sandbox_redo",
            icon=":material/redo:",
            disabled=not box.can_redo,
            on_click=act,
            args=(Practice.redo,),
            help=None if explain else again,
        )
        st.toggle(
            t("sandbox.hide_odds", lang),
            key=HIDE,
            persist_state=KEEP,
            help=t("sandbox.hide_odds_help", lang) if explain else None,
            width="content",
        )
        st.toggle(
            t("sandbox.bots", lang),
            key=BOTS,
            persist_state=KEEP,
            help=t("sandbox.bots_help", lang) if explain else None,
            on_change=switch_bots,
            width="content",
        )
        st.toggle(
            t("sandbox.present", lang),
            key=PRESENT,
            persist_state=KEEP,
            help=t("sandbox.present_help", lang) if explain else None,
            width="content",
        )
        # Last, away from Redo: a quick double click on Redo landed on Reset as the page redrew.
        st.button(
            t("sandbox.reset", lang),
            key="sandbox_reset",
            icon=":material/restart_alt:",
            disabled=not box.can_undo,
            on_click=act,
            args=(Practice.reset,),
            help=t("sandbox.reset_help", lang),
        )


def moves(table: Table, analysis: Analysis | None, lang: Lang) -> None:
    """The sandbox's moves (`offer`), each click played on its table."""
    offer(table, analysis, lang, play)


def game_over(table: Table, lang: Lang) -> None:
    """The final scores, the winners and a button for a new game."""
    winners = table.winners()
    said = seat_name(winners[0], lang) if len(winners) == 1 else seats_text(winners, lang)
    st.header(tn("sandbox.over", len(winners), lang, winners=said))
    scores = [
        t("sandbox.score", lang, player=seat_name(seat, lang), worms=tn("common.worms", n, lang))
        for seat, n in enumerate(table.scores())
    ]
    st.markdown("\n".join(f"- {line}" for line in scores))
    st.button(
        t("sandbox.new_game", lang),
        key="sandbox_new_game",
        type="primary",
        on_click=act,
        args=(Practice.new_table, Table.new(table.players, table.rules)),
    )


def last_move(practice: Practice, events: tuple[Event, ...], lang: Lang) -> None:
    """What the last click did, told from its events, and a failed turn drawn.

    With the expert at the other seats the learner is "you"; when the learner plays every seat,
    each player is named ("Player 1's turn fails"), since "you" read as the player now to play.
    """
    if not events:
        return
    you = LEARNER if practice.settings.bots else None
    show.tell(events, lang, you, title=t("sandbox.last_move", lang))
    failed = practice.failure()
    if failed is not None:
        show.failed_turn(*failed, lang, scale=scale())


def teacher_tools(table: Table, lang: Lang, ask: Callable[[Table, Lang], None]) -> None:
    """Dice set by hand, tiles moved anywhere, the seed of random rolls; `ask`, the class's turn.

    `ask` is given by the page: the live classroom's button that puts this table to the teacher's
    room (`room.projector.ask_button`), drawn last, so the sandbox's package imports no other
    page's.
    """
    st.markdown(f"**{t('sandbox.teacher.dice_title', lang)}**")
    if table.phase in ("roll", "decide"):
        st.text_input(
            tn("sandbox.teacher.dice", table.in_hand, lang),
            key=DICE,
            placeholder=t("sandbox.teacher.dice_placeholder", lang),
            help=t("sandbox.teacher.dice_help", lang),
        )
        st.button(
            t("sandbox.teacher.roll_set", lang),
            key="sandbox_roll_set",
            icon=":material/edit:",
            on_click=roll_set,
        )
        notice_here("dice")
    else:
        st.caption(t("sandbox.teacher.dice_not_now", lang))
    st.markdown(f"**{t('sandbox.teacher.board_title', lang)}**")
    places: list[Place] = ["middle", "face_down", *range(table.players)]
    # The place gets three quarters of the line (a tile number needs little): at half of it,
    # "Put it on top of Player 2's stack" was cut short on a projector.
    tile_column, place_column = st.columns([1, 3])
    # No typing to filter in these lists: its only answer to a miss is Streamlit's English
    # "No results" (`ui.inputs` says more).
    tile_column.selectbox(
        t("sandbox.teacher.tile", lang), table.rules.tiles, key=EDIT_TILE, filter_mode=None
    )
    place_column.selectbox(
        t("sandbox.teacher.place", lang),
        places,
        key=frame.worded(EDIT_PLACE),
        filter_mode=None,
        format_func=lambda place: (
            t(f"sandbox.teacher.place_{place}", lang)
            if isinstance(place, str)
            else t("sandbox.teacher.place_stack", lang, player=seat_name(place, lang))
        ),
    )
    st.button(
        t("sandbox.teacher.move_tile", lang),
        key="sandbox_move_tile",
        icon=":material/swap_horiz:",
        on_click=move_tile,
    )
    notice_here("board")
    st.markdown(f"**{t('sandbox.teacher.seed_title', lang)}**")
    st.number_input(
        t("sandbox.teacher.seed", lang),
        min_value=0,
        max_value=999_999,
        step=1,
        key=SEED,
        persist_state=KEEP,
        on_change=reseed,
        help=t("sandbox.teacher.seed_help", lang),
    )
    ask(table, lang)


def new_table_form(lang: Lang) -> None:
    """Players and rules for a fresh table; the table sizes offered are those the rules allow."""
    allowed = fresh_rules()
    players, rules = st.columns(2)
    players.selectbox(
        t("sandbox.players", lang),
        range(allowed.min_players, allowed.max_players + 1),
        key=PLAYERS,
        filter_mode=None,
        persist_state=KEEP,
    )
    rules.selectbox(
        t("sandbox.rules", lang),
        list(PRESETS),
        key=frame.worded(RULES),
        filter_mode=None,
        persist_state=KEEP,
        format_func=lambda name: t(f"variants.{name}.title", lang),
    )
    st.button(
        t("sandbox.new_table", lang),
        key="sandbox_new_table",
        icon=":material/add_box:",
        on_click=new_table,
    )
