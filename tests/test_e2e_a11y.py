"""Accessibility in Chromium: axe-core on every page in every language, and the page's language;
on the way, no raw content key and no English sentence left on a French or Dutch page.

axe-core (vendored in tests/vendor, see its README) checks what a screen reader and a reader with
weak sight meet: names of controls and images, contrast of text, heading order, list markup,
landmarks. It cannot see inside the SVG drawings (each has its own alt text, checked elsewhere).
Every page is reached by its sidebar link, as a reader does; the sandbox is checked mid-turn (a
roll waiting for a keep, tiles marked), the quiz with a question answered, and the explorer with
its charts drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from pickomino.i18n import LANGS, strings, t
from pickomino.pages import PAGES
from tests.browser import answered, needs_chromium, open_page, ready

pytestmark = needs_chromium

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
SERIOUS = ("serious", "critical")
RUN_AXE = """() => axe.run(document, {resultTypes: ["violations"]}).then(result =>
  result.violations.map(v => ({id: v.id, impact: v.impact,
    stale: v.nodes.every(n => n.target.length === 1
      && !!document.querySelector(n.target[0])?.closest('[data-stale="true"]')),
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + ": " + n.failureSummary)})))"""
STALE_RUNS = 5
"""How many times axe runs again when all it found is on elements a run was redrawing."""


def untranslated(page: Page, lang: str) -> list[str]:
    """Raw content keys on the page, and English sentences left on a French or Dutch one.

    AppTest checks the script's output; this checks what the browser drew, where Streamlit
    might put back a word of its own or a widget shows a value from another run.
    """
    text = page.get_by_test_id("stMain").inner_text()
    found = [key for key in strings(lang) if key in text]  # type: ignore[arg-type]
    if lang != "en":
        theirs = strings(lang)  # type: ignore[arg-type]
        found += [
            english
            for key, english in strings("en").items()
            if len(english) > 25
            and "{" not in english
            and english != theirs.get(key)
            and english in text
        ]
    return found


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's serious and critical findings on the page as it is now, and headings out of order
    (moderate for axe, but a screen reader's outline of the page)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE)
    for _ in range(STALE_RUNS):
        found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
        serious = [f for f in found if f["impact"] in SERIOUS or f["id"] == "heading-order"]
        # Streamlit fades what a slow run is redrawing (`data-stale`, the live pages' polls): a
        # contrast measured mid-fade is the fade's, so such findings are measured again
        if not any(f["stale"] for f in serious):
            break
        ready(page)
    return [{key: value for key, value in f.items() if key != "stale"} for f in serious]


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_passes_axe_and_says_its_language(
    server: str, browser: Browser, lang: str
) -> None:
    page = open_page(browser, f"{server}/?lang={lang}", 1280, 3000)
    nav = page.locator(".st-key-frame_nav")
    found, left = {}, {}
    for spec in PAGES:
        title = t(f"page.{spec.key}.title", lang)
        if spec.key != "home":
            with answered(page):
                nav.get_by_role("link", name=title, exact=True).click()
        expect(page.locator("h1").first).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == lang
        if spec.key == "sandbox":  # mid-turn: a roll to keep from, the odds beside it
            with answered(page):
                page.locator(".st-key-sandbox_roll button").click()
        if spec.key == "quiz":  # a quiz begun and a question answered: the feedback checked
            with answered(page):
                page.locator(".st-key-quiz_draw button").click()
            with answered(page):
                page.locator("[class*='st-key-quiz_choice_'] button").first.click()
        if spec.key == "explorer":  # the charts drawn
            chart = page.get_by_test_id("stPlotlyChart").first
            expect(chart.locator("svg.main-svg").first).to_be_visible()
        found[spec.key] = violations(page)
        left[spec.key] = untranslated(page, lang)
    assert {key: v for key, v in found.items() if v} == {}
    assert {key: v for key, v in left.items() if v} == {}, "raw keys or English left on the page"
