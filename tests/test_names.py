"""The one rule of names: what a name may hold, and each place that takes one applying it alike.

A name reaches the app from a field (a seat on the Play page, a pupil joining a room), a record (a
link, a scenario file, a stored game) or the store. `pickomino.names` decides what it may hold;
these tests hold the hard cases (nothing, spaces, controls, a right-to-left override, zero-width
characters, very long names, emoji, scripts other than Latin) against the check, the filter, the
blank test and the look-alike key, and then against each place: a record, a history written as a
record, a room's nickname and a sentence naming a seat.
"""

from __future__ import annotations

import unicodedata

import pytest

from pickomino.game import Table
from pickomino.history import History
from pickomino.names import (
    LOOKALIKES,
    NAME_CHARS,
    TYPED_CHARS,
    blank,
    name_fault,
    name_key,
    normal_name,
    safe_name,
)
from pickomino.narrate import seat_label, seat_name
from pickomino.rooms import RoomError, nickname
from pickomino.scenario import ScenarioError, parse, scenario_json

RLO = "\u202e"

HARD = {
    # typed: (what the check finds, what the filter keeps, blank)
    "": ("short", "", True),
    "   ": ("short", "", True),
    "\u3000\u00a0 ": ("short", "", True),  # ideographic and no-break spaces
    "\t\n": ("chars", "", True),
    "Ana\x00Lou": ("chars", "AnaLou", False),
    "\x07\x1b[31mAna": ("chars", "31mAna", False),  # a terminal's colour code
    f"{RLO}anA": ("hidden", "anA", False),
    RLO: ("hidden", "", True),
    "Ana\u2066Lou\u2069": ("hidden", "AnaLou", False),  # an isolate around a word
    "\u200b\u200b": ("hidden", "", True),  # zero-width spaces
    "\u3164": ("hidden", "", True),  # the Hangul filler
    "A" * 10_000: ("long", "A" * NAME_CHARS, False),
    "A" * TYPED_CHARS + " ": ("long", "A" * NAME_CHARS, False),
    "Ana 😀": ("chars", "Ana", False),
    "😀😀": ("chars", "", False),  # shows, though no name is left to show
    "Zoë👍🏽": ("chars", "Zoë", False),
    "[[": ("chars", "", False),
    "李小龍": (None, "李小龍", False),
    "山田 太郎": (None, "山田 太郎", False),
    "李": ("short", "李", False),  # one letter: a name has MIN_NAME
    "محمد": (None, "محمد", False),  # right-to-left scripts are letters, not overrides
    "עברית": (None, "עברית", False),
    "Ｌｉ": (None, "Li", False),  # fullwidth, in its normal form
}


@pytest.mark.parametrize(("typed", "expected"), HARD.items(), ids=ascii)
def test_a_hard_name_is_checked_filtered_and_found_blank_as_it_reads(
    typed: str, expected: tuple[str | None, str, bool]
) -> None:
    assert (name_fault(typed), safe_name(typed), blank(typed)) == expected


@pytest.mark.parametrize("typed", HARD, ids=ascii)
def test_the_rules_agree_on_every_hard_name(typed: str) -> None:
    kept = safe_name(typed)
    assert name_fault(kept) in (None, "short")  # the filter keeps only what the check accepts
    assert len(kept) <= NAME_CHARS
    assert safe_name(kept) == kept  # filtered once is filtered
    if blank(typed):
        assert kept == ""  # a name drawn as nothing shows nothing once filtered either
    if name_fault(typed) is None:
        assert kept == normal_name(typed)  # a name that passes is shown as it is written
        assert name_key(kept) == name_key(typed)


@pytest.mark.parametrize("typed", HARD, ids=ascii)
def test_a_nickname_is_refused_exactly_when_the_check_finds_a_fault(typed: str) -> None:
    if name_fault(typed) is None:
        assert nickname(typed) == safe_name(typed)
    else:
        with pytest.raises(RoomError):
            nickname(typed)


@pytest.mark.parametrize("name", [n for n in HARD if blank(n)], ids=ascii)
def test_a_record_refuses_a_name_drawn_as_nothing(name: str) -> None:
    with pytest.raises(ScenarioError, match=r"key 'names': .* is not a name") as refused:
        parse({"players": 2, "names": ["Ann", name]})
    assert refused.value.code == "not_a_name"


@pytest.mark.parametrize("name", [n for n in HARD if not blank(n)], ids=ascii)
def test_a_record_keeps_any_other_name_as_written(name: str) -> None:
    assert parse({"players": 2, "names": ["Ann", name]}).names == ("Ann", name)


def test_a_history_writes_its_names_into_a_record_only_when_none_is_blank() -> None:
    table = Table.new(2)
    named = History.begin(table, 0, ("Ana", "Bo")).record()
    assert named.names == ("Ana", "Bo")
    for unnamed in ("", " ", RLO, "\u200b", "\u3164"):
        written = History.begin(table, 0, ("Ana", unnamed)).record()
        assert written.names is None
        assert parse(scenario_json(written)).names is None  # the record reads back


def test_a_seat_is_called_by_what_its_name_shows_or_by_its_number() -> None:
    assert seat_name(1, "en", ("Ana", "Bo 😀")) == "Bo"
    assert seat_name(1, "en", ("Ana", f"{RLO}oB")) == "oB"
    for nothing in ("", "   ", RLO, "\u3164", "😀😀", "[["):
        assert seat_name(1, "en", ("Ana", nothing)) == "Player 2"
        assert seat_label(1, "fr", ("Ana", nothing)) == "Joueur 2"


def test_a_player_name_keeps_letters_of_any_script_and_nothing_that_formats() -> None:
    assert safe_name("Anne-Marie O'Neil") == "Anne-Marie O'Neil"
    assert safe_name("Zoë Ωμέγα हिन्दी 李") == "Zoë Ωμέγα हिन्दी 李"  # marks (virama) kept
    assert safe_name("**Bo** <b>[x](y)") == "Bo bxy"
    assert safe_name(f"Ana{RLO}\u200d") == "Ana"
    assert safe_name("x" * 50) == "x" * NAME_CHARS
    assert safe_name("___") == ""


REAL_NAMES = [
    "Zoé",
    "Ana-Lou",
    "Jan de Vries",
    "Ben.K",
    "O'Neil",
    "Anne-Marie O’Neil",
    "François",
    "Zoë Ωμέγα हिन्दी 李",
    "Nguyễn Thị",
    "ที่ดี",  # Thai: two marks on one letter
    "Дмитрий",
    "Jo 2",
]
HOSTILE_NAMES = {
    "\u3164\u3164\u3164": "hidden",  # Hangul fillers
    "\u115fAna": "hidden",
    "Ana\uffa0": "hidden",
    "An\u200ba": "hidden",
    "Ana\u2060": "hidden",
    "\u2800\u2800Ana": "hidden",  # braille blanks
    "Ana\u034f": "hidden",  # combining grapheme joiner
    "Z\u0338\u0322\u031bo\u0336\u0321e\u0337\u031b": "stacked",
    "Ana \u0301\u0301": "stacked",  # marks on a space
    "A" * (NAME_CHARS + 1): "long",
    "A" * 200: "long",
    "e" + "\u0301" * 100: "long",
    "**Bo**": "chars",
    "Ana\tLou": "chars",
    "x": "short",
    "'-.": "short",
}


@pytest.mark.parametrize("name", REAL_NAMES)
def test_a_real_name_passes_the_check_and_the_filter_unchanged(name: str) -> None:
    assert name_fault(name) is None
    assert normal_name(name) == name
    assert safe_name(name) == name


@pytest.mark.parametrize(("name", "fault"), HOSTILE_NAMES.items())
def test_a_hostile_name_is_refused_for_what_is_wrong_and_filtered_to_what_is_right(
    name: str, fault: str
) -> None:
    assert name_fault(name) == fault
    kept = safe_name(name)
    assert name_fault(kept) in (None, "short")  # the filter keeps only what the check accepts
    assert len(kept) <= NAME_CHARS


def test_a_name_is_written_in_its_normal_form_before_it_is_checked() -> None:
    assert normal_name("Ａｎａ") == "Ana"  # fullwidth
    assert normal_name("𝐀𝐧𝐚") == "Ana"  # mathematical bold
    assert normal_name("Zoe\u0301") == "Zoé" == unicodedata.normalize("NFC", "Zoé")
    assert normal_name("  Ana\u00a0\u3000 Lou ") == "Ana Lou"
    assert name_fault("e" + "\u0301\u0301") == "short"  # é and one more mark: one letter
    assert name_fault("Ａｎａ") is None


@pytest.mark.parametrize(
    ("name", "twin"),
    [
        ("Ana", "\u0410na"),  # Cyrillic capital A
        ("Ana", "An\u0430"),  # Cyrillic small a
        ("Ana", "\u0391n\u03b1"),  # Greek capital alpha, small alpha
        ("Ana", "Ａｎａ"),
        ("Ana", "ANA"),
        ("Zoé", "Zoe"),
        ("Zoé", "ZOË"),
        ("O'Neil", "O’Neil"),
        ("Pepe", "\u0420\u0435\u0440\u0435"),  # all Cyrillic
        ("Kyo", "\u039a\u0443\u03bf"),  # Greek K, Cyrillic y, Greek o
    ],
)
def test_names_that_look_alike_have_one_key(name: str, twin: str) -> None:
    assert name_key(name) == name_key(twin)


@pytest.mark.parametrize(
    ("name", "other"),
    [("Ana", "Anna"), ("Lia", "Ila"), ("Ana Lou", "Ana-Lou"), ("Ben", "\u0432en"), ("Ida", "Lda")],
)
def test_names_that_look_different_have_different_keys(name: str, other: str) -> None:
    assert name_key(name) != name_key(other)


def test_every_look_alike_is_a_letter_or_the_apostrophe_read_as_its_ascii_twin() -> None:
    for source, target in LOOKALIKES.items():
        char = chr(source)
        assert isinstance(target, int) and chr(target).isascii()
        assert unicodedata.name(char).split()[0] in ("CYRILLIC", "GREEK", "LATIN", "RIGHT")
        assert not char.isascii()
        assert unicodedata.category(chr(target)) in ("Lu", "Ll", "Po")
