"""The pupil's side of a room: the join form, then a light page to answer on.

A pupil's phone may be cheap and its connection poor, so the page is a few elements: the
question, a small table and a big button per option, redrawn by a fragment that polls the
room's pulse; a tap reruns only that fragment. The pupil's token is in the page's address
(`?pupil=`), so a reload or a lost connection comes back as the same pupil, and it is the only
thing that lets anyone answer in this pupil's name.
"""

from __future__ import annotations

import secrets
from typing import Final

import streamlit as st

from pickomino.echo import echoed
from pickomino.i18n import Lang, t
from pickomino.names import TYPED_CHARS
from pickomino.rooms import (
    JOINS_PER_MINUTE,
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
from pickomino.store import StoreError
from pickomino.ui import frame
from pickomino.ui.room import live
from pickomino.ui.room.asked import asked, draw_table, waiting
from pickomino.ui.storage import store

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
REJOINING: Final = "pk-rejoining"
"""The class the page wears from a lost connection until the new run has drawn the buttons."""

TAP_GUARD: Final = """<style>
.{rejoining} [class*="st-key-{option}"] button {{ pointer-events: none; opacity: 0.4; }}
[data-testid="stElementContainer"]:has([data-phone-run]) {{ display: none; }}
</style>
<span hidden data-phone-run="{run}"></span>
<script>
if (!window.pkTapGuard) {{
  window.pkTapGuard = true;
  const root = document.documentElement;
  const drawn = () => document.querySelector("[data-phone-run]")?.dataset.phoneRun ?? null;
  let before = null;
  new MutationObserver(() => {{
    const state = document.querySelector("[data-testid=stApp]")?.dataset.testConnectionState;
    if (state && state !== "CONNECTED") {{
      if (!root.classList.contains("{rejoining}")) before = drawn();
      root.classList.add("{rejoining}");
    }} else if (![null, before].includes(drawn())) {{
      root.classList.remove("{rejoining}");
    }}
  }}).observe(document, {{subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-test-connection-state", "data-phone-run"]}});
  document.addEventListener("click", (event) => {{
    if (root.classList.contains("{rejoining}")
        && event.target.closest('[class*="st-key-{option}"] button')) {{
      event.preventDefault();
      event.stopPropagation();
    }}
  }}, true);
}}
</script>"""
"""Keeps the answer buttons inactive after a lost connection until the page's new run has drawn
them, so no tap is lost in silence.

Streamlit makes its buttons active again the moment the page reconnects, but the page's first run
comes 0.1 to 1.6 s later; a restarted server does not know the old page's fragment until then,
and drops a tap on it without a word (a tap right after reconnecting was lost 3 times in 3).
As its fragment polls, Streamlit's page reruns whole on reconnecting; that run draws this element
after the fragment (so the server knows the fragment once the browser sees it) with a mark new on
every run. Until the page shows a mark other than the one it showed when the connection dropped,
the answer buttons are dimmed and take no tap or key. A page whose connection state Streamlit does
not say is never held."""


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
        seen = live.look_up(code, lambda seen: False, open_will_do=True)
        check_open(seen.room, seen.pulse.changed, live.now())
        token = _seat_again(seen, code)  # this browser's own seat, whatever nickname is typed
        if token is None:
            token = new_token()
            outcome = store().join_room(seen.id, pupil_id(token), name, JOINS_PER_MINUTE)
            if outcome != "joined":
                raise RoomError(outcome, f"the room refused the pupil: {outcome}")
    except (RoomError, StoreError) as error:
        st.session_state[REFUSED_KEY] = live.refusal(error, lang)
        return
    live.keep_seat(code, token, in_browser=False)  # the pupil's page writes the cookie
    st.query_params.from_dict({"room": code, "pupil": token, "lang": lang})


def _seat_again(seen: live.Seen, code: str) -> str | None:
    """The token of this browser's seat in the room, if it has one; RoomError if it was removed.

    One seat a browser: a pupil who closed the page and joins again comes back as themselves
    rather than as a second pupil, and a pupil the teacher removed stays out under any nickname.
    """
    token = live.seat_of(code)
    if token is None:
        return None
    me = pupil_id(token)
    pupil = next((pupil for pupil in seen.pupils if pupil.id == me), None)
    if pupil is not None and pupil.removed:
        raise RoomError("removed", "the teacher took this pupil out of the room")
    return token if pupil is not None else None


def join_form(lang: Lang) -> None:
    """The code (typed, or filled from a scanned link) and a nickname."""
    st.markdown(t("room.join.intro", lang))
    refused = st.session_state.get(REFUSED_KEY)
    if refused:
        st.error(refused, icon=":material/error:")
    with st.form("join_form", border=False):
        st.text_input(t("room.join.code", lang), key=CODE_INPUT, max_chars=12)
        st.text_input(  # Streamlit cuts a value to `max_chars`: past 20, refused (`nickname`)
            t("room.join.nickname", lang),
            key=NAME_INPUT,
            max_chars=TYPED_CHARS,
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
    """A tap: the pupil's answer to the open question, changeable until the reveal.

    A refusal is said above the question it was for, and no longer once another is asked.
    """
    st.session_state.pop(ANSWER_REFUSED_KEY, None)
    try:
        seen = live.load(id)
        check_answer(seen.room, question.number, option, live.now())
        if not store().answer(id, pupil_id(token), question.number, option):
            raise RoomError("question_closed", "this question takes no more answers")
    except (RoomError, StoreError) as error:
        st.session_state[ANSWER_REFUSED_KEY] = (question.number, live.refusal(error, lang))


def enter(code: str, token: str, lang: Lang) -> tuple[str | None, list[str]]:
    """The id of the room a pupil's link opens, or None and why not (to show above the form).

    The link's pupil must be one of the room's (`live.look_up`): a link made up for a room
    answers as a wrong code does, and leaves the address, so the form under it joins afresh.
    """
    try:
        me = pupil_id(token)
        seen = live.look_up(
            read_code(code),
            lambda seen: any(pupil.id == me for pupil in seen.pupils),
            open_will_do=False,
        )
    except (RoomError, StoreError) as error:
        if isinstance(error, RoomError) and error.code in ("unknown", "bad_code"):
            frame.publish({"pupil": None})
        return None, [live.refusal(error, lang)]
    return seen.id, []


def phone(id: str, token: str, lang: Lang) -> None:
    """The pupil's page in room `id`, redrawn by itself when the room changes."""
    pace = live.pace(id, live.POLL_SECONDS)
    _mark_seat(id, token)
    st.fragment(_live, run_every=pace)(id, token, lang, pace)
    st.html(
        TAP_GUARD.format(rejoining=REJOINING, option=OPTION_KEY, run=secrets.token_hex(6)),
        unsafe_allow_javascript=True,
    )


def _mark_seat(id: str, token: str) -> None:
    """Mark this browser with the pupil's seat (`live.keep_seat`), once the room knows the pupil.

    A link with a token the room never seated marks nothing: it cannot unmark a removed pupil.
    """
    try:
        seen = live.load(id)
    except StoreError:
        return  # the page says so; the mark waits for its next whole run
    if any(pupil.id == pupil_id(token) for pupil in seen.pupils):
        live.keep_seat(seen.room.code, token, in_browser=True)


def _live(id: str, token: str, lang: Lang, pace: float | None) -> None:
    """The page's part that polls the room every `pace` seconds (None: the room is closed)."""
    try:
        seen = live.load(id)
    except RoomError:  # its record is gone: closed for good
        st.info(t("room.phone.closed", lang), icon=":material/door_front:")
        live.stop_polling(pace)
        return
    except StoreError as error:
        st.error(live.refusal(error, lang), icon=":material/cloud_off:")
        return
    me = pupil_id(token)
    pupil = next((pupil for pupil in seen.pupils if pupil.id == me), None)
    if pupil is None or pupil.removed:
        st.error(t("room.phone.not_in" if pupil is None else "room.phone.removed", lang))
        return
    st.caption(t("room.phone.hello", lang, name=echoed(pupil.nickname), code=seen.room.code))
    question = seen.room.question
    refused = st.session_state.get(ANSWER_REFUSED_KEY)
    if refused and question is not None and refused[0] == question.number:
        st.error(refused[1], icon=":material/error:")
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
            key=f"{OPTION_KEY}{question.number}_{option}",
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
    elif not taking:  # said whatever the pupil chose: a tap on a greyed button sends nothing
        stopped = (
            t("room.phone.closed_question", lang)
            if mine is None
            else t("room.phone.stopped", lang, option=found.option(mine, lang))
        )
        st.info(stopped, icon=":material/block:")
    elif mine is not None:
        st.caption(t("room.phone.answered", lang))
    _own_score(seen, pupil, lang)


def _own_score(seen: live.Seen, pupil: Pupil, lang: Lang) -> None:
    """The pupil's own score over the revealed questions they met (`rooms.own_score`).

    Never the others'; nothing before one of them is revealed; final once the room is closed.
    """
    right, met = own_score(seen.room, pupil, seen.answers)
    if met:
        key = "room.phone.final_score" if seen.closed() else "room.phone.score"
        st.caption(t(key, lang, right=right, asked=met))
