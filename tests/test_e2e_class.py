"""A class at once: eight sessions open the teacher's link together and click Redo together.

Each session must end on its own table, the one its own clicks lead to, and no page may show an
exception: sessions answered at the same time share the server's caches, never their tables.
The sessions are pages of the browser tests' shared context (see tests/classroom.py): the server
sees eight websockets, so eight sessions, whatever the cookies.
No clock is asserted here; `benchmarks/class_load.py` measures a class of 30.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser import needs_chromium, shared_context
from tests.classroom import click_all, crashed, open_class, settle, shown_table, walkthrough

pytestmark = needs_chromium

PUPILS = 8
LINK = "/sandbox?scenario=turn-walkthrough&lang=fr"


def test_eight_sessions_open_one_link_and_redo_twice_at_once(server: str, browser: Browser) -> None:
    tables = walkthrough()
    pupils = open_class(browser, server + LINK, PUPILS, context=shared_context(browser))
    try:
        for pupil in pupils:
            settle(pupil.page, None)
            assert crashed(pupil.page) is None, crashed(pupil.page)
        for step in (1, 2):
            before = click_all(pupils, "sandbox_redo")
            for number, (pupil, run) in enumerate(zip(pupils, before, strict=True)):
                settle(pupil.page, run)
                assert crashed(pupil.page) is None, (number, crashed(pupil.page))
                shown = shown_table(pupil.page)
                assert shown == tables[step], f"session {number} after Redo {step}: {shown}"
    finally:
        for pupil in pupils:
            pupil.leave()
