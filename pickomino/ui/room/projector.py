"""The projector's side of a room: the code to join, the question, the count, the reveal.

What the class sees is drawn for everyone who opens the room's address while it is open; the
teacher's buttons, the nicknames and the answer sheet only for a session whose token the room
takes (`live.teacher_of`), a token that never shows on this page or in its address. A fragment
polls the room's pulse, so the count of answers moves as the phones tap, without a reload.
"""

from __future__ import annotations

import base64
import functools
import io
from collections.abc import Callable
from html import escape
from typing import Final

import segno
import streamlit as st

from pickomino.activities.quiz import quiz
from pickomino.echo import echoed
from pickomino.game import Table
from pickomino.i18n import Lang, percent, t, tn
from pickomino.lessons.quiz import Setup
from pickomino.lessons.quiz import read_code as read_quiz
from pickomino.rooms import (
    KEPT_AFTER,
    MAX_PUPILS,
    Room,
    RoomError,
    answer_sheet,
    ask_decision,
    ask_quiz,
    class_by_rule,
    close_question,
    close_room,
    next_in_quiz,
    place,
    ranking,
    read_code,
    reveal,
    set_timer,
    show_distribution,
    show_ranking,
    tally,
)
from pickomino.store import StoreError, UnknownDocument
from pickomino.ui import frame, show
from pickomino.ui.odds_panel import outlook_line
from pickomino.ui.room import live, versus
from pickomino.ui.room.asked import Asked, asked, draw_table, explanation, waiting

PAGE: Final = "app_pages/room.py"
CONTROL_VISIT: Final = "room_control_visit"
REFUSED_KEY: Final = "room_refused"
REMOVE_PICK: Final = "room_remove_pick"
TIMER_SECONDS: Final = 30
BOARD_SCALE: Final = 0.6
"""The question's drawing on the board: its sixteen tiles on one line beside an open sidebar."""


def settle(lang: Lang) -> tuple[str | None, str | None]:
    """The room shown (`?room=`), and the control link's token, read once and taken away.

    A control link (`?control=TOKEN`) offers a teacher's token; the token leaves the address at
    once, so it is never in the address bar of a projected page, and is kept only if the room
    takes it (`live.teacher_of`, in `board`).
    """
    code = st.query_params.get("room")
    if code is None:
        return None, None
    try:
        code = read_code(code)
    except RoomError as error:
        frame.refused([live.refusal(error, lang)])
        return None, None
    token = st.query_params.get("control")
    offered = token if frame.arriving(CONTROL_VISIT) and token else None
    frame.publish({"control": None, "room": code})
    return code, offered


def qr_svg(link: str) -> str:
    """The join link as a QR code, an SVG drawn in Python (no image service sees the code)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
    return out.getvalue().decode()


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
button.pk-copy {
  font: inherit; padding: 0.35rem 0.8rem; border-radius: 0.5rem; cursor: pointer;
  border: 1px solid rgba(49, 51, 63, 0.3); background: white; color: inherit;
}
button.pk-copy:focus-visible { outline: 2px solid #0072b2; outline-offset: 1px; }
</style>"""
"""The board fits one projected screen (1024x768 or 1024x650, the sidebar open or folded): the
page's own title kept for screen readers only, Streamlit's bar of buttons made see-through (its
buttons beside the join box, never over the code), the elements closer; the code as large as its
column takes (`cqi`: eight letters in 15% of its width each), the QR code no taller than the
window leaves; once a question is asked, a strip of the code, the address and a small QR code,
and the question's drawing, votes and reason written smaller."""


def qr_image(link: str, lang: Lang) -> str:
    """The join link's QR code as an image for the board (`qr_svg`, made once per link)."""
    return f'<img class="pk-qr" alt="{t("room.board.qr_label", lang)}" src="{_qr_data(link)}">'


@functools.lru_cache(maxsize=64)
def _qr_data(link: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(link).encode()).decode()


def _code_html(code: str) -> str:
    """The room code, in two halves so the class reads it at a glance."""
    return f'<p class="pk-room-code">{code[:4]}&nbsp;{code[4:]}</p>'


def join_box(code: str, lang: Lang) -> None:
    """How to join, big enough to read from the back of the class: the code, the link, the QR.

    The link is one the pupils' phones can open (`frame.reach`), said under the QR code, with a
    warning when there is none; it carries no language, so each phone opens in its own.
    """
    reach = frame.reach()
    link = reach.link("join", {"room": code})
    with st.container(key="room_join"):
        words, picture = st.columns([3, 2], vertical_alignment="center")
        with words:
            st.markdown(t("room.board.join", lang))
            show.html(f'<div class="pk-code-box">{_code_html(code)}</div>')
            st.code(link, language=None, wrap_lines=True)
            if reach.reachable:
                st.caption(t(f"room.address.{reach.source}", lang))
        with picture:
            show.html(qr_image(link, lang))
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
    link = frame.reach().link("join", {"room": code})
    with st.container(key="room_strip"):
        show.html(
            f'<div class="pk-strip">{_code_html(code)}<p class="pk-strip-link">'
            f"{t('room.board.join_short', lang)}<br><code>{escape(link)}</code></p>"
            f"{qr_image(link, lang)}</div>"
        )


def _teacher(code: str, lang: Lang, edit: Callable[..., Room], *args: object) -> None:
    """A teacher's button: the change, made on the stored room; a refusal kept to be shown."""
    st.session_state.pop(REFUSED_KEY, None)
    try:
        live.change(code, lambda room: edit(room, *args))
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = live.refusal(error, lang)


def board(code: str, offered: str | None, lang: Lang) -> None:
    """The projector's page for room `code`; the teacher's controls only once a token is checked.

    `offered`: the token of the control link the page was opened with, if any. A reader without
    the room's teacher token gets the board as the class sees it, and nothing of the teacher's:
    no buttons, no nicknames, no answer sheet (a download is served by Streamlit for whoever
    holds its address, so the sheet is never made for them). A code that opens no open room
    answers as a wrong code does (`live.look_up`).
    """
    try:
        seen = live.look_up(
            code,
            lambda seen: live.teacher_of(code, seen.room, offered) is not None,
            open_will_do=True,
        )
    except (RoomError, StoreError) as error:
        frame.refused([live.refusal(error, lang)])
        return
    token = live.teacher_of(code, seen.room, offered)
    if token is not None:
        live.keep_in_browser(code, token)
    show.html(BOARD_CSS)
    joining = seen.room.question is None
    if not seen.closed():  # a closed room takes nobody: no code to join it by
        (join_box if joining else join_strip)(code, lang)
    pace = live.pace(seen.id, live.BOARD_POLL_SECONDS)
    st.fragment(_live, run_every=pace)(seen.id, code, token, lang, pace, joining)


def _live(
    id: str, code: str, teacher: str | None, lang: Lang, pace: float | None, joining: bool
) -> None:
    """The board's part that polls the room every `pace` seconds (None: the room is closed).

    `teacher`: the teacher's token, checked against the room, or None for the class's view.
    `joining`: the page drew the large join box, for a room with no question yet; the first
    question runs the page again whole, which draws the strip instead (the box is outside this
    part, so a poll does not send the QR code again).
    """
    try:
        seen = live.load(id)
    except RoomError as error:  # its record is gone: closed for good
        st.info(live.refusal(error, lang), icon=":material/door_front:")
        live.stop_polling(pace)
        return
    except StoreError as error:
        st.error(live.refusal(error, lang), icon=":material/cloud_off:")
        return
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    if teacher:
        seen = versus.advanced(seen, code, lang, _teacher)
    room = seen.room
    closed = seen.closed()
    if closed:
        live.stop_polling(pace)
    question = room.question
    if joining and question is not None:
        st.rerun(scope="app")
    if closed:
        st.info(t("room.board.closed", lang, days=KEPT_AFTER.days), icon=":material/door_front:")
    if question is None:
        st.markdown(tn("room.board.pupils", len(seen.seated()), lang, high=MAX_PUPILS))
        if not closed:
            waiting(lang)
    elif question.activity == "bot" and not versus.told(room, live.now()):
        versus.tell(room, lang, live.now())
    elif question.activity == "bot" and versus.over(room):
        versus.final(room, lang)
        if teacher is not None and not closed:  # the game's review, or a new game
            found = asked(question)
            versus.controls(room, found, seen.of_question(question.number), code, lang, _teacher)
    else:
        with st.container(key="room_question"):
            _question(seen, asked(question), lang, code if teacher and not closed else None)
    if teacher is not None and not closed and question is None:
        versus.start_button(code, lang, _teacher)
    if room.ranking:
        _ranking(seen, lang)
    if teacher is not None:
        frame.folded(
            t("room.teacher.title", lang),
            ":material/admin_panel_settings:",
            PANEL_KEY,
            lambda: _controls(seen, code, teacher, closed, lang),
        )


def _ranking(seen: live.Seen, lang: Lang) -> None:
    """The first few nicknames by right answers, only when the teacher turned the ranking on."""
    st.subheader(t("room.board.ranking", lang), anchor=False)
    lines = [
        t(
            "room.board.rank",
            lang,
            place=place,
            name=echoed(name),
            right=tn("room.board.right", right, lang),
        )
        for place, (name, right) in enumerate(ranking(seen.room, seen.pupils, seen.answers), 1)
    ]
    st.markdown("\n".join(lines) if lines else t("room.board.ranking_empty", lang))


def _question(seen: live.Seen, found: Asked, lang: Lang, run_code: str | None) -> None:
    """The question, the count of answers, then (when the teacher says) the votes and odds.

    `run_code`: the room's code when its teacher runs the question here (the buttons to run it
    follow the count), None for the class's view and a closed room.
    """
    question = found.question
    answers = seen.of_question(question.number)
    quizzed = question.quiz
    number = place(seen.room, question)
    heading = (
        t("quiz.page.question", lang, n=number, count=read_quiz(quizzed[0]).count)
        if quizzed
        else t("room.board.question", lang, n=number)
    )
    with st.container(horizontal=True, vertical_alignment="center", key="room_heading"):
        st.header(heading, anchor=False, width="content")
        st.markdown(f"**{found.prompt(lang)}**", width="content")
    if question.activity == "bot":
        versus.status(seen.room, lang)
    draw_table(found, lang, scale=BOARD_SCALE)
    count = len(answers)
    status = "open" if question.taking(live.now()) else "closed"
    with st.container(horizontal=True, vertical_alignment="center", key="room_status"):
        st.markdown(
            tn(f"room.board.answered_{status}", count, lang, pupils=len(seen.seated())),
            width="content",
        )
        if question.deadline is not None and question.taking(live.now()):
            left = max(0, round(question.deadline - live.now()))
            st.caption(t("room.board.timer", lang, seconds=left), width="content")
        if run_code is not None:
            _run(seen, found, run_code, lang)
    if run_code is not None and question.activity == "bot":
        versus.controls(seen.room, found, answers, run_code, lang, _teacher)
    if not question.shown:
        return
    counts = tally(question, answers)
    analysis = found.analysis() if question.revealed else None
    for option, chosen in enumerate(counts):
        share = chosen / count if count else 0.0
        label = found.option(option, lang)
        if question.revealed and option == question.right:
            label = t("room.board.best", lang, option=label)
        line = tn("room.board.votes", chosen, lang, option=label, share=percent(share, lang, 0))
        if analysis is not None:
            choice = analysis.choices[option]
            line += " — " + outlook_line(choice.outlook, lang)
        st.progress(share, text=line)
    if question.revealed:
        st.info(explanation(found, lang), icon=":material/lightbulb:")
    if (
        quizzed
        and question.revealed
        and next_in_quiz(seen.room, read_quiz(quizzed[0]).count) is None
    ):
        _class_score(seen, lang)


def _class_score(seen: live.Seen, lang: Lang) -> None:
    """At the quiz's end: the class's answers per rule, and the rules to teach again."""
    rules = {
        q.number: asked(q).quizzed.rule  # type: ignore[union-attr]
        for q in seen.room.asked
        if q.quiz is not None
    }
    seated = {pupil.id for pupil in seen.seated()}
    answers = [answer for answer in seen.answers if answer.pupil in seated]
    st.subheader(t("room.board.score_title", lang), anchor=False)
    lines = []
    for rule in class_by_rule(seen.room.asked, rules, answers):
        key = "room.board.rule_again" if rule.teach_again else "room.board.rule_ok"
        said = t(f"quiz.rule.{rule.rule}", lang)
        lines.append("- " + tn(key, rule.right, lang, rule=said, asked=rule.asked))
    st.markdown("\n".join(lines))


def _run(seen: live.Seen, found: Asked, code: str, lang: Lang) -> None:
    """The buttons that run a question, small, in one row beside its count of answers.

    Only the buttons that act now: a button that could do nothing more (the answers stopped, the
    best move shown) leaves the row, which then holds one line. Pressed, each changes the stored
    room (`live.change`); only the room's teacher gets them.
    """
    room = seen.room
    question = found.question
    following = next_in_quiz(room, read_quiz(question.quiz[0]).count) if question.quiz else None
    timer = "room.teacher.timer_play" if question.activity == "bot" else "room.teacher.timer"
    buttons: tuple[tuple[bool, str, str, str, bool, tuple[object, ...]], ...] = (
        # (shown now, label, key, icon, primary, the change and its arguments)
        (
            not question.revealed,
            t("room.teacher.hide" if question.shown else "room.teacher.show", lang),
            "room_show",
            ":material/bar_chart:",
            False,
            (show_distribution, not question.shown),
        ),
        (
            question.open,
            t("room.teacher.close_question", lang),
            "room_close_question",
            ":material/block:",
            False,
            (close_question,),
        ),
        (
            question.open and question.deadline is None,
            t(timer, lang, seconds=TIMER_SECONDS),
            "room_timer",
            ":material/timer:",
            False,
            (set_timer, TIMER_SECONDS, live.now()),
        ),
        (
            not question.revealed,
            t("room.teacher.reveal", lang),
            "room_reveal",
            ":material/visibility:",
            True,
            (reveal,),
        ),
        (
            question.quiz is not None and following is not None,
            t("room.teacher.next", lang),
            "room_next",
            ":material/arrow_forward:",
            question.revealed,
            (_quiz_question, question.quiz[0] if question.quiz else None, following),
        ),
    )
    with st.container(horizontal=True, key="room_run", width="content"):
        for shown, label, key, icon, primary, change in buttons:
            if shown:
                st.button(
                    label,
                    key=key,
                    type="primary" if primary else "secondary",
                    icon=icon,
                    on_click=_teacher,
                    args=(code, lang, *change),
                )


PANEL_KEY: Final = "room_teacher_panel"
"""The teacher's folded panel on the board: what the class must not see, shown on a click."""
CLOSING_KEY: Final = "room_closing"
"""The room this session's teacher asked to close, waiting for the second click."""


def _controls(seen: live.Seen, code: str, token: str, closed: bool, lang: Lang) -> None:
    """The teacher's panel, folded: nicknames, ranking, a new activity, closing, the sheet.

    Drawn only for the holder of the room's teacher `token`, and filled only while the teacher
    has it open (`frame.folded`): the nicknames to remove, the answer sheet and the control link
    are never on the class's board, nor sent while folded. Closing a room is for good, so it
    asks once more.
    """
    room = seen.room
    seated = seen.seated()
    if seated and not closed:
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
            args=(seen.id, code, lang),
        )
    if not closed:
        st.button(
            t("room.teacher.hide_ranking" if room.ranking else "room.teacher.show_ranking", lang),
            key="room_ranking",
            icon=":material/leaderboard:",
            on_click=_teacher,
            args=(code, lang, show_ranking, not room.ranking),
        )
        if room.question is not None and room.question.activity != "bot":
            versus.start_button(code, lang, _teacher)
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
        header = [
            t(f"room.sheet.{column}", lang)
            for column in ("nickname", "question", "answer", "right")
        ]
        st.download_button(
            t("room.teacher.download", lang),
            answer_sheet(
                room,
                seen.pupils,
                seen.answers,
                header,
                lambda question, option: asked(question).option(option, lang),
            ),
            file_name=f"room-{room.code}.csv",
            mime="text/csv",
            key="room_download",
            icon=":material/download:",
        )
    control = frame.address("room", {"room": code, "control": token})
    st.caption(t("room.teacher.control_help", lang))
    # the link is written into the page for the button to copy, never drawn on the screen
    st.html(
        f'<button class="pk-copy" type="button" data-link="{escape(control)}" '
        f'data-done="{escape(t("room.teacher.control_copied", lang))}">'
        f"{escape(t('room.teacher.control_copy', lang))}</button>{COPY_JS}",
        unsafe_allow_javascript=True,
    )


COPY_JS: Final = """<script>
if (!window.pkCopy) {
  window.pkCopy = true;
  document.addEventListener("click", (event) => {
    const button = event.composedPath().find((e) => e.matches?.("button.pk-copy"));
    if (button === undefined) return;
    const link = button.dataset.link;
    const done = () => { button.textContent = button.dataset.done; };
    const byHand = () => {
      const area = document.createElement("textarea");
      area.value = link;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (copied) done();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(done, byHand);
    } else {
      byHand();
    }
  });
}
</script>"""
"""*Copy the control link*: Streamlit takes a button's `onclick` out of the page's HTML, so one
listener of the whole page, installed once per tab, copies the link of whichever copy button is
clicked. The clipboard API needs a secure page (https, or the laptop's own localhost); a board
opened at the laptop's network address (http) copies by the browser's older "copy" command."""


def _close(code: str, lang: Lang) -> None:
    """Close the room, the teacher having confirmed it."""
    st.session_state.pop(CLOSING_KEY, None)
    _teacher(code, lang, close_room, live.now())


def _remove(id: str, code: str, lang: Lang) -> None:
    """Take the chosen pupil out of the room, after checking the teacher's token."""
    st.session_state.pop(REFUSED_KEY, None)
    pupil = st.session_state.get(REMOVE_PICK)
    try:
        live.change(code, lambda room: room)  # the teacher's token checked before any removal
        if pupil:
            from pickomino.ui.storage import store

            store().remove_pupil(id, pupil)
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = live.refusal(error, lang)


def no_room(lang: Lang) -> None:
    """The page without a room: what a room is for, and a button to open one."""
    st.markdown(t("room.intro", lang))
    if st.button(
        t("room.teacher.open", lang), key="room_open", type="primary", icon=":material/groups:"
    ):
        try:
            code = live.open_new(lang)
        except (RoomError, StoreError) as error:
            st.error(live.refusal(error, lang), icon=":material/error:")
            return
        st.query_params["room"] = code
        st.rerun()


def ask_button(table: Table, lang: Lang) -> None:
    """The sandbox's "ask the class": this table's decision put to the teacher's room.

    Opens a room on the first press (or when the last one closed), then shows it on the board.
    """
    if not st.button(t("room.teacher.ask", lang), key="room_ask_table", icon=":material/groups:"):
        return
    try:
        code = live.current()
        if code is None or _closed(code):
            code = live.open_new(lang)
        live.change(code, lambda room: ask_decision(room, table, live.now()))
    except (RoomError, StoreError) as error:
        st.error(live.refusal(error, lang), icon=":material/error:")
        return
    st.switch_page(PAGE, query_params={"room": code, "lang": lang})


def quiz_button(setup: Setup, lang: Lang) -> None:
    """The class quiz's "play it live": the quiz put to the teacher's room, a question at a time."""
    if not st.button(t("room.teacher.quiz", lang), key="room_ask_quiz", icon=":material/groups:"):
        return
    try:
        code = live.current()
        if code is None or _closed(code):
            code = live.open_new(lang)
        live.change(code, lambda room: _quiz_question(room, setup.code, 0))
    except (RoomError, StoreError) as error:
        st.error(live.refusal(error, lang), icon=":material/error:")
        return
    st.switch_page(PAGE, query_params={"room": code, "lang": lang})


def _quiz_question(room: Room, code: str, index: int) -> Room:
    """The room with question `index` of quiz `code` asked."""
    found = quiz(read_quiz(code))[index]
    return ask_quiz(room, code, index, found.table, len(found.choices), found.answer, live.now())


def _closed(code: str) -> bool:
    """Whether the teacher's last room takes no more questions: closed, or its record gone."""
    try:
        return live.load(live.find(code)).closed()
    except (RoomError, UnknownDocument):
        return True
