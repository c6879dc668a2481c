"""The sandbox of a run, read from a link, the session or a fresh table; and links to a table.

The URL and the session's `Sandbox` are kept in step here: a link the reader opened replaces the
table, every run writes the table shown back to `?table=` (with the settings that travel with it:
presentation mode, the expert, the seed, the tip the link named), and the links other pages draw
open a situation in the sandbox (or a table in the explorer) in the reader's language.
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
from pickomino.ui import frame, show
from pickomino.ui.practice.state import (
    BOTS,
    BOX,
    EXPLORER,
    LINK,
    LINK_VISIT,
    LINKED,
    ORIGIN,
    PAGE,
    PRESENT,
    SEED,
    bots,
    fresh_table,
    present,
    seed,
)

PARAMS: Final = ("table", "scenario", "tip", "present", "bots", "seed", "lang")
"""Every URL parameter of the sandbox, in the order a shared link writes them."""
SWITCHES: Final = {"present": PRESENT, "bots": BOTS}
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
    """The sandbox of this run: from a link just opened, else the session's, else a fresh table.

    A link is read once, on the first run of a visit to the page (the reader arriving with it).
    Every later run of the visit answers a click, whose address can lag behind the table the last
    click left: taken for a new link, it threw away the history (a double click on Redo sent a
    prepared example back to its start with nothing to undo). The settings a link carries are read
    at the same moment, for the same reason: a lagging address would switch them back.

    Returns alongside what the link asked and could not have, in the reader's words
    (`frame.refused`).
    """
    link = _link()
    box: Sandbox | None = st.session_state.get(BOX)
    refusals = []
    arriving = frame.arriving(LINK_VISIT)
    settings = _read_settings(lang) if arriving else []  # first: the seed rolls the link's dice
    if arriving and link != (None, None) and link != st.session_state.get(LINK):
        try:
            box = from_link(*link)
        except ScenarioError as error:
            reason = show.scenario_refusal(error, lang)
            refusals.append(t("sandbox.link_refused", lang, reason=reason))
            box = Sandbox.start(fresh_table(), seed())
            st.session_state.pop(ORIGIN, None)
        else:
            st.session_state[LINK] = link
            st.session_state[LINKED] = box.table
            _remember_origin(box, link[1])
    refusals += settings
    if box is None:
        box = Sandbox.start(fresh_table(), seed())
    elif arriving and box.seed != seed():  # the link set another seed for the table kept
        box = box.reseed(seed())
    st.session_state[BOX] = box
    publish(box)
    return box, refusals


def _read_settings(lang: Lang) -> list[str]:
    """Set presentation mode, the expert and the seed as the link says, each checked first.

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


def _remember_origin(box: Sandbox, scenario: str | None) -> None:
    """Remember the FAQ question or the tip a link just opened names, forgetting any earlier one.

    A tip unknown to `TIPS` is not remembered, so it names nothing and leaves the URL.
    """
    question = question_of(scenario) if scenario is not None else None
    tip = st.query_params.get("tip")
    if question is not None:
        assert scenario is not None
        origin = Origin("faq", question, scenario, box.history[0], box.history[1:])
        st.session_state[ORIGIN] = origin
    elif tip in TIPS:
        st.session_state[ORIGIN] = Origin("tip", tip, "", box.history[0])
    else:
        st.session_state.pop(ORIGIN, None)


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
        "bots": "1" if bots() else None,
        "seed": str(seed()),
    }


def publish(box: Sandbox) -> None:
    """Put the table shown and the settings that travel with it in the URL, where it differs."""
    if _link() != st.session_state.get(LINK) or st.session_state.get(LINKED) != box.table:
        value = encode_table(box.table)
        frame.publish({"table": value, "scenario": None})
        st.session_state[LINK] = (value, None)
        st.session_state[LINKED] = box.table
    frame.publish(_travelling(box))


def share_link() -> str:
    """The address that opens this table with its settings, in this language.

    The page's own address when Streamlit knows it, else the query alone.
    """
    params = {key: st.query_params[key] for key in PARAMS if key in st.query_params}
    return frame.page_address(params)


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
