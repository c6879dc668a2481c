"""The odds explorer: its figures carry the odds module's numbers; the page reacts to the learner.

The chart builders are pure, so most checks read the figure spec directly and compare it with
`analyse` and the closed form of the bust chance; the AppTest part reads the same spec from the
page's plotly elements, as the browser receives it.
"""

import json
from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from pickomino.echo import echoed
from pickomino.events import TurnFailed
from pickomino.game import IllegalMove, Table
from pickomino.i18n import LANGS, NARROW_NBSP, chance_text, number, percent, strings, t
from pickomino.lessons.examples import ExampleError
from pickomino.lessons.explore import (
    FIRST_ROLL,
    bust_grid,
    default_roll,
    from_link,
    roll_start,
    rolled_table,
    setup_table,
)
from pickomino.narrate import move_words, seat_label
from pickomino.odds import analyse
from pickomino.refusals import scenario_refusal
from pickomino.rules import JUNIOR, STANDARD, WORM
from pickomino.share import encode_table, load_scenario, scenario_names
from pickomino.ui.charts import (
    OKABE_ITO,
    bust_heatmap,
    choice_bars,
    keep_bars,
    reach_bars,
    wrap,
)
from tests.test_app import shown_text

APP = str(Path(__file__).resolve().parent.parent / "app.py")
TIMEOUT = 60
DEFAULT_KEPT = {WORM: 2, "5": 3}
"""What the page's controls start with: two worms and three fives, 25 points, three dice left."""


def spec(figure: Any) -> dict[str, Any]:
    """The figure as the browser gets it (Streamlit sends `plotly.io.to_json`)."""
    return json.loads(figure.to_json())


def default_table() -> Table:
    return setup_table(STANDARD, list(STANDARD.tiles), None, None, DEFAULT_KEPT)


def late_table() -> Table:
    """A table with a tile to steal, a top tile to lose and a worm kept: every kind of choice."""
    table = setup_table(STANDARD, [21, 22, 23, 24, 26, 28], 30, 25, DEFAULT_KEPT)
    assert table.total == 25 and table.in_hand == 3
    return table


# ----- the data ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [STANDARD, JUNIOR])
def test_bust_grid_is_the_closed_form_and_blank_where_no_game_goes(rules: Any) -> None:
    grid = bust_grid(rules)
    assert grid.dice == tuple(range(1, rules.dice + 1))
    assert grid.kept_faces == tuple(range(6))
    for k in grid.kept_faces:
        for n in grid.dice:
            expected = (k / 6) ** n if n + k <= rules.dice else None
            assert grid.chances[k][n - 1] == expected, (n, k)
    assert grid.chances[5][0] == pytest.approx(5 / 6)
    assert grid.chances[0][rules.dice - 1] == 0.0


def test_the_grid_and_the_odds_quote_how_often_the_engine_busts_the_table() -> None:
    # Two worms and three 5s kept: the three dice in hand bust when each shows a worm or a 5,
    # 2 * 2 * 2 of the 6 * 6 * 6 rolls (1/27), counted here by rolling each through the engine.
    table = default_table()
    rolls = list(product(STANDARD.faces, repeat=table.in_hand))
    busts = [
        faces
        for faces in rolls
        if any(isinstance(e, TurnFailed) and e.reason == "bust" for e in table.roll(faces)[1])
    ]
    assert len(rolls) == 216 and len(busts) == 8
    assert all(set(faces) <= {WORM, "5"} for faces in busts)
    assert analyse(table).bust == pytest.approx(8 / 216, abs=1e-15)
    assert bust_grid(STANDARD).chances[2][table.in_hand - 1] == pytest.approx(8 / 216, abs=1e-15)


def test_setup_table_refuses_what_cannot_be_on_a_table_and_says_why() -> None:
    with pytest.raises(ExampleError) as too_many:
        setup_table(STANDARD, [21], None, None, {WORM: 5, "5": 4})
    assert too_many.value.code == "too_many_kept" and too_many.value.params == {
        "count": 9,
        "dice": 8,
    }
    with pytest.raises(ExampleError) as twice:
        setup_table(STANDARD, [21, 25], 25, None, {})
    assert twice.value.code == "tile_repeated"
    with pytest.raises(ExampleError) as empty:
        setup_table(STANDARD, [], None, None, {})
    assert empty.value.code == "middle_empty"
    table = setup_table(STANDARD, [21, 22], 30, 25, {WORM: 1, "1": 2})
    assert table.kept == ("1", "1", WORM)
    assert (table.top(0), table.top(1), table.total, table.in_hand) == (30, 25, 7, 5)


def test_links_give_their_table_or_the_reason_they_cannot() -> None:
    table, _ = default_table().roll(("4", "3", "3"))
    link = from_link(encode_table(table), "faq-lower")
    assert link is not None and link.usable and link.kind == "table" and link.table == table
    name = scenario_names()[0]
    by_name = from_link(None, name)
    assert by_name is not None and by_name.table == load_scenario(name)
    for value in ("%%%", "bm90IGpzb24", encode_table(table)[:-5]):
        broken = from_link(value, None)
        assert broken is not None and broken.table is None and broken.error, value
    unknown = from_link(None, "no-such-situation")
    assert unknown is not None and not unknown.usable and "no-such-situation" in str(unknown.error)
    assert from_link(None, None) is None


def test_a_link_to_a_finished_game_is_not_usable() -> None:
    over = replace(Table.new(2, STANDARD), middle=(), face_down=STANDARD.tiles)
    link = from_link(encode_table(over), None)
    assert link is not None and link.table is not None and not link.usable


def test_a_crafted_scenario_name_cannot_put_a_link_on_the_page() -> None:
    at = open_explorer("en", scenario="[click](https://example.com)")
    (warning,) = at.warning
    assert echoed("[click](https://example.com)") in warning.value
    assert "[" not in warning.value and "](" not in warning.value
    assert not at.exception


def test_rolls_are_checked_by_the_engine() -> None:
    table = default_table()
    assert set(rolled_table(table, ("4", "3", "3")).keepable()) == {"4", "3"}
    with pytest.raises(ExampleError) as busts:
        rolled_table(table, (WORM, "5", "5"))
    assert busts.value.code == "roll_busts"
    with pytest.raises(IllegalMove) as wrong:
        rolled_table(table, ("4", "3"))
    assert wrong.value.code == "dice_count"
    waiting = rolled_table(table, ("4", "3", "3"))
    assert rolled_table(waiting, ("2", "2", "1")).rolled == ("2", "2", "1")


def test_the_first_roll_starts_a_turn_on_the_same_board() -> None:
    table = late_table()
    fresh = roll_start(table, fresh=True)
    assert fresh.kept == () and fresh.in_hand == 8 and fresh.board() == table.board()
    assert roll_start(table, fresh=False) == table
    assert default_roll(fresh) == FIRST_ROLL
    for kept in ({WORM: 2, "5": 3}, {"4": 2, "3": 1, "2": 1}, {}):
        start = setup_table(STANDARD, list(STANDARD.tiles), None, None, kept)
        faces = default_roll(start)
        assert len(faces) == start.in_hand
        assert rolled_table(start, faces).phase == "keep", kept


# ----- the figures ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_bust_heatmap_shows_the_closed_form_with_labels_and_marks_the_table(lang: str) -> None:
    grid = bust_grid(STANDARD)
    chart = bust_heatmap(grid, lang, mark=(3, 2))  # type: ignore[arg-type]
    data = spec(chart.figure)
    (heatmap,) = data["data"]
    assert heatmap["type"] == "heatmap"
    assert heatmap["x"] == ["0", "1", "2", "3", "4", "5"]
    assert heatmap["y"] == [str(n) for n in range(1, 9)]
    for n in range(1, 9):
        for k in range(6):
            value = heatmap["z"][n - 1][k]
            if n + k > 8:
                assert value is None and heatmap["text"][n - 1][k] == ""
            else:
                assert value == pytest.approx((k / 6) ** n)
                assert heatmap["text"][n - 1][k] == chance_text((k / 6) ** n, lang, sign=False)  # type: ignore[arg-type]
                assert heatmap["customdata"][n - 1][k] == chance_text((k / 6) ** n, lang)  # type: ignore[arg-type]
    layout = data["layout"]
    assert layout["xaxis"]["type"] == layout["yaxis"]["type"] == "category"
    (box,) = layout["shapes"]
    assert (box["x0"], box["x1"], box["y0"], box["y1"]) == (1.5, 2.5, 1.5, 2.5)
    assert chance_text(1 / 27, lang) in chart.alt  # type: ignore[arg-type]


def test_chances_are_never_rounded_to_never_or_always() -> None:
    assert chance_text(0.0, "en") == "0.0%" and chance_text(1.0, "en") == "100.0%"
    assert chance_text((1 / 6) ** 5, "en") == "<0.1%"
    assert chance_text(0.99961, "fr") == f">99,9{NARROW_NBSP}%"
    assert chance_text(0.0005, "nl") == "0,1%"
    (heatmap,) = spec(bust_heatmap(bust_grid(STANDARD), "en").figure)["data"]
    assert heatmap["text"][4][1] == "<0.1" and heatmap["text"][4][0] == "0.0"
    assert heatmap["customdata"][4][1] == "<0.1%"


def test_the_heatmap_marks_nothing_when_there_is_no_roll() -> None:
    chart = bust_heatmap(bust_grid(STANDARD), "en", mark=None)
    assert "shapes" not in spec(chart.figure)["layout"]
    assert "Your situation" not in chart.alt


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("build", [default_table, late_table, lambda: Table.new(3, JUNIOR)])
def test_reach_bars_carry_at_least_and_exactly_for_every_tile(lang: str, build: Any) -> None:
    table = build()
    analysis = analyse(table)
    chart = reach_bars(analysis, lang)  # type: ignore[arg-type]
    data = spec(chart.figure)
    at_least, exactly = data["data"]
    tiles = [str(tile) for tile in table.rules.tiles]
    for trace, values in (
        (at_least, analysis.outlook.at_least),
        (exactly, analysis.outlook.exactly),
    ):
        assert trace["type"] == "bar" and trace["orientation"] == "h"
        assert trace["y"] == tiles
        assert trace["x"] == pytest.approx(list(values))
        assert trace["text"] == [chance_text(v, lang) for v in values]  # type: ignore[arg-type]
    assert at_least["name"] == t("explorer.reach.at_least", lang)  # type: ignore[arg-type]
    assert at_least["marker"]["pattern"]["shape"] != exactly["marker"]["pattern"]["shape"]
    assert data["layout"]["yaxis"]["type"] == "category"
    assert chance_text(analysis.success, lang) in chart.alt  # type: ignore[arg-type]


@pytest.mark.parametrize("measure", ["success", "expected_worms"])
def test_keep_bars_carry_the_figure_after_each_keep_and_star_the_best(measure: str) -> None:
    rolled = FIRST_ROLL
    after, _ = Table.new(2, STANDARD).roll(rolled)
    analysis = analyse(after)
    chart = keep_bars(analysis, after, "fr", measure)  # type: ignore[arg-type]
    (bars,) = spec(chart.figure)["data"]
    keeps = [c for c in analysis.choices if c.move.kind == "keep"]
    assert bars["x"] == [move_words(c.move, after, "fr", "bar") for c in keeps]
    expected = [getattr(c.outlook, measure) for c in keeps]
    assert bars["y"] == pytest.approx(expected)
    if measure == "success":
        assert bars["y"] == pytest.approx([analysis.keep_success[c.move.face] for c in keeps])
    best = expected.index(max(expected))
    shapes = bars["marker"]["pattern"]["shape"]
    assert [i for i, text in enumerate(bars["text"]) if text.startswith("★")] == [best]
    assert [i for i, shape in enumerate(shapes) if shape] == [best]
    assert set(bars["marker"]["color"]) <= set(OKABE_ITO.values())
    assert "ver<br>×2" in bars["x"]
    assert "pour ver (2 dés)" in chart.alt


def test_keep_bars_quote_the_tips_figures() -> None:
    after, _ = Table.new(2, STANDARD).roll(FIRST_ROLL)
    (bars,) = spec(keep_bars(analyse(after), after, "en", "success").figure)["data"]
    texts = dict(zip(bars["x"], bars["text"], strict=True))
    assert texts["worm<br>×2"] == "★ 94.7%" and texts["5<br>×3"] == "88.7%"


@pytest.mark.parametrize("lang", LANGS)
def test_choice_bars_compare_each_tile_with_rolling_on(lang: str) -> None:
    table = late_table()
    analysis = analyse(table)
    chart = choice_bars(analysis, table, lang)  # type: ignore[arg-type]
    (bars,) = spec(chart.figure)["data"]
    actions = [(c.move.kind, c.move.tile, c.source) for c in analysis.choices]
    assert ("take", 24, None) in actions and ("take", 25, 1) in actions and actions[-1][0] == "roll"
    labels = [move_words(c.move, table, lang, "bar") for c in analysis.choices]  # type: ignore[arg-type]
    assert bars["y"] == labels
    # a steal is on offer, so the bars show the worms against the others, a steal counting twice
    assert analysis.steal_in_play
    worms = [c.outlook.expected_swing for c in analysis.choices]
    assert bars["x"] == pytest.approx(worms)
    best = analysis.choices.index(analysis.recommended)
    assert [i for i, text in enumerate(bars["text"]) if text.startswith("★")] == [best]
    assert bars["x"][best] == max(bars["x"])  # the starred bar is the longest
    title = spec(chart.figure)["layout"]["xaxis"]["title"]["text"].replace("<br>", " ")
    assert title == t("explorer.choice.x_swing", lang)  # type: ignore[arg-type]
    assert bars["text"][0] == number(worms[0], lang, 2)  # type: ignore[arg-type]
    assert len(set(bars["marker"]["color"])) == 3  # middle, steal, roll told apart
    assert labels[best] in chart.alt


def test_stopping_without_a_tile_is_shown_as_a_loss() -> None:
    table = setup_table(STANDARD, list(range(21, 30)), 30, None, {"1": 3, "2": 2})
    analysis = analyse(table)
    (bars,) = spec(choice_bars(analysis, table, "en").figure)["data"]
    assert bars["y"] == [t("explorer.choice.stop", "en"), t("explorer.choice.roll", "en")]
    assert bars["x"][0] == -3.0  # tile 30 (3 worms) goes back to the middle


def test_axis_numbers_use_the_readers_decimal_mark() -> None:
    marks = {
        lang: spec(choice_bars(analyse(late_table()), late_table(), lang).figure)["layout"][
            "separators"
        ][0]  # type: ignore[arg-type]
        for lang in LANGS
    }
    assert marks == {"en": ".", "fr": ",", "nl": ","}


def test_chart_words_are_the_readers_and_fit_a_phone() -> None:
    titles = {}
    for lang in LANGS:
        layout = spec(reach_bars(analyse(default_table()), lang).figure)["layout"]  # type: ignore[arg-type]
        titles[lang] = layout["title"]["text"]
        assert titles[lang] == wrap(t("explorer.reach.title", lang), 32)  # type: ignore[arg-type]
        assert all(len(line) <= 32 for line in titles[lang].split("<br>"))
        assert layout["xaxis"]["tickfont"]["size"] >= 18
    assert len(set(titles.values())) == 3
    assert spec(reach_bars(analyse(default_table()), "fr").figure)["layout"]["xaxis"]["ticktext"][
        2
    ] == percent(0.5, "fr", 0)


# ----- the page ------------------------------------------------------------------------------


def open_explorer(lang: str = "en", **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = lang
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    return at.switch_page("app_pages/explorer.py").run()


def charts(at: AppTest) -> dict[str, dict[str, Any]]:
    """The page's plotly charts by key: their spec, with the alt text beside it."""
    found = {}
    for element in at.get("plotly_chart"):
        data = json.loads(element.proto.spec)
        data["alt"] = element.proto.alt
        found[element.key] = data
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorer_shows_four_charts_of_the_default_table_in_every_language(lang: str) -> None:
    at = open_explorer(lang)
    assert not at.exception, [str(e.value) for e in at.exception]
    shown = charts(at)
    assert set(shown) == {"explore_reach", "explore_keep", "explore_choice", "explore_bust"}
    analysis = analyse(default_table())
    assert shown["explore_reach"]["data"][0]["x"] == pytest.approx(list(analysis.outlook.at_least))
    assert shown["explore_choice"]["data"][0]["x"] == pytest.approx(
        [c.outlook.expected_worms for c in analysis.choices]
    )
    first, _ = roll_start(default_table(), fresh=True).roll(FIRST_ROLL)
    keep = shown["explore_keep"]["data"][0]
    assert keep["y"] == pytest.approx(list(analyse(first).keep_success.values()))
    bust = shown["explore_bust"]["data"][0]
    assert bust["z"][7][0] == 0.0 and bust["z"][0][5] == pytest.approx(5 / 6)
    for data in shown.values():
        assert data["alt"].strip()
        assert data["layout"]["title"]["text"]
    raw = [key for key in strings(lang) if any(key in d["alt"] for d in shown.values())]  # type: ignore[arg-type]
    assert raw == []


def test_changing_the_kept_dice_updates_every_chart() -> None:
    at = open_explorer("en")
    at.number_input(key=f"explore_kept_{WORM}").set_value(1).run()
    at.number_input(key="explore_kept_1").set_value(2).run()
    table = setup_table(STANDARD, list(STANDARD.tiles), None, None, {WORM: 1, "5": 3, "1": 2})
    shown = charts(at)
    analysis = analyse(table)
    assert shown["explore_reach"]["data"][1]["x"] == pytest.approx(list(analysis.outlook.exactly))
    assert shown["explore_choice"]["data"][0]["x"] == pytest.approx(
        [c.outlook.expected_worms for c in analysis.choices]
    )
    assert shown["explore_bust"]["layout"]["shapes"][0]["x0"] == 3 - 0.5  # three values kept

    at.radio(key="explore_roll_source").set_value("table").run()
    for i, face in enumerate(("4", "4")):
        at.selectbox(key=f"explore_die_table_2_{i}").set_value(face).run()
    after = rolled_table(table, ("4", "4"))
    keep = charts(at)["explore_keep"]["data"][0]
    assert keep["x"] == ["4<br>×2"]
    assert keep["y"] == pytest.approx([analyse(after).keep_success["4"]])

    at.radio(key="explore_measure").set_value("expected_worms").run()
    keep = charts(at)["explore_keep"]["data"][0]
    assert keep["y"] == pytest.approx([analyse(after).choices[0].outlook.expected_worms])


def test_a_fresh_turn_has_no_stop_or_roll_chart_but_says_why() -> None:
    at = open_explorer("nl")
    at.number_input(key=f"explore_kept_{WORM}").set_value(0).run()
    at.number_input(key="explore_kept_5").set_value(0).run()
    shown = charts(at)
    assert "explore_choice" not in shown
    assert t("explorer.choice.not_roll", "nl") in [i.value for i in at.info]
    fresh = analyse(setup_table(STANDARD, list(STANDARD.tiles), None, None, {}))
    assert shown["explore_reach"]["data"][0]["x"] == pytest.approx(list(fresh.outlook.at_least))


def test_a_roll_that_busts_and_too_many_kept_dice_are_told_not_crashed() -> None:
    at = open_explorer("fr")
    at.radio(key="explore_roll_source").set_value("table").run()
    for i, face in enumerate((WORM, "5", "5")):
        at.selectbox(key=f"explore_die_table_3_{i}").set_value(face).run()
    assert not at.exception
    assert t("explorer.error.roll_busts", "fr") in [i.value for i in at.info]
    assert "explore_keep" not in charts(at)

    at.number_input(key="explore_kept_1").set_value(4).run()
    assert not at.exception
    message = t("explorer.error.too_many_kept", "fr", count=9, dice=8)
    assert message in [w.value for w in at.warning]
    assert charts(at) == {}
    assert at.number_input(key="explore_kept_1").value == 4  # the learner's input is kept


def test_roll_at_random_fills_the_dice_with_faces() -> None:
    at = open_explorer("en")
    at.button(key="explore_roll").click().run()
    assert not at.exception
    faces = [at.selectbox(key=f"explore_die_fresh_8_{i}").value for i in range(8)]
    assert all(face in STANDARD.faces for face in faces)


def test_a_table_link_is_explored_with_its_waiting_roll() -> None:
    table, _ = late_table().roll(("4", "2", "2"))
    at = open_explorer("en", table=encode_table(table))
    assert not at.exception and not at.warning
    assert at.toggle(key="explore_use_link").value is True
    assert at.radio(key="explore_roll_source").value == "table"
    shown = charts(at)
    analysis = analyse(table)
    assert shown["explore_reach"]["data"][0]["x"] == pytest.approx(list(analysis.outlook.at_least))
    keep = shown["explore_keep"]["data"][0]
    assert keep["y"] == pytest.approx(list(analysis.keep_success.values()))
    assert "explore_choice" not in shown  # a roll waits for a keep
    assert t("explorer.choice.not_keep", "en") in [i.value for i in at.info]

    at.toggle(key="explore_use_link").set_value(False).run()
    assert charts(at)["explore_reach"]["data"][0]["x"] == pytest.approx(
        list(analyse(default_table()).outlook.at_least)
    )


def test_a_scenario_link_is_explored() -> None:
    at = open_explorer("fr", scenario="faq-lower")
    assert not at.exception and not at.warning
    expected = analyse(load_scenario("faq-lower")).outlook.at_least
    assert charts(at)["explore_reach"]["data"][0]["x"] == pytest.approx(list(expected))


@pytest.mark.parametrize(
    ("param", "value", "key"),
    [
        ("table", "not-a-table", "explorer.link.bad_table"),
        ("table", "eyJwbGF5ZXJzIjogOX0", "explorer.link.bad_table"),  # {"players": 9}
        ("scenario", "no-such-situation", "explorer.link.bad_scenario"),
        ("scenario", "../../etc/passwd", "explorer.link.bad_scenario"),
    ],
)
@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_a_malformed_link_says_so_in_the_readers_language_and_falls_back(
    param: str, value: str, key: str, lang: str
) -> None:
    at = open_explorer(lang, **{param: value})
    assert not at.exception
    assert [w.value for w in at.warning] == [t(key, lang, name=echoed(value))]  # type: ignore[arg-type]
    link = from_link(**{f"{p}_value": value if p == param else None for p in ("table", "scenario")})
    assert link is not None and link.error is not None
    reason = scenario_refusal(link.error, lang)  # type: ignore[arg-type]
    assert reason in [caption.value for caption in at.caption]
    assert not any(toggle.key == "explore_use_link" for toggle in at.toggle)
    assert charts(at)["explore_reach"]["data"][0]["x"] == pytest.approx(
        list(analyse(default_table()).outlook.at_least)
    )


@pytest.mark.parametrize(
    "params",
    [
        {"table": "not-a-table"},
        {"scenario": "no-such-situation"},
        {"table": "not-a-table", "scenario": "faq-lower"},  # the table wins, and both go
    ],
)
def test_a_link_that_cannot_be_read_leaves_the_address_bar(params: dict[str, str]) -> None:
    at = open_explorer("fr", **params)
    assert len(at.warning) == 1
    assert "table" not in at.query_params and "scenario" not in at.query_params
    assert at.query_params["lang"] == "fr"
    at.number_input(key="explore_kept_1").set_value(1).run()  # the next click opens no link
    assert not at.exception and not at.warning
    assert not any(toggle.key == "explore_use_link" for toggle in at.toggle)
    table = setup_table(STANDARD, list(STANDARD.tiles), None, None, {**DEFAULT_KEPT, "1": 1})
    assert charts(at)["explore_reach"]["data"][0]["x"] == pytest.approx(
        list(analyse(table).outlook.at_least)
    )


def test_a_link_that_opens_stays_in_the_address_bar() -> None:
    over = replace(Table.new(2, STANDARD), middle=(), face_down=STANDARD.tiles)
    for params in ({"table": encode_table(late_table())}, {"table": encode_table(over)},
                   {"scenario": "faq-lower"}):  # fmt: skip
        at = open_explorer("en", **params)
        assert {name: at.query_params[name] for name in params} == params


def test_a_link_to_a_finished_game_says_there_is_no_turn_left() -> None:
    over = replace(Table.new(2, STANDARD), middle=(), face_down=STANDARD.tiles)
    at = open_explorer("en", table=encode_table(over))
    assert not at.exception
    assert [w.value for w in at.warning] == [t("explorer.link.over", "en")]
    assert "explore_reach" in charts(at)


def test_switching_language_keeps_the_table_and_translates_the_charts() -> None:
    at = open_explorer("en")
    at.number_input(key="explore_kept_1").set_value(1).run()
    at.sidebar.selectbox(key="lang_picker").set_value("fr").run()
    assert at.number_input(key="explore_kept_1").value == 1
    table = setup_table(STANDARD, list(STANDARD.tiles), None, None, {**DEFAULT_KEPT, "1": 1})
    reach = charts(at)["explore_reach"]
    assert reach["alt"] == reach_bars(analyse(table), "fr").alt
    assert reach["data"][0]["name"] == t("explorer.reach.at_least", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_marked_you_is_the_one_whose_odds_are_shown(lang: str) -> None:
    """A table from the sandbox after Player 1's turn is Player 2's: the charts are theirs."""
    table, _ = Table.new(2).roll(("W", "W", "5", "5", "5", "4", "3", "1"))
    table, _ = table.keep("W")
    table, _ = table.roll(("5", "5", "5", "4", "3", "1"))
    table, _ = table.keep("5")
    table, _ = table.take(25)
    assert table.current == 1
    at = open_explorer(lang, table=encode_table(table))
    text = shown_text(at)
    assert t("draw.you_are", lang, player=seat_label(1, lang)) in text
    assert t("draw.you_are", lang, player=seat_label(0, lang)) not in text
