"""Take the README's pictures of the app in Chromium, as a learner, a teacher and a phone see it.

Run from the checkout: `uv run python docs/pictures.py` (writes docs/pictures/*.png). Uses the
browser tests' helpers: a `streamlit run` on 127.0.0.1 and Debian's Chromium.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pickomino.i18n import t  # noqa: E402
from tests.browser import answered, chromium, open_page, streamlit_server  # noqa: E402

OUT = ROOT / "docs" / "pictures"


def main() -> None:
    """Each picture from a fresh page, so one does not inherit another's settings."""
    OUT.mkdir(parents=True, exist_ok=True)
    with streamlit_server() as server, chromium() as browser:
        # A learner on a laptop: the walkthrough's first decision, advice beside the moves.
        page = open_page(browser, f"{server}/sandbox?lang=en&scenario=turn-walkthrough", 1280, 800)
        with answered(page):
            page.get_by_role("button", name=t("sandbox.redo", "en")).click()
        page.screenshot(path=OUT / "sandbox-laptop-en.png")
        # A teacher's projector: presentation mode at 1024x768, in French.
        link = f"{server}/sandbox?lang=fr&scenario=turn-walkthrough&present=1"
        page = open_page(browser, link, 1024, 768)
        with answered(page):
            page.get_by_role("button", name=t("sandbox.redo", "fr")).click()
        page.evaluate("document.querySelector('h1').scrollIntoView()")
        page.screenshot(path=OUT / "sandbox-projector-fr.png")
        # A phone: the Learn page on taking a tile, in Dutch.
        page = open_page(browser, f"{server}/taking?lang=nl", 390, 844, is_mobile=True)
        page.screenshot(path=OUT / "taking-phone-nl.png")
        # The odds explorer's charts.
        page = open_page(browser, f"{server}/explorer?lang=en", 1280, 1400)
        page.get_by_test_id("stPlotlyChart").first.locator("svg.main-svg").first.wait_for()
        page.screenshot(path=OUT / "explorer-en.png")


if __name__ == "__main__":
    main()
