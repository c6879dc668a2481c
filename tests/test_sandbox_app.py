"""The sandbox page through AppTest: a turn by clicks, odds from links, bad links, teacher tools."""

from __future__ import annotations

import base64
import html
import os
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.advice import recommendation, tiles_table
from pickomino.echo import echoed
from pickomino.events import TookTile, TurnFailed
from pickomino.figures import outlook_line
from pickomino.game import ROLL, Move, Table
from pickomino.i18n import LANGS, chance_text, number, strings, t, tn
from pickomino.lessons.faq import QUESTIONS, question_of
from pickomino.lessons.tips import TIPS, tip_tables
from pickomino.narrate import seat_name
from pickomino.odds import analyse
from pickomino.pages import PAGES
from pickomino.refusals import scenario_refusal
from pickomino.review import review
from pickomino.rules import JUNIOR, PRESETS
from pickomino.sandbox import Sandbox
from pickomino.scenario import ScenarioError
from pickomino.share import MAX_LINK_CHARS, decode_table, encode_table, load_scenario, read_scenario
from pickomino.store import EXPIRY, open_store
from pickomino.ui.odds_panel import TILES_OPEN
from pickomino.ui.practice import state
from pickomino.ui.records import read_record, record_text
from pickomino.ui.storage import URL_SETTING
from tests import tables
from tests.test_app import opened, shown_text

APP = str(Path(__file__).resolve().parent.parent / "app.py")
PAGE = "app_pages/sandbox.py"


PANELS = (state.TEACHER_OPEN, state.NEW_OPEN, state.SHARE_OPEN, state.ABOUT_OPEN, TILES_OPEN)
"""The sandbox's folded panels, which it fills only while open."""


def sandbox(lang: str = "en", **params: str) -> AppTest:
    """The sandbox page opened directly by its URL, with these query parameters, its folded
    panels open as a teacher who uses them has them (the tests of what they hold need them)."""
    return opened(PAGE, lang, unfolded=PANELS, **params)


def box(at: AppTest) -> Sandbox:
    return at.session_state["sandbox"]


def reload(at: AppTest) -> AppTest:
    """The page a reload of the address `at` shows opens: a new session at the same URL."""
    params = {key: str(at.query_params[key]) for key in at.query_params if key != "lang"}
    return sandbox(str(at.query_params["lang"]), **params)


def reloaded(at: AppTest) -> Sandbox:
    """The sandbox a reload of the address `at` shows opens, with nothing refused."""
    again = reload(at)
    assert not again.exception and not again.error
    return box(again)


def url_table(at: AppTest) -> Table:
    """The table a reload of the address `at` shows opens, its history checked the same."""
    found = reloaded(at)
    assert found == box(at), "a reload must find the same history, for Undo and Redo"
    return found.table


def roll_by_hand(at: AppTest, dice: str) -> AppTest:
    at.text_input(key="sandbox_dice").input(dice)
    return at.button(key="sandbox_roll_set").click().run()


def click(at: AppTest, key: str) -> AppTest:
    return at.button(key=key).click().run()


def texts(at: AppTest) -> str:
    """The Markdown shown and the buttons' names: a roll's groups carry their odds in theirs."""
    shown = [str(element.value) for element in at.markdown]
    return "\n".join(shown + [button.label for button in at.button])


def b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_whole_turn_played_by_clicks() -> None:
    at = sandbox()
    assert not at.exception
    assert box(at).table == Table.new(2)
    assert at.header[0].value == "Player 1: roll the dice to start the turn."

    at = roll_by_hand(at, "W W 5 5 5 4 3 1")
    assert box(at).table.rolled == ("W", "W", "5", "5", "5", "4", "3", "1")
    assert {b.key for b in at.button if b.key.startswith("sandbox_keep_")} == {
        f"sandbox_keep_{face}" for face in ("1", "3", "4", "5", "W")
    }
    at = click(at, "sandbox_keep_W")
    assert box(at).table.kept == ("W", "W") and box(at).table.total == 10
    # the learner plays every seat, so the narration names the player rather than saying "you"
    assert "Player 1 sets aside 2 dice showing a worm: total 10" in texts(at)

    at = roll_by_hand(at, "555442")
    assert not [c for c in at.caption if "Not offered" in str(c.value)]
    at = click(at, "sandbox_keep_5")
    table = box(at).table
    assert table.total == 25 and table.in_hand == 3 and table.phase == "decide"
    assert [b.key for b in at.button if b.key.startswith("sandbox_take_")] == ["sandbox_take_25"]
    at = roll_by_hand(at, "5 4 4")
    # the 5 set aside before is drawn with the roll, faded and disabled, saying why
    kept_five = at.button(key="sandbox_kept_5")
    assert kept_five.disabled
    assert kept_five.label == t("dice_choice.kept", "en", face="5", dice="1 die")
    assert {b.key for b in at.button if b.key.startswith("sandbox_keep_")} == {"sandbox_keep_4"}
    # each group's name says the value, the count and the total it brings, then its odds
    group = at.button(key="sandbox_keep_4").label
    four = analyse(box(at).table).choice(Move("keep", face="4")).outlook
    assert group == f"Set aside the 4s (2 dice), total 33\n\n{outlook_line(four, 'en')}"
    at = click(at, "sandbox_keep_4")
    assert box(at).table.total == 33
    at = click(at, "sandbox_take_33")

    table = box(at).table
    assert table.stacks == ((33,), ()) and table.current == 1 and table.phase == "roll"
    assert isinstance(box(at).events[0], TookTile)
    assert "Player 1 takes tile 33 from the middle: it shows exactly their total of 33." in texts(
        at
    )
    assert "The dice go to Player 2." in texts(at)
    assert at.header[0].value == "Player 2: roll the dice to start the turn."
    drawn = "".join(h.proto.body for h in at.get("html"))
    assert "Player 2 (to play)" in drawn and "Player 1 (to play)" not in drawn
    assert url_table(at) == table, "the URL must open exactly the table shown"
    assert at.query_params["lang"] == "en"
    assert not at.exception


def test_random_rolls_follow_the_seed() -> None:
    at = sandbox()
    at.number_input(key="sandbox_seed").set_value(42).run()
    at = click(at, "sandbox_roll")
    expected = Sandbox.start(Table.new(2), 42).roll().table
    assert box(at).table == expected
    at = click(at, "sandbox_undo")
    at = click(at, "sandbox_roll")
    assert box(at).table == expected


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_from_a_link_shows_the_odds_module_figures(lang: str) -> None:
    table = tables.table(players=3, stacks=[[22], [], [30, 25]], kept=["W", "W", 5, 5], current=0)
    analysis = analyse(table)
    at = sandbox(lang, table=encode_table(table))
    assert not at.exception and not at.error
    assert box(at).table == table
    metrics = {m.label: m.value for m in at.metric}
    # 25 tops a rival's stack: a steal is in play, so the headline is the worms against the others
    assert analysis.steal_in_play
    assert metrics == {
        t("odds.bust", lang): chance_text(analysis.bust or 0.0, lang),
        t("odds.success", lang): chance_text(analysis.success, lang),
        t("odds.swing", lang): number(analysis.outlook.expected_swing, lang, 2),
    }
    shown = texts(at)
    assert tiles_table(analysis, lang) in shown
    for tile, low, exact in zip(
        analysis.tiles, analysis.outlook.at_least, analysis.outlook.exactly, strict=True
    ):
        assert f"| {tile} | {chance_text(low, lang)} | {chance_text(exact, lang)} |" in shown
    for choice in analysis.choices:
        assert outlook_line(choice.outlook, lang, swing=True) in shown
    assert at.success[0].value == recommendation(analysis, table, lang)
    assert t("odds.steal_twice", lang) in at.success[0].value
    assert [b.key for b in at.button if b.key.startswith("sandbox_take_")] == [
        f"sandbox_take_{option.tile}" for option in table.options()
    ]


def test_a_waiting_roll_from_a_link_shows_the_chance_after_each_keep() -> None:
    table = tables.table(kept=["W"], rolled=[5, 5, 4, 4, 3, "W", 2])
    analysis = analyse(table)
    at = sandbox("fr", table=encode_table(table))
    shown = texts(at)
    for face, chance in analysis.keep_success.items():
        choice = analysis.choice(Move("keep", face=face))
        assert outlook_line(choice.outlook, "fr") in shown
        assert chance_text(chance, "fr") in outlook_line(choice.outlook, "fr")
    assert "\u202f%" in shown
    # no stack to steal from: the headline is the worms, and no word on steals
    assert not analysis.steal_in_play
    assert t("odds.worms", "fr") in {m.label for m in at.metric}
    assert t("odds.steal_twice", "fr") not in at.success[0].value
    assert "sandbox_keep_W" not in {b.key for b in at.button}
    assert at.button(key="sandbox_kept_W").disabled
    assert at.button(key="sandbox_kept_W").label == "ver (1 dé)\u00a0: déjà mis de côté"


BAD_TABLES = [
    ("%%%", "base64"),
    (base64.urlsafe_b64encode(b"\xff\xfe\xfd").decode(), "base64"),
    ("", "JSON"),
    (b64("[1,"), "JSON"),
    (b64("[1, 2]"), "one JSON object"),
    (b64('{"players": 2, "colour": "red"}'), 'key "colour" is unknown'),
    (b64('{"players": 2, "rules": "chess"}'), 'no rules called "chess"'),
    (b64('{"middle": [21]}'), "key “players” is missing"),
    (b64('{"players": 9}'), "played by 2 to 7 players, not 9"),
    (b64('{"players": "two"}'), "whole number"),
    (b64('{"players": 2, "middle": [21]}'), "tile 22 is nowhere"),
    (b64('{"players": 2, "face_down": [21], "middle": [21]}'), "tile 21 is in more than one"),
    (b64('{"players": 2, "middle": [20]}'), "20 is not a tile"),
    (b64('{"players": 2, "stacks": [[]]}'), "2 players but 1 stacks"),
    (b64('{"players": 2, "current": 5}'), "5 is not a seat"),
    (b64('{"players": 2, "kept": ["W","W","W","W","W","W","W","W","W"]}'), "9 dice"),
    (b64('{"players": 2, "kept": ["X"]}'), '"X" is not a face'),
    (b64('{"players": 2, "kept": ["W"], "rolled": [1, 2]}'), "shows 2 dice but 7 are in hand"),
    (b64('{"players": 2, "kept": ["W"], "rolled": ["W","W","W","W","W","W","W"]}'), "already"),
    (
        b64(
            '{"players": 2, "middle": [], "face_down": '
            + str(list(range(21, 37)))
            + ', "kept": ["W"]}'
        ),
        "the game is over",
    ),
    (b64('{"players": 2, "actions": [{"take": 25}]}'), "move 0 of the list is against the rules"),
    (b64('{"players": 2, "actions": [{"jump": 1}]}'), "move 0 of the list cannot be read"),
    ("A" * (MAX_LINK_CHARS + 1), "too long"),
]


@pytest.mark.parametrize(("value", "phrase"), BAD_TABLES)
def test_a_bad_table_link_says_why_and_opens_a_fresh_table(value: str, phrase: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        decode_table(value)
    at = sandbox("en", table=value)
    assert not at.exception
    expected = t("sandbox.link_refused", "en", reason=scenario_refusal(caught.value, "en"))
    assert [e.value for e in at.error] == [expected]
    assert phrase in html.unescape(expected)  # the words the reader sees
    assert box(at).table == Table.new(2)
    assert "table" not in at.query_params, "the bad link must leave the URL"
    assert reloaded(at).table == Table.new(2)  # nothing played yet: no history, no seed stored


@pytest.mark.parametrize(
    "name", ["nope", "../pyproject", "../../etc/passwd", "FAQ-LOWER", "faq-lower.json", "a/b", ""]
)
def test_an_unknown_scenario_says_so_in_each_language(name: str) -> None:
    for lang in LANGS:
        at = sandbox(lang, scenario=name)
        assert not at.exception
        (error,) = at.error
        reason = t("errors.scenario.unknown_scenario", lang, name=echoed(f'"{name}"'))
        assert error.value == t("sandbox.link_refused", lang, reason=reason)
        assert box(at).table == Table.new(2)
        assert "scenario" not in at.query_params


def test_a_crafted_scenario_name_cannot_put_a_link_into_the_message() -> None:
    at = sandbox("en", scenario="[click](http://evil.example)")
    (error,) = at.error
    assert "[" not in error.value and "](" not in error.value
    assert echoed('"[click](http://evil.example)"') in error.value


def test_a_scenario_opens_at_its_start_and_redo_plays_its_moves() -> None:
    at = sandbox("en", scenario="faq-no-worm")
    assert not at.error
    start = read_scenario("faq-no-worm").table
    assert box(at).table == start and box(at).can_redo
    assert at.query_params["scenario"] == "faq-no-worm", "an untouched scenario keeps its name"
    assert "sandbox_stop" in {b.key for b in at.button}
    at = click(at, "sandbox_redo")
    assert box(at).table == load_scenario("faq-no-worm")
    assert isinstance(box(at).events[0], TurnFailed)
    assert url_table(at) == box(at).table


def test_a_click_sent_with_an_out_of_date_address_keeps_the_history() -> None:
    """A click reaches the server with the address the browser showed when it was made: after a
    quick double click, the second one still names the scenario the page opened with."""
    at = sandbox("en", scenario="turn-walkthrough")
    at = click(at, "sandbox_redo")
    at.query_params.pop("box")  # the address before the first click: the scenario alone
    at = click(at, "sandbox_redo")
    assert box(at).position == 2 and box(at).can_undo and box(at).can_redo
    assert url_table(at) == box(at).table
    first = url_table(at)
    at = click(at, "sandbox_redo")
    at.query_params["table"] = encode_table(first)  # an address that names another table
    at = click(at, "sandbox_redo")
    assert box(at).position == 4 and url_table(at) == box(at).table


def test_a_link_opened_on_arriving_from_another_page_replaces_the_table() -> None:
    at = click(sandbox("en", scenario="turn-walkthrough"), "sandbox_redo")
    first = at.query_params["box"]
    at.switch_page("app_pages/faq.py").run()
    at.query_params.clear()
    at.query_params.update(lang="en", scenario="faq-no-worm")
    at.switch_page(PAGE).run()
    assert box(at).table == read_scenario("faq-no-worm").table and not box(at).can_undo
    # the history played before is not what a reload of this address opens
    assert "box" not in at.query_params and reloaded(at).history == box(at).history
    at = click(at, "sandbox_redo")
    assert url_table(at) == load_scenario("faq-no-worm") and at.query_params["box"] != first


def test_a_language_picked_outlives_a_click_sent_with_the_old_address() -> None:
    at = sandbox("en")
    at.sidebar.selectbox(key="lang_picker").set_value("fr").run()
    at.query_params["lang"] = "en"  # the click left before the address said fr
    at = roll_by_hand(at, "WW555431")
    assert at.session_state["lang"] == "fr" and at.query_params["lang"] == "fr"
    assert at.title[0].value == t("page.sandbox.title", "fr")


def test_undo_redo_and_reset_by_buttons() -> None:
    at = roll_by_hand(sandbox(), "WW555431")
    at = click(at, "sandbox_keep_5")
    kept = box(at).table
    at = click(at, "sandbox_undo")
    assert box(at).table.phase == "keep" and url_table(at) == box(at).table
    at = click(at, "sandbox_redo")
    assert box(at).table == kept
    assert at.button(key="sandbox_redo").disabled
    at = click(at, "sandbox_reset")
    assert box(at).table == Table.new(2) and at.button(key="sandbox_undo").disabled


def test_the_odds_can_be_hidden_and_revealed() -> None:
    at = roll_by_hand(sandbox(), "WW555431")
    assert at.metric and at.success
    at.toggle(key="sandbox_hide_odds").set_value(True).run()
    assert not at.metric and not at.success
    assert "%" not in texts(at), "no figure may show while the odds are hidden"
    assert at.info[0].value == t("sandbox.odds_hidden", "en")
    at = click(at, "sandbox_keep_W")  # the odds stay hidden from one click to the next
    assert not at.metric
    at = click(at, "sandbox_reveal")
    assert at.metric and not at.toggle(key="sandbox_hide_odds").value


def test_teacher_dice_are_checked_and_a_refusal_changes_nothing() -> None:
    at = sandbox()
    at = roll_by_hand(at, "W W 5 X")
    assert at.warning[0].value.startswith("“X” is not a face of these dice")
    assert box(at).table == Table.new(2) and not box(at).can_undo
    at = roll_by_hand(at, "WW5")
    expected = t(
        "common.refused", "en", reason=t("errors.engine.dice_count", "en", expected=8, got=3)
    )
    assert at.warning[0].value == expected
    assert box(at).table == Table.new(2)
    at = roll_by_hand(at, "")
    assert at.warning[0].value == t("sandbox.teacher.no_dice", "en")
    at = roll_by_hand(at, "1,1,2,2,3,3,4,4")
    assert box(at).table.rolled == ("1", "1", "2", "2", "3", "3", "4", "4")


def test_a_french_teacher_types_v_for_ver() -> None:
    at = sandbox("fr")
    at = roll_by_hand(at, "V v 5 5 3 1 2 W")
    assert not at.warning
    assert box(at).table.rolled == ("W", "W", "5", "5", "3", "1", "2", "W")


def test_board_edits_move_tiles_and_an_impossible_one_is_refused() -> None:
    at = sandbox("nl")
    at.selectbox(key="sandbox_edit_tile").set_value(30)
    at.selectbox(key="sandbox_edit_place").set_value(1)
    at = click(at, "sandbox_move_tile")
    assert box(at).table.stacks == ((), (30,))
    at.selectbox(key="sandbox_edit_tile").set_value(36)
    at.selectbox(key="sandbox_edit_place").set_value("face_down")
    at = click(at, "sandbox_move_tile")
    assert box(at).table.face_down == (36,) and url_table(at) == box(at).table
    at = click(at, "sandbox_undo")
    assert box(at).table.face_down == ()

    last = tables.table(face_down=list(range(22, 37)), kept=["W"])
    at = sandbox("en", table=encode_table(last))
    at.selectbox(key="sandbox_edit_tile").set_value(21)
    at.selectbox(key="sandbox_edit_place").set_value(0)
    at = click(at, "sandbox_move_tile")
    assert at.warning[0].value == t("errors.scenario.turn_after_end", "en")
    assert box(at).table == last


def test_a_new_table_with_other_players_and_rules() -> None:
    at = sandbox()
    at.selectbox(key="sandbox_players").set_value(5)
    at.selectbox(key="sandbox_rules").set_value("junior")
    at = click(at, "sandbox_new_table")
    assert box(at).table == Table.new(5, JUNIOR)
    at = click(at, "sandbox_roll")
    assert len(box(at).table.rolled or ()) == JUNIOR.dice
    assert url_table(at).rules == JUNIOR


def test_the_new_table_offers_the_table_sizes_the_rules_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    narrow = replace(JUNIOR, min_players=3, max_players=4)
    monkeypatch.setitem(PRESETS, "junior", narrow)
    at = sandbox()
    assert at.selectbox(key="sandbox_players").options == [str(n) for n in range(2, 8)]
    at.selectbox(key="sandbox_rules").set_value("junior").run()
    assert at.selectbox(key="sandbox_players").options == ["3", "4"]
    at.selectbox(key="sandbox_players").set_value(4)
    at = click(at, "sandbox_new_table")
    assert box(at).table == Table.new(4, narrow)


def test_the_last_tile_ends_the_game_and_a_new_game_starts() -> None:
    last = tables.table(middle=[25], kept=["W", "W", "W", 5, 5])
    at = click(sandbox("fr", table=encode_table(last)), "sandbox_take_25")
    assert box(at).table.over and not at.metric
    assert at.header[0].value == t("sandbox.over.one", "fr", winners=seat_name(0, "fr"))
    assert at.header[0].value == "La partie est finie. Le joueur 1 gagne."
    at = click(at, "sandbox_new_game")
    assert box(at).table == Table.new(2)


def test_presentation_mode_draws_larger_dice() -> None:
    """The dice set aside drawn 1.3 times larger; the roll's groups grow with the page's font."""
    at = click(roll_by_hand(sandbox(), "WW555431"), "sandbox_keep_W")
    sizes = re.findall(r'width="(\d+)" height="\1"', "".join(h.proto.body for h in at.get("html")))
    assert "37" in sizes and "49" not in sizes  # 44 px dice drawn at 0.85 beside the table
    at.toggle(key="sandbox_present").set_value(True).run()
    bodies = "".join(h.proto.body for h in at.get("html"))
    assert 'width="49" height="49"' in bodies and "html { font-size: 22px; }" in bodies


def test_the_share_box_holds_the_table_and_the_language() -> None:
    at = roll_by_hand(sandbox("nl"), "WW555431")
    query = at.code[0].value.split("?", 1)[1]
    params = parse_qs(query)
    assert params["lang"] == ["nl"]
    assert decode_table(params["table"][0]) == box(at).table


@pytest.mark.parametrize("lang", LANGS)
def test_the_share_box_saves_the_moves_as_a_game_file_the_coach_reads(lang: str) -> None:
    at = click(roll_by_hand(sandbox(lang), "WW555431"), "sandbox_keep_5")
    at = click(roll_by_hand(at, "WW443"), "sandbox_keep_W")
    at.session_state[state.SHARE_OPEN] = True
    saved = at.run().get("download_button")
    assert [button.label for button in saved] == [t("sandbox.record.download", lang)]
    # the file holds `record_text` of the sandbox's record (AppTest cannot read a download)
    record = read_record(record_text(box(at).record()).encode())
    assert record.replay()[0] == box(at).table
    graded = [decision.played.move for decision in review(record).decisions]
    assert graded == [Move("keep", face="5"), ROLL, Move("keep", face="W")]  # not the 1st roll


@pytest.mark.parametrize("lang", LANGS)
def test_every_phase_renders_in_every_language_with_no_raw_key(lang: str) -> None:
    steps = [("roll", "WW555431"), ("keep", "5"), ("roll", "W4433"), ("keep", "4")]
    at = sandbox(lang)
    for kind, value in steps:
        at = roll_by_hand(at, value) if kind == "roll" else click(at, f"sandbox_keep_{value}")
        assert not at.exception and not at.warning
        text = shown_text(at)
        raw = [key for key in strings(lang) if key in text]  # type: ignore[arg-type]
        assert raw == [], raw
        assert "{" not in text
    at.toggle(key="sandbox_hide_odds").set_value(True).run()
    assert [k for k in strings(lang) if k in shown_text(at)] == []  # type: ignore[arg-type]


def situation_links(at: AppTest, lang: str) -> list[Any]:
    """A page's links into the sandbox: its links but the two to the Learn pages around it."""
    lead_on = {
        t(f"frame.lead_on.{word}", lang, page=t(f"page.{spec.key}.title", lang))
        for word in ("previous", "next")
        for spec in PAGES
    }
    return [link for link in at.main.get("page_link") if link.proto.label not in lead_on]


def test_faq_and_tips_link_their_situations_into_the_sandbox() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "fr"
    at.run()
    faq = situation_links(at.switch_page("app_pages/faq.py").run(), "fr")
    names = [parse_qs(link.proto.query_string) for link in faq]
    assert [n["scenario"][0] for n in names] == [
        "faq-no-worm", "faq-lower", "faq-steal-top", "faq-thirty-lower", "faq-thirty-steal",
        "faq-thirty-nothing", "faq-one-value",
    ]  # fmt: skip
    assert all(n["lang"] == ["fr"] for n in names)
    assert {link.proto.page for link in faq} == {"sandbox"}
    tips = situation_links(at.switch_page("app_pages/tips.py").run(), "fr")
    queries = [parse_qs(link.proto.query_string) for link in tips]
    linked = [(query["tip"][0], decode_table(query["table"][0])) for query in queries]
    assert linked == [(tip, table) for tip in TIPS for table in tip_tables(tip)]


def test_settings_and_table_outlive_a_visit_to_another_page() -> None:
    at = roll_by_hand(sandbox(), "WW555431")
    at.number_input(key="sandbox_seed").set_value(77)
    at.toggle(key="sandbox_present").set_value(True)
    at.toggle(key="sandbox_hide_odds").set_value(True)
    at.toggle(key="sandbox_bots").set_value(True)
    at.selectbox(key="sandbox_rules").set_value("junior")
    at.selectbox(key="sandbox_players").set_value(4).run()
    table = box(at).table
    settings = {"sandbox_present": True, "sandbox_hide_odds": True, "sandbox_bots": True,
                "sandbox_seed": 77, "sandbox_players": 4, "sandbox_rules": "junior"}  # fmt: skip
    at.switch_page("app_pages/faq.py").run()
    # no sandbox widget is drawn on the FAQ: persist_state keeps their values all the same
    assert {key: at.session_state[key] for key in settings} == settings
    at.switch_page(PAGE).run()
    assert not at.exception
    assert box(at).table == table and url_table(at) == table
    assert at.toggle(key="sandbox_present").value and at.toggle(key="sandbox_hide_odds").value
    assert at.toggle(key="sandbox_bots").value
    assert at.number_input(key="sandbox_seed").value == 77 and box(at).seed == 77
    assert at.selectbox(key="sandbox_players").value == 4
    assert at.selectbox(key="sandbox_rules").value == "junior"


def test_the_expert_can_play_the_other_seats() -> None:
    at = sandbox()
    at.toggle(key="sandbox_bots").set_value(True).run()
    at = roll_by_hand(at, "WWW55512")
    at = click(at, "sandbox_keep_W")
    at = roll_by_hand(at, "55512")
    at = click(at, "sandbox_keep_5")
    at = click(at, "sandbox_take_30")
    table = box(at).table
    assert table.current == 0 and table.phase == "roll", "Player 2 has played at once"
    (story,) = [str(m.value) for m in at.markdown if "- You take" in str(m.value)]
    assert story.startswith(f"**{t('sandbox.last_move', 'en')}**\n\n- You take tile 30 from")
    assert "Player 2 rolls:" in story and story.endswith("The dice go to Player 1.")
    assert at.header[0].value == "Player 1: roll the dice to start the turn."
    assert "Player 1 (you)" in "".join(h.proto.body for h in at.get("html"))
    at = click(at, "sandbox_undo")
    assert box(at).table.phase == "decide" and box(at).table.total == 30
    at = click(at, "sandbox_redo")
    assert box(at).table == table


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_invites_no_stop_when_no_tile_can_be_taken(lang: str) -> None:
    """Two worms (10) take nothing: the heading must not say 'or stop and take a tile'."""
    worms_only = '{"players": 2, "kept": ["W", "W"]}'
    at = sandbox(lang, table=b64(worms_only))
    player = seat_name(0, lang)
    assert at.header[0].value == tn("sandbox.status.decide_none", 6, lang, player=player)
    assert at.button(key="sandbox_stop")  # the only stop offered fails the turn
    below = t("sandbox.not_offered.too_low", lang, total=10, lowest=21)
    assert below in [str(c.value) for c in at.caption]

    enough = '{"players": 2, "kept": ["W", "W", "W", "5", "5"]}'
    at = sandbox(lang, table=b64(enough))
    assert at.header[0].value == tn("sandbox.status.decide", 3, lang, player=player)

    no_worm = '{"players": 2, "kept": ["5", "5", "5", "4", "4", "3", "3", "2"]}'
    at = sandbox(lang, table=b64(no_worm))
    assert at.header[0].value == t("sandbox.status.take_none", lang, player=player)
    assert not [b for b in at.button if b.key.startswith("sandbox_take_")]

    full = '{"players": 2, "kept": ["W", "W", "5", "5", "4", "4", "3", "3"]}'
    at = sandbox(lang, table=b64(full))
    assert at.header[0].value == t("sandbox.status.take", lang, player=player)


def test_the_odds_panel_links_the_table_into_the_explorer() -> None:
    """The explorer draws the charts of 'the current table': the sandbox hands it over."""
    at = sandbox("nl", table=b64('{"players": 3, "kept": ["W", "5"], "face_down": [36]}'))
    at = roll_by_hand(at, "WW3311")
    (link,) = [link for link in at.main.get("page_link") if link.proto.page == "explorer"]
    query = parse_qs(link.proto.query_string)
    assert query["lang"] == ["nl"]
    assert decode_table(query["table"][0]) == box(at).table
    assert box(at).table.rolled == ("W", "W", "3", "3", "1", "1")
    assert link.proto.label == t("sandbox.explore", "nl")

    at.toggle(key="sandbox_hide_odds").set_value(True).run()  # no peeking while odds are hidden
    assert not [link for link in at.main.get("page_link") if link.proto.page == "explorer"]


def teacher_warnings(at: AppTest) -> list[str]:
    (tools,) = [e for e in at.expander if e.label == t("sandbox.teacher.title", "fr")]
    return [str(w.value) for w in tools.warning]


def test_a_teacher_tool_refusal_is_shown_under_that_tool() -> None:
    """The teacher tools sit far below the table: a refusal shown above it would be off screen."""
    at = sandbox("fr")
    at = roll_by_hand(at, "55WW7")
    refusal = [str(w.value) for w in at.warning]
    assert teacher_warnings(at) == refusal and len(refusal) == 1
    assert "7" in refusal[0]

    last = tables.table(face_down=list(range(22, 37)), kept=["W"])
    at = sandbox("fr", table=encode_table(last))
    at.selectbox(key="sandbox_edit_tile").set_value(21)
    at.selectbox(key="sandbox_edit_place").set_value(0)
    at = click(at, "sandbox_move_tile")
    assert teacher_warnings(at) == [t("errors.scenario.turn_after_end", "fr")]
    assert [str(w.value) for w in at.warning] == teacher_warnings(at)
    at = at.run()  # shown once
    assert teacher_warnings(at) == []


FAQ_CASES = [(question, name) for question, names in QUESTIONS for name in names]


def button_key(move: Move) -> str:
    """The key of the sandbox's button for `move` (see `draw._move`)."""
    suffix = {"keep": move.face, "take": str(move.tile)}.get(move.kind)
    return f"sandbox_{move.kind}" + (f"_{suffix}" if suffix else "")


@pytest.mark.parametrize(("question", "name"), FAQ_CASES)
def test_a_faq_link_names_its_question_and_replays_the_answer_until_the_learner_branches_off(
    question: str, name: str
) -> None:
    lang = "fr" if name == "faq-one-value" else "en"
    banner = t("sandbox.from_faq", lang, question=t(f"faq.q_{question}", lang),
               case=t(f"faq.case.{name}", lang))  # fmt: skip
    scenario = read_scenario(name)
    at = sandbox(lang, scenario=name, seed="1")
    assert [i.value for i in at.info] == [banner]
    assert box(at).position == scenario.at, "the link opens at the moment the question asks about"
    assert at.button(key="sandbox_redo").label == t("sandbox.replay", lang)
    at = click(at, "sandbox_redo")  # the answer's next move: still the answer
    assert [i.value for i in at.info] == [banner]
    assert at.button(key="sandbox_redo").label == t("sandbox.replay", lang)
    at = click(at, "sandbox_undo")
    answer = box(at).history[box(at).position + 1].move
    own = next(move for move in box(at).table.legal_moves() if move != answer)
    at = click(at, button_key(own))  # a move of the learner's own: Redo is theirs from now on
    assert [i.value for i in at.info] == [banner], "the question stays while the table is its own"
    assert at.button(key="sandbox_redo").label == t("sandbox.redo", lang)
    at = click(at, "sandbox_new_table")
    assert not at.info, "a new table is no longer the question's"
    assert at.button(key="sandbox_redo").label == t("sandbox.redo", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_reload_keeps_the_question_until_a_new_table(lang: str) -> None:
    name = "faq-one-value"  # starts from a new game: a new table made since is equal to its first
    banner = t("sandbox.from_faq", lang, question=t("faq.q_" + question_of(name), lang),
               case=t(f"faq.case.{name}", lang))  # fmt: skip
    at = click(sandbox(lang, scenario=name, seed="3"), "sandbox_redo")
    again = reload(at)
    assert [i.value for i in again.info] == [banner], "the question said again after a reload"
    assert again.button(key="sandbox_redo").label == t("sandbox.replay", lang)
    assert box(again) == box(at)
    at = click(click(again, "sandbox_new_table"), "sandbox_roll")
    assert not reload(at).info, "the new table is no longer the question's, reloaded or not"


@pytest.mark.parametrize("tip", TIPS)
def test_a_reload_keeps_the_tip(tip: str) -> None:
    at = sandbox("fr", table=encode_table(tip_tables(tip)[0]), tip=tip)
    at = click(at, button_key(box(at).table.legal_moves()[0]))
    assert [i.value for i in reload(at).info] == [
        t("sandbox.from_tip", "fr", tip=t(f"tips.{tip}", "fr"))
    ]


def test_opening_another_link_drops_the_question() -> None:
    at = sandbox("en", scenario="faq-lower")
    at.switch_page("app_pages/faq.py").run()
    at.query_params.clear()
    at.query_params.update(lang="en", scenario="turn-walkthrough")
    at.switch_page(PAGE).run()
    assert not at.info and at.button(key="sandbox_redo").label == t("sandbox.redo", "en")


@pytest.mark.parametrize("tip", TIPS)
def test_a_tip_link_names_its_tip_until_a_new_table(tip: str) -> None:
    at = sandbox("nl", table=encode_table(tip_tables(tip)[0]), tip=tip)
    banner = t("sandbox.from_tip", "nl", tip=t(f"tips.{tip}", "nl"))
    assert [i.value for i in at.info] == [banner]
    assert at.query_params["tip"] == tip and f"tip={tip}" in at.code[0].value
    assert at.button(key="sandbox_redo").label == t("sandbox.redo", "nl")
    at = click(at, button_key(box(at).table.legal_moves()[0]))
    assert [i.value for i in at.info] == [banner] and at.query_params["tip"] == tip
    at = click(at, "sandbox_new_table")
    assert not at.info and "tip" not in at.query_params


def test_an_unknown_tip_names_nothing_and_leaves_the_address() -> None:
    at = sandbox("en", table=encode_table(tip_tables("neighbour")[0]), tip="[x](http://evil)")
    assert not at.info and not at.error and not at.warning
    assert "tip" not in at.query_params and box(at).table == tip_tables("neighbour")[0]


def share_query(at: AppTest) -> dict[str, list[str]]:
    return parse_qs(at.code[0].value.split("?", 1)[1])


@pytest.mark.parametrize("lang", LANGS)
def test_the_share_panel_offers_the_table_with_the_odds_hidden_and_that_link_hides_them(
    lang: str,
) -> None:
    """Issue 31: a teacher did not find `?hide=1`; the panel offers it beside the table's link,
    which it differs from in that setting alone, and while the odds are hidden, the other way."""
    at = sandbox(lang, scenario="turn-walkthrough", present="1")
    shown, other = (parse_qs(code.value.split("?", 1)[1]) for code in at.code)
    assert "hide" not in shown and other == {**shown, "hide": ["1"]}
    assert t("sandbox.share_hidden", lang) in [caption.value for caption in at.caption]
    linked = sandbox(**{key: values[0] for key, values in other.items()})  # its language too
    assert linked.toggle(key="sandbox_hide_odds").value and not linked.metric
    assert box(linked).table == box(at).table and linked.toggle(key="sandbox_present").value
    at.toggle(key="sandbox_hide_odds").set_value(True).run()
    hidden, other = (parse_qs(code.value.split("?", 1)[1]) for code in at.code)
    assert hidden["hide"] == ["1"] and "hide" not in other
    assert t("sandbox.share_shown", lang) in [caption.value for caption in at.caption]


def test_a_teachers_link_opens_in_presentation_mode_with_the_expert_and_its_seed() -> None:
    at = sandbox("en", scenario="turn-walkthrough", present="1", bots="1", seed="7", hide="1")
    assert not at.exception and not at.warning
    assert at.toggle(key="sandbox_present").value and at.toggle(key="sandbox_bots").value
    assert at.toggle(key="sandbox_hide_odds").value and not at.metric, "the odds open hidden"
    assert share_query(at)["hide"] == ["1"] and at.query_params["hide"] == "1"
    assert at.number_input(key="sandbox_seed").value == 7 and box(at).seed == 7
    assert "html { font-size: 22px; }" in "".join(h.proto.body for h in at.get("html"))
    shared = share_query(at)
    assert (shared["present"], shared["bots"], shared["seed"]) == (["1"], ["1"], ["7"])
    assert shared["scenario"] == ["turn-walkthrough"], "an untouched example is shared by name"
    at = click(at, "sandbox_roll")  # a roll of its own: drawn from the link's seed
    assert box(at).table == Sandbox.start(read_scenario("turn-walkthrough").table, 7).roll().table
    shared = share_query(at)
    assert decode_table(shared["table"][0]) == box(at).table
    assert (shared["present"], shared["bots"], shared["seed"]) == (["1"], ["1"], ["7"])
    assert (at.query_params["present"], at.query_params["seed"]) == ("1", "7")
    assert share_query(at)["hide"] == ["1"], "the odds stay hidden after a click"
    at.toggle(key="sandbox_present").set_value(False).run()
    assert "present" not in at.query_params and "present" not in share_query(at)
    at = click(at, "sandbox_reveal")
    assert at.metric and "hide" not in at.query_params and "hide" not in share_query(at)


def test_a_link_to_the_table_already_shown_still_sets_its_seed() -> None:
    at = sandbox("en")
    table = encode_table(box(at).table)
    at.switch_page("app_pages/faq.py").run()
    at.query_params.clear()
    at.query_params.update(lang="en", table=table, seed="42")
    at.switch_page(PAGE).run()
    assert box(at).seed == 42 and at.number_input(key="sandbox_seed").value == 42


@pytest.mark.parametrize(
    ("param", "value"), [("present", "yes"), ("bots", "2"), ("hide", "on"), ("seed", "-3"),
                         ("seed", "abc"),
                         ("seed", "1000000"), ("seed", "[x](http://evil)"),
                         ("seed", "\u202e![i](http://x/y.png) <img src=x>")]
)  # fmt: skip
def test_a_bad_setting_in_a_link_is_refused_and_changes_nothing(param: str, value: str) -> None:
    for lang in LANGS:
        at = sandbox(lang, **{param: value})
        assert not at.exception and not at.warning
        expected = t(f"sandbox.link_setting.{param}", lang, value=echoed(value), high=999_999)
        assert [e.value for e in at.error] == [expected]
        for active in ("\u202e", "](", "<img"):
            assert active not in expected
        assert (
            not at.toggle(key="sandbox_present").value and not at.toggle(key="sandbox_bots").value
        )
        assert not at.toggle(key="sandbox_hide_odds").value
        seed = at.session_state["sandbox_seed"]
        assert 0 <= seed <= 999_999 and box(at).seed == seed
        assert param not in at.query_params or at.query_params[param] == str(seed)
        assert share_query(at)["seed"] == [str(seed)], "the seed travels in the shared link"
        # and into the address with the history's id, once there is a change to store
        assert "seed" not in at.query_params or at.query_params["seed"] == str(seed)
        at = click(at, "sandbox_roll")
        assert at.query_params["seed"] == str(seed) and "box" in at.query_params


def test_a_click_sent_with_an_out_of_date_address_keeps_the_settings() -> None:
    """The settings of a link are read when it is opened; a lagging address switches none back."""
    at = sandbox("en", present="1", bots="1", seed="7")
    at.toggle(key="sandbox_present").set_value(False)
    at.toggle(key="sandbox_bots").set_value(False)
    at.number_input(key="sandbox_seed").set_value(8).run()
    at.query_params.update(present="1", bots="1", seed="7")  # the address the link opened with
    at = click(at, "sandbox_roll")
    assert not at.toggle(key="sandbox_present").value and not at.toggle(key="sandbox_bots").value
    assert at.session_state["sandbox_seed"] == 8 and box(at).seed == 8
    assert box(at).table == Sandbox.start(Table.new(2), 8).roll().table
    assert "present" not in at.query_params and "bots" not in at.query_params
    assert at.query_params["seed"] == "8"


def _read_rules_sent_in_words(words: str) -> None:
    """A run in which the rules' choice holds the words a browser showed, read before its list."""
    import streamlit as st

    from pickomino.ui.practice import state

    st.session_state[state.RULES] = words
    st.write(state.fresh_rules().name, st.session_state[state.RULES])


@pytest.mark.parametrize("lang", LANGS)
def test_a_rules_choice_sent_back_in_the_old_words_is_read_and_kept(lang: str) -> None:
    """A click made in the moment after a language switch carries the choice as the words the
    browser showed ("Shorter game" on a page now French; seen in Chromium, where it crashed the
    sandbox with 'unknown rules preset'): read back by its title, and kept as the preset's name.
    (AppTest cannot send a list's value as words, so the choice is set as the browser sends it.)"""
    words = t("variants.short.title", lang)
    at = AppTest.from_function(_read_rules_sent_in_words, args=(words,)).run()
    assert not at.exception
    assert [m.value for m in at.markdown] == ["short short"]  # the rules, and the choice kept


def test_folded_panels_are_filled_only_once_opened() -> None:
    """Folded, a panel's widgets would be sent and redrawn on every click for nothing."""
    at = opened(PAGE, "en")
    keys = {getattr(widget, "key", None) for widget in at.main.get("text_input")}
    assert "sandbox_dice" not in keys
    assert not at.main.get("code")  # the share box's link
    help_text = t("odds.tiles_help", "en")
    assert help_text not in [caption.value for caption in at.caption]  # each tile's chance
    at.session_state[state.TEACHER_OPEN] = True
    at.session_state[state.SHARE_OPEN] = True
    at.session_state[TILES_OPEN] = True
    at.run()
    assert at.text_input(key="sandbox_dice").label == tn("sandbox.teacher.dice", 8, "en")
    assert "table=" in at.main.get("code")[0].proto.code_text
    assert help_text in [caption.value for caption in at.caption]


# ----- the history kept in the store: a reload finds the table, Undo and Redo ------------------


def test_a_reload_after_moves_finds_the_table_and_its_undo_and_redo() -> None:
    at = sandbox("fr", seed="5")
    assert "box" not in at.query_params and "table" not in at.query_params  # nothing stored yet
    at = roll_by_hand(at, "WW555431")
    stored = at.query_params["box"]
    at = click(at, "sandbox_keep_5")
    at = click(at, "sandbox_roll")  # a random roll: the faces it drew are kept
    at = click(at, "sandbox_undo")
    assert at.query_params["box"] == stored, "the address stays the same while playing"
    assert "table" not in at.query_params
    again = reload(at)
    assert not again.exception and not again.error
    assert box(again) == box(at), "the same tables, events, moves, seed and position"
    assert again.header[0].value == at.header[0].value
    again = click(again, "sandbox_redo")
    assert box(again).table.phase == "keep" and box(again).position == 3
    again = click(again, "sandbox_undo")
    again = click(again, "sandbox_undo")
    assert box(again).table.rolled == ("W", "W", "5", "5", "5", "4", "3", "1")
    assert again.query_params["box"] == stored, "the restored page goes on storing there"
    assert reloaded(again).position == 1 and reloaded(again).can_redo


def test_a_reload_of_a_link_with_moves_finds_them_not_the_link() -> None:
    at = sandbox("en", scenario="turn-walkthrough")
    at = click(at, "sandbox_redo")
    at = click(at, "sandbox_redo")
    assert at.query_params["scenario"] == "turn-walkthrough" and "box" in at.query_params
    assert reloaded(at) == box(at) and box(at).position == 2


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_id_is_refused_clearly_and_the_links_table_is_shown(lang: str) -> None:
    table = Sandbox.start(Table.new(3)).roll("WW555431").table  # a turn under way
    at = sandbox(lang, box="nothing-here", table=encode_table(table))
    assert [e.value for e in at.error] == [t("sandbox.saved.unknown", lang)]
    assert box(at).table == table and not box(at).can_undo
    assert "box" not in at.query_params, "the dead id leaves the address"
    at = sandbox(lang, box="nothing-here")
    assert [e.value for e in at.error] == [t("sandbox.saved.unknown", lang)]
    assert box(at).table == Table.new(2)


def test_another_documents_id_is_not_a_sandbox() -> None:
    with open_store(os.environ[URL_SETTING]) as store:
        quiz = store.create("quiz", {"code": "RELOAD-B5", "picked": [], "at": 0})
        bad = store.create("sandbox", {"seed": 1, "position": 0, "dropped": 0, "steps": [{}]})
    for found in (quiz, bad):
        at = sandbox("nl", box=found.id)
        assert [e.value for e in at.error] == [t("sandbox.saved.unknown", "nl")]
        assert box(at).table == Table.new(2)


def test_an_expired_history_is_refused_with_how_long_it_is_kept() -> None:
    month_ago = datetime.now(UTC) - EXPIRY - timedelta(days=1)
    with open_store(os.environ[URL_SETTING], clock=lambda: month_ago) as old:
        stale = old.create("sandbox", Sandbox.start(Table.new(2), 3).roll().to_data())
    at = sandbox("fr", box=stale.id, scenario="faq-no-worm")
    assert [e.value for e in at.error] == [t("sandbox.saved.expired", "fr", days=EXPIRY.days)]
    assert box(at).table == read_scenario("faq-no-worm").table


def test_moves_made_in_another_tab_are_shown_not_overwritten() -> None:
    first = roll_by_hand(sandbox("en"), "WW555431")
    stored = first.query_params["box"]
    second = sandbox("en", box=stored)  # the same history in a second tab, its seed unsaid
    assert box(second) == box(first) and second.query_params["seed"] == str(box(first).seed)
    first = click(first, "sandbox_keep_5")  # the first tab goes on
    second = click(second, "sandbox_keep_W")  # the second, a step behind, plays another move
    assert [e.value for e in second.error] == [t("sandbox.saved.conflict", "en")]
    assert box(second) == box(first), "the stored history is shown, not a mix of both"
    assert box(second).table.kept == ("5", "5", "5")
    second = click(second, "sandbox_undo")  # and the second tab goes on storing from there
    assert not second.error and reloaded(second).position == 1
