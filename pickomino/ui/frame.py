"""The frame around every page: the language, the sidebar and the navigation.

The language lives in `st.session_state["lang"]` and is written back to `?lang=` on every run, so a
link copied from any page opens in the same language, and a page switch (which clears the URL's
query) keeps it.

The URL is read as the reader's word only when it opens something: the session's first run for the
language, the first run of a visit to a page for that page's own links. Every click carries the
address the browser showed when it was made, which lags behind the run that answered the click
before it; read as a new link, such a lagging address would undo a language choice or replace a
teacher's table with an older one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import streamlit as st
from streamlit.navigation.page import Page

from pickomino.i18n import LANGS, Lang, settle_lang, t

LANG_KEY: Final = "lang"
PICKER_KEY: Final = "lang_picker"
VISIT_KEY: Final = "frame_visit"
"""The page of the last run and the number of the visit it belongs to."""


@dataclass(frozen=True)
class PageSpec:
    """One page of the app: its file, its content key, its fixed URL and its section."""

    file: str
    key: str
    url_path: str
    section: str
    icon: str


PAGES: Final[tuple[PageSpec, ...]] = (
    PageSpec("app_pages/home.py", "home", "home", "learn", ":material/home:"),
    PageSpec("app_pages/setup.py", "setup", "setup", "learn", ":material/grid_view:"),
    PageSpec("app_pages/turn.py", "turn", "turn", "learn", ":material/casino:"),
    PageSpec("app_pages/taking.py", "taking", "taking", "learn", ":material/back_hand:"),
    PageSpec("app_pages/failed.py", "failed", "failed", "learn", ":material/undo:"),
    PageSpec("app_pages/scoring.py", "scoring", "scoring", "learn", ":material/emoji_events:"),
    PageSpec("app_pages/faq.py", "faq", "faq", "learn", ":material/help:"),
    PageSpec("app_pages/tips.py", "tips", "tips", "learn", ":material/lightbulb:"),
    PageSpec("app_pages/mistakes.py", "mistakes", "mistakes", "learn", ":material/error:"),
    PageSpec("app_pages/variants.py", "variants", "variants", "learn", ":material/tune:"),
    PageSpec("app_pages/sandbox.py", "sandbox", "sandbox", "practice", ":material/casino:"),
    PageSpec("app_pages/explorer.py", "explorer", "explorer", "explore", ":material/monitoring:"),
)
"""Every page, in reading order; a section with no page is not shown."""

SECTIONS: Final[tuple[str, ...]] = ("learn", "practice", "explore")
"""The navigation's sections in order; their titles are `section.<name>` in content/."""


WRAP_CSS: Final = """<style>
:is([data-testid="stPageLink-NavLink"], [data-testid="stSidebarNavLink"])
  :is(span:not([data-testid="stIconMaterial"]), [data-testid="stMarkdownContainer"], p),
:is([data-testid="stMain"] button, [data-testid="stMetric"])
  :is(div, span, p):not([data-testid="stIconMaterial"]) {
  white-space: normal; overflow: visible; text-overflow: clip;
}
</style>"""
"""Links, buttons and the odds' headline figures wrap their label instead of cutting it short with
an ellipsis: French and Dutch labels are long, a phone is narrow, and presentation mode enlarges
every text ('Houd de 5 (3 dobbelstenen)' read 'Houd de 5 (3 do…' and '100,0 %' read '100,…')."""


def style() -> None:
    """The app's own styles, on every page."""
    st.html(WRAP_CSS)


def current_lang() -> Lang:
    """The language settled by the frame for this run."""
    lang: Lang = st.session_state[LANG_KEY]
    return lang


def _picked() -> None:
    """The reader chose a language: remember it and put it in the URL before the rerun."""
    chosen = st.session_state[PICKER_KEY]
    st.session_state[LANG_KEY] = chosen
    st.query_params[LANG_KEY] = chosen


def settle_language() -> Lang:
    """Decide this run's language and write it back to the URL (also correcting a bad value).

    Once the session has a language, only the picker changes it: a `?lang=` that differs is an
    address lagging behind the picker, and is corrected.
    """
    from_url = st.query_params.get(LANG_KEY)
    lang = settle_lang(from_url, st.session_state.get(LANG_KEY), st.context.locale)
    st.session_state[LANG_KEY] = lang
    if from_url != lang:
        st.query_params[LANG_KEY] = lang
    return lang


def count_visit(page: Page) -> None:
    """Start a new visit when this run shows another page than the last run did.

    Streamlit runs a page again for every click on it, so a run of the same page as the last one
    answers a click there, while a run of another page is the reader arriving (by the navigation, a
    link, or the browser's back button) with an address that says what to open.
    """
    last = st.session_state.get(VISIT_KEY)
    if last is None or last[0] != page.url_path:
        st.session_state[VISIT_KEY] = (page.url_path, 0 if last is None else last[1] + 1)


def visit() -> int:
    """The number of this run's visit to its page, for a page to read its links once a visit."""
    return int(st.session_state[VISIT_KEY][1])


def sidebar(lang: Lang) -> None:
    """The language picker, each language named in itself."""
    st.session_state[PICKER_KEY] = lang
    st.sidebar.selectbox(
        t("frame.language", lang),
        LANGS,
        key=PICKER_KEY,
        format_func=lambda code: t("frame.native_name", code),
        on_change=_picked,
    )
    st.sidebar.caption(t("frame.about", lang))


def navigation(lang: Lang) -> Page:
    """The pages grouped in translated sections, with fixed language-neutral URLs."""
    grouped: dict[str, list[Page]] = {}
    for section in SECTIONS:
        pages = [
            st.Page(
                spec.file,
                title=t(f"page.{spec.key}.title", lang),
                icon=spec.icon,
                url_path=spec.url_path,
                default=spec.key == "home",
            )
            for spec in PAGES
            if spec.section == section
        ]
        if pages:
            grouped[t(f"section.{section}", lang)] = pages
    return st.navigation(grouped)
