"""The app in Chromium: languages across pages, sandbox links, panels, labels on small screens.

Skipped (with the reason) only when Debian's Chromium is not installed; Playwright's own browser
download is not used.
"""

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, expect

from pickomino.i18n import t, tn
from pickomino.share import decode_table, load_scenario
from pickomino.ui.narrate import seat_name
from tests.browser import needs_chromium, open_page, ready

pytestmark = needs_chromium


def test_french_from_the_url_survives_a_click_to_another_page(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/?lang=fr", 1200, 900)
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "fr"))
    nav = page.get_by_test_id("stSidebarNav")
    expect(nav.get_by_text(t("section.learn", "fr"), exact=True)).to_be_visible()

    page.get_by_role("link", name=t("page.turn.title", "fr")).first.click()
    expect(page.locator("h1").first).to_have_text(t("page.turn.title", "fr"), timeout=60_000)
    ready(page)
    expect(page).to_have_url(f"{server}/turn?lang=fr", timeout=30_000)
    alt = page.locator("img[alt='dé montrant un ver']").first
    expect(alt).to_be_visible()


def test_a_faq_situation_opens_in_the_sandbox_and_its_link_follows_each_click(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/faq?lang=nl", 1200, 900)
    page.get_by_role("link", name=t("sandbox.open", "nl")).first.click()
    expect(page.locator("h1").first).to_have_text(t("page.sandbox.title", "nl"), timeout=60_000)
    expect(page).to_have_url(f"{server}/sandbox?scenario=faq-no-worm&lang=nl")
    ready(page)

    page.get_by_role("button", name=t("sandbox.stop", "nl")).click()
    status = t("sandbox.status.roll", "nl", player="Speler 2")
    expect(page.get_by_text(status)).to_be_visible(timeout=60_000)
    ready(page)
    query = parse_qs(urlsplit(page.url).query)
    assert query["lang"] == ["nl"] and "scenario" not in query
    assert decode_table(query["table"][0]) == load_scenario("faq-no-worm")

    again = open_page(browser, page.url, 1200, 900)
    expect(again.get_by_text(status)).to_be_visible(timeout=60_000)


def test_opened_panels_stay_open_while_the_turn_is_played(server: str, browser: Browser) -> None:
    """A teacher setting dice, or a learner watching the tile table, keeps the panel open.

    Each click adds lines above these panels (the last move, the dice); an expander without a key
    was drawn anew and closed at every click.
    """
    page = open_page(browser, f"{server}/sandbox?lang=fr", 1200, 2400)
    for title in (t("odds.tiles", "fr"), t("sandbox.teacher.title", "fr")):
        page.locator("summary").filter(has_text=title).click()
        ready(page)
    dice = page.get_by_role("textbox", name=tn("sandbox.teacher.dice", 8, "fr"))
    dice.fill("55WW1234")
    dice.press("Enter")
    ready(page)
    page.get_by_role("button", name=t("sandbox.teacher.roll_set", "fr")).click()
    page.get_by_role("button", name=tn("sandbox.keep_worm", 2, "fr")).click()
    status = tn("sandbox.status.decide_none", 6, "fr", player=seat_name(0, "fr"))
    expect(page.get_by_text(status)).to_be_visible(timeout=60_000)
    ready(page)
    expect(page.locator("details[open]")).to_have_count(2)
    expect(page.get_by_role("button", name=t("sandbox.teacher.roll_set", "fr"))).to_be_visible()
    expect(page.get_by_text(t("odds.tiles_help", "fr"))).to_be_visible()


CUT_LABELS = """root => Array.from(document.querySelector(root).querySelectorAll(
  '[data-testid="stPageLink-NavLink"] span, [data-testid="stSidebarNavLink"] span'))
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)"""
"""The link labels under `root` drawn narrower than their text (Streamlit cuts them with '…')."""


def test_long_link_labels_wrap_on_a_phone_and_in_presentation_mode(
    server: str, browser: Browser
) -> None:
    """The Tips page's French links, 'Ouvrir dans le bac à sable : 22 points, 3 dés en main', and
    the sidebar's page names under presentation mode's large text are read whole, not cut."""
    phone = open_page(browser, f"{server}/tips?lang=fr", 390, 1600, is_mobile=True)
    expect(phone.get_by_test_id("stPageLink").first).to_be_visible()
    assert phone.get_by_test_id("stPageLink").count() >= 5
    assert phone.evaluate(CUT_LABELS, "[data-testid=stMain]") == []

    wide = open_page(browser, f"{server}/sandbox?lang=fr", 1280, 1200)
    wide.get_by_text(t("sandbox.present", "fr"), exact=True).click()
    ready(wide)
    wide.wait_for_function("getComputedStyle(document.documentElement).fontSize == '26px'")
    assert wide.evaluate(CUT_LABELS, "[data-testid=stSidebar]") == []


OVERFLOWING = """() => [...new Set(Array.from(document.querySelectorAll(
  '[data-testid=stMain] button, [data-testid=stMain] button *, [data-testid=stMetric] *'))
  .filter(e => e.scrollWidth > e.clientWidth + 1
    || (getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth))
  .map(e => e.innerText))]"""
"""Buttons and headline figures whose text is wider than they are (cut, or spilling over)."""


def test_a_projector_at_1024_pixels_shows_moves_and_odds_whole(
    server: str, browser: Browser
) -> None:
    """Presentation mode with the sidebar open: 'Houd de 5 (3 dobbelstenen)' and '100,0%' whole."""
    page = open_page(browser, f"{server}/sandbox?lang=nl&scenario=turn-walkthrough", 1024, 768)
    page.get_by_text(t("sandbox.present", "nl"), exact=True).click()
    ready(page)
    for _ in range(3):  # roll, keep the worms, roll: three values to keep
        page.get_by_role("button", name=t("sandbox.redo", "nl")).click()
        ready(page)
    keep = tn("sandbox.keep", 3, "nl", face="5")
    expect(page.get_by_role("button", name=keep)).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("stMetric")).to_have_count(3)
    assert page.evaluate(OVERFLOWING) == []


DRAWINGS = """() => Array.from(document.querySelectorAll('[data-testid=stMain] img'))
  .map(image => ({width: image.naturalWidth, alt: image.alt}))"""
"""Every image of the page: its decoded width (none for a drawing the browser cannot read), alt."""


def test_every_drawing_of_the_faq_is_decoded_and_named(server: str, browser: Browser) -> None:
    """The drawings are percent-encoded data URIs: one badly escaped would show only its alt text.

    About 300 dice and tiles, each with its own alt text in the reader's language.
    """
    page = open_page(browser, f"{server}/faq?lang=nl", 1200, 900)
    page.wait_for_function(
        "document.querySelectorAll('[data-testid=stMain] img').length > 200"
        " && Array.from(document.images).every(image => image.complete)",
        timeout=60_000,
    )
    drawings = page.evaluate(DRAWINGS)
    assert all(drawing["width"] > 0 for drawing in drawings)
    alts = {drawing["alt"] for drawing in drawings}
    assert "dobbelsteen met een worm" in alts and all(alts)
    assert any(alt.startswith("tegel ") for alt in alts)
