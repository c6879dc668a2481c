"""The app through AppTest: every page in every language, the interactive examples, the language."""

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from streamlit.proto.SelectWidgetFilterMode_pb2 import SelectWidgetFilterMode
from streamlit.testing.v1 import AppTest

from pickomino.i18n import LANGS, strings, t
from pickomino.pages import PAGES, SECTIONS

APP = str(Path(__file__).resolve().parent.parent / "app.py")
TIMEOUT = 60


def start(lang: str | None = "en", locale: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if lang is not None:
        at.query_params["lang"] = lang
    if locale is not None:
        at.context["locale"] = locale
    return at.run()


def opened(
    file: str, lang: str = "en", *, unfolded: tuple[str, ...] = (), **params: str
) -> AppTest:
    """The page in `file` opened directly by its URL, in `lang`, with these query parameters;
    `unfolded`: the session keys of folded panels opened first (a page may fill a panel only while
    it is open, and AppTest has no click on a panel's title)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = lang
    for key, value in params.items():
        at.query_params[key] = value
    for key in unfolded:
        at.session_state[key] = True
    at.switch_page(file)
    return at.run()


def open_page(at: AppTest, key: str) -> AppTest:
    spec = next(spec for spec in PAGES if spec.key == key)
    return at.switch_page(spec.file).run()


def shown_text(at: AppTest) -> str:
    """Everything the page shows as text, alt texts of the drawings included."""
    parts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning"):
        parts += [str(element.value) for element in at.get(kind)]
    for element in at.main.get("html"):
        body = re.sub(r"<(style|script)>.*?</\1>", "", element.proto.body, flags=re.S)  # unseen
        parts += re.findall(r'alt="([^"]*)"', body)
        parts += [unescape(text) for text in re.findall(r">([^<>]+)<", body)]
    for kind in ("selectbox", "multiselect", "number_input", "toggle", "radio", "button"):
        parts += [str(element.label) for element in at.get(kind)]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", [spec.key for spec in PAGES])
def test_every_page_renders_in_every_language_with_no_raw_key(lang: str, key: str) -> None:
    at = open_page(start(lang), key)
    assert not at.exception, [str(e.value) for e in at.exception]
    assert at.title[0].value == t(f"page.{key}.title", lang)  # type: ignore[arg-type]
    text = shown_text(at)
    raw = [k for k in strings(lang) if k in text]  # type: ignore[arg-type]
    assert raw == [], f"raw keys shown: {raw}"
    assert "{" not in text.replace("{}", ""), "an unfilled placeholder is shown"
    assert "[W]" not in text


def test_unknown_language_falls_back_quietly_and_is_corrected_in_the_url() -> None:
    at = start("xx")
    assert not at.exception
    assert at.title[0].value == t("page.home.title", "en")
    assert at.query_params["lang"] == "en"


def test_browser_locale_is_used_when_the_url_has_no_language() -> None:
    at = start(None, locale="nl-BE")
    assert at.title[0].value == t("page.home.title", "nl")
    assert at.query_params["lang"] == "nl"


def test_url_language_wins_over_the_browser_locale() -> None:
    at = start("fr", locale="nl-NL")
    assert at.title[0].value == t("page.home.title", "fr")


def test_language_survives_a_page_switch() -> None:
    at = start("fr")
    at = open_page(at, "turn")
    assert at.title[0].value == t("page.turn.title", "fr")
    assert at.query_params["lang"] == "fr"
    at = open_page(at, "faq")
    assert at.title[0].value == t("page.faq.title", "fr")
    assert at.session_state["lang"] == "fr"


def test_switching_language_keeps_the_page_and_its_state() -> None:
    at = open_page(start("en"), "taking")
    at.number_input(key="take_total").set_value(30).run()
    at.sidebar.selectbox(key="lang_picker").set_value("nl").run()
    assert at.title[0].value == t("page.taking.title", "nl")
    assert at.query_params["lang"] == "nl"
    assert at.number_input(key="take_total").value == 30


def test_learn_inputs_are_kept_when_the_reader_leaves_and_comes_back() -> None:
    at = open_page(start("fr"), "taking")
    at.number_input(key="take_total").set_value(31).run()
    at.toggle(key="take_worm").set_value(False).run()
    at.multiselect(key="take_middle").set_value([30, 33]).run()
    at.selectbox(key="take_opponent_2").select_index(0).run()
    at = open_page(at, "failed")
    at.radio(key="fail_rules").set_value("short").run()
    at.button(key="fail_example_exception").click().run()
    at = open_page(at, "turn")
    at.button(key="turn_roll_button").click().run()
    rolled = results(at)

    at = open_page(open_page(at, "home"), "turn")
    assert results(at) == rolled  # the reader's own roll is still shown
    at = open_page(at, "taking")
    assert at.number_input(key="take_total").value == 31
    assert at.toggle(key="take_worm").value is False
    assert at.multiselect(key="take_middle").value == [30, 33]
    assert at.selectbox(key="take_opponent_2").value is None
    assert "vous avez 31 points mais aucun ver" in results(at)  # the page uses the kept values
    at = open_page(at, "failed")
    assert at.radio(key="fail_rules").value == "short"
    assert at.selectbox(key="fail_top").value == 36
    assert "remettez votre tuile du dessus, la 36" in results(at)


def results(at: AppTest) -> str:
    return "\n".join(str(element.value) for element in at.markdown)


def test_taking_page_explains_next_lower_and_steal_then_reacts_to_the_board() -> None:
    at = open_page(start("en"), "taking")
    text = results(at)
    assert "You take tile 26 from the middle: tile 27 is not there" in text
    assert "You steal tile 27 from the top of Player 2's stack" in text

    at.toggle(key="take_worm").set_value(False).run()
    text = results(at)
    assert "Your turn fails: you have 27 points but no worm" in text
    assert "You put your top tile, 25, back in the middle" in text
    assert "Tile 36, the highest one in the middle, is turned face down" in text

    at.toggle(key="take_worm").set_value(True).run()
    at.number_input(key="take_total").set_value(31).run()
    text = results(at)
    assert "You steal tile 31 from the top of Player 3's stack" in text
    assert "You take tile 30 from the middle" in text

    at.multiselect(key="take_middle").set_value([33, 34]).run()
    at.selectbox(key="take_opponent_2").select_index(0).run()
    text = results(at)
    assert "with 31 points no tile can be taken" in text
    assert "You steal" not in text


def test_taking_page_refuses_a_tile_in_two_places_and_says_which() -> None:
    at = open_page(start("fr"), "taking")
    at.selectbox(key="take_own").set_value(21).run()
    assert at.warning, "a tile both in the middle and on a stack must be refused"
    assert "21" in at.warning[0].value and "deux endroits" in at.warning[0].value
    assert not at.exception


def test_taking_page_refuses_a_total_the_dice_cannot_make() -> None:
    at = open_page(start("en"), "taking")
    at.number_input(key="take_total").set_value(3).run()
    assert at.warning and "3" in at.warning[0].value


def test_taking_page_accepts_a_total_above_forty_and_says_why_no_dice_make_it() -> None:
    at = open_page(start("nl"), "taking")
    at.number_input(key="take_total").set_value(45).run()
    assert not at.exception
    assert at.number_input(key="take_total").value == 45
    assert at.warning[0].value == t("errors.total_impossible", "nl", total=45)


def test_failed_page_shows_the_exception_and_the_empty_stack_rules() -> None:
    at = open_page(start("en"), "failed")
    text = results(at)
    assert "You put your top tile, 28, back in the middle" in text
    assert "Tile 36, the highest one in the middle, is turned face down" in text

    at.button(key="fail_example_exception").click().run()
    text = results(at)
    assert "You put your top tile, 36, back in the middle" in text
    assert "Tile 36 is the highest in the middle but stays face up" in text

    at.radio(key="fail_rules").set_value("short").run()
    assert "Tile 36, the highest one in the middle, is turned face down" in results(at)

    at.button(key="fail_example_empty").click().run()
    at.radio(key="fail_rules").set_value("rulebook-empty-stack").run()
    text = results(at)
    assert "You put your top tile" not in text
    assert "nothing is turned face down" in text

    at.radio(key="fail_rules").set_value("standard").run()
    assert "Tile 36, the highest one in the middle, is turned face down" in results(at)


def test_failed_page_refuses_an_empty_middle() -> None:
    at = open_page(start("nl"), "failed")
    at.multiselect(key="fail_middle").set_value([]).run()
    assert at.warning and "midden" in at.warning[0].value
    assert not at.exception


@pytest.mark.parametrize("lang", ["fr", "nl"])
@pytest.mark.parametrize("key", [spec.key for spec in PAGES])
def test_no_english_text_is_left_on_a_translated_page(lang: str, key: str) -> None:
    english = {str(e.value) for e in open_page(start("en"), key).markdown if len(str(e.value)) > 20}
    shown = {str(e.value) for e in open_page(start(lang), key).markdown}
    assert english & shown == set()


LEARN = [spec.key for spec in PAGES if spec.section == "learn"]
INPUTS = ("selectbox", "multiselect", "number_input", "toggle", "radio", "button")


@pytest.mark.parametrize("lang", ["fr", "nl"])
@pytest.mark.parametrize("key", LEARN)
def test_every_learn_input_has_help_and_placeholder_in_the_readers_language(
    lang: str, key: str
) -> None:
    """Streamlit's own words ("Choose an option", "Select all", "No results") never show.

    Pickers get the app's placeholder and cannot be typed into (a miss says "No results"), and a
    list of tiles offers no "Select all"; every help is translated.
    """
    in_english = open_page(start("en"), key).main
    english = {str(e.proto.help) for kind in INPUTS for e in in_english.get(kind)}
    page = open_page(start(lang), key).main  # the sidebar's language picker is the frame's
    for kind in INPUTS:
        for element in page.get(kind):
            assert element.proto.help and element.proto.help not in english, (kind, element.label)
    for picker in (*page.get("selectbox"), *page.get("multiselect")):
        kind = "pick_tiles" if picker.type == "multiselect" else "pick_tile"
        assert picker.proto.placeholder == t(f"taking.{kind}", lang)  # type: ignore[arg-type]
        assert picker.proto.filter_mode == SelectWidgetFilterMode.FILTER_MODE_NONE
    assert all(not picker.proto.select_all for picker in page.get("multiselect"))


def test_faq_plays_every_question_and_shows_the_engine_refusal() -> None:
    at = open_page(start("en"), "faq")
    assert [h.value for h in at.header] == [
        t(f"faq.q_{q}", "en") for q in ("no_worm", "lower", "steal_top", "thirty", "one_value")
    ]
    text = results(at)
    captions = "\n".join(str(c.value) for c in at.caption)
    assert "you have 21 points but no worm" in text
    assert "You take tile 26 from the middle: tile 27 is not there" in text
    assert "You take tile 23 from the middle: tile 24 is not there" in text
    assert "You steal tile 30 from the top of Player 2's stack" in text
    assert "you may take one tile: 29 from the middle or 30 from Player 2." in captions
    assert "with 30 points no tile can be taken" in text
    assert "The rules engine refuses: you have already set aside a value from this roll" in text


def test_turn_page_rolls_eight_dice_on_request_and_says_what_may_be_kept() -> None:
    at = open_page(start("nl"), "turn")
    before = results(at)
    assert "Je gooit:" in before  # the replayed turn
    at.button(key="turn_roll_button").click().run()
    rolled = at.session_state["turn_roll"][0]
    assert len(rolled.faces) == 8 and set(rolled.new_faces) == set(rolled.faces)
    assert results(at).count("Je gooit:") == before.count("Je gooit:") + 1


def held_before(at: AppTest, sentence: str) -> str:
    """Player 1's stack in the last stacks drawn on the page before `sentence` is told."""
    held = ""
    for element in at.main:
        if element.type == "markdown" and sentence in str(element.value):
            return held
        if element.type == "html" and "Player 1 (you)</strong>" in element.proto.body:
            held = element.proto.body.split("Player 1 (you)</strong>")[1].split("<strong>")[0]
    raise AssertionError(f"{sentence!r} is not told on the page")


@pytest.mark.parametrize("tile", [26, 22])
def test_turn_page_shows_the_learner_holding_the_tile_a_failed_turn_puts_back(tile: int) -> None:
    at = open_page(start("en"), "turn")
    held = held_before(at, f"You put your top tile, {tile}, back in the middle")
    assert f'alt="tile {tile}, ' in held


def test_tips_quote_the_odds_in_each_locale() -> None:
    infos = {
        lang: "\n".join(str(i.value) for i in open_page(start(lang), "tips").info) for lang in LANGS
    }
    assert "94.7%" in infos["en"] and "88.7%" in infos["en"] and "99.2%" in infos["en"]
    assert "94,7\u202f%" in infos["fr"] and "\u22120,17" in infos["fr"]
    assert "94,7%" in infos["nl"] and "13,6%" in infos["nl"]


def run_numbers(at: AppTest) -> list[int]:
    """The run numbers drawn in the main area (`frame.finish_run`)."""
    return [
        int(number)
        for element in at.main.get("html")
        for number in re.findall(r'^<span hidden data-run="(\d+)"></span>', element.proto.body)
    ]


def test_every_run_is_numbered_once_even_one_stopped_by_bad_input() -> None:
    """The browser tests wait for this number, last in the page, to change after each action.

    The taking page stops early on a total the dice cannot make; that run is numbered all the same.
    """
    at = open_page(start("en"), "taking")
    first = run_numbers(at)
    last = at.main.children[max(at.main.children)]
    assert len(first) == 1 and last.proto.body.startswith(f'<span hidden data-run="{first[0]}">')
    assert 'document.documentElement.lang = "en"' in last.proto.body  # the page's language too
    at.number_input(key="take_total").set_value(3).run()
    assert at.warning, "the bad total was not refused"
    assert run_numbers(at) == [first[0] + 1]


def test_a_page_drawn_as_a_fragment_numbers_each_run_once_and_the_next_page_too() -> None:
    """The sandbox's fragment draws the run's end itself (`frame.as_fragment`); the entrypoint
    then draws none, and the page opened after it draws its own again."""
    at = open_page(start("en"), "sandbox")
    first = run_numbers(at)
    last: Any = at.main
    while hasattr(last, "children") and last.children:  # the fragment's block, last in the page
        last = last.children[max(last.children)]
    assert len(first) == 1 and last.proto.body.startswith(f'<span hidden data-run="{first[0]}">')
    at = at.button(key="sandbox_roll").click().run()
    assert run_numbers(at) == [first[0] + 1]
    assert run_numbers(open_page(at, "tips")) == [first[0] + 2]


def test_the_sidebar_links_every_page_in_order_each_keeping_the_language() -> None:
    """The app draws its own navigation (Streamlit's menu is invalid markup for screen readers):
    every page, in reading order, under its section, and a click keeps the reader's language."""
    at = open_page(start("nl"), "tips")
    links = at.sidebar.get("page_link")
    # the welcome page is served at the root
    assert [link.proto.page for link in links] == ["", *[spec.url_path for spec in PAGES[1:]]]
    assert {link.proto.query_string for link in links} == {"lang=nl"}
    assert [link.proto.label for link in links] == [t(f"page.{s.key}.title", "nl") for s in PAGES]
    sections = [m.value for m in at.sidebar.markdown]
    assert sections[:3] == [f"**{t(f'section.{name}', 'nl')}**" for name in SECTIONS]
