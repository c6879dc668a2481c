"""The Play page's game without a page (`activities.play`): clicks, links, the store, the seats.

Each case is one a page run goes through; here the game is a plain value, the store one of both
backends (`db`), so what a click, a link or another tab does is checked without Streamlit.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pickomino.activities.play import (
    Address,
    PlayGame,
    Settings,
    SetUp,
    moved_on,
    read_settings,
    reason_words,
    seats_refusal,
)
from pickomino.activities.seats import called, default_name, kinds_of, record_of, recorded, typed
from pickomino.game import ROLL, Move
from pickomino.i18n import LANGS, Lang, t
from pickomino.match import Match, why
from pickomino.narrate import move_words
from pickomino.odds import analyse
from pickomino.refusals import scenario_refusal
from pickomino.scenario import Scenario, ScenarioError
from pickomino.share import decode_scenario, encode_scenario
from pickomino.store import Store, StoreFault

SETTINGS: Settings = (True, False, True, False, "fast")
"""The reader's settings while the game is played."""


def hot_seat() -> PlayGame:
    """A game between two people, Ana to play."""
    return PlayGame(Match.new(("person", "person"), ("Ana", "Bo"), 4))


def started(db: Store, lang: Lang = "en") -> PlayGame:
    """A game played one roll, and stored."""
    rolled = hot_seat().person_move(ROLL, 0, lang)
    assert rolled.refusal is None
    saved = rolled.game.save(lambda: db, SETTINGS, lang)
    assert saved.refusals == () and saved.game.held is not None
    return saved.game


# ----- clicks -----------------------------------------------------------------------------------


def test_the_set_up_starts_a_game_and_a_bad_seed_is_refused_by_name() -> None:
    setup = SetUp(("person", "expert"), (" Ana ", ""), "standard", "42")
    clicked = PlayGame().start(setup, "en")
    assert clicked.refusal is None and clicked.game.match is not None
    assert clicked.game.match.seed == 42 and clicked.game.match.names == ("Ana", "")
    refused = PlayGame().start(replace(setup, seed="4x2"), "fr")
    assert refused.game == PlayGame() and refused.refusal is not None
    assert "4x2" in refused.refusal and refused.refusal.startswith("La graine")


def test_a_click_for_an_earlier_moment_is_refused_and_changes_nothing() -> None:
    game = hot_seat()
    rolled = game.person_move(ROLL, 0, "en").game
    assert rolled.position == 1
    late = rolled.bots_play(0, True, "en")  # drawn on the table before the roll
    assert late.game == rolled and late.refusal == moved_on("en")
    # a move no longer open says the rules' reason, which says more than "moved on"
    again = rolled.person_move(ROLL, 0, "en")
    assert again.game == rolled and again.refusal is not None
    assert again.refusal != moved_on("en") and again.refusal.startswith(
        t("play.stale", "en", reason="")
    )


def test_a_move_the_rules_refuse_keeps_the_game() -> None:
    game = hot_seat()
    clicked = game.person_move(Move("keep", face="5"), 0, "nl")  # nothing rolled yet
    assert clicked.game == game
    assert clicked.refusal is not None and clicked.refusal.startswith(
        t("common.refused", "nl", reason="")
    )


def test_the_bots_play_until_a_person_and_a_timer_left_behind_is_refused() -> None:
    game = PlayGame(Match.new(("heuristic", "person"), ("", ""), 2))
    moved = game.bots_play(0, True, "en")
    assert moved.refusal is None and moved.game.match is not None
    assert moved.game.match.to_play == "person"
    late = moved.game.tick(0, "en")
    assert late.game == moved.game and late.refusal == t("play.stale_tick", "en")


def test_leaving_for_the_set_up_forgets_the_stored_game(db: Store) -> None:
    game = started(db)
    left = game.set_up(1, "en")
    assert left.refusal is None and left.game.match is None and left.game.held is None
    assert left.game.address() == {"match": None, "game": None, "seats": None, "seed": None}


# ----- links ------------------------------------------------------------------------------------


def test_a_bad_link_is_refused_and_the_game_shown_before_stays(db: Store) -> None:
    game = started(db)
    settled = game.settle(lambda: db, Address(game="not-a-game"), True, SETTINGS, "fr")
    with pytest.raises(ScenarioError) as refused:
        decode_scenario("not-a-game")
    reason = scenario_refusal(refused.value, "fr")
    assert settled.refusals == (t("play.link_refused", "fr", reason=reason),)
    assert settled.game.match == game.match and settled.game.held == game.held
    assert settled.settings == SETTINGS
    # a later run of the same visit does not read the link again
    again = settled.game.settle(lambda: db, Address(game="not-a-game"), True, SETTINGS, "fr")
    assert again.refusals == () and again.game == settled.game


def test_a_link_opens_its_game_unstored_with_its_seed_and_refuses_seats_that_do_not_fit(
    db: Store,
) -> None:
    played = Match.new(("expert", "person"), ("", "Bo"), 9).until_person()
    value = encode_scenario(replace(played.record(["Expert bot 1", "Bo"]), seats=None))
    settled = PlayGame().settle(
        lambda: db, Address(game=value, seats="person,robot", seed="12"), True, SETTINGS, "en"
    )
    assert settled.refusals == (seats_refusal("person,robot", 2, "en"),)
    assert settled.game.match is None and settled.game.waiting is not None
    assert settled.game.waiting[1] == 12 and settled.game.held is None
    assert settled.game.address() is None  # the link stays in the address while it waits
    went_on = settled.game.go_on(("expert", "person"), "en")
    assert went_on.refusal is None and went_on.game.match is not None
    assert went_on.game.match.kinds == ("expert", "person") and went_on.game.match.seed == 12
    assert went_on.game.go_on(("person", "person"), "en").refusal == moved_on("en")


def test_a_linked_game_is_stored_at_its_first_change_not_by_its_visit(db: Store) -> None:
    played = Match.new(("person", "expert"), ("Ana", ""), 3)
    value = encode_scenario(played.record(["Ana", "Expert bot 2"]))
    settled = PlayGame().settle(lambda: db, Address(game=value, seed="5"), True, SETTINGS, "en")
    assert settled.refusals == () and settled.game.held is None
    assert settled.game.address() == {"match": None, "game": value, "seats": None, "seed": "5"}
    rolled = settled.game.person_move(ROLL, 0, "en").game
    stored = rolled.settle(lambda: db, Address(game=value, seed="5"), False, SETTINGS, "en")
    assert stored.game.held is not None and stored.game.held[1] == 1
    assert stored.game.address() == {
        "match": stored.game.held[0],
        "game": None,
        "seats": None,
        "seed": None,
    }


def test_a_shared_link_opens_the_game_where_it_is_with_its_seats_named_in_the_readers_language(
    db: Store,
) -> None:
    game = started(db)
    assert game.match is not None and PlayGame().share("en") is None
    params = game.share("fr")
    assert params is not None and params["seed"] == str(game.match.seed)
    record = decode_scenario(params["game"])
    assert record.names == ("Ana", "Bo") and record.seats == ("person", "person")
    bots = PlayGame(Match.new(("person", "expert"), ("", ""), 1)).share("fr")
    assert bots is not None
    assert decode_scenario(bots["game"]).names == ("Joueur 1", default_name("expert", 1, "fr"))
    opened, refusals = PlayGame().open_link(Address(**params), SETTINGS, "en")
    assert refusals == () and opened.match == game.match


# ----- the store --------------------------------------------------------------------------------


def test_a_change_is_saved_once_and_a_reload_restores_it_with_its_settings(db: Store) -> None:
    game = started(db)
    assert game.held is not None
    unchanged = game.save(lambda: db, SETTINGS, "en")
    assert unchanged.game == game  # nothing changed: nothing written
    reopened = PlayGame().settle(lambda: db, Address(match=game.held[0]), True, SETTINGS, "en")
    assert reopened.refusals == () and reopened.game.match == game.match
    assert reopened.game.held == game.held
    other = (False, True, False, True, "step")
    elsewhere = PlayGame().settle(lambda: db, Address(match=game.held[0]), True, other, "en")
    assert elsewhere.settings == SETTINGS  # the game's own settings come back with it


def test_another_tabs_write_is_shown_and_said(db: Store) -> None:
    mine = started(db)
    assert mine.held is not None and mine.match is not None
    rolled = mine.match.table.rolled
    assert rolled is not None
    theirs = mine.restore(db, mine.held[0], SETTINGS).game  # the same game in another tab
    ahead = theirs.person_move(Move("keep", face=rolled[0]), 1, "en").game
    their_settings: Settings = (False, False, False, True, "slow")
    assert ahead.save(lambda: db, their_settings, "en").refusals == ()
    # this tab changes a setting on the version it read: the other tab's game comes back
    saved = mine.save(lambda: db, (False, True, True, False, "step"), "nl")
    assert saved.refusals == (t("play.saved.conflict", "nl"),)
    assert saved.game.match == ahead.match and saved.settings == their_settings
    assert saved.game.held == (mine.held[0], 2)
    again = saved.game.save(lambda: db, their_settings, "nl")
    assert again.refusals == () and again.game == saved.game  # what is shown is what is stored


def test_a_store_that_fails_leaves_the_game_unsaved_and_says_so_once(
    db: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = started(db)

    def down(*args: object, **kwargs: object) -> object:
        raise StoreFault("down")

    monkeypatch.setattr(db, "update", down)
    changed: Settings = (False, False, False, False, "step")
    saved = game.save(lambda: db, changed, "fr")
    assert saved.refusals == (t("play.saved.unreachable", "fr"),)
    assert saved.game.match == game.match and saved.game.held == game.held
    assert saved.settings == changed
    assert saved.game.save(lambda: db, changed, "fr").refusals == ()  # said once, not retried

    def unopened() -> Store:
        raise StoreFault("no store")

    fresh = hot_seat().save(unopened, SETTINGS, "nl")
    assert fresh.refusals == (t("play.saved.unreachable", "nl"),) and fresh.game.held is None
    assert fresh.game.match == hot_seat().match


def test_a_stored_game_that_cannot_be_read_is_said_and_the_link_opens_instead(db: Store) -> None:
    value = encode_scenario(Match.new(("person", "expert"), ("Ana", ""), 3).record(["Ana", "X"]))
    nonsense = db.create("game", {"match": {"history": "?"}, "settings": []})
    settled = PlayGame().settle(
        lambda: db, Address(match=nonsense.id, game=value, seed="1"), True, SETTINGS, "nl"
    )
    assert settled.refusals == (t("play.saved.unknown", "nl"),)
    assert settled.game.match is not None and settled.game.match.seed == 1


def test_settings_of_a_game_stored_before_the_chance_of_winning_leave_it_to_the_reader() -> None:
    assert read_settings([True, False, True, "fast"]) == (True, False, True, None, "fast")
    assert read_settings([1, "yes", None, False, "warp"]) == (None, None, None, False, None)
    assert read_settings("nonsense") == (None,) * 5


# ----- the seats --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_seat_kinds_are_data_and_survive_a_language_change(lang: Lang) -> None:
    match = Match.new(("person", "cautious", "person"), ("", "", "Expert bot 1"), 6)
    record = record_of(match, "en")  # saved in English
    assert record.names == ("Player 1", "Cautious bot 2", "Expert bot 1")
    assert kinds_of(record) == ("person", "cautious", "person")
    # the default names read as none; the person who typed a bot's default name keeps it
    assert typed(record) == ("", "", "Expert bot 1")
    address = Address(game=encode_scenario(record), seed="6")
    reopened, refusals = PlayGame().open_link(address, SETTINGS, lang)
    assert refusals == () and reopened.match is not None
    assert (reopened.match.kinds, reopened.match.names) == (match.kinds, match.names)
    assert recorded(record, lang) == called(match, lang)
    assert recorded(record, lang).labels[1] == default_name("cautious", 1, lang)


def test_a_record_from_before_the_seats_were_said_has_its_kinds_read_from_its_names() -> None:
    names = ("Ana", default_name("expert", 1, "fr"), default_name("person", 2, "nl"))
    record = Scenario(Match.new(("person",) * 3, ("", "", ""), 1).start, (), names=names)
    assert kinds_of(record) == ("person", "expert", "person")
    assert typed(record) == ("Ana", "", "")


# ----- explanations -----------------------------------------------------------------------------


def test_a_moves_reason_says_whether_the_best_other_move_was_better() -> None:
    match = Match.new(("expert", "person"), ("", "Bo"), 5).bot_move()  # the expert's roll
    table, names = match.table, called(match, "en")
    analysis = analyse(table)
    best = analysis.recommended
    worst = min(analysis.choices, key=lambda choice: choice.outlook.expected_swing)
    assert worst.outlook.expected_swing + 0.01 < best.outlook.expected_swing
    chosen, poor = why(table, best.move), why(table, worst.move)
    assert chosen is not None and poor is not None
    said = reason_words(chosen, table, "en", names)
    assert said.startswith(move_words(best.move, table, "en", "told", names.said))
    assert " rather than " in said and " was better " not in said
    late = reason_words(poor, table, "en", names)
    assert late.startswith(move_words(worst.move, table, "en", "told", names.said))
    assert f"though {move_words(best.move, table, 'en', 'told', names.said)} was better" in late
