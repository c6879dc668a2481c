"""The Play page's game kept in the store: reloads of any length, refusals, stale clicks and
timers, and records from before they said who plays each seat."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.activities.seats import recorded
from pickomino.bots import strategy
from pickomino.echo import echoed
from pickomino.game import Move
from pickomino.i18n import LANGS, OwnName, t
from pickomino.match import Match, MatchError
from pickomino.narrate import games_in_ten
from pickomino.rules import preset
from pickomino.scenario import ScenarioError, loads, parse, scenario_json
from pickomino.share import MAX_LINK_CHARS, encode_scenario, game_link
from pickomino.store import EXPIRY, Store, Unreachable, open_store
from pickomino.ui import storage
from pickomino.ui.play import state
from pickomino.ui.records import read_record
from pickomino.ui.storage import URL_SETTING
from pickomino.value import win_chance
from tests.test_app import TIMEOUT, opened, shown_text

PAGE = "app_pages/play.py"
BEFORE_SEATS = Path(__file__).parent / "records" / "play-before-seats.json"
"""A game record as the Play page wrote it before records said who plays each seat (names as
shown, "Rule-of-thumb bot 2" and "Expert bot 3" for the bots, no "seats" key): Ana to play."""


def play(lang: str = "en", **params: str) -> AppTest:
    return opened(PAGE, lang, **params)


def match(at: AppTest) -> Match:
    found: Match = at.session_state[state.MATCH]
    return found


def headers(at: AppTest) -> list[str]:
    return [str(header.value) for header in at.header]


def long_game() -> Match:
    """A person and six cautious bots, played until the record no longer fits a link, the
    person to play (the person plays as the cautious bot would). Under the rules where a failed
    turn with no tile turns nothing over, seed 9 makes one of the longest such games."""
    kinds = ("person", *("cautious",) * 6)
    rules = preset("rulebook-empty-stack")
    game = Match.new(kinds, ("Ana", *("",) * 6), 9, rules).until_person()
    cautious = strategy("cautious")
    while game_link(game.record()) is not None or game.table.phase == "roll":
        table = game.table
        assert not table.over, "the game ended before it outgrew a link"
        game = game.person_move(cautious(table))
        game = game.until_person()
    assert game.to_play == "person"
    return game


def test_a_game_too_long_for_a_link_is_restored_by_a_reload_with_its_settings() -> None:
    game = long_game()
    assert len(encode_scenario(game.record())) > MAX_LINK_CHARS
    at = play("fr")
    at.session_state[state.MATCH] = game  # as the clicks left it
    at.session_state[state.ODDS] = True
    at.session_state[state.CHANCES] = True
    at.session_state[state.PACE] = "fast"
    at = at.run()
    assert not at.exception
    stored = at.query_params["match"]
    assert "game" not in at.query_params
    # a reload: a new session with the address alone
    again = play("fr", match=stored)
    assert not again.exception and not again.error
    assert match(again) == game  # the record, the seats' kinds, the names, the seed
    assert again.session_state[state.ODDS] is True and again.session_state[state.PACE] == "fast"
    assert again.session_state[state.CHANCES] is True and again.session_state[state.HINT] is False
    chance = games_in_ten(win_chance(game.table, game.kinds), "fr")  # told who plays
    said = t("play.chances.line", "fr", player=OwnName("Ana"), chance=chance)
    assert said in [c.value for c in again.caption]
    assert headers(again)[0] == t("play.your_turn", "fr", player="Ana")
    assert any(b.key.startswith("play_keep_") or b.key == "play_roll" for b in again.button)
    assert again.query_params["match"] == stored  # the same address, no new document
    # the share panel says the game is too long for a link
    again.session_state[state.SHARE_OPEN] = True
    assert t("play.link_too_long", "fr") in shown_text(again.run())


def test_the_address_stays_the_same_while_the_game_is_played() -> None:
    at = play()
    at.selectbox(key="play_kind_1").set_value("person")
    at = at.button(key="play_start").click().run()
    address = dict(at.query_params)
    assert set(address) == {"lang", "match"}
    for _ in range(4):
        table = match(at).table
        move = strategy("cautious")(table)
        key = {"roll": "play_roll", "stop": "play_stop"}.get(move.kind)
        key = key or (f"play_keep_{move.face}" if move.kind == "keep" else f"play_take_{move.tile}")
        at = at.button(key=key).click().run()
        assert not at.exception and dict(at.query_params) == address
    with open_store(os.environ[URL_SETTING]) as store:
        document = store.read("game", address["match"])
    assert Match.from_data(document.data["match"]) == match(at)


def test_an_unknown_or_expired_game_is_refused_and_the_set_up_offered() -> None:
    month_ago = datetime.now(UTC) - EXPIRY - timedelta(days=1)
    data = {"match": Match.new(("person", "expert"), ("", ""), 1).to_data(), "settings": []}
    with open_store(os.environ[URL_SETTING], clock=lambda: month_ago) as old:
        expired = old.create("game", data)
    for lang in LANGS:
        at = play(lang, match="AAAAAAAAAAA")
        assert not at.exception
        assert [e.value for e in at.error] == [t("play.saved.unknown", lang)]
        assert state.MATCH not in at.session_state and at.button(key="play_start") is not None
        assert "match" not in at.query_params
        at = play(lang, match=expired.id)
        assert [e.value for e in at.error] == [t("play.saved.expired", lang, days=EXPIRY.days)]
    # with the game's own link beside the id, the link opens the game
    game = Match.new(("person", "expert"), ("Ana", "Bo"), 4).until_person()
    at = play(match=expired.id, game=encode_scenario(game.record()), seed="4")
    assert [e.value for e in at.error] == [t("play.saved.expired", "en", days=EXPIRY.days)]
    assert match(at) == game


def test_the_chance_of_winning_counts_which_bot_the_person_faces() -> None:
    """The same opening table is a better chance against the cautious bot than the expert."""
    said = {}
    for bot in ("cautious", "expert"):
        game = Match.new(("person", bot), ("Ana", "Bo"), 4).until_person()
        at = play(game=encode_scenario(game.record()), seed="4")
        at.session_state[state.CHANCES] = True
        at = at.run()
        assert not at.exception and match(at) == game
        said[bot] = games_in_ten(win_chance(game.table, ("person", bot)), "en")
        line = t("play.chances.line", "en", player=OwnName("Ana"), chance=said[bot])
        assert line in [caption.value for caption in at.caption]
    assert said["cautious"] != said["expert"]


def test_data_that_is_not_a_stored_game_is_refused() -> None:
    with open_store(os.environ[URL_SETTING]) as store:
        bad = store.create("game", {"match": {"record": {"players": 2}, "names": [], "seed": 1}})
    at = play(match=bad.id)
    assert not at.exception and [e.value for e in at.error] == [t("play.saved.unknown", "en")]
    game = Match.new(("person", "expert"), ("", ""), 1)
    assert Match.from_data(game.to_data()) == game
    record = scenario_json(game.record())
    old = {"record": record, "names": ["", ""], "seed": 1}  # as stored before the version key
    assert Match.from_data(old) == game
    for stored in (game.to_data(), old):
        for broken in (
            {**stored, "seed": "1"},
            {**stored, "names": ["", 3]},
            {
                **stored,
                "seats": ["person", "robot"],
                "record": {**record, "seats": ["person", "robot"]},
            },
        ):
            with pytest.raises(MatchError):
                Match.from_data(broken)
    with pytest.raises(ScenarioError):
        illegal = {"players": 2, "seats": ["person", "expert"], "actions": [{"take": 21}]}
        Match.from_data({**old, "record": illegal})
    with pytest.raises(ScenarioError):
        first = game.to_data()["steps"][0]
        Match.from_data({**game.to_data(), "steps": [first, {"action": {"take": 21}}]})


def test_a_game_played_on_in_another_tab_is_shown_not_overwritten() -> None:
    first = play()
    first.selectbox(key="play_kind_1").set_value("person")
    first = first.button(key="play_start").click().run()
    stored = first.query_params["match"]
    second = play(match=stored)
    assert match(second) == match(first)
    second = second.button(key="play_roll").click().run()  # the second tab rolls first
    first = first.button(key="play_roll").click().run()
    assert [e.value for e in first.error] == [t("play.saved.conflict", "en")]
    assert match(first) == match(second)  # the second tab's roll, as stored


def test_a_stale_bot_button_or_start_is_refused_and_changes_nothing() -> None:
    at = play()
    at.selectbox(key="play_kind_0").set_value("heuristic")
    at = at.button(key="play_start").click().run()
    at.radio(key="play_pace").set_value("step")
    at = at.run()
    ahead = match(at).bot_move()
    at.session_state[state.MATCH] = ahead  # another click played first, the page not redrawn
    at = at.button(key="play_next").click().run()
    moved = t("play.stale", "en", reason=t("play.stale_moved", "en"))
    assert match(at) == ahead and [str(w.value) for w in at.warning] == [moved]


def test_a_stale_start_or_carry_on_is_refused() -> None:
    at = play()
    at.selectbox(key="play_kind_1").set_value("person")
    at = at.run()
    started = Match.new(("person", "person"), ("", ""), 3)
    at.session_state[state.MATCH] = started  # a first click on Start, already answered
    at = at.button(key="play_start").click().run()
    moved = t("play.stale", "en", reason=t("play.stale_moved", "en"))
    assert match(at) == started and [str(w.value) for w in at.warning] == [moved]
    # an opened game waiting for its seats, carried on by a first click already answered
    game = Match.new(("expert", "person"), ("Ana", "Bo"), 9).until_person()
    at = play(game=encode_scenario(replace(game.record(), seats=None)))
    carried = Match.from_record(game.record(), ("person", "person"), 1)
    at.session_state[state.MATCH] = carried
    del at.session_state[state.PENDING]
    at = at.button(key="play_go_on").click().run()
    assert match(at) == carried and [str(w.value) for w in at.warning] == [moved]


def _tick_once() -> None:
    """One run of the bots' timer on its own, as the fragment runs it (then the page's rerun)."""
    import streamlit as st

    from pickomino.ui.play import clicks

    if not st.session_state.get("ticked"):
        st.session_state["ticked"] = True
        clicks.tick(int(st.session_state["drawn"]))


def test_a_stale_bot_timer_is_refused_and_a_timely_one_plays() -> None:
    game = Match.new(("heuristic", "person"), ("", ""), 2)
    for drawn, played in ((0, True), (3, False)):
        at = AppTest.from_function(_tick_once, default_timeout=TIMEOUT)
        at.session_state["lang"] = "en"
        at.session_state[state.MATCH] = game
        at.session_state["drawn"] = drawn
        at = at.run()
        assert not at.exception
        if played:
            assert match(at) == game.bot_move() and state.NOTICE not in at.session_state
        else:
            assert match(at) == game
            assert at.session_state[state.NOTICE] == t("play.stale_tick", "en")


def test_a_record_from_before_the_seats_were_said_still_opens() -> None:
    text = BEFORE_SEATS.read_text()
    record = read_record(text.encode())
    assert record.seats is None and '"seats"' not in text
    # the review names the bots by their saved default names, in the reader's language
    said = recorded(record, "fr")
    assert said.labels == ("Ana", "Robot à l’instinct 2", "Robot expert 3")
    # opened by its link (with no seats), the Play page asks who plays each seat now
    at = play(game=encode_scenario(record))
    assert not at.exception and state.MATCH not in at.session_state
    assert at.selectbox(key="play_open_kind_0").label == "Ana"
    # and with the seats of an older link beside it, it goes on
    at = play(game=encode_scenario(record), seats="person,heuristic,expert", seed="3")
    assert match(at).kinds == ("person", "heuristic", "expert")
    assert headers(at) == [t("play.your_turn", "en", player="Ana")]


def test_a_record_says_who_plays_each_seat_and_opens_with_them() -> None:
    game = Match.new(("cautious", "person"), ("", "Bo"), 6).until_person()
    record = game.record(["Cautious bot 1", "Bo"])  # as the page names the seats
    assert record.seats == ("cautious", "person")
    assert loads(json.dumps(scenario_json(record))) == record
    at = play(game=encode_scenario(record), seed="6")
    assert not at.exception and match(at).kinds == ("cautious", "person")
    assert headers(at) == [t("play.your_turn", "en", player="Bo")]
    # the review knows the bot by its kind, whatever its name
    assert recorded(record, "en").labels[0] == t("play.bot_name.cautious", "en", n=1)
    # a kind the app does not know is refused by name, and who plays asked
    unknown = {**scenario_json(record), "seats": ["robot", "person"]}
    at = play(game=encode_scenario(parse(unknown)))
    assert not at.exception and state.MATCH not in at.session_state
    assert [e.value for e in at.error] == [
        t(
            "play.link_seats",
            "en",
            value=echoed("robot,person"),
            n=2,
            kinds="person, cautious, heuristic, expert, master",
        )
    ]


@pytest.mark.parametrize(
    ("seats", "code"),
    [(["person"], "seat_kind_count"), (["person", "Expert"], "not_a_seat_kind"),
     (["person", ""], "not_a_seat_kind"), (["person", 3], "not_a_seat_kind"),
     (["person", "x" * 21], "not_a_seat_kind")],
)  # fmt: skip
def test_seats_that_are_not_one_kind_a_seat_are_refused_by_the_format(
    seats: list[object], code: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse({"players": 2, "seats": seats})
    assert caught.value.code == code


def test_a_person_click_for_a_bot_seat_is_refused_by_the_match() -> None:
    game = Match.new(("expert", "person"), ("", ""), 1)
    with pytest.raises(MatchError):
        game.person_move(Move("roll"))


def test_a_store_that_cannot_be_reached_leaves_the_game_in_the_page_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def down() -> Store:
        raise Unreachable("127.0.0.1:1", 10.0)

    monkeypatch.setattr(storage, "store", down)
    at = play("nl")
    at.selectbox(key="play_kind_1").set_value("person")
    at = at.button(key="play_start").click().run()
    assert not at.exception and match(at).table.players == 2
    assert [e.value for e in at.error] == [t("play.saved.unreachable", "nl")]
    assert "match" not in at.query_params
    at = at.button(key="play_roll").click().run()  # the game goes on, each change tried again
    assert len(match(at).steps) == 1
    assert [e.value for e in at.error] == [t("play.saved.unreachable", "nl")]
    at = at.run()  # a run that changes nothing tries nothing, and says nothing
    assert not at.error and len(match(at).steps) == 1
    at = play("nl", match="AAAAAAAAAAA")
    assert [e.value for e in at.error] == [t("play.saved.unreachable", "nl")]


def test_a_game_stored_before_the_chance_of_winning_keeps_its_settings_the_chance_off() -> None:
    game = Match.new(("person", "expert"), ("Ana", ""), 2).until_person()
    data = {"match": game.to_data(), "settings": [True, True, False, "fast"]}
    with open_store(os.environ[URL_SETTING]) as store:
        stored = store.create("game", data)
    at = play(match=stored.id)
    assert not at.exception and match(at) == game
    assert at.session_state[state.ODDS] is True and at.session_state[state.HINT] is True
    assert not at.session_state[state.CHANCES] and at.session_state[state.PACE] == "fast"
    assert not [c.value for c in at.caption if "games in 10" in str(c.value)]
