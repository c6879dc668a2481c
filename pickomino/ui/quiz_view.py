"""The Quiz page's state and drawing: the class code, one question at a time, the end, the sheet.

The quiz a page shows is its setup (class word, level, count), read from `?code=` once a visit
(like the sandbox's links: a click's address lags behind the run before it) or set by the form,
and written back to the URL every run as the code that carries it (`?code=K7QM-E5`), so the
address and the code on the board ask the same quiz. The
answers are kept per setup in the session, as choice indexes, so a language or page switch keeps
the progress and shows the same questions in the new words. They are also kept in the store
(`pickomino.store`, a "quiz" document whose id the address holds as `?run=`), written after every
answer, so a reload, Back and Forward or a tab reopened from the history finds them again; the
link a teacher hands out holds the code alone, so each pupil's answers stay their own.

Who is looking decides what is drawn: a quiz this session made and holds the teacher's token of
(`activities.quiz.claim`: drawn, or a word of the teacher's own typed before anyone else did) is
the teacher's, whose code goes first, big, for the board, with *Play live* and the answer sheet;
any other is a pupil's: the question alone, and no teacher's part at all, not even folded away (the
page's whole HTML reaches the pupil's browser, and the sheet lists every answer). A pupil who types
the bare word of the class's code makes nothing: the quiz has its teacher, and the page says so.
The token stays in the session; the teacher's link (`?teacher=TOKEN`, copied, never drawn, as a
room's control link) brings the teacher's part back after a reload or on another device. It is
read once, checked against the store, and taken out of the address at once; a wrong or made-up
token is refused with a message and gives nothing.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable
from typing import Final

import streamlit as st

from pickomino.activities.quiz import (
    KEPT,
    Answered,
    QuizRun,
    claim,
    drawn,
    is_teacher,
    made,
    refusal,
    typed,
)
from pickomino.i18n import Lang, t, tn
from pickomino.lessons.quiz import (
    COUNTS,
    DEFAULT_COUNT,
    DEFAULT_LEVEL,
    LEVELS,
    RULE_PAGES,
    Question,
    QuizError,
    Setup,
    read_setup,
)
from pickomino.pages import spec_of
from pickomino.store import StoreError
from pickomino.ui import devices, frame, show, storage
from pickomino.ui.common import sandbox_link

SETUP_KEY: Final = "quiz_setup"
"""The quiz shown, a `Setup`, absent until a code is given."""
VISIT_KEY: Final = "quiz_link_visit"
"""The visit whose link has been read (`frame.visit`)."""
REFUSED_KEY: Final = "quiz_refused"
"""A form's refusal, made in a click's callback, for the run that follows to show."""
CODE_INPUT: Final = "quiz_code_input"
LEVEL_PICK: Final = "quiz_level_pick"
COUNT_PICK: Final = "quiz_count_pick"
SHEET: Final = "quiz_sheet"
RUNS_KEY: Final = "quiz_runs"
"""Every setup's `QuizRun` this session, so going back to a code finds its answers."""
SAVED_KEY: Final = "quiz_saved_refusal"
"""What the store said of the answers read back or written (a `StoreError`), for the next run."""
MADE_KEY: Final = "quiz_made_here"
"""The setups this session is the teacher of (`made_here`), each with its token checked."""
TOKENS_KEY: Final = "quiz_teacher_tokens"
"""The teacher's token of each setup in `MADE_KEY`, for the teacher's link."""
NOTICE_KEY: Final = "quiz_teacher_notice"
"""Why a click or a link gave no teacher's part (a `quiz.teacher_part` key), for the next run."""
CODE_CHARS: Final = 24
"""A word of up to 20 characters and its quiz (`-E15`)."""


def current() -> Setup | None:
    """The setup shown, if any."""
    setup: Setup | None = st.session_state.get(SETUP_KEY)
    return setup


def made_here(setup: Setup) -> bool:
    """Whether this session made the quiz: drawn here, or a word of the teacher's own typed.

    A pupil opens the teacher's link or types the code on the board, which ends with its quiz.
    """
    return setup in st.session_state.get(MADE_KEY, set())


def _made(setup: Setup, token: str) -> None:
    """Make this session the teacher of `setup`, its `token` checked (claimed or from a link)."""
    st.session_state.setdefault(MADE_KEY, set()).add(setup)
    st.session_state.setdefault(TOKENS_KEY, {})[setup] = token


def _claimed(setup: Setup, token: str | None) -> None:
    """What a claim gave: the teacher's part for its token, or why not for the next run."""
    if token is None:
        st.session_state[NOTICE_KEY] = "taken"
    else:
        _made(setup, token)


def _offered(setup: Setup, token: str) -> None:
    """A teacher's link's token: the teacher's part if it is this quiz's, else why not."""
    try:
        if is_teacher(storage.store(), setup, token):
            _made(setup, token)
            return
    except StoreError:
        st.session_state[NOTICE_KEY] = "unsure"
        return
    st.session_state[NOTICE_KEY] = "wrong_link"


def run_of(setup: Setup) -> QuizRun:
    """The session's run through this setup's quiz: its answers so far and where they are kept."""
    found: QuizRun = st.session_state.setdefault(RUNS_KEY, {}).get(setup, QuizRun(setup))
    return found


def _keep(answered: Answered) -> None:
    """Keep the run in the session; what the store said, for the next run to show."""
    st.session_state.setdefault(RUNS_KEY, {})[answered.run.setup] = answered.run
    if answered.problem is not None:
        st.session_state[SAVED_KEY] = answered.problem


def settle(lang: Lang) -> tuple[list[str], list[str]]:
    """Read the URL's quiz on arriving, write the setup back to it; refusals' words, and notes'.

    A bad link changes nothing: the quiz shown before (and its answers) stays. A quiz someone made
    before is no fault of the pupil who typed its word, so it is a note, not a refusal: a child
    should not read it in red.
    """
    refused: QuizError | None = st.session_state.pop(REFUSED_KEY, None)
    code = st.query_params.get("code")
    saved: StoreError | None = st.session_state.pop(SAVED_KEY, None)
    if frame.arriving(VISIT_KEY) and code is not None:
        try:
            setup = read_setup(code, st.query_params.get("level"), st.query_params.get("count"))
        except QuizError as error:
            refused = error
        else:
            st.session_state[SETUP_KEY] = setup
            offered = st.query_params.get("teacher")
            if offered:
                _offered(setup, offered)
            run = st.query_params.get("run")
            if run is not None and run_of(setup).held is None:
                try:
                    _keep(Answered(QuizRun.restore(storage.store(), setup, run)))
                except StoreError as error:
                    saved = error
    publish()
    notice: str | None = st.session_state.pop(NOTICE_KEY, None)
    said = [] if notice is None else [t(f"quiz.teacher_part.{notice}", lang)]
    notes, said = (said, []) if notice == "taken" else ([], said)
    if refused is not None:
        return [refusal(refused, lang), *said], notes
    return said + ([] if saved is None else [KEPT.words(saved, lang)]), notes


def publish() -> None:
    """Put the code of the setup shown in the URL (or take it out), where it differs.

    The level and count of a link made before codes carried them are taken out once read: the
    code says them now, as the teacher's token, kept in the session once checked, never in a
    projected address. `run` names this setup's stored answers, once there are some.
    """
    setup = current()
    held = None if setup is None else run_of(setup).held
    code = None if setup is None else setup.code
    frame.publish(
        {
            "code": code,
            "level": None,
            "count": None,
            "teacher": None,
            "run": None if held is None else held[0],
        }
    )


def share_link(setup: Setup, lang: Lang, teacher: str | None = None) -> str:
    """The address that opens this quiz in this language (the query alone if the URL is unknown).

    With the `teacher`'s token, the teacher's link.
    """
    params = {"code": setup.code, "lang": lang}
    return frame.page_address(params if teacher is None else {**params, "teacher": teacher})


# ----- clicks ----------------------------------------------------------------------------------


def _start() -> None:
    """The form's Start: the typed code's quiz (`typed`, the pickers ignored), or its refusal."""
    try:
        setup, own = typed(st.session_state.get(CODE_INPUT, ""))
    except QuizError as error:
        st.session_state[REFUSED_KEY] = error
        return
    st.session_state[SETUP_KEY] = setup
    if own and not made_here(setup):
        try:
            _claimed(setup, claim(storage.store(), setup))
        except StoreError:
            st.session_state[NOTICE_KEY] = "unsure"


def _draw() -> None:
    """A fresh random word nobody holds, started at once with the chosen level and count."""
    level = st.session_state.get(LEVEL_PICK, DEFAULT_LEVEL)
    count = st.session_state.get(COUNT_PICK, DEFAULT_COUNT)
    rng = random.Random()
    try:
        setup, token = made(storage.store(), rng, level, count)
    except StoreError:  # the quiz still, without its teacher's part: the page says why
        setup = drawn(rng, level, count)
        st.session_state[NOTICE_KEY] = "unsure"
    else:
        _claimed(setup, token)
    st.session_state[CODE_INPUT] = setup.code
    st.session_state[SETUP_KEY] = setup


def _another() -> None:
    """Back to the form, filled with the quiz left (its answers stay kept)."""
    setup: Setup | None = st.session_state.pop(SETUP_KEY, None)
    if setup is not None:
        st.session_state[CODE_INPUT], st.session_state[LEVEL_PICK] = setup.code, setup.level
        st.session_state[COUNT_PICK] = setup.count if setup.count in COUNTS else DEFAULT_COUNT


def _answer(method: Callable[..., Answered], setup: Setup, *args: object) -> None:
    """A click as `method` of this setup's run (`QuizRun.pick`, `next`, `again`), with `args`."""
    _keep(method(run_of(setup), storage.store(), *args))


# ----- drawing ---------------------------------------------------------------------------------


def setup_form(lang: Lang) -> None:
    """The pupil's (or teacher's) code to type, then a new quiz's level and count to draw a code."""
    st.markdown(t("quiz.page.intro", lang))
    st.text_input(
        t("quiz.page.code_label", lang),
        key=CODE_INPUT,
        max_chars=CODE_CHARS,
        help=t("quiz.page.code_help", lang),
    )
    st.button(
        t("quiz.page.start", lang),
        key="quiz_start",
        type="primary",
        icon=":material/play_arrow:",
        on_click=_start,
    )
    st.subheader(t("quiz.page.new_title", lang), anchor=False)
    st.radio(
        t("quiz.page.level_label", lang),
        LEVELS,
        format_func=lambda level: t(f"quiz.level.{level}", lang),
        key=frame.worded(LEVEL_PICK),
        horizontal=True,
    )
    if st.session_state.get(COUNT_PICK) not in COUNTS:
        st.session_state[COUNT_PICK] = DEFAULT_COUNT
    st.radio(
        t("quiz.page.count_label", lang),
        COUNTS,
        key=COUNT_PICK,
        horizontal=True,
    )
    st.button(t("quiz.page.draw", lang), key="quiz_draw", icon=":material/casino:", on_click=_draw)


def code_banner(setup: Setup, lang: Lang) -> None:
    """The class code in big letters, for the board, with the quiz it carries and the link."""
    code = setup.code
    label = html.escape(t("quiz.page.code_shown", lang))
    # On one line at any width, as it is written on the board: a monospace letter and its spacing
    # take about 0.8 em, so the size is at most the column's width over 0.8 em a letter (a phone
    # broke "ZX9-E10" at its hyphen).
    size = f"min(4rem, calc(100cqi / {0.8 * len(code):.1f}))"
    show.html(
        f'<div role="group" aria-label="{label}: {code}" style="container-type:inline-size">'
        f'<p style="margin:0">{label}</p><p style="font-size:{size};font-weight:700;'
        "letter-spacing:.15em;line-height:1.1;white-space:nowrap;"
        f'margin:0 0 .5rem 0;font-family:monospace">{code}</p></div>'
    )
    level_text = t(f"quiz.level.{setup.level}", lang)
    st.markdown(tn("quiz.page.settings", setup.count, lang, level=level_text))
    st.caption(t("quiz.page.code_parts", lang))
    st.caption(t("quiz.page.share_help", lang))
    st.code(share_link(setup, lang), language=None, wrap_lines=True)
    another(lang)


def another(lang: Lang) -> None:
    """Back to the form, to type or draw another code: the teacher's, and a pupil's who mistyped."""
    st.button(
        t("quiz.page.another", lang),
        key="quiz_another",
        icon=":material/edit:",
        on_click=_another,
    )


def _page_link(rule: str, lang: Lang) -> None:
    """A link to the page that explains `rule`, in this language."""
    spec = spec_of(RULE_PAGES[rule])
    st.page_link(
        spec.file,
        label=t("quiz.page.read_rule", lang, page=t(f"page.{spec.key}.title", lang)),
        icon=spec.icon,
        query_params={frame.LANG_KEY: lang},
    )


def _table(question: Question, lang: Lang) -> None:
    """The question's table as the sandbox draws it, with the roll it is about."""
    table = question.table
    you = -1 if table.over else table.current
    show.situation(table, lang, you=you, show_kept=not table.over)
    shown = question.shown_roll()
    if shown is not None:
        caption, faces = shown
        st.caption(t(caption, lang))
        show.roll(faces, table.kept, lang)


def question_box(now: QuizRun, lang: Lang) -> None:
    """Question `now.at`: its prompt, its table, its choices; once answered, the feedback."""
    setup, found, number = now.setup, now.questions, now.at
    question = found[number]
    st.header(t("quiz.page.question", lang, n=number + 1, count=len(found)), anchor=False)
    st.markdown(t("quiz.page.score", lang, right=now.right, answered=len(now.picked)))
    st.markdown(f"**{question.prompt(lang)}**")
    _table(question, lang)
    if not now.answered:
        for index in range(len(question.choices)):
            st.button(
                question.choice_text(index, lang),
                key=f"quiz_choice_{number}_{index}",
                on_click=_answer,
                args=(QuizRun.pick, setup, number, index),
                width="stretch",
            )
        return
    chosen = now.picked[number]
    if chosen == question.answer:
        st.success(t("quiz.page.right", lang), icon=":material/check_circle:")
    else:
        st.error(t("quiz.page.wrong", lang), icon=":material/cancel:")
    lines = []
    for index in range(len(question.choices)):
        text = question.choice_text(index, lang)
        if index == question.answer:
            mark = t("quiz.page.right_answer", lang)
            lines.append(f"- :material/check_circle: **{text}** ({mark})")
        elif index == chosen:
            lines.append(f"- :material/cancel: {text} ({t('quiz.page.your_answer', lang)})")
        else:
            lines.append(f"- {text}")
    st.markdown("\n".join(lines))
    st.info(question.explanation(lang), icon=":material/gavel:")
    _page_link(question.rule, lang)
    sandbox_link(t("sandbox.open", lang), lang, table=question.table)
    last = number + 1 == len(found)
    st.button(
        t("quiz.page.finish" if last else "quiz.page.next", lang),
        key=f"quiz_next_{number}",
        type="primary",
        icon=":material/arrow_forward:",
        on_click=_answer,
        args=(QuizRun.next, setup, number),
    )


PHONE_CSS: Final = """<style>
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.25rem; }
  [data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"] { gap: 0.6rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.5rem; padding: 0; }
  [data-testid="stMainBlockContainer"] h3 { font-size: 1.2rem; }
  [data-testid="stHeading"] [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
  .st-key-quiz_asked { gap: 0.4rem; }
  .st-key-quiz_asked h2 { font-size: 1.2rem; padding: 0.25rem 0 0; }
  .st-key-quiz_asked [data-testid="stMarkdownContainer"] p { font-size: 0.95rem; line-height: 1.4; }
  .st-key-quiz_asked :is(.pk-caption, [data-testid="stCaptionContainer"] p) {
    font-size: 0.75rem; line-height: 1.3;
  }
  .st-key-quiz_asked :is(.pk-tiles, [data-testid="stHtml"] > div:not([class])) {
    margin: 0.1rem 0 0.3rem !important; gap: 4px !important;
  }
  .st-key-quiz_asked .pk-tiles img { width: 32px; height: auto; }
  .st-key-quiz_asked .pk-tiles > div { min-width: 32px !important; font-size: 0.7rem !important; }
  .st-key-quiz_asked .pk-stacks { font-size: 0.75rem; column-gap: 0.9rem !important; }
  .st-key-quiz_asked .pk-stacks p { font-size: 0.75rem; margin: 0; }
  .st-key-quiz_asked [data-testid="stHtml"] > div:not([class]) img { width: 34px; height: auto; }
  .st-key-quiz_asked button { min-height: 2.1rem; padding: 0.15rem 0.75rem; }
  .st-key-quiz_asked button p { line-height: 1.3; }
}
</style>"""
"""On a phone the question, its table and its answers fit the first screen: the page starts
higher, the titles are smaller, and the tiles and dice are drawn smaller, as the sandbox's are on a
phone. Wider screens (a laptop, a projector) keep the drawing's own sizes."""


TO_QUESTION: Final = """<script>
(() => {{
  const at = {at};
  const box = document.querySelector(".st-key-quiz_asked");
  if (box !== null && window.pkQuizAt !== undefined && window.pkQuizAt !== at
      && window.pkQuizAt.split("/")[0] === at.split("/")[0]) {{
    const header = document.querySelector("[data-testid=stHeader]");
    box.style.scrollMarginTop = `${{header ? header.getBoundingClientRect().bottom : 0}}px`;
    box.scrollIntoView({{block: "start"}});
  }}
  window.pkQuizAt = at;
}})();
</script>"""
"""When the pupil moves on to the next question (or the end), the page scrolls to it: the button
that moves on is under the answers, and the next question was drawn above the screen, a phone
showing its answers without its table. Written with the code and the question's number, so it
runs again only when they change: not on an answer, a language switch or the first display (a
teacher's code stays in view)."""


def asked(setup: Setup, lang: Lang) -> None:
    """The question the pupil is at, or the end once every question is answered."""
    now = run_of(setup)
    at = json.dumps(f"{setup.code}/{now.at}")
    st.html(PHONE_CSS + TO_QUESTION.format(at=at), unsafe_allow_javascript=True)
    with st.container(key="quiz_asked"):
        if now.over:
            the_end(now, lang)
        else:
            question_box(now, lang)


def teachers_part(setup: Setup, lang: Lang, live: Callable[[Setup, Lang], None]) -> None:
    """The code for the board, its link, and `live`: the button that plays the quiz with a room.

    Drawn for the quiz's teacher alone (`made_here`). `live` is given by the page (`room.projector`
    draws it, and itself reads this module).
    """
    code_banner(setup, lang)
    live(setup, lang)
    st.caption(t("quiz.teacher_part.only_here", lang))
    token: str | None = st.session_state.get(TOKENS_KEY, {}).get(setup)
    if token is not None:
        # the link is written into the page for the button to copy, never drawn on the board
        devices.copy_button(
            share_link(setup, lang, token),
            t("quiz.teacher_part.link_copy", lang),
            t("quiz.teacher_part.link_copied", lang),
        )


def the_end(now: QuizRun, lang: Lang) -> None:
    """The score, each rule's score (a missed rule linked to its page) and Start again."""
    st.header(t("quiz.page.end_title", lang), anchor=False)
    st.markdown(t("quiz.page.end_score", lang, right=now.right, count=len(now.questions)))
    st.subheader(t("quiz.page.rules_title", lang), anchor=False)
    rules = now.rules
    if not any(rule.missed for rule in rules):
        st.success(t("quiz.page.all_right", lang), icon=":material/celebration:")
    for rule in rules:
        result = tn("quiz.page.rule_score", rule.right, lang, asked=rule.asked)
        icon = ":material/cancel:" if rule.missed else ":material/check_circle:"
        st.markdown(f"{icon} **{result}** {t(f'quiz.rule.{rule.rule}', lang)}")
        if rule.missed:
            _page_link(rule.rule, lang)
    st.button(
        t("quiz.page.again", lang),
        key="quiz_again",
        type="primary",
        icon=":material/replay:",
        on_click=_answer,
        args=(QuizRun.again, now.setup),
    )


def answer_sheet(found: tuple[Question, ...], lang: Lang) -> None:
    """For the teacher, behind a switch: every question with its right answer and its rule."""
    if not st.toggle(t("quiz.page.sheet", lang), key=frame.worded(SHEET)):
        return
    st.header(t("quiz.page.sheet", lang), anchor=False)
    st.caption(t("quiz.page.sheet_help", lang))
    lines = []
    for number, question in enumerate(found, start=1):
        answer = t(
            "quiz.page.sheet_answer", lang, answer=question.choice_text(question.answer, lang)
        )
        rule = t("quiz.page.sheet_rule", lang, rule=t(f"quiz.rule.{question.rule}", lang))
        lines.append(f"{number}. {question.prompt(lang)}  \n   **{answer}**  \n   {rule}")
    st.markdown("\n".join(lines))
