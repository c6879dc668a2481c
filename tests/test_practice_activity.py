"""The practice table without a page: clicks, links read on arriving, the store kept, its words.

`activities.practice` is what the sandbox page draws; here each of its cases is driven as the page
would drive it, on both store backends (`db`), with no Streamlit.
"""

from __future__ import annotations

import pytest

from pickomino.activities.practice import (
    KEPT,
    LEARNER,
    Practice,
    Settings,
    arrive,
    from_link,
    read_settings,
)
from pickomino.echo import echoed
from pickomino.game import STOP, Move, Table
from pickomino.i18n import t
from pickomino.refusals import scenario_refusal
from pickomino.rules import STANDARD
from pickomino.scenario import ScenarioError
from pickomino.share import SEED_HIGH, encode_table, read_scenario
from pickomino.store import Store, StoreFault
from tests.tables import table

ROLLED = table(middle=[21, 22, 23, 24], kept=[], rolled=["W", "W", "5", "5", "4", "3", "2", "1"])
FRESH = Table.new(2, STANDARD)
DEFAULTS = Settings()


def practice(settings: Settings = DEFAULTS, on: Table = ROLLED) -> Practice:
    """A session's first practice table, `on` this table."""
    return Practice.fresh(on, settings)


def test_a_click_plays_and_a_refused_click_changes_nothing_and_says_why() -> None:
    start = practice(Settings(seed=3))
    kept = start.play(Move("keep", face="W"), "en")
    assert kept.refusal is None and kept.practice.box.table.kept == ("W", "W")
    assert kept.practice.told() == kept.practice.box.events != ()
    refused = kept.practice.play(Move("keep", face="W"), "fr")  # the worms are set aside already
    assert refused.practice is kept.practice
    assert refused.refusal is not None
    assert refused.refusal.startswith(t("common.refused", "fr", reason="§").split("§")[0])
    back = kept.practice.undo("en").practice
    assert back.box.table == ROLLED and back.told() == ()
    assert back.redo("en").practice.box == kept.practice.box
    assert kept.practice.reset("en").practice.box.position == 0


def test_a_teachers_dice_and_tile_edits_are_checked_and_worded() -> None:
    start = practice(on=FRESH)
    rolled = start.roll_typed("ww55 4321", "en")
    assert rolled.refusal is None
    assert rolled.practice.box.table.rolled == ("W", "W", "5", "5", "4", "3", "2", "1")
    short = start.roll_typed("ww55", "en")
    assert short.practice is start and short.refusal is not None, "8 dice in hand, not 4"
    bad = start.roll_typed("W [x](y)", "en")
    assert bad.practice is start and bad.refusal is not None
    assert "[" not in bad.refusal and echoed("[") in bad.refusal, "the typed face, quoted safely"
    assert start.roll_typed("  ", "nl").refusal == t("sandbox.teacher.no_dice", "nl")
    moved = start.move_tile(21, 1, "en").practice
    assert moved.box.table.stacks[1] == (21,) and moved.box.can_undo
    nowhere = start.move_tile(21, 2, "en")  # two players: seats 0 and 1
    assert nowhere.practice is start
    assert nowhere.refusal == t("errors.scenario.not_a_seat", "en", seat=2, last=1)


def test_with_the_expert_its_turns_follow_the_click_and_undo_goes_past_them() -> None:
    alone = practice(Settings(seed=5))
    with_bot = alone.with_bots(True, "en").practice
    assert with_bot.settings.bots and with_bot.box == alone.box, "the learner is to play"
    kept = with_bot.play(Move("keep", face="W"), "en").practice  # 10: no tile to take
    failed = kept.play(STOP, "en").practice
    box = failed.box
    assert box.table.current == LEARNER and box.position > kept.box.position + 1, "its turn too"
    assert len(failed.told()) > len(box.events), "the learner's failure and the expert's turn"
    assert failed.failure() == (kept.box.table, box.history[kept.box.position + 1].events)
    back = failed.undo("en").practice.box
    assert (back.position, back.table) == (1, kept.box.table), "to the learner's own decision"
    without = alone.play(Move("keep", face="W"), "en").practice.play(STOP, "en").practice
    assert without.box.table.current != LEARNER, "without the expert, the other seat waits"
    assert without.told() == without.box.events


def test_a_bad_link_is_refused_by_name_its_bad_settings_taken_for_nothing(db: Store) -> None:
    before = practice(Settings(seed=12, hide=True)).play(Move("keep", face="W"), "en").practice
    query = {"table": "not-a-table", "hide": "maybe", "seed": "9999999"}
    arrived = arrive(before, before.settings, query, FRESH, db, "fr")
    assert arrived.refused
    assert arrived.practice.settings == before.settings, "no bad setting is taken"
    assert arrived.practice.box.table == FRESH, "a fresh table instead of the bad one"
    words = arrived.refusals
    with pytest.raises(ScenarioError) as bad:
        from_link(("not-a-table", None), 0)
    reason = scenario_refusal(bad.value, "fr")
    assert len(words) == 3 and words[0] == t("sandbox.link_refused", "fr", reason=reason)
    assert words[1] == t("sandbox.link_setting.hide", "fr", value="maybe")
    assert words[2] == t("sandbox.link_setting.seed", "fr", value="9999999", high=SEED_HIGH)
    assert arrived.practice.address({"table", "seed"}, arrived.refused) == {
        "seed": "12",
        "table": None,
        "scenario": None,
    }
    unknown = arrive(before, before.settings, {"box": "nothing-here"}, FRESH, db, "en")
    assert unknown.practice.box == before.box and not unknown.refused
    assert unknown.refusals == (t("sandbox.saved.unknown", "en"),)


def test_a_link_sets_its_settings_and_a_faq_link_names_its_question(db: Store) -> None:
    settings, refused = read_settings(Settings(seed=1), {"present": "1", "bots": "0"}, "en")
    assert (settings, refused) == (Settings(present=True, seed=1), [])
    query = {"scenario": "faq-lower", "seed": "77", "hide": "1"}
    arrived = arrive(None, Settings(seed=1), query, FRESH, db, "en")
    opened = arrived.practice
    assert arrived.refusals == () and opened.settings == Settings(hide=True, seed=77)
    assert opened.box.table == read_scenario("faq-lower").table
    question, case = t("faq.q_lower", "en"), t("faq.case.faq-lower", "en")
    assert opened.banner("en") == ("faq", t("sandbox.from_faq", "en", question=question, case=case))
    assert opened.replaying and opened.redo_words("nl") == t("sandbox.replay", "nl")
    assert opened.shared("nl") == {"scenario": "faq-lower", "hide": "1", "seed": "77", "lang": "nl"}
    assert opened.shared(None, hide=False) == {"scenario": "faq-lower", "seed": "77"}
    again = arrive(opened, opened.settings, query, FRESH, db, "en")
    assert again.practice.box is opened.box, "the same link read again keeps the history"
    new = opened.new_table(FRESH, "en").practice
    assert new.origin is None and new.banner("en") is None and not new.replaying
    assert new.shared(None)["table"] == encode_table(FRESH)
    tip = arrive(
        None, Settings(), {"table": encode_table(ROLLED), "tip": "low_tile"}, FRESH, db, "fr"
    )
    assert tip.practice.banner("fr") == (
        "tip",
        t("sandbox.from_tip", "fr", tip=t("tips.low_tile", "fr")),
    )
    assert tip.practice.travelling()["tip"] == "low_tile"


def test_a_change_is_saved_once_and_a_reload_restores_it_with_its_seed(db: Store) -> None:
    looked = practice(Settings(seed=40)).save(db, "en")
    assert looked.practice.held is None and looked.refusals == (), "a visit that only looks"
    played = looked.practice.play(Move("keep", face="W"), "en").practice
    saved = played.save(db, "en")
    assert saved.refusals == () and saved.practice.held is not None
    assert saved.practice.save(db, "en").practice == saved.practice, "nothing new to write"
    held = saved.practice.held
    travelling = {"tip": None, "present": None, "hide": None, "bots": None, "seed": "40"}
    assert saved.practice.address({"seed"}) == {"box": held[0], **travelling}
    reload = arrive(None, Settings(seed=2), {"box": held[0]}, FRESH, db, "en")
    assert reload.refusals == ()
    assert reload.practice.box == played.box and reload.practice.held == held
    assert reload.practice.settings.seed == 40, "the rolls go on from the stored seed"
    assert KEPT.load(db, held[0]).value == played.box


def test_another_tabs_change_is_shown_not_overwritten(db: Store) -> None:
    first = practice().play(Move("keep", face="W"), "en").practice.save(db, "en").practice
    assert first.held is not None
    second = arrive(None, Settings(), {"box": first.held[0]}, FRESH, db, "en").practice
    second = second.play(Move("roll"), "en").practice.save(db, "en").practice
    late = first.undo("en").practice.save(db, "nl")
    assert late.refusals == (t("sandbox.saved.conflict", "nl"),)
    assert late.practice.box == second.box and late.practice.held == second.held
    assert late.practice.written == second.box, "not written again at the next run"


def test_a_store_that_fails_keeps_the_table_unsaved_and_says_so_once(
    db: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(*args: object, **kwargs: object) -> object:
        raise StoreFault("down")

    monkeypatch.setattr(db, "create", down)
    played = practice().play(Move("keep", face="5"), "en").practice
    saved = played.save(db, "fr")
    assert saved.refusals == (t("sandbox.saved.unreachable", "fr"),)
    assert saved.practice.box == played.box and saved.practice.held is None
    assert saved.practice.save(db, "fr").refusals == (), "said once, tried at the next change"
    assert saved.practice.address({"seed"}) == {"seed": "0"}, "no id in the address"


def test_a_reload_of_a_faq_link_names_its_question_while_its_history_began_there(
    db: Store,
) -> None:
    query = {"scenario": "faq-lower", "seed": "3"}
    opened = arrive(None, Settings(), query, FRESH, db, "en").practice
    replayed = opened.redo("en").practice.save(db, "en").practice  # the answer replayed
    assert replayed.held is not None and replayed.origin is not None
    reload = arrive(None, Settings(), {**query, "box": replayed.held[0]}, FRESH, db, "en")
    assert reload.practice.box == replayed.box
    said = replayed.banner("en")
    assert said is not None and reload.practice.banner("en") == said
    assert reload.practice.replaying, "Redo still replays the answer"
    elsewhere = replayed.new_table(FRESH, "en").practice.save(db, "en").practice
    assert elsewhere.held == (replayed.held[0], 2)
    gone = arrive(None, Settings(), {**query, "box": replayed.held[0]}, FRESH, db, "en")
    assert gone.practice.box == elsewhere.box and gone.practice.banner("en") is None
