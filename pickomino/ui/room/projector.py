"""The projector's side of a room: the code to join, the question, the count, the reveal.

What the class sees is drawn for everyone who opens the room's address while it is open; the
teacher's buttons, the nicknames and the answer sheet only for a session whose token the room
takes (`TeacherDesk.teacher_of`), a token that never shows on this page or in its address. A
fragment polls the room's pulse, so the count of answers moves as the phones tap, without a
reload. What the board shows at a pulse, and which buttons act, is the desk's `Board`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Final

import streamlit as st

from pickomino.activities.classroom import (
    TIMER_SECONDS,
    Board,
    Seen,
    TeacherDesk,
    control_link,
    join_link,
)
from pickomino.activities.classroom.room import refusal
from pickomino.activities.classroom.teacher import Run
from pickomino.figures import outlook_line
from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.lessons.quiz import Setup
from pickomino.pages import spec_of
from pickomino.rooms import KEPT_AFTER, RoomError, read_code
from pickomino.store import StoreError
from pickomino.ui import devices, frame, pulse, show
from pickomino.ui.room import live, tables, versus
from pickomino.ui.room.asked import draw_table, waiting

CONTROL_VISIT: Final = "room_control_visit"
REFUSED_KEY: Final = "room_refused"
REMOVE_PICK: Final = "room_remove_pick"
BOARD_SCALE: Final = 0.6
"""The question's drawing on the board: its sixteen tiles on one line beside an open sidebar."""


def settle(lang: Lang) -> tuple[str | None, str | None]:
    """The room shown (`?room=`), and the control link's token, read once and taken away.

    A control link (`?control=TOKEN`) offers a teacher's token; the token leaves the address at
    once, so it is never in the address bar of a projected page, and is kept only if the room
    takes it (`TeacherDesk.teacher_of`, in `board`).
    """
    code = st.query_params.get("room")
    if code is None:
        return None, None
    try:
        code = read_code(code)
    except RoomError as error:
        frame.refused([refusal(error, lang)])
        return None, None
    token = st.query_params.get("control")
    offered = token if frame.arriving(CONTROL_VISIT) and token else None
    frame.publish({"control": None, "room": code})
    return code, offered


BOARD_CSS: Final = """<style>
[data-testid="stMainBlockContainer"] { max-width: 100vw; padding: 0.25rem 1.25rem 1.5rem; }
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.5rem; }
[data-testid="stHeader"], [data-testid="stHeader"] div {
  background: transparent; pointer-events: none;
}
[data-testid="stHeader"] :is(button, a) { pointer-events: auto; }
[data-testid="stMain"] .element-container:has(> .stHtml > script):not(
  :has(> .stHtml > :not(style, script))) { display: none; }
[data-testid="stElementContainer"]:has(> [data-testid="stHeading"] h1) {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
}
.st-key-room_join, .st-key-room_strip { padding-right: 2.75rem; }
body:has([data-testid="stSidebar"][data-collapsed="true"])
  :is(.st-key-room_join, .st-key-room_strip) { padding-left: 2.75rem; }
.pk-code-box { container-type: inline-size; }
.pk-room-code {
  font-size: min(4.5rem, 15cqi); font-weight: 700; letter-spacing: 0.06em; margin: 0;
  white-space: nowrap; line-height: 1.1;
}
.pk-qr { display: block; width: 100%; max-width: min(18rem, calc(100vh - 15rem)); height: auto; }
.pk-strip { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 1rem; }
.pk-strip .pk-room-code { font-size: 2.25rem; }
.pk-strip p { margin: 0; }
.pk-strip-link {
  flex: 1 1 13rem; min-width: 0; overflow-wrap: anywhere; font-size: 0.85rem; line-height: 1.3;
}
.pk-strip-link code { font-size: 0.85rem; }
.pk-strip .pk-qr { width: 4.5rem; flex: none; }
.st-key-room_question [data-testid="stVerticalBlock"], .st-key-room_question { gap: 0.4rem; }
.st-key-room_heading { column-gap: 1rem; }
.st-key-room_heading h2 { font-size: 1.5rem; padding: 0; }
.st-key-room_heading [data-testid="stMarkdownContainer"] p { font-size: 1.1rem; margin: 0; }
.st-key-room_question [data-testid="stHtml"] > .pk-caption:first-child:has(+ .pk-tiles) {
  display: none;
}
.st-key-room_question [data-testid="stHtml"] div[style*="flex-wrap"] {
  margin: 0.1rem 0 0.3rem !important;
}
.st-key-room_question .pk-stacks, .st-key-room_question .pk-stacks p { font-size: 0.8rem; }
.st-key-room_question .pk-caption { font-size: 0.8rem; }
.st-key-room_question .pk-stacks p { margin: 0; }
.st-key-room_question { container-type: inline-size; }
.st-key-room_question [data-testid="stProgress"] p { font-size: 0.95rem; line-height: 1.3; }
@container (max-width: 50rem) {
  .st-key-room_question [data-testid="stProgress"] p { font-size: 0.8rem; line-height: 1.25; }
}
.st-key-room_question [data-testid="stProgress"] > div:first-child { padding: 0; margin: 0; }
.st-key-room_question [data-testid="stProgressBarTrack"] { height: 0.45rem; }
.st-key-room_question [data-testid="stAlertContainer"] { padding: 0.5rem 0.9rem; }
.st-key-room_status { column-gap: 1rem; row-gap: 0.4rem; padding-bottom: 0.2rem; }
.st-key-room_status [data-testid="stMarkdownContainer"] p { margin: 0; }
.st-key-room_status [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
.st-key-room_run { gap: 0.4rem; }
.st-key-room_run button { min-height: 2rem; padding: 0.1rem 0.6rem; }
.st-key-room_run button p { font-size: 0.85rem; }
@media (max-height: 700px) {
  .pk-strip .pk-qr { width: 3.75rem; }
  .pk-strip .pk-room-code { font-size: 2rem; }
  .st-key-room_question [data-testid="stAlertContainer"] { padding: 0.35rem 0.8rem; }
  .st-key-room_question [data-testid="stAlertContainer"] p { font-size: 0.85rem; }
  .st-key-room_question [data-testid="stHtml"] div[style*="flex-wrap"] {
    margin: 0 0 0.15rem !important;
  }
  .st-key-room_question .pk-tiles img { width: 28px; height: auto; }
  .st-key-room_question .pk-tiles > div { min-width: 28px !important; }
  .st-key-room_question [data-testid="stVerticalBlock"], .st-key-room_question { gap: 0.3rem; }
}
</style>"""
"""The board fits one projected screen (1024x768 or 1024x650, the sidebar open or folded): the
page's own title kept for screen readers only, Streamlit's bar of buttons made see-through (its
buttons beside the join box, never over the code), the elements closer; the code as large as its
column takes (`cqi`: eight letters in 15% of its width each), the QR code no taller than the
window leaves; once a question is asked, a strip of the code, the address and a small QR code,
and the question's drawing, votes and reason written smaller."""


def _code_html(code: str) -> str:
    """The room code, in two halves so the class reads it at a glance."""
    return f'<p class="pk-room-code">{code[:4]}&nbsp;{code[4:]}</p>'


def join_box(code: str, lang: Lang) -> None:
    """How to join, big enough to read from the back of the class: the code, the link, the QR.

    The link is one the pupils' phones can open (`frame.reach`), said under the QR code, with a
    warning when there is none; it carries no language, so each phone opens in its own.
    """
    reach = frame.reach()
    link = join_link(reach, code)
    with st.container(key="room_join"):
        words, picture = st.columns([3, 2], vertical_alignment="center")
        with words:
            st.markdown(t("room.board.join", lang))
            show.html(f'<div class="pk-code-box">{_code_html(code)}</div>')
            st.code(link, language=None, wrap_lines=True)
            if reach.reachable:
                st.caption(t(f"room.address.{reach.source}", lang))
        with picture:
            show.html(devices.qr_image(link, t("room.board.qr_label", lang)))
    if reach.bad_setting:
        st.error(
            t("room.address.bad_setting", lang, setting=frame.PUBLIC_SETTING),
            icon=":material/link_off:",
        )
    if not reach.reachable:
        st.warning(
            t("room.address.loopback", lang, setting=frame.PUBLIC_SETTING),
            icon=":material/wifi_off:",
        )


def join_strip(code: str, lang: Lang) -> None:
    """How to join once a question is asked: one line of the code, the link and a small QR code.

    A pupil who comes late still finds the room; the question keeps the screen.
    """
    link = join_link(frame.reach(), code)
    with st.container(key="room_strip"):
        show.html(
            f'<div class="pk-strip">{_code_html(code)}<p class="pk-strip-link">'
            f"{t('room.board.join_short', lang)}<br><code>{escape(link)}</code></p>"
            f"{devices.qr_image(link, t('room.board.qr_label', lang))}</div>"
        )


def _teacher(code: str, lang: Lang, change: Callable[..., object], *args: object) -> None:
    """A teacher's button: a change of the desk (`TeacherDesk`), a refusal kept to be shown."""
    st.session_state.pop(REFUSED_KEY, None)
    try:
        change(live.desk(), code, *args)
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = refusal(error, lang)


def board(code: str, offered: str | None, lang: Lang) -> None:
    """The projector's page for room `code`; the teacher's controls only once a token is checked.

    `offered`: the token of the control link the page was opened with, if any. A reader without
    the room's teacher token gets the board as the class sees it, and nothing of the teacher's:
    no buttons, no nicknames, no answer sheet (a download is served by Streamlit for whoever
    holds its address, so the sheet is never made for them). A code that opens no open room
    answers as a wrong code does (`Classroom.look_up`).
    """
    desk = live.desk()
    try:
        seen = desk.look_up(
            code,
            lambda seen: desk.teacher_of(code, seen.room, offered) is not None,
            live.wrong_codes(),
            open_will_do=True,
        )
    except (RoomError, StoreError) as error:
        frame.refused([refusal(error, lang)])
        return
    token = desk.teacher_of(code, seen.room, offered)
    if token is not None:
        live.keep_in_browser(code, token)
    show.html(BOARD_CSS)
    dealt = tables.dealt(seen.id)
    joining = seen.room.question is None and not dealt
    if not seen.closed(live.now()):  # a closed room takes nobody: no code to join it by
        (join_box if joining else join_strip)(code, lang)
    pace = desk.pace(seen.id, live.BOARD_POLL_SECONDS)
    still = pace is not None and _still(desk.board(seen, token is not None), dealt)
    every = None if still else pace
    st.fragment(_live, run_every=every)(seen.id, code, token, lang, pace, joining, still)


def _still(shown: Board, dealt: bool) -> bool:
    """Whether the board waits on the room's pulse from its page (`pulse.poll`).

    On a server that answers it, while what it shows changes only with the room (`Board.still`)
    and no tables are dealt (their games are documents of their own, whose moves the room's
    pulse does not count).
    """
    return pulse.served() and shown.still() and not dealt


def _live(
    id: str,
    code: str,
    teacher: str | None,
    lang: Lang,
    pace: float | None,
    joining: bool,
    still: bool,
) -> None:
    """The board's part that looks at the room every `pace` seconds (None: the room is closed).

    `teacher`: the teacher's token, checked against the room, or None for the class's view.
    `joining`: the page drew the large join box, for a room with no question and no tables yet;
    the first question or the first tables run the page again whole, which draws the strip
    instead (the box is outside this part, so a poll does not send the QR code again).
    `still`: the page's own poll of the room's pulse runs this part (`_still`), not Streamlit's;
    once that no longer holds, or holds again, the page runs again whole to change how it polls.
    """
    desk = live.desk()
    if still:  # first: a run that stops early must keep the page's poll on the page
        pulse.watch(id, live.BOARD_POLL_SECONDS, desk.wakes(id))
    seen = _read(desk, id, lang, pace)
    if seen is None:
        return
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    if teacher and desk.due(seen):  # the class's game steps on by itself, from its teacher's board
        _teacher(code, lang, TeacherDesk.advance, seen)
        seen = _read(desk, id, lang, pace)  # the store may have failed the step, or since
        if seen is None:
            return
    shown = desk.board(seen, teacher is not None)
    room = seen.room
    if shown.closed:
        live.stop_polling(pace)
    if joining and room.question is not None:
        st.rerun(scope="app")
    if shown.closed:
        st.info(t("room.board.closed", lang, days=KEPT_AFTER.days), icon=":material/door_front:")
    if shown.stage == "waiting":
        st.markdown(shown.pupils(lang))
        if not shown.closed and joining:  # no question, no tables yet
            waiting(lang)
    elif shown.stage == "telling":
        versus.tell(room, lang, shown.now)
    elif shown.stage == "game_over":
        versus.final(room, lang, shown.now)
        if teacher is not None and not shown.closed:  # the game's review, or a new game
            versus.controls(shown, code, lang, _teacher)
    else:
        with st.container(key="room_question"):
            _question(shown, lang, code)
    if teacher is not None and not shown.closed and room.question is None:
        versus.start_button(code, lang, _teacher)
    dealt = tables.board(id, code, teacher is not None, lang)
    if dealt and joining:
        st.rerun(scope="app")  # the tables keep the screen: the strip to join, not the box
    if pace is not None and still != _still(shown, dealt):
        st.rerun(scope="app")  # a timer started or ended, a game or tables begun: poll otherwise
    ranked = shown.ranking(lang)
    if ranked is not None:
        _ranking(ranked, lang)
    if teacher is not None:
        frame.folded(
            t("room.teacher.title", lang),
            ":material/admin_panel_settings:",
            PANEL_KEY,
            lambda: _controls(shown, code, teacher, lang),
        )


def _read(desk: TeacherDesk, id: str, lang: Lang, pace: float | None) -> Seen | None:
    """Room `id` as stored now, or None with why on the board.

    Closed for good once its record is gone (no more polling); a store at fault is said, and
    asked again at the next poll.
    """
    try:
        return desk.load(id)
    except RoomError as error:
        st.info(refusal(error, lang), icon=":material/door_front:")
        live.stop_polling(pace)
    except StoreError as error:
        st.error(refusal(error, lang), icon=":material/cloud_off:")
    return None


def _ranking(lines: tuple[str, ...], lang: Lang) -> None:
    """The first few nicknames by right answers, only when the teacher turned the ranking on."""
    st.subheader(t("room.board.ranking", lang), anchor=False)
    st.markdown("\n".join(lines) if lines else t("room.board.ranking_empty", lang))


def _question(shown: Board, lang: Lang, code: str) -> None:
    """The question, the count of answers, then (when the teacher says) the votes and odds.

    The buttons to run it follow the count, for its teacher in an open room (`Board.runs`).
    """
    found = shown.found
    assert found is not None
    question = found.question
    with st.container(horizontal=True, vertical_alignment="center", key="room_heading"):
        st.header(shown.heading(lang), anchor=False, width="content")
        st.markdown(f"**{found.prompt(lang)}**", width="content")
    if question.activity == "bot":
        versus.status(shown.room, lang, shown.now)
    draw_table(found, lang, scale=BOARD_SCALE)
    runs = shown.runs()
    with st.container(horizontal=True, vertical_alignment="center", key="room_status"):
        st.markdown(shown.answered(lang), width="content")
        left = shown.timer()
        if left is not None:
            st.caption(t("room.board.timer", lang, seconds=left), width="content")
        if runs:
            _run(shown, runs, code, lang)
    if shown.teacher and not shown.closed and question.activity == "bot":
        versus.controls(shown, code, lang, _teacher)
    if not question.shown:
        return
    analysis = found.analysis() if question.revealed else None
    for vote in shown.votes(lang):
        line = vote.line
        if analysis is not None:
            line += " — " + outlook_line(analysis.choices[vote.option].outlook, lang)
        st.progress(vote.share, text=line)
    if question.revealed:
        st.info(found.explanation(lang), icon=":material/lightbulb:")
    if shown.quiz_over():
        st.subheader(t("room.board.score_title", lang), anchor=False)
        st.markdown("\n".join("- " + line for line in shown.class_score(lang)))


RUNS: Final[dict[Run, tuple[str, str, str]]] = {
    "show": ("room.teacher.show", "room_show", ":material/bar_chart:"),
    "hide": ("room.teacher.hide", "room_show", ":material/bar_chart:"),
    "stop": ("room.teacher.close_question", "room_close_question", ":material/block:"),
    "timer": ("room.teacher.timer", "room_timer", ":material/timer:"),
    "reveal": ("room.teacher.reveal", "room_reveal", ":material/visibility:"),
    "next": ("room.teacher.next", "room_next", ":material/arrow_forward:"),
}
"""Each button that runs a question: its label's key, its widget's key, its icon."""


def _run(shown: Board, runs: tuple[Run, ...], code: str, lang: Lang) -> None:
    """The buttons that run a question, small, in one row beside its count of answers.

    Only the buttons that act now (`Board.runs`), so the row may hold one line. Pressed, each
    changes the stored room (`TeacherDesk`); only the room's teacher gets them.
    """
    question = shown.found.question if shown.found is not None else None
    assert question is not None
    changes: dict[Run, tuple[object, ...]] = {
        "show": (TeacherDesk.show_votes, True),
        "hide": (TeacherDesk.show_votes, False),
        "stop": (TeacherDesk.stop,),
        "timer": (TeacherDesk.timer,),
        "reveal": (TeacherDesk.reveal,),
        "next": (
            TeacherDesk.ask_quiz,
            question.quiz[0] if question.quiz else None,
            shown.following(),
        ),
    }
    with st.container(horizontal=True, key="room_run", width="content"):
        for run in runs:
            label, key, icon = RUNS[run]
            if run == "timer":
                timer = "room.teacher.timer_play" if question.activity == "bot" else label
                label = t(timer, lang, seconds=TIMER_SECONDS)
            else:
                label = t(label, lang)
            primary = run == "reveal" or (run == "next" and question.revealed)
            st.button(
                label,
                key=key,
                type="primary" if primary else "secondary",
                icon=icon,
                on_click=_teacher,
                args=(code, lang, *changes[run]),
            )


PANEL_KEY: Final = "room_teacher_panel"
"""The teacher's folded panel on the board: what the class must not see, shown on a click."""
CLOSING_KEY: Final = "room_closing"
"""The room this session's teacher asked to close, waiting for the second click."""


def _controls(shown: Board, code: str, token: str, lang: Lang) -> None:
    """The teacher's panel, folded: nicknames, ranking, a new activity, closing, the sheet.

    Drawn only for the holder of the room's teacher `token`, and filled only while the teacher
    has it open (`frame.folded`): the nicknames to remove, the answer sheet and the control link
    are never on the class's board, nor sent while folded. Closing a room is for good, so it
    asks once more.
    """
    room = shown.room
    seated = shown.seen.seated()
    if seated and not shown.closed:
        names = {pupil.id: pupil.nickname for pupil in seated}
        pick, remove = st.columns([3, 1], vertical_alignment="bottom")
        pick.selectbox(
            t("room.teacher.remove_pick", lang),
            list(names),
            key=REMOVE_PICK,
            format_func=lambda id: names.get(id, ""),
            filter_mode=None,
        )
        remove.button(
            t("room.teacher.remove", lang),
            key="room_remove",
            icon=":material/person_remove:",
            on_click=_remove,
            args=(code, lang),
        )
    if not shown.closed:
        st.button(
            t("room.teacher.hide_ranking" if room.ranking else "room.teacher.show_ranking", lang),
            key="room_ranking",
            icon=":material/leaderboard:",
            on_click=_teacher,
            args=(code, lang, TeacherDesk.rank, not room.ranking),
        )
        if room.question is not None and room.question.activity != "bot":
            versus.start_button(code, lang, _teacher)
        tables.deal_form(shown.seen, code, lang)
        if st.session_state.get(CLOSING_KEY) != code:
            st.button(
                t("room.teacher.close_room", lang),
                key="room_close",
                icon=":material/door_front:",
                on_click=st.session_state.__setitem__,
                args=(CLOSING_KEY, code),
            )
        else:
            st.warning(t("room.teacher.close_confirm", lang), icon=":material/door_front:")
            with st.container(horizontal=True):
                st.button(
                    t("room.teacher.close_yes", lang),
                    key="room_close_yes",
                    type="primary",
                    icon=":material/door_front:",
                    on_click=_close,
                    args=(code, lang),
                )
                st.button(
                    t("room.teacher.close_no", lang),
                    key="room_close_no",
                    on_click=st.session_state.pop,
                    args=(CLOSING_KEY, None),
                )
    else:
        st.download_button(
            t("room.teacher.download", lang),
            shown.sheet(lang),
            file_name=f"room-{room.code}.csv",
            mime="text/csv",
            key="room_download",
            icon=":material/download:",
        )
    control = control_link(frame.reach(), code, token)
    st.caption(t("room.teacher.control_help", lang))
    # the link is written into the page for the button to copy, never drawn on the screen
    devices.copy_button(
        control, t("room.teacher.control_copy", lang), t("room.teacher.control_copied", lang)
    )


def _close(code: str, lang: Lang) -> None:
    """Close the room, the teacher having confirmed it."""
    st.session_state.pop(CLOSING_KEY, None)
    _teacher(code, lang, TeacherDesk.close)


def _remove(code: str, lang: Lang) -> None:
    """Take the chosen pupil out of the room, after checking the teacher's token."""
    _teacher(code, lang, TeacherDesk.remove, st.session_state.get(REMOVE_PICK))


def no_room(lang: Lang) -> None:
    """The page without a room: what a room is for, and a button to open one."""
    st.markdown(t("room.intro", lang))
    if st.button(
        t("room.teacher.open", lang), key="room_open", type="primary", icon=":material/groups:"
    ):
        try:
            code = live.open_new(lang)
        except (RoomError, StoreError) as error:
            st.error(refusal(error, lang), icon=":material/error:")
            return
        st.query_params["room"] = code
        st.rerun()


def _put(lang: Lang, change: Callable[..., object], *args: object) -> None:
    """Put a question to the teacher's room, opening one if the last is closed, then show it.

    `change` is the teacher's desk's (`TeacherDesk.ask_table`, `TeacherDesk.ask_quiz`).
    """
    try:
        desk = live.desk()
        code = desk.asking() or live.open_new(lang)
        change(desk, code, *args)
    except (RoomError, StoreError) as error:
        st.error(refusal(error, lang), icon=":material/error:")
        return
    st.switch_page(spec_of("room").file, query_params={"room": code, "lang": lang})


def ask_button(table: Table, lang: Lang) -> None:
    """The sandbox's "ask the class": this table's decision put to the teacher's room.

    Opens a room on the first press (or when the last one closed), then shows it on the board.
    """
    if st.button(t("room.teacher.ask", lang), key="room_ask_table", icon=":material/groups:"):
        _put(lang, TeacherDesk.ask_table, table)


def quiz_button(setup: Setup, lang: Lang) -> None:
    """The class quiz's "play it live": the quiz put to the teacher's room, a question at a time."""
    if st.button(t("room.teacher.quiz", lang), key="room_ask_quiz", icon=":material/groups:"):
        _put(lang, TeacherDesk.ask_quiz, setup.code, 0)
