"""A whole game on the Play page and a whole class quiz, on a phone (390x844), in Chromium.

What a phone shows first: for a fresh game, whose turn it is, the table and the roll's groups of
dice, the settings (the bots' pace, the toggles) only under them, and still working; for a pupil
opening a quiz link, the first question and its answers, the teacher's part only under them; and
after each "Next question", the next question's heading on the screen, not above it.

A person plays a cautious bot by tapping: the first group of dice of each roll, then a tile as
soon as one is offered, else a roll on, until the game ends. At every decision the page may not
scroll sideways, the dice and the moves decided on them must fit one screen together once the dice
are scrolled into view (the moves right under the dice, not a table's height below), and no button
label may break inside a word. A pupil then answers every question of a class quiz, and the page
never scrolls sideways either.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from pickomino.i18n import LANGS, t, tn
from pickomino.lessons.quiz import Setup, questions
from tests.browser import BROKEN_WORDS, answered, needs_chromium, open_page

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}

SIDEWAYS = "document.scrollingElement.scrollWidth > innerWidth"

MOVES = ", ".join(
    f"[class*='st-key-play_{kind}'] button:not([disabled])"
    for kind in ("roll", "keep_", "take_", "stop")
)
"""Every move the table offers a person: the groups of dice, roll on, a tile, stop."""

DECISION = f"""() => {{
  const moves = [...document.querySelectorAll("{MOVES}")];
  const column = moves[0].closest("[data-testid=stColumn]");
  const dice = column.querySelector("[data-testid=stHtml]");
  const top = document.querySelector("[data-testid=stHeader]").getBoundingClientRect().bottom;
  dice.style.scrollMarginTop = `${{top}}px`;  // under Streamlit's header, not behind it
  dice.scrollIntoView({{block: "start"}});
  const outside = [dice, ...moves]
    .map(e => [e.innerText.trim(), e.getBoundingClientRect()])
    .filter(([, box]) => box.top < top - 1 || box.bottom > innerHeight || box.right > innerWidth)
    .map(([text, box]) => `${{text}} at ${{Math.round(box.top)}}-${{Math.round(box.bottom)}}`);
  return {{moves: moves.length, outside}};
}}"""
"""Scroll the decision column's first drawing (the dice set aside, above the roll's groups or the
moves) to the top of the screen, under Streamlit's header; the moves the screen then hides."""


FIRST_SCREEN = """([wanted, after]) => {
  document.querySelector("[data-testid=stMain]").scrollTo(0, 0);
  const boxes = selector => [...document.querySelectorAll(selector)]
    .map(e => e.getBoundingClientRect());
  const shown = boxes(wanted), later = boxes(after);
  return {
    shown: shown.length,
    lowest: Math.round(Math.max(...shown.map(box => box.bottom))),
    after: later.length,
    next: Math.round(Math.min(...later.map(box => box.top))),
    height: innerHeight,
    wide: document.documentElement.scrollWidth,
  };
}"""
"""The page scrolled back to its top (Streamlit scrolls its main area, not the document): how many
`wanted` elements there are and the lowest one's bottom, how many `after` elements and the highest
one's top, the window's height and the page's width."""


def first_screen(page: Page, wanted: str, after: str) -> dict[str, int]:
    """`FIRST_SCREEN`, checked: every `wanted` element within the first screen, every `after`
    element under them all, and no sideways scrolling."""
    shown: dict[str, int] = page.evaluate(FIRST_SCREEN, [wanted, after])
    assert shown["shown"] and shown["after"], shown
    assert shown["lowest"] <= shown["height"], shown
    assert shown["next"] >= shown["lowest"], shown
    assert shown["wide"] <= page.viewport_size["width"], shown  # type: ignore[index]
    return shown


GROUPS = "[class*='st-key-play_keep_'] button"
SETTINGS = "[data-testid=stMain] :is([data-testid=stRadio], [data-testid=stCheckbox])"
"""The settings of a game: the bots' pace (a radio) and the learner's toggles."""


@pytest.mark.parametrize(
    ("lang", "width", "height"), [*((lang, 390, 844) for lang in LANGS), ("en", 1280, 800)]
)
def test_a_fresh_game_shows_the_table_and_the_dice_before_the_settings(
    server: str, browser: Browser, lang: str, width: int, height: int
) -> None:
    """Whose turn, the table, then the roll as its groups of dice on the first screen; the pace
    and the toggles under them, and a toggle still works (the odds under each group)."""
    phone = width < 640
    page = open_page(browser, f"{server}/play?lang={lang}", width, height, is_mobile=phone)
    seed = page.get_by_label(t("play.seed", lang), exact=True)
    seed.fill("7")  # the same first roll every run: five values
    with answered(page):
        seed.press("Enter")
    with answered(page):
        page.get_by_role("button", name=t("play.start", lang)).click()
    table = "[data-testid=stMain] h2, .pk-tiles, .pk-stacks"
    first_screen(page, f"{table}, [class*='st-key-play_roll'] button", SETTINGS)
    with answered(page):
        page.locator("[class*='st-key-play_roll'] button").click()
    shown = first_screen(page, f"{table}, {GROUPS}", SETTINGS)
    groups = page.locator(GROUPS)
    assert groups.count() == 5, shown
    assert page.evaluate(BROKEN_WORDS) == []
    odds = page.locator(f"{GROUPS} p + p")  # each group's odds, under its name in its button
    expect(odds).to_have_count(0)
    with answered(page):
        page.get_by_text(t("play.odds", lang), exact=True).click()
    expect(odds).to_have_count(5)
    first_screen(page, GROUPS, SETTINGS)


def decide(page: Page) -> None:
    """Check the screen, then tap: the first group of dice, else a tile, else roll on, else stop."""
    assert not page.evaluate(SIDEWAYS), "the page scrolls sideways"
    shown = page.evaluate(DECISION)
    assert shown["moves"] >= 1 and shown["outside"] == [], shown
    assert page.evaluate(BROKEN_WORDS) == []
    for kind in ("keep_", "take_", "roll", "stop"):
        offered = page.locator(f"[class*='st-key-play_{kind}'] button:not([disabled])")
        if offered.count():
            with answered(page):
                offered.first.click()
            return
    pytest.fail("a person to play and no move offered")


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_a_whole_game_against_a_bot_tapped_on_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    page = open_page(browser, f"{server}/play?lang={lang}", **PHONE, is_mobile=True)
    page.get_by_label(t("play.seat_kind", lang, n=2), exact=True).click()  # opens the list
    with answered(page):
        page.get_by_role("option", name=t("play.kind.cautious", lang)).click()
    seed = page.get_by_label(t("play.seed", lang), exact=True)
    seed.fill("7")  # the same dice every run
    with answered(page):
        seed.press("Enter")
    with answered(page):
        page.get_by_role("button", name=t("play.start", lang)).click()
    with answered(page):  # the bot waits for a tap, so a check never races its timer
        page.get_by_text(t("play.pace.step", lang), exact=True).click()
    over = page.get_by_role("heading", name=tn("play.winner", 1, lang, winners="|").split("|")[0])
    skip = page.get_by_role("button", name=t("play.skip", lang))
    decisions = 0
    while not over.count():
        if page.locator(MOVES).count():
            decide(page)
            decisions += 1
        else:
            with answered(page):
                skip.click()
    assert decisions > 10, decisions  # a whole game, not one turn
    expect(page.get_by_role("button", name=t("play.again", lang))).to_be_visible()
    assert not page.evaluate(SIDEWAYS), "the end of the game scrolls sideways"
    assert page.evaluate(BROKEN_WORDS) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_quiz_link_opens_on_its_first_question_on_a_phone(
    server: str, browser: Browser, lang: str
) -> None:
    """A pupil's link: the question, its table and every answer on the first screen, *Another
    code* under them, and nothing of the teacher's (the code for the board, the live button)."""
    code = "PHONE-E5"
    first = questions(Setup("PHONE", "experienced", 5))[0]
    page = open_page(browser, f"{server}/quiz?code={code}&lang={lang}", **PHONE, is_mobile=True)
    main = page.get_by_test_id("stMain")
    expect(main.get_by_role("heading", level=2)).to_have_text(
        t("quiz.page.question", lang, n=1, count=5)
    )
    answers = "[class*='st-key-quiz_choice_0_'] button"
    expect(page.locator(answers)).to_have_count(len(first.choices))
    first_screen(
        page,
        f"[data-testid=stMain] h2, .st-key-quiz_asked .pk-tiles, {answers}",
        ".st-key-quiz_another",
    )
    expect(page.locator(".st-key-room_ask_quiz")).to_have_count(0)
    expect(main.get_by_text(code, exact=True)).to_have_count(0)
    assert page.evaluate(BROKEN_WORDS) == []


def in_view(page: Page, element: Locator) -> bool:
    """Whether `element` is wholly on the screen, under Streamlit's header."""
    box = element.bounding_box()
    header = page.get_by_test_id("stHeader").bounding_box()
    assert box is not None and header is not None
    return (
        header["y"] + header["height"] <= box["y"] + 1
        and box["y"] + box["height"] <= PHONE["height"]
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_class_quiz_on_a_phone(server: str, browser: Browser, lang: str) -> None:
    code, count = "PHONE", 5
    found = questions(Setup(code, "first", count))
    page = open_page(
        browser, f"{server}/quiz?code={code}&count={count}&lang={lang}", **PHONE, is_mobile=True
    )
    main = page.get_by_test_id("stMain")
    for number, question in enumerate(found):
        heading = t("quiz.page.question", lang, n=number + 1, count=count)
        expect(main.get_by_role("heading", level=2)).to_have_text(heading)
        assert in_view(page, main.get_by_role("heading", level=2)), f"question {number + 1}"
        assert not page.evaluate(SIDEWAYS), f"question {number + 1} scrolls sideways"
        assert page.evaluate(BROKEN_WORDS) == []
        with answered(page):
            page.get_by_role(
                "button", name=question.choice_text(question.answer, lang), exact=True
            ).click()
        assert not page.evaluate(SIDEWAYS), f"the verdict on {number + 1} scrolls sideways"
        last = number + 1 == count
        with answered(page):
            page.get_by_role(
                "button", name=t(f"quiz.page.{'finish' if last else 'next'}", lang)
            ).click()
    expect(main.get_by_role("heading", level=2)).to_have_text(t("quiz.page.end_title", lang))
    assert in_view(page, main.get_by_role("heading", level=2)), "the end"
    assert not page.evaluate(SIDEWAYS), "the end of the quiz scrolls sideways"
    assert page.evaluate(BROKEN_WORDS) == []
