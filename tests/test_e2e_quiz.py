"""A class quiz answered to its summary in Chromium, in French, by clicks on the choices' words.

AppTest clicks a button by its key and draws nothing; here a pupil reads the question's number,
clicks a choice by what it says, reads the verdict, goes on with Next and Finish, and reaches the
end screen with the score and each rule's score, the missed rule linked to its page.
"""

from __future__ import annotations

import html
import re

from playwright.sync_api import Browser, expect

from pickomino.i18n import t, tn
from pickomino.lessons.quiz import RULE_PAGES, Setup, by_rule, questions, read_code
from tests.browser import answered, needs_chromium, open_page

pytestmark = needs_chromium

CODE, COUNT, LANG = "CM2B", 3, "fr"
RIGHTS = (True, False, True)
"""Which questions the pupil gets right: one wrong, so the end screen has a rule to read again."""


def test_a_class_quiz_answered_by_clicks_ends_with_the_score_rule_by_rule(
    server: str, browser: Browser
) -> None:
    found = questions(Setup(CODE, "first", COUNT))
    page = open_page(
        browser, f"{server}/quiz?code={CODE.lower()}&count={COUNT}&lang=fr", 1280, 1400
    )
    main = page.get_by_test_id("stMain")
    picked = []
    for number, (question, right) in enumerate(zip(found, RIGHTS, strict=True)):
        heading = t("quiz.page.question", LANG, n=number + 1, count=COUNT)
        expect(main.get_by_role("heading", level=2)).to_have_text(heading)
        index = question.answer if right else (question.answer + 1) % len(question.choices)
        choice = question.choice_text(index, LANG)
        with answered(page):
            page.get_by_role("button", name=choice, exact=True).click()
        picked.append(index)
        verdict = page.get_by_test_id("stAlertContentSuccess" if right else "stAlertContentError")
        expect(verdict).to_contain_text(t("quiz.page.right" if right else "quiz.page.wrong", LANG))
        expect(page.get_by_role("button", name=choice, exact=True)).to_have_count(0)
        last = number + 1 == COUNT
        with answered(page):
            page.get_by_role(
                "button", name=t(f"quiz.page.{'finish' if last else 'next'}", LANG)
            ).click()

    expect(main.get_by_role("heading", level=2)).to_have_text(t("quiz.page.end_title", LANG))
    score = t("quiz.page.end_score", LANG, right=sum(RIGHTS), count=COUNT)
    expect(main.get_by_text(score, exact=True)).to_be_visible()
    summary = by_rule(found, picked)
    for rule in summary:
        said = tn("quiz.page.rule_score", rule.right, LANG, asked=rule.asked)
        line = main.get_by_test_id("stMarkdownContainer").filter(has_text=said)
        expect(line.filter(has_text=t(f"quiz.rule.{rule.rule}", LANG))).to_have_count(1)
    missed = [rule for rule in summary if rule.missed]
    assert len(missed) == 1, summary  # the answers' premise: one rule to read again
    links = main.get_by_test_id("stPageLink")  # the missed rule's alone
    expect(links).to_have_count(len(missed))
    titles = [t(f"page.{RULE_PAGES[rule.rule]}.title", LANG) for rule in missed]
    expect(links).to_contain_text([t("quiz.page.read_rule", LANG, page=title) for title in titles])
    expect(page.get_by_role("button", name=t("quiz.page.again", LANG))).to_be_visible()


def test_a_reload_mid_quiz_keeps_the_answers(server: str, browser: Browser) -> None:
    found = questions(Setup("RELOADED", "first", COUNT))
    page = open_page(browser, f"{server}/quiz?code=RELOADED-B{COUNT}&lang=nl", 1280, 1400)
    main = page.get_by_test_id("stMain")
    first = found[0].choice_text(found[0].answer, "nl")
    with answered(page):
        page.get_by_role("button", name=first, exact=True).click()
    with answered(page):
        page.get_by_role("button", name=t("quiz.page.next", "nl")).click()
    expect(main.get_by_role("heading", level=2)).to_have_text(
        t("quiz.page.question", "nl", n=2, count=COUNT)
    )
    expect(page).to_have_url(re.compile(r"[?&]run="))
    with answered(page):
        page.reload()
    expect(main.get_by_role("heading", level=2)).to_have_text(
        t("quiz.page.question", "nl", n=2, count=COUNT)
    )
    score = t("quiz.page.score", "nl", right=1, answered=1)
    expect(main.get_by_text(score, exact=True)).to_be_visible()


def test_a_pupils_page_holds_no_answer_before_it_is_answered(server: str, browser: Browser) -> None:
    """The whole HTML the pupil's browser holds, not only what shows: no answer sheet, folded or
    hidden, no *Play live*, no explanation; the question's answer once it is answered, no other."""
    code = "PUPIL-E5"
    found = questions(read_code(code))
    page = open_page(browser, f"{server}/quiz?code={code}&lang=en", 390, 844, is_mobile=True)
    main = page.get_by_test_id("stMain")
    expect(main.get_by_role("heading", level=2)).to_have_text(
        t("quiz.page.question", "en", n=1, count=len(found))
    )
    held = html.unescape(page.content())
    assert found[0].prompt("en") in held  # the page read is the question's
    for text in (t("quiz.page.sheet", "en"), t("room.teacher.quiz", "en")):
        assert text not in held
    for question in found:
        right = question.choice_text(question.answer, "en")
        assert t("quiz.page.sheet_answer", "en", answer=right) not in held
        assert question.explanation("en") not in held
    with answered(page):
        page.get_by_role("button", name=found[0].choice_text(0, "en"), exact=True).click()
    expect(main.get_by_text(found[0].explanation("en"))).to_be_visible()
    held = html.unescape(page.content())
    assert not any(question.explanation("en") in held for question in found[1:])
    assert t("quiz.page.sheet", "en") not in held


def test_the_class_code_stays_on_one_line_on_a_phone(server: str, browser: Browser) -> None:
    """The teacher's code, copied from the board: a phone must not break it at its hyphen."""
    for word in ("ZX9", "ABCDEFGHIJKLMNOPQRST"):  # the teacher's own word: the code is theirs
        page = open_page(browser, f"{server}/quiz?lang=fr", 390, 800, is_mobile=True)
        typed = page.get_by_role("textbox", name=t("quiz.page.code_label", "fr"))
        typed.fill(word)
        with answered(page):
            page.get_by_role("button", name=t("quiz.page.start", "fr")).click()
        code = f"{word}-B10"  # the longest code a form makes, as long as an -E15 one
        shown = page.locator("p", has_text=code).last
        expect(shown).to_be_visible()
        fits = shown.evaluate(
            "p => ({lines: Math.round(p.getBoundingClientRect().height"
            " / parseFloat(getComputedStyle(p).lineHeight)),"
            " overflow: p.scrollWidth - p.clientWidth})"
        )
        assert fits == {"lines": 1, "overflow": 0}, (code, fits)
