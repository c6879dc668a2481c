"""The odds explorer in Chromium: Plotly draws the charts in French, with their text alternatives.

AppTest reads the figure specs but renders nothing; this checks what a reader gets in a browser.
Uses the session's `streamlit run` server (tests/conftest.py); skipped without /usr/bin/chromium.
"""

from playwright.sync_api import Browser, expect

from pickomino.i18n import NARROW_NBSP
from pickomino.lessons.explore import setup_table
from pickomino.odds import analyse
from pickomino.rules import STANDARD, WORM
from pickomino.ui.charts import reach_bars
from tests.browser import needs_chromium, open_page

pytestmark = needs_chromium


def test_explorer_charts_are_drawn_in_french_with_their_alt_text(
    server: str, browser: Browser
) -> None:
    table = setup_table(STANDARD, list(STANDARD.tiles), None, None, {WORM: 2, "5": 3})
    reach_alt = reach_bars(analyse(table), "fr").alt
    page = open_page(browser, f"{server}/explorer?lang=fr", 1200, 4000)
    charts = page.get_by_test_id("stPlotlyChart")
    expect(charts).to_have_count(4, timeout=60_000)
    expect(charts.first).to_have_attribute("aria-label", reach_alt)
    expect(charts.first.locator("svg.main-svg").first).to_be_visible(timeout=60_000)
    ticks = charts.first.locator(".xtick text").all_text_contents()
    assert f"50{NARROW_NBSP}%" in ticks
    keep_values = charts.nth(1).locator("text.bartext").all_text_contents()
    assert f"★ 94,7{NARROW_NBSP}%" in keep_values
    assert page.locator(".modebar").count() == 0
