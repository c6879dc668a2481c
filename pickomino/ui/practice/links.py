"""The sandbox of a run, read from a link, the session or a fresh table; and links to a table.

The URL and the session's `Sandbox` are kept in step here: a link the reader opened replaces the
table, every run writes the table shown back to `?table=`, and the links other pages draw open a
situation in the sandbox (or a table in the explorer) in the reader's language.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

import streamlit as st

from pickomino.game import Table
from pickomino.i18n import Lang, t
from pickomino.sandbox import Sandbox
from pickomino.scenario import ScenarioError
from pickomino.share import decode_table, encode_table, read_scenario
from pickomino.ui import show
from pickomino.ui.frame import visit
from pickomino.ui.practice.state import (
    BOX,
    EXPLORER,
    LINK,
    LINK_VISIT,
    LINKED,
    PAGE,
    fresh_table,
    seed,
)


def from_link(table: str | None, scenario: str | None) -> Sandbox:
    """The sandbox a link opens; a scenario opens at its start, its moves ready to redo."""
    if table is not None:
        return Sandbox.start(decode_table(table), seed())
    assert scenario is not None
    return Sandbox.replaying(read_scenario(scenario), seed())


def settle(lang: Lang) -> tuple[Sandbox, str | None]:
    """The sandbox of this run: from a link just opened, else the session's, else a fresh table.

    A link is read once, on the first run of a visit to the page (the reader arriving with it).
    Every later run of the visit answers a click, whose address can lag behind the table the last
    click left: taken for a new link, it threw away the history (a double click on Redo sent a
    prepared example back to its start with nothing to undo).

    Returns the refusal of a bad link (in the reader's language) alongside, None when all is well.
    """
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
