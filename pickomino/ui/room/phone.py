"""The pupil's side of a room: the join form, then a light page to answer on.

A pupil's phone may be cheap and its connection poor, so the page is a few elements: the
question, a small table and a big button per option, redrawn by a fragment that polls the
room's pulse; a tap reruns only that fragment. The pupil's token is in the page's address
(`?pupil=`), so a reload or a lost connection comes back as the same pupil, and it is the only
thing that lets anyone answer in this pupil's name.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.rooms import (
    Pupil,
    Question,
    RoomError,
    check_answer,
    check_open,
    new_token,
    nickname,
    own_score,
    pupil_id,
    read_code,
)
from pickomino.store import StoreError, UnknownDocument
from pickomino.ui import frame
from pickomino.ui.room import live
from pickomino.ui.room.asked import asked, draw_table, waiting
from pickomino.ui.storage import store

CODE_INPUT: Final = "join_code"
NAME_INPUT: Final = "join_name"
REFUSED_KEY: Final = "join_refused"
VISIT_KEY: Final = "join_visit"
PHONE_SCALE: Final = 0.6
"""The table on a phone: small, so the buttons stay in sight under it."""


def settle() -> tuple[str | None, str | None]:
    """The room code and the pupil's token from the address; the code fills the form once."""
    code = st.query_params.get("room")
    token = st.query_params.get("pupil")
    if frame.arriving(VISIT_KEY) and code and CODE_INPUT not in st.session_state:
        st.session_state[CODE_INPUT] = code
    return code, token


def _join(lang: Lang) -> None:
    """The form's button: check the code and the nickname, seat the pupil, give them a token."""
    st.session_state.pop(REFUSED_KEY, None)
    try:
        code = read_code(st.session_state.get(CODE_INPUT, ""))
        name = nickname(st.session_state.get(NAME_INPUT, ""))
        limit = live.wrong_codes()
        limit.check(live.now())
        try:
            id = live.find(code)
        except UnknownDocument:
            limit.wrong(live.now())
            raise RoomError("unknown", "no room has this code") from None
        seen = live.load(id)
        check_open(seen.room, seen.pulse.changed, live.now())
        token = new_token()
        outcome = store().join_room(id, pupil_id(token), name)
        if outcome != "joined":
            raise RoomError(outcome, f"the room refused the pupil: {outcome}")
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = live.refusal(error, lang)
        return
    st.query_params.from_dict({"room": code, "pupil": token, "lang": lang})


def join_form(lang: Lang) -> None:
    """The code (typed, or filled from a scanned link) and a nickname."""
    st.markdown(t("room.join.intro", lang))
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    with st.form("join_form", border=False):
        st.text_input(t("room.join.code", lang), key=CODE_INPUT, max_chars=12)
        st.text_input(
            t("room.join.nickname", lang),
            key=NAME_INPUT,
            max_chars=20,
            help=t("room.join.nickname_help", lang),
        )
        st.form_submit_button(
            t("room.join.button", lang),
            type="primary",
            width="stretch",
            on_click=_join,
            args=(lang,),
        )


def _answer(id: str, token: str, question: Question, option: int, lang: Lang) -> None:
    """A tap: the pupil's answer to the open question, changeable until the reveal."""
    st.session_state.pop(REFUSED_KEY, None)
    try:
        seen = live.load(id)
        check_answer(seen.room, question.number, option, live.now())
        if not store().answer(id, pupil_id(token), question.number, option):
            raise RoomError("question_closed", "this question takes no more answers")
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = live.refusal(error, lang)


def phone(code: str, token: str, lang: Lang) -> None:
    """The pupil's page in a room, redrawn by itself when the room changes."""
    try:
        id = live.find(read_code(code))
    except (RoomError, StoreError):
        st.error(t("room.refused.unknown", lang), icon=":material/error:")
        return
    pace = live.pace(id, live.POLL_SECONDS)
    st.fragment(_live, run_every=pace)(id, token, lang, pace)


def _live(id: str, token: str, lang: Lang, pace: float | None) -> None:
    """The page's part that polls the room every `pace` seconds (None: the room is closed)."""
    try:
        seen = live.load(id)
    except StoreError as error:
        st.error(live.refusal(error, lang), icon=":material/cloud_off:")
        return
    me = pupil_id(token)
    pupil = next((pupil for pupil in seen.pupils if pupil.id == me), None)
    if pupil is None or pupil.removed:
        st.error(t("room.phone.not_in" if pupil is None else "room.phone.removed", lang))
        return
    st.caption(t("room.phone.hello", lang, name=echoed(pupil.nickname), code=seen.room.code))
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    question = seen.room.question
    if seen.closed():
        live.stop_polling(pace)
        st.info(t("room.phone.closed", lang), icon=":material/door_front:")
        _own_score(seen, pupil, lang)
        return
    if question is None:
        waiting(lang)
        return
    if not question.told(live.now()):
        st.info(t("room.phone.watch", lang), icon=":material/live_tv:")
        _own_score(seen, pupil, lang)
        return
    found = asked(question)
    mine = seen.of_question(question.number).get(me)
    taking = question.taking(live.now())
    st.markdown(f"**{found.prompt(lang)}**")
    draw_table(found, lang, scale=PHONE_SCALE)
    for option in range(question.options):
        label = found.option(option, lang)
        if question.revealed and option == question.right:
            label = t("room.phone.best", lang, option=label)
        st.button(
            label,
            key=f"room_option_{question.number}_{option}",
            type="primary" if option == mine else "secondary",
            icon=":material/check:" if option == mine else None,
            width="stretch",
            disabled=not taking,
            on_click=_answer,
            args=(id, token, question, option, lang),
        )
    if question.revealed:
        right = mine == question.right
        key = (
            "room.phone.none"
            if mine is None
            else ("room.phone.right" if right else "room.phone.wrong")
        )
        st.markdown(t(key, lang))
    elif mine is not None:
        st.caption(t("room.phone.answered", lang))
    elif not taking:
        st.caption(t("room.phone.closed_question", lang))
    _own_score(seen, pupil, lang)


def _own_score(seen: live.Seen, pupil: Pupil, lang: Lang) -> None:
    """The pupil's own score over the revealed questions they met (`rooms.own_score`).

    Never the others'; nothing before one of them is revealed.
    """
    right, met = own_score(seen.room, pupil, seen.answers)
    if met:
        st.caption(t("room.phone.score", lang, right=right, asked=met))
