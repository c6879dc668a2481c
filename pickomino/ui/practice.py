"""The sandbox's widgets: one `Sandbox` in the session, the table in the URL, moves as clicks.

Every click runs a callback that replaces the session's `Sandbox` before the page is drawn again, so
the page only reads one value and draws it. After each run the URL's `?table=` is set to the table
shown, so a copied link opens exactly that table; a link the page has not seen yet (`?table=` or
`?scenario=`) replaces the table, and a bad one is refused with its reason and a fresh table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Literal
from urllib.parse import urlencode, urlsplit

import streamlit as st

from pickomino.bots import expert
from pickomino.events import Event
from pickomino.game import ROLL, STOP, IllegalMove, Move, Table
from pickomino.i18n import Lang, join_list, t, tn
from pickomino.odds import Analysis
from pickomino.rules import PRESETS, preset
from pickomino.sandbox import Place, Sandbox, place_tile
from pickomino.scenario import ScenarioError
from pickomino.share import decode_table, encode_table, read_scenario
from pickomino.ui import show
from pickomino.ui.frame import current_lang, visit
from pickomino.ui.narrate import face_name, move_words, seat_name
from pickomino.ui.odds_panel import outlook_line

BOX: Final = "sandbox"
LINK: Final = "sandbox_link"  # the (table, scenario) link values the URL holds, as last seen or set
LINKED: Final = "sandbox_linked"  # the table that link shows
LINK_VISIT: Final = "sandbox_link_visit"  # the visit whose link has been read
NOTICE: Final = "sandbox_notice"  # a refusal from the last click and where to show it, once
HIDE: Final = "sandbox_hide_odds"
PRESENT: Final = "sandbox_present"
SEED: Final = "sandbox_seed"
PLAYERS: Final = "sandbox_players"
RULES: Final = "sandbox_rules"
DICE: Final = "sandbox_dice"
EDIT_TILE: Final = "sandbox_edit_tile"
EDIT_PLACE: Final = "sandbox_edit_place"
BOTS: Final = "sandbox_bots"
TEACHER_OPEN: Final = "sandbox_teacher_open"
NEW_OPEN: Final = "sandbox_new_open"
SHARE_OPEN: Final = "sandbox_share_open"
KEPT: Final = "sandbox_settings"
SETTINGS: Final = (HIDE, PRESENT, BOTS, SEED, PLAYERS, RULES)
"""Widgets whose values outlive a visit to another page (Streamlit drops a widget's state when a
run does not draw it): a teacher back from the FAQ finds presentation mode and the seed as left."""

PAGE: Final = "app_pages/sandbox.py"
EXPLORER: Final = "app_pages/explorer.py"
LEARNER: Final = 0
"""The seat the learner plays when the expert plays the others."""

PRESENTATION_SCALE: Final = 1.8
"""How much larger dice and tiles are drawn in presentation mode."""

PRESENTATION_CSS: Final = """<style>
html { font-size: 26px; }
[data-testid="stMainBlockContainer"] { max-width: 94vw; }
[data-testid="stMainBlockContainer"] button p { font-size: 1rem; font-weight: 600; }
[data-testid="stMetricValue"] { font-size: 1.6rem; }
</style>"""
"""Presentation mode: every text of the app sized in rem grows with the root font, and the page
uses the screen's width, so the table reads from the back of a classroom. The odds' headline
figures grow less, so three of them still fit side by side on a 1024-pixel projector."""


# ----- the session's sandbox and the link ------------------------------------------------------


def seed() -> int:
    """The seed of random rolls, chosen once per session unless a teacher sets it."""
    if SEED not in st.session_state:
        st.session_state[SEED] = random.randrange(10_000)
    return int(st.session_state[SEED])


def fresh_table() -> Table:
    """A new game with the number of players and the rules chosen for a fresh table."""
    rules = preset(st.session_state.get(RULES, "standard"))
    return Table.new(int(st.session_state.get(PLAYERS, 2)), rules)


def from_link(table: str | None, scenario: str | None) -> Sandbox:
    """The sandbox a link opens; a scenario opens at its start, its moves ready to redo."""
    if table is not None:
        return Sandbox.start(decode_table(table), seed())
    assert scenario is not None
    return Sandbox.replaying(read_scenario(scenario), seed())


def restore_settings() -> None:
    """Put back the settings Streamlit dropped while another page was shown."""
    kept = st.session_state.get(KEPT, {})
    for key in SETTINGS:
        if key not in st.session_state and key in kept:
            st.session_state[key] = kept[key]


def keep_settings() -> None:
    """Remember the settings as this run leaves them, for the next visit to the page."""
    st.session_state[KEPT] = {key: st.session_state[key] for key in SETTINGS}


def settle(lang: Lang) -> tuple[Sandbox, str | None]:
    """The sandbox of this run: from a link just opened, else the session's, else a fresh table.

    A link is read once, on the first run of a visit to the page (the reader arriving with it).
    Every later run of the visit answers a click, whose address can lag behind the table the last
    click left: taken for a new link, it threw away the history (a double click on Redo sent a
    prepared example back to its start with nothing to undo).

    Returns the refusal of a bad link (in the reader's language) alongside, None when all is well.
    """
    restore_settings()
    link = (st.query_params.get("table"), st.query_params.get("scenario"))
    box: Sandbox | None = st.session_state.get(BOX)
    refused = None
    arriving = st.session_state.get(LINK_VISIT) != visit()
    st.session_state[LINK_VISIT] = visit()
    if arriving and link != (None, None) and link != st.session_state.get(LINK):
        try:
            box = from_link(*link)
        except ScenarioError as error:
            refused = show.scenario_refusal(error, lang)
            box = Sandbox.start(fresh_table(), seed())
        else:
            st.session_state[LINK] = link
            st.session_state[LINKED] = box.table
    if box is None:
        box = Sandbox.start(fresh_table(), seed())
    st.session_state[BOX] = box
    publish(box)
    return box, refused


def publish(box: Sandbox) -> None:
    """Put the table shown in the URL, unless the URL already shows it."""
    link = (st.query_params.get("table"), st.query_params.get("scenario"))
    if link == st.session_state.get(LINK) and st.session_state.get(LINKED) == box.table:
        return
    value = encode_table(box.table)
    if "scenario" in st.query_params:
        del st.query_params["scenario"]
    st.query_params["table"] = value
    st.session_state[LINK] = (value, None)
    st.session_state[LINKED] = box.table


def share_link() -> str:
    """The address that opens this table in this language (the page's own address if known)."""
    params = {key: st.query_params[key] for key in ("table", "lang") if key in st.query_params}
    query = urlencode(params)
    url = st.context.url
    if not url:
        return f"?{query}"
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}?{query}"


def link(label: str, lang: Lang, *, scenario: str = "", table: Table | None = None) -> None:
    """A link that opens a situation in the sandbox, in this language: a named one or a table."""
    params = {"table": encode_table(table)} if table is not None else {"scenario": scenario}
    st.page_link(PAGE, label=label, icon=":material/casino:", query_params={**params, "lang": lang})


def explore_link(table: Table, lang: Lang) -> None:
    """A link that opens this table in the odds explorer, for its charts, in this language."""
    st.page_link(
        EXPLORER,
        label=t("sandbox.explore", lang),
        icon=":material/monitoring:",
        query_params={"table": encode_table(table), "lang": lang},
    )


# ----- clicks ----------------------------------------------------------------------------------


def bots() -> bool:
    """Whether the expert plays every seat but the learner's."""
    return bool(st.session_state.get(BOTS))


Where = Literal["table", "dice", "board"]
"""Where a refusal is shown: above the table, or under the teacher's tool that was refused (far
below the table: a teacher on a projector would see nothing happen)."""


def refuse(text: str, where: Where) -> None:
    """Keep a refusal for the page to show once, beside the control that was refused."""
    st.session_state[NOTICE] = (text, where)


def act(step: Callable[[Sandbox], Sandbox], where: Where = "table") -> None:
    """Apply a click to the session's sandbox; a refusal is kept for the page, the table kept.

    With the expert playing the other seats, their turns follow the click at once.
    """
    lang = current_lang()
    try:
        box = step(st.session_state[BOX])
        st.session_state[BOX] = box.autoplay(expert, LEARNER) if bots() else box
    except IllegalMove as error:
        refuse(t("common.refused", lang, reason=show.refusal(error, lang)), where)
    except ScenarioError as error:
        refuse(show.scenario_refusal(error, lang), where)


def _roll_set() -> None:
    """Roll the dice the teacher typed: faces separated by spaces or commas, or written together."""
    lang = current_lang()
    typed = str(st.session_state.get(DICE, ""))
    rules = st.session_state[BOX].table.rules
    faces = []
    for char in typed.replace(",", " ").replace(" ", ""):
        face = char.upper()
        if face not in rules.faces:
            allowed = join_list([face_name(f, lang) for f in rules.faces], lang)
            refuse(t("sandbox.teacher.bad_face", lang, face=char, faces=allowed), "dice")
            return
        faces.append(face)
    if not faces:
        refuse(t("sandbox.teacher.no_dice", lang), "dice")
        return
    act(lambda box: box.roll(faces), "dice")


def _move_tile() -> None:
    tile = int(st.session_state[EDIT_TILE])
    place: Place = st.session_state[EDIT_PLACE]
    act(lambda box: box.edit(place_tile(box.table, tile, place)), "board")


def _new_table() -> None:
    act(lambda box: Sandbox.start(fresh_table(), seed()))


def _reseed() -> None:
    act(lambda box: box.reseed(seed()))


def _undo() -> None:
    act(lambda box: box.undo_to(LEARNER) if bots() else box.undo())


def _redo() -> None:
    act(lambda box: box.redo_to(LEARNER) if bots() else box.redo())


def reveal() -> None:
    """Show the hidden odds (the class has answered)."""
    st.session_state[HIDE] = False


def pop_notice(where: Where) -> str | None:
    """The refusal of the last click, once, if it is to be shown here."""
    notice = st.session_state.get(NOTICE)
    if notice is None or notice[1] != where:
        return None
    del st.session_state[NOTICE]
    return notice[0]


def notice_here(where: Where) -> None:
    """Show the last click's refusal here, if it belongs here."""
    notice = pop_notice(where)
    if notice is not None:
        st.warning(notice, icon=":material/block:")


# ----- drawing ---------------------------------------------------------------------------------


def scale() -> float:
    """How large to draw dice and tiles: larger in presentation mode."""
    return PRESENTATION_SCALE if st.session_state.get(PRESENT) else 1.0


def toolbar(box: Sandbox, lang: Lang) -> None:
    """Undo, redo, reset; the toggles that hide the odds and turn on presentation mode.

    One horizontal container, so the controls keep their natural width and wrap on a phone.
    """
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.button(
            t("sandbox.undo", lang),
            key="sandbox_undo",
            icon=":material/undo:",
            disabled=not box.can_undo,
            on_click=_undo,
        )
        st.button(
            t("sandbox.redo", lang),
            key="sandbox_redo",
            icon=":material/redo:",
            disabled=not box.can_redo,
            on_click=_redo,
        )
        st.button(
            t("sandbox.reset", lang),
            key="sandbox_reset",
            icon=":material/restart_alt:",
            disabled=not box.can_undo,
            on_click=act,
            args=(Sandbox.reset,),
            help=t("sandbox.reset_help", lang),
        )
        st.toggle(
            t("sandbox.hide_odds", lang),
            key=HIDE,
            help=t("sandbox.hide_odds_help", lang),
            width="content",
        )
        st.toggle(
            t("sandbox.bots", lang),
            key=BOTS,
            help=t("sandbox.bots_help", lang),
            on_change=act,
            args=(lambda box: box,),
            width="content",
        )
        st.toggle(
            t("sandbox.present", lang),
            key=PRESENT,
            help=t("sandbox.present_help", lang),
            width="content",
        )


def status(table: Table, lang: Lang) -> str:
    """Whose turn it is and what the table waits for, in one sentence.

    With no tile to take, the sentence does not invite a stop that would take one.
    """
    player = seat_name(table.current, lang)
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


def _move(move: Move, table: Table, analysis: Analysis | None, lang: Lang) -> None:
    """One move: its button, and beside it what it leads to (when the odds are shown)."""
    button, odds = st.columns([2, 3], vertical_alignment="center")
    key = {"keep": move.face, "take": str(move.tile)}.get(move.kind)
    button.button(
        move_words(move, table, lang, "button"),
        key=f"sandbox_{move.kind}" + (f"_{key}" if key else ""),
        icon=ICONS[move.kind],
        type="primary" if move.kind in ("keep", "roll") else "secondary",
        on_click=act,
        args=(lambda box: box.play(move),),
        width="stretch",
    )
    if analysis is not None:
        odds.markdown(outlook_line(analysis.choice(move).outlook, lang))


def moves(box: Sandbox, analysis: Analysis | None, lang: Lang) -> None:
    """A button for every legal move, the odds beside each; what is not offered, and why.

    Rolling on comes first, as the move that keeps the turn going; stopping empty-handed last,
    under the reason no tile is offered.
    """
    table = box.table
    legal = table.legal_moves()
    if table.phase == "keep":
        assert table.rolled is not None
        st.caption(t("sandbox.keep_hint", lang))
        for move in legal:
            _move(move, table, analysis, lang)
        taken = [face for face in table.rules.faces if face in table.rolled and face in table.kept]
        if taken:
            names = join_list([face_name(face, lang) for face in taken], lang)
            st.caption(t("sandbox.not_offered.kept", lang, faces=names))
        return
    if ROLL in legal:
        _move(ROLL, table, analysis, lang)
    for move in legal:
        if move.kind == "take":
            _move(move, table, analysis, lang)
    if table.phase == "take":
        st.caption(t("sandbox.not_offered.no_dice", lang))
    if STOP in legal:
        reason = "no_worm" if not table.has_worm else "no_tile"
        st.caption(t(f"sandbox.not_offered.{reason}", lang, total=table.total))
        _move(STOP, table, analysis, lang)


def game_over(table: Table, lang: Lang) -> None:
    """The final scores, the winners and a button for a new game."""
    names = [seat_name(seat, lang) for seat in table.winners()]
    st.subheader(tn("sandbox.over", len(names), lang, winners=join_list(names, lang)))
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
        args=(lambda box: Sandbox.start(Table.new(table.players, table.rules), seed()),),
    )


def told(box: Sandbox) -> tuple[Event, ...]:
    """The events to tell: the last click's, and with the expert playing, its turns after it."""
    if not box.can_undo:
        return ()
    return box.events_since(LEARNER) if bots() else box.events


def last_move(box: Sandbox, events: tuple[Event, ...], lang: Lang) -> None:
    """What the last click did, told from its events, addressed to the player who moved."""
    if not events:
        return
    st.markdown(f"**{t('sandbox.last_move', lang)}**")
    show.tell(events, lang, LEARNER if bots() else box.history[box.position - 1].table.current)


def teacher_tools(box: Sandbox, lang: Lang) -> None:
    """Dice set by hand, tiles moved anywhere, the seed of random rolls."""
    table = box.table
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
            on_click=_roll_set,
        )
        notice_here("dice")
    else:
        st.caption(t("sandbox.teacher.dice_not_now", lang))
    st.markdown(f"**{t('sandbox.teacher.board_title', lang)}**")
    places: list[Place] = ["middle", "face_down", *range(table.players)]
    tile_column, place_column = st.columns(2)
    tile_column.selectbox(t("sandbox.teacher.tile", lang), table.rules.tiles, key=EDIT_TILE)
    place_column.selectbox(
        t("sandbox.teacher.place", lang),
        places,
        key=EDIT_PLACE,
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
        on_click=_move_tile,
    )
    notice_here("board")
    st.markdown(f"**{t('sandbox.teacher.seed_title', lang)}**")
    st.number_input(
        t("sandbox.teacher.seed", lang),
        min_value=0,
        max_value=999_999,
        step=1,
        key=SEED,
        on_change=_reseed,
        help=t("sandbox.teacher.seed_help", lang),
    )


def new_table_form(lang: Lang) -> None:
    """Players and rules for a fresh table."""
    players, rules = st.columns(2)
    players.selectbox(t("sandbox.players", lang), range(2, 8), key=PLAYERS)
    rules.selectbox(
        t("sandbox.rules", lang),
        list(PRESETS),
        key=RULES,
        format_func=lambda name: t(f"variants.{name}.title", lang),
    )
    st.button(
        t("sandbox.new_table", lang),
        key="sandbox_new_table",
        icon=":material/add_box:",
        on_click=_new_table,
    )
