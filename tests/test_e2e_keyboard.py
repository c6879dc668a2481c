"""A whole sandbox turn played by keyboard alone: Tab and Shift+Tab move, Enter and Space press.

No mouse, no `.click()`, no `.focus()` on a target: a learner or a teacher who cannot use a mouse
reaches every move the way a keyboard does, and sees where the focus is (an outline or a ring on
the focused element, on screen) before pressing it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from pickomino.game import ROLL, Table
from tests.browser import answered, needs_chromium, open_page
from tests.classroom import stored_sandbox

pytestmark = needs_chromium

MAX_TABS = 80
"""How many presses of Tab (or Shift+Tab) may reach a move's button before the test gives up."""

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const box = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
    || style.boxShadow !== 'none';
  const key = Array.from(e.closest('[class*="st-key-"]')?.classList ?? [])
    .find(c => c.startsWith('st-key-')) ?? '';
  return {
    key: key.slice('st-key-'.length),
    tag: e.tagName,
    text: (e.innerText || e.getAttribute('aria-label') || '').trim().slice(0, 60),
    onScreen: box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
      && box.bottom <= innerHeight && box.right <= innerWidth,
    ring: ring,
    outline: style.outlineStyle + ' ' + style.outlineWidth,
    shadow: style.boxShadow,
  };
}"""
"""What has the focus: the Streamlit key of its element, whether it is wholly on screen and
whether it shows a focus indicator (an outline of some width, or a box shadow)."""

AHEAD = """key => {
  const target = document.querySelector(`.st-key-${key} button`);
  if (!target) return null;
  const here = document.activeElement;
  if (!here || here === document.body) return true;
  return Boolean(here.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING);
}"""
"""Whether the button of `key` comes after the focused element (Tab) or before it (Shift+Tab);
None when the page has no such button."""


def reach(page: Page, prefix: str) -> str:
    """Move the focus with Tab (or Shift+Tab, for a button above it) to the first enabled button
    whose key starts with `prefix`; check it is on screen and shows where the focus is, and that
    every link and button passed on the way showed it too. Returns the key reached."""
    keys = page.evaluate(
        """prefix => Array.from(document.querySelectorAll('[class*="st-key-"]'))
          .flatMap(e => Array.from(e.classList)).filter(c => c.startsWith('st-key-' + prefix))
          .map(c => c.slice('st-key-'.length))""",
        prefix,
    )
    assert keys, f"no button with a key starting {prefix!r} on the page"
    forward = page.evaluate(AHEAD, keys[0])
    press = "Tab" if forward else "Shift+Tab"
    passed = []
    for _ in range(MAX_TABS):
        page.keyboard.press(press)
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        passed.append(focused)
        if focused["tag"] in ("A", "BUTTON"):  # every link and button on the way, too
            assert focused["ring"], (
                f"a focused {focused['tag']} shows no focus indicator: {focused}"
            )
        if focused["key"].startswith(prefix) and focused["tag"] == "BUTTON":
            assert focused["onScreen"], f"the focused button is not wholly on screen: {focused}"
            assert focused["ring"], f"the focused button shows no focus indicator: {focused}"
            return str(focused["key"])
    trail = ", ".join(f"{f['key'] or f['tag']}" for f in passed[-12:])
    pytest.fail(f"{press} did not reach a {prefix!r} button in {MAX_TABS} presses (last: {trail})")


def press(page: Page, prefix: str, key: str = "Enter") -> tuple[str, Table]:
    """Reach the `prefix` button by keyboard and press it with `key`; the table it leaves."""
    reached = reach(page, prefix)
    before = stored_sandbox(page)
    with answered(page):
        page.keyboard.press(key)
    after = stored_sandbox(page)  # what a reload of the address opens
    assert after is not None and after != before, f"pressing {reached} with {key} changed nothing"
    return reached, after.table


def test_a_whole_sandbox_turn_played_with_the_keyboard_alone(server: str, browser: Browser) -> None:
    # A seed, so the dice and the path through the turn are the same at every run.
    page = open_page(browser, f"{server}/sandbox?lang=fr&seed=7", 1280, 1000)
    assert page.evaluate("document.documentElement.lang") == "fr"

    _, table = press(page, "sandbox_roll")
    assert table.phase == "keep" and table.rolled is not None, table.phase
    player = table.current

    reached, table = press(page, "sandbox_keep_", "Space")
    face = reached.removeprefix("sandbox_keep_")
    assert face in table.kept and table.rolled is None, (face, table.kept)

    if ROLL in table.legal_moves():  # roll again, as offered
        _, table = press(page, "sandbox_roll")
        if table.phase == "keep":  # the roll can go on: set aside a second value
            reached, table = press(page, "sandbox_keep_", "Space")
            assert reached.removeprefix("sandbox_keep_") in table.kept

    if table.current == player and table.phase in ("decide", "take"):  # end the turn
        takes = [move for move in table.legal_moves() if move.kind == "take"]
        if takes:
            reached, table = press(page, "sandbox_take_")
            tile = int(reached.removeprefix("sandbox_take_"))
            assert any(stack[-1:] == (tile,) for stack in table.stacks), (tile, table.stacks)
        else:
            _, table = press(page, "sandbox_stop")
    # the turn is over: the next one waits for its first roll
    assert table.phase in ("roll", "over") and not table.kept, (table.phase, table.kept)
