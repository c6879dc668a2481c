"""The pupil's side of a room: the join form, then a light page to answer on.

A pupil's phone may be cheap and its connection poor, so the page is a few elements: the
question, a small table and a big button per option, drawn by a fragment that a tap reruns alone;
another, drawing nothing, polls the room and runs the page again only when what the phone shows
changed (`phone`). The pupil's token is in the page's address
(`?pupil=`), so a reload or a lost connection comes back as the same pupil, and it is the only
thing that lets anyone answer in this pupil's name.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from pickomino.activities.classroom import Phone
from pickomino.activities.classroom.room import refusal
from pickomino.i18n import Lang, t
from pickomino.rooms import RoomError
from pickomino.store import StoreError
from pickomino.ui import devices, frame, pulse
from pickomino.ui.room import live, tables
from pickomino.ui.room.asked import draw_table, waiting

CODE_INPUT: Final = "join_code"
NAME_INPUT: Final = "join_name"
REFUSED_KEY: Final = "join_refused"
ANSWER_REFUSED_KEY: Final = "room_answer_refused"
"""Why the pupil's last tap was refused, with the number of the question it was for."""
VISIT_KEY: Final = "join_visit"
PHONE_SCALE: Final = 0.6
"""The table on a phone: small, so the buttons stay in sight under it."""
OPTION_KEY: Final = "room_option_"
"""The start of every answer button's key (`room_option_<question>_<option>`)."""
DRAWN_KEY: Final = "room_phone_drawn"
"""What the phone's view drew last (`_seen`): its watcher runs the page again when it differs."""


def settle() -> tuple[str | None, str | None]:
    """The room code and the pupil's token from the address; the code fills the form once."""
    code = st.query_params.get("room")
    token = st.query_params.get("pupil")
    if frame.arriving(VISIT_KEY) and code and CODE_INPUT not in st.session_state:
        st.session_state[CODE_INPUT] = code
    return code, token


def _join(lang: Lang) -> None:
    """The form's button: seat the pupil (`PupilSeat.join`), then open the pupil's link."""
    st.session_state.pop(REFUSED_KEY, None)
    try:
        code, token = live.seat().join(
            st.session_state.get(CODE_INPUT, ""),
            st.session_state.get(NAME_INPUT, ""),
            live.wrong_codes(),
        )
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = refusal(error, lang)
        return
    # the pupil's page writes the cookie
    st.query_params.from_dict({"room": code, "pupil": token, "lang": lang})


def join_form(lang: Lang) -> None:
    """The code (typed, or filled from a scanned link) and a nickname."""
    st.markdown(t("room.join.intro", lang))
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    with st.form("join_form", border=False):
        st.text_input(t("room.join.code", lang), key=CODE_INPUT, max_chars=12)
        devices.nickname_input(NAME_INPUT, lang)
        st.form_submit_button(
            t("room.join.button", lang),
            type="primary",
            width="stretch",
            on_click=_join,
            args=(lang,),
        )


def _answer(id: str, token: str, number: int, option: int, lang: Lang) -> None:
    """A tap: the pupil's answer to the open question, changeable until the reveal.

    A refusal is said above the question it was for, and no longer once another is asked.
    """
    st.session_state.pop(ANSWER_REFUSED_KEY, None)
    try:
        live.seat().answer(id, token, number, option)
    except (RoomError, StoreError) as error:
        st.session_state[ANSWER_REFUSED_KEY] = (number, refusal(error, lang))


def enter(code: str, token: str, lang: Lang) -> tuple[str | None, list[str]]:
    """The id of the room a pupil's link opens, or None and why not (to show above the form).

    A link made up for a room answers as a wrong code does (`PupilSeat.enter`), and leaves the
    address, so the form under it joins afresh.
    """
    try:
        seen = live.seat().enter(code, token, live.wrong_codes())
    except (RoomError, StoreError) as error:
        if isinstance(error, RoomError) and error.code in ("unknown", "bad_code"):
            frame.publish({"pupil": None})
        return None, [refusal(error, lang)]
    return seen.id, []


def phone(id: str, token: str, lang: Lang) -> None:
    """The pupil's page in room `id`, redrawn by itself when what it shows changes.

    Two parts: the view, which a tap reruns alone, and a watcher that polls the room and draws
    nothing. Streamlit clears whatever a fragment's run does not draw again, so a poll that
    redrew the view cost a full fragment run a second, and one that skipped drawing blanked the
    phone; the watcher's run reads the pulse, words the phone (`PupilSeat.phone`) and compares,
    and only a phone that now shows something else runs the page again whole
    (`benchmarks/room_poll.py`).
    """
    seat = live.seat()
    pace = seat.pace(id, live.POLL_SECONDS)
    code = seat.seated(id, token)
    if code is not None:  # a link the room never seated marks nothing
        live.keep_seat(code, token)
    st.fragment(_view)(id, token, lang)
    if pace is not None and pulse.served():
        st.fragment(_watch)(id, token)
        st.html(pulse.poll(id, pace, seat.wakes(id)), unsafe_allow_javascript=True)
    elif pace is not None:
        st.fragment(_watch, run_every=pace)(id, token)
    devices.hold_taps(OPTION_KEY)


def _looked(id: str, token: str) -> tuple[Phone | RoomError | StoreError, tables.Mine]:
    """What pupil `token`'s phone shows of room `id` now, or why it cannot, and the pupil's table.

    The table counts as part of what the phone shows: a deal changes nothing else a phone shows,
    and without it the watcher would never draw the pupil's link to their table.
    """
    seat = live.seat()
    try:
        seen = seat.load(id)
        return seat.phone(seen, token), tables.mine(seen, token)
    except (RoomError, StoreError) as error:
        return error, None


def _watch(id: str, token: str) -> None:
    """The page's part that polls: the page runs again whole once its phone shows otherwise.

    Its hidden button is what the page's own poll of the pulse clicks (`pulse.poll`).
    """
    if pulse.served():
        st.button("", key=pulse.MOVED_KEY)
    now, table = _looked(id, token)
    if (_seen(now), table) != st.session_state.get(DRAWN_KEY):
        st.rerun(scope="app")


def _seen(looked: Phone | RoomError | StoreError) -> Phone | str:
    """What the view draws of `looked`, compared from one poll to the next.

    Two phones compare equal when they show the same (`Phone`); a room gone and a store at fault
    each draw one sentence whatever the error.
    """
    if isinstance(looked, RoomError):
        return "gone"
    return "unreachable" if isinstance(looked, StoreError) else looked


def _view(id: str, token: str, lang: Lang) -> None:
    """The pupil's view, its end mark last for the page's poll (`pulse.ran`): a tap reruns it."""
    _answering(id, token, lang)
    if pulse.served():
        pulse.ran()


def _answering(id: str, token: str, lang: Lang) -> None:
    """The pupil's view of the room: the question and its buttons, or why there is none."""
    looked, table = _looked(id, token)
    st.session_state[DRAWN_KEY] = (_seen(looked), table)
    if isinstance(looked, RoomError):  # its record is gone: closed for good
        st.info(t("room.phone.closed", lang), icon=":material/door_front:")
        return
    if isinstance(looked, StoreError):
        st.error(refusal(looked, lang), icon=":material/cloud_off:")
        return
    shown = looked
    if shown.screen in ("not_in", "removed"):
        st.error(t(f"room.phone.{shown.screen}", lang))
        return
    st.caption(shown.hello(lang))
    tables.phone_link(table, token, lang)
    refused = st.session_state.get(ANSWER_REFUSED_KEY)
    if refused and shown.number is not None and refused[0] == shown.number:
        st.error(refused[1], icon=":material/error:")
    if shown.screen == "closed":
        st.info(t("room.phone.closed", lang), icon=":material/door_front:")
        _own_score(shown, lang)
        return
    if shown.screen == "waiting":
        waiting(lang)
        return
    if shown.screen == "watch":
        st.info(t("room.phone.watch", lang), icon=":material/live_tv:")
        _own_score(shown, lang)
        return
    found = shown.found
    assert found is not None and shown.number is not None
    st.markdown(f"**{found.prompt(lang)}**")
    draw_table(found, lang, scale=PHONE_SCALE)
    for option in shown.options():
        st.button(
            shown.label(option, lang),
            key=f"{OPTION_KEY}{shown.number}_{option}",
            type="primary" if option == shown.mine else "secondary",
            icon=":material/check:" if option == shown.mine else None,
            width="stretch",
            disabled=not shown.taking,
            on_click=_answer,
            args=(id, token, shown.number, option, lang),
        )
    said = shown.after(lang)
    if said is not None:
        kind, text = said
        if kind == "verdict":
            st.markdown(text)
        elif kind == "stopped":
            st.info(text, icon=":material/block:")
        else:
            st.caption(text)
    _own_score(shown, lang)


def _own_score(shown: Phone, lang: Lang) -> None:
    """The pupil's own score, when there is one to give (`Phone.own_score`)."""
    score = shown.own_score(lang)
    if score:
        st.caption(score)
