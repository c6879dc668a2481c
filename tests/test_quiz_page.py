"""The Quiz page through AppTest: a whole quiz by clicks, the languages, a bad code, the sheet."""

import html
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from pickomino.echo import WORD_JOINER, echoed
from pickomino.i18n import LANGS, t, tn
from pickomino.lessons.quiz import (
    RULE_PAGES,
    Question,
    QuizError,
    Setup,
    by_rule,
    questions,
    random_code,
    read_code,
    read_count,
    score,
)
from pickomino.pages import PAGES
from pickomino.store import EXPIRY, StoreFault, open_store
from pickomino.ui import quiz_view, storage
from pickomino.ui.storage import URL_SETTING
from tests.test_app import opened

PAGE = "app_pages/quiz.py"


def quiz_page(lang: str = "en", **params: str) -> AppTest:
    """The Quiz page opened directly by its URL, with these query parameters."""
    return opened(PAGE, lang, **params)


def answer(at: AppTest, number: int, question: Question, *, right: bool) -> AppTest:
    """Click the right (or a wrong) choice of question `number`, the generator's index deciding."""
    index = question.answer if right else (question.answer + 1) % len(question.choices)
    return at.button(key=f"quiz_choice_{number}_{index}").click().run()


def markdown(at: AppTest) -> str:
    return "\n".join(str(element.value) for element in at.markdown)


def page_links(at: AppTest) -> list[tuple[str, str]]:
    """The main area's page links: (label, page url path)."""
    return [(link.proto.label, link.proto.page) for link in at.main.get("page_link")]


def test_a_whole_quiz_answered_by_clicks_ends_with_the_score_and_the_rules_missed() -> None:
    found = questions(Setup("CM2B", "first", 5))
    at = quiz_page(code="cm2b", count="5")  # a link made before codes carried their quiz
    assert not at.exception
    assert at.query_params["code"] == "CM2B-B5", "the URL now says the quiz in the code"
    assert "level" not in at.query_params and "count" not in at.query_params
    rights = [True, False, True, True, False]
    for number, (question, right) in enumerate(zip(found, rights, strict=True)):
        assert at.header[0].value == t("quiz.page.question", "en", n=number + 1, count=5)
        assert f"**{question.prompt('en')}**" in markdown(at)
        at = answer(at, number, question, right=right)
        assert not at.exception
        said = [e.value for e in (at.success if right else at.error)]
        assert said == [t("quiz.page.right" if right else "quiz.page.wrong", "en")]
        right_text = question.choice_text(question.answer, "en")
        assert f"**{right_text}** ({t('quiz.page.right_answer', 'en')})" in markdown(at)
        assert at.info[0].value == question.explanation("en")
        links = page_links(at)
        assert links[0][1] == RULE_PAGES[question.rule]  # the Learn page of the rule
        assert links[1][1] == "sandbox"  # the table, opened in the sandbox
        at.button(key=f"quiz_next_{number}").click().run()

    assert at.header[0].value == t("quiz.page.end_title", "en")
    assert t("quiz.page.end_score", "en", right=3, count=5) in markdown(at)
    summary = by_rule(found, [q.answer if r else -1 for q, r in zip(found, rights, strict=True)])
    missed = [rule for rule in summary if rule.missed]
    assert missed, "the wrong answers miss at least one rule"
    for rule in summary:
        result = tn("quiz.page.rule_score", rule.right, "en", asked=rule.asked)
        assert f"**{result}** {t(f'quiz.rule.{rule.rule}', 'en')}" in markdown(at)
    linked = [page for _, page in page_links(at)]
    assert linked == [RULE_PAGES[rule.rule] for rule in missed]

    at.button(key="quiz_again").click().run()
    assert at.header[0].value == t("quiz.page.question", "en", n=1, count=5)
    assert t("quiz.page.score", "en", right=0, answered=0) in markdown(at)


def test_the_same_code_asks_the_same_questions_in_two_languages() -> None:
    english = quiz_page("en", code="CM2B-E10")
    dutch = quiz_page("nl", code="cm2b-e10")
    found = questions(Setup("CM2B", "experienced", 10))
    first = found[0]
    for at, lang in ((english, "en"), (dutch, "nl")):
        assert not at.exception
        assert f"**{first.prompt(lang)}**" in markdown(at)
        labels = [b.label for b in at.button if b.key.startswith("quiz_choice_0_")]
        assert labels == [first.choice_text(i, lang) for i in range(len(first.choices))]
    assert first.prompt("en") != first.prompt("nl")
    assert english.session_state["quiz_setup"] == dutch.session_state["quiz_setup"]


def test_a_bad_code_is_refused_in_the_readers_language_and_the_quiz_shown_stays() -> None:
    at = quiz_page("fr", code="CM2B!")
    assert at.error[0].value == t("quiz.error.bad_code", "fr", given=echoed("CM2B!"))
    assert "code" not in at.query_params, "the bad code leaves the URL"
    assert at.text_input(key="quiz_code_input") is not None  # the form is still offered

    at = quiz_page("en", code="CM2B-B5")
    found = questions(Setup("CM2B", "first", 5))
    at = answer(at, 0, found[0], right=True)
    at.query_params["code"] = "CM2B"
    at.query_params["count"] = "500"
    at = at.switch_page("app_pages/home.py").run().switch_page(PAGE).run()
    assert at.error[0].value == t("quiz.error.bad_count", "en", count="500", high=50)
    assert at.session_state["quiz_setup"] == Setup("CM2B", "first", 5)  # nothing else is lost
    assert at.button(key="quiz_next_0") is not None


def test_a_hostile_code_is_quoted_literally_and_cannot_turn_the_message_around() -> None:
    """A right-to-left override made a refusal read as another sentence, an order to follow."""
    code = "\u202eCM2 [in](http://evil.example) ![i](http://x/y) <img src=x>"
    for lang in LANGS:
        at = quiz_page(lang, code=code)
        (error,) = at.error
        assert error.value == t("quiz.error.bad_code", lang, given=echoed(code))
        for active in ("\u202e", "](", "<img", "http://"):
            assert active not in error.value, active
        shown = html.unescape(echoed(code)).replace(WORD_JOINER, "")
        assert shown == code[1:]  # every character shown but the override


def test_a_typed_code_starts_its_own_quiz_whatever_the_pickers_say() -> None:
    at = quiz_page("nl")
    at.text_input(key="quiz_code_input").input("groep 6").run()
    at.button(key="quiz_start").click().run()
    assert at.error[0].value == t("quiz.error.bad_code", "nl", given="groep 6")
    at.radio(key="quiz_level_pick").set_value("experienced").run()  # a pupil's own pickers
    at.radio(key="quiz_count_pick").set_value(5).run()
    at.text_input(key="quiz_code_input").input("groep-6-e15").run()
    at.button(key="quiz_start").click().run()
    assert not at.error
    assert at.session_state["quiz_setup"] == Setup("GROEP-6", "experienced", 15)
    assert at.query_params["code"] == "GROEP-6-E15"
    assert at.header[0].value == t("quiz.page.question", "nl", n=1, count=15)  # the code's quiz


def test_a_word_of_the_teachers_own_gets_the_defaults_and_the_screen_says_so() -> None:
    at = quiz_page("fr")
    at.radio(key="quiz_level_pick").set_value("experienced").run()
    at.text_input(key="quiz_code_input").input("cm2b").run()
    at.button(key="quiz_start").click().run()
    assert at.session_state["quiz_setup"] == Setup("CM2B", "first", 10)
    level = t("quiz.level.first", "fr")
    assert tn("quiz.page.settings", 10, "fr", level=level) in markdown(at)
    assert [e for e in at.main.get("html") if "CM2B-B10" in e.proto.body]
    assert at.caption[0].value == t("quiz.page.code_parts", "fr")


def test_a_pupil_typing_the_teachers_code_or_opening_the_link_gets_the_teachers_quiz() -> None:
    teacher = quiz_page("en")
    teacher.radio(key="quiz_level_pick").set_value("experienced").run()
    teacher.radio(key="quiz_count_pick").set_value(5).run()
    teacher.button(key="quiz_draw").click().run()
    setup: Setup = teacher.session_state["quiz_setup"]
    assert (setup.level, setup.count) == ("experienced", 5)
    code = teacher.query_params["code"]
    assert code == setup.code and code.endswith("-E5")

    typed = quiz_page("nl")  # another device, its pickers left at the defaults
    typed.text_input(key="quiz_code_input").input(code.lower()).run()
    typed.button(key="quiz_start").click().run()
    linked = quiz_page("fr", code=code)
    for pupil, lang in ((typed, "nl"), (linked, "fr")):
        assert pupil.session_state["quiz_setup"] == setup
        assert pupil.header[0].value == t("quiz.page.question", lang, n=1, count=5)
    found = questions(setup)
    assert f"**{found[0].prompt('nl')}**" in markdown(typed)
    assert f"**{found[0].prompt('fr')}**" in markdown(linked)


def test_a_drawn_code_starts_a_fresh_quiz() -> None:
    at = quiz_page("en")
    at.button(key="quiz_draw").click().run()
    code = at.query_params["code"]
    setup = read_code(code)
    assert setup.code == code and len(setup.word) == 4
    assert (setup.level, setup.count) == ("first", 10)
    assert at.header[0].value == t("quiz.page.question", "en", n=1, count=10)


def test_progress_is_kept_across_a_language_switch_and_a_page_switch() -> None:
    found = questions(Setup("CM2B", "first", 5))
    at = quiz_page("en", code="CM2B-B5")
    at = answer(at, 0, found[0], right=True)
    at.button(key="quiz_next_0").click().run()
    at = answer(at, 1, found[1], right=False)
    at.sidebar.selectbox(key="lang_picker").set_value("fr").run()
    assert at.header[0].value == t("quiz.page.question", "fr", n=2, count=5)
    assert t("quiz.page.score", "fr", right=1, answered=2) in markdown(at)
    assert at.error[0].value == t("quiz.page.wrong", "fr")
    assert f"**{found[1].prompt('fr')}**" in markdown(at)

    at = at.switch_page("app_pages/taking.py").run()
    del at.query_params["code"]  # the sidebar's link carries only the language
    at = at.switch_page(PAGE).run()
    assert at.header[0].value == t("quiz.page.question", "fr", n=2, count=5)
    assert at.query_params["code"] == "CM2B-B5", "the URL says the quiz again"
    at.query_params["code"] = "OLDER"  # a click carries the address the browser showed, lagging
    at.button(key="quiz_next_1").click().run()
    assert at.header[0].value == t("quiz.page.question", "fr", n=3, count=5)
    assert at.session_state["quiz_setup"] == Setup("CM2B", "first", 5)
    assert at.query_params["code"] == "CM2B-B5"


def test_the_answer_sheet_lists_every_questions_right_answer_and_rule() -> None:
    at = teacher_drew("nl", "experienced", 10)
    found = questions(read_code(str(at.query_params["code"])))
    assert t("quiz.page.sheet_answer", "nl", answer="") not in markdown(at)
    at.toggle(key="quiz_sheet").set_value(True).run()
    sheet = markdown(at)
    for question in found:
        assert question.prompt("nl") in sheet
        right = question.choice_text(question.answer, "nl")
        assert t("quiz.page.sheet_answer", "nl", answer=right) in sheet
        assert t("quiz.page.sheet_rule", "nl", rule=t(f"quiz.rule.{question.rule}", "nl")) in sheet
    assert sheet.count(t("quiz.page.sheet_answer", "nl", answer="")) == len(found)


def test_score_and_summary_count_right_answers_per_rule() -> None:
    found = questions(Setup("CM2B", "experienced", 10))
    picked = [
        q.answer if i % 2 == 0 else (q.answer + 1) % len(q.choices) for i, q in enumerate(found)
    ]
    assert score(found, picked) == 5
    assert score(found, picked[:3]) == 2
    summary = by_rule(found, picked)
    assert sum(rule.asked for rule in summary) == 10
    assert sum(rule.right for rule in summary) == 5
    assert [rule.rule for rule in summary] == list(dict.fromkeys(q.rule for q in found))


def test_a_drawn_code_is_a_valid_code_and_every_rule_page_is_a_page() -> None:
    import random

    rng = random.Random(1)
    codes = {random_code(rng) for _ in range(50)}
    assert all(read_code(code) == Setup(code) for code in codes) and len(codes) == 50
    assert set(RULE_PAGES.values()) <= {spec.key for spec in PAGES}


def test_a_count_from_a_link_is_plain_digits_within_the_limit() -> None:
    for bad in ("0", "51", "ten", "²", "1e3", ""):
        with pytest.raises(QuizError) as caught:
            read_count(bad)
        assert caught.value.code == "bad_count"
    assert read_count(" 7 ") == 7


# ----- answers kept in the store: a reload finds them -----------------------------------------


def test_a_reload_mid_quiz_finds_the_answers_given() -> None:
    found = questions(Setup("RELOAD", "first", 5))
    at = quiz_page("en", code="RELOAD-B5")
    assert "run" not in at.query_params  # nothing stored before the first answer
    at = answer(at, 0, found[0], right=True)
    at.button(key="quiz_next_0").click().run()
    at = answer(at, 1, found[1], right=False)
    run = at.query_params["run"]
    # a reload is a new session opening the same address
    again = quiz_page("en", code="RELOAD-B5", run=run)
    assert not again.exception and not again.error[1:]
    assert again.header[0].value == t("quiz.page.question", "en", n=2, count=5)
    assert t("quiz.page.score", "en", right=1, answered=2) in markdown(again)
    assert again.error[0].value == t("quiz.page.wrong", "en")  # question 2's feedback, as left
    assert again.query_params["run"] == run
    # the link handed to the class holds the code alone: each pupil's answers stay their own
    assert "run=" not in quiz_view.share_link(Setup("RELOAD", "first", 5), "en")
    # the restored page goes on storing under the same document
    again.button(key="quiz_next_1").click().run()
    again = answer(again, 2, found[2], right=True)
    third = quiz_page("en", code="RELOAD-B5", run=run)
    assert t("quiz.page.score", "en", right=2, answered=3) in markdown(third)


def test_an_unknown_or_foreign_run_is_refused_clearly_and_the_quiz_starts_afresh() -> None:
    at = quiz_page("fr", code="RELOAD-B5", run="nothing-here")
    assert at.error[0].value == t("quiz.saved.unknown", "fr")
    assert at.header[0].value == t("quiz.page.question", "fr", n=1, count=5)
    assert "run" not in at.query_params  # the dead id is not kept in the address
    # another quiz's answers do not open under this code
    other = quiz_page("en", code="OTHER-B5")
    other = answer(other, 0, questions(Setup("OTHER", "first", 5))[0], right=True)
    at = quiz_page("en", code="RELOAD-B5", run=other.query_params["run"])
    assert at.error[0].value == t("quiz.saved.unknown", "en")
    assert t("quiz.page.score", "en", right=0, answered=0) in markdown(at)


def test_expired_answers_are_refused_with_how_long_they_are_kept() -> None:
    month_ago = datetime.now(UTC) - EXPIRY - timedelta(days=1)
    with open_store(os.environ[URL_SETTING], clock=lambda: month_ago) as old:
        stale = old.create("quiz", {"code": "RELOAD-B5", "picked": [0], "at": 0})
    at = quiz_page("nl", code="RELOAD-B5", run=stale.id)
    assert at.error[0].value == t("quiz.saved.expired", "nl", days=EXPIRY.days)
    assert at.header[0].value == t("quiz.page.question", "nl", n=1, count=5)


def test_answers_changed_in_another_tab_are_shown_not_overwritten() -> None:
    found = questions(Setup("TABS", "first", 5))
    first = quiz_page("en", code="TABS-B5")
    first = answer(first, 0, found[0], right=True)
    run = first.query_params["run"]
    second = quiz_page("en", code="TABS-B5", run=run)  # the same answers in a second tab
    first.button(key="quiz_next_0").click().run()
    first = answer(first, 1, found[1], right=True)  # the first tab goes on
    second.button(key="quiz_next_0").click().run()  # the second tab, a step behind, clicks
    assert second.error[0].value == t("quiz.saved.conflict", "en")
    assert t("quiz.page.score", "en", right=2, answered=2) in markdown(second)
    assert second.header[0].value == t("quiz.page.question", "en", n=2, count=5)


def shown_order(at: AppTest, code: str) -> list[str]:
    """The main area's parts in the order drawn: the question and the code in big letters."""
    order = []
    for node in at.main:
        if node.type == "header":
            order.append("question")
        elif node.type == "html" and f">{code}</p>" in node.proto.body:
            order.append("code")
    return order


def texts(message: Message) -> Iterator[str]:
    """Every string field of a message and of the messages inside it, as sent.

    Read from the fields themselves, not from the message's text format, which writes an
    apostrophe as `\\'`: an explanation such as "an opponent's top tile" would never be found.
    """
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        for item in values:
            if field.type == FieldDescriptor.TYPE_STRING:
                yield item
            elif field.type == FieldDescriptor.TYPE_MESSAGE:
                yield from texts(item)


def sent(at: AppTest) -> str:
    """Everything the page sent to the browser, every element's every field, folded or not."""
    return "\n".join(
        text
        for area in (at.main, at.sidebar)
        for node in area
        if node.proto is not None
        for text in texts(node.proto)
    )


def teacher_drew(lang: str = "en", level: str = "first", count: int = 10) -> AppTest:
    """A teacher's session that drew a quiz with these pickers."""
    at = quiz_page(lang)
    at.radio(key="quiz_level_pick").set_value(level).run()
    at.radio(key="quiz_count_pick").set_value(count).run()
    return at.button(key="quiz_draw").click().run()


def test_a_pupil_by_link_or_by_the_full_code_gets_no_teachers_part_and_no_answer() -> None:
    """The answer sheet, *Play live* and the code for the board are the teacher's alone: under a
    pupil's question they let a pupil read every answer (the sheet) or open a room of their own."""
    teacher = teacher_drew("en", "experienced", 5)
    code = str(teacher.query_params["code"])
    found = questions(read_code(code))
    for lang in LANGS:
        linked = quiz_page(lang, code=code)
        typed = quiz_page(lang)
        typed.text_input(key="quiz_code_input").input(code.lower()).run()
        typed.button(key="quiz_start").click().run()
        for pupil in (linked, typed):
            assert not pupil.exception
            assert shown_order(pupil, code) == ["question"]
            keys = {node.key for node in pupil.main if getattr(node, "key", None)}
            assert {"room_ask_quiz", "quiz_sheet"}.isdisjoint(keys) and "quiz_another" in keys
            page = sent(pupil)
            assert t("quiz.page.sheet", lang) not in page
            assert t("room.teacher.quiz", lang) not in page
            assert t("quiz.page.right_answer", lang) not in page
            for question in found:
                right = question.choice_text(question.answer, lang)
                assert t("quiz.page.sheet_answer", lang, answer=right) not in page
                assert question.explanation(lang) not in page
        # once answered, the pupil reads that question's answer, and no other's. Two questions of
        # a drawn quiz can share one explanation (the same lesson, another table): only those
        # that say something else would give an answer away.
        linked = answer(linked, 0, found[0], right=False)
        page = sent(linked)
        shown = found[0].explanation(lang)
        others = {question.explanation(lang) for question in found[1:]} - {shown}
        assert shown in page and others
        assert not any(other in page for other in others)
        assert "quiz_sheet" not in {node.key for node in linked.main if getattr(node, "key", None)}


def test_the_teacher_who_made_the_quiz_gets_the_code_first_play_live_and_the_sheet() -> None:
    """A code drawn here, or a word of the teacher's own, is the teacher's, for the board."""
    own = quiz_page("en")
    own.text_input(key="quiz_code_input").input("cm2t").run()  # a word no other test makes
    own.button(key="quiz_start").click().run()
    drawn = teacher_drew()
    code = str(drawn.query_params["code"])
    for teacher, shown in ((own, "CM2T-B10"), (drawn, code)):
        assert shown_order(teacher, shown) == ["code", "question"]
        assert teacher.button(key="room_ask_quiz").label == t("room.teacher.quiz", "en")
        assert teacher.toggle(key="quiz_sheet").label == t("quiz.page.sheet", "en")
        assert t("quiz.teacher_part.only_here", "en") in [c.value for c in teacher.caption]
    drawn.button(key="quiz_choice_0_0").click().run()
    drawn.button(key="quiz_next_0").click().run()  # the teacher's still, question after question
    assert shown_order(drawn, code) == ["code", "question"]
    assert drawn.toggle(key="quiz_sheet").label == t("quiz.page.sheet", "en")
    # the same address in a new session (a reload, another device) is a pupil's
    again = quiz_page("en", **{k: str(v) for k, v in drawn.query_params.items() if k != "lang"})
    assert shown_order(again, code) == ["question"]
    assert "quiz_sheet" not in {node.key for node in again.main if getattr(node, "key", None)}


def no_answer_sent(pupil: AppTest, setup: Setup, lang: str) -> None:
    """The pupil's page: the question alone, and not one answer of the quiz in what it sent."""
    assert not pupil.exception
    assert shown_order(pupil, setup.code) == ["question"]
    keys = {node.key for node in pupil.main if getattr(node, "key", None)}
    assert {"room_ask_quiz", "quiz_sheet"}.isdisjoint(keys)
    page = sent(pupil)
    assert t("quiz.page.sheet", lang) not in page
    assert t("quiz.teacher_part.link_copy", lang) not in page
    for question in questions(setup):
        right = question.choice_text(question.answer, lang)
        assert t("quiz.page.sheet_answer", lang, answer=right) not in page
        assert question.explanation(lang) not in page


def test_only_the_teachers_token_opens_the_teachers_part_not_the_bare_word_nor_a_forged_link() -> (
    None
):
    """The bare word of a code is a word of the teacher's own, but only for whoever made the quiz
    first: a pupil who drops the code's ending gets the question, not the answer sheet."""
    teacher = teacher_drew("en", "first", 10)  # a code whose bare word asks the same quiz
    setup: Setup = teacher.session_state["quiz_setup"]
    token = teacher.session_state[quiz_view.TOKENS_KEY][setup]
    assert read_code(setup.word) == setup
    other = teacher_drew("en", "experienced", 5)
    other_token = other.session_state[quiz_view.TOKENS_KEY][other.session_state["quiz_setup"]]
    for lang in LANGS:
        bare = quiz_page(lang)
        bare.text_input(key="quiz_code_input").input(setup.word.lower()).run()
        bare.button(key="quiz_start").click().run()
        assert bare.session_state["quiz_setup"] == setup, "the class's quiz, to answer"
        assert not bare.error, "no fault of the pupil's: not said in red"
        assert t("quiz.teacher_part.taken", lang) in [i.value for i in bare.info]
        no_answer_sent(bare, setup, lang)
        for forged in (other_token, "forged", token[:-1], token.upper()):
            linked = quiz_page(lang, code=setup.code, teacher=forged)
            assert [e.value for e in linked.error] == [t("quiz.teacher_part.wrong_link", lang)]
            assert "teacher" not in linked.query_params, "the token leaves the address"
            no_answer_sent(linked, setup, lang)
        stolen = quiz_page(lang, code=other.session_state["quiz_setup"].code, teacher=token)
        no_answer_sent(stolen, other.session_state["quiz_setup"], lang)
    # the teacher's own link, in a new session (a reload, the teacher's phone): the teacher's part
    for code in (setup.code, setup.word.lower()):
        back = quiz_page("en", code=code, teacher=token)
        assert not back.error and "teacher" not in back.query_params
        assert shown_order(back, setup.code) == ["code", "question"]
        assert back.toggle(key="quiz_sheet").label == t("quiz.page.sheet", "en")
    # and the teacher's page holds the link to copy, in this language
    copied = [e.proto.body for e in teacher.main.get("html") if "teacher=" in e.proto.body]
    assert len(copied) == 1 and f"code={setup.code}&amp;lang=en&amp;teacher={token}" in copied[0]


def test_a_store_that_cannot_say_who_made_the_quiz_gives_no_teachers_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Unsure is not a teacher: the quiz to answer, no answer, and why, in the reader's words."""
    teacher = teacher_drew("fr", "first", 5)
    setup: Setup = teacher.session_state["quiz_setup"]
    token = teacher.session_state[quiz_view.TOKENS_KEY][setup]

    class Down:
        def claim(self, *args: object) -> bool:
            raise StoreFault("down")

        def read(self, *args: object) -> object:
            raise StoreFault("down")

    monkeypatch.setattr(storage, "store", Down)
    typed = quiz_page("fr")
    typed.text_input(key="quiz_code_input").input("panne").run()
    typed.button(key="quiz_start").click().run()
    linked = quiz_page("fr", code=setup.code, teacher=token)
    drew = quiz_page("fr")
    drew.button(key="quiz_draw").click().run()
    for at in (typed, linked, drew):
        assert [e.value for e in at.error] == [t("quiz.teacher_part.unsure", "fr")]
        no_answer_sent(at, at.session_state["quiz_setup"], "fr")
