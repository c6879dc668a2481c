"""The odds explorer in Chromium: Plotly draws the charts in French, with their text alternatives.

AppTest reads the figure specs but renders nothing; this checks what a reader gets in a browser.
Reuses the module-scoped `streamlit run` server of test_e2e.py (skipped the same way without
/usr/bin/chromium).
"""

import pytest

from pickomino.i18n import NARROW_NBSP
from pickomino.odds import analyse
from pickomino.rules import STANDARD, WORM
from pickomino.ui.charts import reach_bars
from pickomino.ui.explore import setup_table
from tests import test_e2e
from tests.test_e2e import ARGS, CHROMIUM, READY

server = test_e2e.server
"""The browser test's server fixture, shared: pytest finds fixtures among a module's names."""

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (apt-get install chromium)"
)


def test_explorer_charts_are_drawn_in_french_with_their_alt_text(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    table = setup_table(STANDARD, list(STANDARD.tiles), None, None, {WORM: 2, "5": 3})
    reach_alt = reach_bars(analyse(table), "fr").alt
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 4000})
            page.goto(f"{server}/explorer?lang=fr")
            page.wait_for_selector(READY, timeout=60_000)
            charts = page.get_by_test_id("stPlotlyChart")
            expect(charts).to_have_count(4, timeout=60_000)
            expect(charts.first).to_have_attribute("aria-label", reach_alt)
            expect(charts.first.locator("svg.main-svg").first).to_be_visible(timeout=60_000)
            ticks = charts.first.locator(".xtick text").all_text_contents()
            assert f"50{NARROW_NBSP}%" in ticks
            keep_values = charts.nth(1).locator("text.bartext").all_text_contents()
            assert f"★ 94,7{NARROW_NBSP}%" in keep_values
            assert page.locator(".modebar").count() == 0
        finally:
            browser.close()
