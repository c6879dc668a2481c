"""The projector's side of a room: the code to join, the question, the count, the reveal.

What the class sees is drawn for everyone who opens the room's address while it is open; the
teacher's buttons, the nicknames and the answer sheet only for a session whose token the room
takes (`live.teacher_of`), a token that never shows on this page or in its address. A fragment
polls the room's pulse, so the count of answers moves as the phones tap, without a reload.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Final

import segno
import streamlit as st

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
from pickomino.ui.quiz_view import quiz
from pickomino.ui.room import live, versus
from pickomino.ui.room.asked import Asked, asked, draw_table, explanation, waiting

PAGE: Final = "app_pages/room.py"
CONTROL_VISIT: Final = "room_control_visit"
REFUSED_KEY: Final = "room_refused"
REMOVE_PICK: Final = "room_remove_pick"
TIMER_SECONDS: Final = 30


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


ROOM_CSS: Final = """<style>
.pk-room-code { font-size: 4rem; font-weight: 700; letter-spacing: 0.08em; margin: 0; }
.pk-qr { width: 100%; max-width: 16rem; height: auto; }
</style>"""
"""The code big enough to read from the back of a classroom; the QR code as wide as its column."""


def join_box(code: str, lang: Lang) -> None:
    """How to join, big enough to read from the back of the class: the code, the link, the QR.

    The link is one the pupils' phones can open (`live.reach`), said under the QR code, with a
    warning when there is none; it carries no language, so each phone opens in its own.
    """
    reach = live.reach()
    link = reach.link("join", {"room": code})
    words, picture = st.columns([3, 2], vertical_alignment="center")
    with words:
        st.markdown(t("room.board.join", lang))
        show.html(f'{ROOM_CSS}<p class="pk-room-code">{code[:4]}&nbsp;{code[4:]}</p>')
        st.code(link, language=None, wrap_lines=True)
    with picture:
        svg = base64.b64encode(qr_svg(link).encode()).decode()
        show.html(
            f'<img class="pk-qr" alt="{t("room.board.qr_label", lang)}" '
            f'src="data:image/svg+xml;base64,{svg}">'
        )
        if reach.reachable:
            st.caption(t(f"room.address.{reach.source}", lang))
    if reach.bad_setting:
        st.error(
            t("room.address.bad_setting", lang, setting=live.PUBLIC_SETTING),
            icon=":material/link_off:",
        )
    if not reach.reachable:
        st.warning(
            t("room.address.loopback", lang, setting=live.PUBLIC_SETTING),
            icon=":material/wifi_off:",
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
    join_box(code, lang)
    pace = live.pace(seen.id, live.BOARD_POLL_SECONDS)
    st.fragment(_live, run_every=pace)(seen.id, code, token, lang, pace)


def _live(id: str, code: str, teacher: str | None, lang: Lang, pace: float | None) -> None:
    """The board's part that polls the room every `pace` seconds (None: the room is closed).

    `teacher`: the teacher's token, checked against the room, or None for the class's view.
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
    seated = seen.seated()
    st.markdown(tn("room.board.pupils", len(seated), lang, high=MAX_PUPILS))
    if closed:
        st.info(t("room.board.closed", lang, days=KEPT_AFTER.days), icon=":material/door_front:")
    question = room.question
    if question is None:
        waiting(lang)
    elif question.activity == "bot" and not versus.told(room, live.now()):
        versus.tell(room, lang, live.now())
    elif question.activity == "bot" and versus.over(room):
        versus.final(room, lang)
    else:
        found = asked(question)
        _question(seen, found, lang)
    if room.ranking:
        _ranking(seen, lang)
    if teacher is not None:
        _controls(seen, code, teacher, closed, lang)


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


def _question(seen: live.Seen, found: Asked, lang: Lang) -> None:
    """The question, the count of answers, then (when the teacher says) the votes and odds."""
    question = found.question
    answers = seen.of_question(question.number)
    quizzed = question.quiz
    number = place(seen.room, question)
    heading = (
        t("quiz.page.question", lang, n=number, count=read_quiz(quizzed[0]).count)
        if quizzed
        else t("room.board.question", lang, n=number)
    )
    st.header(heading, anchor=False)
    if question.activity == "bot":
        versus.status(seen.room, lang)
    st.markdown(f"**{found.prompt(lang)}**")
    draw_table(found, lang)
    count = len(answers)
    status = "open" if question.taking(live.now()) else "closed"
    st.markdown(tn(f"room.board.answered_{status}", count, lang, pupils=len(seen.seated())))
    if question.deadline is not None and question.taking(live.now()):
        left = max(0, round(question.deadline - live.now()))
        st.caption(t("room.board.timer", lang, seconds=left))
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


def _controls(seen: live.Seen, code: str, token: str, closed: bool, lang: Lang) -> None:
    """The teacher's buttons; pressed, each changes the stored room (`live.change`).

    Drawn only for the holder of the room's teacher `token`: the nicknames to remove and the
    answer sheet are here, never on the class's board.
    """
    room = seen.room
    question = room.question
    st.subheader(t("room.teacher.title", lang), anchor=False)
    if not closed and question is not None:
        show_it, close_it, timer, reveal_it = st.columns(4)
        show_it.button(
            t("room.teacher.hide" if question.shown else "room.teacher.show", lang),
            key="room_show",
            icon=":material/bar_chart:",
            on_click=_teacher,
            args=(code, lang, show_distribution, not question.shown),
            disabled=question.revealed,
        )
        close_it.button(
            t("room.teacher.close_question", lang),
            key="room_close_question",
            icon=":material/block:",
            on_click=_teacher,
            args=(code, lang, close_question),
            disabled=not question.open,
        )
        timer.button(
            t(
                "room.teacher.timer_play" if question.activity == "bot" else "room.teacher.timer",
                lang,
                seconds=TIMER_SECONDS,
            ),
            key="room_timer",
            icon=":material/timer:",
            on_click=_teacher,
            args=(code, lang, set_timer, TIMER_SECONDS, live.now()),
            disabled=not question.open or question.deadline is not None,
        )
        reveal_it.button(
            t("room.teacher.reveal", lang),
            key="room_reveal",
            type="primary",
            icon=":material/visibility:",
            on_click=_teacher,
            args=(code, lang, reveal),
            disabled=question.revealed,
        )
    if question is not None and question.activity == "bot" and not closed:
        found = asked(question)
        versus.controls(room, found, seen.of_question(question.number), code, lang, _teacher)
    elif not closed:
        versus.start_button(code, lang, _teacher)
    if question is not None and question.quiz is not None and not closed:
        following = next_in_quiz(room, read_quiz(question.quiz[0]).count)
        if following is not None:
            st.button(
                t("room.teacher.next", lang),
                key="room_next",
                type="primary" if question.revealed else "secondary",
                icon=":material/arrow_forward:",
                on_click=_teacher,
                args=(code, lang, _quiz_question, question.quiz[0], following),
            )
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
        st.button(
            t("room.teacher.close_room", lang),
            key="room_close",
            icon=":material/door_front:",
            on_click=_teacher,
            args=(code, lang, close_room, live.now()),
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
    control = live.address("room", {"room": code, "control": token})
    st.caption(t("room.teacher.control_help", lang))
    # the link is written into the page for the button to copy, never drawn on the screen
    st.html(
        f"<button class='pk-copy' type='button' data-link='{control}' "
        "onclick='navigator.clipboard.writeText(this.dataset.link)'>"
        f"{echoed(t('room.teacher.control_copy', lang))}</button>",
        unsafe_allow_javascript=True,
    )


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
