"""The sandbox's first screen on a phone and on a projector: the dice, the moves and the odds.

A learner on a phone (390x844) and a teacher on a projector (1024x650 and 1024x768, presentation
mode) must see, without scrolling, every group of dice of the roll (each the button that sets it
aside), every move's odds, and the headline odds: in each language, with 2 and 7 players (seven
stacks take more lines), for a fresh roll of 8 dice (five values) and for a roll of the last 3.
On the phone the headline figures are those of the marked moves (★ best move, ◎ surest tile),
written under their dice; the odds panel with the same figures follows below. No button label may
break inside a word, nothing may overlap Streamlit's menu, and the page may not scroll sideways.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from pickomino.game import Table
from pickomino.i18n import LANGS, t
from pickomino.pages import PAGES
from pickomino.rules import preset
from pickomino.share import encode_table
from tests.browser import BROKEN_WORDS, WAIT_MS, answered, needs_chromium, open_page, ready

pytestmark = needs_chromium

SCREENS = {"phone": (390, 844, False), "projector": (1024, 650, True), "xga": (1024, 768, True)}
"""Width, height and presentation mode of each screen."""


def first_roll(players: int) -> Table:
    """A fresh table, its first roll W W 5 5 5 4 3 1 waiting: five values to set aside."""
    return Table.new(players, preset("standard")).roll(tuple("WW555431"))[0]


def last_three(players: int) -> Table:
    """The same turn on: the worms and the 5s set aside, the last 3 dice rolled (4 3 1)."""
    table = first_roll(players).keep("W")[0].roll(tuple("555321"))[0].keep("5")[0]
    return table.roll(tuple("431"))[0]


OUTSIDE = """() => {
  const main = document.querySelector("[data-testid=stMain]");
  const wanted = {
    group: ".st-key-sandbox_groups button",
    odds: ".st-key-sandbox_groups button p + p",
    headline: "[data-testid=stMetricValue]",
    marked: ".st-key-sandbox_groups button p + p strong",
  };
  const found = {}, outside = [];
  for (const [name, selector] of Object.entries(wanted)) {
    const elements = [...main.querySelectorAll(selector)];
    found[name] = elements.length;
    if (name === (innerWidth < 640 ? "headline" : "marked")) continue;
    for (const e of elements) {
      const box = e.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
        outside.push(`${name} ${e.innerText} at ${Math.round(box.bottom)}`);
      }
    }
  }
  return {found, outside, sideways: document.documentElement.scrollWidth > innerWidth};
}"""
"""What the first screen must show, counted, and each of those elements not wholly in the window;
the headline figures are the odds panel's on a projector, the marked moves' on a phone."""


MENU_CLEAR = """() => {
  const menu = document.querySelector("[data-testid=stMainMenu]").getBoundingClientRect();
  return [...document.querySelectorAll(".st-key-sandbox_toolbar :is(button, label)")]
    .map(e => e.getBoundingClientRect())
    .every(b => b.right <= menu.left || b.top >= menu.bottom || b.bottom <= menu.top);
}"""
"""Whether every control of the toolbar stays clear of Streamlit's menu button."""


FOLDED = """() =>
  document.querySelector("[data-testid=stSidebar]").getBoundingClientRect().right <= 0
  && document.querySelector("[data-testid=stMain]").getBoundingClientRect().left <= 0"""
"""The sidebar has finished sliding away: the page has its full width (metrics laid out while it
slid stood one under another)."""


def opened(browser: Browser, server: str, screen: str, table: Table, lang: str) -> Page:
    """The sandbox on `screen` with `table`'s roll waiting, in `lang`."""
    width, height, present = SCREENS[screen]
    query = f"table={encode_table(table)}&lang={lang}" + ("&present=1" if present else "")
    page = open_page(browser, f"{server}/sandbox?{query}", width, height)
    if present:  # folded by the page's first run, as a projector shows it; slid out of sight
        expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
        page.wait_for_function(FOLDED, polling="raf", timeout=WAIT_MS)
    page.mouse.move(0, 0)  # no tooltip over the page
    ready(page)
    return page


@pytest.mark.parametrize("players", [2, 7])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_dice_the_moves_and_the_odds_fill_the_first_screen(
    server: str, browser: Browser, screen: str, lang: str, players: int
) -> None:
    for table, values in ((first_roll(players), 5), (last_three(players), 3)):
        page = opened(browser, server, screen, table, lang)
        shown = page.evaluate(OUTSIDE)
        assert shown["found"]["group"] == values, shown
        assert shown["found"]["odds"] == values, shown
        assert shown["found"]["headline"] >= 2, shown
        assert shown["found"]["marked"] >= 1, shown
        assert shown["outside"] == [], (table.rolled, shown)
        assert not shown["sideways"], "the page scrolls sideways"
        assert page.evaluate(BROKEN_WORDS) == []
        if SCREENS[screen][2]:
            assert page.evaluate(MENU_CLEAR), "a control of the toolbar touches the menu"


@pytest.mark.parametrize("lang", LANGS)
def test_each_group_is_one_button_named_for_its_value_count_and_total(
    server: str, browser: Browser, lang: str
) -> None:
    """A screen reader hears the move and the total; the best move's group is the primary one."""
    page = opened(browser, server, "phone", first_roll(2), lang)
    group = page.locator(".st-key-sandbox_keep_5 button")
    name = t("dice_choice.gives", lang, move=t("sandbox.keep.other", lang, face="5", n=3), total=15)
    assert group.locator("p").first.inner_text().strip() == name  # its odds follow, smaller
    assert group.get_attribute("data-testid") == "stBaseButton-primary"
    assert page.locator(".st-key-sandbox_keep_W button").get_attribute("data-testid") == (
        "stBaseButton-secondary"
    )


LEARN = [spec for spec in PAGES if spec.section == "learn"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_learn_page_ends_leading_to_the_next_one_in_its_language(
    server: str, browser: Browser, lang: str
) -> None:
    """The ten Learn pages end with "next" (and but the first, "previous"); the last leads on to
    the first practice page. Followed link by link on a phone, the sidebar folded all along."""
    page = open_page(browser, f"{server}/?lang={lang}", 390, 844)  # the welcome page is at /
    for index, spec in enumerate(LEARN):
        expect(page.locator("h1").first).to_have_text(t(f"page.{spec.key}.title", lang))
        ending = page.locator(".st-key-frame_lead_on")
        assert ending.is_visible()
        links = ending.get_by_role("link")
        after = PAGES[PAGES.index(spec) + 1]
        titles = [
            t(f"page.{other.key}.title", lang) for other in (*LEARN[index - 1 : index], after)
        ]
        wanted = [t("frame.lead_on.previous", lang, page=titles[0])] if index else []
        wanted.append(t("frame.lead_on.next", lang, page=titles[-1]))
        words = links.locator("[data-testid=stMarkdownContainer]").all_inner_texts()
        assert [text.strip() for text in words] == wanted  # the links' words, not their icons
        with answered(page):
            links.last.click()
        assert page.url.endswith(f"/{after.url_path}?lang={lang}"), page.url


def test_a_tap_on_a_page_in_the_phones_sidebar_folds_the_sidebar(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/setup?lang=nl", 390, 844)
    page.get_by_test_id("stExpandSidebarButton").click()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    with answered(page):
        sidebar.get_by_role("link", name=t("page.turn.title", "nl")).click()
    expect(page.locator("h1").first).to_have_text(t("page.turn.title", "nl"))
    expect(sidebar).to_have_attribute("data-collapsed", "true")


ENGLISH_SHOWN = """() => {
  const shown = [];
  const walker = document.createTreeWalker(
    document.querySelector("[data-testid=stMain]"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (!/Upload|MB per file|Drag and drop/.test(node.data)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
    if (box.width > 0 && size > 0) shown.push(node.data);
  }
  return shown;
}"""
"""Streamlit's English words of its file picker that take room on the page (shrunk to nothing,
they stay in the page for accessibility checkers, see `records.UPLOAD_CSS`)."""

PICKED = """key => [...document.querySelectorAll(`.st-key-${key} :is(button p, span)`)]
  .map(e => getComputedStyle(e, "::after").content)"""
"""The words the app writes in place of the file picker's own."""


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_file_pickers_show_no_english_on_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    """On the Review page (open at first) and in the Play page's "A new game" panel."""
    page = open_page(browser, f"{server}/review?lang={lang}", 390, 844)
    expect(page.get_by_test_id("stFileUploaderDropzone")).to_be_visible()
    assert page.evaluate(ENGLISH_SHOWN) == []
    assert f'"{t("review_page.upload_button", lang)}"' in page.evaluate(PICKED, "review_upload")
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
    page = open_page(browser, f"{server}/play?lang={lang}", 390, 844)
    with answered(page):
        page.get_by_role("button", name=t("play.start", lang)).click()
    with answered(page):
        page.locator("summary").filter(has_text=t("play.new_title", lang)).click()
    expect(page.get_by_test_id("stFileUploaderDropzone")).to_be_visible()
    assert page.evaluate(ENGLISH_SHOWN) == []
    assert not page.evaluate("document.documentElement.scrollWidth > innerWidth")
