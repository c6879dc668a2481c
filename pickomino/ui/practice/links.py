"""The sandbox of a run, read from the store, a link, the session or a fresh table; and links.

The session's `Sandbox` is kept in the store (`pickomino.store`, a "sandbox" document whose id the
address holds as `?box=`), written after every change, so a reload, Back and Forward or a tab
reopened from the history finds the table and its Undo and Redo again. The address stays the same
during play (`?box=` and the settings that travel with the table: presentation mode, the expert,
the seed, the tip the link named): the browser adds a history entry for every change of it, and
rewriting the table after every click left Back a hundred presses from the page before. The link
that holds the table itself, which outlives any store, is made on request (`share_link`). The links
other pages draw open a situation in the sandbox (or a table in the explorer) in the reader's
language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import streamlit as st

from pickomino.echo import echoed
from pickomino.game import Step, Table
from pickomino.i18n import Lang, t
from pickomino.lessons.faq import question_of
from pickomino.lessons.tips import TIPS
from pickomino.sandbox import Sandbox
from pickomino.scenario import ScenarioError
from pickomino.share import SEED_HIGH, decode_table, encode_table, read_scenario, read_seed
from pickomino.store import StoreError, UnknownDocument, VersionConflict
from pickomino.ui import frame, show, storage
from pickomino.ui.practice.state import (
    BOTS,
    BOX,
    EXPLORER,
    HIDE,
    LINK,
    LINK_VISIT,
    LINKED,
    ORIGIN,
    PAGE,
    PRESENT,
    SEED,
    STORED,
    WRITTEN,
    bots,
    fresh_table,
    hidden,
    present,
    seed,
)

PARAMS: Final = ("table", "scenario", "tip", "present", "hide", "bots", "seed", "lang")
"""The URL parameters of a shared link, in the order it writes them."""
SWITCHES: Final = {"present": PRESENT, "hide": HIDE, "bots": BOTS}
"""The on/off settings a link can set (`1` on, `0` off), and each one's widget's session key."""


@dataclass(frozen=True)
class Origin:
    """What the link that opened the table was about: a FAQ question (and its case) or a tip.

    `start` is the first step of the history the link opened, compared by identity: a new table can
    be equal to it (`faq-one-value` starts from a new game) but is never that same object, while
    undo, redo and every move keep it. `answer` holds the scenario's steps after it.
    """

    kind: Literal["faq", "tip"]
    name: str
    case: str
    start: Step
    answer: tuple[Step, ...] = ()


def from_link(table: str | None, scenario: str | None) -> Sandbox:
    """The sandbox a link opens; a scenario opens at its moment, its later moves ready to redo."""
    if table is not None:
        return Sandbox.start(decode_table(table), seed())
    assert scenario is not None
    return Sandbox.replaying(read_scenario(scenario), seed())


def _link() -> tuple[str | None, str | None]:
    """The (table, scenario) values of the URL."""
    return st.query_params.get("table"), st.query_params.get("scenario")


def settle(lang: Lang) -> tuple[Sandbox, list[str]]:
    """The sandbox of this run: stored, from a link just opened, the session's, or a fresh table.

    The address is read once, on the first run of a visit to the page (the reader arriving with
    it). Every later run of the visit answers a click, whose address can lag behind the table the
    last click left: taken for a new link, it threw away the history (a double click on Redo sent a
    prepared example back to its start with nothing to undo). The settings a link carries are read
    at the same moment, for the same reason: a lagging address would switch them back. A stored
    history (`?box=`) comes first; when it cannot be read, the table of the address's link, if it
    has one, else the session's or a fresh one. The sandbox is then stored if it changed.

    Returns alongside what the address asked and could not have, and what the store refused, in
    the reader's words (`frame.refused`).
    """
    link = _link()
    box: Sandbox | None = st.session_state.get(BOX)
    refusals = []
    arriving = frame.arriving(LINK_VISIT)
    settings = _read_settings(lang) if arriving else []  # first: the seed rolls the link's dice
    stored = st.query_params.get("box")
    held: storage.Held | None = st.session_state.get(STORED)
    restored = refused = False
    if arriving and stored is not None and (held is None or held[0] != stored):
        try:
            box = _restore(stored)
        except StoreError as error:
            refusals.append(storage.refusal(error, "sandbox.saved", lang))
        else:
            restored = True
            if read_seed(st.query_params.get("seed") or "") is None:  # rolls go on from its seed
                st.session_state[SEED] = box.seed
            st.session_state[LINK] = link  # the history holds that link's table and the moves since
            st.session_state.pop(LINKED, None)
            _recall_origin(box, link)
    if arriving and not restored and link != (None, None) and link != st.session_state.get(LINK):
        try:
            box = from_link(*link)
        except ScenarioError as error:
            reason = show.scenario_refusal(error, lang)
            refusals.append(t("sandbox.link_refused", lang, reason=reason))
            box = Sandbox.start(fresh_table(), seed())
            for key in (LINKED, ORIGIN):
                st.session_state.pop(key, None)
            refused = True
        else:
            st.session_state[LINK] = link
            st.session_state[LINKED] = box
            _remember_origin(box, link[1])
        # another history from here: stored under a new id at its first change, not over the old
        st.session_state.pop(STORED, None)
        st.session_state[WRITTEN] = box
    refusals += settings
    if box is None:
        box = st.session_state[WRITTEN] = Sandbox.start(fresh_table(), seed())
    elif arriving and box.seed != seed():  # the link set another seed for the table kept
        box = box.reseed(seed())
    box, saved = _save(box, lang)
    st.session_state[BOX] = box
    publish(box, refused)
    return box, refusals + saved


def _restore(stored: str) -> Sandbox:
    """The sandbox stored under `stored`, now the one this session writes to.

    StoreError when the document cannot be read; UnknownDocument too when what it holds is not a
    sandbox the rules accept (every table and move is checked, as a link's).
    """
    document = storage.store().read("sandbox", stored)
    try:
        box = Sandbox.from_data(document.data)
    except (ScenarioError, ValueError):
        raise UnknownDocument("sandbox", stored) from None
    st.session_state[STORED] = (document.id, document.version)
    st.session_state[WRITTEN] = box
    return box


def _save(box: Sandbox, lang: Lang) -> tuple[Sandbox, list[str]]:
    """Store the sandbox if it changed since last written or read; what the store refused.

    The document is created on the first change, so a visit that only looks stores nothing. When
    another tab wrote first, what is stored is shown instead (not a mix of both), and said; when
    the store refuses, the session keeps the history, and the page says a reload would lose it.
    """
    if box == st.session_state.get(WRITTEN):
        return box, []
    held: storage.Held | None = st.session_state.get(STORED)
    st.session_state[WRITTEN] = box  # a refused write is said once, not tried again every run
    try:
        st.session_state[STORED] = storage.write("sandbox", held, box.to_data())
    except VersionConflict:
        assert held is not None
        try:
            return _restore(held[0]), [t("sandbox.saved.conflict", lang)]
        except StoreError as error:
            return box, [storage.refusal(error, "sandbox.saved", lang)]
    except StoreError as error:
        return box, [storage.refusal(error, "sandbox.saved", lang)]
    return box, []


def _read_settings(lang: Lang) -> list[str]:
    """Set the link's settings (presentation mode, hidden odds, the expert, the seed), each checked.

    A value that cannot be read changes nothing and is refused by name; the URL is then corrected
    by `publish`.
    """
    refusals = []
    for param, key in SWITCHES.items():
        value = st.query_params.get(param)
        if value in ("0", "1"):
            st.session_state[key] = value == "1"
        elif value is not None:
            refusals.append(t(f"sandbox.link_setting.{param}", lang, value=echoed(value)))
    value = st.query_params.get("seed")
    linked_seed = None if value is None else read_seed(value)
    if linked_seed is not None:
        st.session_state[SEED] = linked_seed
    elif value is not None:
        refusals.append(t("sandbox.link_setting.seed", lang, value=echoed(value), high=SEED_HIGH))
    return refusals


def _remember_origin(box: Sandbox, scenario: str | None, opened: Sandbox | None = None) -> None:
    """Remember the FAQ question or the tip a link names, forgetting any earlier one.

    `opened` is the sandbox the link itself opens, when `box` is a stored history that began with
    it (a reload): the answer's moves come from the link, and the origin follows the stored
    history's first step, as it follows the link's own. A tip unknown to `TIPS` is not remembered,
    so it names nothing and leaves the URL.
    """
    opened = box if opened is None else opened
    question = question_of(scenario) if scenario is not None else None
    tip = st.query_params.get("tip")
    if question is not None:
        assert scenario is not None
        origin = Origin("faq", question, scenario, box.history[0], opened.history[1:])
        st.session_state[ORIGIN] = origin
    elif tip in TIPS:
        st.session_state[ORIGIN] = Origin("tip", tip, "", box.history[0])
    else:
        st.session_state.pop(ORIGIN, None)


def _recall_origin(box: Sandbox, link: tuple[str | None, str | None]) -> None:
    """After a reload, the question or tip of the link the stored history began with.

    The address keeps the link beside `?box=`; its banner comes back only while the stored history
    still begins with the link's own steps up to its moment (a new table made since is no longer
    the question's, even one equal to its first).
    """
    try:
        opened = None if link == (None, None) else from_link(*link)
    except ScenarioError:
        opened = None
    moment = 0 if opened is None else opened.position + 1
    if opened is None or box.history[:moment] != opened.history[:moment]:
        st.session_state.pop(ORIGIN, None)
        return
    _remember_origin(box, link[1], opened)


def origin(box: Sandbox) -> Origin | None:
    """The question or tip the table came from, until the learner makes a new table.

    Forgotten for good then: a new table (or game) starts another history, whatever it shows.
    """
    found: Origin | None = st.session_state.get(ORIGIN)
    if found is not None and box.history[0] is not found.start:
        del st.session_state[ORIGIN]
        return None
    return found


def banner(box: Sandbox, lang: Lang) -> None:
    """Above the table, the FAQ question or the tip the link opened, so the learner knows why."""
    found = origin(box)
    if found is None:
        return
    if found.kind == "faq":
        question = t(f"faq.q_{found.name}", lang)
        text = t(
            "sandbox.from_faq", lang, question=question, case=t(f"faq.case.{found.case}", lang)
        )
        st.info(text, icon=":material/help:")
    else:
        st.info(
            t("sandbox.from_tip", lang, tip=t(f"tips.{found.name}", lang)),
            icon=":material/lightbulb:",
        )


def redo_label(box: Sandbox, lang: Lang) -> str:
    """'Replay the answer' while the table is on a FAQ answer's own moves, else 'Redo'.

    Once the learner plays a move of their own, what Redo brings back is theirs, not the answer.
    """
    found = origin(box)
    on_answer = found is not None and bool(found.answer) and box.history[1:] == found.answer
    return t("sandbox.replay" if on_answer else "sandbox.redo", lang)


def _travelling(box: Sandbox) -> dict[str, str | None]:
    """The URL parameters that travel with the table: None for one the URL should not hold.

    The seed always travels, since every roll not typed by a teacher is drawn from it: a class
    opening the same link rolls the same dice.
    """
    found = origin(box)
    return {
        "tip": found.name if found is not None and found.kind == "tip" else None,
        "present": "1" if present() else None,
        "hide": "1" if hidden() else None,
        "bots": "1" if bots() else None,
        "seed": str(seed()),
    }


def publish(box: Sandbox, refused: bool = False) -> None:
    """Put the stored history's id and the settings that travel with the table in the URL.

    The table itself is not written: the address stays the same while the learner plays, so Back
    leaves the page (see the module's docstring); `share_link` holds the table. Until the first
    change is stored, only the settings the address came with are written (corrected if refused):
    the id and the settings then go in together, one history entry for Back to step over, and
    the page's own entry before it, not three. A link `refused` leaves the URL in the same step.
    """
    held: storage.Held | None = st.session_state.get(STORED)
    wanted = {"box": None if held is None else held[0], **_travelling(box)}
    if held is None:
        wanted = {key: value for key, value in wanted.items() if key in st.query_params}
    if refused:
        wanted.update(table=None, scenario=None)
    frame.publish(wanted)


def share_link(box: Sandbox, *, hide: bool | None = None) -> str:
    """The address that opens this table with its settings, in this language, with no store.

    The table travels in the link itself, so a copy handed to a class opens it on any server, even
    one that lost its store; an example untouched since its link opened is shared by that link's
    own values (a FAQ situation by name, its answer ready to replay). `hide` sets the odds hidden
    or shown in the link, whatever the page shows: the Share panel offers both. The page's own
    address when Streamlit knows it, else the query alone.
    """
    table, scenario = st.session_state.get(LINK, (None, None))
    untouched = box == st.session_state.get(LINKED)
    wanted = {
        "table": table if untouched else encode_table(box.table),
        "scenario": scenario if untouched else None,
        **_travelling(box),
        "lang": st.query_params.get("lang"),
    }
    if hide is not None:
        wanted["hide"] = "1" if hide else None
    return frame.page_address({key: value for key in PARAMS if (value := wanted.get(key))})


def share(box: Sandbox, lang: Lang) -> None:
    """The links to this table, ready to copy: as shown, and with the odds hidden (or shown).

    A teacher preparing a lesson wants the class to answer before the odds show (`?hide=1`): that
    link is offered beside the one that opens the table as it is, rather than left for the teacher
    to find in the address. While the odds are hidden, the other link shows them.
    """
    st.caption(t("sandbox.share_help", lang))
    st.code(share_link(box), language=None, wrap_lines=True)
    other = not hidden()
    st.caption(t("sandbox.share_hidden" if other else "sandbox.share_shown", lang))
    st.code(share_link(box, hide=other), language=None, wrap_lines=True)


def link(
    label: str, lang: Lang, *, scenario: str = "", table: Table | None = None, tip: str = ""
) -> None:
    """A link that opens a situation in the sandbox, in this language: a named one or a table.

    `tip` names the tip the table illustrates, for the sandbox to say so above it.
    """
    params = {"table": encode_table(table)} if table is not None else {"scenario": scenario}
    if tip:
        params["tip"] = tip
    st.page_link(PAGE, label=label, icon=":material/casino:", query_params={**params, "lang": lang})


def explore_link(table: Table, lang: Lang) -> None:
    """A link that opens this table in the odds explorer, for its charts, in this language."""
    st.page_link(
        EXPLORER,
        label=t("sandbox.explore", lang),
        icon=":material/monitoring:",
        query_params={"table": encode_table(table), "lang": lang},
    )
