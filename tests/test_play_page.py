"""The Play page through AppTest: set-up, bots to the end, a hot-seat turn, links, stale clicks."""

from __future__ import annotations

import base64
import json
import random
import time
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from pickomino import bots
from pickomino.echo import echoed
from pickomino.game import IllegalMove, Move
from pickomino.i18n import LANGS, t, tn
from pickomino.match import KINDS, Match, tie_break
from pickomino.narrate import master_words
from pickomino.refusals import refusal, scenario_refusal
from pickomino.review import master_otherwise
from pickomino.scenario import ScenarioError, scenario_json
from pickomino.share import decode_scenario, encode_scenario
from pickomino.ui.common import DICE_SCALE
from pickomino.ui.play import state as play_view
from pickomino.ui.records import read_record, record_text
from pickomino.ui.show import roll_html
from tests.test_app import opened, shown_text

PAGE = "app_pages/play.py"


def play(lang: str = "en", **params: str) -> AppTest:
    return opened(PAGE, lang, **params)


def match(at: AppTest) -> Match:
    found: Match = at.session_state["play_match"]
    return found


def click(at: AppTest, key: str) -> AppTest:
    return at.button(key=key).click().run()


def hot_seat(lang: str = "en") -> AppTest:
    """Two people, Ana and Bo, at a fresh standard table (seed 5)."""
    at = play(lang)
    at.selectbox(key="play_kind_1").set_value("person")
    at.text_input(key="play_name_0").input("Ana")
    at.text_input(key="play_name_1").input("Bo")
    at.text_input(key="play_seed").input("5")
    return click(at.run(), "play_start")


def headers(at: AppTest) -> list[str]:
    return [str(header.value) for header in at.header]


def test_a_bots_only_game_set_up_by_widgets_runs_to_its_end_and_names_the_winner() -> None:
    at = play()
    assert not at.exception
    at.selectbox(key="play_seats").set_value(3).run()
    at.selectbox(key="play_kind_0").set_value("heuristic")
    at.selectbox(key="play_kind_2").set_value("cautious")
    at.selectbox(key="play_rules").set_value("short")
    at = click(at.run(), "play_start")
    game = match(at)
    assert game.kinds == ("heuristic", "expert", "cautious") and game.start.rules.name == "short"
    assert headers(at) == [t("play.bot_turn", "en", player="Rule-of-thumb bot 1")]
    at = click(at, "play_next")  # one move: the first roll, told beside the table
    assert len(match(at).steps) == 1
    rolled = match(at).table
    assert rolled.rolled is not None  # a bot decides it: the roll drawn as a picture, no buttons
    drawn = "".join(element.proto.body for element in at.main.get("html"))
    assert roll_html(rolled.rolled, rolled.kept, "en", scale=DICE_SCALE) in drawn
    assert not [b.key for b in at.button if b.key.startswith("play_keep_")]
    at = click(at, "play_next")  # the bot's first keep, with its reason from the odds
    kept = match(at).steps[-1].move
    assert kept is not None and kept.kind == "keep"
    assert "Why: set aside the" in shown_text(at)
    at = click(at, "play_skip")  # no person plays: the button runs the game to its end
    final = match(at).table
    assert not at.exception and final.over
    names = ("Rule-of-thumb bot 1", "Expert bot 2", "Cautious bot 3")
    winners = [names[seat] for seat in final.winners()]
    assert any(winner in headers(at)[0] for winner in winners)
    assert at.button(key="play_again") is not None
    # the game log tells every turn, newest first, under a heading per turn (once opened)
    assert "Turn 1: " not in shown_text(at)
    at.session_state[play_view.LOG_OPEN] = True
    text = shown_text(at.run())
    turns = len(match(at).turns())
    assert text.index(f"Turn {turns}: ") < text.index("Turn 1: ")


def test_a_hot_seat_turn_by_clicks_passes_the_dice_to_the_second_person() -> None:
    at = hot_seat()
    assert not at.exception
    assert headers(at) == ["Ana, your turn"]
    at.toggle(key="play_verdict").set_value(True)
    at.toggle(key="play_hint").set_value(True)
    at = click(at.run(), "play_roll")
    table = match(at).table
    assert table.rolled is not None and table.current == 0
    assert any("the expert would" in str(info.value) for info in at.info)  # the hint
    keeps = sorted(b.key for b in at.button if b.key.startswith("play_keep_"))
    assert keeps == [f"play_keep_{face}" for face in sorted(set(table.rolled))]
    drawn = "".join(element.proto.body for element in at.main.get("html"))
    # the roll is drawn once, as its groups of dice (the buttons above), not again as a picture
    assert roll_html(table.rolled, table.kept, "en", scale=DICE_SCALE) not in drawn
    face = "W" if "W" in table.rolled else table.rolled[0]
    at = click(at, f"play_keep_{face}")
    table = match(at).table
    if table.current == 0:  # the turn goes on: end it with the first ending move offered
        ending = next(move for move in table.legal_moves() if move.kind != "roll")
        key = "play_stop" if ending.kind == "stop" else f"play_take_{ending.tile}"
        at = click(at, key)
    assert not at.exception
    assert match(at).table.current == 1
    assert headers(at) == ["Bo, your turn"]
    at.session_state[play_view.LOG_OPEN] = True
    text = shown_text(at.run())
    assert "Last turn: Ana" in text and "Turn 1: Ana" in text
    assert "Coach: Ana" in text  # the verdict on the turn just played


def test_a_stale_click_is_refused_with_its_reason_and_the_game_kept() -> None:
    at = click(hot_seat(), "play_roll")
    game = match(at)
    assert game.table.rolled is not None
    face = game.table.rolled[0]
    # the click lands after another one that already kept this face (the page not redrawn yet)
    ahead = game.play(Move("keep", face=face))
    at.session_state["play_match"] = ahead
    at = click(at, f"play_keep_{face}")
    assert match(at) == ahead
    try:
        ahead.table.keep(face)
    except IllegalMove as error:
        reason = refusal(error, "en")
    assert [str(w.value) for w in at.warning] == [t("play.stale", "en", reason=reason)]


def test_the_game_survives_a_language_switch_and_a_page_switch() -> None:
    at = click(hot_seat(), "play_roll")
    before = match(at)
    at = at.selectbox(key="lang_picker").set_value("fr").run()
    assert not at.exception and match(at) == before
    assert headers(at) == [t("play.your_turn", "fr", player="Ana")]
    at = at.switch_page("app_pages/sandbox.py").run()
    at = at.switch_page(PAGE).run()
    assert not at.exception and match(at) == before
    assert "play_keep_" + before.table.rolled[0] in {b.key for b in at.button}  # type: ignore[index]


def shared(at: AppTest) -> dict[str, str]:
    """The query of the link the share panel offers (opened for it)."""
    at.session_state[play_view.SHARE_OPEN] = True
    code = at.run().main.get("code")[0].proto.code_text
    return {key: values[0] for key, values in parse_qs(urlsplit(code).query).items()}


def test_the_shared_link_reopens_the_game_where_it_was_with_its_seats_and_seed() -> None:
    at = click(hot_seat(), "play_roll")
    at.session_state[play_view.NEW_OPEN] = True  # the panel "A new game", opened
    at = click(at.run(), "play_new_game")
    assert "match" not in at.query_params  # back at the set-up: the URL holds no game
    at = click(hot_seat(), "play_roll")
    game = match(at)
    assert "game" not in at.query_params  # during play the address holds the stored game's id
    params = shared(at)
    assert params["seed"] == "5" and "seats" not in params
    record = decode_scenario(params["game"])
    assert record.names == ("Ana", "Bo") and record.replay()[0] == game.table
    assert record.seats == ("person", "person")  # who plays each seat, in the record itself
    # the file "Save the game" writes is the same record (AppTest has no download or upload)
    assert read_record(record_text(record).encode()) == record
    again = play("nl", game=params["game"], seed=params["seed"])
    assert not again.exception
    assert match(again).table == game.table and match(again).kinds == game.kinds
    assert headers(again) == [t("play.your_turn", "nl", player="Ana")]


def test_an_unfinished_game_linked_without_seats_asks_who_plays() -> None:
    game = Match.new(("expert", "person"), ("Ana", "Bo"), 9).until_person()
    at = play(game=encode_scenario(replace(game.record(), seats=None)))
    assert not at.exception and "play_match" not in at.session_state
    assert at.selectbox(key="play_open_kind_0").label == "Ana"
    at.selectbox(key="play_open_kind_0").set_value("heuristic")
    at.selectbox(key="play_open_kind_1").set_value("person")
    at = click(at.run(), "play_go_on")
    assert match(at).table == game.table and match(at).kinds == ("heuristic", "person")
    assert headers(at) == ["Bo, your turn"]


def test_a_broken_game_link_is_refused_by_name_and_the_set_up_shown() -> None:
    at = play(game="not-a-game")
    assert not at.exception
    assert "This link's game cannot be opened" in str(at.error[0].value)
    assert at.button(key="play_start") is not None


def test_the_end_screen_explains_a_tie_broken_by_the_highest_tile() -> None:
    seats = [bots.cautious, bots.heuristic]
    for seed in range(400):
        record = bots.record_game(seats, random.Random(seed), names=("Ana", "Bo"))
        final, _ = record.replay()
        if tie_break(final):
            break
    else:
        raise AssertionError("no tie on worms in 400 seeded games")
    winner = ("Ana", "Bo")[final.winners()[0]]
    at = play(game=encode_scenario(record), seats="cautious,heuristic", seed="1")
    assert not at.exception and match(at).table == final
    assert headers(at)[0] == tn("play.winner", 1, "en", winners=winner)
    tie = [str(info.value) for info in at.info]
    worms = tn("common.worms", final.scores()[0], "en")
    assert any(
        "Ana and Bo" in line
        and worms in line
        and f"{winner} holds {max(final.stacks[final.winners()[0]])}" in line
        for line in tie
    ), tie


def test_default_names_saved_in_one_language_follow_the_reader_into_another() -> None:
    at = click(play(), "play_start")  # the set-up's defaults: a person, then the expert
    params = shared(at)
    record = decode_scenario(params["game"])
    assert record.names == ("Player 1", "Expert bot 2")
    assert match(at).names == ("", "")
    french = play("fr", game=params["game"], seed="2")
    assert match(french).names == ("", "") and match(french).kinds == ("person", "expert")
    assert headers(french) == [t("play.your_turn", "fr", player="Joueur 1")]


def test_the_folded_panels_are_filled_only_once_opened() -> None:
    """Folded, the log, the share panel and the new game panel would be sent on every click."""
    at = click(hot_seat(), "play_roll")
    keys = {getattr(widget, "key", None) for widget in at.main.get("button")}
    assert "play_new_game" not in keys
    assert not at.main.get("code") and "Turn 1: " not in shown_text(at)
    for panel in (play_view.LOG_OPEN, play_view.SHARE_OPEN, play_view.NEW_OPEN):
        at.session_state[panel] = True
    at = click(at.run(), f"play_keep_{match(at).table.rolled[0]}")  # type: ignore[index]
    assert at.button(key="play_new_game").label == t("play.new_game", "en")
    assert "game=" in at.main.get("code")[0].proto.code_text
    assert "Turn 1: Ana" in shown_text(at)


HOSTILE = "\u202e[x](http://evil.example) ![i](http://x/y.png) <img src=x> **now**"
"""Crafted to put a link, an image, HTML or bold into the page, and to read right to left."""


def shows_literally(text: str, value: str) -> None:
    """`text` quotes `value` as the reader typed it, with nothing Markdown or HTML could read."""
    assert echoed(value) in text
    for active in ("\u202e", "](", "<img", "**", "http://"):
        assert active not in text, active


def test_an_uploaded_record_with_an_illegal_move_is_refused_as_the_review_page_refuses_it() -> None:
    illegal = b'{"players": 2, "actions": [{"take": 21}]}'
    for lang in LANGS:
        at = play(lang)
        at.file_uploader(key=play_view.UPLOAD).set_value(("g.json", illegal, "application/json"))
        at = at.run()
        assert not at.exception
        with pytest.raises(ScenarioError) as caught:
            read_record(illegal)
        reason = scenario_refusal(caught.value, lang)
        assert [e.value for e in at.error] == [
            t("records.refused", lang, name=echoed("g.json"), reason=reason)
        ]
        assert "play_match" not in at.session_state and "play_pending" not in at.session_state
        assert at.button(key="play_start") is not None  # the set-up, as it was


def test_a_hostile_file_name_is_shown_literally() -> None:
    at = play()
    at.file_uploader(key=play_view.UPLOAD).set_value((HOSTILE + ".json", b"{", "application/json"))
    at = at.run()
    assert not at.exception
    (error,) = at.error
    shows_literally(str(error.value), HOSTILE + ".json")


def test_a_file_with_a_byte_order_mark_opens() -> None:
    game = Match.new(("expert", "heuristic"), ("Ana", "Bo"), 3).until_person()
    text = record_text(game.record())
    assert read_record(b"\xef\xbb\xbf" + text.encode()) == game.record()
    at = play()
    upload = ("notepad.json", b"\xef\xbb\xbf" + text.encode(), "application/json")
    at = at.file_uploader(key=play_view.UPLOAD).set_value(upload).run()
    assert not at.exception and not at.error
    assert match(at).table == game.table  # a finished game, on the table
    with_mark = "\ufeff" + json.dumps(scenario_json(game.record()))
    linked = base64.urlsafe_b64encode(with_mark.encode()).decode()  # a link made by hand
    assert decode_scenario(linked) == game.record()


def test_a_bad_seed_in_a_game_link_is_explained_and_the_game_opened_with_new_dice() -> None:
    game = Match.new(("expert", "heuristic"), ("Ana", "Bo"), 3).until_person()
    for lang in LANGS:
        for seed in ("abc", "-3", "1000000", HOSTILE):
            at = play(lang, game=encode_scenario(game.record()), seats="person,person", seed=seed)
            assert not at.exception
            expected = t("play.link_seed", lang, value=echoed(seed), high=999_999)
            assert [e.value for e in at.error] == [expected]
            assert match(at).table == game.table and match(at).kinds == ("person", "person")
            assert 0 <= match(at).seed <= 999_999
            # the address opens the same game again, with its new seed (stored at its first move)
            assert at.query_params["seed"] == str(match(at).seed) and "match" not in at.query_params
    assert shared(at)["seed"] == str(match(at).seed)
    shows_literally(expected, HOSTILE)


def test_bad_seats_in_a_game_link_are_explained_and_asked_for() -> None:
    unfinished = Match.new(("expert", "person"), ("Ana", "Bo"), 9).until_person()
    for lang in LANGS:
        for seats in ("person", "person,robot", "person,expert,expert", HOSTILE):
            at = play(lang, game=encode_scenario(unfinished.record()), seats=seats, seed="4")
            assert not at.exception
            expected = t("play.link_seats", lang, value=echoed(seats), n=2, kinds=", ".join(KINDS))
            assert [e.value for e in at.error] == [expected]
            assert "play_match" not in at.session_state  # who plays each seat is asked
            assert at.selectbox(key="play_open_kind_0").label == "Ana"
    shows_literally(expected, HOSTILE)


def test_an_over_long_game_link_is_refused_unread_with_the_limit_named() -> None:
    """The longest address the server lets through on one machine (docs/deploy.md)."""
    value = encode_scenario(Match.new(("expert", "heuristic"), ("Ana", "Bo"), 3).record())
    for lang in LANGS:
        began = time.perf_counter()
        at = play(lang, game=value + "A" * 100_000)
        assert time.perf_counter() - began < 10
        assert not at.exception
        (error,) = at.error
        reason = t("errors.scenario.too_long", lang, length=len(value) + 100_000, high=12_000)
        assert error.value == t("play.link_refused", lang, reason=reason)
        assert "play_match" not in at.session_state


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_a_game_with_the_master_set_up_by_widgets_plays_to_its_end_and_names_it(lang: str) -> None:
    at = play(lang)
    at.selectbox(key="play_kind_0").set_value("master")
    at.selectbox(key="play_kind_1").set_value("cautious")
    at.text_input(key="play_seed").input("5")
    at = click(at.run(), "play_start")
    assert match(at).kinds == ("master", "cautious")
    assert headers(at) == [t("play.bot_turn", lang, player=t("play.bot_name.master", lang, n=1))]
    at = click(at, "play_skip")
    assert not at.exception and match(at).table.over
    record = match(at).record(("", ""))
    assert record.seats == ("master", "cautious")
    again = play(lang, game=encode_scenario(record), seed="5")  # its record opens again
    assert not again.exception and match(again).kinds == ("master", "cautious")
    assert match(again).table == match(at).table
    review = opened("app_pages/review.py", lang, game=encode_scenario(record))
    assert not review.exception and t("play.bot_name.master", lang, n=1) in shown_text(review)


def test_the_hint_says_where_the_master_would_play_otherwise_and_why() -> None:
    """The seeded game where the master leaves the star while ahead (tests/test_review.py)."""
    game = Match.new(("person", "heuristic"), ("Ana", ""), 1)
    steps = bots.game_steps([bots.expert, bots.heuristic], random.Random("find1"))
    while (view := master_otherwise(game.table)) is None or (view.reason, game.to_play) != (
        "ahead",
        "person",
    ):
        move = next(steps).move
        assert move is not None
        game = game.play(move)
    assert view is not None and view.reason == "ahead" and game.to_play == "person"
    for lang in ("en", "fr"):
        at = play(lang)
        at.session_state[play_view.MATCH] = game
        at.session_state[play_view.HINT] = True
        at = at.run()
        said = master_words(view.move, "ahead", game.table, lang, ("Ana", ""))
        (hint,) = [str(info.value) for info in at.info if str(info.value).endswith(said)]
        assert not at.exception and hint.startswith(t("play.hint", lang, why=""))
