"""The drawing, narrating and example helpers the pages are built from (no Streamlit needed)."""

import re
from urllib.parse import unquote

import pytest

from pickomino.events import (
    GameOver,
    Kept,
    NothingFlipped,
    Rolled,
    TileFlipped,
    TileReturned,
    TileSpared,
    TookTile,
    TurnFailed,
    TurnPassed,
)
from pickomino.i18n import LANGS, t
from pickomino.lessons.examples import (
    ExampleError,
    board_table,
    bust,
    differences,
    kept_for,
    stopping,
    walk,
    worm_bands,
)
from pickomino.lessons.tips import TIPS, tip_figures
from pickomino.narrate import sentence
from pickomino.rules import JUNIOR, PRESETS, STANDARD, WORM
from pickomino.ui.draw import TileView, dice_row, die_svg, tile_row, tile_svg

EVERY_EVENT = (
    Rolled(0, ("W", "5", "5"), ("W", "5")),
    Rolled(1, ("W",), ()),
    Kept(0, "W", 1, 5, 7),
    Kept(1, "5", 3, 15, 5),
    Kept(0, "4", 1, 34, 0),
    Kept(1, "3", 2, 30, 0),
    TookTile(0, 27, 27, None, "exact"),
    TookTile(0, 26, 27, None, "next_lower"),
    TookTile(1, 18, 20, None, "lower_choice"),
    TookTile(0, 30, 30, 2, "steal"),
    TurnFailed(0, "bust", 10, True),
    TurnFailed(1, "no_worm", 26, False),
    TurnFailed(0, "no_tile", 30, True),
    TileReturned(0, 24),
    TileFlipped(36),
    TileSpared(36),
    NothingFlipped(0),
    TurnPassed(1),
    GameOver((7, 7), (0,)),
    GameOver((7, 7), (0, 1)),
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_reads_as_a_sentence_with_its_numbers(lang: str) -> None:
    for event in EVERY_EVENT:
        text = sentence(event, lang)  # type: ignore[arg-type]
        assert text[0].isupper() and text.endswith("."), (lang, event, text)
        for field in ("tile", "total"):
            value = getattr(event, field, None)
            if value and getattr(event, "reason", "") != "bust":
                assert re.search(rf"\b{value}\b", text), (lang, event, text)
    steal = sentence(TookTile(0, 30, 30, 2, "steal"), lang)  # type: ignore[arg-type]
    # the robbed seat by its name, counted from 1 for people: seat 2 is Player 3, not a digit of 30
    robbed = t("common.player", lang, n=3)  # type: ignore[arg-type]
    assert re.search(rf"\b{re.escape(robbed)}\b", steal), (lang, steal)


def test_sentences_address_the_reader_or_name_the_player() -> None:
    event = TookTile(1, 27, 27, None, "exact")
    assert sentence(event, "en", you=1).startswith("You take tile 27")
    assert sentence(event, "en", you=0).startswith("Player 2 takes tile 27")
    kept = sentence(Kept(0, WORM, 2, 10, 6), "fr")
    assert kept.startswith("Vous mettez de côté 2 dés montrant un ver")
    assert sentence(Kept(0, "4", 2, 33, 1), "en").endswith("with 1 die still in your hand.")
    assert "nog 6 dobbelstenen in je hand" in sentence(Kept(0, "5", 2, 10, 6), "nl")
    assert sentence(Kept(0, "5", 2, 40, 0), "fr").endswith("il ne vous reste plus aucun dé.")


@pytest.mark.parametrize("lang", LANGS)
def test_a_total_below_every_tile_is_told_as_below_the_lowest_tile(lang: str) -> None:
    """Stopping on 10 with a worm: the message names the lowest tile, not a row with 10 missing."""
    from pickomino.i18n import t
    from tests.tables import table

    _, events = table(kept=["W", "W"]).stop()
    failed = next(event for event in events if isinstance(event, TurnFailed))
    assert failed.lowest == 21
    told = sentence(failed, lang)
    assert told == t("event.failed.too_low.you", lang, total=10, lowest=21)
    assert "21" in told and "10" in told
    junior = sentence(TurnFailed(1, "no_tile", 10, True, JUNIOR.tiles[0]), lang, you=None)
    assert "13" in junior and "21" not in junior
    # 25 points with nothing face up at 25 or lower is not "below the lowest tile"
    assert sentence(TurnFailed(0, "no_tile", 25, True), lang) == t(
        "event.failed.no_tile.you", lang, total=25
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_choice_of_tiles_is_joined_by_or_since_only_one_is_taken(lang: str) -> None:
    from pickomino.i18n import t
    from pickomino.ui.show import options_text
    from tests.tables import table

    both = table(middle=[29], stacks=[[], [30]], kept=["W"] * 6)
    assert [option.tile for option in both.options()] == [29, 30]
    text = options_text(both, lang)
    assert f" {t('common.or', lang)} " in text and f" {t('common.and', lang)} " not in text


def test_french_seat_names_take_their_article_in_sentences_and_a_capital_as_labels() -> None:
    from pickomino.narrate import seat_label

    assert sentence(TurnPassed(1), "fr") == "Les dés passent au joueur 2."
    steal = sentence(TookTile(0, 30, 30, 1, "steal"), "fr", you=None)
    assert steal.startswith("Le joueur 1 vole la tuile 30 au joueur 2")
    assert sentence(TurnFailed(1, "bust", 10, True), "fr").startswith(
        "Le tour du joueur 2 est raté"
    )
    assert seat_label(1, "fr") == "Joueur 2" and seat_label(1, "en") == "Player 2"


def test_drawings_carry_text_alternatives_in_the_reader_language() -> None:
    assert "<path" in die_svg(WORM) and "<circle" in die_svg("3")
    assert die_svg("3").count('r="9"') == 3
    row = dice_row((WORM, "4"), "nl")
    assert 'alt="dobbelsteen met een worm"' in row and 'alt="dobbelsteen met een 4"' in row
    tiles = tile_row([TileView(33, 4, "option", "à prendre")], "fr")
    assert 'alt="tuile 33, 4 vers. à prendre"' in tiles
    assert "<use" not in tile_svg(TileView(30, 3, "down"))
    assert "[W]" not in row + tiles


def sources(markup: str) -> list[str]:
    return re.findall(r'src="([^"]*)"', markup)


def test_a_drawing_is_one_address_whatever_the_language_the_size_or_the_badge() -> None:
    """A page of 300 drawings repeats a few dozen addresses, so the browser decodes each once."""
    small = dice_row((WORM, "3", WORM), "en", size=44)
    large = dice_row((WORM,), "fr", size=94)
    assert sources(small)[0] == sources(small)[2] == sources(large)[0] != sources(small)[1]
    assert 'width="94"' in large and 'alt="dé montrant un ver"' in large
    marked = tile_row([TileView(27, 2, "up", "top"), TileView(27, 2, "up")], "nl", width=42)
    assert sources(marked)[0] == sources(marked)[1]
    assert sources(tile_row([TileView(27, 2, "taken", "x")], "en")) != sources(marked)[:1]
    faded = dice_row(("3", "3"), "en", faded=(True, False))
    assert sources(faded)[0] != sources(faded)[1]


def test_an_image_address_is_the_drawing_percent_encoded() -> None:
    view = TileView(36, 4)
    (source,) = sources(tile_row([view], "en"))
    assert source.startswith("data:image/svg+xml,<svg ")
    assert '"' not in source and "#" not in source
    assert unquote(source.split(",", 1)[1]) == tile_svg(view).replace('"', "'")


def test_a_die_or_tile_without_words_is_a_bare_image_in_its_row() -> None:
    assert dice_row(("3", "4", WORM), "en").count("<div") == 1
    captioned = dice_row(("3", "4"), "en", captions=("x", ""))
    assert captioned.count("<div") == 2 and "<span>x</span>" in captioned
    tiles = tile_row([TileView(27, 2, "up", "top"), TileView(28, 2)], "en")
    assert tiles.count("<div") == 2 and tiles.count("<img") == 2


def test_a_tile_draws_one_worm_and_places_it_once_per_worm() -> None:
    for worms in range(1, 5):
        drawing = tile_svg(TileView(20 + worms, worms))
        assert drawing.count("<use ") == worms and drawing.count('<g id="w">') == 1
    assert "<title" not in tile_svg(TileView(21, 1)) + die_svg(WORM)


def test_kept_dice_for_a_total_respect_the_worm_and_the_dice() -> None:
    for worm in (True, False):
        for total in range(1, 41):
            kept = kept_for(STANDARD, total, worm)
            if kept is None:
                assert worm and total < 5
                continue
            assert STANDARD.total(kept) == total
            assert STANDARD.has_worm(kept) == worm
            assert len(kept) <= STANDARD.dice
    assert kept_for(STANDARD, 41, True) is None


def test_the_taking_board_gives_next_lower_and_steal_with_sentences() -> None:
    middle = [tile for tile in STANDARD.tiles if tile not in (25, 27, 31)]
    table = board_table(STANDARD, middle, [27, 31], 25, kept_for(STANDARD, 27, True) or ())
    outcomes = stopping(table)
    assert [(o.option.tile, o.option.reason) for o in outcomes if o.option] == [
        (26, "next_lower"),
        (27, "steal"),
    ]
    no_worm = board_table(STANDARD, middle, [27, 31], 25, kept_for(STANDARD, 27, False) or ())
    (failed,) = stopping(no_worm)
    assert failed.option is None
    assert isinstance(failed.events[0], TurnFailed) and failed.events[0].reason == "no_worm"
    assert TileReturned(0, 25) in failed.events


def test_an_impossible_board_is_refused_with_its_reason() -> None:
    with pytest.raises(ExampleError) as twice:
        board_table(STANDARD, [21, 22, 25], [25], None)
    assert twice.value.code == "tile_repeated" and twice.value.params == {"tile": 25}
    with pytest.raises(ExampleError) as empty:
        board_table(STANDARD, [], [None], None)
    assert empty.value.code == "middle_empty"


@pytest.mark.parametrize(
    ("preset", "top", "middle", "expected"),
    [
        ("standard", 36, range(21, 36), TileSpared(36)),
        ("short", 36, range(21, 36), TileFlipped(36)),
        ("standard", None, range(21, 37), TileFlipped(36)),
        ("rulebook-empty-stack", None, range(21, 37), NothingFlipped(0)),
        ("standard", 28, [t for t in range(21, 37) if t != 28], TileFlipped(36)),
    ],
)
def test_a_failed_turn_returns_the_top_tile_and_flips_or_spares(
    preset: str, top: int | None, middle: object, expected: object
) -> None:
    table = board_table(PRESETS[preset], list(middle), [None], top)  # type: ignore[call-overload]
    _, after, events = bust(table)
    assert expected in events
    assert (TileReturned(0, top) in events) == (top is not None)
    assert after.stacks[0] == ()


def test_every_teaching_scenario_replays() -> None:
    for name in (
        "turn-walkthrough",
        "turn-bust",
        "turn-stop-worm",
        "turn-stop-no-worm",
        "faq-no-worm",
        "faq-lower",
        "faq-steal-top",
        "faq-thirty-lower",
        "faq-thirty-steal",
        "faq-thirty-nothing",
        "faq-one-value",
        "end-tie",
        "mistake-repeat",
        "mistake-same-value",
        "mistake-flip-anyway",
        "mistake-spared",
    ):
        _, steps = walk(name)
        assert steps, name
    final = walk("end-tie")[1][-1].table
    assert final.scores() == (7, 7) and final.winners() == (0,)


def test_worm_bands_and_variant_differences() -> None:
    assert worm_bands(STANDARD) == [(21, 24, 1), (25, 28, 2), (29, 32, 3), (33, 36, 4)]
    assert worm_bands(JUNIOR)[0] == (13, 15, 1)
    assert differences(STANDARD, STANDARD) == []
    keys = [key for key, _ in differences(JUNIOR, STANDARD)]
    assert keys == ["dice", "tiles", "any_lower_tile_on", "spare_returned_highest_off"]


def test_tip_figures_come_from_the_odds_module_and_back_each_tip() -> None:
    figures = {tip: {k: f.value for k, f in tip_figures(tip).items()} for tip in TIPS}
    assert figures["three_worms"]["worm"] > figures["three_worms"]["five"]
    assert figures["worms_early"]["worm"] > figures["worms_early"]["five"]
    # the two aims part ways on the first roll: the worms make a tile surer, the fives bring more
    assert figures["worms_early"]["five_worms"] > figures["worms_early"]["worm_worms"]
    assert figures["three_worms"]["worm_worms"] > figures["three_worms"]["five_worms"]
    assert figures["low_tile"]["roll"] < figures["low_tile"]["take"] == 1.0
    assert figures["low_tile"]["many"] > figures["low_tile"]["take_many"] == 1.0
    assert figures["low_tile"]["roll_success"] == pytest.approx(0.5)
    assert 0 < figures["neighbour"]["exactly"] < figures["neighbour"]["at_least"]
    # the published fresh-turn figures: exactly 30 is 13.564 %, at least 30 is 26.379 %
    assert figures["neighbour"]["exactly"] == pytest.approx(0.13564, abs=5e-5)


def test_seats_with_their_own_names_are_told_by_name_and_kept_safe() -> None:
    from pickomino.events import TookTile
    from pickomino.narrate import seat_label, seat_name, sentence

    names = ("Ana", "**Bo** <b>", "___")
    assert seat_name(0, "fr", names) == "Ana"
    assert seat_name(1, "en", names) == "Bo b"  # no Markdown or HTML from a typed name
    assert seat_label(2, "fr", names) == "Joueur 3"  # nothing left: the seat's number
    stolen = TookTile(player=0, tile=25, total=25, source=1, reason="steal")
    told = sentence(stolen, "en", None, names)
    assert "Ana" in told and "Bo b" in told
