"""The practice table of a run, read from the store, a link, the session or fresh; and links.

The session's practice table (`activities.practice.Practice`) is kept in the store (a "sandbox"
document whose id the address holds as `?box=`), written after every change, so a reload, Back
and Forward or a tab reopened from the history finds the table and its Undo and Redo again. The
address stays the same during play (`?box=` and the settings that travel with the table:
presentation mode, the expert, the seed, the tip the link named): the browser adds a history entry
for every change of it, and rewriting the table after every click left Back a hundred presses from
the page before. The link that holds the table itself, which outlives any store, is made on
request (`share_link`). The links other pages draw to open a situation here are
`common.sandbox_link`'s.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from pickomino.activities.practice import Practice, Settled, arrive
from pickomino.i18n import Lang, t
from pickomino.ui import frame, storage
from pickomino.ui.practice import state
from pickomino.ui.practice.state import LINK_VISIT

ICONS: Final = {"faq": ":material/help:", "tip": ":material/lightbulb:"}
"""The icon of the banner saying what the link that opened the table was about."""


def settle(lang: Lang) -> tuple[Practice, list[str]]:
    """The practice table of this run: stored, from a link just opened, the session's, or fresh.

    The address is read once, on the first run of a visit to the page (the reader arriving with
    it, `activities.practice.arrive`). Every later run of the visit answers a click, whose address
    can lag behind the table the last click left: taken for a new link, it threw away the history
    (a double click on Redo sent a prepared example back to its start with nothing to undo). The
    table is then stored if it changed, and the address written.

    Returns alongside what the address asked and could not have, and what the store refused, in
    the reader's words (`frame.refused`).
    """
    before = state.practice()
    if frame.arriving(LINK_VISIT):
        store, fresh = storage.store(), state.fresh_table()
        arrived = arrive(before, state.settings(), st.query_params, fresh, store, lang)
    else:
        arrived = Settled(before or Practice.fresh(state.fresh_table(), state.settings()))
    saved = arrived.practice.save(storage.store(), lang)
    state.keep(saved.practice)
    frame.publish(saved.practice.address(st.query_params, arrived.refused))
    return saved.practice, [*arrived.refusals, *saved.refusals]


def banner(practice: Practice, lang: Lang) -> None:
    """Above the table, the FAQ question or the tip the link opened, so the learner knows why."""
    found = practice.banner(lang)
    if found is not None:
        st.info(found[1], icon=ICONS[found[0]])


def share_link(practice: Practice, *, hide: bool | None = None) -> str:
    """The address that opens this table with its settings, in this language, with no store.

    `Practice.shared` says which parameters; the page's own address when Streamlit knows it, else
    the query alone.
    """
    return frame.page_address(practice.shared(st.query_params.get("lang"), hide=hide))


def share(practice: Practice, lang: Lang) -> None:
    """The links to this table, ready to copy: as shown, and with the odds hidden (or shown).

    A teacher preparing a lesson wants the class to answer before the odds show (`?hide=1`): that
    link is offered beside the one that opens the table as it is, rather than left for the teacher
    to find in the address. While the odds are hidden, the other link shows them.
    """
    st.caption(t("sandbox.share_help", lang))
    st.code(share_link(practice), language=None, wrap_lines=True)
    other = not practice.settings.hide
    st.caption(t("sandbox.share_hidden" if other else "sandbox.share_shown", lang))
    st.code(share_link(practice, hide=other), language=None, wrap_lines=True)
