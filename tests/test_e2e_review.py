"""The Game review page in Chromium: the example game reviewed, its chart drawn, axe satisfied.

AppTest reads the figure's spec but draws nothing; this checks what a teacher gets in a browser.
Uses the session's `streamlit run` server (tests/conftest.py); skipped without /usr/bin/chromium.
"""

from playwright.sync_api import Browser, expect

from pickomino.i18n import t
from pickomino.review import review
from pickomino.ui.review_chart import cost_lines
from pickomino.ui.review_view import example
from tests.browser import answered, needs_chromium, open_page
from tests.test_e2e_a11y import violations

pytestmark = needs_chromium


def test_the_example_game_is_reviewed_and_its_chart_drawn(server: str, browser: Browser) -> None:
    game = example("nl")
    alt = cost_lines(review(game), "nl", game.names).alt
    page = open_page(browser, f"{server}/review?lang=nl", 1280, 800)
    with answered(page):  # fails the test if the page shows an exception
        page.get_by_role("button", name=t("review_page.example", "nl")).click()
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts).to_have_count(2)  # the worms given away, then the chances of winning
    chart = charts.first
    expect(chart).to_have_attribute("aria-label", alt)
    for drawn in (chart, charts.last):
        expect(drawn.locator("svg.main-svg").first).to_be_visible(timeout=60_000)
        assert drawn.locator(".legendtext").all_text_contents() == list(game.names or ())
    assert page.locator(".modebar").count() == 0
    heading = t("review_page.worth_title", "nl")
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    assert "game=" in page.url  # a reload opens the same game
    assert violations(page) == []  # the reviewed game, as the page-by-page check cannot see it
