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

from collections.abc import Callable, Iterable, Mapping
from typing import Final, NoReturn
from urllib.parse import urlencode, urlsplit

import streamlit as st
from streamlit import config, net_util
from streamlit.navigation.page import Page

from pickomino.i18n import LANGS, Lang, settle_lang, t
from pickomino.pages import PAGES, SECTIONS, PageSpec, spec_of
from pickomino.reach import Reach, choose
from pickomino.ui.storage import setting

LANG_KEY: Final = "lang"
PICKER_KEY: Final = "lang_picker"
VISIT_KEY: Final = "frame_visit"
"""The page of the last run and the number of the visit it belongs to."""
WORDED_KEY: Final = "frame_worded"
"""The keys of the widgets whose state hangs on the words of the reader's language (`worded`)."""


WRAP_CSS: Final = """<style>
:is([data-testid="stPageLink-NavLink"], [data-testid="stSidebarNavLink"])
  :is(span:not([data-testid="stIconMaterial"]), [data-testid="stMarkdownContainer"], p),
:is([data-testid="stMain"] button, [data-testid="stMetric"],
  [data-testid="stMain"] [data-testid="stWidgetLabel"])
  :is(div, span, p):not([data-testid="stIconMaterial"]) {
  white-space: normal; overflow: visible; text-overflow: clip;
}
[data-testid="stMain"] button :is(div, span, p) { word-break: normal; overflow-wrap: normal; }
[data-testid="stElementContainer"]:has([data-run]) { display: none; }
:is([data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p) {
  color: #5c5f66; opacity: 1;
}
.pk-caption { color: #5c5f66; font-size: 0.875rem; line-height: 1.4; margin: 0; }
[data-testid="stMain"] :not(pre) > code { color: #1d6a56; opacity: 1; }
[data-testid="stPageLink-NavLink"]:focus-visible { outline: 2px solid #0072b2; outline-offset: 1px }
[data-testid="stHorizontalBlock"] > * > [data-testid="stCheckbox"]:has([role="switch"]) > label {
  align-items: center; border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem;
  padding: 0.1rem 0.55rem 0.1rem 0.4rem;
}
@media (max-width: 640px) {
  [data-testid="stHorizontalBlock"] > * > [data-testid="stCheckbox"]:has([role="switch"]) > label {
    padding: 0 0.3rem 0 0.2rem;
  }
}
</style>"""
"""Links, buttons and the odds' headline figures wrap their label instead of cutting it short with
an ellipsis: French and Dutch labels are long, a phone is narrow, and presentation mode enlarges
every text ('Houd de 5 (3 dobbelstenen)' read 'Houd de 5 (3 do…', '100,0 %' read '100,…', and
on a phone a switch read 'De expert speelt de andere plaat…').
The end of a run (`finish_run`) takes no room. Captions (Streamlit's, and `pk-caption` for the
ones written into a drawing's HTML, `show.caption_html`) and inline code are darker than
Streamlit's (#797979 and #6d9c8f read at 4.35:1 and 3:1 against white; text needs 4.5:1). A link
of the navigation reached by Tab is outlined: Streamlit only tints its background (15% of a light
blue), which a keyboard user could hardly see on the sidebar's grey. A switch set in a row of
controls is boxed with its label, as a button is: side by side, "Hide the odds [switch] The expert
plays the other seats" read as one switch between two words, an expert turned off read as on."""


CLOSE_ON_TAP: Final = """<script>
if (!window.pkCloseOnTap) {
  window.pkCloseOnTap = true;
  document.addEventListener("click", (event) => {
    if (innerWidth >= 640 || !event.target.closest(
      "[data-testid=stSidebar] [data-testid=stPageLink-NavLink]")) return;
    document.querySelector(
      "[data-testid=stSidebar] [data-testid=stSidebarCollapseButton] button")?.click();
  }, true);
}
</script>"""
"""On a phone, a tap on a page of the sidebar folds the sidebar, as Streamlit's own menu does:
the app draws its navigation with `st.page_link` (see `navigation`), and after a tap the sidebar
stayed open over 87% of the screen. Installed once per browser tab."""


def style() -> None:
    """The app's own styles, on every page; on a phone, the sidebar folded after a tap on a page."""
    st.html(WRAP_CSS + CLOSE_ON_TAP, unsafe_allow_javascript=True)


def lead_on(key: str, lang: Lang) -> None:
    """At the end of a Learn page: links to the previous page and the next, in reading order.

    A reader at the end of a page goes on from there, on a phone too, where the sidebar is folded;
    the last Learn page leads on to the first practice page.
    """
    specs = [spec.key for spec in PAGES]
    here = specs.index(key)
    with st.container(horizontal=True, key="frame_lead_on", horizontal_alignment="distribute"):
        for step, word, icon in ((-1, "previous", "arrow_back"), (1, "next", "arrow_forward")):
            if 0 <= here + step < len(PAGES):
                spec = PAGES[here + step]
                page = t(f"page.{spec.key}.title", lang)
                st.page_link(
                    spec.file,
                    label=t(f"frame.lead_on.{word}", lang, page=page),
                    icon=f":material/{icon}:",
                    query_params={LANG_KEY: lang},
                )


RUN_KEY: Final = "frame_run"
FINISHED_KEY: Final = "frame_finished"
"""Whether this run has drawn its end already (`finish_run`), from inside a page's fragment."""


def begin_run() -> None:
    """Note that this run of the whole app has not drawn its end yet (`end_run`)."""
    st.session_state[FINISHED_KEY] = False


def end_run(lang: Lang) -> None:
    """The entrypoint's last call: the end of the run, unless the page's fragment drew it."""
    if not st.session_state.get(FINISHED_KEY):
        finish_run(lang)


def as_fragment(body: Callable[[], None], lang: Lang) -> None:
    """Draw the page below the frame as one fragment, which a click on it reruns alone.

    A click then sends only the page again, not the sidebar's navigation, the language list and
    the frame's styles: a third fewer elements for the browser to draw again
    ([speed](../../docs/speed.md)). The fragment ends every run of its own with the run's end
    (`finish_run`), which a full run then does not draw twice (`end_run`). Nothing may follow the
    fragment on the page: the end must be the last element of the main area.
    """

    def page() -> None:
        # A run of the fragment alone carries the address of the click, which can lag behind a
        # language just picked; the whole run corrects `?lang=` (`settle_language`), so must this
        # one, or the page's own address written after it (`publish`) put the old language back.
        settle_language()
        body()
        finish_run(lang)

    st.fragment(page)()


def finish_run(lang: Lang) -> None:
    """End every run with one hidden element (WRAP_CSS folds it away), last in the main area.

    It carries the page's language for the browser, and the run's number.

    Streamlit's page says `<html lang="en">` whatever it shows, so a screen reader read French
    with English sounds; the script sets the reader's language. Streamlit also says its run is over
    before the browser has drawn all it sent (a page of drawings can take a moment more), so a
    browser test waits for the number to change: once the last element of a run is drawn, so is
    everything before it. (A style-only element would go to Streamlit's event container, where the
    browser dropped it after some runs.)
    """
    number = st.session_state.get(RUN_KEY, 0) + 1
    st.session_state[RUN_KEY] = number
    st.session_state[FINISHED_KEY] = True
    st.html(
        f'<span hidden data-run="{number}"></span>'
        f'<script>document.documentElement.lang = "{lang}";</script>',
        unsafe_allow_javascript=True,
    )


def folded(label: str, icon: str | None, key: str, fill: Callable[[], None]) -> None:
    """A panel folded under its title, filled by `fill` only while the reader has it open.

    Folded, its widgets would still be sent and redrawn by the browser on every click, for
    nothing. Keyed and tracked (a rerun when opened or closed), it stays open across clicks that
    reshape the page above it, and across a language switch (`worded`).
    """
    panel = st.expander(label, icon=icon, key=worded(key), on_change="rerun")
    if panel.open:
        with panel:
            fill()


def stop() -> NoReturn:
    """End the run here, after a message naming what is wrong, finished like every other run.

    Streamlit's own `st.stop` would skip `finish_run`, which the entrypoint calls last.
    """
    finish_run(current_lang())
    st.stop()


def page_address(params: dict[str, str]) -> str:
    """The address of the page shown with the query `params`, for a link to copy or share.

    The app's address for other devices (`reach`: a link a teacher shares from a laptop on
    localhost is one the class can open) and this page's name. Streamlit knows the page's own
    address in the browser (`st.context.url`); under AppTest it does not, and the query alone is
    given.
    """
    url = st.context.url
    if not url:
        return f"?{urlencode(params)}"
    return address(urlsplit(url).path.rsplit("/", 1)[-1], params)


PUBLIC_SETTING: Final = "PICKOMINO_PUBLIC_URL"
"""The app's address for other devices, set by whoever runs it (README, "Live classroom")."""
WILDCARDS: Final = frozenset({"", "0.0.0.0", "::"})
"""The server addresses that mean "every address of this computer"."""


def network_address() -> str | None:
    """The computer's address for the phones, found as `streamlit run` finds its "Network URL".

    A server started on one address only (`--server.address`) is reached at that address alone
    (a loopback one is then no address for phones: `reach.choose` says so); one listening on every
    address is reached at the computer's address on its network (Streamlit's own guess, which is
    127.0.0.1 when it finds no network).
    """
    bound = config.get_option("server.address")
    if bound is None or bound in WILDCARDS:
        return net_util.get_internal_ip()
    return None if bound.startswith("unix://") else str(bound)


def reach() -> Reach:
    """The app's address for the pupils' phones and the teacher's other devices, and its source.

    The public address set for the app first, else the page's own in the browser
    (`st.context.url`, so it works behind any host and path; under AppTest, which has none, the
    links are paths), with this computer's network address for a page on localhost
    (`pickomino.reach.choose`).
    """
    return choose(setting(PUBLIC_SETTING), st.context.url, network_address())


def address(page: str, params: dict[str, str]) -> str:
    """The full address of another page of this app with `params`, for a link or a QR code."""
    return reach().link(page, params)


def current_lang() -> Lang:
    """The language settled by the frame for this run."""
    lang: Lang = st.session_state[LANG_KEY]
    return lang


def worded(key: str) -> str:
    """Name a widget whose state hangs on the reader's words, to keep it on a switch; returns `key`.

    The browser sends a choice back as the words it shows ("Standard game"), and kept the old
    words after a language switch: the next click came back with English words on a French page,
    which matched no option, so the choice was lost (and, read before its widget, crashed the
    sandbox). An open panel is known by its title, so a new title closed it. On a switch,
    `_picked` sets each of these to itself, which carries it over to the widget in the new words.
    """
    worded_keys: set[str] = st.session_state.setdefault(WORDED_KEY, set())
    worded_keys.add(key)
    return key


def _picked() -> None:
    """The reader chose a language: remember it and put it in the URL before the rerun.

    Every choice shown in words is set to itself, to be sent again in the new words (`worded`).
    """
    chosen = st.session_state[PICKER_KEY]
    st.session_state[LANG_KEY] = chosen
    st.query_params[LANG_KEY] = chosen
    for key in st.session_state.get(WORDED_KEY, set()):
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


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


def lay_out(spec: PageSpec) -> None:
    """The page's title, icon and layout, set once a run and before anything is drawn.

    Set first to one layout and then to another (the sandbox asked for "wide" after the frame's
    "centered"), the page was drawn narrow for a moment in every run, and a click aimed at a
    button while it redrew landed on its neighbour.
    """
    st.set_page_config(page_title="Pickomino", page_icon="🎲", layout=spec.layout)


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


def arriving(key: str) -> bool:
    """Whether this run is the first of its visit to the page, for the reader of link `key`.

    Every page reads its link here, and only when this says so: a later run of the visit answers a
    click, whose address can lag behind the run before it (see the module's docstring). `key`
    names where the page keeps the visit it has read, so each page reads its own link.
    """
    first = st.session_state.get(key) != visit()
    st.session_state[key] = visit()
    return first


def publish(wanted: Mapping[str, str | None]) -> None:
    """Write the page's own parameters to the URL: a value where it differs, out where None.

    Each page names every parameter it owns, so one it no longer wants (a finished quiz's run, an
    old link's level) leaves the address, and one it did not write stays for its owner. The
    changes go out as one new address (`from_dict`): the browser adds a history entry for each
    address Streamlit sends, so setting each parameter on its own made Back stop at every step.
    """
    current = st.query_params.to_dict()
    changed = {key: value for key, value in current.items() if wanted.get(key, value) is not None}
    changed.update({key: value for key, value in wanted.items() if value is not None})
    if changed != current:
        st.query_params.from_dict(changed)


def keep_parts(parts: Mapping[str, object]) -> None:
    """Put an activity's parts in the session under their keys; a part that is None is taken out.

    The pages keep an activity (the practice table, the Play page's game) as its parts, each under
    a key of its own that tests and widgets read, rather than as one object.
    """
    for key, value in parts.items():
        if value is None:
            st.session_state.pop(key, None)
        else:
            st.session_state[key] = value


def refused(refusals: Iterable[str], icon: str = ":material/link_off:") -> None:
    """What the address the reader arrived with asked and the page could not do, each said once.

    Every page says a link's refusal this way, under its title and above what it shows instead
    (what was there before, or a fresh start): the reader learns that the link was not followed,
    and why. The quiz says its form's and its store's refusals there too, with their own `icon`.
    """
    for text in refusals:
        st.error(text, icon=icon)


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


PAGES_KEY: Final = "frame_pages"
"""This session's `st.Page`s with the language they are titled in (`_pages`)."""


def _pages(lang: Lang) -> tuple[dict[PageSpec, Page], Page]:
    """Every page's `st.Page` in `lang`, and the alias that opens the welcome page from /home.

    Made once a session and language, not on every run: making them (each file's path resolved on
    disk, its icon checked) was a fifth of the navigation's cost in a phone's whole run, which the
    room asks of 30 phones at once when the teacher presses *Next* (docs/speed.md). Kept in the
    session, never shared between sessions: `st.navigation` marks the page it chose as the one
    the run may call (`Page.run`), and two sessions' runs would unmark each other's.
    """
    kept = st.session_state.get(PAGES_KEY)
    if kept is not None and kept[0] == lang:
        return kept[1], kept[2]
    built = {
        spec: st.Page(
            spec.file,
            title=t(f"page.{spec.key}.title", lang),
            icon=spec.icon,
            url_path=spec.url_path,
            default=spec.key == "home",
        )
        for spec in PAGES
    }
    home = built[spec_of("home")]
    # A typed or remembered /home opens the welcome page, rather than Streamlit's English "Page
    # not found" (the welcome page's own path is reserved by Streamlit, so this is another one).
    alias = st.Page(
        lambda: st.switch_page(home, query_params={LANG_KEY: lang}),
        title=t("page.home.title", lang),
        url_path="home",
    )
    st.session_state[PAGES_KEY] = (lang, built, alias)
    return built, alias


def navigation(lang: Lang) -> tuple[Page, PageSpec]:
    """The pages grouped in translated sections in the sidebar, each link carrying the language.

    Drawn here with `st.page_link` rather than by Streamlit's own sidebar menu, whose list holds
    its section titles directly (invalid markup a screen reader stumbles on). Returns the page this
    run shows, with its spec (found by the page itself: the default page's `url_path` is empty,
    as it is served at /).
    """
    built, alias = _pages(lang)
    chosen = st.navigation([*built.values(), alias], position="hidden")
    if chosen is alias:
        return chosen, spec_of("home")
    with st.sidebar.container(key="frame_nav"):
        for section in SECTIONS:
            pages = [(spec, page) for spec, page in built.items() if spec.section == section]
            if pages:
                st.markdown(f"**{t(f'section.{section}', lang)}**")
            for spec, page in pages:
                st.page_link(page, icon=spec.icon, query_params={LANG_KEY: lang})
    return chosen, next(spec for spec, page in built.items() if page is chosen)
