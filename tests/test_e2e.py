"""The app in Chromium: languages across pages, sandbox links, panels, labels on small screens.

Skipped (with the reason) only when Debian's Chromium is not installed; Playwright's own browser
download is not used.
"""

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect

from pickomino.i18n import t, tn
from pickomino.narrate import seat_name
from pickomino.sandbox import Sandbox
from pickomino.share import load_scenario, read_scenario
from tests.browser import answered, needs_chromium, open_language_list, open_page
from tests.classroom import shown_table

pytestmark = needs_chromium


def test_french_from_the_url_survives_a_click_to_another_page(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/?lang=fr", 1200, 900)
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "fr"))
    nav = page.locator(".st-key-frame_nav")
    expect(nav.get_by_text(t("section.learn", "fr"), exact=True)).to_be_visible()

    with answered(page):
        page.get_by_role("link", name=t("page.turn.title", "fr")).first.click()
    expect(page.locator("h1").first).to_have_text(t("page.turn.title", "fr"))
    expect(page).to_have_url(f"{server}/turn?lang=fr", timeout=30_000)
    alt = page.locator("img[alt='dé montrant un ver']").first
    expect(alt).to_be_visible()


def test_a_faq_situation_opens_in_the_sandbox_and_its_address_reopens_it_after_a_click(
    server: str, browser: Browser
) -> None:
    page = open_page(browser, f"{server}/faq?lang=nl", 1200, 900)
    with answered(page):
        page.get_by_role("link", name=t("sandbox.open", "nl")).first.click()
    expect(page.locator("h1").first).to_have_text(t("page.sandbox.title", "nl"))
    opened = re.escape(f"{server}/sandbox?scenario=faq-no-worm&lang=nl")
    expect(page).to_have_url(re.compile(opened + "$"))  # nothing written before a change

    with answered(page):
        page.get_by_role("button", name=t("sandbox.stop", "nl")).click()
    status = t("sandbox.status.roll", "nl", player="Speler 2")
    expect(page.get_by_text(status)).to_be_visible()
    query = parse_qs(urlsplit(page.url).query)
    assert query["lang"] == ["nl"] and query["scenario"] == ["faq-no-worm"]
    assert query["seed"][0].isdigit() and "box" in query  # the seed travels with the history
    assert shown_table(page) == load_scenario("faq-no-worm"), "the stored history opens it"

    again = open_page(browser, page.url, 1200, 900)
    expect(again.get_by_text(status)).to_be_visible(timeout=60_000)


def test_opened_panels_stay_open_while_the_turn_is_played(server: str, browser: Browser) -> None:
    """A teacher setting dice, or a learner watching the tile table, keeps the panel open.

    Each click adds lines above these panels (the last move, the dice); an expander without a key
    was drawn anew and closed at every click.
    """
    page = open_page(browser, f"{server}/sandbox?lang=fr", 1200, 2400)
    for title in (t("odds.tiles", "fr"), t("sandbox.teacher.title", "fr")):
        with answered(page):
            page.locator("summary").filter(has_text=title).click()
    dice = page.get_by_role("textbox", name=tn("sandbox.teacher.dice", 8, "fr"))
    dice.fill("55WW1234")
    with answered(page):
        dice.press("Enter")
    with answered(page):
        page.get_by_role("button", name=t("sandbox.teacher.roll_set", "fr")).click()
    with answered(page):
        page.get_by_role("button", name=tn("sandbox.keep_worm", 2, "fr")).click()
    status = tn("sandbox.status.decide_none", 6, "fr", player=seat_name(0, "fr"))
    expect(page.get_by_text(status)).to_be_visible()
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
    with answered(wide):
        wide.get_by_text(t("sandbox.present", "fr"), exact=True).click()
    wide.wait_for_function("getComputedStyle(document.documentElement).fontSize == '22px'")
    assert wide.evaluate(CUT_LABELS, "[data-testid=stSidebar]") == []


def test_settings_outlive_a_visit_to_another_page(server: str, browser: Browser) -> None:
    """A teacher back from the FAQ finds the sandbox's settings as left, and the seed still rolls.

    AppTest runs no frontend, which draws a widget again from the value the server sends: this
    checks that the settings the server keeps (`persist_state`) are the ones the browser shows.
    """
    page = open_page(browser, f"{server}/sandbox?lang=en", 1280, 2400)

    def open_panels() -> None:
        for title in ("sandbox.teacher.title", "sandbox.new_title"):
            summary = page.locator("summary").filter(has_text=t(title, "en"))
            if page.locator("details").filter(has=summary).get_attribute("open") is None:
                with answered(page):
                    summary.click()

    open_panels()
    # the lists first: presentation mode makes the page taller than the window, and a list
    # scrolled to for its click does not always open
    for name, option in (
        ("sandbox.players", "4"),
        ("sandbox.rules", t("variants.junior.title", "en")),
    ):
        select = page.get_by_role("combobox", name=t(name, "en"))
        select.click()
        with answered(page):
            page.get_by_role("option", name=option, exact=True).click()
        expect(select).to_have_value(option)
    seed = page.get_by_role("spinbutton", name=t("sandbox.teacher.seed", "en"))
    seed.fill("77")
    with answered(page):
        seed.press("Enter")
    for key in ("sandbox.present", "sandbox.hide_odds", "sandbox.bots"):
        with answered(page):
            page.get_by_text(t(key, "en"), exact=True).click()
    table = shown_table(page)  # the seed typed made a change: the history is stored
    assert table is not None

    nav = page.locator(".st-key-frame_nav")
    for title in ("page.faq.title", "page.sandbox.title"):
        sidebar = page.get_by_test_id("stSidebar")
        if sidebar.get_attribute("data-collapsed") == "true":  # folded away in presentation mode
            page.get_by_test_id("stExpandSidebarButton").click()
        with answered(page):
            nav.get_by_role("link", name=t(title, "en")).click()
        expect(page.locator("h1").first).to_have_text(t(title, "en"))
    open_panels()
    for key in ("sandbox.present", "sandbox.hide_odds", "sandbox.bots"):
        expect(page.get_by_role("switch", name=t(key, "en"))).to_be_checked()
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "22px"
    expect(page.get_by_role("spinbutton", name=t("sandbox.teacher.seed", "en"))).to_have_value("77")
    players = page.get_by_role("combobox", name=t("sandbox.players", "en"))
    expect(players).to_have_value("4")
    rules = page.get_by_role("combobox", name=t("sandbox.rules", "en"))
    expect(rules).to_have_value(t("variants.junior.title", "en"))
    expect(page.get_by_test_id("stMetric")).to_have_count(0)

    with answered(page):
        page.get_by_role("button", name=t("sandbox.reveal", "en")).click()  # set by a callback
    expect(page.get_by_role("switch", name=t("sandbox.hide_odds", "en"))).not_to_be_checked()
    expect(page.get_by_test_id("stMetric")).to_have_count(3)
    with answered(page):
        page.get_by_role("button", name=tn("sandbox.roll", 8, "en")).click()
    assert shown_table(page) == Sandbox.start(table, 77).roll().table


def test_a_teachers_faq_link_opens_ready_for_the_projector(server: str, browser: Browser) -> None:
    """Presentation mode, the expert and the seed from the link; the question named; the answer
    replayed by its own button; and the address after the click still carries the settings."""
    query = "scenario=faq-one-value&lang=fr&present=1&bots=1&seed=7"
    page = open_page(browser, f"{server}/sandbox?{query}", 1280, 1000)
    question = t("faq.q_one_value", "fr")
    expect(page.get_by_text(question, exact=False)).to_be_visible()
    for key in ("sandbox.present", "sandbox.bots"):
        expect(page.get_by_role("switch", name=t(key, "fr"))).to_be_checked()
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "22px"
    with answered(page):
        page.get_by_role("button", name=t("sandbox.replay", "fr")).click()
    scenario = read_scenario("faq-one-value")
    assert shown_table(page) == Sandbox.replaying(scenario).redo().table
    shown = parse_qs(urlsplit(page.url).query)
    assert (shown["present"], shown["bots"], shown["seed"], shown["lang"]) == (
        ["1"], ["1"], ["7"], ["fr"]
    )  # fmt: skip
    expect(page.get_by_text(question, exact=False)).to_be_visible()


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


def switch_language(page: Page, lang: str) -> None:
    """Pick `lang` in the sidebar's list, as a reader does, and wait for the page in it."""
    open_language_list(page)
    with answered(page):
        page.get_by_role("option", name=t("frame.native_name", lang)).click()


def test_a_choice_shown_in_words_survives_a_language_switch(server: str, browser: Browser) -> None:
    """The browser sends a choice back as the words it shows; after a switch it sent the old words.

    On the sandbox the next click crashed ('unknown rules preset Standard game') and the open panel
    closed; on the failed turn page the rules variant went back to the standard game.
    """
    page = open_page(browser, f"{server}/sandbox?lang=en", 1280, 2000)
    with answered(page):
        page.locator("summary").filter(has_text=t("sandbox.new_title", "en")).click()
    rules = page.get_by_role("combobox", name=t("sandbox.rules", "en"))
    rules.click()
    with answered(page):
        page.get_by_role("option", name=t("variants.short.title", "en"), exact=True).click()
    switch_language(page, "fr")
    with answered(page):
        page.locator(".st-key-sandbox_roll button").click()
    expect(page.locator("details[open]")).to_have_count(1)  # the panel stayed open too
    rules = page.get_by_role("combobox", name=t("sandbox.rules", "fr"))
    expect(rules).to_have_value(t("variants.short.title", "fr"))

    page = open_page(browser, f"{server}/failed?lang=en", 1280, 2000)
    with answered(page):
        page.get_by_text(t("variants.rulebook-empty-stack.title", "en"), exact=True).click()
    switch_language(page, "nl")
    with answered(page):  # any click after the switch: here a ready-made board
        page.get_by_role("button", name=t("failed.example_plain", "nl")).click()
    chosen = page.get_by_role("radio", name=t("variants.rulebook-empty-stack.title", "nl"))
    expect(chosen).to_be_checked()


def test_home_in_the_address_opens_the_welcome_page(server: str, browser: Browser) -> None:
    """A typed /home showed Streamlit's English "Page not found" over the welcome page."""
    page = open_page(browser, f"{server}/home?lang=nl", 1200, 900)
    expect(page.locator("h1").first).to_have_text(t("page.home.title", "nl"))
    expect(page).to_have_url(f"{server}/?lang=nl")
    expect(page.get_by_role("dialog")).to_have_count(0)
